//! The value & maintenance record: entries stay with the vessel; its current
//! owner adds them and changes their own; earlier owners' entries pass to
//! the new owner read-only.

use sqlx::Row;

use super::model::{Entry, EntryKind, EntryRequest, Record, RecordEntry};
use crate::{
    domain::PlatformId,
    features::auth::User,
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::clock::now_ms,
    platform::ids::new_id,
    platform::state::AppState,
};

const ENTRY_COLUMNS: &str = "e.id, e.entry_date, e.kind, e.description, e.amount_cents, e.author_user_id, e.created_at, \
     (SELECT d.id FROM documents d WHERE d.id = e.document_id AND d.vessel_id = e.vessel_id) AS linked_document";

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
    let row = sqlx::query("SELECT id, owner_user_id, status FROM vessels WHERE platform_id = $1")
        .bind(id.compact())
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    let owner: Option<String> = row.try_get("owner_user_id")?;
    let is_owner = owner.as_deref() == Some(user.id.as_str());
    if !(is_owner || (!write && user.is_admin())) {
        return Err(AppError::Forbidden("vessels_current_owner_see_keep".into()));
    }
    // A vessel out of the registry keeps its record as it was.
    if write && row.try_get::<&str, _>("status")? == "deactivated" {
        return Err(AppError::Conflict("deactivated_vessel_takes_no_entries".into()));
    }
    Ok((row.try_get("id")?, owner))
}

#[tracing::instrument(skip_all, fields(vessel = %id, user = %user.id))]
pub async fn record(state: &AppState, user: &User, id: &PlatformId) -> AppResult<Record> {
    let (vessel_id, owner) = vessel_for(state, user, id, false).await?;
    record_of(state, &vessel_id, owner.as_deref()).await
}

/// The record of a vessel, for whoever was allowed to see it.
pub async fn record_of(state: &AppState, vessel_id: &str, owner: Option<&str>) -> AppResult<Record> {
    let rows = sqlx::query(&format!(
        "SELECT {ENTRY_COLUMNS} FROM maintenance_entries e WHERE e.vessel_id = $1
         ORDER BY e.entry_date DESC, e.created_at DESC, e.id DESC"
    ))
    .bind(vessel_id)
    .fetch_all(&state.db)
    .await?;
    let entries: Vec<RecordEntry> =
        rows.iter().map(|r| RecordEntry::from_row(r, owner)).collect::<sqlx::Result<_>>()?;
    let latest_valuation_cents = entries.iter().find(|e| e.kind == EntryKind::Valuation).and_then(|e| e.amount_cents);
    let total_spent_cents =
        entries.iter().filter(|e| e.kind != EntryKind::Valuation).filter_map(|e| e.amount_cents).sum();
    Ok(Record { entries, latest_valuation_cents, total_spent_cents })
}

async fn check_document(state: &AppState, vessel_id: &str, entry: &Entry) -> AppResult<()> {
    if let Some(document) = &entry.document_id {
        let found = sqlx::query("SELECT id FROM documents WHERE id = $1 AND vessel_id = $2")
            .bind(document)
            .bind(vessel_id)
            .fetch_optional(&state.db)
            .await?;
        if found.is_none() {
            return Err(AppError::field("documentId", "choose_one_vessels_documents"));
        }
    }
    Ok(())
}

async fn one(state: &AppState, entry_id: &str, owner: Option<&str>) -> AppResult<RecordEntry> {
    let row = sqlx::query(&format!("SELECT {ENTRY_COLUMNS} FROM maintenance_entries e WHERE e.id = $1"))
        .bind(entry_id)
        .fetch_one(&state.db)
        .await?;
    Ok(RecordEntry::from_row(&row, owner)?)
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
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(&vessel_id).execute(&mut *tx).await?;
    let added = sqlx::query(
        "INSERT INTO maintenance_entries (id, vessel_id, author_user_id, entry_date, kind, description, amount_cents,
             document_id, created_at, updated_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $9
         WHERE (SELECT COUNT(*) FROM maintenance_entries WHERE vessel_id = $2) < $10",
    )
    .bind(&entry_id)
    .bind(&vessel_id)
    .bind(&user.id)
    .bind(&entry.date)
    .bind(entry.kind.as_str())
    .bind(&entry.description)
    .bind(entry.amount_cents)
    .bind(entry.document_id.clone())
    .bind(now)
    .bind(MAX_ENTRIES)
    .execute(&mut *tx)
    .await?
    .rows_affected();
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
    let row = sqlx::query(
        "SELECT author_user_id, entry_date, kind, description, amount_cents, document_id
         FROM maintenance_entries WHERE id = $1 AND vessel_id = $2",
    )
    .bind(entry_id)
    .bind(vessel_id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(entry_not_found)?;
    if row.try_get::<&str, _>("author_user_id")? != user.id {
        return Err(AppError::Forbidden("previous_owners_entries_stay_they".into()));
    }
    Ok(Entry {
        date: row.try_get("entry_date")?,
        kind: crate::platform::db::stored::<EntryKind>(row.try_get("kind")?)?,
        description: row.try_get("description")?,
        amount_cents: row.try_get("amount_cents")?,
        document_id: row.try_get("document_id")?,
    })
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
    sqlx::query(
        "UPDATE maintenance_entries SET entry_date = $1, kind = $2, description = $3, amount_cents = $4,
             document_id = $5, updated_at = $6
         WHERE id = $7 AND vessel_id = $8 AND author_user_id = $9",
    )
    .bind(&entry.date)
    .bind(entry.kind.as_str())
    .bind(&entry.description)
    .bind(entry.amount_cents)
    .bind(entry.document_id.clone())
    .bind(now_ms())
    .bind(entry_id)
    .bind(&vessel_id)
    .bind(&user.id)
    .execute(&mut *tx)
    .await?;
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
    sqlx::query("DELETE FROM maintenance_entries WHERE id = $1 AND vessel_id = $2 AND author_user_id = $3")
        .bind(entry_id)
        .bind(&vessel_id)
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
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
