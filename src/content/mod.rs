//! The clinic's content: loaded once at start-up from `content/` and checked, so a wrong file stops
//! the server with an error naming the file and the field instead of showing a broken page.

pub mod blog;
pub mod home;
pub mod service;
pub mod site;
pub mod source;
pub mod types;

use serde::de::DeserializeOwned;

use blog::{Article, Categories, Category};
use home::Home;
use service::Service;
use site::Identity;
pub use source::ContentSource;
use types::Image;

/// The five categories, in the order the spec gives (section 9).
pub const CATEGORY_ORDER: [&str; 5] =
    ["Mental Health Disorders", "Sleep & Physical Wellness", "Stress & Resilience", "Therapy & Treatment", "Social & Lifestyle"];

#[derive(Debug, thiserror::Error)]
#[error("content error in {file}: {message}")]
pub struct ContentError {
    pub file: String,
    pub message: String,
}

fn error(file: &str, message: impl Into<String>) -> ContentError {
    ContentError { file: file.to_owned(), message: message.into() }
}

#[derive(Debug)]
pub struct Content {
    pub site: Identity,
    pub home: Home,
    /// In menu order (`site.toml`'s `services`).
    pub services: Vec<Service>,
    /// Newest first.
    pub articles: Vec<Article>,
    pub categories: Vec<Category>,
    pub source: ContentSource,
}

impl Content {
    pub fn load(source: ContentSource) -> Result<Self, ContentError> {
        let site: Identity = parse(&source, "site.toml")?;
        let home: Home = parse(&source, "home.toml")?;
        let categories = parse::<Categories>(&source, "categories.toml")?.categories;

        let mut services = Vec::new();
        for slug in &site.services {
            let file = format!("services/{slug}.toml");
            if source.read(&file).is_none() {
                return Err(error("site.toml", format!("services lists \"{slug}\" but {file} does not exist")));
            }
            let mut service: Service = parse(&source, &file)?;
            service.slug = slug.clone();
            services.push(service);
        }
        for name in source.list("services", ".toml") {
            let slug = name.trim_end_matches(".toml");
            if !site.services.iter().any(|s| s == slug) {
                return Err(error(&format!("services/{name}"), "this service is missing from site.toml's services list"));
            }
        }

        let mut articles = Vec::new();
        for name in source.list("blog", ".toml") {
            let file = format!("blog/{name}");
            let mut article: Article = parse(&source, &file)?;
            article.slug = name.trim_end_matches(".toml").to_owned();
            articles.push(article);
        }
        articles.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.slug.cmp(&b.slug)));

        let content = Content { site, home, services, articles, categories, source };
        content.validate()?;
        Ok(content)
    }

    pub fn service(&self, slug: &str) -> Option<&Service> {
        self.services.iter().find(|s| s.slug == slug)
    }

    pub fn article(&self, slug: &str) -> Option<&Article> {
        self.articles.iter().find(|a| a.slug == slug)
    }

    /// Rules serde cannot express: the counts the spec fixes, and that every image exists.
    fn validate(&self) -> Result<(), ContentError> {
        let site = &self.site;
        count("site.toml", "phones", site.phones.len(), 2..=2)?;
        if let Some(phone) = site.phones.iter().find(|p| !p.starts_with("+91")) {
            return Err(error("site.toml", format!("phones: \"{phone}\" must start with the +91 country code")));
        }
        count("site.toml", "social", site.social.len(), 3..=3)?;
        count("site.toml", "services", site.services.len(), 6..=6)?;
        count("home.toml", "hero.images", self.home.hero.images.len(), 3..=3)?;
        count("home.toml", "faqs", self.home.faqs.len(), 10..=10)?;
        for s in &self.services {
            let file = format!("services/{}.toml", s.slug);
            count(&file, "benefits", s.benefits.len(), 2..=2)?;
            count(&file, "steps", s.steps.len(), 3..=3)?;
            count(&file, "faqs", s.faqs.len(), 5..=6)?;
        }
        let names: Vec<&str> = self.categories.iter().map(|c| c.name.as_str()).collect();
        if names != CATEGORY_ORDER {
            return Err(error("categories.toml", format!("categories must be {CATEGORY_ORDER:?} in this order, found {names:?}")));
        }
        self.validate_categories()?;

        let mut images: Vec<(String, &Image)> = vec![("site.toml".into(), &site.logo), ("home.toml".into(), &self.home.about.image)];
        images.extend(self.home.hero.images.iter().map(|i| ("home.toml".into(), i)));
        for s in &self.services {
            let file = format!("services/{}.toml", s.slug);
            images.push((file.clone(), &s.card_image));
            images.push((file, &s.hero.image));
        }
        images.extend(self.articles.iter().map(|a| (format!("blog/{}.toml", a.slug), &a.image)));
        for (file, image) in images {
            let path = image.src.strip_prefix('/').filter(|p| p.starts_with("images/"));
            if path.and_then(|p| self.source.read(p)).is_none() {
                return Err(error(&file, format!("image \"{}\" is not a file under content/images/", image.src)));
            }
            if image.width == 0 || image.height == 0 {
                return Err(error(&file, format!("image \"{}\" needs its width and height", image.src)));
            }
        }
        Ok(())
    }
}

impl Content {
    /// Every article falls into one of the five categories (none into "Other"), and the
    /// by-categories view has at least two articles under each.
    fn validate_categories(&self) -> Result<(), ContentError> {
        if let Some(article) = self.articles.iter().find(|a| blog::category_of(a, &self.categories) == blog::OTHER_CATEGORY) {
            return Err(error(
                &format!("blog/{}.toml", article.slug),
                format!("tags: none of {:?} is listed in categories.toml, so the article would fall under \"Other\"", article.tags),
            ));
        }
        for category in &self.categories {
            let n = self.articles.iter().filter(|a| blog::category_of(a, &self.categories) == category.name).count();
            if n < 2 {
                return Err(error("categories.toml", format!("\"{}\" has {n} article(s); each category needs at least 2", category.name)));
            }
        }
        Ok(())
    }
}

fn parse<T: DeserializeOwned>(source: &ContentSource, file: &str) -> Result<T, ContentError> {
    let bytes = source.read(file).ok_or_else(|| error(file, format!("file not found in {}", source.describe())))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| error(file, format!("not UTF-8: {e}")))?;
    toml::from_str(text).map_err(|e| error(file, e.to_string()))
}

fn count(file: &str, field: &str, n: usize, allowed: std::ops::RangeInclusive<usize>) -> Result<(), ContentError> {
    if allowed.contains(&n) {
        return Ok(());
    }
    let expected = if allowed.start() == allowed.end() { allowed.start().to_string() } else { format!("{} to {}", allowed.start(), allowed.end()) };
    Err(error(file, format!("{field}: expected {expected} entries, found {n}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embedded() -> Content {
        Content::load(ContentSource::Embedded).expect("the embedded content is valid")
    }

    #[test]
    fn the_embedded_content_has_every_slug_of_the_spec() {
        let content = embedded();
        assert_eq!(content.articles.len(), 23);
        assert_eq!(content.services.len(), 6);
        assert_eq!(content.article("face-failures").unwrap().lang, "hi");
        assert_eq!(content.article("paranoia").unwrap().date.to_string(), "2024-12-24");
    }

    #[test]
    fn an_article_whose_tags_match_no_category_is_refused_by_file_and_field() {
        let mut content = embedded();
        let slug = content.articles[0].slug.clone();
        content.articles[0].tags = vec!["gardening".into()];
        let err = content.validate().unwrap_err();
        assert_eq!(err.file, format!("blog/{slug}.toml"));
        assert!(err.message.starts_with("tags:"), "{}", err.message);
    }

    #[test]
    fn a_category_with_fewer_than_two_articles_is_refused() {
        let mut content = embedded();
        let social = content.categories.iter().position(|c| c.name == "Social & Lifestyle").unwrap();
        // Move every article out of "Social & Lifestyle" but one.
        let keep = content.articles.iter().position(|a| blog::category_of(a, &content.categories) == "Social & Lifestyle").unwrap();
        for (i, article) in content.articles.iter_mut().enumerate() {
            if i != keep && blog::category_of(article, &content.categories) == "Social & Lifestyle" {
                article.tags = vec!["therapy".into()];
            }
        }
        let err = content.validate().unwrap_err();
        assert_eq!(err.file, "categories.toml");
        assert!(err.message.contains(&content.categories[social].name), "{}", err.message);
    }

    #[test]
    fn counts_the_spec_fixes_are_checked() {
        let mut content = embedded();
        content.home.faqs.pop();
        let err = content.validate().unwrap_err();
        assert_eq!((err.file.as_str(), err.message.as_str()), ("home.toml", "faqs: expected 10 entries, found 9"));
    }
}
