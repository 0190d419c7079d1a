//! Renders that go wrong inside each real engine (V8 and QuickJS), seen through the router: a render that
//! throws, one that never ends and one that allocates without bound each get the error page, within
//! the deadline, from a worker that is then rebuilt; and content written to break out of the page
//! renders inert.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use clinic_site::content::{ContentSource, Editions};
use clinic_site::embedded::SSR_BUNDLE;
use clinic_site::ssr::{AppRender, Engine, EngineLimits, PoolConfig, RenderError, Renderer, RendererFactory};
use clinic_site::AppState;
use common::html::select;
use common::*;
use scraper::Html;
use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// The real SSR bundle with three pages made to misbehave; every other page renders as usual.
static FAULTY_BUNDLE: LazyLock<String> = LazyLock::new(|| {
    format!(
        r#"{SSR_BUNDLE}
(() => {{
  const render = globalThis.render;
  globalThis.render = (url, data) => {{
    if (url === "/about" || url === "/hi/about") throw new Error("injected fault");
    if (url === "/contact") for (;;) {{}}
    if (url === "/appointment") {{ const hoard = []; for (;;) hoard.push(new Array(100000).fill(url)); }}
    return render(url, data);
  }};
}})();"#
    )
});

/// The production deadline; a memory limit well above what the bundle needs to render a page.
const LIMITS: EngineLimits = EngineLimits { deadline: Duration::from_secs(2), memory_bytes: 64 << 20 };

/// Tells the test which URL each render starts, then lets the real engine render it.
struct Watched {
    engine: Box<dyn Renderer>,
    started: UnboundedSender<String>,
}

impl Renderer for Watched {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError> {
        let _ = self.started.send(url.to_owned());
        self.engine.render(url, data_json)
    }
}

struct Faulty {
    state: Arc<AppState>,
    /// Engines built so far: one at start, one more after each failed render.
    built: Arc<AtomicUsize>,
    started: UnboundedReceiver<String>,
}

/// One render worker running the faulty bundle in `engine`, without the render cache (every request renders).
fn faulty(engine: Engine, queue: usize) -> Faulty {
    let engines = engine.factory(FAULTY_BUNDLE.as_str(), LIMITS);
    let built = Arc::new(AtomicUsize::new(0));
    let (started_tx, started) = unbounded_channel();
    let counter = Arc::clone(&built);
    let factory: RendererFactory = Arc::new(move || {
        counter.fetch_add(1, Ordering::SeqCst);
        Ok(Box::new(Watched { engine: engines()?, started: started_tx.clone() }) as Box<dyn Renderer>)
    });
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    Faulty { state: state_with(factory, PoolConfig { workers: 1, queue }, false, clock), built, started }
}

/// The error page, with its status and headers.
async fn assert_error_page(response: axum::http::Response<axum::body::Body>, what: &str) {
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR, "{what}");
    assert_eq!(header(&response, "cache-control"), "no-store", "{what}");
    assert_security_headers(&response, what);
    let html = body_text(response).await;
    assert!(html.contains("Something went wrong"), "{what}");
    assert_helplines_first(&html, what);
}

/// 112 and Tele-MANAS 14416 as `tel:` links, before the clinic's own phones (which answer only in opening hours).
fn assert_helplines_first(html: &str, what: &str) {
    let at = |href: &str| html.find(href).unwrap_or_else(|| panic!("{what}: no {href}"));
    let (emergency, tele_manas, clinic) = (at("href=\"tel:112\""), at("href=\"tel:14416\""), at("href=\"tel:+91"));
    assert!(emergency < tele_manas && tele_manas < clinic, "{what}: {html}");
}

/// The home page as the real bundle renders it.
async fn assert_home_page(state: &Arc<AppState>) {
    let response = get(state, "/").await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = body_text(response).await;
    assert!(html.contains("Our Services") && html.contains("Frequently Asked Questions"));
}

async fn a_render_that_throws_gets_the_error_page_and_a_fresh_engine(engine: Engine) {
    let Faulty { state, built, .. } = faulty(engine, 8);
    match state.site.renderer().pool().render("/about", "{}".into()).await {
        Err(RenderError::Threw(message)) => assert!(message.contains("injected fault"), "{message}"),
        other => panic!("expected the injected exception, got {other:?}"),
    }
    assert_error_page(get(&state, "/about").await, "throwing render").await;
    // A Hindi page's error page is Hindi: the same words the server keeps for each language.
    let response = get(&state, "/hi/about").await;
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let html = body_text(response).await;
    let words = clinic_site::i18n::words(clinic_site::i18n::Lang::Hi);
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"hi\">"), "{html}");
    assert!(html.contains(&format!("<h1>{}</h1>", words.failed_heading)), "{html}");
    assert_helplines_first(&html, "Hindi error page");
    assert!(
        html.contains(&state.site.snapshot().content.hi.site.institute_name) && html.contains("<a href=\"/hi\">"),
        "{html}"
    );
    assert_home_page(&state).await;
    // Counted once the next render has run, since a worker answers first and rebuilds after.
    assert_eq!(built.load(Ordering::SeqCst), 4, "the engine is rebuilt after each failure");
}

async fn a_render_that_allocates_without_bound_runs_out_of_memory_and_gets_a_fresh_engine(engine: Engine) {
    let Faulty { state, built, .. } = faulty(engine, 8);
    assert!(matches!(
        state.site.renderer().pool().render("/appointment", "{}".into()).await,
        Err(RenderError::OutOfMemory)
    ));
    assert_error_page(get(&state, "/appointment").await, "greedy render").await;
    assert_home_page(&state).await;
    assert_eq!(built.load(Ordering::SeqCst), 3, "the engine is rebuilt after each failure");
}

async fn a_render_that_never_ends_is_stopped_at_its_deadline_while_the_full_queue_answers_503(engine: Engine) {
    // One worker and room for one waiting render.
    let Faulty { state, built, mut started } = faulty(engine, 1);
    let spawn_get = |path: &'static str| {
        let state = Arc::clone(&state);
        tokio::spawn(async move {
            let start = Instant::now();
            (get(&state, path).await, start.elapsed())
        })
    };
    let endless = spawn_get("/contact");
    assert_eq!(started.recv().await.unwrap(), "/contact");
    let waiting = spawn_get("/");
    // The test needs the second request queued while the endless render holds the worker, that is before
    // its deadline (the engine's own clock, which tokio's paused time cannot stop): an in-process request
    // takes microseconds to get there.
    let queued_by = Instant::now() + LIMITS.deadline;
    while state.site.renderer().pool().queued() < 1 {
        assert!(Instant::now() < queued_by, "the second request never reached the queue");
        tokio::task::yield_now().await;
    }

    let refused = get(&state, "/blogs").await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&refused, "retry-after"), "2");
    assert_security_headers(&refused, "busy page");
    let busy = body_text(refused).await;
    assert!(busy.contains("The website is busy right now"));
    assert_helplines_first(&busy, "busy page");

    // Stopped by the deadline, not before; how soon after depends on the machine's load, so the only upper
    // bound is one that fails a render the deadline never stopped (the loop never ends by itself).
    let stuck = LIMITS.deadline * 15;
    let (response, elapsed) =
        tokio::time::timeout(stuck, endless).await.expect("the endless render was never stopped").unwrap();
    assert!(elapsed >= LIMITS.deadline, "stopped after {elapsed:?}, before its deadline");
    assert_error_page(response, "endless render").await;

    // The waiting request is rendered normally by the rebuilt engine.
    let (response, _) = waiting.await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_text(response).await.contains("Our Services"));
    assert_eq!(built.load(Ordering::SeqCst), 2);
}

/// Each fault above, in each engine.
macro_rules! on_each_engine {
    ($($test:ident),* $(,)?) => {
        mod v8 {
            use super::*;
            $( #[tokio::test] async fn $test() { super::$test(Engine::V8).await } )*
        }
        mod quickjs {
            use super::*;
            $( #[tokio::test] async fn $test() { super::$test(Engine::QuickJs).await } )*
        }
    };
}

on_each_engine!(
    a_render_that_throws_gets_the_error_page_and_a_fresh_engine,
    a_render_that_allocates_without_bound_runs_out_of_memory_and_gets_a_fresh_engine,
    a_render_that_never_ends_is_stopped_at_its_deadline_while_the_full_queue_answers_503,
);

/// An article title written to close the script element the page data lives in, with U+2028
/// (a line terminator in older JavaScript) in the middle.
const HOSTILE_TITLE: &str = "Paranoia</script><script>alert(1)</script>\u{2028}<!--";

/// A copy of the content in which one article's title and description are `HOSTILE_TITLE`.
fn hostile_content() -> TempDir {
    let dir = fixture_copy("hostile-content");
    let file = dir.join("blog/paranoia.toml");
    let toml_string = toml::Value::String(HOSTILE_TITLE.to_owned()).to_string();
    let mut top_level = true; // until the first [table], whose keys are not the article's own
    let article: String = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|line| {
            top_level &= !line.starts_with('[');
            match line.split_once(" = ") {
                Some((key @ ("title" | "description"), _)) if top_level => format!("{key} = {toml_string}\n"),
                _ => format!("{line}\n"),
            }
        })
        .collect();
    std::fs::write(&file, article).unwrap();
    dir
}

/// Every string anywhere in a JSON value.
fn strings(value: &Value) -> Vec<&str> {
    match value {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) => items.iter().flat_map(strings).collect(),
        Value::Object(fields) => fields.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
}

#[tokio::test]
async fn content_that_tries_to_close_the_script_element_renders_inert() {
    let dir = hostile_content();
    let content = Editions::load(ContentSource::Dir(dir.to_path_buf())).expect("the hostile copy is valid content");
    assert_eq!(content.en.article("paranoia").unwrap().title, HOSTILE_TITLE);
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let state = state_of(content, engine(), PoolConfig { workers: 1, queue: 8 }, false, clock);

    for path in ["/blog/paranoia", "/blogs?q=paranoia"] {
        let response = get(&state, path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let html = body_text(response).await;
        assert!(!html.contains("<script>alert(1)"), "{path}: the title opened a script element");
        let document = Html::parse_document(&html);
        let (mut in_route_data, mut in_structured_data) = (false, false);
        for script in select(&document, "script") {
            let text: String = script.text().collect();
            assert!(!text.contains('\u{2028}') && !text.contains("</"), "{path}: raw text in a script: {text:.80}");
            match script.value().attr("type") {
                Some("module") => assert!(script.value().attr("src").is_some() && text.is_empty()),
                // Each data block parses back to data holding the title exactly.
                Some(kind @ ("application/json" | "application/ld+json")) => {
                    let data: Value = serde_json::from_str(&text).unwrap();
                    let holds_title = strings(&data).contains(&HOSTILE_TITLE);
                    if kind == "application/json" {
                        in_route_data |= holds_title;
                    } else {
                        in_structured_data |= holds_title;
                    }
                }
                other => panic!("{path}: a script of type {other:?} ran: {text}"),
            }
        }
        assert!(in_route_data, "{path}: the title in the page's data");
        assert!(in_structured_data || path != "/blog/paranoia", "{path}: the title in the JSON-LD");
        // The visitor reads the title as text.
        assert!(document.root_element().text().any(|t| t.contains(HOSTILE_TITLE)), "{path}: the title as text");
    }
}

/// The clinic's date, until told to panic: a fault inside a handler (every page asks the clock).
struct PanickingClock(std::sync::atomic::AtomicBool);

impl clinic_site::base::Clock for PanickingClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        assert!(!self.0.load(Ordering::SeqCst), "injected panic in a handler");
        clinic_site::base::local_noon(date(2026, 11, 22))
    }
}

#[tokio::test]
async fn a_handler_that_panics_answers_500_with_the_error_page_and_the_next_request_works() {
    let clock = Arc::new(PanickingClock(std::sync::atomic::AtomicBool::new(false)));
    let pool = clinic_site::ssr::RenderPool::start(PoolConfig { workers: 1, queue: 8 }, engine()).unwrap();
    let settings = clinic_site::app::Settings {
        render_cache: false,
        ..clinic_site::app::Settings::for_site(clinic_site::base::Origin::parse(SITE_URL).unwrap())
    };
    let state = Arc::new(AppState::new(fixture(), pool, settings, Arc::clone(&clock) as _));
    clock.0.store(true, Ordering::SeqCst);

    assert_error_page(get(&state, "/about").await, "panicking handler").await;
    // In the language of the path.
    let response = get(&state, "/hi/about").await;
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert!(body_text(response).await.starts_with("<!DOCTYPE html><html lang=\"hi\">"));

    clock.0.store(false, Ordering::SeqCst);
    assert_home_page(&state).await;
}
