//! The site-wide files for crawlers and browsers, built with each snapshot (`seo::SiteFiles`) and served
//! with the same validators and codings as pages (and their caching, but for the service worker's).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

use super::pages::caching;
use super::respond::encoded;
use crate::app::state::AppState;

pub async fn sitemap(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.site.for_request();
    encoded(
        &headers,
        StatusCode::OK,
        HeaderValue::from_static("application/xml"),
        caching(&state, &site),
        &site.files.sitemap,
    )
}

pub async fn robots(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.site.for_request();
    encoded(
        &headers,
        StatusCode::OK,
        HeaderValue::from_static("text/plain; charset=utf-8"),
        caching(&state, &site),
        &site.files.robots,
    )
}

pub async fn manifest(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.site.for_request();
    encoded(
        &headers,
        StatusCode::OK,
        HeaderValue::from_static("application/manifest+json"),
        caching(&state, &site),
        &site.files.manifest,
    )
}

/// `/sw.js`: revalidated on every visit (`no-cache`), so a new build or content edit reaches the visitor's
/// worker at their next page load; unchanged, it costs a 304.
pub async fn worker(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.site.for_request();
    let caching = HeaderValue::from_static("no-cache");
    encoded(
        &headers,
        StatusCode::OK,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
        caching,
        &site.files.worker,
    )
}
