//! The not-found page's data.

use super::{site_preview, titled, PageParts};
use crate::content::Content;
use crate::i18n;
use crate::routes::PageData;

pub(super) fn not_found(content: &Content) -> PageParts<'_> {
    let words = i18n::words(content.lang);
    PageParts {
        title: titled(&words.not_found_title, content),
        description: words.not_found_description.clone(),
        preview: site_preview(content),
        page: PageData::NotFound { not_found: &content.not_found },
    }
}
