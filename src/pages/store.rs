//! Finished pages of one snapshot, by `PageKey`. A page depends only on the content, the clinic's local
//! date (both fixed for the life of a snapshot) and its key, so it is rendered once and then served as
//! stored bytes. Keys come from the route table and the list's canonical state, never from raw request
//! paths, so no visitor can make the store grow past its bounds: every route's own page and the list
//! states its links lead to are kept for the snapshot's life, and other states (searches) share an LRU of
//! fixed capacity.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, RwLock};

use axum::http::StatusCode;

use crate::base::encoding::Encoded;
use crate::pages::key::PageKey;

/// Searches kept. The states a visitor reaches by clicking (6 category choices x 2 views x 3 pages) are
/// a few dozen and kept anyway, so this leaves room for many searches, while a crawler or attacker
/// walking endless queries costs at most this many pages (~65 KB each with br, gzip and the route data:
/// ~16 MB).
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

/// How many pages a store holds, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StoreCounts {
    /// Routes' own pages.
    pub routes: usize,
    /// List states kept for the snapshot's life (those the list links to).
    pub kept_states: usize,
    /// Other list states, in the LRU.
    pub recent_states: usize,
}

impl StoreCounts {
    pub fn total(self) -> usize {
        self.routes + self.kept_states + self.recent_states
    }
}

pub struct PageStore {
    enabled: bool,
    /// Pages never evicted: routes' own pages (bounded by the content) and the list states its links
    /// lead to (bounded by `MAX_LIST_STATES` in pre-rendering).
    kept: RwLock<HashMap<PageKey, Arc<RenderedPage>>>,
    /// Other list states, least recently used evicted first.
    recent: Mutex<lru::LruCache<PageKey, Arc<RenderedPage>>>,
}

impl PageStore {
    /// `enabled` false: a store that keeps nothing (every request renders, for benchmarks).
    pub fn new(enabled: bool) -> Self {
        Self::with_capacity(enabled, NonZeroUsize::new(QUERY_CACHE_CAPACITY).expect("non-zero capacity"))
    }

    pub fn with_capacity(enabled: bool, capacity: NonZeroUsize) -> Self {
        Self { enabled, kept: RwLock::default(), recent: Mutex::new(lru::LruCache::new(capacity)) }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    fn recent(&self) -> std::sync::MutexGuard<'_, lru::LruCache<PageKey, Arc<RenderedPage>>> {
        self.recent.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The stored page for `key`; a recent state is marked as used.
    pub fn get(&self, key: &PageKey) -> Option<Arc<RenderedPage>> {
        if let Some(page) = self.kept.read().unwrap_or_else(|e| e.into_inner()).get(key) {
            return Some(Arc::clone(page));
        }
        if key.is_route_page() {
            return None;
        }
        self.recent().get(key).cloned()
    }

    /// Keeps a page just rendered on demand: a route's own page for good, a list state among the recent
    /// ones (unless its query is too long to keep).
    pub fn put(&self, key: PageKey, page: Arc<RenderedPage>) {
        if key.is_route_page() {
            self.keep(key, page);
        } else if self.enabled && key.list_state.len() <= MAX_CACHED_QUERY_BYTES {
            self.recent().put(key, page);
        }
    }

    /// Keeps `page` for good: never evicted, so a crawler following the list's links never waits on a
    /// render.
    pub fn keep(&self, key: PageKey, page: Arc<RenderedPage>) {
        if self.enabled {
            self.recent().pop(&key);
            self.kept.write().unwrap_or_else(|e| e.into_inner()).insert(key, page);
        }
    }

    /// Compresses every kept page in every coding not made yet. Pages are stored uncompressed, so that
    /// start-up and a content reload need not wait for it; this runs in the background once a snapshot
    /// is live, so that visitors seldom wait either.
    pub fn prepare(&self) {
        let kept: Vec<_> = self.kept.read().unwrap_or_else(|e| e.into_inner()).values().cloned().collect();
        for page in kept {
            page.html.prepare();
            page.navigation.prepare();
        }
    }

    pub fn counts(&self) -> StoreCounts {
        let kept = self.kept.read().unwrap_or_else(|e| e.into_inner());
        let routes = kept.keys().filter(|key| key.is_route_page()).count();
        StoreCounts { routes, kept_states: kept.len() - routes, recent_states: self.recent().len() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::routes::{Page, Route};

    fn page() -> Arc<RenderedPage> {
        let html = Encoded::with("<p>page</p>", &[]);
        Arc::new(RenderedPage { status: StatusCode::OK, navigation: html.clone(), html, list_states: Vec::new() })
    }

    fn state(query: &str) -> PageKey {
        PageKey { route: Route::new(Lang::En, Page::Blogs), list_state: query.to_owned() }
    }

    #[test]
    fn the_recent_states_never_exceed_their_capacity() {
        let store = PageStore::new(true);
        for i in 0..QUERY_CACHE_CAPACITY + 50 {
            store.put(state(&format!("page={i}")), page());
        }
        assert_eq!(store.counts().recent_states, QUERY_CACHE_CAPACITY);
        assert!(store.get(&state("page=0")).is_none(), "the oldest entries are evicted");
        assert!(store.get(&state(&format!("page={}", QUERY_CACHE_CAPACITY + 49))).is_some());
    }

    #[test]
    fn the_least_recently_used_state_is_evicted_first() {
        let store = PageStore::with_capacity(true, NonZeroUsize::new(2).unwrap());
        store.put(state("page=1"), page());
        store.put(state("page=2"), page());
        assert!(store.get(&state("page=1")).is_some());
        store.put(state("page=3"), page());
        assert!(store.get(&state("page=1")).is_some());
        assert!(store.get(&state("page=2")).is_none());
    }

    #[test]
    fn routes_and_kept_states_outlive_any_number_of_searches() {
        let store = PageStore::with_capacity(true, NonZeroUsize::new(2).unwrap());
        let about = PageKey::route(Route::new(Lang::Hi, Page::About));
        store.put(about.clone(), page());
        store.put(state("page=2"), page());
        store.keep(state("page=2"), page());
        for i in 0..10 {
            store.put(state(&format!("q={i}")), page());
        }
        assert!(store.get(&state("page=2")).is_some());
        assert!(store.get(&about).is_some());
        assert_eq!(store.counts(), StoreCounts { routes: 1, kept_states: 1, recent_states: 2 });
    }

    #[test]
    fn a_disabled_store_keeps_nothing() {
        let off = PageStore::new(false);
        off.put(state("page=2"), page());
        off.put(PageKey::route(Route::new(Lang::En, Page::Home)), page());
        off.keep(state("page=3"), page());
        assert_eq!(off.counts().total(), 0);
    }

    #[test]
    fn an_overlong_search_is_not_kept() {
        let store = PageStore::new(true);
        store.put(state(&format!("q={}", "a".repeat(MAX_CACHED_QUERY_BYTES))), page());
        assert_eq!(store.counts().total(), 0);
        store.put(state(&format!("q={}", "a".repeat(MAX_CACHED_QUERY_BYTES - 2))), page());
        assert_eq!(store.counts().recent_states, 1);
    }
}
