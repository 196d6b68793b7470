//! 'Contact the owner' of a vessel for sale: a visitor's message is emailed
//! to the owner, in the owner's language, with the address the visitor gave
//! for the answer. The owner's address is never shown; the owner answers if
//! they choose. Budgets per client address, per vessel and per reply address
//! keep it from being a way to flood an owner.

use std::net::IpAddr;

use super::store;
use crate::{
    domain::{Email, PlatformId},
    features::outbox::{self, Message},
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::audit::Event,
    platform::clock::{DAY, HOUR},
    platform::state::AppState,
    platform::throttle::{self, Limit},
};

const PER_CLIENT: Limit = Limit { max: 5, window_ms: HOUR };
const PER_VESSEL: Limit = Limit { max: 20, window_ms: DAY };
const PER_REPLY_ADDRESS: Limit = Limit { max: 10, window_ms: DAY };

/// A visitor's message, checked: 10 to 2,000 characters without control
/// characters (line breaks allowed), and a reply address.
pub struct ContactMessage {
    pub message: String,
    pub reply_to: Email,
}

impl ContactMessage {
    pub fn parse(message: &str, reply_to: &str) -> Result<Self, Vec<(&'static str, &'static str)>> {
        let mut problems = Vec::new();
        let message = message.trim();
        let length = message.chars().count();
        let bad_char = message.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t');
        if !(10..=2000).contains(&length) || bad_char {
            problems.push(("message", "contact_message_length"));
        }
        let reply_to = Email::parse(reply_to).map_err(|m| problems.push(("replyTo", m))).ok();
        match reply_to {
            Some(reply_to) if problems.is_empty() => Ok(Self { message: message.to_owned(), reply_to }),
            _ => Err(problems),
        }
    }
}

/// Forward `contact` to the owner of the listed vessel for sale `platform_id`.
#[tracing::instrument(skip_all, fields(vessel = %platform_id, client = %client))]
pub async fn contact_owner(
    state: &AppState,
    platform_id: &PlatformId,
    contact: &ContactMessage,
    client: IpAddr,
) -> AppResult<()> {
    let row = store::listed_vessel_for_contact(&state.db, platform_id.compact())
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_public".into()))?;
    if row.for_sale != 1 {
        return Err(AppError::Conflict("vessel_not_for_sale".into()));
    }
    let vessel_id = &row.id;
    for (bucket, limit) in [
        (format!("contact-client:{client}"), PER_CLIENT),
        (format!("contact-vessel:{vessel_id}"), PER_VESSEL),
        (format!("contact-reply:{}", contact.reply_to.as_str()), PER_REPLY_ADDRESS),
    ] {
        if let Some(wait) = throttle::reserve(&state.db, &bucket, limit).await? {
            return Err(AppError::too_many("too_many_contact_messages", wait));
        }
    }
    let lang = crate::foundation::i18n::Lang::parse(&row.language).unwrap_or_default();
    let vessel = match &row.name {
        Some(name) => format!("{name} ({platform_id})"),
        None => platform_id.to_string(),
    };
    let subject = Msg::new("mail.contact_owner_subject").arg("vessel", &vessel);
    let body = Msg::new("mail.contact_owner_body")
        .arg("vessel", &vessel)
        .arg("replyTo", contact.reply_to.as_str())
        .arg("message", &contact.message);
    let mut tx = state.begin().await?;
    outbox::enqueue(&mut tx, &Message::email_in(lang, &row.email, &subject, &body)).await?;
    Event::new("owner_contacted").vessel(vessel_id).write(&mut *tx).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}
