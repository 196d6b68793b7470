//! Transfer operations, free of HTTP. The vessel's status changes through
//! `vessels::lifecycle`, in the same transaction as the transfer's own.

use super::{
    model::{Transfer, TransferStatus},
    store,
};
use crate::{
    domain::{Email, PhoneE164, PlatformId},
    features::auth::User,
    features::auth::{Recipient, email_account, language_of},
    features::outbox::{self, Message},
    features::vessels::hull_check,
    features::vessels::lifecycle,
    features::vessels::model::VesselNamed,
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
    platform::clock::{HOUR, now_ms, rfc3339},
    platform::db::is_unique_violation,
    platform::ids::new_id,
    platform::otp::{self, Purpose},
    platform::state::AppState,
};

/// An open transfer that is not paid within this time expires.
pub const VALIDITY_MS: i64 = 24 * HOUR;

fn not_found() -> AppError {
    AppError::NotFound("transfer_not_found".into())
}

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

pub struct Initiation {
    pub vessel_id: String,
    pub to_phone: PhoneE164,
    pub to_email: Option<Email>,
    /// The seller's address, for the code budgets.
    pub client: std::net::IpAddr,
    /// The sale price the seller states for the transfer record, in euro cents.
    pub sale_price_cents: Option<i64>,
}

/// Start a transfer of an active vessel by its current owner: the transfer
/// is created, the vessel goes `in_transfer`, and the new owner's phone gets
/// a code, all in one transaction.
#[tracing::instrument(skip_all, fields(vessel = %i.vessel_id, user = %user.id))]
pub async fn initiate(state: &AppState, user: &User, i: Initiation) -> AppResult<String> {
    let vessel = store::vessel_to_transfer(&state.db, &i.vessel_id).await?.ok_or_else(vessel_not_found)?;
    if vessel.owner_user_id.as_deref() != Some(user.id.as_str()) {
        // Not theirs: the same answer as for a vessel that does not exist.
        return Err(vessel_not_found());
    }
    if vessel.stolen_status.is_some() {
        return Err(AppError::Conflict("vessel_reported_stolen".into()));
    }
    match vessel.status.as_str() {
        "active" => {}
        "in_transfer" => return Err(AppError::Conflict("vessel_already_open_transfer".into())),
        _ => return Err(AppError::Conflict("vessel_registry_transferred".into())),
    }
    if user.phone_e164.as_deref() == Some(i.to_phone.as_str()) {
        return Err(AppError::field("toPhoneE164", "own_phone_number_enter_new"));
    }
    user.may_have_codes_sent()?;
    i.to_phone.textable(&state.config.sms_prefixes).map_err(|m| AppError::field("toPhoneE164", m))?;
    let transfer_id = new_id();
    let now = now_ms();
    let mut tx = state.begin().await?;
    // The seller's row first (an update that changes nothing): archiving the
    // account takes it first too, so it either waits for this transfer and
    // then cancels it, or has archived the account and this one stops here.
    let open = store::lock_open_account(&mut tx, &user.id).await?;
    if open == 0 {
        tx.rollback().await?;
        return Err(AppError::Unauthorized("account_been_archived".into()));
    }
    let new = store::NewTransfer {
        id: &transfer_id,
        vessel_id: &i.vessel_id,
        from_user_id: &user.id,
        to_phone: i.to_phone.as_str(),
        to_email: i.to_email.as_ref().map(Email::as_str),
        created_at: now,
        expires_at: now + VALIDITY_MS,
        sale_price_cents: i.sale_price_cents,
    };
    let inserted = store::insert_transfer(&mut tx, &new).await;
    match inserted {
        Err(e) if is_unique_violation(&e) => {
            tx.rollback().await?;
            return Err(AppError::Conflict("vessel_already_open_transfer".into()));
        }
        other => other?,
    }
    if !lifecycle::start_transfer(&mut tx, &i.vessel_id, &user.id, &transfer_id).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("vessel_already_open_transfer".into()));
    }
    // In this transaction: an initiation that loses a race (or is refused)
    // uses up none of the seller's code budget.
    let sender =
        otp::Sender { account: &user.id, client: i.client, own_number: false, budgets: state.config.code_budgets };
    let slot = otp::reserve_send(&mut tx, Purpose::Transfer, &transfer_id, &i.to_phone, &sender).await?;
    let code = slot.issue(&mut tx).await?;
    let lang = buyer_language(&mut tx, i.to_phone.as_str(), user.language).await?;
    let vessel =
        VesselNamed { name: vessel.name.as_deref(), platform_id: &PlatformId::display_stored(vessel.platform_id) };
    let checked = hull_check::summary_of(&state.db, &i.vessel_id).await?;
    let body = vessel
        .describe(Msg::new("mail.transfer_code_sms"), lang)
        .arg("code", code.expose())
        .arg("signUp", state.config.link("/signup"))
        .arg("summary", checked.map(|s| s.render(lang)).unwrap_or_default());
    let subject = Msg::new("mail.transfer_code_subject");
    outbox::enqueue(&mut tx, &Message::sms_in(lang, i.to_phone.as_str(), &subject, &body)).await?;
    if let Some(email) = &i.to_email {
        let body = vessel
            .describe(Msg::new("mail.transfer_started_body"), lang)
            .arg("dashboard", state.config.link("/dashboard"));
        let subject = Msg::new("mail.transfer_started_subject");
        outbox::enqueue(&mut tx, &Message::email_in(lang, email.as_str(), &subject, &body)).await?;
    }
    tx.commit().await?;
    state.wake_outbox();
    Ok(transfer_id)
}

/// The transfer row, for someone allowed to see it: its initiator, an
/// administrator, or its recipient (the account whose verified phone it names).
async fn load_for(state: &AppState, user: &User, id: &str) -> AppResult<(Transfer, String, String)> {
    let row = store::transfer_by_id(&state.db, id).await?.ok_or_else(not_found)?;
    let (from, to_phone) = (row.from_user_id.clone(), row.to_phone_e164.clone());
    let received = row.to_user_id.as_deref() == Some(user.id.as_str());
    let open = row.status()?.is_open();
    let holds_the_number = user.phone_verified_at.is_some() && user.phone_e164.as_deref() == Some(to_phone.as_str());
    let recipient = received || (open && holds_the_number);
    if from != user.id && !user.is_admin() && !recipient {
        return Err(not_found());
    }
    Ok((row.into_transfer(&user.id)?, from, to_phone))
}

pub async fn get(state: &AppState, user: &User, id: &str) -> AppResult<Transfer> {
    Ok(load_for(state, user, id).await?.0)
}

/// The caller's transfers, newest first: the ones they started, the ones
/// they received, and open ones to their verified phone (a number's next
/// holder does not see who received vessels on it before).
pub async fn list(state: &AppState, user: &User) -> AppResult<Vec<Transfer>> {
    let phone = user.phone_verified_at.as_ref().and(user.phone_e164.clone()).unwrap_or_default();
    let rows = store::transfers_seen_by(&state.db, &user.id, &phone).await?;
    Ok(rows.into_iter().map(|r| r.into_transfer(&user.id)).collect::<sqlx::Result<_>>()?)
}

/// The initiator types the code the new owner read out. Wrong: 400 with the
/// attempts left; after the fifth, 429 and a new code is needed.
#[tracing::instrument(skip_all, fields(transfer = %id, user = %user.id))]
pub async fn verify(state: &AppState, user: &User, id: &str, code: &crate::domain::OtpCode) -> AppResult<Transfer> {
    let (transfer, from, _) = load_for(state, user, id).await?;
    if from != user.id {
        return Err(AppError::Forbidden("person_who_started_transfer_enter".into()));
    }
    refuse_unless_pending(&transfer)?;
    let matched = otp::check(&state.db, Purpose::Transfer, id, code).await?.map_err(AppError::from)?;
    let mut tx = state.begin().await?;
    let moved = store::mark_verified_if_pending(&mut tx, id, now_ms()).await?;
    if moved == 0 || !matched.consume(&mut tx).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("transfer_already_been_verified_no".into()));
    }
    crate::platform::audit::Event::new("transfer_code_confirmed")
        .by(Some(&user.id))
        .vessel(&transfer.vessel.id)
        .subject("transfer", id)
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    get(state, user, id).await
}

fn refuse_unless_pending(transfer: &Transfer) -> AppResult<()> {
    match transfer.status {
        TransferStatus::PendingVerification => Ok(()),
        TransferStatus::Verified => Err(AppError::Conflict("transfers_code_already_been_confirmed".into())),
        _ => Err(AppError::Conflict("transfer_no_longer_open".into())),
    }
}

/// A new code for the new owner's phone, within the send limits.
pub async fn resend(state: &AppState, user: &User, id: &str, client: std::net::IpAddr) -> AppResult<()> {
    let (transfer, from, to_phone) = load_for(state, user, id).await?;
    if from != user.id {
        return Err(AppError::Forbidden("person_who_started_transfer_send".into()));
    }
    refuse_unless_pending(&transfer)?;
    user.may_have_codes_sent()?;
    let number = PhoneE164::parse(&to_phone)
        .and_then(|n| n.textable(&state.config.sms_prefixes).map(|()| n))
        .map_err(|m| AppError::field("toPhoneE164", m))?;
    let sender = otp::Sender { account: &user.id, client, own_number: false, budgets: state.config.code_budgets };
    let mut tx = state.begin().await?;
    let slot = otp::reserve_send(&mut tx, Purpose::Transfer, id, &number, &sender).await?;
    let code = slot.issue(&mut tx).await?;
    let lang = buyer_language(&mut tx, &to_phone, user.language).await?;
    let vessel = VesselNamed { name: transfer.vessel.name.as_deref(), platform_id: &transfer.vessel.platform_id };
    let body = vessel.describe(Msg::new("mail.transfer_new_code_sms"), lang).arg("code", code.expose());
    let subject = Msg::new("mail.transfer_code_subject");
    outbox::enqueue(&mut tx, &Message::sms_in(lang, &to_phone, &subject, &body)).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// Cancel an open transfer (its initiator or an administrator): the vessel
/// returns to `active` and the new owner's phone is told.
#[tracing::instrument(skip_all, fields(transfer = %id, user = %user.id))]
pub async fn cancel(state: &AppState, user: &User, id: &str) -> AppResult<Transfer> {
    cancel_with_reason(state, user, id, None).await
}

/// Cancel an open transfer: its seller, its buyer (the holder of the number
/// it goes to, who declines it), or an administrator (who gives a reason,
/// kept in the audit log). The side that did not cancel is told.
#[tracing::instrument(skip(state, user, reason), fields(user = %user.id))]
/// Answers the transfer as it now stands (a buyer who declined can no longer
/// read it back: a closed transfer is not the next holder's of the number).
pub async fn cancel_with_reason(state: &AppState, user: &User, id: &str, reason: Option<&str>) -> AppResult<Transfer> {
    // Only the transfer's parties and administrators get past `load_for`.
    let (mut transfer, from, to_phone) = load_for(state, user, id).await?;
    let now = now_ms();
    let by_buyer = from != user.id && !user.is_admin();
    let mut tx = state.begin().await?;
    // Payments, then the transfer, then the vessel: the order a payment's
    // success takes too, so the two cannot deadlock on PostgreSQL.
    crate::features::payments::records::cancel_open_for_transfer(&mut tx, id).await?;
    let moved = store::mark_canceled_if_open(&mut tx, id, now).await?;
    if moved == 0 {
        tx.rollback().await?;
        return Err(AppError::Conflict("transfer_no_longer_open".into()));
    }
    lifecycle::end_transfer(&mut tx, &transfer.vessel.id, Some(&user.id), "transfer canceled").await?;
    crate::platform::audit::Event::new("transfer_canceled")
        .by(Some(&user.id))
        .vessel(&transfer.vessel.id)
        .subject("transfer", id)
        .detail(serde_json::json!({
            "reason": reason,
            "byAdministrator": from != user.id && !by_buyer,
            "byBuyer": by_buyer,
        }))
        .write(&mut *tx)
        .await?;
    let vessel = VesselNamed { name: transfer.vessel.name.as_deref(), platform_id: &transfer.vessel.platform_id };
    if by_buyer {
        let subject = Msg::new("mail.transfer_declined_subject");
        let dashboard = state.config.link("/dashboard");
        email_account(&mut tx, &from, &subject, |lang| {
            vessel.describe(Msg::new("mail.transfer_declined_body"), lang).arg("dashboard", dashboard)
        })
        .await?;
    } else {
        let seller = language_of(&mut tx, Recipient::Id(&from)).await?.unwrap_or(user.language);
        let lang = buyer_language(&mut tx, &to_phone, seller).await?;
        let body = vessel.describe(Msg::new("mail.transfer_canceled_sms"), lang);
        let subject = Msg::new("mail.transfer_canceled_subject");
        outbox::enqueue(&mut tx, &Message::sms_in(lang, &to_phone, &subject, &body)).await?;
    }
    tx.commit().await?;
    state.wake_outbox();
    transfer.status = TransferStatus::Canceled;
    transfer.canceled_at = Some(rfc3339(now));
    Ok(transfer)
}

/// Open transfers past their 24 hours expire and their vessels return to
/// `active` (run by the periodic sweep).
pub async fn expire_due(state: &AppState, now: i64) -> AppResult<u64> {
    let due = store::open_transfers_due(&state.db, now).await?;
    let mut expired = 0;
    for (id, vessel_id) in due {
        let mut tx = state.begin().await?;
        // Payments, then the transfer, then the vessel: the order a fee's
        // success locks them in, so the two cannot deadlock on PostgreSQL.
        crate::features::payments::records::cancel_open_for_transfer(&mut tx, &id).await?;
        let moved = store::mark_expired_if_due(&mut tx, &id, now).await?;
        if moved == 1 {
            lifecycle::end_transfer(&mut tx, &vessel_id, None, "transfer expired").await?;
            tx.commit().await?;
            expired += 1;
        } else {
            // Completed or canceled meanwhile: its fee payment stays as it is.
            tx.rollback().await?;
        }
    }
    Ok(expired)
}

/// Released vessels whose buyer has not claimed them within the claim window
/// (`vessels::model::CLAIM_WINDOW_MS`) go to `needs_review`, each in its own
/// transaction, the transfer's row locked first as a claim locks it.
pub async fn hold_unclaimed_due(state: &AppState, now: i64) -> AppResult<u64> {
    let due = store::unclaimed_completed_by(&state.db, now - crate::features::vessels::model::CLAIM_WINDOW_MS).await?;
    let mut held = 0;
    for (id, vessel_id) in due {
        let mut tx = state.begin().await?;
        let waiting = store::lock_if_unclaimed(&mut tx, &id).await?;
        if waiting == 1 && lifecycle::hold_unclaimed(&mut tx, &vessel_id, &id).await? {
            held += 1;
        }
        tx.commit().await?;
    }
    Ok(held)
}

/// Who gets a vessel whose claim window expired.
pub enum Unclaimed<'a> {
    /// The open account with this email (the buyer, found another way).
    Account(&'a Email),
    /// The seller, whose ownership ended when the fee was paid.
    Seller,
}

/// An administrator resolves a vessel whose buyer never claimed it: it goes
/// to an account or back to its seller, with the reason audited, and the new
/// owner is emailed.
#[tracing::instrument(skip(state, admin, to, reason), fields(admin = %admin.id))]
pub async fn resolve_unclaimed(
    state: &AppState,
    admin: &User,
    vessel_id: &str,
    to: Unclaimed<'_>,
    reason: &str,
) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let transfer = store::unclaimed_under_review(&mut tx, vessel_id)
        .await?
        .ok_or_else(|| AppError::Conflict("vessel_not_awaiting_claim_review".into()))?;
    let id = transfer.id.clone();
    let (owner, returned) = match to {
        Unclaimed::Seller => (transfer.from_user_id.clone(), true),
        Unclaimed::Account(email) => {
            let account = store::open_account_by_email(&mut tx, email.as_str()).await?;
            (account.ok_or_else(|| AppError::field("email", "no_open_account_email"))?, false)
        }
    };
    // The account must be open (the seller's too), and stay so until this commits.
    let open = store::lock_open_account(&mut tx, &owner).await?;
    if open == 0 {
        return Err(AppError::Conflict("receiving_account_archived".into()));
    }
    // The transfer's row, as a claim takes it: its recipient is the account
    // that got the vessel (the seller's, when returned), so the transfer no
    // longer waits for a claim and a later sale's release is not mistaken for it.
    let taken = store::set_recipient_if_unclaimed(&mut tx, &id, &owner, now_ms()).await?;
    if taken == 0 || !lifecycle::assign_unclaimed(&mut tx, vessel_id, &owner, &id, &admin.id, reason, returned).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("vessel_changed_meanwhile_reload".into()));
    }
    let platform_id = PlatformId::display_stored(transfer.platform_id);
    let vessel = VesselNamed { name: transfer.name.as_deref(), platform_id: &platform_id };
    let body =
        |lang| vessel.describe_or(Msg::new("mail.transfer_owner_body"), lang, "mail.your_vessel").arg("reference", &id);
    email_account(&mut tx, &owner, &Msg::new("mail.transfer_complete_subject"), body).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// What the payments feature needs to ask for a transfer fee.
pub struct Payable {
    pub platform_id: String,
}

/// May `user` pay the fee of transfer `id` for vessel `vessel_id` now? The
/// transfer must be verified and belong to that vessel; its initiator or its
/// recipient pays. (The recipient's account need not exist yet: the vessel
/// then waits for its claim.)
pub async fn payable(state: &AppState, user: &User, id: &str, vessel_id: &str) -> AppResult<Payable> {
    let (transfer, from, to_phone) = load_for(state, user, id).await?;
    if transfer.vessel.id != vessel_id {
        return Err(AppError::field("vesselId", "transfer_another_vessel"));
    }
    match transfer.status {
        TransferStatus::Verified => {}
        TransferStatus::PendingVerification => {
            return Err(AppError::Conflict("confirm_code_new_owner_received".into()));
        }
        _ => return Err(AppError::Conflict("transfer_no_longer_open".into())),
    }
    if from != user.id && !user.is_admin() && user.phone_e164.as_deref() != Some(to_phone.as_str()) {
        return Err(AppError::Forbidden("seller_new_owner_pay_transfers".into()));
    }
    let paid = store::succeeded_fee_payments(&state.db, id).await?;
    if paid > 0 {
        return Err(AppError::Conflict("transfers_fee_been_paid_registry".into()));
    }
    // Before any money moves: the hand-over would refuse it (and refund).
    if store::encumbered_for(&state.db, vessel_id, id).await? {
        return Err(AppError::Conflict("vessel_encumbered".into()));
    }
    Ok(Payable { platform_id: transfer.vessel.platform_id })
}

/// The account whose verified mobile number is `phone`, if exactly one, in
/// the completing transaction. Its row is locked first (an update that
/// changes nothing), so an archiving of that account waits for this
/// transaction or is seen by it, and a vessel is never handed to an account
/// archived meanwhile.
async fn recipient_of(tx: &mut crate::platform::db::Tx<'_>, phone: &str) -> AppResult<Option<String>> {
    store::lock_verified_holders(tx, phone).await?;
    let mut holders = store::verified_holders(tx, phone).await?;
    Ok(match holders.len() {
        1 => holders.pop(),
        _ => None,
    })
}

/// The vessel's open transfer (pending its code or its fee), if any.
pub async fn open_of_vessel(tx: &mut crate::platform::db::Tx<'_>, vessel_id: &str) -> AppResult<Option<String>> {
    Ok(store::open_transfers_of_vessel(tx, vessel_id).await?.into_iter().next())
}

/// The fee arrived (called once, in the transaction that records the
/// payment): the transfer completes and the vessel is handed over to the
/// account whose verified number the seller entered, or, when there is none
/// yet, released to wait for that number's claim. False, with nothing
/// changed, when the transfer is no longer open (canceled, expired) or the
/// vessel left it meanwhile: the caller refunds the fee.
pub async fn complete(tx: &mut crate::platform::db::Tx<'_>, id: &str, payment_id: &str) -> AppResult<bool> {
    // The transfer's row first (an update that changes nothing, but only
    // while it is verified): a verification of the buyer's number that is
    // claiming waiting transfers locks the same rows (`claim_waiting`), so
    // whichever comes second sees the other's outcome: the number verified
    // (a hand-over) or the vessel released (a claim). A cancel or an expiry
    // waits here too, and then finds the transfer completed.
    let open = store::lock_if_verified(tx, id).await?;
    let row = store::transfer_to_complete(tx, id).await?;
    let (vessel_id, from, to_phone) = (&row.vessel_id, &row.from_user_id, &row.to_phone_e164);
    if open == 0 {
        return Ok(false);
    }
    let to = recipient_of(tx, to_phone).await?;
    let handed_over = match &to {
        Some(to) => lifecycle::hand_over(tx, vessel_id, from, to, id).await?,
        None => lifecycle::release(tx, vessel_id, from, id).await?,
    };
    if !handed_over {
        // The vessel left the transfer meanwhile (its owner archived the
        // account, or it left the registry): nothing changes hands.
        tracing::warn!(transfer = id, payment = payment_id, "transfer fee paid while the vessel left the transfer");
        return Ok(false);
    }
    let completed = store::mark_completed_if_verified(tx, id, to.as_deref(), now_ms()).await?;
    if completed != 1 {
        // Locked above: nothing else can have moved it.
        return Err(anyhow::anyhow!("transfer {id} changed while it was locked").into());
    }
    let seller = language_of(tx, Recipient::Id(from)).await?.unwrap_or_default();
    let buyer = buyer_language(tx, to_phone, seller).await?;
    let platform_id = PlatformId::display_stored(row.platform_id.clone());
    let vessel = VesselNamed { name: row.name.as_deref(), platform_id: &platform_id };
    let sms = match &to {
        Some(_) => Msg::new("mail.transfer_complete_sms"),
        // The link to claim it came with the code.
        None => Msg::new("mail.transfer_complete_claim_sms"),
    };
    let subject = Msg::new("mail.transfer_complete_subject");
    outbox::enqueue(tx, &Message::sms_in(buyer, to_phone, &subject, &vessel.describe(sms, buyer))).await?;
    let to_seller = |lang| vessel.describe(Msg::new("mail.transfer_seller_body"), lang).arg("reference", id);
    email_account(tx, from, &subject, to_seller).await?;
    match &to {
        Some(to) => {
            let to_owner = |lang| vessel.describe(Msg::new("mail.transfer_owner_body"), lang).arg("reference", id);
            email_account(tx, to, &subject, to_owner).await?;
        }
        // The address the seller gave for the buyer, who has no account yet.
        None => {
            if let Some(email) = &row.to_email {
                let body = vessel.describe(Msg::new("mail.transfer_waiting_body"), buyer).arg("reference", id);
                let subject = Msg::new("mail.transfer_waiting_subject");
                outbox::enqueue(tx, &Message::email_in(buyer, email, &subject, &body)).await?;
            }
        }
    }
    Ok(true)
}

/// The buyer's language: that of the account on which the number is verified, else `fallback` (the seller's).
async fn buyer_language(conn: &mut sqlx::AnyConnection, phone: &str, fallback: Lang) -> sqlx::Result<Lang> {
    Ok(language_of(conn, Recipient::VerifiedPhone(phone)).await?.unwrap_or(fallback))
}

/// The holder of `phone` has just verified it (in `tx`, the verification's
/// own transaction): every paid transfer waiting for that number becomes
/// theirs. Two claims at once agree on one: the transfer's recipient is set
/// only while it is empty, and the vessel moves only while it has no owner.
#[tracing::instrument(skip_all, fields(user = %user_id))]
pub async fn claim_waiting(
    tx: &mut crate::platform::db::Tx<'_>,
    user_id: &str,
    phone: &str,
) -> AppResult<Vec<ClaimedVessel>> {
    // Lock every transfer to this number that is or may become waiting (an
    // update that changes nothing): a fee being recorded for one of them
    // right now finishes first, and the query below sees its release.
    store::lock_waiting_or_payable_to_phone(tx, phone).await?;
    // Only vessels still waiting (not held for review after 30 days). A
    // claim is made only here, by the verification that happens after the
    // release (or races it, and then sees it through the lock above); a
    // number verified before a release never claims it later: that holder
    // was handed the vessel directly (`complete`). Timestamps are not
    // compared: two transactions' clocks do not order their commits.
    let waiting = store::waiting_for_phone(tx, phone).await?;
    let mut claimed = Vec::with_capacity(waiting.len());
    for row in waiting {
        let (id, vessel_id) = (&row.id, &row.vessel_id);
        let taken = store::set_recipient_if_unclaimed(tx, id, user_id, now_ms()).await?;
        if taken == 0 || !lifecycle::claim(tx, vessel_id, user_id, id).await? {
            return Err(AppError::Conflict("vessel_just_been_claimed_try".into()));
        }
        let platform_id = PlatformId::display_stored(row.platform_id.clone());
        let vessel = VesselNamed { name: row.name.as_deref(), platform_id: &platform_id };
        let body = |lang| {
            vessel.describe_or(Msg::new("mail.transfer_owner_body"), lang, "mail.your_vessel").arg("reference", id)
        };
        email_account(tx, user_id, &Msg::new("mail.transfer_complete_subject"), body).await?;
        claimed.push(ClaimedVessel { platform_id: platform_id.clone(), name: row.name.clone() });
    }
    Ok(claimed)
}

/// A vessel a verified number claimed, for the page that verified it to say
/// so and open it.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimedVessel {
    pub platform_id: String,
    pub name: Option<String>,
}

/// An archived account's open transfers end with it, and so do their fee
/// payments, whoever opened them (in the archiving transaction).
pub async fn cancel_all_from(tx: &mut crate::platform::db::Tx<'_>, user_id: &str) -> AppResult<()> {
    let open = store::open_transfers_from(tx, user_id).await?;
    cancel_open(tx, &open).await
}

/// A vessel whose registration fee is refunded leaves the registry with its
/// open transfers (and their fee payments), in the refund's transaction.
pub async fn cancel_all_of_vessel(tx: &mut crate::platform::db::Tx<'_>, vessel_id: &str) -> AppResult<()> {
    let open = store::open_transfers_of_vessel(tx, vessel_id).await?;
    cancel_open(tx, &open).await
}

/// Cancel the open transfers `open` and their fee payments, each payment first.
async fn cancel_open(tx: &mut crate::platform::db::Tx<'_>, open: &[String]) -> AppResult<()> {
    for id in open {
        crate::features::payments::records::cancel_open_for_transfer(tx, id).await?;
        // Only while it is still open: a fee recorded meanwhile completed it,
        // and a completed transfer never changes again.
        store::mark_canceled_if_open(tx, id, now_ms()).await?;
    }
    Ok(())
}
