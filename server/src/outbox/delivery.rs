//! Where outbox messages go: providers behind one trait.

use anyhow::Context;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Tokio1Executor,
    message::{Mailbox, header::ContentType},
};

use super::{Channel, Message};

#[async_trait::async_trait]
pub trait Delivery: Send + Sync {
    async fn deliver(&self, message: &Message) -> anyhow::Result<()>;
}

/// The offline default: delivery is the record in the outbox itself, which
/// the dev mailbox shows. Nothing leaves the machine.
pub struct RecordOnly;

#[async_trait::async_trait]
impl Delivery for RecordOnly {
    async fn deliver(&self, _message: &Message) -> anyhow::Result<()> {
        Ok(())
    }
}

/// Email through an SMTP server (`smtp://` or `smtps://user:pass@host:port`).
/// SMS messages are not this provider's to send; they fail so they are retried
/// once an SMS provider exists rather than silently dropped.
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
    async fn deliver(&self, message: &Message) -> anyhow::Result<()> {
        anyhow::ensure!(message.channel == Channel::Email, "the SMTP provider only sends email");
        let email = lettre::Message::builder()
            .from(self.from.clone())
            .to(message.to.parse().context("recipient address")?)
            .subject(&message.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(message.body.clone())?;
        self.transport.send(email).await?;
        Ok(())
    }
}
