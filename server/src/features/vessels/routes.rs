//! The vessels feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::{
    contact, corrections,
    create::{self, CreateVesselRequest, NewVessel},
    model, service,
};
use axum::{
    Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::history_chain::ChainReport;
use super::model::{CreatedVessel, Vessel, VesselDetail, VesselPage};

use crate::http::json::MessageResponse;
use crate::{
    domain::particulars::{Engine, HullMaterial, VesselType},
    features::auth::{CurrentUser, MaybeUser},
    foundation::error::{AppError, AppResult, ErrorBody},
    http::{
        client_addr::ClientAddr,
        extract::PlatformIdPath,
        json::{ApiJson, present_or_null},
    },
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels", post(register))
        .route("/api/vessels/search", get(search))
        .route("/api/vessels/my/list", get(my_list))
        .route("/api/vessels/{id}", get(detail).patch(update).delete(cancel_registration))
        .route("/api/vessels/{id}/history/verify", get(verify_history))
        .route("/api/hull-check", get(hull_check))
        .route("/api/vessels/{id}/contact", post(contact_owner))
        .route("/api/vessels/{id}/correction-requests", get(correction_requests).post(request_correction))
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

#[utoipa::path(get, path = "/api/vessels/search", tag = "vessels", params(super::search::SearchParams),
    responses((status = 200, body = VesselPage), (status = 400, body = ErrorBody)))]
pub(crate) async fn search(
    State(state): State<AppState>,
    Query(params): Query<super::search::SearchParams>,
) -> AppResult<ApiJson<VesselPage>> {
    let query = super::search::SearchQuery::parse(&params)?;
    Ok(ApiJson(super::search::search(&state, &query).await?))
}

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

#[utoipa::path(get, path = "/api/hull-check", tag = "vessels", params(super::hull_check::HullCheckParams),
    responses((status = 200, body = model::HullCheck,
                  description = "Registered or not; stolen, encumbered, the history, the CIN decoded; never the owner"),
              (status = 400, body = ErrorBody, description = "hull_check_one_identifier, invalid_platform_id"),
              (status = 422, body = ErrorBody, description = "A malformed MMSI"),
              (status = 429, body = ErrorBody, description = "too_many_hull_checks from this address; see Retry-After")))]
pub(crate) async fn hull_check(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Query(params): Query<super::hull_check::HullCheckParams>,
) -> AppResult<ApiJson<model::HullCheck>> {
    let query = super::hull_check::HullQuery::parse(&params)?;
    Ok(ApiJson(super::hull_check::check(&state, client, &query).await?))
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
    crate::features::payments::follow_up::run(&state).await;
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
        let mut fields = crate::foundation::error::FieldErrors::new();
        for (field, message) in problems {
            fields.entry(field.to_owned()).or_default().push(message.into());
        }
        AppError::fields(fields)
    })?;
    contact::contact_owner(&state, &id, &message, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("message_sent_to_owner")))
}
