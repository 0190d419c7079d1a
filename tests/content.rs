//! The shipped content carries the spec's fixed strings and numbers (spec sections 1, 2, 3 and 9); a
//! content folder that cannot be read says which file and why.

mod common;

use std::os::unix::fs::symlink;
use std::path::Path;

use clinic_site::content::{ContentError, ContentSource, Editions};
use common::{content, content_copy, copy_dir, TempDir, CONTENT_DIR};

fn titles<T>(items: &[T], title: impl Fn(&T) -> &str) -> Vec<&str> {
    items.iter().map(title).collect()
}

#[test]
fn home_review_badge_counters_vision_and_mission() {
    let home = content().en.home;
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
    let home = content().en.home;
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
    let content = content().en;
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
    let content = content().en;
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
    let content = content().en;
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
    let content = content().en;
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

/// The problems of loading the content folder at `dir`.
fn problems(dir: &Path) -> Vec<ContentError> {
    // Not `expect_err`, which would print the whole content it loaded.
    let Err(errors) = Editions::load(ContentSource::Dir(dir.to_path_buf())) else { panic!("the content is accepted") };
    errors.0
}

/// The problem naming `file`, which must be the only one.
fn only_problem(problems: &[ContentError], file: &str) -> String {
    match problems {
        [problem] if problem.file == file => problem.message.clone(),
        _ => panic!("expected one problem in {file}, got {problems:#?}"),
    }
}

// Tests run as root, whom no permission stops: the unreadable files here are ones nobody can read.

#[test]
fn a_folder_where_a_file_should_be_is_named_as_such_not_as_missing() {
    let dir = content_copy("folder-for-file");
    std::fs::remove_file(dir.join("site.toml")).unwrap();
    std::fs::create_dir(dir.join("site.toml")).unwrap();
    let message = only_problem(&problems(&dir), "site.toml");
    assert!(message.contains("Is a directory") && !message.contains("not found"), "{message}");
    assert!(message.contains(&dir.join("site.toml").display().to_string()), "{message}");
}

#[test]
fn a_file_where_a_folder_should_be_is_named() {
    let dir = content_copy("file-for-folder");
    std::fs::remove_dir_all(dir.join("hi/services")).unwrap();
    std::fs::write(dir.join("hi/services"), "").unwrap();
    let problems = problems(&dir);
    let listing = problems.iter().find(|p| p.file == "hi/services").unwrap_or_else(|| panic!("{problems:#?}"));
    assert!(listing.message.starts_with("cannot list the folder"), "{}", listing.message);
    assert!(listing.message.ends_with("Not a directory (os error 20)"), "{}", listing.message);
}

#[test]
fn a_content_file_that_cannot_be_read_is_refused_even_when_no_page_shows_it() {
    // A link to itself: reading it fails with ELOOP, as it would for a file nobody may read.
    let dir = content_copy("unreadable-image");
    symlink("loop.svg", dir.join("images/loop.svg")).unwrap();
    let message = only_problem(&problems(&dir), "images/loop.svg");
    assert!(message.contains("Too many levels of symbolic links"), "{message}");

    let dir = content_copy("unreadable-toml");
    std::fs::remove_file(dir.join("hi/team.toml")).unwrap();
    symlink("team.toml", dir.join("hi/team.toml")).unwrap();
    let message = only_problem(&problems(&dir), "hi/team.toml");
    assert!(message.starts_with("cannot read ") && message.contains("symbolic links"), "{message}");
}

#[test]
fn a_folder_mounted_as_links_into_a_hidden_folder_loads_as_its_files() {
    // How a Kubernetes ConfigMap mounts files: `site.toml -> ..data/site.toml`, `..data -> ..2026_01_01`.
    let plain = content_copy("plain");
    let mounted = TempDir::new("mounted");
    copy_dir(Path::new(CONTENT_DIR), &mounted.join("..2026_01_01"));
    symlink("..2026_01_01", mounted.join("..data")).unwrap();
    for entry in std::fs::read_dir(plain.path()).unwrap() {
        let name = entry.unwrap().file_name();
        symlink(Path::new("..data").join(&name), mounted.join(&name)).unwrap();
    }
    let load = |dir: &Path| Editions::load(ContentSource::Dir(dir.to_path_buf())).expect("valid content");
    assert_eq!(load(&mounted).version, load(&plain).version);
}
