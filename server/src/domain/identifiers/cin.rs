//! CIN/HIN, ISO 10087 as the EU Recreational Craft Directive uses it:
//! `CC-MMM SSSSS M Y YY`, 14 characters without separators.

use std::fmt;

use crate::foundation::i18n::Msg;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cin {
    pub country: String,
    pub manufacturer: String,
    pub serial: String,
    /// 1 (January, letter A) to 12 (December, letter L).
    pub production_month: u8,
    /// The last digit of the year of production.
    pub production_year_digit: u8,
    /// The two-digit model year.
    pub model_year: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CinError {
    Length,
    Country,
    Manufacturer,
    Serial,
    Month,
    Year,
    /// The CIN's years cannot belong to a vessel built in the given year.
    YearMismatch {
        build_year: i32,
    },
}

impl CinError {
    pub fn message(self) -> Msg {
        match self {
            Self::Length => "cin_length_invalid".into(),
            Self::Country => "cin_country_invalid".into(),
            Self::Manufacturer => "cin_manufacturer_invalid".into(),
            Self::Serial => "cin_serial_invalid".into(),
            Self::Month => "cin_month_invalid".into(),
            Self::Year => "cin_years_invalid".into(),
            Self::YearMismatch { build_year } => Msg::new("cin_build_year_mismatch").arg("year", build_year),
        }
    }
}

impl Cin {
    pub fn parse(raw: &str) -> Result<Self, CinError> {
        let s: String = raw.chars().filter(|c| !matches!(c, '-' | ' ')).collect::<String>().to_ascii_uppercase();
        if s.len() != 14 || !s.is_ascii() {
            return Err(CinError::Length);
        }
        let b = s.as_bytes();
        if !b[0..2].iter().all(u8::is_ascii_uppercase) {
            return Err(CinError::Country);
        }
        if !b[2..5].iter().all(u8::is_ascii_alphanumeric) {
            return Err(CinError::Manufacturer);
        }
        if !b[5..10].iter().all(|c| c.is_ascii_alphanumeric() && !matches!(c, b'I' | b'O' | b'Q')) {
            return Err(CinError::Serial);
        }
        if !(b'A'..=b'L').contains(&b[10]) {
            return Err(CinError::Month);
        }
        if !b[11..14].iter().all(u8::is_ascii_digit) {
            return Err(CinError::Year);
        }
        Ok(Self {
            country: s[0..2].to_owned(),
            manufacturer: s[2..5].to_owned(),
            serial: s[5..10].to_owned(),
            production_month: b[10] - b'A' + 1,
            production_year_digit: b[11] - b'0',
            model_year: (b[12] - b'0') * 10 + (b[13] - b'0'),
        })
    }

    /// A CIN fits a build year when its model year is within one year of it
    /// and the production year (known by its last digit) is too.
    pub fn check_build_year(&self, build_year: i32) -> Result<(), CinError> {
        let years = build_year - 1..=build_year + 1;
        let model_ok = years.clone().any(|y| y.rem_euclid(100) == i32::from(self.model_year));
        let production_ok = years.into_iter().any(|y| y.rem_euclid(10) == i32::from(self.production_year_digit));
        if model_ok && production_ok { Ok(()) } else { Err(CinError::YearMismatch { build_year }) }
    }
}

/// Stored and shown as `NL-BEN12345F819`.
impl fmt::Display for Cin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}{}{}{}{:02}",
            self.country,
            self.manufacturer,
            self.serial,
            (b'A' + self.production_month - 1) as char,
            self.production_year_digit,
            self.model_year
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cin_is_normalised_and_decoded() {
        let cin = Cin::parse(" nl-ben 12345 f 819 ").unwrap();
        assert_eq!(cin.to_string(), "NL-BEN12345F819");
        assert_eq!((cin.country.as_str(), cin.manufacturer.as_str(), cin.serial.as_str()), ("NL", "BEN", "12345"));
        assert_eq!((cin.production_month, cin.production_year_digit, cin.model_year), (6, 8, 19));
    }

    /// The example shown in messages and the wizard's placeholder must pass
    /// our own rules for a recent boat.
    #[test]
    fn the_example_we_show_is_valid_for_a_recent_build_year() {
        let cin = Cin::parse("NL-BEN12345F819").unwrap();
        assert_eq!(cin.check_build_year(2018), Ok(()));
        assert_eq!(cin.check_build_year(2019), Ok(()));
    }

    #[test]
    fn a_cin_with_month_letter_m_is_rejected() {
        assert_eq!(Cin::parse("NL-BEN12345M678"), Err(CinError::Month));
    }

    #[test]
    fn a_cin_with_i_o_or_q_in_the_serial_is_rejected() {
        for bad in ["FR-BEN1234IA203", "FR-BEN1O345A203", "FR-BENQ2345A203"] {
            assert_eq!(Cin::parse(bad), Err(CinError::Serial), "{bad}");
        }
    }

    #[test]
    fn wrong_lengths_countries_and_years_are_rejected() {
        assert_eq!(Cin::parse("NL-BEN12345A67"), Err(CinError::Length));
        assert_eq!(Cin::parse("N1-BEN12345F819"), Err(CinError::Country));
        assert_eq!(Cin::parse("NL-B_N12345A678"), Err(CinError::Manufacturer));
        assert_eq!(Cin::parse("NL-BEN12345A6X8"), Err(CinError::Year));
    }

    #[test]
    fn the_years_must_fit_the_build_year() {
        // Produced March 2019, model year 2020.
        let cin = Cin::parse("DE-BAV2K4L7C920").unwrap();
        assert!(cin.check_build_year(2019).is_ok());
        assert!(cin.check_build_year(2020).is_ok());
        assert_eq!(cin.check_build_year(2015), Err(CinError::YearMismatch { build_year: 2015 }));
        assert!(cin.check_build_year(2022).is_err(), "model year 20 is two years off 2022");
    }
}
