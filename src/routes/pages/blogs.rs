//! The blog list's data: every post's summary and the categories to filter by.

use super::{site_preview, titled, PageParts};
use crate::content::Content;
use crate::i18n;
use crate::routes::summaries::summary;
use crate::routes::{CategoryName, PageData};

pub(super) fn blogs(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    let title = titled(&words.blogs_title, content);
    PageParts {
        title: title.clone(),
        description: i18n::with_institute(&words.blogs_description, &content.site.institute_name),
        preview: site_preview(content),
        page: PageData::Blogs {
            list_title: title,
            posts: content.articles.iter().map(|a| summary(a, content)).collect(),
            categories: content.categories.list.iter().map(|c| CategoryName { key: &c.key, name: &c.name }).collect(),
        },
    }
}
