use std::{collections::HashSet, sync::LazyLock};

/// A password that satisfies the policy for new passwords: 8 to 256
/// characters and not among the 10,000 most common passwords.
/// (Existing passwords are only ever compared, never re-checked, so the
/// policy can tighten without locking anyone out.)
#[derive(Clone)]
pub struct NewPassword(String);

pub const TOO_SHORT: &str = "password_least_8_characters";
pub const TOO_LONG: &str = "password_most_256_characters";
pub const TOO_COMMON: &str = "password_too_common_choose_one";

/// The 10,000 most common passwords (zxcvbn 4.4.2's list, MIT licence).
static COMMON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| include_str!("common-passwords.txt").lines().collect());

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let length = raw.chars().count();
        if length < 8 {
            return Err(TOO_SHORT);
        }
        if length > 256 {
            return Err(TOO_LONG);
        }
        if COMMON.contains(raw.to_lowercase().as_str()) {
            return Err(TOO_COMMON);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword([redacted])")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seven_character_password_is_too_short() {
        assert_eq!(NewPassword::parse("abcdefg").unwrap_err(), TOO_SHORT);
    }

    #[test]
    fn length_counts_characters_not_bytes() {
        assert!(NewPassword::parse("ééééééé").is_err());
        assert!(NewPassword::parse("éé-ship-ahoy").is_ok());
    }

    #[test]
    fn a_257_character_password_is_too_long() {
        assert_eq!(NewPassword::parse(&"x".repeat(257)).unwrap_err(), TOO_LONG);
        assert!(NewPassword::parse(&"harbour!".repeat(32)).is_ok());
    }

    #[test]
    fn common_passwords_are_refused_in_any_case() {
        assert_eq!(COMMON.len(), 10_000);
        for common in ["password", "12345678", "Sunshine1", "QWERTYUIOP"] {
            assert_eq!(NewPassword::parse(common).unwrap_err(), TOO_COMMON, "{common}");
        }
        assert!(NewPassword::parse("harbour-lights-42").is_ok());
    }
}
