//! The offline card processor (`REGISTRY_PAYMENTS=local`): built into the
//! server, it behaves like the card provider's test mode. It keeps its own
//! intents (`local_payment_intents`), hands out `pi_..._secret_...` client
//! secrets, answers the provider's test cards with their documented
//! outcomes, and sends cards that need authentication through a local page
//! standing in for the bank's 3-D Secure check.

use async_trait::async_trait;
use rand::{Rng, distributions::Alphanumeric, rngs::OsRng};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::{
    card::{Card, Outcome},
    service,
    store::local_store,
};
use crate::http::hosted_page::escape;
use crate::platform::payment_provider::{
    IntentRequest, IntentStatus, PaymentProvider, ProviderIntent, ProviderRefund, RefundStatus,
};
use crate::{
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
    platform::db::{Db, Tx, is_unique_violation},
    platform::state::AppState,
};

pub struct LocalProcessor {
    db: Db,
}

impl LocalProcessor {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

fn random(n: usize) -> String {
    OsRng.sample_iter(&Alphanumeric).take(n).map(char::from).collect()
}

#[async_trait]
impl PaymentProvider for LocalProcessor {
    fn name(&self) -> &'static str {
        "local"
    }

    fn publishable_key(&self) -> Option<String> {
        None
    }

    async fn create_intent(&self, request: &IntentRequest) -> anyhow::Result<ProviderIntent> {
        if let Some(intent) = local_store::intent_by_key(&self.db, &request.payment_id).await? {
            return Ok(intent);
        }
        let id = format!("pi_{}", random(24));
        let secret = format!("{id}_secret_{}", random(25));
        let inserted = local_store::insert_intent(
            &self.db,
            &id,
            &secret,
            &request.payment_id,
            request.amount_cents,
            request.currency,
        )
        .await;
        match inserted {
            Err(e) if is_unique_violation(&e) => {}
            other => {
                other?;
            }
        }
        Ok(local_store::intent_by_key(&self.db, &request.payment_id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    async fn retrieve_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        local_store::intent_by_id(&self.db, id).await?.ok_or_else(|| anyhow::anyhow!("no such payment intent: {id}"))
    }

    async fn cancel_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        // Like the provider's: anything not final can be canceled.
        local_store::cancel_intent_if_open(&self.db, id).await?;
        self.retrieve_intent(id).await
    }

    async fn refund(&self, intent_id: &str, refund_id: &str) -> anyhow::Result<ProviderRefund> {
        let intent = self.retrieve_intent(intent_id).await?;
        let refused = ProviderRefund { id: String::new(), status: RefundStatus::Failed };
        if intent.status != IntentStatus::Succeeded {
            return Ok(refused);
        }
        let inserted = local_store::insert_refund(
            &self.db,
            &format!("re_{}", random(24)),
            intent_id,
            refund_id,
            intent.amount_cents,
        )
        .await;
        match inserted {
            // The same key again is the same refund.
            Err(e) if is_unique_violation(&e) => {}
            other => {
                other?;
            }
        }
        // Another key for a refunded intent finds nothing: refused.
        match local_store::refund_by_key(&self.db, refund_id).await? {
            Some(id) => Ok(ProviderRefund { id, status: RefundStatus::Succeeded }),
            None => Ok(refused),
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocalConfirmRequest {
    pub client_secret: String,
    /// 12 to 19 digits; spaces and hyphens are ignored.
    #[schema(pattern = r"^[ -]*([0-9][ -]*){12,19}$")]
    pub card_number: String,
    #[schema(minimum = 1, maximum = 12)]
    pub exp_month: i64,
    /// Two or four digits; not in the past, at most 50 years ahead (else 402).
    #[schema(minimum = 0, maximum = 9999)]
    pub exp_year: i64,
    #[schema(pattern = r"^[0-9]{3}$")]
    pub cvc: String,
    /// Where the browser returns after an authentication page; same origin as the site.
    pub return_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalConfirmResponse {
    /// `succeeded` or `requires_action`.
    pub status: String,
    /// With `requires_action`: send the browser here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_url: Option<String>,
}

fn payment_required(code: &'static str, message: &'static str) -> AppError {
    AppError::Status { status: axum::http::StatusCode::PAYMENT_REQUIRED, code, message: message.into() }
}

/// A URL on this site (an absolute one with the public origin, or a path);
/// anything else would make the payment pages an open redirect.
fn same_site_url(state: &AppState, raw: &str) -> AppResult<String> {
    let base = &state.config.public_url;
    let url = base.join(raw).map_err(|_| AppError::bad_request("invalid_return_url", "return_url_not_url"))?;
    if url.origin() != base.origin() {
        return Err(AppError::bad_request("invalid_return_url", "return_url_site"));
    }
    Ok(url.to_string())
}

/// The intent was canceled (its transfer closed, its vessel or account left
/// the registry): nothing can be paid on it.
fn canceled() -> AppError {
    AppError::Status {
        status: axum::http::StatusCode::CONFLICT,
        code: "payment_canceled",
        message: "payment_canceled".into(),
    }
}

fn no_such_payment() -> AppError {
    AppError::NotFound("no_such_payment_check_client".into())
}

/// The intent a client secret names (inside a transaction, or from the pool).
async fn intent_by_secret(conn: &mut AnyConnection, client_secret: &str) -> AppResult<ProviderIntent> {
    local_store::intent_by_secret(conn, client_secret).await?.ok_or_else(no_such_payment)
}

/// The intent of the authentication page's address, which must match its secret.
async fn page_intent(conn: &mut AnyConnection, intent_id: &str, client_secret: &str) -> AppResult<ProviderIntent> {
    let intent = intent_by_secret(conn, client_secret).await?;
    if intent.id != intent_id {
        return Err(no_such_payment());
    }
    Ok(intent)
}

/// Move the processor's intent from the state it was read in; `None` when
/// a racing request moved it first (compare-and-set).
async fn move_intent(
    tx: &mut Tx<'_>,
    mut intent: ProviderIntent,
    status: IntentStatus,
    card: Option<&Card>,
    error: Option<&'static str>,
) -> AppResult<Option<ProviderIntent>> {
    // Like the real provider's, the intent's error is English text, with its code beside it.
    let text = error.map(|key| Msg::new(key).render(Lang::En));
    let moved = local_store::move_intent_if(tx, &intent.id, intent.status, status, text.clone(), card, error).await?;
    if !moved {
        return Ok(None);
    }
    intent.status = status;
    intent.last_error = text;
    intent.last_error_code = error;
    if let Some(c) = card {
        intent.card_brand = Some(c.brand.to_owned());
        intent.card_last4 = Some(c.last4.clone());
    }
    Ok(Some(intent))
}

/// `POST /api/payments/local/confirm`: charge a card to an intent. A
/// success is recorded and fulfilled in this request's transaction.
pub async fn confirm(state: &AppState, request: LocalConfirmRequest) -> AppResult<LocalConfirmResponse> {
    let return_url = request.return_url.as_deref().map(|u| same_site_url(state, u)).transpose()?;
    let today = time::OffsetDateTime::now_utc();
    let card = Card::parse(
        &request.card_number,
        request.exp_month,
        request.exp_year,
        &request.cvc,
        (i64::from(today.year()), i64::from(u8::from(today.month()))),
    )
    .map_err(|e| payment_required(e.code(), e.message()))?;

    let mut tx = state.begin().await?;
    let intent = intent_by_secret(&mut tx, &request.client_secret).await?;
    let succeeded = LocalConfirmResponse { status: "succeeded".into(), redirect_url: None };
    match intent.status {
        IntentStatus::Succeeded => return Ok(succeeded),
        IntentStatus::Canceled => return Err(canceled()),
        _ => {}
    }
    let payment_id = intent.payment_ref.clone().unwrap_or_default();
    let intent_id = intent.id.clone();
    let (status, error) = match card.outcome {
        Outcome::Succeeds => (IntentStatus::Succeeded, None),
        Outcome::Declined(key) => (IntentStatus::RequiresPaymentMethod, Some(key)),
        Outcome::RequiresAuthentication => (IntentStatus::RequiresAction, None),
    };
    let Some(moved) = move_intent(&mut tx, intent, status, Some(&card), error).await? else {
        drop(tx);
        // Another confirmation moved it first: if that one succeeded, this one
        // charges nothing more; otherwise the payer tries again.
        let now = intent_by_secret(&mut *state.db.acquire().await?, &request.client_secret).await?;
        return match now.status {
            IntentStatus::Succeeded => Ok(succeeded),
            _ => Err(AppError::Conflict("payment_changed_while_being_confirmed".into())),
        };
    };
    service::record(&mut tx, &payment_id, &moved, "local").await?;
    tx.commit().await?;
    super::follow_up::run(state).await;
    match card.outcome {
        Outcome::Succeeds => Ok(succeeded),
        Outcome::Declined(message) => Err(payment_required("card_declined", message)),
        Outcome::RequiresAuthentication => {
            let mut page = state
                .config
                .public_url
                .join(&format!("/payments/local/authenticate/{intent_id}"))
                .map_err(anyhow::Error::from)?;
            page.query_pairs_mut()
                .append_pair("client_secret", &request.client_secret)
                .append_pair("return_url", return_url.as_deref().unwrap_or(&state.config.link("/dashboard")));
            Ok(LocalConfirmResponse { status: "requires_action".into(), redirect_url: Some(page.to_string()) })
        }
    }
}

/// The authentication page's query, and its form's fields.
#[derive(Deserialize)]
pub struct AuthenticationParams {
    pub client_secret: String,
    pub return_url: String,
    /// `complete` or `fail` (form only).
    #[serde(default)]
    pub outcome: Option<String>,
}

/// The page standing in for the bank's check: approve or fail.
pub async fn authentication_page(
    state: &AppState,
    intent_id: &str,
    params: &AuthenticationParams,
) -> AppResult<String> {
    let return_url = same_site_url(state, &params.return_url)?;
    let intent = page_intent(&mut *state.db.acquire().await?, intent_id, &params.client_secret).await?;
    let amount = crate::foundation::i18n::euros(crate::foundation::i18n::current(), intent.amount_cents);
    let action = format!("/payments/local/authenticate/{}", escape(intent_id));
    let hidden = format!(
        r#"<input type="hidden" name="client_secret" value="{}"><input type="hidden" name="return_url" value="{}">"#,
        escape(&params.client_secret),
        escape(&return_url)
    );
    let body = if intent.status == IntentStatus::RequiresAction {
        format!(
            r#"<p>Your bank asks you to confirm a payment of <strong>{amount}</strong> to the European Small-Craft Registry
with your card ending in {last4}.</p>
<div class="actions">
<form method="post" action="{action}">{hidden}<input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="{action}">{hidden}<input type="hidden" name="outcome" value="fail"><button type="submit" class="secondary">Fail authentication</button></form>
</div>"#,
            last4 = escape(intent.card_last4.as_deref().unwrap_or("····")),
        )
    } else {
        format!(
            r#"<p>This payment needs no authentication now.</p><p><a href="{}">Return to the registry</a></p>"#,
            escape(&return_url)
        )
    };
    Ok(crate::http::hosted_page::page(
        "Confirm your payment",
        &body,
        "Test mode: this page stands in for your bank's 3-D Secure check. No real card is charged.",
    ))
}

/// The page's answer: record it, then send the browser back the way the
/// provider does (`payment_intent`, `payment_intent_client_secret`,
/// `redirect_status` appended to the return URL).
pub async fn authenticate(state: &AppState, intent_id: &str, params: &AuthenticationParams) -> AppResult<String> {
    let return_url = same_site_url(state, &params.return_url)?;
    let complete = match params.outcome.as_deref() {
        Some("complete") => true,
        Some("fail") => false,
        _ => return Err(AppError::bad_request("invalid_outcome", "choose_complete_fail_authentication")),
    };
    let mut tx = state.begin().await?;
    let intent = page_intent(&mut tx, intent_id, &params.client_secret).await?;
    let mut status = intent.status;
    if intent.status == IntentStatus::RequiresAction {
        let payment_id = intent.payment_ref.clone().unwrap_or_default();
        let (next, error) = if complete {
            (IntentStatus::Succeeded, None)
        } else {
            (IntentStatus::RequiresPaymentMethod, Some("payment_authentication_failed"))
        };
        match move_intent(&mut tx, intent, next, None, error).await? {
            Some(moved) => {
                service::record(&mut tx, &payment_id, &moved, "local").await?;
                status = moved.status;
            }
            // Answered first by another submission of the page.
            None => status = intent_by_secret(&mut tx, &params.client_secret).await?.status,
        }
    }
    tx.commit().await?;
    super::follow_up::run(state).await;
    let mut back = url::Url::parse(&return_url).map_err(anyhow::Error::from)?;
    back.query_pairs_mut()
        .append_pair("payment_intent", intent_id)
        .append_pair("payment_intent_client_secret", &params.client_secret)
        .append_pair("redirect_status", if status == IntentStatus::Succeeded { "succeeded" } else { "failed" });
    Ok(back.to_string())
}
