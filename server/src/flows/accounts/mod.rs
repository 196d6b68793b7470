//! Flows over a person's account that cross features: the profile (name,
//! language, mobile number, whose verification claims the vessels waiting
//! for it) and archiving an account (its vessels, transfers and payments).

pub mod archive;
pub mod export;
pub mod model;
pub mod profile;
mod store;
