//! Accounts as administrators see them (read only: archiving and roles go
//! through `auth::service`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, UserRow};
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

#[tracing::instrument(skip_all)]
pub async fn lookup(state: &AppState, email: &str) -> AppResult<AdminUserList> {
    let email = email.trim().to_lowercase();
    if email.chars().count() < 3 {
        return Err(AppError::bad_request("invalid_parameter", "type_least_3_characters_email"));
    }
    let pattern: String = email.chars().filter(|c| !matches!(c, '%' | '_' | '\\')).collect();
    let rows = store::users_matching(&state.db, &pattern, LOOKUP_LIMIT).await?;
    let mut data = Vec::with_capacity(rows.len());
    for r in rows {
        data.push(admin_user(state, r).await?);
    }
    Ok(AdminUserList { data })
}

pub async fn one(state: &AppState, id: &str) -> AppResult<AdminUser> {
    let row = store::user(&state.db, id).await?.ok_or_else(|| AppError::NotFound("no_such_account".into()))?;
    admin_user(state, row).await
}

/// The account with the vessels it owns.
async fn admin_user(state: &AppState, r: UserRow) -> AppResult<AdminUser> {
    let vessels = store::vessels_of_owner(&state.db, &r.id)
        .await?
        .into_iter()
        .map(|v| -> sqlx::Result<AdminUserVessel> {
            Ok(AdminUserVessel {
                platform_id: PlatformId::display_stored(v.platform_id),
                name: v.name,
                status: crate::platform::db::stored::<VesselStatus>(&v.status)?,
            })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok(AdminUser {
        role: crate::platform::db::stored::<Role>(&r.role)?,
        status: if r.archived_at.is_some() { "archived" } else { "active" },
        email_verified_at: r.email_verified_at.map(rfc3339),
        phone_verified_at: r.phone_verified_at.map(rfc3339),
        identity_verification_status: crate::platform::db::stored::<IdentityVerificationStatus>(
            &r.identity_verification_status,
        )?,
        created_at: rfc3339(r.created_at),
        last_signed_in_at: r.last_signed_in_at.map(rfc3339),
        id: r.id,
        email: r.email,
        name: r.name,
        vessels,
    })
}
