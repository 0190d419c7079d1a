//! `site.toml`: the clinic's identity.

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};
use ts_rs::TS;

use super::types::{Image, Link};

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Psychiatrist {
    pub name: String,
    pub title: String,
}

/// The clinic's address in parts, so search engines get a structured address; pages show it as
/// one line (see `Display`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PostalAddress {
    pub street: String,
    pub locality: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
}

/// "Placeholder Road, Boring Road area, Patna, Bihar 800001, India"
impl fmt::Display for PostalAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { street, locality, region, postal_code, country } = self;
        write!(f, "{street}, {locality}, {region} {postal_code}, {country}")
    }
}

/// The clinic's position, in decimal degrees.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Geo {
    pub latitude: f64,
    pub longitude: f64,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Identity {
    pub institute_name: String,
    /// The name under a home-screen icon (web app manifest), where the full name would be cut.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub short_name: String,
    pub description: String,
    pub psychiatrist: Psychiatrist,
    pub phones: Vec<String>,
    pub email: String,
    /// Pages receive the one-line form.
    #[serde(serialize_with = "one_line")]
    #[ts(type = "string")]
    pub address: PostalAddress,
    /// Only for structured data; no page shows it.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub geo: Geo,
    pub booking_url: String,
    pub whatsapp_number: String,
    pub maps_url: String,
    pub social: Vec<Link>,
    pub powered_by: Link,
    pub logo: Image,
    /// How long after a clinical page's last review its next review is due.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub review_interval_years: u32,
    /// Service slugs in menu order; serialised to the page as `NavService`s instead.
    #[serde(skip_serializing)]
    #[ts(skip)]
    pub services: Vec<String>,
}

fn one_line<S: Serializer>(address: &PostalAddress, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(address)
}
