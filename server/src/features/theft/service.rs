//! Reporting, confirming, removing and ending theft reports. Each change is
//! one transaction: the report, the vessel's public part and its chain event
//! (`vessels::lifecycle`), an open transfer canceled, the audit entry and the
//! owner's email.

use super::model::{ReportTheftRequest, TheftReport, TheftReportStatus};
use super::store::{self, NewReport};
use crate::{
    domain::{PlatformId, particulars::short_text},
    features::auth::User,
    features::auth::email_account_with,
    features::transfers,
    features::vessels::lifecycle,
    features::vessels::model::VesselNamed,
    foundation::error::{AppError, AppResult, FieldCheck},
    foundation::i18n::{Lang, Msg},
    platform::clock::now_ms,
    platform::db::{Tx, is_unique_violation},
    platform::ids::new_id,
    platform::state::AppState,
};

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

fn no_open_report() -> AppError {
    AppError::Conflict("no_open_theft_report".into())
}

/// A report checked and tidied.
struct Checked {
    stolen_at: i64,
    place: String,
    police_reference: String,
    description: String,
}

impl Checked {
    fn parse(r: &ReportTheftRequest, now: i64) -> AppResult<Self> {
        let mut check = FieldCheck::default();
        let stolen_at = check.take("stolenAt", parse_when(&r.stolen_at, now));
        let place = check.take(
            "place",
            short_text(&r.place, 120, "theft_place_invalid").and_then(|p| p.ok_or("theft_place_required")),
        );
        let police_reference = check.take(
            "policeReference",
            short_text(&r.police_reference, 60, "police_reference_invalid")
                .and_then(|p| p.ok_or("police_reference_required")),
        );
        let description = check.take(
            "description",
            short_text(r.description.as_deref().unwrap_or_default(), 1000, "theft_description_invalid"),
        );
        check.finish()?;
        match (stolen_at, place, police_reference, description) {
            (Some(stolen_at), Some(place), Some(police_reference), Some(description)) => {
                Ok(Self { stolen_at, place, police_reference, description: description.unwrap_or_default() })
            }
            // Each `None` recorded a problem, which `finish` answered.
            _ => Err(AppError::field("stolenAt", "request_not_valid")),
        }
    }
}

/// An RFC 3339 time or a date (midnight UTC), not in the future, in milliseconds.
fn parse_when(raw: &str, now: i64) -> Result<i64, &'static str> {
    let raw = raw.trim();
    let date_only = time::macros::format_description!("[year]-[month]-[day]");
    let (at, date) = match time::OffsetDateTime::parse(raw, &time::format_description::well_known::Rfc3339) {
        Ok(at) => (at, false),
        Err(_) => (time::Date::parse(raw, &date_only).map_err(|_| "stolen_at_invalid")?.midnight().assume_utc(), true),
    };
    // A date is today somewhere up to 14 hours before it is in UTC (UTC+14): the owner's
    // today is not refused as the future while UTC is still on yesterday.
    let now = if date { now + 14 * 3_600_000 } else { now };
    let ms = i64::try_from(at.unix_timestamp_nanos() / 1_000_000).map_err(|_| "stolen_at_invalid")?;
    if ms > now {
        return Err("stolen_at_in_future");
    }
    if at.year() < 1900 {
        return Err("stolen_at_invalid");
    }
    Ok(ms)
}

/// The owner reports their vessel stolen (active, or in transfer: the
/// transfer is canceled with its unpaid fee).
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn report(state: &AppState, user: &User, vessel_id: &str, r: &ReportTheftRequest) -> AppResult<TheftReport> {
    let vessel = store::vessel(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    if vessel.owner_user_id.as_deref() != Some(user.id.as_str()) {
        return Err(vessel_not_found());
    }
    let now = now_ms();
    let checked = Checked::parse(r, now)?;
    if !matches!(vessel.status.as_str(), "active" | "in_transfer") {
        return Err(AppError::Conflict("vessel_not_in_registry_theft".into()));
    }
    // A transfer that opened between our look at the open transfers and our
    // hold on the vessel's row is caught by the check after it: the attempt
    // is rolled back and made again, and then cancels that transfer too.
    for _ in 0..3 {
        if let Some(report) = try_report(state, user, vessel_id, &vessel, &checked, now).await? {
            state.wake_outbox();
            return Ok(report);
        }
    }
    Err(AppError::Conflict("vessel_already_open_transfer".into()))
}

/// One attempt at [`report`]; `None` when a transfer opened meanwhile.
async fn try_report(
    state: &AppState,
    user: &User,
    vessel_id: &str,
    vessel: &super::model::VesselRow,
    checked: &Checked,
    now: i64,
) -> AppResult<Option<TheftReport>> {
    let id = new_id();
    let mut tx = state.begin().await?;
    // Rows in the order a transfer's fee takes them (its payment, the
    // transfer, then the vessel), so that a report and a fee arriving at
    // once wait for each other instead of deadlocking: the open transfers
    // and their unpaid fees are canceled first (rolled back with the rest
    // if the report is refused below), then the vessel's row is marked.
    transfers::service::cancel_all_of_vessel(&mut tx, vessel_id).await?;
    if !lifecycle::report_stolen(&mut tx, vessel_id, &user.id, checked.stolen_at, &checked.place, &id).await? {
        // Sold meanwhile (no longer theirs), or reported already.
        let owner = store::owner_of(&mut tx, vessel_id).await?;
        tx.rollback().await?;
        if owner.as_deref() != Some(user.id.as_str()) {
            return Err(vessel_not_found());
        }
        return Err(AppError::Conflict("vessel_already_reported_stolen".into()));
    }
    if store::open_transfers(&mut tx, vessel_id).await? > 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    // Back to `active` if it was in transfer (a no-op otherwise).
    lifecycle::end_transfer(&mut tx, vessel_id, Some(&user.id), "reported_stolen").await?;
    let new = NewReport {
        id: &id,
        vessel_id,
        reported_by: &user.id,
        reported_at: now,
        stolen_at: checked.stolen_at,
        place: &checked.place,
        police_reference: &checked.police_reference,
        description: &checked.description,
    };
    match store::insert(&mut tx, &new).await {
        Err(e) if is_unique_violation(&e) => {
            tx.rollback().await?;
            return Err(AppError::Conflict("vessel_already_reported_stolen".into()));
        }
        other => other?,
    }
    let named = Named::of(vessel.name.as_deref(), &vessel.platform_id);
    email_owner(&mut tx, &user.id, &named, |m| m.with("mail.theft_reported_body")).await?;
    let report = store::by_id(&mut tx, &id).await?.ok_or_else(no_open_report)?.into_report()?;
    tx.commit().await?;
    Ok(Some(report))
}

/// An administrator checked the police reference.
#[tracing::instrument(skip_all, fields(vessel = %platform_id, admin = %admin.id))]
pub async fn confirm(state: &AppState, admin: &User, platform_id: &PlatformId) -> AppResult<TheftReport> {
    let vessel_id = &vessel_id_of(state, platform_id).await?;
    let vessel = store::vessel(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    let mut tx = state.begin().await?;
    let open = store::open_report(&mut tx, vessel_id).await?.ok_or_else(no_open_report)?;
    if open.status == TheftReportStatus::Confirmed.as_str() {
        return Err(AppError::Conflict("theft_report_already_confirmed".into()));
    }
    if store::confirm(&mut tx, &open.id, &admin.id, now_ms()).await? != 1
        || !lifecycle::confirm_stolen(&mut tx, vessel_id, &admin.id, &open.id).await?
    {
        return Err(no_open_report());
    }
    if let Some(owner) = store::owner_of(&mut tx, vessel_id).await? {
        let named = Named::of(vessel.name.as_deref(), &vessel.platform_id);
        email_owner(&mut tx, &owner, &named, |m| m.with("mail.theft_confirmed_body")).await?;
    }
    let report = store::by_id(&mut tx, &open.id).await?.ok_or_else(no_open_report)?.into_report()?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(report)
}

/// The vessel was recovered: its owner or an administrator ends the report.
#[tracing::instrument(skip_all, fields(vessel = %vessel_id, user = %user.id))]
pub async fn recovered(state: &AppState, user: &User, vessel_id: &str) -> AppResult<TheftReport> {
    end(state, user, vessel_id, None).await
}

/// An administrator removes a false report, saying why (10 to 1,000 characters).
#[tracing::instrument(skip_all, fields(vessel = %platform_id, admin = %admin.id))]
pub async fn remove(state: &AppState, admin: &User, platform_id: &PlatformId, reason: &str) -> AppResult<TheftReport> {
    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if !(10..=1000).contains(&reason.chars().count()) {
        return Err(AppError::field("reason", "theft_removal_reason_length"));
    }
    end(state, admin, &vessel_id_of(state, platform_id).await?, Some(&reason)).await
}

async fn vessel_id_of(state: &AppState, platform_id: &PlatformId) -> AppResult<String> {
    store::vessel_id_of(&state.db, platform_id.compact()).await?.ok_or_else(vessel_not_found)
}

async fn end(state: &AppState, user: &User, vessel_id: &str, removed_because: Option<&str>) -> AppResult<TheftReport> {
    let vessel = store::vessel(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    let owner = vessel.owner_user_id.as_deref();
    if owner != Some(user.id.as_str()) && !user.is_admin() {
        return Err(vessel_not_found());
    }
    let mut tx = state.begin().await?;
    let open = store::open_report(&mut tx, vessel_id).await?.ok_or_else(no_open_report)?;
    let status = if removed_because.is_some() { TheftReportStatus::Removed } else { TheftReportStatus::Recovered };
    if store::end(&mut tx, &open.id, status.as_str(), &user.id, now_ms(), removed_because).await? != 1
        || !lifecycle::end_stolen(&mut tx, vessel_id, &user.id, &open.id, removed_because).await?
    {
        return Err(no_open_report());
    }
    if let Some(owner) = store::owner_of(&mut tx, vessel_id).await? {
        let named = Named::of(vessel.name.as_deref(), &vessel.platform_id);
        match removed_because {
            None => email_owner(&mut tx, &owner, &named, |m| m.with("mail.theft_recovered_body")).await?,
            Some(reason) => {
                email_owner(&mut tx, &owner, &named, |m| m.with("mail.theft_removed_body").arg("reason", reason))
                    .await?;
            }
        }
    }
    let report = store::by_id(&mut tx, &open.id).await?.ok_or_else(no_open_report)?.into_report()?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(report)
}

/// The vessel's theft reports, newest first, for its owner and administrators.
pub async fn of_vessel(state: &AppState, user: &User, vessel_id: &str) -> AppResult<Vec<TheftReport>> {
    let vessel = store::vessel(&state.db, vessel_id).await?.ok_or_else(vessel_not_found)?;
    if vessel.owner_user_id.as_deref() != Some(user.id.as_str()) && !user.is_admin() {
        return Err(vessel_not_found());
    }
    // An earlier owner's police case is theirs: a later owner sees only their own reports.
    let only_by = if user.is_admin() { None } else { Some(user.id.as_str()) };
    let rows = store::of_vessel(&state.db, vessel_id, only_by).await?;
    Ok(rows.into_iter().map(super::model::ReportRow::into_report).collect::<sqlx::Result<_>>()?)
}

/// The vessel as the emails name it.
struct Named {
    name: Option<String>,
    platform_id: String,
}

impl Named {
    fn of(name: Option<&str>, stored_platform_id: &str) -> Self {
        Self { name: name.map(str::to_owned), platform_id: PlatformId::display_stored(stored_platform_id.to_owned()) }
    }

    fn with(&self, key: &'static str, lang: Lang) -> Msg {
        VesselNamed { name: self.name.as_deref(), platform_id: &self.platform_id }.describe(Msg::new(key), lang)
    }
}

/// Email the owner, in their language, while their account is open.
async fn email_owner(tx: &mut Tx<'_>, owner: &str, named: &Named, body: impl FnOnce(Body<'_>) -> Msg) -> AppResult<()> {
    email_account_with(tx, owner, |lang| (named.with("mail.theft_subject", lang), body(Body { named, lang }))).await
}

/// Builds a body for one language.
struct Body<'a> {
    named: &'a Named,
    lang: Lang,
}

impl Body<'_> {
    fn with(&self, key: &'static str) -> Msg {
        self.named.with(key, self.lang)
    }
}
