//! The clinic's local date. Rendered pages depend on it (the footer's year, the appointment form's
//! earliest date), so the render cache is keyed on it.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

/// Asia/Kolkata is UTC+05:30 all year: India has kept no daylight-saving time since 1945.
const IST_OFFSET_SECONDS: i32 = 5 * 3600 + 30 * 60;

/// A source of the time and of "today" at the clinic; tests substitute a fixed date.
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;

    fn today(&self) -> NaiveDate {
        local_date(self.now())
    }
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The clinic's time zone, Asia/Kolkata.
pub fn ist() -> FixedOffset {
    FixedOffset::east_opt(IST_OFFSET_SECONDS).expect("valid offset")
}

pub fn local_date(instant: chrono::DateTime<Utc>) -> NaiveDate {
    instant.with_timezone(&ist()).date_naive()
}

/// Noon at the clinic on `date`.
pub fn local_noon(date: NaiveDate) -> DateTime<Utc> {
    let noon = date.and_hms_opt(12, 0, 0).expect("noon exists");
    noon.and_local_timezone(ist()).single().expect("fixed offsets are unambiguous").with_timezone(&Utc)
}

/// The start of a local date as an RFC 3339 time with the clinic's offset: "2024-12-24T00:00:00+05:30".
pub fn start_of_local_day(date: NaiveDate) -> String {
    date.and_time(chrono::NaiveTime::MIN)
        .and_local_timezone(ist())
        .single()
        .expect("fixed offsets are unambiguous")
        .to_rfc3339()
}

/// Time until the next local midnight, when every cached page must be rendered again.
pub fn until_next_local_midnight(now: chrono::DateTime<Utc>) -> std::time::Duration {
    let zone = ist();
    let local = now.with_timezone(&zone);
    let next = (local.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 0, 0).expect("midnight exists");
    let next = next.and_local_timezone(zone).single().expect("fixed offsets are unambiguous");
    (next - local).to_std().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_local_date_turns_at_midnight_in_patna_not_utc() {
        // 18:29 UTC is 23:59 in Patna; 18:30 UTC is 00:00 the next day.
        assert_eq!(
            local_date(Utc.with_ymd_and_hms(2026, 12, 31, 18, 29, 0).unwrap()),
            NaiveDate::from_ymd_opt(2026, 12, 31).unwrap()
        );
        assert_eq!(
            local_date(Utc.with_ymd_and_hms(2026, 12, 31, 18, 30, 0).unwrap()),
            NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
        );
    }

    #[test]
    fn a_local_date_starts_at_midnight_with_the_india_offset() {
        assert_eq!(start_of_local_day(NaiveDate::from_ymd_opt(2024, 12, 24).unwrap()), "2024-12-24T00:00:00+05:30");
    }

    #[test]
    fn next_midnight_is_counted_in_local_time() {
        let at = Utc.with_ymd_and_hms(2026, 11, 22, 18, 0, 0).unwrap(); // 23:30 in Patna
        assert_eq!(until_next_local_midnight(at), std::time::Duration::from_secs(30 * 60));
    }
}
