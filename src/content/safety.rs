//! Clinical safety rules that hold for every text, whoever edits it (checked on the raw TOML of each
//! file, so they cover every field of every page in both languages):
//! - a page that speaks of suicide or self-harm also gives the emergency number 112 and Tele-MANAS
//!   14416, so a reader at risk never has to look elsewhere for help;
//! - only those two lines are promised around the clock: the clinic keeps its opening hours, and a
//!   sentence offering help "24x7" that names neither would promise care nobody staffs.

use super::ContentError;
use crate::i18n::helplines::HELPLINES;

/// Lower-case fragments that speak of suicide or self-harm.
const CRISIS_WORDS: &[&str] = &[
    "suicid",
    "self-harm",
    "self harm",
    "harm themselves",
    "harming themselves",
    "harmed themselves",
    "harm yourself",
    "harming yourself",
    "harm herself",
    "harm himself",
    "end their life",
    "ending their life",
    "end your life",
    "ending your life",
    "end my life",
    "wanting to die",
    "want to die",
    "wants to die",
    "not wanting to live",
    "आत्महत्या",
    "खुद को नुकसान",
    "जीवन समाप्त",
    "जान देने",
];

/// Lower-case fragments that promise help at every hour.
const ROUND_THE_CLOCK: &[&str] =
    &["24x7", "24/7", "24 x 7", "around the clock", "round the clock", "round-the-clock", "चौबीसों घंटे", "24 घंटे"];

/// The names of the only lines that answer at every hour (`HELPLINES` has their numbers); a sentence
/// promising that must name one of them.
const ROUND_THE_CLOCK_NAMES: &[&str] = &["tele-manas", "टेली-मानस"];

/// Fields that name topics rather than tell the reader anything.
const LABEL_FIELDS: &[&str] = &["tags", "extraTags", "tagLabels"];

/// The safety problems of one parsed file, each naming the field where it starts.
pub fn problems(file: &str, table: &toml::Table) -> Vec<ContentError> {
    let texts = texts(table);
    let mut problems = Vec::new();
    let mut add = |message: String| problems.push(ContentError { file: file.to_owned(), message });

    let all = texts.iter().map(|(_, text)| text.as_str()).collect::<Vec<_>>().join("\n");
    if let Some((field, _)) = texts.iter().find(|(_, text)| speaks_of_suicide_or_self_harm(text)) {
        let missing = missing_helplines(&all);
        if !missing.is_empty() {
            add(format!(
                "{field}: speaks of suicide or self-harm, so this page must also give the emergency number 112 \
                 and Tele-MANAS 14416 (missing: {})",
                missing.join(", ")
            ));
        }
    }
    for (field, text) in &texts {
        for sentence in sentences(text) {
            if mentions(sentence, ROUND_THE_CLOCK) && !names_a_round_the_clock_line(sentence) {
                add(format!(
                    "{field}: \"{}\" promises help at every hour, which only Tele-MANAS 14416 and 112 give: \
                     name them in that sentence, or give the clinic's own hours",
                    sentence.trim()
                ));
            }
        }
    }
    problems
}

/// Every text of a file with its field path (`faqs[2].answer`), labels left out.
pub fn texts(table: &toml::Table) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    collect(&toml::Value::Table(table.clone()), String::new(), &mut texts);
    texts
}

fn collect(value: &toml::Value, path: String, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::String(text) => out.push((path, text.clone())),
        toml::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect(item, format!("{path}[{i}]"), out);
            }
        }
        toml::Value::Table(table) => {
            for (key, item) in table.iter().filter(|(key, _)| !LABEL_FIELDS.contains(&key.as_str())) {
                let path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                collect(item, path, out);
            }
        }
        _ => {}
    }
}

pub fn speaks_of_suicide_or_self_harm(text: &str) -> bool {
    mentions(text, CRISIS_WORDS)
}

/// Which of 112 and Tele-MANAS 14416 `text` does not give.
pub fn missing_helplines(text: &str) -> Vec<&'static str> {
    [HELPLINES.emergency, HELPLINES.tele_manas].into_iter().filter(|n| !has_number(text, n)).collect()
}

fn names_a_round_the_clock_line(sentence: &str) -> bool {
    mentions(sentence, ROUND_THE_CLOCK_NAMES) || missing_helplines(sentence).len() < 2
}

/// Whether `text` contains one of `fragments`, ignoring case and the nukta: the Hindi house style
/// writes ख़ुद को नुक़सान, an editor may write खुद को नुकसान, and both speak of self-harm.
fn mentions(text: &str, fragments: &[&str]) -> bool {
    let plain = |s: &str| s.to_lowercase().replace('\u{093C}', "");
    let text = plain(text);
    fragments.iter().any(|f| text.contains(&plain(f)))
}

/// `number` as a whole number: "112" is in "dial 112." but not in "1120".
fn has_number(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + number.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// The sentences of `text`, each with its closing punctuation.
pub fn sentences(text: &str) -> impl Iterator<Item = &str> {
    // A sentence ends at । . ? or !, with any closing quotes or brackets, before a space or the end:
    // "…safe.' Keep…" is two sentences; "2.5 mg" and "e.g.," are one. A quotation inside a sentence does
    // not end it: after a stop within quotes, a word in lower case ("'Will I forget?' she asks") or, in
    // Hindi, a question or exclamation in quotes ("“क्या मैं भूल जाऊँगा?” यह डर") goes on with the sentence.
    const ENDS: [char; 4] = ['।', '.', '?', '!'];
    const QUOTES: [char; 5] = ['\'', '"', '’', '”', '»'];
    const CLOSING: [char; 6] = ['\'', '"', '’', '”', ')', '»'];
    let mut cuts = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if !ENDS.contains(&c) {
            continue;
        }
        let mut mark = c;
        let mut quoted = false;
        while let Some((_, next)) = chars.next_if(|&(_, c)| CLOSING.contains(&c) || ENDS.contains(&c)) {
            if ENDS.contains(&next) {
                mark = next;
            }
            quoted |= QUOTES.contains(&next);
        }
        match chars.peek() {
            None => cuts.push(text.len()),
            Some(&(at, next)) if next.is_whitespace() => {
                let word = text[at..].trim_start().chars().next();
                let goes_on = quoted
                    && word.is_some_and(|w| {
                        w.is_lowercase() || (('\u{0900}'..='\u{097F}').contains(&w) && matches!(mark, '?' | '!'))
                    });
                if !goes_on {
                    cuts.push(at);
                }
            }
            Some(_) => {}
        }
    }
    let mut start = 0;
    let mut pieces = Vec::new();
    for cut in cuts.into_iter().chain([text.len()]) {
        pieces.push(&text[start..cut]);
        start = cut;
    }
    pieces.into_iter().filter(|s| !s.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_harm_is_recognised_with_or_without_the_nukta() {
        for text in ["ख़ुद को नुक़सान पहुँचाने के विचार", "खुद को नुकसान पहुँचाने के विचार", "ख़ुद को नुकसान"]
        {
            assert!(speaks_of_suicide_or_self_harm(text), "{text}");
        }
    }

    #[test]
    fn sentences_end_at_a_stop_with_its_closing_quotes() {
        let split = |t| sentences(t).map(str::trim).collect::<Vec<_>>();
        assert_eq!(
            split("Say, 'I am here.' Then listen. Ask? Yes!"),
            ["Say, 'I am here.'", "Then listen.", "Ask?", "Yes!"]
        );
        assert_eq!(split("नींद ज़रूरी है। क्या आप थके हैं? “हाँ।” ठीक"), ["नींद ज़रूरी है।", "क्या आप थके हैं?", "“हाँ।”", "ठीक"]);
        assert_eq!(split("Take 2.5 mg, e.g., at night."), ["Take 2.5 mg, e.g., at night."]);
        // A quoted question is part of the sentence around it.
        assert_eq!(
            split("Thoughts like 'What if I forget?' and 'Everyone will laugh!' grow. Then they fade."),
            ["Thoughts like 'What if I forget?' and 'Everyone will laugh!' grow.", "Then they fade."]
        );
        assert_eq!(split("“क्या मैं भूल जाऊँगा?” यह डर आम है। “हाँ।” ठीक"), ["“क्या मैं भूल जाऊँगा?” यह डर आम है।", "“हाँ।”", "ठीक"]);
    }

    fn check(toml_text: &str) -> Vec<String> {
        problems("blog/x.toml", &toml::from_str(toml_text).unwrap()).into_iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn a_page_on_self_harm_must_give_both_numbers() {
        assert_eq!(
            check(r#"faqs = [{ question = "Q", answer = "Some people think of self-harm." }]"#),
            ["blog/x.toml: faqs[0].answer: speaks of suicide or self-harm, so this page must also give the emergency number 112 and Tele-MANAS 14416 (missing: 112, 14416)"]
        );
        let one = check("text1 = [\"After a suicide attempt, go to hospital.\", \"Call 112.\"]");
        assert_eq!(one.len(), 1);
        assert!(one[0].starts_with("blog/x.toml: text1[0]: ") && one[0].ends_with("(missing: 14416)"), "{one:?}");
        // The numbers may stand anywhere on the page, but only as whole numbers.
        assert_eq!(
            check("a = \"thoughts of ending your life\"\nb.c = \"Tele-MANAS 14416 or 112.\""),
            [] as [String; 0]
        );
        assert_eq!(check("a = \"thoughts of ending your life\"\nb = \"call 1120 or 144160\"").len(), 1);
    }

    #[test]
    fn hindi_pages_are_held_to_the_same_rule() {
        assert_eq!(check("a = \"आत्महत्या के विचार आएँ तो मदद लें।\"").len(), 1);
        assert_eq!(check("a = \"आत्महत्या के विचार आएँ तो टेली-मानस 14416 या 112 पर कॉल करें।\""), [] as [String; 0]);
    }

    #[test]
    fn tags_are_labels_not_advice() {
        assert_eq!(check("tags = [\"suicide prevention\"]"), [] as [String; 0]);
    }

    #[test]
    fn only_the_helplines_are_promised_around_the_clock() {
        let problems =
            check("a = \"Our support line is answered around the clock. Tele-MANAS on 14416 is free and 24x7.\"");
        assert_eq!(
            problems,
            ["blog/x.toml: a: \"Our support line is answered around the clock.\" promises help at every hour, which only Tele-MANAS 14416 and 112 give: name them in that sentence, or give the clinic's own hours"]
        );
        assert_eq!(check("a = \"टेली-मानस 14416 चौबीसों घंटे उपलब्ध है। हम चौबीसों घंटे खुले हैं।\"").len(), 1);
    }

    #[test]
    fn whole_numbers_only() {
        assert!(has_number("dial 112.", "112"));
        assert!(has_number("(112)", "112"));
        assert!(!has_number("1-800-891-4416", "14416"));
        assert!(!has_number("1120", "112"));
    }
}
