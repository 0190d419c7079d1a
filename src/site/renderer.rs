//! From a page's key to the finished page: the stored copy, else rendered now in the pool (once,
//! however many requests ask at the same time) into a whole document and its navigation data; and
//! pre-rendering every page of a snapshot, the blog list's linked states included.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use axum::http::StatusCode;
use futures_util::StreamExt;
use strum::VariantArray as _;

use crate::base::encoding::{Coding, Encoded};
use crate::base::metrics;
use crate::embedded::assets::Manifest;
use crate::i18n::Lang;
use crate::pages::document;
use crate::pages::key::PageKey;
use crate::pages::store::RenderedPage;
use crate::routes::{paths, route_data, Navigation, Page, Route, RouteData, StateHead};
use crate::seo;
use crate::site::snapshot::Snapshot;
use crate::ssr::{RenderError, RenderPool};

/// Most states of the blog list pre-rendered per snapshot (the content gives a few dozen): a bound in
/// case a change to the list's links ever made them endless.
pub const MAX_LIST_STATES: usize = 200;

pub struct PageRenderer {
    pool: RenderPool,
    manifest: Manifest,
}

impl PageRenderer {
    pub fn new(pool: RenderPool) -> Self {
        Self { pool, manifest: Manifest::embedded() }
    }

    pub fn pool(&self) -> &RenderPool {
        &self.pool
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    pub fn data<'a>(&self, site: &'a Snapshot, route: Route) -> RouteData<'a> {
        route_data(&site.content, route, &site.site_url, site.date)
    }

    /// The head that names a page to search engines and link previews: written into the document,
    /// and sent with the route data for client-side navigation.
    pub fn seo_head(&self, site: &Snapshot, data: &RouteData, state: Option<&StateHead>) -> String {
        seo::head(site.content.get(data.lang), data, &site.site_url, state)
    }

    /// What client-side navigation fetches for `route` (`/_data`): its data and its head, for a page not
    /// in the store.
    pub fn navigation(&self, site: &Snapshot, route: Route) -> Result<String, RenderError> {
        let data = self.data(site, route);
        navigation_json(&self.seo_head(site, &data, None), &data)
    }

    /// The one path from a key to a page: the snapshot's stored copy, else rendered now (once, however
    /// many requests ask at the same time) and stored. `codings` are the compressions to prepare when
    /// the page will not be stored.
    pub async fn page(
        &self,
        site: &Snapshot,
        key: PageKey,
        codings: &[Coding],
    ) -> Result<Arc<RenderedPage>, RenderError> {
        if let Some(page) = site.pages.get(&key) {
            metrics::page(false);
            return Ok(page);
        }
        metrics::page(true);
        if !site.pages.enabled() {
            return Ok(Arc::new(self.render(site, &key, Some(codings)).await?));
        }
        site.flights
            .run(key.clone(), || async move {
                if let Some(page) = site.pages.get(&key) {
                    return Ok(page);
                }
                let page = Arc::new(self.render(site, &key, None).await?);
                site.pages.put(key, Arc::clone(&page));
                Ok(page)
            })
            .await
    }

    /// Renders the page at its URL. The route data do not depend on the list state; the head does
    /// when the page names the state its URL shows (`StateHead`).
    /// `codings`: the compressions to make now, for a page served once; `None` for a page to be stored,
    /// compressed in each coding when first wanted (or by `PageStore::prepare`).
    async fn render(
        &self,
        site: &Snapshot,
        key: &PageKey,
        codings: Option<&[Coding]>,
    ) -> Result<RenderedPage, RenderError> {
        let data = self.data(site, key.route);
        let json = serde_json::to_string(&data).map_err(RenderError::json("write the route data"))?;
        let started = Instant::now();
        let app = self.pool.render(&key.url(&data.path), json.clone()).await?;
        metrics::render_duration(started.elapsed());
        let seo_head = self.seo_head(site, &data, app.state_head.as_ref());
        let document = document::write(&data, &seo_head, &json, &app.html, &self.manifest);
        let navigation = navigation_json(&seo_head, &data)?;
        let status = if key.route.is_not_found() { StatusCode::NOT_FOUND } else { StatusCode::OK };
        let encode = |body: String| match codings {
            Some(codings) => Encoded::with(body, codings),
            None => Encoded::on_demand(body),
        };
        Ok(RenderedPage {
            status,
            html: encode(document),
            // `/_data` serves the route's own page, never a list state's: keep that copy plain.
            navigation: if key.is_route_page() { encode(navigation) } else { Encoded::with(navigation, &[]) },
            list_states: app.list_states,
        })
    }

    /// Renders every known route of `site` into its store, then every state of each edition's blog
    /// list that its links lead to, logging the failures and the time taken.
    pub async fn prerender(&self, site: &Snapshot) -> Vec<(String, RenderError)> {
        if !site.pages.enabled() {
            return Vec::new();
        }
        let started = Instant::now();
        let routes = site.routes.all().map(|(_, route)| PageKey::route(route)).collect();
        let rendered = self.render_all(site, routes).await;
        let mut failures: Vec<_> = rendered.into_iter().filter_map(|(key, page)| Some((key, page.err()?))).collect();
        failures.extend(self.prerender_list_states(site).await);
        let failures: Vec<_> = failures.into_iter().map(|(key, error)| (self.url(site, &key), error)).collect();
        for (path, error) in &failures {
            tracing::error!(%path, %error, "pre-render failed");
        }
        let counts = site.pages.counts();
        tracing::info!(
            version = site.version(),
            date = %site.date,
            pages = counts.routes,
            list_states = counts.kept_states,
            failed = failures.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "pre-rendered"
        );
        failures
    }

    /// Follows the blog list's links from the plain `/blogs` of each edition, level by level, and keeps
    /// every state reached for the snapshot's life: a crawler, or a visitor without JavaScript, never
    /// waits on the engine. At most `MAX_LIST_STATES` per snapshot.
    async fn prerender_list_states(&self, site: &Snapshot) -> Vec<(PageKey, RenderError)> {
        let lists = Lang::VARIANTS.iter().map(|&lang| Route::new(lang, Page::Blogs));
        let mut frontier: Vec<PageKey> = lists
            .filter_map(|list| Some(self.linked(site, list, &*site.pages.get(&PageKey::route(list))?)))
            .flatten()
            .collect();
        let mut seen = HashSet::new();
        let mut failures = Vec::new();
        while !frontier.is_empty() {
            frontier.retain(|key| seen.len() < MAX_LIST_STATES && seen.insert(key.clone()));
            for (key, page) in self.render_all(site, std::mem::take(&mut frontier)).await {
                match page {
                    Ok(page) => {
                        frontier.extend(self.linked(site, key.route, &page));
                        site.pages.keep(key, page);
                    }
                    Err(error) => failures.push((key, error)),
                }
            }
        }
        failures
    }

    /// The list states `page` (of the list at `route`) links to, read by the server's own rules.
    fn linked(&self, site: &Snapshot, route: Route, page: &RenderedPage) -> Vec<PageKey> {
        page.list_states.iter().map(|state| PageKey::read(&site.content, route, Some(state))).collect()
    }

    /// The address of `key`'s page, for logs.
    fn url(&self, site: &Snapshot, key: &PageKey) -> String {
        key.url(&paths(&site.content, key.route).0)
    }

    /// Renders the pages of `keys` into the store, as many at once as there are workers, so
    /// pre-rendering never fills the request queue.
    async fn render_all(
        &self,
        site: &Snapshot,
        keys: Vec<PageKey>,
    ) -> Vec<(PageKey, Result<Arc<RenderedPage>, RenderError>)> {
        futures_util::stream::iter(keys)
            .map(|key| async move { (key.clone(), self.page(site, key, &[]).await) })
            .buffer_unordered(self.pool.workers() * 2)
            .collect()
            .await
    }
}

/// The navigation data of a page: written once per rendered page, and for a page not in the store.
fn navigation_json(head: &str, data: &RouteData) -> Result<String, RenderError> {
    serde_json::to_string(&Navigation { head, data }).map_err(RenderError::json("write the navigation data"))
}
