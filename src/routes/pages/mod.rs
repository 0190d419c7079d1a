//! Each page kind's own part of its route data (`PageParts`), one module per kind, and what they share.

mod article;
mod blogs;
mod fixed;
mod home;
mod service;
mod stand_ins;

use super::{Page, PageData};
use crate::content::types::Image;
use crate::content::Content;

/// A page's own part of its route data: how it names itself, and what it shows.
pub(super) struct PageParts<'a> {
    pub(super) title: String,
    pub(super) description: String,
    /// The picture link previews show (its raster copy is sent).
    pub(super) preview: &'a Image,
    pub(super) page: PageData<'a>,
}

/// The own part of a page of the given edition.
pub(super) fn parts(content: &Content, page: Page) -> PageParts<'_> {
    match page {
        Page::Home => home::home(content),
        Page::About => fixed::about(content),
        Page::Appointment => fixed::appointment(content),
        Page::Contact => fixed::contact(content),
        Page::Therapy => fixed::therapy(content),
        Page::Blogs => blogs::blogs(content),
        Page::Service(i) => service::service(content, &content.services[i]),
        Page::Article(i) => article::article(content, &content.articles[i]),
        Page::NotFound => stand_ins::not_found(content),
        Page::Offline => stand_ins::offline(content),
    }
}

/// "Page title | Institute", the form of every title but the home page's.
fn titled(title: &str, content: &Content) -> String {
    format!("{title} | {}", content.site.institute_name)
}

/// The home hero's first picture: the link preview of pages without a picture of their own.
fn site_preview(content: &Content) -> &Image {
    &content.home.hero.images[0]
}
