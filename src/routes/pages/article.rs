//! An article's data: the article, its author, reading time, related posts and review.

use super::{titled, PageParts};
use crate::content::blog::{related, Article};
use crate::content::review::ReviewNote;
use crate::content::Content;
use crate::routes::summaries::summary;
use crate::routes::PageData;

pub(super) fn article<'a>(content: &'a Content, article: &'a Article) -> PageParts<'a> {
    PageParts {
        title: titled(&article.title, content),
        description: article.description.clone(),
        preview: &article.image,
        page: PageData::Article {
            article,
            author: article.author.as_deref().unwrap_or(&content.site.psychiatrist.name),
            reading_minutes: article.reading_minutes(),
            related: related(article, &content.articles).into_iter().map(|a| summary(a, content)).collect(),
            review: ReviewNote::of(content, &article.reviewed_by, article.last_reviewed),
        },
    }
}
