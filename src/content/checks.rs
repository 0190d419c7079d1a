//! The content rules serde cannot express: the counts and strings the spec fixes, cross-file
//! references, categories and images. Each broken rule is one problem naming its file and field.

use std::ops::RangeInclusive;

use super::blog::category_of;
use super::hours;
use super::{Content, ContentError};
use crate::i18n::Lang;

/// Where the clinic's coordinates must lie: India, so swapped latitude and longitude are caught.
const INDIA_LATITUDE: RangeInclusive<f64> = 6.0..=37.5;
const INDIA_LONGITUDE: RangeInclusive<f64> = 68.0..=97.5;
/// Launchers cut longer names under a home-screen icon.
const MAX_SHORT_NAME_CHARS: usize = 12;

/// The five categories, in the order the spec gives (section 9).
pub const CATEGORY_ORDER: [&str; 5] = [
    "Mental Health Disorders",
    "Sleep & Physical Wellness",
    "Stress & Resilience",
    "Therapy & Treatment",
    "Social & Lifestyle",
];

/// The problems of one edition, each file named with the edition's folder (`hi/home.toml`).
struct Problems {
    dir: &'static str,
    found: Vec<ContentError>,
}

impl Problems {
    /// A problem in `file`, named relative to the edition's folder.
    fn add(&mut self, file: &str, message: impl Into<String>) {
        self.add_at(format!("{}{file}", self.dir), message);
    }

    /// A problem in the content file at `path` (relative to the content root).
    fn add_at(&mut self, path: String, message: impl Into<String>) {
        self.found.push(ContentError { file: path, message: message.into() });
    }

    fn count(&mut self, file: &str, field: &str, n: usize, allowed: RangeInclusive<usize>) {
        if !allowed.contains(&n) {
            let expected = if allowed.start() == allowed.end() {
                allowed.start().to_string()
            } else {
                format!("{} to {}", allowed.start(), allowed.end())
            };
            self.add(file, format!("{field}: expected {expected} entries, found {n}"));
        }
    }
}

pub fn problems(content: &Content) -> Vec<ContentError> {
    let mut p = Problems { dir: content.lang.content_dir(), found: Vec::new() };
    identity(content, &mut p);
    for_search_engines(content, &mut p);
    pages(content, &mut p);
    categories(content, &mut p);
    images(content, &mut p);
    p.found
}

fn identity(content: &Content, p: &mut Problems) {
    let site = &content.site;
    p.count("site.toml", "phones", site.phones.len(), 2..=2);
    for phone in site.phones.iter().filter(|p| !p.starts_with("+91")) {
        p.add("site.toml", format!("phones: \"{phone}\" must start with the +91 country code"));
    }
    p.count("site.toml", "social", site.social.len(), 3..=3);
    p.count("site.toml", "services", site.services.len(), 6..=6);
    for slug in &site.services {
        if content.service(slug).is_none() {
            p.add("site.toml", format!("services: lists \"{slug}\" but services/{slug}.toml does not exist"));
        }
    }
    for service in content.services.iter().filter(|s| !site.services.contains(&s.slug)) {
        p.add(&format!("services/{}.toml", service.slug), "this service is missing from site.toml's services list");
    }
    if content.team.members.first().is_some_and(|m| m.name != site.psychiatrist.name) {
        p.add(
            "team.toml",
            "members: the first member must be the clinic's psychiatrist, named as in site.toml's psychiatrist.name",
        );
    }
    team(content, p);
    reviews(content, p);
}

/// Each member has a key of their own, and the psychiatrist a registration, which India's Telemedicine
/// Practice Guidelines (2020) require a doctor consulting online to show on the website.
fn team(content: &Content, p: &mut Problems) {
    let members = &content.team.members;
    for (i, member) in members.iter().enumerate() {
        let key = &member.key;
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            p.add("team.toml", format!("members[{i}].key: \"{key}\" must be lower-case letters and dashes"));
        } else if members[..i].iter().any(|m| &m.key == key) {
            p.add("team.toml", format!("members[{i}].key: \"{key}\" is already another member's key"));
        }
        if let Some(registration) = &member.registration {
            for (field, value) in [("council", &registration.council), ("number", &registration.number)] {
                if value.trim().is_empty() {
                    p.add("team.toml", format!("members[{i}].registration.{field}: must not be empty"));
                }
            }
        }
    }
    if members.first().is_some_and(|m| m.registration.is_none()) {
        p.add(
            "team.toml",
            "members[0].registration: the psychiatrist's registration ({ council, number }) must be shown: India's \
             Telemedicine Practice Guidelines (2020) require it on the website",
        );
    }
}

/// Every clinical page names a team member as its reviewer; a service's doctor is a registered member.
fn reviews(content: &Content, p: &mut Problems) {
    let years = content.site.review_interval_years;
    if !(1..=5).contains(&years) {
        p.add("site.toml", format!("reviewIntervalYears: must be 1 to 5, found {years}"));
    }
    for service in &content.services {
        let Some(doctor) = &service.doctor else { continue };
        let file = format!("services/{}.toml", service.slug);
        match content.team.member(doctor) {
            None => p.add(&file, format!("doctor: \"{doctor}\" is not a team member's key")),
            Some(member) if member.registration.is_none() => {
                p.add(&file, format!("doctor: \"{doctor}\" has no registration in team.toml, which the page must show"))
            }
            Some(_) => {}
        }
    }
    for (file, _, reviewed_by, _) in super::review::clinical_pages(content) {
        if content.team.member(reviewed_by).is_none() {
            let keys: Vec<&str> = content.team.members.iter().map(|m| m.key.as_str()).collect();
            p.add_at(file, format!("reviewedBy: \"{reviewed_by}\" is not a team member's key ({})", keys.join(", ")));
        }
    }
}

/// What search engines and the home-screen icon read: the address in parts, the coordinates, the
/// short name, the opening hours as times and each article's language code.
fn for_search_engines(content: &Content, p: &mut Problems) {
    let site = &content.site;
    let code = &site.address.postal_code;
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        p.add("site.toml", format!("address.postalCode: \"{code}\" must be a six-digit PIN code"));
    }
    let geo = site.geo;
    if !INDIA_LATITUDE.contains(&geo.latitude) || !INDIA_LONGITUDE.contains(&geo.longitude) {
        p.add(
            "site.toml",
            format!(
                "geo: latitude {} and longitude {} are not in India (Patna is about 25.6, 85.1; are they swapped?)",
                geo.latitude, geo.longitude
            ),
        );
    }
    let short = site.short_name.chars().count();
    if !(1..=MAX_SHORT_NAME_CHARS).contains(&short) {
        p.add("site.toml", format!("shortName: must be 1 to {MAX_SHORT_NAME_CHARS} characters, found {short}"));
    }
    if let Err(e) = hours::weekly(&content.appointment.opening_hours) {
        p.add("appointment.toml", format!("openingHours: {e}"));
    }
    // A page's banner is its link preview (`routes::pages::fixed::from_file`), where it stands alone.
    let banners = [
        ("about.toml", &content.about.hero),
        ("appointment.toml", &content.appointment.hero),
        ("contact.toml", &content.contact.hero),
        ("therapy-and-counselling.toml", &content.therapy.hero),
    ];
    for (file, hero) in banners {
        if hero.image.preview().alt.trim().is_empty() {
            p.add(
                file,
                "hero.image: its alt is empty (decoration on the page), and it is the page's link preview: \
                 give it previewAlt, the text link previews show with it",
            );
        }
    }
    for article in &content.articles {
        let lang = &article.lang;
        if lang.len() != 2 || !lang.bytes().all(|b| b.is_ascii_lowercase()) {
            p.add_at(
                article.file(),
                format!("lang: \"{lang}\" must be a two-letter language code such as \"en\" or \"hi\""),
            );
        }
    }
}

fn pages(content: &Content, p: &mut Problems) {
    let home = &content.home;
    p.count("home.toml", "hero.images", home.hero.images.len(), 3..=3);
    p.count("home.toml", "reviews.avatars", home.reviews.avatars.len(), 4..=4);
    p.count("home.toml", "reviews.sessionPhotos", home.reviews.session_photos.len(), 2..=2);
    p.count("home.toml", "reviews.mission", home.reviews.mission.len(), 5..=5);
    if !(1..=5).contains(&home.reviews.stars) {
        p.add("home.toml", format!("reviews.stars: must be 1 to 5, found {}", home.reviews.stars));
    }
    p.count("home.toml", "whyChooseUs.highlights", home.why_choose_us.highlights.len(), 4..=4);
    p.count("home.toml", "process.steps", home.process.steps.len(), 4..=4);
    p.count("home.toml", "testimonials", home.testimonials.len(), 5..=5);
    p.count("home.toml", "faqs", home.faqs.len(), 10..=10);
    p.count("home.toml", "location.landmarks", home.location.landmarks.len(), 5..=5);
    p.count("team.toml", "members", content.team.members.len(), 3..=3);
    p.count("about.toml", "faqs", content.about.faqs.len(), 10..=10);
    p.count("appointment.toml", "openingHours", content.appointment.opening_hours.len(), 7..=7);
    p.count("therapy-and-counselling.toml", "faqs", content.therapy.faqs.len(), 5..=6);
    for s in &content.services {
        let file = format!("services/{}.toml", s.slug);
        p.count(&file, "benefits", s.benefits.len(), 2..=2);
        p.count(&file, "steps", s.steps.len(), 3..=3);
        p.count(&file, "faqs", s.faqs.len(), 5..=6);
    }
}

/// The five categories in order (by their English names, which every edition shares); every
/// article's tags known, and its category one of the five; at least two articles in each category
/// (the by-categories view). Tags are English words: another edition gives each one a label.
fn categories(content: &Content, p: &mut Problems) {
    let categories = &content.categories;
    let keys: Vec<&str> = categories.list.iter().map(|c| c.key.as_str()).collect();
    if keys != CATEGORY_ORDER {
        p.add("categories.toml", format!("categories must be {CATEGORY_ORDER:?} in this order, found {keys:?}"));
    }
    for article in &content.articles {
        for tag in article.tags.iter().filter(|t| !categories.knows(t)) {
            let message = format!("tags: \"{tag}\" is in no category's tags nor in extraTags of categories.toml");
            p.add_at(article.file(), message);
        }
        if category_of(article, &categories.list).is_none() {
            let message =
                format!("tags: none of {:?} is a category's tag, so the article would have no category", article.tags);
            p.add_at(article.file(), message);
        }
        if content.lang != Lang::En {
            for tag in article.tags.iter().filter(|t| !categories.tag_labels.contains_key(*t)) {
                let message = format!("tagLabels: \"{tag}\" (a tag of {}) needs its label here", article.file());
                p.add("categories.toml", message);
            }
        }
    }
    for category in &categories.list {
        let n = content
            .articles
            .iter()
            .filter(|a| category_of(a, &categories.list).is_some_and(|c| c.key == category.key))
            .count();
        if n < 2 {
            p.add(
                "categories.toml",
                format!("\"{}\" has {n} article(s); each category needs at least 2", category.name),
            );
        }
    }
}

/// Every image a page shows is a file under `images/` with its size given, in the file's proportions
/// (known for the files the build saw), since the page reserves that box and picks copies by width.
fn images(content: &Content, p: &mut Problems) {
    for (file, image) in content_images!(content, iter, &) {
        if image.file().and_then(|path| content.images.get(path)).is_none() {
            p.add_at(file.clone(), format!("image \"{}\" is not a file under content/images/", image.src));
        }
        if image.width == 0 || image.height == 0 {
            p.add_at(file, format!("image \"{}\" needs its width and height", image.src));
        } else if let Some(derived) = &image.derived {
            let (given, actual) = (
                u64::from(image.width) * u64::from(derived.height),
                u64::from(image.height) * u64::from(derived.width),
            );
            // Within 2%: rounding a size down to whole pixels is fine, another shape is not.
            if given.abs_diff(actual) * 50 > actual {
                p.add_at(
                    file,
                    format!(
                        "image \"{}\" is given as {}x{} but the file is {}x{}: give its width and height in the file's proportions",
                        image.src, image.width, image.height, derived.width, derived.height
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentSource, Editions};
    use crate::embedded::images::Derived;

    /// The English edition of the test fixture (`tests/fixtures/content`).
    fn fixture() -> Content {
        crate::content::fixture().en
    }

    /// The only problem the broken fixture has.
    fn only_problem(content: &Content) -> ContentError {
        let problems = content.problems();
        assert_eq!(problems.len(), 1, "{problems:?}");
        problems.into_iter().next().unwrap()
    }

    #[test]
    fn the_fixture_is_sound_and_its_hindi_article_is_in_both_editions() {
        let editions = crate::content::fixture();
        assert_eq!(editions.en.problems(), []);
        assert_eq!(editions.hi.problems(), []);
        // Ten articles with a twin, and face-failures, written in Hindi, shown in both editions.
        assert_eq!((editions.en.articles.len(), editions.hi.articles.len(), editions.en.services.len()), (11, 11, 6));
        assert_eq!(editions.en.article("face-failures").unwrap().lang, "hi");
        assert_eq!(editions.hi.article("face-failures").unwrap().path, "/hi/blog/face-failures");
    }

    #[test]
    fn a_decorative_banner_without_a_preview_text_is_refused() {
        let mut content = fixture();
        content.contact.hero.image.preview_alt = None;
        let problem = only_problem(&content);
        assert_eq!(problem.file, "contact.toml");
        assert!(problem.message.starts_with("hero.image: its alt is empty"), "{}", problem.message);
        content.contact.hero.image.alt = "A speech bubble".into();
        assert_eq!(content.problems(), []);
    }

    #[test]
    fn an_unknown_tag_is_refused_by_file_and_field() {
        let mut content = fixture();
        let slug = content.articles[0].slug.clone();
        content.articles[0].tags.push("insomina".into());
        let problem = only_problem(&content);
        assert_eq!(problem.file, format!("blog/{slug}.toml"));
        assert!(problem.message.starts_with("tags: \"insomina\""), "{}", problem.message);
    }

    #[test]
    fn an_article_outside_every_category_is_refused() {
        let mut content = fixture();
        let slug = content.articles[0].slug.clone();
        content.articles[0].tags = vec!["grief".into()]; // declared, but no category's tag
        let problems = content.problems();
        assert!(
            problems.iter().any(|p| p.file == format!("blog/{slug}.toml") && p.message.contains("no category")),
            "{problems:?}"
        );
    }

    #[test]
    fn a_category_with_fewer_than_two_articles_is_refused() {
        let mut content = fixture();
        let social = |a: &crate::content::blog::Article, c: &Content| {
            category_of(a, &c.categories.list).unwrap().key == "Social & Lifestyle"
        };
        let keep = content.articles.iter().position(|a| social(a, &content)).unwrap();
        let moved: Vec<usize> =
            (0..content.articles.len()).filter(|&i| i != keep && social(&content.articles[i], &content)).collect();
        for i in moved {
            content.articles[i].tags = vec!["therapy".into()];
        }
        let problem = only_problem(&content);
        assert_eq!(problem.file, "categories.toml");
        assert!(problem.message.starts_with("\"Social & Lifestyle\" has 1 article(s)"), "{}", problem.message);
    }

    #[test]
    fn the_psychiatrist_without_a_registration_is_refused() {
        let mut content = fixture();
        content.team.members[0].registration = None;
        let problems: Vec<String> = content.problems().iter().map(|p| format!("{}: {}", p.file, p.message)).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("team.toml: members[0].registration: the psychiatrist's"), "{problems:?}");
        // The online consultation's page names its doctor with the registration.
        assert_eq!(
            problems[1],
            "services/telepsychiatry.toml: doctor: \"psychiatrist\" has no registration in team.toml, which the page must show"
        );
        let mut content = fixture();
        content.team.members[2].registration.as_mut().unwrap().number = " ".into();
        assert_eq!(only_problem(&content).message, "members[2].registration.number: must not be empty");
    }

    #[test]
    fn a_reviewer_who_is_not_on_the_team_is_refused_by_file() {
        let mut content = fixture();
        let slug = content.services[0].slug.clone();
        content.services[0].reviewed_by = "dr-nobody".into();
        let problem = only_problem(&content);
        assert_eq!(problem.file, format!("services/{slug}.toml"));
        assert!(problem.message.starts_with("reviewedBy: \"dr-nobody\" is not a team member's key (psychiatrist,"));
        let mut content = fixture();
        content.team.members[1].key = content.team.members[0].key.clone();
        let problems = content.problems();
        assert!(problems.iter().any(|p| p.message.starts_with("members[1].key:")), "{problems:?}");
    }

    #[test]
    fn categories_out_of_order_are_refused() {
        let mut content = fixture();
        content.categories.list.swap(0, 1);
        let problems = content.problems();
        assert!(problems.iter().any(|p| p.file == "categories.toml" && p.message.starts_with("categories must be")));
    }

    #[test]
    fn a_missing_image_is_refused_by_file() {
        let mut content = fixture();
        content.home.reviews.avatars[0].src = "/images/nowhere.svg".into();
        let problem = only_problem(&content);
        assert_eq!(problem.file, "home.toml");
        assert!(problem.message.contains("/images/nowhere.svg"), "{}", problem.message);
    }

    #[test]
    fn an_image_given_in_other_proportions_than_its_file_is_refused() {
        let mut content = fixture();
        let hero = &mut content.home.hero.images[0];
        assert!(hero.derived.is_none(), "the build never saw the fixture's files");
        hero.height = 1600;
        assert_eq!(content.problems(), [], "a file's proportions are known only from the build's copies");
        let hero = &mut content.home.hero.images[0];
        let derived = Derived {
            sha256: String::new(),
            width: 1600,
            height: 900,
            sources: Vec::new(),
            srcset: None,
            preview: None,
            icons: None,
        };
        hero.derived = Some(std::sync::Arc::new(derived));
        let problem = only_problem(&content);
        assert_eq!(problem.file, "home.toml");
        assert!(problem.message.contains("1600x1600") && problem.message.contains("1600x900"), "{}", problem.message);
        // Half the size in the same proportions is fine.
        let hero = &mut content.home.hero.images[0];
        (hero.width, hero.height) = (800, 450);
        assert_eq!(content.problems(), []);
    }

    #[test]
    fn the_team_starts_with_the_psychiatrist_named_in_site_toml() {
        let mut content = fixture();
        content.team.members[0].name = "Someone Else".into();
        let problem = only_problem(&content);
        assert_eq!(problem.file, "team.toml");
        assert!(problem.message.contains("psychiatrist.name"), "{}", problem.message);
    }

    #[test]
    fn phones_need_the_indian_country_code_and_services_their_files() {
        let mut content = fixture();
        content.site.phones[1] = "09000000002".into();
        content.site.services[5] = "art-therapy".into();
        let messages: Vec<String> = content.problems().into_iter().map(|p| p.to_string()).collect();
        assert!(
            messages.contains(&"site.toml: phones: \"09000000002\" must start with the +91 country code".to_owned())
        );
        assert!(messages.iter().any(|m| m.starts_with("site.toml: services: lists \"art-therapy\"")));
        assert!(messages
            .iter()
            .any(|m| m == "services/telepsychiatry.toml: this service is missing from site.toml's services list"));
    }

    #[test]
    fn the_address_coordinates_short_name_hours_and_languages_are_checked() {
        let mut content = fixture();
        content.site.address.postal_code = "80001".into();
        content.site.geo = crate::content::site::Geo { latitude: 85.14, longitude: 25.61 };
        content.site.short_name = "Example Mind Care".into();
        content.appointment.opening_hours[0].times[0] = "4 PM-7 PM".into();
        content.articles[0].lang = "hindi".into();
        let files: Vec<String> = content.problems().into_iter().map(|p| p.to_string()).collect();
        assert_eq!(files.len(), 5, "{files:?}");
        assert!(files[0].starts_with("site.toml: address.postalCode: \"80001\""));
        assert!(files[1].starts_with("site.toml: geo: latitude 85.14 and longitude 25.61 are not in India"));
        assert_eq!(files[2], "site.toml: shortName: must be 1 to 12 characters, found 17");
        assert!(files[3].starts_with("appointment.toml: openingHours: Monday: \"4 PM-7 PM\""), "{}", files[3]);
        assert!(files[4].ends_with("lang: \"hindi\" must be a two-letter language code such as \"en\" or \"hi\""));
    }

    #[test]
    fn counts_the_spec_fixes_are_checked_each_as_its_own_problem() {
        let mut content = fixture();
        content.home.faqs.pop();
        content.about.faqs.clear();
        let problems: Vec<String> = content.problems().into_iter().map(|p| p.to_string()).collect();
        assert_eq!(
            problems,
            ["home.toml: faqs: expected 10 entries, found 9", "about.toml: faqs: expected 10 entries, found 0"]
        );
    }

    #[test]
    fn parse_errors_of_several_files_are_all_reported() {
        let dir = crate::content::fixture_copy("parse-errors");
        let edit = |file: &str, from: &str, to: &str| {
            let path = dir.join(file);
            std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replacen(from, to, 1)).unwrap();
        };
        edit("site.toml", "email", "e_mail");
        edit("blog/paranoia.toml", "date = \"2024-12-24\"", "date = \"24/12/2024\"");
        let errors = Editions::load(ContentSource::Dir(dir.clone())).unwrap_err().0;
        let files: Vec<&str> = errors.iter().map(|e| e.file.as_str()).collect();
        assert_eq!(files, ["site.toml", "blog/paranoia.toml"], "{errors:?}");
        assert!(errors[0].message.contains("unknown field `e_mail`"), "{}", errors[0].message);
        assert!(errors[1].message.contains("date"), "{}", errors[1].message);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
