//! The outbox: every email and SMS is written in the same transaction as the
//! change that causes it, and delivered afterwards by [`worker`].

mod delivery;
pub mod mailbox;
mod twilio;
pub mod worker;

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

pub use delivery::{ByChannel, Delivery, Permanent, RecordOnly, Smtp};
pub use twilio::Twilio;

use crate::{
    foundation::i18n::{Lang, Msg},
    platform::clock::{now_ms, rfc3339},
    platform::db::{Db, Tx},
    platform::ids::new_id,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Clone, Debug)]
pub struct Message {
    pub channel: Channel,
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Message {
    pub fn email(to: &str, subject: impl Into<String>, body: impl Into<String>) -> Self {
        Self { channel: Channel::Email, to: to.to_owned(), subject: subject.into(), body: body.into() }
    }

    /// An SMS to an E.164 number; `subject` is only for the dev mailbox.
    pub fn sms(to: &str, subject: impl Into<String>, body: impl Into<String>) -> Self {
        Self { channel: Channel::Sms, to: to.to_owned(), subject: subject.into(), body: body.into() }
    }

    /// An email written in the recipient's language.
    pub fn email_in(lang: Lang, to: &str, subject: &Msg, body: &Msg) -> Self {
        Self::email(to, subject.render(lang), body.render(lang))
    }

    /// An SMS written in the recipient's language.
    pub fn sms_in(lang: Lang, to: &str, subject: &Msg, body: &Msg) -> Self {
        Self::sms(to, subject.render(lang), body.render(lang))
    }
}

/// Queue a message inside the caller's transaction: it exists if and only if
/// the change that caused it was committed.
pub async fn enqueue(tx: &mut Tx<'_>, message: &Message) -> sqlx::Result<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO outbox (id, channel, recipient, subject, body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(new_id())
    .bind(message.channel.as_str())
    .bind(&message.to)
    .bind(&message.subject)
    .bind(&message.body)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A message as the dev mailbox shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailboxMessage {
    pub id: String,
    pub channel: Channel,
    pub to: String,
    pub subject: String,
    pub body: String,
    /// RFC 3339, UTC.
    pub created_at: String,
}

/// The most recent messages, newest first.
pub async fn recent(db: &Db, limit: i64) -> sqlx::Result<Vec<MailboxMessage>> {
    let rows = sqlx::query(
        "SELECT id, channel, recipient, subject, body, created_at FROM outbox
         ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| -> sqlx::Result<MailboxMessage> {
            Ok(MailboxMessage {
                id: r.try_get("id")?,
                channel: crate::platform::db::stored::<Channel>(r.try_get::<&str, _>("channel")?)?,
                to: r.try_get("recipient")?,
                subject: r.try_get("subject")?,
                body: r.try_get("body")?,
                created_at: rfc3339(r.try_get("created_at")?),
            })
        })
        .collect()
}
