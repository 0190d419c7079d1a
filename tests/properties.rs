//! Property tests of every parser that reads what a visitor sends: the path (redirects and route
//! matching), the blog list's query, `Accept-Encoding` and `If-None-Match`, and the whole router.
//! Each property runs proptest's default 256 cases (a few seconds in all);
//! `PROPTEST_CASES=10000 cargo test --release --test properties` runs more.
//! Failures are not persisted to files: each defect found is kept as a plain #[test] at the end.

mod common;

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use clinic_site::base::{negotiate, Coding, Encoded};
use clinic_site::http::limits::{MAX_PATH_BYTES, MAX_QUERY_BYTES, MAX_QUERY_PARAMS};
use clinic_site::http::redirects::{self, ALIASES};
use clinic_site::i18n::Lang;
use clinic_site::pages::BlogQuery;
use clinic_site::routes::RouteTable;
use clinic_site::AppState;
use common::{fixture, header, ready_state, send};
use proptest::prelude::*;
use proptest::sample::select;

fn config() -> ProptestConfig {
    ProptestConfig { failure_persistence: None, ..ProptestConfig::default() }
}

// ---- Inputs -------------------------------------------------------------------------------------

/// The route table of the test fixture, for the properties that need no rendered pages.
fn routes() -> &'static RouteTable {
    static ROUTES: OnceLock<RouteTable> = OnceLock::new();
    ROUTES.get_or_init(|| RouteTable::new(&fixture()))
}

/// Every page's path and every old link, in both editions.
fn site_paths() -> Vec<String> {
    let pages = routes().paths().into_iter().map(|(path, _)| path.to_owned());
    let aliases = [Lang::En, Lang::Hi].into_iter().flat_map(|lang| ALIASES.map(|(from, _)| lang.path(from)));
    pages.chain(aliases).collect()
}

/// Bytes written as `%XX`: invalid UTF-8, NUL, encoded slashes and dots.
fn percent_bytes() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 1..4).prop_map(|bytes| bytes.iter().map(|b| format!("%{b:02X}")).collect())
}

/// A request path as a visitor may write it: the site's own paths and old links with trailing or
/// doubled slashes, other cases and extra segments; the blog list; segments of every byte the `http`
/// crate lets into a path (raw, percent-encoded, or malformed `%`); and paths around the 2 KiB limit.
fn request_path() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        select(&["about", "blog", "blogs", "services", "hi", "HI", "_data", "images", "assets", "img", "..", "."][..])
            .prop_map(str::to_owned),
        Just(String::new()),
        r#"[!$&'()*+,;=:@a-zA-Z0-9._~"{}\[\]\\^|-]{1,10}"#,
        percent_bytes(),
        "%[0-9a-fA-Fg]{0,2}",
        "[é😀अ-ह]{1,3}",
    ];
    let made_up = prop::collection::vec(segment.clone(), 0..6).prop_map(|segments| format!("/{}", segments.join("/")));
    let site = (select(site_paths()), prop::collection::vec(segment, 0..2), 0..3usize, any::<bool>()).prop_map(
        |(path, extra, slashes, upper)| {
            let path = if upper { path.to_uppercase() } else { path };
            let extra: String = extra.iter().map(|s| format!("/{s}")).collect();
            format!("{path}{extra}{}", "/".repeat(slashes))
        },
    );
    let long = (MAX_PATH_BYTES / 2 - 16..MAX_PATH_BYTES / 2 + 16).prop_map(|n| "/a".repeat(n));
    // The blog list reads its query: each new state of it is rendered.
    let list = select(&["/blogs", "/hi/blogs"][..]).prop_map(str::to_owned);
    prop_oneof![3 => site, 2 => list, 3 => made_up, 1 => long]
}

/// A query string with the blog list's keys (also percent-encoded or in another case) and others,
/// values of '+', percent garbage, invalid UTF-8 and raw Unicode, empty and repeated pairs, and
/// counts and lengths around the limits.
fn request_query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        select(&["q", "category", "view", "page", "%71", "Q", "q%00", "utm_source", ""][..]).prop_map(str::to_owned),
        "[a-z_]{1,8}",
    ];
    let piece = prop_oneof![
        "[a-zA-Z0-9 +]{0,12}".prop_map(|s| s.replace(' ', "+")),
        r#"[!$'()*,./:;?@\[\]\\^_`{|}~-]{1,6}"#,
        percent_bytes(),
        "%[0-9a-fA-Fg]{0,2}",
        "[é😀अ-ह]{1,3}",
        select(&["Sleep", "Mental+Health", "categories", "all", "2", "0", "-1", "999999", "1e3"][..])
            .prop_map(str::to_owned),
    ];
    let value = prop::collection::vec(piece, 0..3).prop_map(|pieces| pieces.concat());
    let pair = (key, prop::option::of(value)).prop_map(|(key, value)| match value {
        Some(value) => format!("{key}={value}"),
        None => key,
    });
    let pairs = prop::collection::vec(pair, 0..MAX_QUERY_PARAMS + 4).prop_map(|pairs| pairs.join("&"));
    let long = (MAX_QUERY_BYTES - 20..MAX_QUERY_BYTES + 4).prop_map(|n| format!("q={}", "a".repeat(n)));
    prop_oneof![8 => pairs, 1 => long]
}

/// The codings a client may name (x-gzip is gzip, RFC 9110 8.4.1.3), and others the site never sends.
const CODINGS: [&str; 8] = ["br", "gzip", "x-gzip", "identity", "*", "deflate", "zstd", "compress"];

/// An `Accept-Encoding` list as clients write it, over one or more field lines, with the entries it
/// was written from: each coding at most once, its weight in thousandths.
#[derive(Debug, Clone)]
struct AcceptEncoding {
    entries: Vec<(&'static str, u16)>,
    lines: Vec<String>,
}

impl AcceptEncoding {
    /// RFC 9110, 12.5.3: a coding is acceptable when its own entry, or without one `*`, has a weight
    /// above 0. No content coding is the answer when nothing else is (the same section's SHOULD).
    fn accepts(&self, coding: Coding) -> bool {
        let name = match coding {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
            Coding::Identity => return true,
        };
        let weight =
            |wanted: &str| self.entries.iter().find(|(n, _)| n.trim_start_matches("x-") == wanted).map(|&(_, q)| q > 0);
        weight(name).or_else(|| weight("*")).unwrap_or(false)
    }

    /// The site's preference among what the client accepts: br, then gzip, then none.
    fn best(&self) -> Coding {
        [Coding::Brotli, Coding::Gzip].into_iter().find(|&c| self.accepts(c)).unwrap_or(Coding::Identity)
    }
}

fn accept_encoding() -> impl Strategy<Value = AcceptEncoding> {
    // A coding, its weight, and how it is written: name in capitals, `Q=`, whitespace and empty list
    // elements, trailing zeros of the weight.
    let weight = prop_oneof![Just(0), Just(1000), 0..=1000u16];
    let entry = (select(&CODINGS[..]), prop::option::of(weight), any::<[bool; 4]>());
    (prop::collection::vec(entry, 0..6), 1..4usize).prop_map(|(entries, line_count)| {
        let same = |a: &str, b: &str| a.trim_start_matches("x-") == b.trim_start_matches("x-");
        let mut kept: Vec<(&'static str, u16)> = Vec::new();
        let mut items = Vec::new();
        for (name, q, [upper, big_q, spaces, zeros]) in entries {
            if kept.iter().any(|(n, _)| same(n, name)) {
                continue;
            }
            kept.push((name, q.unwrap_or(1000)));
            let mut item = if upper { name.to_uppercase() } else { name.to_owned() };
            if let Some(q) = q {
                // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
                let full = format!("{}.{:03}", q / 1000, q % 1000);
                let value = if zeros { full.as_str() } else { full.trim_end_matches('0').trim_end_matches('.') };
                let ows = if spaces { " " } else { "" };
                item = format!("{item}{ows};{ows}{}={value}", if big_q { "Q" } else { "q" });
            }
            items.push(if spaces { format!(" {item} ,") } else { item });
        }
        let lines = items.chunks(items.len().div_ceil(line_count).max(1)).map(|chunk| chunk.join(",")).collect();
        AcceptEncoding { entries: kept, lines }
    })
}

/// An `If-None-Match` list over one or more field lines, and whether it names the body whose tags are
/// `"{hash}"`, `"{hash}-br"` and `"{hash}-gz"` (strong or weak), or is `*`.
#[derive(Debug, Clone)]
struct IfNoneMatch {
    lines: Vec<String>,
    names_it: bool,
}

fn if_none_match(hash: String) -> impl Strategy<Value = IfNoneMatch> {
    let ours = {
        let hash = hash.clone();
        move |opaque: &str| ["", "-br", "-gz"].iter().any(|suffix| opaque == format!("{hash}{suffix}"))
    };
    // Another tag: opaque text (commas, `*` and `W/` included), some of it around the hash itself.
    let piece =
        prop_oneof!["[!#-~]{1,4}", select(&[",", "*", "W/", "-br"][..]).prop_map(str::to_owned), Just(hash.clone())];
    let other = prop::collection::vec(piece, 0..4).prop_map(|pieces| pieces.concat()).prop_filter("another tag", {
        let ours = ours.clone();
        move |opaque| !ours(opaque)
    });
    let own = select(&["", "-br", "-gz"][..]).prop_map(move |suffix| format!("{hash}{suffix}"));
    let tag = (prop_oneof![3 => other, 1 => own], any::<[bool; 2]>());
    let list = (prop::collection::vec(tag, 1..5), 1..3usize).prop_map(move |(tags, line_count)| {
        let names_it = tags.iter().any(|(opaque, _)| ours(opaque));
        let tags: Vec<String> = tags
            .into_iter()
            .map(|(opaque, [weak, spaces])| {
                let tag = format!("{}\"{opaque}\"", if weak { "W/" } else { "" });
                if spaces {
                    format!(" {tag} ,")
                } else {
                    tag
                }
            })
            .collect();
        let lines = tags.chunks(tags.len().div_ceil(line_count)).map(|chunk| chunk.join(",")).collect();
        IfNoneMatch { lines, names_it }
    });
    let star =
        select(&["*", " * ", "\t*"][..]).prop_map(|star| IfNoneMatch { lines: vec![star.into()], names_it: true });
    prop_oneof![9 => list, 1 => star]
}

// ---- The app, in-process ------------------------------------------------------------------------

/// The app with every page pre-rendered, built once (it renders every page through QuickJS) and
/// shared by all cases, with the runtime that serves it.
fn app() -> &'static (tokio::runtime::Runtime, Arc<AppState>) {
    static APP: OnceLock<(tokio::runtime::Runtime, Arc<AppState>)> = OnceLock::new();
    APP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        let state = runtime.block_on(ready_state());
        (runtime, state)
    })
}

/// A GET of `target` with each header line given, through the whole router.
fn get(target: &str, headers: &[(header::HeaderName, &str)]) -> Response<Body> {
    let mut request = Request::get(target).body(Body::empty()).expect("a valid request target");
    for (name, value) in headers {
        request.headers_mut().append(name, HeaderValue::from_str(value).expect("a valid header value"));
    }
    let (runtime, state) = app();
    runtime.block_on(send(state, request))
}

/// Whether `kept`, a Location's query, is the request's `query` as a URI holds it: visible ASCII
/// without a fragment, the same parameters, and the very text when `query` was that already.
fn keeps_query(kept: &str, query: &str) -> bool {
    let uri_text = |q: &str| q.bytes().all(|b| b.is_ascii_graphic() && !b"\"#<>".contains(&b));
    let same_parameters = form_urlencoded::parse(kept.as_bytes()).eq(form_urlencoded::parse(query.as_bytes()));
    uri_text(kept) && same_parameters && (kept == query || !uri_text(query))
}

/// Whether a redirect's path stays on this site: one leading '/', since browsers read `//host` and
/// `/\host` as another site.
fn same_site(path: &str) -> bool {
    path.starts_with('/') && !path.starts_with("//") && !path.contains('\\')
}

/// A path whose validators are checked (pages in both editions, the blog list, route data, site files,
/// and a 404, which is never 304), its status, and an `If-None-Match` list for the hash its ETags name.
fn validated() -> impl Strategy<Value = (&'static str, u16, IfNoneMatch)> {
    let paths = ["/", "/hi/about", "/blogs", "/blog/paranoia", "/_data/about", "/sitemap.xml", "/robots.txt", "/404"];
    let pages: Vec<(&'static str, u16, String)> = paths
        .into_iter()
        .map(|path| {
            let response = get(path, &[]);
            let etag = header(&response, "etag");
            (path, response.status().as_u16(), etag.trim_matches('"').to_owned())
        })
        .collect();
    select(pages).prop_flat_map(|(path, status, hash)| (Just(path), Just(status), if_none_match(hash)))
}

// ---- Properties ---------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// Guards: an open redirect (`//host`, `/\host`) or a redirect loop made by path normalisation,
    /// a redirect to a path that is not a page, and a page's trailing-slash form not redirected.
    #[test]
    fn redirects_lead_to_a_page_of_this_site_in_one_step(path in prop_oneof![request_path(), any::<String>()]) {
        let routes = routes();
        let trimmed = match path.trim_end_matches('/') { "" => "/", trimmed => trimmed };
        let target = redirects::target(routes, &path);
        if trimmed != path && !routes.resolve(trimmed).is_not_found() {
            prop_assert_eq!(target.as_deref(), Some(trimmed));
        }
        if let Some(target) = target {
            prop_assert!(same_site(&target), "{}", target);
            prop_assert!(!routes.resolve(&target).is_not_found(), "{} is not a page", target);
            prop_assert_eq!(redirects::target(routes, &target), None);
        }
    }

    /// Guards: a redirect that drops or changes the query, or a Location that is not a URI reference.
    #[test]
    fn a_redirect_keeps_the_query(
        target in select(site_paths()),
        query in prop_oneof![request_query(), any::<String>()],
    ) {
        let response = redirects::moved_permanently(&target, Some(&query)).expect("every query can be a Location");
        prop_assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
        let location = response.headers()[header::LOCATION].to_str().expect("visible ASCII");
        let (path, kept) = location.split_once('?').unwrap_or((location, ""));
        prop_assert_eq!(path, target.as_str());
        prop_assert!(keeps_query(kept, &query), "{} for {:?}", kept, query);
    }

    /// Guards: two spellings of one list state that render (and are cached) apart, a canonical form
    /// meaning another state than the request's, and a cache key out of proportion to the request.
    #[test]
    fn the_canonical_blog_query_is_a_fixed_point(raw in prop_oneof![request_query(), any::<String>()]) {
        const CATEGORIES: [&str; 2] = ["Sleep", "Mental Health"];
        let query = BlogQuery::read(Some(&raw), CATEGORIES);
        let canonical = query.to_query_string();
        prop_assert_eq!(&BlogQuery::read(Some(&canonical), CATEGORIES), &query);
        prop_assert_eq!(BlogQuery::read(Some(&canonical), CATEGORIES).to_query_string(), canonical.as_str());
        prop_assert_eq!(query.is_default(), canonical.is_empty());
        // Percent-encoding at most triples a byte ("%FF" becomes U+FFFD, "%EF%BF%BD").
        prop_assert!(canonical.len() <= 3 * raw.len(), "{} from {}", canonical, raw);
        prop_assert!(canonical.bytes().all(|b| b.is_ascii_alphanumeric() || b"*-._+%=&".contains(&b)), "{}", canonical);
        let mut order = ["q", "category", "view", "page"].into_iter();
        let names = canonical.split('&').filter(|pair| !pair.is_empty()).map(|pair| pair.split('=').next().unwrap());
        prop_assert!(names.into_iter().all(|name| order.any(|known| known == name)), "{}", canonical);
    }

    /// Guards: a coding the client refused (`q=0`, also written `Q=0`; `*;q=0`) being sent, and br or
    /// gzip not being sent when the client accepts it.
    #[test]
    fn the_coding_chosen_is_the_best_the_client_accepts(accept in accept_encoding()) {
        let header = accept.lines.join(",");
        prop_assert_eq!(negotiate((!accept.lines.is_empty()).then_some(header.as_str())), accept.best());
    }

    /// Guards: a panic on any header text, and a coding chosen that the header does not name.
    #[test]
    fn any_accept_encoding_is_read(header in any::<String>()) {
        let lower = header.to_ascii_lowercase();
        match negotiate(Some(&header)) {
            Coding::Brotli => prop_assert!(lower.contains("br") || lower.contains('*')),
            Coding::Gzip => prop_assert!(lower.contains("gzip") || lower.contains('*')),
            Coding::Identity => {}
        }
    }

    /// Guards: a 304 for a list that does not name the body (the visitor would keep a page that has
    /// changed), and a 200 for one that does, in any coding's tag, weak or strong, or `*`.
    #[test]
    fn if_none_match_matches_the_lists_naming_the_body(list in if_none_match(body().hash.clone())) {
        prop_assert_eq!(body().matches(&list.lines.join(",")), list.names_it);
    }

    /// Guards: a panic on any header text, and a 304 for text that neither holds the tag nor is `*`.
    #[test]
    fn any_if_none_match_is_read(header in any::<String>()) {
        if body().matches(&header) {
            prop_assert!(header.contains(&body().hash) || header.trim() == "*", "{}", header);
        }
    }

    /// Guards: a panic or 500 from any path and query (route matching, the path extractors, redirects,
    /// the blog list's renders), a status the site never means, the limits not answered as documented,
    /// an open or looping redirect or one that loses the query, and a Content-Encoding the request refused.
    #[test]
    fn any_get_is_answered_as_the_site_means(
        path in request_path(),
        query in prop::option::of(request_query()),
        accept in accept_encoding(),
    ) {
        let target = query.as_ref().map_or(path.clone(), |query| format!("{path}?{query}"));
        let headers: Vec<_> = accept.lines.iter().map(|line| (header::ACCEPT_ENCODING, line.as_str())).collect();
        let response = get(&target, &headers);
        let status = response.status().as_u16();
        let query = query.unwrap_or_default();
        if path.len() > MAX_PATH_BYTES || query.len() > MAX_QUERY_BYTES {
            prop_assert_eq!(status, 414, "{}", target);
        } else if query.split('&').count() > MAX_QUERY_PARAMS {
            prop_assert_eq!(status, 400, "{}", target);
        } else {
            prop_assert!([200, 301, 400, 404].contains(&status), "{}: {}", target, status);
        }
        let coding = match header(&response, "content-encoding") {
            "" => Coding::Identity, "br" => Coding::Brotli, "gzip" => Coding::Gzip, other => panic!("{other}"),
        };
        prop_assert!(accept.accepts(coding), "{:?} sent for {:?}", coding, accept.lines);
        prop_assert_eq!(status == 301, response.headers().contains_key(header::LOCATION));
        if status == 301 {
            let location = header(&response, "location");
            let (moved_to, kept) = location.split_once('?').unwrap_or((location, ""));
            prop_assert!(same_site(moved_to), "{}", location);
            prop_assert!(keeps_query(kept, &query), "{} for {}", kept, query);
            prop_assert_eq!(get(location, &headers).status(), StatusCode::OK, "{} after {}", location, target);
        }
    }

    /// Guards: a 304 for a list without the page's tag, a 200 for a list with it (over any number of
    /// field lines), and a 304 for anything but a 200.
    #[test]
    fn if_none_match_naming_the_page_is_answered_304(
        (path, status, list) in validated(),
    ) {
        let headers: Vec<_> = list.lines.iter().map(|line| (header::IF_NONE_MATCH, line.as_str())).collect();
        let expected = if status == 200 && list.names_it { 304 } else { status };
        prop_assert_eq!(get(path, &headers).status().as_u16(), expected, "{:?}", list.lines);
    }
}

/// A body with its tags, for the validator properties that need no app.
fn body() -> &'static Encoded {
    static BODY: OnceLock<Encoded> = OnceLock::new();
    BODY.get_or_init(|| Encoded::new("<p>नमस्ते Patna</p>"))
}

// ---- Defects the properties found, kept as plain tests ------------------------------------------

/// `Q=0` refuses a coding as `q=0` does (found by `the_coding_chosen_is_the_best_the_client_accepts`).
#[test]
fn a_weight_named_in_capitals_refuses_too() {
    assert_eq!(negotiate(Some("br;Q=0")), Coding::Identity);
    assert_eq!(negotiate(Some("br ; Q=0, gzip")), Coding::Gzip);
}

/// `"*"` is a tag, not `*` (found by `if_none_match_matches_the_lists_naming_the_body`: it was answered
/// 304 for any page); a tag holding a comma and the hash was too, from the same splitting on commas.
#[test]
fn only_the_bodys_own_tags_or_a_bare_star_match() {
    let hash = &body().hash;
    assert!(!body().matches("\"*\""));
    assert!(!body().matches(&format!("\"x,{hash}\"")));
    assert!(body().matches(&format!("\"x,y\", W/\"{hash}-gz\"")));
}

/// A list split over field lines is one list (found by `if_none_match_naming_the_page_is_answered_304`
/// and `any_get_is_answered_as_the_site_means`): only the first line was read.
#[test]
fn each_field_line_of_a_list_header_counts() {
    let etag = header(&get("/", &[]), "etag").to_owned();
    let revalidated = get("/", &[(header::IF_NONE_MATCH, "\"other\""), (header::IF_NONE_MATCH, &etag)]);
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    let refused = get("/", &[(header::ACCEPT_ENCODING, "*"), (header::ACCEPT_ENCODING, "br;q=0")]);
    assert_eq!(header(&refused, "content-encoding"), "gzip");
}

/// A redirect's Location percent-encodes the raw UTF-8 hyper lets into a query (found by
/// `any_get_is_answered_as_the_site_means`: `//?q=é` was sent back as raw bytes).
#[test]
fn a_redirect_location_is_ascii() {
    let response = get("//?q=é&page=2", &[]);
    assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(header(&response, "location"), "/?q=%C3%A9&page=2");
}
