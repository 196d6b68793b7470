//! What the outbox holds: a message on its channel, and a message as the dev
//! mailbox shows it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::foundation::i18n::{Lang, Msg};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub(super) fn as_str(self) -> &'static str {
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
