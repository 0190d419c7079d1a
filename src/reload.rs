//! Content edits without a restart. SIGHUP reloads the content; with `CONTENT_DIR`, so does any change
//! in the folder, once it has been quiet for `DEBOUNCE` (a save that writes many files, or an editor's
//! write-then-rename, is one reload). The reload itself is `AppState::reload_content`: checked as a
//! whole, swapped in whole, or refused with the last good content still served.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use notify_debouncer_mini::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{new_debouncer, DebounceEventResult, Debouncer};
use tokio::signal::unix::{signal, SignalKind};
use tokio::sync::mpsc;

use crate::state::AppState;

/// Quiet time after the last change in the folder before reloading.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// Watches the folder (when there is one) and SIGHUP, and reloads on either for the life of the
/// process. Keep the returned watcher: dropping it stops the watch.
pub fn start(state: Arc<AppState>, dir: Option<&Path>) -> anyhow::Result<Option<Debouncer<RecommendedWatcher>>> {
    // One pending reload at most: changes during a reload ask for one more, not one each.
    let (wanted, mut reloads) = mpsc::channel::<&'static str>(1);
    let watcher = match dir {
        Some(dir) => {
            let from_folder = wanted.clone();
            let mut debouncer = new_debouncer(DEBOUNCE, move |events: DebounceEventResult| match events {
                Ok(_) => {
                    let _ = from_folder.try_send("the content folder changed");
                }
                Err(error) => tracing::warn!(%error, "watching the content folder failed"),
            })
            .context("cannot watch the content folder")?;
            debouncer
                .watcher()
                .watch(dir, RecursiveMode::Recursive)
                .with_context(|| format!("cannot watch {}", dir.display()))?;
            Some(debouncer)
        }
        None => None,
    };
    let mut hangups = signal(SignalKind::hangup()).context("cannot listen for SIGHUP")?;
    tokio::spawn(async move {
        while hangups.recv().await.is_some() {
            let _ = wanted.try_send("SIGHUP");
        }
    });
    tokio::spawn(async move {
        while let Some(reason) = reloads.recv().await {
            tracing::info!(reason, "reloading the content");
            let _ = state.reload_content().await;
        }
    });
    Ok(watcher)
}
