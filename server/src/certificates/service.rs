//! Issuing certificates and checking them. A certificate is the vessel's
//! particulars at issue, signed; the PDF shows them with a QR code for the
//! public check, which says whether the signature holds and whether the
//! certificate is still current (no ownership event since).

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{FromRow, Row};
use utoipa::ToSchema;

use super::pdf;
use crate::{
    app::AppState,
    auth::User,
    clock::{now_ms, rfc3339},
    domain::PlatformId,
    error::{AppError, AppResult},
    i18n::{self, Lang},
    ids::to_hex,
    vessels::model::{VESSEL_COLUMNS, Vessel, VesselIdentifiers, VesselStatus},
};

/// The data a certificate signs, in this field order, serialised as compact
/// JSON (docs/CERTIFICATES.md). The owner appears only as a hash of the
/// platform ID and the name printed on the certificate, so the public check
/// reveals no one's name while a holder can still match the paper.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SignedData<'a> {
    version: u8,
    serial: &'a str,
    platform_id: &'a str,
    name: Option<&'a str>,
    make: &'a str,
    model: &'a str,
    build_year: Option<i64>,
    length_cm: Option<i64>,
    country_code: &'a str,
    cin: Option<&'a str>,
    identifiers: &'a VesselIdentifiers,
    owner_name_sha256: &'a str,
    issued_at: &'a str,
    history_head: &'a str,
}

pub struct Issued {
    pub serial: String,
    pub pdf: Vec<u8>,
}

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

/// The owner's name as the certificate signs it: empty when not set (the
/// page then prints 'Not set' in the reader's language).
fn owner_name(user: &User) -> String {
    user.name.clone().map(|n| n.trim().to_owned()).unwrap_or_default()
}

pub fn owner_name_hash(platform_id: &str, name: &str) -> String {
    to_hex(&Sha256::digest(format!("{platform_id}\n{name}").as_bytes()))
}

async fn history_head(state: &AppState, vessel_id: &str) -> AppResult<String> {
    let head = sqlx::query("SELECT hash FROM ownership_events WHERE vessel_id = $1 ORDER BY sequence DESC LIMIT 1")
        .bind(vessel_id)
        .fetch_optional(&state.db)
        .await?;
    Ok(match head {
        Some(row) => row.try_get("hash")?,
        None => crate::vessels::history_chain::GENESIS.to_owned(),
    })
}

/// The current owner's certificate of an active vessel: the one already
/// issued if nothing has changed since, or a new one.
#[tracing::instrument(skip_all, fields(vessel = %platform_id, user = %user.id))]
pub async fn certificate(state: &AppState, user: &User, platform_id: &PlatformId, lang: Lang) -> AppResult<Issued> {
    let row = sqlx::query(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.platform_id = $1"))
        .bind(platform_id.compact())
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(vessel_not_found)?;
    if row.try_get::<Option<String>, _>("owner_user_id")?.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_download_certificate".into()));
    }
    let vessel = Vessel::from_row(&row)?;
    if vessel.status != VesselStatus::Active {
        return Err(AppError::Conflict("certificate_issued_vessel_registry_not".into()));
    }
    let head = history_head(state, &vessel.id).await?;
    let name = owner_name(user);
    let name_hash = owner_name_hash(&vessel.platform_id, &name);
    let existing = sqlx::query(
        "SELECT serial, issued_at FROM certificates
         WHERE vessel_id = $1 AND owner_user_id = $2 AND history_head = $3 AND owner_name_sha256 = $4
           AND revoked_at IS NULL
         ORDER BY issued_at DESC LIMIT 1",
    )
    .bind(&vessel.id)
    .bind(&user.id)
    .bind(&head)
    .bind(&name_hash)
    .fetch_optional(&state.db)
    .await?;
    let (serial, issued_at) = match existing {
        Some(r) => (r.try_get::<String, _>("serial")?, r.try_get::<i64, _>("issued_at")?),
        None => issue(state, user, &vessel, &head, &name_hash).await?,
    };
    let printed = if name.is_empty() { i18n::text(lang, "pdf.not_set") } else { name };
    let pdf = render(state, &vessel, &printed, &serial, issued_at, &head, lang).await?;
    Ok(Issued { serial, pdf })
}

async fn issue(
    state: &AppState,
    user: &User,
    vessel: &Vessel,
    head: &str,
    name_hash: &str,
) -> AppResult<(String, i64)> {
    let id = crate::ids::new_id();
    // The id's 16 random characters, grouped: ESRC-XXXX-XXXX-XXXX-XXXX.
    let random = &id[10..];
    let serial = format!("ESRC-{}-{}-{}-{}", &random[0..4], &random[4..8], &random[8..12], &random[12..16]);
    let issued_at = now_ms();
    let issued_text = rfc3339(issued_at);
    let data = SignedData {
        version: 1,
        serial: &serial,
        platform_id: &vessel.platform_id,
        name: vessel.name.as_deref(),
        make: &vessel.make,
        model: &vessel.model,
        build_year: vessel.build_year,
        length_cm: vessel.length_cm,
        country_code: &vessel.country_code,
        cin: vessel.cin.as_deref(),
        identifiers: &vessel.identifiers,
        owner_name_sha256: name_hash,
        issued_at: &issued_text,
        history_head: head,
    };
    let payload = serde_json::to_string(&data).map_err(anyhow::Error::from)?;
    let signature = state.signer.sign(payload.as_bytes());
    sqlx::query(
        "INSERT INTO certificates (serial, vessel_id, owner_user_id, payload, signature, history_head, owner_name_sha256,
             issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&serial)
    .bind(&vessel.id)
    .bind(&user.id)
    .bind(&payload)
    .bind(&signature)
    .bind(head)
    .bind(name_hash)
    .bind(issued_at)
    .execute(&state.db)
    .await?;
    Ok((serial, issued_at))
}

/// The vessel's particulars as the certificate and the vessel record print them, in `lang`.
pub fn particulars(vessel: &Vessel, lang: Lang) -> Vec<(String, String)> {
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let decimal = if lang == Lang::En { '.' } else { ',' };
    let length = vessel.length_cm.map(|l| format!("{}{decimal}{:02} m", l / 100, l % 100));
    let country = crate::countries::find(&vessel.country_code)
        .map_or(vessel.country_code.clone(), |c| format!("{} ({})", c.name.get(lang), vessel.country_code));
    let mut rows = vec![
        (i18n::text(lang, "pdf.vessel_name"), or_dash(vessel.name.clone())),
        (i18n::text(lang, "pdf.make_and_model"), format!("{} {}", vessel.make, vessel.model)),
        (i18n::text(lang, "pdf.build_year"), or_dash(vessel.build_year.map(|y| y.to_string()))),
        (i18n::text(lang, "pdf.length"), or_dash(length)),
        (i18n::text(lang, "pdf.country"), country),
        ("CIN / HIN".to_owned(), or_dash(vessel.cin.clone())),
    ];
    let ids = &vessel.identifiers;
    for (label, value) in [
        (i18n::text(lang, "pdf.legacy_id"), &ids.legacy_id),
        ("MMSI".to_owned(), &ids.mmsi),
        (i18n::text(lang, "pdf.imo_number"), &ids.imo_number),
        (i18n::text(lang, "pdf.eni_number"), &ids.eni_number),
    ] {
        if let Some(v) = value.as_ref().filter(|v| v.as_str() != "unknown") {
            rows.push((label, v.clone()));
        }
    }
    for (key, value) in &ids.national {
        if value != "unknown" {
            let label = crate::countries::identifier_label(key, lang).map_or_else(|| key.clone(), str::to_owned);
            rows.push((label, value.clone()));
        }
    }
    rows
}

async fn render(
    state: &AppState,
    vessel: &Vessel,
    owner: &str,
    serial: &str,
    issued_at: i64,
    head: &str,
    lang: Lang,
) -> AppResult<Vec<u8>> {
    let verify_url = state.config.link(&format!("/verify/{serial}"));
    let mut rows = particulars(vessel, lang);
    rows.extend([
        (i18n::text(lang, "pdf.registered_owner"), owner.to_owned()),
        (i18n::text(lang, "pdf.issued"), i18n::short_date(lang, issued_at)),
        (i18n::text(lang, "pdf.serial"), serial.to_owned()),
        (i18n::text(lang, "pdf.history_head"), head.to_owned()),
    ]);
    let content = pdf::Content {
        registry: i18n::text(lang, "pdf.registry"),
        title: i18n::text(lang, "pdf.certificate_title"),
        platform_id: vessel.platform_id.clone(),
        sections: vec![pdf::Section { heading: None, rows }],
        qr: Some(verify_url.clone()),
        footer: vec![
            i18n::text(lang, "pdf.check_this"),
            verify_url.clone(),
            i18n::text(lang, "pdf.signed_with"),
            i18n::text(lang, "pdf.public_key"),
        ],
    };
    pdf::render_on(&state.cpu, content).await
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CertificateStatus {
    /// Nothing about the vessel's ownership has changed since issue.
    Current,
    /// An ownership event since issue (a transfer): a newer certificate exists or can be issued.
    Superseded,
    /// Withdrawn: the vessel left the registry.
    Revoked,
}

/// The public particulars a check shows: no owner.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertifiedVessel {
    pub name: Option<String>,
    pub make: String,
    pub model: String,
    pub build_year: Option<i64>,
    pub country_code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateCheck {
    /// The stored data's signature verifies with the registry's public key.
    pub valid: bool,
    pub serial: String,
    pub platform_id: String,
    pub issued_at: String,
    pub status: CertificateStatus,
    pub vessel: CertifiedVessel,
    /// The signed data, exactly as signed (compact JSON, UTF-8).
    pub signed_data: String,
    /// Its Ed25519 signature, base64.
    pub signature: String,
}

/// Anyone may check a certificate by its serial.
#[tracing::instrument(skip_all, fields(serial = %serial))]
pub async fn check(state: &AppState, serial: &str) -> AppResult<CertificateCheck> {
    let row = sqlx::query(&format!(
        "SELECT c.serial, c.owner_user_id AS certified_owner, c.payload, c.signature, c.history_head, c.issued_at,
                c.revoked_at, {VESSEL_COLUMNS}
         FROM certificates c JOIN vessels v ON v.id = c.vessel_id WHERE c.serial = $1"
    ))
    .bind(serial)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| AppError::NotFound("no_certificate_serial".into()))?;
    let vessel = Vessel::from_row(&row)?;
    let payload: String = row.try_get("payload")?;
    let signature: String = row.try_get("signature")?;
    let names_serial = serde_json::from_str::<serde_json::Value>(&payload).ok().is_some_and(|v| v["serial"] == serial);
    let valid = names_serial && state.signer.verifies(payload.as_bytes(), &signature);
    let current_owner: Option<String> = row.try_get("owner_user_id")?;
    let certified_owner: String = row.try_get("certified_owner")?;
    let status = if row.try_get::<Option<i64>, _>("revoked_at")?.is_some() || vessel.status == VesselStatus::Deactivated
    {
        CertificateStatus::Revoked
    } else if history_head(state, &vessel.id).await? != row.try_get::<String, _>("history_head")?
        || current_owner.as_deref() != Some(certified_owner.as_str())
    {
        CertificateStatus::Superseded
    } else {
        CertificateStatus::Current
    };
    Ok(CertificateCheck {
        valid,
        serial: row.try_get("serial")?,
        platform_id: vessel.platform_id.clone(),
        issued_at: rfc3339(row.try_get("issued_at")?),
        status,
        vessel: CertifiedVessel {
            name: vessel.name,
            make: vessel.make,
            model: vessel.model,
            build_year: vessel.build_year,
            country_code: vessel.country_code,
        },
        signed_data: payload,
        signature,
    })
}
