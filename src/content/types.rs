//! Value types shared by several content files.

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::embedded::images::{Derived, Icons, ImageSource};

/// An image served by the site, with its intrinsic size (so the page reserves its space) and alt text.
/// The content file gives `src`, `alt`, `width` and `height`; the rest is what the build made of the
/// file (`crate::embedded::images`), attached at load time when the file is the one the build saw.
#[derive(Debug, Clone, Default, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Image {
    pub src: String,
    pub alt: String,
    /// What link previews say of a picture the page shows as decoration (`alt = ""`): in a preview
    /// it stands alone, so it needs a text of its own.
    #[serde(default, skip_serializing)]
    #[ts(skip)]
    pub preview_alt: Option<String>,
    pub width: u32,
    pub height: u32,
    /// Raster pictures: `<source>`s in modern formats at several widths, best first.
    #[serde(default, skip_deserializing, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<ImageSource>,
    /// Raster pictures: the fallback format at the same widths, for the `<img>` itself.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub srcset: Option<String>,
    /// With a srcset: the width the image is shown at, by default at most its own width.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sizes: Option<String>,
    /// The link-preview copy and, for the logo, the icons.
    #[serde(skip)]
    pub derived: Option<Arc<Derived>>,
}

impl Image {
    /// The content file this image shows (`images/...`): `src` without the `?v=` version that the
    /// loaded content adds (`Content::version_image_urls`). None when `src` is not under `/images/`.
    pub fn file(&self) -> Option<&str> {
        let path = self.src.split('?').next()?.strip_prefix('/')?;
        path.starts_with("images/").then_some(path)
    }

    /// The MIME type its file name gives (`image/svg+xml`), whatever the URL's query.
    pub fn mime(&self) -> mime_guess::Mime {
        mime_guess::from_path(self.src.split('?').next().unwrap_or_default()).first_or_octet_stream()
    }

    /// Takes the copies the build made of this image's file.
    pub fn attach(&mut self, derived: Arc<Derived>) {
        if !derived.sources.is_empty() || derived.srcset.is_some() {
            self.sources = derived.sources.clone();
            self.srcset = derived.srcset.clone();
            self.sizes = Some(format!("(max-width: {w}px) 100vw, {w}px", w = self.width));
        }
        self.derived = Some(derived);
    }

    /// The raster copy for link previews (1200x630), or the image itself when there is none.
    pub fn preview(&self) -> Cow<'_, Image> {
        let alt = self.preview_alt.as_ref().unwrap_or(&self.alt);
        match self.derived.as_ref().and_then(|d| d.preview.as_ref()) {
            Some(preview) => Cow::Owned(Image {
                src: preview.src.clone(),
                alt: alt.clone(),
                width: preview.width,
                height: preview.height,
                ..Image::default()
            }),
            None if *alt != self.alt => Cow::Owned(Image { alt: alt.clone(), ..self.clone() }),
            None => Cow::Borrowed(self),
        }
    }

    /// The icons made from this image (the logo's).
    pub fn icons(&self) -> Option<&Icons> {
        self.derived.as_ref()?.icons.as_ref()
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Faq {
    pub question: String,
    pub answer: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Step {
    pub number: String,
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Card {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Link {
    pub label: String,
    pub url: String,
}

/// A titled list of paragraphs (an article's diagnosis or remedies section).
#[derive(Debug, Clone, Deserialize, Serialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Section {
    pub title: String,
    pub content: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded::images::Raster;

    fn photo() -> Derived {
        Derived {
            sha256: String::new(),
            width: 2400,
            height: 1600,
            sources: vec![
                ImageSource { mime: "image/avif".into(), srcset: "/img/p-480.avif 480w, /img/p-768.avif 768w".into() },
                ImageSource { mime: "image/webp".into(), srcset: "/img/p-480.webp 480w, /img/p-768.webp 768w".into() },
            ],
            srcset: Some("/img/p-480.jpg 480w, /img/p-768.jpg 768w".into()),
            preview: Some(Raster { src: "/img/p-og.jpg".into(), mime: "image/jpeg".into(), width: 1200, height: 630 }),
            icons: None,
        }
    }

    fn image(src: &str) -> Image {
        toml::from_str(&format!(
            r#"src = "{src}"
alt = "A room"
width = 1200
height = 800"#
        ))
        .unwrap()
    }

    #[test]
    fn a_photo_carries_its_copies_to_the_page_and_a_raster_preview() {
        let mut img = image("/images/p.jpg");
        img.attach(Arc::new(photo()));
        let json = serde_json::to_value(&img).unwrap();
        assert_eq!(json["sources"][0]["type"], "image/avif");
        assert_eq!(json["sources"][1]["srcset"], "/img/p-480.webp 480w, /img/p-768.webp 768w");
        assert_eq!(json["srcset"], "/img/p-480.jpg 480w, /img/p-768.jpg 768w");
        // Shown at most at the width the content gives it, never wider.
        assert_eq!(json["sizes"], "(max-width: 1200px) 100vw, 1200px");
        assert!(json.get("derived").is_none());
        let preview = img.preview();
        assert_eq!((preview.src.as_str(), preview.width, preview.height), ("/img/p-og.jpg", 1200, 630));
        assert_eq!(preview.alt, "A room");
    }

    #[test]
    fn vector_art_is_sent_as_before_and_previews_fall_back_to_the_file_itself() {
        let mut svg = image("/images/a.svg");
        let before = serde_json::to_value(&svg).unwrap();
        assert_eq!(svg.preview().src, "/images/a.svg");
        svg.attach(Arc::new(Derived { sources: vec![], srcset: None, ..photo() }));
        assert_eq!(serde_json::to_value(&svg).unwrap(), before, "no srcset, sizes or sources for SVG");
        assert_eq!(svg.preview().src, "/img/p-og.jpg");
    }

    #[test]
    fn the_file_and_type_of_an_image_ignore_the_version_in_its_url() {
        let versioned = image("/images/blog/a.svg?v=0123456789ab");
        assert_eq!(versioned.file(), Some("images/blog/a.svg"));
        assert_eq!(versioned.mime().essence_str(), "image/svg+xml");
        assert_eq!(image("/images/p.jpg").file(), Some("images/p.jpg"));
        assert_eq!(image("/img/p-og.png").file(), None);
        assert_eq!(image("/img/p-og.png").mime().essence_str(), "image/png");
        assert_eq!(image("https://elsewhere.example/a.svg").file(), None);
    }

    #[test]
    fn a_content_file_cannot_set_the_copies() {
        let written = r#"src = "/images/p.jpg"
alt = ""
width = 1
height = 1
sources = []"#;
        let error = toml::from_str::<Image>(written).unwrap_err().to_string();
        assert!(error.contains("unknown field `sources`"), "{error}");
    }
}
