//! The content's images, read once when the content loads (`ContentSource::files`): the pages name each
//! by a version of its bytes and `/images/` answers from here, so a request reads no file and hashes
//! nothing, and the images served are always those of the pages served (one snapshot).

use std::collections::HashMap;
use std::fmt;

use bytes::Bytes;

use super::source::ContentFiles;
use crate::images::sha256_hex;

pub struct ImageFile {
    pub bytes: Bytes,
    /// Of `bytes`, in hex: what the build's copies are checked against (`ImageManifest::derived`).
    pub sha256: String,
}

impl ImageFile {
    /// The version of the file in its URL (`?v=`): the first 12 hex digits of its SHA-256.
    pub fn version(&self) -> &str {
        &self.sha256[..12]
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
        let images = files
            .under("images")
            .map(|(path, bytes)| (path.clone(), ImageFile { sha256: sha256_hex(bytes), bytes: bytes.clone() }));
        Self(images.collect())
    }

    pub fn get(&self, path: &str) -> Option<&ImageFile> {
        self.0.get(path)
    }
}
