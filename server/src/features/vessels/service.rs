//! Reading vessels and the owner's few permitted changes.

use sqlx::{FromRow, Row};

use super::history_chain::ChainReport;
use super::lifecycle;
use super::model::{Correction, CorrectionRow};
use super::model::{
    OwnerVerification, OwnershipEntry, VESSEL_COLUMNS, VESSEL_COLUMNS_OWNER_JOINED, Vessel, VesselDetail, VesselPage,
    VesselStatus,
};
use crate::{
    domain::PlatformId,
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::clock::rfc3339,
    platform::db::Backend,
    platform::state::AppState,
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

/// A subquery answering the rows of `from` as one JSON array of arrays of
/// `items`, in `order`, as text: how each backend writes it.
fn json_rows(backend: Backend, items: &str, from: &str, order: &str) -> String {
    match backend {
        Backend::Sqlite => format!("(SELECT json_group_array(json_array({items}) ORDER BY {order}) FROM {from})"),
        Backend::Postgres => {
            format!("(SELECT COALESCE(json_agg(json_build_array({items}) ORDER BY {order}), '[]')::text FROM {from})")
        }
    }
}

/// The vessel page in one statement: the vessel, its current owner's
/// verification (joined, so the owner's row is read once) and its ownership
/// history (aggregated to JSON). One statement is one round trip to the
/// database, which is most of what a page view costs (docs/PERFORMANCE.md).
async fn read_visible(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<Visible> {
    let history = json_rows(
        state.backend,
        "h.owner_user_id, h.acquisition_type, h.acquired_at, h.transferred_out_at",
        "ownership_history h WHERE h.vessel_id = v.id",
        "h.acquired_at DESC, h.id DESC",
    );
    let corrections = json_rows(
        state.backend,
        "c.field, c.from_value, c.to_value, c.made_by, c.corrected_at",
        "vessel_corrections c WHERE c.vessel_id = v.id",
        "c.corrected_at DESC, c.id DESC",
    );
    let sql = format!(
        "SELECT {VESSEL_COLUMNS_OWNER_JOINED}, u.id AS owner_id, u.email_verified_at AS owner_email_verified_at,
                u.phone_verified_at AS owner_phone_verified_at, u.identity_verification_status AS owner_identity,
                {history} AS history, {corrections} AS corrections
         FROM vessels v LEFT JOIN users u ON u.id = v.owner_user_id WHERE v.platform_id = $1"
    );
    let query = sqlx::query(&sql).bind(id.compact());
    let row = state.reads.acquire().await?.fetch_optional(query).await?.ok_or_else(not_found)?;
    let vessel = Vessel::from_row(&row)?;
    let owner_id: Option<String> = row.try_get("owner_id")?;
    let privileged = viewer.is_some_and(|u| owner_id.as_deref() == Some(u.id.as_str()) || u.is_admin());
    if !vessel.is_listed() && !privileged {
        return Err(not_found());
    }
    let owner_verification = match owner_id {
        None => None,
        Some(_) => Some(OwnerVerification::of(
            row.try_get::<Option<i64>, _>("owner_email_verified_at")?.is_some(),
            row.try_get::<Option<i64>, _>("owner_phone_verified_at")?.is_some(),
            crate::platform::db::stored::<crate::features::auth::IdentityVerificationStatus>(
                row.try_get("owner_identity")?,
            )?,
            vessel.verified_documents_count,
        )),
    };
    let history = serde_json::from_str(row.try_get("history")?)
        .map_err(|e| sqlx::Error::Decode(format!("the ownership history of {id}: {e}").into()))?;
    let corrections = serde_json::from_str::<Vec<CorrectionRow>>(row.try_get("corrections")?)
        .map_err(|e| sqlx::Error::Decode(format!("the corrections of {id}: {e}").into()))?
        .into_iter()
        .map(Correction::from_stored)
        .collect::<sqlx::Result<_>>()?;
    Ok(Visible { vessel, owner_verification, history, corrections })
}

/// Recompute the vessel's ownership chain, for whoever may see the vessel.
#[tracing::instrument(skip_all, fields(vessel = %id))]
pub async fn verify_history(state: &AppState, viewer: Option<&User>, id: &PlatformId) -> AppResult<ChainReport> {
    let vessel = visible(state, viewer, id).await?;
    let subject = super::history_chain::ChainSubject {
        id: &vessel.id,
        platform_id: &vessel.platform_id,
        // A deactivated vessel may never have been paid for; an active or
        // transferring one was.
        registered: matches!(vessel.status, VesselStatus::Active | VesselStatus::InTransfer),
    };
    super::history_chain::verify(&state.db, &subject).await
}

/// The user's vessels in every state, newest first.
pub async fn owned_by(state: &AppState, user: &User) -> AppResult<Vec<Vessel>> {
    let rows = sqlx::query(&format!(
        "SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.owner_user_id = $1 AND v.canceled_at IS NULL
         ORDER BY v.created_at DESC, v.id DESC"
    ))
    .bind(&user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(rows.iter().map(Vessel::from_row).collect::<sqlx::Result<_>>()?)
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
#[tracing::instrument(skip(state))]
pub async fn all_for_admin(state: &AppState, f: &AdminFilter<'_>, page: i64, page_size: i64) -> AppResult<VesselPage> {
    let like = f.query.map(|q| {
        let folded: String = q.to_lowercase().chars().filter(|c| !matches!(c, '%' | '_' | '\\')).collect();
        format!("%{folded}%")
    });
    let compact = f.query.map(|q| format!("%{}%", q.to_ascii_uppercase().replace(['-', ' '], "")));
    // Every condition is always bound; an absent filter is `$n IS NULL`.
    let filter = "WHERE ($1 IS NULL OR v.status = $1) AND ($2 IS NULL OR v.country_code = $2)
          AND ($3 IS NULL OR LOWER(COALESCE(v.name, '')) LIKE $3 OR LOWER(v.make) LIKE $3 OR LOWER(v.model) LIKE $3
               OR v.platform_id LIKE $4)";
    let total: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM vessels v {filter}"))
        .bind(f.status.map(VesselStatus::as_str))
        .bind(f.country)
        .bind(like.as_deref())
        .bind(compact.as_deref())
        .fetch_one(&state.db)
        .await?
        .try_get("n")?;
    let rows =
        sqlx::query(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v {filter} ORDER BY v.id DESC LIMIT $5 OFFSET $6"))
            .bind(f.status.map(VesselStatus::as_str))
            .bind(f.country)
            .bind(like.as_deref())
            .bind(compact.as_deref())
            .bind(page_size)
            .bind((page - 1) * page_size)
            .fetch_all(&state.db)
            .await?;
    let data = rows.iter().map(Vessel::from_row).collect::<sqlx::Result<_>>()?;
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
    let row = sqlx::query(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.id = $1"))
        .bind(vessel_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(not_found)?;
    let before = Vessel::from_row(&row)?;
    if row.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_change".into()));
    }
    if before.status == super::model::VesselStatus::Deactivated {
        return Err(AppError::Conflict("vessel_deactivated_no_longer_changed".into()));
    }
    let public = change.public_visibility.unwrap_or(before.public_visibility);
    let for_sale = change.for_sale.unwrap_or(before.for_sale);
    if (public, for_sale) != (before.public_visibility, before.for_sale) {
        // Still theirs: a transfer completing since the read above wins.
        let changed = sqlx::query(
            "UPDATE vessels SET public_visibility = $1, for_sale = $2 WHERE id = $3 AND owner_user_id = $4",
        )
        .bind(i64::from(public))
        .bind(i64::from(for_sale))
        .bind(vessel_id)
        .bind(&user.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed == 0 {
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
    let row = sqlx::query(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.id = $1"))
        .bind(vessel_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Vessel::from_row(&row)?)
}

/// The owner cancels their registration of a vessel whose fee is not paid:
/// it leaves their list and its unfinished payment is canceled (at the
/// provider by the payments follow-up the caller runs).
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn cancel_registration(state: &AppState, user: &User, vessel_id: &str) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let row = sqlx::query("SELECT owner_user_id, status FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if row.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
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
    let vessel = sqlx::query("SELECT owner_user_id, status, make, model, platform_id FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if vessel.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_owner_pay_registration_fee".into()));
    }
    match vessel.try_get::<&str, _>("status")? {
        "pending_payment" => {}
        "needs_review" => return Err(AppError::Conflict("vessels_registration_fee_been_paid".into())),
        _ => return Err(AppError::Conflict("vessels_registration_fee_already_been".into())),
    }
    {
        let mut conn = state.db.acquire().await?;
        let identifiers = super::identifiers_in_use::of_vessel(&mut conn, vessel_id).await?;
        super::identifiers_in_use::refuse_taken(&mut conn, &user.id, &identifiers, Some(vessel_id)).await?;
    }
    Ok(format!(
        "Vessel registration {} ({} {})",
        vessel.try_get::<String, _>("platform_id")?,
        vessel.try_get::<String, _>("make")?,
        vessel.try_get::<String, _>("model")?
    ))
}
