//! What a caught panic said, for the log: panics are contained where they can happen (handlers, render
//! workers, the reload watcher, the date loop) and the server carries on at full strength.

use std::any::Any;

/// The panic's message (`panic!("…")` carries a `&str` or a `String`).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}
