//! The texts of the pages that are not home, services or blog: `about.toml`, `appointment.toml`,
//! `contact.toml`, `therapy-and-counselling.toml`, `not-found.toml` and `offline.toml`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::types::{Faq, Image};

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PageHero {
    pub title: String,
    pub subtitle: String,
    pub image: Image,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct About {
    pub title: String,
    pub description: String,
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    pub hero: PageHero,
    pub faqs: Vec<Faq>,
}

/// One day of the week and its opening times, e.g. "Wednesday": ["09:00 AM-01:00 PM", "04:00 PM-07:00 PM"].
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OpeningDay {
    pub day: String,
    pub times: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FormIntro {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Appointment {
    pub title: String,
    pub description: String,
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    pub hero: PageHero,
    pub form: FormIntro,
    pub hours_title: String,
    pub opening_hours: Vec<OpeningDay>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Contact {
    pub title: String,
    pub description: String,
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    pub hero: PageHero,
    pub form: FormIntro,
    /// The contact card's badge, e.g. "3k+".
    pub badge: String,
    pub badge_label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TherapySection {
    pub title: String,
    pub paragraphs: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Therapy {
    pub title: String,
    pub description: String,
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    pub hero: PageHero,
    pub intro: Vec<String>,
    pub sections: Vec<TherapySection>,
    pub faqs: Vec<Faq>,
}

/// The page the service worker shows, in place of a page the device has not kept, when the connection is
/// down: the helplines first (their numbers are fixed in `client/lib/helplines.ts`), then the clinic's
/// phones, then the pages kept on the device.
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Offline {
    pub heading: String,
    pub message: String,
    pub help_heading: String,
    /// What 112 is, beside the number.
    pub emergency: String,
    /// What Tele-MANAS 14416 is, beside the number.
    pub tele_manas: String,
    pub clinic_heading: String,
    pub kept_heading: String,
    pub kept_intro: String,
    pub kept_none: String,
    pub retry_label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NotFound {
    pub code: String,
    pub message: String,
    pub link_label: String,
}
