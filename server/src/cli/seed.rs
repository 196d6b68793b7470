//! Demo data for `make run`: a verified administrator, a verified owner with
//! three vessels, and a buyer whose mobile number is verified, so that one
//! person with two browsers can play the quay scene (README). Everything
//! goes through the code a person's actions run: fees are paid with the
//! offline processor, the first vessel is bought through a real transfer
//! (code and fee), and documents are uploaded; so the console has payments,
//! a completed transfer, documents awaiting review and audit entries.

use super::model::DemoAccount;
use super::store;
use crate::{
    domain::{Email, NewPassword},
    features::auth::User,
    features::vessels::{CreateVesselRequest, NewVessel},
    foundation::error::AppError,
    platform::clock::now_ms,
    platform::db::Db,
    platform::ids::new_id,
    platform::state::AppState,
};

/// Documented in the README. Only ever created in dev mode.
pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount {
        email: "admin@registry.test",
        password: "harbour-master-2025",
        role: "admin",
        phone: None,
        name: "Harbour Master",
    },
    DemoAccount {
        email: "owner@registry.test",
        password: "sloop-owner-2025",
        role: "user",
        phone: Some("+31611111111"),
        name: "Marit Jansen",
    },
    DemoAccount {
        email: "buyer@registry.test",
        password: "quay-buyer-2025",
        role: "user",
        phone: Some("+31622222222"),
        name: "Pieter Bakker",
    },
];
const OWNER: &str = "owner@registry.test";
/// The demo owner's first vessel came from this (password-less) account.
const PREVIOUS_OWNER: &str = "previous-owner@registry.invalid";

pub async fn is_empty(state: &AppState) -> anyhow::Result<bool> {
    let n = store::count_users(&state.db).await?;
    Ok(n == 0)
}

pub async fn demo(state: &AppState) -> anyhow::Result<()> {
    anyhow::ensure!(state.config.is_dev(), "demo accounts are only created in dev mode (REGISTRY_MODE=dev)");
    for account in DEMO_ACCOUNTS {
        let email = Email::parse(account.email).map_err(anyhow::Error::msg)?;
        let password = NewPassword::parse(account.password).map_err(anyhow::Error::msg)?;
        let hash = crate::features::auth::service::hash_password(state, &password).await?;
        let now = now_ms();
        let result = store::insert_demo_account(&state.db, &new_id(), account, email.as_str(), &hash, now).await;
        match result {
            Err(e) if crate::platform::db::is_unique_violation(&e) => println!("  {} exists already", account.email),
            other => {
                other?;
            }
        }
    }
    demo_vessels(state).await
}

async fn user(state: &AppState, email: &str) -> anyhow::Result<User> {
    Ok(store::user_by_email(&state.db, email).await?)
}

/// A vessel registered through the same code a person's registration runs.
async fn register(state: &AppState, owner: &User, request: serde_json::Value) -> anyhow::Result<String> {
    let request: CreateVesselRequest = serde_json::from_value(request)?;
    let (vessel, warnings) = NewVessel::parse(&request, 2026, None).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let created = crate::features::vessels::create_vessel(state, owner, vessel, warnings).await?;
    Ok(created.vessel.id)
}

/// Pay a fee with the offline processor's success card, as a person would.
async fn pay(state: &AppState, payer: &User, vessel_id: &str, transfer_id: Option<&str>) -> anyhow::Result<()> {
    use crate::features::payments::{
        local::{LocalConfirmRequest, confirm},
        model::{CreateIntentRequest, Purpose},
        service::create_intent,
    };
    let purpose = if transfer_id.is_some() { Purpose::Transfer } else { Purpose::Registration };
    let request =
        CreateIntentRequest { purpose, vessel_id: vessel_id.to_owned(), transfer_id: transfer_id.map(str::to_owned) };
    let intent = create_intent(state, payer, request).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let card = LocalConfirmRequest {
        client_secret: intent.client_secret,
        card_number: "4242 4242 4242 4242".into(),
        exp_month: 12,
        exp_year: 2034,
        cvc: "123".into(),
        return_url: None,
    };
    confirm(state, card).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(())
}

/// The seller sells `vessel_id` to the holder of `phone`: the code the
/// buyer's phone received (read from the outbox, as the buyer would read
/// their SMS), then the fee.
async fn sell(state: &AppState, seller: &User, vessel_id: &str, phone: &str) -> anyhow::Result<()> {
    use crate::features::transfers::service::{Initiation, initiate, verify};
    let to_phone = crate::domain::PhoneE164::parse(phone).map_err(anyhow::Error::msg)?;
    let initiation = Initiation {
        vessel_id: vessel_id.to_owned(),
        to_phone,
        to_email: None,
        client: std::net::IpAddr::from([127, 0, 0, 1]),
        sale_price_cents: Some(4_250_000),
    };
    let transfer = initiate(state, seller, initiation).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let sms = store::latest_sms_body(&state.db, phone).await?;
    let code = sms
        .split(|c: char| !c.is_ascii_digit())
        .find_map(|w| crate::domain::OtpCode::parse(w).ok())
        .ok_or_else(|| anyhow::anyhow!("no code in the SMS"))?;
    verify(state, seller, &transfer, &code).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    pay(state, seller, vessel_id, Some(&transfer)).await
}

/// A one-page PDF standing in for a scanned document, uploaded by `owner`.
async fn upload(state: &AppState, owner: &User, vessel_id: &str, kind: &str, title: &str) -> anyhow::Result<()> {
    use crate::{
        features::certificates::pdf::{Content, Section, render},
        features::documents::{
            DocumentType,
            upload::{IncomingFile, NewDocument, Upload},
        },
    };
    let content = Content {
        registry: "Demo document".to_owned(),
        title: title.to_owned(),
        platform_id: String::new(),
        sections: vec![Section {
            heading: None,
            rows: vec![("Note".into(), "Demonstration data made by `registry seed --demo`.".into())],
        }],
        qr: None,
        footer: vec![],
    };
    let file_name = format!("{}.pdf", title.to_lowercase().replace(' ', "-"));
    let file = IncomingFile::whole(&file_name, render(&content)?.into())
        .ok_or_else(|| anyhow::anyhow!("the demo PDF is not a PDF"))?;
    let document_type = DocumentType::parse(kind).ok_or_else(|| anyhow::anyhow!("no document type {kind}"))?;
    let upload = Upload {
        vessel_id: vessel_id.to_owned(),
        documents: vec![NewDocument { file, document_type, custom_type: None }],
    };
    crate::features::documents::service::store(state, owner, upload).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(())
}

/// The demo owner's three vessels: an active one bought from a previous
/// owner (its history and chain show the transfer), one awaiting its
/// registration fee, and an active one ready to transfer to the demo buyer;
/// two documents wait for an administrator's review.
async fn demo_vessels(state: &AppState) -> anyhow::Result<()> {
    let owner = user(state, OWNER).await?;
    let previous_exists = store::accounts_with_email(&state.db, PREVIOUS_OWNER).await?;
    if previous_exists > 0 {
        println!("  the demo owner's vessels exist already");
        return Ok(());
    }
    store::insert_passwordless_user(&state.db, &new_id(), PREVIOUS_OWNER, now_ms()).await?;
    let previous = user(state, PREVIOUS_OWNER).await?;
    let vessel = |name: &str, make: &str, model: &str, year: i64, cin: Option<&str>| {
        serde_json::json!({
            "name": name, "countryCode": "NL", "phoneE164": "+31611111111", "make": make, "model": model,
            "buildYear": year, "lengthCm": 1099, "publicVisibility": true, "forSale": false,
            "cin": cin, "legacyId": cin.is_none().then_some("NL 1988 HR031"), "engineSerial": "unknown",
            "identifiers": {"brandmerk": "unknown"}
        })
    };
    let owner_phone = DEMO_ACCOUNTS.iter().find(|a| a.email == OWNER).and_then(|a| a.phone).unwrap_or_default();

    let bought =
        register(state, &previous, vessel("Zeemeeuw", "Bavaria", "Cruiser 34", 2019, Some("NL-BAV2K4L7C919"))).await?;
    pay(state, &previous, &bought, None).await?;
    sell(state, &previous, &bought, owner_phone).await?;
    upload(state, &owner, &bought, "proof_of_purchase", "Bill of sale").await?;

    register(state, &owner, vessel("Kwikstaart", "Beneteau", "First 27", 2022, Some("NL-BEN3R7X8D222"))).await?;

    let ready = register(state, &owner, vessel("Albatros", "Hallberg-Rassy", "31", 1988, None)).await?;
    pay(state, &owner, &ready, None).await?;
    upload(state, &owner, &ready, "registration_document", "Registration document").await?;
    Ok(())
}

/// `registry users promote EMAIL`.
pub async fn promote(db: &Db, email: &str) -> Result<(), AppError> {
    let email = Email::parse(email).map_err(|m| AppError::field("email", m))?;
    let changed = store::promote(db, email.as_str()).await?;
    if changed == 0 {
        return Err(AppError::NotFound(crate::foundation::i18n::Msg::new("no_active_user").arg("email", email)));
    }
    Ok(())
}
