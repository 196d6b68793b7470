//! Reading an upload: the multipart body streamed field by field, each file
//! checked while it arrives (its size against the limit, its first bytes
//! against the kinds accepted), never more than one file's limit held for
//! a file that is refused.

use std::collections::BTreeMap;

use axum::extract::Multipart;
use bytes::{Bytes, BytesMut};
use sha2::{Digest, Sha256};

use super::model::{DocumentType, FileKind, display_name};
use crate::{
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
};

pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_FILES: usize = 10;
pub const MAX_REQUEST_BYTES: usize = 50 * 1024 * 1024;
/// The route's body limit: the files plus the form's own fields and framing.
pub const BODY_LIMIT: usize = MAX_REQUEST_BYTES + 256 * 1024;

/// One file, read whole and checked.
pub struct IncomingFile {
    pub file_name: String,
    pub kind: FileKind,
    pub content: Content,
    pub size: usize,
    pub sha256: String,
}

/// Where a checked file's bytes wait to be stored.
pub enum Content {
    /// In memory (demonstration data, made by the server itself).
    Memory(Bytes),
    /// Written to a private temporary file as they arrived: an upload holds a
    /// chunk of its body in memory at a time, not its files (24 uploads of
    /// 50 MB at once would otherwise hold 1.2 GB).
    Spooled(Spool),
}

/// A temporary file of an upload, removed when dropped (stored or refused).
pub struct Spool {
    pub path: std::path::PathBuf,
}

impl Spool {
    async fn create() -> std::io::Result<(Self, tokio::fs::File)> {
        let path = std::env::temp_dir().join(format!("registry-upload-{}", crate::platform::ids::new_secret()));
        let file = tokio::fs::File::create(&path).await?;
        Ok((Self { path }, file))
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The bytes a file kind is told by at its end (`FileKind::ends_well`).
const TAIL: usize = 1024;

/// A file with its type, ready to store.
pub struct NewDocument {
    pub file: IncomingFile,
    pub document_type: DocumentType,
    pub custom_type: Option<String>,
}

pub struct Upload {
    pub vessel_id: String,
    pub documents: Vec<NewDocument>,
}

/// A refusal found while reading: the rest of the body is still read (and
/// dropped) so that the client, still sending, receives the answer rather
/// than a broken connection.
struct Refusal(AppError);

fn too_large(message: Msg) -> AppError {
    AppError::Status { status: axum::http::StatusCode::PAYLOAD_TOO_LARGE, code: "too_large", message }
}

fn unsupported(name: &str) -> AppError {
    AppError::Status {
        status: axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
        code: "unsupported_file",
        message: Msg::new("unsupported_file").arg("name", name),
    }
}

fn multipart_error(e: &axum::extract::multipart::MultipartError) -> AppError {
    if crate::http::body_deadline::is_too_slow(e) {
        return crate::http::body_deadline::timeout();
    }
    let status = e.status();
    if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        // The body limit is the whole upload's (a file over its own limit is
        // refused while it streams, with its name).
        too_large(Msg::new("upload_total_too_large").arg("max", MAX_REQUEST_BYTES / (1024 * 1024)))
    } else {
        // The body arrived but its form cannot be read: unprocessable, like
        // any other content the server understands but cannot use.
        AppError::Status {
            status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            code: "bad_multipart",
            message: "upload_could_not_read_form".into(),
        }
    }
}

/// Which vessel the upload is for.
pub enum Target<F> {
    /// Named in the path and authorized before the body was read: a
    /// `vesselId` field, if sent, must name the same vessel.
    Authorized(String),
    /// Named by the form's `vesselId` field (`POST /api/documents/upload`):
    /// the check is called as soon as the field is read, before any file is
    /// kept, so a stranger's files are dropped as they arrive.
    InForm(F),
}

/// The check of a target that needs none.
pub type NoCheck = fn(String) -> std::future::Ready<AppResult<()>>;

impl Target<NoCheck> {
    /// For a vessel already authorized from the address.
    pub fn authorized(vessel_id: String) -> Self {
        Self::Authorized(vessel_id)
    }
}

/// Read the whole form for `target`.
pub async fn read<F, Fut>(mut form: Multipart, target: Target<F>) -> AppResult<Upload>
where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = AppResult<()>>,
{
    let (mut vessel_id, authorize) = match target {
        Target::Authorized(id) => (Some(id), None),
        Target::InForm(check) => (None, Some(check)),
    };
    let mut files: Vec<IncomingFile> = Vec::new();
    let mut text: BTreeMap<String, String> = BTreeMap::new();
    let mut refusal: Option<Refusal> = None;
    let mut total = 0usize;
    while let Some(mut field) = form.next_field().await.map_err(|e| multipart_error(&e))? {
        let name = field.name().unwrap_or_default().to_owned();
        if refusal.is_some() || (name != "files" && name.len() > 64) {
            while field.chunk().await.map_err(|e| multipart_error(&e))?.is_some() {}
            continue;
        }
        if name == "files" {
            let file_name = display_name(field.file_name().unwrap_or_default());
            if files.len() == MAX_FILES {
                refusal = Some(Refusal(too_large(Msg::new("too_many_files").arg("max", MAX_FILES))));
                continue;
            }
            match read_file(&mut field, &file_name, &mut total).await? {
                Ok(file) => files.push(file),
                Err(r) => refusal = Some(r),
            }
            continue;
        }
        let value = field.text().await.map_err(|e| multipart_error(&e))?;
        // The same edge check as every JSON field and parameter.
        if value.chars().any(crate::http::input::is_refused_char) {
            refusal = Some(Refusal(AppError::field(&name, "field_contains_characters_not_allowed")));
            continue;
        }
        if name == "vesselId" {
            match (&authorize, &vessel_id) {
                (Some(check), _) => {
                    if let Err(e) = check(value.clone()).await {
                        refusal = Some(Refusal(e));
                    }
                    vessel_id = Some(value);
                }
                (None, Some(named)) if *named != value => {
                    refusal = Some(Refusal(AppError::field("vesselId", "upload_names_another_vessel")));
                }
                (None, _) => {}
            }
        } else {
            text.insert(name, value);
        }
    }
    if let Some(Refusal(e)) = refusal {
        return Err(e);
    }
    let vessel_id = vessel_id.ok_or_else(|| AppError::field("vesselId", "choose_vessel_documents"))?;
    if files.is_empty() {
        return Err(AppError::field("files", "add_least_one_document_upload"));
    }
    let documents =
        files.into_iter().enumerate().map(|(i, file)| typed(i, file, &text)).collect::<AppResult<Vec<_>>>()?;
    Ok(Upload { vessel_id, documents })
}

/// One file's bytes, within the limits, hashed and spooled to a temporary
/// file as they arrive; its first bytes must be a kind the name promises.
async fn read_file(
    field: &mut axum::extract::multipart::Field<'_>,
    file_name: &str,
    total: &mut usize,
) -> AppResult<Result<IncomingFile, Refusal>> {
    use tokio::io::AsyncWriteExt;
    let promised = FileKind::of_name(file_name);
    let (spool, mut file) = Spool::create().await.map_err(|e| AppError::Internal(e.into()))?;
    let mut size = 0usize;
    let mut head = BytesMut::new();
    let mut tail: Vec<u8> = Vec::with_capacity(2 * TAIL);
    let mut hasher = Sha256::new();
    let mut refused: Option<Refusal> = None;
    while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(&e))? {
        if refused.is_some() {
            continue;
        }
        *total += chunk.len();
        if size + chunk.len() > MAX_FILE_BYTES {
            refused = Some(Refusal(too_large(Msg::new("file_too_large").arg("name", file_name))));
            continue;
        }
        if *total > MAX_REQUEST_BYTES {
            refused = Some(Refusal(too_large("upload_too_large_most_50".into())));
            continue;
        }
        // Decide as soon as the first bytes are in, not after the whole file.
        if head.len() < 8 {
            head.extend_from_slice(&chunk[..chunk.len().min(8 - head.len())]);
            if head.len() == 8 && FileKind::sniff(&head).is_none_or(|kind| Some(kind) != promised) {
                refused = Some(Refusal(unsupported(file_name)));
                continue;
            }
        }
        hasher.update(&chunk);
        size += chunk.len();
        tail.extend_from_slice(&chunk[chunk.len().saturating_sub(TAIL)..]);
        if tail.len() > TAIL {
            tail.drain(..tail.len() - TAIL);
        }
        file.write_all(&chunk).await.map_err(|e| AppError::Internal(e.into()))?;
    }
    if let Some(r) = refused {
        return Ok(Err(r));
    }
    file.flush().await.map_err(|e| AppError::Internal(e.into()))?;
    drop(file);
    let kind = match FileKind::sniff(&head) {
        Some(kind) if Some(kind) == promised => kind,
        _ => return Ok(Err(Refusal(unsupported(file_name)))),
    };
    if !kind.ends_well(&tail) {
        return Ok(Err(Refusal(unsupported(file_name))));
    }
    Ok(Ok(IncomingFile {
        file_name: file_name.to_owned(),
        kind,
        content: Content::Spooled(spool),
        size,
        sha256: crate::platform::ids::to_hex(&hasher.finalize()),
    }))
}

impl IncomingFile {
    /// A whole file in memory (demo data), checked as an upload would be.
    pub fn whole(file_name: &str, bytes: Bytes) -> Option<Self> {
        let kind = FileKind::sniff(&bytes)?;
        kind.ends_well(&bytes[bytes.len().saturating_sub(TAIL)..]).then(|| Self {
            file_name: file_name.to_owned(),
            kind,
            sha256: crate::platform::ids::to_hex(&Sha256::digest(&bytes)),
            size: bytes.len(),
            content: Content::Memory(bytes),
        })
    }
}

/// The type the form gave file `i`, and its custom name when `custom`.
fn typed(i: usize, file: IncomingFile, text: &BTreeMap<String, String>) -> AppResult<NewDocument> {
    let type_field = format!("documentType_{i}");
    let custom_field = format!("customType_{i}");
    let document_type = match text.get(&type_field).map(|s| s.trim()) {
        None | Some("") => return Err(AppError::field(&type_field, "select_document_type")),
        Some(t) => {
            DocumentType::parse(t).ok_or_else(|| AppError::field(&type_field, "choose_one_listed_document_types"))?
        }
    };
    let custom = text.get(&custom_field).map(|s| s.trim()).filter(|s| !s.is_empty());
    let custom_type = match (document_type, custom) {
        (DocumentType::Custom, None) => {
            return Err(AppError::field(&custom_field, "enter_name_custom_document"));
        }
        (DocumentType::Custom, Some(c)) if c.chars().count() > 100 => {
            return Err(AppError::field(&custom_field, "custom_documents_name_most_100"));
        }
        (DocumentType::Custom, Some(c)) => Some(c.to_owned()),
        (_, Some(_)) => {
            return Err(AppError::field(&custom_field, "custom_document_custom_name"));
        }
        (_, None) => None,
    };
    Ok(NewDocument { file, document_type, custom_type })
}
