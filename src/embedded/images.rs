//! The copies of the content's images that `scripts/images.mjs` made at build time (through build.rs):
//! AVIF, WebP and a fallback at several widths for raster pictures, a 1200x630 link-preview copy of
//! every image, and the icons made from the logo. They are embedded in the binary, named by a hash of
//! their source (so served as immutable at `/img/`), and described by a manifest keyed by the
//! `/images/...` path that the content uses.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use rust_embed::RustEmbed;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(RustEmbed)]
#[folder = "$OUT_DIR/images/files/"]
struct Generated;

const MANIFEST_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/images/manifest.json"));
/// The path the generated files are served under (the manifest's URLs start with it).
pub const PREFIX: &str = "/img/";

/// One `<source>` of a `<picture>`: a modern format at several widths.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImageSource {
    /// The MIME type, best first: `image/avif`, then `image/webp`.
    #[serde(rename = "type")]
    pub mime: String,
    /// `"/img/a-480.avif 480w, /img/a-768.avif 768w"`
    pub srcset: String,
}

/// A single raster file of a known size.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Raster {
    pub src: String,
    #[serde(rename = "type")]
    pub mime: String,
    pub width: u32,
    pub height: u32,
}

/// The icons made from the logo.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Icons {
    /// A 32 px PNG inside an .ico, also answered at `/favicon.ico`.
    pub favicon: String,
    pub icon32: String,
    /// 180 px on the page background (iOS shows transparency as black).
    pub apple_touch: String,
    pub icon192: String,
    pub icon512: String,
}

/// What the build made of one source file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Derived {
    /// Of the source's bytes: the copies belong to a file only when its bytes are these.
    pub sha256: String,
    /// The source's own size in pixels (upright).
    pub width: u32,
    pub height: u32,
    /// Raster sources only: AVIF and WebP.
    #[serde(default)]
    pub sources: Vec<ImageSource>,
    /// Raster sources only: the fallback format (JPEG, or PNG with transparency) at the same widths.
    #[serde(default)]
    pub srcset: Option<String>,
    /// 1200x630, for link previews (which ignore SVG).
    pub preview: Option<Raster>,
    /// The logo only.
    #[serde(default)]
    pub icons: Option<Icons>,
}

#[derive(Debug, Deserialize)]
struct ManifestFile {
    prefix: String,
    images: HashMap<String, Derived>,
}

#[derive(Debug)]
pub struct ImageManifest {
    /// Source path (`/images/...`) -> what was made of it, shared by every image that shows that file.
    pub images: HashMap<String, Arc<Derived>>,
}

impl ImageManifest {
    /// The manifest of the images embedded in this binary.
    pub fn embedded() -> &'static Self {
        static MANIFEST: OnceLock<ImageManifest> = OnceLock::new();
        MANIFEST.get_or_init(|| {
            let file: ManifestFile =
                serde_json::from_str(MANIFEST_JSON).expect("build.rs wrote a valid image manifest");
            assert_eq!(file.prefix, PREFIX, "scripts/images.mjs and src/embedded/images.rs disagree on the URL prefix");
            Self { images: file.images.into_iter().map(|(src, derived)| (src, Arc::new(derived))).collect() }
        })
    }

    /// What the build made of `src` (`/images/...`), if the file's bytes (of this SHA-256, in hex) are
    /// the ones it saw.
    pub fn derived(&self, src: &str, sha256: &str) -> Option<Arc<Derived>> {
        let derived = self.images.get(src)?;
        (sha256 == derived.sha256).then(|| Arc::clone(derived))
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// An embedded generated file by its name under `/img/`.
pub fn generated_file(name: &str) -> Option<Cow<'static, [u8]>> {
    Generated::get(name).map(|f| f.data)
}

/// An embedded generated file by its URL (`/img/<name>`).
pub fn generated_url(url: &str) -> Option<Cow<'static, [u8]>> {
    generated_file(url.strip_prefix(PREFIX)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_url_in_the_manifest_is_an_embedded_file() {
        let manifest = ImageManifest::embedded();
        assert!(!manifest.images.is_empty());
        for (src, derived) in &manifest.images {
            let mut urls: Vec<&str> = derived.preview.iter().map(|p| p.src.as_str()).collect();
            let srcsets = derived.sources.iter().map(|s| s.srcset.as_str()).chain(derived.srcset.as_deref());
            urls.extend(srcsets.flat_map(|set| set.split(", ").map(|c| c.split(' ').next().unwrap())));
            if let Some(icons) = &derived.icons {
                urls.extend(
                    [&icons.favicon, &icons.icon32, &icons.apple_touch, &icons.icon192, &icons.icon512]
                        .map(String::as_str),
                );
            }
            for url in urls {
                assert!(generated_url(url).is_some(), "{src}: {url} is not embedded");
            }
        }
    }

    #[test]
    fn copies_belong_only_to_the_bytes_they_were_made_from() {
        let manifest = ImageManifest::embedded();
        let (src, _) = manifest.images.iter().next().unwrap();
        let mut bytes = std::fs::read(format!("{}/content{src}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert!(manifest.derived(src, &sha256_hex(&bytes)).is_some());
        assert!(manifest.derived("/images/nowhere.svg", &sha256_hex(&bytes)).is_none());
        bytes.push(b'\n');
        let edited = sha256_hex(&bytes);
        assert!(manifest.derived(src, &edited).is_none(), "an edited file must not get the old file's copies");
    }
}
