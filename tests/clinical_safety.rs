//! The clinical safety review of the content, held by tests: each correction that a test can check,
//! on the shipped content files and on the pages visitors get. The two rules every editor's text
//! must keep (helplines beside any mention of suicide or self-harm; nothing but the helplines
//! promised around the clock) are checked whenever content loads (`content::safety`).

mod common;

use std::path::Path;

use clinic_site::content::safety::{missing_helplines, sentences, speaks_of_suicide_or_self_harm, texts};
use common::html::{attr, document, select, text};
use common::*;

/// Every shipped content file (its path under `content/`) with its texts by field.
fn files() -> Vec<(String, Vec<(String, String)>)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, Vec<(String, String)>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let table: toml::Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let name = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.push((name, texts(&table)));
            }
        }
    }
    let root = Path::new(CONTENT_DIR);
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    assert!(out.len() > 30, "found only {} content files", out.len());
    out
}

/// All texts of one file, joined.
fn text_of(file: &str) -> String {
    let (_, texts) = files().into_iter().find(|(name, _)| name == file).unwrap_or_else(|| panic!("{file} missing"));
    texts.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join("\n")
}

fn lower_contains_any(text: &str, fragments: &[&str]) -> bool {
    let text = text.to_lowercase();
    fragments.iter().any(|f| text.contains(f))
}

#[tokio::test]
async fn every_page_that_speaks_of_suicide_or_self_harm_gives_112_and_tele_manas_to_call() {
    let state = shipped_state().await;
    let mut speaking = Vec::new();
    for (path, _) in state.site.snapshot().routes.paths() {
        let doc = document(&state, path).await;
        let own: String = select(&doc, "main").into_iter().map(text).collect();
        if !speaks_of_suicide_or_self_harm(&own) {
            continue;
        }
        speaking.push(path.to_owned());
        let whole: String = select(&doc, "body").into_iter().map(text).collect();
        assert_eq!(missing_helplines(&whole), [] as [&str; 0], "{path}");
        let links: Vec<&str> = select(&doc, "a[href^='tel:']").into_iter().map(|a| attr(a, "href")).collect();
        assert!(links.contains(&"tel:112") && links.contains(&"tel:14416"), "{path}: {links:?}");
    }
    // Pages whose own text speaks of it, and lists that show only an article's title.
    for path in [
        "/",
        "/blogs",
        "/blog/suicide-prevention",
        "/blog/suicide-impact",
        "/blog/womens-mental-health",
        "/blog/face-failures",
        "/services/medication-management",
        "/services/neuropsychiatric-care",
    ] {
        assert!(speaking.iter().any(|p| p == path), "{path} should speak of suicide or self-harm: {speaking:?}");
    }
}

#[test]
fn self_harm_is_never_put_off_by_a_waiting_time() {
    // "thoughts of self-harm that last longer than two weeks" made a new mother wait: any sentence
    // that puts self-harm beside a waiting time must say that it cannot wait.
    const WAITING: &[&str] = &[
        "two weeks",
        "2 weeks",
        "few weeks",
        "lasting",
        "last longer",
        "last more",
        "longer than",
        "दो हफ़्ते",
        "दो सप्ताह",
        // "for weeks", not "in the first weeks" of a medicine (the risk's window, followed by what to do).
        "हफ़्तों तक",
        "हफ़्तों से",
        "महीनों",
    ];
    const URGENT: &[&str] =
        &["same day", "do not wait", "straight away", "at once", "immediately", "तुरंत", "उसी दिन", "इंतज़ार न"];
    let mut checked = 0;
    for (file, texts) in files() {
        for (field, text) in &texts {
            for sentence in sentences(text) {
                if speaks_of_suicide_or_self_harm(sentence) && lower_contains_any(sentence, WAITING) {
                    checked += 1;
                    assert!(lower_contains_any(sentence, URGENT), "{file}: {field}: {sentence}");
                }
            }
        }
    }
    assert!(checked >= 1, "the rule was never exercised");
}

#[test]
fn where_a_page_names_ocd_beside_the_4_to_6_week_figure_it_gives_ocds_8_to_12_weeks() {
    let four_to_six = ["4-6 weeks", "4 to 6 weeks", "four to six weeks"];
    let eight_to_twelve = ["8-12 weeks", "8 to 12 weeks", "eight to twelve weeks"];
    let mut pages = Vec::new();
    for (file, texts) in files() {
        let all = texts.into_iter().map(|(_, t)| t).collect::<Vec<_>>().join("\n");
        if lower_contains_any(&all, &["ocd", "obsessive-compulsive"]) && lower_contains_any(&all, &four_to_six) {
            assert!(lower_contains_any(&all, &eight_to_twelve), "{file} names OCD but not its 8-12 weeks");
            pages.push(file);
        }
    }
    for file in ["services/medication-management.toml", "home.toml", "blog/mental-illness-2024.toml"] {
        assert!(pages.iter().any(|p| p == file), "{file}: {pages:?}");
    }
}

#[test]
fn sleeping_and_anti_anxiety_tablets_are_limited_to_2_to_4_weeks_where_their_dependence_is_named() {
    let tablets = ["sleeping", "anti-anxiety", "sedative", "benzodiazepine"];
    let mut pages = Vec::new();
    for (file, texts) in files() {
        let all = texts.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");
        let named = texts
            .iter()
            .flat_map(|(_, t)| sentences(t))
            .any(|s| lower_contains_any(s, &["dependence"]) && lower_contains_any(s, &tablets));
        if named {
            assert!(all.contains("2-4 weeks"), "{file} names their dependence but not the usual 2-4 weeks");
            pages.push(file);
        }
    }
    for file in ["services/medication-management.toml", "home.toml", "blog/insomnia.toml"] {
        assert!(pages.iter().any(|p| p == file), "{file}: {pages:?}");
    }
    assert!(!text_of("services/medication-management.toml").contains("for long periods"));
}

#[test]
fn suicide_figures_are_ncrbs_own_and_name_the_report() {
    for (file, texts) in files() {
        assert!(!texts.iter().any(|(_, t)| t.contains("163,000")), "{file} keeps the spec's misrounded figure");
    }
    for file in ["blog/suicide-prevention.toml", "blog/suicide-impact.toml"] {
        let text = text_of(file);
        for fact in ["1.64 lakh (164,033)", "7.2%", "153,052", "NCRB", "Accidental Deaths and Suicides in India 2021"] {
            assert!(text.contains(fact), "{file} lacks {fact:?}");
        }
    }
}

#[test]
fn after_an_attempt_emergency_care_comes_first_and_the_law_protects() {
    let prevention = text_of("blog/suicide-prevention.toml");
    let safety_steps = prevention.lines().find(|l| l.starts_with("Take practical safety steps")).unwrap();
    let (emergency, tele_manas) = (safety_steps.find("112").unwrap(), safety_steps.find("14416").unwrap());
    assert!(emergency < tele_manas, "emergency help comes before the counselling line: {safety_steps}");
    for fact in ["swallowed poison", "even if they seem well", "can look harmless for hours"] {
        assert!(safety_steps.contains(fact), "{fact:?}");
    }
    for file in ["blog/suicide-prevention.toml", "blog/suicide-impact.toml"] {
        let text = text_of(file);
        for fact in ["section 115", "unless proved otherwise", "medico-legal case", "never delay treatment"] {
            assert!(text.contains(fact), "{file} lacks {fact:?}");
        }
    }
    let mothers = text_of("blog/womens-mental-health.toml");
    assert!(mothers.contains(
        "thoughts of self-harm or of harming the baby: any such thought, at any time, needs help the same day"
    ));
}

#[test]
fn telepsychiatry_promises_only_what_the_clinic_staffs_and_the_law_allows() {
    let tele = text_of("services/telepsychiatry.toml");
    for fact in [
        "answered during opening hours",
        "non-urgent questions",
        "anywhere else in India",
        "parent or guardian present",
        "Telemedicine Practice Guidelines, 2020",
        "cannot be prescribed online at all",
    ] {
        assert!(tele.contains(fact), "telepsychiatry lacks {fact:?}");
    }
    assert!(!lower_contains_any(
        &tele,
        &["around the clock", "or beyond", "only be prescribed after an in-person visit"]
    ));
    // The clinic is no emergency service (and some days opens at 4 pm): an emergency is sent to 112
    // and the nearest hospital, never first to the clinic, in both languages.
    assert!(tele.contains("In an emergency, call 112 or go to the nearest hospital emergency department at once"));
    assert!(!tele.contains("emergencies may need an in-person evaluation first"));
    let hindi = text_of("hi/services/telepsychiatry.toml");
    assert!(hindi.contains("इमरजेंसी में तुरंत 112 पर कॉल करें या सबसे पास के अस्पताल की इमरजेंसी में जाएँ"));
    assert!(!hindi.contains("इमरजेंसी में पहले क्लिनिक"));
}

#[test]
fn the_warning_signs_of_suicide_come_with_what_to_do_at_once() {
    // face-failures (written in Hindi): its paragraph on the warning signs said only "get help".
    let signs = text_of("blog/face-failures.toml");
    let paragraph = signs.lines().find(|line| line.contains("चेतावनी संकेत")).expect("the warning signs");
    assert!(paragraph.contains("उसके साथ रहें और तुरंत 112 या टेली-मानस 14416 पर कॉल करें"), "{paragraph}");
}

#[test]
fn where_danger_is_immediate_112_comes_first() {
    let cases = [
        ("blog/womens-mental-health.toml", "If there is any immediate danger or thoughts of self-harm, dial 112"),
        ("hi/blog/womens-mental-health.toml", "नुक़सान पहुँचाने के विचार आएँ, तो 112 डायल करें"),
        ("blog/cognitive-behavioral-therapy.toml", "If there is ever an immediate risk to safety, dial 112"),
        ("hi/blog/cognitive-behavioral-therapy.toml", "सुरक्षा को तुरंत ख़तरा हो, तो 112 डायल करें"),
        ("blog/deal-with-failures.toml", "contact help at once through 112 or Tele-MANAS on 14416"),
        ("hi/blog/deal-with-failures.toml", "तुरंत 112 या टेली-मानस 14416 पर संपर्क करके"),
    ];
    for (file, sentence) in cases {
        assert!(text_of(file).contains(sentence), "{file} lacks {sentence:?}");
    }
    // And everywhere: any text that gives both lines gives 112 first, across its sentences ("call
    // Tele-MANAS on 14416. In an emergency, call 112." put it last in two sentences). Tele-MANAS
    // counsels; an emergency needs the emergency number.
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (file, texts) in files() {
        for (field, text) in &texts {
            let (Some(emergency), Some(tele_manas)) = (first_number(text, "112"), first_number(text, "14416")) else {
                continue;
            };
            checked += 1;
            if tele_manas < emergency {
                wrong.push(format!("{file} {field}: {}", text.trim()));
            }
        }
    }
    assert!(checked > 30, "the rule was exercised {checked} times");
    assert!(wrong.is_empty(), "Tele-MANAS before 112 ({}):\n{}", wrong.len(), wrong.join("\n\n"));
    // The rule reads the whole text, not one sentence at a time.
    assert!(
        first_number("Call Tele-MANAS on 14416. In an emergency, call 112.", "14416")
            < first_number("Call Tele-MANAS on 14416. In an emergency, call 112.", "112")
    );
    assert_eq!(first_number("call 1120 or 112", "112"), Some(13));
}

/// Where `number` first stands as a whole number in `text` ("112", not the start of "1120").
fn first_number(text: &str, number: &str) -> Option<usize> {
    text.match_indices(number).map(|(at, _)| at).find(|&at| {
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        !digit(text[..at].chars().next_back()) && !digit(text[at + number.len()..].chars().next())
    })
}

#[test]
fn listening_advice_says_without_judging_not_without_assessing() {
    // "परखना" is to assess or test; listening advice means without judging or blaming.
    for file in ["hi/blog/womens-mental-health.toml", "hi/blog/mental-disorders-children.toml"] {
        let text = text_of(file);
        assert!(text.contains("बिना राय बनाए") && !text.contains("बिना परखे"), "{file}");
    }
    for file in ["hi/blog/suicide-impact.toml", "hi/blog/suicide-prevention.toml"] {
        let text = text_of(file);
        assert!(text.contains("ग़लत ठहरा") && !text.contains("परखे मुश्किल") && !text.contains("मकसद परखना"), "{file}");
    }
}

#[test]
fn hindi_clinical_terms_are_explained_and_not_misread() {
    const OCD: &str = "ओसीडी (OCD: बार-बार आने वाले अनचाहे विचार और बार-बार दोहराए जाने वाले काम)";
    for file in [
        "hi/blog/mental-illness-2024.toml",
        "hi/blog/anxiety-disorders-2024.toml",
        "hi/blog/cognitive-behavioral-therapy.toml",
    ] {
        assert!(text_of(file).contains(OCD), "{file} does not spell out OCD");
    }
    // One word for each psychotic symptom (the glossary refuses भ्रम, which stood for three): hallucination
    // is named by what the person sees or hears.
    let parkinsons = text_of("hi/blog/parkinsons-disease.toml");
    assert!(parkinsons.contains("हैं ही नहीं (हैलुसिनेशन)"));
    // "अचानक उलझन" alone is puzzlement; a stroke's or delirium's acute confusion is named as such.
    let neuro = text_of("hi/services/neuropsychiatric-care.toml");
    assert!(!neuro.contains("अचानक उलझन ") && neuro.contains("अचानक बहुत ज़्यादा उलझन (कन्फ़्यूज़न"));
    // The same in Parkinson's warning (the confusion is described) and in postpartum psychosis.
    let parkinsons_warning = "अचानक कन्फ़्यूज़न हो (समय, जगह या अपनों को पहचानने में गड़बड़ होने लगे)";
    assert!(!parkinsons.contains("अचानक उलझन") && parkinsons.contains(parkinsons_warning));
    let postpartum = text_of("hi/blog/womens-mental-health.toml");
    assert!(!postpartum.contains("ज़्यादा उलझन में") && postpartum.contains("गहरी उलझन (कन्फ़्यूज़न) की हालत"));
    // The antidepressant warning names what a person feels, in plain words, not "अशांत" or "उत्तेजित".
    for file in ["hi/blog/anxiety-disorders-2024.toml", "hi/services/medication-management.toml"] {
        let text = text_of(file);
        assert!(text.contains("बेचैनी, घबराहट या चिड़चिड़ापन"), "{file}");
        assert!(!text.contains("उत्तेजित या अशांत") && !text.contains("अशांत (एजिटेटेड)"), "{file}");
    }
    // "उसकी नींद ठीक से नहीं हो सकती" reads "cannot sleep", not "may sleep badly".
    let child = text_of("hi/services/child-and-adolescent-psychiatry.toml");
    assert!(!child.contains("नींद ठीक से नहीं हो सकती") && child.contains("ठीक से नींद न आने की परेशानी हो सकती है"));
}

#[test]
fn the_lowest_dose_that_works_is_never_worded_as_the_least_effective_one() {
    for file in ["hi/blog/mental-illness-2024.toml", "hi/blog/sleep-disorder-treatment.toml"] {
        let text = text_of(file);
        // "सबसे कम असरदार" reads "least effective"; the advice is the lowest dose that works.
        assert!(!text.contains("सबसे कम असरदार"), "{file}");
        assert!(text.contains("असर करने वाली सबसे कम ख़ुराक"), "{file}");
    }
}

#[test]
fn medicines_carry_their_warnings() {
    let medication = text_of("services/medication-management.toml");
    for fact in ["under 25", "agitated", "thoughts of self-harm after starting or changing a medicine", "14416"] {
        assert!(medication.contains(fact), "medication management lacks {fact:?}");
    }
    for file in ["services/medication-management.toml", "home.toml"] {
        assert!(text_of(file).contains("such as bipolar disorder or schizophrenia, longer-term treatment"), "{file}");
    }
    let bipolar = text_of("blog/bipolar-disorder.toml");
    for fact in ["sodium valproate", "unborn baby", "contraception", "call the doctor promptly"] {
        assert!(bipolar.contains(fact), "bipolar disorder lacks {fact:?}");
    }
    assert!(text_of("blog/insomnia.toml").contains("nicotine is a stimulant"));
}

#[test]
fn the_reviews_wording_findings_stay_fixed() {
    // Access arrangements are inside the clinic (wheelchair, a quiet place to wait), not travel to it.
    let about = text_of("hi/about.toml");
    assert!(!about.contains("क्लिनिक तक आने-जाने की व्यवस्था") && about.contains("क्लिनिक के अंदर पहुँचने"));
    // A service's name in the menus leads with the plain word, the English term in brackets.
    let title = |slug: &str| {
        let file = format!("{CONTENT_DIR}/hi/services/{slug}.toml");
        let table: toml::Table = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        table["title"].as_str().unwrap().to_owned()
    };
    assert_eq!(title("telepsychiatry"), "ऑनलाइन परामर्श (टेलीसाइकियाट्री)");
    let neuro = title("neuropsychiatric-care");
    assert!(!neuro.starts_with("न्यूरो") && neuro.ends_with("(न्यूरोसाइकियाट्री)"), "{neuro}");
    // Calques of English idiom: "with time to listen" and "let us listen and help you".
    assert!(!text_of("hi/home.toml").contains("सुनने के लिए समय के साथ"));
    assert!(!text_of("hi/services/psychiatric-consultation.toml").contains("मदद करने दें"));
}

#[test]
fn the_second_clinical_reads_corrections_hold_in_both_languages() {
    let cases: &[(&str, &[&str])] = &[
        // Online prescriptions: what the 2020 guidelines allow, and what makes the prescription valid.
        (
            "services/telepsychiatry.toml",
            &[
                "digital prescription with the doctor's signature and registration number",
                "Telemedicine Practice Guidelines, 2020",
                "At a first consultation, most medicines can be started only over video, not on a voice call",
                "cannot be prescribed online at all",
                "the doctor may ask to reconnect by video or book another time",
            ],
        ),
        (
            "hi/services/telepsychiatry.toml",
            &["दस्तख़त और रजिस्ट्रेशन नंबर", "टेलीमेडिसिन प्रैक्टिस गाइडलाइंस, 2020", "दोबारा वीडियो पर जुड़ने"],
        ),
        // Thoughts of suicide need the same day, never two weeks; psychosis a prompt visit.
        ("services/psychiatric-consultation.toml", &["Thoughts of suicide or self-harm need help the same day"]),
        ("hi/services/psychiatric-consultation.toml", &["उसी दिन मदद लें: तुरंत ख़तरा हो तो 112 पर"]),
        // A parent's first steps: not alone, the means out of reach.
        ("services/child-and-adolescent-psychiatry.toml", &["Do not leave your child alone", "pesticides"]),
        ("hi/services/child-and-adolescent-psychiatry.toml", &["बच्चे को अकेला न छोड़ें", "कीटनाशक"]),
        // The clinic is closed at night: what to do then.
        ("services/medication-management.toml", &["contact the doctor the same day during opening hours"]),
        // Schizophrenia names the risk of suicide.
        ("blog/schizophrenia.toml", &["People with schizophrenia have a higher risk of suicide"]),
        ("hi/blog/schizophrenia.toml", &["सिज़ोफ़्रेनिया में आत्महत्या का ख़तरा ज़्यादा होता है"]),
        // Valproate by every name on the strip, and lithium toxicity: its signs, its causes, what to do.
        (
            "blog/bipolar-disorder.toml",
            &["divalproex", "If someone taking lithium has vomiting, diarrhoea", "ibuprofen"],
        ),
        ("hi/blog/bipolar-disorder.toml", &["डाइवैल्प्रोएक्स", "लिथियम लेते समय उल्टी, दस्त", "आइबुप्रोफ़ेन"]),
        // Stage fright: which medicine, and how long a daily one takes.
        ("blog/stage-fright-performance-anxiety.toml", &["two to three months"]),
        ("hi/blog/stage-fright-performance-anxiety.toml", &["दो से तीन महीने"]),
    ];
    for (file, phrases) in cases {
        let text = text_of(file);
        for phrase in *phrases {
            assert!(text.contains(phrase), "{file} lacks {phrase:?}");
        }
    }
    // The medicine-timing sentence allows for longer wherever it gives four to six weeks.
    for (file, texts) in files() {
        for (field, text) in &texts {
            for sentence in sentences(text) {
                let lower = sentence.to_lowercase();
                if lower.contains("four to six weeks") && lower.contains("full effect") {
                    assert!(
                        lower.contains("longer") || lower.contains("eight to twelve"),
                        "{file} {field}: {sentence}"
                    );
                }
            }
        }
    }
}
