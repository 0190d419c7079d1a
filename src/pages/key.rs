//! One key per page: a route, plus the canonical state of the blog list its URL shows. Every URL that
//! shows the same page has the same key (`?page=1` and none, a category's `&page=1` and the category
//! alone, `?page=2&q=` and `?page=2`), so the store, the render grouping and pre-rendering all agree on what one page is: it is
//! rendered once, stored once and has one ETag.

use crate::content::Editions;
use crate::pages::blog_query::BlogQuery;
use crate::routes::{Page, Route};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub route: Route,
    /// The canonical query of the blog list's state (`BlogQuery::to_query_string`); empty for the
    /// route's own page.
    pub list_state: String,
}

impl PageKey {
    /// The route's own page, whatever a URL's query says.
    pub fn route(route: Route) -> Self {
        Self { route, list_state: String::new() }
    }

    /// The page a request for `route` with `query` shows. Only the blog list reads its query, by the
    /// page's own rules and with the edition's categories; every other route is its own page.
    pub fn read(content: &Editions, route: Route, query: Option<&str>) -> Self {
        if route.page != Page::Blogs {
            return Self::route(route);
        }
        let categories = content.get(route.lang).categories.list.iter().map(|c| c.key.as_str());
        Self { route, list_state: BlogQuery::read(query, categories).to_query_string() }
    }

    /// True for the route's own page (no list state).
    pub fn is_route_page(&self) -> bool {
        self.list_state.is_empty()
    }

    /// The address the page is rendered at: the route's `path`, plus the state's query.
    pub fn url(&self, path: &str) -> String {
        if self.is_route_page() {
            path.to_owned()
        } else {
            format!("{path}?{}", self.list_state)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::fixture;
    use crate::i18n::Lang;

    #[test]
    fn urls_that_show_one_page_have_one_key() {
        let content = fixture();
        let blogs = Route::new(Lang::En, Page::Blogs);
        let key = |query: &str| PageKey::read(&content, blogs, Some(query));
        // A page number with a leading zero is not one the list writes: the plain list.
        assert_eq!(key("page=02"), PageKey::route(blogs));
        assert_eq!(key("page=1"), PageKey::route(blogs));
        assert_eq!(key("page=2&q="), key("page=2"));
        assert_eq!(key("category=Stress+%26+Resilience&page=1"), key("category=Stress+%26+Resilience"));
        assert_ne!(key("category=Stress+%26+Resilience"), PageKey::route(blogs));
        assert_eq!(key("view=categories&page=3").list_state, "view=categories");
        assert_eq!(key("page=2").url("/blogs"), "/blogs?page=2");
        assert_eq!(key("category=no-such-category"), PageKey::route(blogs));
        // Every other page ignores its query.
        let about = Route::new(Lang::Hi, Page::About);
        assert_eq!(PageKey::read(&content, about, Some("page=2")), PageKey::route(about));
    }
}
