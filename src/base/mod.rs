//! The small pieces every subsystem uses and that use none of them: the clinic's clock, the public
//! origin, response encodings, metrics, and reading a panic's message. Nothing here imports from another
//! folder of the crate (`tests/layers.rs` holds the direction).

pub(crate) mod clock;
pub(crate) mod encoding;
pub(crate) mod metrics;
pub(crate) mod origin;
pub(crate) mod panic_message;
pub(crate) mod script_json;

pub use clock::{local_noon, Clock};
pub use encoding::{negotiate, Coding, Encoded};
pub use origin::Origin;
pub use panic_message::panic_message;
