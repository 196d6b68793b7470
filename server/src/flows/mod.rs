//! Flows that cross features: an account's archive and profile (which reach
//! into vessels, transfers and payments) and the administrators' console
//! (which acts on every feature). Nothing below imports them.

pub mod accounts;
pub mod admin;
pub mod fees;
