//! One-time codes: six digits from the OS's secure generator, sent by SMS,
//! used by transfers and by mobile verification. One implementation, so the
//! limits hold the same everywhere:
//!
//! - stored hashed, valid 10 minutes, single use, bound to a purpose and a
//!   subject (a transfer's id, a user's id);
//! - at most 5 wrong attempts, after which the code is dead and a new one
//!   must be sent;
//! - a new code at the earliest 60 seconds after the last, and at most 4
//!   codes (the first and 3 resends) per subject an hour.
//!
//! Every limit is counted in the statement that checks it: an attempt is an
//! `UPDATE ... SET attempts = attempts + 1 WHERE attempts < 5 RETURNING`, a
//! send reserves its slot with a conditional upsert, so parallel requests
//! cannot slip past a limit between a check and a count.

use rand::Rng;
use sqlx::Row;
use subtle::ConstantTimeEq;

use crate::{
    auth::throttle::{self, Limit},
    clock::{HOUR, MINUTE, SECOND, now_ms},
    db::{Db, Tx},
    error::{AppError, AppResult},
    i18n::Msg,
    ids::{hash_secret, new_id},
};

pub const VALIDITY_MS: i64 = 10 * MINUTE;
pub const MAX_ATTEMPTS: i64 = 5;
pub const RESEND_AFTER_MS: i64 = 60 * SECOND;
/// The first code and three resends.
pub const SENDS_PER_HOUR: Limit = Limit { max: 4, window_ms: HOUR };
/// Codes to one phone number an hour, whoever asks: many accounts or many
/// transfers cannot turn the registry into an SMS cannon against a number.
pub const SENDS_PER_NUMBER_PER_HOUR: Limit = Limit { max: 8, window_ms: HOUR };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Transfer,
    Phone,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Transfer => "transfer",
            Self::Phone => "phone",
        }
    }
}

/// A code to send; shown to nobody but its recipient.
pub struct Code(String);

impl Code {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

fn digest(purpose: Purpose, subject: &str, code: &str) -> String {
    hash_secret(&format!("{}:{subject}:{code}", purpose.as_str()))
}

/// The right to send one code, taken within the send limits *before* the
/// caller's transaction begins: on SQLite a write from another connection
/// inside an open write transaction would wait for that transaction's lock.
pub struct SendSlot {
    purpose: Purpose,
    subject: String,
}

/// Take a send slot for `subject`: refused with 429 and `Retry-After` within
/// a minute of the last code, or past the hourly limit.
pub async fn reserve_send(db: &Db, purpose: Purpose, subject: &str, to_phone: &str) -> AppResult<SendSlot> {
    let bucket = format!("otp:{}:{subject}", purpose.as_str());
    reserve_spacing(db, &bucket).await?;
    let too_many =
        |wait| AppError::TooManyRequests { message: "too_many_codes_were_sent".into(), retry_after_secs: wait };
    if let Some(wait) = throttle::reserve(db, &format!("{bucket}:hour"), SENDS_PER_HOUR).await? {
        return Err(too_many(wait));
    }
    if let Some(wait) = throttle::reserve(db, &format!("otp-to:{to_phone}"), SENDS_PER_NUMBER_PER_HOUR).await? {
        return Err(too_many(wait));
    }
    Ok(SendSlot { purpose, subject: subject.to_owned() })
}

impl SendSlot {
    /// Issue the code in the caller's transaction, revoking any earlier one;
    /// the caller queues the SMS in the same transaction.
    pub async fn issue(self, tx: &mut Tx<'_>) -> AppResult<Code> {
        let Self { purpose, subject } = self;
        let now = now_ms();
        sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE purpose = $2 AND subject = $3 AND used_at IS NULL")
            .bind(now)
            .bind(purpose.as_str())
            .bind(&subject)
            .execute(&mut **tx)
            .await?;
        let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32));
        sqlx::query(
            "INSERT INTO one_time_codes (id, purpose, subject, code_hash, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(new_id())
        .bind(purpose.as_str())
        .bind(&subject)
        .bind(digest(purpose, &subject, &code))
        .bind(now)
        .bind(now + VALIDITY_MS)
        .execute(&mut **tx)
        .await?;
        Ok(Code(code))
    }
}

/// At most one code per minute per subject: the slot is taken by a
/// conditional upsert that only succeeds once the last send is a minute old.
async fn reserve_spacing(db: &Db, bucket: &str) -> AppResult<()> {
    let now = now_ms();
    let taken = sqlx::query(
        "INSERT INTO throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET window_start = $2, hits = throttle.hits + 1
         WHERE throttle.window_start + $3 <= $2
         RETURNING window_start",
    )
    .bind(bucket)
    .bind(now)
    .bind(RESEND_AFTER_MS)
    .fetch_optional(db)
    .await?;
    if taken.is_some() {
        return Ok(());
    }
    let last: i64 = sqlx::query("SELECT window_start FROM throttle WHERE bucket = $1")
        .bind(bucket)
        .fetch_optional(db)
        .await?
        .map(|r| r.try_get("window_start"))
        .transpose()?
        .unwrap_or(now);
    let wait = u64::try_from((last + RESEND_AFTER_MS - now).max(SECOND)).unwrap_or(60_000).div_ceil(1000);
    Err(AppError::TooManyRequests {
        message: Msg::new("code_sent_recently").arg("count", wait),
        retry_after_secs: wait,
    })
}

/// Why a code was not accepted.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Wrong; this many attempts remain.
    Wrong { attempts_left: i64 },
    /// No live code: never sent, used, expired, or dead after five wrong attempts.
    NeedNewCode,
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Wrong { attempts_left } => {
                AppError::bad_request("wrong_code", Msg::new("wrong_code").arg("count", attempts_left))
            }
            Refusal::NeedNewCode => {
                AppError::TooManyRequests { message: "code_no_longer_used_ask".into(), retry_after_secs: 1 }
            }
        }
    }
}

/// A code that matched; it still has to be used up in the transaction of
/// the change it authorises (`consume`), which only one caller wins.
pub struct Matched {
    id: String,
}

/// Check `candidate` against the live code for `subject`. The attempt is
/// counted first, on its own (committed whatever the caller does next, and
/// before the caller's transaction begins), so at most five guesses are ever
/// compared, however many run in parallel.
pub async fn check(
    db: &Db,
    purpose: Purpose,
    subject: &str,
    candidate: &crate::domain::OtpCode,
) -> AppResult<Result<Matched, Refusal>> {
    let row = sqlx::query(
        "UPDATE one_time_codes SET attempts = attempts + 1
         WHERE purpose = $1 AND subject = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4
         RETURNING id, code_hash, attempts",
    )
    .bind(purpose.as_str())
    .bind(subject)
    .bind(now_ms())
    .bind(MAX_ATTEMPTS)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(Err(Refusal::NeedNewCode)) };
    let (id, stored, attempts): (String, String, i64) =
        (row.try_get("id")?, row.try_get("code_hash")?, row.try_get("attempts")?);
    let offered = digest(purpose, subject, candidate.as_str());
    if bool::from(offered.as_bytes().ct_eq(stored.as_bytes())) {
        return Ok(Ok(Matched { id }));
    }
    let attempts_left = MAX_ATTEMPTS - attempts;
    Ok(Err(if attempts_left > 0 { Refusal::Wrong { attempts_left } } else { Refusal::NeedNewCode }))
}

impl Matched {
    /// Use the code up; false when a racing request used it first.
    pub async fn consume(self, tx: &mut Tx<'_>) -> AppResult<bool> {
        let used = sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
            .bind(now_ms())
            .bind(&self.id)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        Ok(used == 1)
    }
}
