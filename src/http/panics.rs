//! A panic in a handler answers 500 (`HttpError::Panicked`: the error page in the path's language),
//! instead of dropping the visitor's connection; the server, its caches and the next request carry on (its locks do not
//! poison: `unwrap_or_else(into_inner)` throughout).

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use futures_util::FutureExt as _;
use std::panic::AssertUnwindSafe;

use super::error::HttpError;
use crate::base::panic_message::panic_message;

pub async fn catch(request: Request, next: Next) -> Result<Response, HttpError> {
    AssertUnwindSafe(next.run(request))
        .catch_unwind()
        .await
        .map_err(|payload| HttpError::Panicked(panic_message(&*payload)))
}
