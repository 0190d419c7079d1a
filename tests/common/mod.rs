//! Builds the app in-process for router tests: the test fixture's content (or the shipped content, for
//! the tests about it) and the real SSR bundle, a settable clock; temporary folders and copies of the
//! content. `binary` starts the real binary as a process and `html` queries parsed pages.

#![allow(dead_code)] // each test file uses a different part of this module

pub mod binary;
pub mod html;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response};
use chrono::{DateTime, NaiveDate, Utc};
use clinic_site::app::Settings;
use clinic_site::base::Clock;
use clinic_site::content::{ContentSource, Editions};
use clinic_site::embedded::SSR_BUNDLE;
use clinic_site::ssr::{Engine, EngineLimits, PoolConfig, RenderPool, RendererFactory};
use clinic_site::AppState;
use http_body_util::BodyExt;
use tower::ServiceExt;

pub const SITE_URL: &str = "http://clinic.test";

pub struct FixedClock(pub Mutex<NaiveDate>);

/// Noon at the clinic on the date it holds.
impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        clinic_site::base::local_noon(*self.0.lock().unwrap())
    }
}

pub fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// The shipped content (`content/`, embedded in the binary), both editions: for the tests about it.
pub fn shipped() -> Editions {
    Editions::load(ContentSource::Embedded).expect("the embedded content is valid")
}

/// The test fixture (`tests/fixtures/content`): a small clinic in the format of `content/`, for the tests
/// of the code, so that they pass whatever the shipped content says.
pub const FIXTURE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/content");

pub fn fixture() -> Editions {
    Editions::load(ContentSource::Dir(FIXTURE_DIR.into())).expect("the fixture content is valid")
}

/// The site's engine (V8) running the real bundle.
pub fn engine() -> RendererFactory {
    Engine::V8.factory(SSR_BUNDLE, EngineLimits { deadline: Duration::from_secs(5), memory_bytes: 128 << 20 })
}

/// The app serving the fixture.
pub fn state_with(factory: RendererFactory, pool: PoolConfig, cache: bool, clock: Arc<FixedClock>) -> Arc<AppState> {
    state_of(fixture(), factory, pool, cache, clock)
}

/// The app serving `content`: the shipped content, or a copy a test has changed.
pub fn state_of(
    content: Editions,
    factory: RendererFactory,
    pool: PoolConfig,
    cache: bool,
    clock: Arc<dyn Clock>,
) -> Arc<AppState> {
    let pool = RenderPool::start(pool, factory).unwrap();
    let settings =
        Settings { render_cache: cache, ..Settings::for_site(clinic_site::base::Origin::parse(SITE_URL).unwrap()) };
    Arc::new(AppState::new(content, pool, settings, clock))
}

/// The app serving the fixture on 2026-11-22, with its pages pre-rendered.
pub async fn ready_state() -> Arc<AppState> {
    ready(fixture()).await
}

/// The app serving the shipped content on 2026-11-22, with its pages pre-rendered.
pub async fn shipped_state() -> Arc<AppState> {
    ready(shipped()).await
}

async fn ready(content: Editions) -> Arc<AppState> {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let state = state_of(content, engine(), PoolConfig { workers: 2, queue: 64 }, true, clock);
    assert!(state.site.prerender_all().await.is_empty());
    state
}

/// Sends a request through the app, with the Host header that every HTTP/1.1 request carries.
pub async fn send(state: &Arc<AppState>, mut request: Request<Body>) -> Response<Body> {
    request.headers_mut().entry(header::HOST).or_insert(HeaderValue::from_static("clinic.test"));
    clinic_site::router(Arc::clone(state)).oneshot(request).await.unwrap()
}

pub async fn get(state: &Arc<AppState>, path: &str) -> Response<Body> {
    send(state, Request::get(path).body(Body::empty()).unwrap()).await
}

pub async fn body_bytes(response: Response<Body>) -> Vec<u8> {
    response.into_body().collect().await.unwrap().to_bytes().to_vec()
}

pub async fn body_text(response: Response<Body>) -> String {
    String::from_utf8(body_bytes(response).await).unwrap()
}

/// HTML without the empty comments React puts between adjacent text nodes ("8<!-- --> min read").
pub async fn page_text(response: Response<Body>) -> String {
    body_text(response).await.replace("<!-- -->", "")
}

/// The route data a page was rendered with, as embedded in its document.
pub fn embedded_data(html: &str) -> serde_json::Value {
    let start = html.find(r#"<script type="application/json" id="route-data">"#).expect("route data script") + 48;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

pub fn header<'a>(response: &'a Response<Body>, name: &str) -> &'a str {
    response.headers().get(name).map(|v| v.to_str().unwrap()).unwrap_or("")
}

/// The headers every response carries (`http::security`), and no version banner.
pub fn assert_security_headers(response: &Response<Body>, what: &str) {
    let policy = header(response, "content-security-policy");
    assert!(policy.starts_with("default-src 'self'; script-src 'self'; "), "{what}: CSP is {policy:?}");
    assert!(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "{what}: {policy}");
    assert_eq!(header(response, "x-content-type-options"), "nosniff", "{what}");
    assert_eq!(header(response, "referrer-policy"), "strict-origin-when-cross-origin", "{what}");
    let permissions = header(response, "permissions-policy");
    for feature in ["camera=()", "microphone=()", "geolocation=()"] {
        assert!(permissions.contains(feature), "{what}: {feature} missing from {permissions:?}");
    }
    assert_eq!(header(response, "cross-origin-opener-policy"), "same-origin", "{what}");
    assert_eq!(header(response, "cross-origin-resource-policy"), "same-origin", "{what}");
    assert!(!response.headers().contains_key("server") && !response.headers().contains_key("x-powered-by"));
}

/// The shipped content folder (the binary embeds it; `CONTENT_DIR` can point the binary at a copy).
pub const CONTENT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/content");

/// An empty folder of its own under the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// `name` says which test it is for; a counter keeps folders apart within one test binary, the
    /// process id between test binaries.
    pub fn new(name: &str) -> Self {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("clinic-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A copy of the shipped content in a temporary folder, for a test that edits it.
pub fn shipped_copy(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    copy_dir(Path::new(CONTENT_DIR), &dir);
    dir
}

/// A copy of the fixture in a temporary folder, for a test that edits it.
pub fn fixture_copy(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    copy_dir(Path::new(FIXTURE_DIR), &dir);
    dir
}

/// Copies a folder recursively (the content, for a test that edits its own copy).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
