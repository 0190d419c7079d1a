//! The data of the pages written whole in their own content file: about, appointment, contact, therapy.

use super::{titled, PageParts};
use crate::content::pages::PageHero;
use crate::content::Content;
use crate::routes::PageData;

/// A page whose title, description and banner come from its own content file.
fn from_file<'a>(
    content: &Content,
    title: &str,
    description: &str,
    hero: &'a PageHero,
    page: PageData<'a>,
) -> PageParts<'a> {
    PageParts { title: titled(title, content), description: description.to_owned(), preview: &hero.image, page }
}

pub(super) fn about(content: &Content) -> PageParts<'_> {
    let about = &content.about;
    let page = PageData::About { about, approach: &content.approach, benefits: &content.benefits, team: &content.team };
    from_file(content, &about.title, &about.description, &about.hero, page)
}

pub(super) fn appointment(content: &Content) -> PageParts<'_> {
    let appointment = &content.appointment;
    let page = PageData::Appointment { appointment };
    from_file(content, &appointment.title, &appointment.description, &appointment.hero, page)
}

pub(super) fn contact(content: &Content) -> PageParts<'_> {
    let contact = &content.contact;
    let page = PageData::Contact { contact, approach: &content.approach };
    from_file(content, &contact.title, &contact.description, &contact.hero, page)
}

pub(super) fn therapy(content: &Content) -> PageParts<'_> {
    let therapy = &content.therapy;
    from_file(content, &therapy.title, &therapy.description, &therapy.hero, PageData::Therapy { therapy })
}
