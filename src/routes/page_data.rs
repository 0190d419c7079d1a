//! What a page shows, by kind (`PageData`, `PageKind`).

use serde::Serialize;
use ts_rs::TS;

use super::{BlogSummary, CategoryName, NavService, ServiceCard};
use crate::content::blog::Article;
use crate::content::home::Home;
use crate::content::pages::{About, Appointment, Contact, NotFound, Offline, Therapy};
use crate::content::review::ReviewNote;
use crate::content::sections::{Approach, Benefits, Practitioner, Team};
use crate::content::service::Service;
use crate::content::types::Image;

/// What a page shows, by kind; `kind` also names the page's chunk in the client manifest.
#[derive(Debug, Serialize, TS, strum::EnumDiscriminants)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[strum_discriminants(
    name(PageKind),
    doc = " The kinds of page: each has its own data, component and chunk.",
    derive(Serialize, TS, strum::IntoStaticStr, strum::VariantArray),
    serde(rename_all = "camelCase"),
    strum(serialize_all = "camelCase")
)]
pub enum PageData<'a> {
    Home {
        home: &'a Home,
        services: Vec<ServiceCard<'a>>,
        latest_posts: Vec<BlogSummary<'a>>,
        approach: &'a Approach,
        benefits: &'a Benefits,
        team: &'a Team,
    },
    About {
        about: &'a About,
        approach: &'a Approach,
        benefits: &'a Benefits,
        team: &'a Team,
    },
    Appointment {
        appointment: &'a Appointment,
    },
    Contact {
        contact: &'a Contact,
        approach: &'a Approach,
    },
    Therapy {
        therapy: &'a Therapy,
    },
    Service {
        service: &'a Service,
        others: Vec<NavService>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        doctor: Option<Practitioner<'a>>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        review: Option<ReviewNote<'a>>,
    },
    Blogs {
        /// The plain list's title: each of its states is titled after it (`listStateHead` in
        /// `client/lib/blogList.ts`).
        list_title: String,
        posts: Vec<BlogSummary<'a>>,
        categories: Vec<CategoryName<'a>>,
    },
    Article {
        article: &'a Article,
        author: &'a str,
        reading_minutes: usize,
        related: Vec<BlogSummary<'a>>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        review: Option<ReviewNote<'a>>,
    },
    NotFound {
        not_found: &'a NotFound,
    },
    Offline {
        offline: &'a Offline,
    },
}

impl PageData<'_> {
    /// The page's largest picture in the first view (its LCP element), which the document preloads and
    /// the page shows with `fetchpriority="high"`: the home hero's first slide, a page's banner, an
    /// article's picture. The blog list, the not-found and the offline page open with text.
    pub fn lcp_image(&self) -> Option<&Image> {
        match self {
            Self::Home { home, .. } => home.hero.images.first(),
            Self::About { about, .. } => Some(&about.hero.image),
            Self::Appointment { appointment } => Some(&appointment.hero.image),
            Self::Contact { contact, .. } => Some(&contact.hero.image),
            Self::Therapy { therapy } => Some(&therapy.hero.image),
            Self::Service { service, .. } => Some(&service.hero.image),
            Self::Article { article, .. } => Some(&article.image),
            Self::Blogs { .. } | Self::NotFound { .. } | Self::Offline { .. } => None,
        }
    }

    /// The `kind` tag: also the name of the page's chunk in the client manifest.
    pub fn kind(&self) -> &'static str {
        PageKind::from(self).into()
    }
}

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::PageKind;
    use crate::embedded::assets::Manifest;

    #[test]
    fn every_page_kind_has_its_chunk_and_every_chunk_its_kind() {
        let manifest = Manifest::embedded();
        let mut kinds: Vec<&str> = PageKind::VARIANTS.iter().map(|k| k.into()).collect();
        let mut chunks: Vec<&str> = manifest.pages.keys().map(String::as_str).collect();
        kinds.sort_unstable();
        chunks.sort_unstable();
        assert_eq!(kinds, chunks, "client/pages/ must hold one file per page kind, named for it");
    }
}
