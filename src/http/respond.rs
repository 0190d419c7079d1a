//! Turning a prepared body into a response: coding negotiation, validators, caching headers.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

use crate::encoding::{negotiate, Coding, Encoded};

/// HTML and route data change when the content or the date does: revalidate each time.
pub const REVALIDATE: HeaderValue = HeaderValue::from_static("no-cache");
/// Seconds a client should wait before retrying when the server is too busy (503).
pub const RETRY_AFTER: HeaderValue = HeaderValue::from_static("2");

pub fn accepted_coding(request: &HeaderMap) -> Coding {
    negotiate(request.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()))
}

/// The body in the best prepared coding, or 304 when the client already holds it.
pub fn encoded(request: &HeaderMap, status: StatusCode, content_type: &'static str, body: &Encoded) -> Response {
    let (coding, bytes) = body.select(accepted_coding(request));
    let not_modified = status == StatusCode::OK
        && request.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|tag| body.matches(tag));
    let mut response = Response::builder()
        .status(if not_modified { StatusCode::NOT_MODIFIED } else { status })
        .header(header::ETAG, body.etag(coding))
        .header(header::CACHE_CONTROL, REVALIDATE)
        .header(header::VARY, "Accept-Encoding");
    if not_modified {
        return response.body(Body::empty()).expect("valid response");
    }
    response = response.header(header::CONTENT_TYPE, content_type);
    if let Some(value) = coding.header() {
        response = response.header(header::CONTENT_ENCODING, value);
    }
    response.body(Body::from(bytes)).expect("valid response")
}
