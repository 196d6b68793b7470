//! The identity provider behind one trait: the local test-mode page served
//! by this server (`local`) or Stripe Identity (`stripe`). Both create a
//! session at the provider and answer the address the browser is sent to;
//! results arrive later (the local worker, or Stripe's webhook).

use async_trait::async_trait;
use serde::Deserialize;

use crate::platform::config::{Config, IdentityProviderConfig, Secret};

/// What we ask the provider for.
#[derive(Debug)]
pub struct SessionRequest {
    /// Our session's id: the idempotency key and `client_reference_id`.
    pub session_id: String,
    /// Where the provider sends the browser back.
    pub return_url: String,
}

/// A session at the provider.
#[derive(Debug)]
pub struct ProviderSession {
    pub id: String,
    pub url: String,
}

#[async_trait]
pub trait IdentityProvider: Send + Sync {
    /// `local` or `stripe`: stored with each session.
    fn name(&self) -> &'static str;
    async fn create_session(&self, request: &SessionRequest) -> anyhow::Result<ProviderSession>;
    /// The legal name the provider read off the document of a verified
    /// session; `None` when it reports none (the local page keeps the typed
    /// name with its session instead).
    async fn verified_name(&self, provider_session: &str) -> anyhow::Result<Option<String>>;
}

pub fn provider(config: &Config) -> anyhow::Result<std::sync::Arc<dyn IdentityProvider>> {
    Ok(match &config.identity {
        IdentityProviderConfig::Local => std::sync::Arc::new(LocalIdentity { public_url: config.public_url.clone() }),
        IdentityProviderConfig::Stripe { secret_key, api_base, .. } => {
            std::sync::Arc::new(StripeIdentity::new(api_base.clone(), secret_key.clone())?)
        }
    })
}

/// The hosted page at `/identity/local/{session}` (see `local.rs`).
pub struct LocalIdentity {
    public_url: url::Url,
}

#[async_trait]
impl IdentityProvider for LocalIdentity {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn create_session(&self, _request: &SessionRequest) -> anyhow::Result<ProviderSession> {
        // The page's address is a bearer capability, like Stripe's: unguessable.
        let id = format!("vs_local_{}", crate::platform::ids::new_secret());
        let url = self.public_url.join(&format!("/identity/local/{id}"))?.to_string();
        Ok(ProviderSession { id, url })
    }

    async fn verified_name(&self, _provider_session: &str) -> anyhow::Result<Option<String>> {
        Ok(None)
    }
}

/// Stripe Identity: `POST /v1/identity/verification_sessions`.
pub struct StripeIdentity {
    http: reqwest::Client,
    api_base: url::Url,
    secret_key: Secret,
}

impl StripeIdentity {
    pub fn new(api_base: url::Url, secret_key: Secret) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(20))
            .user_agent(concat!("european-small-craft-registry/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { http, api_base, secret_key })
    }
}

#[derive(Deserialize)]
struct StripeSession {
    id: String,
    url: Option<String>,
}

/// A session retrieved with `expand[]=verified_outputs`.
#[derive(Deserialize)]
struct StripeVerifiedSession {
    verified_outputs: Option<VerifiedOutputs>,
}

#[derive(Deserialize)]
struct VerifiedOutputs {
    first_name: Option<String>,
    last_name: Option<String>,
}

#[async_trait]
impl IdentityProvider for StripeIdentity {
    fn name(&self) -> &'static str {
        "stripe"
    }

    #[tracing::instrument(skip_all)]
    async fn create_session(&self, request: &SessionRequest) -> anyhow::Result<ProviderSession> {
        let form = [
            ("type", "document"),
            ("return_url", request.return_url.as_str()),
            ("client_reference_id", request.session_id.as_str()),
            ("metadata[session_id]", request.session_id.as_str()),
        ];
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        let response = self
            .http
            .post(self.api_base.join("/v1/identity/verification_sessions")?)
            .bearer_auth(self.secret_key.expose())
            .header("Idempotency-Key", format!("identity-{}", request.session_id))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await?;
        let session: StripeSession = crate::platform::stripe_http::read_json(response).await?;
        let url = session.url.ok_or_else(|| anyhow::anyhow!("Stripe answered a session without a url"))?;
        Ok(ProviderSession { id: session.id, url })
    }

    #[tracing::instrument(skip(self))]
    async fn verified_name(&self, provider_session: &str) -> anyhow::Result<Option<String>> {
        let mut address = self.api_base.join(&format!("/v1/identity/verification_sessions/{provider_session}"))?;
        address.query_pairs_mut().append_pair("expand[]", "verified_outputs");
        let response = self.http.get(address).bearer_auth(self.secret_key.expose()).send().await?;
        let session: StripeVerifiedSession = crate::platform::stripe_http::read_json(response).await?;
        let name = session
            .verified_outputs
            .map(|o| [o.first_name, o.last_name].into_iter().flatten().collect::<Vec<_>>().join(" "));
        Ok(name.filter(|n| !n.trim().is_empty()))
    }
}
