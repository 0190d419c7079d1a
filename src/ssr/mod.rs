//! Server-side rendering: the JS engine behind one small trait, and the pool of worker threads that
//! own one engine each.

pub mod pool;
pub mod quickjs;

pub use pool::{PoolConfig, RenderPool};
pub use quickjs::{QuickJs, QuickJsLimits};

/// Why a render produced no HTML. Every variant is answered with an error page, never a crash.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error("render threw: {0}")]
    Threw(String),
    #[error("render exceeded its deadline")]
    Timeout,
    #[error("render ran out of memory")]
    OutOfMemory,
    #[error("engine failed: {0}")]
    Engine(String),
    /// The pool's queue is full: the server is overloaded for the moment (HTTP 503).
    #[error("render queue is full")]
    Busy,
    /// The pool is shutting down.
    #[error("render pool stopped")]
    Stopped,
}

/// What the SSR bundle gives back for one URL: `globalThis.render(url, dataJson)` -> `{ html, stateHead }`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AppRender {
    /// The app's HTML, for the document's `#root`.
    pub html: String,
    /// JSON of `routes::StateHead`, when the URL's query shows a state of the page (the blog list's).
    pub state_head: Option<String>,
}

impl From<String> for AppRender {
    fn from(html: String) -> Self {
        Self { html, state_head: None }
    }
}

/// A JavaScript engine holding the SSR bundle. One instance serves one thread; a V8 backend would be a
/// second implementation.
pub trait Renderer {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError>;
}

/// Builds a fresh renderer: once per worker at start, and again after a failed render.
pub type RendererFactory = std::sync::Arc<dyn Fn() -> Result<Box<dyn Renderer>, RenderError> + Send + Sync>;

/// Renderers running the SSR bundle in QuickJS with the given limits.
pub fn quickjs_factory(bundle: &'static str, limits: QuickJsLimits) -> RendererFactory {
    std::sync::Arc::new(move || Ok(Box::new(QuickJs::new(bundle, limits)?) as Box<dyn Renderer>))
}
