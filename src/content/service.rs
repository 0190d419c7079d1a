//! `services/<slug>.toml`: one service page each.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::pages::PageHero;
use super::types::{Card, Faq, Image, Step};

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WhyChoose {
    pub title: String,
    pub paragraphs: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CallToAction {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Service {
    /// From the file name, not the file.
    #[serde(skip)]
    pub slug: String,
    /// Where this edition shows it (`/services/slug`, `/hi/services/slug`).
    #[serde(skip)]
    pub path: String,
    pub title: String,
    /// Not sent to the browser: no page reads it.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub short_description: String,
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    /// Not sent to the browser: no page reads it.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub card_image: Image,
    pub hero: PageHero,
    pub intro: Vec<String>,
    pub benefits: Vec<Card>,
    pub benefit_bullets: Vec<String>,
    pub steps: Vec<Step>,
    pub why_choose: WhyChoose,
    pub faqs: Vec<Faq>,
    pub cta: CallToAction,
    /// The team member who consults on this service, named with their registration on its page (online
    /// consultations: India's Telemedicine Practice Guidelines, 2020, ask for the doctor's registration).
    #[serde(default, skip_serializing)]
    #[ts(skip)]
    pub doctor: Option<String>,
    /// The team member who last reviewed the page's clinical content (`team.toml`'s `key`), and when.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub reviewed_by: String,
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub last_reviewed: chrono::NaiveDate,
}
