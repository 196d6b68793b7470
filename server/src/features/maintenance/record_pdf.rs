//! The 'Vessel record' PDF for the current owner: the particulars (as the
//! certificate prints them), the anonymised ownership history with its
//! chain head, the documents with their review status, and the value &
//! maintenance record. Composed from those features' own services.

use axum::{
    Router,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};

use crate::{
    domain::PlatformId,
    features::auth::{CurrentUser, User},
    features::certificates::{pdf, service::particulars},
    features::documents::model::{DocumentType, ReviewStatus},
    features::maintenance::EntryKind,
    foundation::error::{AppError, AppResult, ErrorBody},
    foundation::i18n::{self, Lang},
    http::extract::PlatformIdPath,
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/vessels/{id}/record.pdf", get(record_pdf))
}

#[utoipa::path(get, path = "/api/vessels/{id}/record.pdf", tag = "record",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, description = "The vessel record (PDF)", content_type = "application/pdf"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn record_pdf(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
) -> AppResult<Response> {
    let bytes = render(&state, &me.user, &id, i18n::current()).await?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"vessel-record-{}.pdf\"", id.compact())) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

#[tracing::instrument(skip_all, fields(vessel = %id, user = %user.id))]
async fn render(state: &AppState, user: &User, id: &PlatformId, lang: Lang) -> AppResult<Vec<u8>> {
    let owner = super::store::vessel_owner_by_platform_id(&state.db, id.compact())
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if owner.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_download_record".into()));
    }
    let detail = crate::features::vessels::service::detail(state, Some(user), id).await?;
    let chain = crate::features::vessels::service::verify_history(state, Some(user), id).await?;
    let documents = crate::features::documents::service::list(state, user, id).await?;
    let record = crate::features::maintenance::service::record(state, user, id).await?;

    let history = detail
        .ownership_history
        .iter()
        .map(|e| {
            let who = if e.transferred_out_at.is_none() {
                i18n::text(lang, "pdf.current_owner")
            } else {
                i18n::text(lang, "pdf.previous_owner")
            };
            let until =
                e.transferred_out_at.as_deref().map_or_else(|| i18n::text(lang, "pdf.present"), |t| day(lang, t));
            (who, format!("{} – {until}", day(lang, &e.acquired_at)))
        })
        .chain([
            (i18n::text(lang, "pdf.history_head"), chain.head_hash.clone().unwrap_or_else(|| "—".into())),
            (
                i18n::text(lang, "pdf.chain_check"),
                if chain.valid { i18n::text(lang, "pdf.chain_verified") } else { i18n::text(lang, "pdf.chain_broken") },
            ),
        ])
        .collect();
    let document_rows = if documents.is_empty() {
        vec![(String::new(), i18n::text(lang, "pdf.no_documents"))]
    } else {
        documents
            .iter()
            .map(|d| {
                let kind = d.custom_type.clone().unwrap_or_else(|| document_type(d.document_type, lang));
                (
                    kind,
                    format!(
                        "{} ({}, {})",
                        d.file_name,
                        review_status(d.review_status, lang),
                        day(lang, &d.uploaded_at)
                    ),
                )
            })
            .collect()
    };
    let mut record_rows: Vec<(String, String)> = record
        .entries
        .iter()
        .map(|e| {
            let amount = e.amount_cents.map(|c| format!(" — {}", i18n::euros(lang, c))).unwrap_or_default();
            let author = if e.by_current_owner { String::new() } else { i18n::text(lang, "pdf.by_previous_owner") };
            let date = day(lang, &format!("{}T00:00:00Z", e.date));
            (format!("{date} {}", entry_kind(e.kind, lang)), format!("{}{amount}{author}", e.description))
        })
        .collect();
    record_rows.push((
        i18n::text(lang, "pdf.latest_valuation"),
        record.latest_valuation_cents.map_or("—".into(), |c| i18n::euros(lang, c)),
    ));
    record_rows.push((i18n::text(lang, "pdf.total_spent"), i18n::euros(lang, record.total_spent_cents)));

    let content = pdf::Content {
        registry: i18n::text(lang, "pdf.registry"),
        title: i18n::text(lang, "pdf.record_title"),
        platform_id: detail.vessel.platform_id.clone(),
        sections: vec![
            pdf::Section {
                heading: Some(i18n::text(lang, "pdf.particulars")),
                rows: particulars(&detail.vessel, lang),
            },
            pdf::Section { heading: Some(i18n::text(lang, "pdf.ownership_history")), rows: history },
            pdf::Section { heading: Some(i18n::text(lang, "pdf.documents")), rows: document_rows },
            pdf::Section { heading: Some(i18n::text(lang, "pdf.record")), rows: record_rows },
        ],
        qr: None,
        footer: vec![format!(
            "{} {}",
            i18n::short_date(lang, crate::platform::clock::now_ms()),
            i18n::text(lang, "pdf.generated")
        )],
    };
    pdf::render_on(&state.cpu, content).await
}

/// The day of an RFC 3339 time as the reader's language writes it; the text itself if it is not one.
fn day(lang: Lang, rfc3339: &str) -> String {
    time::OffsetDateTime::parse(rfc3339, &time::format_description::well_known::Rfc3339).map_or_else(
        |_| rfc3339.get(..10).unwrap_or(rfc3339).to_owned(),
        |t| i18n::short_date(lang, i64::try_from(t.unix_timestamp_nanos() / 1_000_000).unwrap_or_default()),
    )
}

fn document_type(kind: DocumentType, lang: Lang) -> String {
    match kind {
        DocumentType::ProofOfPurchase => i18n::text(lang, "pdf.document_proof_of_purchase"),
        DocumentType::RegistrationDocument => i18n::text(lang, "pdf.document_registration_document"),
        DocumentType::Invoice => i18n::text(lang, "pdf.document_invoice"),
        DocumentType::OtherProof => i18n::text(lang, "pdf.document_other_proof"),
        DocumentType::Custom => i18n::text(lang, "pdf.document_custom"),
    }
}

fn review_status(status: ReviewStatus, lang: Lang) -> String {
    match status {
        ReviewStatus::Pending => i18n::text(lang, "pdf.review_pending"),
        ReviewStatus::Verified => i18n::text(lang, "pdf.review_verified"),
        ReviewStatus::Rejected => i18n::text(lang, "pdf.review_rejected"),
    }
}

fn entry_kind(kind: EntryKind, lang: Lang) -> String {
    match kind {
        EntryKind::Service => i18n::text(lang, "pdf.entry_service"),
        EntryKind::Repair => i18n::text(lang, "pdf.entry_repair"),
        EntryKind::Survey => i18n::text(lang, "pdf.entry_survey"),
        EntryKind::Valuation => i18n::text(lang, "pdf.entry_valuation"),
        EntryKind::Upgrade => i18n::text(lang, "pdf.entry_upgrade"),
        EntryKind::Other => i18n::text(lang, "pdf.entry_other"),
    }
}
