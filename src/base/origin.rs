//! The site's public origin (`SITE_URL`), parsed once: it knows whether it is https (HSTS's default,
//! the proxy's upgrade) and makes the absolute URLs of canonical links, the sitemap and JSON-LD.

use std::fmt;

/// An absolute http(s) origin, without a trailing slash: `https://clinic.example.org`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin(String);

impl Origin {
    pub fn parse(value: &str) -> Result<Self, String> {
        let trimmed = value.trim_end_matches('/');
        let rest = trimmed
            .strip_prefix("https://")
            .or_else(|| trimmed.strip_prefix("http://"))
            .ok_or_else(|| format!("SITE_URL must start with http:// or https://, got \"{value}\""))?;
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ']) {
            return Err(format!("SITE_URL must be an origin such as https://clinic.example.org, got \"{value}\""));
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }

    /// The absolute URL of `path` (which starts with '/') on this origin.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_has_a_scheme_a_host_and_nothing_after() {
        assert_eq!(Origin::parse("https://clinic.example.org/").unwrap().as_str(), "https://clinic.example.org");
        assert_eq!(Origin::parse("http://127.0.0.1:3000").unwrap().as_str(), "http://127.0.0.1:3000");
        for wrong in ["clinic.example.org", "https://clinic.example.org/blog", "https://", "ftp://x", "https://a b"] {
            assert!(Origin::parse(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn it_knows_its_scheme_and_makes_absolute_urls() {
        let https = Origin::parse("https://clinic.example.org").unwrap();
        assert!(https.is_https() && !Origin::parse("http://127.0.0.1:3000").unwrap().is_https());
        assert_eq!(https.url("/blog/insomnia"), "https://clinic.example.org/blog/insomnia");
    }
}
