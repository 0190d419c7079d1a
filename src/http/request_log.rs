//! One log line per request (method, path, status and time taken), and the request metrics.
//!
//! A single event rather than tower-http's TraceLayer span-per-request: building and formatting a
//! span for every request cost about a fifth of the cached pages' throughput (bench/RESULTS.md).

use std::time::Instant;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

use crate::base::metrics;

pub async fn log_request(request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    let (status, elapsed) = (response.status().as_u16(), start.elapsed());
    let kind = response.extensions().get::<metrics::Kind>().copied().unwrap_or(metrics::Kind::Page);
    metrics::request(kind, status, elapsed);
    tracing::info!(target: "request", %method, %path, status, micros = elapsed.as_micros() as u64);
    response
}
