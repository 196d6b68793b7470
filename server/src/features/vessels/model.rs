//! Vessels as the API shows them, and how rows become them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, any::AnyRow};
use utoipa::ToSchema;

use crate::{
    domain::{
        PlatformId,
        particulars::{Engine, HullMaterial, VesselType},
    },
    foundation::i18n::Msg,
    platform::clock::rfc3339,
};

/// The review reason of a vessel whose identifier another vessel took while its fee was paid. Stored
/// as this message code, so each reader reads the reason in their own language.
pub const IDENTIFIER_TAKEN: &str = "vessel_identifier_taken_review";

/// The review reason of a vessel released to a buyer who did not claim it within
/// [`CLAIM_WINDOW_MS`]: an administrator hands it to an account or back to its seller.
pub const CLAIM_EXPIRED: &str = "vessel_claim_window_expired_review";

/// How long a released vessel waits for its buyer's claim.
pub const CLAIM_WINDOW_MS: i64 = 30 * crate::platform::clock::DAY;

/// The review reasons stored as message codes.
const REVIEW_CODES: [&str; 2] = [IDENTIFIER_TAKEN, CLAIM_EXPIRED];

/// '2 owners since 2019', in the reader's language; none before a first owner.
fn ownership_summary(owners: i64, since_ms: Option<i64>) -> Option<String> {
    let since = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(since_ms?) * 1_000_000).ok()?;
    (owners > 0).then(|| Msg::new("ownership_summary").arg("count", owners).arg("year", since.year()).localized())
}

/// A stored review reason as the reader reads it.
fn review_reason(stored: String) -> String {
    match REVIEW_CODES.into_iter().find(|code| *code == stored) {
        Some(code) => Msg::new(code).localized(),
        None => stored,
    }
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum VesselStatus {
    /// Created, not public, until the registration fee is paid.
    PendingPayment,
    Active,
    InTransfer,
    Deactivated,
    /// The fee is paid but the vessel could not be activated (an identifier
    /// taken meanwhile); `reviewReason` says why. Administrators resolve it.
    NeedsReview,
}

impl VesselStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VesselIdentifiers {
    pub legacy_id: Option<String>,
    pub engine_serial: Option<String>,
    pub mmsi: Option<String>,
    /// The country the MMSI's MID is allotted to.
    pub mmsi_country: Option<String>,
    pub imo_number: Option<String>,
    pub eni_number: Option<String>,
    /// National identifier type -> value (or `unknown`).
    pub national: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(clippy::struct_excessive_bools, reason = "the API's answer: each flag is a separate fact clients show")]
pub struct Vessel {
    pub id: String,
    /// Grouped for display, e.g. `7KQ2-M9XD-4HTB`.
    pub platform_id: String,
    pub name: Option<String>,
    pub make: String,
    pub model: String,
    pub build_year: Option<i64>,
    pub length_cm: Option<i64>,
    pub country_code: String,
    pub public_visibility: bool,
    pub for_sale: bool,
    pub status: VesselStatus,
    /// Why the vessel waits in `needs_review`, for its owner; null otherwise.
    pub review_reason: Option<String>,
    /// The same as a message code, when it is one of the registry's own reasons:
    /// `vessel_identifier_taken_review` or `vessel_claim_window_expired_review`
    /// (which the console resolves by handing the vessel to an account or back to its seller).
    pub review_reason_code: Option<String>,
    /// Why a `deactivated` vessel is (for its owner): `refunded`, `administrator`,
    /// `account_archived` or `registration_canceled`; null otherwise.
    pub deactivation_reason: Option<DeactivationReason>,
    /// The administrator's words, with `refunded` or `administrator`.
    pub deactivation_note: Option<String>,
    pub created_at: String,
    pub documents_count: i64,
    /// Documents an administrator has verified.
    pub verified_documents_count: i64,
    /// `NL-BEN12345F819`, `unknown`, or null for vessels built before 1998.
    pub cin: Option<String>,
    pub identifiers: VesselIdentifiers,
    pub vessel_type: Option<VesselType>,
    pub hull_material: Option<HullMaterial>,
    pub hull_colour: Option<String>,
    /// Where the vessel is kept, as the owner names it.
    pub home_port: Option<String>,
    /// In the owner's order; empty when none were given.
    pub engines: Vec<Engine>,
    /// Raised by every correction of the particulars; a certificate is current only for the
    /// version it printed.
    #[serde(skip)]
    pub particulars_version: i64,
    /// How many owners the vessel has had and since which year, in the
    /// reader's language ('2 owners since 2019'); null before its first owner.
    pub ownership_summary: Option<String>,
    /// The current owner has verified their email, mobile number and
    /// identity, and an administrator has verified at least one of this
    /// vessel's documents (completeness 100 %).
    pub verified: bool,
    /// Set while a theft is reported and not ended: the vessel is shown as
    /// 'Reported stolen', no transfer starts or completes and no certificate is issued.
    pub stolen: Option<StolenNotice>,
    /// A registered lien is active on it (the owner consented): the vessel
    /// changes hands only with its lender's consent. Who the lenders are:
    /// `GET /api/vessels/{id}/liens`.
    pub encumbered: bool,
}

/// An open theft report, as every answer that carries the vessel shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StolenNotice {
    /// When the owner reported it (RFC 3339, UTC).
    pub reported_at: String,
    /// When it was stolen, as the owner reported (RFC 3339, UTC).
    pub stolen_at: String,
    /// Where it was stolen, as the owner reported.
    pub place: String,
    pub status: StolenStatus,
}

/// How far a theft report has been checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum StolenStatus {
    /// Reported by the owner.
    Reported,
    /// An administrator checked the police reference.
    Confirmed,
}

impl StolenStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Why a vessel left the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum DeactivationReason {
    /// Its registration fee was refunded by an administrator.
    Refunded,
    /// An administrator took it out of the registry.
    Administrator,
    /// Its owner archived the account.
    AccountArchived,
    /// Its owner canceled the registration before paying.
    RegistrationCanceled,
}

/// The vessel's own columns, without the owner's verification.
macro_rules! vessel_fields {
    () => {
        "v.id, v.platform_id, v.owner_user_id, v.status, v.name, v.make, v.model, \
         v.build_year, v.length_cm, v.country_code, v.public_visibility, v.for_sale, v.cin, v.legacy_id, \
         v.engine_serial, v.mmsi, v.mmsi_country, v.imo_number, v.eni_number, v.national_identifiers, \
         v.documents_count, v.verified_documents_count, v.created_at, v.review_reason, v.owners_count, v.first_owned_at, \
         v.deactivation_reason, v.deactivation_note, v.vessel_type, v.hull_material, v.hull_colour, v.home_port, \
         v.engines, v.particulars_version, v.stolen_status, v.stolen_reported_at, v.stolen_at, v.stolen_place, \
         v.active_liens"
    };
}

/// Whether the owner has verified their email, mobile number and identity,
/// as the `owner_verified` column [`Vessel`]'s `FromRow` reads, from the
/// owner's row joined as `u`.
macro_rules! owner_verified_of_u {
    () => {
        "u.email_verified_at IS NOT NULL AND u.phone_verified_at IS NOT NULL \
         AND u.identity_verification_status = 'verified'"
    };
}

/// Every column [`Vessel`]'s `FromRow` reads, the owner's verification
/// looked up per row.
pub const VESSEL_COLUMNS: &str = concat!(
    vessel_fields!(),
    ", (SELECT COUNT(*) FROM users u WHERE u.id = v.owner_user_id AND ",
    owner_verified_of_u!(),
    ") AS owner_verified"
);

/// [`VESSEL_COLUMNS`] for a statement that joins the owner's row as `u`
/// itself, so that row is read once.
pub const VESSEL_COLUMNS_OWNER_JOINED: &str = concat!(
    vessel_fields!(),
    ", CAST(CASE WHEN ",
    owner_verified_of_u!(),
    " THEN 1 ELSE 0 END AS BIGINT) AS owner_verified"
);

/// A row of [`VESSEL_COLUMNS`] (or [`VESSEL_COLUMNS_OWNER_JOINED`]) as stored.
#[derive(FromRow)]
pub(super) struct VesselRow {
    id: String,
    platform_id: String,
    /// Not part of [`Vessel`]: who may change it is the service's question.
    pub(super) owner_user_id: Option<String>,
    status: String,
    name: Option<String>,
    make: String,
    model: String,
    build_year: Option<i64>,
    length_cm: Option<i64>,
    country_code: String,
    public_visibility: i64,
    for_sale: i64,
    cin: Option<String>,
    legacy_id: Option<String>,
    engine_serial: Option<String>,
    mmsi: Option<String>,
    mmsi_country: Option<String>,
    imo_number: Option<String>,
    eni_number: Option<String>,
    national_identifiers: String,
    documents_count: i64,
    verified_documents_count: i64,
    created_at: i64,
    review_reason: Option<String>,
    owners_count: i64,
    first_owned_at: Option<i64>,
    deactivation_reason: Option<String>,
    deactivation_note: Option<String>,
    vessel_type: Option<String>,
    hull_material: Option<String>,
    hull_colour: Option<String>,
    home_port: Option<String>,
    engines: String,
    particulars_version: i64,
    stolen_status: Option<String>,
    stolen_reported_at: Option<i64>,
    stolen_at: Option<i64>,
    stolen_place: Option<String>,
    active_liens: i64,
    owner_verified: i64,
}

impl VesselRow {
    pub(super) fn into_vessel(self) -> sqlx::Result<Vessel> {
        let national: BTreeMap<String, String> = serde_json::from_str(&self.national_identifiers).unwrap_or_default();
        Ok(Vessel {
            id: self.id,
            platform_id: PlatformId::display_stored(self.platform_id),
            name: self.name,
            make: self.make,
            model: self.model,
            build_year: self.build_year,
            length_cm: self.length_cm,
            country_code: self.country_code,
            public_visibility: self.public_visibility == 1,
            for_sale: self.for_sale == 1,
            status: crate::platform::db::stored::<VesselStatus>(&self.status)?,
            review_reason_code: self.review_reason.clone().filter(|stored| REVIEW_CODES.contains(&stored.as_str())),
            review_reason: self.review_reason.map(review_reason),
            deactivation_reason: self.deactivation_reason.as_deref().map(crate::platform::db::stored).transpose()?,
            deactivation_note: self.deactivation_note,
            created_at: rfc3339(self.created_at),
            documents_count: self.documents_count,
            verified_documents_count: self.verified_documents_count,
            cin: self.cin,
            identifiers: VesselIdentifiers {
                legacy_id: self.legacy_id,
                engine_serial: self.engine_serial,
                mmsi: self.mmsi,
                mmsi_country: self.mmsi_country,
                imo_number: self.imo_number,
                eni_number: self.eni_number,
                national,
            },
            vessel_type: self.vessel_type.as_deref().map(crate::platform::db::stored).transpose()?,
            hull_material: self.hull_material.as_deref().map(crate::platform::db::stored).transpose()?,
            hull_colour: self.hull_colour,
            home_port: self.home_port,
            engines: serde_json::from_str(&self.engines)
                .map_err(|e| sqlx::Error::Decode(format!("engines: {e}").into()))?,
            particulars_version: self.particulars_version,
            ownership_summary: ownership_summary(self.owners_count, self.first_owned_at),
            verified: self.owner_verified > 0 && self.verified_documents_count > 0,
            stolen: match (self.stolen_status, self.stolen_reported_at, self.stolen_at, self.stolen_place) {
                (Some(status), Some(reported_at), Some(stolen_at), Some(place)) => Some(StolenNotice {
                    reported_at: rfc3339(reported_at),
                    stolen_at: rfc3339(stolen_at),
                    place,
                    status: crate::platform::db::stored(&status)?,
                }),
                _ => None,
            },
            encumbered: self.active_liens > 0,
        })
    }
}

impl sqlx::FromRow<'_, AnyRow> for Vessel {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        VesselRow::from_row(r)?.into_vessel()
    }
}

/// The vessel page's one row: the vessel, its current owner's verification
/// (null columns while it has none) and, as JSON text, its ownership history
/// and its corrections.
#[derive(FromRow)]
pub(super) struct PageRow {
    #[sqlx(flatten)]
    pub(super) vessel: Vessel,
    pub(super) owner_id: Option<String>,
    pub(super) owner_email_verified_at: Option<i64>,
    pub(super) owner_phone_verified_at: Option<i64>,
    pub(super) owner_identity: Option<String>,
    pub(super) history: String,
    pub(super) corrections: String,
}

/// What paying a vessel's registration fee is checked against.
#[derive(FromRow)]
pub(super) struct PayableRow {
    pub(super) owner_user_id: Option<String>,
    pub(super) status: String,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) platform_id: String,
}

/// A listed vessel and how to reach its owner.
#[derive(FromRow)]
pub(super) struct ContactRow {
    pub(super) id: String,
    pub(super) name: Option<String>,
    pub(super) for_sale: i64,
    pub(super) email: String,
    pub(super) language: String,
}

/// The unique identifiers as stored on a vessel.
#[derive(FromRow)]
pub(super) struct StoredIdentifiers {
    pub(super) cin: Option<String>,
    pub(super) mmsi: Option<String>,
    pub(super) imo_number: Option<String>,
    pub(super) eni_number: Option<String>,
}

/// What an administrator's activation of a vessel is checked against.
#[derive(FromRow)]
pub(super) struct ActivationCheck {
    pub(super) status: String,
    /// 1 when the owner's account is open.
    pub(super) owner_open: i64,
    /// Succeeded registration payments not refunded.
    pub(super) paid: i64,
    /// Events in the vessel's ownership chain.
    pub(super) chained: i64,
}

/// One ownership chain event as stored.
#[derive(FromRow)]
pub(super) struct StoredEvent {
    pub(super) sequence: i64,
    pub(super) event_type: String,
    pub(super) owner_ref: String,
    pub(super) occurred_at: i64,
    pub(super) previous_hash: String,
    pub(super) hash: String,
}

impl Vessel {
    /// Public and in the registry: what anyone may see.
    pub fn is_listed(&self) -> bool {
        self.public_visibility && matches!(self.status, VesselStatus::Active | VesselStatus::InTransfer)
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Warning {
    pub field: String,
    pub message: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedVessel {
    #[serde(flatten)]
    pub vessel: Vessel,
    /// Accepted, but worth a second look (an MMSI of another country, say).
    pub warnings: Vec<Warning>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnershipEntry {
    /// Only ever the viewer's own id; null for everyone else's entries.
    pub owner_user_id: Option<String>,
    /// `private` or `company`.
    pub acquisition_type: String,
    pub acquired_at: String,
    /// Null for the current owner.
    pub transferred_out_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VesselDetail {
    pub vessel: Vessel,
    pub ownership_history: Vec<OwnershipEntry>,
    pub documents_count: i64,
    /// The current owner's verification; null while the vessel has no owner
    /// (released, waiting for its buyer's claim).
    pub owner_verification: Option<OwnerVerification>,
    /// Corrections of the particulars since registration, newest first.
    pub corrections: Vec<Correction>,
}

/// How far the current owner has proved who they are and what they own:
/// 25 % each for email, mobile, identity and a verified document.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerVerification {
    pub email: bool,
    pub phone: bool,
    pub identity: crate::features::auth::IdentityVerificationStatus,
    /// At least one of this vessel's documents is verified.
    pub documents: bool,
    /// 0, 25, 50, 75 or 100.
    pub completeness: i64,
}

impl OwnerVerification {
    pub fn of(
        email: bool,
        phone: bool,
        identity: crate::features::auth::IdentityVerificationStatus,
        verified_documents: i64,
    ) -> Self {
        let documents = verified_documents > 0;
        let done = [email, phone, identity == crate::features::auth::IdentityVerificationStatus::Verified, documents]
            .into_iter()
            .filter(|d| *d)
            .count();
        Self { email, phone, identity, documents, completeness: i64::try_from(done).unwrap_or(0) * 25 }
    }
}

/// Whether `total` is the exact number of results or a lower bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TotalRelation {
    /// Exactly `total` results.
    Eq,
    /// More than `total` results; only the first `total` can be paged through.
    Gte,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VesselPage {
    pub data: Vec<Vessel>,
    /// The number of results, or with `totalRelation` `gte` the number that
    /// can be paged through, of more.
    pub total: i64,
    /// Pages that can be fetched: `ceil(total / pageSize)`.
    pub total_pages: i64,
    pub total_relation: TotalRelation,
}

/// Who made a correction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum MadeBy {
    /// The owner, from the vessel page.
    Owner,
    /// An administrator, granting the owner's request.
    Registry,
}

impl MadeBy {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One correction as the vessel page lists it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Correction {
    /// The request field it changed: `name`, `vesselType`, `hullMaterial`, `hullColour`, `homePort`,
    /// `engines`, or (by the registry) `make`, `model`, `buildYear`, `lengthCm`, `cin`, `legacyId`,
    /// `engineSerial`, `mmsi`, `imoNumber`, `eniNumber`, `identifiers.<type>`.
    pub field: String,
    /// The value before, as the API writes it (for `engines`, the engines as a JSON array); null when there was none.
    pub from: Option<String>,
    /// The value after; null when it was removed.
    pub to: Option<String>,
    pub made_by: MadeBy,
    pub corrected_at: String,
}

/// A correction as stored, for the vessel page's one statement: (field, from, to, made by, at).
pub type CorrectionRow = (String, Option<String>, Option<String>, String, i64);

impl Correction {
    pub fn from_stored((field, from, to, made_by, at): CorrectionRow) -> sqlx::Result<Self> {
        Ok(Self { field, from, to, made_by: crate::platform::db::stored(&made_by)?, corrected_at: rfc3339(at) })
    }
}

/// A request to correct what identifies a vessel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionRequest {
    pub id: String,
    pub vessel_id: String,
    pub platform_id: String,
    pub vessel_name: Option<String>,
    /// `make`, `model`, `buildYear`, `lengthCm`, `cin`, `legacyId`, `engineSerial`, `mmsi`,
    /// `imoNumber`, `eniNumber` or `identifiers.<type>`.
    pub field: String,
    /// The registered value when the request was listed.
    pub current_value: Option<String>,
    /// The value asked for (empty: remove an optional identifier).
    pub value: String,
    pub reason: String,
    /// `pending`, `approved` or `rejected`.
    pub status: CorrectionRequestStatus,
    /// The administrator's words with a decision.
    pub decision_note: Option<String>,
    pub requested_at: String,
    pub decided_at: Option<String>,
    /// For administrators only: who asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_by_email: Option<String>,
}

/// A correction request as stored, with who asked. Its columns are named
/// apart from the vessel's ([`REQUEST_COLUMNS`]), which the console's list
/// reads beside them.
#[derive(FromRow)]
pub(super) struct RequestRow {
    #[sqlx(rename = "request_id")]
    pub(super) id: String,
    #[sqlx(rename = "request_vessel_id")]
    pub(super) vessel_id: String,
    #[sqlx(rename = "request_field")]
    pub(super) field: String,
    #[sqlx(rename = "request_value")]
    pub(super) value: String,
    #[sqlx(rename = "request_reason")]
    pub(super) reason: String,
    #[sqlx(rename = "request_status")]
    pub(super) status: String,
    #[sqlx(rename = "request_note")]
    pub(super) decision_note: Option<String>,
    #[sqlx(rename = "requested_at")]
    pub(super) created_at: i64,
    #[sqlx(rename = "request_decided_at")]
    pub(super) decided_at: Option<i64>,
    pub(super) requested_by_email: Option<String>,
}

/// Named apart from the vessel's columns, which the console's list reads beside them.
pub(super) const REQUEST_COLUMNS: &str =
    "r.id AS request_id, r.vessel_id AS request_vessel_id, r.field AS request_field,
     r.value AS request_value, r.reason AS request_reason, r.status AS request_status,
     r.decision_note AS request_note, r.created_at AS requested_at, r.decided_at AS request_decided_at,
     u.email AS requested_by_email";

/// A request in the administrators' queue, with its vessel.
#[derive(FromRow)]
pub(super) struct QueuedRequest {
    #[sqlx(flatten)]
    pub(super) request: RequestRow,
    #[sqlx(flatten)]
    pub(super) vessel: Vessel,
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum CorrectionRequestStatus {
    Pending,
    Approved,
    Rejected,
}

impl CorrectionRequestStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_status_reads_back_and_an_unknown_one_is_an_error_not_a_default() {
        for status in [
            VesselStatus::PendingPayment,
            VesselStatus::Active,
            VesselStatus::InTransfer,
            VesselStatus::Deactivated,
            VesselStatus::NeedsReview,
        ] {
            assert_eq!(crate::platform::db::stored::<VesselStatus>(status.as_str()).unwrap(), status);
        }
        assert_eq!(VesselStatus::NeedsReview.as_str(), "needs_review");
        assert!(crate::platform::db::stored::<VesselStatus>("paid").is_err());
        assert!(crate::platform::db::stored::<VesselStatus>("Active").is_err());
    }
}

/// A vessel as emails and SMS name it: its name, or "a vessel" in the
/// reader's language, and its platform ID.
pub struct VesselNamed<'a> {
    pub name: Option<&'a str>,
    /// As displayed (`PlatformId::display_stored`).
    pub platform_id: &'a str,
}

impl VesselNamed<'_> {
    /// `message` with the vessel's `{{vessel}}` and `{{platformId}}`.
    pub fn describe(
        &self,
        message: crate::foundation::i18n::Msg,
        lang: crate::foundation::i18n::Lang,
    ) -> crate::foundation::i18n::Msg {
        self.describe_or(message, lang, "mail.a_vessel")
    }

    /// As [`Self::describe`], with `unnamed` for a vessel without a name.
    pub fn describe_or(
        &self,
        message: crate::foundation::i18n::Msg,
        lang: crate::foundation::i18n::Lang,
        unnamed: &'static str,
    ) -> crate::foundation::i18n::Msg {
        let name = self.name.map_or_else(|| crate::foundation::i18n::Msg::new(unnamed).render(lang), str::to_owned);
        message.arg("vessel", name).arg("platformId", self.platform_id)
    }
}

/// A value for one column of `vessels`.
#[derive(Clone)]
pub(super) enum Column {
    Text(Option<String>),
    Int(Option<i64>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EventType {
    /// The registration fee was paid; the first owner's ownership starts.
    Registered,
    /// A transfer completed to a new owner's account.
    Transferred,
    /// A transfer completed before its buyer had an account: the seller's
    /// ownership ended, and the vessel waits for the buyer's claim.
    Released,
    /// The buyer verified the transfer's phone number and took ownership.
    Claimed,
    /// The owner reported the vessel stolen.
    ReportedStolen,
    /// The theft report ended: the vessel was recovered.
    Recovered,
    /// An administrator removed the theft report as false.
    ReportRemoved,
    /// A lender registered a lien; it waits for the owner's consent.
    LienRegistered,
    /// The owner consented: the lien is active.
    LienConsented,
    /// A lien's lender consented to a transfer of the vessel.
    LienTransferConsented,
    /// The lien was released (or withdrawn before the owner consented).
    LienReleased,
}

impl EventType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// A stored type; `None` for one this build does not know (the chain's
    /// check reports such an event as invalid rather than failing).
    pub(super) fn parse(s: &str) -> Option<Self> {
        s.parse().ok()
    }

    /// Whether the event starts someone's ownership (and so names an owner).
    pub(super) fn has_owner(self) -> bool {
        matches!(self, Self::Registered | Self::Transferred | Self::Claimed)
    }
}

/// One event ready to store: its hash computed from the head before it.
pub struct Link {
    pub sequence: i64,
    pub event: EventType,
    pub owner_ref: String,
    pub at_ms: i64,
    pub previous_hash: String,
    pub hash: String,
}

/// What a buyer learns of a hull before paying (`GET /api/hull-check`):
/// never who owns it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HullCheck {
    /// A vessel with that identifier is (or was) in the registry: its fee was paid.
    pub registered: bool,
    /// The registered vessel; null when none.
    pub vessel: Option<HullCheckVessel>,
    /// An open theft report.
    pub stolen: Option<StolenNotice>,
    /// A registered lien is active.
    pub encumbered: bool,
    /// The vessel's ownership chain verifies (docs/HISTORY-CHAIN.md); null when not registered.
    pub history_verified: Option<bool>,
    /// The CIN asked for, or the registered vessel's; null when neither.
    pub cin: Option<CinCheck>,
    /// What does not add up, e.g. `cin_build_year_mismatch`.
    pub warnings: Vec<HullCheckWarning>,
    /// The buyer's summary in the reader's language ('Before you pay: not reported stolen, no
    /// registered lien, history verified.'); null when not registered.
    pub summary: Option<String>,
}

/// The registered vessel, as a hull check shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HullCheckVessel {
    pub platform_id: String,
    pub status: VesselStatus,
    pub make: String,
    pub model: String,
    pub build_year: Option<i64>,
}

/// A CIN decoded (ISO 10087).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CinCheck {
    /// As given (trimmed), or normalised (`NL-BEN12345F819`) when well formed.
    pub value: String,
    pub well_formed: bool,
    /// Why it is not well formed: a message code and the message.
    pub problem_code: Option<String>,
    pub problem: Option<String>,
    /// ISO 3166 alpha-2 country of the manufacturer.
    pub country: Option<String>,
    /// The manufacturer's identity code (MIC).
    pub manufacturer_code: Option<String>,
    pub serial: Option<String>,
    /// 1 (January) to 12.
    pub production_month: Option<u8>,
    /// The last digit of the year of production.
    pub production_year_digit: Option<u8>,
    /// The model year, four digits (the century read near the registered build year, else near today).
    pub model_year: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HullCheckWarning {
    pub code: String,
    pub message: String,
}

/// A vessel row as the hull check reads it.
#[derive(FromRow)]
pub(super) struct HullRow {
    pub(super) id: String,
    pub(super) platform_id: String,
    pub(super) status: String,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) build_year: Option<i64>,
    pub(super) cin: Option<String>,
    pub(super) stolen_status: Option<String>,
    pub(super) stolen_reported_at: Option<i64>,
    pub(super) stolen_at: Option<i64>,
    pub(super) stolen_place: Option<String>,
    pub(super) active_liens: i64,
}

impl HullRow {
    pub(super) fn stolen(&self) -> sqlx::Result<Option<StolenNotice>> {
        Ok(match (&self.stolen_status, self.stolen_reported_at, self.stolen_at, &self.stolen_place) {
            (Some(status), Some(reported_at), Some(stolen_at), Some(place)) => Some(StolenNotice {
                reported_at: rfc3339(reported_at),
                stolen_at: rfc3339(stolen_at),
                place: place.clone(),
                status: crate::platform::db::stored(status)?,
            }),
            _ => None,
        })
    }
}
