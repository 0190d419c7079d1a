//! Languages: the two editions (`Lang`), the server's own words in each (`words`), and the helplines that
//! every language's pages give. Below every subsystem but `base`.
//!
//! The site's two editions: English at the spec's paths, Hindi under `/hi`. A page's language is
//! the one its URL names, never the visitor's `Accept-Language` or a cookie, so a crawler and a
//! shared link always get the same page.

use serde::Serialize;
use ts_rs::TS;

pub(crate) mod helplines;
mod words;

pub use words::{with_institute, words, ServerWords};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Hi,
}

/// The Hindi edition's path prefix.
const HINDI_PREFIX: &str = "/hi";

impl Lang {
    /// The ISO 639-1 code: `<html lang>` and the content files' `lang`.
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Hi => "hi",
        }
    }

    /// The language as written for readers in India: `hreflang` and schema.org `inLanguage`.
    pub fn tag(self) -> &'static str {
        match self {
            Self::En => "en-IN",
            Self::Hi => "hi-IN",
        }
    }

    /// Where the edition's content files are, relative to the content root.
    pub fn content_dir(self) -> &'static str {
        match self {
            Self::En => "",
            Self::Hi => "hi/",
        }
    }

    /// The other edition: where the language switch leads.
    pub fn other(self) -> Self {
        match self {
            Self::En => Self::Hi,
            Self::Hi => Self::En,
        }
    }

    /// A page's path in this edition, from its English path: `/about` is `/hi/about` in Hindi, and
    /// the home page `/` is `/hi`.
    pub fn path(self, english: &str) -> String {
        match (self, english) {
            (Self::En, _) => english.to_owned(),
            (Self::Hi, "/") => HINDI_PREFIX.to_owned(),
            (Self::Hi, _) => format!("{HINDI_PREFIX}{english}"),
        }
    }

    /// The edition a request path belongs to, and the path as the English edition writes it:
    /// `/hi/about` is Hindi `/about`; `/hindi` is an English path.
    pub fn of_path(path: &str) -> (Self, &str) {
        match path.strip_prefix(HINDI_PREFIX) {
            Some("") => (Self::Hi, "/"),
            Some(rest) if rest.starts_with('/') => (Self::Hi, rest),
            _ => (Self::En, path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hindi_paths_are_the_english_ones_under_hi() {
        assert_eq!(Lang::Hi.path("/"), "/hi");
        assert_eq!(Lang::Hi.path("/blog/insomnia"), "/hi/blog/insomnia");
        assert_eq!(Lang::En.path("/blog/insomnia"), "/blog/insomnia");
        for english in ["/", "/about", "/blog/insomnia", "/services/telepsychiatry"] {
            for lang in [Lang::En, Lang::Hi] {
                assert_eq!(Lang::of_path(&lang.path(english)), (lang, english));
            }
        }
    }

    #[test]
    fn only_the_hi_segment_makes_a_path_hindi() {
        assert_eq!(Lang::of_path("/hindi"), (Lang::En, "/hindi"));
        assert_eq!(Lang::of_path("/hi/"), (Lang::Hi, "/"));
        assert_eq!(Lang::of_path("/"), (Lang::En, "/"));
        assert_eq!(Lang::of_path("/about/hi"), (Lang::En, "/about/hi"));
    }
}
