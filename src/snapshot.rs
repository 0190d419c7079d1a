//! One consistent version of what the server serves: the content, everything derived from it, and
//! the pages rendered from it for one clinic date. A content reload or a new date builds a new
//! snapshot beside the live one, renders its pages, and swaps it in whole (`LiveSite`), so no request
//! ever sees a mix of old and new pages, the blog-list query cache included.

use std::sync::Arc;

use chrono::NaiveDate;

use crate::content::Editions;
use crate::origin::Origin;
use crate::page_key::PageKey;
use crate::page_store::{PageStore, RenderedPage};
use crate::routes::RouteTable;
use crate::seo::SiteFiles;
use crate::single_flight::SingleFlight;
use crate::ssr::RenderError;

pub struct Snapshot {
    pub content: Arc<Editions>,
    pub routes: RouteTable,
    /// The sitemap, robots.txt and web app manifest.
    pub files: SiteFiles,
    /// The clinic's local date the pages are rendered for.
    pub date: NaiveDate,
    /// The pages rendered for this content and date, by key.
    pub pages: PageStore,
    /// Renders under way, by key: concurrent misses for one page share one render.
    pub(crate) flights: SingleFlight<PageKey, Result<Arc<RenderedPage>, RenderError>>,
}

impl Snapshot {
    pub fn new(content: Arc<Editions>, site_url: &Origin, date: NaiveDate, render_cache: bool) -> Self {
        let routes = RouteTable::new(&content);
        Self {
            files: SiteFiles::new(&content, &routes, site_url),
            routes,
            content,
            date,
            pages: PageStore::new(render_cache),
            flights: SingleFlight::default(),
        }
    }

    /// The content version these pages were rendered from.
    pub fn version(&self) -> &str {
        &self.content.version
    }
}
