//! The offline card processor (`REGISTRY_PAYMENTS=local`): built into the
//! server, it behaves like the card provider's test mode. It keeps its own
//! intents (`local_payment_intents`), hands out `pi_..._secret_...` client
//! secrets, answers the provider's test cards with their documented
//! outcomes, and sends cards that need authentication through a local page
//! standing in for the bank's 3-D Secure check.

use async_trait::async_trait;
use rand::{Rng, distributions::Alphanumeric, rngs::OsRng};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row, any::AnyRow};
use utoipa::ToSchema;

use super::{
    card::{Card, Outcome},
    service,
};
use crate::http::hosted_page::escape;
use crate::platform::payment_provider::{
    IntentRequest, IntentStatus, PaymentProvider, ProviderIntent, ProviderRefund, RefundStatus,
};
use crate::{
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
    platform::clock::now_ms,
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

const INTENT_COLUMNS: &str = "id, client_secret, amount_cents, currency, status, payment_ref, card_brand, card_last4, last_error, last_error_code";

fn intent_from_row(r: &AnyRow) -> sqlx::Result<ProviderIntent> {
    Ok(ProviderIntent {
        id: r.try_get("id")?,
        client_secret: r.try_get("client_secret")?,
        status: IntentStatus::parse(r.try_get("status")?).unwrap_or(IntentStatus::RequiresPaymentMethod),
        amount_cents: r.try_get("amount_cents")?,
        currency: r.try_get("currency")?,
        payment_ref: Some(r.try_get("payment_ref")?),
        last_error: r.try_get("last_error")?,
        last_error_code: r
            .try_get::<Option<String>, _>("last_error_code")?
            .as_deref()
            .and_then(crate::platform::payment_provider::failure_key),
        card_brand: r.try_get("card_brand")?,
        card_last4: r.try_get("card_last4")?,
    })
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
        let by_key = format!("SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE idempotency_key = $1");
        if let Some(row) = sqlx::query(&by_key).bind(&request.payment_id).fetch_optional(&self.db).await? {
            return Ok(intent_from_row(&row)?);
        }
        let id = format!("pi_{}", random(24));
        let secret = format!("{id}_secret_{}", random(25));
        let now = now_ms();
        let inserted = sqlx::query(
            "INSERT INTO local_payment_intents (id, client_secret, idempotency_key, amount_cents, currency, status,
                 payment_ref, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $3, $6, $6)",
        )
        .bind(&id)
        .bind(&secret)
        .bind(&request.payment_id)
        .bind(request.amount_cents)
        .bind(request.currency)
        .bind(now)
        .execute(&self.db)
        .await;
        match inserted {
            Err(e) if is_unique_violation(&e) => {}
            other => {
                other?;
            }
        }
        let row = sqlx::query(&by_key).bind(&request.payment_id).fetch_one(&self.db).await?;
        Ok(intent_from_row(&row)?)
    }

    async fn retrieve_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        let row = sqlx::query(&format!("SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.db)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no such payment intent: {id}"))?;
        Ok(intent_from_row(&row)?)
    }

    async fn cancel_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        // Like the provider's: anything not final can be canceled.
        sqlx::query(
            "UPDATE local_payment_intents SET status = 'canceled', updated_at = $1
             WHERE id = $2 AND status NOT IN ('succeeded', 'canceled')",
        )
        .bind(now_ms())
        .bind(id)
        .execute(&self.db)
        .await?;
        self.retrieve_intent(id).await
    }

    async fn refund(&self, intent_id: &str, refund_id: &str) -> anyhow::Result<ProviderRefund> {
        let intent = self.retrieve_intent(intent_id).await?;
        let refused = ProviderRefund { id: String::new(), status: RefundStatus::Failed };
        if intent.status != IntentStatus::Succeeded {
            return Ok(refused);
        }
        let by_key = "SELECT id FROM local_refunds WHERE idempotency_key = $1";
        let inserted = sqlx::query(
            "INSERT INTO local_refunds (id, intent_id, idempotency_key, amount_cents, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(format!("re_{}", random(24)))
        .bind(intent_id)
        .bind(refund_id)
        .bind(intent.amount_cents)
        .bind(now_ms())
        .execute(&self.db)
        .await;
        match inserted {
            // The same key again is the same refund.
            Err(e) if is_unique_violation(&e) => {}
            other => {
                other?;
            }
        }
        // Another key for a refunded intent finds nothing: refused.
        match sqlx::query(by_key).bind(refund_id).fetch_optional(&self.db).await? {
            Some(row) => Ok(ProviderRefund { id: row.try_get("id")?, status: RefundStatus::Succeeded }),
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
    let row = sqlx::query(&format!("SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE client_secret = $1"))
        .bind(client_secret)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(no_such_payment)?;
    Ok(intent_from_row(&row)?)
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
    let moved = sqlx::query(
        "UPDATE local_payment_intents SET status = $1, last_error = $2, updated_at = $3,
             card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4), last_error_code = $8
         WHERE id = $6 AND status = $7",
    )
    .bind(status.as_str())
    .bind(text.clone())
    .bind(now_ms())
    .bind(card.map(|c| c.brand.to_owned()))
    .bind(card.map(|c| c.last4.clone()))
    .bind(&intent.id)
    .bind(intent.status.as_str())
    .bind(error)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if moved == 0 {
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
