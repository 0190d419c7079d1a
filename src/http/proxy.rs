//! Behind a TLS-terminating proxy: when the site's public origin is https, a request the proxy received
//! over plain http (`X-Forwarded-Proto: http`) is sent to the https URL. Nothing else trusts forwarded
//! headers: they are the proxy's word, and only this one changes what a visitor gets, for the better.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::redirects::{location, REDIRECT_CACHE};
use crate::app::state::AppState;

const FORWARDED_PROTO: &str = "x-forwarded-proto";

pub async fn upgrade_insecure(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    if state.settings.site_url.is_https() && forwarded_over_http(&request) {
        let target = location(request.uri().path(), request.uri().query());
        if let Ok(location) = HeaderValue::try_from(state.settings.site_url.url(&target)) {
            let headers = [(header::LOCATION, location), (header::CACHE_CONTROL, REDIRECT_CACHE)];
            return (StatusCode::MOVED_PERMANENTLY, headers).into_response();
        }
    }
    next.run(request).await
}

/// The first proxy's word (a chain lists the client-facing hop first): `http`, whatever its case.
fn forwarded_over_http(request: &Request) -> bool {
    let Some(value) = request.headers().get(FORWARDED_PROTO).and_then(|v| v.to_str().ok()) else { return false };
    value.split(',').next().is_some_and(|first| first.trim().eq_ignore_ascii_case("http"))
}
