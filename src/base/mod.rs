//! The small pieces every subsystem uses and that use none of them: the clinic's clock, the public
//! origin, response encodings, metrics, and reading a panic's message. Nothing here imports from another
//! folder of the crate (`tests/layers.rs` holds the direction).

pub mod clock;
pub mod encoding;
pub mod metrics;
pub mod origin;
pub mod panic_message;
pub mod script_json;
