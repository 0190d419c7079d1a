//! The lines that answer at any hour, free: the emergency number 112 and Tele-MANAS 14416, the Government of
//! India's mental health helpline. `client/lib/helplines.json` holds the numbers for both sides: the pages the
//! browser draws (footer, offline page) and what Rust checks and writes (the content's safety rules, the
//! error pages).

use std::sync::LazyLock;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Helplines {
    pub emergency: &'static str,
    pub tele_manas: &'static str,
}

pub static HELPLINES: LazyLock<Helplines> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../client/lib/helplines.json"))
        .expect("client/lib/helplines.json names the emergency and teleManas numbers")
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_indias_emergency_number_and_tele_manas() {
        assert_eq!((HELPLINES.emergency, HELPLINES.tele_manas), ("112", "14416"));
    }
}
