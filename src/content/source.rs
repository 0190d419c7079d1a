//! Where content files come from: embedded in the binary at build time, or a folder on disk that an
//! editor points the server at (`--content-dir`).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

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

    /// A short hash of every content file's path and bytes: the content version that the log, the
    /// metrics and a reload compare. Editors' swap and backup files are left out, so saving in an
    /// editor changes the version only when a content file changed.
    pub fn fingerprint(&self) -> String {
        let mut files: Vec<(String, Cow<'static, [u8]>)> = match self {
            Self::Embedded => Embedded::iter().filter_map(|p| Some((p.to_string(), Embedded::get(&p)?.data))).collect(),
            Self::Dir(root) => {
                let mut found = Vec::new();
                walk(root, "", &mut found);
                found
            }
        };
        files.retain(|(path, _)| !is_scratch_file(path));
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for (path, bytes) in &files {
            hasher.update(path.as_bytes());
            hasher.update(&[0]);
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        }
        format!("{:016x}", hasher.digest())
    }

    pub fn describe(&self) -> String {
        match self {
            Self::Embedded => "embedded content".to_owned(),
            Self::Dir(root) => root.display().to_string(),
        }
    }
}

/// Every file under `dir`, by its path relative to the content root.
fn walk(dir: &Path, prefix: &str, found: &mut Vec<(String, Cow<'static, [u8]>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else { continue };
        let path = format!("{prefix}{name}");
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => walk(&entry.path(), &format!("{path}/"), found),
            Ok(_) => {
                if let Ok(bytes) = std::fs::read(entry.path()) {
                    found.push((path, Cow::Owned(bytes)));
                }
            }
            Err(_) => {}
        }
    }
}

/// Hidden files and editors' swap, backup and temporary files, which are never content.
pub fn is_scratch_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp") || name.ends_with(".tmp")
}
