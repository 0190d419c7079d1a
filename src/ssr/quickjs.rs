//! QuickJS-NG (through rquickjs) running the SSR bundle.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rquickjs::{CatchResultExt, CaughtError, Context, Function, Runtime, Value};

use super::{AppRender, EngineLimits, RenderError, Renderer};

/// Evaluating the bundle happens once per runtime and may take longer than a render.
const LOAD_DEADLINE: Duration = Duration::from_secs(20);
/// JS stack budget; worker threads are spawned with a larger native stack than this.
pub const JS_STACK_BYTES: usize = 4 << 20;
const NO_DEADLINE: u64 = u64::MAX;

pub struct QuickJs {
    // Field order matters: the context must be dropped before its runtime.
    context: Context,
    _runtime: Runtime,
    limits: EngineLimits,
    epoch: Instant,
    /// Milliseconds since `epoch` after which the interrupt handler stops the running script.
    deadline_ms: Arc<AtomicU64>,
}

impl QuickJs {
    /// A runtime with the bundle evaluated, so `render` is defined.
    pub fn new(bundle: &str, limits: EngineLimits) -> Result<Self, RenderError> {
        let engine = |e: rquickjs::Error| RenderError::engine("QuickJS", e);
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
            Failure::Engine(error) => RenderError::engine("QuickJS", error),
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
