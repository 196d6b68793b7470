//! Registration certificates: issue, public check, signature, superseded.

use base64::{Engine as _, engine::general_purpose::STANDARD as B64};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, pdf_text, sailboat};

async fn active_vessel(app: &TestApp) -> Value {
    let vessel = unnamed_owners_vessel(app).await;
    named(app, "Jan de Vries").await;
    vessel
}

/// An active vessel of an owner who has given no name.
async fn unnamed_owners_vessel(app: &TestApp) -> Value {
    app.signed_in_user("skipper@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let (_, intent) = parts(
        app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await,
    )
    .await;
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    assert_eq!(app.post("/api/payments/local/confirm", body).await.status(), StatusCode::OK);
    vessel
}

/// Give the signed-in owner the name certificates print.
async fn named(app: &TestApp, name: &str) -> Value {
    let (status, me) = parts(app.patch("/api/profile", json!({"name": name})).await).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    me
}

async fn download(app: &TestApp, platform_id: &str) -> (StatusCode, String, Vec<u8>) {
    let r = app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await;
    let status = r.status();
    let serial = r.headers().get("x-certificate-serial").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, serial, r.bytes().await.unwrap().to_vec())
}

async fn check(app: &TestApp, serial: &str) -> (StatusCode, Value) {
    parts(TestApp::browser().get(app.url(&format!("/api/certificates/{serial}"))).send().await.unwrap()).await
}

#[tokio::test]
async fn the_owner_gets_a_signed_certificate_anyone_can_check() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (status, serial, pdf) = download(&app, platform_id).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    assert!(serial.starts_with("ESRC-"), "{serial}");
    let (_, again, _) = download(&app, platform_id).await;
    assert_eq!(again, serial, "nothing changed: the same certificate");

    let (status, checked) = check(&app, &serial).await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!((checked["valid"].as_bool(), checked["status"].as_str()), (Some(true), Some("current")));
    assert_eq!(checked["platformId"], platform_id);
    assert!(!checked.to_string().contains("skipper@example.nl"), "no owner identity in the public check");

    // Offline, as docs/CERTIFICATES.md says: the signed data with the public key.
    let (_, key) = parts(TestApp::browser().get(app.url("/api/certificates/public-key")).send().await.unwrap()).await;
    let key: [u8; 32] = B64.decode(key["publicKey"].as_str().unwrap()).unwrap().try_into().unwrap();
    let key = ed25519_dalek::VerifyingKey::from_bytes(&key).unwrap();
    let signature =
        ed25519_dalek::Signature::from_slice(&B64.decode(checked["signature"].as_str().unwrap()).unwrap()).unwrap();
    assert!(key.verify_strict(checked["signedData"].as_str().unwrap().as_bytes(), &signature).is_ok());
}

#[tokio::test]
async fn altered_certificate_data_fails_the_check() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let (_, serial, _) = download(&app, vessel["platformId"].as_str().unwrap()).await;
    sqlx::query("UPDATE certificates SET payload = REPLACE(payload, 'Zeemeeuw', 'Zeemeeuw II')")
        .execute(&app.db)
        .await
        .unwrap();
    let (_, checked) = check(&app, &serial).await;
    assert_eq!(checked["valid"], false, "{checked}");
    assert_eq!(check(&app, "ESRC-0000-0000-0000-0000").await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_transfer_supersedes_the_certificate() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let (id, platform_id) = (vessel["id"].as_str().unwrap(), vessel["platformId"].as_str().unwrap());
    let (_, serial, _) = download(&app, platform_id).await;
    let buyer = app.second_browser();
    let buyer_user = buyer.signed_in_user("buyer@example.nl").await;
    named(&buyer, "Pieter Bakker").await;
    let seller = app.scalar_text("SELECT id FROM users WHERE email = 'skipper@example.nl'").await;
    let mut tx = app.state.begin().await.unwrap();
    registry::features::vessels::lifecycle::start_transfer(&mut tx, id, &seller, "t").await.unwrap();
    registry::features::vessels::lifecycle::hand_over(&mut tx, id, &seller, buyer_user["id"].as_str().unwrap(), "t")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (_, checked) = check(&app, &serial).await;
    assert_eq!((checked["valid"].as_bool(), checked["status"].as_str()), (Some(true), Some("superseded")));
    assert_eq!(download(&app, platform_id).await.0, StatusCode::FORBIDDEN, "the past owner gets none");
    let (status, new_serial, _) = download(&buyer, platform_id).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(new_serial, serial);
    assert_eq!(check(&app, &new_serial).await.1["status"], "current");
}

#[tokio::test]
async fn only_the_owner_of_an_active_vessel_gets_a_certificate() {
    let app = TestApp::spawn().await;
    app.signed_in_user("skipper@example.nl").await;
    let (_, pending) = parts(app.post("/api/vessels", sailboat()).await).await;
    assert_eq!(download(&app, pending["platformId"].as_str().unwrap()).await.0, StatusCode::CONFLICT);
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(download(&stranger, pending["platformId"].as_str().unwrap()).await.0, StatusCode::FORBIDDEN);
    let guest = app.second_browser();
    assert_eq!(download(&guest, pending["platformId"].as_str().unwrap()).await.0, StatusCode::UNAUTHORIZED);
}

/// The PDFs' words in `lang`, from the server's catalogue.
fn pdf_words(lang: &str) -> Value {
    let path = format!("{}/messages/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str::<Value>(&std::fs::read_to_string(path).unwrap()).unwrap()["pdf"].clone()
}

#[tokio::test]
async fn certificates_and_records_are_printed_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    for lang in ["en", "nl", "de", "fr", "es", "it"] {
        let words = pdf_words(lang);
        for (path, title) in [("certificate.pdf", "certificate_title"), ("record.pdf", "record_title")] {
            let r = app
                .client
                .get(app.url(&format!("/api/vessels/{platform_id}/{path}")))
                .header(reqwest::header::ACCEPT_LANGUAGE, format!("{lang};q=0.9, en;q=0.1"))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{lang} {path}");
            let text = pdf_text(&r.bytes().await.unwrap());
            for key in [title, "registry", "vessel_name", "country"] {
                let word = words[key].as_str().unwrap();
                assert!(text.contains(word), "{lang} {path}: no {word:?} in\n{text}");
            }
        }
    }
}

async fn check_named(app: &TestApp, serial: &str, name: &str) -> Value {
    let url = reqwest::Url::parse_with_params(&app.url(&format!("/api/certificates/{serial}")), [("ownerName", name)])
        .unwrap();
    let (status, body) = parts(TestApp::browser().get(url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn a_certificate_names_its_owner_and_says_whether_the_name_was_verified() {
    let app = TestApp::spawn().await;
    app.signed_in_user("skipper@example.nl").await;
    let (_, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(
        (me["name"].clone(), me["nameVerified"].as_bool(), me["ownerKind"].as_str()),
        (Value::Null, Some(false), Some("person"))
    );
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let (_, intent) = parts(
        app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await,
    )
    .await;
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    assert_eq!(app.post("/api/payments/local/confirm", body).await.status(), StatusCode::OK);
    let platform_id = vessel["platformId"].as_str().unwrap();
    // No name, no certificate: it would say 'Registered owner: Not set'.
    let r = app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await;
    let (status, body) = parts(r).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("owner_name_needed_for_certificate"))
    );
    // Bad names are refused with the field named.
    for bad in ["", "J", "12345"] {
        let (status, body) = parts(app.patch("/api/profile", json!({"name": bad})).await).await;
        assert_eq!(
            (status, body["fields"]["name"].is_array()),
            (StatusCode::UNPROCESSABLE_ENTITY, true),
            "{bad}: {body}"
        );
    }
    let me = named(&app, "  Jan   de Vries ").await;
    assert_eq!((me["name"].as_str(), me["nameVerified"].as_bool()), (Some("Jan de Vries"), Some(false)));
    let (status, serial, pdf) = download(&app, platform_id).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&pdf);
    assert!(text.contains("Jan de Vries (name not verified)"), "{text}");
    assert!(text.contains("not proof of legal title"), "{text}");
    assert!(text.contains("support@registry.example"), "{text}");

    // The public check: every printed particular, the owner's kind, never the name.
    let (_, checked) = check(&app, &serial).await;
    assert_eq!(checked["vessel"]["lengthCm"], vessel["lengthCm"], "{checked}");
    assert_eq!(checked["vessel"]["cin"], vessel["cin"]);
    assert_eq!(checked["vessel"]["identifiers"], vessel["identifiers"]);
    assert_eq!(checked["owner"], json!({"kind": "person", "nameVerified": false}));
    assert_eq!(checked["supportEmail"], "support@registry.example");
    assert!(!checked.to_string().contains("Vries"), "the name only to who types it: {checked}");
    // Typed as printed (case and spacing aside), the name matches and is answered.
    let matched = check_named(&app, &serial, "jan DE  vries").await;
    assert_eq!(
        (matched["ownerNameMatches"].as_bool(), matched["ownerName"].as_str()),
        (Some(true), Some("Jan de Vries"))
    );
    let forged = check_named(&app, &serial, "Piet Forger").await;
    assert_eq!(forged["ownerNameMatches"], false);
    assert!(forged.get("ownerName").is_none(), "{forged}");
    // A new name makes a new certificate; the old one stays current only until then.
    named(&app, "Johannes de Vries").await;
    let (_, renamed, _) = download(&app, platform_id).await;
    assert_ne!(renamed, serial);
}

#[tokio::test]
async fn a_company_owner_is_certified_with_its_name_and_number() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (status, body) =
        parts(app.patch("/api/profile", json!({"name": "Zeilmakerij B.V.", "ownerKind": "company"})).await).await;
    assert_eq!(
        (status, body["fields"]["companyNumber"].is_array()),
        (StatusCode::UNPROCESSABLE_ENTITY, true),
        "{body}"
    );
    let (status, body) = parts(
        app.patch(
            "/api/profile",
            json!({"name": "Zeilmakerij B.V.", "ownerKind": "person", "companyNumber": "KvK 1234"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["companyNumber"].is_array()),
        (StatusCode::UNPROCESSABLE_ENTITY, true),
        "{body}"
    );
    let (status, me) = parts(
        app.patch(
            "/api/profile",
            json!({"name": "Zeilmakerij B.V.", "ownerKind": "company", "companyNumber": "KvK 12345678"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!((me["ownerKind"].as_str(), me["companyNumber"].as_str()), (Some("company"), Some("KvK 12345678")));
    let (_, serial, pdf) = download(&app, platform_id).await;
    let text = pdf_text(&pdf);
    assert!(text.contains("Zeilmakerij B.V., company no. KvK 12345678"), "{text}");
    let checked = check(&app, &serial).await.1;
    assert_eq!(checked["owner"]["kind"], "company");
    // The number is signed too: a paper with another number fails the comparison.
    assert_eq!(checked["owner"]["companyNumber"], "KvK 12345678");
    assert!(checked["signedData"].as_str().unwrap().contains("\"ownerCompanyNumber\":\"KvK 12345678\""), "{checked}");
    assert_eq!(check_named(&app, &serial, "zeilmakerij b.v.").await["ownerNameMatches"], true);

    // Another number is another certificate.
    let (status, _) = parts(
        app.patch(
            "/api/profile",
            json!({"name": "Zeilmakerij B.V.", "ownerKind": "company", "companyNumber": "KvK 87654321"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, renumbered, pdf) = download(&app, platform_id).await;
    assert_ne!(renumbered, serial);
    assert!(pdf_text(&pdf).contains("KvK 87654321"));
}

#[tokio::test]
async fn a_serial_is_found_in_any_case_and_without_hyphens() {
    let app = TestApp::spawn().await;
    let vessel = active_vessel(&app).await;
    let (_, serial, _) = download(&app, vessel["platformId"].as_str().unwrap()).await;
    for typed in
        [serial.to_lowercase(), serial.replace('-', ""), format!(" {} ", serial.to_lowercase().replace('-', " "))]
    {
        let (status, checked) = check(&app, typed.trim_matches(' ')).await;
        assert_eq!((status, checked["serial"].as_str()), (StatusCode::OK, Some(serial.as_str())), "{typed}");
    }
    let (status, body) = check(&app, "not-a-serial").await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::NOT_FOUND, Some("no_certificate_serial")));
}
