//! National registration marks. Their formats vary by region and era (a
//! French mark carries its maritime district, an Italian one its harbour
//! office, a German AKZ its issuing body), so rather than reject a genuine
//! old mark we check length and character set and normalise spacing and
//! case. See docs/IDENTIFIERS.md.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NationalKind {
    Brandmerk,
    Akz,
    Schiffsregister,
    Registratiebrief,
    Immatriculation,
    Matricula,
    Targa,
    PlRegister,
}

impl NationalKind {
    pub const ALL: [NationalKind; 8] = [
        Self::Brandmerk,
        Self::Akz,
        Self::Schiffsregister,
        Self::Registratiebrief,
        Self::Immatriculation,
        Self::Matricula,
        Self::Targa,
        Self::PlRegister,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Brandmerk => "brandmerk",
            Self::Akz => "akz",
            Self::Schiffsregister => "schiffsregister",
            Self::Registratiebrief => "registratiebrief",
            Self::Immatriculation => "immatriculation",
            Self::Matricula => "matricula",
            Self::Targa => "targa",
            Self::PlRegister => "pl_register",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationalIdentifier(String);

pub const INVALID_NATIONAL: &str = "national_id_format";

/// Upper case, runs of spaces collapsed, trimmed.
fn normalise(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase()
}

impl NationalIdentifier {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s = normalise(raw);
        let valid = (2..=30).contains(&s.chars().count())
            && s.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '.' | '/'))
            && s.chars().any(|c| c.is_ascii_digit());
        if valid { Ok(Self(s)) } else { Err(INVALID_NATIONAL) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The legacy or national ID of a vessel built before 1998 (no CIN then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegacyId(String);

pub const INVALID_LEGACY: &str = "legacy_national_id_most_20";

impl LegacyId {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s = normalise(raw);
        if s.is_empty() || s.chars().count() > 20 || s.chars().any(char::is_control) {
            return Err(INVALID_LEGACY);
        }
        Ok(Self(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn national_marks_are_normalised() {
        assert_eq!(NationalIdentifier::parse("  rm  1234 d ").unwrap().as_str(), "RM 1234 D");
        assert_eq!(NationalIdentifier::parse("7ª-BA-1-123-04").unwrap().as_str(), "7ª-BA-1-123-04");
    }

    #[test]
    fn national_marks_need_a_digit_and_sane_characters() {
        for bad in ["X", "ABCDEF", "AB<script>1", &"1".repeat(31)] {
            assert_eq!(NationalIdentifier::parse(bad), Err(INVALID_NATIONAL), "{bad}");
        }
    }

    #[test]
    fn a_legacy_id_has_at_most_20_characters() {
        assert!(LegacyId::parse("NL 1978 123456789012").is_ok());
        assert_eq!(LegacyId::parse("123456789012345678901"), Err(INVALID_LEGACY));
        assert_eq!(LegacyId::parse("   "), Err(INVALID_LEGACY));
    }

    #[test]
    fn every_kind_round_trips_its_name() {
        for k in NationalKind::ALL {
            assert_eq!(NationalKind::parse(k.as_str()), Some(k));
        }
    }
}
