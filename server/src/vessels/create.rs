//! Registering a vessel: the request is parsed into a `NewVessel` (every
//! field problem reported at once), then written in one transaction with
//! its first ownership entry and audit record.

use std::collections::BTreeMap;

use serde::Deserialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::{
    identifiers_in_use::{self, UniqueIdentifier},
    model::{CreatedVessel, VESSEL_COLUMNS, Vessel, VesselStatus, Warning},
};
use crate::{
    app::AppState,
    auth::User,
    clock::now_ms,
    countries::{self, Country},
    db::is_unique_violation,
    domain::{
        PhoneE164, PlatformId,
        folded::fold,
        identifiers::{Cin, Eni, ImoNumber, Known, LegacyId, Mmsi, NationalIdentifier, NationalKind},
    },
    error::{AppError, AppResult, FieldCheck},
    i18n::Msg,
    ids::new_id,
};

/// Vessels built before this year have no CIN; they carry a legacy ID.
pub const CIN_SINCE: i64 = 1998;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateVesselRequest {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub country_code: String,
    /// The owner's mobile number, E.164. Optional: left out, the account's own number is used
    /// (422 `phone_number_required` when the account has none).
    #[serde(rename = "phoneE164", default)]
    pub phone_e164: String,
    #[serde(default)]
    pub make: String,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub build_year: Option<i64>,
    #[serde(default)]
    pub length_cm: Option<i64>,
    #[serde(default = "yes")]
    pub public_visibility: bool,
    #[serde(default)]
    pub for_sale: bool,
    /// `NL-BEN12345F819` or `unknown`; required from build year 1998 on.
    #[serde(default)]
    pub cin: Option<String>,
    /// For vessels built before 1998; at most 20 characters, or `unknown`.
    #[serde(default)]
    pub legacy_id: Option<String>,
    #[serde(default)]
    pub engine_serial: Option<String>,
    #[serde(default)]
    pub eni_number: Option<String>,
    #[serde(default)]
    pub imo_number: Option<String>,
    #[serde(default)]
    pub mmsi: Option<String>,
    /// Country-specific identifiers by type (`brandmerk`, `akz`, ...), each a value or `unknown`.
    #[serde(default)]
    pub identifiers: BTreeMap<String, String>,
}

fn yes() -> bool {
    true
}

pub struct NewVessel {
    name: Option<String>,
    country: &'static Country,
    phone: PhoneE164,
    make: String,
    model: String,
    build_year: Option<i64>,
    length_cm: Option<i64>,
    public_visibility: bool,
    for_sale: bool,
    cin: Option<Known<Cin>>,
    legacy_id: Option<Known<LegacyId>>,
    engine_serial: Option<Known<String>>,
    mmsi: Option<Known<Mmsi>>,
    imo: Option<Known<ImoNumber>>,
    eni: Option<Known<Eni>>,
    national: BTreeMap<NationalKind, Known<NationalIdentifier>>,
}

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn text(value: &str, max: usize, required: &'static str, too_long: &'static str) -> Result<String, &'static str> {
    let v = value.split_whitespace().collect::<Vec<_>>().join(" ");
    if v.is_empty() {
        Err(required)
    } else if v.chars().count() > max {
        Err(too_long)
    } else if v.eq_ignore_ascii_case("unknown") {
        Ok("unknown".into())
    } else {
        Ok(v)
    }
}

impl NewVessel {
    /// The request checked, every problem at once. `account_phone` is the
    /// registering account's number, which a request without one takes.
    pub fn parse(
        r: &CreateVesselRequest,
        current_year: i64,
        account_phone: Option<&str>,
    ) -> AppResult<(Self, Vec<Warning>)> {
        let mut check = FieldCheck::default();
        let mut warnings = Vec::new();

        let name = match present(r.name.as_deref()) {
            Some(n) => check.take("name", text(n, 100, "", "name_most_100_characters")).map(Some),
            None => Some(None),
        };
        let country = check.take("countryCode", countries::find(&r.country_code).ok_or("select_country"));
        // The number is asked once, on the account: left out, the account's
        // own is the vessel's (the wizard verifies it there first).
        let phone = check.take(
            "phoneE164",
            match (r.phone_e164.trim(), account_phone) {
                ("", Some(account)) => PhoneE164::parse(account),
                ("", None) => Err("phone_number_required"),
                (p, _) if p.len() > 16 => Err("phone_number_too_long"),
                (p, _) => PhoneE164::parse(p),
            },
        );
        let make = check.take("make", text(&r.make, 100, "make_required", "make_most_100_characters"));
        let model = check.take("model", text(&r.model, 100, "model_required", "model_most_100_characters"));
        let max_year = current_year + 1;
        let build_year = match r.build_year {
            Some(y) if !(1900..=max_year).contains(&y) => {
                check.take::<(), _>("buildYear", Err(Msg::new("build_year_range").arg("max", max_year)));
                None
            }
            y => Some(y),
        };
        let length_cm = check.take(
            "lengthCm",
            match r.length_cm {
                Some(l) if l <= 0 => Err("length_positive_number"),
                Some(l) if l > 10_000 => Err("length_most_10000_cm"),
                l => Ok(l),
            },
        );

        // Before 1998 a legacy ID, from 1998 on (or when the year is unknown) a CIN.
        let wants_legacy = matches!(build_year, Some(Some(y)) if y < CIN_SINCE);
        let (cin, legacy_id) = if wants_legacy {
            let legacy = match present(r.legacy_id.as_deref()) {
                Some(v) => check.take("legacyId", Known::parse(v, LegacyId::parse)).map(Some),
                None => check.take::<Option<_>, _>("legacyId", Err("legacy_id_required")),
            };
            (Some(None), legacy)
        } else {
            let cin = match present(r.cin.as_deref()) {
                Some(v) => match Known::parse(v, Cin::parse) {
                    Ok(Known::Value(cin)) => {
                        // The build year was checked to lie in 1900..=max_year, so it fits an i32.
                        let year = build_year.flatten().and_then(|y| i32::try_from(y).ok());
                        match year.map(|y| cin.check_build_year(y)) {
                            Some(Err(e)) => check.take::<Option<_>, _>("cin", Err(e.message())),
                            _ => Some(Some(Known::Value(cin))),
                        }
                    }
                    Ok(unknown) => Some(Some(unknown)),
                    Err(e) => check.take::<Option<_>, _>("cin", Err(e.message())),
                },
                None => check.take::<Option<_>, _>("cin", Err("cin_required")),
            };
            (cin, Some(None))
        };

        let engine_serial = match present(r.engine_serial.as_deref()) {
            Some(v) => check
                .take("engineSerial", Known::parse(v, |s| text(s, 40, "", "engine_serial_most_40_characters")))
                .map(Some),
            None => Some(None),
        };
        let mmsi_raw = r.mmsi.as_deref().or_else(|| r.identifiers.get("mmsi").map(String::as_str));
        let mmsi = optional(&mut check, "mmsi", mmsi_raw, Mmsi::parse);
        let imo = optional(&mut check, "imoNumber", r.imo_number.as_deref(), ImoNumber::parse);
        let eni = optional(&mut check, "eniNumber", r.eni_number.as_deref(), Eni::parse);

        let mut national = BTreeMap::new();
        for (kind, value) in r.identifiers.iter().filter(|(k, _)| k.as_str() != "mmsi") {
            let field = format!("identifiers.{kind}");
            let Some(value) = Some(value.trim()).filter(|v| !v.is_empty()) else { continue };
            let parsed = match (NationalKind::parse(kind), country) {
                (Some(k), Some(c)) if c.national.contains(&k) => {
                    Known::parse(value, NationalIdentifier::parse).map(|v| (k, v))
                }
                (Some(_), Some(_)) => Err("identifier_does_not_apply_vessels"),
                (None, _) => Err("unknown_identifier_type"),
                (Some(_), None) => continue, // reported on countryCode already
            };
            if let Some((k, v)) = check.take(&field, parsed) {
                national.insert(k, v);
            }
        }
        check.finish()?;

        let country = country.expect("checked");
        if let Some(Known::Value(m)) = &mmsi
            && m.country() != country.code
        {
            warnings.push(Warning {
                field: "mmsi".into(),
                message: Msg::new("mmsi_other_country")
                    .arg("mmsiCountry", m.country())
                    .arg("mmsi", m.as_str())
                    .arg("country", country.code)
                    .localized(),
            });
        }
        Ok((
            Self {
                name: name.flatten(),
                country,
                phone: phone.expect("checked"),
                make: make.expect("checked"),
                model: model.expect("checked"),
                build_year: build_year.flatten(),
                length_cm: length_cm.flatten(),
                public_visibility: r.public_visibility,
                for_sale: r.for_sale,
                cin: cin.flatten(),
                legacy_id: legacy_id.flatten(),
                engine_serial: engine_serial.flatten(),
                mmsi,
                imo,
                eni,
                national,
            },
            warnings,
        ))
    }
}

/// An optional identifier: `None` when absent, and also when invalid, for
/// then the problem is recorded in `check` and `finish` refuses the request.
fn optional<T>(
    check: &mut FieldCheck,
    field: &str,
    raw: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, &'static str>,
) -> Option<Known<T>> {
    present(raw).and_then(|v| check.take(field, Known::parse(v, parse)))
}

fn known_str<T>(k: Option<&Known<T>>, f: impl Fn(&T) -> String) -> Option<String> {
    k.map(|k| match k {
        Known::Value(v) => f(v),
        Known::Unknown => "unknown".into(),
    })
}

/// The identifiers an active vessel must not share, as (label, column, value).
fn unique_identifiers(v: &NewVessel) -> Vec<UniqueIdentifier> {
    let known = |column: &str, value: Option<String>| value.and_then(|value| UniqueIdentifier::new(column, value));
    [
        known("cin", v.cin.as_ref().and_then(Known::value).map(ToString::to_string)),
        known("mmsi", v.mmsi.as_ref().and_then(Known::value).map(|m| m.as_str().to_owned())),
        known("imo_number", v.imo.as_ref().and_then(Known::value).map(|i| i.as_str().to_owned())),
        known("eni_number", v.eni.as_ref().and_then(Known::value).map(|e| e.as_str().to_owned())),
    ]
    .into_iter()
    .flatten()
    .collect()
}

pub async fn create(state: &AppState, owner: &User, v: NewVessel, warnings: Vec<Warning>) -> AppResult<CreatedVessel> {
    if owner.email_verified_at.is_none() {
        return Err(AppError::Status {
            status: axum::http::StatusCode::FORBIDDEN,
            code: "email_unverified",
            message: "verify_email_address_before_registering".into(),
        });
    }
    let mut conn = state.db.acquire().await?;
    identifiers_in_use::refuse_taken(&mut conn, &owner.id, &unique_identifiers(&v), None).await?;
    drop(conn);

    let national = serde_json::to_string(
        &v.national
            .iter()
            .map(|(k, val)| (k.as_str(), known_str(Some(val), |n| n.as_str().to_owned()).unwrap_or_default()))
            .collect::<BTreeMap<_, _>>(),
    )
    .map_err(anyhow::Error::from)?;
    let cin = v.cin.as_ref().and_then(Known::value);

    for _ in 0..5 {
        let id = new_id();
        let platform_id = PlatformId::generate();
        let now = now_ms();
        let search_text =
            fold(&format!("{} {} {} {}", v.name.as_deref().unwrap_or(""), v.make, v.model, platform_id.compact()));
        let mut tx = state.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO vessels (id, platform_id, owner_user_id, status, name, make, model, build_year, length_cm,
                 country_code, owner_phone_e164, public_visibility, for_sale, cin, cin_manufacturer, cin_serial,
                 cin_production_month, cin_production_year_digit, cin_model_year, legacy_id, engine_serial, mmsi,
                 mmsi_country, imo_number, eni_number, national_identifiers, search_text, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                 $21, $22, $23, $24, $25, $26, $27, $28)",
        )
        .bind(&id)
        .bind(platform_id.compact())
        .bind(&owner.id)
        .bind(VesselStatus::PendingPayment.as_str())
        .bind(v.name.clone())
        .bind(&v.make)
        .bind(&v.model)
        .bind(v.build_year)
        .bind(v.length_cm)
        .bind(v.country.code)
        .bind(v.phone.as_str())
        .bind(i64::from(v.public_visibility))
        .bind(i64::from(v.for_sale))
        .bind(known_str(v.cin.as_ref(), ToString::to_string))
        .bind(cin.map(|c| c.manufacturer.clone()))
        .bind(cin.map(|c| c.serial.clone()))
        .bind(cin.map(|c| i64::from(c.production_month)))
        .bind(cin.map(|c| i64::from(c.production_year_digit)))
        .bind(cin.map(|c| i64::from(c.model_year)))
        .bind(known_str(v.legacy_id.as_ref(), |l| l.as_str().to_owned()))
        .bind(known_str(v.engine_serial.as_ref(), Clone::clone))
        .bind(known_str(v.mmsi.as_ref(), |m| m.as_str().to_owned()))
        .bind(v.mmsi.as_ref().and_then(Known::value).map(|m| m.country().to_owned()))
        .bind(known_str(v.imo.as_ref(), |i| i.as_str().to_owned()))
        .bind(known_str(v.eni.as_ref(), |e| e.as_str().to_owned()))
        .bind(&national)
        .bind(&search_text)
        .bind(now)
        .execute(&mut *tx)
        .await;
        match inserted {
            // The only unique index a pending vessel can hit is the platform ID's.
            Err(e) if is_unique_violation(&e) => {
                tracing::warn!("platform ID collision; drawing another");
                continue;
            }
            other => other?,
        };
        sqlx::query(
            "INSERT INTO ownership_history (id, vessel_id, owner_user_id, acquisition_type, acquired_at)
             VALUES ($1, $2, $3, 'private', $4)",
        )
        .bind(new_id())
        .bind(&id)
        .bind(&owner.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE vessels SET owners_count = 1, first_owned_at = $1 WHERE id = $2")
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        crate::audit::record(
            &mut tx,
            &id,
            Some(&owner.id),
            "registered",
            serde_json::json!({"status": "pending_payment"}),
        )
        .await?;
        let row = sqlx::query(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.id = $1"))
            .bind(&id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        return Ok(CreatedVessel { vessel: Vessel::from_row(&row)?, warnings });
    }
    Err(anyhow::anyhow!("could not draw a free platform ID in 5 attempts").into())
}
