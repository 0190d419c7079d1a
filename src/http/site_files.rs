//! The site-wide files for crawlers and browsers, built with each snapshot (`seo::SiteFiles`) and served
//! with the same validators, codings and caching as pages.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::pages::caching;
use super::respond::encoded;
use crate::state::AppState;

pub async fn sitemap(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.snapshot();
    encoded(&headers, StatusCode::OK, "application/xml", caching(&state, &site), &site.files.sitemap)
}

pub async fn robots(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.snapshot();
    encoded(&headers, StatusCode::OK, "text/plain; charset=utf-8", caching(&state, &site), &site.files.robots)
}

pub async fn manifest(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let site = state.snapshot();
    encoded(&headers, StatusCode::OK, "application/manifest+json", caching(&state, &site), &site.files.manifest)
}
