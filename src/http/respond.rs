//! Turning a prepared body into a response: coding negotiation, validators, caching headers.

use std::borrow::Cow;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::Response;

use chrono::{DateTime, NaiveDate, Utc};

use crate::base::clock::{local_date, until_next_local_midnight};
use crate::base::encoding::{negotiate, Coding, Encoded};

/// How long past that a shared cache may answer with its copy while it revalidates in the background.
pub const STALE_WHILE_REVALIDATE_SECONDS: u64 = 30;
/// How long past that a shared cache may answer with its copy while every server is failing.
pub const STALE_IF_ERROR_SECONDS: u64 = 86_400;
/// For answers that must never be stored: errors, and the pages of a failed render.
pub const NO_STORE: HeaderValue = HeaderValue::from_static("no-store");
/// Seconds a client should wait before retrying when the server is too busy (503).
pub const RETRY_AFTER: HeaderValue = HeaderValue::from_static("2");

pub fn accepted_coding(request: &HeaderMap) -> Coding {
    negotiate(list_field(request, header::ACCEPT_ENCODING).as_deref())
}

/// A list header's field lines as one list: a client or proxy may split a list over several lines,
/// which mean the lines joined by commas (RFC 9110, 5.3), so `*` on one line and `br;q=0` on the next
/// refuses br. None when absent, or when a line is not text.
fn list_field(request: &HeaderMap, name: HeaderName) -> Option<Cow<'_, str>> {
    let mut lines = request.get_all(name).into_iter();
    let first = lines.next()?.to_str().ok()?;
    lines.try_fold(Cow::Borrowed(first), |list, line| Some(Cow::Owned(format!("{list},{}", line.to_str().ok()?))))
}

/// Caching for answers made from the content for the clinic's date `pages_date`. Browsers revalidate
/// every time (`max-age=0`, answered 304 by ETag); a shared cache keeps them for up to
/// `shared_max_age` seconds (`SHARED_MAX_AGE`), but never past the clinic's next midnight (when the
/// pages change), and not at all once that has passed and the new day's pages are still being rendered.
pub fn shared_caching(pages_date: NaiveDate, now: DateTime<Utc>, shared_max_age: u64) -> HeaderValue {
    let fresh =
        if local_date(now) == pages_date { until_next_local_midnight(now).as_secs().min(shared_max_age) } else { 0 };
    let value = format!(
        "max-age=0, s-maxage={fresh}, stale-while-revalidate={STALE_WHILE_REVALIDATE_SECONDS}, \
         stale-if-error={STALE_IF_ERROR_SECONDS}"
    );
    HeaderValue::try_from(value).expect("ASCII digits and words")
}

/// The body in the best prepared coding, or 304 when the client already holds it.
pub fn encoded(
    request: &HeaderMap,
    status: StatusCode,
    content_type: HeaderValue,
    caching: HeaderValue,
    body: &Encoded,
) -> Response {
    let (coding, bytes) = body.select(accepted_coding(request));
    let not_modified =
        status == StatusCode::OK && list_field(request, header::IF_NONE_MATCH).is_some_and(|tags| body.matches(&tags));
    let mut response = Response::builder()
        .status(if not_modified { StatusCode::NOT_MODIFIED } else { status })
        .header(header::ETAG, body.etag(coding))
        .header(header::CACHE_CONTROL, caching)
        .header(header::VARY, "Accept-Encoding");
    if not_modified {
        return response.body(Body::empty()).expect("valid response");
    }
    response = response.header(header::CONTENT_TYPE, content_type);
    if let Some(value) = coding.header() {
        response = response.header(header::CONTENT_ENCODING, value);
    }
    response.body(Body::from(bytes)).expect("valid response")
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hour: u32, minute: u32, second: u32) -> DateTime<Utc> {
        // 2026-11-23 in Patna (UTC+05:30).
        Utc.with_ymd_and_hms(2026, 11, 22, 18, 30, 0).unwrap()
            + chrono::Duration::seconds(i64::from(hour * 3600 + minute * 60 + second))
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn a_shared_cache_keeps_todays_pages_a_minute_but_never_past_midnight() {
        let value = |now| shared_caching(day(23), now, 60).to_str().unwrap().to_owned();
        assert_eq!(value(at(10, 0, 0)), "max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400");
        assert!(value(at(23, 59, 15)).starts_with("max-age=0, s-maxage=45,"));
        // Past midnight, yesterday's pages are served until today's are ready: not stored at all.
        assert!(shared_caching(day(22), at(0, 0, 1), 60).to_str().unwrap().starts_with("max-age=0, s-maxage=0,"));
    }
}
