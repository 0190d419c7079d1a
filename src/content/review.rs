//! Who last reviewed each clinical page (every article and service page, in both languages), when, and
//! when its next review is due, as the most trusted health sites show it. The reviewer is a team member
//! named by key, so their name, qualifications and registration come from `team.toml` alone. A page past
//! its due date is still shown, with its dates; the operator is told (`overdue`): in the log when the
//! content is loaded and every day the date changes, in `/readyz`'s body and in a metric.

use std::fmt;

use chrono::{Months, NaiveDate};
use serde::Serialize;
use ts_rs::TS;

use super::sections::Practitioner;
use super::{Content, Editions};

/// What a clinical page shows of its review.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReviewNote<'a> {
    pub reviewer: Practitioner<'a>,
    #[ts(type = "string")]
    pub last_reviewed: NaiveDate,
    #[ts(type = "string")]
    pub next_review: NaiveDate,
}

impl<'a> ReviewNote<'a> {
    /// The note of a page reviewed by `reviewed_by` on `last_reviewed`. None when the key names no team
    /// member, which the content checks refuse at load.
    pub fn of(content: &'a Content, reviewed_by: &str, last_reviewed: NaiveDate) -> Option<Self> {
        let reviewer = content.team.member(reviewed_by)?.into();
        let next_review = next_review(last_reviewed, content.site.review_interval_years);
        Some(ReviewNote { reviewer, last_reviewed, next_review })
    }
}

/// When a page reviewed on `last` is due again, `years` later (the last day of the month when the day
/// does not exist then: 29 February).
pub fn next_review(last: NaiveDate, years: u32) -> NaiveDate {
    last.checked_add_months(Months::new(years.saturating_mul(12))).unwrap_or(NaiveDate::MAX)
}

/// A clinical page whose next review is past.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overdue {
    /// Relative to the content root.
    pub file: String,
    pub path: String,
    pub due: NaiveDate,
}

impl fmt::Display for Overdue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}) was due for review on {}", self.path, self.file, self.due)
    }
}

/// Every clinical page of both editions, once each, with its file, path, reviewer key and last review.
pub fn clinical_pages(content: &Content) -> impl Iterator<Item = (String, &str, &str, NaiveDate)> {
    let dir = content.lang.content_dir();
    // An article shown in an edition other than its file's is its own edition's to report.
    let articles = content.articles.iter().filter(|a| a.path == a.canonical_path);
    let articles = articles.map(|a| (a.file(), a.path.as_str(), a.reviewed_by.as_str(), a.last_reviewed));
    let services = content.services.iter().map(move |s| {
        (format!("{dir}services/{}.toml", s.slug), s.path.as_str(), s.reviewed_by.as_str(), s.last_reviewed)
    });
    articles.chain(services)
}

/// The clinical pages of both editions whose next review is before `today`, soonest due first.
pub fn overdue(editions: &Editions, today: NaiveDate) -> Vec<Overdue> {
    let mut found: Vec<Overdue> = editions
        .iter()
        .flat_map(|content| {
            let years = content.site.review_interval_years;
            clinical_pages(content).filter_map(move |(file, path, _, last)| {
                let due = next_review(last, years);
                (due < today).then(|| Overdue { file, path: path.to_owned(), due })
            })
        })
        .collect();
    found.sort_by(|a, b| (a.due, &a.path).cmp(&(b.due, &b.path)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::fixture;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_next_review_is_the_interval_later() {
        assert_eq!(next_review(date(2026, 11, 25), 3), date(2029, 11, 25));
        assert_eq!(next_review(date(2028, 2, 29), 1), date(2029, 2, 28));
    }

    #[test]
    fn a_page_is_overdue_the_day_after_its_due_date_in_both_editions() {
        let editions = fixture();
        let (file, path, _, last) = clinical_pages(&editions.en).find(|(_, p, _, _)| *p == "/blog/insomnia").unwrap();
        let due = next_review(last, editions.en.site.review_interval_years);
        let pages_at = |today| overdue(&editions, today);
        assert!(!pages_at(due).iter().any(|o| o.path == path));
        let late = pages_at(due.succ_opt().unwrap());
        let insomnia = late.iter().find(|o| o.path == "/blog/insomnia").expect("listed the day after");
        assert_eq!((insomnia.file.as_str(), insomnia.due), (file.as_str(), due));
        assert!(late.iter().any(|o| o.path == "/hi/blog/insomnia"), "the Hindi page too");
        // Far in the future every clinical page is overdue, each once: the fixture's 11 articles + 10 Hindi
        // twins + 2 x 6 services.
        let all = pages_at(date(2100, 1, 1));
        assert_eq!(all.len(), 11 + 10 + 12);
        assert_eq!(all.iter().filter(|o| o.path == "/blog/face-failures").count(), 1);
        assert!(all.iter().all(|o| !o.path.starts_with("/hi/blog/face-failures")));
    }
}
