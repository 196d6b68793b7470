//! The identity feature's types: what a provider reports about a session,
//! and the API's request and answer for starting one.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::features::auth::IdentityFailure;

/// What a provider reports about a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    Processing,
    Verified,
    Failed(IdentityFailure),
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdentitySessionRequest {
    /// The vessel page the person returns to; they must be its current owner. Left out when
    /// the check starts from the profile (a verified person changing their name checks again).
    #[serde(default)]
    pub vessel_platform_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct IdentitySession {
    /// Send the browser here; it comes back to `/registry/{platformId}?verified=identity`
    /// (or `/profile?verified=identity`).
    pub url: String,
}
