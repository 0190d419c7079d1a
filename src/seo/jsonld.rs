//! schema.org structured data (JSON-LD) for what each page shows: the clinic (home, contact), its
//! psychiatrist (home and about, which show the team), an article, who reviewed a clinical page and when
//! (service and article pages), breadcrumbs (service and article pages) and a page's FAQ. Testimonials are left out on purpose: they are not verifiable reviews,
//! and search engines do not accept reviews a business publishes about itself.

use chrono::{NaiveTime, Weekday};
use serde_json::{json, Value};

use crate::base::clock::start_of_local_day;
use crate::base::origin::Origin;
use crate::content::blog::Article;
use crate::content::hours::{self, day_name, Opening};
use crate::content::review::ReviewNote;
use crate::content::sections::{Practitioner, Registration};
use crate::content::types::{Faq, Image};
use crate::content::Content;
use crate::i18n;
use crate::i18n::Lang;
use crate::routes::{PageData, RouteData};

const CONTEXT: &str = "https://schema.org";
const PSYCHIATRIC: &str = "https://schema.org/Psychiatric";

/// The JSON-LD blocks of one page in `content`'s edition, each a complete document with its own
/// `@context`. The clinic and psychiatrist keep one `@id` in both languages: they are one entity each.
pub fn blocks(content: &Content, data: &RouteData, site_url: &Origin) -> Vec<Value> {
    let site = Site { content, url: site_url };
    let words = i18n::words(content.lang);
    let home = (words.breadcrumb_home.as_str(), data.site.links.home.as_str());
    let faq_page = |faqs: &[Faq]| faq_page(faqs, content.lang);
    match &data.page {
        PageData::Home { home, .. } => vec![site.clinic(), site.physician(), faq_page(&home.faqs)],
        PageData::About { about, .. } => vec![site.physician(), faq_page(&about.faqs)],
        PageData::Contact { .. } => vec![site.clinic()],
        PageData::Therapy { therapy } => vec![faq_page(&therapy.faqs)],
        PageData::Service { service, review, .. } => vec![
            site.medical_web_page(&service.title, review.as_ref(), &data.canonical_url),
            site.breadcrumbs(&[home, (&service.title, &service.path)]),
            faq_page(&service.faqs),
        ],
        PageData::Article { article, author, review, .. } => vec![
            site.blog_posting(article, author, &data.canonical_url),
            site.medical_web_page(&article.title, review.as_ref(), &data.canonical_url),
            site.breadcrumbs(&[
                home,
                (&words.breadcrumb_blogs, &data.site.links.blogs),
                (&article.title, &article.canonical_path),
            ]),
        ],
        PageData::Appointment { .. }
        | PageData::Blogs { .. }
        | PageData::NotFound { .. }
        | PageData::Offline { .. } => Vec::new(),
    }
}

/// Days with the same opening period share one specification, in the order the content first
/// lists each period: Mon-Sun 16:00-19:00 and Wed, Thu, Sat, Sun 09:00-13:00 are two entries.
pub fn opening_hours_specification(openings: &[Opening]) -> Vec<Value> {
    let mut periods: Vec<((NaiveTime, NaiveTime), Vec<Weekday>)> = Vec::new();
    for opening in openings {
        let period = (opening.opens, opening.closes);
        match periods.iter_mut().find(|(p, _)| *p == period) {
            Some((_, days)) => days.push(opening.day),
            None => periods.push((period, vec![opening.day])),
        }
    }
    periods
        .into_iter()
        .map(|((opens, closes), days)| {
            let days: Vec<String> = days.into_iter().map(|d| format!("https://schema.org/{}", day_name(d))).collect();
            json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": days,
                "opens": opens.format("%H:%M").to_string(),
                "closes": closes.format("%H:%M").to_string(),
            })
        })
        .collect()
}

fn faq_page(faqs: &[Faq], lang: Lang) -> Value {
    let questions: Vec<Value> = faqs
        .iter()
        .map(|faq| {
            json!({
                "@type": "Question",
                "name": faq.question,
                "acceptedAnswer": { "@type": "Answer", "text": faq.answer },
            })
        })
        .collect();
    json!({ "@context": CONTEXT, "@type": "FAQPage", "inLanguage": lang.code(), "mainEntity": questions })
}

/// A registration as the licence it is, recognised by the council that gave it.
fn licence(registration: &Registration) -> Value {
    json!({
        "@type": "EducationalOccupationalCredential",
        "credentialCategory": "license",
        "identifier": registration.number,
        "recognizedBy": { "@type": "Organization", "name": registration.council },
    })
}

struct Site<'a> {
    content: &'a Content,
    url: &'a Origin,
}

impl Site<'_> {
    fn url(&self, path: &str) -> String {
        self.url.url(path)
    }

    fn clinic_id(&self) -> String {
        self.url("/#clinic")
    }

    fn image(&self, image: &Image) -> Value {
        json!({ "@type": "ImageObject", "url": self.url(&image.src), "width": image.width, "height": image.height })
    }

    /// The logo as an ImageObject: its 512 px PNG (structured-data readers want a raster logo), or
    /// the file itself when the build made no icons.
    fn logo(&self) -> Value {
        let logo = &self.content.site.logo;
        match logo.icons() {
            Some(icons) => {
                json!({ "@type": "ImageObject", "url": self.url(&icons.icon512), "width": 512, "height": 512 })
            }
            None => self.image(logo),
        }
    }

    fn address(&self) -> Value {
        let address = &self.content.site.address;
        json!({
            "@type": "PostalAddress",
            "streetAddress": address.street,
            "addressLocality": address.locality,
            "addressRegion": address.region,
            "postalCode": address.postal_code,
            "addressCountry": address.country,
        })
    }

    /// The clinic named where another entity points at it; the full entity is on home and contact.
    fn clinic_ref(&self) -> Value {
        let site = &self.content.site;
        json!({ "@type": "MedicalClinic", "@id": self.clinic_id(), "name": site.institute_name, "url": self.url(&self.content.lang.path("/")) })
    }

    fn clinic(&self) -> Value {
        let site = &self.content.site;
        // The hours were checked when the content was loaded.
        let openings = hours::weekly(&self.content.appointment.opening_hours).unwrap_or_default();
        let services: Vec<Value> = self
            .content
            .services
            .iter()
            .map(|s| {
                json!({
                    "@type": "MedicalProcedure",
                    "name": s.title,
                    "description": s.short_description,
                    "url": self.url(&s.path),
                })
            })
            .collect();
        json!({
            "@context": CONTEXT,
            "@type": "MedicalClinic",
            "@id": self.clinic_id(),
            "name": site.institute_name,
            "description": site.description,
            "url": self.url(&self.content.lang.path("/")),
            "logo": self.logo(),
            "telephone": site.phones.first(),
            "email": site.email,
            "address": self.address(),
            "geo": { "@type": "GeoCoordinates", "latitude": site.geo.latitude, "longitude": site.geo.longitude },
            "hasMap": site.maps_url,
            "openingHoursSpecification": opening_hours_specification(&openings),
            "medicalSpecialty": PSYCHIATRIC,
            "availableService": services,
            "sameAs": site.social.iter().map(|s| s.url.as_str()).collect::<Vec<_>>(),
        })
    }

    /// The clinic's psychiatrist, the first member of the team the page shows.
    fn physician(&self) -> Value {
        let site = &self.content.site;
        let portrait = self.content.team.members.first().map(|m| self.image(&m.image));
        json!({
            "@context": CONTEXT,
            "@type": "IndividualPhysician",
            "@id": self.url("/#psychiatrist"),
            "name": site.psychiatrist.name,
            "image": portrait,
            "url": self.url(&self.content.lang.path("/about")),
            "medicalSpecialty": PSYCHIATRIC,
            "address": self.address(),
            "practicesAt": self.clinic_ref(),
            "hasCredential": self.content.team.members.first().and_then(|m| m.registration.as_ref()).map(licence),
        })
    }

    /// A clinical page (an article, a service) with who last reviewed it and when.
    fn medical_web_page(&self, name: &str, review: Option<&ReviewNote>, url: &str) -> Value {
        let mut page = json!({
            "@context": CONTEXT,
            "@type": "MedicalWebPage",
            "@id": url,
            "url": url,
            "name": name,
            "inLanguage": self.content.lang.code(),
            "isPartOf": { "@type": "WebSite", "url": self.url(&self.content.lang.path("/")) },
        });
        if let Some(review) = review {
            page["lastReviewed"] = json!(review.last_reviewed);
            page["reviewedBy"] = self.practitioner(&review.reviewer);
        }
        page
    }

    /// A team member, with their licence; the psychiatrist keeps the one `@id` of their entity.
    fn practitioner(&self, who: &Practitioner) -> Value {
        let mut person = json!({ "@type": "Person", "name": who.name, "jobTitle": who.designation });
        if who.name == self.content.site.psychiatrist.name {
            person["@id"] = json!(self.url("/#psychiatrist"));
        }
        if let Some(registration) = who.registration {
            person["hasCredential"] = licence(registration);
        }
        person
    }

    fn blog_posting(&self, article: &Article, author: &str, url: &str) -> Value {
        let site = &self.content.site;
        // Without an author of its own, an article is the psychiatrist's, captioned with their title.
        let author = match article.author {
            None => json!({
                "@type": "Person",
                "name": author,
                "jobTitle": site.psychiatrist.title,
                "worksFor": self.clinic_ref(),
            }),
            Some(_) => json!({ "@type": "Person", "name": author }),
        };
        let mut publisher = self.clinic_ref();
        publisher["logo"] = self.logo();
        json!({
            "@context": CONTEXT,
            "@type": "BlogPosting",
            "@id": format!("{url}#article"),
            "mainEntityOfPage": url,
            "url": url,
            "headline": article.title,
            "description": article.description,
            "image": self.image(&article.image),
            "datePublished": start_of_local_day(article.date),
            "dateModified": start_of_local_day(article.last_changed()),
            "author": author,
            "publisher": publisher,
            "inLanguage": article.lang,
        })
    }

    fn breadcrumbs(&self, trail: &[(&str, &str)]) -> Value {
        let items: Vec<Value> = trail
            .iter()
            .enumerate()
            .map(|(i, (name, path))| {
                json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": self.url(path) })
            })
            .collect();
        json!({ "@context": CONTEXT, "@type": "BreadcrumbList", "itemListElement": items })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::pages::OpeningDay;

    #[test]
    fn the_spec_hours_become_two_opening_hours_specifications() {
        let day = |name: &str, times: &[&str]| OpeningDay {
            day: name.into(),
            times: times.iter().map(|t| t.to_string()).collect(),
        };
        let (evening, both) = (["04:00 PM-07:00 PM"], ["09:00 AM-01:00 PM", "04:00 PM-07:00 PM"]);
        let week = [
            day("Monday", &evening),
            day("Tuesday", &evening),
            day("Wednesday", &both),
            day("Thursday", &both),
            day("Friday", &evening),
            day("Saturday", &both),
            day("Sunday", &both),
        ];
        let days = |names: &[&str]| names.iter().map(|n| format!("https://schema.org/{n}")).collect::<Vec<_>>();
        assert_eq!(
            opening_hours_specification(&hours::weekly(&week).unwrap()),
            [
                json!({
                    "@type": "OpeningHoursSpecification",
                    "dayOfWeek": days(&["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
                    "opens": "16:00",
                    "closes": "19:00",
                }),
                json!({
                    "@type": "OpeningHoursSpecification",
                    "dayOfWeek": days(&["Wednesday", "Thursday", "Saturday", "Sunday"]),
                    "opens": "09:00",
                    "closes": "13:00",
                }),
            ]
        );
    }
}
