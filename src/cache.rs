//! Finished documents per route. A route's output depends only on the content and the clinic's
//! local date, which are fixed for the life of one `Snapshot`, so a page is rendered once per snapshot
//! and then served as stored bytes. Keys are routes from the route table, never raw request paths, so no visitor can
//! make that cache grow. The one page whose output also depends on the query, the blog list, keeps
//! its query variants in a separate LRU of fixed capacity.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, RwLock};

use axum::http::StatusCode;

use crate::encoding::Encoded;
use crate::routes::Route;

/// Blog list variants kept. The states a visitor reaches by clicking (6 category choices x 2 views
/// x 3 pages) are a few dozen, so this leaves room for many searches, while a crawler or attacker
/// walking endless queries costs at most this many pages (~65 KB each with br, gzip and the route
/// data: ~16 MB).
pub const QUERY_CACHE_CAPACITY: usize = 256;
/// Longer canonical queries are rendered but not kept: the search text is echoed in the page, so a
/// huge query would make a huge entry, and no one types a search this long.
pub const MAX_CACHED_QUERY_BYTES: usize = 512;

#[derive(Debug)]
pub struct RenderedPage {
    pub status: StatusCode,
    pub html: Encoded,
    /// The same route data with the page's head, as JSON, for client-side navigation (`Navigation`).
    pub navigation: Encoded,
    /// The canonical queries of the blog list states this page links to (`AppRender::list_states`).
    pub list_states: Vec<String>,
}

/// Where rendered pages are kept, by key: the render cache by route, the query cache by query.
pub trait PageStore<K> {
    fn get(&self, key: &K) -> Option<Arc<RenderedPage>>;
    /// Keeps `page` (unless the store is switched off or will not hold this key).
    fn put(&self, key: K, page: Arc<RenderedPage>);
}

pub struct RenderCache {
    enabled: bool,
    pages: RwLock<HashMap<Route, Arc<RenderedPage>>>,
}

impl RenderCache {
    pub fn new(enabled: bool) -> Self {
        Self { enabled, pages: RwLock::default() }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    pub fn get(&self, route: Route) -> Option<Arc<RenderedPage>> {
        PageStore::get(self, &route)
    }

    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Renders of one page per canonical query string: the states the list's own links lead to, kept
/// for the snapshot's life (`pin`, a set bounded by the content), and the rest (searches) in an LRU,
/// least recently used evicted first.
pub struct QueryCache {
    enabled: bool,
    pinned: RwLock<HashMap<String, Arc<RenderedPage>>>,
    pages: Mutex<lru::LruCache<String, Arc<RenderedPage>>>,
}

impl QueryCache {
    pub fn new(enabled: bool) -> Self {
        Self::with_capacity(enabled, NonZeroUsize::new(QUERY_CACHE_CAPACITY).expect("non-zero capacity"))
    }

    pub fn with_capacity(enabled: bool, capacity: NonZeroUsize) -> Self {
        Self { enabled, pinned: RwLock::default(), pages: Mutex::new(lru::LruCache::new(capacity)) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, lru::LruCache<String, Arc<RenderedPage>>> {
        self.pages.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The stored page for `query`; marks it recently used.
    pub fn get(&self, query: &str) -> Option<Arc<RenderedPage>> {
        if let Some(page) = self.pinned.read().unwrap_or_else(|e| e.into_inner()).get(query) {
            return Some(Arc::clone(page));
        }
        self.lock().get(query).cloned()
    }

    /// Keeps `page` for `query` for good: never evicted, so a crawler following the list's links
    /// never waits on a render.
    pub fn pin(&self, query: String, page: Arc<RenderedPage>) {
        if self.enabled {
            self.lock().pop(&query);
            self.pinned.write().unwrap_or_else(|e| e.into_inner()).insert(query, page);
        }
    }

    /// Pages kept by `pin`.
    pub fn pinned(&self) -> usize {
        self.pinned.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Pages in the LRU (rendered on demand).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl PageStore<Route> for RenderCache {
    fn get(&self, route: &Route) -> Option<Arc<RenderedPage>> {
        self.pages.read().unwrap_or_else(|e| e.into_inner()).get(route).cloned()
    }

    fn put(&self, route: Route, page: Arc<RenderedPage>) {
        if self.enabled {
            self.pages.write().unwrap_or_else(|e| e.into_inner()).insert(route, page);
        }
    }
}

impl PageStore<String> for QueryCache {
    fn get(&self, query: &String) -> Option<Arc<RenderedPage>> {
        QueryCache::get(self, query)
    }

    fn put(&self, query: String, page: Arc<RenderedPage>) {
        if self.enabled && query.len() <= MAX_CACHED_QUERY_BYTES {
            self.lock().put(query, page);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> Arc<RenderedPage> {
        let html = Encoded::with("<p>page</p>", &[]);
        Arc::new(RenderedPage { status: StatusCode::OK, navigation: html.clone(), html, list_states: Vec::new() })
    }

    #[test]
    fn the_query_cache_never_holds_more_than_its_capacity() {
        let cache = QueryCache::new(true);
        for i in 0..QUERY_CACHE_CAPACITY + 50 {
            cache.put(format!("page={i}"), page());
        }
        assert_eq!(cache.len(), QUERY_CACHE_CAPACITY);
        assert!(cache.get("page=0").is_none(), "the oldest entries are evicted");
        assert!(cache.get(&format!("page={}", QUERY_CACHE_CAPACITY + 49)).is_some());
    }

    #[test]
    fn the_least_recently_used_query_is_evicted_first() {
        let cache = QueryCache::with_capacity(true, NonZeroUsize::new(2).unwrap());
        cache.put("page=1".into(), page());
        cache.put("page=2".into(), page());
        assert!(cache.get("page=1").is_some());
        cache.put("page=3".into(), page());
        assert!(cache.get("page=1").is_some());
        assert!(cache.get("page=2").is_none());
    }

    #[test]
    fn a_pinned_page_outlives_any_number_of_other_queries() {
        let cache = QueryCache::with_capacity(true, NonZeroUsize::new(2).unwrap());
        cache.put("page=2".into(), page());
        cache.pin("page=2".into(), page());
        for i in 0..10 {
            cache.put(format!("q={i}"), page());
        }
        assert!(cache.get("page=2").is_some());
        assert_eq!((cache.pinned(), cache.len()), (1, 2));
    }

    #[test]
    fn a_disabled_cache_stores_nothing() {
        let off = QueryCache::new(false);
        off.put("page=2".into(), page());
        assert!(off.is_empty());
    }

    #[test]
    fn an_overlong_query_is_not_kept() {
        let cache = QueryCache::new(true);
        cache.put(format!("q={}", "a".repeat(MAX_CACHED_QUERY_BYTES)), page());
        assert!(cache.is_empty());
        cache.put(format!("q={}", "a".repeat(MAX_CACHED_QUERY_BYTES - 2)), page());
        assert_eq!(cache.len(), 1);
    }
}
