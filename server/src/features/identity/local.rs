//! The local provider's hosted page (`REGISTRY_IDENTITY=local`), behaving
//! like the real provider's test mode: the person uploads a photo of an
//! identity document (JPEG or PNG, checked by its bytes) and chooses the
//! test outcome; the result arrives a few seconds later.

use axum::extract::Multipart;
use bytes::BytesMut;

use super::model::Report;
use super::service;
use super::store;
use crate::{
    features::auth::IdentityFailure,
    foundation::error::{AppError, AppResult},
    http::hosted_page::{escape, page},
    platform::state::AppState,
};

/// A photo larger than this is refused (phones' photos are well below it).
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;
/// The route's body limit: the photo and the form around it.
pub const BODY_LIMIT: usize = MAX_PHOTO_BYTES + 64 * 1024;

const OUTCOMES: [(&str, &str); 6] = [
    ("verified", "Verified"),
    ("document_expired", "Failure: document expired"),
    ("selfie_mismatch", "Failure: selfie mismatch"),
    ("document_unreadable", "Failure: document unreadable"),
    ("document_type_unsupported", "Failure: document type not accepted"),
    ("canceled", "Cancel the check"),
];

const NOTE: &str = "Test mode: this page stands in for the identity provider's hosted check. The photo is deleted \
     as soon as the result is decided.";

/// The page for a session that waits for its document, or a note that it
/// does not.
pub async fn page_for(state: &AppState, session: &str) -> AppResult<String> {
    let status = store::local_session_status(&state.db, session).await?;
    let Some(status) = status else {
        return Err(AppError::NotFound("verification_session_not_found".into()));
    };
    if status != "created" {
        return Ok(page(
            "Verify your identity",
            "<p>This verification session has already been submitted or has ended.</p>",
            NOTE,
        ));
    }
    let options = OUTCOMES.iter().fold(String::new(), |mut html, (value, label)| {
        use std::fmt::Write;
        let _ = write!(html, r#"<option value="{value}">{}</option>"#, escape(label));
        html
    });
    let action = format!("/identity/local/{}", escape(session));
    let body = format!(
        r#"<p>Upload a photo of your passport, identity card or driving licence (JPEG or PNG, at most 10 MB).</p>
<form method="post" action="{action}" enctype="multipart/form-data">
<label for="name">Your full name, as printed on the document</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200">
<label for="document">Photo of your identity document</label>
<input id="document" name="document" type="file" accept="image/jpeg,image/png" required>
<label for="outcome">Test outcome</label>
<select id="outcome" name="outcome">{options}</select>
<div class="actions"><button type="submit">Submit for verification</button></div>
</form>"#
    );
    Ok(page("Verify your identity", &body, NOTE))
}

/// Read the form (the photo checked as it arrives), store the photo and
/// hand the session to the decision worker; answers where to send the browser.
pub async fn submit(state: &AppState, session: &str, mut form: Multipart) -> AppResult<String> {
    let bad = |message: &'static str| AppError::bad_request("invalid_form", message);
    let mut photo: Option<bytes::Bytes> = None;
    let mut outcome: Option<String> = None;
    let mut name: Option<String> = None;
    while let Some(mut field) = form.next_field().await.map_err(|_| bad("identity_form_unreadable"))? {
        match field.name() {
            Some("document") => {
                let mut bytes = BytesMut::new();
                while let Some(chunk) = field.chunk().await.map_err(|_| bad("identity_form_unreadable"))? {
                    if bytes.len() + chunk.len() > MAX_PHOTO_BYTES {
                        return Err(AppError::Status {
                            status: axum::http::StatusCode::PAYLOAD_TOO_LARGE,
                            code: "too_large",
                            message: "identity_photo_too_large".into(),
                        });
                    }
                    bytes.extend_from_slice(&chunk);
                }
                photo = Some(bytes.freeze());
            }
            Some("name") => {
                name = Some(field.text().await.map_err(|_| bad("identity_form_unreadable"))?);
            }
            Some("outcome") => {
                outcome = Some(field.text().await.map_err(|_| bad("identity_form_unreadable"))?);
            }
            _ => {}
        }
    }
    let photo = photo.filter(|p| !p.is_empty()).ok_or_else(|| bad("choose_photo_identity_document"))?;
    if !(photo.starts_with(&[0xFF, 0xD8, 0xFF]) || photo.starts_with(b"\x89PNG\r\n\x1a\n")) {
        return Err(AppError::Status {
            status: axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
            code: "unsupported_file",
            message: "photo_jpeg_png_image".into(),
        });
    }
    let report = match outcome.as_deref() {
        Some("verified") => Report::Verified,
        Some(other) => Report::Failed(IdentityFailure::parse(other).ok_or_else(|| bad("choose_test_outcome"))?),
        None => return Err(bad("choose_test_outcome")),
    };
    // The provider reads the name off the document; here the person types it.
    let name = match report {
        Report::Verified => Some(
            crate::domain::OwnerName::parse(name.as_deref().unwrap_or_default())
                .map_err(|_| bad("identity_name_as_on_document"))?,
        ),
        _ => None,
    };
    let key = object_store::path::Path::from(format!("identity/{}", crate::platform::ids::new_secret()));
    crate::platform::storage::put(&state.storage, &key, photo).await?;
    match service::submit_local(
        state,
        session,
        key.as_ref(),
        report,
        name.as_ref().map(crate::domain::OwnerName::as_str),
    )
    .await
    {
        Ok(back) => Ok(back),
        Err(e) => {
            // Nothing refers to the photo: do not keep it.
            if let Err(gone) = crate::platform::storage::delete(&state.storage, &key).await {
                tracing::warn!(error = %format!("{gone:#}"), "deleting a refused identity photo failed");
            }
            Err(e)
        }
    }
}
