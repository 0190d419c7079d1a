//! The Hindi edition: every English page has its twin under `/hi`, rendered on the server in Hindi
//! (the interface's words from `client/i18n/hi.json`, the texts from `content/hi/`), with the blog
//! list's search and state in the URL like the English; and the content checks that keep each Hindi
//! file in step with its English twin, each refusing start-up with the file and field named.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use clinic_site::content::{ContentSource, Editions};
use common::html::{attr, document, one, select, text};
use common::*;
use scraper::{ElementRef, Html, Node};
use serde_json::Value;

/// The paths the issue names for the Hindi edition (all 23 articles by the same slugs).
fn hindi_paths(state: &clinic_site::AppState) -> Vec<String> {
    let mut paths: Vec<String> = ["", "/about", "/appointment", "/contact", "/therapy-and-counselling", "/blogs"]
        .iter()
        .map(|p| format!("/hi{p}"))
        .collect();
    paths.extend(state.site.snapshot().content.en.services.iter().map(|s| format!("/hi/services/{}", s.slug)));
    paths.extend(state.site.snapshot().content.en.articles.iter().map(|a| format!("/hi/blog/{}", a.slug)));
    paths
}

/// Every word the English interface shows, from its language file: what must never appear on a Hindi page.
fn english_interface_words() -> BTreeSet<String> {
    fn leaves(value: &Value, out: &mut BTreeSet<String>) {
        match value {
            Value::String(s) => {
                // A template's words before its first placeholder ("Found {n} blogs" -> "Found").
                let words = s.split('{').next().unwrap_or_default().trim();
                if words.chars().filter(char::is_ascii_alphabetic).count() >= 3 {
                    out.insert(words.to_owned());
                }
            }
            Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
            Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
            _ => {}
        }
    }
    let json = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/client/i18n/en.json")).unwrap();
    let mut words = BTreeSet::new();
    leaves(&serde_json::from_str(&json).unwrap(), &mut words);
    // The English name of the language is what the switch back to English shows, marked lang="en".
    words.remove("English");
    words
}

/// The texts a reader sees or hears on the page outside parts marked as another language: text nodes,
/// and the labels, placeholders and alternative texts of elements.
fn hindi_texts(doc: &Html) -> Vec<String> {
    fn walk(element: ElementRef, out: &mut Vec<String>) {
        if element.attr("lang").is_some_and(|l| l != "hi") || ["script", "style"].contains(&element.value().name()) {
            return;
        }
        for name in ["aria-label", "placeholder", "alt", "title"] {
            out.extend(element.attr(name).map(str::to_owned));
        }
        for child in element.children() {
            match child.value() {
                Node::Text(t) if !t.trim().is_empty() => out.push(t.trim().to_owned()),
                Node::Element(_) => walk(ElementRef::wrap(child).unwrap(), out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(one(doc, "body"), &mut out);
    out
}

#[tokio::test]
async fn every_english_page_has_its_hindi_twin_in_hindi() {
    let state = shipped_state().await;
    let english = english_interface_words();
    let hindi: Value = serde_json::from_str(include_str!("../client/i18n/hi.json")).unwrap();
    let paths = hindi_paths(&state);
    let hi = &state.site.snapshot().content.hi;
    assert_eq!(paths.len(), 6 + hi.services.len() + hi.articles.len());
    for path in &paths {
        let response = get(&state, path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let doc = Html::parse_document(&body_text(response).await);
        assert_eq!(attr(one(&doc, "html"), "lang"), "hi", "{path}");
        let title = text(one(&doc, "head > title"));
        assert!(title.contains(&state.site.snapshot().content.hi.site.institute_name), "{path}: {title}");
        assert!(title.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)), "{path}: {title}");
        // Nothing of the English interface: its menu, buttons, labels and messages are all Hindi.
        for shown in hindi_texts(&doc) {
            assert!(!english.contains(&shown), "{path} shows the English {shown:?}");
        }
        // The header names its menu in Hindi, and offers the page in English.
        assert_eq!(attr(one(&doc, ".desktop-nav"), "aria-label"), hindi["nav"]["main"], "{path}");
        let switch = select(&doc, "a.language-switch");
        assert_eq!(switch.len(), 3, "{path}: in the header, its small-screen menu and the footer");
        for link in switch {
            assert_eq!((attr(link, "lang"), text(link).as_str()), ("en", "English"), "{path}");
        }
    }
}

#[tokio::test]
async fn a_hindi_article_has_hindi_dates_reading_time_author_and_related_posts() {
    let state = shipped_state().await;
    let snapshot = state.site.snapshot();
    let article = snapshot.content.hi.article("paranoia").unwrap();
    let doc = document(&state, "/hi/blog/paranoia").await;
    assert_eq!(text(one(&doc, "h1")), article.title);
    // 24 December 2024, as Hindi readers write it.
    assert_eq!(text(one(&doc, ".article-meta time")), "24 दिसंबर 2024");
    let meta = text(one(&doc, ".article-meta"));
    assert!(meta.contains(&format!("{} मिनट", article.reading_minutes())), "{meta}");
    let author = text(one(&doc, ".article-author"));
    assert!(author.contains(&state.site.snapshot().content.hi.site.psychiatrist.name), "{author}");
    assert!(author.contains(&state.site.snapshot().content.hi.site.psychiatrist.title), "{author}");
    for card in select(&doc, ".related .blog-card") {
        let href = attr(one_in(card, "h3 a"), "href");
        assert!(href.starts_with("/hi/blog/"), "a related post leads into the Hindi edition: {href}");
    }
    // The reading time follows the same rule, from the Hindi text's own words.
    let words = article.text1.iter().chain(&article.conclusion).chain(&article.diagnosis.content);
    let counted: usize = words.chain(&article.remedies.content).map(|p| p.split_whitespace().count()).sum();
    assert_eq!(article.reading_minutes(), counted.div_ceil(100));
}

fn one_in<'a>(element: ElementRef<'a>, css: &str) -> ElementRef<'a> {
    common::html::first_in(element, css)
}

#[tokio::test]
async fn the_hindi_blog_search_is_rendered_on_the_server_from_the_query() {
    let state = shipped_state().await;
    // "नींद" (sleep): in Hindi titles, descriptions or tag labels.
    let doc = document(&state, "/hi/blogs?q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6").await;
    let snapshot = state.site.snapshot();
    let expected: Vec<&str> = snapshot
        .content
        .hi
        .articles
        .iter()
        .filter(|a| {
            let labels = a.tags.iter().map(|t| snapshot.content.hi.categories.label(t));
            [a.title.as_str(), a.description.as_str()].into_iter().chain(labels).any(|t| t.contains("नींद"))
        })
        .map(|a| a.title.as_str())
        .collect();
    assert!(expected.len() >= 3, "{expected:?}");
    let shown: Vec<String> = select(&doc, ".blog-card h3").into_iter().map(text).collect();
    assert_eq!(shown, expected.iter().take(9).map(|t| t.to_string()).collect::<Vec<_>>());
    let count = text(one(&doc, ".count-line"));
    assert!(count.contains(&expected.len().to_string()) && count.contains("लेख"), "{count}");
    assert_eq!(attr(one(&doc, "input[type=search]"), "value"), "नींद");

    // A category is named by its key in the URL of both editions, and by its Hindi name on the page.
    let doc = document(&state, "/hi/blogs?category=Sleep+%26+Physical+Wellness").await;
    let pressed = select(&doc, ".chip-group a[aria-current=true]");
    assert_eq!(text(pressed[0]), state.site.snapshot().content.hi.categories.list[1].name);
    let english = document(&state, "/blogs?category=Sleep+%26+Physical+Wellness").await;
    assert_eq!(select(&doc, ".blog-card").len(), select(&english, ".blog-card").len());
    // The language switch keeps the list's query.
    let switch = select(&doc, "a.language-switch");
    assert_eq!(attr(switch[0], "href"), "/blogs?category=Sleep+%26+Physical+Wellness");
}

#[tokio::test]
async fn the_hindi_not_found_page_is_hindi_with_status_404() {
    let state = shipped_state().await;
    let response = get(&state, "/hi/no/such/page").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let doc = Html::parse_document(&body_text(response).await);
    assert_eq!(attr(one(&doc, "html"), "lang"), "hi");
    assert_eq!(text(one(&doc, "main h1")), state.site.snapshot().content.hi.not_found.code);
    assert!(text(one(&doc, "main")).contains(&state.site.snapshot().content.hi.not_found.message));
    assert_eq!(attr(one(&doc, "main a.button"), "href"), "/hi");
    // Its data for client-side navigation too; and a path outside /hi is the English not-found page.
    assert_eq!(get(&state, "/_data/hi/no/such/page").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(attr(one(&document(&state, "/hindi").await, "html"), "lang"), "en");
}

#[tokio::test]
async fn navigation_data_of_a_hindi_page_carries_its_language_and_its_twin() {
    let state = shipped_state().await;
    let json: Value = serde_json::from_str(&body_text(get(&state, "/_data/hi/about").await).await).unwrap();
    let data = &json["data"];
    assert_eq!(data["lang"], "hi");
    assert_eq!(data["translation"], serde_json::json!({ "lang": "en", "path": "/about" }));
    assert_eq!(data["site"]["links"]["blogs"], "/hi/blogs");
    assert!(json["head"].as_str().unwrap().contains(r#"hreflang="hi-IN""#));
    let english: Value = serde_json::from_str(&body_text(get(&state, "/_data/about").await).await).unwrap();
    assert_eq!(english["data"]["translation"], serde_json::json!({ "lang": "hi", "path": "/hi/about" }));
}

/// Loads a copy of the content after `edit` changed it, and returns every problem found.
fn problems_after(name: &str, edit: impl FnOnce(&std::path::Path)) -> Vec<String> {
    let dir = shipped_copy(name);
    edit(&dir);
    let errors = Editions::load(ContentSource::Dir(dir.to_path_buf())).expect_err("the edited copy is refused");
    errors.0.iter().map(ToString::to_string).collect()
}

fn replace_in(dir: &std::path::Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_missing_hindi_file_refuses_start_up() {
    let problems = problems_after("hi-missing", |dir| {
        std::fs::remove_file(dir.join("hi/blog/insomnia.toml")).unwrap();
        std::fs::remove_file(dir.join("hi/contact.toml")).unwrap();
    });
    assert!(problems.iter().any(|p| p.starts_with("hi/contact.toml: file not found")), "{problems:?}");
    assert!(
        problems.contains(
            &"hi/blog/insomnia.toml: missing: every English file needs its twin here (blog/insomnia.toml)".into()
        ),
        "{problems:?}"
    );
}

#[test]
fn a_hindi_file_with_a_field_missing_refuses_start_up() {
    let problems =
        problems_after("hi-field", |dir| replace_in(dir, "hi/home.toml", "subheadline =", "# subheadline ="));
    assert!(problems.iter().any(|p| p.starts_with("hi/home.toml:") && p.contains("subheadline")), "{problems:?}");
}

#[test]
fn a_hindi_file_with_fewer_items_than_its_english_twin_refuses_start_up() {
    let problems = problems_after("hi-items", |dir| {
        let path = dir.join("hi/services/telepsychiatry.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        // Drop the last FAQ: the file stays valid, with one item fewer than the English.
        let last =
            text.lines().find(|l| l.trim_start().starts_with("{ question = \"ऑनलाइन परामर्श के लिए भुगतान")).unwrap();
        std::fs::write(&path, text.replace(&format!("{last}\n"), "")).unwrap();
    });
    assert_eq!(
        problems,
        ["hi/services/telepsychiatry.toml: faqs: 6 items in English, 5 here: the same number in each"]
    );
}

#[test]
fn a_hindi_file_that_changes_a_shared_value_refuses_start_up() {
    let problems = problems_after("hi-shared", |dir| {
        replace_in(dir, "hi/blog/paranoia.toml", "date = \"2024-12-24\"", "date = \"2024-12-25\"")
    });
    assert_eq!(problems, ["hi/blog/paranoia.toml: date: must stay \"2024-12-24\" as in English, is \"2024-12-25\""]);
}

#[test]
fn a_hindi_file_without_an_english_twin_or_for_an_article_already_in_hindi_refuses_start_up() {
    let problems = problems_after("hi-extra", |dir| {
        std::fs::copy(dir.join("hi/blog/paranoia.toml"), dir.join("hi/blog/paranoia-2.toml")).unwrap();
        std::fs::copy(dir.join("blog/face-failures.toml"), dir.join("hi/blog/face-failures.toml")).unwrap();
    });
    assert!(
        problems.iter().any(|p| p.starts_with("hi/blog/paranoia-2.toml: there is no English blog/paranoia-2.toml")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p
            .starts_with("hi/blog/face-failures.toml: blog/face-failures.toml is written in this language already")),
        "{problems:?}"
    );
}

#[test]
fn a_tag_without_its_hindi_label_refuses_start_up() {
    let problems =
        problems_after("hi-label", |dir| replace_in(dir, "hi/categories.toml", "\"insomnia\" = ", "# \"insomnia\" = "));
    assert!(problems.iter().any(|p| p.starts_with("hi/categories.toml: tagLabels: \"insomnia\"")), "{problems:?}");
}

#[test]
fn a_hindi_text_that_drops_the_helplines_refuses_start_up() {
    let problems = problems_after("hi-safety", |dir| {
        let path = dir.join("hi/blog/suicide-prevention.toml");
        let text = std::fs::read_to_string(&path).unwrap().replace("14416", "");
        std::fs::write(&path, text).unwrap();
    });
    assert!(
        problems.iter().any(|p| p.starts_with("hi/blog/suicide-prevention.toml:") && p.contains("14416")),
        "{problems:?}"
    );
}

#[tokio::test]
async fn a_page_loads_the_words_and_fonts_of_its_languages_only() {
    let state = shipped_state().await;
    let manifest = &state.site.renderer().manifest();
    let (en_words, hi_words) = (&manifest.strings["en"][0], &manifest.strings["hi"][0]);
    let devanagari: Vec<&String> = manifest.fonts["hi"].iter().filter(|f| f.contains("devanagari")).collect();
    assert_eq!(devanagari.len(), 2, "the Devanagari face at 400 and 700");
    for (path, words, hindi_fonts) in [
        ("/", vec![en_words], false),
        ("/hi", vec![hi_words], true),
        ("/hi/blogs", vec![hi_words], true),
        // English around a Hindi article: both languages' words (its headings are Hindi) and the Devanagari face.
        ("/blog/face-failures", vec![en_words, hi_words], true),
    ] {
        let doc = document(&state, path).await;
        let modules = attr(one(&doc, "script[data-modules]"), "data-modules");
        for (chunk, wanted) in [(en_words, words.contains(&en_words)), (hi_words, words.contains(&hi_words))] {
            assert_eq!(modules.split(' ').any(|m| m == chunk), wanted, "{path}: {chunk} in {modules}");
        }
        let fonts: Vec<&str> =
            select(&doc, r#"head > link[rel="preload"][as="font"]"#).into_iter().map(|l| attr(l, "href")).collect();
        for font in &devanagari {
            assert_eq!(fonts.contains(&font.as_str()), hindi_fonts, "{path}: {fonts:?}");
        }
    }
}

#[tokio::test]
async fn the_about_links_are_heard_in_each_languages_word_order() {
    // The link shows "Learn More"; the hidden words around it make the whole phrase for screen readers.
    // Glued in English order the Hindi read "और जानें हमारे बारे में".
    let state = shipped_state().await;
    for (path, visible, heard) in [("/", "Learn More", "Learn More about us"), ("/hi", "और जानें", "हमारे बारे में और जानें")]
    {
        let doc = document(&state, path).await;
        let links = select(&doc, "main a[href$='/about'].button");
        assert_eq!(links.len(), 2, "{path}");
        for link in links {
            assert_eq!(text(link).split_whitespace().collect::<Vec<_>>().join(" "), heard, "{path}");
            let hidden: String =
                link.select(&scraper::Selector::parse(".visually-hidden").unwrap()).map(text).collect();
            assert_eq!(text(link).replacen(hidden.as_str(), "", 1).trim(), visible, "{path}");
        }
    }
}
