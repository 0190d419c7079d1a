//! A panic in a handler answers 500 with the error page in the path's language, instead of dropping
//! the visitor's connection; the server, its caches and the next request carry on (its locks do not
//! poison: `unwrap_or_else(into_inner)` throughout).

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::FutureExt as _;

use super::pages::server_error;
use crate::app::state::AppState;
use crate::base::panic_message::panic_message;

pub async fn catch(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    match AssertUnwindSafe(next.run(request)).catch_unwind().await {
        Ok(response) => response,
        Err(payload) => {
            let message = panic_message(&*payload);
            tracing::error!(%path, panic = message.as_str(), "a handler panicked; answering 500");
            server_error(&state.site.live(), &path)
        }
    }
}
