//! The browser bundle built by `scripts/build.mjs` (through build.rs), embedded in the binary, and
//! the manifest that says which files each kind of page needs.

use std::borrow::Cow;
use std::collections::HashMap;

use rust_embed::RustEmbed;
use serde::Deserialize;

#[derive(RustEmbed)]
#[folder = "$OUT_DIR/js/client/assets/"]
struct ClientAssets;

/// The SSR bundle: plain ES2020 defining `globalThis.render`.
pub const SSR_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/js/ssr.js"));
const MANIFEST_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/js/client/manifest.json"));

#[derive(Debug, Deserialize)]
pub struct Manifest {
    /// The entry script first, then the chunks it imports: all a page loads before its first paint.
    pub entry: Vec<String>,
    /// What the entry loads once the page has painted (`client/main.ts`): the hydrating module first,
    /// then the chunks it imports (React, the app).
    pub hydrate: Vec<String>,
    pub css: Vec<String>,
    /// Language code -> the fonts its text needs, preloaded so that they arrive before first paint and
    /// the swap moves nothing.
    #[serde(default)]
    pub fonts: HashMap<String, Vec<String>>,
    /// Page kind -> its chunk first, then the chunks it imports.
    pub pages: HashMap<String, Vec<String>>,
    /// Language code -> the chunk of its interface words (`client/i18n`), loaded before hydration.
    pub strings: HashMap<String, Vec<String>>,
}

impl Manifest {
    pub fn embedded() -> Self {
        serde_json::from_str(MANIFEST_JSON).expect("build.rs wrote a valid manifest")
    }
}

/// An embedded asset's bytes, by its file name under /assets/ (`main-HASH.js`, `main-HASH.js.br`).
pub fn client_asset(name: &str) -> Option<Cow<'static, [u8]>> {
    ClientAssets::get(name).map(|f| f.data)
}
