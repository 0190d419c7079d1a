//! The route table (built from the content at start-up) and each route's data: the one serde value
//! that both feeds the server render and is embedded in the page for hydration, and that client-side
//! navigation fetches as JSON.

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::NaiveDate;
use serde::Serialize;
use strum::VariantArray;
use ts_rs::TS;

use crate::content::blog::{category_of, related, Article};
use crate::content::home::Home;
use crate::content::pages::{About, Appointment, Contact, NotFound, PageHero, Therapy};
use crate::content::sections::{Approach, Benefits, Team};
use crate::content::service::Service;
use crate::content::site::Identity;
use crate::content::types::Image;
use crate::content::{Content, Editions};
use crate::i18n;
use crate::lang::Lang;
use crate::origin::Origin;

/// Posts in the home page's blog teaser.
const TEASER_POSTS: usize = 3;
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
}

/// The pages every edition has at a fixed path (its English path; `Lang::path` gives the others).
const FIXED_PAGES: [(&str, Page); 6] = [
    ("/", Page::Home),
    ("/about", Page::About),
    ("/appointment", Page::Appointment),
    ("/contact", Page::Contact),
    ("/therapy-and-counselling", Page::Therapy),
    ("/blogs", Page::Blogs),
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
        Self {
            home: lang.path("/"),
            about: lang.path("/about"),
            appointment: lang.path("/appointment"),
            contact: lang.path("/contact"),
            therapy: lang.path("/therapy-and-counselling"),
            blogs: lang.path("/blogs"),
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

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCard<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: &'a str,
    pub image: &'a Image,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogSummary<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: &'a str,
    pub date: NaiveDate,
    pub image: &'a Image,
    /// As the edition shows them (`Categories::label`): what the card lists and the search matches.
    pub tags: Vec<&'a str>,
    /// The category's key (`Category::key`), the same in every edition.
    pub category: &'a str,
    pub category_name: &'a str,
    /// The article's language: its card carries it, so a Hindi title is read and set as Hindi anywhere.
    pub lang: &'a str,
}

/// A blog category: its key (in the URL, the same in every edition) and its name in this edition.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryName<'a> {
    pub key: &'a str,
    pub name: &'a str,
}

/// What a page shows, by kind; `kind` also names the page's chunk in the client manifest.
#[derive(Debug, Serialize, TS, strum::EnumDiscriminants)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[strum_discriminants(
    name(PageKind),
    doc = " The kinds of page: each has its own data, component and chunk.",
    derive(Serialize, TS, strum::IntoStaticStr, strum::VariantArray),
    serde(rename_all = "camelCase"),
    strum(serialize_all = "camelCase")
)]
pub enum PageData<'a> {
    Home {
        home: &'a Home,
        services: Vec<ServiceCard<'a>>,
        latest_posts: Vec<BlogSummary<'a>>,
        approach: &'a Approach,
        benefits: &'a Benefits,
        team: &'a Team,
    },
    About {
        about: &'a About,
        approach: &'a Approach,
        benefits: &'a Benefits,
        team: &'a Team,
    },
    Appointment {
        appointment: &'a Appointment,
    },
    Contact {
        contact: &'a Contact,
        approach: &'a Approach,
    },
    Therapy {
        therapy: &'a Therapy,
    },
    Service {
        service: &'a Service,
        others: Vec<NavService>,
    },
    Blogs {
        /// The plain list's title: each of its states is titled after it (`listStateHead` in
        /// `client/lib/blogList.ts`).
        list_title: String,
        posts: Vec<BlogSummary<'a>>,
        categories: Vec<CategoryName<'a>>,
    },
    Article {
        article: &'a Article,
        author: &'a str,
        reading_minutes: usize,
        related: Vec<BlogSummary<'a>>,
    },
    NotFound {
        not_found: &'a NotFound,
    },
}

impl PageData<'_> {
    /// The page's largest picture in the first view (its LCP element), which the document preloads and
    /// the page shows with `fetchpriority="high"`: the home hero's first slide, a page's banner, an
    /// article's picture. The blog list and the not-found page open with text.
    pub fn lcp_image(&self) -> Option<&Image> {
        match self {
            Self::Home { home, .. } => home.hero.images.first(),
            Self::About { about, .. } => Some(&about.hero.image),
            Self::Appointment { appointment } => Some(&appointment.hero.image),
            Self::Contact { contact, .. } => Some(&contact.hero.image),
            Self::Therapy { therapy } => Some(&therapy.hero.image),
            Self::Service { service, .. } => Some(&service.hero.image),
            Self::Article { article, .. } => Some(&article.image),
            Self::Blogs { .. } | Self::NotFound { .. } => None,
        }
    }

    /// The `kind` tag: also the name of the page's chunk in the client manifest.
    pub fn kind(&self) -> &'static str {
        PageKind::from(self).into()
    }
}

/// Where the language switch leads: the same page in the other language (for the not-found page,
/// the other edition's home).
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Translation {
    pub lang: Lang,
    pub path: String,
}

/// One language's version of a page, for `hreflang` links and the sitemap's alternates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternate {
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

/// A route's path and its canonical path (the same but for an article shown in a second edition).
pub fn paths(content: &Editions, route: Route) -> (String, String) {
    let edition = content.get(route.lang);
    let fixed = |english: &str| (route.lang.path(english), route.lang.path(english));
    match route.page {
        Page::Service(i) => (edition.services[i].path.clone(), edition.services[i].path.clone()),
        Page::Article(i) => (edition.articles[i].path.clone(), edition.articles[i].canonical_path.clone()),
        Page::NotFound => fixed(NOT_FOUND_PATH),
        page => fixed(FIXED_PAGES.iter().find(|(_, p)| *p == page).map_or("/", |(path, _)| path)),
    }
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

fn nav_service(s: &Service) -> NavService {
    NavService { title: s.title.clone(), path: s.path.clone() }
}

fn summary<'a>(article: &'a Article, content: &'a Content) -> BlogSummary<'a> {
    let categories = &content.categories;
    let category = category_of(article, &categories.list);
    BlogSummary {
        title: &article.title,
        description: &article.description,
        path: &article.path,
        date: article.date,
        image: &article.image,
        tags: article.tags.iter().map(|t| categories.label(t)).collect(),
        // Every article has a category: the content checks refuse one without.
        category: category.map_or("", |c| c.key.as_str()),
        category_name: category.map_or("", |c| c.name.as_str()),
        lang: &article.lang,
    }
}

/// A page's own part of its route data: how it names itself, and what it shows.
struct PageParts<'a> {
    title: String,
    description: String,
    /// The picture link previews show (its raster copy is sent).
    preview: &'a Image,
    page: PageData<'a>,
}

/// The data of one route on the given local date.
pub fn route_data<'a>(content: &'a Editions, route: Route, site_url: &Origin, today: NaiveDate) -> RouteData<'a> {
    let edition = content.get(route.lang);
    let PageParts { title, description, preview, page } = match route.page {
        Page::Home => home(edition),
        Page::About => about(edition),
        Page::Appointment => appointment(edition),
        Page::Contact => contact(edition),
        Page::Therapy => therapy(edition),
        Page::Blogs => blogs(edition),
        Page::Service(i) => service(edition, &edition.services[i]),
        Page::Article(i) => article(edition, &edition.articles[i]),
        Page::NotFound => not_found(edition),
    };
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

/// "Page title | Institute", the form of every title but the home page's.
fn titled(title: &str, content: &Content) -> String {
    format!("{title} | {}", content.site.institute_name)
}

/// The home hero's first picture: the link preview of pages without a picture of their own.
fn site_preview(content: &Content) -> &Image {
    &content.home.hero.images[0]
}

/// A page whose title, description and banner come from its own content file.
fn from_file<'a>(
    content: &Content,
    title: &str,
    description: &str,
    hero: &'a PageHero,
    page: PageData<'a>,
) -> PageParts<'a> {
    PageParts { title: titled(title, content), description: description.to_owned(), preview: &hero.image, page }
}

fn home(content: &Content) -> PageParts<'_> {
    let services = content
        .services
        .iter()
        .map(|s| ServiceCard {
            title: &s.title,
            description: &s.short_description,
            path: &s.path,
            image: &s.card_image,
        })
        .collect();
    let words = i18n::words(content.lang);
    PageParts {
        title: i18n::with_institute(&words.home_title, &content.site.institute_name),
        description: content.home.hero.subheadline.clone(),
        preview: site_preview(content),
        page: PageData::Home {
            home: &content.home,
            services,
            latest_posts: content.articles.iter().take(TEASER_POSTS).map(|a| summary(a, content)).collect(),
            approach: &content.approach,
            benefits: &content.benefits,
            team: &content.team,
        },
    }
}

fn about(content: &Content) -> PageParts<'_> {
    let about = &content.about;
    let page = PageData::About { about, approach: &content.approach, benefits: &content.benefits, team: &content.team };
    from_file(content, &about.title, &about.description, &about.hero, page)
}

fn appointment(content: &Content) -> PageParts<'_> {
    let appointment = &content.appointment;
    let page = PageData::Appointment { appointment };
    from_file(content, &appointment.title, &appointment.description, &appointment.hero, page)
}

fn contact(content: &Content) -> PageParts<'_> {
    let contact = &content.contact;
    let page = PageData::Contact { contact, approach: &content.approach };
    from_file(content, &contact.title, &contact.description, &contact.hero, page)
}

fn therapy(content: &Content) -> PageParts<'_> {
    let therapy = &content.therapy;
    from_file(content, &therapy.title, &therapy.description, &therapy.hero, PageData::Therapy { therapy })
}

fn blogs(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    let title = titled(&words.blogs_title, content);
    PageParts {
        title: title.clone(),
        description: i18n::with_institute(&words.blogs_description, &content.site.institute_name),
        preview: site_preview(content),
        page: PageData::Blogs {
            list_title: title,
            posts: content.articles.iter().map(|a| summary(a, content)).collect(),
            categories: content.categories.list.iter().map(|c| CategoryName { key: &c.key, name: &c.name }).collect(),
        },
    }
}

fn service<'a>(content: &'a Content, service: &'a Service) -> PageParts<'a> {
    PageParts {
        title: titled(&service.title, content),
        description: service.short_description.clone(),
        // The card picture rather than the 1600x500 banner, which previews would crop badly.
        preview: &service.card_image,
        page: PageData::Service {
            service,
            others: content.services.iter().filter(|s| s.slug != service.slug).map(nav_service).collect(),
        },
    }
}

fn article<'a>(content: &'a Content, article: &'a Article) -> PageParts<'a> {
    PageParts {
        title: titled(&article.title, content),
        description: article.description.clone(),
        preview: &article.image,
        page: PageData::Article {
            article,
            author: article.author.as_deref().unwrap_or(&content.site.psychiatrist.name),
            reading_minutes: article.reading_minutes(),
            related: related(article, &content.articles).into_iter().map(|a| summary(a, content)).collect(),
        },
    }
}

fn not_found(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    PageParts {
        title: titled(&words.not_found_title, content),
        description: words.not_found_description.clone(),
        preview: site_preview(content),
        page: PageData::NotFound { not_found: &content.not_found },
    }
}
