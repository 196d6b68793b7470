//! Documents' operations, free of HTTP: store an upload all or nothing,
//! list, fetch, delete, and review. Who may act is decided here, from the
//! vessel's current owner (so a past owner loses access at the transfer).

use sqlx::{FromRow, Row};

use super::model::{DOCUMENT_COLUMNS, Document, PreviousOwnerDocument, ReviewStatus};
use super::upload::{Content, Upload};
use crate::{
    domain::PlatformId,
    features::auth::User,
    features::vessels::lifecycle,
    foundation::error::{AppError, AppResult},
    platform::clock::now_ms,
    platform::ids::new_id,
    platform::state::AppState,
    platform::storage,
};

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

fn document_not_found() -> AppError {
    AppError::NotFound("document_not_found".into())
}

fn not_owner() -> AppError {
    AppError::Forbidden("owner_only_upload".into())
}

/// The vessel a platform ID names, if `user` may add documents to it: asked
/// before a byte of the upload is read (`POST /api/vessels/{id}/documents`).
pub async fn may_upload_to(state: &AppState, user: &User, id: &PlatformId) -> AppResult<String> {
    let vessel_id: String = sqlx::query_scalar("SELECT id FROM vessels WHERE platform_id = $1")
        .bind(id.compact())
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(vessel_not_found)?;
    may_upload(state, user, &vessel_id).await?;
    Ok(vessel_id)
}

/// Whether `user` may add documents to vessel `vessel_id`: its current
/// owner, while it is pending payment, active or in transfer.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn may_upload(state: &AppState, user: &User, vessel_id: &str) -> AppResult<()> {
    let row = sqlx::query("SELECT owner_user_id, status FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(vessel_not_found)?;
    if row.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
        return Err(not_owner());
    }
    match row.try_get::<&str, _>("status")? {
        "pending_payment" | "active" | "in_transfer" => Ok(()),
        _ => Err(AppError::Conflict("documents_no_longer_added_vessel".into())),
    }
}

/// Store every file of an upload, or none: objects first, under random
/// keys; then the rows and the vessel's count in one transaction. If
/// anything fails, the objects already written are deleted again.
#[tracing::instrument(skip_all, fields(vessel = %upload.vessel_id, user = %user.id, files = upload.documents.len()))]
pub async fn store(state: &AppState, user: &User, upload: Upload) -> AppResult<Vec<Document>> {
    let mut keys = Vec::with_capacity(upload.documents.len());
    for doc in &upload.documents {
        let key = storage::new_key();
        let stored = match &doc.file.content {
            Content::Memory(bytes) => storage::put(&state.storage, &key, bytes.clone()).await,
            Content::Spooled(spool) => storage::put_file(&state.storage, &key, &spool.path).await,
        };
        if let Err(e) = stored {
            remove_objects(state, &keys).await;
            tracing::error!(error = %format!("{e:#}"), "storing an uploaded file failed");
            return Err(storage_unavailable());
        }
        keys.push(key);
    }
    match record(state, user, &upload, &keys).await {
        Ok(ids) => list_by_ids(state, &ids).await,
        Err(e) => {
            remove_objects(state, &keys).await;
            Err(e)
        }
    }
}

fn storage_unavailable() -> AppError {
    AppError::Unavailable {
        code: "storage_unavailable",
        message: "documents_could_not_stored_just".into(),
        retry_after_secs: 30,
    }
}

async fn remove_objects(state: &AppState, keys: &[object_store::path::Path]) {
    for key in keys {
        if let Err(e) = storage::delete(&state.storage, key).await {
            // Logged with the key, for an operator to remove by hand.
            tracing::error!(key = %key, error = %format!("{e:#}"), "an uploaded object could not be removed");
        }
    }
}

async fn record(
    state: &AppState,
    user: &User,
    upload: &Upload,
    keys: &[object_store::path::Path],
) -> AppResult<Vec<String>> {
    let mut tx = state.begin().await?;
    // The vessel's row first: a sale completing now (a new ownership period,
    // its counts reset) waits, or has happened and the query below sees it.
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(&upload.vessel_id).execute(&mut *tx).await?;
    // Still theirs and open to documents, now that the files are stored.
    // The documents belong to this owner's ownership period.
    let period: Option<String> = sqlx::query_scalar(
        "SELECT h.id FROM vessels v
         JOIN ownership_history h ON h.vessel_id = v.id AND h.owner_user_id = v.owner_user_id
                                  AND h.transferred_out_at IS NULL
         WHERE v.id = $1 AND v.owner_user_id = $2 AND v.status IN ('pending_payment', 'active', 'in_transfer')",
    )
    .bind(&upload.vessel_id)
    .bind(&user.id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(period) = period else {
        return Err(not_owner());
    };
    let now = now_ms();
    let mut ids = Vec::with_capacity(keys.len());
    for (doc, key) in upload.documents.iter().zip(keys) {
        let id = new_id();
        sqlx::query(
            "INSERT INTO documents (id, vessel_id, document_type, custom_type, original_name, size_bytes, sha256,
                 content_type, object_key, uploaded_by, uploaded_at, ownership_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&id)
        .bind(&upload.vessel_id)
        .bind(doc.document_type.as_str())
        .bind(doc.custom_type.clone())
        .bind(&doc.file.file_name)
        .bind(i64::try_from(doc.file.size).unwrap_or(i64::MAX))
        .bind(&doc.file.sha256)
        .bind(doc.file.kind.content_type())
        .bind(key.to_string())
        .bind(&user.id)
        .bind(now)
        .bind(&period)
        .execute(&mut *tx)
        .await?;
        ids.push(id);
    }
    let added = i64::try_from(ids.len()).unwrap_or(i64::MAX);
    lifecycle::count_documents(&mut tx, &upload.vessel_id, added, 0).await?;
    crate::platform::audit::record(
        &mut tx,
        &upload.vessel_id,
        Some(&user.id),
        "documents_added",
        serde_json::json!({"documents": ids}),
    )
    .await?;
    tx.commit().await?;
    Ok(ids)
}

async fn list_by_ids(state: &AppState, ids: &[String]) -> AppResult<Vec<Document>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let row = sqlx::query(&format!("SELECT {DOCUMENT_COLUMNS} FROM documents d WHERE d.id = $1"))
            .bind(id)
            .fetch_one(&state.db)
            .await?;
        out.push(Document::from_row(&row)?);
    }
    Ok(out)
}

/// A vessel's documents, newest first: the current owner's own (those of their
/// ownership period), or every one for an administrator.
pub async fn list(state: &AppState, user: &User, platform_id: &PlatformId) -> AppResult<Vec<Document>> {
    let all = all_of(state, user, platform_id).await?;
    Ok(if user.is_admin() { all } else { all.into_iter().filter(|d| !d.previous_owner).collect() })
}

/// The documents previous owners uploaded, as the current owner sees them:
/// their kind and date, never the file.
pub async fn previous_owners(
    state: &AppState,
    user: &User,
    platform_id: &PlatformId,
) -> AppResult<Vec<PreviousOwnerDocument>> {
    let all = all_of(state, user, platform_id).await?;
    Ok(all.into_iter().filter(|d| d.previous_owner).map(PreviousOwnerDocument::from).collect())
}

async fn all_of(state: &AppState, user: &User, platform_id: &PlatformId) -> AppResult<Vec<Document>> {
    let row = sqlx::query("SELECT id, owner_user_id FROM vessels WHERE platform_id = $1")
        .bind(platform_id.compact())
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(vessel_not_found)?;
    let owner: Option<String> = row.try_get("owner_user_id")?;
    if owner.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(AppError::Forbidden("vessels_current_owner_see_documents".into()));
    }
    let vessel_id: String = row.try_get("id")?;
    let rows = sqlx::query(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM documents d WHERE d.vessel_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC"
    ))
    .bind(&vessel_id)
    .fetch_all(&state.db)
    .await?;
    Ok(rows.iter().map(Document::from_row).collect::<sqlx::Result<_>>()?)
}

/// One document and its storage key, for its vessel's current owner or an
/// administrator; anyone else is told it does not exist.
async fn load_for(state: &AppState, user: &User, id: &str) -> AppResult<(Document, String)> {
    let row = sqlx::query(&format!(
        "SELECT {DOCUMENT_COLUMNS}, v.owner_user_id FROM documents d JOIN vessels v ON v.id = d.vessel_id WHERE d.id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(document_not_found)?;
    let owner: Option<String> = row.try_get("owner_user_id")?;
    if owner.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(document_not_found());
    }
    let document = Document::from_row(&row)?;
    // A previous owner's file stays with the vessel's record, not with its new owner.
    if document.previous_owner && !user.is_admin() {
        return Err(AppError::Forbidden("document_of_previous_owner".into()));
    }
    Ok((document, row.try_get("object_key")?))
}

pub struct Download {
    pub document: Document,
    pub bytes: bytes::Bytes,
}

pub async fn download(state: &AppState, user: &User, id: &str) -> AppResult<Download> {
    let (document, key) = load_for(state, user, id).await?;
    let bytes = storage::get(&state.storage, &object_store::path::Path::from(key)).await.map_err(|e| {
        tracing::error!(error = %format!("{e:#}"), document = id, "reading a stored document failed");
        storage_unavailable()
    })?;
    Ok(Download { document, bytes })
}

/// The owner withdraws a document not yet verified. The row goes first (in
/// a transaction with the count); the object after, so a failure leaves at
/// worst an orphaned object, never a row pointing at nothing.
#[tracing::instrument(skip_all, fields(document = %id, user = %user.id))]
pub async fn delete(state: &AppState, user: &User, id: &str) -> AppResult<()> {
    let (document, key) = load_for(state, user, id).await?;
    if document.review_status == ReviewStatus::Verified {
        return Err(AppError::Conflict("verified_document_stays_vessels_record".into()));
    }
    let mut tx = state.begin().await?;
    // The vessel's row first, as for an upload: the count below is the period's.
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(&document.vessel_id).execute(&mut *tx).await?;
    let removed = sqlx::query(
        "DELETE FROM documents WHERE id = $1 AND review_status <> 'verified'
           AND ownership_id IN (SELECT h.id FROM ownership_history h
                                WHERE h.owner_user_id = $2 AND h.transferred_out_at IS NULL)",
    )
    .bind(id)
    .bind(&user.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if removed == 0 {
        return Err(AppError::Conflict("document_no_longer_deleted".into()));
    }
    lifecycle::count_documents(&mut tx, &document.vessel_id, -1, 0).await?;
    crate::platform::audit::record(
        &mut tx,
        &document.vessel_id,
        Some(&user.id),
        "document_deleted",
        serde_json::json!({"document": id}),
    )
    .await?;
    tx.commit().await?;
    remove_objects(state, &[object_store::path::Path::from(key)]).await;
    Ok(())
}

/// An administrator's decision on a document: `verified`, or `rejected`
/// with a reason for the owner.
#[tracing::instrument(skip_all, fields(document = %id, admin = %admin.id))]
pub async fn review(
    state: &AppState,
    admin: &User,
    id: &str,
    decision: ReviewStatus,
    reason: Option<String>,
) -> AppResult<Document> {
    let reason = reason.map(|r| r.trim().to_owned()).filter(|r| !r.is_empty());
    match (decision, &reason) {
        (ReviewStatus::Pending, _) => return Err(AppError::field("decision", "decide_verified_rejected")),
        (ReviewStatus::Rejected, None) => {
            return Err(AppError::field("reason", "say_why_document_rejected_owner"));
        }
        (_, Some(r)) if r.chars().count() > 500 => {
            return Err(AppError::field("reason", "reason_most_500_characters"));
        }
        _ => {}
    }
    let mut tx = state.begin().await?;
    // The vessel's row first: a transfer (which starts a new ownership period
    // and its counts) waits, so the period read below stays true.
    sqlx::query("UPDATE vessels SET status = status WHERE id = (SELECT vessel_id FROM documents WHERE id = $1)")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let before = sqlx::query(
        "SELECT d.vessel_id, d.review_status,
             CAST(CASE WHEN EXISTS (SELECT 1 FROM ownership_history h
                                    WHERE h.id = d.ownership_id AND h.transferred_out_at IS NULL)
                  THEN 1 ELSE 0 END AS BIGINT) AS current_period
         FROM documents d WHERE d.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(document_not_found)?;
    let vessel_id: String = before.try_get("vessel_id")?;
    let counted = before.try_get::<i64, _>("current_period")? == 1;
    let was_verified = before.try_get::<&str, _>("review_status")? == "verified";
    let changed = sqlx::query(
        "UPDATE documents SET review_status = $1, review_reason = $2, reviewed_by = $3, reviewed_at = $4
         WHERE id = $5 AND review_status = $6",
    )
    .bind(decision.as_str())
    .bind(reason.clone())
    .bind(&admin.id)
    .bind(now_ms())
    .bind(id)
    .bind(before.try_get::<&str, _>("review_status")?)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Err(AppError::Conflict("document_reviewed_someone_else_meanwhile".into()));
    }
    let now_verified = decision == ReviewStatus::Verified;
    // Only the current owner's documents count toward the vessel's badge.
    if counted {
        let delta = i64::from(now_verified) - i64::from(was_verified);
        lifecycle::count_documents(&mut tx, &vessel_id, 0, delta).await?;
    }
    crate::platform::audit::record(
        &mut tx,
        &vessel_id,
        Some(&admin.id),
        "document_reviewed",
        serde_json::json!({"document": id, "decision": decision.as_str(), "reason": reason}),
    )
    .await?;
    tx.commit().await?;
    list_by_ids(state, &[id.to_owned()]).await?.into_iter().next().ok_or_else(document_not_found)
}
