//! The placeholders the repository ships in place of the clinic's identity, team and testimonials.
//! A public site must not show them: invented testimonials read like real patients' words, and an
//! example phone number or address sends a patient nowhere. They are marked so that they can be
//! found: names with "Example", links and e-mail on example domains, "(placeholder)" beside invented
//! people and testimonials, registration numbers "EXAMPLE-…", and phone numbers of the series +91 90000 0000x. The server lists every one
//! still in use when it starts on a public origin (`warn_if_public`).

use super::{Content, Editions};
use crate::base::origin::Origin;

/// The digits (country code first) of the placeholder phone and WhatsApp numbers.
const PLACEHOLDER_PHONE_DIGITS: &str = "9190000000";
/// The coordinates site.toml ships: the centre of Patna, not the clinic's door.
const PLACEHOLDER_GEO: (f64, f64) = (25.61, 85.14);

/// One placeholder still in the content.
#[derive(Debug, Clone, PartialEq)]
pub struct Placeholder {
    /// Relative to the content root: `site.toml`, `hi/site.toml`.
    pub file: String,
    pub field: String,
    pub value: String,
}

/// Every identity, team and testimonial field, in either language, that still holds a shipped placeholder.
pub fn in_use(content: &Editions) -> Vec<Placeholder> {
    content.iter().flat_map(in_edition).collect()
}

fn in_edition(content: &Content) -> Vec<Placeholder> {
    let file = |name: &str| format!("{}{name}", content.lang.content_dir());
    let site = &content.site;
    let mut texts: Vec<(&'static str, String, &str)> = vec![
        ("site.toml", "instituteName".into(), &site.institute_name),
        ("site.toml", "description".into(), &site.description),
        ("site.toml", "address.street".into(), &site.address.street),
        ("site.toml", "email".into(), &site.email),
        ("site.toml", "bookingUrl".into(), &site.booking_url),
        ("site.toml", "mapsUrl".into(), &site.maps_url),
        ("site.toml", "psychiatrist.name".into(), &site.psychiatrist.name),
    ];
    texts.extend(site.social.iter().enumerate().map(|(i, l)| ("site.toml", format!("social[{i}].url"), &*l.url)));
    texts.push(("site.toml", "poweredBy.label".into(), &site.powered_by.label));
    texts.push(("site.toml", "poweredBy.url".into(), &site.powered_by.url));
    let mut found: Vec<Placeholder> = texts
        .into_iter()
        .filter(|(_, _, value)| is_placeholder_text(value))
        .map(|(name, field, value)| Placeholder { file: file(name), field, value: value.to_owned() })
        .collect();

    let numbers = site.phones.iter().enumerate().map(|(i, phone)| (format!("phones[{i}]"), phone));
    for (field, number) in numbers.chain([("whatsappNumber".to_owned(), &site.whatsapp_number)]) {
        let digits: String = number.chars().filter(char::is_ascii_digit).collect();
        if digits.starts_with(PLACEHOLDER_PHONE_DIGITS) {
            found.push(Placeholder { file: file("site.toml"), field, value: number.clone() });
        }
    }
    if (site.geo.latitude, site.geo.longitude) == PLACEHOLDER_GEO {
        let value = format!("{}, {}", site.geo.latitude, site.geo.longitude);
        found.push(Placeholder { file: file("site.toml"), field: "geo".into(), value });
    }

    // A registration number is the same in both languages, so it carries its mark in Latin letters.
    let registrations = content.team.members.iter().enumerate().filter_map(|(i, m)| {
        let number = &m.registration.as_ref()?.number;
        number.to_lowercase().contains("example").then(|| Placeholder {
            file: file("team.toml"),
            field: format!("members[{i}].registration.number"),
            value: number.clone(),
        })
    });
    found.extend(registrations);
    let team =
        content.team.members.iter().enumerate().map(|(i, m)| ("team.toml", format!("members[{i}].name"), &m.name));
    let testimonials = content.home.testimonials.iter().enumerate();
    let testimonials = testimonials.map(|(i, t)| ("home.toml", format!("testimonials[{i}].author"), &t.author));
    found.extend(
        team.chain(testimonials)
            .filter(|(_, _, value)| is_placeholder_text(value))
            .map(|(name, field, value)| Placeholder { file: file(name), field, value: value.clone() }),
    );
    found
}

/// "Dr. A. Example", "contact@example.org", "https://www.facebook.com/example", "Placeholder Road", and
/// the same marks in Devanagari ("डॉ. ए. एग्ज़ाम्पल", "(प्लेसहोल्डर)") for the Hindi texts.
fn is_placeholder_text(value: &str) -> bool {
    let lower = value.to_lowercase();
    let markers =
        ["example.org", "example.com", "example.net", "@example", "/example", "placeholder", "एग्ज़ाम्पल", "प्लेसहोल्डर"];
    value.contains("Example") || markers.iter().any(|m| lower.contains(m))
}

/// Whether visitors can reach `site_url`: https and a host that is not this machine, a private
/// network or a name reserved for local use.
pub fn is_public_origin(site_url: &str) -> bool {
    let Some(authority) = site_url.strip_prefix("https://") else { return false };
    let host = match authority.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => authority.rsplit_once(':').map_or(authority, |(host, _)| host),
    };
    let host = host.to_ascii_lowercase();
    if let Ok(ip) = host.parse::<std::net::IpAddr>() {
        return match ip {
            std::net::IpAddr::V4(v4) => {
                !(v4.is_loopback() || v4.is_private() || v4.is_link_local() || v4.is_unspecified())
            }
            std::net::IpAddr::V6(v6) => {
                let local = (v6.segments()[0] & 0xfe00) == 0xfc00 || (v6.segments()[0] & 0xffc0) == 0xfe80;
                !(v6.is_loopback() || v6.is_unspecified() || local)
            }
        };
    }
    let local_suffixes = [".localhost", ".local", ".internal", ".test", ".invalid", ".home.arpa", ".lan"];
    host != "localhost" && !local_suffixes.iter().any(|suffix| host.ends_with(suffix))
}

/// Logs a warning for each placeholder still in use when the site is served on a public origin,
/// where a visitor would take it for the clinic's own details. Returns what it listed.
pub fn warn_if_public(site_url: &Origin, content: &Editions) -> Vec<Placeholder> {
    if !is_public_origin(site_url.as_str()) {
        return Vec::new();
    }
    let found = in_use(content);
    if !found.is_empty() {
        tracing::warn!(
            %site_url,
            count = found.len(),
            "the site is public but still shows placeholder content: replace each value listed below \
             (README, \"Before going live\")"
        );
    }
    for Placeholder { file, field, value } in &found {
        tracing::warn!(
            file = file.as_str(),
            field = field.as_str(),
            value = value.as_str(),
            "placeholder still in use"
        );
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::fixture;

    /// Not the street ("1 Test Lane"), the third social link, the studio's name, the second
    /// registration ("RCI-A-20002"), the third member or the testimonials without a mark.
    const FIXTURE_PLACEHOLDERS: [&str; 20] = [
        "site.toml instituteName",
        "site.toml description",
        "site.toml email",
        "site.toml bookingUrl",
        "site.toml mapsUrl",
        "site.toml psychiatrist.name",
        "site.toml social[0].url",
        "site.toml social[1].url",
        "site.toml poweredBy.url",
        "site.toml phones[0]",
        "site.toml phones[1]",
        "site.toml whatsappNumber",
        "site.toml geo",
        "team.toml members[0].registration.number",
        "team.toml members[2].registration.number",
        "team.toml members[0].name",
        "team.toml members[1].name",
        "home.toml testimonials[0].author",
        "home.toml testimonials[1].author",
        "home.toml testimonials[3].author",
    ];

    #[test]
    fn every_placeholder_is_found_in_both_languages_and_nothing_else() {
        let found = in_use(&fixture());
        let at = |file: &str| found.iter().find(|p| format!("{} {}", p.file, p.field) == file).map(|p| &p.value);
        for field in FIXTURE_PLACEHOLDERS {
            assert!(at(field).is_some() && at(&format!("hi/{field}")).is_some(), "{field} in both languages");
        }
        assert_eq!(found.len(), 2 * FIXTURE_PLACEHOLDERS.len(), "nothing else is a placeholder");
        assert_eq!(at("site.toml instituteName").unwrap(), "Example Test Clinic");
        assert_eq!(at("hi/site.toml instituteName").unwrap(), "एग्ज़ाम्पल टेस्ट क्लिनिक");
        assert_eq!(at("site.toml phones[0]").unwrap(), "+91 90000 00001");
        assert_eq!(at("site.toml geo").unwrap(), "25.61, 85.14");
    }

    #[test]
    fn real_details_are_not_placeholders() {
        let mut content = fixture().en;
        let site = &mut content.site;
        site.institute_name = "Ganga Mind Clinic".into();
        site.description = "Care for all ages: consultations and therapy, for example.".into();
        site.address.street = "12 Boring Road".into();
        site.email = "care@gangamind.in".into();
        site.booking_url = "https://gangamind.in/book".into();
        site.maps_url = "https://maps.google.com/?cid=1".into();
        site.psychiatrist.name = "Dr. R. Kumar".into();
        for link in &mut site.social {
            link.url = "https://www.facebook.com/gangamind".into();
        }
        site.powered_by.label = "Patna Web Works".into();
        site.powered_by.url = "https://webworks.in".into();
        site.phones = vec!["+91 612 222 0000".into(), "+91 98350 12345".into()];
        site.whatsapp_number = "919835012345".into();
        site.geo.latitude = 25.6093;
        content.team.members[0].name = "Dr. R. Kumar".into();
        content.team.members[1].name = "S. Devi".into();
        content.team.members[2].name = "M. Ansari".into();
        for (i, member) in content.team.members.iter_mut().enumerate() {
            member.registration.as_mut().unwrap().number = format!("BCMR-{}", 40_000 + i);
        }
        // The Hindi forms of the placeholders are placeholders too.
        assert!(is_placeholder_text("डॉ. ए. एग्ज़ाम्पल") && is_placeholder_text("मरीज़, गया (प्लेसहोल्डर)"));
        assert!(!is_placeholder_text("डॉ. आर. कुमार"));
        for testimonial in &mut content.home.testimonials {
            testimonial.author = "Patient, Gaya".into();
        }
        assert_eq!(in_edition(&content), []);
    }

    #[test]
    fn public_origins() {
        for public in
            ["https://clinic.example.org", "https://mindcare.in:8443", "https://203.0.113.7", "https://[2001:db8::1]"]
        {
            assert!(is_public_origin(public), "{public}");
        }
        for local in [
            "http://clinic.org",
            "https://localhost",
            "https://127.0.0.1:3000",
            "https://10.0.0.5",
            "https://192.168.1.20:8443",
            "https://[::1]:3000",
            "https://[fd00::2]",
            "https://clinic.local",
            "https://site.test",
        ] {
            assert!(!is_public_origin(local), "{local}");
        }
    }

    #[test]
    fn warnings_only_on_a_public_origin() {
        let content = fixture();
        let origin = |url| Origin::parse(url).unwrap();
        assert_eq!(warn_if_public(&origin("http://127.0.0.1:3000"), &content), []);
        assert_eq!(warn_if_public(&origin("https://clinic.example.org"), &content).len(), 2 * 20);
    }
}
