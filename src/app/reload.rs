//! Content edits without a restart. SIGHUP reloads the content; with `CONTENT_DIR`, so does any change
//! to a file in the folder, once changes have been quiet for `DEBOUNCE` (a save that writes many files,
//! or an editor's write-then-rename, is one reload). The reload itself is `LiveSite::reload_content`:
//! checked as a whole, swapped in whole, or refused with the last good content still served.

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use futures_util::FutureExt as _;
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};
use tokio::signal::unix::{signal, SignalKind};
use tokio::sync::mpsc;

use crate::app::state::AppState;
use crate::base::panic_message::panic_message;
use crate::content::source::is_scratch_file;

/// Quiet time after the last change in the folder before reloading.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    FolderChanged,
    Hangup,
}

/// Watches the folder (when there is one) and SIGHUP, and reloads on either for the life of the
/// process. Keep the returned watcher: dropping it ends the watch.
pub fn start(state: Arc<AppState>, dir: Option<&Path>) -> anyhow::Result<Option<RecommendedWatcher>> {
    let (wanted, mut reasons) = mpsc::channel::<Reason>(16);
    let watcher = match dir {
        Some(dir) => {
            let from_folder = wanted.clone();
            let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| match event {
                Ok(event) if is_edit(&event) => {
                    let _ = from_folder.try_send(Reason::FolderChanged);
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "watching the content folder failed"),
            })
            .context("cannot watch the content folder")?;
            watcher.watch(dir, RecursiveMode::Recursive).with_context(|| format!("cannot watch {}", dir.display()))?;
            Some(watcher)
        }
        None => None,
    };
    let mut hangups = signal(SignalKind::hangup()).context("cannot listen for SIGHUP")?;
    tokio::spawn(async move {
        while hangups.recv().await.is_some() {
            let _ = wanted.try_send(Reason::Hangup);
        }
    });
    tokio::spawn(async move {
        while let Some(reason) = reasons.recv().await {
            if reason == Reason::FolderChanged {
                while let Ok(Some(_)) = tokio::time::timeout(DEBOUNCE, reasons.recv()).await {}
            }
            let reason = if reason == Reason::Hangup { "SIGHUP" } else { "the content folder changed" };
            tracing::info!(reason, "reloading the content");
            // A panic is contained: the watcher goes on, and the last good content is still served.
            if let Err(panic) = AssertUnwindSafe(state.site.reload_content()).catch_unwind().await {
                tracing::error!(panic = panic_message(&*panic), "the content reload panicked");
            }
        }
    });
    Ok(watcher)
}

/// A file created, written, renamed or removed; not a read (the server's own reads of the folder
/// are events too), nor an editor's swap or backup file.
fn is_edit(event: &Event) -> bool {
    matches!(event.kind, EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_))
        && event.paths.iter().any(|path| !is_scratch_file(&path.to_string_lossy()))
}
