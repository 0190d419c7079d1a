//! What `build.rs` produced and the binary embeds: the JavaScript bundles and their manifest (`assets`),
//! and the content's images in several formats and widths (`images`). Read-only data, built once per
//! build; the content and the pages refer to it by path.

pub(crate) mod assets;
pub(crate) mod images;

pub use assets::SSR_BUNDLE;
