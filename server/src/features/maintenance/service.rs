//! The value & maintenance record: entries stay with the vessel; its current
//! owner adds them and changes their own; earlier owners' entries pass to
//! the new owner read-only.

use super::model::{Entry, EntryKind, EntryRequest, Record, RecordEntry};
use super::store;
use crate::{
    domain::PlatformId,
    features::auth::User,
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::clock::now_ms,
    platform::ids::new_id,
    platform::state::AppState,
};

/// Entries a vessel's record may hold: the record is printed as one PDF,
/// and a record without bound let a PDF take seconds of CPU.
pub const MAX_ENTRIES: i64 = 500;

fn today() -> time::Date {
    time::OffsetDateTime::now_utc().date()
}

fn entry_not_found() -> AppError {
    AppError::NotFound("no_such_entry_vessels_record".into())
}

/// The vessel and its current owner, if `user` may read its record (its
/// current owner or an administrator) and, for `write`, change it (its
/// current owner only).
async fn vessel_for(
    state: &AppState,
    user: &User,
    id: &PlatformId,
    write: bool,
) -> AppResult<(String, Option<String>)> {
    let vessel = store::vessel_by_platform_id(&state.db, id.compact())
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    let owner = vessel.owner_user_id;
    let is_owner = owner.as_deref() == Some(user.id.as_str());
    if !(is_owner || (!write && user.is_admin())) {
        return Err(AppError::Forbidden("vessels_current_owner_see_keep".into()));
    }
    // A vessel out of the registry keeps its record as it was.
    if write && vessel.status == "deactivated" {
        return Err(AppError::Conflict("deactivated_vessel_takes_no_entries".into()));
    }
    Ok((vessel.id, owner))
}

#[tracing::instrument(skip_all, fields(vessel = %id, user = %user.id))]
pub async fn record(state: &AppState, user: &User, id: &PlatformId) -> AppResult<Record> {
    let (vessel_id, owner) = vessel_for(state, user, id, false).await?;
    record_of(state, &vessel_id, owner.as_deref()).await
}

/// The record of a vessel, for whoever was allowed to see it.
pub async fn record_of(state: &AppState, vessel_id: &str, owner: Option<&str>) -> AppResult<Record> {
    let entries = store::entries_of_vessel(&state.db, vessel_id, owner).await?;
    let latest_valuation_cents = entries.iter().find(|e| e.kind == EntryKind::Valuation).and_then(|e| e.amount_cents);
    let total_spent_cents =
        entries.iter().filter(|e| e.kind != EntryKind::Valuation).filter_map(|e| e.amount_cents).sum();
    Ok(Record { entries, latest_valuation_cents, total_spent_cents })
}

async fn check_document(state: &AppState, vessel_id: &str, entry: &Entry) -> AppResult<()> {
    if let Some(document) = &entry.document_id
        && !store::document_of_vessel_exists(&state.db, document, vessel_id).await?
    {
        return Err(AppError::field("documentId", "choose_one_vessels_documents"));
    }
    Ok(())
}

async fn one(state: &AppState, entry_id: &str, owner: Option<&str>) -> AppResult<RecordEntry> {
    Ok(store::entry(&state.db, entry_id, owner).await?)
}

#[tracing::instrument(skip_all, fields(vessel = %id, user = %user.id))]
pub async fn add(state: &AppState, user: &User, id: &PlatformId, request: EntryRequest) -> AppResult<RecordEntry> {
    let (vessel_id, owner) = vessel_for(state, user, id, true).await?;
    let entry = Entry::parse(request, today())?;
    check_document(state, &vessel_id, &entry).await?;
    let entry_id = new_id();
    let now = now_ms();
    let mut tx = state.begin().await?;
    // The vessel's row first, so that two additions at once are counted one
    // after the other by the statement that checks the cap.
    store::lock_vessel(&mut tx, &vessel_id).await?;
    let added =
        store::insert_entry_below_cap(&mut tx, &entry_id, &vessel_id, &user.id, &entry, now, MAX_ENTRIES).await?;
    if added == 0 {
        return Err(AppError::Unprocessable {
            message: Msg::new("record_full").arg("max", MAX_ENTRIES),
            fields: std::collections::BTreeMap::new(),
        });
    }
    crate::platform::audit::record(
        &mut tx,
        &vessel_id,
        Some(&user.id),
        "record_entry_added",
        serde_json::json!({"entry": entry_id}),
    )
    .await?;
    tx.commit().await?;
    one(state, &entry_id, owner.as_deref()).await
}

/// The entry as stored, if it is `user`'s own on this vessel.
async fn own_entry(state: &AppState, user: &User, vessel_id: &str, entry_id: &str) -> AppResult<Entry> {
    let (author, entry) = store::stored_entry(&state.db, entry_id, vessel_id).await?.ok_or_else(entry_not_found)?;
    if author != user.id {
        return Err(AppError::Forbidden("previous_owners_entries_stay_they".into()));
    }
    Ok(entry)
}

#[tracing::instrument(skip_all, fields(vessel = %id, entry = %entry_id))]
pub async fn change(
    state: &AppState,
    user: &User,
    id: &PlatformId,
    entry_id: &str,
    request: EntryRequest,
) -> AppResult<RecordEntry> {
    let (vessel_id, owner) = vessel_for(state, user, id, true).await?;
    let entry = own_entry(state, user, &vessel_id, entry_id).await?.changed(request, today())?;
    check_document(state, &vessel_id, &entry).await?;
    let mut tx = state.begin().await?;
    store::update_own_entry(&mut tx, entry_id, &vessel_id, &user.id, &entry, now_ms()).await?;
    crate::platform::audit::record(
        &mut tx,
        &vessel_id,
        Some(&user.id),
        "record_entry_changed",
        serde_json::json!({"entry": entry_id}),
    )
    .await?;
    tx.commit().await?;
    one(state, entry_id, owner.as_deref()).await
}

#[tracing::instrument(skip_all, fields(vessel = %id, entry = %entry_id))]
pub async fn remove(state: &AppState, user: &User, id: &PlatformId, entry_id: &str) -> AppResult<()> {
    let (vessel_id, _) = vessel_for(state, user, id, true).await?;
    own_entry(state, user, &vessel_id, entry_id).await?;
    let mut tx = state.begin().await?;
    store::delete_own_entry(&mut tx, entry_id, &vessel_id, &user.id).await?;
    crate::platform::audit::record(
        &mut tx,
        &vessel_id,
        Some(&user.id),
        "record_entry_deleted",
        serde_json::json!({"entry": entry_id}),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
