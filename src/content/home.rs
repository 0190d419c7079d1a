//! `home.toml`: the home page's own texts.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::types::{Card, Faq, Image, Step};

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Hero {
    pub headline: String,
    pub subheadline: String,
    pub intro: String,
    pub images: Vec<Image>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AboutSection {
    pub title: String,
    pub paragraphs: Vec<String>,
    pub image: Image,
}

/// The review badge with the vision and mission (spec section 1).
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Reviews {
    /// The number the review counter animates up to, shown with a plus sign.
    pub count: u32,
    /// The short badge text, e.g. "5k+".
    pub badge: String,
    pub label: String,
    pub stars: u8,
    pub avatars: Vec<Image>,
    pub session_photos: Vec<Image>,
    pub heading: String,
    pub vision: String,
    pub mission: Vec<String>,
}

/// An animated counter, e.g. "200+ Psychiatric Consultations".
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Counter {
    pub count: u32,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WhyChooseUs {
    pub headline: String,
    pub text: String,
    pub image: Image,
    pub highlights: Vec<Card>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Process {
    pub title: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Testimonial {
    pub title: String,
    pub content: String,
    pub author: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Landmark {
    pub name: String,
    /// e.g. "1.8 km"
    pub distance: String,
    /// e.g. "5 min"
    pub time: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Location {
    pub title: String,
    pub text: String,
    pub map_image: Image,
    pub landmarks: Vec<Landmark>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Banner {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Home {
    /// The last change to the page's text: the sitemap's `lastmod`.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub updated: chrono::NaiveDate,
    pub hero: Hero,
    pub about: AboutSection,
    pub reviews: Reviews,
    pub consultations: Counter,
    pub why_choose_us: WhyChooseUs,
    pub process: Process,
    pub testimonials: Vec<Testimonial>,
    pub faqs: Vec<Faq>,
    pub location: Location,
    pub banner: Banner,
}
