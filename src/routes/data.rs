//! A route's data (`RouteData`): the site's shared part, the language switch, and what navigation fetches.

use std::borrow::Cow;

use chrono::NaiveDate;
use serde::Serialize;
use ts_rs::TS;

use super::pages::{self, PageParts};
use super::{alternates, fixed_path, paths, Alternate, Page, PageData, Route};
use crate::base::origin::Origin;
use crate::content::service::Service;
use crate::content::site::Identity;
use crate::content::types::Image;
use crate::content::Editions;
use crate::i18n::Lang;

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NavService {
    pub title: String,
    pub path: String,
}

/// The paths of the pages the header and footer link to, in the page's edition.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Links {
    pub home: String,
    pub about: String,
    pub appointment: String,
    pub contact: String,
    pub therapy: String,
    pub blogs: String,
}

impl Links {
    fn of(lang: Lang) -> Self {
        let path = |page| lang.path(fixed_path(page));
        Self {
            home: path(Page::Home),
            about: path(Page::About),
            appointment: path(Page::Appointment),
            contact: path(Page::Contact),
            therapy: path(Page::Therapy),
            blogs: path(Page::Blogs),
        }
    }
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Site<'a> {
    #[serde(flatten)]
    pub identity: &'a Identity,
    pub services: Vec<NavService>,
    pub links: Links,
}

/// Where the language switch leads: the same page in the other language (for the not-found page,
/// the other edition's home).
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Translation {
    pub lang: Lang,
    pub path: String,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RouteData<'a> {
    pub path: String,
    pub canonical_url: String,
    /// The edition's language: `<html lang>`, and the language of every word the interface shows.
    pub lang: Lang,
    pub translation: Translation,
    /// The page in each language, when both editions show it at its canonical address.
    #[serde(skip)]
    #[ts(skip)]
    pub alternates: Vec<Alternate>,
    /// The title, description and preview picture name the page in its head (`seo::head`), which
    /// the browser receives whole: the page itself never reads them.
    #[serde(skip)]
    #[ts(skip)]
    pub title: String,
    #[serde(skip)]
    #[ts(skip)]
    pub description: String,
    /// The picture link previews show: the raster copy (1200x630) of the page's own image, or of the
    /// home hero for pages without one.
    #[serde(skip)]
    #[ts(skip)]
    pub social_image: Cow<'a, Image>,
    pub today: NaiveDate,
    pub site: Site<'a>,
    pub page: PageData<'a>,
}

/// What client-side navigation fetches (`/_data/...`): the route data and the head the server writes
/// for that page (`seo::head`), so that after a navigation the browser's head is exactly the server's.
#[derive(Debug, Serialize, TS)]
pub struct Navigation<'a> {
    pub head: &'a str,
    pub data: &'a RouteData<'a>,
}

/// How a page names the state its URL's query shows (the blog list's search, category and page), as the
/// SSR bundle works it out with the same rules that show the state (`listStateHead` in
/// `client/lib/blogList.ts`). The head of such a URL says this instead of the route's own title and address.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StateHead {
    /// The whole title, as the browser tab and search results show it.
    pub title: String,
    /// The query of the state's canonical URL, without `?`; empty when it is the route's own address.
    pub canonical_query: String,
    /// False for states search engines should not index (searches): `noindex, follow`.
    pub index: bool,
}

pub(super) fn nav_service(s: &Service) -> NavService {
    NavService { title: s.title.clone(), path: s.path.clone() }
}

/// The data of one route on the given local date.
pub fn route_data<'a>(content: &'a Editions, route: Route, site_url: &Origin, today: NaiveDate) -> RouteData<'a> {
    let edition = content.get(route.lang);
    let PageParts { title, description, preview, page } = pages::parts(edition, route.page);
    let (path, canonical) = paths(content, route);
    let translation = route.twin(content).unwrap_or(Route::new(route.lang.other(), Page::Home));
    RouteData {
        canonical_url: site_url.url(&canonical),
        path,
        lang: route.lang,
        translation: Translation { lang: translation.lang, path: paths(content, translation).0 },
        alternates: alternates(content, route),
        title,
        description,
        social_image: preview.preview(),
        today,
        site: Site {
            identity: &edition.site,
            services: edition.services.iter().map(nav_service).collect(),
            links: Links::of(route.lang),
        },
        page,
    }
}
