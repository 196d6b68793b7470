//! The serials of the registry's signed papers: a certificate's
//! `ESRC-XXXX-XXXX-XXXX-XXXX` and a transfer record's `ESTR-…` (16 Crockford
//! base32 characters after the prefix). Found as people type them, as
//! platform IDs are: any case, with or without hyphens or spaces, with O for
//! 0 and I or L for 1.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateSerial(String);

/// A transfer record's serial, `ESTR-XXXX-XXXX-XXXX-XXXX`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferRecordSerial(String);

pub const INVALID_SERIAL: &str = "no_certificate_serial";
pub const INVALID_RECORD_SERIAL: &str = "no_transfer_record_serial";

impl CertificateSerial {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        grouped("ESRC", raw).map(Self).ok_or(INVALID_SERIAL)
    }

    /// A new serial from a new id (`platform::ids::new_id`): its 16 random characters, grouped.
    pub fn of_new_id(id: &str) -> Self {
        Self(group("ESRC", &id[10..]))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TransferRecordSerial {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        grouped("ESTR", raw).map(Self).ok_or(INVALID_RECORD_SERIAL)
    }

    /// A new serial from a new id (`platform::ids::new_id`): its 16 random characters, grouped.
    pub fn of_new_id(id: &str) -> Self {
        Self(group("ESTR", &id[10..]))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn group(prefix: &str, body: &str) -> String {
    format!("{prefix}-{}-{}-{}-{}", &body[0..4], &body[4..8], &body[8..12], &body[12..16])
}

/// `raw` as `{prefix}-XXXX-XXXX-XXXX-XXXX`, or `None`.
fn grouped(prefix: &str, raw: &str) -> Option<String> {
    let compact: String =
        raw.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')).map(|c| c.to_ascii_uppercase()).collect();
    let body: String = compact
        .strip_prefix(prefix)?
        .chars()
        .map(|c| match c {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect();
    let crockford = |c: char| c.is_ascii_digit() || (c.is_ascii_uppercase() && !matches!(c, 'I' | 'L' | 'O' | 'U'));
    (body.len() == 16 && body.chars().all(crockford)).then(|| group(prefix, &body))
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
        assert_eq!(
            TransferRecordSerial::parse("estr 01ab cdef gh23 4567").unwrap().as_str(),
            "ESTR-01AB-CDEF-GH23-4567"
        );
        assert!(TransferRecordSerial::parse(want).is_err(), "a certificate's serial is not a record's");
        assert!(
            TransferRecordSerial::parse(TransferRecordSerial::of_new_id("01J9ZZZZZZ7KQ2M9XD4HTBAB12").as_str()).is_ok()
        );
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
