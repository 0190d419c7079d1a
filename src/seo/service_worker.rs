//! The service worker script served at `/sw.js`: the build's bundle of `client/sw/worker.ts`, after one
//! line that gives it its `WorkerConfig`: its version, what to keep on the visitor's device at install
//! (the site's code and the offline page of each edition) and which offline page stands in for which
//! paths. The version names the build and the content, so the browser, which compares the script's
//! bytes on each visit, installs a new worker after a deploy or a content edit, and no other time.

use std::sync::LazyLock;

use serde::Serialize;
use strum::VariantArray;
use ts_rs::TS;

use crate::embedded::assets::Manifest;
use crate::embedded::images::sha256_hex;
use crate::i18n::Lang;
use crate::routes::OFFLINE_PATH;

/// Where the worker is served: at the root, so that its scope is the whole site.
pub const WORKER_PATH: &str = "/sw.js";

const WORKER_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/js/sw.js"));

/// What the worker is told about this version of the site (`WORKER_CONFIG` in `client/sw/worker.ts`).
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WorkerConfig {
    /// Names the build's client files: caches made for another build are deleted when this one activates.
    pub build: String,
    /// The content version: the offline pages are fetched again when it changes.
    pub content: String,
    /// Every script and stylesheet of the build (hashed, so cached for good): a page kept on the device
    /// opens and hydrates without a connection, whatever its kind and language.
    pub code: Vec<String>,
    /// The offline page of each edition, the edition with the longest path first.
    pub offline_pages: Vec<OfflinePage>,
}

/// One edition's offline page, and the paths it stands in for.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OfflinePage {
    /// The edition's home path: the page stands in for it and every path under it.
    pub under: String,
    pub path: String,
}

/// The build's part of the config, read once from the embedded manifest.
static BUILD: LazyLock<(String, Vec<String>)> = LazyLock::new(|| {
    let manifest = Manifest::embedded();
    let mut code: Vec<String> = [&manifest.entry, &manifest.hydrate, &manifest.css]
        .into_iter()
        .chain(manifest.pages.values())
        .chain(manifest.strings.values())
        .flatten()
        .cloned()
        .collect();
    code.sort_unstable();
    code.dedup();
    // The file names hold their content's hash, so their list names the build.
    let build = sha256_hex(code.join("\n").as_bytes())[..12].to_owned();
    (build, code)
});

impl WorkerConfig {
    pub fn new(content_version: &str) -> Self {
        let (build, code) = &*BUILD;
        let mut offline_pages: Vec<OfflinePage> = Lang::VARIANTS
            .iter()
            .map(|&lang| OfflinePage { under: lang.path("/"), path: lang.path(OFFLINE_PATH) })
            .collect();
        offline_pages.sort_by_key(|page| std::cmp::Reverse(page.under.len()));
        Self { build: build.clone(), content: content_version.to_owned(), code: code.clone(), offline_pages }
    }
}

/// The script for the given content version.
pub fn script(content_version: &str) -> String {
    let config = serde_json::to_string(&WorkerConfig::new(content_version)).expect("plain data serializes");
    format!("const WORKER_CONFIG = {config};\n{WORKER_BUNDLE}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_names_every_page_chunk_and_each_editions_offline_page() {
        let config = WorkerConfig::new("abc");
        let manifest = Manifest::embedded();
        for chunk in manifest.pages.values().chain(manifest.strings.values()).flatten() {
            assert!(config.code.contains(chunk), "{chunk} is not kept");
        }
        assert!(config.code.iter().all(|file| file.starts_with("/assets/")));
        let pages: Vec<(&str, &str)> =
            config.offline_pages.iter().map(|p| (p.under.as_str(), p.path.as_str())).collect();
        assert_eq!(pages, [("/hi", "/hi/offline"), ("/", "/offline")]);
    }

    #[test]
    fn the_script_changes_with_the_content_version() {
        let (a, b) = (script("one"), script("two"));
        assert_ne!(a, b);
        assert!(a.starts_with("const WORKER_CONFIG = {\"build\":"));
        assert!(a.contains("\"content\":\"one\""));
    }
}
