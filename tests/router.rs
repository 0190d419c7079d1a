//! The router driven in-process (no socket) with the test fixture's content and the real SSR bundle.

mod common;

use std::io::Read;
use std::sync::{Arc, Barrier, Mutex};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use clinic_site::ssr::{AppRender, PoolConfig, RenderError, Renderer, RendererFactory};
use clinic_site::AppState;
use common::*;
use serde_json::Value;

#[tokio::test]
async fn home_is_rendered_from_the_content_with_its_document_shell() {
    let state = ready_state().await;
    let response = get(&state, "/").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8");
    assert_eq!(
        header(&response, "cache-control"),
        "max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400"
    );
    let html = page_text(response).await;
    let headline = html_escape::encode_text(&state.site.snapshot().content.en.home.hero.headline).to_string();
    assert!(html.contains(&format!("<h1>{headline}</h1>")), "hero headline missing");
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"));
    assert!(html.contains(r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#));
    assert!(html.contains(&format!(r#"<link rel="canonical" href="{SITE_URL}/">"#)));
    assert!(html.contains(&format!(r#"<link rel="stylesheet" href="{}">"#, state.site.renderer().manifest().css[0])));
    // Only the small entry loads before first paint; it preloads React, the app and the page's chunk after.
    let home_chunk = &state.site.renderer().manifest().pages["home"][0];
    let hydrate = &state.site.renderer().manifest().hydrate[0];
    assert!(!html.contains(&format!(r#"<link rel="modulepreload" href="{home_chunk}">"#)));
    let tag = format!(r#"<script type="module" src="{}" data-modules=""#, state.site.renderer().manifest().entry[0]);
    let later = html[html.find(&tag).expect("entry script tag") + tag.len()..].split('"').next().unwrap();
    let later: Vec<&str> = later.split(' ').collect();
    assert_eq!(later.first(), Some(&hydrate.as_str()), "the hydrating module comes first");
    assert!(later.contains(&home_chunk.as_str()));
    assert!(
        later.iter().all(|chunk| !state.site.renderer().manifest().entry.iter().any(|e| e == chunk)),
        "no chunk twice"
    );
    // Six service cards and the footer's year from the clinic's date.
    for service in &state.site.snapshot().content.en.services {
        assert!(html.contains(&format!("href=\"/services/{}\"", service.slug)));
    }
    assert!(html.contains("© 2026"));
    // The page hydrates from exactly the data that client-side navigation fetches, which also carries
    // the head the server wrote, so a navigation sets the same head.
    let navigation: Value = serde_json::from_slice(&body_bytes(get(&state, "/_data/").await).await).unwrap();
    assert_eq!(embedded_data(&html), navigation["data"]);
    assert_eq!(navigation["data"]["page"]["kind"], "home");
    assert_eq!(navigation["head"].as_str().unwrap(), page_head(&html));
}

/// The head that names the page, between the comments the shell writes around it.
fn page_head(html: &str) -> &str {
    let start = html.find("<!--page-head-->").expect("the page head's start") + "<!--page-head-->".len();
    let end = html.find("<!--/page-head-->").expect("the page head's end");
    &html[start..end]
}

#[tokio::test]
async fn navigation_data_carries_each_pages_own_head() {
    let state = ready_state().await;
    for path in ["/about", "/services/telepsychiatry", "/blog/face-failures", "/blogs", "/no/such/page"] {
        let html = body_text(get(&state, path).await).await;
        let navigation: Value =
            serde_json::from_slice(&body_bytes(get(&state, &format!("/_data{path}")).await).await).unwrap();
        let head = navigation["head"].as_str().unwrap();
        assert_eq!(head, page_head(&html), "{path}");
        assert!(head.starts_with("<title>"), "{path}: {head}");
    }
    // Rendered on demand (no cache) it is the same.
    let uncached = state_with(
        engine(),
        PoolConfig { workers: 1, queue: 4 },
        false,
        Arc::new(FixedClock(Mutex::new(date(2026, 11, 22)))),
    );
    let navigation: Value =
        serde_json::from_slice(&body_bytes(get(&uncached, "/_data/blog/paranoia").await).await).unwrap();
    let html = body_text(get(&state, "/blog/paranoia").await).await;
    assert_eq!(navigation["head"].as_str().unwrap(), page_head(&html));
    assert!(page_head(&html).contains(r#""@type":"BlogPosting""#), "the JSON-LD travels with the head");
}

#[tokio::test]
async fn each_kind_of_page_answers_with_its_own_content() {
    let state = ready_state().await;
    let snapshot = state.site.snapshot();
    let service = snapshot.content.en.service("telepsychiatry").unwrap();
    let html = body_text(get(&state, "/services/telepsychiatry").await).await;
    assert!(html.contains("<h1>Telepsychiatry Services</h1>"));
    assert!(html.contains("Services Category"));
    // The sidebar lists the other five services, not this one.
    let sidebar = &html[html.find("Services Category").unwrap()..html.find("</aside>").unwrap()];
    assert!(!sidebar.contains("/services/telepsychiatry"));
    assert_eq!(sidebar.matches("href=\"/services/").count(), 5);
    assert!(html.contains(&html_escape::encode_text(&service.faqs[0].question).to_string()));

    let snapshot = state.site.snapshot();
    let article = snapshot.content.en.article("paranoia").unwrap();
    let html = page_text(get(&state, "/blog/paranoia").await).await;
    assert!(html.contains(&format!("{} min read", article.reading_minutes())));
    assert!(html.contains("24 December 2024"));

    // The English edition's one Hindi article: English around it, the article itself marked Hindi.
    let html = body_text(get(&state, "/blog/face-failures").await).await;
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en\">"));
    assert!(html.contains("<article class=\"article\" lang=\"hi\">"));

    let html = page_text(get(&state, "/blogs").await).await;
    let found = format!("Found {} blogs", state.site.snapshot().content.en.articles.len());
    assert!(html.contains(&found), "count line {found:?} missing");
}

#[tokio::test]
async fn about_appointment_contact_and_therapy_render_their_content() {
    let state = ready_state().await;
    let content = &state.site.snapshot().content.en;
    let text = |s: &str| html_escape::encode_text(s).to_string();

    let html = page_text(get(&state, "/about").await).await;
    assert!(html.contains(&format!("<h1>{}</h1>", text(&content.about.hero.title))));
    assert!(html.contains(&text(&content.team.members[2].name)));
    assert!(html.contains(&text(&content.about.faqs[9].question)));

    let html = page_text(get(&state, "/appointment").await).await;
    assert!(html.contains("<h1>Book Your Appointment</h1>"));
    assert!(html.contains("Make an Appointment"));
    assert!(html.contains(r#"<option value="" disabled="" selected="">Select a service</option>"#));
    assert!(html.contains(r#"type="date" required="" min="2026-11-22""#), "the earliest date is the clinic's today");
    assert!(html.contains("<dt>Wednesday</dt><dd>09:00 AM-01:00 PM</dd><dd>04:00 PM-07:00 PM</dd>"));

    let html = page_text(get(&state, "/contact").await).await;
    assert!(html.contains("<h1>Contact Us</h1>"));
    assert!(html.contains("3k+"));
    assert!(html.contains(&text(&content.approach.title)));

    let html = page_text(get(&state, "/therapy-and-counselling").await).await;
    assert!(html.contains(&format!("<h1>{}</h1>", text(&content.therapy.hero.title))));
}

#[tokio::test]
async fn an_unknown_path_is_the_not_found_page_with_status_404() {
    let state = ready_state().await;
    let response = get(&state, "/no/such/page").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let html = body_text(response).await;
    assert!(html.contains("<h1>404</h1>"));
    assert!(html.contains("Oops! The page you are looking for does not exist."));
    assert!(html.contains(r#"href="/">Go Back Home</a>"#));

    let response = get(&state, "/_data/no/such/page").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let navigation: Value = serde_json::from_slice(&body_bytes(response).await).unwrap();
    assert_eq!(navigation["data"]["page"]["kind"], "notFound");
}

#[tokio::test]
async fn only_get_and_head_are_allowed() {
    let state = ready_state().await;
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let response = send(&state, Request::builder().method(method).uri("/").body(Body::empty()).unwrap()).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(header(&response, "allow"), "GET, HEAD");
    }
    let response = send(&state, Request::head("/blogs").body(Body::empty()).unwrap()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_bytes(response).await.is_empty());
}

#[tokio::test]
async fn html_is_compressed_by_accept_encoding_and_revalidated_by_etag() {
    let state = ready_state().await;
    let plain = body_bytes(get(&state, "/").await).await;

    let br = send(&state, Request::get("/").header("accept-encoding", "gzip, br").body(Body::empty()).unwrap()).await;
    assert_eq!(header(&br, "content-encoding"), "br");
    assert_eq!(header(&br, "vary"), "Accept-Encoding");
    let etag = header(&br, "etag").to_owned();
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&body_bytes(br).await[..], 4096).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, plain);

    let gz = send(&state, Request::get("/").header("accept-encoding", "gzip").body(Body::empty()).unwrap()).await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&body_bytes(gz).await[..]).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, plain);

    let again = send(&state, Request::get("/").header("if-none-match", &etag).body(Body::empty()).unwrap()).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(body_bytes(again).await.is_empty());
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_served_precompressed() {
    let state = ready_state().await;
    let entry = state.site.renderer().manifest().entry[0].clone();
    let response =
        send(&state, Request::get(&entry).header("accept-encoding", "br").body(Body::empty()).unwrap()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(header(&response, "content-type"), "text/javascript; charset=utf-8");
    assert_eq!(header(&response, "content-encoding"), "br");
    let css = get(&state, &state.site.renderer().manifest().css[0]).await;
    assert_eq!(header(&css, "content-type"), "text/css; charset=utf-8");
    assert_eq!(get(&state, "/assets/missing-AAAA.js").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(get(&state, &format!("{entry}.br")).await.status(), StatusCode::NOT_FOUND);

    // The pages name each image with a version of its bytes: that URL is immutable, any other a day's.
    let src = &state.site.snapshot().content.en.site.logo.src;
    let (file, version) = src.split_once("?v=").expect("the logo's URL has no version");
    assert_eq!(file, "/images/logo.svg");
    assert_eq!(version.len(), 12);
    let logo = get(&state, src).await;
    assert_eq!(logo.status(), StatusCode::OK);
    assert_eq!(header(&logo, "content-type"), "image/svg+xml");
    assert_eq!(header(&logo, "cache-control"), "public, max-age=31536000, immutable");
    for other in [file.to_owned(), format!("{file}?v=000000000000"), format!("{src}&v=1")] {
        let response = get(&state, &other).await;
        assert_eq!(response.status(), StatusCode::OK, "{other}");
        assert_eq!(header(&response, "cache-control"), "public, max-age=86400", "{other}");
    }
    assert_eq!(get(&state, "/images/../site.toml").await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn svg_images_are_sent_compressed_and_revalidated_by_etag() {
    let state = ready_state().await;
    let src = state.site.snapshot().content.en.site.logo.src.clone();
    let plain = body_bytes(get(&state, &src).await).await;
    assert!(plain.starts_with(b"<svg"), "the identity body is the file");
    let ask = |coding: &'static str| Request::get(&src).header("accept-encoding", coding).body(Body::empty()).unwrap();

    let br = send(&state, ask("gzip, br")).await;
    assert_eq!(header(&br, "content-encoding"), "br");
    assert_eq!(header(&br, "content-type"), "image/svg+xml");
    assert_eq!(header(&br, "vary"), "Accept-Encoding");
    assert_eq!(header(&br, "cache-control"), "public, max-age=31536000, immutable");
    let etag = header(&br, "etag").to_owned();
    let compressed = body_bytes(br).await;
    assert!(compressed.len() * 2 < plain.len(), "{} of {} bytes", compressed.len(), plain.len());
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&compressed[..], 4096).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, plain);

    let gz = send(&state, ask("gzip")).await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&body_bytes(gz).await[..]).read_to_end(&mut decoded).unwrap();
    assert_eq!(decoded, plain);

    let again = send(&state, Request::get(&src).header("if-none-match", &etag).body(Body::empty()).unwrap()).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn readiness_waits_for_pre_rendering_and_health_does_not() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let state = state_with(engine(), PoolConfig { workers: 2, queue: 64 }, true, clock);
    assert_eq!(get(&state, "/healthz").await.status(), StatusCode::OK);
    assert_eq!(get(&state, "/readyz").await.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(state.site.prerender_all().await.is_empty());
    assert_eq!(get(&state, "/readyz").await.status(), StatusCode::OK);
    // Every known route and the not-found page of each edition are cached: home, about, appointment,
    // contact, therapy & counselling, blogs, offline; services; articles (the Hindi edition shows
    // face-failures too); 404.
    let pages = |c: &clinic_site::content::Content| 7 + c.services.len() + c.articles.len() + 1;
    assert_eq!(state.site.snapshot().content.hi.articles.len(), state.site.snapshot().content.en.articles.len());
    assert_eq!(
        state.site.snapshot().pages.counts().routes,
        pages(&state.site.snapshot().content.en) + pages(&state.site.snapshot().content.hi)
    );
}

#[tokio::test]
async fn query_strings_and_unknown_paths_never_add_renders() {
    let state = ready_state().await;
    let cached = state.site.snapshot().pages.counts().routes;
    // Only the blog list reads its query; every other page, and /blogs without list params, ignores it.
    for path in ["/", "/about", "/blog/paranoia", "/services/telepsychiatry", "/blogs"] {
        let plain = body_text(get(&state, path).await).await;
        for i in 0..10 {
            let other = if path == "/blogs" { format!("utm_source=x{i}&Page={i}") } else { format!("q=x{i}&page={i}") };
            assert_eq!(body_text(get(&state, &format!("{path}?{other}")).await).await, plain, "{path}?{other}");
        }
    }
    for i in 0..50 {
        assert_eq!(get(&state, &format!("/missing-{i}?page={i}")).await.status(), StatusCode::NOT_FOUND);
    }
    assert_eq!(state.site.snapshot().pages.counts().routes, cached);
    assert!(state.site.snapshot().pages.counts().recent_states == 0);
}

/// The posts as the blog list receives them (newest first), from the route data.
async fn blog_posts(state: &Arc<AppState>) -> Vec<Value> {
    let data: Value = serde_json::from_slice(&body_bytes(get(state, "/_data/blogs").await).await).unwrap();
    data["data"]["page"]["posts"].as_array().unwrap().clone()
}

fn titles(posts: &[Value]) -> Vec<String> {
    posts.iter().map(|p| p["title"].as_str().unwrap().to_owned()).collect()
}

/// The titles of the blog cards in a page, in order (each card's title is the link in its `<h3>`).
fn card_titles(html: &str) -> Vec<String> {
    html.split("<h3><a ")
        .skip(1)
        .map(|card| {
            let title = &card[card.find('>').unwrap() + 1..card.find("</a></h3>").unwrap()];
            html_escape::decode_html_entities(&title.replace("<!-- -->", "")).into_owned()
        })
        .collect()
}

#[tokio::test]
async fn the_blog_list_page_in_the_query_is_rendered_on_the_server() {
    let state = ready_state().await;
    let posts = blog_posts(&state).await;
    assert!(posts.len() > 9, "the content has a second page of posts");
    let plain = body_text(get(&state, "/blogs").await).await;
    let second = body_text(get(&state, "/blogs?page=2").await).await;
    assert_ne!(second, plain);
    // Nine posts a page, in the data's order (newest first).
    assert_eq!(card_titles(&plain), titles(&posts[..9]));
    assert_eq!(card_titles(&second), titles(&posts[9..posts.len().min(18)]));
    // Same route data; the head names the page: its own canonical URL, and a title with the page number.
    assert_eq!(embedded_data(&second), embedded_data(&plain));
    let pages = posts.len().div_ceil(9);
    assert!(second.contains(&format!(r#"<link rel="canonical" href="{SITE_URL}/blogs?page=2">"#)));
    assert!(second.contains(&format!("<title>Page 2 of {pages} – Blogs | ")), "{}", head_of(&second));
    assert!(plain.contains(&format!(r#"<link rel="canonical" href="{SITE_URL}/blogs">"#)));
    assert_eq!(
        state.site.snapshot().pages.counts().recent_states,
        0,
        "page 2 is a state the list links to: pre-rendered"
    );
}

fn head_of(html: &str) -> &str {
    &html[..html.find("</head>").unwrap()]
}

/// The canonical URL, the title and the robots rule a search engine reads in a page's head.
fn naming(html: &str) -> (String, String, Option<String>) {
    let doc = scraper::Html::parse_document(html);
    let select = |css: &str, attr: &str| {
        let selector = scraper::Selector::parse(css).unwrap();
        doc.select(&selector).next().map(|e| e.value().attr(attr).unwrap_or_default().to_owned())
    };
    let title = doc.select(&scraper::Selector::parse("title").unwrap()).next().unwrap().text().collect();
    (select(r#"link[rel="canonical"]"#, "href").unwrap(), title, select(r#"meta[name="robots"]"#, "content"))
}

#[tokio::test]
async fn each_state_of_the_blog_list_has_the_canonical_url_title_and_robots_rule_recorded_for_it() {
    let state = ready_state().await;
    let page = |path: &'static str| {
        let state = Arc::clone(&state);
        async move { naming(&body_text(get(&state, path).await).await) }
    };
    let list = |query: &str| format!("{SITE_URL}/blogs{query}");
    let (canonical, title, robots) = page("/blogs").await;
    assert_eq!((canonical, robots), (list(""), None));
    assert!(title.starts_with("Blogs | "), "{title}");

    // A category and its pages are indexed, each at its own address and named in the title.
    let (canonical, title, robots) = page("/blogs?category=Stress+%26+Resilience").await;
    assert_eq!((canonical, robots), (list("?category=Stress+%26+Resilience"), None));
    assert!(title.starts_with("Stress & Resilience – Blogs | "), "{title}");
    // The view only arranges the posts: the state it arranges is the canonical one.
    let (canonical, _, robots) = page("/blogs?category=Stress+%26+Resilience&view=all").await;
    assert_eq!((canonical, robots), (list("?category=Stress+%26+Resilience"), None));
    let (canonical, title, _) = page("/blogs?view=categories").await;
    assert_eq!(canonical, list(""));
    assert!(title.starts_with("Browse by Categories – Blogs | "), "{title}");
    // A page past the end shows the last one, and names it.
    let last = blog_posts(&state).await.len().div_ceil(9);
    let (canonical, title, _) = page("/blogs?page=99").await;
    assert_eq!(canonical, list(&format!("?page={last}")));
    assert!(title.starts_with(&format!("Page {last} of {last} – ")), "{title}");
    // A search is named, but kept out of the index; its links are still followed.
    let (canonical, title, robots) = page("/blogs?q=sleep&view=categories").await;
    assert_eq!((canonical, robots.as_deref()), (list("?q=sleep"), Some("noindex, follow")));
    assert!(title.starts_with("Search: sleep – Browse by Categories – Blogs | "), "{title}");

    // Each language's version of a state is the same state of that language's list.
    let html = body_text(get(&state, "/hi/blogs?page=2").await).await;
    let (canonical, title, _) = naming(&html);
    assert_eq!(canonical, format!("{SITE_URL}/hi/blogs?page=2"));
    let hindi_pages = state.site.snapshot().content.hi.articles.len().div_ceil(9);
    assert!(title.contains(&format!("पेज 2 (कुल {hindi_pages}) – ")), "{title}");
    assert!(html.contains(&format!(r#"<link rel="alternate" hreflang="en-IN" href="{SITE_URL}/blogs?page=2">"#)));
    assert!(html.contains(&format!(r#"<link rel="alternate" hreflang="hi-IN" href="{SITE_URL}/hi/blogs?page=2">"#)));
    // Client-side navigation fetches the list's own head: the state is named by the page once shown.
    let navigation: Value = serde_json::from_str(&body_text(get(&state, "/_data/blogs?page=2").await).await).unwrap();
    assert!(navigation["head"].as_str().unwrap().contains(&format!(r#"<link rel="canonical" href="{}">"#, list(""))));
}

#[tokio::test]
async fn a_search_in_the_query_shows_only_the_matching_posts() {
    let state = ready_state().await;
    let posts = blog_posts(&state).await;
    // The spec's search rule: case-insensitive substring of the title, the description or a tag.
    let matches = |p: &&Value| {
        let has = |s: &str| s.to_lowercase().contains("sleep");
        has(p["title"].as_str().unwrap())
            || has(p["description"].as_str().unwrap())
            || p["tags"].as_array().unwrap().iter().any(|t| has(t.as_str().unwrap()))
    };
    let matching: Vec<Value> = posts.iter().filter(matches).cloned().collect();
    assert!((1..=9).contains(&matching.len()) && matching.len() < posts.len(), "a one-page, partial result");
    let html = page_text(get(&state, "/blogs?q=sleep").await).await;
    assert_eq!(card_titles(&html), titles(&matching));
    assert!(html.contains(&format!("Found {} blog", matching.len())));
    assert!(html.contains(r#"value="sleep""#), "the search box shows the search");
}

#[tokio::test]
async fn equal_list_states_share_one_render_whatever_else_the_query_holds() {
    let state = ready_state().await;
    let second = body_text(get(&state, "/blogs?page=2").await).await;
    for query in ["utm_source=x&page=2", "page=2&page=3", "fbclid=1&page=2&q="] {
        assert_eq!(body_text(get(&state, &format!("/blogs?{query}")).await).await, second, "{query}");
    }
    let searched = body_text(get(&state, "/blogs?q=sleep+well&page=2").await).await;
    assert_eq!(body_text(get(&state, "/blogs?page=2&q=sleep%20well&x=1").await).await, searched);
    assert_eq!(state.site.snapshot().pages.counts().recent_states, 1, "the search; page 2 was pre-rendered");
    // The data for client-side navigation never depends on the query.
    assert_eq!(
        body_bytes(get(&state, "/_data/blogs?page=2&q=sleep").await).await,
        body_bytes(get(&state, "/_data/blogs").await).await
    );
}

/// Every state the blog list links to (its pages, categories and views, in both editions) is rendered
/// before the server is ready, so following any link a crawler finds never waits on the engine.
#[tokio::test]
async fn every_state_the_blog_list_links_to_is_pre_rendered() {
    let state = ready_state().await;
    let snapshot = state.site.snapshot();
    let mut expected = 0;
    for content in snapshot.content.iter() {
        // Pages 2 and on, each category, and the by-categories view.
        expected += content.articles.len().div_ceil(9) - 1 + content.categories.list.len() + 1;
    }
    assert_eq!(snapshot.pages.counts().kept_states, expected);
    // Follow every link to a state of a list, from each list and from every state reached.
    let mut seen = std::collections::HashSet::new();
    let mut to_visit = vec!["/blogs".to_owned(), "/hi/blogs".to_owned()];
    while let Some(path) = to_visit.pop() {
        let list = if path.starts_with("/hi/") { "/hi/blogs" } else { "/blogs" };
        let response = get(&state, &path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let html = body_text(response).await;
        for link in html.split(&format!("href=\"{list}?")).skip(1) {
            let href = format!("{list}?{}", html_escape::decode_html_entities(&link[..link.find('"').unwrap()]));
            if seen.insert(href.clone()) {
                to_visit.push(href);
            }
        }
        assert!(seen.len() < 500, "the list's links never end");
    }
    assert!(seen.len() >= expected, "{} states linked", seen.len());
    assert_eq!(snapshot.pages.counts().recent_states, 0, "no link led to a render");
}

#[tokio::test]
async fn without_the_cache_every_request_renders() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let state = state_with(engine(), PoolConfig { workers: 1, queue: 8 }, false, clock);
    state.site.prerender_all().await;
    assert_eq!(state.site.snapshot().pages.counts().routes, 0);
    let response = get(&state, "/blogs").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_text(response).await.contains("Found"));
    let response = get(&state, "/blogs?page=2").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_text(response).await.contains("Found"));
    assert_eq!(state.site.snapshot().pages.counts().routes, 0);
    assert_eq!(state.site.snapshot().pages.counts().recent_states, 0);
}

/// Fails for `/blogs`; for telepsychiatry says it started and waits on a barrier; else renders a marker.
struct Scripted {
    barrier: Arc<Barrier>,
    started: tokio::sync::mpsc::UnboundedSender<()>,
}

impl Renderer for Scripted {
    fn render(&mut self, url: &str, _: &str) -> Result<AppRender, RenderError> {
        match url {
            "/blogs" => Err(RenderError::Timeout),
            "/services/telepsychiatry" => {
                let _ = self.started.send(());
                self.barrier.wait();
                Ok(AppRender { html: "<p>slow</p>".into(), ..AppRender::default() })
            }
            _ => Ok(AppRender { html: "<p>rendered</p>".into(), ..AppRender::default() }),
        }
    }
}

fn scripted(barrier: Arc<Barrier>, started: tokio::sync::mpsc::UnboundedSender<()>) -> RendererFactory {
    Arc::new(move || {
        Ok(Box::new(Scripted { barrier: Arc::clone(&barrier), started: started.clone() }) as Box<dyn Renderer>)
    })
}

#[tokio::test]
async fn a_failed_render_gives_an_error_page_and_the_server_carries_on() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let (started, _) = tokio::sync::mpsc::unbounded_channel();
    let state =
        state_with(scripted(Arc::new(Barrier::new(1)), started), PoolConfig { workers: 1, queue: 8 }, true, clock);
    let response = get(&state, "/blogs").await;
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let html = body_text(response).await;
    assert!(html.contains("Something went wrong"));
    assert!(
        html.contains(&format!("href=\"tel:{}\"", state.site.snapshot().content.en.site.phones[0].replace(' ', "")))
    );
    let response = get(&state, "/").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_text(response).await.contains("<p>rendered</p>"));
}

#[tokio::test]
async fn a_full_render_queue_answers_503_with_retry_after() {
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let barrier = Arc::new(Barrier::new(2));
    let (started_tx, mut started) = tokio::sync::mpsc::unbounded_channel();
    // One worker and room for one waiting render.
    let state =
        state_with(scripted(Arc::clone(&barrier), started_tx), PoolConfig { workers: 1, queue: 1 }, false, clock);
    let spawn_get = |path: &'static str| {
        let state = Arc::clone(&state);
        tokio::spawn(async move { get(&state, path).await.status() })
    };
    let slow = spawn_get("/services/telepsychiatry");
    started.recv().await.unwrap();
    let waiting = spawn_get("/");
    while state.site.renderer().pool().queued() < 1 {
        tokio::task::yield_now().await;
    }
    let refused = get(&state, "/blogs").await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&refused, "retry-after"), "2");
    assert_eq!(header(&refused, "cache-control"), "no-store");
    assert!(body_text(refused).await.contains("The website is busy right now"));
    barrier.wait();
    assert_eq!(slow.await.unwrap(), StatusCode::OK);
    assert_eq!(waiting.await.unwrap(), StatusCode::OK);
}

#[tokio::test]
async fn article_texts_travel_as_route_data_never_inside_the_scripts() {
    let state = ready_state().await;
    let snapshot = state.site.snapshot();
    let article = snapshot.content.en.article("paranoia").unwrap();
    let manifest = &state.site.renderer().manifest();
    let chunks: Vec<&String> =
        manifest.entry.iter().chain(&manifest.hydrate).chain(manifest.pages.values().flatten()).collect();
    for chunk in chunks {
        let script = body_text(get(&state, chunk).await).await;
        assert!(!script.contains(&article.crux), "{chunk} contains the article's text");
    }
    let data = body_text(get(&state, "/_data/blog/paranoia").await).await;
    assert!(data.contains(&serde_json::to_string(&article.crux).unwrap()));
}
