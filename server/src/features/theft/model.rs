//! A theft report, as its owner and administrators see it.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::platform::clock::rfc3339;

/// A theft report's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum TheftReportStatus {
    /// Reported by the owner; open.
    Reported,
    /// An administrator checked the police reference; open.
    Confirmed,
    /// The vessel was recovered; closed.
    Recovered,
    /// An administrator removed it as false; closed.
    Removed,
}

impl TheftReportStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What the owner reports.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportTheftRequest {
    /// When it was stolen: an RFC 3339 time, or a date (`2026-11-20`, taken as midnight UTC);
    /// not in the future.
    pub stolen_at: String,
    /// Where it was stolen (a harbour, a town), at most 120 characters; shown publicly.
    #[schema(max_length = 120)]
    pub place: String,
    /// The police report's reference, at most 60 characters; administrators check it.
    #[schema(max_length = 60)]
    pub police_reference: String,
    /// What happened, for administrators, at most 1,000 characters.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub description: Option<String>,
}

/// Why an administrator removes a report as false.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveTheftReportRequest {
    /// 10 to 1,000 characters; the owner is told.
    #[schema(min_length = 10, max_length = 1000)]
    pub reason: String,
}

/// A theft report, for the vessel's owner and administrators.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TheftReport {
    pub id: String,
    pub vessel_id: String,
    pub status: TheftReportStatus,
    /// RFC 3339, UTC.
    pub reported_at: String,
    pub stolen_at: String,
    pub place: String,
    pub police_reference: String,
    pub description: String,
    pub confirmed_at: Option<String>,
    /// When it was recovered or removed.
    pub ended_at: Option<String>,
    /// Why an administrator removed it.
    pub end_reason: Option<String>,
}

/// A theft report as stored.
#[derive(FromRow)]
pub(super) struct ReportRow {
    pub(super) id: String,
    pub(super) vessel_id: String,
    pub(super) status: String,
    pub(super) reported_at: i64,
    pub(super) stolen_at: i64,
    pub(super) place: String,
    pub(super) police_reference: String,
    pub(super) description: String,
    pub(super) confirmed_at: Option<i64>,
    pub(super) ended_at: Option<i64>,
    pub(super) end_reason: Option<String>,
}

impl ReportRow {
    pub(super) fn into_report(self) -> sqlx::Result<TheftReport> {
        Ok(TheftReport {
            id: self.id,
            vessel_id: self.vessel_id,
            status: crate::platform::db::stored(&self.status)?,
            reported_at: rfc3339(self.reported_at),
            stolen_at: rfc3339(self.stolen_at),
            place: self.place,
            police_reference: self.police_reference,
            description: self.description,
            confirmed_at: self.confirmed_at.map(rfc3339),
            ended_at: self.ended_at.map(rfc3339),
            end_reason: self.end_reason,
        })
    }
}

/// The vessel a report is about, as the service checks it.
#[derive(FromRow)]
pub(super) struct VesselRow {
    pub(super) owner_user_id: Option<String>,
    pub(super) status: String,
    pub(super) name: Option<String>,
    pub(super) platform_id: String,
}
