//! The HTML document around the rendered app: head tags, asset links and the hydration data.

use std::fmt::Write;

use html_escape::encode_double_quoted_attribute as attr;

use crate::assets::Manifest;
use crate::routes::RouteData;

/// JSON made safe inside `<script>`: no `</script>` or `<!--` can close or confuse the element, and
/// U+2028/U+2029 are escaped for older JavaScript parsers. Only changes characters inside strings,
/// so the value parses to the same data.
pub fn json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

/// The full document for a route: `app_html` is what the SSR bundle rendered from `data_json`, and
/// `seo_head` the page's title, meta tags and structured data (`seo::head`).
pub fn document(data: &RouteData, seo_head: &str, data_json: &str, app_html: &str, manifest: &Manifest) -> String {
    let mut head = String::new();
    for css in &manifest.css {
        let _ = write!(head, r#"<link rel="stylesheet" href="{}">"#, attr(css));
    }
    // The page's chunk and the entry's imports are fetched in parallel with the entry itself.
    let page_chunks = manifest.pages.get(data.page.kind()).map(Vec::as_slice).unwrap_or_default();
    let mut preloaded: Vec<&str> = Vec::new();
    for chunk in manifest.entry.iter().skip(1).chain(page_chunks) {
        if !preloaded.contains(&chunk.as_str()) {
            preloaded.push(chunk);
            let _ = write!(head, r#"<link rel="modulepreload" href="{}">"#, attr(chunk));
        }
    }
    if let Some(entry) = manifest.entry.first() {
        let _ = write!(head, r#"<script type="module" src="{}"></script>"#, attr(entry));
    }
    format!(
        concat!(
            "<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{seo}{head}</head>",
            "<body><div id=\"root\">{app}</div>",
            "<script type=\"application/json\" id=\"route-data\">{data}</script></body></html>"
        ),
        lang = attr(data.lang),
        seo = seo_head,
        head = head,
        app = app_html,
        data = json_for_script(data_json),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_its_element_and_still_parses_to_the_same_value() {
        let value = serde_json::json!({ "text": "</script><script>alert(1)</script> & <!-- \u{2028}\u{2029}" });
        let safe = json_for_script(&value.to_string());
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        assert!(!safe.contains('\u{2028}') && !safe.contains('\u{2029}'));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), value);
    }
}
