//! Documents as stored and as the API shows them, and what a file's bytes
//! say it is.

use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use utoipa::ToSchema;

use crate::platform::clock::rfc3339;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum DocumentType {
    ProofOfPurchase,
    RegistrationDocument,
    Invoice,
    OtherProof,
    Custom,
}

impl DocumentType {
    pub const ALL: [Self; 5] =
        [Self::ProofOfPurchase, Self::RegistrationDocument, Self::Invoice, Self::OtherProof, Self::Custom];

    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn parse(s: &str) -> Option<Self> {
        s.parse().ok()
    }
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ReviewStatus {
    Pending,
    Verified,
    Rejected,
}

impl ReviewStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The kinds of file accepted, decided by their first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
}

impl FileKind {
    /// What the bytes are, whatever the name says. A PDF must begin with its
    /// header (readers tolerate junk before it; we do not, so an HTML page
    /// with a PDF inside is refused).
    pub fn sniff(head: &[u8]) -> Option<Self> {
        if head.starts_with(b"%PDF-") {
            Some(Self::Pdf)
        } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
            Some(Self::Png)
        } else {
            None
        }
    }

    /// The kind a file name's extension promises.
    pub fn of_name(name: &str) -> Option<Self> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "pdf" => Some(Self::Pdf),
            "jpg" | "jpeg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
        }
    }

    /// A complete file of this kind ends as the format requires: a PDF's
    /// `%%EOF` near its end, a PNG's IEND chunk, a JPEG's end-of-image
    /// marker. (Some writers add a line break or padding after them.)
    pub fn ends_well(self, tail: &[u8]) -> bool {
        match self {
            Self::Pdf => tail.windows(5).any(|w| w == b"%%EOF"),
            Self::Png => tail.windows(8).any(|w| w == b"IEND\xAE\x42\x60\x82"),
            Self::Jpeg => tail.windows(2).any(|w| w == [0xFF, 0xD9]),
        }
    }
}

/// A file name fit to show: no directories, no control or markup
/// characters, at most 120 characters.
pub fn display_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let clean: String = base
        .chars()
        .filter(|c| {
            !c.is_control()
                && !matches!(c, '<' | '>' | '"' | '\'' | '`' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    let clean = clean.trim();
    let clean = shortened(clean, 120);
    if clean.is_empty() { "document".into() } else { clean }
}

/// `name` cut to `max` characters, its extension kept: the kind of a file
/// is read from its extension, so a long name cut at the end would turn a
/// PDF into an unsupported file.
fn shortened(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        return name.to_owned();
    }
    let extension = name.rsplit_once('.').map(|(_, ext)| ext).filter(|ext| (1..=10).contains(&ext.chars().count()));
    match extension {
        Some(ext) => {
            let stem: String = name.chars().take(max - ext.chars().count() - 1).collect();
            format!("{}.{ext}", stem.trim_end())
        }
        None => name.chars().take(max).collect(),
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    pub id: String,
    pub vessel_id: String,
    pub document_type: DocumentType,
    /// The owner's name for a `custom` document.
    pub custom_type: Option<String>,
    /// The uploaded file's name, cleaned for display (never a storage key).
    pub file_name: String,
    pub size_bytes: i64,
    /// SHA-256 of the file, hexadecimal.
    pub sha256: String,
    pub content_type: String,
    pub uploaded_at: String,
    pub review_status: ReviewStatus,
    /// Why it was rejected (for its owner).
    pub review_reason: Option<String>,
    pub reviewed_at: Option<String>,
    /// Uploaded in an earlier ownership period (by a previous owner): kept with the vessel's
    /// record for administrators, not counted for the current owner.
    pub previous_owner: bool,
}

/// A previous owner's document as the current owner sees it: that it exists, never its file.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviousOwnerDocument {
    pub document_type: DocumentType,
    pub custom_type: Option<String>,
    pub uploaded_at: String,
    pub review_status: ReviewStatus,
}

impl From<Document> for PreviousOwnerDocument {
    fn from(d: Document) -> Self {
        Self {
            document_type: d.document_type,
            custom_type: d.custom_type,
            uploaded_at: d.uploaded_at,
            review_status: d.review_status,
        }
    }
}

pub const DOCUMENT_COLUMNS: &str = "d.id, d.vessel_id, d.document_type, d.custom_type, d.original_name, d.size_bytes, \
     d.sha256, d.content_type, d.uploaded_at, d.review_status, d.review_reason, d.reviewed_at, d.object_key, \
     CAST(CASE WHEN EXISTS (SELECT 1 FROM ownership_history h \
                            WHERE h.id = d.ownership_id AND h.transferred_out_at IS NULL) \
          THEN 0 ELSE 1 END AS BIGINT) AS previous_owner";

/// A document's row as [`DOCUMENT_COLUMNS`] reads it.
#[derive(sqlx::FromRow)]
pub struct DocumentRow {
    pub id: String,
    pub vessel_id: String,
    pub document_type: String,
    pub custom_type: Option<String>,
    pub original_name: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub content_type: String,
    pub uploaded_at: i64,
    pub review_status: String,
    pub review_reason: Option<String>,
    pub reviewed_at: Option<i64>,
    pub previous_owner: i64,
}

impl TryFrom<DocumentRow> for Document {
    type Error = sqlx::Error;

    fn try_from(r: DocumentRow) -> sqlx::Result<Self> {
        Ok(Self {
            id: r.id,
            vessel_id: r.vessel_id,
            document_type: crate::platform::db::stored::<DocumentType>(&r.document_type)?,
            custom_type: r.custom_type,
            file_name: r.original_name,
            size_bytes: r.size_bytes,
            sha256: r.sha256,
            content_type: r.content_type,
            uploaded_at: rfc3339(r.uploaded_at),
            review_status: crate::platform::db::stored::<ReviewStatus>(&r.review_status)?,
            review_reason: r.review_reason,
            reviewed_at: r.reviewed_at.map(rfc3339),
            previous_owner: r.previous_owner == 1,
        })
    }
}

/// A row read with [`DOCUMENT_COLUMNS`] (other columns beside them are left alone).
impl sqlx::FromRow<'_, AnyRow> for Document {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        <DocumentRow as sqlx::FromRow<'_, AnyRow>>::from_row(r)?.try_into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_file_name_keeps_its_extension() {
        let long = format!("{}.pdf", "survey ".repeat(30));
        let shown = display_name(&long);
        assert_eq!(shown.chars().count(), 120);
        assert_eq!(shown.rsplit_once('.').map(|(_, ext)| ext), Some("pdf"), "{shown}");
        assert_eq!(FileKind::of_name(&shown), Some(FileKind::Pdf));
        let no_extension = "x".repeat(200);
        assert_eq!(display_name(&no_extension).chars().count(), 120);
    }

    #[test]
    fn the_bytes_decide_the_kind_and_the_name_must_agree() {
        assert_eq!(FileKind::sniff(b"%PDF-1.7\n"), Some(FileKind::Pdf));
        assert_eq!(FileKind::sniff(b"<html><body>%PDF-1.7"), None, "a PDF header later in the file is not enough");
        assert_eq!(FileKind::sniff(b"<svg xmlns="), None);
        assert_eq!(FileKind::sniff(b"#!/bin/sh\n"), None);
        assert_eq!(FileKind::of_name("Bill of sale.PDF"), Some(FileKind::Pdf));
        assert_eq!(FileKind::of_name("photo.jpeg"), Some(FileKind::Jpeg));
        assert_eq!(FileKind::of_name("page.html"), None);
        assert_eq!(FileKind::of_name("noextension"), None);
    }

    #[test]
    fn names_are_cleaned_for_display() {
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\\\Users\\\\me\\\\bill.pdf"), "bill.pdf");
        assert_eq!(display_name("<script>x.pdf"), "scriptx.pdf");
        assert_eq!(display_name("\u{202E}fdp.exe"), "fdp.exe");
        assert_eq!(display_name("   "), "document");
    }
}
