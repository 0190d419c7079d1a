//! The site is read-only: GET and HEAD, and 405 for anything else.

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub async fn only_get_and_head(request: Request, next: Next) -> Response {
    if request.method() == Method::GET || request.method() == Method::HEAD {
        return next.run(request).await;
    }
    (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, HeaderValue::from_static("GET, HEAD"))], "Method Not Allowed\n")
        .into_response()
}
