//! Issuing certificates and checking them. A certificate is the vessel's
//! particulars at issue, signed; the PDF shows them with a QR code for the
//! public check, which says whether the signature holds and whether the
//! certificate is still current (no ownership event since).

use base64::{
    Engine as _, engine::general_purpose::STANDARD as B64, engine::general_purpose::URL_SAFE_NO_PAD as B64URL,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{
    CertificateCheck, CertificateStatus, CertifiedOwner, CertifiedVessel, Described, Issued, PublicKey,
};
use super::pdf;
use super::store::{self, CertificateRow, Certified, OwnedVessel};
use crate::{
    domain::{
        CertificateSerial, OwnerName, PlatformId,
        particulars::{Engine, HullMaterial, VesselType},
    },
    features::auth::{OwnerKind, User},
    features::vessels::model::{Vessel, VesselIdentifiers, VesselStatus},
    foundation::error::{AppError, AppResult},
    foundation::i18n::{self, Lang, Msg},
    platform::clock::{now_ms, rfc3339},
    platform::db::Db,
    platform::ids::to_hex,
    platform::state::AppState,
};

/// The data a certificate signs, in this field order, serialised as compact
/// JSON (docs/CERTIFICATES.md). The owner appears only as a hash of the
/// platform ID and the name printed on the certificate (folded: case and
/// spacing do not matter), so the public check reveals no one's name while a
/// holder can still match the paper. Version 2 adds whether the owner is a
/// person or a company and whether the name was verified; version 3 a
/// company's registration number and the particulars that describe the
/// vessel (type, hull, engines, home port).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignedData {
    version: u8,
    serial: String,
    platform_id: String,
    name: Option<String>,
    make: String,
    model: String,
    build_year: Option<i64>,
    length_cm: Option<i64>,
    country_code: String,
    cin: Option<String>,
    identifiers: VesselIdentifiers,
    owner_name_sha256: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner_kind: Option<OwnerKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner_name_verified: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner_company_number: Option<String>,
    #[serde(flatten)]
    described: Described,
    issued_at: String,
    history_head: String,
}

fn vessel_not_found() -> AppError {
    AppError::NotFound("vessel_not_found".into())
}

/// The hash a certificate signs for its owner's name: over the name as
/// printed in version 1, over the folded name from version 2.
pub fn owner_name_hash(version: u8, platform_id: &str, name: &str) -> String {
    let name = if version >= 2 { OwnerName::folded(name) } else { name.to_owned() };
    to_hex(&Sha256::digest(format!("{platform_id}\n{name}").as_bytes()))
}

const VERSION: u8 = 3;

async fn history_head(db: &Db, vessel_id: &str) -> AppResult<String> {
    let head = store::chain_head(db, vessel_id).await?;
    Ok(head.unwrap_or_else(|| crate::features::vessels::history_chain::GENESIS.to_owned()))
}

/// The current owner's certificate of an active vessel: the one already
/// issued if nothing has changed since, or a new one.
#[tracing::instrument(skip_all, fields(vessel = %platform_id, user = %user.id))]
pub async fn certificate(state: &AppState, user: &User, platform_id: &PlatformId, lang: Lang) -> AppResult<Issued> {
    let OwnedVessel { owner_user_id, vessel } =
        store::vessel_by_platform_id(&state.db, platform_id.compact()).await?.ok_or_else(vessel_not_found)?;
    if owner_user_id.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::Forbidden("vessels_current_owner_download_certificate".into()));
    }
    if vessel.status != VesselStatus::Active {
        return Err(AppError::Conflict("certificate_issued_vessel_registry_not".into()));
    }
    if vessel.stolen.is_some() {
        return Err(AppError::Conflict("vessel_reported_stolen".into()));
    }
    // A certificate names its owner: without a name there is nothing to prove.
    let name = user
        .name
        .as_deref()
        .and_then(|n| OwnerName::parse(n).ok())
        .ok_or_else(|| AppError::Conflict("owner_name_needed_for_certificate".into()))?;
    let owner = CertifiedOwner {
        kind: user.owner_kind,
        name_verified: user.name_verified,
        company_number: user.company_number.clone().filter(|_| user.owner_kind == OwnerKind::Company),
    };
    let head = history_head(&state.db, &vessel.id).await?;
    let name_hash = owner_name_hash(VERSION, &vessel.platform_id, name.as_str());
    let certified = Certified {
        vessel_id: &vessel.id,
        owner_user_id: &user.id,
        history_head: &head,
        owner_name: name.as_str(),
        owner_kind: owner.kind,
        owner_name_verified: owner.name_verified,
        particulars_version: vessel.particulars_version,
        owner_company_number: owner.company_number.as_deref(),
    };
    let existing = store::matching_certificate(&state.db, &certified).await?;
    let (serial, issued_at, signature) = match existing {
        Some(found) => found,
        None => issue(state, &vessel, &certified, &name_hash, &owner).await?,
    };
    let printed = printed_owner(&name, &owner, lang);
    let pdf = render(state, &vessel, &printed, &serial, issued_at, &head, &signature, lang).await?;
    Ok(Issued { serial, pdf })
}

/// The owner as the certificate prints them: the name, and what it is.
fn printed_owner(name: &OwnerName, owner: &CertifiedOwner, lang: Lang) -> String {
    match (owner.kind, owner.name_verified) {
        (OwnerKind::Company, _) => Msg::new("pdf.owner_company")
            .arg("name", name.as_str())
            .arg("number", owner.company_number.as_deref().unwrap_or("—"))
            .render(lang),
        (OwnerKind::Person, true) => Msg::new("pdf.owner_verified").arg("name", name.as_str()).render(lang),
        (OwnerKind::Person, false) => Msg::new("pdf.owner_not_verified").arg("name", name.as_str()).render(lang),
    }
}

async fn issue(
    state: &AppState,
    vessel: &Vessel,
    certified: &Certified<'_>,
    name_hash: &str,
    owner: &CertifiedOwner,
) -> AppResult<(String, i64, String)> {
    let serial = CertificateSerial::of_new_id(&crate::platform::ids::new_id()).as_str().to_owned();
    let issued_at = now_ms();
    let issued_text = rfc3339(issued_at);
    let data = SignedData {
        version: VERSION,
        serial: serial.clone(),
        platform_id: vessel.platform_id.clone(),
        name: vessel.name.clone(),
        make: vessel.make.clone(),
        model: vessel.model.clone(),
        build_year: vessel.build_year,
        length_cm: vessel.length_cm,
        country_code: vessel.country_code.clone(),
        cin: vessel.cin.clone(),
        identifiers: vessel.identifiers.clone(),
        owner_name_sha256: name_hash.to_owned(),
        owner_kind: Some(owner.kind),
        owner_name_verified: Some(owner.name_verified),
        owner_company_number: owner.company_number.clone(),
        described: Described::of(vessel),
        issued_at: issued_text,
        history_head: certified.history_head.to_owned(),
    };
    let payload = serde_json::to_string(&data).map_err(anyhow::Error::from)?;
    let signature = state.signer.sign(payload.as_bytes());
    store::insert_certificate(&state.db, certified, &serial, &payload, &signature, name_hash, issued_at).await?;
    Ok((serial, issued_at, signature))
}

/// The vessel's particulars as the certificate and the vessel record print them, in `lang`.
pub fn particulars(vessel: &Vessel, lang: Lang) -> Vec<(String, String)> {
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let decimal = if lang == Lang::En { '.' } else { ',' };
    let length = vessel.length_cm.map(|l| format!("{}{decimal}{:02} m", l / 100, l % 100));
    let country = crate::features::countries::find(&vessel.country_code)
        .map_or(vessel.country_code.clone(), |c| format!("{} ({})", c.name.get(lang), vessel.country_code));
    let mut rows = vec![
        (i18n::text(lang, "pdf.vessel_name"), or_dash(vessel.name.clone())),
        (i18n::text(lang, "pdf.make_and_model"), format!("{} {}", vessel.make, vessel.model)),
        (i18n::text(lang, "pdf.build_year"), or_dash(vessel.build_year.map(|y| y.to_string()))),
        (i18n::text(lang, "pdf.length"), or_dash(length)),
        (i18n::text(lang, "pdf.country"), country),
        ("CIN / HIN".to_owned(), or_dash(vessel.cin.clone())),
    ];
    let ids = &vessel.identifiers;
    for (label, value) in [
        (i18n::text(lang, "pdf.legacy_id"), &ids.legacy_id),
        ("MMSI".to_owned(), &ids.mmsi),
        (i18n::text(lang, "pdf.imo_number"), &ids.imo_number),
        (i18n::text(lang, "pdf.eni_number"), &ids.eni_number),
    ] {
        if let Some(v) = value.as_ref().filter(|v| v.as_str() != "unknown") {
            rows.push((label, v.clone()));
        }
    }
    for (key, value) in &ids.national {
        if value != "unknown" {
            let label =
                crate::features::countries::identifier_label(key, lang).map_or_else(|| key.clone(), str::to_owned);
            rows.push((label, value.clone()));
        }
    }
    rows.extend(described_rows(&Described::of(vessel), lang));
    rows
}

/// The describing particulars that were given, as printed.
fn described_rows(d: &Described, lang: Lang) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    if let Some(t) = d.vessel_type {
        rows.push((i18n::text(lang, "pdf.vessel_type"), i18n::text(lang, vessel_type_key(t))));
    }
    if let Some(m) = d.hull_material {
        rows.push((i18n::text(lang, "pdf.hull_material"), i18n::text(lang, hull_material_key(m))));
    }
    if let Some(c) = &d.hull_colour {
        rows.push((i18n::text(lang, "pdf.hull_colour"), c.clone()));
    }
    for (n, engine) in d.engines.iter().enumerate() {
        let label = if d.engines.len() == 1 {
            i18n::text(lang, "pdf.engine")
        } else {
            Msg::new("pdf.engine_numbered").arg("n", n + 1).render(lang)
        };
        rows.push((label, engine_text(engine, lang)));
    }
    if let Some(p) = &d.home_port {
        rows.push((i18n::text(lang, "pdf.home_port"), p.clone()));
    }
    rows
}

/// 'Volvo Penta D2-40, 29,4 kW' in the reader's number format.
fn engine_text(e: &Engine, lang: Lang) -> String {
    let power = format!("{:.1}", e.power_kw);
    let power = power.strip_suffix(".0").unwrap_or(&power);
    let power = if lang == Lang::En { power.to_owned() } else { power.replace('.', ",") };
    match &e.model {
        Some(model) => format!("{} {model}, {power} kW", e.make),
        None => format!("{}, {power} kW", e.make),
    }
}

fn vessel_type_key(t: VesselType) -> &'static str {
    match t {
        VesselType::Sail => "pdf.type_sail",
        VesselType::Motor => "pdf.type_motor",
        VesselType::Paddle => "pdf.type_paddle",
        VesselType::Rowing => "pdf.type_rowing",
        VesselType::Other => "pdf.type_other",
    }
}

fn hull_material_key(m: HullMaterial) -> &'static str {
    match m {
        HullMaterial::Grp => "pdf.material_grp",
        HullMaterial::Wood => "pdf.material_wood",
        HullMaterial::Steel => "pdf.material_steel",
        HullMaterial::Aluminium => "pdf.material_aluminium",
        HullMaterial::Polyethylene => "pdf.material_polyethylene",
        HullMaterial::Inflatable => "pdf.material_inflatable",
        HullMaterial::Other => "pdf.material_other",
    }
}

#[allow(clippy::too_many_arguments)]
async fn render(
    state: &AppState,
    vessel: &Vessel,
    owner: &str,
    serial: &str,
    issued_at: i64,
    head: &str,
    signature: &str,
    lang: Lang,
) -> AppResult<Vec<u8>> {
    let verify_url = state.config.link(&format!("/verify/{serial}"));
    let printed = Printed { vessel, owner, serial, issued_at, head, signature };
    pdf::render_on(&state.cpu, content(&printed, &verify_url, &state.config.support_email, lang)).await
}

/// What a certificate prints about its vessel and owner.
struct Printed<'a> {
    vessel: &'a Vessel,
    owner: &'a str,
    serial: &'a str,
    issued_at: i64,
    head: &'a str,
    signature: &'a str,
}

/// Every text of the certificate, in `lang`, composed before drawing.
fn content(printed: &Printed<'_>, verify_url: &str, support_email: &str, lang: Lang) -> pdf::Content {
    // The QR code carries the signature itself (in the fragment, which the
    // page reads and no server sees): a phone checks the signed particulars
    // against the registry's public key without trusting the page.
    let qr = format!("{verify_url}#sig={}", signature_for_url(printed.signature));
    let mut rows = particulars(printed.vessel, lang);
    rows.extend([
        (i18n::text(lang, "pdf.registered_owner"), printed.owner.to_owned()),
        (i18n::text(lang, "pdf.issued"), i18n::short_date(lang, printed.issued_at)),
        (i18n::text(lang, "pdf.serial"), printed.serial.to_owned()),
        (i18n::text(lang, "pdf.history_head"), printed.head.to_owned()),
    ]);
    pdf::Content {
        registry: i18n::text(lang, "pdf.registry"),
        title: i18n::text(lang, "pdf.certificate_title"),
        platform_id: printed.vessel.platform_id.clone(),
        sections: vec![pdf::Section { heading: None, rows }],
        qr: Some(qr),
        footer: vec![
            i18n::text(lang, "pdf.check_this"),
            verify_url.to_owned(),
            i18n::text(lang, "pdf.signed_with"),
            i18n::text(lang, "pdf.public_key"),
            i18n::text(lang, "pdf.not_title"),
            Msg::new("pdf.disputes").arg("email", support_email).render(lang),
        ],
    }
}

/// A signature as the QR code carries it: base64url without padding.
pub fn signature_for_url(signature: &str) -> String {
    B64.decode(signature).map(|raw| B64URL.encode(raw)).unwrap_or_default()
}

/// Anyone may check a certificate by its serial (typed in any case, with or
/// without hyphens). With `owner_name`, the answer says whether that is the
/// name the certificate prints, and only then names it.
#[tracing::instrument(skip_all, fields(serial = %serial.as_str()))]
pub async fn check(
    state: &AppState,
    serial: &CertificateSerial,
    owner_name: Option<&str>,
) -> AppResult<CertificateCheck> {
    match state.public_read(|source| check_in(state, source.db, serial, owner_name)).await {
        // Issued a moment ago (a download is a GET, which marks no client as having written):
        // not on the replica yet, perhaps, but on the primary.
        Err(AppError::NotFound(_)) if state.replica.is_some() => check_in(state, &state.db, serial, owner_name).await,
        answer => answer,
    }
}

/// [`check`], reading from `db`.
async fn check_in(
    state: &AppState,
    db: &Db,
    serial: &CertificateSerial,
    owner_name: Option<&str>,
) -> AppResult<CertificateCheck> {
    let CertificateRow {
        serial: stored_serial,
        certified_owner,
        payload,
        signature,
        history_head: certified_head,
        revoked_at,
        certified_name,
        certified_particulars,
        owner_user_id: current_owner,
        vessel,
    } = store::certificate_by_serial(db, serial.as_str())
        .await?
        .ok_or_else(|| AppError::NotFound("no_certificate_serial".into()))?;
    let signed: SignedData = serde_json::from_str(&payload).map_err(anyhow::Error::from)?;
    let valid = signed.serial == serial.as_str() && state.signer.verifies(payload.as_bytes(), &signature);
    let status = if revoked_at.is_some() || vessel.status == VesselStatus::Deactivated {
        CertificateStatus::Revoked
    } else if history_head(db, &vessel.id).await? != certified_head
        || current_owner.as_deref() != Some(certified_owner.as_str())
        || vessel.particulars_version != certified_particulars
    {
        CertificateStatus::Superseded
    } else {
        CertificateStatus::Current
    };
    let owner_name_matches = owner_name.map(|typed| {
        owner_name_hash(signed.version, &signed.platform_id, &OwnerName::folded(typed)) == signed.owner_name_sha256
            || owner_name_hash(signed.version, &signed.platform_id, typed.trim()) == signed.owner_name_sha256
    });
    Ok(CertificateCheck {
        valid,
        serial: stored_serial,
        platform_id: signed.platform_id,
        issued_at: signed.issued_at,
        status,
        vessel: CertifiedVessel {
            name: signed.name,
            make: signed.make,
            model: signed.model,
            build_year: signed.build_year,
            length_cm: signed.length_cm,
            country_code: signed.country_code,
            cin: signed.cin,
            identifiers: signed.identifiers,
            described: signed.described,
        },
        owner: CertifiedOwner {
            kind: signed.owner_kind.unwrap_or(OwnerKind::Person),
            name_verified: signed.owner_name_verified.unwrap_or(false),
            company_number: signed.owner_company_number,
        },
        owner_name: certified_name.filter(|_| owner_name_matches == Some(true)),
        owner_name_matches,
        support_email: state.config.support_email.clone(),
        stolen: vessel.stolen.clone(),
        signed_data: payload,
        signature,
    })
}

/// The registry's signing key's public half, raw and as PEM.
pub fn public_key(state: &AppState) -> PublicKey {
    let raw = state.signer.public_key().to_bytes();
    // SubjectPublicKeyInfo for Ed25519 (RFC 8410): a fixed 12-byte prefix.
    let mut der = vec![0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
    der.extend_from_slice(&raw);
    let pem = format!("-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n", B64.encode(der));
    PublicKey { algorithm: "Ed25519", public_key: B64.encode(raw), pem }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// A vessel with every particular a certificate prints; two engines, so they are numbered.
    fn full_vessel() -> Vessel {
        Vessel {
            id: "example-vessel".to_owned(),
            platform_id: "7KQ2-M9XD-4HTB".to_owned(),
            name: Some("Zeemeeuw".to_owned()),
            make: "Hallberg-Rassy".to_owned(),
            model: "31 Mk II".to_owned(),
            build_year: Some(2019),
            length_cm: Some(945),
            country_code: "NL".to_owned(),
            public_visibility: true,
            for_sale: false,
            status: VesselStatus::Active,
            review_reason: None,
            review_reason_code: None,
            deactivation_reason: None,
            deactivation_note: None,
            created_at: "2026-11-18T14:05:00Z".to_owned(),
            documents_count: 0,
            verified_documents_count: 0,
            cin: Some("NL-BEN12345F819".to_owned()),
            identifiers: VesselIdentifiers {
                legacy_id: Some("NL 1978 1234".to_owned()),
                engine_serial: Some("VP-2240-778".to_owned()),
                mmsi: Some("244123456".to_owned()),
                mmsi_country: Some("NL".to_owned()),
                imo_number: Some("unknown".to_owned()),
                eni_number: Some("02326543".to_owned()),
                national: BTreeMap::from([
                    ("akz".to_owned(), "unknown".to_owned()),
                    ("brandmerk".to_owned(), "NL-BM 1234".to_owned()),
                ]),
            },
            vessel_type: Some(VesselType::Sail),
            hull_material: Some(HullMaterial::Grp),
            hull_colour: Some("white".to_owned()),
            home_port: Some("Enkhuizen".to_owned()),
            engines: vec![
                Engine { make: "Volvo Penta".to_owned(), model: Some("D2-40".to_owned()), power_kw: 29.4 },
                Engine { make: "Torqeedo".to_owned(), model: None, power_kw: 3.0 },
            ],
            particulars_version: 1,
            ownership_summary: None,
            verified: false,
            stolen: None,
            encumbered: false,
        }
    }

    /// The same vessel with only what registration requires, in a country the registry does
    /// not list, its legacy ID unknown.
    fn sparse_vessel() -> Vessel {
        let mut vessel = full_vessel();
        vessel.name = None;
        vessel.build_year = None;
        vessel.length_cm = None;
        vessel.country_code = "XX".to_owned();
        vessel.cin = None;
        vessel.identifiers = VesselIdentifiers {
            legacy_id: Some("unknown".to_owned()),
            engine_serial: None,
            mmsi: None,
            mmsi_country: None,
            imo_number: None,
            eni_number: None,
            national: BTreeMap::new(),
        };
        vessel.vessel_type = None;
        vessel.hull_material = None;
        vessel.hull_colour = None;
        vessel.home_port = None;
        vessel.engines = Vec::new();
        vessel
    }

    /// Each kind of owner a certificate names.
    fn owners() -> Vec<(&'static str, OwnerName, CertifiedOwner)> {
        let person =
            |verified| CertifiedOwner { kind: OwnerKind::Person, name_verified: verified, company_number: None };
        let company = CertifiedOwner {
            kind: OwnerKind::Company,
            name_verified: false,
            company_number: Some("KvK 87654321".to_owned()),
        };
        vec![
            ("a person, verified", OwnerName::parse("Jan de Vries").expect("a name"), person(true)),
            ("a person, not verified", OwnerName::parse("Anna Müller-Lüdenscheidt").expect("a name"), person(false)),
            ("a company", OwnerName::parse("Zeilmakerij Enkhuizen B.V.").expect("a name"), company),
        ]
    }

    fn lines(rows: &[(String, String)]) -> String {
        assert!(rows.iter().all(|(_, value)| value != "unknown"), "an unknown identifier was printed: {rows:?}");
        rows.iter().map(|(label, value)| format!("{label}: {value}")).collect::<Vec<_>>().join("\n")
    }

    /// Every text of the certificate as composed before drawing, in each language: the
    /// headings, the particulars of a full and of a sparse vessel, each kind of owner, the
    /// issue date, serial and history lines, the QR code's address and the footer.
    #[test]
    fn certificate_lines_in_each_language() {
        for lang in Lang::ALL {
            let mut document = vec![
                "# A vessel with every particular".to_owned(),
                lines(&particulars(&full_vessel(), lang)),
                String::new(),
                "# A vessel with only what registration requires".to_owned(),
                lines(&particulars(&sparse_vessel(), lang)),
                String::new(),
                "# The registered owner".to_owned(),
            ];
            for (case, name, owner) in owners() {
                document.push(format!("{case}: {}", printed_owner(&name, &owner, lang)));
            }
            let (_, name, owner) = &owners()[0];
            let owner = printed_owner(name, owner, lang);
            let printed = Printed {
                vessel: &full_vessel(),
                owner: &owner,
                serial: "ESRC-7KQ2-M9XD-4HTB-0001",
                // 2026-03-14, 09:30 UTC.
                issued_at: 1_773_480_600_000,
                head: "9f2c4e1a",
                signature: "AAECAwQFBgcICQ==",
            };
            let page = content(
                &printed,
                "https://registry.example/verify/ESRC-7KQ2-M9XD-4HTB-0001",
                "help@registry.example",
                lang,
            );
            document.push(String::new());
            document.push("# The whole certificate".to_owned());
            document.push(format!("{} / {} / {}", page.registry, page.title, page.platform_id));
            for section in &page.sections {
                if let Some(heading) = &section.heading {
                    document.push(format!("## {heading}"));
                }
                document.push(lines(&section.rows));
            }
            document.push(format!("QR: {}", page.qr.unwrap_or_default()));
            document.extend(page.footer);
            let document = document.join("\n");
            assert!(!document.contains("{{"), "{lang}: a placeholder was left:\n{document}");
            let name = format!("certificate_lines_{}", lang.code());
            insta::assert_snapshot!(name.as_str(), document);
        }
    }
}
