//! Running the real binary as an operator does: content edits picked up without a restart (and a
//! broken edit refused while the site keeps serving), SIGHUP, Prometheus metrics on their own
//! listener, and JSON log lines.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::binary::{free_port, Server};
use common::fixture_copy;

/// How long an edit may take to reach visitors: the watch's debounce, a reload, and a pre-render of
/// every page on two cores.
const PICKED_UP_WITHIN: Duration = Duration::from_secs(15);

fn start(name: &str, content: Option<&Path>, metrics_port: u16, extra: &[(&str, &str)]) -> Server {
    Server::start(name, |command, port| {
        command
            .env("PORT", port.to_string())
            .env("HOST", "127.0.0.1")
            .env("LOG_LEVEL", "info")
            .env("METRICS_ADDR", format!("127.0.0.1:{metrics_port}"));
        if let Some(dir) = content {
            command.env("CONTENT_DIR", dir);
        }
        for (name, value) in extra {
            command.env(name, value);
        }
    })
}

async fn text(url: &str) -> (u16, String) {
    let response = reqwest::get(url).await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// Polls `url` until its body satisfies `done`, for at most `PICKED_UP_WITHIN`; returns the time taken.
async fn until(url: &str, what: &str, done: impl Fn(&str) -> bool) -> Duration {
    let start = Instant::now();
    loop {
        if done(&text(url).await.1) {
            return start.elapsed();
        }
        assert!(start.elapsed() < PICKED_UP_WITHIN, "{what}: not seen at {url} within {PICKED_UP_WITHIN:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The samples of a Prometheus text exposition, by series (name and labels as written); fails on
/// any line that is neither a comment nor `series value`.
fn samples(exposition: &str) -> HashMap<String, f64> {
    exposition
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("not a sample: {line}"));
            let name_end = series.find('{').unwrap_or(series.len());
            assert!(
                series[..name_end].chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
                "bad metric name: {line}"
            );
            (series.to_owned(), value.parse().unwrap_or_else(|_| panic!("bad value: {line}")))
        })
        .collect()
}

fn sample(samples: &HashMap<String, f64>, series: &str) -> f64 {
    *samples.get(series).unwrap_or_else(|| panic!("no {series} in {samples:#?}"))
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

#[tokio::test]
async fn content_edits_reach_the_running_server_and_a_broken_edit_changes_nothing() {
    let content = fixture_copy("live-edit");
    let metrics_port = free_port();
    let server = start("live-edit-run", Some(&content), metrics_port, &[]);
    let metrics = format!("http://127.0.0.1:{metrics_port}/metrics");
    let about = server.url("/about");
    let readyz = server.url("/readyz");
    let version = |body: &str| body.lines().nth(1).unwrap().to_owned();
    let first_version = version(&text(&readyz).await.1);

    // Visitors keep asking throughout; every answer must be a whole page.
    let stop = Arc::new(AtomicBool::new(false));
    let visitors: Vec<_> = ["/about", "/", "/blogs?page=2", "/_data/about", "/hi/about"]
        .into_iter()
        .map(|path| {
            let (url, stop) = (server.url(path), Arc::clone(&stop));
            tokio::spawn(async move {
                let client = reqwest::Client::new();
                let mut answers = 0;
                while !stop.load(Ordering::Relaxed) {
                    let response = client.get(&url).send().await.unwrap();
                    assert!(response.status().is_success(), "{url}: {}", response.status());
                    let body = response.text().await.unwrap();
                    assert!(body.ends_with("</html>") || body.ends_with('}'), "{url}: a partial answer");
                    answers += 1;
                }
                answers
            })
        })
        .collect();

    // A valid edit: the new title is served, and the version moves on.
    let file = content.join("about.toml");
    edit(&file, "[hero]\ntitle = \"About Us\"", "[hero]\ntitle = \"About Our Clinic\"");
    let took = until(&about, "the edited title", |html| html.contains("<h1>About Our Clinic</h1>")).await;
    println!("a title edit reached visitors in {took:?}");
    let (status, body) = text(&readyz).await;
    assert_eq!((status, body.lines().count()), (200, 2), "{body}");
    let second_version = version(&body);
    assert_ne!(second_version, first_version);

    // A broken edit: the last good pages stay, and /readyz and the metrics say what is wrong.
    edit(&file, "title = \"About Our Clinic\"", "title = ");
    until(&readyz, "the refused reload", |body| body.contains("content reload failed")).await;
    let (status, body) = text(&readyz).await;
    assert_eq!(status, 200, "still ready: the last good content is served");
    assert!(body.contains(&second_version) && body.contains("about.toml"), "{body}");
    assert!(text(&about).await.1.contains("<h1>About Our Clinic</h1>"));
    assert!(server.log().contains("content reload refused"), "{}", server.log());
    let scraped = samples(&text(&metrics).await.1);
    assert_eq!(sample(&scraped, "clinic_content_reload_failing"), 1.0);
    assert_eq!(sample(&scraped, "clinic_content_reloads_total{result=\"failed\"}"), 1.0);
    assert_eq!(sample(&scraped, &format!("clinic_content_version_info{{version=\"{}\"}}", &second_version[16..])), 1.0);

    // The next valid save is picked up.
    edit(&file, "title = \n", "title = \"About the Clinic\"\n");
    until(&about, "the fixed title", |html| html.contains("<h1>About the Clinic</h1>")).await;
    let (status, body) = text(&readyz).await;
    assert_eq!(status, 200);
    assert!(!body.contains("failed"), "{body}");
    let scraped = samples(&text(&metrics).await.1);
    assert_eq!(sample(&scraped, "clinic_content_reload_failing"), 0.0);
    assert_eq!(sample(&scraped, "clinic_content_reloads_total{result=\"ok\"}"), 2.0);
    assert_eq!(sample(&scraped, "clinic_pages_past_review"), 0.0);

    // An article last reviewed more than five years ago (the fixture's interval): still served, with its
    // dates, and the operator is told in /readyz, the metrics and the log.
    for twin in ["blog/insomnia.toml", "hi/blog/insomnia.toml"] {
        edit(&content.join(twin), "lastReviewed = \"2026-01-10\"", "lastReviewed = \"2020-01-15\"");
    }
    let line = "  /blog/insomnia (blog/insomnia.toml) was due for review on 2025-01-15";
    until(&readyz, "the overdue review", |body| body.contains(line)).await;
    assert!(text(&readyz).await.1.contains("clinical pages past their review date: 2\n"), "both languages");
    let (status, html) = text(&server.url("/blog/insomnia")).await;
    assert!(status == 200 && html.contains("<time dateTime=\"2025-01-15\">15 January 2025</time>"), "{html}");
    assert_eq!(sample(&samples(&text(&metrics).await.1), "clinic_pages_past_review"), 2.0);
    assert!(server.log().contains("/blog/insomnia is past its review date"), "{}", server.log());

    stop.store(true, Ordering::Relaxed);
    for visitor in visitors {
        assert!(visitor.await.unwrap() > 0);
    }
}

#[tokio::test]
async fn sighup_reloads_the_content() {
    let metrics_port = free_port();
    let server = start("sighup", None, metrics_port, &[]);
    let sent = std::process::Command::new("kill").arg("-HUP").arg(server.pid().to_string()).status().unwrap();
    assert!(sent.success());
    let start = Instant::now();
    while !server.log().contains("reloading the content reason=\"SIGHUP\"") {
        assert!(start.elapsed() < PICKED_UP_WITHIN, "{}", server.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The embedded content has not changed: nothing to rebuild, and the reload counts as good.
    let metrics = format!("http://127.0.0.1:{metrics_port}/metrics");
    until(&metrics, "the counted reload", |body| body.contains("clinic_content_reloads_total{result=\"ok\"} 1")).await;
    assert_eq!(text(&server.url("/")).await.0, 200);
}

#[tokio::test]
async fn metrics_are_served_in_prometheus_text_on_their_own_listener() {
    let metrics_port = free_port();
    let server = start("metrics", None, metrics_port, &[]);
    for path in ["/", "/", "/about", "/nope", "/_data/about", "/blogs?q=sleep", "/healthz", "/sw.js", "/sitemap.xml"] {
        reqwest::get(server.url(path)).await.unwrap();
    }
    let response = reqwest::get(format!("http://127.0.0.1:{metrics_port}/metrics")).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    let body = response.text().await.unwrap();
    let scraped = samples(&body);
    for kind in ["counter", "histogram", "gauge"] {
        assert!(body.contains(&format!(" {kind}\n")), "no # TYPE {kind}");
    }
    assert_eq!(sample(&scraped, r#"http_requests_total{kind="page",status="200"}"#), 4.0);
    assert_eq!(sample(&scraped, r#"http_requests_total{kind="page",status="404"}"#), 1.0);
    assert_eq!(sample(&scraped, r#"http_requests_total{kind="data",status="200"}"#), 1.0);
    assert_eq!(sample(&scraped, r#"http_request_duration_seconds_count{kind="page"}"#), 5.0);
    // Each route's label comes from the route table: the service worker is a site file, not a page.
    assert_eq!(sample(&scraped, r#"http_requests_total{kind="site_file",status="200"}"#), 2.0);
    // (`/healthz`, and the `/readyz` polls that waited for the server to be ready.)
    assert!(sample(&scraped, r#"http_requests_total{kind="health",status="200"}"#) >= 1.0);
    // Every page is pre-rendered, so the visits are answered from the cache but the new search; every
    // page rendered is kept (the search among them).
    assert_eq!(sample(&scraped, r#"clinic_pages_total{source="cached"}"#), 4.0);
    let pages = sample(&scraped, "clinic_pages_cached");
    assert_eq!(sample(&scraped, r#"clinic_pages_total{source="rendered"}"#), pages);
    assert_eq!(sample(&scraped, "clinic_render_duration_seconds_count"), pages);
    assert_eq!(sample(&scraped, "clinic_render_queue_depth"), 0.0);
    assert_eq!(sample(&scraped, "clinic_renders_in_flight"), 0.0);
    assert_eq!(sample(&scraped, r#"clinic_connections{state="stalled"}"#), 0.0);
    assert!(sample(&scraped, r#"clinic_connections{state="waiting"}"#) >= 0.0, "exported");
    assert_eq!(sample(&scraped, "clinic_ready"), 1.0);
    assert!(sample(&scraped, "clinic_snapshot_build_seconds") > 0.0);
    assert_eq!(sample(&scraped, &format!("clinic_build_info{{version=\"{}\"}}", env!("CARGO_PKG_VERSION"))), 1.0);
    let version = text(&server.url("/readyz")).await.1.lines().nth(1).unwrap().replace("content version ", "");
    assert_eq!(sample(&scraped, &format!("clinic_content_version_info{{version=\"{version}\"}}")), 1.0);
    // Not on the public port.
    assert_eq!(text(&server.url("/metrics")).await.0, 404);
}

#[tokio::test]
async fn searches_abandoned_mid_render_leave_no_flight_behind() {
    use tokio::io::AsyncWriteExt;
    let metrics_port = free_port();
    let server = start("abandoned", None, metrics_port, &[]);
    let metrics = format!("http://127.0.0.1:{metrics_port}/metrics");
    let rendered = |body: &str| sample(&samples(body), r#"clinic_pages_total{source="rendered"}"#);
    let before = rendered(&text(&metrics).await.1);
    // Each client asks for a new search and leaves while its page is queued or being rendered (a
    // client that closes at once is never served: hyper sees the close with the request).
    let mut clients = Vec::new();
    for i in 0..40 {
        let mut client = tokio::net::TcpStream::connect(("127.0.0.1", server.port())).await.unwrap();
        let request = format!("GET /blogs?q=abandoned+search+{i} HTTP/1.1\r\nHost: clinic.test\r\n\r\n");
        client.write_all(request.as_bytes()).await.unwrap();
        clients.push(client);
    }
    // The clients leave once the server has read every request and each has missed the cache (counted as
    // rendered before its render is queued), not after a guess at how long that takes.
    until(&metrics, "every search taken up", |body| rendered(body) == before + 40.0).await;
    drop(clients);
    // Once the renders they started have drained from the queue, no flight (nor its search text) is left.
    until(&metrics, "no flight left", |body| {
        let scraped = samples(body);
        sample(&scraped, "clinic_render_queue_depth") == 0.0 && sample(&scraped, "clinic_renders_in_flight") == 0.0
    })
    .await;
    assert_eq!(rendered(&text(&metrics).await.1), before + 40.0, "one render started for each abandoned search");
}

#[tokio::test]
async fn log_format_json_writes_one_object_per_line() {
    let server = start("json-log", None, free_port(), &[("LOG_FORMAT", "json")]);
    reqwest::get(server.url("/about")).await.unwrap();
    let (_, log) = server.terminate();
    let lines: Vec<serde_json::Value> =
        log.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))).collect();
    assert!(lines.iter().any(|l| l["message"] == "listening" && l["level"] == "INFO"), "{log}");
    assert!(lines.iter().any(|l| l["path"] == "/about" && l["status"] == 200), "{log}");
}
