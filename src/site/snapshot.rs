//! One consistent version of what the server serves: the content, everything derived from it, and
//! the pages rendered from it for one clinic date. A content reload or a new date builds a new
//! snapshot beside the live one, renders its pages, and swaps it in whole (`LiveSite`), so no request
//! ever sees a mix of old and new pages, the blog-list query cache included.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::base::origin::Origin;
use crate::content::review::{self, Overdue};
use crate::content::Editions;
use crate::pages::key::PageKey;
use crate::pages::single_flight::SingleFlight;
use crate::pages::store::{PageStore, RenderedPage};
use crate::routes::RouteTable;
use crate::seo::SiteFiles;
use crate::ssr::RenderError;

pub struct Snapshot {
    pub content: Arc<Editions>,
    /// The public origin its URLs are written for (`SITE_URL`).
    pub site_url: Origin,
    pub routes: RouteTable,
    /// The sitemap, robots.txt and web app manifest.
    pub files: SiteFiles,
    /// The clinic's local date the pages are rendered for.
    pub date: NaiveDate,
    /// The clinical pages past their review date on `date`.
    pub overdue: Vec<Overdue>,
    /// The pages rendered for this content and date, by key.
    pub pages: PageStore,
    /// Renders under way, by key: concurrent misses for one page share one render.
    pub(crate) flights: SingleFlight<PageKey, Result<Arc<RenderedPage>, RenderError>>,
}

impl Snapshot {
    pub fn new(content: Arc<Editions>, site_url: Origin, date: NaiveDate, render_cache: bool) -> Self {
        let routes = RouteTable::new(&content);
        Self {
            files: SiteFiles::new(&content, &routes, &site_url),
            site_url,
            routes,
            overdue: review::overdue(&content, date),
            content,
            date,
            pages: PageStore::new(render_cache),
            flights: SingleFlight::default(),
        }
    }

    /// The snapshot of `content` for `date`, written for the same origin and caching as this one.
    pub fn next(&self, content: Arc<Editions>, date: NaiveDate) -> Self {
        Self::new(content, self.site_url.clone(), date, self.pages.enabled())
    }

    /// Logs a warning for each clinical page past its review date, when the snapshot goes live: at
    /// start-up, after a content edit and every new day (`/readyz` and the metrics read `overdue` too).
    pub fn report_overdue(&self) {
        for page in &self.overdue {
            tracing::warn!(file = %page.file, due = %page.due, "{} is past its review date: review its clinical content, then set lastReviewed", page.path);
        }
    }

    /// The content version these pages were rendered from.
    pub fn version(&self) -> &str {
        &self.content.version
    }
}
