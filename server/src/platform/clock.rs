//! Time as the database stores it: milliseconds since the Unix epoch, UTC.

use time::{OffsetDateTime, format_description::FormatItem, macros::format_description};

pub const SECOND: i64 = 1000;
pub const MINUTE: i64 = 60 * SECOND;
pub const HOUR: i64 = 60 * MINUTE;
pub const DAY: i64 = 24 * HOUR;

pub fn now_ms() -> i64 {
    // `OffsetDateTime` cannot leave years ±999,999, far inside i64 milliseconds,
    // so the fallback is unreachable.
    i64::try_from(OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

/// RFC 3339 in UTC with millisecond precision, e.g. `2026-11-22T09:30:00.000Z`.
pub fn rfc3339(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    // Always three fraction digits: `time`'s RFC 3339 formatter trims
    // trailing zeros, and clients were promised one fixed shape.
    t.format(RFC3339_MILLIS).unwrap_or_default()
}

const RFC3339_MILLIS: &[FormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_utc_with_milliseconds() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(1_795_000_000_123), "2026-11-18T11:06:40.123Z");
    }

    #[test]
    fn trailing_zeros_of_the_milliseconds_are_kept() {
        assert_eq!(rfc3339(1_795_000_000_960), "2026-11-18T11:06:40.960Z");
        assert_eq!(rfc3339(1_795_000_000_900), "2026-11-18T11:06:40.900Z");
        assert_eq!(rfc3339(1_795_000_000_000), "2026-11-18T11:06:40.000Z");
    }
}
