//! The page shown when rendering failed. Rust writes it without the JS engine, so it works even
//! when the engine is what broke; it offers the clinic's phone numbers as a way forward.

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use crate::content::Content;
use crate::i18n;

/// The page's only styling, inline so it needs no asset; the Content-Security-Policy allows exactly
/// this text by its hash (`http::security`).
pub const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;\
line-height:1.6;color:#1d2624}a{color:#1f5f5b}";

/// The page in `content`'s language, naming its institute and phone numbers.
pub fn error_document(content: &Content, heading: &str, message: &str) -> String {
    let site = &content.site;
    let words = i18n::words(content.lang);
    let phones: String = site
        .phones
        .iter()
        .map(|p| format!(r#"<li><a href="tel:{}">{}</a></li>"#, attr(&p.replace(' ', "")), text(p)))
        .collect();
    format!(
        concat!(
            "<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"robots\" content=\"noindex\"><title>{heading} | {name}</title>",
            "<style>{style}</style></head><body>",
            "<h1>{heading}</h1><p>{message}</p>",
            "<p>{call_us}</p><ul>{phones}</ul>",
            "<p><a href=\"{home}\">{go_home}</a></p></body></html>"
        ),
        lang = content.lang.code(),
        call_us = text(&i18n::with_institute(&words.call_us, &site.institute_name)),
        home = attr(&content.lang.path("/")),
        go_home = text(&words.go_home),
        heading = text(heading),
        message = text(message),
        name = text(&site.institute_name),
        phones = phones,
        style = STYLE,
    )
}
