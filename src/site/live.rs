//! The version of the site being served: the live snapshot, swapped whole when the content or the
//! clinic's date changes (a new snapshot is rendered beside it first), the readiness that pre-rendering
//! gives, and why the last content reload was refused.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arc_swap::ArcSwap;
use futures_util::FutureExt as _;
use tokio::sync::Notify;

use crate::base::clock::{until_next_local_midnight, Clock};
use crate::base::metrics;
use crate::base::panic_message::panic_message;
use crate::content::{placeholders, ContentErrors, Editions};
use crate::site::renderer::PageRenderer;
use crate::site::snapshot::Snapshot;
use crate::ssr::RenderError;

pub struct LiveSite {
    /// The version of the site being served; replaced whole by `rebuild`.
    live: ArcSwap<Snapshot>,
    /// Renders the pages of each snapshot.
    renderer: PageRenderer,
    pub clock: Arc<dyn Clock>,
    ready: AtomicBool,
    /// Held while a new snapshot is built, so reloads and date changes run one at a time.
    rebuilding: tokio::sync::Mutex<()>,
    /// Why the last content reload was refused, until a good one succeeds.
    reload_failure: Mutex<Option<Arc<ReloadError>>>,
    /// Woken when a request finds the live pages' date has passed (`date_changes` then rebuilds).
    date_passed: Notify,
}

impl LiveSite {
    /// `first` (the content for the clinic's date today, not yet rendered: `prerender_all` does that),
    /// and the renderer of its pages and every later snapshot's.
    pub fn new(first: Snapshot, renderer: PageRenderer, clock: Arc<dyn Clock>) -> Self {
        Self {
            live: ArcSwap::from_pointee(first),
            renderer,
            clock,
            ready: AtomicBool::new(false),
            rebuilding: tokio::sync::Mutex::new(()),
            reload_failure: Mutex::new(None),
            date_passed: Notify::new(),
        }
    }

    /// The live snapshot.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.live.load_full()
    }

    /// The live snapshot, for a request to answer from alone; and, when its date has passed, a wake-up
    /// for `date_changes`, which renders the new day's pages while yesterday's are still served.
    pub fn for_request(&self) -> Arc<Snapshot> {
        let site = self.live.load_full();
        if site.date != self.clock.today() {
            self.date_passed.notify_one();
        }
        site
    }

    pub fn renderer(&self) -> &PageRenderer {
        &self.renderer
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The problems that made the last content reload fail, while the content before it is served.
    pub fn reload_failure(&self) -> Option<Arc<ReloadError>> {
        self.reload_failure.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Renders every known page into the live snapshot's store, then marks the server ready.
    pub async fn prerender_all(&self) -> Vec<(String, RenderError)> {
        let started = Instant::now();
        let site = self.live.load_full();
        let failures = self.renderer.prerender(&site).await;
        metrics::content_version(None, site.version());
        metrics::snapshot_built(started.elapsed());
        site.report_overdue();
        self.ready.store(true, Ordering::Release);
        compress_in_background(site);
        failures
    }

    /// Serves `content` (or the live content, when `None`) for the clinic's date today: renders its
    /// pages into a new snapshot while the live one keeps serving, then swaps it in whole. Returns the
    /// pages that failed, or `None` when neither the content version nor the date has changed.
    pub async fn rebuild(&self, content: Option<Arc<Editions>>) -> Option<Vec<(String, RenderError)>> {
        let _one_at_a_time = self.rebuilding.lock().await;
        let live = self.live.load_full();
        let today = self.clock.today();
        let content = content.unwrap_or_else(|| Arc::clone(&live.content));
        if content.version == live.version() && live.date == today {
            return None;
        }
        let started = Instant::now();
        let next = live.next(content, today);
        let failures = self.renderer.prerender(&next).await;
        metrics::content_version(Some(live.version()), next.version());
        metrics::snapshot_built(started.elapsed());
        next.report_overdue();
        let next = Arc::new(next);
        self.live.store(Arc::clone(&next));
        compress_in_background(next);
        Some(failures)
    }

    /// Loads the content again from where it came from, checks it as a whole, and serves it when it is
    /// valid. When it is not, nothing changes: the problems are logged, kept for `/readyz`, and
    /// returned. Unchanged files (an editor's save without a change) rebuild nothing.
    pub async fn reload_content(&self) -> Result<(), Arc<ReloadError>> {
        let source = self.live.load().content.source.clone();
        let loaded = match tokio::task::spawn_blocking(move || Editions::load(source)).await {
            Ok(loaded) => loaded.map_err(ReloadError::Content),
            Err(failed) => Err(ReloadError::Panicked(failed)),
        };
        let outcome = match loaded {
            Ok(content) => {
                placeholders::warn_if_public(&self.live.load().site_url, &content);
                let version = content.version.clone();
                if let Some(failures) = self.rebuild(Some(Arc::new(content))).await {
                    tracing::info!(%version, failed = failures.len(), "content reloaded");
                }
                Ok(())
            }
            Err(error) => {
                let version = self.live.load().version().to_owned();
                tracing::error!(%version, "content reload refused; still serving the last good content: {error}");
                Err(Arc::new(error))
            }
        };
        metrics::content_reload(outcome.is_ok());
        *self.reload_failure.lock().unwrap_or_else(|e| e.into_inner()) = outcome.clone().err();
        outcome
    }

    /// Renders the new day's pages whenever a request finds the date has passed, and a second after
    /// each of the clinic's midnights (by `clock`) in any case. Runs for the life of the server; a
    /// rebuild that panics is logged and the loop goes on, still serving the last pages.
    pub async fn date_changes(&self) {
        loop {
            let midnight = until_next_local_midnight(self.clock.now()) + Duration::from_secs(1);
            tokio::select! {
                () = tokio::time::sleep(midnight) => {}
                () = self.date_passed.notified() => {}
            }
            if let Err(panic) = std::panic::AssertUnwindSafe(self.rebuild(None)).catch_unwind().await {
                tracing::error!(
                    panic = panic_message(&*panic),
                    "the date change's rebuild panicked; still serving the last pages"
                );
            }
        }
    }
}

/// Why a content reload was refused (the last good content is still served).
#[derive(Debug, thiserror::Error)]
pub enum ReloadError {
    #[error(transparent)]
    Content(ContentErrors),
    #[error("loading the content panicked")]
    Panicked(#[source] tokio::task::JoinError),
}

/// Compresses a live snapshot's stored pages on a blocking thread: they are stored uncompressed, so that
/// the server is ready (and a new snapshot live) without waiting for it. A page wanted before its turn
/// is compressed by that request, once (`Encoded::on_demand`).
fn compress_in_background(site: Arc<Snapshot>) {
    tokio::task::spawn_blocking(move || site.pages.prepare());
}
