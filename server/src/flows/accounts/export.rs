//! Every person's data on request (GDPR article 15 and 20): one JSON
//! document of what the registry holds about the signed-in person, read in
//! one snapshot-consistent transaction. What others' records say of them is
//! included only as far as it is theirs: the other side of a transfer is a
//! masked number. With `?include=files` the document comes in a ZIP with the
//! files of the documents the person uploaded, streamed one file at a time.

use std::collections::VecDeque;

use bytes::Bytes;
use futures_util::Stream;

use super::model::{
    ExportAccount, ExportAuditEntry, ExportDocument, ExportLien, ExportOwnership, ExportPayment, ExportRecordEntry,
    ExportRefund, ExportTransfer, PersonalData,
};
use super::store;
use crate::{
    domain::PlatformId,
    features::auth::{User, passkeys, sessions},
    foundation::error::{AppError, AppResult},
    platform::clock::{now_ms, rfc3339},
    platform::state::AppState,
    platform::storage::{self, Store},
    platform::zip::ZipWriter,
};

fn grouped(platform_id: String) -> String {
    PlatformId::display_stored(platform_id)
}

/// The person's data, read in one transaction.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn export(state: &AppState, user: &User, session_secret: &str) -> AppResult<PersonalData> {
    let mut tx = state.begin().await?;
    let (created, last_signed_in) = store::account_times(&mut tx, &user.id).await?;
    let ownerships = store::ownerships(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|o| ExportOwnership {
            platform_id: grouped(o.platform_id),
            acquired_at: rfc3339(o.acquired_ms),
            transferred_out_at: o.transferred_out_ms.map(rfc3339),
            ..o
        })
        .collect();
    let documents = store::documents(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|d| ExportDocument { platform_id: grouped(d.platform_id), uploaded_at: rfc3339(d.uploaded_ms), ..d })
        .collect();
    let record_entries = store::record_entries(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|e| ExportRecordEntry { platform_id: grouped(e.platform_id), ..e })
        .collect();
    let payments = store::payments(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|p| ExportPayment { platform_id: p.platform_id.map(grouped), created_at: rfc3339(p.created_ms), ..p })
        .collect();
    let refunds = store::refunds(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|r| ExportRefund { created_at: rfc3339(r.created_ms), ..r })
        .collect();
    let transfer = |t: ExportTransfer| ExportTransfer {
        platform_id: grouped(t.platform_id.clone()),
        to_phone_masked: crate::features::transfers::model::mask_phone(&t.to_phone_e164),
        created_at: rfc3339(t.created_ms),
        completed_at: t.completed_ms.map(rfc3339),
        ..t
    };
    let transfers_sent = store::transfers(&mut tx, &user.id, true).await?.into_iter().map(transfer).collect();
    let transfers_received = store::transfers(&mut tx, &user.id, false).await?.into_iter().map(transfer).collect();
    let liens = store::liens(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|l| ExportLien { platform_id: grouped(l.platform_id), registered_at: rfc3339(l.registered_ms), ..l })
        .collect();
    let audit_entries = store::audit_entries(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|a| ExportAuditEntry { made_by_you: a.by_them == 1, at: rfc3339(a.created_ms), ..a })
        .collect();
    tx.commit().await?;
    Ok(PersonalData {
        exported_at: rfc3339(now_ms()),
        account: ExportAccount {
            user: user.clone(),
            created_at: rfc3339(created),
            last_signed_in_at: last_signed_in.map(rfc3339),
        },
        ownerships,
        documents,
        record_entries,
        payments,
        refunds,
        transfers_sent,
        transfers_received,
        liens,
        sessions: sessions::list(&state.db, &user.id, session_secret).await?,
        passkeys: passkeys::list(&state.db, &user.id).await?,
        audit_entries,
    })
}

/// The export as a ZIP: `personal-data.json`, then each document the person
/// uploaded as `documents/{platform id}/{document id}-{file name}`. A file
/// that cannot be read ends the stream with an error, so the download fails
/// rather than arriving without it.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn export_with_files(
    state: &AppState,
    user: &User,
    session_secret: &str,
) -> AppResult<impl Stream<Item = std::io::Result<Bytes>> + Send + 'static> {
    let data = export(state, user, session_secret).await?;
    let json = serde_json::to_vec_pretty(&data).map_err(anyhow::Error::from)?;
    let files: VecDeque<ZipFile> = data
        .documents
        .iter()
        .map(|d| ZipFile {
            name: format!("documents/{}/{}-{}", d.platform_id, d.id, safe_file_name(&d.original_name)),
            key: d.object_key.clone(),
            modified: d.uploaded_ms,
            size: d.size_bytes,
        })
        .collect();
    let sizes = files.iter().map(|f| (f.name.len(), f.size.max(0).cast_unsigned()));
    if !ZipWriter::fits(sizes.chain([(JSON_NAME.len(), json.len() as u64)])) {
        return Err(AppError::Conflict("export_files_too_large".into()));
    }
    let start = Zipping { zip: Some(ZipWriter::default()), json: Some(json), files, store: state.storage.clone() };
    // Fused: the response's compression polls once more after the end,
    // which a bare `unfold` answers with a panic.
    Ok(futures_util::StreamExt::fuse(futures_util::stream::unfold(start, Zipping::next)))
}

const JSON_NAME: &str = "personal-data.json";

struct ZipFile {
    name: String,
    key: String,
    modified: i64,
    size: i64,
}

struct Zipping {
    zip: Option<ZipWriter>,
    json: Option<Vec<u8>>,
    files: VecDeque<ZipFile>,
    store: Store,
}

impl Zipping {
    /// The next piece of the archive: the JSON document, one file, or the
    /// central directory; `None` once that is sent, or after an error.
    async fn next(mut self) -> Option<(std::io::Result<Bytes>, Self)> {
        let piece = self.piece().await?;
        if piece.is_err() {
            // Nothing follows an error: the archive stays unfinished.
            self.zip = None;
        }
        Some((piece, self))
    }

    async fn piece(&mut self) -> Option<std::io::Result<Bytes>> {
        let zip = self.zip.as_mut()?;
        let too_large = |e: crate::platform::zip::TooLarge| std::io::Error::other(e);
        if let Some(json) = self.json.take() {
            return Some(zip.file(JSON_NAME, &json, time_of(now_ms())).map(Bytes::from).map_err(too_large));
        }
        if let Some(file) = self.files.pop_front() {
            let content = match storage::get(&self.store, &object_store::path::Path::from(file.key.as_str())).await {
                Ok(content) => content,
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), "reading a document for an export failed");
                    return Some(Err(std::io::Error::other("a document's file could not be read")));
                }
            };
            return Some(zip.file(&file.name, &content, time_of(file.modified)).map(Bytes::from).map_err(too_large));
        }
        Some(self.zip.take()?.finish().map(Bytes::from).map_err(too_large))
    }
}

fn time_of(ms: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)).unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// A file name that stays inside its folder when the archive is unpacked:
/// no separators, no control characters, no leading dots.
fn safe_file_name(name: &str) -> String {
    let cleaned: String =
        name.chars().map(|c| if matches!(c, '/' | '\\' | ':') || c.is_control() { '_' } else { c }).collect();
    let trimmed = cleaned.trim_start_matches('.');
    if trimmed.is_empty() { "file".to_owned() } else { trimmed.to_owned() }
}
