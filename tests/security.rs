//! Security headers on every kind of response, and a Content-Security-Policy that allows every inline
//! script and style the pages contain, driven in-process with the real SSR bundle: the pages of the shipped
//! content (with the build's image copies), the rest with the test fixture's.

mod common;

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use clinic_site::app::Settings;
use clinic_site::http::limits::{MAX_PATH_BYTES, MAX_QUERY_PARAMS};
use clinic_site::http::sha256_base64;
use clinic_site::pages::error_document;
use clinic_site::ssr::PoolConfig;
use clinic_site::AppState;
use common::html::{select, text};
use common::*;
use scraper::Html;

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let state = ready_state().await;
    let etag = header(&get(&state, "/").await, "etag").to_owned();
    let request = |method: &str, uri: &str, body: &'static str| {
        Request::builder().method(method).uri(uri).body(Body::from(body)).unwrap()
    };
    let long_path = format!("/{}", "a".repeat(MAX_PATH_BYTES));
    let many_params = format!("/blogs?{}", vec!["a=1"; MAX_QUERY_PARAMS + 1].join("&"));
    let cases = [
        ("page", request("GET", "/", ""), StatusCode::OK),
        (
            "revalidated page",
            Request::get("/").header("if-none-match", etag).body(Body::empty()).unwrap(),
            StatusCode::NOT_MODIFIED,
        ),
        ("not-found page", request("GET", "/no/such/page", ""), StatusCode::NOT_FOUND),
        ("redirect", request("GET", "/about/", ""), StatusCode::MOVED_PERMANENTLY),
        ("route data", request("GET", "/_data/about", ""), StatusCode::OK),
        ("asset", request("GET", &state.site.renderer().manifest().entry[0], ""), StatusCode::OK),
        ("missing asset", request("GET", "/assets/missing.js", ""), StatusCode::NOT_FOUND),
        ("image", request("GET", &state.site.snapshot().content.en.site.logo.src, ""), StatusCode::OK),
        ("sitemap", request("GET", "/sitemap.xml", ""), StatusCode::OK),
        ("health", request("GET", "/healthz", ""), StatusCode::OK),
        ("method", request("POST", "/", ""), StatusCode::METHOD_NOT_ALLOWED),
        ("body", request("GET", "/", "x"), StatusCode::PAYLOAD_TOO_LARGE),
        ("long path", request("GET", &long_path, ""), StatusCode::URI_TOO_LONG),
        ("many parameters", request("GET", &many_params, ""), StatusCode::BAD_REQUEST),
    ];
    for (what, request, status) in cases {
        let response = send(&state, request).await;
        assert_eq!(response.status(), status, "{what}");
        assert_security_headers(&response, what);
        // SITE_URL is plain http here: no HSTS (tests/binary.rs checks it with an https SITE_URL).
        assert_eq!(header(&response, "strict-transport-security"), "", "{what}");
    }
}

/// The values of one directive of a policy, e.g. `'self' 'sha256-…'`.
fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
    policy.split(';').map(str::trim).find_map(|d| d.strip_prefix(name)).unwrap_or_else(|| panic!("no {name}")).trim()
}

#[tokio::test]
async fn the_policy_allows_all_inline_code_in_the_pages_and_the_pages_need_no_more() {
    let state = shipped_state().await;
    let policy = header(&get(&state, "/").await, "content-security-policy").to_owned();
    let (script_src, style_src) = (directive(&policy, "script-src"), directive(&policy, "style-src"));

    let mut documents = Vec::new();
    let snapshot = state.site.snapshot();
    let paths = snapshot.routes.all().map(|(path, _)| path.to_owned()).chain(["/nope".into(), "/blogs?page=2".into()]);
    for path in paths.collect::<Vec<_>>() {
        documents.push((path.clone(), body_text(get(&state, &path).await).await));
    }
    documents.push(("error page".into(), error_document(&state.site.snapshot().content.en, "Heading", "Message")));

    let mut blocked = Vec::new();
    for (path, html) in &documents {
        let document = Html::parse_document(html);
        for script in select(&document, "script:not([src])") {
            // Data blocks never run, so CSP does not apply to them.
            if matches!(script.value().attr("type"), Some("application/json" | "application/ld+json")) {
                continue;
            }
            let hash = format!("'sha256-{}'", sha256_base64(&text(script)));
            if !script_src.split(' ').any(|source| source == hash) {
                blocked.push(format!("{path}: an inline script, hash {hash}"));
            }
        }
        for style in select(&document, "style") {
            let hash = format!("'sha256-{}'", sha256_base64(&text(style)));
            if !style_src.split(' ').any(|source| source == hash) {
                blocked.push(format!("{path}: a <style> element, hash {hash}"));
            }
        }
        for element in select(&document, "*") {
            for (name, value) in element.value().attrs() {
                let inline = name == "style" || name.starts_with("on") || value.trim_start().starts_with("javascript:");
                if inline {
                    blocked.push(format!("{path}: <{} {name}=\"{value}\">", element.value().name()));
                }
            }
        }
    }
    assert!(
        blocked.is_empty(),
        "the Content-Security-Policy blocks this inline code; give the element a class (styles) or hash it in \
         http::security (scripts):\n{}",
        blocked.join("\n")
    );
}

#[tokio::test]
async fn behind_a_tls_proxy_a_request_received_over_http_is_sent_to_https() {
    let https = |site_url: &str| {
        let pool = clinic_site::ssr::RenderPool::start(PoolConfig { workers: 1, queue: 8 }, engine()).unwrap();
        Arc::new(AppState::new(
            fixture(),
            pool,
            Settings::for_site(clinic_site::base::Origin::parse(site_url).unwrap()),
            Arc::new(FixedClock(Mutex::new(date(2026, 11, 22)))),
        ))
    };
    let forwarded = |proto: &str, target: &str| {
        Request::get(target).header("x-forwarded-proto", proto).body(Body::empty()).unwrap()
    };
    let state = https("https://clinic.example.org");
    for proto in ["http", "HTTP", "http, https"] {
        let response = send(&state, forwarded(proto, "/hi/blogs?q=sleep")).await;
        assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY, "{proto}");
        assert_eq!(header(&response, "location"), "https://clinic.example.org/hi/blogs?q=sleep");
        assert_security_headers(&response, "the upgrade redirect");
    }
    // A raw UTF-8 search (hyper lets it through) goes to a Location that is a URI, percent-encoded.
    let response = send(&state, forwarded("http", "/hi/blogs?q=नींद")).await;
    assert_eq!(
        header(&response, "location"),
        "https://clinic.example.org/hi/blogs?q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6"
    );
    // Over https, or with no word from a proxy, the page itself.
    assert_eq!(send(&state, forwarded("https", "/about")).await.status(), StatusCode::OK);
    assert_eq!(get(&state, "/about").await.status(), StatusCode::OK);
    // A site served over plain http has nothing to upgrade to.
    let plain = https("http://127.0.0.1:3000");
    assert_eq!(send(&plain, forwarded("http", "/about")).await.status(), StatusCode::OK);
}
