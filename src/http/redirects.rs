//! Permanent redirects to a page's registered path (docs/decisions.md): the old or alternative links of a
//! page, and any known path written with a trailing slash, in every edition (`/hi/about/` and
//! `/hi/blog/understanding-stress-management` too). Path case is kept: `/About` is not a page and
//! answers 404, so no redirect can loop between two spellings.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use super::error::HttpError;
use crate::i18n::Lang;
use crate::routes::RouteTable;

/// Links that name a page by another path (English paths; each edition has them under its prefix):
/// the home page's service cards, and the stress and sleep articles' own declared links (spec section 2).
pub const ALIASES: [(&str, &str); 3] = [
    ("/services/child-adolescent-psychiatry", "/services/child-and-adolescent-psychiatry"),
    ("/blog/understanding-stress-management", "/blog/stress-affects-health"),
    ("/blog/understanding-sleep-disorders", "/blog/sleep-disorder-treatment"),
];
/// Browsers keep a 301 for as long as they are told, or forever: a day bounds the cost of a mistake.
pub(super) const REDIRECT_CACHE: HeaderValue = HeaderValue::from_static("public, max-age=86400");

/// The registered path a request path is sent to, if it is an alias or a page's path (or an alias)
/// with trailing slashes. Only paths that resolve to a page are returned, in one step, so unknown
/// paths stay plain 404s and `//host/` can never become a redirect to another site.
pub fn target(routes: &RouteTable, path: &str) -> Option<String> {
    let trimmed = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    let (lang, english) = Lang::of_path(trimmed);
    let target = match ALIASES.iter().find(|(from, _)| *from == english) {
        Some((_, to)) => lang.path(to),
        None => trimmed.to_owned(),
    };
    (target != path && !routes.resolve(&target).is_not_found()).then_some(target)
}

/// 301 to `target` with the request's query string. The Location is a path, so the redirect stays on
/// whatever host the visitor used (SITE_URL may name a proxy in front of this server).
pub fn moved_permanently(target: &str, query: Option<&str>) -> Result<Response, HttpError> {
    let location = HeaderValue::try_from(location(target, query))
        .map_err(|_| HttpError::Refused(StatusCode::BAD_REQUEST, "Bad Request"))?;
    let headers = [(header::LOCATION, location), (header::CACHE_CONTROL, REDIRECT_CACHE)];
    Ok((StatusCode::MOVED_PERMANENTLY, headers).into_response())
}

/// The bytes a URI cannot hold raw, as a browser encodes them (the WHATWG query and path percent-encode
/// sets; `percent-encoding` adds all non-ASCII): hyper lets raw UTF-8 through in a request's target,
/// but a Location must be a URI reference (RFC 9110, 10.2.2). The encoded form decodes to the same text.
const QUERY: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'#').add(b'<').add(b'>');
const PATH: &AsciiSet = &QUERY.add(b'?').add(b'`').add(b'{').add(b'}');

/// `path` and `query` as the target of a Location.
pub fn location(path: &str, query: Option<&str>) -> String {
    let path = utf8_percent_encode(path, PATH);
    match query.filter(|q| !q.is_empty()) {
        Some(query) => format!("{path}?{}", utf8_percent_encode(query, QUERY)),
        None => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::fixture;

    #[test]
    fn a_location_percent_encodes_what_a_uri_cannot_hold_and_keeps_what_is_encoded() {
        assert_eq!(location("/blogs", Some("q=é x&page=2")), "/blogs?q=%C3%A9%20x&page=2");
        assert_eq!(location("/blog/é", Some("q=%C3%A9")), "/blog/%C3%A9?q=%C3%A9");
        assert_eq!(location("/about", Some("")), "/about");
    }

    fn routes() -> RouteTable {
        RouteTable::new(&fixture())
    }

    #[test]
    fn aliases_and_trailing_slashes_lead_to_a_page_in_one_step() {
        let routes = routes();
        for lang in [Lang::En, Lang::Hi] {
            for (from, to) in ALIASES.map(|(from, to)| (lang.path(from), lang.path(to))) {
                assert!(!routes.resolve(&to).is_not_found(), "{to} is a page");
                assert!(routes.resolve(&from).is_not_found(), "{from} is not a page of its own");
                assert_eq!(target(&routes, &from).as_ref(), Some(&to));
                assert_eq!(target(&routes, &format!("{from}/")), Some(to));
            }
        }
        let target = |path| target(&routes, path);
        assert_eq!(target("/about/").as_deref(), Some("/about"));
        assert_eq!(target("/blog/paranoia//").as_deref(), Some("/blog/paranoia"));
        assert_eq!(target("//").as_deref(), Some("/"));
        assert_eq!(target("/hi/").as_deref(), Some("/hi"));
        assert_eq!(target("/hi/about/").as_deref(), Some("/hi/about"));
    }

    #[test]
    fn pages_unknown_paths_and_other_cases_are_not_redirected() {
        let routes = routes();
        for path in [
            "/",
            "/about",
            "/blogs",
            "/About",
            "/About/",
            "/no/such/page/",
            "//evil.example/",
            "/blog/",
            "/hi",
            "/hi/nothing/",
            "/HI/",
        ] {
            assert_eq!(target(&routes, path), None, "{path}");
        }
    }
}
