//! One version of the site at a time. A new date (or new content) is rendered beside the live pages
//! and swapped in whole; until then the old pages are served; concurrent misses for one page share
//! one render; what is served tells shared caches how long they may keep it.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use chrono::{DateTime, Utc};
use clinic_site::base::{local_noon, Clock};
use clinic_site::content::{ContentSource, Editions};
use clinic_site::ssr::{AppRender, PoolConfig, RenderError, Renderer, RendererFactory};
use common::*;

const SHARED: &str = "max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400";
const NOT_SHARED: &str = "max-age=0, s-maxage=0, stale-while-revalidate=30, stale-if-error=86400";

/// Renders by URL and date.
type Renders = Arc<Mutex<HashMap<(String, String), usize>>>;

/// Renders with the real bundle and counts the renders of each URL for each date.
struct Counting {
    inner: Box<dyn Renderer>,
    renders: Renders,
}

impl Renderer for Counting {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError> {
        let data: serde_json::Value = serde_json::from_str(data_json).unwrap();
        let today = data["today"].as_str().unwrap().to_owned();
        *self.renders.lock().unwrap().entry((url.to_owned(), today)).or_default() += 1;
        self.inner.render(url, data_json)
    }
}

fn counting() -> (RendererFactory, Renders) {
    let renders = Arc::new(Mutex::new(HashMap::new()));
    let counts = Arc::clone(&renders);
    let real = engine();
    let factory: RendererFactory =
        Arc::new(move || Ok(Box::new(Counting { inner: real()?, renders: Arc::clone(&counts) }) as Box<dyn Renderer>));
    (factory, renders)
}

/// The clinic's time moving with tokio's clock (paused in tests, so hours pass at once) from `start`.
struct TokioClock {
    start: DateTime<Utc>,
    at: tokio::time::Instant,
}

impl Clock for TokioClock {
    fn now(&self) -> DateTime<Utc> {
        self.start + (tokio::time::Instant::now() - self.at)
    }
}

#[tokio::test(start_paused = true)]
async fn the_date_loop_renders_the_new_days_pages_a_second_after_the_clinics_midnight_by_its_clock() {
    let one_minute_to_midnight = local_noon(date(2026, 12, 31)) + chrono::Duration::seconds(12 * 3600 - 60);
    let clock = Arc::new(TokioClock { start: one_minute_to_midnight, at: tokio::time::Instant::now() });
    let state = state_of(fixture(), engine(), PoolConfig { workers: 2, queue: 8 }, true, clock);
    assert!(state.site.prerender_all().await.is_empty());
    let looping = tokio::spawn({
        let state = Arc::clone(&state);
        async move { state.site.date_changes().await }
    });

    tokio::time::sleep(Duration::from_secs(60)).await;
    assert_eq!(state.site.snapshot().date, date(2026, 12, 31), "midnight has not passed at the clinic");
    // A second after midnight the loop wakes and renders the new day's pages (on real threads: wait
    // for them without letting tokio's paused clock run on).
    tokio::time::sleep(Duration::from_secs(2)).await;
    let waited = std::time::Instant::now();
    while state.site.snapshot().date != date(2027, 1, 1) {
        assert!(waited.elapsed() < Duration::from_secs(60), "the date loop did not rebuild at the clinic's midnight");
        tokio::task::yield_now().await;
    }
    assert!(page_text(get(&state, "/").await).await.contains("© 2027"));
    looping.abort();
}

/// Waits (at most 30 s) until `done`.
async fn within(what: &str, done: impl Fn() -> bool) {
    let waited = std::time::Instant::now();
    while !done() {
        assert!(waited.elapsed() < Duration::from_secs(30), "{what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A clock that panics once, when armed: a fault inside the date loop's rebuild.
struct PanicsOnce {
    clock: TokioClock,
    armed: std::sync::atomic::AtomicBool,
}

impl Clock for PanicsOnce {
    fn now(&self) -> DateTime<Utc> {
        if self.armed.swap(false, std::sync::atomic::Ordering::SeqCst) {
            panic!("an injected fault");
        }
        self.clock.now()
    }
}

#[tokio::test(start_paused = true)]
async fn a_date_change_that_panics_leaves_the_date_loop_running() {
    let one_minute_to_midnight = local_noon(date(2026, 12, 31)) + chrono::Duration::seconds(12 * 3600 - 60);
    let clock = Arc::new(PanicsOnce {
        clock: TokioClock { start: one_minute_to_midnight, at: tokio::time::Instant::now() },
        armed: false.into(),
    });
    let state = state_of(fixture(), engine(), PoolConfig { workers: 2, queue: 8 }, true, Arc::clone(&clock) as _);
    assert!(state.site.prerender_all().await.is_empty());
    let looping = tokio::spawn({
        let state = Arc::clone(&state);
        async move { state.site.date_changes().await }
    });
    tokio::task::yield_now().await;
    // The loop sleeps until midnight; its rebuild then meets the fault.
    clock.armed.store(true, std::sync::atomic::Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(62)).await;
    assert!(!clock.armed.load(std::sync::atomic::Ordering::SeqCst), "the fault was met");
    assert_eq!(state.site.snapshot().date, date(2026, 12, 31), "yesterday's pages are still served");
    // A request finds the date has passed and wakes the loop, which is still there to rebuild.
    let _ = state.site.for_request();
    let waited = std::time::Instant::now();
    while state.site.snapshot().date != date(2027, 1, 1) {
        assert!(waited.elapsed() < Duration::from_secs(60), "the date loop is gone");
        tokio::task::yield_now().await;
    }
    assert!(!looping.is_finished());
    looping.abort();
}

#[tokio::test]
async fn a_content_reload_that_panics_leaves_the_watcher_running() {
    let dir = fixture_copy("reload-panics");
    let content = Editions::load(ContentSource::Dir(dir.to_path_buf())).unwrap();
    let clock = Arc::new(PanicsOnce {
        clock: TokioClock { start: local_noon(date(2026, 11, 22)), at: tokio::time::Instant::now() },
        armed: false.into(),
    });
    let state = state_of(content, engine(), PoolConfig { workers: 2, queue: 8 }, true, Arc::clone(&clock) as _);
    assert!(state.site.prerender_all().await.is_empty());
    let _watching = clinic_site::app::reload::start(Arc::clone(&state), Some(&dir)).unwrap();
    let about = dir.join("about.toml");
    let retitle = |from: &str, to: &str| {
        let text = std::fs::read_to_string(&about).unwrap();
        std::fs::write(
            &about,
            text.replace(&format!("[hero]\ntitle = \"{from}\""), &format!("[hero]\ntitle = \"{to}\"")),
        )
        .unwrap();
    };
    // The reload's rebuild meets the fault: nothing is swapped in.
    let first = state.site.snapshot().version().to_owned();
    clock.armed.store(true, std::sync::atomic::Ordering::SeqCst);
    retitle("About Us", "About Our Clinic");
    within("the fault was met", || !clock.armed.load(std::sync::atomic::Ordering::SeqCst)).await;
    // The watcher is still there: the next edit is served.
    assert_eq!(state.site.snapshot().version(), first);
    retitle("About Our Clinic", "About the Clinic");
    within("the next edit reloaded", || state.site.snapshot().version() != first).await;
    assert!(page_text(get(&state, "/about").await).await.contains("<h1>About the Clinic</h1>"));
}

#[tokio::test]
async fn yesterdays_pages_are_served_until_the_new_days_are_swapped_in() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 12, 31))));
    let state = state_with(engine(), PoolConfig { workers: 2, queue: 8 }, true, Arc::clone(&clock));
    assert!(state.site.prerender_all().await.is_empty());
    let response = get(&state, "/").await;
    assert_eq!(header(&response, "cache-control"), SHARED);
    assert!(page_text(response).await.contains("© 2026"));

    *clock.0.lock().unwrap() = date(2027, 1, 1);
    // Past midnight the request path renders nothing: yesterday's page, which no shared cache keeps.
    let response = get(&state, "/").await;
    assert_eq!(header(&response, "cache-control"), NOT_SHARED);
    assert!(page_text(response).await.contains("© 2026"));

    let failures = state.site.rebuild(None).await.expect("a new date rebuilds");
    assert!(failures.is_empty());
    let response = get(&state, "/").await;
    assert_eq!(header(&response, "cache-control"), SHARED);
    let html = page_text(response).await;
    assert!(html.contains("© 2027"));
    assert_eq!(embedded_data(&html)["today"], "2027-01-01");
    assert!(state.site.rebuild(None).await.is_none(), "nothing changed since");
}

#[tokio::test]
async fn blog_list_query_pages_are_rendered_again_for_the_new_date() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 12, 31))));
    let state = state_with(engine(), PoolConfig { workers: 1, queue: 8 }, true, Arc::clone(&clock));
    assert!(page_text(get(&state, "/blogs?page=2").await).await.contains("© 2026"));
    assert_eq!(state.site.snapshot().pages.counts().recent_states, 1);
    *clock.0.lock().unwrap() = date(2027, 1, 1);
    state.site.rebuild(None).await.unwrap();
    assert!(state.site.snapshot().pages.counts().recent_states == 0, "the new day keeps no search pages");
    assert!(state.site.snapshot().pages.counts().kept_states > 0, "and renders the list's own states afresh");
    let html = page_text(get(&state, "/blogs?page=2").await).await;
    assert!(html.contains("© 2027"));
    assert_eq!(embedded_data(&html)["today"], "2027-01-01");
}

/// The same crowd before, during and after the new day's pages are built, on a queue with room for
/// only eight waiting renders: every answer is 200, and every page is rendered once per date.
#[tokio::test]
async fn concurrent_requests_across_midnight_get_no_503_and_each_page_renders_once() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let (factory, renders) = counting();
    let state = state_with(factory, PoolConfig { workers: 2, queue: 8 }, true, Arc::clone(&clock));
    assert!(state.site.prerender_all().await.is_empty());
    let paths = ["/", "/about", "/hi/blogs", "/blogs?q=anxiety", "/hi/blogs?q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6"];
    let crowd = |state: &Arc<clinic_site::AppState>| {
        let requests = (0..400).map(|i| {
            let (state, path) = (Arc::clone(state), paths[i % paths.len()]);
            tokio::spawn(async move { (path, get(&state, path).await.status()) })
        });
        futures_util::future::join_all(requests.collect::<Vec<_>>())
    };
    let before = crowd(&state).await;
    *clock.0.lock().unwrap() = date(2026, 11, 23);
    let rebuilding = tokio::spawn({
        let state = Arc::clone(&state);
        async move { state.site.rebuild(None).await }
    });
    let during = crowd(&state).await;
    assert!(rebuilding.await.unwrap().expect("a new date rebuilds").is_empty());
    let after = crowd(&state).await;
    for answer in before.into_iter().chain(during).chain(after) {
        let (path, status) = answer.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    let renders = renders.lock().unwrap();
    // Every route, and every state the blog lists link to.
    let pages = state.site.snapshot().routes.all().count() + state.site.snapshot().pages.counts().kept_states;
    for day in ["2026-11-22", "2026-11-23"] {
        let of_day: Vec<_> = renders.iter().filter(|((_, today), _)| today == day).collect();
        assert!(of_day.iter().all(|(_, n)| **n == 1), "{day}: {of_day:?}");
        // Every route once, and the two searches once (the first day's on demand, as the second's).
        assert_eq!(of_day.len(), pages + 2, "{day}");
    }
}

#[tokio::test]
async fn pages_data_and_site_files_may_be_kept_by_shared_caches_and_errors_never() {
    let state = ready_state().await;
    for path in ["/", "/hi/about", "/blogs?page=2", "/_data/blog/paranoia", "/nope", "/sitemap.xml", "/robots.txt"] {
        let response = get(&state, path).await;
        assert_eq!(header(&response, "cache-control"), SHARED, "{path}");
        assert_eq!(header(&response, "vary"), "Accept-Encoding", "{path}");
    }
    // A revalidation is answered 304 with the same caching.
    let etag = header(&get(&state, "/about").await, "etag").to_owned();
    let again = send(&state, Request::get("/about").header("if-none-match", &etag).body(Body::empty()).unwrap()).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&again, "cache-control"), SHARED);
}

/// Replicas behind one shared cache must agree on validators, or every revalidation is a full answer.
#[tokio::test]
async fn two_servers_with_the_same_content_give_the_same_etags() {
    let (one, two) = (ready_state().await, ready_state().await);
    for path in ["/", "/hi", "/blog/insomnia", "/_data/about", "/blogs?q=sleep", "/sitemap.xml"] {
        for coding in ["br", "gzip", "identity"] {
            let request = |state| {
                let request = Request::get(path).header("accept-encoding", coding).body(Body::empty()).unwrap();
                send(state, request)
            };
            let (a, b) = (request(&one).await, request(&two).await);
            assert_eq!(header(&a, "etag"), header(&b, "etag"), "{path} {coding}");
            assert!(!header(&a, "etag").is_empty());
        }
    }
}

/// Every URL that shows the same list state is one stored page (`BlogQuery`, by the page's own rules):
/// rendered at most once, answered with one ETag. `?page=02` is the plain list, as the page reads it.
#[tokio::test]
async fn equivalent_list_urls_share_one_stored_page() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let (factory, renders) = counting();
    let state = state_with(factory, PoolConfig { workers: 2, queue: 8 }, true, clock);
    assert!(state.site.prerender_all().await.is_empty());
    let rendered = || renders.lock().unwrap().values().sum::<usize>();
    let at_start = rendered();
    let groups: [&[&str]; 4] = [
        // Not linked from any list page: rendered on the first request, then stored.
        &["/blogs?q=sleep", "/blogs?page=1&q=sleep", "/blogs?utm_source=x&q=sleep&view=all", "/blogs?q=sleep&page=01"],
        // The plain list, pre-rendered.
        &["/blogs", "/blogs?page=02", "/blogs?page=1", "/blogs?category=Other", "/blogs?view=sideways"],
        // States the list links to, pre-rendered.
        &["/blogs?category=Sleep+%26+Physical+Wellness", "/blogs?page=1&category=Sleep%20%26%20Physical%20Wellness"],
        &[
            "/blogs?view=categories",
            "/blogs?view=categories&page=3",
            "/blogs?view=categories&category=Sleep+%26+Physical+Wellness",
        ],
    ];
    for group in groups {
        let mut answers = Vec::new();
        for path in group {
            let response = get(&state, path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            let etag = response.headers()[axum::http::header::ETAG].to_str().unwrap().to_owned();
            answers.push((path, etag, body_text(response).await));
        }
        for (path, etag, body) in &answers[1..] {
            assert_eq!(etag, &answers[0].1, "{path} and {} differ", answers[0].0);
            assert!(body == &answers[0].2, "{path} and {} show different pages", answers[0].0);
        }
    }
    assert_eq!(rendered() - at_start, 1, "only the search's state was rendered, once");
}
