//! Fees are decided by the server, never taken from a client. EUR cents.

pub const CURRENCY: &str = "eur";
pub const REGISTRATION_CENTS: i64 = 2495;
pub const TRANSFER_CENTS: i64 = 995;
