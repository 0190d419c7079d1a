//! The appointment page's opening hours read as times: each entry is a weekday's English name and
//! ranges written as the page shows them, "04:00 PM-07:00 PM".

use chrono::{NaiveTime, Weekday};

use super::pages::OpeningDay;

const DAYS: [(&str, Weekday); 7] = [
    ("Monday", Weekday::Mon),
    ("Tuesday", Weekday::Tue),
    ("Wednesday", Weekday::Wed),
    ("Thursday", Weekday::Thu),
    ("Friday", Weekday::Fri),
    ("Saturday", Weekday::Sat),
    ("Sunday", Weekday::Sun),
];
const TIME_FORMAT: &str = "%I:%M %p";

/// One opening period on one weekday.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    pub day: Weekday,
    pub opens: NaiveTime,
    pub closes: NaiveTime,
}

/// The English name of a weekday, as the content writes it ("Monday").
pub fn day_name(day: Weekday) -> &'static str {
    DAYS[day.num_days_from_monday() as usize].0
}

/// Every opening period of the week in the content's order, or the first entry that is wrong: a day
/// that is not a weekday's full name or is listed twice, or a time that is not "hh:mm AM-hh:mm PM"
/// closing after it opens.
pub fn weekly(days: &[OpeningDay]) -> Result<Vec<Opening>, String> {
    let mut seen = Vec::new();
    let mut openings = Vec::new();
    for entry in days {
        let day = DAYS.iter().find(|(name, _)| *name == entry.day).map(|(_, day)| *day).ok_or_else(|| {
            format!(
                "day \"{}\" is not one of Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday",
                entry.day
            )
        })?;
        if seen.contains(&day) {
            return Err(format!("{} is listed twice", entry.day));
        }
        seen.push(day);
        for range in &entry.times {
            let (opens, closes) = parse_range(range).map_err(|e| format!("{}: \"{range}\" {e}", entry.day))?;
            openings.push(Opening { day, opens, closes });
        }
    }
    Ok(openings)
}

fn parse_range(range: &str) -> Result<(NaiveTime, NaiveTime), String> {
    let wrong = || "must be written like \"04:00 PM-07:00 PM\"".to_owned();
    let (from, to) = range.split_once('-').ok_or_else(wrong)?;
    let time = |s: &str| NaiveTime::parse_from_str(s.trim(), TIME_FORMAT).map_err(|_| wrong());
    let (opens, closes) = (time(from)?, time(to)?);
    if closes <= opens {
        return Err("must close after it opens".to_owned());
    }
    Ok((opens, closes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(name: &str, times: &[&str]) -> OpeningDay {
        OpeningDay { day: name.into(), times: times.iter().map(|t| t.to_string()).collect() }
    }

    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn twelve_hour_ranges_become_times_in_order() {
        let week = weekly(&[day("Wednesday", &["09:00 AM-01:00 PM", "04:00 PM-07:00 PM"]), day("Sunday", &[])]);
        assert_eq!(
            week.unwrap(),
            [
                Opening { day: Weekday::Wed, opens: hm(9, 0), closes: hm(13, 0) },
                Opening { day: Weekday::Wed, opens: hm(16, 0), closes: hm(19, 0) },
            ]
        );
        assert_eq!(weekly(&[day("Monday", &["12:00 AM-12:30 PM"])]).unwrap()[0].opens, hm(0, 0));
    }

    #[test]
    fn wrong_days_and_times_are_named() {
        let error = |days: &[OpeningDay]| weekly(days).unwrap_err();
        assert!(error(&[day("Mon", &[])]).starts_with("day \"Mon\" is not one of Monday"));
        assert_eq!(error(&[day("Friday", &[]), day("Friday", &[])]), "Friday is listed twice");
        assert!(error(&[day("Friday", &["4 PM to 7 PM"])]).starts_with("Friday: \"4 PM to 7 PM\" must be written"));
        assert_eq!(
            error(&[day("Friday", &["07:00 PM-04:00 PM"])]),
            "Friday: \"07:00 PM-04:00 PM\" must close after it opens"
        );
    }

    #[test]
    fn day_names_round_trip() {
        for (name, day) in DAYS {
            assert_eq!(day_name(day), name);
        }
    }
}
