//! Response bodies compressed once (when made, or at the first response that wants the coding), and the
//! choice between them per request.

use std::io::Write;
use std::sync::OnceLock;

use axum::http::HeaderValue;
use bytes::Bytes;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    pub fn header(self) -> Option<HeaderValue> {
        match self {
            Self::Brotli => Some(HeaderValue::from_static("br")),
            Self::Gzip => Some(HeaderValue::from_static("gzip")),
            Self::Identity => None,
        }
    }
}

/// The best coding the client accepts: br over gzip over none, honouring `q=0` refusals and `*`.
pub fn negotiate(accept_encoding: Option<&str>) -> Coding {
    let Some(header) = accept_encoding else { return Coding::Identity };
    let mut star: Option<bool> = None;
    let (mut br, mut gzip) = (None, None);
    for item in header.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        // The weight's name is case-insensitive (RFC 9110, 12.4.2, an ABNF string): `Q=0` refuses too.
        let q = parts
            .filter_map(|p| {
                let (name, value) = p.trim().split_once('=')?;
                name.eq_ignore_ascii_case("q").then_some(value)?.trim().parse::<f32>().ok()
            })
            .next()
            .unwrap_or(1.0);
        let accepted = q > 0.0;
        match name.as_str() {
            "br" => br = Some(accepted),
            "gzip" | "x-gzip" => gzip = Some(accepted),
            "*" => star = Some(accepted),
            _ => {}
        }
    }
    if br.or(star) == Some(true) {
        Coding::Brotli
    } else if gzip.or(star) == Some(true) {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

/// One response body, compressed at most once per coding, with a strong validator.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub identity: Bytes,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
    /// A coding not made yet is made at the first response that wants it, and kept (a stored body),
    /// rather than never (a body served once, made only in the coding its client accepts).
    on_demand: bool,
    /// Hash of the identity bytes; each coding's ETag adds a suffix (a strong ETag names one representation).
    pub hash: String,
    /// The ETag header of each coding (identity, br, gzip), made once rather than per response.
    etags: [HeaderValue; 3],
}

/// Quality 6 (nginx's and Caddy's default level) gives within 1% of quality 9's size on these pages in a
/// sixth of the time (2.6 against 16.5 ms for the 73 KB home page), and every snapshot compresses each page.
const BROTLI_QUALITY: u32 = 6;
const BROTLI_WINDOW: u32 = 22;

fn brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
        writer.write_all(body).expect("writing to memory");
    }
    out.into()
}

fn gzip(body: &[u8]) -> Bytes {
    let mut writer = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    writer.write_all(body).expect("writing to memory");
    writer.finish().expect("writing to memory").into()
}

impl Encoded {
    /// The body in all codings: for responses that are cached and served many times.
    pub fn new(body: impl Into<Bytes>) -> Self {
        Self::with(body, &[Coding::Brotli, Coding::Gzip])
    }

    /// The body in the given codings only: for a response served once.
    pub fn with(body: impl Into<Bytes>, codings: &[Coding]) -> Self {
        let encoded = Self::uncompressed(body.into(), false);
        for &coding in codings {
            encoded.prepared(coding, true);
        }
        encoded
    }

    /// The body with no coding made yet: each is made at the first response that wants it, or by
    /// `prepare`. For a stored page, so that start-up and a content reload do not wait on compression.
    pub fn on_demand(body: impl Into<Bytes>) -> Self {
        Self::uncompressed(body.into(), true)
    }

    fn uncompressed(identity: Bytes, on_demand: bool) -> Self {
        let hash = format!("{:032x}", xxhash_rust::xxh3::xxh3_128(&identity));
        let etag =
            |suffix: &str| HeaderValue::from_str(&format!("\"{hash}{suffix}\"")).expect("hex is a valid header value");
        let etags = [etag(""), etag("-br"), etag("-gz")];
        Self { identity, brotli: OnceLock::new(), gzip: OnceLock::new(), on_demand, hash, etags }
    }

    /// Makes every coding not made yet, for a body made `on_demand` (others keep their codings as they are).
    pub fn prepare(&self) {
        for coding in [Coding::Brotli, Coding::Gzip] {
            self.prepared(coding, self.on_demand);
        }
    }

    /// The body in `coding`, made now if `make` and not made before; `None` for identity.
    fn prepared(&self, coding: Coding, make: bool) -> Option<&Bytes> {
        let (cell, compress): (_, fn(&[u8]) -> Bytes) = match coding {
            Coding::Brotli => (&self.brotli, brotli),
            Coding::Gzip => (&self.gzip, gzip),
            Coding::Identity => return None,
        };
        if make {
            Some(cell.get_or_init(|| compress(&self.identity)))
        } else {
            cell.get()
        }
    }

    /// The body in the wanted coding if it was made (or, for an `on_demand` body, once it is made), else
    /// uncompressed; with the coding used.
    pub fn select(&self, wanted: Coding) -> (Coding, Bytes) {
        match self.prepared(wanted, self.on_demand) {
            Some(bytes) => (wanted, bytes.clone()),
            None => (Coding::Identity, self.identity.clone()),
        }
    }

    pub fn etag(&self, coding: Coding) -> HeaderValue {
        let index = match coding {
            Coding::Identity => 0,
            Coding::Brotli => 1,
            Coding::Gzip => 2,
        };
        self.etags[index].clone()
    }

    /// Whether `If-None-Match` is `*` or lists a tag of this body in any of its codings, compared weakly
    /// (RFC 9110, 13.1.2). The list is read by its grammar, since an opaque tag may hold `*` and commas:
    /// `"*"` and `"x,{hash}"` are other bodies' tags. Reading stops at text that is not a tag (a 200 is
    /// always a safe answer).
    pub fn matches(&self, if_none_match: &str) -> bool {
        if if_none_match.trim_matches([' ', '\t']) == "*" {
            return true;
        }
        let mut rest = if_none_match;
        loop {
            rest = rest.trim_start_matches([' ', '\t', ',']);
            let Some(tag) = rest.strip_prefix("W/").unwrap_or(rest).strip_prefix('"') else { return false };
            let Some((opaque, after)) = tag.split_once('"') else { return false };
            if opaque.strip_suffix("-br").or_else(|| opaque.strip_suffix("-gz")).unwrap_or(opaque) == self.hash {
                return true;
            }
            rest = after;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn negotiation_prefers_brotli_then_gzip_and_honours_refusals() {
        assert_eq!(negotiate(None), Coding::Identity);
        assert_eq!(negotiate(Some("gzip, deflate, br")), Coding::Brotli);
        assert_eq!(negotiate(Some("gzip")), Coding::Gzip);
        assert_eq!(negotiate(Some("br;q=0, gzip;q=0.5")), Coding::Gzip);
        assert_eq!(negotiate(Some("br;q=0, gzip;q=0")), Coding::Identity);
        assert_eq!(negotiate(Some("*")), Coding::Brotli);
        assert_eq!(negotiate(Some("*;q=0")), Coding::Identity);
        assert_eq!(negotiate(Some("identity")), Coding::Identity);
    }

    #[test]
    fn every_coding_decodes_to_the_same_body() {
        let body = "<p>नमस्ते Patna</p>".repeat(200);
        let encoded = Encoded::new(body.clone());
        let mut out = String::new();
        let (coding, gz) = encoded.select(Coding::Gzip);
        assert_eq!(coding, Coding::Gzip);
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut out).unwrap();
        assert_eq!(out, body);
        out.clear();
        let (coding, br) = encoded.select(Coding::Brotli);
        assert_eq!(coding, Coding::Brotli);
        brotli::Decompressor::new(&br[..], 4096).read_to_string(&mut out).unwrap();
        assert_eq!(out, body);
        assert!(br.len() < body.len() / 10);
    }

    #[test]
    fn a_body_on_demand_is_compressed_once_at_its_first_request_or_when_prepared() {
        let body = "<p>नमस्ते Patna</p>".repeat(200);
        let encoded = Encoded::on_demand(body.clone());
        assert!(encoded.brotli.get().is_none() && encoded.gzip.get().is_none(), "nothing compressed yet");
        let (coding, first) = encoded.select(Coding::Brotli);
        assert_eq!(coding, Coding::Brotli);
        let mut out = Vec::new();
        brotli::Decompressor::new(&first[..], 4096).read_to_end(&mut out).unwrap();
        assert_eq!(out, body.as_bytes());
        let (_, again) = encoded.select(Coding::Brotli);
        assert_eq!(first.as_ptr(), again.as_ptr(), "the same bytes, compressed once");
        assert!(encoded.gzip.get().is_none(), "gzip waits until asked for");
        encoded.prepare();
        assert!(encoded.gzip.get().is_some());
        assert_eq!(encoded.select(Coding::Identity), (Coding::Identity, Bytes::from(body)));
    }

    #[test]
    fn a_coding_not_prepared_falls_back_to_identity() {
        let encoded = Encoded::with("plain", &[Coding::Gzip]);
        assert_eq!(encoded.select(Coding::Brotli), (Coding::Identity, Bytes::from("plain")));
        assert_eq!(encoded.select(Coding::Gzip).0, Coding::Gzip);
    }

    #[test]
    fn etags_are_per_coding_and_any_of_them_revalidates() {
        let encoded = Encoded::new("hello");
        let br = encoded.etag(Coding::Brotli);
        assert_ne!(br, encoded.etag(Coding::Gzip));
        assert!(encoded.matches(br.to_str().unwrap()));
        assert!(encoded.matches(&format!("\"other\", W/{}", encoded.etag(Coding::Identity).to_str().unwrap())));
        assert!(encoded.matches("*"));
        assert!(!encoded.matches("\"other\""));
        assert!(!Encoded::new("changed").matches(br.to_str().unwrap()));
    }
}
