//! Time as the database stores it: milliseconds since the Unix epoch, UTC.

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

pub const SECOND: i64 = 1000;
pub const MINUTE: i64 = 60 * SECOND;
pub const HOUR: i64 = 60 * MINUTE;
pub const DAY: i64 = 24 * HOUR;

pub fn now_ms() -> i64 {
    (OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

/// RFC 3339 in UTC with millisecond precision, e.g. `2026-11-22T09:30:00.000Z`.
pub fn rfc3339(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp_nanos(ms as i128 * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH);
    let text = t.format(&Rfc3339).unwrap_or_default();
    // `time` omits a zero fraction; keep one fixed shape for clients.
    if text.contains('.') { text } else { text.replace('Z', ".000Z") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_utc_with_milliseconds() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(1_795_000_000_123), "2026-11-18T11:06:40.123Z");
    }
}
