use std::fmt;

use unicode_normalization::UnicodeNormalization;

/// A normalised email address: trimmed, in Unicode NFC, lower-cased, its
/// domain in ASCII (an internationalised domain as punycode). Two addresses
/// that read the same are then the same string, so they are one account:
/// `josé@` with a composed or a decomposed é, `bücher.de` or
/// `xn--bcher-kva.de`. Invisible and format characters (a zero-width space,
/// a soft hyphen, bidirectional controls) are refused, not dropped: an
/// address a person cannot see cannot be one they typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

pub const INVALID_EMAIL: &str = "invalid_email_address";

/// Characters that print as nothing: soft hyphen, combining grapheme
/// joiner, Arabic letter mark, Hangul fillers, Mongolian and other variation
/// selectors, zero-width and bidirectional controls, word joiners, the BOM,
/// interlinear annotation and tag characters.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E0FFF}')
}

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let raw = raw.trim();
        if raw.chars().any(|c| c.is_whitespace() || c.is_control() || invisible(c)) {
            return Err(INVALID_EMAIL);
        }
        let email: String = raw.nfc().collect::<String>().to_lowercase();
        let (local, domain) = email.rsplit_once('@').ok_or(INVALID_EMAIL)?;
        let domain = idna::domain_to_ascii(domain).map_err(|_| INVALID_EMAIL)?;
        let valid = !local.is_empty()
            && local.len() <= 64
            && !local.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !domain.starts_with('-');
        let email = format!("{local}@{domain}");
        if valid && email.len() <= 254 { Ok(Self(email)) } else { Err(INVALID_EMAIL) }
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

    #[test]
    fn addresses_that_read_the_same_are_the_same() {
        let composed = Email::parse("jos\u{e9}@example.nl").unwrap();
        let decomposed = Email::parse("jose\u{301}@example.nl").unwrap();
        assert_eq!(composed, decomposed);
        let unicode = Email::parse("ana@B\u{fc}cher.de").unwrap();
        let punycode = Email::parse("ana@xn--bcher-kva.de").unwrap();
        assert_eq!(unicode, punycode);
        assert_eq!(unicode.as_str(), "ana@xn--bcher-kva.de");
    }

    #[test]
    fn invisible_and_format_characters_are_refused() {
        for bad in [
            "an\u{200B}a@example.nl",
            "an\u{AD}a@example.nl",
            "ana@exam\u{200D}ple.nl",
            "a\u{202E}na@example.nl",
            "\u{FEFF}ana@example.nl",
        ] {
            assert_eq!(Email::parse(bad), Err(INVALID_EMAIL), "{bad:?}");
        }
    }
}
