//! Where content files come from: embedded in the binary at build time, or a folder on disk that an
//! editor points the server at (`--content-dir`).

use std::borrow::Cow;
use std::io;
use std::path::{Path, PathBuf};

use bytes::Bytes;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "content/"]
struct Embedded;

#[derive(Debug, Clone)]
pub enum ContentSource {
    Embedded,
    Dir(PathBuf),
}

/// A content file or folder that is there but cannot be read: a folder where a file should be, a file
/// where a folder should be, a symbolic-link loop, no permission. (A file that is not there is no error:
/// `read` answers `None`, and the loader says which file is missing.)
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {}", path.display())]
    Read {
        /// Relative to the content root, as the content's problems name files.
        file: String,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("cannot list the folder {}", path.display())]
    List {
        file: String,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

impl SourceError {
    /// The file or folder, relative to the content root.
    pub fn file(&self) -> &str {
        match self {
            Self::Read { file, .. } | Self::List { file, .. } => file,
        }
    }

    fn read(root: &Path, file: &str, source: io::Error) -> Self {
        Self::Read { file: file.to_owned(), path: root.join(file), source }
    }

    /// `dir` is `""` for the root, which is named by its own path.
    fn list(root: &Path, dir: &str, source: io::Error) -> Self {
        let file = match dir.trim_end_matches('/') {
            "" => root.display().to_string(),
            dir => dir.to_owned(),
        };
        Self::List { file, path: root.join(dir), source }
    }
}

/// Every content file and its bytes, read at one time: what the content version hashes, and where the
/// images the site serves come from.
#[derive(Debug)]
pub struct ContentFiles(Vec<(String, Bytes)>);

impl ContentFiles {
    /// A short hash of every file's path and bytes: the content version that the log, the metrics and
    /// a reload compare.
    pub fn fingerprint(&self) -> String {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for (path, bytes) in &self.0 {
            hasher.update(path.as_bytes());
            hasher.update(&[0]);
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        }
        format!("{:016x}", hasher.digest())
    }

    /// The files under `dir/` (e.g. `images`), by their path relative to the content root.
    pub fn under<'a>(&'a self, dir: &str) -> impl Iterator<Item = &'a (String, Bytes)> {
        let prefix = format!("{dir}/");
        self.0.iter().filter(move |(path, _)| path.starts_with(&prefix))
    }

    /// The bytes of one file, by its path relative to the content root (`blog/insomnia.toml`).
    pub fn get(&self, path: &str) -> Option<&Bytes> {
        let at = self.0.binary_search_by(|(file, _)| file.as_str().cmp(path)).ok()?;
        Some(&self.0[at].1)
    }

    /// The names of the files directly inside `dir` whose name ends with `extension`, sorted.
    pub fn names_in(&self, dir: &str, extension: &str) -> Vec<String> {
        let prefix = format!("{dir}/");
        let names = self.0.iter().filter_map(|(path, _)| path.strip_prefix(&prefix));
        names.filter(|name| !name.contains('/') && name.ends_with(extension)).map(str::to_owned).collect()
    }
}

impl ContentSource {
    /// Reads one file by its path relative to the content root, e.g. `blog/insomnia.toml`: `None` when
    /// it is not there.
    pub fn read(&self, path: &str) -> Result<Option<Bytes>, SourceError> {
        if path.split('/').any(|part| part.is_empty() || part == "." || part == "..") {
            return Ok(None);
        }
        match self {
            Self::Embedded => Ok(Embedded::get(path).map(|f| bytes(f.data))),
            Self::Dir(root) => match std::fs::read(root.join(path)) {
                Ok(data) => Ok(Some(data.into())),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(SourceError::read(root, path, e)),
            },
        }
    }

    /// The names of the files directly inside `dir` whose name ends with `extension`, sorted; none
    /// when `dir` is not there.
    pub fn list(&self, dir: &str, extension: &str) -> Result<Vec<String>, SourceError> {
        let mut names: Vec<String> = match self {
            Self::Embedded => Embedded::iter()
                .filter_map(|p| p.strip_prefix(&format!("{dir}/")).map(str::to_owned))
                .filter(|name| !name.contains('/'))
                .collect(),
            Self::Dir(root) => match std::fs::read_dir(root.join(dir)) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(SourceError::list(root, dir, e)),
                // A name that is not UTF-8 is no name a content file can have.
                Ok(entries) => entries
                    .filter_map(|e| e.map(|e| e.file_name().into_string().ok()).transpose())
                    .collect::<io::Result<_>>()
                    .map_err(|e| SourceError::list(root, dir, e))?,
            },
        };
        names.retain(|n| n.ends_with(extension));
        names.sort();
        Ok(names)
    }

    /// Every content file, sorted by path. Editors' swap and backup files are left out, so saving in an
    /// editor changes the version only when a content file changed; a file that cannot be read is an
    /// error, since content that is there must not be silently left out of the version.
    pub fn files(&self) -> Result<ContentFiles, SourceError> {
        let mut files: Vec<(String, Bytes)> = match self {
            Self::Embedded => Embedded::iter()
                .filter(|p| !p.split('/').any(is_scratch_file))
                .filter_map(|p| Some((p.to_string(), bytes(Embedded::get(&p)?.data))))
                .collect(),
            Self::Dir(root) => {
                let mut found = Vec::new();
                walk(root, "", &mut found)?;
                found
            }
        };
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(ContentFiles(files))
    }

    pub fn describe(&self) -> String {
        match self {
            Self::Embedded => "embedded content".to_owned(),
            Self::Dir(root) => root.display().to_string(),
        }
    }
}

/// Embedded files are borrowed from the binary in release builds: kept without a copy.
fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(data) => Bytes::from_static(data),
        Cow::Owned(data) => data.into(),
    }
}

/// Every file under `root/dir`, by its path relative to `root`. Symbolic links are followed (a
/// Kubernetes ConfigMap mounts each file as a link into a hidden folder, which itself is skipped).
fn walk(root: &Path, dir: &str, found: &mut Vec<(String, Bytes)>) -> Result<(), SourceError> {
    let entries = std::fs::read_dir(root.join(dir)).map_err(|e| SourceError::list(root, dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| SourceError::list(root, dir, e))?;
        let Ok(name) = entry.file_name().into_string() else { continue };
        if is_scratch_file(&name) {
            continue;
        }
        let path = format!("{dir}{name}");
        let read = std::fs::metadata(entry.path()).and_then(|meta| {
            if meta.is_dir() {
                Ok(None)
            } else {
                std::fs::read(entry.path()).map(Some)
            }
        });
        match read {
            Ok(None) => walk(root, &format!("{path}/"), found)?,
            Ok(Some(data)) => found.push((path, data.into())),
            // Removed since the folder was listed (an editor saving), or a link to nothing: not a file.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(SourceError::read(root, &path, e)),
        }
    }
    Ok(())
}

/// Hidden files and editors' swap, backup and temporary files, which are never content.
pub fn is_scratch_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp") || name.ends_with(".tmp")
}
