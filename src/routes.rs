//! The route table (built from the content at start-up) and each route's data: the one serde value
//! that both feeds the server render and is embedded in the page for hydration, and that client-side
//! navigation fetches as JSON.

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::NaiveDate;
use serde::Serialize;
use ts_rs::TS;

use crate::content::blog::{category_of, related, Article};
use crate::content::home::Home;
use crate::content::pages::{About, Appointment, Contact, NotFound, PageHero, Therapy};
use crate::content::sections::{Approach, Benefits, Team};
use crate::content::service::Service;
use crate::content::site::Identity;
use crate::content::types::Image;
use crate::content::Content;

/// Posts in the home page's blog teaser.
const TEASER_POSTS: usize = 3;
/// The path the not-found page is rendered and cached under.
pub const NOT_FOUND_PATH: &str = "/404";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Route {
    Home,
    About,
    Appointment,
    Contact,
    Therapy,
    Blogs,
    /// Index into `Content::services`.
    Service(usize),
    /// Index into `Content::articles`.
    Article(usize),
    NotFound,
}

pub struct RouteTable {
    by_path: HashMap<String, Route>,
}

impl RouteTable {
    pub fn new(content: &Content) -> Self {
        let mut by_path: HashMap<String, Route> = [
            ("/", Route::Home),
            ("/about", Route::About),
            ("/appointment", Route::Appointment),
            ("/contact", Route::Contact),
            ("/therapy-and-counselling", Route::Therapy),
            ("/blogs", Route::Blogs),
        ]
        .into_iter()
        .map(|(path, route)| (path.to_owned(), route))
        .collect();
        by_path.extend(content.services.iter().enumerate().map(|(i, s)| (s.path(), Route::Service(i))));
        by_path.extend(content.articles.iter().enumerate().map(|(i, a)| (a.path(), Route::Article(i))));
        Self { by_path }
    }

    /// The route for a request path; anything unknown is the not-found route.
    pub fn resolve(&self, path: &str) -> Route {
        self.by_path.get(path).copied().unwrap_or(Route::NotFound)
    }

    /// Every known path (each a canonical URL's path), sorted.
    pub fn paths(&self) -> Vec<(&str, Route)> {
        let mut paths: Vec<(&str, Route)> = self.by_path.iter().map(|(p, r)| (p.as_str(), *r)).collect();
        paths.sort_unstable_by_key(|(p, _)| *p);
        paths
    }

    /// Every page worth pre-rendering: all known paths and the not-found page.
    pub fn all(&self) -> impl Iterator<Item = (&str, Route)> {
        self.by_path.iter().map(|(p, r)| (p.as_str(), *r)).chain([(NOT_FOUND_PATH, Route::NotFound)])
    }
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NavService {
    pub title: String,
    pub path: String,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Site<'a> {
    #[serde(flatten)]
    pub identity: &'a Identity,
    pub services: Vec<NavService>,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCard<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: String,
    pub image: &'a Image,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogSummary<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: String,
    pub date: NaiveDate,
    pub image: &'a Image,
    pub tags: &'a [String],
    pub category: &'a str,
    /// The article's language: its card carries it, so a Hindi title is read and set as Hindi anywhere.
    pub lang: &'a str,
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
        posts: Vec<BlogSummary<'a>>,
        categories: Vec<&'a str>,
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

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RouteData<'a> {
    pub path: String,
    pub canonical_url: String,
    pub lang: &'a str,
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

fn nav_service(s: &Service) -> NavService {
    NavService { title: s.title.clone(), path: s.path() }
}

fn summary<'a>(article: &'a Article, content: &'a Content) -> BlogSummary<'a> {
    BlogSummary {
        title: &article.title,
        description: &article.description,
        path: article.path(),
        date: article.date,
        image: &article.image,
        tags: &article.tags,
        category: category_of(article, &content.categories.list),
        lang: &article.lang,
    }
}

/// A page's own part of its route data: where it lives, how it names itself, and what it shows.
struct PageParts<'a> {
    path: String,
    lang: &'a str,
    title: String,
    description: String,
    /// The picture link previews show (its raster copy is sent).
    preview: &'a Image,
    page: PageData<'a>,
}

/// The data of one route on the given local date. `site_url` has no trailing slash.
pub fn route_data<'a>(content: &'a Content, route: Route, site_url: &str, today: NaiveDate) -> RouteData<'a> {
    let PageParts { path, lang, title, description, preview, page } = match route {
        Route::Home => home(content),
        Route::About => about(content),
        Route::Appointment => appointment(content),
        Route::Contact => contact(content),
        Route::Therapy => therapy(content),
        Route::Blogs => blogs(content),
        Route::Service(i) => service(content, &content.services[i]),
        Route::Article(i) => article(content, &content.articles[i]),
        Route::NotFound => not_found(content),
    };
    RouteData {
        canonical_url: format!("{site_url}{path}"),
        path,
        lang,
        title,
        description,
        social_image: preview.preview(),
        today,
        site: Site { identity: &content.site, services: content.services.iter().map(nav_service).collect() },
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
fn from_file<'a>(path: &str, title: &str, description: &str, hero: &'a PageHero, page: PageData<'a>) -> PageParts<'a> {
    PageParts {
        path: path.to_owned(),
        lang: "en",
        title: title.to_owned(),
        description: description.to_owned(),
        preview: &hero.image,
        page,
    }
}

fn home(content: &Content) -> PageParts<'_> {
    let services = content
        .services
        .iter()
        .map(|s| ServiceCard {
            title: &s.title,
            description: &s.short_description,
            path: s.path(),
            image: &s.card_image,
        })
        .collect();
    PageParts {
        path: "/".to_owned(),
        lang: "en",
        title: format!("{} | Psychiatrist and Mental Health Care in Patna", content.site.institute_name),
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
    from_file("/about", &titled(&about.title, content), &about.description, &about.hero, page)
}

fn appointment(content: &Content) -> PageParts<'_> {
    let appointment = &content.appointment;
    let title = titled(&appointment.title, content);
    from_file(
        "/appointment",
        &title,
        &appointment.description,
        &appointment.hero,
        PageData::Appointment { appointment },
    )
}

fn contact(content: &Content) -> PageParts<'_> {
    let contact = &content.contact;
    let page = PageData::Contact { contact, approach: &content.approach };
    from_file("/contact", &titled(&contact.title, content), &contact.description, &contact.hero, page)
}

fn therapy(content: &Content) -> PageParts<'_> {
    let therapy = &content.therapy;
    let title = titled(&therapy.title, content);
    from_file("/therapy-and-counselling", &title, &therapy.description, &therapy.hero, PageData::Therapy { therapy })
}

fn blogs(content: &Content) -> PageParts<'_> {
    let institute = &content.site.institute_name;
    PageParts {
        path: "/blogs".to_owned(),
        lang: "en",
        title: titled("Blogs", content),
        description: format!(
            "Articles from {institute}, Patna, on mental health, sleep, stress, therapy and everyday wellbeing."
        ),
        preview: site_preview(content),
        page: PageData::Blogs {
            posts: content.articles.iter().map(|a| summary(a, content)).collect(),
            categories: content.categories.list.iter().map(|c| c.name.as_str()).collect(),
        },
    }
}

fn service<'a>(content: &'a Content, service: &'a Service) -> PageParts<'a> {
    PageParts {
        path: service.path(),
        lang: "en",
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
        path: article.path(),
        lang: &article.lang,
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
    PageParts {
        path: NOT_FOUND_PATH.to_owned(),
        lang: "en",
        title: titled("Page not found", content),
        description: "The page you are looking for does not exist.".to_owned(),
        preview: site_preview(content),
        page: PageData::NotFound { not_found: &content.not_found },
    }
}
