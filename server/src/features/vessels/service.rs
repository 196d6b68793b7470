//! Reading vessels and the owner's few permitted changes.

use super::history_chain::ChainReport;
use super::model::{Correction, CorrectionRow};
use super::model::{OwnerVerification, OwnershipEntry, Vessel, VesselDetail, VesselPage, VesselStatus};
use super::{lifecycle, store};
use crate::{
    domain::PlatformId,
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::clock::rfc3339,
    platform::state::{AppState, Source},
};

fn not_found() -> AppError {
    AppError::NotFound("vessel_not_public".into())
}

/// A listed vessel for everyone; the owner and administrators also see the
/// owner's unlisted ones. Past owners are never named: an entry carries an
/// owner id only when it is the viewer's own.
pub async fn detail(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<VesselDetail> {
    let Visible { vessel, owner_verification, history, corrections } = read_visible(state, viewer, id).await?;
    let ownership_history = history
        .into_iter()
        .map(|(entry_owner, acquisition_type, acquired_at, transferred_out_at)| OwnershipEntry {
            owner_user_id: viewer.filter(|u| u.id == entry_owner).map(|u| u.id.clone()),
            acquisition_type,
            acquired_at: rfc3339(acquired_at),
            transferred_out_at: transferred_out_at.map(rfc3339),
        })
        .collect();
    Ok(VesselDetail {
        documents_count: vessel.documents_count,
        vessel,
        ownership_history,
        owner_verification,
        corrections,
    })
}

/// The vessel with this platform ID, if the viewer may see it: a listed
/// vessel for everyone, any vessel for its owner and administrators.
pub async fn visible(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<Vessel> {
    Ok(read_visible(state, viewer, id).await?.vessel)
}

/// One ownership period as the statement hands it out: owner, how acquired,
/// acquired at and transferred out at (milliseconds).
type HistoryRow = (String, String, i64, Option<i64>);

struct Visible {
    vessel: Vessel,
    /// Null while a released vessel waits for its buyer.
    owner_verification: Option<OwnerVerification>,
    /// Newest first.
    history: Vec<HistoryRow>,
    /// Newest first.
    corrections: Vec<Correction>,
}

/// For visitors a public read (the replica's, when it serves); for the
/// signed in a read of the primary (an owner sees their change at once).
async fn as_viewer<'s, T, F, Fut>(state: &'s AppState, viewer: Option<&User>, read: F) -> AppResult<T>
where
    F: Fn(Source<'s>) -> Fut,
    Fut: Future<Output = AppResult<T>>,
{
    match viewer {
        None => state.public_read(read).await,
        Some(_) => read(state.primary()).await,
    }
}

async fn read_visible(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<Visible> {
    as_viewer(state, viewer, |source| read_visible_in(state, source, viewer, id)).await
}

/// The vessel page, read in one statement (`store::vessel_page`).
async fn read_visible_in(
    state: &AppState,
    source: Source<'_>,
    viewer: Option<&User>,
    id: &PlatformId,
) -> AppResult<Visible> {
    let row = store::vessel_page(source.reads, state.backend, id.compact()).await?.ok_or_else(not_found)?;
    let vessel = row.vessel;
    let privileged = viewer.is_some_and(|u| row.owner_id.as_deref() == Some(u.id.as_str()) || u.is_admin());
    if !vessel.is_listed() && !privileged {
        return Err(not_found());
    }
    let owner_verification = match row.owner_id {
        None => None,
        Some(_) => Some(OwnerVerification::of(
            row.owner_email_verified_at.is_some(),
            row.owner_phone_verified_at.is_some(),
            crate::platform::db::stored::<crate::features::auth::IdentityVerificationStatus>(
                row.owner_identity.as_deref().unwrap_or_default(),
            )?,
            vessel.verified_documents_count,
        )),
    };
    let history = serde_json::from_str(&row.history)
        .map_err(|e| sqlx::Error::Decode(format!("the ownership history of {id}: {e}").into()))?;
    let corrections = serde_json::from_str::<Vec<CorrectionRow>>(&row.corrections)
        .map_err(|e| sqlx::Error::Decode(format!("the corrections of {id}: {e}").into()))?
        .into_iter()
        .map(Correction::from_stored)
        .collect::<sqlx::Result<_>>()?;
    Ok(Visible { vessel, owner_verification, history, corrections })
}

/// Recompute the vessel's ownership chain, for whoever may see the vessel.
#[tracing::instrument(skip_all, fields(vessel = %id))]
pub async fn verify_history(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<ChainReport> {
    as_viewer(state, viewer, |source| verify_history_in(state, source, viewer, id)).await
}

async fn verify_history_in(
    state: &AppState,
    source: Source<'_>,
    viewer: Option<&User>,
    id: &PlatformId,
) -> AppResult<ChainReport> {
    let vessel = read_visible_in(state, source, viewer, id).await?.vessel;
    let subject = super::history_chain::ChainSubject {
        id: &vessel.id,
        platform_id: &vessel.platform_id,
        // A deactivated vessel may never have been paid for; an active or
        // transferring one was.
        registered: matches!(vessel.status, VesselStatus::Active | VesselStatus::InTransfer),
        stolen: vessel.stolen.is_some(),
    };
    super::history_chain::verify(source.db, &subject).await
}

/// The user's vessels in every state, newest first.
pub async fn owned_by(state: &AppState, user: &User) -> AppResult<Vec<Vessel>> {
    Ok(store::owned_by(&state.db, &user.id).await?)
}

/// What an administrator narrows the list of every vessel to.
#[derive(Debug, Default)]
pub struct AdminFilter<'a> {
    /// `needs_review` is the queue of paid vessels waiting for a decision.
    pub status: Option<VesselStatus>,
    /// Part of the platform ID, name, make or model, any case.
    pub query: Option<&'a str>,
    pub country: Option<&'static str>,
}

/// Every vessel in any state, newest first, for administrators. The text
/// filter scans (the console's traffic is a handful of people; the public
/// search has the indexes).
#[tracing::instrument(skip(state, f))]
pub async fn all_for_admin(state: &AppState, f: &AdminFilter<'_>, page: i64, page_size: i64) -> AppResult<VesselPage> {
    let (total, data) = store::count_and_page_for_admin(
        &state.db,
        f.status.map(VesselStatus::as_str),
        f.country,
        f.query,
        page_size,
        (page - 1) * page_size,
    )
    .await?;
    Ok(VesselPage {
        data,
        total,
        total_pages: (total + page_size - 1) / page_size,
        total_relation: super::model::TotalRelation::Eq,
    })
}

pub struct FlagChange {
    pub public_visibility: Option<bool>,
    pub for_sale: Option<bool>,
}

/// The owner may change public visibility and the for-sale flag, and correct
/// the particulars that describe the vessel; all in one transaction, each
/// change written to the audit trail and each correction to the vessel's
/// corrections.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn update(
    state: &AppState,
    user: &User,
    vessel_id: &str,
    change: FlagChange,
    particulars: &super::corrections::ParticularsChange,
) -> AppResult<Vessel> {
    let mut tx = state.begin().await?;
    let (before, owner) = store::vessel_with_owner(&mut tx, vessel_id).await?.ok_or_else(not_found)?;
    if owner.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_change".into()));
    }
    if before.status == super::model::VesselStatus::Deactivated {
        return Err(AppError::Conflict("vessel_deactivated_no_longer_changed".into()));
    }
    let public = change.public_visibility.unwrap_or(before.public_visibility);
    let for_sale = change.for_sale.unwrap_or(before.for_sale);
    if (public, for_sale) != (before.public_visibility, before.for_sale) {
        // Still theirs: a transfer completing since the read above wins.
        if store::set_flags_if_owner(&mut tx, vessel_id, &user.id, public, for_sale).await? == 0 {
            return Err(AppError::Forbidden("vessels_current_owner_change".into()));
        }
        crate::platform::audit::record(
            &mut tx,
            vessel_id,
            Some(&user.id),
            "flags_changed",
            serde_json::json!({
                "publicVisibility": {"from": before.public_visibility, "to": public},
                "forSale": {"from": before.for_sale, "to": for_sale},
            }),
        )
        .await?;
    }
    super::corrections::apply_owner_change(&mut tx, &before, user, particulars).await?;
    let vessel = store::vessel(&mut tx, vessel_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(vessel)
}

/// The owner cancels their registration of a vessel whose fee is not paid:
/// it leaves their list and its unfinished payment is canceled (at the
/// provider by the payments follow-up the caller runs).
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn cancel_registration(state: &AppState, user: &User, vessel_id: &str) -> AppResult<()> {
    let mut tx = state.begin().await?;
    // No such vessel and one of someone else's answer alike.
    if store::owner_of(&mut tx, vessel_id).await?.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::NotFound("vessel_not_found".into()));
    }
    if !lifecycle::cancel_registration(&mut tx, vessel_id, &user.id).await? {
        return Err(AppError::Conflict("only_unpaid_registration_canceled".into()));
    }
    crate::features::payments::records::cancel_open_for_vessel(&mut tx, vessel_id).await?;
    tx.commit().await?;
    Ok(())
}

/// May `user` pay vessel `vessel_id`'s registration fee now? Its owner pays,
/// while it awaits the fee and its identifiers are still free. Answers the
/// payment's description for the card provider.
pub async fn registration_payable(state: &AppState, user: &User, vessel_id: &str) -> AppResult<String> {
    let vessel =
        store::payable(&state.db, vessel_id).await?.ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if vessel.owner_user_id.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_owner_pay_registration_fee".into()));
    }
    match vessel.status.as_str() {
        "pending_payment" => {}
        "needs_review" => return Err(AppError::Conflict("vessels_registration_fee_been_paid".into())),
        _ => return Err(AppError::Conflict("vessels_registration_fee_already_been".into())),
    }
    {
        let mut conn = state.db.acquire().await?;
        let identifiers = super::identifiers_in_use::of_vessel(&mut conn, vessel_id).await?;
        super::identifiers_in_use::refuse_taken(&mut conn, &user.id, &identifiers, Some(vessel_id)).await?;
    }
    Ok(format!("Vessel registration {} ({} {})", vessel.platform_id, vessel.make, vessel.model))
}

/// The migration that added the folded name short-name search reads.
pub const FOLDED_NAMES_MIGRATION: i64 = 44;

/// Fold the names of the vessels registered before migration 44, once,
/// right after it: SQL has no `fold`, so the server writes them. Batches of
/// 5,000 in a transaction each; a row already folded is left as it is.
pub async fn fold_earlier_names(db: &crate::platform::db::Db) -> AppResult<u64> {
    let mut folded = 0;
    loop {
        let batch = store::names_to_fold(db, 5_000).await?;
        if batch.is_empty() {
            break;
        }
        let names: Vec<(String, String)> =
            batch.into_iter().map(|(id, name)| (id, crate::domain::folded::fold(&name))).collect();
        store::set_folded_names(db, &names).await?;
        folded += names.len() as u64;
    }
    if folded > 0 {
        tracing::info!(vessels = folded, "names folded for the short-name search");
    }
    Ok(folded)
}
