//! Vessel identifiers, each parsed into its own type. Sources and the
//! reasoning behind each format check are in docs/IDENTIFIERS.md.

mod cin;
mod eni;
mod imo;
mod mmsi;
mod national;

pub use cin::{Cin, CinError};
pub use eni::Eni;
pub use imo::ImoNumber;
pub use mmsi::Mmsi;
pub use national::{LegacyId, NationalIdentifier, NationalKind};

/// How an owner's "I don't know" is stored and sent.
pub const UNKNOWN: &str = "unknown";

/// A field where the owner may say "I don't know": the spec's `unknown`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Known<T> {
    Value(T),
    Unknown,
}

impl<T> Known<T> {
    /// `unknown` (any case) is the owner's "I don't know"; anything else is parsed.
    pub fn parse<E>(raw: &str, parse: impl FnOnce(&str) -> Result<T, E>) -> Result<Self, E> {
        if raw.trim().eq_ignore_ascii_case(UNKNOWN) { Ok(Known::Unknown) } else { parse(raw).map(Known::Value) }
    }

    pub fn value(&self) -> Option<&T> {
        match self {
            Known::Value(v) => Some(v),
            Known::Unknown => None,
        }
    }
}
