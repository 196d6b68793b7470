//! A vessel's lifecycle. Every change of `vessels.status` made on behalf of
//! another feature goes through here, inside the caller's transaction, so the
//! rules live in one place:
//!
//! - `pending_payment` → `active` when the registration fee is paid and its
//!   identifiers are still free;
//! - `pending_payment` → `needs_review` when the fee is paid but another
//!   vessel took one of its identifiers meanwhile (the owner sees why, an
//!   administrator resolves it);
//! - any → `deactivated` when the owner archives the account;
//! - `active` → `in_transfer` → `active` (with a new owner, or the same one
//!   when the transfer is canceled or expires);
//! - `in_transfer` with no owner while a paid transfer waits for its buyer's
//!   claim, then `active` with the buyer as owner; after 30 days unclaimed,
//!   `needs_review`, until an administrator gives it to an account or back
//!   to its seller;
//! - administrators: `active` or `needs_review` → `deactivated` with a
//!   reason, `deactivated` → `active` when its fee stands (not refunded) and
//!   its identifiers are free, `needs_review` → `active` once resolved.
//!
//! A theft report lies over any of these: while one is open (`stolen_status`
//! set) no transfer starts or completes; reporting it, confirming it and
//! ending it (recovered, or removed as false) are made here too.
//!
//! A registered lien lies over them too: while one is active, a transfer
//! completes only if every active lien consented to it (`active_liens`,
//! `lien_consents` on the vessel's row, checked in the hand-over's own
//! compare-and-set); a lien's registration, consent, transfer consent and
//! release are made here.
//!
//! Every change of owner, and every theft report's start and end, also
//! appends to the vessel's hash chain (`history_chain`), and a change of
//! owner ends and starts `ownership_history` entries, here and only here.

use super::history_chain::{self, EventType};
use super::{identifiers_in_use, store};
use crate::platform::audit::record as audit;

use crate::{
    foundation::error::{AppError, AppResult},
    platform::clock::now_ms,
    platform::db::{Tx, is_unique_violation},
};

/// What a paid registration did to its vessel.
#[derive(Debug, PartialEq, Eq)]
pub enum Activation {
    Activated,
    /// Not pending any more (activated by a racing report, or deactivated).
    Unchanged,
    /// Held in `needs_review`: an identifier is in use by another vessel.
    HeldForReview,
}

/// A paid registration puts the vessel in the registry, unless another
/// vessel took one of its identifiers while it waited: then the payment
/// stands, the vessel is held for review with the reason, and the owner and
/// the administrators see it.
pub async fn activate_after_payment(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    payer: &str,
    payment_id: &str,
) -> AppResult<Activation> {
    // Only a vessel still awaiting its fee, from the payer who owns it: one
    // deactivated meanwhile (its owner archived the account) or activated by
    // another payment is not this payment's to change.
    if store::count_awaiting_fee(tx, vessel_id, payer).await? == 0 {
        return Ok(Activation::Unchanged);
    }
    let identifiers = identifiers_in_use::of_vessel(tx, vessel_id).await?;
    if let Some((identifier, existing)) = identifiers_in_use::find_taken(tx, &identifiers, Some(vessel_id)).await? {
        identifiers_in_use::record_conflict(tx, payer, &identifier, &existing).await?;
        tracing::warn!(
            vessel = vessel_id,
            identifier = identifier.column,
            "paid vessel not activated: identifier in use"
        );
        return hold_for_review(tx, vessel_id, payment_id, identifier.column).await;
    }
    // In a savepoint: on PostgreSQL a vessel activated concurrently with the
    // same identifier surfaces here as a unique violation, which would
    // otherwise abort the whole transaction and the payment's record with it.
    let mut savepoint = sqlx::Connection::begin(&mut **tx).await?;
    let activated = match store::activate_if_pending(&mut savepoint, vessel_id).await {
        Err(e) if is_unique_violation(&e) => {
            savepoint.rollback().await?;
            tracing::warn!(vessel = vessel_id, "paid vessel not activated: an identifier was taken concurrently");
            return hold_for_review(tx, vessel_id, payment_id, "concurrent").await;
        }
        other => {
            let done = other?;
            savepoint.commit().await?;
            done
        }
    };
    if activated == 0 {
        return Ok(Activation::Unchanged);
    }
    history_chain::append(tx, vessel_id, EventType::Registered, now_ms()).await?;
    audit(tx, vessel_id, Some(payer), "registration_paid", serde_json::json!({"paymentId": payment_id})).await?;
    Ok(Activation::Activated)
}

async fn hold_for_review(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    payment_id: &str,
    identifier: &str,
) -> AppResult<Activation> {
    let held = store::hold_pending_for_review(tx, vessel_id, super::model::IDENTIFIER_TAKEN).await?;
    let detail = serde_json::json!({"paymentId": payment_id, "identifier": identifier});
    audit(tx, vessel_id, None, "activation_blocked", detail).await?;
    Ok(if held == 1 { Activation::HeldForReview } else { Activation::Unchanged })
}

/// Deactivate every vessel of an owner who archives the account, and erase
/// the phone number stored on them (data minimisation: the account's own
/// phone is erased in the same transaction). Each change is audited.
pub async fn deactivate_all_of(tx: &mut Tx<'_>, owner_id: &str) -> AppResult<()> {
    let vessels = store::undeactivated_vessels_of(tx, owner_id).await?;
    for vessel_id in &vessels {
        // Each only while it is still theirs: a sale completing meanwhile
        // handed it to its buyer, whose vessel it stays.
        let moved = store::deactivate_for_archived_owner(tx, vessel_id, owner_id).await?;
        if moved == 1 {
            let detail = serde_json::json!({"reason": "owner archived the account"});
            audit(tx, vessel_id, Some(owner_id), "deactivated", detail).await?;
        }
    }
    // The phone stored on vessels already deactivated goes too.
    store::erase_owner_phone(tx, owner_id).await?;
    Ok(())
}

/// The owner cancels a registration not yet paid: only while it is still
/// `pending_payment` and theirs (a fee recorded meanwhile activated it, and
/// it stays). The caller cancels its unfinished payment in the same
/// transaction; a success that crossed it finds the vessel gone and is
/// refunded.
pub async fn cancel_registration(tx: &mut Tx<'_>, vessel_id: &str, owner: &str) -> AppResult<bool> {
    let moved = store::cancel_if_pending(tx, vessel_id, owner).await?;
    if moved == 1 {
        audit(tx, vessel_id, Some(owner), "registration_canceled", serde_json::json!({})).await?;
    }
    Ok(moved == 1)
}

/// An administrator takes a vessel out of the registry. Only `active` and
/// `needs_review` vessels (a vessel in transfer first has its transfer
/// canceled; an unpaid one simply never becomes active).
pub async fn deactivate_by_admin(tx: &mut Tx<'_>, vessel_id: &str, admin: &str, reason: &str) -> AppResult<()> {
    let moved = store::deactivate_for_admin(tx, vessel_id, reason).await?;
    if moved == 0 {
        return Err(AppError::Conflict("active_vessel_one_awaiting_review".into()));
    }
    audit(tx, vessel_id, Some(admin), "deactivated", serde_json::json!({"reason": reason})).await?;
    Ok(())
}

/// A refunded registration takes its vessel out of the registry, whatever
/// state it is in. The caller has canceled its open transfers in the same
/// transaction (a refund is refused while one is open; one started in the
/// meantime is canceled with it).
pub async fn deactivate_refunded(tx: &mut Tx<'_>, vessel_id: &str, admin: &str, reason: &str) -> AppResult<()> {
    let moved = store::deactivate_refunded(tx, vessel_id, reason).await?;
    if moved == 1 {
        audit(tx, vessel_id, Some(admin), "deactivated", serde_json::json!({"reason": reason, "refunded": true}))
            .await?;
    }
    Ok(())
}

/// An administrator puts a vessel (back) into the registry from `from`: a
/// deactivated one (reactivation) whose owner's account is open and whose
/// registration fee stands, or one held for review once the conflict is
/// resolved. Its identifiers must be free; its chain starts now if it never
/// started.
pub async fn activate_by_admin(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    from: super::model::VesselStatus,
    admin: &str,
    reason: &str,
) -> AppResult<()> {
    use super::model::VesselStatus;
    // Lock the owner's row (a no-op update) so that archiving the account
    // cannot commit between the check below and the activation.
    store::lock_open_owner(tx, vessel_id).await?;
    let check = store::activation_check(tx, vessel_id).await?;
    let (action, refusal) = match from {
        VesselStatus::Deactivated => ("reactivated", "deactivated_vessel_reactivated"),
        VesselStatus::NeedsReview => ("review_resolved", "vessel_not_awaiting_review"),
        _ => ("activated", "deactivated_vessel_one_awaiting_review"),
    };
    if !matches!(from, VesselStatus::Deactivated | VesselStatus::NeedsReview) || check.status != from.as_str() {
        return Err(AppError::Conflict(refusal.into()));
    }
    if check.owner_open == 0 {
        return Err(AppError::Conflict("vessels_owner_archived_their_account".into()));
    }
    if check.paid == 0 {
        return Err(AppError::Conflict("vessels_registration_fee_never_paid".into()));
    }
    let identifiers = identifiers_in_use::of_vessel(tx, vessel_id).await?;
    if let Some((identifier, _)) = identifiers_in_use::find_taken(tx, &identifiers, Some(vessel_id)).await? {
        return Err(identifiers_in_use::conflict(&identifier));
    }
    let mut savepoint = sqlx::Connection::begin(&mut **tx).await?;
    match store::activate_from(&mut savepoint, vessel_id, from.as_str()).await {
        Err(e) if is_unique_violation(&e) => {
            savepoint.rollback().await?;
            return Err(AppError::Conflict("another_vessel_carries_one_vessels".into()));
        }
        Ok(0) => {
            // Another administrator (or a refund) moved it first.
            savepoint.rollback().await?;
            return Err(AppError::Conflict("vessel_changed_meanwhile_reload".into()));
        }
        other => {
            other?;
            savepoint.commit().await?;
        }
    }
    if check.chained == 0 {
        history_chain::append(tx, vessel_id, EventType::Registered, now_ms()).await?;
    }
    audit(tx, vessel_id, Some(admin), action, serde_json::json!({"reason": reason})).await?;
    Ok(())
}

/// `active` → `in_transfer`, for the vessel's current owner only. False when
/// the vessel is not active or not theirs (the caller answers why).
pub async fn start_transfer(tx: &mut Tx<'_>, vessel_id: &str, owner_id: &str, transfer_id: &str) -> AppResult<bool> {
    // The vessel's row first (an update that changes nothing): a refund of
    // its registration fee reserves under the same lock
    // (`payments::refunds`), so the check below, a statement of its own,
    // sees a reservation committed while this waited. Not while its
    // registration fee is being (or has been) refunded.
    store::lock_vessel(tx, vessel_id).await?;
    let moved = store::start_transfer_if_active(tx, vessel_id, owner_id).await?;
    if moved == 1 {
        audit(tx, vessel_id, Some(owner_id), "transfer_started", serde_json::json!({"transferId": transfer_id}))
            .await?;
    }
    Ok(moved == 1)
}

/// `in_transfer` → `active`: the transfer was canceled or expired.
pub async fn end_transfer(tx: &mut Tx<'_>, vessel_id: &str, actor: Option<&str>, why: &str) -> AppResult<bool> {
    let moved = store::end_transfer_if_in_transfer(tx, vessel_id).await?;
    if moved == 1 {
        audit(tx, vessel_id, actor, "transfer_ended", serde_json::json!({"reason": why})).await?;
    }
    Ok(moved == 1)
}

/// Hand a vessel in transfer over to its new owner: the current ownership
/// entry ends, a new one starts, the owner changes and the vessel is
/// `active` again, in the caller's transaction. False when the vessel is not
/// in transfer from `from` (nothing is changed then).
pub async fn hand_over(tx: &mut Tx<'_>, vessel_id: &str, from: &str, to: &str, transfer_id: &str) -> AppResult<bool> {
    pass_to(tx, vessel_id, Some(from), to, transfer_id).await
}

/// A paid transfer whose buyer has no account yet: the seller's ownership
/// ends now, and the vessel stays `in_transfer` with no owner until the
/// holder of the number claims it. False when the vessel is not in transfer
/// from `from`.
pub async fn release(tx: &mut Tx<'_>, vessel_id: &str, from: &str, transfer_id: &str) -> AppResult<bool> {
    let now = now_ms();
    if store::release_if_in_transfer(tx, vessel_id, from, transfer_id).await? == 0 {
        return Ok(false);
    }
    end_ownership(tx, vessel_id, from, now).await?;
    history_chain::append(tx, vessel_id, EventType::Released, now).await?;
    audit(tx, vessel_id, Some(from), "released_for_claim", serde_json::json!({"transferId": transfer_id})).await?;
    Ok(true)
}

/// The buyer of a released vessel claims it: they become its owner and it
/// is `active` again. False when the vessel is not waiting for a claim
/// (claimed already: two claims at once agree on one).
pub async fn claim(tx: &mut Tx<'_>, vessel_id: &str, to: &str, transfer_id: &str) -> AppResult<bool> {
    pass_to(tx, vessel_id, None, to, transfer_id).await
}

/// A released vessel whose buyer did not claim it within the claim window
/// goes to `needs_review` with the reason, for an administrator to hand it
/// to an account or back to its seller. False when it is no longer waiting
/// (claimed meanwhile).
pub async fn hold_unclaimed(tx: &mut Tx<'_>, vessel_id: &str, transfer_id: &str) -> AppResult<bool> {
    let moved = store::hold_unclaimed(tx, vessel_id, super::model::CLAIM_EXPIRED).await?;
    if moved == 1 {
        audit(tx, vessel_id, None, "claim_expired", serde_json::json!({"transferId": transfer_id})).await?;
    }
    Ok(moved == 1)
}

/// An administrator gives a vessel whose claim window expired to `to`: the
/// buyer's account found another way, or the seller's again (`returned`).
/// Its ownership starts as a claim's does, and the chain records a claim.
/// False when the vessel is not awaiting that review (resolved meanwhile).
pub async fn assign_unclaimed(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    to: &str,
    transfer_id: &str,
    admin: &str,
    reason: &str,
    returned: bool,
) -> AppResult<bool> {
    let now = now_ms();
    if store::assign_unclaimed(tx, vessel_id, to, super::model::CLAIM_EXPIRED).await? == 0 {
        return Ok(false);
    }
    start_ownership(tx, vessel_id, to, now).await?;
    history_chain::append(tx, vessel_id, EventType::Claimed, now).await?;
    let action = if returned { "returned_to_seller" } else { "handed_over_by_admin" };
    let detail = serde_json::json!({"transferId": transfer_id, "to": to, "reason": reason});
    audit(tx, vessel_id, Some(admin), action, detail).await?;
    Ok(true)
}

/// `in_transfer` from `from` (`None`: released, waiting for a claim) →
/// `active` with `to` as owner: the ownership entries, the chain and the
/// audit trail follow in the same transaction.
async fn pass_to(tx: &mut Tx<'_>, vessel_id: &str, from: Option<&str>, to: &str, transfer_id: &str) -> AppResult<bool> {
    let now = now_ms();
    if store::pass_in_transfer(tx, vessel_id, from, to, transfer_id).await? == 0 {
        return Ok(false);
    }
    let (event, action, actor) = match from {
        Some(from) => {
            end_ownership(tx, vessel_id, from, now).await?;
            (EventType::Transferred, "transferred", from)
        }
        None => (EventType::Claimed, "claimed", to),
    };
    start_ownership(tx, vessel_id, to, now).await?;
    history_chain::append(tx, vessel_id, event, now).await?;
    audit(tx, vessel_id, Some(actor), action, serde_json::json!({"transferId": transfer_id})).await?;
    Ok(true)
}

async fn end_ownership(tx: &mut Tx<'_>, vessel_id: &str, owner: &str, at: i64) -> AppResult<()> {
    store::end_ownership(tx, vessel_id, owner, at).await?;
    Ok(())
}

async fn start_ownership(tx: &mut Tx<'_>, vessel_id: &str, owner: &str, at: i64) -> AppResult<()> {
    store::insert_ownership_entry(tx, vessel_id, owner, at).await?;
    // The cards' ownership summary, kept with the entry it counts.
    store::count_new_ownership(tx, vessel_id, at).await?;
    Ok(())
}

/// The document counts cards and pages show, changed with the documents
/// themselves (in the caller's transaction): `stored` for every document
/// kept, `verified` for those an administrator verified.
pub async fn count_documents(tx: &mut Tx<'_>, vessel_id: &str, stored: i64, verified: i64) -> AppResult<()> {
    store::count_documents(tx, vessel_id, stored, verified).await?;
    Ok(())
}

/// The owner reports the vessel stolen: its public part goes on the vessel,
/// the chain records `reported_stolen`, in the caller's transaction. False
/// when the vessel is not `owner`'s active (or in transfer) vessel, or a
/// report is open already.
pub async fn report_stolen(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    owner: &str,
    stolen_at: i64,
    place: &str,
    report_id: &str,
) -> AppResult<bool> {
    let now = now_ms();
    if store::mark_stolen(tx, vessel_id, owner, now, stolen_at, place).await? == 0 {
        return Ok(false);
    }
    history_chain::append(tx, vessel_id, EventType::ReportedStolen, now).await?;
    audit(tx, vessel_id, Some(owner), "reported_stolen", serde_json::json!({"reportId": report_id})).await?;
    Ok(true)
}

/// An administrator checked the police reference. False when no report is
/// waiting for that (confirmed already, or ended).
pub async fn confirm_stolen(tx: &mut Tx<'_>, vessel_id: &str, admin: &str, report_id: &str) -> AppResult<bool> {
    if store::confirm_stolen(tx, vessel_id).await? == 0 {
        return Ok(false);
    }
    audit(tx, vessel_id, Some(admin), "theft_confirmed", serde_json::json!({"reportId": report_id})).await?;
    Ok(true)
}

/// The open theft report ends: the vessel was recovered, or an
/// administrator removed the report as false (`reason`). The chain records
/// which. False when no report is open.
pub async fn end_stolen(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    actor: &str,
    report_id: &str,
    removed_because: Option<&str>,
) -> AppResult<bool> {
    if store::clear_stolen(tx, vessel_id).await? == 0 {
        return Ok(false);
    }
    let (event, action) = match removed_because {
        None => (EventType::Recovered, "recovered"),
        Some(_) => (EventType::ReportRemoved, "theft_report_removed"),
    };
    history_chain::append(tx, vessel_id, event, now_ms()).await?;
    let details = serde_json::json!({"reportId": report_id, "reason": removed_because});
    audit(tx, vessel_id, Some(actor), action, details).await?;
    Ok(true)
}

/// What happened to a lien, for [`lien_changed`].
pub enum LienChange<'a> {
    /// A lender registered it; it waits for the owner's consent.
    Registered,
    /// The owner (`owner`) consented: it is active.
    Consented { owner: &'a str },
    /// Its lender consented to the vessel's open transfer.
    TransferConsented { transfer_id: &'a str },
    /// Released by its lender or an administrator; `was_active` with its
    /// consent to `consented_to`, if it gave one.
    Released { was_active: bool, consented_to: Option<&'a str>, reason: Option<&'a str> },
}

/// A lien on the vessel changed (in the caller's transaction, which holds
/// the lien's row): the vessel's counts, its chain and the audit log follow.
/// False, with nothing changed, when the vessel cannot take the change: it
/// has no owner in the registry (registration, consent), consent comes from
/// someone who no longer owns it, or it is not in transfer (transfer consent).
pub async fn lien_changed(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    actor: &str,
    lien_id: &str,
    change: LienChange<'_>,
) -> AppResult<bool> {
    let (changed, event, action) = match change {
        LienChange::Registered => {
            (store::lock_owned(tx, vessel_id).await?, EventType::LienRegistered, "lien_registered")
        }
        LienChange::Consented { owner } => {
            (store::add_active_lien(tx, vessel_id, owner).await?, EventType::LienConsented, "lien_consented")
        }
        LienChange::TransferConsented { transfer_id } => (
            store::add_lien_consent(tx, vessel_id, transfer_id).await?,
            EventType::LienTransferConsented,
            "lien_transfer_consented",
        ),
        LienChange::Released { was_active: true, consented_to, .. } => {
            (store::remove_active_lien(tx, vessel_id, consented_to).await?, EventType::LienReleased, "lien_released")
        }
        LienChange::Released { was_active: false, .. } => {
            store::lock_vessel(tx, vessel_id).await?;
            (1, EventType::LienReleased, "lien_released")
        }
    };
    if changed == 0 {
        return Ok(false);
    }
    let reason = match change {
        LienChange::Released { reason, .. } => reason,
        _ => None,
    };
    history_chain::append(tx, vessel_id, event, now_ms()).await?;
    audit(tx, vessel_id, Some(actor), action, serde_json::json!({"lienId": lien_id, "reason": reason})).await?;
    Ok(true)
}
