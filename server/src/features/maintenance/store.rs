//! The value & maintenance record's SQL: every statement of the feature.

use super::model::{Entry, EntryRow, RecordEntry, StoredEntryRow};
use crate::platform::db::{Db, Tx};

const ENTRY_COLUMNS: &str = "e.id, e.entry_date, e.kind, e.description, e.amount_cents, e.author_user_id, e.created_at, \
     (SELECT d.id FROM documents d WHERE d.id = e.document_id AND d.vessel_id = e.vessel_id) AS linked_document";

/// A vessel as the record's access check reads it.
#[derive(sqlx::FromRow)]
pub(super) struct RecordVessel {
    pub id: String,
    pub owner_user_id: Option<String>,
    pub status: String,
}

pub(super) async fn vessel_by_platform_id(db: &Db, platform_id: &str) -> sqlx::Result<Option<RecordVessel>> {
    sqlx::query_as("SELECT id, owner_user_id, status FROM vessels WHERE platform_id = $1")
        .bind(platform_id)
        .fetch_optional(db)
        .await
}

/// The current owner of the vessel a (compact) platform ID names: `None`
/// for no such vessel, `Some(None)` for a vessel without an owner.
pub(super) async fn vessel_owner_by_platform_id(db: &Db, platform_id: &str) -> sqlx::Result<Option<Option<String>>> {
    sqlx::query_scalar("SELECT owner_user_id FROM vessels WHERE platform_id = $1")
        .bind(platform_id)
        .fetch_optional(db)
        .await
}

/// A vessel's entries, newest first, as shown while `current_owner` owns it.
pub(super) async fn entries_of_vessel(
    db: &Db,
    vessel_id: &str,
    current_owner: Option<&str>,
) -> sqlx::Result<Vec<RecordEntry>> {
    sqlx::query_as::<_, EntryRow>(&format!(
        "SELECT {ENTRY_COLUMNS} FROM maintenance_entries e WHERE e.vessel_id = $1
         ORDER BY e.entry_date DESC, e.created_at DESC, e.id DESC"
    ))
    .bind(vessel_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|r| RecordEntry::of(r, current_owner))
    .collect()
}

/// One entry, which must exist, as shown while `current_owner` owns its vessel.
pub(super) async fn entry(db: &Db, entry_id: &str, current_owner: Option<&str>) -> sqlx::Result<RecordEntry> {
    let row =
        sqlx::query_as::<_, EntryRow>(&format!("SELECT {ENTRY_COLUMNS} FROM maintenance_entries e WHERE e.id = $1"))
            .bind(entry_id)
            .fetch_one(db)
            .await?;
    RecordEntry::of(row, current_owner)
}

/// Whether `document_id` is one of the vessel's documents.
pub(super) async fn document_of_vessel_exists(db: &Db, document_id: &str, vessel_id: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM documents WHERE id = $1 AND vessel_id = $2")
        .bind(document_id)
        .bind(vessel_id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// Take the vessel's row lock (an update that changes nothing).
pub(super) async fn lock_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(vessel_id).execute(&mut **tx).await?;
    Ok(())
}

/// Add an entry unless the vessel's record already holds `max_entries`;
/// answers the rows inserted (0 or 1).
pub(super) async fn insert_entry_below_cap(
    tx: &mut Tx<'_>,
    entry_id: &str,
    vessel_id: &str,
    author_user_id: &str,
    entry: &Entry,
    created_at: i64,
    max_entries: i64,
) -> sqlx::Result<u64> {
    let query = sqlx::query(
        "INSERT INTO maintenance_entries (id, vessel_id, author_user_id, entry_date, kind, description, amount_cents,
             document_id, created_at, updated_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $9
         WHERE (SELECT COUNT(*) FROM maintenance_entries WHERE vessel_id = $2) < $10",
    )
    .bind(entry_id)
    .bind(vessel_id)
    .bind(author_user_id);
    Ok(bind_entry(query, entry).bind(created_at).bind(max_entries).execute(&mut **tx).await?.rows_affected())
}

/// An entry of the vessel as stored, with its author's id.
pub(super) async fn stored_entry(db: &Db, entry_id: &str, vessel_id: &str) -> sqlx::Result<Option<(String, Entry)>> {
    let row = sqlx::query_as::<_, StoredEntryRow>(
        "SELECT author_user_id, entry_date, kind, description, amount_cents, document_id
         FROM maintenance_entries WHERE id = $1 AND vessel_id = $2",
    )
    .bind(entry_id)
    .bind(vessel_id)
    .fetch_optional(db)
    .await?;
    row.map(StoredEntryRow::into_entry).transpose()
}

/// Replace an entry, if it is `author_user_id`'s on this vessel.
pub(super) async fn update_own_entry(
    tx: &mut Tx<'_>,
    entry_id: &str,
    vessel_id: &str,
    author_user_id: &str,
    entry: &Entry,
    updated_at: i64,
) -> sqlx::Result<()> {
    let query = sqlx::query(
        "UPDATE maintenance_entries SET entry_date = $1, kind = $2, description = $3, amount_cents = $4,
             document_id = $5, updated_at = $6
         WHERE id = $7 AND vessel_id = $8 AND author_user_id = $9",
    );
    bind_entry(query, entry)
        .bind(updated_at)
        .bind(entry_id)
        .bind(vessel_id)
        .bind(author_user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Delete an entry, if it is `author_user_id`'s on this vessel.
pub(super) async fn delete_own_entry(
    tx: &mut Tx<'_>,
    entry_id: &str,
    vessel_id: &str,
    author_user_id: &str,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM maintenance_entries WHERE id = $1 AND vessel_id = $2 AND author_user_id = $3")
        .bind(entry_id)
        .bind(vessel_id)
        .bind(author_user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// An entry's five stored fields, bound in the order both statements name them
/// (date, kind, description, amount, document).
fn bind_entry<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    entry: &'q Entry,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(&entry.date)
        .bind(entry.kind.as_str())
        .bind(&entry.description)
        .bind(entry.amount_cents)
        .bind(entry.document_id.clone())
}
