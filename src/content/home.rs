//! `home.toml`: the home page's own texts.

use serde::{Deserialize, Serialize};

use super::types::{Faq, Image};

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Hero {
    pub headline: String,
    pub subheadline: String,
    pub intro: String,
    pub images: Vec<Image>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct About {
    pub title: String,
    pub paragraphs: Vec<String>,
    pub image: Image,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Home {
    pub hero: Hero,
    pub about: About,
    pub faqs: Vec<Faq>,
}
