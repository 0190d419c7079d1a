//! Pages (server-rendered documents) and their route data as JSON for client-side navigation.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};

use super::redirects;
use super::respond::{accepted_coding, encoded, RETRY_AFTER};
use crate::error_page::error_document;
use crate::i18n;
use crate::lang::Lang;
use crate::routes::Navigation;
use crate::ssr::RenderError;
use crate::state::AppState;

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// Any path not matched by another route: a redirect to a page's registered path, a known page, or
/// the not-found page with status 404. The query string changes only the blog list (its search,
/// category, view and page).
pub async fn page(State(state): State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Response {
    if let Some(target) = redirects::target(&state.routes, uri.path()) {
        return redirects::moved_permanently(&target, uri.query());
    }
    let route = state.routes.resolve(uri.path());
    match state.page_for(route, uri.query(), &[accepted_coding(&headers)]).await {
        Ok(page) => encoded(&headers, page.status, HTML, &page.html),
        Err(error) => render_failed(&state, uri.path(), &error),
    }
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
    let route = state.routes.resolve(path);
    let today = state.clock.today();
    let status = if route.is_not_found() { StatusCode::NOT_FOUND } else { StatusCode::OK };
    if let Some(page) = state.cache.get(route, today) {
        return encoded(&headers, status, JSON, &page.navigation);
    }
    let data = state.data(route, today);
    match serde_json::to_string(&Navigation { head: &state.seo_head(&data), data: &data }) {
        Ok(json) => {
            encoded(&headers, status, JSON, &crate::encoding::Encoded::with(json, &[accepted_coding(&headers)]))
        }
        Err(e) => {
            tracing::error!(%path, error = %e, "cannot serialise route data");
            (StatusCode::INTERNAL_SERVER_ERROR, "route data unavailable").into_response()
        }
    }
}

/// The error page in the language of the edition the path belongs to.
fn render_failed(state: &AppState, path: &str, error: &RenderError) -> Response {
    let content = state.content.get(Lang::of_path(path).0);
    let words = i18n::words(content.lang);
    if *error == RenderError::Busy {
        tracing::warn!(%path, "render queue full; answering 503");
        let body = error_document(content, &words.busy_heading, &words.busy_message);
        let retry = [(header::RETRY_AFTER, RETRY_AFTER)];
        return (StatusCode::SERVICE_UNAVAILABLE, retry, Html(body)).into_response();
    }
    tracing::error!(%path, %error, "render failed");
    server_error(state, path)
}

/// 500 with the error page in the path's language, never stored.
pub(super) fn server_error(state: &AppState, path: &str) -> Response {
    let content = state.content.get(Lang::of_path(path).0);
    let words = i18n::words(content.lang);
    let body = error_document(content, &words.failed_heading, &words.failed_message);
    (StatusCode::INTERNAL_SERVER_ERROR, [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], Html(body))
        .into_response()
}
