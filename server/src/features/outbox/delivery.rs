//! Where outbox messages go: providers behind one trait.

use anyhow::Context;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Tokio1Executor,
    message::{Mailbox, header::ContentType},
};

use super::{Channel, Message};

#[async_trait::async_trait]
pub trait Delivery: Send + Sync {
    /// Send `message`, the outbox's message `id`. The id is the same on every
    /// attempt: an email carries it as its Message-ID, so that a receiver
    /// sees a delivery repeated (an instance killed between the provider's
    /// answer and its record) as the one message it is.
    async fn deliver(&self, id: &str, message: &Message) -> anyhow::Result<()>;
}

/// A failure that retrying cannot fix (the provider refused the message
/// itself); the worker gives up on it at once instead of backing off.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Permanent(pub String);

/// Email to one provider, SMS to another.
pub struct ByChannel {
    pub email: std::sync::Arc<dyn Delivery>,
    pub sms: std::sync::Arc<dyn Delivery>,
}

#[async_trait::async_trait]
impl Delivery for ByChannel {
    async fn deliver(&self, id: &str, message: &Message) -> anyhow::Result<()> {
        match message.channel {
            Channel::Email => self.email.deliver(id, message).await,
            Channel::Sms => self.sms.deliver(id, message).await,
        }
    }
}

/// The offline default: delivery is the record in the outbox itself, which
/// the dev mailbox shows. Nothing leaves the machine.
pub struct RecordOnly;

#[async_trait::async_trait]
impl Delivery for RecordOnly {
    async fn deliver(&self, _id: &str, _message: &Message) -> anyhow::Result<()> {
        Ok(())
    }
}

/// Email through an SMTP server (`smtp://` or `smtps://user:pass@host:port`).
/// SMS are routed elsewhere (`ByChannel`); one reaching it fails rather than
/// being silently dropped.
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Smtp {
    pub fn new(url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url).context("REGISTRY_SMTP_URL")?.build();
        Ok(Self { transport, from: from.parse().context("sender address")? })
    }
}

#[async_trait::async_trait]
impl Delivery for Smtp {
    async fn deliver(&self, id: &str, message: &Message) -> anyhow::Result<()> {
        anyhow::ensure!(message.channel == Channel::Email, "the SMTP provider only sends email");
        let email = lettre::Message::builder()
            .message_id(Some(format!("<{id}@{}>", self.from.email.domain())))
            .from(self.from.clone())
            .to(message.to.parse().context("recipient address")?)
            .subject(&message.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(message.body.clone())?;
        self.transport.send(email).await?;
        Ok(())
    }
}
