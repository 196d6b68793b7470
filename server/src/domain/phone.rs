/// A phone number in E.164 form: `+`, a non-zero digit, then 1 to 14 digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneE164(String);

pub const INVALID_PHONE: &str = "invalid_phone_number_format";

impl PhoneE164 {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let s = raw.trim();
        let digits = s.strip_prefix('+').ok_or(INVALID_PHONE)?;
        let valid =
            (2..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
        if valid { Ok(Self(s.to_owned())) } else { Err(INVALID_PHONE) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dutch_mobile_number_is_accepted() {
        assert_eq!(PhoneE164::parse(" +31612345678 ").unwrap().as_str(), "+31612345678");
    }

    #[test]
    fn numbers_without_plus_with_leading_zero_or_too_long_are_rejected() {
        for bad in ["31612345678", "+0612345678", "+1", "+1234567890123456", "+31 6 1234", "+31a"] {
            assert_eq!(PhoneE164::parse(bad), Err(INVALID_PHONE), "{bad}");
        }
        assert!(PhoneE164::parse("+12").is_ok());
        assert!(PhoneE164::parse("+123456789012345").is_ok());
    }
}
