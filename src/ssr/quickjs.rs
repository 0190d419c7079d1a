//! QuickJS-NG (through rquickjs) running the SSR bundle.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, CaughtError, Context, Function, Runtime, Value};

use super::{AppRender, RenderError, Renderer};
#[cfg(test)]
use crate::routes::StateHead;

#[derive(Debug, Clone, Copy)]
pub struct QuickJsLimits {
    /// Wall-clock budget of one render, enforced by the engine's interrupt handler.
    pub deadline: Duration,
    /// Heap limit of the runtime; an allocation past it fails the render.
    pub memory_bytes: usize,
}

/// Evaluating the bundle happens once per runtime and may take longer than a render.
const LOAD_DEADLINE: Duration = Duration::from_secs(20);
/// JS stack budget; worker threads are spawned with a larger native stack than this.
pub const JS_STACK_BYTES: usize = 4 << 20;
const NO_DEADLINE: u64 = u64::MAX;

pub struct QuickJs {
    // Field order matters: the context must be dropped before its runtime.
    context: Context,
    _runtime: Runtime,
    limits: QuickJsLimits,
    epoch: Instant,
    /// Milliseconds since `epoch` after which the interrupt handler stops the running script.
    deadline_ms: Arc<AtomicU64>,
}

impl QuickJs {
    /// A runtime with the bundle evaluated, so `render` is defined.
    pub fn new(bundle: &str, limits: QuickJsLimits) -> Result<Self, RenderError> {
        let engine = |e: rquickjs::Error| RenderError::Engine(e.into());
        let runtime = Runtime::new().map_err(engine)?;
        runtime.set_memory_limit(limits.memory_bytes);
        runtime.set_max_stack_size(JS_STACK_BYTES);
        let epoch = Instant::now();
        let deadline_ms = Arc::new(AtomicU64::new(NO_DEADLINE));
        let handler_deadline = Arc::clone(&deadline_ms);
        runtime.set_interrupt_handler(Some(Box::new(move || {
            epoch.elapsed().as_millis() as u64 > handler_deadline.load(Ordering::Relaxed)
        })));
        let context = Context::full(&runtime).map_err(engine)?;
        let engine = Self { context, _runtime: runtime, limits, epoch, deadline_ms };
        engine.within(LOAD_DEADLINE, |ctx| {
            ctx.eval::<(), _>(bundle).catch(&ctx).map_err(Failure::caught)?;
            let render: Result<Function, _> = ctx.globals().get("render");
            render.map(drop).map_err(|_| Failure::Contract("the bundle does not define globalThis.render".into()))
        })?;
        Ok(engine)
    }

    /// Runs `f` with the interrupt deadline armed, and classifies a failure.
    fn within<T>(
        &self,
        budget: Duration,
        f: impl FnOnce(rquickjs::Ctx<'_>) -> Result<T, Failure>,
    ) -> Result<T, RenderError> {
        let start = self.epoch.elapsed();
        self.deadline_ms.store((start + budget).as_millis() as u64, Ordering::Relaxed);
        let result = self.context.with(f);
        self.deadline_ms.store(NO_DEADLINE, Ordering::Relaxed);
        result.map_err(|failure| match failure {
            _ if self.epoch.elapsed() >= start + budget => RenderError::Timeout,
            Failure::OutOfMemory => RenderError::OutOfMemory,
            Failure::Threw(message) => RenderError::Threw(message),
            Failure::Contract(message) => RenderError::Contract(message),
            Failure::Engine(error) => RenderError::Engine(error.into()),
        })
    }
}

/// How a script failed, as the engine reported it.
enum Failure {
    /// An allocation past the runtime's memory limit was refused.
    OutOfMemory,
    /// The script threw: its message and stack.
    Threw(String),
    /// The bundle broke its contract with Rust (`globalThis.render(url, dataJson) -> AppRender`).
    Contract(String),
    Engine(rquickjs::Error),
}

/// QuickJS answers a refused allocation by throwing its own `InternalError("out of memory")`
/// (`JS_ThrowOutOfMemory`), or rquickjs reports it as `Error::Allocation`; a script's own error that
/// merely mentions memory is an ordinary throw.
const OUT_OF_MEMORY: &str = "out of memory";

impl Failure {
    fn caught(error: CaughtError<'_>) -> Self {
        match error {
            CaughtError::Exception(e) => {
                let name: Option<String> = e.as_object().get("name").ok();
                let message = e.message().unwrap_or_default();
                if name.as_deref() == Some("InternalError") && message == OUT_OF_MEMORY {
                    return Self::OutOfMemory;
                }
                Self::Threw(match e.stack() {
                    Some(stack) if !stack.is_empty() => format!("{message}\n{stack}"),
                    _ => message,
                })
            }
            CaughtError::Value(v) => Self::Threw(format!("threw a non-Error value: {v:?}")),
            CaughtError::Error(rquickjs::Error::Allocation) => Self::OutOfMemory,
            CaughtError::Error(e) => Self::Engine(e),
        }
    }
}

impl Renderer for QuickJs {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError> {
        self.within(self.limits.deadline, |ctx| {
            let render: Function = ctx.globals().get("render").map_err(Failure::Engine)?;
            let out: Value = render.call((url, data_json)).catch(&ctx).map_err(Failure::caught)?;
            let json = ctx.json_stringify(out).catch(&ctx).map_err(Failure::caught)?;
            let json = json.map(|j| j.to_string()).transpose().map_err(Failure::Engine)?.unwrap_or_default();
            let mut reader = serde_json::Deserializer::from_str(&json);
            serde_path_to_error::deserialize(&mut reader).map_err(|e| Failure::Contract(e.to_string()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: QuickJsLimits = QuickJsLimits { deadline: Duration::from_millis(200), memory_bytes: 32 << 20 };

    /// A bundle whose `render` runs `body`, which may return `page(html)`: a result with no list state.
    fn engine(body: &str) -> QuickJs {
        let page = "const page = (html) => ({ html, stateHead: null, listStates: [] });";
        QuickJs::new(&format!("{page} globalThis.render = function (url, data) {{ {body} }};"), LIMITS).unwrap()
    }

    #[test]
    fn renders_with_url_and_data() {
        let mut js = engine("return page(url + ' ' + JSON.parse(data).name);");
        assert_eq!(js.render("/about", r#"{"name":"Patna"}"#).unwrap(), AppRender::from("/about Patna".to_owned()));
    }

    #[test]
    fn the_state_head_and_linked_states_come_back_beside_the_html() {
        let head = "{ title: 'Page 2 of 3 – Blog', canonicalQuery: 'page=2', index: true }";
        let mut js = engine(&format!("return {{ html: '<p>2</p>', stateHead: {head}, listStates: ['page=3'] }};"));
        let out = js.render("/blogs?page=2", "{}").unwrap();
        let head = StateHead { title: "Page 2 of 3 – Blog".into(), canonical_query: "page=2".into(), index: true };
        assert_eq!(
            out,
            AppRender { html: "<p>2</p>".into(), state_head: Some(head), list_states: vec!["page=3".into()] }
        );
    }

    #[test]
    fn a_result_of_another_shape_is_an_error_naming_the_field() {
        for (body, field) in [
            ("return '<p>only a string</p>';", ""),
            ("return { html: '<p></p>', stateHead: null, listStates: 'page=2' };", "listStates"),
            ("return { html: '<p></p>', stateHead: { title: 1 }, listStates: [] };", "stateHead.title"),
            ("return undefined;", ""),
        ] {
            match engine(body).render("/", "{}") {
                Err(RenderError::Contract(message)) => assert!(message.starts_with(field), "{body}: {message}"),
                other => panic!("{body}: expected Contract, got {other:?}"),
            }
        }
    }

    #[test]
    fn a_throwing_render_reports_the_message() {
        let mut js = engine("throw new Error('broken page');");
        match js.render("/", "{}") {
            Err(RenderError::Threw(message)) => assert!(message.contains("broken page"), "{message}"),
            other => panic!("expected Threw, got {other:?}"),
        }
    }

    #[test]
    fn an_endless_render_is_stopped_at_the_deadline_and_the_runtime_renders_again() {
        let mut js = engine("if (url === '/loop') for (;;) {} return page('ok ' + url);");
        let start = Instant::now();
        assert!(matches!(js.render("/loop", "{}"), Err(RenderError::Timeout)));
        assert!(start.elapsed() < Duration::from_secs(5));
        // The same runtime renders again: the deadline was disarmed after the timeout, and re-armed.
        assert_eq!(js.render("/", "{}").unwrap().html, "ok /");
        assert!(matches!(js.render("/loop", "{}"), Err(RenderError::Timeout)));
    }

    #[test]
    fn a_script_error_that_mentions_memory_is_a_throw_not_out_of_memory() {
        let mut js = engine("throw new Error('allocation of a slot failed: out of memory in the list');");
        assert!(matches!(js.render("/", "{}"), Err(RenderError::Threw(m)) if m.contains("allocation of a slot")));
    }

    #[test]
    fn a_greedy_render_runs_out_of_memory() {
        // A deadline far away, so that on a busy machine the memory limit, not the clock, stops it.
        let limits = QuickJsLimits { deadline: Duration::from_secs(30), ..LIMITS };
        let bundle = "globalThis.render = function () { const a = []; for (;;) a.push(new Array(100000).fill(1)); };";
        let mut js = QuickJs::new(bundle, limits).unwrap();
        let result = js.render("/", "{}");
        assert!(matches!(result, Err(RenderError::OutOfMemory)), "{result:?}");
    }

    #[test]
    fn a_bundle_without_render_is_refused() {
        let err = QuickJs::new("var x = 1;", LIMITS).err().unwrap();
        assert!(matches!(err, RenderError::Contract(ref m) if m.contains("globalThis.render")), "{err:?}");
    }
}
