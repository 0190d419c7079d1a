//! The cards pages list other pages by: a service's, a blog post's (`summary`), a blog category's.

use chrono::NaiveDate;
use serde::Serialize;
use ts_rs::TS;

use crate::content::blog::{category_of, Article};
use crate::content::types::Image;
use crate::content::Content;

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCard<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: &'a str,
    pub image: &'a Image,
}

#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogSummary<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub path: &'a str,
    pub date: NaiveDate,
    pub image: &'a Image,
    /// As the edition shows them (`Categories::label`): what the card lists and the search matches.
    pub tags: Vec<&'a str>,
    /// The category's key (`Category::key`), the same in every edition.
    pub category: &'a str,
    pub category_name: &'a str,
    /// The article's language: its card carries it, so a Hindi title is read and set as Hindi anywhere.
    pub lang: &'a str,
}

/// A blog category: its key (in the URL, the same in every edition) and its name in this edition.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryName<'a> {
    pub key: &'a str,
    pub name: &'a str,
}

pub(super) fn summary<'a>(article: &'a Article, content: &'a Content) -> BlogSummary<'a> {
    let categories = &content.categories;
    let category = category_of(article, &categories.list);
    BlogSummary {
        title: &article.title,
        description: &article.description,
        path: &article.path,
        date: article.date,
        image: &article.image,
        tags: article.tags.iter().map(|t| categories.label(t)).collect(),
        // Every article has a category: the content checks refuse one without.
        category: category.map_or("", |c| c.key.as_str()),
        category_name: category.map_or("", |c| c.name.as_str()),
        lang: &article.lang,
    }
}
