//! The route table (built from the content at start-up) and each route's data: the one serde value
//! that both feeds the server render and is embedded in the page for hydration, and that client-side
//! navigation fetches as JSON.

mod data;
mod page_data;
mod pages;
mod summaries;

use std::collections::HashMap;

use strum::VariantArray;

use crate::content::Editions;
use crate::i18n::Lang;

pub use data::{route_data, Links, NavService, Navigation, RouteData, Site, StateHead, Translation};
pub use page_data::{PageData, PageKind};
pub use summaries::{BlogSummary, CategoryName, ServiceCard};

/// The path the not-found page is rendered and cached under.
pub const NOT_FOUND_PATH: &str = "/404";

/// A page of the site in one edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Route {
    pub lang: Lang,
    pub page: Page,
}

/// The pages each edition has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    Home,
    About,
    Appointment,
    Contact,
    Therapy,
    Blogs,
    /// Index into the edition's `Content::services`.
    Service(usize),
    /// Index into the edition's `Content::articles`.
    Article(usize),
    NotFound,
    /// What the service worker shows for a page the device has not kept, when the connection is down.
    Offline,
}

impl Page {
    /// Whether search engines may index the page and the sitemap lists it: not the not-found page (it
    /// answers at any unknown address) nor the offline page (it stands in for other pages).
    pub fn is_indexed(self) -> bool {
        !matches!(self, Page::NotFound | Page::Offline)
    }
}

/// The offline page's path (English; `Lang::path` gives the others).
pub const OFFLINE_PATH: &str = "/offline";

/// The pages every edition has at a fixed path (its English path; `Lang::path` gives the others).
const FIXED_PAGES: [(&str, Page); 7] = [
    ("/", Page::Home),
    ("/about", Page::About),
    ("/appointment", Page::Appointment),
    ("/contact", Page::Contact),
    ("/therapy-and-counselling", Page::Therapy),
    ("/blogs", Page::Blogs),
    (OFFLINE_PATH, Page::Offline),
];

impl Route {
    pub fn new(lang: Lang, page: Page) -> Self {
        Self { lang, page }
    }

    /// The not-found page of the edition a request path belongs to.
    pub fn not_found(path: &str) -> Self {
        Self::new(Lang::of_path(path).0, Page::NotFound)
    }

    pub fn is_not_found(self) -> bool {
        self.page == Page::NotFound
    }

    /// The same page in the other edition: for the not-found page, none.
    pub fn twin(self, content: &Editions) -> Option<Route> {
        let (this, other) = (content.get(self.lang), self.lang.other());
        let page = match self.page {
            Page::Service(i) => {
                Page::Service(content.get(other).services.iter().position(|s| s.slug == this.services[i].slug)?)
            }
            Page::Article(i) => {
                Page::Article(content.get(other).articles.iter().position(|a| a.slug == this.articles[i].slug)?)
            }
            Page::NotFound => return None,
            fixed => fixed,
        };
        Some(Route::new(other, page))
    }
}

pub struct RouteTable {
    by_path: HashMap<String, Route>,
}

impl RouteTable {
    pub fn new(content: &Editions) -> Self {
        let mut by_path = HashMap::new();
        for edition in content.iter() {
            let lang = edition.lang;
            by_path.extend(FIXED_PAGES.map(|(path, page)| (lang.path(path), Route::new(lang, page))));
            let services = edition.services.iter().enumerate();
            by_path.extend(services.map(|(i, s)| (s.path.clone(), Route::new(lang, Page::Service(i)))));
            let articles = edition.articles.iter().enumerate();
            by_path.extend(articles.map(|(i, a)| (a.path.clone(), Route::new(lang, Page::Article(i)))));
        }
        Self { by_path }
    }

    /// The route for a request path; anything unknown is the not-found page of its edition.
    pub fn resolve(&self, path: &str) -> Route {
        self.by_path.get(path).copied().unwrap_or_else(|| Route::not_found(path))
    }

    /// Every known path (each a page's own path), sorted.
    pub fn paths(&self) -> Vec<(&str, Route)> {
        let mut paths: Vec<(&str, Route)> = self.by_path.iter().map(|(p, r)| (p.as_str(), *r)).collect();
        paths.sort_unstable_by_key(|(p, _)| *p);
        paths
    }

    /// Every page worth pre-rendering: all known paths and each edition's not-found page.
    pub fn all(&self) -> impl Iterator<Item = (String, Route)> + '_ {
        let not_found =
            Lang::VARIANTS.iter().map(|&lang| (lang.path(NOT_FOUND_PATH), Route::new(lang, Page::NotFound)));
        self.by_path.iter().map(|(p, r)| (p.clone(), *r)).chain(not_found)
    }
}

/// One language's version of a page, for `hreflang` links and the sitemap's alternates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternate {
    pub lang: Lang,
    pub path: String,
}

/// A route's path and its canonical path (the same but for an article shown in a second edition).
pub fn paths(content: &Editions, route: Route) -> (String, String) {
    let edition = content.get(route.lang);
    let fixed = |english: &str| (route.lang.path(english), route.lang.path(english));
    match route.page {
        Page::Service(i) => (edition.services[i].path.clone(), edition.services[i].path.clone()),
        Page::Article(i) => (edition.articles[i].path.clone(), edition.articles[i].canonical_path.clone()),
        Page::NotFound => fixed(NOT_FOUND_PATH),
        page => fixed(fixed_path(page)),
    }
}

/// The English path of one of the fixed pages (`FIXED_PAGES`); `/` for any other page.
fn fixed_path(page: Page) -> &'static str {
    FIXED_PAGES.iter().find(|(_, p)| *p == page).map_or("/", |(path, _)| path)
}

/// The page in each language (English first), when both editions show it at its own canonical
/// address; otherwise none, since `hreflang` may only pair canonical pages.
pub fn alternates(content: &Editions, route: Route) -> Vec<Alternate> {
    let Some(twin) = route.twin(content) else { return Vec::new() };
    let mut pair = Vec::with_capacity(2);
    for r in [route, twin] {
        let (path, canonical) = paths(content, r);
        if path != canonical {
            return Vec::new();
        }
        pair.push(Alternate { lang: r.lang, path });
    }
    pair.sort_by_key(|a| a.lang);
    pair
}
