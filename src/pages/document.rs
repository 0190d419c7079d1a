//! The HTML document around the rendered app: head tags, asset links and the hydration data.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write;

use html_escape::encode_double_quoted_attribute as attr;

use crate::base::script_json::json_for_script;
use crate::content::types::Image;
use crate::embedded::assets::Manifest;
use crate::routes::{PageData, RouteData};

/// The head's preload of the page's LCP image (`PageData::lcp_image`), fetched before anything
/// else: for a picture with copies, its best format at the width the page will pick (browsers
/// without that format skip the preload and take a `<source>` the page offers them).
fn lcp_preload(image: &Image) -> String {
    match image.sources.first() {
        Some(best) => format!(
            r#"<link rel="preload" as="image" type="{}" imagesrcset="{}" imagesizes="{}" fetchpriority="high">"#,
            attr(&best.mime),
            attr(&best.srcset),
            attr(image.sizes.as_deref().unwrap_or("100vw")),
        ),
        None => format!(r#"<link rel="preload" as="image" href="{}" fetchpriority="high">"#, attr(&image.src)),
    }
}

/// React 19 hoists a `<link rel="preload" as="image">` for every eager `<img>` to the start of its
/// output (with any other resource links it hoists), which lands at the top of `<body>`: the LCP image
/// is preloaded in the head instead, and the other eager images (the logo) are the first tags of the
/// body anyway. The client renders no such links, so hydration does not miss them.
fn without_image_preloads(html: &str) -> Cow<'_, str> {
    const IMAGE_PRELOAD: &str = r#"<link rel="preload" as="image""#;
    let mut rest = html;
    let mut kept = String::new();
    while rest.starts_with("<link ") {
        // React escapes `>` in attribute values, so the first one ends the tag.
        let Some(end) = rest.find('>') else { break };
        let (tag, after) = rest.split_at(end + 1);
        if !tag.starts_with(IMAGE_PRELOAD) {
            kept.push_str(tag);
        }
        rest = after;
    }
    if rest.len() == html.len() {
        Cow::Borrowed(html)
    } else {
        kept.push_str(rest);
        Cow::Owned(kept)
    }
}

/// The files the page's languages need from `by_lang` (fonts, interface words), each once: its
/// edition's, and an article's own (the Hindi `face-failures` in the English edition needs the
/// Devanagari face and the Hindi words of its headings too).
fn for_languages<'a>(data: &RouteData, by_lang: &'a HashMap<String, Vec<String>>) -> Vec<&'a str> {
    let mut langs = vec![data.lang.code()];
    if let PageData::Article { article, .. } = &data.page {
        langs.push(&article.lang);
    }
    let mut files: Vec<&str> = Vec::new();
    for file in langs.iter().filter_map(|lang| by_lang.get(*lang)).flatten() {
        if !files.contains(&file.as_str()) {
            files.push(file);
        }
    }
    files
}

/// The comments around the head that names the page (`seo::head`): the client replaces what lies
/// between them after a navigation (client/ClientApp.tsx).
pub const PAGE_HEAD_START: &str = "<!--page-head-->";
pub const PAGE_HEAD_END: &str = "<!--/page-head-->";

/// The full document for a route: `app_html` is what the SSR bundle rendered from `data_json`, and
/// `seo_head` the page's title, meta tags and structured data (`seo::head`).
pub fn write(data: &RouteData, seo_head: &str, data_json: &str, app_html: &str, manifest: &Manifest) -> String {
    let mut head = String::new();
    if let Some(image) = data.page.lcp_image() {
        head.push_str(&lcp_preload(image));
    }
    for css in &manifest.css {
        let _ = write!(head, r#"<link rel="stylesheet" href="{}">"#, attr(css));
    }
    for font in for_languages(data, &manifest.fonts) {
        let _ = write!(head, r#"<link rel="preload" href="{}" as="font" type="font/woff2" crossorigin>"#, attr(font));
    }
    // The entry's own imports load with it; everything else only after first paint, so the entry's tag
    // names those modules for it to preload then (client/main.ts).
    let (entry, entry_imports) = manifest.entry.split_first().expect("the manifest names an entry script");
    for chunk in entry_imports {
        let _ = write!(head, r#"<link rel="modulepreload" href="{}">"#, attr(chunk));
    }
    let page_chunks = manifest.pages.get(data.page.kind()).map(Vec::as_slice).unwrap_or_default();
    let mut later: Vec<&str> = Vec::new();
    let words = for_languages(data, &manifest.strings);
    for chunk in manifest.hydrate.iter().map(String::as_str).chain(page_chunks.iter().map(String::as_str)).chain(words)
    {
        if !later.contains(&chunk) && !manifest.entry.iter().any(|e| e == chunk) {
            later.push(chunk);
        }
    }
    let _ = write!(
        head,
        r#"<script type="module" src="{}" data-modules="{}"></script>"#,
        attr(entry),
        attr(&later.join(" "))
    );
    format!(
        concat!(
            "<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "{start}{seo}{end}{head}</head>",
            "<body><div id=\"root\">{app}</div>",
            "<script type=\"application/json\" id=\"route-data\">{data}</script></body></html>"
        ),
        lang = data.lang.code(),
        start = PAGE_HEAD_START,
        seo = seo_head,
        end = PAGE_HEAD_END,
        head = head,
        app = without_image_preloads(app_html),
        data = json_for_script(data_json),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::images::ImageSource;

    #[test]
    fn only_the_leading_image_preloads_that_react_hoists_are_dropped() {
        let html = concat!(
            r#"<link rel="preload" as="font" href="/assets/f.woff2"/>"#,
            r#"<link rel="preload" as="image" href="/images/logo.svg"/>"#,
            r#"<link rel="preload" as="image" href="/images/a&quot;&gt;b.svg" fetchPriority="high"/>"#,
            r#"<a href="/">x</a><link rel="preload" as="image" href="/later.svg"/>"#
        );
        assert_eq!(
            without_image_preloads(html),
            r#"<link rel="preload" as="font" href="/assets/f.woff2"/><a href="/">x</a><link rel="preload" as="image" href="/later.svg"/>"#
        );
        assert_eq!(without_image_preloads("<main></main>"), "<main></main>");
    }

    #[test]
    fn a_picture_with_copies_preloads_its_best_format_at_the_width_the_page_picks() {
        let mut image = Image { src: "/images/p.jpg".into(), width: 1200, height: 800, ..Image::default() };
        assert_eq!(lcp_preload(&image), r#"<link rel="preload" as="image" href="/images/p.jpg" fetchpriority="high">"#);
        image.sources = vec![ImageSource {
            mime: "image/avif".into(),
            srcset: "/img/p-480.avif 480w, /img/p-1200.avif 1200w".into(),
        }];
        image.sizes = Some("(max-width: 1200px) 100vw, 1200px".into());
        assert_eq!(
            lcp_preload(&image),
            concat!(
                r#"<link rel="preload" as="image" type="image/avif" imagesrcset="/img/p-480.avif 480w, /img/p-1200.avif 1200w" "#,
                r#"imagesizes="(max-width: 1200px) 100vw, 1200px" fetchpriority="high">"#
            )
        );
    }
}
