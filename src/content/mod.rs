//! The clinic's content: loaded once at start-up from `content/` and checked, so a wrong file stops
//! the server with an error naming the file and the field instead of showing a broken page.

pub mod blog;
pub mod home;
pub mod pages;
pub mod sections;
pub mod service;
pub mod site;
pub mod source;
pub mod types;

use serde::de::DeserializeOwned;

use blog::{Article, Categories, Category};
use home::Home;
use pages::{About, Appointment, Contact, NotFound, Therapy};
use sections::{Approach, Benefits, Team};
use service::Service;
use site::Identity;
pub use source::ContentSource;
use types::Image;

/// The five categories, in the order the spec gives (section 9).
pub const CATEGORY_ORDER: [&str; 5] = [
    "Mental Health Disorders",
    "Sleep & Physical Wellness",
    "Stress & Resilience",
    "Therapy & Treatment",
    "Social & Lifestyle",
];

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
                return Err(error(
                    &format!("services/{name}"),
                    "this service is missing from site.toml's services list",
                ));
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

        let content = Content {
            site,
            home,
            approach: parse(&source, "approach.toml")?,
            benefits: parse(&source, "benefits.toml")?,
            team: parse(&source, "team.toml")?,
            about: parse(&source, "about.toml")?,
            appointment: parse(&source, "appointment.toml")?,
            contact: parse(&source, "contact.toml")?,
            therapy: parse(&source, "therapy-and-counselling.toml")?,
            not_found: parse(&source, "not-found.toml")?,
            services,
            articles,
            categories,
            source,
        };
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
        let home = &self.home;
        count("home.toml", "hero.images", home.hero.images.len(), 3..=3)?;
        count("home.toml", "reviews.avatars", home.reviews.avatars.len(), 4..=4)?;
        count("home.toml", "reviews.sessionPhotos", home.reviews.session_photos.len(), 2..=2)?;
        count("home.toml", "reviews.mission", home.reviews.mission.len(), 5..=5)?;
        if !(1..=5).contains(&home.reviews.stars) {
            return Err(error("home.toml", format!("reviews.stars: must be 1 to 5, found {}", home.reviews.stars)));
        }
        count("home.toml", "whyChooseUs.highlights", home.why_choose_us.highlights.len(), 4..=4)?;
        count("home.toml", "process.steps", home.process.steps.len(), 4..=4)?;
        count("home.toml", "testimonials", home.testimonials.len(), 5..=5)?;
        count("home.toml", "faqs", home.faqs.len(), 10..=10)?;
        count("home.toml", "location.landmarks", home.location.landmarks.len(), 5..=5)?;
        count("team.toml", "members", self.team.members.len(), 3..=3)?;
        if self.team.members[0].name != self.site.psychiatrist.name {
            return Err(error("team.toml", "members: the first member must be the clinic's psychiatrist, named as in site.toml's psychiatrist.name"));
        }
        count("about.toml", "faqs", self.about.faqs.len(), 10..=10)?;
        count("appointment.toml", "openingHours", self.appointment.opening_hours.len(), 7..=7)?;
        count("therapy-and-counselling.toml", "faqs", self.therapy.faqs.len(), 5..=6)?;
        for s in &self.services {
            let file = format!("services/{}.toml", s.slug);
            count(&file, "benefits", s.benefits.len(), 2..=2)?;
            count(&file, "steps", s.steps.len(), 3..=3)?;
            count(&file, "faqs", s.faqs.len(), 5..=6)?;
        }
        let names: Vec<&str> = self.categories.iter().map(|c| c.name.as_str()).collect();
        if names != CATEGORY_ORDER {
            return Err(error(
                "categories.toml",
                format!("categories must be {CATEGORY_ORDER:?} in this order, found {names:?}"),
            ));
        }
        self.validate_categories()?;

        self.validate_images()
    }

    /// Every image a page shows is a file under `images/` with its size given.
    fn validate_images(&self) -> Result<(), ContentError> {
        let home = &self.home;
        let mut images: Vec<(String, &Image)> = vec![
            ("site.toml".into(), &self.site.logo),
            ("home.toml".into(), &home.about.image),
            ("home.toml".into(), &home.why_choose_us.image),
            ("home.toml".into(), &home.location.map_image),
            ("about.toml".into(), &self.about.hero.image),
            ("appointment.toml".into(), &self.appointment.hero.image),
            ("contact.toml".into(), &self.contact.hero.image),
            ("therapy-and-counselling.toml".into(), &self.therapy.hero.image),
        ];
        let home_images = home.hero.images.iter().chain(&home.reviews.avatars).chain(&home.reviews.session_photos);
        images.extend(home_images.map(|i| ("home.toml".into(), i)));
        images.extend(self.benefits.cards.iter().map(|c| ("benefits.toml".into(), &c.icon)));
        images.extend(self.team.members.iter().map(|m| ("team.toml".into(), &m.image)));
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
        if let Some(article) =
            self.articles.iter().find(|a| blog::category_of(a, &self.categories) == blog::OTHER_CATEGORY)
        {
            return Err(error(
                &format!("blog/{}.toml", article.slug),
                format!(
                    "tags: none of {:?} is listed in categories.toml, so the article would fall under \"Other\"",
                    article.tags
                ),
            ));
        }
        for category in &self.categories {
            let n = self.articles.iter().filter(|a| blog::category_of(a, &self.categories) == category.name).count();
            if n < 2 {
                return Err(error(
                    "categories.toml",
                    format!("\"{}\" has {n} article(s); each category needs at least 2", category.name),
                ));
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
    let expected = if allowed.start() == allowed.end() {
        allowed.start().to_string()
    } else {
        format!("{} to {}", allowed.start(), allowed.end())
    };
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
        let keep = content
            .articles
            .iter()
            .position(|a| blog::category_of(a, &content.categories) == "Social & Lifestyle")
            .unwrap();
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
    fn the_team_starts_with_the_psychiatrist_named_in_site_toml() {
        let mut content = embedded();
        content.team.members[0].name = "Someone Else".into();
        let err = content.validate().unwrap_err();
        assert_eq!(err.file, "team.toml");
        assert!(err.message.contains("psychiatrist.name"), "{}", err.message);
    }

    #[test]
    fn a_missing_image_is_refused_by_file() {
        let mut content = embedded();
        content.home.reviews.avatars[0].src = "/images/nowhere.svg".into();
        let err = content.validate().unwrap_err();
        assert_eq!(err.file, "home.toml");
        assert!(err.message.contains("/images/nowhere.svg"), "{}", err.message);
    }

    #[test]
    fn counts_the_spec_fixes_are_checked() {
        let mut content = embedded();
        content.home.faqs.pop();
        let err = content.validate().unwrap_err();
        assert_eq!((err.file.as_str(), err.message.as_str()), ("home.toml", "faqs: expected 10 entries, found 9"));
    }
}
