//! Reading an upload: the multipart body streamed field by field, each file
//! checked while it arrives (its size against the limit, its first bytes
//! against the kinds accepted), never more than one file's limit held for
//! a file that is refused.

use std::collections::BTreeMap;

use axum::extract::Multipart;
use bytes::{Bytes, BytesMut};
use sha2::{Digest, Sha256};

use super::model::{DocumentType, FileKind, display_name};
use crate::error::{AppError, AppResult};

pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_FILES: usize = 10;
pub const MAX_REQUEST_BYTES: usize = 50 * 1024 * 1024;
/// The route's body limit: the files plus the form's own fields and framing.
pub const BODY_LIMIT: usize = MAX_REQUEST_BYTES + 256 * 1024;

/// One file, read whole and checked.
pub struct IncomingFile {
    pub file_name: String,
    pub kind: FileKind,
    pub bytes: Bytes,
    pub sha256: String,
}

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

fn too_large(message: String) -> AppError {
    AppError::Status { status: axum::http::StatusCode::PAYLOAD_TOO_LARGE, code: "too_large", message }
}

fn unsupported(name: &str) -> AppError {
    AppError::Status {
        status: axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
        code: "unsupported_file",
        message: format!(
            "{name}: only PDF, JPEG and PNG files are accepted, and the file's contents must match its name."
        ),
    }
}

fn multipart_error(e: &axum::extract::multipart::MultipartError) -> AppError {
    let status = e.status();
    if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        too_large("The upload is too large: at most 10 files of 10 MB each, 50 MB in all.".into())
    } else {
        // The body arrived but its form cannot be read: unprocessable, like
        // any other content the server understands but cannot use.
        AppError::Status {
            status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            code: "bad_multipart",
            message: "The upload could not be read as a form.".into(),
        }
    }
}

/// Read the whole form. `authorize` is called with the vessel id as soon as
/// it is known, before any file is kept, so a stranger's files are dropped
/// as they arrive.
pub async fn read<F, Fut>(mut form: Multipart, authorize: F) -> AppResult<Upload>
where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = AppResult<()>>,
{
    let mut vessel_id: Option<String> = None;
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
                refusal = Some(Refusal(too_large(format!("At most {MAX_FILES} files can be uploaded at once."))));
                continue;
            }
            match read_file(&mut field, &file_name, &mut total).await? {
                Ok(file) => files.push(file),
                Err(r) => refusal = Some(r),
            }
            continue;
        }
        let value = field.text().await.map_err(|e| multipart_error(&e))?;
        if value.chars().any(|c| c.is_control() && c != '\n') {
            refusal = Some(Refusal(AppError::field(&name, "This field contains characters that are not allowed.")));
            continue;
        }
        if name == "vesselId" {
            if let Err(e) = authorize(value.clone()).await {
                refusal = Some(Refusal(e));
            }
            vessel_id = Some(value);
        } else {
            text.insert(name, value);
        }
    }
    if let Some(Refusal(e)) = refusal {
        return Err(e);
    }
    let vessel_id = vessel_id.ok_or_else(|| AppError::field("vesselId", "Choose the vessel the documents are for."))?;
    if files.is_empty() {
        return Err(AppError::field("files", "Please add at least one document to upload."));
    }
    let documents =
        files.into_iter().enumerate().map(|(i, file)| typed(i, file, &text)).collect::<AppResult<Vec<_>>>()?;
    Ok(Upload { vessel_id, documents })
}

/// One file's bytes, within the limits, hashed as they arrive; its first
/// bytes must be a kind the name promises.
async fn read_file(
    field: &mut axum::extract::multipart::Field<'_>,
    file_name: &str,
    total: &mut usize,
) -> AppResult<Result<IncomingFile, Refusal>> {
    let promised = FileKind::of_name(file_name);
    let mut buffer = BytesMut::new();
    let mut hasher = Sha256::new();
    let mut refused: Option<Refusal> = None;
    let mut sniffed = false;
    while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(&e))? {
        if refused.is_some() {
            continue;
        }
        *total += chunk.len();
        if buffer.len() + chunk.len() > MAX_FILE_BYTES {
            refused = Some(Refusal(too_large(format!("{file_name}: a file can be at most 10 MB."))));
            buffer = BytesMut::new();
            continue;
        }
        if *total > MAX_REQUEST_BYTES {
            refused = Some(Refusal(too_large("The upload is too large: at most 50 MB in all.".into())));
            buffer = BytesMut::new();
            continue;
        }
        hasher.update(&chunk);
        buffer.extend_from_slice(&chunk);
        // Decide as soon as the first bytes are in, not after the whole file.
        if !sniffed && buffer.len() >= 8 {
            sniffed = true;
            if FileKind::sniff(&buffer).is_none_or(|kind| Some(kind) != promised) {
                refused = Some(Refusal(unsupported(file_name)));
                buffer = BytesMut::new();
            }
        }
    }
    if let Some(r) = refused {
        return Ok(Err(r));
    }
    let kind = match FileKind::sniff(&buffer) {
        Some(kind) if Some(kind) == promised => kind,
        _ => return Ok(Err(Refusal(unsupported(file_name)))),
    };
    let tail = &buffer[buffer.len().saturating_sub(1024)..];
    if !kind.ends_well(tail) {
        return Ok(Err(Refusal(unsupported(file_name))));
    }
    Ok(Ok(IncomingFile {
        file_name: file_name.to_owned(),
        kind,
        bytes: buffer.freeze(),
        sha256: crate::ids::to_hex(&hasher.finalize()),
    }))
}

impl IncomingFile {
    /// A whole file in memory (demo data), checked as an upload would be.
    pub fn whole(file_name: &str, bytes: Bytes) -> Option<Self> {
        let kind = FileKind::sniff(&bytes)?;
        kind.ends_well(&bytes[bytes.len().saturating_sub(1024)..]).then(|| Self {
            file_name: file_name.to_owned(),
            kind,
            sha256: crate::ids::to_hex(&Sha256::digest(&bytes)),
            bytes,
        })
    }
}

/// The type the form gave file `i`, and its custom name when `custom`.
fn typed(i: usize, file: IncomingFile, text: &BTreeMap<String, String>) -> AppResult<NewDocument> {
    let type_field = format!("documentType_{i}");
    let custom_field = format!("customType_{i}");
    let document_type = match text.get(&type_field).map(|s| s.trim()) {
        None | Some("") => return Err(AppError::field(&type_field, "Please select a document type")),
        Some(t) => DocumentType::parse(t)
            .ok_or_else(|| AppError::field(&type_field, "Choose one of the listed document types."))?,
    };
    let custom = text.get(&custom_field).map(|s| s.trim()).filter(|s| !s.is_empty());
    let custom_type = match (document_type, custom) {
        (DocumentType::Custom, None) => {
            return Err(AppError::field(&custom_field, "Enter a name for the custom document."));
        }
        (DocumentType::Custom, Some(c)) if c.chars().count() > 100 => {
            return Err(AppError::field(&custom_field, "A custom document's name can be at most 100 characters."));
        }
        (DocumentType::Custom, Some(c)) => Some(c.to_owned()),
        (_, Some(_)) => {
            return Err(AppError::field(&custom_field, "Only a custom document has a custom name."));
        }
        (_, None) => None,
    };
    Ok(NewDocument { file, document_type, custom_type })
}
