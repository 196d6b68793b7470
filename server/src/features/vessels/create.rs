//! Registering a vessel: the request is parsed into a `NewVessel` (every
//! field problem reported at once), then written in one transaction with
//! its first ownership entry and audit record.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    identifiers_in_use::{self, UniqueIdentifier},
    model::{Column, CreatedVessel, VesselStatus, Warning},
    store,
};
use crate::{
    domain::{
        PhoneE164, PlatformId,
        folded::fold,
        identifiers::{Cin, Eni, ImoNumber, Known, LegacyId, Mmsi, NationalIdentifier, NationalKind},
        particulars::{self, Engine, HullMaterial, VesselType},
    },
    features::auth::User,
    features::countries::{self, Country},
    foundation::error::{AppError, AppResult, FieldCheck},
    foundation::i18n::Msg,
    platform::clock::now_ms,
    platform::db::is_unique_violation,
    platform::ids::new_id,
    platform::state::AppState,
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
    #[serde(default)]
    pub vessel_type: Option<VesselType>,
    #[serde(default)]
    pub hull_material: Option<HullMaterial>,
    /// At most 40 characters.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub hull_colour: Option<String>,
    /// The port or marina where the vessel is kept; at most 80 characters. Shown on the public vessel page.
    #[serde(default)]
    #[schema(max_length = 80)]
    pub home_port: Option<String>,
    /// At most six.
    #[serde(default)]
    #[schema(max_items = 6)]
    pub engines: Vec<Engine>,
}

fn yes() -> bool {
    true
}

/// What identifies a vessel as registered: the particulars printed on its
/// certificate that only an administrator corrects after registration.
pub struct Identity {
    pub(super) country: &'static Country,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) build_year: Option<i64>,
    pub(super) length_cm: Option<i64>,
    cin: Option<Known<Cin>>,
    legacy_id: Option<Known<LegacyId>>,
    engine_serial: Option<Known<String>>,
    mmsi: Option<Known<Mmsi>>,
    imo: Option<Known<ImoNumber>>,
    eni: Option<Known<Eni>>,
    national: BTreeMap<NationalKind, Known<NationalIdentifier>>,
}

pub struct NewVessel {
    name: Option<String>,
    identity: Identity,
    phone: PhoneE164,
    public_visibility: bool,
    for_sale: bool,
    vessel_type: Option<VesselType>,
    hull_material: Option<HullMaterial>,
    hull_colour: Option<String>,
    home_port: Option<String>,
    engines: Vec<Engine>,
}

/// The folded text the public search matches: name, make, model and platform ID.
pub(super) fn search_text(name: Option<&str>, make: &str, model: &str, platform_id: &str) -> String {
    fold(&format!("{} {make} {model} {platform_id}", name.unwrap_or("")))
}

/// A vessel's name: at most 100 characters; empty is none.
pub(super) fn vessel_name(raw: Option<&str>) -> Result<Option<String>, &'static str> {
    match present(raw) {
        Some(n) => text(n, 100, "", "name_most_100_characters").map(Some),
        None => Ok(None),
    }
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
        let name = check.take("name", vessel_name(r.name.as_deref()));
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
        let identity = Identity::check(r, current_year, &mut check);
        let hull_colour = check.take("hullColour", particulars::hull_colour(r.hull_colour.as_deref().unwrap_or("")));
        let home_port = check.take("homePort", particulars::home_port(r.home_port.as_deref().unwrap_or("")));
        let engines = check.take("engines", particulars::engines(&r.engines));
        check.finish()?;
        let identity = identity.expect("checked");
        let warnings = identity.warnings();
        Ok((
            Self {
                name: name.flatten(),
                identity,
                phone: phone.expect("checked"),
                public_visibility: r.public_visibility,
                for_sale: r.for_sale,
                vessel_type: r.vessel_type,
                hull_material: r.hull_material,
                hull_colour: hull_colour.flatten(),
                home_port: home_port.flatten(),
                engines: engines.unwrap_or_default(),
            },
            warnings,
        ))
    }
}

impl Identity {
    /// The identity fields of `r`, checked on their own (an administrator's
    /// correction of a registered vessel), every problem at once.
    pub fn parse(r: &CreateVesselRequest, current_year: i64) -> AppResult<Self> {
        let mut check = FieldCheck::default();
        let identity = Self::check(r, current_year, &mut check);
        check.finish()?;
        Ok(identity.expect("checked"))
    }

    /// The identity fields of `r`, problems recorded in `check`; `None` when there were any.
    fn check(r: &CreateVesselRequest, current_year: i64, check: &mut FieldCheck) -> Option<Self> {
        let country = check.take("countryCode", countries::find(&r.country_code).ok_or("select_country"));
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
        let mmsi = optional(check, "mmsi", mmsi_raw, Mmsi::parse);
        let imo = optional(check, "imoNumber", r.imo_number.as_deref(), ImoNumber::parse);
        let eni = optional(check, "eniNumber", r.eni_number.as_deref(), Eni::parse);

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
        Some(Self {
            country: country?,
            make: make?,
            model: model?,
            build_year: build_year?,
            length_cm: length_cm?,
            cin: cin?,
            legacy_id: legacy_id?,
            engine_serial: engine_serial?,
            mmsi,
            imo,
            eni,
            national,
        })
    }

    /// Accepted, but worth a second look.
    fn warnings(&self) -> Vec<Warning> {
        let mut warnings = Vec::new();
        if let Some(Known::Value(m)) = &self.mmsi
            && m.country() != self.country.code
        {
            warnings.push(Warning {
                field: "mmsi".into(),
                message: Msg::new("mmsi_other_country")
                    .arg("mmsiCountry", m.country())
                    .arg("mmsi", m.as_str())
                    .arg("country", self.country.code)
                    .localized(),
            });
        }
        warnings
    }

    /// The identifiers an active vessel must not share with another.
    pub(super) fn unique_identifiers(&self) -> Vec<UniqueIdentifier> {
        let known = |column: &str, value: Option<String>| value.and_then(|value| UniqueIdentifier::new(column, value));
        [
            known("cin", self.cin.as_ref().and_then(Known::value).map(ToString::to_string)),
            known("mmsi", self.mmsi.as_ref().and_then(Known::value).map(|m| m.as_str().to_owned())),
            known("imo_number", self.imo.as_ref().and_then(Known::value).map(|i| i.as_str().to_owned())),
            known("eni_number", self.eni.as_ref().and_then(Known::value).map(|e| e.as_str().to_owned())),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The stored columns this identity writes, in one order for INSERT and UPDATE.
    pub(super) fn columns(&self) -> anyhow::Result<Vec<(&'static str, Column)>> {
        let national = serde_json::to_string(
            &self
                .national
                .iter()
                .map(|(k, val)| (k.as_str(), known_str(Some(val), |n| n.as_str().to_owned()).unwrap_or_default()))
                .collect::<BTreeMap<_, _>>(),
        )?;
        let cin = self.cin.as_ref().and_then(Known::value);
        Ok(vec![
            ("make", Column::Text(Some(self.make.clone()))),
            ("model", Column::Text(Some(self.model.clone()))),
            ("build_year", Column::Int(self.build_year)),
            ("length_cm", Column::Int(self.length_cm)),
            ("cin", Column::Text(known_str(self.cin.as_ref(), ToString::to_string))),
            ("cin_manufacturer", Column::Text(cin.map(|c| c.manufacturer.clone()))),
            ("cin_serial", Column::Text(cin.map(|c| c.serial.clone()))),
            ("cin_production_month", Column::Int(cin.map(|c| i64::from(c.production_month)))),
            ("cin_production_year_digit", Column::Int(cin.map(|c| i64::from(c.production_year_digit)))),
            ("cin_model_year", Column::Int(cin.map(|c| i64::from(c.model_year)))),
            ("legacy_id", Column::Text(known_str(self.legacy_id.as_ref(), |l| l.as_str().to_owned()))),
            ("engine_serial", Column::Text(known_str(self.engine_serial.as_ref(), Clone::clone))),
            ("mmsi", Column::Text(known_str(self.mmsi.as_ref(), |m| m.as_str().to_owned()))),
            ("mmsi_country", Column::Text(self.mmsi.as_ref().and_then(Known::value).map(|m| m.country().to_owned()))),
            ("imo_number", Column::Text(known_str(self.imo.as_ref(), |i| i.as_str().to_owned()))),
            ("eni_number", Column::Text(known_str(self.eni.as_ref(), |e| e.as_str().to_owned()))),
            ("national_identifiers", Column::Text(Some(national))),
        ])
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

pub async fn create(state: &AppState, owner: &User, v: NewVessel, warnings: Vec<Warning>) -> AppResult<CreatedVessel> {
    if owner.email_verified_at.is_none() {
        return Err(AppError::Status {
            status: axum::http::StatusCode::FORBIDDEN,
            code: "email_unverified",
            message: "verify_email_address_before_registering".into(),
        });
    }
    let mut conn = state.db.acquire().await?;
    identifiers_in_use::refuse_taken(&mut conn, &owner.id, &v.identity.unique_identifiers(), None).await?;
    drop(conn);

    let identity = v.identity.columns()?;
    let engines = serde_json::to_string(&v.engines).map_err(anyhow::Error::from)?;
    for _ in 0..5 {
        let id = new_id();
        let platform_id = PlatformId::generate();
        let now = now_ms();
        let mut columns = vec![
            ("id", Column::Text(Some(id.clone()))),
            ("platform_id", Column::Text(Some(platform_id.compact().to_owned()))),
            ("owner_user_id", Column::Text(Some(owner.id.clone()))),
            ("status", Column::Text(Some(VesselStatus::PendingPayment.as_str().to_owned()))),
            ("name", Column::Text(v.name.clone())),
            ("name_folded", Column::Text(v.name.as_deref().map(fold))),
            ("country_code", Column::Text(Some(v.identity.country.code.to_owned()))),
            ("owner_phone_e164", Column::Text(Some(v.phone.as_str().to_owned()))),
            ("public_visibility", Column::Int(Some(i64::from(v.public_visibility)))),
            ("for_sale", Column::Int(Some(i64::from(v.for_sale)))),
            (
                "search_text",
                Column::Text(Some(search_text(
                    v.name.as_deref(),
                    &v.identity.make,
                    &v.identity.model,
                    platform_id.compact(),
                ))),
            ),
            ("created_at", Column::Int(Some(now))),
            ("vessel_type", Column::Text(v.vessel_type.map(|t| t.as_str().to_owned()))),
            ("hull_material", Column::Text(v.hull_material.map(|m| m.as_str().to_owned()))),
            ("hull_colour", Column::Text(v.hull_colour.clone())),
            ("home_port", Column::Text(v.home_port.clone())),
            ("engines", Column::Text(Some(engines.clone()))),
        ];
        columns.extend(identity.iter().cloned());
        let mut tx = state.begin().await?;
        match store::insert_vessel(&mut tx, &columns).await {
            // The only unique index a pending vessel can hit is the platform ID's.
            Err(e) if is_unique_violation(&e) => {
                tracing::warn!("platform ID collision; drawing another");
                continue;
            }
            other => other?,
        }
        store::insert_ownership_entry(&mut tx, &id, &owner.id, now).await?;
        store::set_first_ownership(&mut tx, &id, now).await?;
        crate::platform::audit::record(
            &mut tx,
            &id,
            Some(&owner.id),
            "registered",
            serde_json::json!({"status": "pending_payment"}),
        )
        .await?;
        let vessel = store::vessel(&mut tx, &id).await?.ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        return Ok(CreatedVessel { vessel, warnings });
    }
    Err(anyhow::anyhow!("could not draw a free platform ID in 5 attempts").into())
}
