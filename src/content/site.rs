//! `site.toml`: the clinic's identity.

use serde::{Deserialize, Serialize};

use super::types::{Image, Link};

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Psychiatrist {
    pub name: String,
    pub title: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Identity {
    pub institute_name: String,
    pub description: String,
    pub psychiatrist: Psychiatrist,
    pub phones: Vec<String>,
    pub email: String,
    pub address: String,
    pub booking_url: String,
    pub whatsapp_number: String,
    pub maps_url: String,
    pub social: Vec<Link>,
    pub powered_by: Link,
    pub logo: Image,
    /// Service slugs in menu order; serialised to the page as `NavService`s instead.
    #[serde(skip_serializing)]
    pub services: Vec<String>,
}
