//! A certificate's serial, `ESRC-XXXX-XXXX-XXXX-XXXX` (16 Crockford base32
//! characters after the prefix). Found as people type it, as platform IDs
//! are: any case, with or without hyphens or spaces, with O for 0 and I or L
//! for 1.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateSerial(String);

pub const INVALID_SERIAL: &str = "no_certificate_serial";

impl CertificateSerial {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let compact: String =
            raw.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')).map(|c| c.to_ascii_uppercase()).collect();
        let body = compact.strip_prefix("ESRC").ok_or(INVALID_SERIAL)?;
        let body: String = body
            .chars()
            .map(|c| match c {
                'O' => '0',
                'I' | 'L' => '1',
                other => other,
            })
            .collect();
        let crockford = |c: char| c.is_ascii_digit() || (c.is_ascii_uppercase() && !matches!(c, 'I' | 'L' | 'O' | 'U'));
        if body.len() != 16 || !body.chars().all(crockford) {
            return Err(INVALID_SERIAL);
        }
        Ok(Self(format!("ESRC-{}-{}-{}-{}", &body[0..4], &body[4..8], &body[8..12], &body[12..16])))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serials_are_found_as_typed() {
        let want = "ESRC-01AB-CDEF-GH23-4567";
        for typed in [
            want,
            "esrc-01ab-cdef-gh23-4567",
            "ESRC01ABCDEFGH234567",
            " esrc 01ab cdef gh23 4567 ",
            "ESRC-O1AB-CDEF-GH23-4567",
        ] {
            assert_eq!(CertificateSerial::parse(typed).unwrap().as_str(), want, "{typed}");
        }
        for bad in [
            "",
            "ESRC",
            "ESRC-01AB-CDEF-GH23-456",
            "ESRC-01AB-CDEF-GH23-4567X",
            "XSRC-01AB-CDEF-GH23-4567",
            "ESRC-01AB-CDEF-GH23-456U",
        ] {
            assert_eq!(CertificateSerial::parse(bad), Err(INVALID_SERIAL), "{bad}");
        }
    }
}
