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
use sqlx::Row;

use crate::{
    app::AppState,
    auth::{CurrentUser, User},
    certificates::{
        pdf,
        service::particulars,
        wording::{Key, Lang},
    },
    domain::PlatformId,
    error::{AppError, AppResult, ErrorBody},
    http::extract::PlatformIdPath,
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
    headers: axum::http::HeaderMap,
) -> AppResult<Response> {
    let lang = Lang::from_accept_language(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    let bytes = render(&state, &me.user, &id, lang).await?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"vessel-record-{}.pdf\"", id.compact())) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

/// Amounts as the English receipt writes them (the record's figures are not localised yet).
fn euros(cents: i64) -> String {
    crate::i18n::euros(crate::i18n::Lang::En, cents)
}

#[tracing::instrument(skip_all, fields(vessel = %id, user = %user.id))]
async fn render(state: &AppState, user: &User, id: &PlatformId, lang: Lang) -> AppResult<Vec<u8>> {
    let owner = sqlx::query("SELECT owner_user_id FROM vessels WHERE platform_id = $1")
        .bind(id.compact())
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if owner.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_download_record".into()));
    }
    let detail = crate::vessels::service::detail(state, Some(user), id).await?;
    let chain = crate::vessels::service::verify_history(state, Some(user), id).await?;
    let documents = crate::documents::service::list(state, user, id).await?;
    let record = crate::maintenance::service::record(state, user, id).await?;

    let history = detail
        .ownership_history
        .iter()
        .map(|e| {
            let who = lang.t(if e.transferred_out_at.is_none() { Key::CurrentOwner } else { Key::PreviousOwner });
            let until = e.transferred_out_at.as_deref().map_or(lang.t(Key::Present), |t| &t[..10]);
            (who.to_owned(), format!("{} – {until}", &e.acquired_at[..10]))
        })
        .chain([
            (lang.t(Key::HistoryHead).to_owned(), chain.head_hash.clone().unwrap_or_else(|| "—".into())),
            (
                lang.t(Key::ChainCheck).to_owned(),
                lang.t(if chain.valid { Key::ChainVerified } else { Key::ChainBroken }).to_owned(),
            ),
        ])
        .collect();
    let document_rows = if documents.is_empty() {
        vec![(String::new(), lang.t(Key::NoDocuments).to_owned())]
    } else {
        documents
            .iter()
            .map(|d| {
                let kind = d.custom_type.clone().unwrap_or_else(|| d.document_type.label().to_owned());
                (kind, format!("{} ({}, {})", d.file_name, d.review_status.as_str(), &d.uploaded_at[..10]))
            })
            .collect()
    };
    let mut record_rows: Vec<(String, String)> = record
        .entries
        .iter()
        .map(|e| {
            let amount = e.amount_cents.map(|c| format!(" — {}", euros(c))).unwrap_or_default();
            let author = if e.by_current_owner { "" } else { lang.t(Key::ByPreviousOwner) };
            (format!("{} {}", e.date, e.kind.as_str()), format!("{}{amount}{author}", e.description))
        })
        .collect();
    record_rows
        .push((lang.t(Key::LatestValuation).to_owned(), record.latest_valuation_cents.map_or("—".into(), euros)));
    record_rows.push((lang.t(Key::TotalSpent).to_owned(), euros(record.total_spent_cents)));

    let content = pdf::Content {
        registry: lang.t(Key::Registry),
        title: lang.t(Key::RecordTitle),
        platform_id: &detail.vessel.platform_id,
        sections: vec![
            pdf::Section { heading: Some(lang.t(Key::Particulars).into()), rows: particulars(&detail.vessel, lang) },
            pdf::Section { heading: Some(lang.t(Key::OwnershipHistory).into()), rows: history },
            pdf::Section { heading: Some(lang.t(Key::Documents).into()), rows: document_rows },
            pdf::Section { heading: Some(lang.t(Key::Record).into()), rows: record_rows },
        ],
        qr: None,
        footer: vec![format!("{} {}", &crate::clock::rfc3339(crate::clock::now_ms())[..10], lang.t(Key::Generated))],
    };
    Ok(pdf::render(&content)?)
}
