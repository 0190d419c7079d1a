//! The clinic's content: loaded once at start-up from `content/` and checked, so a wrong file stops
//! the server with one message per problem, each naming the file and the field, instead of showing
//! a broken page.

/// Every image the pages show, each with the content file that gives it: one list for the checks
/// (`iter`, `&`) and for attaching the build's copies (`iter_mut`, `&mut`).
macro_rules! content_images {
    ($content:expr, $iter:ident, $($borrow:tt)+) => {{
        let c = $content;
        let mut images: Vec<(String, $($borrow)+ $crate::content::types::Image)> = vec![
            ("site.toml".into(), $($borrow)+ c.site.logo),
            ("home.toml".into(), $($borrow)+ c.home.about.image),
            ("home.toml".into(), $($borrow)+ c.home.why_choose_us.image),
            ("home.toml".into(), $($borrow)+ c.home.location.map_image),
            ("about.toml".into(), $($borrow)+ c.about.hero.image),
            ("appointment.toml".into(), $($borrow)+ c.appointment.hero.image),
            ("contact.toml".into(), $($borrow)+ c.contact.hero.image),
            ("therapy-and-counselling.toml".into(), $($borrow)+ c.therapy.hero.image),
        ];
        let home = c.home.hero.images.$iter().chain(c.home.reviews.avatars.$iter());
        images.extend(home.chain(c.home.reviews.session_photos.$iter()).map(|i| ("home.toml".into(), i)));
        images.extend(c.benefits.cards.$iter().map(|card| ("benefits.toml".into(), $($borrow)+ card.icon)));
        images.extend(c.team.members.$iter().map(|m| ("team.toml".into(), $($borrow)+ m.image)));
        for s in c.services.$iter() {
            let file = format!("services/{}.toml", s.slug);
            images.push((file.clone(), $($borrow)+ s.card_image));
            images.push((file, $($borrow)+ s.hero.image));
        }
        images.extend(c.articles.$iter().map(|a| (format!("blog/{}.toml", a.slug), $($borrow)+ a.image)));
        images
    }};
}

pub mod blog;
mod checks;
pub mod home;
pub mod hours;
pub mod pages;
pub mod placeholders;
pub mod safety;
pub mod sections;
pub mod service;
pub mod site;
pub mod source;
pub mod types;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use blog::{Article, Categories};
use home::Home;
use pages::{About, Appointment, Contact, NotFound, Therapy};
use sections::{Approach, Benefits, Team};
use service::Service;
use site::Identity;
pub use source::ContentSource;

use crate::images::{self, Derived, ImageManifest};

/// One problem in one content file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    pub message: String,
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

#[derive(Debug)]
pub struct Content {
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
    /// In menu order (`site.toml`'s `services`).
    pub services: Vec<Service>,
    /// Newest first.
    pub articles: Vec<Article>,
    pub categories: Categories,
    pub source: ContentSource,
}

/// Parses files, noting each failure instead of stopping at the first.
struct Loader {
    source: ContentSource,
    problems: Vec<ContentError>,
}

impl Loader {
    /// Parses one file and checks its texts against the clinical safety rules (`safety`).
    fn parse<T: DeserializeOwned>(&mut self, file: &str) -> Option<T> {
        let result = match self.source.read(file) {
            None => Err(format!("file not found in {}", self.source.describe())),
            Some(bytes) => std::str::from_utf8(&bytes).map_err(|e| format!("not UTF-8: {e}")).and_then(|text| {
                let parsed = toml::from_str(text).map_err(|e| e.to_string())?;
                let table = toml::from_str(text).map_err(|e: toml::de::Error| e.to_string())?;
                self.problems.extend(safety::problems(file, &table));
                Ok(parsed)
            }),
        };
        result.map_err(|message| self.problems.push(ContentError { file: file.to_owned(), message })).ok()
    }

    /// Every `<dir>/*.toml` file, parsed, with its slug (the file name) set.
    fn parse_dir<T: DeserializeOwned>(&mut self, dir: &str, set_slug: impl Fn(&mut T, String)) -> Vec<T> {
        let mut items = Vec::new();
        for name in self.source.list(dir, ".toml") {
            if let Some(mut item) = self.parse::<T>(&format!("{dir}/{name}")) {
                set_slug(&mut item, name.trim_end_matches(".toml").to_owned());
                items.push(item);
            }
        }
        items
    }
}

impl Content {
    pub fn load(source: ContentSource) -> Result<Self, ContentErrors> {
        let mut files = Loader { source, problems: Vec::new() };
        let site = files.parse::<Identity>("site.toml");
        let home = files.parse("home.toml");
        let categories = files.parse("categories.toml");
        let approach = files.parse("approach.toml");
        let benefits = files.parse("benefits.toml");
        let team = files.parse("team.toml");
        let about = files.parse("about.toml");
        let appointment = files.parse("appointment.toml");
        let contact = files.parse("contact.toml");
        let therapy = files.parse("therapy-and-counselling.toml");
        let not_found = files.parse("not-found.toml");
        let mut services = files.parse_dir("services", |s: &mut Service, slug| s.slug = slug);
        let mut articles = files.parse_dir("blog", |a: &mut Article, slug| a.slug = slug);
        articles.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.slug.cmp(&b.slug)));

        let Loader { source, mut problems } = files;
        let parsed =
            (site, home, categories, approach, benefits, team, about, appointment, contact, therapy, not_found);
        let (
            Some(site),
            Some(home),
            Some(categories),
            Some(approach),
            Some(benefits),
            Some(team),
            Some(about),
            Some(appointment),
            Some(contact),
            Some(therapy),
            Some(not_found),
        ) = parsed
        else {
            return Err(ContentErrors(problems));
        };
        // Menu order is site.toml's; a file it does not list is reported by the checks.
        services.sort_by_key(|s| site.services.iter().position(|slug| *slug == s.slug).unwrap_or(usize::MAX));
        let mut content = Content {
            site,
            home,
            approach,
            benefits,
            team,
            about,
            appointment,
            contact,
            therapy,
            not_found,
            services,
            articles,
            categories,
            source,
        };
        content.attach_derived_images(ImageManifest::embedded());
        problems.extend(content.problems());
        if problems.is_empty() {
            content.version_image_urls();
            Ok(content)
        } else {
            Err(ContentErrors(problems))
        }
    }

    pub fn service(&self, slug: &str) -> Option<&Service> {
        self.services.iter().find(|s| s.slug == slug)
    }

    pub fn article(&self, slug: &str) -> Option<&Article> {
        self.articles.iter().find(|a| a.slug == slug)
    }

    /// Gives each image the copies the build made of its file (`crate::images`): only when the file
    /// is the one the build saw, so an editor's changed file (`--content-dir`) is shown as it is.
    pub fn attach_derived_images(&mut self, manifest: &ImageManifest) {
        let source = self.source.clone();
        let mut by_src: HashMap<String, Option<Arc<Derived>>> = HashMap::new();
        for (_, image) in content_images!(self, iter_mut, &mut) {
            let derived = by_src
                .entry(image.src.clone())
                .or_insert_with(|| {
                    let bytes = source.read(image.file()?)?;
                    manifest.derived(&image.src, &bytes)
                })
                .clone();
            if let Some(derived) = derived {
                image.attach(derived);
            }
        }
    }

    /// Puts a hash of each image's file in its URL (`/images/a.svg?v=…`), so browsers may keep it for a
    /// year (`http::static_files::image`) and an edited file is fetched again under its new URL.
    fn version_image_urls(&mut self) {
        let source = self.source.clone();
        let mut versions: HashMap<String, String> = HashMap::new();
        for (_, image) in content_images!(self, iter_mut, &mut) {
            let Some(file) = image.file().map(str::to_owned) else { continue };
            let version = versions
                .entry(file.clone())
                .or_insert_with(|| source.read(&file).map(|bytes| images::version(&bytes)).unwrap_or_default());
            image.src = format!("/{file}?v={version}");
        }
    }

    /// Rules serde cannot express; empty when the content is sound.
    pub fn problems(&self) -> Vec<ContentError> {
        checks::problems(self)
    }
}
