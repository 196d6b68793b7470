//! Every SQL statement of payments. The offline processor's own tables
//! (`local_payment_intents`, `local_refunds`) are another provider's records,
//! read only through `PaymentProvider`: their statements are in [`local_store`].

use sqlx::AnyConnection;

use super::{
    model::{
        PAYMENT_COLUMNS, PaymentFeeRow, PaymentRow, PaymentStateRow, PaymentStatus, PendingRefundRow, Purpose,
        ReceiptRow, RefundableRow,
    },
    purpose::Fee,
};
use crate::platform::payment_provider::ProviderIntent;
use crate::{
    platform::clock::now_ms,
    platform::db::{Db, Tx},
};

/// The succeeded registration fee of a vessel, newest first: what a refund of its registration refunds.
pub(super) async fn registration_fee_paid(db: &Db, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT id FROM payments WHERE vessel_id = $1 AND purpose = 'registration' AND status = 'succeeded'
         ORDER BY succeeded_at DESC LIMIT 1",
    )
    .bind(vessel_id)
    .fetch_optional(db)
    .await
}

/// The fee's unfinished payment (`user_id`'s own, for a transfer's fee): its id and provider.
pub(super) async fn open_payment_of_fee(
    db: &Db,
    fee: Fee<'_>,
    user_id: &str,
) -> sqlx::Result<Option<(String, String)>> {
    let find = match fee.purpose {
        Purpose::Registration => {
            "SELECT id, provider FROM payments WHERE vessel_id = $1 AND purpose = 'registration'
               AND status NOT IN ('succeeded', 'canceled')"
        }
        // Each party pays with a payment of their own: one left open by the
        // other party (a wizard at its payment step) never locks this one out.
        Purpose::Transfer => {
            "SELECT id, provider FROM payments WHERE transfer_id = $1 AND user_id = $2 AND purpose = 'transfer'
               AND status NOT IN ('succeeded', 'canceled')"
        }
    };
    let mut query = sqlx::query_as(find).bind(fee.transfer_id.unwrap_or(fee.vessel_id));
    if fee.transfer_id.is_some() {
        query = query.bind(user_id);
    }
    query.fetch_optional(db).await
}

/// A new payment of `fee` by `user_id`, awaiting its card. A unique violation
/// says another request opened the fee's payment first.
pub(super) async fn insert_payment(
    db: &Db,
    id: &str,
    user_id: &str,
    fee: Fee<'_>,
    amount_cents: i64,
    currency: &str,
    provider: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payments (id, user_id, purpose, vessel_id, transfer_id, amount_cents, currency, status, provider,
                 created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'requires_payment', $8, $9, $9)",
    )
    .bind(id)
    .bind(user_id)
    .bind(fee.purpose.as_str())
    .bind(fee.vessel_id)
    .bind(fee.transfer_id.map(str::to_owned))
    .bind(amount_cents)
    .bind(currency)
    .bind(provider)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// The payment's amount, and its client secret once the provider made its intent.
pub(super) async fn amount_and_client_secret(db: &Db, payment_id: &str) -> sqlx::Result<(i64, Option<String>)> {
    sqlx::query_as("SELECT amount_cents, client_secret FROM payments WHERE id = $1")
        .bind(payment_id)
        .fetch_one(db)
        .await
}

/// Record the provider's intent, unless one was recorded meanwhile.
pub(super) async fn set_intent_if_none(
    db: &Db,
    payment_id: &str,
    intent_id: &str,
    client_secret: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE payments SET provider_intent_id = $1, client_secret = $2, updated_at = $3
         WHERE id = $4 AND provider_intent_id IS NULL",
    )
    .bind(intent_id)
    .bind(client_secret)
    .bind(now_ms())
    .bind(payment_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The payment with its vessel's platform ID, its payer and its provider intent.
pub(super) async fn payment(db: &Db, id: &str) -> sqlx::Result<Option<PaymentRow>> {
    sqlx::query_as::<_, PaymentRow>(&format!(
        "SELECT {PAYMENT_COLUMNS} FROM payments p JOIN vessels v ON v.id = p.vessel_id WHERE p.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Our payment for `provider`'s intent `intent_id`, if we made it.
pub(super) async fn payment_id_for_intent(db: &Db, provider: &str, intent_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM payments WHERE provider = $1 AND provider_intent_id = $2")
        .bind(provider)
        .bind(intent_id)
        .fetch_optional(db)
        .await
}

/// What a provider's report is compared with.
pub(super) async fn payment_state(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<Option<PaymentStateRow>> {
    sqlx::query_as::<_, PaymentStateRow>(
        "SELECT amount_cents, currency, status, provider_intent_id, failure_message, failure_code, purpose
         FROM payments WHERE id = $1",
    )
    .bind(payment_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Move the payment to `next` unless it has succeeded (or, but for a late
/// success, was canceled): the conditional update is what makes fulfilment
/// happen once, whoever races. True when this call moved it.
pub(super) async fn move_unless_settled(
    tx: &mut Tx<'_>,
    payment_id: &str,
    next: PaymentStatus,
    intent: &ProviderIntent,
) -> sqlx::Result<bool> {
    let moved = sqlx::query(
        "UPDATE payments SET status = $1, failure_message = $2, updated_at = $3,
             succeeded_at = CASE WHEN $1 = 'succeeded' THEN $3 ELSE succeeded_at END,
             card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4), failure_code = $8
         WHERE id = $6 AND status <> 'succeeded' AND status <> $7",
    )
    .bind(next.as_str())
    .bind(intent.last_error.clone().filter(|_| next == PaymentStatus::Failed))
    .bind(now_ms())
    .bind(intent.card_brand.clone())
    .bind(intent.card_last4.clone())
    .bind(payment_id)
    // Money that arrives after a cancellation is still recorded.
    .bind(if next == PaymentStatus::Succeeded { "succeeded" } else { "canceled" })
    .bind(intent.last_error_code.filter(|_| next == PaymentStatus::Failed))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(moved == 1)
}

/// What the payment is for and who paid it.
pub(super) async fn fee_of_payment(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<PaymentFeeRow> {
    sqlx::query_as::<_, PaymentFeeRow>("SELECT purpose, vessel_id, user_id, transfer_id FROM payments WHERE id = $1")
        .bind(payment_id)
        .fetch_one(&mut **tx)
        .await
}

/// Is account `user_id` open (not archived)?
pub(super) async fn account_open(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<bool> {
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE id = $1 AND archived_at IS NULL")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?;
    Ok(open > 0)
}

/// Cancel an unfinished payment (compare-and-set: one that has succeeded or
/// is canceled already is left as it is). True when this call canceled it.
pub(super) async fn mark_canceled_if_open(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<bool> {
    let moved = sqlx::query(
        "UPDATE payments SET status = 'canceled', updated_at = $1 WHERE id = $2 AND status NOT IN ('succeeded', 'canceled')",
    )
    .bind(now_ms())
    .bind(payment_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(moved == 1)
}

/// The unfinished payments of user `user_id`.
pub(super) async fn open_payments_of_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<String>> {
    let open = "SELECT id FROM payments WHERE user_id = $1 AND status NOT IN ('succeeded', 'canceled')";
    crate::platform::db::ids(tx, open, user_id).await
}

/// The unfinished fee payments of transfer `transfer_id`.
pub(super) async fn open_payments_of_transfer(tx: &mut Tx<'_>, transfer_id: &str) -> sqlx::Result<Vec<String>> {
    let open = "SELECT id FROM payments WHERE transfer_id = $1 AND purpose = 'transfer'
                AND status NOT IN ('succeeded', 'canceled')";
    crate::platform::db::ids(tx, open, transfer_id).await
}

/// The unfinished payments of vessel `vessel_id`.
pub(super) async fn open_payments_of_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Vec<String>> {
    let open = "SELECT id FROM payments WHERE vessel_id = $1 AND status NOT IN ('succeeded', 'canceled')";
    crate::platform::db::ids(tx, open, vessel_id).await
}

/// A payment event under id `id`: a unique violation says it was logged before
/// (a provider event's id deduplicates webhooks).
pub(super) async fn insert_event(
    tx: &mut Tx<'_>,
    id: &str,
    payment_id: &str,
    source: &str,
    kind: &str,
    detail: &serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payment_events (id, payment_id, source, type, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(payment_id)
    .bind(source)
    .bind(kind)
    .bind(detail.to_string())
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Has a payment event (a provider's event) with this id been handled?
pub(super) async fn event_logged(db: &Db, event_id: &str) -> sqlx::Result<bool> {
    let seen: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM payment_events WHERE id = $1").bind(event_id).fetch_one(db).await?;
    Ok(seen > 0)
}

/// `provider`'s intents of payments we canceled that it has not yet been
/// told of, oldest first: (payment id, intent id).
pub(super) async fn canceled_not_at_provider(db: &Db, provider: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT id, provider_intent_id FROM payments
         WHERE status = 'canceled' AND provider_canceled_at IS NULL AND provider_intent_id IS NOT NULL
           AND provider = $1
         ORDER BY updated_at LIMIT 100",
    )
    .bind(provider)
    .fetch_all(db)
    .await
}

/// The provider is done with the payment's intent.
pub(super) async fn mark_canceled_at_provider(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE payments SET provider_canceled_at = $1 WHERE id = $2 AND provider_canceled_at IS NULL")
        .bind(now_ms())
        .bind(payment_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// What the payer's email about the payment says.
pub(super) async fn receipt(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<ReceiptRow> {
    sqlx::query_as::<_, ReceiptRow>(
        "SELECT p.purpose, p.amount_cents, p.succeeded_at, p.card_brand, p.card_last4, u.email, u.language, v.name, v.make, v.model, v.platform_id
         FROM payments p JOIN users u ON u.id = p.user_id JOIN vessels v ON v.id = p.vessel_id WHERE p.id = $1",
    )
    .bind(payment_id)
    .fetch_one(&mut **tx)
    .await
}

/// Lock the payment's vessel's row (an update that changes nothing), the lock
/// a transfer starting takes too (`vessels::lifecycle::start_transfer`).
pub(super) async fn lock_vessel_of_payment(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET status = status WHERE id = (SELECT vessel_id FROM payments WHERE id = $1)")
        .bind(payment_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The payment as a refund of it would find it: its transfer's and vessel's
/// state, its refunds.
pub(super) async fn refundable(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<Option<RefundableRow>> {
    sqlx::query_as::<_, RefundableRow>(
        "SELECT p.status, p.purpose, p.vessel_id, p.provider, p.provider_intent_id, p.amount_cents,
             t.status AS transfer_status, v.status AS vessel_status,
             CAST(CASE WHEN COALESCE(v.owner_user_id, '') = p.user_id THEN 0 ELSE 1 END AS BIGINT) AS passed_on,
             (SELECT r.id FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'pending') AS pending_refund,
             (SELECT r.cause FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'pending') AS pending_cause,
             (SELECT COUNT(*) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'succeeded') AS refunded
         FROM payments p JOIN vessels v ON v.id = p.vessel_id LEFT JOIN transfers t ON t.id = p.transfer_id
         WHERE p.id = $1",
    )
    .bind(payment_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Reserve the payment's refund, pending: by administrator `admin`, or (with
/// none) by the registry, without effect. A unique violation says the payment
/// has a refund that did not fail already.
pub(super) async fn insert_refund_reservation(
    tx: &mut Tx<'_>,
    refund_id: &str,
    payment_id: &str,
    reason: &str,
    admin: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payment_refunds (id, payment_id, amount_cents, reason, admin_user_id, cause, status, created_at)
         SELECT $1, id, amount_cents, $2, $3, $4, 'pending', $5 FROM payments WHERE id = $6",
    )
    .bind(refund_id)
    .bind(reason)
    .bind(admin.map(str::to_owned))
    .bind(if admin.is_some() { "administrator" } else { "without_effect" })
    .bind(now_ms())
    .bind(payment_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The payment's vessel and payer.
pub(super) async fn vessel_and_payer(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<(String, String)> {
    sqlx::query_as("SELECT vessel_id, user_id FROM payments WHERE id = $1").bind(payment_id).fetch_one(&mut **tx).await
}

/// Refunds without effect of `provider`'s payments still pending, oldest first.
pub(super) async fn pending_without_effect(db: &Db, provider: &str) -> sqlx::Result<Vec<PendingRefundRow>> {
    sqlx::query_as::<_, PendingRefundRow>(
        "SELECT r.id, r.payment_id, r.reason, p.provider_intent_id, p.purpose, p.vessel_id
         FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
         WHERE r.status = 'pending' AND r.cause = 'without_effect' AND p.provider = $1
         ORDER BY r.created_at LIMIT 100",
    )
    .bind(provider)
    .fetch_all(db)
    .await
}

/// Remember the provider's id of a refund still under way there.
pub(super) async fn set_provider_refund_id_if_pending(
    db: &Db,
    refund_id: &str,
    provider_refund_id: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE payment_refunds SET provider_refund_id = $1 WHERE id = $2 AND status = 'pending'")
        .bind(provider_refund_id)
        .bind(refund_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Record the provider's answer on a pending refund (compare-and-set on
/// `pending`). True when this call recorded it.
pub(super) async fn decide_refund_if_pending(
    tx: &mut Tx<'_>,
    refund_id: &str,
    status: &str,
    provider_refund_id: Option<&str>,
) -> sqlx::Result<bool> {
    let recorded = sqlx::query(
        "UPDATE payment_refunds SET status = $1, provider_refund_id = $2, decided_at = $3
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(status)
    .bind(provider_refund_id)
    .bind(now_ms())
    .bind(refund_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(recorded != 0)
}

/// The offline processor's records (`local.rs`): what the card provider
/// keeps about its intents and refunds.
pub(super) mod local_store {
    use super::{AnyConnection, Db, ProviderIntent, Tx, now_ms};
    use crate::features::payments::card::Card;
    use crate::platform::payment_provider::IntentStatus;

    const INTENT_COLUMNS: &str = "id, client_secret, amount_cents, currency, status, payment_ref, card_brand, card_last4, last_error, last_error_code";

    /// An intent as [`INTENT_COLUMNS`] reads it.
    #[derive(sqlx::FromRow)]
    struct IntentRow {
        id: String,
        client_secret: String,
        amount_cents: i64,
        currency: String,
        status: String,
        payment_ref: String,
        card_brand: Option<String>,
        card_last4: Option<String>,
        last_error: Option<String>,
        last_error_code: Option<String>,
    }

    impl TryFrom<IntentRow> for ProviderIntent {
        type Error = sqlx::Error;

        fn try_from(r: IntentRow) -> sqlx::Result<Self> {
            let status = IntentStatus::parse(&r.status)
                .ok_or_else(|| sqlx::Error::Decode(format!("unknown stored value {:?}", r.status).into()))?;
            Ok(Self {
                id: r.id,
                client_secret: r.client_secret,
                status,
                amount_cents: r.amount_cents,
                currency: r.currency,
                payment_ref: Some(r.payment_ref),
                last_error: r.last_error,
                last_error_code: r.last_error_code.as_deref().and_then(crate::platform::payment_provider::failure_key),
                card_brand: r.card_brand,
                card_last4: r.card_last4,
            })
        }
    }

    /// The intent made under idempotency key `key` (our payment id).
    pub async fn intent_by_key(db: &Db, key: &str) -> sqlx::Result<Option<ProviderIntent>> {
        let by_key = format!("SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE idempotency_key = $1");
        sqlx::query_as::<_, IntentRow>(&by_key)
            .bind(key)
            .fetch_optional(db)
            .await?
            .map(ProviderIntent::try_from)
            .transpose()
    }

    /// A new intent awaiting a card, its payment ref the key. A unique
    /// violation says a racing request made the key's intent first.
    pub async fn insert_intent(
        db: &Db,
        id: &str,
        client_secret: &str,
        key: &str,
        amount_cents: i64,
        currency: &str,
    ) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO local_payment_intents (id, client_secret, idempotency_key, amount_cents, currency, status,
                 payment_ref, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $3, $6, $6)",
        )
        .bind(id)
        .bind(client_secret)
        .bind(key)
        .bind(amount_cents)
        .bind(currency)
        .bind(now_ms())
        .execute(db)
        .await?;
        Ok(())
    }

    /// The intent with id `id`.
    pub async fn intent_by_id(db: &Db, id: &str) -> sqlx::Result<Option<ProviderIntent>> {
        sqlx::query_as::<_, IntentRow>(&format!("SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE id = $1"))
            .bind(id)
            .fetch_optional(db)
            .await?
            .map(ProviderIntent::try_from)
            .transpose()
    }

    /// The intent a client secret names (inside a transaction, or from the pool).
    pub async fn intent_by_secret(
        conn: &mut AnyConnection,
        client_secret: &str,
    ) -> sqlx::Result<Option<ProviderIntent>> {
        sqlx::query_as::<_, IntentRow>(&format!(
            "SELECT {INTENT_COLUMNS} FROM local_payment_intents WHERE client_secret = $1"
        ))
        .bind(client_secret)
        .fetch_optional(&mut *conn)
        .await?
        .map(ProviderIntent::try_from)
        .transpose()
    }

    /// Cancel the intent. Like the provider's: anything not final can be canceled.
    pub async fn cancel_intent_if_open(db: &Db, id: &str) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE local_payment_intents SET status = 'canceled', updated_at = $1
             WHERE id = $2 AND status NOT IN ('succeeded', 'canceled')",
        )
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
        Ok(())
    }

    /// Move intent `id` from status `from` to `to` (compare-and-set: false
    /// when a racing request moved it first), with the card and the error.
    pub async fn move_intent_if(
        tx: &mut Tx<'_>,
        id: &str,
        from: IntentStatus,
        to: IntentStatus,
        last_error: Option<String>,
        card: Option<&Card>,
        last_error_code: Option<&'static str>,
    ) -> sqlx::Result<bool> {
        let moved = sqlx::query(
            "UPDATE local_payment_intents SET status = $1, last_error = $2, updated_at = $3,
             card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4), last_error_code = $8
         WHERE id = $6 AND status = $7",
        )
        .bind(to.as_str())
        .bind(last_error)
        .bind(now_ms())
        .bind(card.map(|c| c.brand.to_owned()))
        .bind(card.map(|c| c.last4.clone()))
        .bind(id)
        .bind(from.as_str())
        .bind(last_error_code)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        Ok(moved != 0)
    }

    /// A refund of intent `intent_id` under idempotency key `key`. A unique
    /// violation says the key (the same refund) or the intent (refunded
    /// under another key) has one already.
    pub async fn insert_refund(db: &Db, id: &str, intent_id: &str, key: &str, amount_cents: i64) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO local_refunds (id, intent_id, idempotency_key, amount_cents, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(intent_id)
        .bind(key)
        .bind(amount_cents)
        .bind(now_ms())
        .execute(db)
        .await?;
        Ok(())
    }

    /// The refund made under idempotency key `key`.
    pub async fn refund_by_key(db: &Db, key: &str) -> sqlx::Result<Option<String>> {
        let by_key = "SELECT id FROM local_refunds WHERE idempotency_key = $1";
        sqlx::query_scalar(by_key).bind(key).fetch_optional(db).await
    }
}
