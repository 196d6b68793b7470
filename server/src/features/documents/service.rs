//! Documents' operations, free of HTTP: store an upload all or nothing,
//! list, fetch, delete, and review. Who may act is decided here, from the
//! vessel's current owner (so a past owner loses access at the transfer).

use super::model::{Document, PreviousOwnerDocument, ReviewStatus};
use super::store::{self, Placement};
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
    let vessel_id = store::vessel_id_by_platform_id(&state.db, id.compact()).await?.ok_or_else(vessel_not_found)?;
    may_upload(state, user, &vessel_id).await?;
    Ok(vessel_id)
}

/// Whether `user` may add documents to vessel `vessel_id`: its current
/// owner, while it is pending payment, active or in transfer.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn may_upload(state: &AppState, user: &User, vessel_id: &str) -> AppResult<()> {
    let (owner, status) = store::vessel_owner_and_status(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    if owner.as_deref() != Some(user.id.as_str()) {
        return Err(not_owner());
    }
    match status.as_str() {
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
    store::lock_vessel(&mut tx, &upload.vessel_id).await?;
    // Still theirs and open to documents, now that the files are stored.
    // The documents belong to this owner's ownership period.
    let period = store::open_period_of_owner(&mut tx, &upload.vessel_id, &user.id).await?;
    let Some(period) = period else {
        return Err(not_owner());
    };
    let placement =
        Placement { vessel_id: &upload.vessel_id, uploaded_by: &user.id, uploaded_at: now_ms(), ownership_id: &period };
    let mut ids = Vec::with_capacity(keys.len());
    for (doc, key) in upload.documents.iter().zip(keys) {
        let id = new_id();
        store::insert_document(&mut tx, &id, doc, key.as_ref(), &placement).await?;
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
        out.push(store::document(&state.db, id).await?);
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
    let (vessel_id, owner) =
        store::vessel_and_owner_by_platform_id(&state.db, platform_id.compact()).await?.ok_or_else(vessel_not_found)?;
    if owner.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(AppError::Forbidden("vessels_current_owner_see_documents".into()));
    }
    Ok(store::documents_of_vessel(&state.db, &vessel_id).await?)
}

/// One document and its storage key, for its vessel's current owner or an
/// administrator; anyone else is told it does not exist.
async fn load_for(state: &AppState, user: &User, id: &str) -> AppResult<(Document, String)> {
    let stored = store::stored_document(&state.db, id).await?.ok_or_else(document_not_found)?;
    if stored.vessel_owner.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(document_not_found());
    }
    let document = stored.document;
    // A previous owner's file stays with the vessel's record, not with its new owner.
    if document.previous_owner && !user.is_admin() {
        return Err(AppError::Forbidden("document_of_previous_owner".into()));
    }
    Ok((document, stored.object_key))
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
    store::lock_vessel(&mut tx, &document.vessel_id).await?;
    let removed = store::delete_unverified_of_current_owner(&mut tx, id, &user.id).await?;
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
    store::lock_vessel_of_document(&mut tx, id).await?;
    let before = store::review_state(&mut tx, id).await?.ok_or_else(document_not_found)?;
    let vessel_id = before.vessel_id;
    let counted = before.current_period;
    let was_verified = before.review_status == ReviewStatus::Verified;
    let changed =
        store::set_review_if_still(&mut tx, id, before.review_status, decision, reason.as_deref(), &admin.id, now_ms())
            .await?;
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
