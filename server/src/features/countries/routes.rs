//! The countries feature's HTTP face, under `/api/config/countries`.

use axum::{Router, extract::Path, routing::get};

use super::{model::CountryConfig, service};
use crate::{
    foundation::error::{AppResult, ErrorBody},
    http::json::ApiJson,
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/config/countries", get(list)).route("/api/config/countries/{country_code}", get(one))
}

#[utoipa::path(get, path = "/api/config/countries", tag = "config", responses((status = 200, body = Vec<CountryConfig>)))]
pub(crate) async fn list() -> ApiJson<Vec<CountryConfig>> {
    ApiJson(service::list())
}

#[utoipa::path(get, path = "/api/config/countries/{countryCode}", tag = "config",
    params(("countryCode" = String, Path, description = "ISO 3166 alpha-2, e.g. NL", pattern = r"^[A-Za-z]{2}$")),
    responses((status = 200, body = CountryConfig), (status = 404, body = ErrorBody)))]
pub(crate) async fn one(Path(code): Path<String>) -> AppResult<ApiJson<CountryConfig>> {
    Ok(ApiJson(service::one(&code)?))
}
