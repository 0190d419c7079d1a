//! The images as a browser and a link preview receive them: the one LCP image of each page preloaded
//! in the head with high priority and shown eagerly, every other picture lazy with its size reserved;
//! raster copies for link previews and icons, answering with the type and pixel size the page claims.

mod common;

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use clinic_site::content::Image;
use clinic_site::content::{Content, ContentSource, Editions};
use clinic_site::routes::{Page, Route};
use clinic_site::ssr::PoolConfig;
use clinic_site::AppState;
use common::html::{attr, document, meta, select};
use common::*;
use serde_json::Value;

/// Every page of the route table (the offline pages too) and the not-found page.
fn every_page(state: &AppState) -> Vec<(String, Route)> {
    let mut pages: Vec<(String, Route)> =
        state.site.snapshot().routes.paths().iter().map(|(p, r)| (p.to_string(), *r)).collect();
    pages.push(("/no/such/page".to_owned(), Route::not_found("/no/such/page")));
    pages.push(("/hi/no/such/page".to_owned(), Route::not_found("/hi/no/such/page")));
    pages
}

/// The picture a visitor sees first on each page, known before rendering: the home hero's first slide,
/// a page's banner, an article's picture. The blog list's first card depends on its query (so it has
/// high priority but no preload) and the not-found and offline pages open with text.
fn lcp_image(content: &Content, page: Page) -> Option<&Image> {
    match page {
        Page::Home => Some(&content.home.hero.images[0]),
        Page::About => Some(&content.about.hero.image),
        Page::Appointment => Some(&content.appointment.hero.image),
        Page::Contact => Some(&content.contact.hero.image),
        Page::Therapy => Some(&content.therapy.hero.image),
        Page::Service(i) => Some(&content.services[i].hero.image),
        Page::Article(i) => Some(&content.articles[i].image),
        Page::Blogs | Page::NotFound | Page::Offline => None,
    }
}

/// The type and pixel size that a PNG's or a baseline/progressive JPEG's header gives.
fn raster_size(bytes: &[u8]) -> (&'static str, u32, u32) {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        assert_eq!(&bytes[12..16], b"IHDR");
        let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        return ("image/png", be(16), be(20));
    }
    assert!(bytes.starts_with(&[0xFF, 0xD8]), "neither a PNG nor a JPEG");
    let mut at = 2;
    while at + 9 < bytes.len() {
        assert_eq!(bytes[at], 0xFF, "JPEG segment at {at}");
        let marker = bytes[at + 1];
        if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
            let be16 = |i: usize| u32::from(u16::from_be_bytes([bytes[i], bytes[i + 1]]));
            return ("image/jpeg", be16(at + 7), be16(at + 5));
        }
        at += 2 + usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
    }
    panic!("no JPEG frame header");
}

/// Fetches `path` and checks that it is a PNG of `size` x `size` px; returns its bytes.
async fn square_png(state: &Arc<AppState>, path: &str, size: u32) -> Vec<u8> {
    let response = get(state, path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(header(&response, "content-type"), "image/png", "{path}");
    let bytes = body_bytes(response).await;
    assert_eq!(raster_size(&bytes), ("image/png", size, size), "{path}");
    bytes
}

#[tokio::test]
async fn each_page_preloads_its_lcp_image_once_in_the_head_and_shows_it_with_high_priority() {
    let state = shipped_state().await;
    let logo = &state.site.snapshot().content.en.site.logo.src;
    for (path, route) in every_page(&state) {
        let doc = document(&state, &path).await;
        // Anywhere in the document: React's own preloads of eager images are not kept beside the head's.
        let preloads = select(&doc, r#"link[rel="preload"][as="image"]"#);
        let high = select(&doc, r#"img[fetchpriority="high"]"#);
        let snapshot = state.site.snapshot();
        let lcp = lcp_image(snapshot.content.get(route.lang), route.page);
        match lcp {
            None => {
                assert!(
                    preloads.is_empty(),
                    "{path} preloads {:?}",
                    preloads.iter().map(|l| l.html()).collect::<Vec<_>>()
                );
                let first_card = select(&doc, r#".blog-card img[fetchpriority="high"]"#);
                match route.page {
                    Page::Blogs => {
                        assert_eq!(high.len(), 1, "{path}");
                        assert_eq!(first_card.len(), 1, "{path}: the high-priority image is not a card's");
                        let first = select(&doc, ".blog-card img")[0];
                        assert_eq!(attr(first, "loading"), "eager", "{path}: the first card's image is lazy");
                        assert_eq!(first.html(), first_card[0].html(), "{path}: not the first card");
                    }
                    _ => assert!(high.is_empty(), "{path}"),
                }
            }
            Some(image) => {
                assert_eq!(preloads.len(), 1, "{path}: {:?}", preloads.iter().map(|l| l.html()).collect::<Vec<_>>());
                assert_eq!(
                    select(&doc, r#"head > link[rel="preload"][as="image"]"#).len(),
                    1,
                    "{path}: not in the head"
                );
                let link = preloads[0];
                assert_eq!(attr(link, "fetchpriority"), "high", "{path}");
                match image.sources.first() {
                    None => assert_eq!(attr(link, "href"), image.src, "{path}"),
                    Some(best) => {
                        assert_eq!(attr(link, "type"), best.mime, "{path}");
                        assert_eq!(attr(link, "imagesrcset"), best.srcset, "{path}");
                        assert_eq!(Some(attr(link, "imagesizes")), image.sizes.as_deref(), "{path}");
                    }
                }
                assert_eq!(high.len(), 1, "{path}: exactly one image has high priority");
                assert_eq!(attr(high[0], "src"), image.src, "{path}");
                assert_eq!(attr(high[0], "loading"), "eager", "{path}");
            }
        }
        for img in select(&doc, "img") {
            let src = attr(img, "src");
            for dimension in ["width", "height"] {
                assert!(attr(img, dimension).parse::<u32>().is_ok_and(|n| n > 0), "{path}: {src} has no {dimension}");
            }
            assert_eq!(attr(img, "decoding"), "async", "{path}: {src}");
            // Below the fold means lazy: only the LCP image (or image of high priority) and the logo (in the
            // header) load at once.
            if attr(img, "loading") != "lazy" {
                let first =
                    src == *logo || lcp.is_some_and(|i| i.src == src) || img.attr("fetchpriority") == Some("high");
                assert!(first, "{path}: {src} loads eagerly");
            }
        }
    }
}

#[tokio::test]
async fn link_previews_get_a_raster_copy_that_answers_with_the_type_and_size_the_page_gives() {
    let state = shipped_state().await;
    for (path, _) in every_page(&state) {
        let doc = document(&state, &path).await;
        let url = meta(&doc, "og:image");
        assert_eq!(meta(&doc, "twitter:image"), url, "{path}");
        let image = url.strip_prefix(SITE_URL).unwrap_or_else(|| panic!("{path}: og:image {url} is not absolute"));
        assert!(image.starts_with("/img/"), "{path}: {image} is not a raster copy");
        let response = get(&state, image).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}: {image}");
        let mime = meta(&doc, "og:image:type");
        assert_eq!(header(&response, "content-type"), mime, "{path}");
        assert_eq!(header(&response, "cache-control"), "public, max-age=31536000, immutable");
        let size = raster_size(&body_bytes(response).await);
        let claimed = (meta(&doc, "og:image:width").parse().unwrap(), meta(&doc, "og:image:height").parse().unwrap());
        assert_eq!(size, (mime, claimed.0, claimed.1), "{path}: {image}");
        assert_eq!(claimed, (1200, 630), "{path}: the size link previews show large");
    }
}

#[tokio::test]
async fn the_icons_answer_as_pngs_of_their_size_and_the_favicon_as_an_ico() {
    let state = shipped_state().await;
    let doc = document(&state, "/").await;

    let png = select(&doc, r#"link[rel="icon"][type="image/png"]"#);
    assert_eq!(png.len(), 1);
    assert_eq!(attr(png[0], "sizes"), "32x32");
    square_png(&state, attr(png[0], "href"), 32).await;

    let apple = select(&doc, r#"link[rel="apple-touch-icon"]"#);
    assert_eq!(apple.len(), 1);
    let bytes = square_png(&state, attr(apple[0], "href"), 180).await;
    // PNG colour types 4 and 6 carry alpha, which iOS would show as black.
    assert!(![4, 6].contains(&bytes[25]), "the apple-touch-icon must be opaque (colour type {})", bytes[25]);

    let manifest: Value =
        serde_json::from_slice(&body_bytes(get(&state, "/manifest.webmanifest").await).await).unwrap();
    for icon in manifest["icons"].as_array().unwrap().iter().filter(|i| i["type"] == "image/png") {
        let size: u32 = icon["sizes"].as_str().unwrap().split_once('x').unwrap().0.parse().unwrap();
        square_png(&state, icon["src"].as_str().unwrap(), size).await;
    }

    let response = get(&state, "/favicon.ico").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/x-icon");
    let ico = body_bytes(response).await;
    assert_eq!(&ico[..6], [0, 0, 1, 0, 1, 0], "an icon file with one image");
    assert_eq!((ico[6], ico[7]), (32, 32));
    let offset = u32::from_le_bytes(ico[18..22].try_into().unwrap()) as usize;
    assert_eq!(raster_size(&ico[offset..]), ("image/png", 32, 32));
}

#[tokio::test]
async fn an_unknown_copy_is_not_found() {
    let state = shipped_state().await;
    for path in ["/img/nothing-0123456789-480.avif", "/img/", "/img/a/b.png"] {
        assert_eq!(get(&state, path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn images_are_served_from_the_loaded_content_as_the_pages_name_them() {
    let dir = shipped_copy("served-images");
    let content = Editions::load(ContentSource::Dir(dir.to_path_buf())).expect("the copy is valid");
    let clock = Arc::new(FixedClock(Mutex::new(date(2026, 11, 22))));
    let state = state_of(content, engine(), PoolConfig { workers: 1, queue: 8 }, true, clock);
    let snapshot = state.site.snapshot();
    let (logo, hero) = (&snapshot.content.en.site.logo.src, &snapshot.content.hi.home.hero.images[0].src);
    let file = |src: &str| dir.join(src.split('?').next().unwrap().trim_start_matches('/'));
    let (logo_bytes, hero_bytes) = (std::fs::read(file(logo)).unwrap(), std::fs::read(file(hero)).unwrap());

    // Edited and deleted on disk without a reload: the pages served still name the loaded files, so
    // those are what `/images/` serves, under their versions.
    std::fs::write(file(logo), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
    std::fs::remove_file(file(hero)).unwrap();
    for (src, loaded) in [(logo, logo_bytes), (hero, hero_bytes)] {
        let response = get(&state, src).await;
        assert_eq!(response.status(), StatusCode::OK, "{src}");
        assert_eq!(header(&response, "cache-control"), "public, max-age=31536000, immutable", "{src}");
        assert_eq!(body_bytes(response).await, loaded, "{src}");
        let unversioned = get(&state, src.split('?').next().unwrap()).await;
        assert_eq!(header(&unversioned, "cache-control"), "public, max-age=86400", "{src}");
    }
    for path in ["/images/nowhere.svg", "/images/../site.toml", "/images//logo.svg", "/images/./logo.svg"] {
        assert_eq!(get(&state, path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}
