use std::fmt;

/// A normalised (trimmed, lower-cased) email address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

pub const INVALID_EMAIL: &str = "invalid_email_address";

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let email = raw.trim().to_lowercase();
        let valid = email.len() <= 254
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && match email.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && local.len() <= 64
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                        && !domain.starts_with('-')
                }
                None => false,
            };
        if valid { Ok(Self(email)) } else { Err(INVALID_EMAIL) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_is_trimmed_and_lower_cased() {
        assert_eq!(Email::parse("  Ana@Example.NL ").unwrap().as_str(), "ana@example.nl");
    }

    #[test]
    fn an_email_without_a_domain_dot_or_at_sign_is_rejected() {
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.nl",
            "ana@example",
            "a b@example.nl",
            "a@b@c.nl",
            "ana@.nl",
            "ana@example..nl",
        ] {
            assert_eq!(Email::parse(bad), Err(INVALID_EMAIL), "{bad}");
        }
    }
}
