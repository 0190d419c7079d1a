//! How the app serves, built once from the command line or environment (`Config`), or set by a test.

use crate::app::config::{Config, DEFAULT_SHARED_MAX_AGE};
use crate::base::origin::Origin;

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
