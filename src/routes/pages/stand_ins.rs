//! The pages that stand in for others: the not-found page (any unknown address) and the offline page
//! (a page the visitor's device has not kept, when the connection is down). They open with text, and
//! their links preview like the home page.

use super::{site_preview, titled, PageParts};
use crate::content::Content;
use crate::i18n;
use crate::routes::PageData;

pub(super) fn not_found(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    let page = PageData::NotFound { not_found: &content.not_found };
    stand_in(content, &words.not_found_title, &words.not_found_description, page)
}

pub(super) fn offline(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    stand_in(content, &words.offline_title, &words.offline_description, PageData::Offline { offline: &content.offline })
}

fn stand_in<'a>(content: &'a Content, title: &str, description: &str, page: PageData<'a>) -> PageParts<'a> {
    PageParts {
        title: titled(title, content),
        description: description.to_owned(),
        preview: site_preview(content),
        page,
    }
}
