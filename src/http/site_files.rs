//! The site-wide files for crawlers and browsers, built at start-up (`seo::SiteFiles`) and served
//! with the same validators and codings as pages.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::respond::encoded;
use crate::state::AppState;

pub async fn sitemap(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    encoded(&headers, StatusCode::OK, "application/xml", &state.files.sitemap)
}

pub async fn robots(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    encoded(&headers, StatusCode::OK, "text/plain; charset=utf-8", &state.files.robots)
}

pub async fn manifest(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    encoded(&headers, StatusCode::OK, "application/manifest+json", &state.files.manifest)
}
