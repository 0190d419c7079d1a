//! The clinic's website: axum routes, content, and React rendered in an embedded JavaScript engine.
//! `main.rs` only parses the configuration and starts; tests drive `router(state)` in-process.
//!
//! The folders are layers, declared here from the bottom up: each imports only from those declared
//! before it (`tests/layers.rs` holds this), so the crate reads from `base` upwards. A comment stands
//! between each two, which also keeps rustfmt from sorting them.

// Small pieces every layer uses: the clock, the origin, encodings, metrics, panic messages.
pub mod base;
// The two languages and the server's words in each.
pub mod i18n;
// What build.rs produced: the JavaScript bundles and the image copies.
pub mod embedded;
// The clinic's content, loaded and checked.
pub mod content;
// The route table and each route's data.
pub mod routes;
// What search engines and browsers read besides a page: head tags, JSON-LD, sitemap, service worker.
mod seo;
// The JavaScript engines that render React, and the contract with the bundle.
pub mod ssr;
// One page: its key, its document, the store of rendered pages.
pub mod pages;
// The live site: one snapshot of content and pages served at a time, swapped whole.
mod site;
// The application: configuration, settings, the state a handler holds, the content watcher.
pub mod app;
// HTTP: the router, the handlers, the limits and the server loop.
pub mod http;

pub use app::state::AppState;
pub use http::router;
