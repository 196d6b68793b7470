//! The receipt emailed when a payment succeeds, queued in the outbox in the
//! transaction that recorded the payment.

use sqlx::Row;
use time::{OffsetDateTime, macros::format_description};

use super::model::Purpose;
use crate::{
    db::Tx,
    domain::PlatformId,
    outbox::{self, Message},
};

/// `2495` -> `€24.95`.
pub fn euros(cents: i64) -> String {
    format!("€{}.{:02}", cents / 100, cents % 100)
}

/// `Nov 22, 2026`, as the web app shows dates.
fn date(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    t.format(format_description!("[month repr:short] [day padding:none], [year]")).unwrap_or_default()
}

pub async fn enqueue(tx: &mut Tx<'_>, payment_id: &str) -> sqlx::Result<()> {
    let r = sqlx::query(
        "SELECT p.purpose, p.amount_cents, p.succeeded_at, p.card_brand, p.card_last4, u.email, v.name, v.make, v.model, v.platform_id
         FROM payments p JOIN users u ON u.id = p.user_id JOIN vessels v ON v.id = p.vessel_id WHERE p.id = $1",
    )
    .bind(payment_id)
    .fetch_one(&mut **tx)
    .await?;
    let purpose = Purpose::parse(r.try_get("purpose")?);
    let platform_id = PlatformId::display_stored(r.try_get("platform_id")?);
    let vessel = match r.try_get::<Option<String>, _>("name")? {
        Some(name) => format!("{name} ({platform_id})"),
        None => format!("{} {} ({platform_id})", r.try_get::<String, _>("make")?, r.try_get::<String, _>("model")?),
    };
    let card = match (r.try_get::<Option<String>, _>("card_brand")?, r.try_get::<Option<String>, _>("card_last4")?) {
        (Some(brand), Some(last4)) => format!("\nCard: {brand} ending in {last4}"),
        _ => String::new(),
    };
    let amount = euros(r.try_get("amount_cents")?);
    let body = format!(
        "Thank you for your payment.\n\n\
         Amount: {amount}\n\
         For: {}\n\
         Vessel: {vessel}\n\
         Date: {}\n\
         Payment reference: {payment_id}{card}\n\n\
         Keep this email as your receipt.\n\
         European Small-Craft Registry",
        purpose.describe(),
        date(r.try_get::<Option<i64>, _>("succeeded_at")?.unwrap_or_default()),
    );
    let subject = format!("Receipt: {amount} for {}", purpose.describe().to_lowercase());
    outbox::enqueue(tx, &Message::email(r.try_get("email")?, subject, body)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_dates_read_as_on_the_site() {
        assert_eq!(euros(2495), "€24.95");
        assert_eq!(euros(995), "€9.95");
        assert_eq!(date(1_795_000_000_123), "Nov 18, 2026");
    }
}
