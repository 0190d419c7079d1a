//! What a request handler holds: the settings and the live site (which renders its own pages), put
//! together once at start-up. The HTTP layer builds its own security headers from the settings.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;

use crate::app::config::Config;
use crate::app::settings::Settings;
use crate::base::clock::{Clock, SystemClock};
use crate::base::panic_message::panic_message;
use crate::content::{ContentSource, Editions};
use crate::embedded::assets::SSR_BUNDLE;
use crate::site::live::LiveSite;
use crate::site::renderer::PageRenderer;
use crate::site::snapshot::Snapshot;
use crate::ssr::{Engine, EngineLimits, PoolConfig, RenderPool};

pub struct AppState {
    pub settings: Settings,
    pub site: LiveSite,
}

/// The render workers running `bundle` in `engine`; a bundle that cannot be evaluated, or an engine that
/// cannot be loaded, stops start-up with the engine's name and the cause (the JS exception, or the file).
fn start_renderers(
    engine: Engine,
    bundle: &'static str,
    limits: EngineLimits,
    pool: PoolConfig,
) -> anyhow::Result<RenderPool> {
    RenderPool::start(pool, engine.factory(bundle, limits))
        .with_context(|| format!("the SSR bundle failed to load in {}", engine.name()))
}

impl AppState {
    /// Loads and checks the content and starts the render workers with the embedded bundle, both at
    /// once: each takes a few tens of milliseconds of start-up.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let source = config.content_dir.clone().map_or(ContentSource::Embedded, ContentSource::Dir);
        let limits = EngineLimits {
            deadline: Duration::from_millis(config.render_timeout_ms),
            memory_bytes: config.render_memory_mb << 20,
        };
        let pool_config = PoolConfig { workers: config.workers(), queue: config.ssr_queue };
        let (content, pool) = std::thread::scope(|scope| {
            let pool = scope.spawn(|| start_renderers(config.ssr_engine, SSR_BUNDLE, limits, pool_config));
            let content = Editions::load(source);
            let pool = pool.join().unwrap_or_else(|panic| {
                Err(anyhow::anyhow!("starting the render workers panicked: {}", panic_message(&*panic)))
            });
            (content, pool)
        });
        Ok(Self::new(content?, pool?, Settings::from_config(config), Arc::new(SystemClock)))
    }

    pub fn new(content: Editions, pool: RenderPool, settings: Settings, clock: Arc<dyn Clock>) -> Self {
        let first = Snapshot::new(Arc::new(content), settings.site_url.clone(), clock.today(), settings.render_cache);
        let site = LiveSite::new(first, PageRenderer::new(pool), clock);
        Self { settings, site }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_that_fails_to_evaluate_stops_start_up_with_the_engine_and_the_exception() {
        let limits = EngineLimits { deadline: Duration::from_secs(5), memory_bytes: 32 << 20 };
        let pool = PoolConfig { workers: 2, queue: 2 };
        for engine in [Engine::V8, Engine::QuickJs] {
            let error = start_renderers(engine, "throw new Error('window is not defined')", limits, pool).err();
            let message = format!("{:#}", error.expect("start-up refused"));
            let expected = format!("the SSR bundle failed to load in {}: render threw: ", engine.name());
            assert!(message.starts_with(&expected), "{message}");
            assert!(message.contains("window is not defined"), "{message}");
        }
    }
}
