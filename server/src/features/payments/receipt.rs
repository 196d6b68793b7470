//! The receipt emailed when a payment succeeds, queued in the outbox in the
//! transaction that recorded the payment.

use super::{model::Purpose, store};
use crate::{
    domain::PlatformId,
    features::outbox::{self, Message},
    foundation::i18n::{self, Lang, Msg},
    platform::db::Tx,
};

/// What the payer is told about a succeeded payment.
#[derive(Clone, PartialEq, Eq)]
pub enum Kind {
    /// It bought what it was for.
    Receipt,
    /// It could no longer take effect and is being refunded in full.
    RefundedWithoutEffect,
    /// An administrator refunded it, for the reason given (a registration's
    /// refund also takes the vessel out of the registry).
    RefundedByRegistry { reason: String },
}

/// A card brand as people write it: the providers' codes (`visa`, `mastercard`,
/// `amex`) capitalised, as the card says.
fn card_brand(code: &str) -> String {
    match code.to_ascii_lowercase().as_str() {
        "visa" => "Visa".to_owned(),
        "mastercard" => "Mastercard".to_owned(),
        "amex" | "american_express" => "American Express".to_owned(),
        "discover" => "Discover".to_owned(),
        "diners" => "Diners Club".to_owned(),
        "jcb" => "JCB".to_owned(),
        "unionpay" => "UnionPay".to_owned(),
        "cartes_bancaires" => "Cartes Bancaires".to_owned(),
        other => {
            let mut chars = other.chars();
            chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
        }
    }
}

pub async fn enqueue(tx: &mut Tx<'_>, payment_id: &str, kind: Kind) -> sqlx::Result<()> {
    let r = store::receipt(tx, payment_id).await?;
    let purpose = crate::platform::db::stored::<Purpose>(&r.purpose)?;
    let platform_id = PlatformId::display_stored(r.platform_id);
    let vessel = match r.name {
        Some(name) => format!("{name} ({platform_id})"),
        None => format!("{} {} ({platform_id})", r.make, r.model),
    };
    let lang = Lang::parse(&r.language).unwrap_or_default();
    let card = match (r.card_brand, r.card_last4) {
        (Some(brand), Some(last4)) => {
            Msg::new("mail.receipt_card").arg("brand", card_brand(&brand)).arg("last4", last4).render(lang)
        }
        _ => String::new(),
    };
    let amount = i18n::euros(lang, r.amount_cents);
    let (purpose, subject) = match (purpose, &kind) {
        (Purpose::Registration, Kind::Receipt) => ("mail.purpose_registration", "mail.receipt_registration_subject"),
        (Purpose::Transfer, Kind::Receipt) => ("mail.purpose_transfer", "mail.receipt_transfer_subject"),
        (Purpose::Registration, Kind::RefundedWithoutEffect) => {
            ("mail.purpose_registration", "mail.refund_without_effect_subject")
        }
        (Purpose::Transfer, Kind::RefundedWithoutEffect) => {
            ("mail.purpose_transfer", "mail.refund_without_effect_subject")
        }
        (Purpose::Registration, Kind::RefundedByRegistry { .. }) => {
            ("mail.purpose_registration", "mail.refund_by_registry_subject")
        }
        (Purpose::Transfer, Kind::RefundedByRegistry { .. }) => {
            ("mail.purpose_transfer", "mail.refund_by_registry_subject")
        }
    };
    let (body, reason, effect) = match (&kind, purpose) {
        (Kind::Receipt, _) => ("mail.receipt_body", String::new(), String::new()),
        (Kind::RefundedWithoutEffect, _) => ("mail.refund_without_effect_body", String::new(), String::new()),
        (Kind::RefundedByRegistry { reason }, purpose) => {
            let effect = if purpose == "mail.purpose_registration" {
                "mail.refund_registration_effect"
            } else {
                "mail.refund_transfer_effect"
            };
            ("mail.refund_by_registry_body", reason.clone(), Msg::new(effect).render(lang))
        }
    };
    let body = Msg::new(body)
        .arg("reason", reason)
        .arg("effect", effect)
        .arg("amount", &amount)
        .arg("purpose", Msg::new(purpose).render(lang))
        .arg("vessel", vessel)
        .arg("date", i18n::short_date(lang, r.succeeded_at.unwrap_or_default()))
        .arg("reference", payment_id)
        .arg("card", card);
    let subject = Msg::new(subject).arg("amount", amount);
    outbox::enqueue(tx, &Message::email_in(lang, &r.email, &subject, &body)).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn card_brands_are_written_as_on_the_card() {
        assert_eq!(super::card_brand("visa"), "Visa");
        assert_eq!(super::card_brand("mastercard"), "Mastercard");
        assert_eq!(super::card_brand("amex"), "American Express");
        assert_eq!(super::card_brand("maestro"), "Maestro");
    }
}
