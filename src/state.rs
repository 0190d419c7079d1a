//! Everything a request needs: the live snapshot of the site and what outlives it (the render workers,
//! the settings); the path from a route to a finished, cached page; and replacing the snapshot when
//! the content or the date changes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use arc_swap::ArcSwap;
use axum::http::StatusCode;
use futures_util::{FutureExt as _, StreamExt};
use tokio::sync::Notify;

use crate::assets::{Manifest, SSR_BUNDLE};
use crate::blog_query::BlogQuery;
use crate::cache::{PageStore, RenderedPage};
use crate::clock::{until_next_local_midnight, Clock, SystemClock};
use crate::config::{Config, DEFAULT_SHARED_MAX_AGE};
use crate::content::{placeholders, ContentErrors, ContentSource, Editions};
use crate::encoding::{Coding, Encoded};
use crate::http::security::SecurityHeaders;
use crate::lang::Lang;
use crate::metrics;
use crate::origin::Origin;
use crate::panic_message::panic_message;
use crate::routes::{route_data, Navigation, Page, Route, RouteData, StateHead};
use crate::seo;
use crate::shell;
use crate::snapshot::Snapshot;
use crate::ssr::{quickjs_factory, PoolConfig, QuickJsLimits, RenderError, RenderPool};
use strum::VariantArray as _;

pub struct AppState {
    /// The version of the site being served; replaced whole by `rebuild`.
    live: ArcSwap<Snapshot>,
    pub manifest: Manifest,
    pub pool: RenderPool,
    pub site_url: Origin,
    /// The headers every response carries.
    pub security: Arc<SecurityHeaders>,
    pub clock: Arc<dyn Clock>,
    /// Seconds a shared cache may keep a page (`Settings::shared_max_age`).
    pub shared_max_age: u64,
    render_cache: bool,
    ready: AtomicBool,
    /// Held while a new snapshot is built, so reloads and date changes run one at a time.
    rebuilding: tokio::sync::Mutex<()>,
    /// Why the last content reload was refused, until a good one succeeds.
    reload_failure: Mutex<Option<Arc<ReloadError>>>,
    /// Woken when a request finds the live pages' date has passed (`date_changes` then rebuilds).
    date_passed: Notify,
}

/// Most states of the blog list pre-rendered per snapshot (the content gives a few dozen): a bound in
/// case a change to the list's links ever made them endless.
pub const MAX_LIST_STATES: usize = 200;

/// How the app serves, from the command line or environment (`Config`), or set by a test.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The public origin: canonical URLs, sitemap, JSON-LD.
    pub site_url: Origin,
    /// Keep rendered pages until the clinic's date changes (off: render every request, for benchmarks).
    pub render_cache: bool,
    /// Strict-Transport-Security and upgrade-insecure-requests on every response.
    pub hsts: bool,
    /// Longest a shared cache (a CDN, a caching proxy) keeps a page without asking again, in
    /// seconds: a content edit reaches visitors behind one within this.
    pub shared_max_age: u64,
}

impl Settings {
    pub fn from_config(config: &Config) -> Self {
        Self {
            site_url: config.site_url.clone(),
            render_cache: !config.no_render_cache,
            hsts: config.hsts(),
            shared_max_age: config.shared_max_age,
        }
    }

    /// The defaults for `site_url`: the render cache on, and HSTS exactly when the origin is https.
    pub fn for_site(site_url: Origin) -> Self {
        Self { hsts: site_url.is_https(), site_url, render_cache: true, shared_max_age: DEFAULT_SHARED_MAX_AGE }
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
        let Settings { site_url, render_cache, hsts, shared_max_age } = settings;
        let live = Snapshot::new(Arc::new(content), &site_url, clock.today(), render_cache);
        Self {
            live: ArcSwap::from_pointee(live),
            manifest: Manifest::embedded(),
            pool,
            security: Arc::new(SecurityHeaders::new(hsts)),
            site_url,
            clock,
            shared_max_age,
            render_cache,
            ready: AtomicBool::new(false),
            rebuilding: tokio::sync::Mutex::new(()),
            reload_failure: Mutex::new(None),
            date_passed: Notify::new(),
        }
    }

    /// The live snapshot: a request takes it once and answers from it alone. When its date has
    /// passed, it is still served (yesterday's pages) while `date_changes` renders the new day's.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        let site = self.live.load_full();
        if site.date != self.clock.today() {
            self.date_passed.notify_one();
        }
        site
    }

    /// The live snapshot without asking the clock: for answering when a handler has failed.
    pub fn live(&self) -> Arc<Snapshot> {
        self.live.load_full()
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The problems that made the last content reload fail, while the content before it is served.
    pub fn reload_failure(&self) -> Option<Arc<ReloadError>> {
        self.reload_failure.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn render_cache(&self) -> bool {
        self.render_cache
    }

    pub fn data<'a>(&self, site: &'a Snapshot, route: Route) -> RouteData<'a> {
        route_data(&site.content, route, &self.site_url, site.date)
    }

    /// The head that names a page to search engines and link previews: written into the document,
    /// and sent with the route data for client-side navigation.
    pub fn seo_head(&self, site: &Snapshot, data: &RouteData, state: Option<&StateHead>) -> String {
        seo::head(site.content.get(data.lang), data, &self.site_url, state)
    }

    /// The keys of the categories the edition's blog list knows (what its URLs may carry).
    fn category_keys(site: &Snapshot, lang: Lang) -> Vec<&str> {
        site.content.get(lang).categories.list.iter().map(|c| c.key.as_str()).collect()
    }

    /// Renders every state of each edition's blog list that its links lead to, following them from
    /// the plain `/blogs` level by level, and pins each in the query cache: a crawler, or a visitor
    /// without JavaScript, never waits on the engine. At most `MAX_LIST_STATES` per snapshot.
    async fn prerender_list_states(&self, site: &Snapshot) -> Vec<(String, RenderError)> {
        let mut failures = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut frontier: Vec<(Route, String)> = Vec::new();
        for lang in Lang::VARIANTS {
            let route = Route::new(*lang, Page::Blogs);
            if let Some(page) = site.cache.get(route) {
                frontier.extend(page.list_states.iter().map(|query| (route, query.clone())));
            }
        }
        while !frontier.is_empty() {
            frontier.retain(|(route, query)| seen.len() < MAX_LIST_STATES && seen.insert((*route, query.clone())));
            let renders = futures_util::stream::iter(std::mem::take(&mut frontier))
                .map(|(route, query)| async move {
                    let page = self.page_for(site, route, Some(&query), &[]).await;
                    (route, query, page)
                })
                .buffer_unordered(self.pool.workers());
            let rendered: Vec<_> = renders.collect().await;
            for (route, query, page) in rendered {
                let path = route.lang.path("/blogs");
                match page {
                    Ok(page) => {
                        frontier.extend(page.list_states.iter().map(|query| (route, query.clone())));
                        site.blog_queries.pin(format!("{path}?{query}"), page);
                    }
                    Err(error) => failures.push((format!("{path}?{query}"), error)),
                }
            }
        }
        failures
    }

    /// The page for a request. Only the blog list reads its query (its list state); every other
    /// route, and `/blogs` without list state, is the route's page whatever the query says.
    pub async fn page_for(
        &self,
        site: &Snapshot,
        route: Route,
        query: Option<&str>,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        if route.page == Page::Blogs {
            let query = BlogQuery::read(query, Self::category_keys(site, route.lang));
            if !query.is_default() {
                let query = query.to_query_string();
                let key = format!("{}?{query}", route.lang.path("/blogs"));
                return self.stored_or_rendered(site, &site.blog_queries, key, route, query, codings).await;
            }
        }
        self.page(site, route, codings).await
    }

    /// The finished page for a route: from the snapshot's cache when it is there, else rendered now.
    /// `codings` are the compressions to prepare when the page will not be cached.
    pub async fn page(
        &self,
        site: &Snapshot,
        route: Route,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        self.stored_or_rendered(site, &site.cache, route, route, String::new(), codings).await
    }

    /// The one path from a key to a page: `store`'s copy, else `route` at `query` rendered now (once,
    /// however many requests ask at the same time) and kept in `store`.
    async fn stored_or_rendered<K: Clone>(
        &self,
        site: &Snapshot,
        store: &impl PageStore<K>,
        key: K,
        route: Route,
        query: String,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        if let Some(page) = store.get(&key) {
            metrics::page(false);
            return Ok(page);
        }
        metrics::page(true);
        if !self.render_cache {
            return Ok(Arc::new(self.render(site, route, &query, codings).await?));
        }
        let flight = (route, query.clone());
        site.flights
            .run(flight, || async move {
                if let Some(page) = store.get(&key) {
                    return Ok(page);
                }
                let page = Arc::new(self.render(site, route, &query, &[Coding::Brotli, Coding::Gzip]).await?);
                store.put(key, Arc::clone(&page));
                Ok(page)
            })
            .await
    }

    /// Renders `route` at its path plus `query` (canonical, or empty). The route data do not depend on
    /// the query; the head does when the page says what state the query shows (`StateHead`).
    async fn render(
        &self,
        site: &Snapshot,
        route: Route,
        query: &str,
        codings: &[Coding],
    ) -> Result<RenderedPage, RenderError> {
        let data = self.data(site, route);
        let json = serde_json::to_string(&data).map_err(RenderError::json("write the route data"))?;
        let url = if query.is_empty() { data.path.clone() } else { format!("{}?{query}", data.path) };
        let started = Instant::now();
        let app = self.pool.render(&url, json.clone()).await?;
        metrics::render_duration(started.elapsed());
        let seo_head = self.seo_head(site, &data, app.state_head.as_ref());
        let document = shell::document(&data, &seo_head, &json, &app.html, &self.manifest);
        let navigation = serde_json::to_string(&Navigation { head: &seo_head, data: &data })
            .map_err(RenderError::json("write the navigation data"))?;
        let status = if route.is_not_found() { StatusCode::NOT_FOUND } else { StatusCode::OK };
        Ok(RenderedPage {
            status,
            html: Encoded::with(document, codings),
            // `/_data` serves the route's own page, never a query variant: keep that copy plain.
            navigation: Encoded::with(navigation, if query.is_empty() { codings } else { &[] }),
            list_states: app.list_states,
        })
    }

    /// Renders every known route into the live snapshot's cache, then marks the server ready.
    pub async fn prerender_all(&self) -> Vec<(String, RenderError)> {
        let started = Instant::now();
        let site = self.live.load_full();
        let failures = self.prerender(&site).await;
        metrics::content_version(None, site.version());
        metrics::snapshot_built(started.elapsed());
        self.ready.store(true, Ordering::Release);
        failures
    }

    /// Renders every known route of `site` into its cache, logging the failures and the time taken.
    async fn prerender(&self, site: &Snapshot) -> Vec<(String, RenderError)> {
        if !self.render_cache {
            return Vec::new();
        }
        let started = Instant::now();
        let routes: Vec<(String, Route)> = site.routes.all().collect();
        // As many at once as there are workers, so pre-rendering never fills the request queue.
        let renders = futures_util::stream::iter(routes)
            .map(|(path, route)| async move { self.page(site, route, &[]).await.err().map(|e| (path, e)) })
            .buffer_unordered(self.pool.workers());
        let mut failures: Vec<_> = renders.filter_map(std::future::ready).collect().await;
        failures.extend(self.prerender_list_states(site).await);
        for (path, error) in &failures {
            tracing::error!(%path, %error, "pre-render failed");
        }
        tracing::info!(
            version = site.version(),
            date = %site.date,
            pages = site.cache.len(),
            list_states = site.blog_queries.pinned(),
            failed = failures.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "pre-rendered"
        );
        failures
    }

    /// Serves `content` (or the live content, when `None`) for the clinic's date today: renders its
    /// pages into a new snapshot while the live one keeps serving, then swaps it in whole. Returns the
    /// pages that failed, or `None` when neither the content version nor the date has changed.
    pub async fn rebuild(&self, content: Option<Arc<Editions>>) -> Option<Vec<(String, RenderError)>> {
        let _one_at_a_time = self.rebuilding.lock().await;
        let live = self.live.load_full();
        let today = self.clock.today();
        let content = content.unwrap_or_else(|| Arc::clone(&live.content));
        if content.version == live.version() && live.date == today {
            return None;
        }
        let started = Instant::now();
        let next = Snapshot::new(content, &self.site_url, today, self.render_cache);
        let failures = self.prerender(&next).await;
        metrics::content_version(Some(live.version()), next.version());
        metrics::snapshot_built(started.elapsed());
        self.live.store(Arc::new(next));
        Some(failures)
    }

    /// Loads the content again from where it came from, checks it as a whole, and serves it when it is
    /// valid. When it is not, nothing changes: the problems are logged, kept for `/readyz`, and
    /// returned. Unchanged files (an editor's save without a change) rebuild nothing.
    pub async fn reload_content(&self) -> Result<(), Arc<ReloadError>> {
        let source = self.live.load().content.en.source.clone();
        let loaded = match tokio::task::spawn_blocking(move || Editions::load(source)).await {
            Ok(loaded) => loaded.map_err(ReloadError::Content),
            Err(failed) => Err(ReloadError::Panicked(failed)),
        };
        let outcome = match loaded {
            Ok(content) => {
                placeholders::warn_if_public(&self.site_url, &content);
                let version = content.version.clone();
                if let Some(failures) = self.rebuild(Some(Arc::new(content))).await {
                    tracing::info!(%version, failed = failures.len(), "content reloaded");
                }
                Ok(())
            }
            Err(error) => {
                let version = self.live.load().version().to_owned();
                tracing::error!(%version, "content reload refused; still serving the last good content: {error}");
                Err(Arc::new(error))
            }
        };
        metrics::content_reload(outcome.is_ok());
        *self.reload_failure.lock().unwrap_or_else(|e| e.into_inner()) = outcome.clone().err();
        outcome
    }

    /// Renders the new day's pages whenever a request finds the date has passed, and a second after
    /// each of the clinic's midnights (by `clock`) in any case. Runs for the life of the server; a
    /// rebuild that panics is logged and the loop goes on, still serving the last pages.
    pub async fn date_changes(&self) {
        loop {
            let midnight = until_next_local_midnight(self.clock.now()) + Duration::from_secs(1);
            tokio::select! {
                () = tokio::time::sleep(midnight) => {}
                () = self.date_passed.notified() => {}
            }
            if let Err(panic) = std::panic::AssertUnwindSafe(self.rebuild(None)).catch_unwind().await {
                tracing::error!(
                    panic = panic_message(&*panic),
                    "the date change's rebuild panicked; still serving the last pages"
                );
            }
        }
    }
}

/// Why a content reload was refused (the last good content is still served).
#[derive(Debug, thiserror::Error)]
pub enum ReloadError {
    #[error(transparent)]
    Content(ContentErrors),
    #[error("loading the content panicked")]
    Panicked(#[source] tokio::task::JoinError),
}
