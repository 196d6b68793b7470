//! Registering, consenting to, and releasing liens. Each step is one
//! transaction: the lien's row (a compare-and-set on the status it expects),
//! the vessel's counts, chain event and audit entry (`vessels::lifecycle`),
//! the code texted to the owner, and the emails to both parties.

use super::model::{Lien, LienRole, LienRow, LienStatus, RegisterLienRequest};
use super::store::{self, NewLien};
use crate::{
    domain::{OtpCode, PhoneE164, PlatformId, particulars::short_text},
    features::auth::{IdentityVerificationStatus, Recipient, User, email_account_with, language_of},
    features::outbox::{self, Message},
    features::transfers,
    features::vessels::lifecycle::{self, LienChange},
    features::vessels::model::VesselNamed,
    foundation::error::{AppError, AppResult, FieldCheck},
    foundation::i18n::Msg,
    platform::clock::now_ms,
    platform::db::Tx,
    platform::ids::new_id,
    platform::otp::{self, Purpose},
    platform::state::AppState,
};

/// The currencies a lien may be registered in: those of the EEA, Switzerland and the United Kingdom.
pub const CURRENCIES: &[&str] = &["BGN", "CHF", "CZK", "DKK", "EUR", "GBP", "HUF", "ISK", "NOK", "PLN", "RON", "SEK"];

/// The largest amount a lien may secure, in minor units (one billion).
pub const MAX_AMOUNT_CENTS: i64 = 100_000_000_000;

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

fn lien_not_found() -> AppError {
    AppError::NotFound("lien_not_found".into())
}

/// A registration checked and tidied.
struct Checked {
    lender_name: String,
    reference: String,
    amount_cents: i64,
    currency: &'static str,
}

impl Checked {
    fn parse(r: &RegisterLienRequest) -> AppResult<Self> {
        let mut check = FieldCheck::default();
        let lender_name = check.take(
            "lenderName",
            short_text(&r.lender_name, 120, "lien_lender_name_invalid").and_then(|n| match n {
                Some(n) if n.chars().count() >= 2 => Ok(n),
                _ => Err("lien_lender_name_required"),
            }),
        );
        let reference = check.take(
            "reference",
            short_text(&r.reference, 60, "lien_reference_invalid").and_then(|n| n.ok_or("lien_reference_required")),
        );
        let amount = check.take(
            "amountCents",
            (1..=MAX_AMOUNT_CENTS).contains(&r.amount_cents).then_some(r.amount_cents).ok_or("lien_amount_invalid"),
        );
        let currency = check.take(
            "currency",
            CURRENCIES
                .iter()
                .find(|c| **c == r.currency.trim().to_ascii_uppercase())
                .copied()
                .ok_or("lien_currency_invalid"),
        );
        check.finish()?;
        match (lender_name, reference, amount, currency) {
            (Some(lender_name), Some(reference), Some(amount_cents), Some(currency)) => {
                Ok(Self { lender_name, reference, amount_cents, currency })
            }
            // Each `None` recorded a problem, which `finish` answered.
            _ => Err(AppError::field("lenderName", "request_not_valid")),
        }
    }
}

/// A lender registers a lien on a vessel in the registry; the owner is
/// texted a code to consent with. The lien has no effect until then.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %lender.id))]
pub async fn register(
    state: &AppState,
    lender: &User,
    vessel_id: &str,
    r: &RegisterLienRequest,
    client: std::net::IpAddr,
) -> AppResult<Lien> {
    if lender.email_verified_at.is_none() || lender.identity_verification_status != IdentityVerificationStatus::Verified
    {
        return Err(AppError::Forbidden("lien_lender_identity_required".into()));
    }
    let checked = Checked::parse(r)?;
    let vessel = store::vessel(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    let Some(owner) =
        vessel.owner_user_id.as_deref().filter(|_| matches!(vessel.status.as_str(), "active" | "in_transfer"))
    else {
        return Err(AppError::Conflict("lien_vessel_not_in_registry".into()));
    };
    if owner == lender.id {
        return Err(AppError::Conflict("lien_on_own_vessel".into()));
    }
    let phone = vessel
        .owner_phone
        .as_deref()
        .and_then(|p| PhoneE164::parse(p).ok())
        .filter(|p| p.textable(&state.config.sms_prefixes).is_ok())
        .ok_or_else(|| AppError::Conflict("lien_owner_cannot_receive_code".into()))?;
    let id = new_id();
    let now = now_ms();
    let mut tx = state.begin().await?;
    let new = NewLien {
        id: &id,
        vessel_id,
        lender: &lender.id,
        owner,
        lender_name: &checked.lender_name,
        reference: &checked.reference,
        amount_cents: checked.amount_cents,
        currency: checked.currency,
        at: now,
    };
    store::insert(&mut tx, &new).await?;
    if !lifecycle::lien_changed(&mut tx, vessel_id, &lender.id, &id, LienChange::Registered).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_vessel_not_in_registry".into()));
    }
    // The lender's code budgets: it is the lender who has the owner texted.
    let sender = otp::Sender { account: &lender.id, client, own_number: false, budgets: state.config.code_budgets };
    let slot = otp::reserve_send(&mut tx, Purpose::Lien, &id, &phone, &sender).await?;
    let code = slot.issue(&mut tx).await?;
    let row = store::by_id_in(&mut tx, &id).await?.ok_or_else(lien_not_found)?;
    text_code(&mut tx, &row, phone.as_str(), code.expose(), lender.language).await?;
    tell_both(&mut tx, &row, "mail.lien_registered_body", None).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(row.into_lien(LienRole::Lender)?)
}

/// The consent code, in the owner's language, to their verified mobile.
async fn text_code(
    tx: &mut Tx<'_>,
    row: &LienRow,
    phone: &str,
    code: &str,
    fallback: crate::foundation::i18n::Lang,
) -> AppResult<()> {
    let lang = language_of(tx, Recipient::Id(&row.owner_user_id)).await?.unwrap_or(fallback);
    let platform_id = PlatformId::display_stored(row.platform_id.clone());
    let vessel = VesselNamed { name: row.vessel_name.as_deref(), platform_id: &platform_id };
    let body =
        vessel.describe(Msg::new("mail.lien_code_sms"), lang).arg("lender", row.lender_name.as_str()).arg("code", code);
    outbox::enqueue(tx, &Message::sms_in(lang, phone, &Msg::new("mail.lien_code_subject"), &body)).await?;
    Ok(())
}

/// The lien's lender and the vessel's owner (the one asked, while pending) are emailed `key`.
async fn tell_both(tx: &mut Tx<'_>, row: &LienRow, key: &'static str, reason: Option<&str>) -> AppResult<()> {
    let platform_id = PlatformId::display_stored(row.platform_id.clone());
    let vessel = VesselNamed { name: row.vessel_name.as_deref(), platform_id: &platform_id };
    let owner = row.current_owner.as_deref().unwrap_or(&row.owner_user_id);
    for party in [row.lender_user_id.as_str(), owner] {
        email_account_with(tx, party, |lang| {
            let subject = vessel.describe(Msg::new("mail.lien_subject"), lang);
            let mut body = vessel
                .describe(Msg::new(key), lang)
                .arg("lender", row.lender_name.as_str())
                .arg("reference", row.reference.as_str());
            if let Some(reason) = reason {
                body = body.arg("reason", reason);
            }
            (subject, body)
        })
        .await?;
    }
    Ok(())
}

/// The owner consents with the texted code: the lien becomes active. A wrong
/// code says how many attempts are left, as a transfer's does.
#[tracing::instrument(skip_all, fields(lien = %id, user = %user.id))]
pub async fn consent(state: &AppState, user: &User, id: &str, code: &OtpCode) -> AppResult<Lien> {
    let row = store::by_id(&state.db, id).await?.ok_or_else(lien_not_found)?;
    if row.owner_user_id != user.id {
        return Err(lien_not_found());
    }
    if row.status()? != LienStatus::Pending {
        return Err(AppError::Conflict("lien_not_pending".into()));
    }
    let matched = otp::check(&state.db, Purpose::Lien, id, code).await?.map_err(AppError::from)?;
    let mut tx = state.begin().await?;
    if store::activate(&mut tx, id, &user.id, now_ms()).await? != 1 || !matched.consume(&mut tx).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_not_pending".into()));
    }
    // Sold (or gone from the registry) since the lender asked: the consent is no longer theirs to give.
    if !lifecycle::lien_changed(&mut tx, &row.vessel_id, &user.id, id, LienChange::Consented { owner: &user.id })
        .await?
    {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_vessel_changed".into()));
    }
    let row = store::by_id_in(&mut tx, id).await?.ok_or_else(lien_not_found)?;
    tell_both(&mut tx, &row, "mail.lien_active_body", None).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(row.into_lien(LienRole::Owner)?)
}

/// A new consent code for the owner (the first one lapsed), within the send limits.
#[tracing::instrument(skip_all, fields(lien = %id, user = %user.id))]
pub async fn resend_code(state: &AppState, user: &User, id: &str, client: std::net::IpAddr) -> AppResult<()> {
    let row = store::by_id(&state.db, id).await?.ok_or_else(lien_not_found)?;
    if row.owner_user_id != user.id || row.current_owner.as_deref() != Some(user.id.as_str()) {
        return Err(lien_not_found());
    }
    if row.status()? != LienStatus::Pending {
        return Err(AppError::Conflict("lien_not_pending".into()));
    }
    let phone = user
        .phone_verified_at
        .as_ref()
        .and(user.phone_e164.as_deref())
        .and_then(|p| PhoneE164::parse(p).ok())
        .filter(|p| p.textable(&state.config.sms_prefixes).is_ok())
        .ok_or_else(|| AppError::Conflict("lien_owner_cannot_receive_code".into()))?;
    let sender = otp::Sender { account: &user.id, client, own_number: true, budgets: state.config.code_budgets };
    let mut tx = state.begin().await?;
    let slot = otp::reserve_send(&mut tx, Purpose::Lien, id, &phone, &sender).await?;
    let code = slot.issue(&mut tx).await?;
    text_code(&mut tx, &row, phone.as_str(), code.expose(), user.language).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// The lender consents to the vessel's open transfer: it may complete with
/// the lien standing, which stays on the vessel under its new owner.
#[tracing::instrument(skip_all, fields(lien = %id, user = %user.id))]
pub async fn consent_transfer(state: &AppState, user: &User, id: &str) -> AppResult<Lien> {
    let row = store::by_id(&state.db, id).await?.ok_or_else(lien_not_found)?;
    if row.lender_user_id != user.id {
        return Err(lien_not_found());
    }
    if row.status()? != LienStatus::Active {
        return Err(AppError::Conflict("lien_not_active".into()));
    }
    let mut tx = state.begin().await?;
    let Some(transfer_id) = transfers::service::open_of_vessel(&mut tx, &row.vessel_id).await? else {
        return Err(AppError::Conflict("lien_no_open_transfer".into()));
    };
    if store::consent_transfer(&mut tx, id, &transfer_id, now_ms()).await? != 1 {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_transfer_already_consented".into()));
    }
    let change = LienChange::TransferConsented { transfer_id: &transfer_id };
    if !lifecycle::lien_changed(&mut tx, &row.vessel_id, &user.id, id, change).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_no_open_transfer".into()));
    }
    let row = store::by_id_in(&mut tx, id).await?.ok_or_else(lien_not_found)?;
    tell_both(&mut tx, &row, "mail.lien_transfer_consented_body", None).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(row.into_lien(LienRole::Lender)?)
}

/// The lender releases the lien (or withdraws one still pending); an
/// administrator may too, with a reason both parties are told.
#[tracing::instrument(skip_all, fields(lien = %id, user = %user.id))]
pub async fn release(state: &AppState, user: &User, id: &str, reason: Option<&str>) -> AppResult<Lien> {
    let row = store::by_id(&state.db, id).await?.ok_or_else(lien_not_found)?;
    let role = row.role_of(Some(&user.id), user.is_admin());
    let reason = reason.map(|r| r.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|r| !r.is_empty());
    match role {
        LienRole::Lender => {}
        LienRole::Administrator | LienRole::Owner if user.is_admin() => {
            if !reason.as_deref().is_some_and(|r| (10..=1000).contains(&r.chars().count())) {
                return Err(AppError::field("reason", "lien_release_reason_length"));
            }
        }
        LienRole::Owner => return Err(AppError::Forbidden("lien_released_by_lender".into())),
        _ => return Err(lien_not_found()),
    }
    let status = row.status()?;
    if status == LienStatus::Released {
        return Err(AppError::Conflict("lien_already_released".into()));
    }
    let mut tx = state.begin().await?;
    if store::release(&mut tx, id, status.into(), &user.id, now_ms(), reason.as_deref()).await? != 1 {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_changed_meanwhile".into()));
    }
    let change = LienChange::Released {
        was_active: status == LienStatus::Active,
        consented_to: row.transfer_consent_id.as_deref(),
        reason: reason.as_deref(),
    };
    if !lifecycle::lien_changed(&mut tx, &row.vessel_id, &user.id, id, change).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("lien_changed_meanwhile".into()));
    }
    let row = store::by_id_in(&mut tx, id).await?.ok_or_else(lien_not_found)?;
    match reason.as_deref() {
        Some(reason) => tell_both(&mut tx, &row, "mail.lien_released_reason_body", Some(reason)).await?,
        None => tell_both(&mut tx, &row, "mail.lien_released_body", None).await?,
    }
    tx.commit().await?;
    state.wake_outbox();
    Ok(row.into_lien(role)?)
}

/// A vessel's liens: all of them to its owner and administrators, a lender's
/// own in full; anyone else sees the active ones' lenders and dates only.
pub async fn of_vessel(state: &AppState, user: Option<&User>, vessel_id: &str) -> AppResult<Vec<Lien>> {
    if store::vessel(&state.db, vessel_id).await?.is_none() {
        return Err(vessel_not_found());
    }
    let (me, admin) = (user.map(|u| u.id.as_str()), user.is_some_and(User::is_admin));
    let mut liens = Vec::new();
    for row in store::of_vessel(&state.db, vessel_id).await? {
        let role = row.role_of(me, admin);
        if role == LienRole::Public && row.status != "active" {
            continue;
        }
        liens.push(row.into_lien(role)?);
    }
    Ok(liens)
}

/// The liens the caller holds as lender, and those on their vessels.
pub async fn mine(state: &AppState, user: &User) -> AppResult<Vec<Lien>> {
    let rows = store::of_account(&state.db, &user.id).await?;
    rows.into_iter()
        .map(|row| {
            let role = row.role_of(Some(&user.id), false);
            Ok(row.into_lien(role)?)
        })
        .collect()
}
