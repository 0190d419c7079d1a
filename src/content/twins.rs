//! Each Hindi file mirrors its English twin: the same fields, the same number of items (FAQs, steps,
//! key points, cards, landmarks, testimonials) and the same values that name no language (pictures,
//! dates, numbers, tags, opening-hours keys). So an English edit the Hindi has not followed stops
//! start-up with the file and field named, instead of showing a page that says less in Hindi.

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::ContentError;
use crate::i18n::Lang;

/// Values that name no language: they must be the same in both twins.
const SHARED: &[&str] = &[
    "src",
    "width",
    "height",
    "date",
    "updated",
    "number",
    "count",
    "stars",
    "tags",
    "extraTags",
    "day",
    "times",
    "services",
    "url",
    "phones",
    "email",
    "geo",
    "postalCode",
    "key",
    "doctor",
    "reviewedBy",
    "lastReviewed",
    "reviewIntervalYears",
];
/// Fields only a translation has: how it shows the English tags.
const TRANSLATION_ONLY: &[&str] = &["tagLabels"];

/// The files one edition read: every one it looked for, and the tables of those that parsed.
pub struct Files<'a> {
    pub lang: Lang,
    pub attempted: &'a BTreeSet<String>,
    pub tables: &'a BTreeMap<String, Table>,
}

/// Where the translation differs from the English in its files or their shape. An English file
/// written in the translation's language already (`lang = "hi"`) is shown in both editions as it is,
/// and has no twin.
pub fn problems(english: &Files, translation: &Files) -> Vec<ContentError> {
    let dir = translation.lang.content_dir();
    let mut found = Vec::new();
    let mut add = |file: &str, message: String| found.push(ContentError { file: format!("{dir}{file}"), message });
    for file in english.attempted {
        let written_here = english
            .tables
            .get(file)
            .and_then(|t| t.get("lang"))
            .is_some_and(|lang| lang.as_str() == Some(translation.lang.code()));
        match (written_here, translation.attempted.contains(file)) {
            (true, true) => {
                add(file, format!("{file} is written in this language already and is shown as it is: remove this copy"))
            }
            (false, false) => add(file, format!("missing: every English file needs its twin here ({file})")),
            _ => {}
        }
    }
    for file in translation.attempted.iter().filter(|f| !english.attempted.contains(*f)) {
        add(file, format!("there is no English {file}: a page exists in every language or in none"));
    }
    for (file, table) in translation.tables {
        if let Some(en) = english.tables.get(file) {
            let mut differences = Vec::new();
            compare(&Value::Table(en.clone()), &Value::Table(table.clone()), "", &mut differences);
            for difference in differences {
                add(file, difference);
            }
        }
    }
    found
}

/// Where `translation` differs in shape from `english`, or changes a shared value.
fn compare(english: &Value, translation: &Value, path: &str, out: &mut Vec<String>) {
    match (english, translation) {
        (Value::Table(en), Value::Table(tr)) => {
            let at = |key: &str| if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") };
            for (key, e) in en {
                match tr.get(key) {
                    Some(t) if SHARED.contains(&key.as_str()) && e != t => {
                        out.push(format!("{}: must stay {e} as in English, is {t}", at(key)))
                    }
                    Some(t) => compare(e, t, &at(key), out),
                    None => out.push(format!("{}: missing (the English file has it)", at(key))),
                }
            }
            for key in tr.keys().filter(|k| !en.contains_key(*k) && !TRANSLATION_ONLY.contains(&k.as_str())) {
                out.push(format!("{}: not in the English file", at(key)));
            }
        }
        (Value::Array(en), Value::Array(tr)) if en.len() != tr.len() => {
            out.push(format!("{path}: {} items in English, {} here: the same number in each", en.len(), tr.len()))
        }
        (Value::Array(en), Value::Array(tr)) => {
            for (i, (e, t)) in en.iter().zip(tr).enumerate() {
                compare(e, t, &format!("{path}[{i}]"), out);
            }
        }
        (e, t) if e.type_str() != t.type_str() => {
            out.push(format!("{path}: {} in English, {} here", e.type_str(), t.type_str()))
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        toml::from_str(text).unwrap()
    }

    fn differences(en: &str, hi: &str) -> Vec<String> {
        let mut out = Vec::new();
        compare(&Value::Table(table(en)), &Value::Table(table(hi)), "", &mut out);
        out
    }

    #[test]
    fn a_dropped_item_a_missing_field_and_a_changed_shared_value_are_named() {
        let en = "date = \"2024-01-01\"\nfaqs = [{ question = \"Q\", answer = \"A\" }, { question = \"Q2\", answer = \"A2\" }]";
        let hi = "date = \"2024-01-02\"\nfaqs = [{ question = \"प्र\" }]";
        assert_eq!(
            differences(en, hi),
            [
                "date: must stay \"2024-01-01\" as in English, is \"2024-01-02\"",
                "faqs: 2 items in English, 1 here: the same number in each"
            ]
        );
        let hi = "date = \"2024-01-01\"\nfaqs = [{ question = \"प्र\" }, { question = \"प्र2\", answer = \"उ2\" }]";
        assert_eq!(differences(en, hi), ["faqs[0].answer: missing (the English file has it)"]);
    }

    #[test]
    fn texts_may_differ_and_only_a_translation_labels_tags() {
        let en = "title = \"Sleep\"\ntags = [\"sleep\"]\nhero = { image = { src = \"/images/a.svg\", alt = \"Bed\" } }";
        let hi = "title = \"नींद\"\ntags = [\"sleep\"]\nhero = { image = { src = \"/images/a.svg\", alt = \"बिस्तर\" } }\ntagLabels = { sleep = \"नींद\" }";
        assert_eq!(differences(en, hi), Vec::<String>::new());
        assert_eq!(differences(&format!("{en}\nextra = 1"), hi), ["extra: missing (the English file has it)"]);
        assert_eq!(differences(en, &format!("{hi}\nextra = 1")), ["extra: not in the English file"]);
        let retagged = hi.replace("tags = [\"sleep\"]", "tags = [\"नींद\"]");
        assert_eq!(differences(en, &retagged), ["tags: must stay [\"sleep\"] as in English, is [\"नींद\"]"]);
    }

    #[test]
    fn every_file_has_its_twin_except_one_written_in_the_translations_language() {
        let set = |files: &[&str]| files.iter().map(|f| f.to_string()).collect::<BTreeSet<_>>();
        let en_attempted = set(&["site.toml", "blog/a.toml", "blog/hindi.toml"]);
        let en_tables: BTreeMap<String, Table> = [
            ("site.toml".to_owned(), table("name = \"X\"")),
            ("blog/a.toml".to_owned(), table("title = \"A\"")),
            ("blog/hindi.toml".to_owned(), table("title = \"अ\"\nlang = \"hi\"")),
        ]
        .into();
        let hi_attempted = set(&["site.toml", "blog/extra.toml"]);
        let hi_tables: BTreeMap<String, Table> = [("site.toml".to_owned(), table("name = \"क\""))].into();
        let english = Files { lang: Lang::En, attempted: &en_attempted, tables: &en_tables };
        let hindi = Files { lang: Lang::Hi, attempted: &hi_attempted, tables: &hi_tables };
        let found: Vec<String> = problems(&english, &hindi).iter().map(ToString::to_string).collect();
        assert_eq!(
            found,
            [
                "hi/blog/a.toml: missing: every English file needs its twin here (blog/a.toml)",
                "hi/blog/extra.toml: there is no English blog/extra.toml: a page exists in every language or in none",
            ]
        );
    }
}
