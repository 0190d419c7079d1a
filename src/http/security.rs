//! Security headers on every response: the Content-Security-Policy and its companions, built once.
//!
//! The policy allows only the site's own files. Rust writes no executable inline script (the route
//! data and JSON-LD blocks are `application/json` / `application/ld+json`, which never run), so
//! `script-src` carries no hash; the one inline `<style>` (the error page's) is allowed by its hash.
//! Inline `style="…"` attributes are not allowed: the pages must not render any.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderName, HeaderValue};
use axum::response::Response;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::pages::error_page;

/// One year, the minimum that browsers' HSTS preload lists accept.
const HSTS: &str = "max-age=31536000; includeSubDomains";
/// Browser features the site never uses; denying them keeps an injected script or frame from asking.
const PERMISSIONS: &str =
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
/// Version banners that would tell an attacker what to try; hyper sends neither, an upstream might.
const BANNERS: [HeaderName; 2] = [header::SERVER, HeaderName::from_static("x-powered-by")];

/// The headers every response carries.
#[derive(Debug)]
pub struct SecurityHeaders {
    headers: Vec<(HeaderName, HeaderValue)>,
}

impl SecurityHeaders {
    /// `hsts`: send Strict-Transport-Security and ask browsers to upgrade insecure requests; only
    /// right when visitors reach the site over HTTPS (`Config::hsts`).
    pub fn new(hsts: bool) -> Self {
        let policy = content_security_policy(&[], &[error_page::STYLE], hsts);
        let mut headers = vec![
            (header::CONTENT_SECURITY_POLICY, HeaderValue::try_from(policy).expect("the policy is ASCII")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
            (HeaderName::from_static("permissions-policy"), HeaderValue::from_static(PERMISSIONS)),
            (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
            (HeaderName::from_static("cross-origin-resource-policy"), HeaderValue::from_static("same-origin")),
        ];
        if hsts {
            headers.push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS)));
        }
        Self { headers }
    }
}

/// The policy, allowing the given inline scripts and `<style>` elements by their SHA-256 hashes.
/// Forms hand their message to WhatsApp through `window.open`, never by submission, so
/// `form-action 'self'` costs nothing.
pub fn content_security_policy(inline_scripts: &[&str], inline_styles: &[&str], upgrade: bool) -> String {
    let sources = |inline: &[&str]| {
        inline.iter().fold("'self'".to_owned(), |list, text| format!("{list} 'sha256-{}'", sha256_base64(text)))
    };
    let mut policy = format!(
        concat!(
            "default-src 'self'; script-src {}; style-src {}; img-src 'self' data:; font-src 'self'; ",
            "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        ),
        sources(inline_scripts),
        sources(inline_styles),
    );
    if upgrade {
        policy.push_str("; upgrade-insecure-requests");
    }
    policy
}

/// The hash of an inline element's text as CSP writes it: base64 of its SHA-256.
pub fn sha256_base64(text: &str) -> String {
    BASE64.encode(Sha256::digest(text.as_bytes()))
}

/// Adds the headers to a response (replacing any a handler set) and drops version banners.
pub async fn apply(State(security): State<Arc<SecurityHeaders>>, mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in &security.headers {
        headers.insert(name.clone(), value.clone());
    }
    for banner in &BANNERS {
        headers.remove(banner);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header<'a>(security: &'a SecurityHeaders, name: &str) -> Option<&'a str> {
        security.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.to_str().unwrap())
    }

    #[test]
    fn the_policy_allows_only_the_sites_own_files_and_hashed_inline_code() {
        let policy = content_security_policy(&["alert(1)"], &[], false);
        // The hash of "alert(1)" as `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64` prints it.
        assert!(
            policy.contains("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='; "),
            "{policy}"
        );
        assert!(policy.contains("style-src 'self'; "));
        for directive in ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"] {
            assert!(policy.contains(directive), "{directive} missing from {policy}");
        }
        assert!(!policy.contains("unsafe"), "{policy}");
        assert!(!policy.contains("upgrade-insecure-requests"));
        assert!(content_security_policy(&[], &[], true).ends_with("; upgrade-insecure-requests"));
    }

    #[test]
    fn hsts_and_the_upgrade_come_together_behind_the_setting() {
        let on = SecurityHeaders::new(true);
        assert_eq!(header(&on, "strict-transport-security"), Some("max-age=31536000; includeSubDomains"));
        assert!(header(&on, "content-security-policy").unwrap().contains("upgrade-insecure-requests"));
        let off = SecurityHeaders::new(false);
        assert_eq!(header(&off, "strict-transport-security"), None);
        assert!(!header(&off, "content-security-policy").unwrap().contains("upgrade-insecure-requests"));
    }

    #[test]
    fn the_error_pages_style_is_allowed_by_its_hash() {
        let policy = header(&SecurityHeaders::new(false), "content-security-policy").unwrap().to_owned();
        assert!(policy.contains(&format!("style-src 'self' 'sha256-{}';", sha256_base64(error_page::STYLE))));
    }
}
