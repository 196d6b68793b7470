//! Accounts as administrators see them (read only: archiving and roles go
//! through `auth::service`).

use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::{
    domain::PlatformId,
    features::auth::{IdentityVerificationStatus, Role},
    features::vessels::model::VesselStatus,
    foundation::error::{AppError, AppResult},
    platform::clock::rfc3339,
    platform::state::AppState,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserVessel {
    pub platform_id: String,
    pub name: Option<String>,
    pub status: VesselStatus,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUser {
    pub id: String,
    pub email: String,
    pub name: Option<String>,
    pub role: Role,
    /// `active` or `archived`.
    pub status: &'static str,
    pub email_verified_at: Option<String>,
    pub phone_verified_at: Option<String>,
    pub identity_verification_status: IdentityVerificationStatus,
    pub created_at: String,
    pub last_signed_in_at: Option<String>,
    /// The vessels they own now.
    pub vessels: Vec<AdminUserVessel>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminUserList {
    pub data: Vec<AdminUser>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserLookupParams {
    /// The whole address or a part of it (at least 3 characters), any case.
    #[param(min_length = 3, max_length = 254)]
    pub email: String,
}

/// At most this many accounts answer one lookup.
const LOOKUP_LIMIT: i64 = 50;

const COLUMNS: &str = "u.id, u.email, u.name, u.role, u.archived_at, u.email_verified_at, u.phone_verified_at, \
     u.identity_verification_status, u.created_at, u.last_signed_in_at";

#[tracing::instrument(skip(state))]
pub async fn lookup(state: &AppState, email: &str) -> AppResult<AdminUserList> {
    let email = email.trim().to_lowercase();
    if email.chars().count() < 3 {
        return Err(AppError::bad_request("invalid_parameter", "type_least_3_characters_email"));
    }
    let pattern: String = email.chars().filter(|c| !matches!(c, '%' | '_' | '\\')).collect();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM users u WHERE LOWER(u.email) LIKE $1 ORDER BY u.archived_at IS NOT NULL, u.email LIMIT $2"
    ))
    .bind(format!("%{pattern}%"))
    .bind(LOOKUP_LIMIT)
    .fetch_all(&state.db)
    .await?;
    let mut data = Vec::with_capacity(rows.len());
    for r in &rows {
        data.push(from_row(state, r).await?);
    }
    Ok(AdminUserList { data })
}

pub async fn one(state: &AppState, id: &str) -> AppResult<AdminUser> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users u WHERE u.id = $1"))
        .bind(id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("no_such_account".into()))?;
    from_row(state, &row).await
}

async fn from_row(state: &AppState, r: &sqlx::any::AnyRow) -> AppResult<AdminUser> {
    let id: String = r.try_get("id")?;
    let vessels = sqlx::query(
        "SELECT platform_id, name, status FROM vessels WHERE owner_user_id = $1 ORDER BY created_at DESC LIMIT 100",
    )
    .bind(&id)
    .fetch_all(&state.db)
    .await?
    .iter()
    .map(|v| -> sqlx::Result<AdminUserVessel> {
        Ok(AdminUserVessel {
            platform_id: PlatformId::display_stored(v.try_get("platform_id")?),
            name: v.try_get("name")?,
            status: crate::platform::db::stored::<VesselStatus>(v.try_get("status")?)?,
        })
    })
    .collect::<sqlx::Result<_>>()?;
    Ok(AdminUser {
        id,
        email: r.try_get("email")?,
        name: r.try_get("name")?,
        role: crate::platform::db::stored::<Role>(r.try_get("role")?)?,
        status: if r.try_get::<Option<i64>, _>("archived_at")?.is_some() { "archived" } else { "active" },
        email_verified_at: r.try_get::<Option<i64>, _>("email_verified_at")?.map(rfc3339),
        phone_verified_at: r.try_get::<Option<i64>, _>("phone_verified_at")?.map(rfc3339),
        identity_verification_status: crate::platform::db::stored::<IdentityVerificationStatus>(
            r.try_get("identity_verification_status")?,
        )?,
        created_at: rfc3339(r.try_get("created_at")?),
        last_signed_in_at: r.try_get::<Option<i64>, _>("last_signed_in_at")?.map(rfc3339),
        vessels,
    })
}
