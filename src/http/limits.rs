//! What a request may be, checked before any handler runs: the site is read-only (GET and HEAD,
//! without a body), its request targets are short, and every answer comes within a time limit.
//! The limits on the connection itself (header read time and size) are in `server.rs`.

use std::time::Duration;

use axum::body::HttpBody as _;
use axum::extract::Request;
use axum::http::{header, Method, StatusCode, Version};
use axum::middleware::Next;
use axum::response::Response;

use super::error::HttpError;

/// The longest path answered. The site's longest is an article's (about 60 bytes); 2 KiB leaves
/// room for any link a person or a crawler could have, and refuses the rest with 414.
pub const MAX_PATH_BYTES: usize = 2 << 10;
/// The longest query answered: room for a long blog search plus a campaign's tracking parameters.
pub const MAX_QUERY_BYTES: usize = 2 << 10;
/// The blog list reads four parameters and tracking links add up to about ten; more is not a link
/// anyone shared, and each one costs parsing.
pub const MAX_QUERY_PARAMS: usize = 32;
/// Longest time from a request's head to its response. A render waits behind at most a full queue
/// and takes at most its deadline (2 s by default); past this the visitor is better served by
/// "try again" (503 with Retry-After) than by a spinner.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Refuses what this site never serves, then answers within `REQUEST_TIMEOUT`.
///
/// A request body is refused (413) rather than ignored: GET and HEAD bodies have no meaning
/// (RFC 9110, 9.3.1), and refusing before reading means the server never buffers one (hyper skips
/// what has already arrived of it, or closes the connection).
pub async fn admit(request: Request, next: Next) -> Result<Response, HttpError> {
    if let Some(refusal) = refusal(&request) {
        return Err(refusal);
    }
    tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await.map_err(|_| HttpError::Timeout(REQUEST_TIMEOUT))
}

fn refusal(request: &Request) -> Option<HttpError> {
    // RFC 9112, 3.2: an HTTP/1.1 request names exactly one Host; HTTP/1.0 may leave it out.
    let hosts = request.headers().get_all(header::HOST).iter().count();
    if hosts > 1 || (hosts == 0 && request.version() == Version::HTTP_11) {
        return Some(HttpError::Refused(StatusCode::BAD_REQUEST, "Bad Request: one Host header is required"));
    }
    let uri = request.uri();
    if uri.path().len() > MAX_PATH_BYTES || uri.query().is_some_and(|q| q.len() > MAX_QUERY_BYTES) {
        return Some(HttpError::Refused(StatusCode::URI_TOO_LONG, "URI Too Long"));
    }
    if uri.query().is_some_and(|q| q.split('&').count() > MAX_QUERY_PARAMS) {
        return Some(HttpError::Refused(StatusCode::BAD_REQUEST, "Too many query parameters"));
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return Some(HttpError::Refused(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed"));
    }
    // A body with no length (chunked) has no upper bound; `Content-Length: 0` is no body.
    if request.body().size_hint().upper() != Some(0) {
        return Some(HttpError::Refused(StatusCode::PAYLOAD_TOO_LARGE, "Content Too Large"));
    }
    None
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::routing::get;
    use axum::{middleware, Router};
    use tower::ServiceExt as _;

    use super::*;

    fn app() -> Router {
        Router::new()
            .route("/slow", get(|| async { std::future::pending::<&str>().await }))
            .fallback(|| async { "ok" })
            .layer(middleware::from_fn(admit))
    }

    async fn status(request: Request<Body>) -> StatusCode {
        app().oneshot(request).await.unwrap().status()
    }

    fn request(method: &str, uri: &str, body: Body) -> Request<Body> {
        Request::builder().method(method).uri(uri).header("host", "clinic.test").body(body).unwrap()
    }

    fn get_request(uri: &str) -> Request<Body> {
        request("GET", uri, Body::empty())
    }

    #[tokio::test]
    async fn long_targets_and_many_parameters_are_refused() {
        assert_eq!(status(get_request(&format!("/{}", "a".repeat(MAX_PATH_BYTES - 1)))).await, StatusCode::OK);
        assert_eq!(status(get_request(&format!("/{}", "a".repeat(MAX_PATH_BYTES)))).await, StatusCode::URI_TOO_LONG);
        let query = format!("/?q={}", "a".repeat(MAX_QUERY_BYTES - 2));
        assert_eq!(status(get_request(&query)).await, StatusCode::OK);
        assert_eq!(status(get_request(&format!("{query}a"))).await, StatusCode::URI_TOO_LONG);
        let params = |n: usize| format!("/?{}", vec!["a=1"; n].join("&"));
        assert_eq!(status(get_request(&params(MAX_QUERY_PARAMS))).await, StatusCode::OK);
        assert_eq!(status(get_request(&params(MAX_QUERY_PARAMS + 1))).await, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn only_get_and_head_without_a_body_are_served() {
        assert_eq!(status(request("HEAD", "/", Body::empty())).await, StatusCode::OK);
        let refused = app().oneshot(request("DELETE", "/", Body::empty())).await.unwrap();
        assert_eq!(refused.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(refused.headers()["allow"], "GET, HEAD");
        assert_eq!(status(request("GET", "/", Body::from("x"))).await, StatusCode::PAYLOAD_TOO_LARGE);
        let unsized_body = Body::from_stream(futures_util::stream::iter([Ok::<_, std::io::Error>("x")]));
        assert_eq!(status(request("GET", "/", unsized_body)).await, StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[tokio::test]
    async fn http_1_1_requests_name_exactly_one_host() {
        let without = Request::get("/").body(Body::empty()).unwrap();
        assert_eq!(status(without).await, StatusCode::BAD_REQUEST);
        let mut twice = get_request("/");
        twice.headers_mut().append("host", axum::http::HeaderValue::from_static("other.test"));
        assert_eq!(status(twice).await, StatusCode::BAD_REQUEST);
        let old = Request::get("/").version(Version::HTTP_10).body(Body::empty()).unwrap();
        assert_eq!(status(old).await, StatusCode::OK);
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_that_takes_too_long_is_answered_503() {
        let started = tokio::time::Instant::now();
        let response = app().oneshot(get_request("/slow")).await.unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["retry-after"], "2");
        assert_eq!(started.elapsed(), REQUEST_TIMEOUT);
    }
}
