//! The ground floor: the one error type, the message catalogue and its
//! languages, and private files. Imports nothing of the crate.

pub mod error;
pub mod i18n;
pub mod private_files;
