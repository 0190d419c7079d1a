//! The application put together: its configuration (`config`, command line and environment) and the
//! settings derived from it, the state a request handler holds (`state`), the content folder's watcher
//! that reloads it (`reload`), and the container health check. Only `http` and `main.rs` sit above it.

pub(crate) mod config;
pub mod healthcheck;
pub mod reload;
pub(crate) mod settings;
pub(crate) mod state;

pub use config::{Command, Config, LogFormat};
pub use settings::Settings;
