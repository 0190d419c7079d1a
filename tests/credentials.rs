//! Who stands behind the clinical pages: the registration of each practitioner shown wherever they are (the
//! team cards on home and about, the doctor of an online consultation), every article and service page
//! reviewed and dated by a team member, in both languages, and the operator told of a page past its review
//! date (in `/readyz` and the snapshot's list) every day the date changes, while visitors still see the page.

mod common;

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use clinic_site::content::next_review;
use clinic_site::i18n::Lang;
use clinic_site::ssr::PoolConfig;
use common::html::{document, one, select, text};
use common::*;

#[tokio::test]
async fn every_team_card_shows_its_registration_on_home_and_about_in_both_languages() {
    let state = ready_state().await;
    let snapshot = state.site.snapshot();
    for (path, lang) in [("/", Lang::En), ("/about", Lang::En), ("/hi", Lang::Hi), ("/hi/about", Lang::Hi)] {
        let doc = document(&state, path).await;
        let cards = select(&doc, ".team .team-front");
        let members = &snapshot.content.get(lang).team.members;
        assert_eq!(cards.len(), members.len(), "{path}");
        for (card, member) in cards.into_iter().zip(members) {
            let registration = member.registration.as_ref().expect("every member of the fixture is registered");
            let shown = text(common::html::first_in(card, ".registration"));
            assert!(shown.contains(&registration.number) && shown.contains(&registration.council), "{path}: {shown}");
        }
    }
    let doc = document(&state, "/about").await;
    assert_eq!(
        text(select(&doc, ".team-front .registration")[0]),
        "Reg. No. EXAMPLE-10001, Bihar Council of Medical Registration"
    );
    let doc = document(&state, "/hi/about").await;
    assert_eq!(
        text(select(&doc, ".team-front .registration")[0]),
        "रजिस्ट्रेशन नंबर: EXAMPLE-10001 (बिहार काउंसिल ऑफ़ मेडिकल रजिस्ट्रेशन)"
    );
}

#[tokio::test]
async fn the_online_consultation_names_its_doctor_with_the_registration() {
    let state = ready_state().await;
    let doc = document(&state, "/services/telepsychiatry").await;
    let note = text(one(&doc, ".doctor-note"));
    assert!(note.starts_with("Your doctor"), "{note}");
    assert!(
        note.contains("Online consultations are with Dr. T. Example, Psychiatrist, MBBS, MD (Psychiatry).")
            && note.contains("Reg. No. EXAMPLE-10001, Bihar Council of Medical Registration"),
        "{note}"
    );
    let hindi = text(one(&document(&state, "/hi/services/telepsychiatry").await, ".doctor-note"));
    assert!(hindi.contains("रजिस्ट्रेशन नंबर: EXAMPLE-10001"), "{hindi}");
    // Only the service that names a doctor shows one.
    assert!(select(&document(&state, "/services/psychiatric-consultation").await, ".doctor-note").is_empty());
}

#[tokio::test]
async fn every_clinical_page_shows_who_reviewed_it_when_and_when_it_is_due_again() {
    let state = ready_state().await;
    let snapshot = state.site.snapshot();
    let mut checked = 0;
    for lang in [Lang::En, Lang::Hi] {
        let content = snapshot.content.get(lang);
        let years = content.site.review_interval_years;
        let articles = content.articles.iter().map(|a| (&a.path, &a.reviewed_by, a.last_reviewed));
        let services = content.services.iter().map(|s| (&s.path, &s.reviewed_by, s.last_reviewed));
        for (path, reviewed_by, last) in articles.chain(services) {
            let doc = document(&state, path).await;
            let note = one(&doc, ".review-note");
            let reviewer = content.team.member(reviewed_by).unwrap();
            let shown = text(note);
            assert!(shown.contains(&reviewer.name) && shown.contains(&reviewer.degrees), "{path}: {shown}");
            assert!(shown.contains(&reviewer.registration.as_ref().unwrap().number), "{path}: {shown}");
            let dates: Vec<String> = select(&doc, ".review-note time")
                .into_iter()
                .map(|t| t.value().attr("datetime").unwrap().to_owned())
                .collect();
            assert_eq!(dates, [last.to_string(), next_review(last, years).to_string()], "{path}");
            checked += 1;
        }
    }
    // The fixture's 11 articles (face-failures in both editions) and 6 services.
    assert_eq!(checked, 2 * (11 + 6), "every article and service page of both editions");
    // As a reader sees it: the spec's date format, five years on (the fixture's reviewIntervalYears).
    let doc = document(&state, "/blog/insomnia").await;
    assert_eq!(
        text(one(&doc, ".review-note p:last-child")),
        "Last reviewed: 10 January 2026 · Next review due: 10 January 2031"
    );
    let doc = document(&state, "/hi/blog/insomnia").await;
    assert_eq!(text(one(&doc, ".review-note p:last-child")), "पिछली जाँच: 10 जनवरी 2026 · अगली जाँच: 10 जनवरी 2031");
}

#[tokio::test]
async fn a_page_past_its_review_date_is_listed_in_readyz_from_the_day_it_passes_and_is_still_served() {
    let due = next_review(date(2026, 1, 10), 5);
    let clock = Arc::new(FixedClock(Mutex::new(due)));
    let state = state_with(engine(), PoolConfig { workers: 2, queue: 64 }, true, Arc::clone(&clock));
    assert!(state.site.prerender_all().await.is_empty());
    let readyz = page_text(get(&state, "/readyz").await).await;
    assert!(!readyz.contains("past their review date"), "{readyz}");
    assert!(state.site.snapshot().overdue.is_empty());

    // The next day every clinical page of the fixture is overdue (all were reviewed on 2026-01-10): 11
    // articles, 10 Hindi twins and 2 x 6 services.
    *clock.0.lock().unwrap() = due.succ_opt().unwrap();
    assert!(state.site.rebuild(None).await.expect("a new date rebuilds").is_empty());
    let response = get(&state, "/readyz").await;
    assert_eq!(response.status(), StatusCode::OK, "still ready: the pages are served");
    let readyz = page_text(response).await;
    assert!(readyz.contains("clinical pages past their review date: 33\n"), "{readyz}");
    assert!(readyz.contains("  /blog/insomnia (blog/insomnia.toml) was due for review on 2031-01-10"), "{readyz}");
    assert!(readyz.contains("  /hi/services/telepsychiatry (hi/services/telepsychiatry.toml) was due"), "{readyz}");
    assert_eq!(state.site.snapshot().overdue.len(), 33);
    // Visitors still see the page and its dates.
    let page = get(&state, "/blog/insomnia").await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page_text(page).await.contains("<time dateTime=\"2031-01-10\">10 January 2031</time>"));
}
