//! The documents' SQL: every statement of the feature. The service opens
//! the transactions and decides who may act; these only read and write.

use super::model::{DOCUMENT_COLUMNS, Document, DocumentRow, ReviewStatus};
use super::upload::NewDocument;
use crate::platform::db::{Db, Tx};

/// The id of the vessel a (compact) platform ID names.
pub(super) async fn vessel_id_by_platform_id(db: &Db, platform_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM vessels WHERE platform_id = $1").bind(platform_id).fetch_optional(db).await
}

/// A vessel's owner and status, by its id.
pub(super) async fn vessel_owner_and_status(
    db: &Db,
    vessel_id: &str,
) -> sqlx::Result<Option<(Option<String>, String)>> {
    sqlx::query_as("SELECT owner_user_id, status FROM vessels WHERE id = $1").bind(vessel_id).fetch_optional(db).await
}

/// A vessel's id and owner, by its (compact) platform ID.
pub(super) async fn vessel_and_owner_by_platform_id(
    db: &Db,
    platform_id: &str,
) -> sqlx::Result<Option<(String, Option<String>)>> {
    sqlx::query_as("SELECT id, owner_user_id FROM vessels WHERE platform_id = $1")
        .bind(platform_id)
        .fetch_optional(db)
        .await
}

/// Take the vessel's row lock (an update that changes nothing), so that a
/// sale, which starts a new ownership period and its counts, waits for us
/// or has already happened.
pub(super) async fn lock_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET status = status WHERE id = $1").bind(vessel_id).execute(&mut **tx).await?;
    Ok(())
}

/// [`lock_vessel`] for the vessel document `document_id` belongs to.
pub(super) async fn lock_vessel_of_document(tx: &mut Tx<'_>, document_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE vessels SET status = status WHERE id = (SELECT vessel_id FROM documents WHERE id = $1)")
        .bind(document_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The ownership period `user_id` holds vessel `vessel_id` in, while the
/// vessel is still theirs and open to documents.
pub(super) async fn open_period_of_owner(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    user_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT h.id FROM vessels v
         JOIN ownership_history h ON h.vessel_id = v.id AND h.owner_user_id = v.owner_user_id
                                  AND h.transferred_out_at IS NULL
         WHERE v.id = $1 AND v.owner_user_id = $2 AND v.status IN ('pending_payment', 'active', 'in_transfer')",
    )
    .bind(vessel_id)
    .bind(user_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Where, when and by whom the documents of one upload are stored.
pub(super) struct Placement<'a> {
    pub vessel_id: &'a str,
    pub uploaded_by: &'a str,
    pub uploaded_at: i64,
    /// The uploader's ownership period, which the documents belong to.
    pub ownership_id: &'a str,
}

pub(super) async fn insert_document(
    tx: &mut Tx<'_>,
    id: &str,
    doc: &NewDocument,
    object_key: &str,
    placement: &Placement<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO documents (id, vessel_id, document_type, custom_type, original_name, size_bytes, sha256,
             content_type, object_key, uploaded_by, uploaded_at, ownership_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(id)
    .bind(placement.vessel_id)
    .bind(doc.document_type.as_str())
    .bind(doc.custom_type.clone())
    .bind(&doc.file.file_name)
    .bind(i64::try_from(doc.file.size).unwrap_or(i64::MAX))
    .bind(&doc.file.sha256)
    .bind(doc.file.kind.content_type())
    .bind(object_key)
    .bind(placement.uploaded_by)
    .bind(placement.uploaded_at)
    .bind(placement.ownership_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One document, which must exist.
pub(super) async fn document(db: &Db, id: &str) -> sqlx::Result<Document> {
    sqlx::query_as::<_, DocumentRow>(&format!("SELECT {DOCUMENT_COLUMNS} FROM documents d WHERE d.id = $1"))
        .bind(id)
        .fetch_one(db)
        .await?
        .try_into()
}

/// Every document of a vessel, newest first.
pub(super) async fn documents_of_vessel(db: &Db, vessel_id: &str) -> sqlx::Result<Vec<Document>> {
    sqlx::query_as::<_, DocumentRow>(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM documents d WHERE d.vessel_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC"
    ))
    .bind(vessel_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(Document::try_from)
    .collect()
}

/// A document with its storage key and its vessel's current owner.
pub(super) struct StoredDocument {
    pub document: Document,
    pub object_key: String,
    pub vessel_owner: Option<String>,
}

#[derive(sqlx::FromRow)]
struct StoredDocumentRow {
    #[sqlx(flatten)]
    document: DocumentRow,
    object_key: String,
    owner_user_id: Option<String>,
}

pub(super) async fn stored_document(db: &Db, id: &str) -> sqlx::Result<Option<StoredDocument>> {
    let row = sqlx::query_as::<_, StoredDocumentRow>(&format!(
        "SELECT {DOCUMENT_COLUMNS}, v.owner_user_id FROM documents d JOIN vessels v ON v.id = d.vessel_id WHERE d.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await?;
    row.map(|r| {
        Ok(StoredDocument { document: r.document.try_into()?, object_key: r.object_key, vessel_owner: r.owner_user_id })
    })
    .transpose()
}

/// Delete a document not yet verified, if it belongs to `user_id`'s current
/// ownership period; answers the rows deleted (0 or 1).
pub(super) async fn delete_unverified_of_current_owner(tx: &mut Tx<'_>, id: &str, user_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "DELETE FROM documents WHERE id = $1 AND review_status <> 'verified'
           AND ownership_id IN (SELECT h.id FROM ownership_history h
                                WHERE h.owner_user_id = $2 AND h.transferred_out_at IS NULL)",
    )
    .bind(id)
    .bind(user_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// A document as a review finds it.
pub(super) struct ReviewState {
    pub vessel_id: String,
    pub review_status: ReviewStatus,
    /// It belongs to the vessel's current ownership period (and so counts).
    pub current_period: bool,
}

#[derive(sqlx::FromRow)]
struct ReviewStateRow {
    vessel_id: String,
    review_status: String,
    current_period: i64,
}

pub(super) async fn review_state(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<Option<ReviewState>> {
    let row = sqlx::query_as::<_, ReviewStateRow>(
        "SELECT d.vessel_id, d.review_status,
             CAST(CASE WHEN EXISTS (SELECT 1 FROM ownership_history h
                                    WHERE h.id = d.ownership_id AND h.transferred_out_at IS NULL)
                  THEN 1 ELSE 0 END AS BIGINT) AS current_period
         FROM documents d WHERE d.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    row.map(|r| {
        Ok(ReviewState {
            vessel_id: r.vessel_id,
            review_status: crate::platform::db::stored::<ReviewStatus>(&r.review_status)?,
            current_period: r.current_period == 1,
        })
    })
    .transpose()
}

/// Record a review, if the document's status is still `was` (compare and
/// set: two administrators deciding at once); answers the rows changed.
pub(super) async fn set_review_if_still(
    tx: &mut Tx<'_>,
    id: &str,
    was: ReviewStatus,
    decision: ReviewStatus,
    reason: Option<&str>,
    reviewed_by: &str,
    reviewed_at: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE documents SET review_status = $1, review_reason = $2, reviewed_by = $3, reviewed_at = $4
         WHERE id = $5 AND review_status = $6",
    )
    .bind(decision.as_str())
    .bind(reason)
    .bind(reviewed_by)
    .bind(reviewed_at)
    .bind(id)
    .bind(was.as_str())
    .execute(&mut **tx)
    .await?
    .rows_affected())
}
