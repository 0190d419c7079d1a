//! Finished documents per route. A route's output depends only on the content (fixed while the
//! process runs) and the clinic's local date, so a page is rendered once a day and then served as
//! stored bytes. Keys are routes from the route table, never raw request paths or query strings, so
//! no visitor can make the cache grow or force renders.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use axum::http::StatusCode;
use chrono::NaiveDate;

use crate::encoding::Encoded;
use crate::routes::Route;

#[derive(Debug)]
pub struct RenderedPage {
    pub status: StatusCode,
    /// The local date it was rendered for; stale from the next local midnight.
    pub date: NaiveDate,
    pub html: Encoded,
    /// The same route data as JSON, for client-side navigation.
    pub data: Encoded,
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

    /// The stored page for `route`, if it was rendered for `today`.
    pub fn get(&self, route: Route, today: NaiveDate) -> Option<Arc<RenderedPage>> {
        let pages = self.pages.read().unwrap_or_else(|e| e.into_inner());
        pages.get(&route).filter(|p| p.date == today).cloned()
    }

    pub fn put(&self, route: Route, page: Arc<RenderedPage>) {
        if self.enabled {
            self.pages.write().unwrap_or_else(|e| e.into_inner()).insert(route, page);
        }
    }

    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
