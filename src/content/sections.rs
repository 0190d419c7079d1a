//! Blocks that several pages show: the approach (home, about, contact), the benefits (home, about)
//! and the team (home, about). One file each, so an edit shows everywhere.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::types::Image;

/// `approach.toml`
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Approach {
    pub title: String,
    pub paragraphs: Vec<String>,
    pub points: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BenefitCard {
    pub icon: Image,
    pub title: String,
    pub description: String,
}

/// `benefits.toml`
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Benefits {
    pub title: String,
    pub intro: String,
    pub cards: Vec<BenefitCard>,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TeamMember {
    pub name: String,
    pub degrees: String,
    pub designation: String,
    pub image: Image,
    pub description: Vec<String>,
}

/// `team.toml`
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Team {
    pub title: String,
    pub members: Vec<TeamMember>,
}
