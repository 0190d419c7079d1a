//! The house style of the content, held by tests rather than at start-up (an editor must always be
//! able to publish an urgent correction; the safety rules are the start-up's, `content::safety`):
//! the Hindi glossary of `content/hi/glossary.toml`, and plain-language sentence lengths in both
//! languages. A failure names the file, the field and what to write instead.

mod common;

use std::path::{Path, PathBuf};

use clinic_site::content::safety::{sentences, texts};
use clinic_site::i18n::Lang;
use common::CONTENT_DIR;
use serde::Deserialize;

/// No sentence a visitor reads is longer than this, in either language.
const MAX_SENTENCE_WORDS: usize = 40;
/// Each Hindi article's sentences average at most this many words.
const MAX_HINDI_ARTICLE_AVERAGE: f64 = 22.0;

/// Fields that hold data, not text a visitor reads as sentences.
const DATA_FIELDS: &[&str] = &[
    "bookingUrl",
    "code",
    "country",
    "date",
    "day",
    "email",
    "extraTags",
    "lang",
    "mapsUrl",
    "number",
    "phones",
    "postalCode",
    "services",
    "src",
    "tags",
    "time",
    "times",
    "updated",
    "url",
    "whatsappNumber",
];

/// One file's texts a visitor reads, by field, in the file's order.
#[derive(Clone)]
struct File {
    name: String,
    lang: Lang,
    texts: Vec<(String, String)>,
}

impl File {
    fn is_article(&self) -> bool {
        self.name.contains("blog/")
    }
}

fn is_data(field: &str) -> bool {
    let last = field.rsplit('.').next().unwrap_or(field);
    let key = last.split('[').next().unwrap_or(last);
    DATA_FIELDS.contains(&key)
}

/// The fields of the pages whose order differs from their file's, in the order the page shows them.
/// An article shows its conclusion last, after the diagnosis and remedies that follow it in the file;
/// a service shows its hero before its title; the home page its location and banner after the
/// questions. No page shows its `description` (a list's card, a search snippet): every other page
/// shows its fields in the file's order without it.
const PAGE_ORDERS: &[(&str, &[&str])] = &[
    ("blog/", &["title", "text1", "crux", "hookTitle", "hookText", "keyPoints", "diagnosis", "remedies", "conclusion"]),
    ("services/", &["hero", "title", "intro", "benefits", "benefitBullets", "steps", "whyChoose", "faqs", "cta"]),
    (
        "home.toml",
        &[
            "hero",
            "about",
            "reviews",
            "consultations",
            "whyChooseUs",
            "process",
            "testimonials",
            "faqs",
            "location",
            "banner",
        ],
    ),
];

fn in_page_order(name: &str, texts: Vec<(String, String)>) -> Vec<(String, String)> {
    let top = |field: &str| field.split(['.', '[']).next().unwrap_or(field).to_owned();
    let Some((_, order)) = PAGE_ORDERS.iter().find(|(kind, _)| name.contains(kind)) else {
        return texts.into_iter().filter(|(field, _)| top(field) != "description").collect();
    };
    order.iter().flat_map(|key| texts.iter().filter(move |(field, _)| top(field) == *key).cloned()).collect()
}

fn json_texts(value: &serde_json::Value, path: String, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::String(text) => out.push((path, text.clone())),
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                json_texts(value, if path.is_empty() { key.clone() } else { format!("{path}.{key}") }, out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                json_texts(item, format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// Every content file and the interface's strings, in both languages.
fn files() -> Vec<File> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "toml") && !path.ends_with("hi/glossary.toml") {
                out.push(path);
            }
        }
    }
    let root = Path::new(CONTENT_DIR);
    let mut paths = Vec::new();
    walk(root, &mut paths);
    let mut files: Vec<File> = paths
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let table: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            // face-failures is written in Hindi and has no English twin.
            let lang = if name.starts_with("hi/") || name == "blog/face-failures.toml" { Lang::Hi } else { Lang::En };
            let texts = texts(&table).into_iter().filter(|(field, _)| !is_data(field)).collect();
            File { name, lang, texts }
        })
        .collect();
    for (lang, file) in [(Lang::En, "en.json"), (Lang::Hi, "hi.json")] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("client/i18n").join(file);
        let value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut texts = Vec::new();
        json_texts(&value, String::new(), &mut texts);
        files.push(File { name: format!("client/i18n/{file}"), lang, texts });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(files.len() > 60, "found only {} files", files.len());
    files
}

fn hindi() -> Vec<File> {
    files().into_iter().filter(|f| f.lang == Lang::Hi).collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Glossary {
    words: Vec<Word>,
    glosses: Vec<Gloss>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Word {
    #[serde(rename = "use")]
    preferred: String,
    not: Vec<String>,
    /// Refused only as a whole word, not inside a longer one.
    #[serde(default)]
    whole: bool,
    #[serde(default)]
    #[allow(dead_code)] // for the reader of the glossary
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
struct Gloss {
    term: String,
    /// What the bracket after the term's first use contains.
    #[serde(default)]
    gloss: String,
    /// An English term whose first use stands in the bracket after its plain Hindi explanation instead.
    #[serde(default)]
    explained_before: bool,
}

fn glossary() -> Glossary {
    let path = Path::new(CONTENT_DIR).join("hi/glossary.toml");
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const NUKTA: char = '\u{093C}';

/// A letter or a mark of a word: a Devanagari vowel sign, virama or nukta counts as part of its word,
/// the danda (।, ॥) does not.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || (('\u{0900}'..='\u{097F}').contains(&c) && !matches!(c, '।' | '॥'))
}

/// Where `form` occurs in `text` starting a word, and not as the nukta-less part of a nukta letter.
fn occurrences<'a>(text: &'a str, form: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(form).map(|(at, _)| at).filter(move |&at| {
        let starts_word = !text[..at].chars().next_back().is_some_and(is_word_char);
        let nukta_follows = text[at + form.len()..].starts_with(NUKTA);
        starts_word && !nukta_follows
    })
}

#[test]
fn the_glossary_refuses_no_form_it_prefers() {
    let glossary = glossary();
    for word in &glossary.words {
        assert!(!word.not.is_empty(), "{}: lists no refused form", word.preferred);
        for form in &word.not {
            assert_eq!(
                occurrences(&word.preferred, form).count(),
                0,
                "{}: refuses its own form {form}",
                word.preferred
            );
        }
    }
    // The matcher the tests rely on.
    assert_eq!(occurrences("दो हफ्ते", "हफ्त").count(), 1);
    assert_eq!(occurrences("सिर्फ़ एक", "सिर्फ").count(), 0);
    assert_eq!(occurrences("मनोचिकित्सक", "चिकित्सक").count(), 0);
    assert_eq!(occurrences("वह ख़ुश थी।खुश", "खुश").count(), 1);
}

#[test]
fn the_hindi_content_uses_the_glossarys_words() {
    let glossary = glossary();
    let mut found = Vec::new();
    // Every file: the English ones carry Hindi too (the language switch names "हिंदी").
    for file in files() {
        for (field, text) in &file.texts {
            for word in &glossary.words {
                for form in &word.not {
                    let refused = occurrences(text, form)
                        .any(|at| !word.whole || !text[at + form.len()..].chars().next().is_some_and(is_word_char));
                    if refused {
                        found.push(format!("{} {field}: \"{form}\", write \"{}\"", file.name, word.preferred));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "refused forms in the Hindi content ({}):\n{}", found.len(), found.join("\n"));
}

#[test]
fn hindi_ranges_are_written_with_se() {
    // "1 से 2 हफ़्ते", not "1-2 हफ़्ते": a dash between numbers is read as a minus or a date.
    let mut found = Vec::new();
    for file in hindi() {
        for (field, text) in &file.texts {
            // A run of digits and dashes with exactly two numbers: "2-4", not a phone number "1-800-891-4416".
            let runs = text.split(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '–' | '—')));
            for run in runs {
                let numbers: Vec<&str> = run.split(['-', '–', '—']).collect();
                if numbers.len() == 2 && numbers.iter().all(|n| !n.is_empty()) {
                    found.push(format!("{} {field}: \"{run}\", write the range with से", file.name));
                }
            }
        }
    }
    assert!(found.is_empty(), "ranges with a dash ({}):\n{}", found.len(), found.join("\n"));
}

/// Files whose texts are shared by every page (the footer's, the tag labels, the interface's words): a
/// gloss belongs on the pages themselves.
fn is_shared(name: &str) -> bool {
    matches!(name, "hi/site.toml" | "hi/categories.toml") || name.starts_with("client/")
}

#[test]
fn a_glossed_term_is_explained_at_its_first_use_on_the_page() {
    let glossary = glossary();
    let mut found = Vec::new();
    for file in hindi().into_iter().filter(|f| !is_shared(&f.name)) {
        for gloss in &glossary.glosses {
            let first = in_page_order(&file.name, file.texts.clone())
                .into_iter()
                .filter(|(field, _)| !field.ends_with("alt") && !field.ends_with("Alt"))
                .find_map(|(field, text)| {
                    let at = occurrences(&text, &gloss.term).next();
                    at.map(|at| (field, text, at))
                });
            let Some((field, text, at)) = first else { continue };
            if gloss.explained_before {
                // "ग़लत बात पर पक्का यक़ीन (डिल्यूज़न)": the bracket opens right before the term, after words.
                let explained = text[..at].strip_suffix('(').is_some_and(|before| words(before) > 0);
                if !explained {
                    found.push(format!(
                        "{} {field}: the page's first \"{}\" stands in brackets after its plain explanation: \"… ({})\"",
                        file.name, gloss.term, gloss.term
                    ));
                }
                continue;
            }
            // The rest of the term's last word ("मनोचिकित्सकों"), then the bracket.
            let after = &text[at + gloss.term.len()..];
            let word_end = after.char_indices().find(|&(_, c)| !is_word_char(c)).map_or(after.len(), |(i, _)| i);
            let explained = after[word_end..]
                .strip_prefix(" (")
                .and_then(|rest| rest.split_once(')'))
                .is_some_and(|(inside, _)| inside.contains(&gloss.gloss));
            if !explained {
                found.push(format!(
                    "{} {field}: the page's first \"{}\" needs its explanation: \"{} ({}…)\"",
                    file.name, gloss.term, gloss.term, gloss.gloss
                ));
            }
        }
    }
    assert!(found.is_empty(), "terms without their explanation at first use ({}):\n{}", found.len(), found.join("\n"));
}

fn words(sentence: &str) -> usize {
    sentence.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}

/// Each sentence of `files` with its length, file and field, longest first.
fn sentence_lengths(files: &[File]) -> Vec<(usize, String, String, String)> {
    let mut all: Vec<_> = files
        .iter()
        .flat_map(|file| {
            file.texts.iter().flat_map(move |(field, text)| {
                sentences(text).map(move |s| (words(s), file.name.clone(), field.clone(), s.trim().to_owned()))
            })
        })
        .collect();
    all.sort_by_key(|l| std::cmp::Reverse(l.0));
    all
}

fn report(lengths: &[(usize, String, String, String)]) -> String {
    lengths.iter().map(|(n, file, field, s)| format!("{n} words, {file} {field}: {s}")).collect::<Vec<_>>().join("\n")
}

#[test]
fn no_sentence_is_longer_than_40_words_in_either_language() {
    let files = files();
    // The figures an editor compares before and after a change (`-- --nocapture`).
    for lang in [Lang::En, Lang::Hi] {
        for (what, articles) in [("all texts", false), ("articles", true)] {
            let chosen: Vec<File> =
                files.iter().filter(|f| f.lang == lang && (!articles || f.is_article())).cloned().collect();
            let lengths = sentence_lengths(&chosen);
            let words: usize = lengths.iter().map(|l| l.0).sum();
            println!(
                "{lang:?} {what}: {} sentences, {:.1} words on average, {} over {MAX_SENTENCE_WORDS}, longest {}",
                lengths.len(),
                words as f64 / lengths.len() as f64,
                lengths.iter().filter(|l| l.0 > MAX_SENTENCE_WORDS).count(),
                lengths.first().map_or(0, |l| l.0)
            );
        }
    }
    let lengths = sentence_lengths(&files);
    let long: Vec<_> = lengths.iter().filter(|(n, ..)| *n > MAX_SENTENCE_WORDS).cloned().collect();
    assert!(
        long.is_empty(),
        "{} sentences over {MAX_SENTENCE_WORDS} words; split them:\n{}",
        long.len(),
        report(&long)
    );
}

#[test]
fn hindi_articles_average_at_most_22_words_a_sentence() {
    let mut over = Vec::new();
    let mut summary = Vec::new();
    for file in hindi().into_iter().filter(File::is_article) {
        let lengths = sentence_lengths(std::slice::from_ref(&file));
        let average = lengths.iter().map(|l| l.0).sum::<usize>() as f64 / lengths.len() as f64;
        summary.push(format!("{average:.1} {}", file.name));
        if average > MAX_HINDI_ARTICLE_AVERAGE {
            over.push(format!("{}: {average:.1} words a sentence; its longest:\n{}", file.name, report(&lengths[..5])));
        }
    }
    println!("{}", summary.join("\n"));
    assert!(
        over.is_empty(),
        "Hindi articles over {MAX_HINDI_ARTICLE_AVERAGE} words a sentence:\n{}",
        over.join("\n\n")
    );
}

#[test]
fn the_sentence_counter_splits_both_scripts() {
    let hindi: Vec<_> = sentences("नींद ज़रूरी है। क्या आप थके हैं? हाँ!").collect();
    assert_eq!(hindi.len(), 3);
    let english: Vec<_> = sentences("Sleep matters. Are you tired? Yes.").collect();
    assert_eq!(english.len(), 3);
    assert_eq!(words("अनिद्रा (इन्सोम्निया) — एक आम समस्या है।"), 6);
}
