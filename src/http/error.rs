//! Every error the server answers, as one type (`HttpError`) that handlers and layers return, and the
//! one layer (`answer`) that logs each error once, with its cause, and writes the error page in the
//! language of the edition the path belongs to. An error answer is never stored by any cache.
//!
//! This is axum's error-handling pattern: the error rides on its response as an extension, so the
//! response's status and headers are decided where the error happens and the page and the log in one
//! place that holds the site.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::respond::{NO_STORE, RETRY_AFTER};
use crate::app::state::AppState;
use crate::base::metrics;
use crate::i18n::{self, Lang};
use crate::pages::error_document;
use crate::ssr::RenderError;

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The render queue is full: try again in a moment (503, the busy page).
    #[error("render queue full")]
    Busy,
    /// No answer within the request's time limit (503, the busy page).
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// A page or its data could not be made (500, the error page).
    #[error("render failed")]
    RenderFailed(#[source] RenderError),
    /// A handler panicked; its panic was caught (500, the error page).
    #[error("a handler panicked: {0}")]
    Panicked(String),
    /// No such file (404, plain text: a page's 404 is the site's own not-found page, not an error).
    #[error("not found")]
    NotFound,
    /// A request this site does not serve (400, 405, 413, 414; plain text).
    #[error("{1}")]
    Refused(StatusCode, &'static str),
}

impl From<RenderError> for HttpError {
    fn from(error: RenderError) -> Self {
        match error {
            RenderError::Busy => Self::Busy,
            error => Self::RenderFailed(error),
        }
    }
}

/// The error pages' two kinds, by what the visitor should do.
enum Page {
    /// Try again in a moment.
    Busy,
    /// Something broke: call, or come back later.
    Failed,
}

impl HttpError {
    fn status(&self) -> StatusCode {
        match self {
            Self::Busy | Self::Timeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::RenderFailed(_) | Self::Panicked(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::Refused(status, _) => *status,
        }
    }

    /// The page a visitor gets; refusals and missing files answer in plain text.
    fn page(&self) -> Option<Page> {
        match self {
            Self::Busy | Self::Timeout(_) => Some(Page::Busy),
            Self::RenderFailed(_) | Self::Panicked(_) => Some(Page::Failed),
            Self::NotFound | Self::Refused(..) => None,
        }
    }

    /// Logs the error with its cause; refusals and missing files are in the request log already.
    fn log(&self, path: &str) {
        match self {
            Self::Busy => {
                metrics::render_refused();
                tracing::warn!(%path, "render queue full; answering 503");
            }
            Self::Timeout(limit) => tracing::warn!(%path, "no answer within {limit:?}; answering 503"),
            Self::RenderFailed(error) => tracing::error!(%path, %error, "render failed"),
            Self::Panicked(message) => {
                tracing::error!(%path, panic = message.as_str(), "a handler panicked; answering 500")
            }
            Self::NotFound | Self::Refused(..) => {}
        }
    }
}

impl IntoResponse for HttpError {
    /// The status and headers, with a plain body; `answer` replaces the body with the error page.
    fn into_response(self) -> Response {
        let status = self.status();
        let body = match &self {
            Self::Refused(_, text) => format!("{text}\n"),
            _ => format!("{}\n", status.canonical_reason().unwrap_or("Error")),
        };
        let mut response = (status, [(header::CACHE_CONTROL, NO_STORE)], body).into_response();
        let headers = response.headers_mut();
        match self {
            Self::Busy | Self::Timeout(_) => _ = headers.insert(header::RETRY_AFTER, RETRY_AFTER),
            Self::Refused(StatusCode::METHOD_NOT_ALLOWED, _) => {
                _ = headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"))
            }
            _ => {}
        }
        response.extensions_mut().insert(Arc::new(self));
        response
    }
}

/// Logs the error an inner handler or layer answered with, and writes its page in the path's language
/// from the live content (the snapshot a failed request was answering from may be the problem's cause;
/// the live one is what a visitor would see next).
pub async fn answer(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let Some(error) = response.extensions().get::<Arc<HttpError>>().cloned() else { return response };
    error.log(&path);
    if let Some(page) = error.page() {
        let site = state.site.snapshot();
        let content = site.content.get(Lang::of_path(&path).0);
        let words = i18n::words(content.lang);
        let (heading, message) = match page {
            Page::Busy => (&words.busy_heading, &words.busy_message),
            Page::Failed => (&words.failed_heading, &words.failed_message),
        };
        let (mut parts, _) = response.into_parts();
        parts.headers.insert(header::CONTENT_TYPE, HTML);
        response = Response::from_parts(parts, Body::from(error_document(content, heading, message)));
    }
    response
}
