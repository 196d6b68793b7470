/// A one-time code as a person types it back: exactly six ASCII digits.
/// Anything else is refused before a code is looked up, so a typo costs no
/// attempt (the attempt counter is for guesses, not for malformed input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtpCode(String);

pub const INVALID_CODE: &str = "code_six_digits";

impl OtpCode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        if raw.len() == 6 && raw.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(raw.to_owned()))
        } else {
            Err(INVALID_CODE)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_digits_and_nothing_else() {
        assert_eq!(OtpCode::parse("012345").unwrap().as_str(), "012345");
        for bad in [" 012345", "012345 ", "01234", "0123456", "01234a", "０１２３４５", ""] {
            assert_eq!(OtpCode::parse(bad), Err(INVALID_CODE), "{bad:?}");
        }
    }
}
