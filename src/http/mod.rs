//! The HTTP surface: pages, their data for client-side navigation, redirects, static files, the
//! sitemap, robots.txt, web app manifest and service worker, health checks; the limits on requests, the security
//! headers on every response, and the server loop.

pub(crate) mod connections;
mod error;
pub mod limits;
pub mod metrics_listener;
mod pages;
mod panics;
mod proxy;
pub mod redirects;
mod request_log;
mod respond;
pub(crate) mod security;
pub mod server;
mod site_files;
mod static_files;

pub use connections::Connections;
pub use error::HttpError;
pub use security::sha256_base64;

use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::{extract::State, middleware, Router};

use crate::app::state::AppState;
use crate::base::metrics::Kind;
use crate::seo::manifest::MANIFEST_PATH;
use crate::seo::service_worker::WORKER_PATH;
use crate::seo::sitemap::SITEMAP_PATH;

/// Every route, behind a catch for panics (innermost: a handler's panic is a 500 page), the request limits,
/// the one place that logs errors and writes their pages (`error`),
/// the upgrade of requests a TLS proxy received over http (all logged, refusals and redirects included),
/// and the security headers (outermost, so every response carries them).
pub fn router(state: Arc<AppState>) -> Router {
    let security = Arc::new(security::SecurityHeaders::new(state.settings.hsts));
    let health = Router::new().route("/healthz", get(|| async { "ok" })).route("/readyz", get(readyz));
    let assets = Router::new().route("/assets/{file}", get(static_files::asset));
    let images = Router::new()
        .route("/images/{*path}", get(static_files::image))
        .route("/img/{file}", get(static_files::generated_image))
        .route("/favicon.ico", get(static_files::favicon));
    let site_files = Router::new()
        .route(SITEMAP_PATH, get(site_files::sitemap))
        .route("/robots.txt", get(site_files::robots))
        .route(MANIFEST_PATH, get(site_files::manifest))
        .route(WORKER_PATH, get(site_files::worker));
    let data = Router::new().route("/_data/", get(pages::home_data)).route("/_data/{*path}", get(pages::data));
    Router::new()
        .merge(of_kind(Kind::Health, health))
        .merge(of_kind(Kind::Asset, assets))
        .merge(of_kind(Kind::Image, images))
        .merge(of_kind(Kind::SiteFile, site_files))
        .merge(of_kind(Kind::Data, data))
        .fallback(pages::page)
        .layer(middleware::from_fn(panics::catch))
        .layer(middleware::from_fn(limits::admit))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), error::answer))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), proxy::upgrade_insecure))
        .layer(middleware::from_fn(request_log::log_request))
        .layer(middleware::map_response_with_state(security, security::apply))
        .with_state(state)
}

/// `routes`, whose answers carry `kind` for the request metrics (`request_log`), so the labels come
/// from the route table itself.
fn of_kind(kind: Kind, routes: Router<Arc<AppState>>) -> Router<Arc<AppState>> {
    routes.layer(middleware::map_response(move |mut response: Response| async move {
        response.extensions_mut().insert(kind);
        response
    }))
}

/// 200 once every known page has been rendered into the cache, so a load balancer sends no
/// visitor to a server that would still be rendering. It stays 200 when a content reload fails (the
/// last good content is served), and the body then says so, with each problem; it names the clinical
/// pages past their review date too (still served, with their dates).
async fn readyz(State(state): State<Arc<AppState>>) -> (StatusCode, String) {
    if !state.site.is_ready() {
        return (StatusCode::SERVICE_UNAVAILABLE, "pre-rendering\n".to_owned());
    }
    let snapshot = state.site.for_request();
    let mut body = format!("ready\ncontent version {}\n", snapshot.version());
    if let Some(problems) = state.site.reload_failure() {
        body += &format!("content reload failed: {problems}\n");
    }
    if !snapshot.overdue.is_empty() {
        body += &format!("clinical pages past their review date: {}\n", snapshot.overdue.len());
        for page in &snapshot.overdue {
            body += &format!("  {page}\n");
        }
    }
    (StatusCode::OK, body)
}
