//! Pages parsed with a real HTML parser, and the queries the tests ask of them.

use std::sync::Arc;

use clinic_site::AppState;
use scraper::{ElementRef, Html, Selector};

use super::{body_text, get};

/// The page at `path` (whatever its status), parsed.
pub async fn document(state: &Arc<AppState>, path: &str) -> Html {
    Html::parse_document(&body_text(get(state, path).await).await)
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("{css} is not a selector: {e}"))
}

/// Every element of the document that `css` matches, in document order.
pub fn select<'a>(doc: &'a Html, css: &str) -> Vec<ElementRef<'a>> {
    doc.select(&selector(css)).collect()
}

/// The one element `css` matches (panics when there are none or several).
pub fn one<'a>(doc: &'a Html, css: &str) -> ElementRef<'a> {
    let found = select(doc, css);
    assert_eq!(found.len(), 1, "{css} matched {} elements", found.len());
    found[0]
}

/// The first element inside `element` that `css` matches (panics when there is none).
pub fn first_in<'a>(element: ElementRef<'a>, css: &str) -> ElementRef<'a> {
    element.select(&selector(css)).next().unwrap_or_else(|| panic!("nothing matches {css} in {:?}", element.value()))
}

/// The value of an attribute the element must have.
pub fn attr<'a>(element: ElementRef<'a>, name: &str) -> &'a str {
    element.attr(name).unwrap_or_else(|| panic!("{:?} has no {name}", element.value()))
}

/// The element's text, all of its text nodes joined.
pub fn text(element: ElementRef) -> String {
    element.text().collect()
}

/// The content of the page's one `<meta>` for `key`: `<meta property=key>` for Open Graph (`og:`,
/// `article:`), `<meta name=key>` for the rest.
pub fn meta<'a>(doc: &'a Html, key: &str) -> &'a str {
    let element = one(doc, &format!(r#"meta[property="{key}"], meta[name="{key}"]"#));
    let key_attr = if key.starts_with("og:") || key.starts_with("article:") { "property" } else { "name" };
    assert_eq!(element.attr(key_attr), Some(key), "{:?} should name {key} by {key_attr}", element.value());
    attr(element, "content")
}
