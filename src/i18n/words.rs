//! The server's own words in each language: page titles it writes, breadcrumbs, and the error pages
//! it writes without the JavaScript engine. They live in the same file per language as the
//! interface's words (`client/i18n/<lang>.json`, its `server` section), so each language's words
//! have one place.

use std::sync::LazyLock;

use serde::Deserialize;

use crate::i18n::Lang;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ServerWords {
    /// With `{institute}`.
    pub home_title: String,
    pub blogs_title: String,
    /// With `{institute}`.
    pub blogs_description: String,
    pub not_found_title: String,
    pub not_found_description: String,
    pub offline_title: String,
    pub offline_description: String,
    pub breadcrumb_home: String,
    pub breadcrumb_blogs: String,
    pub busy_heading: String,
    pub busy_message: String,
    pub failed_heading: String,
    pub failed_message: String,
    /// With `{institute}`.
    pub call_us: String,
    pub go_home: String,
}

/// The part of a language file the server reads.
#[derive(Deserialize)]
struct LanguageFile {
    server: ServerWords,
}

fn parse(lang: Lang, json: &str) -> ServerWords {
    let file: LanguageFile = serde_json::from_str(json)
        .unwrap_or_else(|e| panic!("client/i18n/{}.json has no complete server section: {e}", lang.code()));
    file.server
}

static ENGLISH: LazyLock<ServerWords> = LazyLock::new(|| parse(Lang::En, include_str!("../../client/i18n/en.json")));
static HINDI: LazyLock<ServerWords> = LazyLock::new(|| parse(Lang::Hi, include_str!("../../client/i18n/hi.json")));

pub fn words(lang: Lang) -> &'static ServerWords {
    match lang {
        Lang::En => &ENGLISH,
        Lang::Hi => &HINDI,
    }
}

/// `template` with `{institute}` replaced by the institute's name.
pub fn with_institute(template: &str, institute: &str) -> String {
    template.replace("{institute}", institute)
}

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::*;

    #[test]
    fn every_language_has_every_server_word() {
        for lang in Lang::VARIANTS {
            let words = words(*lang);
            assert!(words.home_title.contains("{institute}") && words.call_us.contains("{institute}"), "{lang:?}");
            assert!(words.blogs_description.contains("{institute}"), "{lang:?}");
        }
        // The shipped words themselves are held by tests/conformance.rs.
        assert_eq!(with_institute("Care at {institute} | {institute}", "X"), "Care at X | X");
    }
}
