//! SMS through Twilio's Messages REST API (`REGISTRY_SMS=twilio`):
//! `POST {api}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded `To`,
//! `From` and `Body`, HTTP basic auth with the account SID and auth token.
//! A 4xx is the request's own fault (a bad number, a blocked recipient) and
//! is not retried; a 5xx or a network error is, by the outbox worker.

use anyhow::Context;

use super::{Channel, Delivery, Message, Permanent};
use crate::platform::config::Secret;

pub struct Twilio {
    client: reqwest::Client,
    messages_url: url::Url,
    account_sid: String,
    auth_token: Secret,
    from: String,
}

impl Twilio {
    pub fn new(api_base: &url::Url, account_sid: &str, auth_token: Secret, from: &str) -> anyhow::Result<Self> {
        let messages_url = api_base
            .join(&format!("2010-04-01/Accounts/{account_sid}/Messages.json"))
            .context("REGISTRY_TWILIO_API_BASE")?;
        let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(15)).build()?;
        Ok(Self { client, messages_url, account_sid: account_sid.to_owned(), auth_token, from: from.to_owned() })
    }
}

#[async_trait::async_trait]
impl Delivery for Twilio {
    async fn deliver(&self, _id: &str, message: &Message) -> anyhow::Result<()> {
        anyhow::ensure!(message.channel == Channel::Sms, "the Twilio provider only sends SMS");
        let response = self
            .client
            .post(self.messages_url.clone())
            .basic_auth(&self.account_sid, Some(self.auth_token.expose()))
            .form(&[("To", message.to.as_str()), ("From", self.from.as_str()), ("Body", message.body.as_str())])
            .send()
            .await
            .context("reaching Twilio")?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        // Twilio's error body names the problem (code and message); it goes
        // to the outbox's last_error for operators, never to a user.
        let detail: String = response.text().await.unwrap_or_default().chars().take(300).collect();
        if status.is_client_error() && status != reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(Permanent(format!("Twilio refused the message ({status}): {detail}")).into());
        }
        anyhow::bail!("Twilio failed ({status}): {detail}")
    }
}
