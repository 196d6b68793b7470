//! Background work the server runs on a timer.

pub mod retention;
mod store;
