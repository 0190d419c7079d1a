//! The head tags that name a page to search engines and link previews: title, description,
//! canonical URL, Open Graph and Twitter card, icon, manifest and theme colour.

use std::fmt::Write;

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use super::hreflang;
use super::manifest::{MANIFEST_PATH, THEME_COLOR};
use crate::base::clock::start_of_local_day;
use crate::base::origin::Origin;
use crate::routes::{PageData, RouteData, StateHead};

/// Open Graph locale of a language code: the site's readers are in India ("en" -> "en_IN").
pub fn og_locale(lang: &str) -> String {
    format!("{lang}_IN")
}

/// The language of the page's main content: an article's own (`face-failures` is Hindi in the
/// English edition too), otherwise its edition's.
fn content_lang<'a>(data: &'a RouteData) -> &'a str {
    match &data.page {
        PageData::Article { article, .. } => &article.lang,
        _ => data.lang.code(),
    }
}

fn meta(out: &mut String, key_attr: &str, key: &str, content: &str) {
    let _ = write!(out, r#"<meta {key_attr}="{key}" content="{}">"#, attr(content));
}

/// `state`: the state the URL's query shows, when the page has one (the blog list's page, category or
/// search). It names the page instead of the route, with its own canonical URL in each language.
pub fn tags(data: &RouteData, site_url: &Origin, state: Option<&StateHead>) -> String {
    let mut out = String::new();
    let title = state.map_or(&data.title, |s| &s.title);
    let query = state.map(|s| s.canonical_query.as_str()).filter(|q| !q.is_empty());
    let with_query = |url: &str| query.map_or_else(|| url.to_owned(), |q| format!("{url}?{q}"));
    let canonical_url = with_query(&data.canonical_url);
    let _ = write!(out, "<title>{}</title>", text(title));
    meta(&mut out, "name", "description", &data.description);
    // The not-found page answers 404 on any path, and the offline page stands in for pages the device has
    // not kept: neither has a URL of its own to name, nor a place in an index.
    let found = !matches!(data.page, PageData::NotFound { .. } | PageData::Offline { .. });
    if found {
        let _ = write!(out, r#"<link rel="canonical" href="{}">"#, attr(&canonical_url));
    } else {
        meta(&mut out, "name", "robots", "noindex");
    }
    // A search's results stay out of the index; the links on them are still followed.
    if state.is_some_and(|s| !s.index) {
        meta(&mut out, "name", "robots", "noindex, follow");
    }
    for (tag, path) in hreflang(&data.alternates) {
        let href = with_query(&site_url.url(path));
        let _ = write!(out, r#"<link rel="alternate" hreflang="{tag}" href="{}">"#, attr(&href));
    }

    let article = match &data.page {
        PageData::Article { article, .. } => Some(article),
        _ => None,
    };
    let og = |out: &mut String, key: &str, content: &str| meta(out, "property", key, content);
    og(&mut out, "og:type", if article.is_some() { "article" } else { "website" });
    og(&mut out, "og:site_name", &data.site.identity.institute_name);
    og(&mut out, "og:title", title);
    og(&mut out, "og:description", &data.description);
    if found {
        og(&mut out, "og:url", &canonical_url);
    }
    og(&mut out, "og:locale", &og_locale(content_lang(data)));
    for alternate in data.alternates.iter().filter(|a| a.lang != data.lang) {
        og(&mut out, "og:locale:alternate", &og_locale(alternate.lang.code()));
    }
    // Link previews ignore SVG: this is the build's 1200x630 raster copy (`Image::preview`).
    let image = &data.social_image;
    let image_url = site_url.url(&image.src);
    og(&mut out, "og:image", &image_url);
    og(&mut out, "og:image:type", image.mime().essence_str());
    og(&mut out, "og:image:width", &image.width.to_string());
    og(&mut out, "og:image:height", &image.height.to_string());
    if !image.alt.is_empty() {
        og(&mut out, "og:image:alt", &image.alt);
    }
    if let Some(article) = article {
        og(&mut out, "article:published_time", &start_of_local_day(article.date));
    }

    meta(&mut out, "name", "twitter:card", "summary_large_image");
    meta(&mut out, "name", "twitter:title", title);
    meta(&mut out, "name", "twitter:description", &data.description);
    meta(&mut out, "name", "twitter:image", &image_url);
    if !image.alt.is_empty() {
        meta(&mut out, "name", "twitter:image:alt", &image.alt);
    }

    let logo = &data.site.identity.logo;
    let logo_type = logo.mime();
    let icons = logo.icons();
    // A 32 px PNG for browsers without SVG icons; its `sizes` keeps the others on the vector logo.
    if let Some(icons) = icons {
        let _ = write!(out, r#"<link rel="icon" href="{}" sizes="32x32" type="image/png">"#, attr(&icons.icon32));
    }
    let _ = write!(out, r#"<link rel="icon" href="{}" type="{}">"#, attr(&logo.src), attr(logo_type.essence_str()));
    if let Some(icons) = icons {
        let _ = write!(out, r#"<link rel="apple-touch-icon" href="{}">"#, attr(&icons.apple_touch));
    }
    let _ = write!(out, r#"<link rel="manifest" href="{MANIFEST_PATH}">"#);
    meta(&mut out, "name", "theme-color", THEME_COLOR);
    out
}
