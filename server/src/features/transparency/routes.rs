//! The transparency log over HTTP: public, read-only, for anyone who keeps tree heads.

use axum::{
    Router,
    extract::{Path, Query, State},
    routing::get,
};

use super::model::{
    ConsistencyParams, ConsistencyProof, InclusionParams, InclusionProof, PageParams, TreeHead, TreeHeadPage,
};
use super::service;
use crate::{
    foundation::{
        error::{AppError, AppResult, ErrorBody},
        i18n::Msg,
    },
    http::{input::whole_number, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/transparency/tree-heads", get(tree_heads))
        .route("/api/transparency/tree-heads/{size}", get(tree_head))
        .route("/api/transparency/proof/inclusion", get(inclusion))
        .route("/api/transparency/proof/consistency", get(consistency))
}

/// A whole number the request must carry.
fn required(field: &str, raw: Option<&str>) -> AppResult<i64> {
    whole_number(field, raw)?.ok_or_else(|| {
        AppError::bad_request("invalid_parameter", Msg::new("parameter_required").arg("parameter", field))
    })
}

#[utoipa::path(get, path = "/api/transparency/tree-heads", tag = "transparency", params(PageParams),
    responses((status = 200, body = TreeHeadPage, description = "Signed tree heads, newest (largest) first"),
              (status = 400, body = ErrorBody, description = "invalid_parameter: page or pageSize")))]
pub(crate) async fn tree_heads(
    State(state): State<AppState>,
    Query(p): Query<PageParams>,
) -> AppResult<ApiJson<TreeHeadPage>> {
    let page = whole_number("page", p.page.as_deref())?;
    let page_size = whole_number("pageSize", p.page_size.as_deref())?;
    Ok(ApiJson(service::heads(&state.db, page, page_size).await?))
}

#[utoipa::path(get, path = "/api/transparency/tree-heads/{size}", tag = "transparency",
    params(("size" = i64, Path, description = "The tree's size (leaves)", minimum = 0)),
    responses((status = 200, body = TreeHead),
              (status = 400, body = ErrorBody, description = "invalid_parameter: not a whole number"),
              (status = 404, body = ErrorBody, description = "tree_head_not_found: no head of that size was published")))]
pub(crate) async fn tree_head(State(state): State<AppState>, Path(size): Path<String>) -> AppResult<ApiJson<TreeHead>> {
    let size = required("size", Some(&size))?;
    Ok(ApiJson(service::head(&state.db, size).await?))
}

#[utoipa::path(get, path = "/api/transparency/proof/inclusion", tag = "transparency", params(InclusionParams),
    responses((status = 200, body = InclusionProof, description = "The vessel's latest chain head logged in that tree, and its audit path"),
              (status = 400, body = ErrorBody, description = "invalid_parameter, invalid_platform_id"),
              (status = 404, body = ErrorBody, description = "tree_head_not_found, vessel_not_in_tree")))]
pub(crate) async fn inclusion(
    State(state): State<AppState>,
    Query(p): Query<InclusionParams>,
) -> AppResult<ApiJson<InclusionProof>> {
    let tree_size = required("treeSize", p.tree_size.as_deref())?;
    let platform_id = p.platform_id.as_deref().ok_or_else(|| {
        AppError::bad_request("invalid_parameter", Msg::new("parameter_required").arg("parameter", "platformId"))
    })?;
    Ok(ApiJson(service::inclusion(&state.db, platform_id, tree_size).await?))
}

#[utoipa::path(get, path = "/api/transparency/proof/consistency", tag = "transparency", params(ConsistencyParams),
    responses((status = 200, body = ConsistencyProof),
              (status = 400, body = ErrorBody, description = "invalid_parameter; transparency_sizes_invalid: from must be at least 1 and at most to"),
              (status = 404, body = ErrorBody, description = "tree_head_not_found: either size was never published")))]
pub(crate) async fn consistency(
    State(state): State<AppState>,
    Query(p): Query<ConsistencyParams>,
) -> AppResult<ApiJson<ConsistencyProof>> {
    let from = required("from", p.from.as_deref())?;
    let to = required("to", p.to.as_deref())?;
    Ok(ApiJson(service::consistency(&state.db, from, to).await?))
}
