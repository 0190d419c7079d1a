//! The guarantees every engine gives, run on each (`mod quickjs`, `mod v8` at the end): the same tests,
//! on the engine alone and in the render pool.

use std::time::{Duration, Instant};

use super::*;
use crate::routes::StateHead;

const LIMITS: EngineLimits = EngineLimits { deadline: Duration::from_millis(200), memory_bytes: 32 << 20 };
/// A deadline far away, so that on a busy machine the memory limit, not the clock, stops a greedy render.
const GREEDY_LIMITS: EngineLimits = EngineLimits { deadline: Duration::from_secs(30), ..LIMITS };
const PAGE: &str = "const page = (html) => ({ html, stateHead: null, listStates: [] });";

/// A bundle whose `render` runs `body`, which may return `page(html)`: a result with no list state.
fn bundle(body: &str) -> String {
    format!("{PAGE} globalThis.render = function (url, data) {{ {body} }};")
}

fn engine(engine: Engine, body: &str) -> Box<dyn Renderer> {
    engine.build(&bundle(body), LIMITS).unwrap()
}

/// Per URL: `/loop` never ends, `/greedy` allocates without bound, `/throw` throws, others render.
const MISCHIEF: &str = "if (url === '/loop') for (;;) {} \
    if (url === '/greedy') { const a = []; for (;;) a.push(new Array(100000).fill(1)); } \
    if (url === '/throw') throw new Error('broken page'); \
    return page('ok ' + url);";

fn renders_with_url_and_data(e: Engine) {
    let mut js = engine(e, "return page(url + ' ' + JSON.parse(data).name);");
    assert_eq!(
        js.render("/about", r#"{"name":"Patna"}"#).unwrap(),
        AppRender { html: "/about Patna".into(), ..AppRender::default() }
    );
    // Whatever the data holds arrives whole: newlines, quotes, Devanagari, a lone NUL.
    let data = serde_json::json!({ "name": "पटना\n\"क्लिनिक\"\u{0}" }).to_string();
    assert_eq!(js.render("/hi", &data).unwrap().html, "/hi पटना\n\"क्लिनिक\"\u{0}");
}

fn the_state_head_and_linked_states_come_back_beside_the_html(e: Engine) {
    let head = "{ title: 'Page 2 of 3 – Blog', canonicalQuery: 'page=2', index: true }";
    let mut js = engine(e, &format!("return {{ html: '<p>2</p>', stateHead: {head}, listStates: ['page=3'] }};"));
    let out = js.render("/blogs?page=2", "{}").unwrap();
    let head = StateHead { title: "Page 2 of 3 – Blog".into(), canonical_query: "page=2".into(), index: true };
    assert_eq!(out, AppRender { html: "<p>2</p>".into(), state_head: Some(head), list_states: vec!["page=3".into()] });
}

fn a_result_of_another_shape_is_an_error_naming_the_field(e: Engine) {
    for (body, field) in [
        ("return '<p>only a string</p>';", ""),
        ("return { html: '<p></p>', stateHead: null, listStates: 'page=2' };", "listStates"),
        ("return { html: '<p></p>', stateHead: { title: 1 }, listStates: [] };", "stateHead.title"),
        ("return undefined;", ""),
    ] {
        match engine(e, body).render("/", "{}") {
            Err(RenderError::Contract(message)) => assert!(message.starts_with(field), "{body}: {message}"),
            other => panic!("{body}: expected Contract, got {other:?}"),
        }
    }
}

fn a_throwing_render_reports_the_message(e: Engine) {
    let mut js = engine(e, MISCHIEF);
    match js.render("/throw", "{}") {
        Err(RenderError::Threw(message)) => assert!(message.contains("broken page"), "{message}"),
        other => panic!("expected Threw, got {other:?}"),
    }
}

fn an_endless_render_is_stopped_at_the_deadline_and_the_engine_renders_again(e: Engine) {
    let mut js = engine(e, MISCHIEF);
    let start = Instant::now();
    assert!(matches!(js.render("/loop", "{}"), Err(RenderError::Timeout)));
    assert!(start.elapsed() < Duration::from_secs(5));
    // The same instance renders again: the deadline was disarmed after the timeout, and re-armed.
    assert_eq!(js.render("/", "{}").unwrap().html, "ok /");
    assert!(matches!(js.render("/loop", "{}"), Err(RenderError::Timeout)));
}

fn a_script_error_that_mentions_memory_is_a_throw_not_out_of_memory(e: Engine) {
    let mut js = engine(e, "throw new Error('allocation of a slot failed: out of memory in the list');");
    assert!(matches!(js.render("/", "{}"), Err(RenderError::Threw(m)) if m.contains("allocation of a slot")));
}

fn a_greedy_render_runs_out_of_memory(e: Engine) {
    let mut js = e.build(&bundle(MISCHIEF), GREEDY_LIMITS).unwrap();
    let result = js.render("/greedy", "{}");
    assert!(matches!(result, Err(RenderError::OutOfMemory)), "{result:?}");
}

fn a_bundle_without_render_is_refused(e: Engine) {
    let err = e.build("var x = 1;", LIMITS).err().unwrap();
    assert!(matches!(err, RenderError::Contract(ref m) if m.contains("globalThis.render")), "{err:?}");
}

fn a_bundle_that_fails_to_evaluate_reports_the_exception(e: Engine) {
    // Each engine words a syntax error its own way (V8 "SyntaxError: Unexpected end of input", QuickJS
    // "missing formal parameter"); both say where.
    for (bundle, expected) in
        [("globalThis.render = function (", ":1"), ("throw new TypeError('no window')", "no window")]
    {
        match e.build(bundle, LIMITS).err() {
            Some(RenderError::Threw(message)) => assert!(message.contains(expected), "{bundle}: {message}"),
            other => panic!("{bundle}: expected Threw, got {other:?}"),
        }
    }
}

/// A pool of `workers` running `MISCHIEF` in the engine, with the greedy limits.
fn mischief_pool(e: Engine, workers: usize, queue: usize) -> RenderPool {
    let bundle: &'static str = bundle(MISCHIEF).leak();
    let limits = EngineLimits { deadline: Duration::from_secs(2), ..GREEDY_LIMITS };
    RenderPool::start(PoolConfig { workers, queue }, e.factory(bundle, limits)).unwrap()
}

async fn each_failure_fails_alone_and_the_worker_carries_on(e: Engine) {
    let pool = std::sync::Arc::new(mischief_pool(e, 2, 8));
    // While one worker meets each failure in turn, the other keeps rendering.
    let steady = tokio::spawn({
        let pool = std::sync::Arc::clone(&pool);
        async move {
            for _ in 0..20 {
                assert_eq!(pool.render("/", "{}".into()).await.unwrap().html, "ok /");
            }
        }
    });
    for (url, failed) in [
        ("/loop", (|r| matches!(r, RenderError::Timeout)) as fn(&RenderError) -> bool),
        ("/greedy", |r| matches!(r, RenderError::OutOfMemory)),
        ("/throw", |r| matches!(r, RenderError::Threw(_))),
    ] {
        let result = pool.render(url, "{}".into()).await;
        assert!(result.as_ref().is_err_and(failed), "{url}: {result:?}");
        assert_eq!(pool.render("/after", "{}".into()).await.unwrap().html, "ok /after", "after {url}");
    }
    steady.await.unwrap();
}

async fn the_queue_stays_bounded(e: Engine) {
    use futures_util::FutureExt;
    let pool = mischief_pool(e, 1, 1);
    // Polled once, a render is queued. The worker takes the endless one; the next waits; one more is
    // refused at once.
    let mut held = Box::pin(pool.render("/loop", "{}".into()));
    assert!((&mut held).now_or_never().is_none());
    let deadline = Instant::now() + Duration::from_secs(10);
    while pool.queued() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut waiting = Box::pin(pool.render("/", "{}".into()));
    assert!((&mut waiting).now_or_never().is_none());
    assert_eq!(pool.queued(), 1);
    assert!(matches!(pool.render("/", "{}".into()).await, Err(RenderError::Busy)));
    assert!(matches!(held.await, Err(RenderError::Timeout)));
    assert_eq!(waiting.await.unwrap().html, "ok /");
}

macro_rules! on_each_engine {
    (sync: $($test:ident),* ; async: $($async_test:ident),* $(,)?) => {
        mod quickjs {
            $( #[test] fn $test() { super::$test(super::Engine::QuickJs) } )*
            $( #[tokio::test] async fn $async_test() { super::$async_test(super::Engine::QuickJs).await } )*
        }
        mod v8 {
            $( #[test] fn $test() { super::$test(super::Engine::V8) } )*
            $( #[tokio::test] async fn $async_test() { super::$async_test(super::Engine::V8).await } )*
        }
    };
}

on_each_engine!(
    sync: renders_with_url_and_data,
    the_state_head_and_linked_states_come_back_beside_the_html,
    a_result_of_another_shape_is_an_error_naming_the_field,
    a_throwing_render_reports_the_message,
    an_endless_render_is_stopped_at_the_deadline_and_the_engine_renders_again,
    a_script_error_that_mentions_memory_is_a_throw_not_out_of_memory,
    a_greedy_render_runs_out_of_memory,
    a_bundle_without_render_is_refused,
    a_bundle_that_fails_to_evaluate_reports_the_exception;
    async: each_failure_fails_alone_and_the_worker_carries_on,
    the_queue_stays_bounded,
);
