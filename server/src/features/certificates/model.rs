//! The certificates feature's types: what a certificate describes, what the
//! public check answers, and the registry's public key.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    domain::particulars::{Engine, HullMaterial, VesselType},
    features::auth::OwnerKind,
    features::vessels::model::{Vessel, VesselIdentifiers},
};

/// What describes the vessel besides its identity, as a certificate signs
/// it (from version 3); absent fields were not given.
#[derive(Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Described {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vessel_type: Option<VesselType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_material: Option<HullMaterial>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_colour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home_port: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<Engine>,
}

impl Described {
    pub(super) fn of(vessel: &Vessel) -> Self {
        Self {
            vessel_type: vessel.vessel_type,
            hull_material: vessel.hull_material,
            hull_colour: vessel.hull_colour.clone(),
            home_port: vessel.home_port.clone(),
            engines: vessel.engines.clone(),
        }
    }
}

pub struct Issued {
    pub serial: String,
    pub pdf: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CertificateStatus {
    /// Nothing about the vessel's ownership or particulars has changed since issue.
    Current,
    /// An ownership event since issue (a transfer), or a correction of the particulars:
    /// a newer certificate exists or can be issued.
    Superseded,
    /// Withdrawn: the vessel left the registry.
    Revoked,
}

/// The owner as a certificate describes them, without their name.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertifiedOwner {
    /// `person` or `company`.
    pub kind: OwnerKind,
    /// The printed name was verified by an identity check when the certificate was issued.
    pub name_verified: bool,
    /// A company's registration number as printed (certificates from version 3); absent for a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company_number: Option<String>,
}

/// Every particular the certificate prints, as signed (later corrections of
/// the vessel's record do not change a certificate).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertifiedVessel {
    pub name: Option<String>,
    pub make: String,
    pub model: String,
    pub build_year: Option<i64>,
    pub length_cm: Option<i64>,
    pub country_code: String,
    pub cin: Option<String>,
    pub identifiers: VesselIdentifiers,
    /// Type, hull, engines and home port, as signed (certificates from version 3).
    #[serde(flatten)]
    pub described: Described,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateCheck {
    /// The stored data's signature verifies with the registry's public key.
    pub valid: bool,
    pub serial: String,
    pub platform_id: String,
    pub issued_at: String,
    /// `current`, `superseded` (ownership or particulars changed since issue) or `revoked`.
    pub status: CertificateStatus,
    pub vessel: CertifiedVessel,
    pub owner: CertifiedOwner,
    /// Answered only when `ownerName` was given: whether it is the name the certificate prints
    /// (case and spacing aside).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner_name_matches: Option<bool>,
    /// The printed name, answered only to a person who typed it correctly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner_name: Option<String>,
    /// Where to write about a dispute over this certificate.
    pub support_email: String,
    /// Set while the vessel is reported stolen: the certificate proves nothing about a sale now.
    pub stolen: Option<crate::features::vessels::model::StolenNotice>,
    /// The signed data, exactly as signed (compact JSON, UTF-8).
    pub signed_data: String,
    /// Its Ed25519 signature, base64.
    pub signature: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicKey {
    /// Always `Ed25519`.
    pub algorithm: &'static str,
    /// The raw 32-byte public key, base64.
    pub public_key: String,
    /// The same key as a PEM `PUBLIC KEY` (`SubjectPublicKeyInfo`), for `OpenSSL`.
    pub pem: String,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CheckQuery {
    /// The owner's name as printed on the paper: the answer says whether it is the certified one.
    #[param(max_length = 200)]
    pub owner_name: Option<String>,
}
