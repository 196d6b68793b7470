//! The transfer record: a signed one-page PDF for both parties of a completed
//! sale (vessel, platform ID, date and time, the certificates before and after,
//! both owners' names, the sale price the seller stated), checkable at
//! `/verify/{serial}` like a certificate. French and Dutch sales need a dated
//! record of the sale; this is it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    model::{RecordSource, StoredRecord},
    store,
};
use crate::{
    domain::{PlatformId, TransferRecordSerial},
    features::auth::User,
    features::certificates::{pdf, service::owner_name_hash, service::signature_for_url},
    foundation::error::{AppError, AppResult},
    foundation::i18n::{self, Lang, Msg},
    platform::clock::{now_ms, rfc3339},
    platform::state::AppState,
};

/// The data a transfer record signs, in this field order, as compact JSON.
/// Names appear as hashes of the platform ID and the folded name printed,
/// as on certificates.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignedRecord {
    version: u8,
    serial: String,
    transfer_id: String,
    platform_id: String,
    name: Option<String>,
    make: String,
    model: String,
    completed_at: String,
    previous_owner_name_sha256: String,
    new_owner_name_sha256: String,
    sale_price_cents: Option<i64>,
    currency: String,
    certificate_before: Option<String>,
    certificate_after: Option<String>,
}

pub struct IssuedRecord {
    pub serial: String,
    pub pdf: Vec<u8>,
}

fn not_found() -> AppError {
    AppError::NotFound("transfer_not_found".into())
}

/// The record of a completed transfer, for its seller or its new owner: the
/// one issued at the first download, or a new one.
#[tracing::instrument(skip_all, fields(transfer = %transfer_id, user = %user.id))]
pub async fn record(state: &AppState, user: &User, transfer_id: &str, lang: Lang) -> AppResult<IssuedRecord> {
    let row = store::record_source(&state.db, transfer_id).await?.ok_or_else(not_found)?;
    let (seller, buyer) = (row.from_user_id.clone(), row.to_user_id.clone());
    // Its two parties only: a number's later holder must not learn who
    // received vessels on it, nor for how much.
    if seller != user.id && buyer.as_deref() != Some(user.id.as_str()) {
        return Err(not_found());
    }
    // A vessel given back to its seller after an unclaimed sale changed no hands: no record.
    let (Some(completed_at), Some(buyer)) =
        (row.completed_at.filter(|_| row.status == "completed"), buyer.filter(|b| *b != seller))
    else {
        return Err(AppError::Conflict("transfer_record_after_completion".into()));
    };
    let existing = store::record_of_transfer(&state.db, transfer_id).await?;
    let StoredRecord { serial, payload, signature, seller_name, buyer_name } = match existing {
        Some(r) => r,
        None => issue(state, transfer_id, row, &seller, &buyer, completed_at).await?,
    };
    let signed: SignedRecord = serde_json::from_str(&payload).map_err(anyhow::Error::from)?;
    let pdf = render(state, &signed, seller_name.as_deref(), buyer_name.as_deref(), &signature, lang).await?;
    Ok(IssuedRecord { serial, pdf })
}

async fn issue(
    state: &AppState,
    transfer_id: &str,
    row: RecordSource,
    seller: &str,
    buyer: &str,
    completed_at: i64,
) -> AppResult<StoredRecord> {
    let platform_id = PlatformId::display_stored(row.platform_id);
    // The certificates either side of the sale: the seller's last before it,
    // the new owner's first after it (none yet if they have not downloaded one).
    let before = store::certificate_before(&state.db, &row.vessel_id, seller, completed_at).await?;
    let after = store::certificate_after(&state.db, &row.vessel_id, buyer, completed_at).await?;
    let (seller_name, buyer_name) = (row.seller_name, row.buyer_name);
    let serial = TransferRecordSerial::of_new_id(&crate::platform::ids::new_id());
    let signed = SignedRecord {
        version: 1,
        serial: serial.as_str().to_owned(),
        transfer_id: transfer_id.to_owned(),
        platform_id: platform_id.clone(),
        name: row.name,
        make: row.make,
        model: row.model,
        completed_at: rfc3339(completed_at),
        previous_owner_name_sha256: owner_name_hash(2, &platform_id, seller_name.as_deref().unwrap_or_default()),
        new_owner_name_sha256: owner_name_hash(2, &platform_id, buyer_name.as_deref().unwrap_or_default()),
        sale_price_cents: row.sale_price_cents,
        currency: crate::domain::fees::CURRENCY.to_owned(),
        certificate_before: before,
        certificate_after: after,
    };
    let payload = serde_json::to_string(&signed).map_err(anyhow::Error::from)?;
    let signature = state.signer.sign(payload.as_bytes());
    let record = StoredRecord { serial: serial.as_str().to_owned(), payload, signature, seller_name, buyer_name };
    // Two first downloads at once agree on one record: the transfer is unique.
    let inserted = store::insert_record_if_none(&state.db, transfer_id, &record, now_ms()).await?;
    if inserted == 0 {
        // The other download's record, issued meanwhile.
        return Ok(store::record_of_transfer(&state.db, transfer_id).await?.ok_or(sqlx::Error::RowNotFound)?);
    }
    Ok(record)
}

async fn render(
    state: &AppState,
    signed: &SignedRecord,
    seller_name: Option<&str>,
    buyer_name: Option<&str>,
    signature: &str,
    lang: Lang,
) -> AppResult<Vec<u8>> {
    let verify_url = state.config.link(&format!("/verify/{}", signed.serial));
    let not_given = || i18n::text(lang, "pdf.name_not_given");
    let or_dash = |v: Option<&String>| v.cloned().unwrap_or_else(|| "—".to_owned());
    let completed = time::OffsetDateTime::parse(&signed.completed_at, &time::format_description::well_known::Rfc3339)
        .map(|t| i64::try_from(t.unix_timestamp_nanos() / 1_000_000).unwrap_or_default())
        .unwrap_or_default();
    let rows = vec![
        (i18n::text(lang, "pdf.vessel_name"), or_dash(signed.name.as_ref())),
        (i18n::text(lang, "pdf.make_and_model"), format!("{} {}", signed.make, signed.model)),
        (i18n::text(lang, "pdf.platform_id"), signed.platform_id.clone()),
        (i18n::text(lang, "pdf.transferred_at"), i18n::date_time(lang, completed)),
        (i18n::text(lang, "pdf.previous_owner"), seller_name.map_or_else(not_given, str::to_owned)),
        (i18n::text(lang, "pdf.new_owner"), buyer_name.map_or_else(not_given, str::to_owned)),
        (
            i18n::text(lang, "pdf.sale_price"),
            signed
                .sale_price_cents
                .map_or_else(|| i18n::text(lang, "pdf.sale_price_not_stated"), |c| i18n::euros(lang, c)),
        ),
        (i18n::text(lang, "pdf.certificate_before"), or_dash(signed.certificate_before.as_ref())),
        (
            i18n::text(lang, "pdf.certificate_after"),
            signed.certificate_after.clone().unwrap_or_else(|| i18n::text(lang, "pdf.certificate_not_yet_issued")),
        ),
        (i18n::text(lang, "pdf.record_serial"), signed.serial.clone()),
    ];
    let content = pdf::Content {
        registry: i18n::text(lang, "pdf.registry"),
        title: i18n::text(lang, "pdf.transfer_record_title"),
        platform_id: signed.platform_id.clone(),
        sections: vec![pdf::Section { heading: None, rows }],
        qr: Some(format!("{verify_url}#sig={}", signature_for_url(signature))),
        footer: vec![
            i18n::text(lang, "pdf.check_this"),
            verify_url,
            i18n::text(lang, "pdf.signed_with"),
            i18n::text(lang, "pdf.public_key"),
            i18n::text(lang, "pdf.record_not_contract"),
            Msg::new("pdf.disputes").arg("email", state.config.support_email.as_str()).render(lang),
        ],
    };
    pdf::render_on(&state.cpu, content).await
}

/// A transfer record as anyone checks it by its serial: what it says, and
/// whether the registry's signature over it holds. Names only as hashes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferRecordCheck {
    pub valid: bool,
    pub serial: String,
    pub platform_id: String,
    pub name: Option<String>,
    pub make: String,
    pub model: String,
    /// When the vessel changed hands, RFC 3339.
    pub transferred_at: String,
    /// In cents of `currency`; null when the seller stated none.
    pub sale_price_cents: Option<i64>,
    pub currency: String,
    pub certificate_before: Option<String>,
    pub certificate_after: Option<String>,
    pub support_email: String,
    /// The signed data, exactly as signed (compact JSON, UTF-8).
    pub signed_data: String,
    /// Its Ed25519 signature, base64.
    pub signature: String,
}

#[tracing::instrument(skip_all, fields(serial = %serial.as_str()))]
pub async fn check(state: &AppState, serial: &TransferRecordSerial) -> AppResult<TransferRecordCheck> {
    let (payload, signature) = store::signed_record(&state.db, serial.as_str())
        .await?
        .ok_or_else(|| AppError::NotFound("no_transfer_record_serial".into()))?;
    let signed: SignedRecord = serde_json::from_str(&payload).map_err(anyhow::Error::from)?;
    let valid = signed.serial == serial.as_str() && state.signer.verifies(payload.as_bytes(), &signature);
    Ok(TransferRecordCheck {
        valid,
        serial: signed.serial,
        platform_id: signed.platform_id,
        name: signed.name,
        make: signed.make,
        model: signed.model,
        transferred_at: signed.completed_at,
        sale_price_cents: signed.sale_price_cents,
        currency: signed.currency,
        certificate_before: signed.certificate_before,
        certificate_after: signed.certificate_after,
        support_email: state.config.support_email.clone(),
        signed_data: payload,
        signature,
    })
}
