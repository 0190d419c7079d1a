//! `blog/<slug>.toml` and `categories.toml`, and the spec's rules over them: a blog's category,
//! its reading time and its related posts (spec section 9).

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::types::{Image, Section};
use crate::i18n::Lang;
/// Words read per minute in the reading-time rule.
const WORDS_PER_MINUTE: usize = 100;
pub const MAX_RELATED: usize = 3;

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Article {
    /// From the file name, not the file.
    #[serde(skip)]
    pub slug: String,
    /// Where this edition shows it (`/blog/slug`, `/hi/blog/slug`).
    #[serde(skip)]
    pub path: String,
    /// Its one address for search engines: `path`, except for an article shown in an edition other
    /// than its file's (`Editions::load`).
    #[serde(skip)]
    pub canonical_path: String,
    pub title: String,
    /// Not sent to the browser: no page reads it.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub description: String,
    pub date: chrono::NaiveDate,
    pub image: Image,
    /// Not sent to the browser: no page reads it.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub author: Option<String>,
    /// The language it is written in: by default its edition's (`Editions::load` fills it in).
    #[serde(default)]
    pub lang: String,
    pub text1: Vec<String>,
    pub crux: String,
    pub hook_title: String,
    pub hook_text: String,
    pub key_points: Vec<String>,
    pub diagnosis: Section,
    pub remedies: Section,
    pub conclusion: Vec<String>,
    /// The team member who last reviewed the page's clinical content (`team.toml`'s `key`), and when.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub reviewed_by: String,
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub last_reviewed: chrono::NaiveDate,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Category {
    /// What this edition calls it.
    pub name: String,
    /// Its English name in every edition: what the blog list's URL carries, so that the same query
    /// works in both languages.
    #[serde(skip)]
    pub key: String,
    pub tags: Vec<String>,
}

/// `categories.toml`
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Categories {
    /// In display order.
    #[serde(rename = "categories")]
    pub list: Vec<Category>,
    /// Tags articles may use that no category lists (they describe, but do not categorise).
    /// Declaring them lets the content check catch a mistyped tag.
    #[serde(default)]
    pub extra_tags: Vec<String>,
    /// How this edition shows each tag, when not as written (tags are English words).
    #[serde(default)]
    pub tag_labels: BTreeMap<String, String>,
}

impl Categories {
    /// Whether a tag is listed by a category or declared as an extra tag.
    pub fn knows(&self, tag: &str) -> bool {
        let tag = tag.to_lowercase();
        self.list.iter().flat_map(|c| &c.tags).chain(&self.extra_tags).any(|t| t.to_lowercase() == tag)
    }

    /// A tag as this edition shows it.
    pub fn label<'a>(&'a self, tag: &'a str) -> &'a str {
        self.tag_labels.get(tag).map_or(tag, String::as_str)
    }
}

impl Article {
    /// When its text last changed: its date (an article file has no separate date of its last edit).
    /// The sitemap's lastmod and the structured data's dateModified.
    pub fn last_changed(&self) -> chrono::NaiveDate {
        self.date
    }

    /// Its content file, under the folder of the edition that owns it.
    pub fn file(&self) -> String {
        let (edition, _) = Lang::of_path(&self.canonical_path);
        format!("{}blog/{}.toml", edition.content_dir(), self.slug)
    }

    /// Whether this edition shows it at its canonical address.
    pub fn is_canonical(&self) -> bool {
        self.path == self.canonical_path
    }

    /// Words of the intro, conclusion, diagnosis and remedies: the text the reading time counts.
    pub fn word_count(&self) -> usize {
        self.text1
            .iter()
            .chain(&self.conclusion)
            .chain(&self.diagnosis.content)
            .chain(&self.remedies.content)
            .map(|p| p.split_whitespace().count())
            .sum()
    }

    /// Minutes to read: `word_count` over 100, rounded up.
    pub fn reading_minutes(&self) -> usize {
        self.word_count().div_ceil(WORDS_PER_MINUTE)
    }

    fn tag_set(&self) -> HashSet<String> {
        self.tags.iter().map(|t| t.to_lowercase()).collect()
    }

    fn title_words(&self) -> HashSet<String> {
        self.title
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| w.chars().count() > 3)
            .collect()
    }
}

/// The first category, in the given order, that lists any of the blog's tags (none: the content
/// checks refuse such an article).
pub fn category_of<'a>(article: &Article, categories: &'a [Category]) -> Option<&'a Category> {
    let tags = article.tag_set();
    categories.iter().find(|c| c.tags.iter().any(|t| tags.contains(&t.to_lowercase())))
}

/// Relatedness: 1 per shared tag plus 0.5 per shared title word longer than 3 characters.
pub fn relatedness(a: &Article, b: &Article) -> f64 {
    let tags = a.tag_set().intersection(&b.tag_set()).count();
    let words = a.title_words().intersection(&b.title_words()).count();
    tags as f64 + 0.5 * words as f64
}

/// At most three other articles with a score above 0, highest first (ties keep `all`'s order).
pub fn related<'a>(current: &Article, all: &'a [Article]) -> Vec<&'a Article> {
    let mut scored: Vec<(f64, &Article)> = all
        .iter()
        .filter(|other| other.slug != current.slug)
        .map(|other| (relatedness(current, other), other))
        .filter(|(score, _)| *score > 0.0)
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    scored.into_iter().take(MAX_RELATED).map(|(_, a)| a).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn article(slug: &str, title: &str, tags: &[&str]) -> Article {
        Article {
            slug: slug.into(),
            path: format!("/blog/{slug}"),
            canonical_path: format!("/blog/{slug}"),
            title: title.into(),
            description: String::new(),
            date: chrono::NaiveDate::from_ymd_opt(2024, 6, 15).unwrap(),
            image: Image { src: "/images/x.svg".into(), width: 1, height: 1, ..Image::default() },
            tags: tags.iter().map(|t| t.to_string()).collect(),
            author: None,
            lang: "en".into(),
            text1: vec![],
            crux: String::new(),
            hook_title: String::new(),
            hook_text: String::new(),
            key_points: vec![],
            diagnosis: Section { title: "Symptoms".into(), content: vec![] },
            remedies: Section { title: "Treatment".into(), content: vec![] },
            conclusion: vec![],
            reviewed_by: "psychiatrist".into(),
            last_reviewed: chrono::NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
        }
    }

    fn categories() -> Vec<Category> {
        let cat = |name: &str, tags: &[&str]| Category {
            name: name.into(),
            key: name.into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
        };
        vec![
            cat("Mental Health Disorders", &["anxiety", "paranoia"]),
            cat("Sleep & Physical Wellness", &["sleep", "insomnia"]),
            cat("Stress & Resilience", &["stress"]),
        ]
    }

    #[test]
    fn category_is_the_first_in_order_that_lists_any_tag() {
        let cats = categories();
        let name = |a: &Article| category_of(a, &cats).map(|c| c.name.as_str());
        assert_eq!(name(&article("a", "A", &["stress", "Insomnia"])), Some("Sleep & Physical Wellness"));
        assert_eq!(name(&article("b", "B", &["stress"])), Some("Stress & Resilience"));
        assert_eq!(name(&article("c", "C", &["gardening"])), None);
    }

    #[test]
    fn reading_time_is_words_over_100_rounded_up_from_the_four_sections() {
        let mut a = article("a", "A", &[]);
        assert_eq!(a.reading_minutes(), 0);
        a.text1 = vec!["word ".repeat(60)];
        a.conclusion = vec!["word ".repeat(40)];
        assert_eq!(a.reading_minutes(), 1);
        a.diagnosis.content = vec!["word".into()];
        assert_eq!(a.reading_minutes(), 2);
        a.remedies.content = vec!["word ".repeat(99)];
        assert_eq!(a.reading_minutes(), 2);
        // The crux, hook and key points are not counted.
        a.crux = "many words here ".repeat(100);
        a.key_points = vec!["word ".repeat(500)];
        assert_eq!(a.reading_minutes(), 2);
    }

    #[test]
    fn relatedness_counts_tags_and_long_title_words() {
        let a = article("a", "Sleep and Health: a guide", &["sleep", "health"]);
        let b = article("b", "Sleep disorders and treatment", &["Sleep"]);
        // One shared tag ("sleep") and one shared title word longer than 3 characters ("sleep"); "and" is too short.
        assert_eq!(relatedness(&a, &b), 1.5);
        let c = article("c", "Exam stress", &["stress"]);
        assert_eq!(relatedness(&a, &c), 0.0);
    }

    #[test]
    fn related_keeps_at_most_three_positive_scores_highest_first_excluding_itself() {
        let current = article("cur", "Coping with stress", &["stress", "coping"]);
        let all = vec![
            current.clone(),
            article("one-tag", "Other", &["stress"]),
            article("none", "Insomnia", &["sleep"]),
            article("two-tags", "Other two", &["stress", "coping"]),
            article("word", "Stress at work", &["work"]),
            article("tag-and-word", "Exam stress", &["coping"]),
        ];
        let slugs: Vec<_> = related(&current, &all).iter().map(|a| a.slug.as_str()).collect();
        assert_eq!(slugs, ["two-tags", "tag-and-word", "one-tag"]);
        let lonely = article("lonely", "Gardening", &["plants"]);
        assert!(related(&lonely, &all).is_empty());
    }
}
