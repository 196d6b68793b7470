//! The outbox: every email and SMS is written in the same transaction as the
//! change that causes it, and delivered afterwards by [`worker`].

mod delivery;
pub mod mailbox;
mod store;
mod twilio;
pub mod worker;

use serde::Serialize;
use utoipa::ToSchema;

pub use delivery::{ByChannel, Delivery, Permanent, RecordOnly, Smtp};
pub use twilio::Twilio;

use crate::{
    foundation::i18n::{Lang, Msg},
    platform::clock::now_ms,
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
    store::insert_message(tx, &new_id(), message, now_ms()).await
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
    store::recent(db, limit).await
}
