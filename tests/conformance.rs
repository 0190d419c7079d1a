//! The shipped content, as it is: the spec's fixed strings and numbers (spec sections 1, 2, 3 and 9), its
//! counts, dates and figures, its placeholders, and the interface words that name the clinic's town.
//!
//! This suite describes `content/` (and the words in `client/i18n/`), not the code: editors update it in
//! the same commit as the content, for instance when following the README's "Before going live". Every
//! other test runs on the test fixture (`tests/fixtures/content`) or holds only what any content must
//! keep, so it passes whatever the shipped content says.

mod common;

use clinic_site::base::Origin;
use clinic_site::content::placeholders::{in_use, warn_if_public, Placeholder};
use clinic_site::i18n::{with_institute, words, Lang};
use common::shipped;

fn titles<T>(items: &[T], title: impl Fn(&T) -> &str) -> Vec<&str> {
    items.iter().map(title).collect()
}

#[test]
fn the_shipped_content_is_sound_and_complete() {
    let editions = shipped();
    let content = &editions.en;
    assert_eq!(content.problems(), []);
    assert_eq!(content.articles.len(), 23);
    assert_eq!(content.services.len(), 6);
    assert_eq!(content.article("face-failures").unwrap().lang, "hi");
    // The Hindi edition: 22 twins, and face-failures at its English address.
    let hindi = &editions.hi;
    assert_eq!(hindi.articles.len(), 23);
    assert_eq!(hindi.articles.iter().filter(|a| a.is_canonical()).count(), 22);
}

#[test]
fn home_review_badge_counters_vision_and_mission() {
    let home = shipped().en.home;
    assert_eq!(home.reviews.count, 5000);
    assert_eq!(home.reviews.badge, "5k+");
    assert_eq!(home.reviews.stars, 5);
    assert_eq!(home.reviews.avatars.len(), 4);
    assert_eq!(home.reviews.session_photos.len(), 2);
    assert_eq!(
        home.reviews.mission,
        ["Healing Minds", "Creating Hope", "Improving Lives", "Building Trust", "Changing Thoughts"]
    );
    let vision = home.reviews.vision.to_lowercase();
    for word in ["accessible", "stigma-free", "scientifically"] {
        assert!(vision.contains(word), "vision lacks {word:?}: {vision}");
    }
    // The spec's figure; its label says what the figure counts, so that it agrees with the 5000 patients and
    // families and the contact page's 3k+ families.
    assert_eq!(
        (home.consultations.count, home.consultations.label.as_str()),
        (200, "Psychiatric consultations every month")
    );
}

#[test]
fn home_why_choose_us_process_location_and_banner() {
    let home = shipped().en.home;
    assert_eq!(
        titles(&home.why_choose_us.highlights, |c| &c.title),
        [
            "Experienced Psychiatrists",
            "Patient-Centered Care",
            "Confidential Consultations",
            "Commitment to Mental Health"
        ]
    );
    assert_eq!(home.process.title, "Guiding you through our therapy process");
    let steps: Vec<(&str, &str)> = home.process.steps.iter().map(|s| (s.number.as_str(), s.title.as_str())).collect();
    assert_eq!(
        steps,
        [
            ("01", "Book Appointment"),
            ("02", "Initial Consultation"),
            ("03", "Progress Check-ins"),
            ("04", "Ongoing Support")
        ]
    );
    assert_eq!(home.testimonials.len(), 5);
    assert_eq!(home.faqs.len(), 10);
    assert_eq!(home.location.title, "Find Your Way to Us");
    let landmarks: Vec<(&str, &str)> =
        home.location.landmarks.iter().map(|l| (l.distance.as_str(), l.time.as_str())).collect();
    assert_eq!(
        landmarks,
        [("1.8 km", "5 min"), ("12.7 km", "25 min"), ("4.7 km", "17 min"), ("9 km", "23 min"), ("3.3 km", "10 min")]
    );
    assert_eq!(home.banner.title, "Get Started Today");
}

#[test]
fn team_about_appointment_contact_and_not_found() {
    let content = shipped().en;
    let designations = titles(&content.team.members, |m| &m.designation);
    assert_eq!(designations, ["Clinical Psychiatrist", "Rehabilitation Expert", "Clinical Psychologist"]);
    let claims = |i: usize| content.team.members[i].description.join(" ").to_lowercase();
    assert!(claims(0).contains("over 12 years"), "{}", claims(0));
    assert!(claims(1).contains("over 8 years"), "{}", claims(1));
    assert_eq!(content.about.faqs.len(), 10);

    assert_eq!(content.appointment.hero.title, "Book Your Appointment");
    assert_eq!(content.appointment.form.title, "Make an Appointment");
    let hours: Vec<(&str, Vec<&str>)> = content
        .appointment
        .opening_hours
        .iter()
        .map(|d| (d.day.as_str(), d.times.iter().map(String::as_str).collect()))
        .collect();
    let evening = vec!["04:00 PM-07:00 PM"];
    let both = vec!["09:00 AM-01:00 PM", "04:00 PM-07:00 PM"];
    assert_eq!(
        hours,
        [
            ("Monday", evening.clone()),
            ("Tuesday", evening.clone()),
            ("Wednesday", both.clone()),
            ("Thursday", both.clone()),
            ("Friday", evening),
            ("Saturday", both.clone()),
            ("Sunday", both),
        ]
    );
    assert_eq!(content.contact.badge, "3k+");
    let not_found = &content.not_found;
    assert_eq!(
        (not_found.code.as_str(), not_found.message.as_str(), not_found.link_label.as_str()),
        ("404", "Oops! The page you are looking for does not exist.", "Go Back Home")
    );
}

#[test]
fn telepsychiatry_is_as_the_spec_gives_it() {
    let content = shipped().en;
    let tele = content.service("telepsychiatry").unwrap();
    assert_eq!(tele.hero.title, "Telepsychiatry Services");
    assert_eq!(tele.intro.len(), 2);
    assert_eq!(titles(&tele.benefits, |c| &c.title), ["Virtual Consultations", "Remote Support"]);
    assert_eq!(
        tele.benefit_bullets,
        ["Convenient and Accessible", "Safe and Secure", "Expert Care from Home", "Flexibility in Scheduling"]
    );
    let steps: Vec<(&str, &str)> = tele.steps.iter().map(|s| (s.number.as_str(), s.title.as_str())).collect();
    assert_eq!(steps, [("01", "Initial Consultation"), ("02", "Therapy and Monitoring"), ("03", "Ongoing Support")]);
    assert_eq!(tele.faqs.len(), 6);
    let answers =
        tele.faqs.iter().map(|f| format!("{} {}", f.question, f.answer)).collect::<Vec<_>>().join(" ").to_lowercase();
    for fact in [
        "camera",
        "microphone",
        "internet",
        "ocd",
        "insomnia",
        "in-person",
        "valid across india",
        "voice call",
        "upi",
        "bank transfer",
        "jharkhand",
    ] {
        assert!(answers.contains(fact), "telepsychiatry FAQs lack {fact:?}");
    }
}

#[test]
fn the_services_carry_the_spec_claims() {
    let content = shipped().en;
    let text = |slug: &str| {
        let s = content.service(slug).unwrap();
        let faqs = s.faqs.iter().map(|f| format!("{} {}", f.question, f.answer));
        s.intro.iter().cloned().chain(s.why_choose.paragraphs.iter().cloned()).chain(faqs).collect::<Vec<_>>().join(" ")
    };
    let medication = text("medication-management");
    assert!(medication.contains("1-2 weeks") || medication.contains("1–2 weeks"), "medication: early effects");
    assert!(medication.contains("4-6 weeks") || medication.contains("4–6 weeks"), "medication: full effect");
    assert!(text("mental-health-assessment").contains("within a week"));
    let titles = titles(&content.services, |s| &s.title);
    assert_eq!(
        titles,
        [
            "Psychiatric Consultation",
            "Comprehensive Mental Health Assessment",
            "Medication Management",
            "Neuropsychiatric Care",
            "Child & Adolescent Psychiatry",
            "Telepsychiatry"
        ]
    );
}

#[test]
fn articles_carry_the_spec_dates_and_figures() {
    let content = shipped().en;
    let dates = [
        ("paranoia", "2024-12-24"),
        ("cognitive-behavioral-therapy", "2024-06-02"),
        ("schizophrenia", "2024-11-18"),
        ("parkinsons-disease", "2025-01-06"),
        ("insomnia", "2024-08-15"),
        ("stress-affects-health", "2025-02-10"),
        ("beat-performance-anxiety", "2025-03-15"),
        ("sleep-disorder-treatment", "2024-02-20"),
        ("overcome-exam-stress", "2024-05-10"),
        ("face-failures", "2024-06-15"),
        ("deal-with-failures", "2024-06-25"),
        ("sleep-and-health", "2024-07-10"),
        ("womens-mental-health", "2024-08-03"),
        ("suicide-prevention", "2025-08-15"),
        ("suicide-impact", "2024-08-25"),
        ("social-media-addiction", "2024-09-05"),
        ("building-resilience", "2024-09-15"),
        ("stage-fright-performance-anxiety", "2024-09-25"),
        ("mental-disorders-children", "2024-10-05"),
    ];
    for (slug, date) in dates {
        assert_eq!(content.article(slug).unwrap_or_else(|| panic!("{slug} missing")).date.to_string(), date, "{slug}");
    }
    let body = |slug: &str| {
        let a = content.article(slug).unwrap();
        [&a.text1, &a.key_points, &a.diagnosis.content, &a.remedies.content, &a.conclusion]
            .iter()
            .flat_map(|v| v.iter())
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // The suicide figure is NCRB's own, not the spec's rounding of it (tests/clinical_safety.rs).
    for slug in ["suicide-prevention", "suicide-impact"] {
        let text = body(slug);
        assert!(text.contains("164,033") && text.contains("7.2%") && text.contains("14416"), "{slug}");
    }
    for slug in ["insomnia", "sleep-and-health", "sleep-disorder-treatment"] {
        let text = body(slug).replace('–', "-").replace(" to ", "-");
        assert!(text.contains("7-9 hours"), "{slug}: adults 7-9 hours");
    }
    for article in &content.articles {
        assert!(article.word_count() >= 500, "{} has {} words", article.slug, article.word_count());
    }
}

/// The registrations, the doctor of the online consultation and the date of the last clinical review, as
/// shipped (tests/credentials.rs shows how the pages present them).
#[test]
fn the_shipped_registrations_reviewer_and_review_dates() {
    let editions = shipped();
    let team = &editions.en.team.members;
    let registrations: Vec<(&str, &str)> = team
        .iter()
        .map(|m| m.registration.as_ref().map(|r| (r.number.as_str(), r.council.as_str())).unwrap())
        .collect();
    assert_eq!(
        registrations,
        [
            ("EXAMPLE-00001", "Bihar Council of Medical Registration"),
            ("EXAMPLE-00002", "Rehabilitation Council of India (RCI)"),
            ("EXAMPLE-00003", "Rehabilitation Council of India (RCI)"),
        ]
    );
    assert_eq!(
        editions.hi.team.members[0].registration.as_ref().map(|r| r.council.as_str()),
        Some("बिहार काउंसिल ऑफ़ मेडिकल रजिस्ट्रेशन")
    );
    let psychiatrist = &team[0];
    assert_eq!(
        (psychiatrist.name.as_str(), psychiatrist.designation.as_str(), psychiatrist.degrees.as_str()),
        ("Dr. A. Example", "Clinical Psychiatrist", "MBBS, MD (Psychiatry)")
    );
    assert_eq!(editions.en.service("telepsychiatry").unwrap().doctor.as_deref(), Some("psychiatrist"));
    // Every article and service page of both editions, reviewed on one day.
    let mut reviewed = Vec::new();
    for content in editions.iter() {
        reviewed.extend(content.articles.iter().map(|a| a.last_reviewed.to_string()));
        reviewed.extend(content.services.iter().map(|s| s.last_reviewed.to_string()));
    }
    assert_eq!(reviewed.len(), 2 * (23 + 6));
    assert!(reviewed.iter().all(|date| date == "2026-11-25"), "{reviewed:?}");
    assert_eq!(editions.en.site.review_interval_years, 3);
}

fn fields(found: &[Placeholder]) -> Vec<String> {
    found.iter().map(|p| format!("{} {}", p.file, p.field)).collect()
}

#[test]
fn every_shipped_placeholder_is_found_in_both_languages() {
    let found = in_use(&shipped());
    let (english, hindi): (Vec<Placeholder>, Vec<Placeholder>) =
        found.into_iter().partition(|p| !p.file.starts_with("hi/"));
    let hindi_fields: Vec<String> = fields(&hindi).iter().map(|f| f.trim_start_matches("hi/").to_owned()).collect();
    assert_eq!(hindi_fields, fields(&english), "the Hindi identity keeps the same placeholders");
    assert_eq!(hindi[0].value, "एग्ज़ाम्पल माइंड केयर इंस्टीट्यूट");
    let found = english;
    let expected = [
        "site.toml instituteName",
        "site.toml description",
        "site.toml address.street",
        "site.toml email",
        "site.toml bookingUrl",
        "site.toml mapsUrl",
        "site.toml psychiatrist.name",
        "site.toml social[0].url",
        "site.toml social[1].url",
        "site.toml social[2].url",
        "site.toml poweredBy.label",
        "site.toml poweredBy.url",
        "site.toml phones[0]",
        "site.toml phones[1]",
        "site.toml whatsappNumber",
        "site.toml geo",
        "team.toml members[0].registration.number",
        "team.toml members[1].registration.number",
        "team.toml members[2].registration.number",
        "team.toml members[0].name",
        "team.toml members[1].name",
        "team.toml members[2].name",
        "home.toml testimonials[0].author",
        "home.toml testimonials[1].author",
        "home.toml testimonials[2].author",
        "home.toml testimonials[3].author",
        "home.toml testimonials[4].author",
    ];
    assert_eq!(fields(&found), expected);
    assert_eq!(found[0].value, "Example Mind Care Institute");
    assert_eq!(found[12].value, "+91 90000 00001");
    assert_eq!(found[13].value, "+91 90000 00002");
}

#[test]
fn a_public_site_warns_of_each_shipped_placeholder() {
    let public = Origin::parse("https://clinic.example.org").unwrap();
    assert_eq!(warn_if_public(&public, &shipped()).len(), 54);
}

#[test]
fn the_home_title_names_the_clinics_town() {
    assert_eq!(with_institute(&words(Lang::En).home_title, "X"), "X | Psychiatrist and Mental Health Care in Patna");
}
