//! The home page's data: its hero, the services' cards and the latest posts' teaser.

use super::{site_preview, PageParts};
use crate::content::Content;
use crate::i18n;
use crate::routes::summaries::summary;
use crate::routes::{PageData, ServiceCard};

/// Posts in the home page's blog teaser.
const TEASER_POSTS: usize = 3;

pub(super) fn home(content: &Content) -> PageParts<'_> {
    let services = content
        .services
        .iter()
        .map(|s| ServiceCard {
            title: &s.title,
            description: &s.short_description,
            path: &s.path,
            image: &s.card_image,
        })
        .collect();
    let words = i18n::words(content.lang);
    PageParts {
        title: i18n::with_institute(&words.home_title, &content.site.institute_name),
        description: content.home.hero.subheadline.clone(),
        preview: site_preview(content),
        page: PageData::Home {
            home: &content.home,
            services,
            latest_posts: content.articles.iter().take(TEASER_POSTS).map(|a| summary(a, content)).collect(),
            approach: &content.approach,
            benefits: &content.benefits,
            team: &content.team,
        },
    }
}
