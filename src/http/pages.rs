//! Pages (server-rendered documents) and their route data as JSON for client-side navigation.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};

use super::redirects;
use super::respond::{accepted_coding, encoded, shared_caching, NO_STORE, RETRY_AFTER};
use crate::app::state::AppState;
use crate::base::encoding::Encoded;
use crate::i18n;
use crate::i18n::Lang;
use crate::pages::error_page::error_document;
use crate::pages::key::PageKey;
use crate::routes::Navigation;
use crate::site::snapshot::Snapshot;
use crate::ssr::RenderError;

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// Any path not matched by another route: a redirect to a page's registered path, a known page, or
/// the not-found page with status 404. The query string changes only the blog list (its search,
/// category, view and page).
pub async fn page(State(state): State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Response {
    let site = state.snapshot();
    if let Some(target) = redirects::target(&site.routes, uri.path()) {
        return redirects::moved_permanently(&target, uri.query());
    }
    let key = PageKey::read(&site.content, site.routes.resolve(uri.path()), uri.query());
    match state.renderer.page(&site, key, &[accepted_coding(&headers)]).await {
        Ok(page) => encoded(&headers, page.status, HTML, caching(&state, &site), &page.html),
        Err(error) => render_failed(&site, uri.path(), &error),
    }
}

/// Caching for what is made from `site`: kept by shared caches until its pages change.
pub(super) fn caching(state: &AppState, site: &Snapshot) -> HeaderValue {
    shared_caching(site.date, state.site.clock.now(), state.settings.shared_max_age)
}

pub async fn home_data(state: State<Arc<AppState>>, headers: HeaderMap) -> Response {
    route_data(state, "/", headers).await
}

pub async fn data(state: State<Arc<AppState>>, Path(path): Path<String>, headers: HeaderMap) -> Response {
    route_data(state, &format!("/{path}"), headers).await
}

/// The same data the page was rendered with and its head (`Navigation`), taken from the cached page
/// when there is one. The query is ignored: the blog list computes its state from these data in the
/// browser.
async fn route_data(State(state): State<Arc<AppState>>, path: &str, headers: HeaderMap) -> Response {
    let site = state.snapshot();
    let route = site.routes.resolve(path);
    let status = if route.is_not_found() { StatusCode::NOT_FOUND } else { StatusCode::OK };
    if let Some(page) = site.pages.get(&PageKey::route(route)) {
        return encoded(&headers, status, JSON, caching(&state, &site), &page.navigation);
    }
    let data = state.renderer.data(&site, route);
    match serde_json::to_string(&Navigation { head: &state.renderer.seo_head(&site, &data, None), data: &data }) {
        Ok(json) => {
            let body = Encoded::with(json, &[accepted_coding(&headers)]);
            encoded(&headers, status, JSON, caching(&state, &site), &body)
        }
        Err(e) => {
            tracing::error!(%path, error = %e, "cannot serialise route data");
            (StatusCode::INTERNAL_SERVER_ERROR, [(header::CACHE_CONTROL, NO_STORE)], "route data unavailable")
                .into_response()
        }
    }
}

/// The error page in the language of the edition the path belongs to; never stored by any cache.
fn render_failed(site: &Snapshot, path: &str, error: &RenderError) -> Response {
    let content = site.content.get(Lang::of_path(path).0);
    let words = i18n::words(content.lang);
    if matches!(error, RenderError::Busy) {
        tracing::warn!(%path, "render queue full; answering 503");
        crate::base::metrics::render_refused();
        let body = error_document(content, &words.busy_heading, &words.busy_message);
        let headers = [(header::RETRY_AFTER, RETRY_AFTER), (header::CACHE_CONTROL, NO_STORE)];
        return (StatusCode::SERVICE_UNAVAILABLE, headers, Html(body)).into_response();
    }
    tracing::error!(%path, %error, "render failed");
    server_error(site, path)
}

/// 500 with the error page in the path's language, never stored.
pub(super) fn server_error(site: &Snapshot, path: &str) -> Response {
    let content = site.content.get(Lang::of_path(path).0);
    let words = i18n::words(content.lang);
    let body = error_document(content, &words.failed_heading, &words.failed_message);
    (StatusCode::INTERNAL_SERVER_ERROR, [(header::CACHE_CONTROL, NO_STORE)], Html(body)).into_response()
}
