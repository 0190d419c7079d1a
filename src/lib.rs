//! The clinic's website: axum routes, content, and React rendered in embedded QuickJS.
//! `main.rs` only parses the configuration and starts; tests drive `app(state)` in-process.

pub mod assets;
pub mod blog_query;
pub mod clock;
pub mod config;
pub mod content;
pub mod contract;
pub mod encoding;
pub mod error_page;
pub mod healthcheck;
pub mod helplines;
pub mod http;
pub mod i18n;
pub mod images;
pub mod lang;
pub mod live_site;
pub mod metrics;
pub mod origin;
pub mod page_key;
pub mod page_renderer;
pub mod page_store;
pub mod panic_message;
pub mod reload;
pub mod routes;
pub mod seo;
pub mod service_worker;
pub mod settings;
pub mod shell;
pub mod single_flight;
pub mod snapshot;
pub mod ssr;
pub mod state;

pub use http::app;
pub use state::AppState;
