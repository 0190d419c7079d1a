//! The content's images, read once when the content loads (`ContentSource::files`): the pages name each
//! by a version of its bytes and `/images/` answers from here, so a request reads no file and hashes
//! nothing, and the images served are always those of the pages served (one snapshot).

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use bytes::Bytes;

use super::source::ContentFiles;
use crate::base::encoding::Encoded;
use crate::embedded::images::sha256_hex;

pub struct ImageFile {
    pub bytes: Bytes,
    /// Of `bytes`, in hex: what the build's copies are checked against (`ImageManifest::derived`).
    pub sha256: String,
    /// Whether the format is text that compresses (SVG, a quarter of its size or less): raster formats
    /// are compressed already.
    compressible: bool,
    /// The bytes in the codings a response may use, made once, at the first request for the file (not
    /// at every content load, most of whose files nobody asks for before the next).
    encoded: OnceLock<Encoded>,
}

impl ImageFile {
    fn new(path: &str, bytes: &Bytes) -> Self {
        let compressible = path.ends_with(".svg");
        Self { bytes: bytes.clone(), sha256: sha256_hex(bytes), compressible, encoded: OnceLock::new() }
    }

    /// The version of the file in its URL (`?v=`): the first 12 hex digits of its SHA-256.
    pub fn version(&self) -> &str {
        &self.sha256[..12]
    }

    /// The file in every coding it is worth sending in: brotli and gzip for SVG, as it is for the rest.
    pub fn encoded(&self) -> &Encoded {
        self.encoded.get_or_init(|| {
            if self.compressible {
                Encoded::new(self.bytes.clone())
            } else {
                Encoded::with(self.bytes.clone(), &[])
            }
        })
    }
}

impl fmt::Debug for ImageFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImageFile").field("len", &self.bytes.len()).field("sha256", &self.sha256).finish()
    }
}

/// Every file under `images/`, by its path relative to the content root (`images/logo.svg`).
#[derive(Debug, Default)]
pub struct ImageFiles(HashMap<String, ImageFile>);

impl ImageFiles {
    pub fn new(files: &ContentFiles) -> Self {
        let images = files.under("images").map(|(path, bytes)| (path.clone(), ImageFile::new(path, bytes)));
        Self(images.collect())
    }

    pub fn get(&self, path: &str) -> Option<&ImageFile> {
        self.0.get(path)
    }
}
