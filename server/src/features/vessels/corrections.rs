//! Corrections of a registered vessel's particulars. The owner corrects
//! what describes the vessel (its name, type, hull, engines and home port);
//! what identifies it (identifiers, make, model, build year, length) stays as
//! registered unless an administrator grants the owner's request. Every
//! correction is kept in `vessel_corrections`, shown on the vessel page, and
//! raises the vessel's particulars version, which supersedes its certificate.

use super::{
    create::{self, CreateVesselRequest, Identity},
    identifiers_in_use,
    model::{Column, CorrectionRequest, CorrectionRequestStatus, MadeBy, RequestRow, Vessel, VesselStatus},
    store::{self, NewRequest},
};
use crate::{
    domain::{
        identifiers::NationalKind,
        particulars::{self, Engine, HullMaterial, VesselType},
    },
    features::auth::User,
    features::outbox::{self, Message},
    foundation::error::{AppError, AppResult, FieldCheck},
    foundation::i18n::{Lang, Msg},
    platform::audit::Event,
    platform::clock::rfc3339,
    platform::db::{Tx, is_unique_violation},
    platform::ids::new_id,
    platform::state::AppState,
};

/// What the owner's PATCH changes in the particulars; `None` leaves a field
/// as it is, `Some(None)` removes it.
#[derive(Default)]
pub struct ParticularsChange {
    pub name: Option<Option<String>>,
    pub vessel_type: Option<Option<VesselType>>,
    pub hull_material: Option<Option<HullMaterial>>,
    pub hull_colour: Option<Option<String>>,
    pub home_port: Option<Option<String>>,
    pub engines: Option<Vec<Engine>>,
}

/// The owner's corrections as the request gives them, unchecked.
pub struct ParticularsInput<'a> {
    pub name: Option<Option<&'a str>>,
    pub vessel_type: Option<Option<VesselType>>,
    pub hull_material: Option<Option<HullMaterial>>,
    pub hull_colour: Option<Option<&'a str>>,
    pub home_port: Option<Option<&'a str>>,
    pub engines: Option<&'a [Engine]>,
}

impl ParticularsChange {
    /// Every problem at once.
    pub fn parse(input: &ParticularsInput<'_>) -> AppResult<Self> {
        let mut check = FieldCheck::default();
        let text = |check: &mut FieldCheck,
                    field: &str,
                    raw: Option<Option<&str>>,
                    parse: fn(&str) -> Result<Option<String>, &'static str>| {
            raw.map(|value| check.take(field, parse(value.unwrap_or("")))).map(Option::flatten)
        };
        let name = text(&mut check, "name", input.name, |n| create::vessel_name(Some(n)));
        let hull_colour = text(&mut check, "hullColour", input.hull_colour, particulars::hull_colour);
        let home_port = text(&mut check, "homePort", input.home_port, particulars::home_port);
        let engines = input.engines.map(|e| check.take("engines", particulars::engines(e)).unwrap_or_default());
        check.finish()?;
        Ok(Self {
            name,
            vessel_type: input.vessel_type,
            hull_material: input.hull_material,
            hull_colour,
            home_port,
            engines,
        })
    }
}

/// The value of a field as a correction records it.
fn value_of(v: &Vessel, field: &str) -> Option<String> {
    let ids = &v.identifiers;
    match field {
        "name" => v.name.clone(),
        "vesselType" => v.vessel_type.map(|t| t.as_str().to_owned()),
        "hullMaterial" => v.hull_material.map(|m| m.as_str().to_owned()),
        "hullColour" => v.hull_colour.clone(),
        "homePort" => v.home_port.clone(),
        "engines" => (!v.engines.is_empty()).then(|| serde_json::to_string(&v.engines).unwrap_or_default()),
        "make" => Some(v.make.clone()),
        "model" => Some(v.model.clone()),
        "buildYear" => v.build_year.map(|y| y.to_string()),
        "lengthCm" => v.length_cm.map(|l| l.to_string()),
        "cin" => v.cin.clone(),
        "legacyId" => ids.legacy_id.clone(),
        "engineSerial" => ids.engine_serial.clone(),
        "mmsi" => ids.mmsi.clone(),
        "imoNumber" => ids.imo_number.clone(),
        "eniNumber" => ids.eni_number.clone(),
        other => other.strip_prefix("identifiers.").and_then(|kind| ids.national.get(kind).cloned()),
    }
}

/// Record a correction for every field whose value differs between `before` and `after`.
async fn record_differences(
    tx: &mut Tx<'_>,
    before: &Vessel,
    after: &Vessel,
    fields: &[String],
    made_by: MadeBy,
    user_id: &str,
) -> AppResult<Vec<String>> {
    let mut changed = Vec::new();
    for field in fields {
        let (from, to) = (value_of(before, field), value_of(after, field));
        if from != to {
            store::insert_correction(tx, &before.id, field, from, to, made_by.as_str(), user_id).await?;
            changed.push(field.clone());
        }
    }
    Ok(changed)
}

fn changed_meanwhile() -> AppError {
    AppError::Conflict("particulars_changed_meanwhile".into())
}

/// The particulars the owner corrects, as the request names them.
const OWNER_FIELDS: [&str; 6] = ["name", "vesselType", "hullMaterial", "hullColour", "homePort", "engines"];

/// The stored column of an owner's particular, with its value in `v`.
fn owner_column(v: &Vessel, field: &str) -> anyhow::Result<(&'static str, Column)> {
    let text = |t: Option<&str>| Column::Text(t.map(str::to_owned));
    Ok(match field {
        "name" => ("name", text(v.name.as_deref())),
        "vesselType" => ("vessel_type", text(v.vessel_type.map(VesselType::as_str))),
        "hullMaterial" => ("hull_material", text(v.hull_material.map(HullMaterial::as_str))),
        "hullColour" => ("hull_colour", text(v.hull_colour.as_deref())),
        "homePort" => ("home_port", text(v.home_port.as_deref())),
        "engines" => ("engines", Column::Text(Some(serde_json::to_string(&v.engines)?))),
        other => anyhow::bail!("{other} is not a particular the owner corrects"),
    })
}

/// The owner's corrections, in the caller's transaction: written only while
/// the vessel is still theirs and its particulars are as `before` read them.
pub async fn apply_owner_change(
    tx: &mut Tx<'_>,
    before: &Vessel,
    user: &User,
    change: &ParticularsChange,
) -> AppResult<()> {
    let mut after = before.clone();
    if let Some(name) = &change.name {
        after.name.clone_from(name);
    }
    if let Some(t) = change.vessel_type {
        after.vessel_type = t;
    }
    if let Some(m) = change.hull_material {
        after.hull_material = m;
    }
    if let Some(c) = &change.hull_colour {
        after.hull_colour.clone_from(c);
    }
    if let Some(p) = &change.home_port {
        after.home_port.clone_from(p);
    }
    if let Some(e) = &change.engines {
        after.engines.clone_from(e);
    }
    let changed: Vec<String> =
        OWNER_FIELDS.into_iter().filter(|f| value_of(before, f) != value_of(&after, f)).map(str::to_owned).collect();
    // Nothing that differs: no new version, no superseded certificate.
    if changed.is_empty() {
        return Ok(());
    }
    let mut columns = changed.iter().map(|f| owner_column(&after, f)).collect::<anyhow::Result<Vec<_>>>()?;
    if changed.iter().any(|f| f == "name") {
        let compact = before.platform_id.replace('-', "");
        let text = create::search_text(after.name.as_deref(), &before.make, &before.model, &compact);
        columns.push(("search_text", Column::Text(Some(text))));
        columns.push(("name_folded", Column::Text(after.name.as_deref().map(crate::domain::folded::fold))));
    }
    update_particulars(tx, before, &columns, Some(&user.id)).await?;
    record_differences(tx, before, &after, &changed, MadeBy::Owner, &user.id).await?;
    Event::new("particulars_corrected")
        .by(Some(&user.id))
        .vessel(&before.id)
        .detail(serde_json::json!({ "fields": changed }))
        .write(&mut **tx)
        .await?;
    Ok(())
}

/// Write `columns` and raise the particulars version, if the vessel is still
/// as `before` read it (and, with `owner`, still theirs).
async fn update_particulars(
    tx: &mut Tx<'_>,
    before: &Vessel,
    columns: &[(&'static str, Column)],
    owner: Option<&str>,
) -> AppResult<()> {
    match store::update_particulars(tx, &before.id, before.particulars_version, columns, owner).await {
        Ok(1) => Ok(()),
        Ok(_) => Err(changed_meanwhile()),
        Err(e) if is_unique_violation(&e) => Err(AppError::Conflict("identifier_taken_meanwhile".into())),
        Err(e) => Err(e.into()),
    }
}

/// The fields an owner asks an administrator to correct: what identifies the
/// vessel as registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestField {
    Make,
    Model,
    BuildYear,
    LengthCm,
    Cin,
    LegacyId,
    EngineSerial,
    Mmsi,
    ImoNumber,
    EniNumber,
    National(NationalKind),
}

impl RequestField {
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "make" => Self::Make,
            "model" => Self::Model,
            "buildYear" => Self::BuildYear,
            "lengthCm" => Self::LengthCm,
            "cin" => Self::Cin,
            "legacyId" => Self::LegacyId,
            "engineSerial" => Self::EngineSerial,
            "mmsi" => Self::Mmsi,
            "imoNumber" => Self::ImoNumber,
            "eniNumber" => Self::EniNumber,
            other => Self::National(NationalKind::parse(other.strip_prefix("identifiers.")?)?),
        })
    }

    pub fn as_string(&self) -> String {
        match self {
            Self::Make => "make".into(),
            Self::Model => "model".into(),
            Self::BuildYear => "buildYear".into(),
            Self::LengthCm => "lengthCm".into(),
            Self::Cin => "cin".into(),
            Self::LegacyId => "legacyId".into(),
            Self::EngineSerial => "engineSerial".into(),
            Self::Mmsi => "mmsi".into(),
            Self::ImoNumber => "imoNumber".into(),
            Self::EniNumber => "eniNumber".into(),
            Self::National(kind) => format!("identifiers.{}", kind.as_str()),
        }
    }

    /// `vessel`'s registration with this field set to `value`, as a registration request.
    fn applied(&self, vessel: &Vessel, value: &str) -> Result<CreateVesselRequest, Msg> {
        let ids = &vessel.identifiers;
        let number = |raw: &str, problem: Msg| -> Result<Option<i64>, Msg> {
            let raw = raw.trim();
            if raw.is_empty() { Ok(None) } else { raw.parse().map(Some).map_err(|_| problem) }
        };
        let mut r = CreateVesselRequest {
            name: vessel.name.clone(),
            country_code: vessel.country_code.clone(),
            phone_e164: String::new(),
            make: vessel.make.clone(),
            model: vessel.model.clone(),
            build_year: vessel.build_year,
            length_cm: vessel.length_cm,
            public_visibility: vessel.public_visibility,
            for_sale: vessel.for_sale,
            cin: vessel.cin.clone(),
            legacy_id: ids.legacy_id.clone(),
            engine_serial: ids.engine_serial.clone(),
            eni_number: ids.eni_number.clone(),
            imo_number: ids.imo_number.clone(),
            mmsi: ids.mmsi.clone(),
            identifiers: ids.national.clone(),
            vessel_type: None,
            hull_material: None,
            hull_colour: None,
            home_port: None,
            engines: Vec::new(),
        };
        let text = Some(value.to_owned());
        match self {
            Self::Make => value.clone_into(&mut r.make),
            Self::Model => value.clone_into(&mut r.model),
            Self::BuildYear => r.build_year = number(value, Msg::new("correction_value_number"))?,
            Self::LengthCm => r.length_cm = number(value, Msg::new("correction_value_number"))?,
            Self::Cin => r.cin = text,
            Self::LegacyId => r.legacy_id = text,
            Self::EngineSerial => r.engine_serial = text,
            Self::Mmsi => r.mmsi = text,
            Self::ImoNumber => r.imo_number = text,
            Self::EniNumber => r.eni_number = text,
            Self::National(kind) => {
                r.identifiers.insert(kind.as_str().to_owned(), value.to_owned());
            }
        }
        Ok(r)
    }

    /// `vessel`'s identity with this field set to `value`, checked as a registration is; the
    /// problem, if any, named for the request's `value`.
    fn identity(&self, vessel: &Vessel, value: &str) -> AppResult<Identity> {
        let request = self.applied(vessel, value).map_err(|m| AppError::field("value", m))?;
        let year = i64::from(time::OffsetDateTime::now_utc().year());
        Identity::parse(&request, year).map_err(|e| match e {
            AppError::Unprocessable { message, .. } => AppError::field("value", message),
            other => other,
        })
    }
}

impl RequestRow {
    fn into_api(self, vessel: &Vessel, with_email: bool) -> AppResult<CorrectionRequest> {
        Ok(CorrectionRequest {
            current_value: value_of(vessel, &self.field),
            status: crate::platform::db::stored(&self.status)?,
            id: self.id,
            vessel_id: self.vessel_id,
            platform_id: vessel.platform_id.clone(),
            vessel_name: vessel.name.clone(),
            field: self.field,
            value: self.value,
            reason: self.reason,
            decision_note: self.decision_note,
            requested_at: rfc3339(self.created_at),
            decided_at: self.decided_at.map(rfc3339),
            requested_by_email: self.requested_by_email.filter(|_| with_email),
        })
    }
}

/// At most this many requests wait per vessel.
const MAX_PENDING: i64 = 5;

/// The owner asks an administrator to correct `field` to `value`. The value
/// is checked as a registration would check it, against the vessel as it is.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn request(
    state: &AppState,
    user: &User,
    vessel_id: &str,
    field: &str,
    value: &str,
    reason: &str,
) -> AppResult<CorrectionRequest> {
    let mut tx = state.begin().await?;
    // The vessel's row first: requests of one vessel are counted one at a time.
    let locked = store::lock_owned_vessel(&mut tx, vessel_id, &user.id).await?;
    let vessel =
        store::vessel(&mut tx, vessel_id).await?.ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if locked == 0 {
        return Err(AppError::Forbidden("vessels_current_owner_change".into()));
    }
    if vessel.status == VesselStatus::Deactivated {
        return Err(AppError::Conflict("vessel_deactivated_no_longer_changed".into()));
    }
    let field = RequestField::parse(field).ok_or_else(|| AppError::field("field", "correction_field_unknown"))?;
    let value = value.trim();
    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if !(10..=1000).contains(&reason.chars().count()) {
        return Err(AppError::field("reason", "correction_reason_length"));
    }
    if value.chars().count() > 100 {
        return Err(AppError::field("value", "correction_value_too_long"));
    }
    if let RequestField::National(kind) = &field
        && !crate::features::countries::find(&vessel.country_code).is_some_and(|c| c.national.contains(kind))
    {
        return Err(AppError::field("field", "identifier_does_not_apply_vessels"));
    }
    field.identity(&vessel, value)?;
    if value_of(&vessel, &field.as_string()).unwrap_or_default() == value {
        return Err(AppError::field("value", "correction_same_value"));
    }
    let id = new_id();
    let new =
        NewRequest { id: &id, vessel_id, requested_by: &user.id, field: &field.as_string(), value, reason: &reason };
    let inserted = store::insert_request_if_room(&mut tx, &new, MAX_PENDING).await?;
    if inserted == 0 {
        return Err(AppError::Conflict(Msg::new("too_many_pending_correction_requests").arg("max", MAX_PENDING)));
    }
    Event::new("correction_requested")
        .by(Some(&user.id))
        .vessel(vessel_id)
        .detail(serde_json::json!({ "field": field.as_string() }))
        .write(&mut *tx)
        .await?;
    let row = store::request(&mut tx, &id).await?.ok_or_else(|| anyhow::anyhow!("request {id} vanished"))?;
    tx.commit().await?;
    row.into_api(&vessel, false)
}

/// A vessel's requests, newest first, for its owner and administrators.
pub async fn of_vessel(state: &AppState, user: &User, vessel_id: &str) -> AppResult<Vec<CorrectionRequest>> {
    let mut tx = state.begin().await?;
    // The vessel's row once: it names the owner too.
    let (vessel, owner) = store::vessel_with_owner(&mut tx, vessel_id)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_found".into()))?;
    if owner.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(AppError::NotFound("vessel_not_found".into()));
    }
    let rows = store::requests_of_vessel(&mut tx, vessel_id).await?;
    tx.commit().await?;
    rows.into_iter().map(|r| r.into_api(&vessel, user.is_admin())).collect()
}

/// Requests in `status`, oldest first (the queue), for administrators.
pub async fn for_admin(state: &AppState, status: CorrectionRequestStatus) -> AppResult<Vec<CorrectionRequest>> {
    let rows = store::requests_for_admin(&state.db, status.as_str()).await?;
    rows.into_iter().map(|row| row.request.into_api(&row.vessel, true)).collect()
}

/// An administrator's decision.
pub enum Decision<'a> {
    Approve { note: Option<&'a str> },
    Reject { note: &'a str },
}

/// Decide a pending request. Granting it writes the corrected identity as a
/// registration would (checked again against the vessel as it is now, its
/// identifiers unique among registered vessels) and records the correction;
/// either way the owner is told by email, in one transaction.
#[tracing::instrument(skip_all, fields(request = %request_id, admin = %admin.id))]
pub async fn decide(
    state: &AppState,
    admin: &User,
    request_id: &str,
    decision: Decision<'_>,
) -> AppResult<CorrectionRequest> {
    let note = match &decision {
        Decision::Approve { note } => note.map(str::trim).filter(|n| !n.is_empty()),
        Decision::Reject { note } => Some(note.trim()).filter(|n| !n.is_empty()),
    };
    if note.is_some_and(|n| n.chars().count() > 1000) || (matches!(decision, Decision::Reject { .. }) && note.is_none())
    {
        return Err(AppError::field("note", "correction_note_length"));
    }
    let mut tx = state.begin().await?;
    let request = store::request(&mut tx, request_id)
        .await?
        .ok_or_else(|| AppError::NotFound("correction_request_not_found".into()))?;
    if request.status != CorrectionRequestStatus::Pending.as_str() {
        return Err(AppError::Conflict("correction_request_decided".into()));
    }
    let before =
        store::vessel(&mut tx, &request.vessel_id).await?.ok_or_else(|| anyhow::anyhow!("vessel of a request"))?;
    let field = RequestField::parse(&request.field).ok_or_else(|| anyhow::anyhow!("stored field {}", request.field))?;
    let status = match decision {
        Decision::Approve { .. } => {
            let identity = field.identity(&before, &request.value)?;
            identifiers_in_use::refuse_taken(&mut tx, &admin.id, &identity.unique_identifiers(), Some(&before.id))
                .await?;
            let mut columns = identity.columns()?;
            let compact = before.platform_id.replace('-', "");
            let text = create::search_text(before.name.as_deref(), &identity.make, &identity.model, &compact);
            columns.push(("search_text", Column::Text(Some(text))));
            update_particulars(&mut tx, &before, &columns, None).await?;
            let after = store::vessel(&mut tx, &before.id).await?.ok_or_else(|| anyhow::anyhow!("vessel vanished"))?;
            let fields = ["make", "model", "buildYear", "lengthCm", "cin", "legacyId", "engineSerial", "mmsi"]
                .into_iter()
                .chain(["imoNumber", "eniNumber"])
                .map(str::to_owned)
                .chain(
                    after
                        .identifiers
                        .national
                        .keys()
                        .chain(before.identifiers.national.keys())
                        .map(|k| format!("identifiers.{k}")),
                )
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>();
            record_differences(&mut tx, &before, &after, &fields, MadeBy::Registry, &admin.id).await?;
            CorrectionRequestStatus::Approved
        }
        Decision::Reject { .. } => CorrectionRequestStatus::Rejected,
    };
    let decided = store::decide_if_pending(&mut tx, request_id, status.as_str(), &admin.id, note).await?;
    if decided == 0 {
        return Err(AppError::Conflict("correction_request_decided".into()));
    }
    Event::new(match status {
        CorrectionRequestStatus::Approved => "correction_approved",
        _ => "correction_rejected",
    })
    .by(Some(&admin.id))
    .vessel(&before.id)
    .detail(serde_json::json!({ "field": request.field, "note": note }))
    .write(&mut *tx)
    .await?;
    tell_owner(&mut tx, &before, &request, status, note).await?;
    let vessel = store::vessel(&mut tx, &before.id).await?.ok_or_else(|| anyhow::anyhow!("vessel vanished"))?;
    let row = store::request(&mut tx, request_id).await?.ok_or_else(|| anyhow::anyhow!("request vanished"))?;
    tx.commit().await?;
    state.wake_outbox();
    row.into_api(&vessel, true)
}

/// A field as people read it, in `lang`.
fn field_label(field: &str, lang: Lang) -> String {
    let key = match field {
        "make" => "pdf.make",
        "model" => "pdf.model",
        "buildYear" => "pdf.build_year",
        "lengthCm" => "pdf.length",
        "legacyId" => "pdf.legacy_id",
        "engineSerial" => "pdf.engine_serial",
        "imoNumber" => "pdf.imo_number",
        "eniNumber" => "pdf.eni_number",
        "cin" => return "CIN / HIN".into(),
        "mmsi" => return "MMSI".into(),
        other => {
            let kind = other.strip_prefix("identifiers.").unwrap_or(other);
            return crate::features::countries::identifier_label(kind, lang).unwrap_or(kind).to_owned();
        }
    };
    crate::foundation::i18n::text(lang, key)
}

/// Email the person who asked, in their language.
async fn tell_owner(
    tx: &mut Tx<'_>,
    vessel: &Vessel,
    request: &RequestRow,
    status: CorrectionRequestStatus,
    note: Option<&str>,
) -> AppResult<()> {
    let Some((email, language)) = store::requester_contact(tx, &request.id).await? else { return Ok(()) };
    let lang = Lang::parse(&language).unwrap_or_default();
    let name = match &vessel.name {
        Some(name) => format!("{name} ({})", vessel.platform_id),
        None => vessel.platform_id.clone(),
    };
    let (subject, body) = if status == CorrectionRequestStatus::Approved {
        ("mail.correction_approved_subject", "mail.correction_approved_body")
    } else {
        ("mail.correction_rejected_subject", "mail.correction_rejected_body")
    };
    let subject = Msg::new(subject).arg("vessel", &name);
    let body = Msg::new(body)
        .arg("vessel", &name)
        .arg("field", field_label(&request.field, lang))
        .arg("value", if request.value.is_empty() { "—" } else { request.value.as_str() })
        .arg("note", note.unwrap_or("—"));
    outbox::enqueue(tx, &Message::email_in(lang, &email, &subject, &body)).await?;
    Ok(())
}
