//! The registry's vessels: registration, the public search, vessel pages,
//! the owner's list and the owner's permitted changes.

pub mod contact;
pub mod corrections;
mod create;
pub mod history_chain;
pub mod identifiers_in_use;
pub mod lifecycle;
mod listed;
pub mod model;
pub mod search;
pub mod service;
pub mod stats;

use axum::{
    Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};
use serde::Deserialize;
use utoipa::ToSchema;

pub use create::{CIN_SINCE, CreateVesselRequest, NewVessel, create as create_vessel};
use history_chain::ChainReport;
pub use listed::{listed_platform_ids, listed_total};
use model::{CreatedVessel, Vessel, VesselDetail, VesselPage};

use crate::http::json::MessageResponse;
use crate::{
    app::AppState,
    auth::{Admin, CurrentUser, MaybeUser},
    domain::particulars::{Engine, HullMaterial, VesselType},
    error::{AppError, AppResult, ErrorBody},
    http::{
        client_addr::ClientAddr,
        extract::PlatformIdPath,
        json::{ApiJson, present_or_null},
    },
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels", post(register))
        .route("/api/vessels/search", get(search))
        .route("/api/vessels/my/list", get(my_list))
        .route("/api/vessels/{id}", get(detail).patch(update).delete(cancel_registration))
        .route("/api/vessels/{id}/history/verify", get(verify_history))
        .route("/api/vessels/{id}/contact", post(contact_owner))
        .route("/api/vessels/{id}/correction-requests", get(correction_requests).post(request_correction))
        .route("/api/admin/vessels", get(admin_list))
        .route("/api/admin/correction-requests", get(admin_correction_requests))
        .route("/api/admin/correction-requests/{id}/approve", post(approve_correction))
        .route("/api/admin/correction-requests/{id}/reject", post(reject_correction))
}

fn current_year() -> i64 {
    i64::from(time::OffsetDateTime::now_utc().year())
}

#[utoipa::path(post, path = "/api/vessels", tag = "vessels", request_body = CreateVesselRequest,
    responses((status = 201, body = CreatedVessel, description = "Registered, awaiting its fee (status pending_payment)"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Email not verified"),
              (status = 409, body = ErrorBody, description = "An identifier is in use by an active vessel"),
              (status = 422, body = ErrorBody, description = "Field errors")))]
pub(crate) async fn register(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<CreateVesselRequest>,
) -> AppResult<impl IntoResponse> {
    let (vessel, warnings) = NewVessel::parse(&body, current_year(), me.user.phone_e164.as_deref())?;
    let created = create::create(&state, &me.user, vessel, warnings).await?;
    Ok((StatusCode::CREATED, ApiJson(created)))
}

#[utoipa::path(get, path = "/api/vessels/search", tag = "vessels", params(search::SearchParams),
    responses((status = 200, body = VesselPage), (status = 400, body = ErrorBody)))]
pub(crate) async fn search(
    State(state): State<AppState>,
    Query(params): Query<search::SearchParams>,
) -> AppResult<ApiJson<VesselPage>> {
    let query = search::SearchQuery::parse(&params)?;
    Ok(ApiJson(search::search(&state, &query).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminListParams {
    /// From 1 to 100,000.
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    /// 1 to 100; default 20.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// Only vessels in this state, e.g. `needs_review`.
    pub status: Option<model::VesselStatus>,
    /// Part of the platform ID, name, make or model (any case).
    #[param(max_length = 100)]
    pub query: Option<String>,
    /// Only vessels of this country (NL, DE, FR, ES, IT, BE, PL, PT, GR, HR, CH).
    pub country_code: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/vessels", tag = "admin", params(AdminListParams),
    responses((status = 200, body = VesselPage, description = "Every vessel, newest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Signed in, not an administrator")))]
pub(crate) async fn admin_list(
    State(state): State<AppState>,
    _admin: Admin,
    Query(params): Query<AdminListParams>,
) -> AppResult<ApiJson<VesselPage>> {
    let page = params.page.unwrap_or(1);
    let page_size = params.page_size.unwrap_or(ADMIN_PAGE_SIZE);
    if !(1..=search::MAX_PAGE).contains(&page) || !(1..=search::MAX_PAGE_SIZE).contains(&page_size) {
        return Err(crate::error::AppError::bad_request(
            "invalid_parameter",
            crate::i18n::Msg::new("paging_range")
                .arg("maxPage", search::MAX_PAGE)
                .arg("maxSize", search::MAX_PAGE_SIZE),
        ));
    }
    let country = match params.country_code.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => Some(
            crate::countries::find(&c.to_ascii_uppercase())
                .ok_or_else(|| crate::error::AppError::bad_request("invalid_parameter", "unknown_country_code"))?
                .code,
        ),
    };
    let query = params.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if query.is_some_and(|q| q.chars().count() > 100) {
        return Err(crate::error::AppError::bad_request(
            "invalid_parameter",
            crate::i18n::Msg::new("query_too_long").arg("max", 100),
        ));
    }
    let filter = service::AdminFilter { status: params.status, query, country };
    Ok(ApiJson(service::all_for_admin(&state, &filter, page, page_size).await?))
}

/// The spec's admin page size.
const ADMIN_PAGE_SIZE: i64 = 20;

#[utoipa::path(get, path = "/api/vessels/my/list", tag = "vessels",
    responses((status = 200, body = Vec<Vessel>), (status = 401, body = ErrorBody)))]
pub(crate) async fn my_list(State(state): State<AppState>, me: CurrentUser) -> AppResult<ApiJson<Vec<Vessel>>> {
    Ok(ApiJson(service::owned_by(&state, &me.user).await?))
}

// One path template serves GET (by platform ID) and PATCH (by vessel id):
// the spec names both `/api/vessels/{...}`, and a router has one name per segment.
#[utoipa::path(get, path = "/api/vessels/{id}", tag = "vessels",
    params(("id" = String, Path, description = "The platform ID: any case, hyphens optional (O reads as 0, I and L as 1)",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = VesselDetail),
              (status = 400, body = ErrorBody, description = "code invalid_platform_id: malformed, or the check character fails"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn detail(
    State(state): State<AppState>,
    // Before `MaybeUser`: a bad ID is refused without a session lookup.
    PlatformIdPath(id): PlatformIdPath,
    viewer: MaybeUser,
) -> AppResult<ApiJson<VesselDetail>> {
    Ok(ApiJson(service::detail(&state, viewer.0.as_ref(), &id).await?))
}

#[utoipa::path(get, path = "/api/vessels/{id}/history/verify", tag = "vessels",
    params(("id" = String, Path, description = "The platform ID, as for GET /api/vessels/{id}",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = ChainReport,
                  description = "The ownership chain recomputed (docs/HISTORY-CHAIN.md); `valid` false names the first bad event"),
              (status = 400, body = ErrorBody, description = "code invalid_platform_id"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn verify_history(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    viewer: MaybeUser,
) -> AppResult<ApiJson<ChainReport>> {
    Ok(ApiJson(service::verify_history(&state, viewer.0.as_ref(), &id).await?))
}

/// The owner's changes. A field left out stays as it is; `null` (or an empty
/// text, or no engines) removes an optional particular. Identifiers, make,
/// model, build year and length are corrected by an administrator on request
/// (`POST /api/vessels/{id}/correction-requests`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateVesselRequest {
    pub public_visibility: Option<bool>,
    pub for_sale: Option<bool>,
    /// The vessel's name, at most 100 characters.
    #[serde(default, deserialize_with = "present_or_null")]
    #[schema(value_type = Option<String>, nullable, max_length = 100)]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present_or_null")]
    #[schema(value_type = Option<VesselType>, nullable)]
    pub vessel_type: Option<Option<VesselType>>,
    #[serde(default, deserialize_with = "present_or_null")]
    #[schema(value_type = Option<HullMaterial>, nullable)]
    pub hull_material: Option<Option<HullMaterial>>,
    /// At most 40 characters.
    #[serde(default, deserialize_with = "present_or_null")]
    #[schema(value_type = Option<String>, nullable, max_length = 40)]
    pub hull_colour: Option<Option<String>>,
    /// At most 80 characters.
    #[serde(default, deserialize_with = "present_or_null")]
    #[schema(value_type = Option<String>, nullable, max_length = 80)]
    pub home_port: Option<Option<String>>,
    /// The engines as they are now, replacing those recorded (at most six).
    #[schema(max_items = 6)]
    pub engines: Option<Vec<Engine>>,
}

#[utoipa::path(patch, path = "/api/vessels/{id}", tag = "vessels", request_body = UpdateVesselRequest,
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Vessel, description = "Changed; each corrected particular is recorded in the vessel's corrections"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "vessel_deactivated_no_longer_changed, or particulars_changed_meanwhile"),
              (status = 422, body = ErrorBody, description = "Field errors, or a field the owner does not change")))]
pub(crate) async fn update(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateVesselRequest>,
) -> AppResult<ApiJson<Vessel>> {
    let flags = service::FlagChange { public_visibility: body.public_visibility, for_sale: body.for_sale };
    let particulars = corrections::ParticularsChange::parse(&corrections::ParticularsInput {
        name: body.name.as_ref().map(Option::as_deref),
        vessel_type: body.vessel_type,
        hull_material: body.hull_material,
        hull_colour: body.hull_colour.as_ref().map(Option::as_deref),
        home_port: body.home_port.as_ref().map(Option::as_deref),
        engines: body.engines.as_deref(),
    })?;
    Ok(ApiJson(service::update(&state, &me.user, &id, flags, &particulars).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorrectionRequestBody {
    /// `make`, `model`, `buildYear`, `lengthCm`, `cin`, `legacyId`, `engineSerial`, `mmsi`,
    /// `imoNumber`, `eniNumber` or `identifiers.<type>` (a type of the vessel's country).
    #[schema(max_length = 40)]
    pub field: String,
    /// The correct value, checked as registration checks it; empty removes an optional identifier.
    #[schema(max_length = 100)]
    pub value: String,
    /// Why, for the administrator: 10 to 1,000 characters.
    #[schema(min_length = 10, max_length = 1000)]
    pub reason: String,
}

#[utoipa::path(post, path = "/api/vessels/{id}/correction-requests", tag = "vessels", request_body = CorrectionRequestBody,
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 201, body = model::CorrectionRequest, description = "Waiting for an administrator"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the vessel's owner"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "too_many_pending_correction_requests, or the vessel is deactivated"),
              (status = 422, body = ErrorBody, description = "Field errors: an unknown field, a value registration would refuse, the same value")))]
pub(crate) async fn request_correction(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CorrectionRequestBody>,
) -> AppResult<impl IntoResponse> {
    let created = corrections::request(&state, &me.user, &id, &body.field, &body.value, &body.reason).await?;
    Ok((StatusCode::CREATED, ApiJson(created)))
}

#[utoipa::path(get, path = "/api/vessels/{id}/correction-requests", tag = "vessels",
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Vec<model::CorrectionRequest>, description = "Newest first"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such vessel of the caller's")))]
pub(crate) async fn correction_requests(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Vec<model::CorrectionRequest>>> {
    Ok(ApiJson(corrections::of_vessel(&state, &me.user, &id).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminCorrectionParams {
    /// Default `pending`: the queue, oldest first.
    pub status: Option<model::CorrectionRequestStatus>,
}

#[utoipa::path(get, path = "/api/admin/correction-requests", tag = "admin", params(AdminCorrectionParams),
    responses((status = 200, body = Vec<model::CorrectionRequest>, description = "Oldest first, at most 200"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Signed in, not an administrator")))]
pub(crate) async fn admin_correction_requests(
    State(state): State<AppState>,
    _admin: Admin,
    Query(params): Query<AdminCorrectionParams>,
) -> AppResult<ApiJson<Vec<model::CorrectionRequest>>> {
    let status = params.status.unwrap_or(model::CorrectionRequestStatus::Pending);
    Ok(ApiJson(corrections::for_admin(&state, status).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorrectionDecisionBody {
    /// For the owner: optional when approving, required (1 to 1,000 characters) when rejecting.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub note: Option<String>,
}

#[utoipa::path(post, path = "/api/admin/correction-requests/{id}/approve", tag = "admin", request_body = CorrectionDecisionBody,
    params(("id" = String, Path, description = "The request's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = model::CorrectionRequest, description = "Granted: the vessel's record is corrected and the owner emailed"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "correction_request_decided, an identifier in use, or the vessel changed meanwhile"),
              (status = 422, body = ErrorBody, description = "The value no longer fits the vessel as it is")))]
pub(crate) async fn approve_correction(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CorrectionDecisionBody>,
) -> AppResult<ApiJson<model::CorrectionRequest>> {
    let decision = corrections::Decision::Approve { note: body.note.as_deref() };
    Ok(ApiJson(corrections::decide(&state, &admin.0, &id, decision).await?))
}

#[utoipa::path(post, path = "/api/admin/correction-requests/{id}/reject", tag = "admin", request_body = CorrectionDecisionBody,
    params(("id" = String, Path, description = "The request's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = model::CorrectionRequest, description = "Refused: the owner is emailed the note"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "correction_request_decided"),
              (status = 422, body = ErrorBody, description = "note missing or too long")))]
pub(crate) async fn reject_correction(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CorrectionDecisionBody>,
) -> AppResult<ApiJson<model::CorrectionRequest>> {
    let decision = corrections::Decision::Reject { note: body.note.as_deref().unwrap_or("") };
    Ok(ApiJson(corrections::decide(&state, &admin.0, &id, decision).await?))
}

#[utoipa::path(delete, path = "/api/vessels/{id}", tag = "vessels",
    params(("id" = String, Path, description = "The vessel's id (not its platform ID), as for PATCH", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = MessageResponse, description = "The unpaid registration is canceled; the vessel leaves the owner's list"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such vessel of the caller's"),
              (status = 409, body = ErrorBody, description = "only_unpaid_registration_canceled: its fee is paid")))]
pub(crate) async fn cancel_registration(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<MessageResponse>> {
    service::cancel_registration(&state, &me.user, &id).await?;
    // The canceled fee's intent, at the provider.
    crate::payments::follow_up::run(&state).await;
    Ok(MessageResponse::new("registration_canceled"))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactOwnerRequest {
    /// 10 to 2,000 characters.
    #[schema(min_length = 10, max_length = 2000)]
    pub message: String,
    /// Where the owner may answer; given to the owner with the message, never shown publicly.
    #[schema(max_length = 254)]
    pub reply_to: String,
}

#[utoipa::path(post, path = "/api/vessels/{id}/contact", tag = "vessels", request_body = ContactOwnerRequest,
    params(("id" = String, Path, description = "The platform ID, as for GET /api/vessels/{id}",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 202, body = MessageResponse, description = "The message is on its way to the owner"),
              (status = 400, body = ErrorBody), (status = 404, body = ErrorBody, description = "No listed active vessel"),
              (status = 409, body = ErrorBody, description = "vessel_not_for_sale"),
              (status = 422, body = ErrorBody, description = "Field errors"),
              (status = 429, body = ErrorBody, description = "too_many_contact_messages; see Retry-After")))]
pub(crate) async fn contact_owner(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<ContactOwnerRequest>,
) -> AppResult<impl IntoResponse> {
    let message = contact::ContactMessage::parse(&body.message, &body.reply_to).map_err(|problems| {
        let mut fields = crate::error::FieldErrors::new();
        for (field, message) in problems {
            fields.entry(field.to_owned()).or_default().push(message.into());
        }
        AppError::fields(fields)
    })?;
    contact::contact_owner(&state, &id, &message, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("message_sent_to_owner")))
}
