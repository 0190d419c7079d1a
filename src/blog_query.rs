//! The blog list's state in the URL query (`q`, `category`, `view`, `page`), reduced to a canonical
//! query string so that equal states share one render. The meaning of the values (unknown category,
//! page out of range) is left to the React page, which reads them with `URLSearchParams.get`.

use std::borrow::Cow;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlogQuery {
    pub q: Option<String>,
    pub category: Option<String>,
    pub view: Option<String>,
    pub page: Option<String>,
}

impl BlogQuery {
    /// Parses a raw query string as the browser's `URLSearchParams` does ('+' is a space, invalid
    /// UTF-8 becomes U+FFFD). Like `get`, the first occurrence of a name decides; an empty value is
    /// absent, and a later non-empty one does not replace it, since the browser would not see it.
    pub fn parse(raw: Option<&str>) -> Self {
        let mut query = Self::default();
        let mut seen = [false; 4];
        for (name, value) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            let (index, slot) = match name.as_ref() {
                "q" => (0, &mut query.q),
                "category" => (1, &mut query.category),
                "view" => (2, &mut query.view),
                "page" => (3, &mut query.page),
                _ => continue,
            };
            if !std::mem::replace(&mut seen[index], true) && !value.is_empty() {
                *slot = Some(Cow::into_owned(value));
            }
        }
        query
    }

    /// No list state: the plain, pre-rendered `/blogs`.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The present params in the fixed order q, category, view, page, encoded like `URLSearchParams`
    /// (space as '+'); empty for the default state.
    pub fn to_query_string(&self) -> String {
        let mut serializer = form_urlencoded::Serializer::new(String::new());
        let pairs = [("q", &self.q), ("category", &self.category), ("view", &self.view), ("page", &self.page)];
        for (name, value) in pairs {
            if let Some(value) = value {
                serializer.append_pair(name, value);
            }
        }
        serializer.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(raw: &str) -> String {
        BlogQuery::parse(Some(raw)).to_query_string()
    }

    #[test]
    fn no_query_and_unrelated_params_are_the_default_state() {
        assert!(BlogQuery::parse(None).is_default());
        assert!(BlogQuery::parse(Some("")).is_default());
        assert!(BlogQuery::parse(Some("utm_source=x&fbclid=1&Page=2")).is_default());
        assert_eq!(canonical("utm_source=x&fbclid=1"), "");
    }

    #[test]
    fn the_first_occurrence_of_each_name_wins() {
        let query = BlogQuery::parse(Some("page=2&q=sleep&page=3&q=stress"));
        assert_eq!(query.page.as_deref(), Some("2"));
        assert_eq!(query.q.as_deref(), Some("sleep"));
    }

    #[test]
    fn an_empty_value_is_absent_and_hides_later_ones() {
        assert!(BlogQuery::parse(Some("q=&category=&view&page=")).is_default());
        // URLSearchParams.get("page") is "" here, so the page shows page 1, and so must the server.
        assert_eq!(BlogQuery::parse(Some("page=&page=2")).page, None);
    }

    #[test]
    fn the_canonical_order_is_q_category_view_page() {
        assert_eq!(canonical("page=2&view=all&category=Sleep&q=a&utm=1"), "q=a&category=Sleep&view=all&page=2");
        assert_eq!(canonical("view=categories&page=1"), "view=categories&page=1");
    }

    #[test]
    fn plus_and_percent_twenty_are_both_a_space_written_as_plus() {
        assert_eq!(BlogQuery::parse(Some("q=sleep+well")).q.as_deref(), Some("sleep well"));
        assert_eq!(canonical("q=sleep%20well"), "q=sleep+well");
        assert_eq!(canonical("q=sleep+well"), "q=sleep+well");
        // A literal '+' survives the round trip as %2B.
        assert_eq!(BlogQuery::parse(Some("q=c%2B%2B")).q.as_deref(), Some("c++"));
        assert_eq!(canonical("q=c%2B%2B"), "q=c%2B%2B");
    }

    #[test]
    fn unicode_round_trips() {
        let query =
            BlogQuery {
                q: Some("नींद & तनाव".into()), category: Some("Mental Health".into()), ..Default::default()
            };
        let encoded = query.to_query_string();
        assert_eq!(
            encoded,
            "q=%E0%A4%A8%E0%A5%80%E0%A4%82%E0%A4%A6+%26+%E0%A4%A4%E0%A4%A8%E0%A4%BE%E0%A4%B5&category=Mental+Health"
        );
        assert_eq!(BlogQuery::parse(Some(&encoded)), query);
        // Invalid UTF-8 is replaced as the browser replaces it, and then stays stable.
        assert_eq!(BlogQuery::parse(Some("q=%FF")).q.as_deref(), Some("\u{FFFD}"));
        assert_eq!(canonical(&canonical("q=%FF")), canonical("q=%FF"));
    }
}
