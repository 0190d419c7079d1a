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

/// A practitioner's registration with the body that licenses their profession: for a doctor, the State
/// Medical Council or the National Medical Commission, which India's Telemedicine Practice Guidelines
/// (2020) require on the website; for a clinical psychologist or a rehabilitation professional, the
/// Rehabilitation Council of India (RCI).
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Registration {
    /// The registering body, in the edition's language.
    pub council: String,
    /// The number it gave, as on the certificate; the same in both languages.
    pub number: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TeamMember {
    /// How other files name this member (a page's `reviewedBy`); the same in both languages.
    pub key: String,
    pub name: String,
    pub degrees: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub registration: Option<Registration>,
    pub designation: String,
    pub image: Image,
    pub description: Vec<String>,
}

/// A team member as a page names them beside its own text: a clinical page's reviewer, the doctor of an
/// online consultation.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Practitioner<'a> {
    pub name: &'a str,
    pub degrees: &'a str,
    pub designation: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub registration: Option<&'a Registration>,
}

impl<'a> From<&'a TeamMember> for Practitioner<'a> {
    fn from(member: &'a TeamMember) -> Self {
        Practitioner {
            name: &member.name,
            degrees: &member.degrees,
            designation: &member.designation,
            registration: member.registration.as_ref(),
        }
    }
}

/// `team.toml`
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Team {
    pub title: String,
    pub members: Vec<TeamMember>,
}

impl Team {
    /// The member `key` names.
    pub fn member(&self, key: &str) -> Option<&TeamMember> {
        self.members.iter().find(|m| m.key == key)
    }
}
