//! Pages (server-rendered documents) and their route data as JSON for client-side navigation. Both
//! resolve a path the same way, once (`resolve`): a redirect to a page's registered path, a known
//! page, or the not-found page with status 404.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::Response;

use super::error::HttpError;
use super::redirects;
use super::respond::{accepted_coding, encoded, shared_caching};
use crate::app::state::AppState;
use crate::base::encoding::Encoded;
use crate::pages::key::PageKey;
use crate::routes::Route;
use crate::site::snapshot::Snapshot;

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
const JSON: HeaderValue = HeaderValue::from_static("application/json");
/// Where client-side navigation fetches a page's data: `/_data` then the page's path.
const DATA_PREFIX: &str = "/_data";

/// What a path names on `site`.
enum Resolution {
    /// Another path is the page's registered one (an alias, a trailing slash): 301 there.
    Redirect(String),
    /// A page, the not-found page included.
    Page(Route),
}

fn resolve(site: &Snapshot, path: &str) -> Resolution {
    match redirects::target(&site.routes, path) {
        Some(target) => Resolution::Redirect(target),
        None => Resolution::Page(site.routes.resolve(path)),
    }
}

fn status(route: Route) -> StatusCode {
    if route.is_not_found() {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::OK
    }
}

/// Any path not matched by another route. The query string changes only the blog list (its search,
/// category, view and page).
pub async fn page(State(state): State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Result<Response, HttpError> {
    let site = state.site.for_request();
    let route = match resolve(&site, uri.path()) {
        Resolution::Redirect(target) => return redirects::moved_permanently(&target, uri.query()),
        Resolution::Page(route) => route,
    };
    let key = PageKey::read(&site.content, route, uri.query());
    let page = state.site.renderer().page(&site, key, &[accepted_coding(&headers)]).await?;
    Ok(encoded(&headers, page.status, HTML, caching(&state, &site), &page.html))
}

/// Caching for what is made from `site`: kept by shared caches until its pages change.
pub(super) fn caching(state: &AppState, site: &Snapshot) -> HeaderValue {
    shared_caching(site.date, state.site.clock.now(), state.settings.shared_max_age)
}

pub async fn home_data(state: State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Result<Response, HttpError> {
    route_data(state, "/", uri.query(), headers).await
}

pub async fn data(
    state: State<Arc<AppState>>,
    Path(path): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, HttpError> {
    route_data(state, &format!("/{path}"), uri.query(), headers).await
}

/// The same data the page was rendered with and its head (`Navigation`), taken from the stored page
/// when there is one. A path the document would redirect redirects here too, to the target's data,
/// so the client learns the page's registered path. The query is ignored otherwise: the blog list
/// computes its state from these data in the browser.
async fn route_data(
    State(state): State<Arc<AppState>>,
    path: &str,
    query: Option<&str>,
    headers: HeaderMap,
) -> Result<Response, HttpError> {
    let site = state.site.for_request();
    let route = match resolve(&site, path) {
        Resolution::Redirect(target) => {
            let target = if target == "/" { format!("{DATA_PREFIX}/") } else { format!("{DATA_PREFIX}{target}") };
            return redirects::moved_permanently(&target, query);
        }
        Resolution::Page(route) => route,
    };
    let caching = caching(&state, &site);
    if let Some(page) = site.pages.get(&PageKey::route(route)) {
        return Ok(encoded(&headers, status(route), JSON, caching, &page.navigation));
    }
    let body = Encoded::with(state.site.renderer().navigation(&site, route)?, &[accepted_coding(&headers)]);
    Ok(encoded(&headers, status(route), JSON, caching, &body))
}
