/// A phone number in E.164 form (`+`, a non-zero digit, then 1 to 14 digits)
/// that is a valid number of its country by the numbering plans of Google's
/// libphonenumber (the `phonenumber` crate): `+316`, too short for a Dutch
/// number, is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneE164(String);

pub const INVALID_PHONE: &str = "invalid_phone_number_format";

/// A number that is valid but no mobile number of a country the registry texts.
pub const NOT_SUPPORTED_MOBILE: &str = "phone_not_supported_mobile";

impl PhoneE164 {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s = raw.trim();
        let digits = s.strip_prefix('+').ok_or(INVALID_PHONE)?;
        let shaped =
            (2..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
        if shaped && phonenumber::parse(None, s).is_ok_and(|n| n.is_valid()) {
            Ok(Self(s.to_owned()))
        } else {
            Err(INVALID_PHONE)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether codes may be texted to this number: a mobile number (premium,
    /// satellite and shared-cost numbers are not) whose country calling code
    /// is one of `prefixes` (`+31`, `+351`, ...).
    pub fn textable(&self, prefixes: &[String]) -> Result<(), &'static str> {
        let in_country = prefixes.iter().any(|p| self.0.starts_with(p.as_str()));
        let mobile = phonenumber::parse(None, &self.0).is_ok_and(|n| {
            matches!(
                n.number_type(&phonenumber::metadata::DATABASE),
                phonenumber::Type::Mobile | phonenumber::Type::FixedLineOrMobile
            )
        });
        if in_country && mobile { Ok(()) } else { Err(NOT_SUPPORTED_MOBILE) }
    }
}

/// The calling codes of the registry's countries, the default of `REGISTRY_SMS_COUNTRY_PREFIXES`.
pub const SUPPORTED_PREFIXES: [&str; 11] =
    ["+31", "+49", "+33", "+34", "+39", "+32", "+48", "+351", "+30", "+385", "+41"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dutch_mobile_number_is_accepted() {
        assert_eq!(PhoneE164::parse(" +31612345678 ").unwrap().as_str(), "+31612345678");
    }

    #[test]
    fn numbers_without_plus_with_leading_zero_too_long_or_invalid_in_their_country_are_rejected() {
        for bad in ["31612345678", "+0612345678", "+1", "+1234567890123456", "+31 6 1234", "+31a", "+316", "+12"] {
            assert_eq!(PhoneE164::parse(bad), Err(INVALID_PHONE), "{bad}");
        }
        for good in ["+4915112345678", "+33612345678", "+351912345678", "+442079460000", "+31201234567"] {
            assert!(PhoneE164::parse(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn codes_go_to_mobile_numbers_of_the_supported_countries_only() {
        let prefixes: Vec<String> = SUPPORTED_PREFIXES.iter().map(|p| (*p).to_owned()).collect();
        for mobile in
            ["+31612345678", "+4915112345678", "+33612345678", "+393123456789", "+351912345678", "+41781234567"]
        {
            assert_eq!(PhoneE164::parse(mobile).unwrap().textable(&prefixes), Ok(()), "{mobile}");
        }
        // A landline, a UK mobile (not a registry country), premium and satellite numbers.
        for not in ["+31201234567", "+447400123456", "+31909123456", "+8816", "+979123456789", "+19005550123"] {
            if let Ok(number) = PhoneE164::parse(not) {
                assert_eq!(number.textable(&prefixes), Err(NOT_SUPPORTED_MOBILE), "{not}");
            }
        }
        let only_dutch = vec!["+31".to_owned()];
        assert!(PhoneE164::parse("+4915112345678").unwrap().textable(&only_dutch).is_err());
    }
}
