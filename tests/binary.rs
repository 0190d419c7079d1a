//! The real binary, started from an empty folder on a free loopback port (it embeds everything but the V8
//! engine, which it finds where the build put it).
//! CI runs this under `cargo test --release`, so it is the release binary.

mod common;

use std::process::Command;

use clinic_site::content::placeholders::in_use;
use clinic_site::ssr::v8::library;
use common::binary::{free_port, Server, BINARY};
use common::{fixture_copy, shipped};

#[tokio::test]
async fn the_binary_serves_the_site_from_an_empty_folder_and_stops_on_sigterm() {
    let server = Server::start("run", |command, port| {
        command
            .env("PORT", port.to_string())
            .env("HOST", "127.0.0.1")
            .env("SITE_URL", "https://clinic.example.org")
            .env("LOG_LEVEL", "info");
    });
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();

    assert_eq!(client.get(server.url("/healthz")).send().await.unwrap().status(), 200);

    let home = client.get(server.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200);
    assert_eq!(home.headers()["content-type"], "text/html; charset=utf-8");
    assert!(home.headers().contains_key("etag"));
    // SITE_URL is https, so HSTS is on by default, and with it the upgrade of insecure requests.
    assert_eq!(home.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
    let policy = home.headers()["content-security-policy"].to_str().unwrap();
    assert!(
        policy.starts_with("default-src 'self'; script-src 'self'; ")
            && policy.ends_with("; upgrade-insecure-requests")
    );
    let html = home.text().await.unwrap();
    assert!(html.contains(r#"<link rel="canonical" href="https://clinic.example.org/">"#));
    assert!(html.contains("Our Services"));
    assert!(html.contains("Frequently Asked Questions"));
    // The body font is preloaded, so it is there before first paint and the swap moves nothing.
    assert!(html.contains(r#"as="font" type="font/woff2" crossorigin>"#));

    let article = client.get(server.url("/blog/paranoia")).send().await.unwrap();
    assert_eq!(article.status(), 200);
    assert!(article.text().await.unwrap().contains("Related posts"));

    let missing = client.get(server.url("/does-not-exist")).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    assert!(missing.text().await.unwrap().contains("Oops! The page you are looking for does not exist."));

    let post = client.post(server.url("/")).send().await.unwrap();
    assert_eq!(post.status(), 405);
    assert_eq!(post.headers()["allow"], "GET, HEAD");

    let head = client.head(server.url("/blogs")).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.bytes().await.unwrap().len(), 0);

    let script = html.split(r#"<script type="module" src=""#).nth(1).unwrap().split('"').next().unwrap().to_owned();
    let asset = client.get(server.url(&script)).send().await.unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");

    let (status, log) = server.terminate();
    assert!(status.success(), "exit status after SIGTERM: {status}");
    // One log line per request, with its path and status.
    let blog_lines: Vec<&str> =
        log.lines().filter(|l| l.contains("path=/blogs ") && l.contains("status=200")).collect();
    assert_eq!(blog_lines.len(), 1, "log:\n{log}");
    assert!(log.contains("shutting down"));

    // SITE_URL is a public origin, so every placeholder still in the content is listed at start-up: one
    // line saying how many, then one per placeholder (none once the clinic's own details replace them,
    // README "Before going live"; tests/conformance.rs counts the shipped ones).
    let placeholders = in_use(&shipped());
    let warnings: Vec<&str> = log.lines().filter(|l| l.contains("WARN") && l.contains("placeholder")).collect();
    assert_eq!(warnings.len(), placeholders.len() + usize::from(!placeholders.is_empty()), "{log}");
    if let Some((first, each)) = warnings.split_first() {
        assert!(first.contains("the site is public but still shows placeholder content"), "{first}");
        assert!(first.contains(&format!("count={}", placeholders.len())), "{first}");
        for (placeholder, line) in placeholders.iter().zip(each) {
            let named = format!(r#"file="{}" field="{}""#, placeholder.file, placeholder.field);
            assert!(line.contains("placeholder still in use") && line.contains(&named), "{line} should name {named}");
        }
    }
}

/// Every setting the binary takes, from its one definition (`Config`): (variable, flag).
fn settings() -> Vec<(String, String)> {
    let command = <clinic_site::app::Config as clap::CommandFactory>::command();
    let settings: Vec<_> = command
        .get_arguments()
        .filter_map(|arg| Some((arg.get_env()?.to_str()?.to_owned(), format!("--{}", arg.get_long()?))))
        .collect();
    assert!(settings.len() >= 17, "every setting has a variable and a flag: {settings:?}");
    settings
}

#[test]
fn help_lists_every_setting() {
    let output = Command::new(BINARY).arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for (variable, flag) in settings() {
        assert!(help.contains(&format!("[env: {variable}")), "--help does not name {variable}");
        assert!(help.contains(&format!("{flag} <")) || help.contains(&format!("{flag}\n")), "--help lacks {flag}");
    }
}

#[test]
fn the_readme_describes_every_setting_and_no_other() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table: Vec<(String, String)> = readme
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let code = |cell: &str| Some(cell.strip_prefix('`')?.strip_suffix('`')?.to_owned());
            Some((code(cells.get(1)?)?, code(cells.get(2)?)?))
        })
        .filter(|(variable, flag)| flag.starts_with("--") && !variable.starts_with('-'))
        .collect();
    let mut documented = table.clone();
    let mut defined = settings();
    documented.sort();
    defined.sort();
    assert_eq!(documented, defined, "README's settings table against Config");
}

#[test]
fn bad_content_stops_start_up_with_an_error_naming_the_file_and_field() {
    let dir = fixture_copy("bad-content");
    let site = std::fs::read_to_string(dir.join("site.toml")).unwrap();
    std::fs::write(dir.join("site.toml"), site.replace("email", "e_mail")).unwrap();

    let output = Command::new(BINARY)
        .env("CONTENT_DIR", dir.path())
        .env("PORT", free_port().to_string())
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: 1 problem in the content:\n- site.toml: "), "{stderr}");
    assert!(!stderr.contains("backtrace"), "a message for a person, not a trace: {stderr}");
    assert!(stderr.contains("e_mail") || stderr.contains("email"), "{stderr}");
}

#[test]
fn an_engine_library_that_is_not_the_expected_one_stops_start_up_naming_the_file_and_the_version() {
    // The binary looks for the engine beside itself first: a copy with a file of that name beside it.
    let dir = common::TempDir::new("wrong-engine");
    let binary = dir.join("clinic-site");
    std::fs::copy(BINARY, &binary).unwrap();
    let library = dir.join(library::LIBRARY);
    std::fs::write(&library, "not a shared object").unwrap();

    let output = Command::new(&binary).env("PORT", free_port().to_string()).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: the SSR bundle failed to load in V8: "), "{stderr}");
    assert!(stderr.contains(&library.display().to_string()), "names the file: {stderr}");
    let expected = format!("mini-racer {}, V8 {}", library::PACKAGE_VERSION, library::V8_VERSION);
    assert!(stderr.contains(&expected), "names the version expected: {stderr}");
}

/// The container's premise: the runtime image holds only the binary, runs it from an empty folder
/// with an empty environment, and checks its health with the binary itself.
#[tokio::test]
async fn with_an_empty_environment_it_serves_every_route_and_checks_its_own_health() {
    let server = Server::start("bare", |command, port| {
        command.env_clear().args(["--port", &port.to_string()]);
    });
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();

    let healthcheck = |port: u16| {
        Command::new(BINARY).env_clear().args(["--port", &port.to_string(), "healthcheck"]).output().unwrap()
    };
    assert!(healthcheck(server.port()).status.success());
    let refused = healthcheck(free_port());
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).starts_with("unhealthy: cannot connect"));

    // Every canonical route, as the sitemap lists them (absolute from the default SITE_URL).
    let sitemap = client.get(server.url("/sitemap.xml")).send().await.unwrap().text().await.unwrap();
    let paths: Vec<&str> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|loc| loc.split("</loc>").next().unwrap().trim_start_matches("http://127.0.0.1:3000"))
        .collect();
    // In each language: home, about, appointment, contact, therapy & counselling, the blog list and the
    // services; the English articles and their Hindi twins (face-failures, written in Hindi, is listed once).
    let content = shipped();
    let listed = |c: &clinic_site::content::Content| {
        6 + c.services.len() + c.articles.iter().filter(|a| a.is_canonical()).count()
    };
    assert_eq!(paths.len(), content.iter().map(listed).sum::<usize>());
    for path in paths {
        let response = client.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
    }
    let (status, log) = server.terminate();
    assert!(status.success());
    // Served on this machine only (the default SITE_URL), the placeholders are no one's concern yet.
    assert!(!log.contains("placeholder"), "{log}");
}

#[test]
fn a_page_that_speaks_of_self_harm_without_the_helplines_stops_start_up() {
    let dir = fixture_copy("unsafe-content");
    let path = dir.join("services/neuropsychiatric-care.toml");
    let page = std::fs::read_to_string(&path).unwrap();
    let unsafe_answer = r#"answer = "For thoughts of self-harm, call 112 at once.""#;
    std::fs::write(&path, page.replacen(r#"answer = "About 45 minutes.""#, unsafe_answer, 1)).unwrap();

    let output =
        Command::new(BINARY).env("CONTENT_DIR", dir.path()).env("PORT", free_port().to_string()).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr.trim_end(),
        "error: 1 problem in the content:\n- services/neuropsychiatric-care.toml: faqs[0].answer: speaks of suicide or \
         self-harm, so this page must also give the emergency number 112 and Tele-MANAS 14416 (missing: 14416)"
    );
}
