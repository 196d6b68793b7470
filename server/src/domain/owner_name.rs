//! An owner's name as a certificate prints it, and a company's registration
//! number. Parsed once at the edge: trimmed, inner whitespace collapsed, no
//! control or direction-changing characters (which could make the paper say
//! something other than the signed data).

use unicode_normalization::UnicodeNormalization as _;

/// A person's legal name or a company's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerName(String);

pub const INVALID_NAME: &str = "owner_name_invalid";
pub const INVALID_COMPANY_NUMBER: &str = "company_number_invalid";

fn forbidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}')
}

/// Trimmed, inner whitespace collapsed to one space, and in Unicode's
/// composed form (NFC), so 'Zoë' typed either way is one name.
fn collapsed(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ").nfc().collect()
}

impl OwnerName {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let name = collapsed(raw);
        let length = name.chars().count();
        if !(2..=200).contains(&length) || name.chars().any(forbidden) || !name.chars().any(char::is_alphabetic) {
            return Err(INVALID_NAME);
        }
        Ok(Self(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form a typed name is compared in: case and spacing do not matter,
    /// so 'jan  de vries' matches 'Jan de Vries'.
    pub fn folded(raw: &str) -> String {
        collapsed(raw).to_lowercase()
    }
}

/// A company's registration number as its national register writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompanyNumber(String);

impl CompanyNumber {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let number = collapsed(raw);
        let length = number.chars().count();
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '.' | '/');
        if !(2..=40).contains(&length) || !number.chars().all(allowed) || !number.chars().any(|c| c.is_ascii_digit()) {
            return Err(INVALID_COMPANY_NUMBER);
        }
        Ok(Self(number))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_collapsed_and_needs_letters() {
        assert_eq!(OwnerName::parse("  Jan   de Vries ").unwrap().as_str(), "Jan de Vries");
        assert_eq!(OwnerName::parse("Zoë O'Brien-Łukasz").unwrap().as_str(), "Zoë O'Brien-Łukasz");
        for bad in ["", " ", "J", "12345", "Jan\u{202e}seirV", "Jan\u{0}", &"x".repeat(201)] {
            assert_eq!(OwnerName::parse(bad), Err(INVALID_NAME), "{bad:?}");
        }
        assert_eq!(OwnerName::folded(" JAN  de\tVries"), "jan de vries");
    }

    #[test]
    fn a_company_number_is_letters_digits_and_separators() {
        assert_eq!(CompanyNumber::parse(" KvK 12345678 ").unwrap().as_str(), "KvK 12345678");
        assert_eq!(CompanyNumber::parse("HRB 1234/B").unwrap().as_str(), "HRB 1234/B");
        for bad in ["", "1", "ABCDEF", "12<script>", &"1".repeat(41)] {
            assert_eq!(CompanyNumber::parse(bad), Err(INVALID_COMPANY_NUMBER), "{bad:?}");
        }
    }
}
