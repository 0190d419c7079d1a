//! Where content files come from: embedded in the binary at build time, or a folder on disk that an
//! editor points the server at (`--content-dir`).

use std::borrow::Cow;
use std::path::PathBuf;

use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "content/"]
struct Embedded;

#[derive(Debug, Clone)]
pub enum ContentSource {
    Embedded,
    Dir(PathBuf),
}

impl ContentSource {
    /// Reads one file by its path relative to the content root, e.g. `blog/insomnia.toml`.
    pub fn read(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        if path.split('/').any(|part| part.is_empty() || part == "." || part == "..") {
            return None;
        }
        match self {
            Self::Embedded => Embedded::get(path).map(|f| f.data),
            Self::Dir(root) => std::fs::read(root.join(path)).ok().map(Cow::Owned),
        }
    }

    /// The names of the files directly inside `dir` whose name ends with `extension`, sorted.
    pub fn list(&self, dir: &str, extension: &str) -> Vec<String> {
        let mut names: Vec<String> = match self {
            Self::Embedded => Embedded::iter()
                .filter_map(|p| p.strip_prefix(&format!("{dir}/")).map(str::to_owned))
                .filter(|name| !name.contains('/'))
                .collect(),
            Self::Dir(root) => std::fs::read_dir(root.join(dir))
                .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
                .unwrap_or_default(),
        };
        names.retain(|n| n.ends_with(extension));
        names.sort();
        names
    }

    pub fn describe(&self) -> String {
        match self {
            Self::Embedded => "embedded content".to_owned(),
            Self::Dir(root) => root.display().to_string(),
        }
    }
}
