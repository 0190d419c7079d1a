//! What search engines and link previews read: each page's head tags and structured data, and the
//! site-wide sitemap, robots.txt and web app manifest; and the service worker script, published beside
//! them.

pub(crate) mod jsonld;
pub(crate) mod manifest;
pub(crate) mod meta;
pub(crate) mod service_worker;
pub(crate) mod sitemap;

use std::fmt::Write;

use crate::base::encoding::Encoded;
use crate::base::origin::Origin;
use crate::base::script_json::json_for_script;
use crate::content::{Content, Editions};
use crate::i18n::Lang;
use crate::routes::{Alternate, RouteData, RouteTable, StateHead};

/// The `hreflang` of each language version of a page, and its path: each language's own tag, and
/// `x-default` (the English page) for readers of any other language.
pub fn hreflang(alternates: &[Alternate]) -> impl Iterator<Item = (&'static str, &str)> {
    let english = alternates.iter().find(|a| a.lang == Lang::En);
    let own = alternates.iter().map(|a| (a.lang.tag(), a.path.as_str()));
    own.chain(english.map(|a| ("x-default", a.path.as_str())))
}

/// The head tags and JSON-LD blocks of one page, or of the state its URL's query shows (`state`). Built
/// when the page is rendered, so they are cached with it.
pub fn head(content: &Content, data: &RouteData, site_url: &Origin, state: Option<&StateHead>) -> String {
    let mut head = meta::tags(data, site_url, state);
    for block in jsonld::blocks(content, data, site_url) {
        let _ = write!(head, r#"<script type="application/ld+json">{}</script>"#, json_for_script(&block.to_string()));
    }
    head
}

/// The site-wide files, built with each snapshot: they depend only on the content and `SITE_URL`.
pub struct SiteFiles {
    pub sitemap: Encoded,
    pub robots: Encoded,
    pub manifest: Encoded,
    /// The service worker script (`crate::seo::service_worker`), versioned by the build and the content.
    pub worker: Encoded,
}

impl SiteFiles {
    pub fn new(content: &Editions, routes: &RouteTable, site_url: &Origin) -> Self {
        Self {
            sitemap: Encoded::new(sitemap::sitemap_xml(content, routes, site_url)),
            robots: Encoded::new(sitemap::robots_txt(site_url)),
            // The installed app opens the English home page (the manifest's `start_url`).
            manifest: Encoded::new(manifest::web_manifest(&content.en.site)),
            worker: Encoded::new(service_worker::script(&content.version)),
        }
    }
}
