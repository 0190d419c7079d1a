//! Everything a request needs, built once at start-up, and the path from a route to a finished,
//! cached page.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use axum::http::StatusCode;
use chrono::NaiveDate;
use futures_util::StreamExt;

use crate::assets::{Manifest, SSR_BUNDLE};
use crate::blog_query::BlogQuery;
use crate::cache::{PageStore, QueryCache, RenderCache, RenderedPage};
use crate::clock::{Clock, SystemClock};
use crate::config::{hsts_by_default, Config};
use crate::content::{ContentSource, Editions};
use crate::encoding::{Coding, Encoded};
use crate::http::security::SecurityHeaders;
use crate::routes::{route_data, Navigation, Page, Route, RouteData, RouteTable};
use crate::seo::{self, SiteFiles};
use crate::shell;
use crate::ssr::{quickjs_factory, PoolConfig, QuickJsLimits, RenderError, RenderPool};

pub struct AppState {
    pub content: Editions,
    pub routes: RouteTable,
    pub manifest: Manifest,
    pub pool: RenderPool,
    pub cache: RenderCache,
    /// Each edition's `/blogs` rendered with list state from the query, keyed by path and canonical query.
    pub blog_queries: QueryCache,
    /// The sitemap, robots.txt and web app manifest.
    pub files: SiteFiles,
    pub site_url: String,
    /// The headers every response carries.
    pub security: Arc<SecurityHeaders>,
    pub clock: Arc<dyn Clock>,
    ready: AtomicBool,
}

/// How the app serves, from the command line or environment (`Config`), or set by a test.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The public origin, without a trailing slash: canonical URLs, sitemap, JSON-LD.
    pub site_url: String,
    /// Keep rendered pages until the clinic's date changes (off: render every request, for benchmarks).
    pub render_cache: bool,
    /// Strict-Transport-Security and upgrade-insecure-requests on every response.
    pub hsts: bool,
}

impl Settings {
    pub fn from_config(config: &Config) -> Self {
        Self { site_url: config.site_url.clone(), render_cache: !config.no_render_cache, hsts: config.hsts() }
    }

    /// The defaults for `site_url`: the render cache on, and HSTS exactly when the origin is https.
    pub fn for_site(site_url: &str) -> Self {
        Self { site_url: site_url.to_owned(), render_cache: true, hsts: hsts_by_default(site_url) }
    }
}

impl AppState {
    /// Loads and checks the content and starts the render workers with the embedded bundle.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let source = config.content_dir.clone().map_or(ContentSource::Embedded, ContentSource::Dir);
        let content = Editions::load(source)?;
        let limits = QuickJsLimits {
            deadline: Duration::from_millis(config.render_timeout_ms),
            memory_bytes: config.render_memory_mb << 20,
        };
        let pool = RenderPool::start(
            PoolConfig { workers: config.workers(), queue: config.ssr_queue },
            quickjs_factory(SSR_BUNDLE, limits),
        )
        .context("the SSR bundle failed to load in QuickJS; rebuild with `npm ci && cargo build`")?;
        Ok(Self::new(content, pool, Settings::from_config(config), Arc::new(SystemClock)))
    }

    pub fn new(content: Editions, pool: RenderPool, settings: Settings, clock: Arc<dyn Clock>) -> Self {
        let Settings { site_url, render_cache, hsts } = settings;
        let routes = RouteTable::new(&content);
        Self {
            files: SiteFiles::new(&content, &routes, &site_url),
            routes,
            content,
            manifest: Manifest::embedded(),
            pool,
            cache: RenderCache::new(render_cache),
            blog_queries: QueryCache::new(render_cache),
            security: Arc::new(SecurityHeaders::new(hsts)),
            site_url,
            clock,
            ready: AtomicBool::new(false),
        }
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    pub fn data(&self, route: Route, today: NaiveDate) -> RouteData<'_> {
        route_data(&self.content, route, &self.site_url, today)
    }

    /// The head that names a page to search engines and link previews: written into the document,
    /// and sent with the route data for client-side navigation.
    pub fn seo_head(&self, data: &RouteData) -> String {
        seo::head(self.content.get(data.lang), data, &self.site_url)
    }

    /// The page for a request. Only the blog list reads its query (its list state); every other
    /// route, and `/blogs` without list state, is the route's page whatever the query says.
    pub async fn page_for(
        &self,
        route: Route,
        query: Option<&str>,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        if route.page == Page::Blogs {
            let query = BlogQuery::parse(query);
            if !query.is_default() {
                return self.blog_query_page(route, query.to_query_string(), codings).await;
            }
        }
        self.page(route, codings).await
    }

    /// The finished page for a route: from the cache when it was rendered today, else rendered now.
    /// `codings` are the compressions to prepare when the page will not be cached.
    pub async fn page(&self, route: Route, codings: &[Coding]) -> Result<Arc<RenderedPage>, RenderError> {
        self.stored_or_rendered(&self.cache, route, route, "", codings).await
    }

    /// A blog list with a non-default canonical query, through the bounded query cache.
    async fn blog_query_page(
        &self,
        route: Route,
        query: String,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        let key = format!("{}?{query}", route.lang.path("/blogs"));
        self.stored_or_rendered(&self.blog_queries, key, route, &query, codings).await
    }

    /// The one path from a key to a page: `store`'s copy when it was rendered today, else `route` at
    /// `query` rendered now and kept in `store`.
    async fn stored_or_rendered<K>(
        &self,
        store: &impl PageStore<K>,
        key: K,
        route: Route,
        query: &str,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        let today = self.clock.today();
        if let Some(page) = store.get(&key, today) {
            return Ok(page);
        }
        let page = Arc::new(self.render(route, query, today, self.codings(codings)).await?);
        store.put(key, Arc::clone(&page));
        Ok(page)
    }

    /// A cached page is served many times, so it gets every coding; an uncached one only the client's.
    fn codings<'a>(&self, accepted: &'a [Coding]) -> &'a [Coding] {
        if self.cache.enabled() {
            &[Coding::Brotli, Coding::Gzip]
        } else {
            accepted
        }
    }

    /// Renders `route` at its path plus `query` (canonical, or empty). The route data and the shell
    /// (canonical URL included) do not depend on the query.
    async fn render(
        &self,
        route: Route,
        query: &str,
        today: NaiveDate,
        codings: &[Coding],
    ) -> Result<RenderedPage, RenderError> {
        let data = self.data(route, today);
        let json = serde_json::to_string(&data).map_err(|e| RenderError::Engine(format!("route data: {e}")))?;
        let url = if query.is_empty() { data.path.clone() } else { format!("{}?{query}", data.path) };
        let app_html = self.pool.render(&url, json.clone()).await?;
        let seo_head = self.seo_head(&data);
        let document = shell::document(&data, &seo_head, &json, &app_html, &self.manifest);
        let navigation = serde_json::to_string(&Navigation { head: &seo_head, data: &data })
            .map_err(|e| RenderError::Engine(format!("navigation data: {e}")))?;
        let status = if route.is_not_found() { StatusCode::NOT_FOUND } else { StatusCode::OK };
        Ok(RenderedPage {
            status,
            date: today,
            html: Encoded::with(document, codings),
            // `/_data` serves the route's own page, never a query variant: keep that copy plain.
            navigation: Encoded::with(navigation, if query.is_empty() { codings } else { &[] }),
        })
    }

    /// Renders every known route into the cache, then marks the server ready. Returns the failures.
    pub async fn prerender_all(&self) -> Vec<(String, RenderError)> {
        let mut failures = Vec::new();
        if self.cache.enabled() {
            let routes: Vec<(String, Route)> = self.routes.all().collect();
            // As many at once as there are workers, so pre-rendering never fills the request queue.
            let renders = futures_util::stream::iter(routes)
                .map(|(path, route)| self.prerender_one(path, route))
                .buffer_unordered(self.pool.workers());
            failures = renders.filter_map(std::future::ready).collect().await;
        }
        self.ready.store(true, Ordering::Release);
        failures
    }

    async fn prerender_one(&self, path: String, route: Route) -> Option<(String, RenderError)> {
        self.page(route, &[]).await.err().map(|e| (path, e))
    }
}
