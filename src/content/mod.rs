//! The clinic's content: loaded from `content/` at start-up (and again when an edited `CONTENT_DIR`
//! changes) and checked, so a wrong file stops the server, or leaves a running server on its last good
//! content, with one message per problem, each naming the file and the field, instead of showing a
//! broken page.

/// Every image the pages show, each with the content file that gives it: one list for the checks
/// (`iter`, `&`) and for attaching the build's copies (`iter_mut`, `&mut`).
macro_rules! content_images {
    ($content:expr, $iter:ident, $($borrow:tt)+) => {{
        let c = $content;
        let dir = c.lang.content_dir();
        let file = |name: &str| format!("{dir}{name}");
        let mut images: Vec<(String, $($borrow)+ $crate::content::types::Image)> = vec![
            (file("site.toml"), $($borrow)+ c.site.logo),
            (file("home.toml"), $($borrow)+ c.home.about.image),
            (file("home.toml"), $($borrow)+ c.home.why_choose_us.image),
            (file("home.toml"), $($borrow)+ c.home.location.map_image),
            (file("about.toml"), $($borrow)+ c.about.hero.image),
            (file("appointment.toml"), $($borrow)+ c.appointment.hero.image),
            (file("contact.toml"), $($borrow)+ c.contact.hero.image),
            (file("therapy-and-counselling.toml"), $($borrow)+ c.therapy.hero.image),
        ];
        let home = c.home.hero.images.$iter().chain(c.home.reviews.avatars.$iter());
        images.extend(home.chain(c.home.reviews.session_photos.$iter()).map(|i| (file("home.toml"), i)));
        images.extend(c.benefits.cards.$iter().map(|card| (file("benefits.toml"), $($borrow)+ card.icon)));
        images.extend(c.team.members.$iter().map(|m| (file("team.toml"), $($borrow)+ m.image)));
        for s in c.services.$iter() {
            let service = file(&format!("services/{}.toml", s.slug));
            images.push((service.clone(), $($borrow)+ s.card_image));
            images.push((service, $($borrow)+ s.hero.image));
        }
        images.extend(c.articles.$iter().map(|a| (a.file(), $($borrow)+ a.image)));
        images
    }};
}

pub(crate) mod blog;
mod checks;
pub(crate) mod home;
pub(crate) mod hours;
pub(crate) mod image_files;
pub(crate) mod pages;
pub mod placeholders;
pub(crate) mod review;
pub mod safety;
pub(crate) mod sections;
pub(crate) mod service;
pub(crate) mod site;
pub(crate) mod source;
mod twins;
pub(crate) mod types;

pub use review::next_review;
pub use types::Image;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::error::Error;
use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use blog::{Article, Categories};
use home::Home;
use image_files::ImageFiles;
use pages::{About, Appointment, Contact, NotFound, Offline, Therapy};
use sections::{Approach, Benefits, Team};
use service::Service;
use site::Identity;
pub use source::ContentSource;
use source::{ContentFiles, SourceError};

use crate::embedded::images::{Derived, ImageManifest};
use crate::i18n::Lang;

/// One problem in one content file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    pub message: String,
}

impl From<&SourceError> for ContentError {
    fn from(error: &SourceError) -> Self {
        Self { file: error.file().to_owned(), message: error_text(error) }
    }
}

/// An error and its causes on one line: `cannot read /c/site.toml: Is a directory (os error 21)`.
fn error_text(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(error) = cause {
        text = format!("{text}: {error}");
        cause = error.source();
    }
    text
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

/// Every problem found, so an editor can fix them all in one go.
#[derive(Debug, thiserror::Error)]
pub struct ContentErrors(pub Vec<ContentError>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        write!(f, "{n} problem{} in the content:", if n == 1 { "" } else { "s" })?;
        for problem in &self.0 {
            write!(f, "\n- {problem}")?;
        }
        Ok(())
    }
}

/// One edition of the site: every text in one language.
#[derive(Debug)]
pub struct Content {
    pub lang: Lang,
    pub site: Identity,
    pub home: Home,
    pub approach: Approach,
    pub benefits: Benefits,
    pub team: Team,
    pub about: About,
    pub appointment: Appointment,
    pub contact: Contact,
    pub therapy: Therapy,
    pub not_found: NotFound,
    pub offline: Offline,
    /// In menu order (`site.toml`'s `services`).
    pub services: Vec<Service>,
    /// Newest first.
    pub articles: Vec<Article>,
    pub categories: Categories,
    /// Every file under `images/`, shared by both editions.
    pub images: Arc<ImageFiles>,
}

/// Parses one edition's files from the bytes read for the content version (`ContentFiles`), each file
/// once, noting each failure instead of stopping at the first, and keeps each file's raw table for the
/// checks that compare the two editions (`twins`).
struct Loader<'a> {
    /// Asked only why a file or folder is not among `files`.
    source: &'a ContentSource,
    files: &'a ContentFiles,
    images: Arc<ImageFiles>,
    lang: Lang,
    problems: Vec<ContentError>,
    /// Every file looked for, by path relative to the edition's folder (`blog/insomnia.toml`).
    attempted: BTreeSet<String>,
    /// The raw tables of the files that parsed.
    tables: BTreeMap<String, toml::Table>,
}

impl<'a> Loader<'a> {
    fn new(source: &'a ContentSource, files: &'a ContentFiles, images: Arc<ImageFiles>, lang: Lang) -> Self {
        let (problems, attempted, tables) = (Vec::new(), BTreeSet::new(), BTreeMap::new());
        Self { source, files, images, lang, problems, attempted, tables }
    }

    fn files(&self) -> twins::Files<'_> {
        twins::Files { lang: self.lang, attempted: &self.attempted, tables: &self.tables }
    }

    /// Parses one file and checks its texts against the clinical safety rules (`safety`).
    fn parse<T: DeserializeOwned>(&mut self, file: &str) -> Option<T> {
        let path = format!("{}{file}", self.lang.content_dir());
        self.attempted.insert(file.to_owned());
        let result = match self.files.get(&path) {
            None => Err(self.absent(&path)),
            Some(bytes) => std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}")).and_then(|text| {
                let (parsed, table) = from_toml(text)?;
                self.problems.extend(safety::problems(&path, &table));
                self.tables.insert(file.to_owned(), table);
                Ok(parsed)
            }),
        };
        result.map_err(|message| self.problems.push(ContentError { file: path, message })).ok()
    }

    /// Why a file is not among those read: something else in its place that the source names (a
    /// folder), or nothing there. (A file written since they were read is not there yet: the change
    /// event its writing sends loads the content again.)
    fn absent(&self, path: &str) -> String {
        match self.source.read(path) {
            Err(error) => error_text(&error),
            Ok(_) => format!("file not found in {}", self.source.describe()),
        }
    }

    /// Every `<dir>/*.toml` file, parsed, with its slug (the file name).
    fn parse_dir<T: DeserializeOwned>(&mut self, dir: &str) -> Vec<(String, T)> {
        let mut items = Vec::new();
        let dir_path = format!("{}{dir}", self.lang.content_dir());
        let names = self.files.names_in(&dir_path, ".toml");
        if names.is_empty() {
            // None read: the source says why when something other than a folder is in its place.
            if let Err(error) = self.source.list(&dir_path, ".toml") {
                self.problems.push((&error).into());
            }
        }
        for name in names {
            if let Some(item) = self.parse::<T>(&format!("{dir}/{name}")) {
                items.push((name.trim_end_matches(".toml").to_owned(), item));
            }
        }
        items
    }
}

/// The site's content in both languages: each edition's files checked on their own, and each Hindi
/// file checked against its English twin (`twins`).
#[derive(Debug)]
pub struct Editions {
    pub en: Content,
    pub hi: Content,
    /// The content version: a hash of the files they were loaded from (`ContentSource::fingerprint`).
    pub version: String,
    /// Where they were loaded from, and a reload reads again.
    pub source: ContentSource,
}

impl Editions {
    /// Reads every file of `source` once, and loads the content from those bytes: the version names
    /// the very bytes parsed, however the files change meanwhile.
    pub fn load(source: ContentSource) -> Result<Self, ContentErrors> {
        let files = source.files().map_err(|error| ContentErrors(vec![(&error).into()]))?;
        Self::from_files(&source, &files)
    }

    fn from_files(source: &ContentSource, files: &ContentFiles) -> Result<Self, ContentErrors> {
        let version = files.fingerprint();
        let images = Arc::new(ImageFiles::new(files));
        let mut english = Loader::new(source, files, Arc::clone(&images), Lang::En);
        let en = Content::parse(&mut english);
        let mut hindi = Loader::new(source, files, images, Lang::Hi);
        let hi = Content::parse(&mut hindi);
        let mut problems = twins::problems(&english.files(), &hindi.files());
        problems.splice(0..0, english.problems.into_iter().chain(hindi.problems));
        let (Some(en), Some(mut hi)) = (en, hi) else { return Err(ContentErrors(problems)) };
        if !problems.is_empty() {
            return Err(ContentErrors(problems));
        }
        hi.adopt(&en);
        let mut editions = Self { en, hi, version, source: source.clone() };
        for content in editions.iter_mut() {
            content.attach_derived_images(ImageManifest::embedded());
            problems.extend(content.problems());
        }
        if !problems.is_empty() {
            return Err(ContentErrors(problems));
        }
        for content in editions.iter_mut() {
            content.version_image_urls();
        }
        Ok(editions)
    }

    pub fn get(&self, lang: Lang) -> &Content {
        match lang {
            Lang::En => &self.en,
            Lang::Hi => &self.hi,
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Content> {
        [&self.en, &self.hi].into_iter()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Content> {
        [&mut self.en, &mut self.hi].into_iter()
    }
}

impl Content {
    /// One edition's files, parsed; `None` when any is missing or malformed (the loader has the problems).
    fn parse(files: &mut Loader) -> Option<Self> {
        let lang = files.lang;
        let site = files.parse::<Identity>("site.toml");
        let home = files.parse("home.toml");
        let categories = files.parse::<Categories>("categories.toml");
        let approach = files.parse("approach.toml");
        let benefits = files.parse("benefits.toml");
        let team = files.parse("team.toml");
        let about = files.parse("about.toml");
        let appointment = files.parse("appointment.toml");
        let contact = files.parse("contact.toml");
        let therapy = files.parse("therapy-and-counselling.toml");
        let not_found = files.parse("not-found.toml");
        let offline = files.parse("offline.toml");
        let mut services: Vec<Service> = files
            .parse_dir("services")
            .into_iter()
            .map(|(slug, service): (String, Service)| Service {
                path: lang.path(&format!("/services/{slug}")),
                slug,
                ..service
            })
            .collect();
        let mut articles: Vec<Article> = files
            .parse_dir("blog")
            .into_iter()
            .map(|(slug, article): (String, Article)| {
                let path = lang.path(&format!("/blog/{slug}"));
                let written_in = if article.lang.is_empty() { lang.code().to_owned() } else { article.lang.clone() };
                Article { canonical_path: path.clone(), path, slug, lang: written_in, ..article }
            })
            .collect();
        articles.sort_by(newest_first);

        // Every file was parsed above, so the loader has all the problems before any `?` gives up.
        let site = site?;
        let mut categories = categories?;
        // Menu order is site.toml's; a file it does not list is reported by the checks.
        services.sort_by_key(|s| site.services.iter().position(|slug| *slug == s.slug).unwrap_or(usize::MAX));
        for category in &mut categories.list {
            category.key.clone_from(&category.name);
        }
        Some(Content {
            lang,
            site,
            home: home?,
            approach: approach?,
            benefits: benefits?,
            team: team?,
            about: about?,
            appointment: appointment?,
            contact: contact?,
            therapy: therapy?,
            not_found: not_found?,
            offline: offline?,
            services,
            articles,
            categories,
            images: Arc::clone(&files.images),
        })
    }

    /// What this edition takes from the English one: the categories' keys (the English names, which
    /// the blog list's URL carries in every language), and the articles written in this edition's
    /// language that have no twin of their own (`face-failures`). Those are shown in this edition too,
    /// with the English URL as their one canonical address (docs/decisions.md).
    fn adopt(&mut self, english: &Content) {
        for (category, key) in self.categories.list.iter_mut().zip(&english.categories.list) {
            category.key.clone_from(&key.name);
        }
        let written_here = english.articles.iter().filter(|a| a.lang == self.lang.code());
        self.articles
            .extend(written_here.map(|a| Article { path: self.lang.path(&format!("/blog/{}", a.slug)), ..a.clone() }));
        self.articles.sort_by(newest_first);
    }

    pub fn service(&self, slug: &str) -> Option<&Service> {
        self.services.iter().find(|s| s.slug == slug)
    }

    pub fn article(&self, slug: &str) -> Option<&Article> {
        self.articles.iter().find(|a| a.slug == slug)
    }

    /// Gives each image the copies the build made of its file (`crate::embedded::images`): only when the file
    /// is the one the build saw, so an editor's changed file (`--content-dir`) is shown as it is.
    pub fn attach_derived_images(&mut self, manifest: &ImageManifest) {
        let files = Arc::clone(&self.images);
        let mut by_src: HashMap<String, Option<Arc<Derived>>> = HashMap::new();
        for (_, image) in content_images!(self, iter_mut, &mut) {
            let derived = by_src
                .entry(image.src.clone())
                .or_insert_with(|| manifest.derived(&image.src, &files.get(image.file()?)?.sha256))
                .clone();
            if let Some(derived) = derived {
                image.attach(derived);
            }
        }
    }

    /// Puts a hash of each image's file in its URL (`/images/a.svg?v=…`), so browsers may keep it for a
    /// year (`http::static_files::image`) and an edited file is fetched again under its new URL.
    fn version_image_urls(&mut self) {
        let files = Arc::clone(&self.images);
        for (_, image) in content_images!(self, iter_mut, &mut) {
            // Every image is a file by now: the checks refuse content that shows any other.
            if let Some((path, file)) = image.file().and_then(|path| Some((path, files.get(path)?))) {
                image.src = format!("/{path}?v={}", file.version());
            }
        }
    }

    /// Rules serde cannot express; empty when the content is sound.
    pub fn problems(&self) -> Vec<ContentError> {
        checks::problems(self)
    }
}

/// Parses one file, once, into its value and its raw table (for the safety rules and the twins),
/// naming the field a wrong value is in: ``hero.images[2].alt: invalid type: integer `3`, expected a
/// string (line 12)``. toml's own message shows the line, which names only the last key of a nested
/// field, or none (an item of an array of tables).
fn from_toml<T: DeserializeOwned>(text: &str) -> Result<(T, toml::Table), String> {
    let document = toml::de::DeTable::parse(text).map_err(|e| e.to_string())?;
    let value = serde_path_to_error::deserialize(toml::Deserializer::from(document.clone())).map_err(|e| {
        let (path, error) = (e.path().to_string(), e.inner());
        let line =
            error.span().map(|span| text.as_bytes()[..span.start.min(text.len())].split(|b| *b == b'\n').count());
        let at = line.map(|n| format!(" (line {n})")).unwrap_or_default();
        match path.as_str() {
            "." => format!("{}{at}", error.message()),
            path => format!("{path}: {}{at}", error.message()),
        }
    })?;
    let table = toml::Table::deserialize(toml::Deserializer::from(document)).map_err(|e| e.to_string())?;
    Ok((value, table))
}

/// The small content tree of the code's tests (`tests/fixtures/content`), so that they hold whatever the
/// shipped `content/` says; `tests/conformance.rs` holds the shipped content itself.
#[cfg(test)]
pub(crate) fn fixture() -> Editions {
    Editions::load(ContentSource::Dir(FIXTURE_DIR.into())).expect("the fixture content is valid")
}

#[cfg(test)]
const FIXTURE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/content");

/// A copy of the fixture for a test that edits it, in a folder of the system's temporary folder named
/// after the test (and this process).
#[cfg(test)]
pub(crate) fn fixture_copy(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("clinic-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let copy = std::process::Command::new("cp").arg("-r").arg(FIXTURE_DIR).arg(&dir).status().unwrap();
    assert!(copy.success());
    dir
}

/// Newest first; articles of the same day by slug.
fn newest_first(a: &Article, b: &Article) -> std::cmp::Ordering {
    b.date.cmp(&a.date).then_with(|| a.slug.cmp(&b.slug))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The content is parsed from the bytes read for its version, so a file changed after they were
    /// read cannot give pages that the version does not name.
    #[test]
    fn the_content_is_parsed_from_the_bytes_its_version_names() {
        let dir = fixture_copy("read-once");
        let source = ContentSource::Dir(dir.clone());
        let files = source.files().unwrap();
        let about = dir.join("about.toml");
        let edited = std::fs::read_to_string(&about).unwrap().replace("\"About Us\"", "\"About the Clinic\"");
        std::fs::write(&about, edited).unwrap();

        let read = Editions::from_files(&source, &files).unwrap();
        assert_eq!((read.en.about.title.as_str(), read.version.as_str()), ("About Us", files.fingerprint().as_str()));
        let again = Editions::load(source).unwrap();
        assert_eq!(again.en.about.title, "About the Clinic");
        assert_ne!(again.version, read.version);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_parse_gives_the_value_and_the_raw_table() {
        let (title, table): (toml::Table, toml::Table) = from_toml("title = \"Sleep\"\n[hero]\nalt = \"Bed\"").unwrap();
        assert_eq!(title, table);
        assert_eq!(table["hero"]["alt"].as_str(), Some("Bed"));
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)] // read by serde only
        struct Page {
            title: String,
        }
        let error = from_toml::<Page>("title = 3").unwrap_err();
        assert_eq!(error, "title: invalid type: integer `3`, expected a string (line 1)");
    }
}
