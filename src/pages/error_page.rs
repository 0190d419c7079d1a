//! The page shown when rendering failed or the site is busy. Rust writes it without the JS engine, so it
//! works even when the engine is what broke. A visitor may reach it in a crisis, at any hour: it gives the
//! helplines that always answer (112 and Tele-MANAS 14416, with the offline page's words for them) before
//! the clinic's phones, which answer during opening hours.

use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

use crate::content::Content;
use crate::i18n;
use crate::i18n::helplines::HELPLINES;

/// The page's only styling, inline so it needs no asset; the Content-Security-Policy allows exactly
/// this text by its hash (`http::security`).
pub const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;\
line-height:1.6;color:#1d2624}a{color:#1f5f5b}";

/// One `tel:` link as a list item, with what the number is when that needs saying.
fn phone_item(number: &str, what: Option<&str>) -> String {
    let link = format!(r#"<a href="tel:{}">{}</a>"#, attr(&number.replace(' ', "")), text(number));
    match what {
        Some(what) => format!("<li>{link}: {}</li>", text(what)),
        None => format!("<li>{link}</li>"),
    }
}

/// The page in `content`'s language, naming its institute, the helplines and the clinic's phones.
pub fn error_document(content: &Content, heading: &str, message: &str) -> String {
    let site = &content.site;
    let offline = &content.offline;
    let words = i18n::words(content.lang);
    let helplines = phone_item(HELPLINES.emergency, Some(&offline.emergency))
        + &phone_item(HELPLINES.tele_manas, Some(&offline.tele_manas));
    let phones: String = site.phones.iter().map(|p| phone_item(p, None)).collect();
    format!(
        concat!(
            "<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"robots\" content=\"noindex\"><title>{heading} | {name}</title>",
            "<style>{style}</style></head><body>",
            "<h1>{heading}</h1><p>{message}</p>",
            "<h2>{help_heading}</h2><ul>{helplines}</ul>",
            "<p>{call_us}</p><ul>{phones}</ul>",
            "<p><a href=\"{home}\">{go_home}</a></p></body></html>"
        ),
        lang = content.lang.code(),
        help_heading = text(&offline.help_heading),
        helplines = helplines,
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

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::*;
    use crate::content::fixture;
    use crate::i18n::Lang;

    #[test]
    fn every_error_page_gives_the_helplines_before_the_clinics_phones() {
        let editions = fixture();
        for lang in Lang::VARIANTS {
            let content = editions.get(*lang);
            let words = i18n::words(*lang);
            for (heading, message) in
                [(&words.busy_heading, &words.busy_message), (&words.failed_heading, &words.failed_message)]
            {
                let html = error_document(content, heading, message);
                let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{lang:?} lacks {needle}: {html}"));
                let emergency = at(r#"<a href="tel:112">112</a>"#);
                let tele_manas = at(r#"<a href="tel:14416">14416</a>"#);
                let clinic = at(&format!(r#"href="tel:{}""#, content.site.phones[0].replace(' ', "")));
                assert!(emergency < tele_manas && tele_manas < clinic, "{lang:?}: {html}");
                for what in [&content.offline.help_heading, &content.offline.emergency, &content.offline.tele_manas] {
                    assert!(html.contains(&*text(what)), "{lang:?} lacks {what}");
                }
                // The clinic is offered for its opening hours, never "now".
                let call_us = i18n::with_institute(&words.call_us, &content.site.institute_name);
                assert!(html[tele_manas..clinic].contains(&*text(&call_us)), "{lang:?}: {html}");
            }
        }
        assert_eq!(i18n::words(Lang::En).call_us, "To reach {institute} during opening hours, please call:");
        assert!(!i18n::words(Lang::Hi).call_us.contains("अभी"));
    }
}
