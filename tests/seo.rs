//! What crawlers read, from each page's first HTML parsed with a real HTML parser, in both editions:
//! titles, canonical URLs, Open Graph and Twitter tags, languages and their `hreflang` pairs, and
//! JSON-LD; the sitemap, robots.txt, web app manifest, service worker script and redirects.

mod common;

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use axum::http::StatusCode;
use clinic_site::http::redirects::ALIASES;
use clinic_site::i18n::Lang;
use clinic_site::routes::{paths, Page, Route};
use clinic_site::AppState;
use common::html::{attr, document, first_in, meta, one, select, text};
use common::*;
use scraper::Html;
use serde_json::Value;

/// The spec's opening hours (section 9) as (day, opens, closes) in 24-hour time.
const SPEC_HOURS: [(&str, &[(&str, &str)]); 7] = [
    ("Monday", &[("16:00", "19:00")]),
    ("Tuesday", &[("16:00", "19:00")]),
    ("Wednesday", &[("09:00", "13:00"), ("16:00", "19:00")]),
    ("Thursday", &[("09:00", "13:00"), ("16:00", "19:00")]),
    ("Friday", &[("16:00", "19:00")]),
    ("Saturday", &[("09:00", "13:00"), ("16:00", "19:00")]),
    ("Sunday", &[("09:00", "13:00"), ("16:00", "19:00")]),
];
const PSYCHIATRIC: &str = "https://schema.org/Psychiatric";

fn json_ld(doc: &Html) -> Vec<Value> {
    select(doc, r#"script[type="application/ld+json"]"#)
        .into_iter()
        .map(|script| {
            let raw = script.inner_html();
            // Escaped like the hydration data, so no text in it can close or confuse the element.
            assert!(!raw.contains(['<', '>', '&']), "unescaped JSON-LD: {raw}");
            serde_json::from_str(&raw).unwrap_or_else(|e| panic!("JSON-LD does not parse ({e}): {raw}"))
        })
        .collect()
}

fn of_type<'a>(blocks: &'a [Value], kind: &str) -> &'a Value {
    blocks.iter().find(|b| b["@type"] == kind).unwrap_or_else(|| panic!("no {kind} block"))
}

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key].as_str().unwrap_or_else(|| panic!("{key} is not a string in {value}"))
}

/// Every page for the index at its canonical address (the route table's paths but the Hindi edition's
/// copy of the Hindi article of the English one, and the offline pages), with its status-200 page parsed.
async fn pages(state: &Arc<AppState>) -> Vec<(String, Route, Html)> {
    let mut pages = Vec::new();
    for (path, route) in state.site.snapshot().routes.paths() {
        if paths(&state.site.snapshot().content, route).1 != path || !route.page.is_indexed() {
            continue;
        }
        let response = get(state, path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        pages.push((path.to_owned(), route, Html::parse_document(&body_text(response).await)));
    }
    let (en, hi) = (&state.site.snapshot().content.en, &state.site.snapshot().content.hi);
    let own_hindi_articles = hi.articles.iter().filter(|a| a.is_canonical()).count();
    assert_eq!(own_hindi_articles, en.articles.len() - 1, "every article but face-failures has its Hindi twin");
    assert_eq!(pages.len(), 2 * (6 + en.services.len()) + en.articles.len() + own_hindi_articles);
    pages
}

/// The pages that have a twin in the other language, in both editions: the fixed pages, the services
/// and every article but face-failures.
fn twinned_pages(state: &AppState) -> usize {
    let snapshot = state.site.snapshot();
    let twinned_articles = snapshot.content.hi.articles.iter().filter(|a| a.is_canonical()).count();
    2 * (6 + snapshot.content.en.services.len() + twinned_articles)
}

/// The `hreflang` links of a page's head: (hreflang, href).
fn hreflang_links(doc: &Html) -> Vec<(String, String)> {
    select(doc, r#"link[rel="alternate"][hreflang]"#)
        .into_iter()
        .map(|l| (attr(l, "hreflang").to_owned(), attr(l, "href").to_owned()))
        .collect()
}

#[tokio::test]
async fn every_page_has_a_unique_title_a_self_referencing_canonical_and_sharing_tags() {
    let state = shipped_state().await;
    let mut titles = HashSet::new();
    for (path, route, doc) in pages(&state).await {
        let snapshot = state.site.snapshot();
        let content = snapshot.content.get(route.lang);
        let title = text(one(&doc, "head > title"));
        assert!(!title.is_empty() && titles.insert(title.clone()), "{path}: title {title:?} is empty or repeated");
        let canonical = attr(one(&doc, r#"link[rel="canonical"]"#), "href");
        assert_eq!(canonical, format!("{SITE_URL}{path}"), "{path}");
        assert!(select(&doc, r#"meta[name="robots"]"#).is_empty(), "{path} must be indexable");

        let description = meta(&doc, "description");
        assert!(!description.is_empty(), "{path}");
        assert_eq!(meta(&doc, "og:title"), title);
        assert_eq!(meta(&doc, "og:description"), description);
        assert_eq!(meta(&doc, "og:url"), canonical);
        assert_eq!(meta(&doc, "og:site_name"), content.site.institute_name);
        assert_eq!(attr(one(&doc, "html"), "lang"), route.lang.code(), "{path}");
        let written_in = match route.page {
            Page::Article(i) => content.articles[i].lang.as_str(),
            _ => route.lang.code(),
        };
        assert_eq!(meta(&doc, "og:locale"), format!("{written_in}_IN"), "{path}");

        let image = meta(&doc, "og:image");
        let image_path = image.strip_prefix(SITE_URL).unwrap_or_else(|| panic!("{path}: og:image {image} is relative"));
        assert_eq!(get(&state, image_path).await.status(), StatusCode::OK, "{path}: {image}");
        let size =
            (meta(&doc, "og:image:width").parse::<u32>().unwrap(), meta(&doc, "og:image:height").parse().unwrap());
        // Link previews get the 1200x630 raster copy of the page's picture (tests/images.rs checks the files).
        assert_eq!(size, (1200, 630), "{path}");
        match route.page {
            Page::Article(i) => {
                let article = &content.articles[i];
                assert_eq!(meta(&doc, "og:type"), "article");
                assert_eq!(image_path, article.image.preview().src);
                assert_eq!(meta(&doc, "article:published_time"), format!("{}T00:00:00+05:30", article.date));
            }
            _ => assert_eq!(meta(&doc, "og:type"), "website", "{path}"),
        }
        if let Page::Service(i) = route.page {
            assert_eq!(image_path, content.services[i].card_image.preview().src);
        }

        assert_eq!(meta(&doc, "twitter:card"), "summary_large_image");
        assert_eq!(meta(&doc, "twitter:title"), title);
        assert_eq!(meta(&doc, "twitter:description"), description);
        assert_eq!(meta(&doc, "twitter:image"), image);
        // Every preview picture is described, decorative page banners included (their previewAlt).
        let alt = meta(&doc, "og:image:alt");
        assert!(!alt.trim().is_empty(), "{path}: og:image:alt");
        assert_eq!(meta(&doc, "twitter:image:alt"), alt, "{path}");
        if let Page::About = route.page {
            assert_eq!(Some(alt), content.about.hero.image.preview_alt.as_deref());
        }
        assert_eq!(attr(one(&doc, r#"link[rel="icon"][type="image/svg+xml"]"#), "href"), content.site.logo.src);
        assert_eq!(attr(one(&doc, r#"link[rel="manifest"]"#), "href"), "/manifest.webmanifest");
        assert!(!meta(&doc, "theme-color").is_empty());
    }
    // face-failures is written in Hindi: the English edition marks the article as Hindi, its page as English.
    let face_failures = document(&state, "/blog/face-failures").await;
    assert_eq!(attr(one(&face_failures, "html"), "lang"), "en");
    assert_eq!(attr(one(&face_failures, "article.article"), "lang"), "hi");
    assert_eq!(attr(one(&face_failures, ".article-meta"), "lang"), "en");
    assert_eq!(meta(&face_failures, "og:locale"), "hi_IN");
    // Its card on /blogs carries its language too, and every English card beside it its own.
    let content = &state.site.snapshot().content.en;
    let hindi = content.articles.iter().find(|a| a.slug == "face-failures").unwrap();
    let mut hindi_cards = 0;
    for page in 1..=content.articles.len().div_ceil(9) {
        let blogs = document(&state, &format!("/blogs?page={page}")).await;
        for card in select(&blogs, "article.blog-card") {
            let lang = attr(card, "lang");
            let title = text(first_in(card, "h3"));
            assert_eq!(lang == "hi", title == hindi.title, "{title}: lang {lang}");
            hindi_cards += usize::from(lang == "hi");
        }
    }
    assert_eq!(hindi_cards, 1);

    // The not-found page answers on any path: it names no URL of its own and asks not to be indexed.
    for (path, lang) in [("/no/such/page", "en"), ("/hi/no/such/page", "hi")] {
        let doc = document(&state, path).await;
        assert!(titles.insert(text(one(&doc, "head > title"))), "the not-found title repeats another page's");
        assert_eq!(attr(one(&doc, "html"), "lang"), lang);
        assert_eq!(meta(&doc, "robots"), "noindex");
        assert!(select(&doc, r#"link[rel="canonical"]"#).is_empty());
        assert!(select(&doc, r#"meta[property="og:url"]"#).is_empty());
        assert!(hreflang_links(&doc).is_empty());
        assert!(json_ld(&doc).is_empty());
    }
}

#[tokio::test]
async fn both_twins_name_each_other_with_hreflang_and_english_is_the_default() {
    let state = shipped_state().await;
    let mut by_path: std::collections::HashMap<String, Vec<(String, String)>> = Default::default();
    for (path, route, doc) in pages(&state).await {
        let links = hreflang_links(&doc);
        let own = format!("{SITE_URL}{path}");
        if path == "/blog/face-failures" {
            assert!(links.is_empty(), "the Hindi article of the English edition has no twin to pair with");
            continue;
        }
        let lang = |l: Lang| links.iter().find(|(h, _)| h == l.tag()).map(|(_, href)| href.clone()).unwrap();
        assert_eq!(links.len(), 3, "{path}: {links:?}");
        assert_eq!(lang(route.lang), own, "{path} names itself");
        let english = lang(Lang::En);
        assert_eq!(links[2], ("x-default".to_owned(), english.clone()), "{path}");
        let twin = lang(route.lang.other());
        assert_eq!(twin, format!("{SITE_URL}{}", route.lang.other().path(Lang::of_path(&path).1)), "{path}");
        // Open Graph names the other language too.
        assert_eq!(meta(&doc, "og:locale:alternate"), format!("{}_IN", route.lang.other().code()), "{path}");
        by_path.insert(own, links);
    }
    // Reciprocal: each page's twin names the page back, with the same three links.
    for (url, links) in &by_path {
        for (_, href) in links {
            assert_eq!(by_path.get(href), Some(links), "{url} -> {href}");
        }
    }
    assert_eq!(by_path.len(), twinned_pages(&state));

    // The Hindi edition shows face-failures in Hindi chrome, with the English URL its one canonical address.
    let doc = document(&state, "/hi/blog/face-failures").await;
    assert_eq!(attr(one(&doc, r#"link[rel="canonical"]"#), "href"), format!("{SITE_URL}/blog/face-failures"));
    assert_eq!(attr(one(&doc, "html"), "lang"), "hi");
    assert!(hreflang_links(&doc).is_empty());
    assert!(
        select(&doc, r#"meta[name="robots"]"#).is_empty(),
        "canonical, not noindex: links to it count for the one URL"
    );
}

/// The schema.org types a page's JSON-LD must have: only for what the page shows.
fn expected_types(page: Page) -> &'static [&'static str] {
    match page {
        Page::Home => &["FAQPage", "IndividualPhysician", "MedicalClinic"],
        Page::About => &["FAQPage", "IndividualPhysician"],
        Page::Contact => &["MedicalClinic"],
        Page::Therapy => &["FAQPage"],
        Page::Service(_) => &["BreadcrumbList", "FAQPage", "MedicalWebPage"],
        Page::Article(_) => &["BlogPosting", "BreadcrumbList", "MedicalWebPage"],
        Page::Appointment | Page::Blogs | Page::NotFound | Page::Offline => &[],
    }
}

#[tokio::test]
async fn json_ld_parses_and_has_the_properties_of_each_type_for_what_the_page_shows() {
    let state = shipped_state().await;
    let known: HashSet<String> =
        state.site.snapshot().routes.paths().iter().map(|(p, _)| format!("{SITE_URL}{p}")).collect();
    for (path, route, doc) in pages(&state).await {
        let snapshot = state.site.snapshot();
        let content = snapshot.content.get(route.lang);
        let home = format!("{SITE_URL}{}", route.lang.path("/"));
        let blocks = json_ld(&doc);
        let mut types: Vec<&str> = blocks.iter().map(|b| str_of(b, "@type")).collect();
        types.sort_unstable();
        assert_eq!(types, expected_types(route.page), "{path}");
        for block in &blocks {
            assert_eq!(block["@context"], "https://schema.org", "{path}");
        }
        // The FAQ markup is the FAQ the page shows, question for question.
        let shown: Vec<(String, String)> = select(&doc, ".faq-item")
            .into_iter()
            .map(|item| {
                let question = text(first_in(item, "summary"));
                let answer = text(first_in(item, ".faq-answer p"));
                (question, answer)
            })
            .collect();
        if let Some(faq) = blocks.iter().find(|b| b["@type"] == "FAQPage") {
            let marked: Vec<(String, String)> = faq["mainEntity"]
                .as_array()
                .unwrap()
                .iter()
                .map(|q| {
                    assert_eq!(q["@type"], "Question");
                    assert_eq!(q["acceptedAnswer"]["@type"], "Answer");
                    (str_of(q, "name").to_owned(), str_of(&q["acceptedAnswer"], "text").to_owned())
                })
                .collect();
            assert!(!marked.is_empty());
            assert_eq!(marked, shown, "{path}");
            assert_eq!(str_of(faq, "inLanguage"), route.lang.code(), "{path}");
        } else {
            assert!(shown.is_empty(), "{path} shows a FAQ without FAQPage markup");
        }
        if let Some(breadcrumbs) = blocks.iter().find(|b| b["@type"] == "BreadcrumbList") {
            let items = breadcrumbs["itemListElement"].as_array().unwrap();
            for (i, item) in items.iter().enumerate() {
                assert_eq!((&item["@type"], item["position"].as_u64()), (&Value::from("ListItem"), Some(i as u64 + 1)));
                assert!(!str_of(item, "name").is_empty());
                assert!(known.contains(str_of(item, "item")), "{path}: breadcrumb {} is not a page", item["item"]);
            }
            assert_eq!(str_of(&items[0], "item"), home, "{path}");
            assert_eq!(str_of(items.last().unwrap(), "item"), format!("{SITE_URL}{path}"));
        }
        if let Page::Article(i) = route.page {
            let article = &content.articles[i];
            let post = of_type(&blocks, "BlogPosting");
            assert_eq!(str_of(post, "headline"), article.title);
            assert_eq!(str_of(post, "headline"), text(one(&doc, "h1")));
            assert_eq!(str_of(post, "description"), article.description);
            assert_eq!(str_of(&post["image"], "url"), format!("{SITE_URL}{}", article.image.src));
            assert_eq!(post["image"]["width"], article.image.width);
            assert_eq!(post["image"]["height"], article.image.height);
            assert_eq!(str_of(post, "datePublished"), format!("{}T00:00:00+05:30", article.date));
            assert_eq!(str_of(post, "dateModified"), format!("{}T00:00:00+05:30", article.last_changed()));
            let logo = &post["publisher"]["logo"];
            assert_eq!(logo["@type"], "ImageObject", "{path}: publisher.logo");
            assert!(str_of(logo, "url").starts_with(SITE_URL) && str_of(logo, "url").ends_with(".png"));
            assert_eq!((logo["width"].as_u64(), logo["height"].as_u64()), (Some(512), Some(512)));
            let logo_path = str_of(logo, "url").strip_prefix(SITE_URL).unwrap();
            assert_eq!(get(&state, logo_path).await.status(), StatusCode::OK);
            assert_eq!(post["author"]["@type"], "Person");
            let author = article.author.as_deref().unwrap_or(&content.site.psychiatrist.name);
            assert_eq!(str_of(&post["author"], "name"), author);
            assert_eq!(str_of(post, "inLanguage"), attr(one(&doc, "article.article"), "lang"));
            assert_eq!(str_of(post, "mainEntityOfPage"), format!("{SITE_URL}{path}"));
        }
        // A clinical page names who reviewed it and when, as the page itself shows.
        if let Some(page) = blocks.iter().find(|b| b["@type"] == "MedicalWebPage") {
            let (reviewed_by, last_reviewed) = match route.page {
                Page::Article(i) => (&content.articles[i].reviewed_by, content.articles[i].last_reviewed),
                Page::Service(i) => (&content.services[i].reviewed_by, content.services[i].last_reviewed),
                _ => panic!("{path}: MedicalWebPage on a page that is not clinical"),
            };
            let reviewer = content.team.member(reviewed_by).unwrap();
            assert_eq!(str_of(page, "url"), format!("{SITE_URL}{path}"));
            assert_eq!(str_of(page, "lastReviewed"), last_reviewed.to_string(), "{path}");
            assert_eq!(str_of(&page["reviewedBy"], "name"), reviewer.name, "{path}");
            let registration = reviewer.registration.as_ref().unwrap();
            let licence = &page["reviewedBy"]["hasCredential"];
            assert_eq!(
                (str_of(licence, "credentialCategory"), str_of(licence, "identifier")),
                ("license", registration.number.as_str())
            );
            assert_eq!(str_of(&licence["recognizedBy"], "name"), registration.council);
            let note = text(one(&doc, ".review-note"));
            assert!(note.contains(&reviewer.name) && note.contains(&registration.number), "{path}: {note}");
        }
        if matches!(route.page, Page::Home | Page::Contact) {
            check_clinic(content, of_type(&blocks, "MedicalClinic"));
        }
        if let Some(physician) = blocks.iter().find(|b| b["@type"] == "IndividualPhysician") {
            assert_eq!(str_of(physician, "name"), content.site.psychiatrist.name);
            assert!(
                text(one(&doc, ".team")).contains(&content.site.psychiatrist.name),
                "{path} shows the psychiatrist"
            );
            assert_eq!(physician["medicalSpecialty"], PSYCHIATRIC);
            assert_eq!(physician["practicesAt"]["@type"], "MedicalClinic");
            assert_eq!(str_of(&physician["practicesAt"], "@id"), format!("{SITE_URL}/#clinic"));
            assert_eq!(physician["address"]["@type"], "PostalAddress");
            let registration = content.team.members[0].registration.as_ref().unwrap();
            assert_eq!(str_of(&physician["hasCredential"], "identifier"), registration.number);
        }
    }
}

fn check_clinic(content: &clinic_site::content::Content, clinic: &Value) {
    let site = &content.site;
    assert_eq!(str_of(clinic, "name"), site.institute_name);
    assert_eq!(str_of(clinic, "url"), format!("{SITE_URL}{}", content.lang.path("/")));
    assert_eq!(str_of(clinic, "@id"), format!("{SITE_URL}/#clinic"));
    assert_eq!(str_of(clinic, "telephone"), site.phones[0]);
    assert_eq!(clinic["logo"]["@type"], "ImageObject");
    let address = &clinic["address"];
    assert_eq!(address["@type"], "PostalAddress");
    assert_eq!(str_of(address, "addressLocality"), site.address.locality);
    for key in ["streetAddress", "addressRegion", "postalCode", "addressCountry"] {
        assert!(!str_of(address, key).is_empty(), "{key}");
    }
    assert_eq!(clinic["geo"]["@type"], "GeoCoordinates");
    assert!(clinic["geo"]["latitude"].is_f64() && clinic["geo"]["longitude"].is_f64());
    assert_eq!(clinic["medicalSpecialty"], PSYCHIATRIC);

    let services = clinic["availableService"].as_array().unwrap();
    let names: Vec<&str> = services.iter().map(|s| str_of(s, "name")).collect();
    let titles: Vec<&str> = content.services.iter().map(|s| s.title.as_str()).collect();
    assert_eq!((names.len(), names), (6, titles));
    for (service, content) in services.iter().zip(&content.services) {
        assert_eq!(str_of(service, "url"), format!("{SITE_URL}{}", content.path));
    }

    let mut marked = BTreeSet::new();
    for spec in clinic["openingHoursSpecification"].as_array().unwrap() {
        assert_eq!(spec["@type"], "OpeningHoursSpecification");
        for day in spec["dayOfWeek"].as_array().unwrap() {
            let day = day.as_str().unwrap().strip_prefix("https://schema.org/").unwrap();
            assert!(marked.insert((
                day.to_owned(),
                str_of(spec, "opens").to_owned(),
                str_of(spec, "closes").to_owned()
            )));
        }
    }
    let spec: BTreeSet<(String, String, String)> = SPEC_HOURS
        .iter()
        .flat_map(|(day, times)| times.iter().map(|(o, c)| (day.to_string(), o.to_string(), c.to_string())))
        .collect();
    assert_eq!(marked, spec);
}

/// Every object key and every `@type` in a JSON value, however deep.
fn keys_and_types(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                out.insert(key.clone());
                if key == "@type" {
                    out.insert(inner.as_str().unwrap_or_default().to_owned());
                }
                keys_and_types(inner, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys_and_types(item, out)),
        _ => {}
    }
}

#[tokio::test]
async fn testimonials_are_not_marked_up_as_reviews_or_ratings() {
    let state = shipped_state().await;
    let doc = document(&state, "/").await;
    let blocks = json_ld(&doc);
    let mut names = BTreeSet::new();
    blocks.iter().for_each(|block| keys_and_types(block, &mut names));
    for name in ["Review", "review", "reviews", "AggregateRating", "aggregateRating", "Rating", "reviewRating"] {
        assert!(!names.contains(name), "the home page's JSON-LD has {name:?}");
    }
    let markup: String = blocks.iter().map(Value::to_string).collect();
    for testimonial in &state.site.snapshot().content.en.home.testimonials {
        assert!(!markup.contains(&testimonial.content) && !markup.contains(&testimonial.title));
    }
}

#[tokio::test]
async fn the_sitemap_lists_exactly_the_canonical_pages_and_each_answers_200() {
    let state = shipped_state().await;
    let response = get(&state, "/sitemap.xml").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "application/xml");
    assert!(!header(&response, "etag").is_empty());
    let xml = body_text(response).await;
    let doc = roxmltree::Document::parse(&xml).expect("the sitemap is well-formed XML");
    let urlset = doc.root_element();
    assert_eq!(urlset.tag_name().name(), "urlset");
    assert_eq!(urlset.tag_name().namespace(), Some("http://www.sitemaps.org/schemas/sitemap/0.9"));

    let mut listed = Vec::new();
    let mut alternates = std::collections::HashMap::new();
    for url in urlset.children().filter(|n| n.is_element()) {
        assert_eq!(url.tag_name().name(), "url");
        let child = |name: &str| url.children().find(|n| n.has_tag_name(name)).and_then(|n| n.text());
        let loc = child("loc").expect("every url has a loc");
        let lastmod = child("lastmod").expect("every url has a lastmod");
        let path = loc.strip_prefix(SITE_URL).unwrap_or_else(|| panic!("{loc} is not absolute on SITE_URL"));
        assert!(chrono::NaiveDate::parse_from_str(lastmod, "%Y-%m-%d").is_ok(), "{loc}: lastmod {lastmod}");
        let (lang, english) = Lang::of_path(path);
        if let Some(slug) = english.strip_prefix("/blog/") {
            assert_eq!(
                lastmod,
                state.site.snapshot().content.get(lang).article(slug).unwrap().date.to_string(),
                "{loc}"
            );
        }
        assert_eq!(get(&state, path).await.status(), StatusCode::OK, "{loc}");
        // The page's versions in each language, as its head names them.
        let links: Vec<(String, String)> = url
            .children()
            .filter(|n| n.has_tag_name(("http://www.w3.org/1999/xhtml", "link")))
            .map(|n| (n.attribute("hreflang").unwrap().to_owned(), n.attribute("href").unwrap().to_owned()))
            .collect();
        assert_eq!(links, hreflang_links(&document(&state, path).await), "{loc}");
        alternates.insert(loc.to_owned(), links);
        listed.push(path.to_owned());
    }
    let canonical: Vec<String> =
        pages(&state).await.into_iter().map(|(p, _, _)| p).collect::<BTreeSet<_>>().into_iter().collect();
    assert_eq!(listed, canonical, "every canonical page once, and nothing else");
    assert!(!listed.iter().any(|p| p == "/hi/blog/face-failures"), "listed at its canonical address only");
    for (alias, _) in ALIASES {
        assert!(!listed.iter().any(|p| *p == alias || *p == Lang::Hi.path(alias)));
    }
    // Every pair is listed from both sides.
    for (loc, links) in &alternates {
        for (_, href) in links {
            assert_eq!(alternates.get(href), Some(links), "{loc} -> {href}");
        }
    }
    assert_eq!(alternates.values().filter(|links| links.len() == 3).count(), twinned_pages(&state));
    let newest = state.site.snapshot().content.en.articles.iter().map(|a| a.date).max().unwrap().to_string();
    assert!(xml.contains(&format!("<loc>{SITE_URL}/blogs</loc><lastmod>{newest}</lastmod>")));
    assert!(xml.contains(&format!("<loc>{SITE_URL}/hi/blogs</loc><lastmod>{newest}</lastmod>")));
}

#[tokio::test]
async fn the_offline_pages_answer_but_stay_out_of_the_index_and_the_sitemap() {
    let state = shipped_state().await;
    let sitemap = body_text(get(&state, "/sitemap.xml").await).await;
    for path in ["/offline", "/hi/offline"] {
        assert_eq!(get(&state, path).await.status(), StatusCode::OK, "{path}");
        let doc = document(&state, path).await;
        assert_eq!(attr(one(&doc, r#"meta[name="robots"]"#), "content"), "noindex", "{path}");
        assert!(select(&doc, r#"link[rel="canonical"]"#).is_empty(), "{path} names no canonical address");
        assert!(!sitemap.contains(&format!("<loc>{SITE_URL}{path}</loc>")), "{path} is in the sitemap");
        // The helplines first: a phone call needs no data.
        let calls: Vec<&str> = select(&doc, r#"main a[href^="tel:"]"#).into_iter().map(|a| attr(a, "href")).collect();
        assert_eq!(calls[..2], ["tel:112", "tel:14416"], "{path}");
        let phones: Vec<String> = state
            .site
            .snapshot()
            .content
            .en
            .site
            .phones
            .iter()
            .map(|p| format!("tel:{}", p.replace(' ', "")))
            .collect();
        assert_eq!(calls[2..], phones, "{path}: then the clinic's phones");
    }
}

#[tokio::test]
async fn the_service_worker_is_revalidated_on_every_visit_and_names_this_content_version() {
    let state = shipped_state().await;
    let response = get(&state, "/sw.js").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "text/javascript; charset=utf-8");
    assert_eq!(header(&response, "cache-control"), "no-cache");
    assert!(header(&response, "content-security-policy").contains("worker-src 'self'"));
    let script = body_text(response).await;
    let version = state.site.snapshot().version().to_owned();
    assert!(script.starts_with("const WORKER_CONFIG = {"), "{}", &script[..80]);
    assert!(script.contains(&format!("\"content\":\"{version}\"")));
}

#[tokio::test]
async fn robots_txt_allows_everything_and_names_the_sitemap() {
    let state = shipped_state().await;
    let response = get(&state, "/robots.txt").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "text/plain; charset=utf-8");
    let robots = body_text(response).await;
    let lines: Vec<&str> = robots.lines().collect();
    assert_eq!(lines, ["User-agent: *", "Allow: /", "", &format!("Sitemap: {SITE_URL}/sitemap.xml")]);
}

#[tokio::test]
async fn the_web_manifest_names_the_clinic_its_icon_and_the_theme_colour_of_the_pages() {
    let state = shipped_state().await;
    let response = get(&state, "/manifest.webmanifest").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "application/manifest+json");
    let manifest: Value = serde_json::from_slice(&body_bytes(response).await).unwrap();
    let site = &state.site.snapshot().content.en.site;
    assert_eq!(manifest["name"], site.institute_name.as_str());
    assert_eq!(manifest["short_name"], site.short_name.as_str());
    assert_eq!((&manifest["start_url"], &manifest["display"]), (&Value::from("/"), &Value::from("minimal-ui")));
    // PNG icons of 192 and 512 px (tests/images.rs checks the files), then the vector logo for any size.
    let icons = manifest["icons"].as_array().unwrap();
    let listed: Vec<(&str, &str)> = icons.iter().map(|i| (str_of(i, "sizes"), str_of(i, "type"))).collect();
    assert_eq!(listed, [("192x192", "image/png"), ("512x512", "image/png"), ("any", "image/svg+xml")]);
    let icon = icons.last().unwrap();
    assert_eq!(str_of(icon, "src"), site.logo.src.as_str());
    let logo = get(&state, str_of(icon, "src")).await;
    assert_eq!((logo.status(), header(&logo, "content-type")), (StatusCode::OK, "image/svg+xml"));

    let theme = str_of(&manifest, "theme_color");
    let doc = document(&state, "/").await;
    assert_eq!(meta(&doc, "theme-color"), theme);
    // The colours are the stylesheet's: the brand teal and the page background.
    let styles = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/client/styles.css")).unwrap();
    assert!(styles.contains(&format!("--teal: {theme};")), "theme_color {theme} is not --teal in client/styles.css");
    assert_eq!(manifest["background_color"], "#ffffff");
}

#[tokio::test]
async fn old_links_and_trailing_slashes_answer_301_to_the_page_keeping_the_query() {
    let state = shipped_state().await;
    let cases = [
        ("/services/child-adolescent-psychiatry", "/services/child-and-adolescent-psychiatry"),
        ("/blog/understanding-stress-management", "/blog/stress-affects-health"),
        ("/blog/understanding-sleep-disorders", "/blog/sleep-disorder-treatment"),
        ("/services/child-adolescent-psychiatry/", "/services/child-and-adolescent-psychiatry"),
        ("/blog/understanding-sleep-disorders?utm_source=x", "/blog/sleep-disorder-treatment?utm_source=x"),
        ("/about/", "/about"),
        ("/blog/paranoia/", "/blog/paranoia"),
        ("/blogs/?q=sleep+well&page=2", "/blogs?q=sleep+well&page=2"),
        ("/contact//", "/contact"),
        ("/hi/", "/hi"),
        ("/hi/about/", "/hi/about"),
        ("/hi/services/child-adolescent-psychiatry", "/hi/services/child-and-adolescent-psychiatry"),
        ("/hi/blog/understanding-stress-management?utm_source=x", "/hi/blog/stress-affects-health?utm_source=x"),
        ("/hi/blogs/?q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6", "/hi/blogs?q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6"),
    ];
    for (from, to) in cases {
        let response = get(&state, from).await;
        assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_eq!(header(&response, "location"), to, "{from}");
        // One step: the Location is the page itself.
        assert_eq!(get(&state, to).await.status(), StatusCode::OK, "{to}");
    }
    // Path case is kept, so another spelling is not a page and not a redirect: no loop.
    for path in
        ["/About", "/About/", "/Blog/Paranoia", "/no/such/page/", "//evil.example/", "/blog/", "/HI/about", "/hi/blog/"]
    {
        let response = get(&state, path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(header(&response, "location"), "", "{path}");
    }
    assert_eq!(get(&state, "/").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn internal_links_use_registered_paths_only() {
    let state = shipped_state().await;
    let aliases: HashSet<&str> = ALIASES.iter().map(|(from, _)| *from).collect();
    let mut checked = 0;
    for (path, route, doc) in pages(&state).await {
        for link in select(&doc, "a[href]") {
            let href = attr(link, "href");
            let Some(target) = href.strip_prefix('/').map(|_| href.split(['?', '#']).next().unwrap()) else { continue };
            let (lang, english) = Lang::of_path(target);
            assert!(!aliases.contains(english), "{path} links to the alias {href}");
            assert!(target == "/" || !target.ends_with('/'), "{path} links to {href} with a trailing slash");
            assert!(
                !state.site.snapshot().routes.resolve(target).is_not_found(),
                "{path} links to {href}, which is not a page"
            );
            // A page links within its own edition; only the language switch leads to the other.
            let switch = link.value().classes().any(|c| c == "language-switch");
            assert_eq!(lang == route.lang, !switch, "{path} links to {href}");
            if switch {
                assert_eq!(attr(link, "hreflang"), lang.code());
                assert_eq!(attr(link, "lang"), lang.code());
            }
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} internal links found");
}

/// What HTML checkers (the Nu HTML Checker, HTML_CodeSniffer) ask of the markup, on every page of
/// both editions: a `<section>` has a heading (else it should be a `<div>`), and every `<input>`
/// says its type (one checker reads a missing type as an error in autocomplete rules).
#[tokio::test]
async fn every_section_has_a_heading_and_every_input_names_its_type() {
    let state = shipped_state().await;
    let mut inputs = 0;
    for (path, _, doc) in pages(&state).await {
        for section in select(&doc, "section") {
            let headings = section.select(&scraper::Selector::parse("h1, h2, h3, h4, h5, h6").unwrap()).count();
            assert!(
                headings > 0,
                "{path}: a <section> without a heading: {}",
                &section.html()[..120.min(section.html().len())]
            );
        }
        for input in select(&doc, "input") {
            assert!(input.value().attr("type").is_some_and(|t| !t.is_empty()), "{path}: {}", input.html());
            inputs += 1;
        }
    }
    assert!(inputs > 0);
    let doc = document(&state, "/appointment").await;
    for name in ["given-name", "family-name"] {
        assert_eq!(attr(one(&doc, &format!(r#"input[autocomplete="{name}"]"#)), "type"), "text");
    }
}

#[tokio::test]
async fn every_id_is_unique_and_free_of_whitespace() {
    // The Nu HTML checker's one error on the site: the by-categories view built its headings' ids from
    // the categories' names ("…-Mental Health Disorders"), and an id must not contain whitespace.
    let state = shipped_state().await;
    let mut checked = Vec::new();
    for (path, _, doc) in pages(&state).await {
        checked.push((path, doc));
    }
    for path in ["/blogs?view=categories", "/hi/blogs?view=categories"] {
        checked.push((path.to_owned(), document(&state, path).await));
    }
    for (path, doc) in &checked {
        let ids: Vec<&str> = select(doc, "[id]").into_iter().map(|e| attr(e, "id")).collect();
        let unique: HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{path}: repeated ids in {ids:?}");
        for id in &ids {
            assert!(!id.is_empty() && !id.contains(char::is_whitespace), "{path}: id {id:?}");
        }
        for label in select(doc, "[aria-labelledby]") {
            for id in attr(label, "aria-labelledby").split_whitespace() {
                assert!(unique.contains(id), "{path}: aria-labelledby names {id:?}, which no element has");
            }
        }
    }
    let categories = &checked.iter().find(|(p, _)| p == "/blogs?view=categories").unwrap().1;
    assert!(select(categories, ".category-group h2[id]").len() >= 3, "the view shows its category headings");
}
