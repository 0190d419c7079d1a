//! Server-side rendering: the JS engine behind one small trait, and the pool of worker threads that
//! own one engine each.

#[cfg(test)]
mod contract;
pub(crate) mod pool;
pub(crate) mod quickjs;
pub mod v8;

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use ts_rs::TS;

use crate::routes::StateHead;

pub use pool::{PoolConfig, RenderPool};
pub use quickjs::QuickJs;
pub use v8::V8;

/// Why a render produced no HTML. Every variant is answered with an error page, never a crash.
/// Causes are kept (behind `Arc`, as one failed render is shared by every request that waited on it)
/// until the error is logged.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    #[error("render threw: {0}")]
    Threw(String),
    /// The bundle is missing `render`, or returned something other than an `AppRender` (the field named).
    #[error("the SSR bundle broke its contract: {0}")]
    Contract(String),
    #[error("render exceeded its deadline")]
    Timeout,
    #[error("render ran out of memory")]
    OutOfMemory,
    /// The renderer itself (Rust, not the script) panicked; its worker contained it.
    #[error("the renderer panicked: {0}")]
    Panicked(String),
    /// The JS engine could not be loaded, built or driven.
    #[error("{engine} failed")]
    Engine {
        engine: &'static str,
        #[source]
        cause: Arc<dyn std::error::Error + Send + Sync>,
    },
    /// The page's data could not be written as JSON, or the bundle's answer read back.
    #[error("cannot {0}")]
    Json(&'static str, #[source] Arc<serde_json::Error>),
    /// A render thread could not be started.
    #[error("cannot start a render thread")]
    Spawn(#[source] Arc<std::io::Error>),
    /// The pool's queue is full: the server is overloaded for the moment (HTTP 503).
    #[error("render queue is full")]
    Busy,
    /// The pool is shutting down.
    #[error("render pool stopped")]
    Stopped,
}

impl RenderError {
    /// A failure of the engine itself (not of the script), with its cause.
    pub fn engine(engine: &'static str, cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self::Engine { engine, cause: Arc::from(cause.into()) }
    }

    /// A JSON failure, saying what was being written or read (`"write the route data"`).
    pub fn json(what: &'static str) -> impl FnOnce(serde_json::Error) -> Self {
        move |error| Self::Json(what, Arc::new(error))
    }
}

/// What the SSR bundle gives back for one URL: `globalThis.render(url, dataJson)` returns this, typed on
/// both sides (`AppRender` in `client/contract.ts`), so Rust reads what the bundle knows instead of
/// working it out again from the HTML.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AppRender {
    /// The app's HTML, for the document's `#root`.
    pub html: String,
    /// How the head names the state the URL's query shows (the blog list's); none for other pages.
    pub state_head: Option<StateHead>,
    /// The canonical queries of the list states the page links to (none are the plain list): what
    /// pre-rendering follows.
    pub list_states: Vec<String>,
}

/// A JavaScript engine holding the SSR bundle. One instance serves one thread.
pub trait Renderer {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError>;
}

/// Builds a fresh renderer: once per worker at start, and again after a failed render.
pub type RendererFactory = std::sync::Arc<dyn Fn() -> Result<Box<dyn Renderer>, RenderError> + Send + Sync>;

/// The limits of one engine instance, the same for either engine.
#[derive(Debug, Clone, Copy)]
pub struct EngineLimits {
    /// Wall-clock budget of one render.
    pub deadline: Duration,
    /// Heap limit of the instance; an allocation past it fails the render.
    pub memory_bytes: usize,
}

/// The JavaScript engines that can render the site (`SSR_ENGINE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// V8, from PyPI's mini-racer (engine/mini-racer.txt): the default, about ten times faster.
    V8,
    /// QuickJS-NG, built into the binary: the fallback, which needs no library beside it.
    #[value(name = "quickjs")]
    QuickJs,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::V8 => "V8",
            Engine::QuickJs => "QuickJS",
        }
    }

    /// An instance of this engine with `bundle` evaluated.
    pub fn build(self, bundle: &str, limits: EngineLimits) -> Result<Box<dyn Renderer>, RenderError> {
        Ok(match self {
            Engine::V8 => Box::new(V8::new(bundle, limits)?),
            Engine::QuickJs => Box::new(QuickJs::new(bundle, limits)?),
        })
    }

    /// Renderers running the SSR bundle in this engine with the given limits.
    pub fn factory(self, bundle: &'static str, limits: EngineLimits) -> RendererFactory {
        Arc::new(move || self.build(bundle, limits))
    }
}

#[cfg(test)]
mod engine_tests;
