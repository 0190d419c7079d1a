//! Hashed client assets and image copies (immutable), the content's images and the favicon.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::error::HttpError;
use super::respond::{accepted_coding, encoded};
use crate::app::state::AppState;
use crate::base::encoding::Coding;
use crate::embedded::assets::client_asset;
use crate::embedded::images::{generated_file, generated_url};

const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// An image asked for without its current version: its bytes may change under that URL.
const IMAGE_CACHE: HeaderValue = HeaderValue::from_static("public, max-age=86400");

fn content_type(name: &str) -> HeaderValue {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let value = match mime.type_() {
        mime_guess::mime::TEXT | mime_guess::mime::APPLICATION
            if mime.get_param("charset").is_none() && mime.subtype() != "octet-stream" =>
        {
            format!("{mime}; charset=utf-8")
        }
        _ => mime.to_string(),
    };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

/// `/assets/<name>`: served in the precompressed twin the client accepts best.
pub async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Result<Response, HttpError> {
    if name.ends_with(".br") || name.ends_with(".gz") {
        return Err(HttpError::NotFound);
    }
    let identity = client_asset(&name).ok_or(HttpError::NotFound)?;
    let coding = accepted_coding(&headers);
    let (coding, body) = match coding {
        Coding::Brotli | Coding::Gzip => {
            let suffix = if coding == Coding::Brotli { "br" } else { "gz" };
            match client_asset(&format!("{name}.{suffix}")) {
                Some(compressed) => (coding, compressed),
                None => (Coding::Identity, identity),
            }
        }
        Coding::Identity => (Coding::Identity, identity),
    };
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type(&name)),
            (header::CACHE_CONTROL, IMMUTABLE),
            (header::VARY, HeaderValue::from_static("Accept-Encoding")),
        ],
        body.into_owned(),
    )
        .into_response();
    if let Some(value) = coding.header() {
        response.headers_mut().insert(header::CONTENT_ENCODING, value);
    }
    Ok(response)
}

/// `/images/<path>`: the content's image files, as the live snapshot loaded them (`ImageFiles`), so a
/// request reads no file and the bytes always match the pages served. The pages ask for `?v=<version
/// of the bytes>` (`Content::version_image_urls`): that URL never changes its bytes, so it is
/// immutable; any other (an old version, none) is the current file, cached for a day.
/// SVG goes brotli or gzip compressed, as the client accepts, prepared once (`ImageFile::encoded`).
pub async fn image(
    State(state): State<Arc<AppState>>,
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, HttpError> {
    let snapshot = state.site.for_request();
    let file = snapshot.content.en.images.get(&format!("images/{path}")).ok_or(HttpError::NotFound)?;
    let current = query.as_deref().and_then(|q| q.strip_prefix("v=")) == Some(file.version());
    let cache = if current { IMMUTABLE } else { IMAGE_CACHE };
    Ok(encoded(&headers, StatusCode::OK, content_type(&path), cache, file.encoded()))
}

/// `/img/<name>`: a copy the build made of a content image (`crate::embedded::images`), named by its source's
/// hash, so it never changes under its name. Image formats are compressed already: sent as they are.
pub async fn generated_image(Path(name): Path<String>) -> Result<Response, HttpError> {
    let bytes = generated_file(&name).ok_or(HttpError::NotFound)?;
    Ok(([(header::CONTENT_TYPE, content_type(&name)), (header::CACHE_CONTROL, IMMUTABLE)], bytes.into_owned())
        .into_response())
}

/// `/favicon.ico`, which browsers and crawlers ask for without reading the page: the logo's 32 px icon.
pub async fn favicon(State(state): State<Arc<AppState>>) -> Result<Response, HttpError> {
    let site = state.site.for_request();
    let icon = site.content.en.site.logo.icons().and_then(|icons| generated_url(&icons.favicon));
    let bytes = icon.ok_or(HttpError::NotFound)?;
    let headers = [(header::CONTENT_TYPE, content_type("favicon.ico")), (header::CACHE_CONTROL, IMAGE_CACHE)];
    Ok((headers, bytes.into_owned()).into_response())
}
