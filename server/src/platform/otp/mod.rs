//! One-time codes: six digits from the OS's secure generator, sent by SMS,
//! used by transfers and by mobile verification. One implementation, so the
//! limits hold the same everywhere:
//!
//! - stored hashed, valid 10 minutes, single use, bound to a purpose and a
//!   subject (a transfer's id, a user's id);
//! - at most 5 wrong attempts, after which the code is dead and a new one
//!   must be sent;
//! - a new code at the earliest 60 seconds after the last, and at most 4
//!   codes (the first and 3 resends) per subject an hour;
//! - budgets that make SMS pumping cost the attacker: only a mobile number of
//!   a country the registry texts (checked by the callers), at most 10 codes
//!   and 3 distinct numbers per account a day, an hourly budget per client
//!   address and per sender and number, and a high hourly ceiling per number
//!   that a holder's own verification is not counted against, so strangers
//!   cannot silence a number for its holder.
//!
//! Every limit is counted in the statement that checks it: an attempt is an
//! `UPDATE ... SET attempts = attempts + 1 WHERE attempts < 5 RETURNING`, a
//! send reserves its slot with a conditional upsert, so parallel requests
//! cannot slip past a limit between a check and a count.

mod store;

use rand::Rng;
use subtle::ConstantTimeEq;

use crate::{
    domain::PhoneE164,
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::clock::{DAY, HOUR, MINUTE, SECOND, now_ms},
    platform::config::CodeBudgets,
    platform::db::{Db, Tx},
    platform::ids::{hash_secret, new_id},
    platform::throttle::{self, Limit},
};

pub const VALIDITY_MS: i64 = 10 * MINUTE;
pub const MAX_ATTEMPTS: i64 = 5;
pub const RESEND_AFTER_MS: i64 = 60 * SECOND;
/// The first code and three resends.
pub const SENDS_PER_HOUR: Limit = Limit { max: 4, window_ms: HOUR };
/// Codes one account may have texted to one number an hour: a stranger's
/// sends use up the stranger's budget, not the number's.
pub const SENDS_PER_SENDER_AND_NUMBER_PER_HOUR: Limit = Limit { max: 4, window_ms: HOUR };
/// Codes to one number an hour from everyone but its holder: a ceiling high
/// enough that the budgets above stop strangers long before it, so it never
/// refuses the holder's own verification (which it does not count).
pub const SENDS_PER_NUMBER_PER_HOUR: Limit = Limit { max: 40, window_ms: HOUR };

/// Who asks for a code, for the budgets.
pub struct Sender<'a> {
    pub account: &'a str,
    pub client: std::net::IpAddr,
    /// The number is the account's own (verifying its mobile number).
    pub own_number: bool,
    /// Codes per account a day, distinct numbers per account a day, and
    /// codes per client address an hour (configuration).
    pub budgets: CodeBudgets,
}

fn too_many_codes(wait: u64) -> AppError {
    AppError::TooManyRequests {
        code: "too_many_codes",
        message: "too_many_codes_were_sent".into(),
        retry_after_secs: wait,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Purpose {
    Transfer,
    Phone,
    /// An owner's consent to a lien on their vessel.
    Lien,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        self.into()
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

/// The right to send one code, taken within the send limits in the
/// transaction that then issues it.
pub struct SendSlot {
    purpose: Purpose,
    subject: String,
}

/// Take a send slot for `subject`, texting `to` for `sender`, in the
/// caller's transaction (the one that issues the code and queues the SMS):
/// refused with 429 `too_many_codes` and `Retry-After` within a minute of the
/// last code or past any budget. An attempt the caller then rolls back (a
/// racing duplicate, say) uses up no budget. The caller has checked that `to`
/// may be texted at all (`PhoneE164::textable`).
pub async fn reserve_send(
    tx: &mut Tx<'_>,
    purpose: Purpose,
    subject: &str,
    to: &PhoneE164,
    sender: &Sender<'_>,
) -> AppResult<SendSlot> {
    // The sender's row first, before any budget's: starting a transfer locks
    // it first too, so two requests of one account cannot deadlock. The lock
    // also serialises the account's daily budgets below; without a row there
    // is nothing to hold, so a sender must be an account that exists.
    let locked = store::lock_sender(tx, sender.account).await?;
    if locked != 1 {
        return Err(AppError::Unauthorized("sign_in_required".into()));
    }
    let bucket = format!("otp:{}:{subject}", purpose.as_str());
    reserve_spacing(tx, &bucket).await?;
    let to = to.as_str();
    let budgets = [
        (format!("{bucket}:hour"), SENDS_PER_HOUR),
        (format!("otp-client:{}", sender.client), Limit { max: sender.budgets.per_client_per_hour, window_ms: HOUR }),
        (format!("otp-to:{}:{to}", sender.account), SENDS_PER_SENDER_AND_NUMBER_PER_HOUR),
    ];
    for (bucket, limit) in budgets {
        if let Some(wait) = throttle::reserve(&mut **tx, &bucket, limit).await? {
            return Err(too_many_codes(wait));
        }
    }
    if !sender.own_number
        && let Some(wait) = throttle::reserve(&mut **tx, &format!("otp-to:{to}"), SENDS_PER_NUMBER_PER_HOUR).await?
    {
        return Err(too_many_codes(wait));
    }
    reserve_daily(tx, sender, to).await?;
    Ok(SendSlot { purpose, subject: subject.to_owned() })
}

/// The account's daily budgets, counted and checked in the statement that
/// records the send, under the account's row lock that `reserve_send` took
/// (so that two sends at once to two new numbers are counted one after the
/// other).
async fn reserve_daily(tx: &mut Tx<'_>, sender: &Sender<'_>, to: &str) -> AppResult<()> {
    let account = sender.account;
    let now = now_ms();
    let since = now - DAY;
    let recorded = store::record_send_within_budgets(tx, &new_id(), sender, to, now, since).await?;
    if recorded == 1 {
        return Ok(());
    }
    // Over budget: the budget refills as the oldest send of the day ages out.
    let oldest = store::oldest_send_since(tx, account, since).await?;
    let wait = u64::try_from(oldest.unwrap_or(now) + DAY - now).unwrap_or(0).div_ceil(1000).max(1);
    Err(too_many_codes(wait))
}

impl SendSlot {
    /// Issue the code in the caller's transaction, revoking any earlier one;
    /// the caller queues the SMS in the same transaction.
    pub async fn issue(self, tx: &mut Tx<'_>) -> AppResult<Code> {
        let Self { purpose, subject } = self;
        let now = now_ms();
        store::revoke_codes(tx, purpose.as_str(), &subject, now).await?;
        let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32));
        store::insert_code(
            tx,
            &new_id(),
            purpose.as_str(),
            &subject,
            &digest(purpose, &subject, &code),
            now,
            now + VALIDITY_MS,
        )
        .await?;
        metrics::counter!(crate::platform::telemetry::CODES_SENT, "purpose" => purpose.as_str()).increment(1);
        Ok(Code(code))
    }
}

/// At most one code per minute per subject: the slot is taken by a
/// conditional upsert that only succeeds once the last send is a minute old.
async fn reserve_spacing(tx: &mut Tx<'_>, bucket: &str) -> AppResult<()> {
    let now = now_ms();
    if store::take_spaced_slot(tx, bucket, now, RESEND_AFTER_MS).await? {
        return Ok(());
    }
    let last = store::last_send(tx, bucket).await?.unwrap_or(now);
    let wait = u64::try_from((last + RESEND_AFTER_MS - now).max(SECOND)).unwrap_or(60_000).div_ceil(1000);
    Err(AppError::TooManyRequests {
        code: "too_many_codes",
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
            Refusal::NeedNewCode => AppError::too_many("code_no_longer_used_ask", 1),
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
    let Some(attempted) = store::count_attempt(db, purpose.as_str(), subject, now_ms(), MAX_ATTEMPTS).await? else {
        return Ok(Err(Refusal::NeedNewCode));
    };
    let (id, stored, attempts) = (attempted.id, attempted.code_hash, attempted.attempts);
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
        let used = store::use_code(tx, &self.id, now_ms()).await?;
        Ok(used == 1)
    }
}
