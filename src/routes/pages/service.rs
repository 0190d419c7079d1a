//! A service page's data: the service, links to the others, its doctor and its review.

use super::{titled, PageParts};
use crate::content::review::ReviewNote;
use crate::content::sections::Practitioner;
use crate::content::service::Service;
use crate::content::Content;
use crate::routes::data::nav_service;
use crate::routes::PageData;

pub(super) fn service<'a>(content: &'a Content, service: &'a Service) -> PageParts<'a> {
    PageParts {
        title: titled(&service.title, content),
        description: service.short_description.clone(),
        // The card picture rather than the 1600x500 banner, which previews would crop badly.
        preview: &service.card_image,
        page: PageData::Service {
            service,
            others: content.services.iter().filter(|s| s.slug != service.slug).map(nav_service).collect(),
            doctor: service.doctor.as_deref().and_then(|key| content.team.member(key)).map(Practitioner::from),
            review: ReviewNote::of(content, &service.reviewed_by, service.last_reviewed),
        },
    }
}
