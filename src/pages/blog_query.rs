//! The blog list's state in the URL query (`q`, `category`, `view`, `page`), read by the same rules as
//! the page (`readBlogQuery` in `client/lib/blogList.ts`) and written back in one canonical form: every
//! URL that shows the same list has one key, so it is rendered once and stored once (one ETag).
//! `client/lib/blog-list-states.json` holds the cases both languages' tests check.

use std::borrow::Cow;

/// The highest page a URL may ask for (`/^[1-9]\d{0,5}$/` in the page's rules); past the end of the
/// list the page shows its last page.
const MAX_PAGE_DIGITS: usize = 6;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogQuery {
    /// The search, as typed; empty for none.
    pub search: String,
    /// A known category's key, only in the all-posts view.
    pub category: Option<String>,
    /// The by-categories view (shows every category, one page).
    pub by_categories: bool,
    pub page: u32,
}

impl Default for BlogQuery {
    fn default() -> Self {
        Self { search: String::new(), category: None, by_categories: false, page: 1 }
    }
}

impl BlogQuery {
    /// The state a raw query string shows, given the edition's category keys. Values are read as the
    /// browser's `URLSearchParams.get` reads them ('+' is a space, invalid UTF-8 becomes U+FFFD, the
    /// first occurrence of a name decides even when empty); anything unknown or malformed is the default.
    pub fn read<'a>(raw: Option<&str>, categories: impl IntoIterator<Item = &'a str>) -> Self {
        let mut first: [Option<Cow<str>>; 4] = Default::default();
        for (name, value) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            let slot = match name.as_ref() {
                "q" => 0,
                "category" => 1,
                "view" => 2,
                "page" => 3,
                _ => continue,
            };
            first[slot].get_or_insert(value);
        }
        let [search, category, view, page] = first;
        let by_categories = view.as_deref() == Some("categories");
        let category = category
            .filter(|key| !by_categories && categories.into_iter().any(|known| known == key.as_ref()))
            .map(Cow::into_owned);
        // The by-categories view has one page, whatever the URL says.
        let page = page.filter(|_| !by_categories).and_then(|p| page_number(&p)).unwrap_or(1);
        Self { search: search.map(Cow::into_owned).unwrap_or_default(), category, by_categories, page }
    }

    /// The plain list: `/blogs` itself.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The canonical query (`blogQueryParams` in the page's rules): q, category, view, page in that
    /// order, defaults left out, encoded like `URLSearchParams` (space as '+'); empty for the plain list.
    pub fn to_query_string(&self) -> String {
        let mut serializer = form_urlencoded::Serializer::new(String::new());
        if !self.search.is_empty() {
            serializer.append_pair("q", &self.search);
        }
        if let Some(category) = &self.category {
            serializer.append_pair("category", category);
        }
        if self.by_categories {
            serializer.append_pair("view", "categories");
        }
        if self.page != 1 {
            serializer.append_pair("page", &self.page.to_string());
        }
        serializer.finish()
    }
}

/// A page number as the page accepts it: 1 to 999999, digits only, no leading zero.
fn page_number(text: &str) -> Option<u32> {
    let digits = text.len() <= MAX_PAGE_DIGITS && text.bytes().all(|b| b.is_ascii_digit());
    (digits && !text.starts_with('0')).then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Cases {
        categories: Vec<String>,
        cases: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        query: String,
        state: String,
    }

    #[test]
    fn every_shared_case_has_the_state_the_page_reads() {
        let cases: Cases = serde_json::from_str(include_str!("../../client/lib/blog-list-states.json")).unwrap();
        assert!(cases.cases.len() > 20);
        for case in &cases.cases {
            let state = BlogQuery::read(Some(&case.query), cases.categories.iter().map(String::as_str));
            assert_eq!(state.to_query_string(), case.state, "?{}", case.query);
            assert_eq!(state.is_default(), case.state.is_empty(), "?{}", case.query);
            // The canonical form reads back as itself.
            let again = BlogQuery::read(Some(&case.state), cases.categories.iter().map(String::as_str));
            assert_eq!(again, state, "?{}", case.state);
        }
    }

    #[test]
    fn no_query_is_the_plain_list() {
        assert!(BlogQuery::read(None, []).is_default());
    }

    #[test]
    fn unicode_round_trips() {
        let query =
            BlogQuery {
                search: "नींद & तनाव".into(), category: Some("Mental Health".into()), ..Default::default()
            };
        let encoded = query.to_query_string();
        assert_eq!(
            encoded,
            "q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6+%26+%E0%A4%A4%E0%A4%A8%E0%A4%BE%E0%A4%B5&category=Mental+Health"
        );
        assert_eq!(BlogQuery::read(Some(&encoded), ["Mental Health"]), query);
    }
}
