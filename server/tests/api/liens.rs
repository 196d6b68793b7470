//! Registered liens: a lender registers one, the owner consents with the
//! code texted to their mobile, and while it is active the vessel changes
//! hands only with the lender's consent or after its release.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts};
use crate::transfers;

const OWNER_PHONE: &str = "+31611112222";

fn lien() -> Value {
    json!({"lenderName": "Waterland Bank", "reference": "HYP-2026-0042", "amountCents": 4_500_000, "currency": "eur"})
}

/// An owner (with a verified mobile) of an active vessel, and a lender whose identity is verified.
pub async fn owner_and_lender(app: &TestApp) -> (Value, TestApp) {
    let vessel = app.owner_with_active_vessel("lien-owner@example.nl").await;
    crate::phone::verify_number(app, OWNER_PHONE).await;
    let lender = app.second_browser();
    lender.signed_in_user("lender@example.nl").await;
    sqlx::query("UPDATE users SET identity_verification_status = 'verified' WHERE email = 'lender@example.nl'")
        .execute(&app.db)
        .await
        .unwrap();
    (vessel, lender)
}

async fn register(lender: &TestApp, vessel: &Value, body: Value) -> (StatusCode, Value) {
    parts(lender.post(&format!("/api/vessels/{}/liens", vessel["id"].as_str().unwrap()), body).await).await
}

/// The newest code texted to the owner's mobile, which names the lender.
async fn code_to_owner(app: &TestApp) -> String {
    let sms = app.last_message_to(OWNER_PHONE).await.expect("an SMS to the owner");
    assert!(sms["body"].as_str().unwrap().contains("Waterland Bank"), "{sms}");
    crate::phone::code_to(app, OWNER_PHONE).await
}

/// A lien registered and consented to: active.
pub async fn active_lien(app: &TestApp, vessel: &Value, lender: &TestApp) -> String {
    let (status, lien) = register(lender, vessel, lien()).await;
    assert_eq!(status, StatusCode::CREATED, "{lien}");
    let id = lien["id"].as_str().unwrap().to_owned();
    let code = code_to_owner(app).await;
    let (status, consented) = parts(app.post(&format!("/api/liens/{id}/consent"), json!({"code": code})).await).await;
    assert_eq!(status, StatusCode::OK, "{consented}");
    id
}

async fn liens_seen_by(viewer: &reqwest::Client, app: &TestApp, vessel: &Value) -> Value {
    let url = app.url(&format!("/api/vessels/{}/liens", vessel["id"].as_str().unwrap()));
    let (status, liens) = parts(viewer.get(url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{liens}");
    liens
}

async fn chain_events(app: &TestApp, vessel: &Value) -> (bool, Vec<String>) {
    let url = app.url(&format!("/api/vessels/{}/history/verify", vessel["platformId"].as_str().unwrap()));
    let report = parts(TestApp::browser().get(url).send().await.unwrap()).await.1;
    let events = report["events"].as_array().unwrap().iter().map(|e| e["eventType"].as_str().unwrap().to_owned());
    (report["valid"] == true, events.collect())
}

#[tokio::test]
async fn a_lien_takes_effect_only_with_the_owners_code_and_the_public_never_sees_the_amount() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = owner_and_lender(&app).await;

    // Only a lender whose identity is verified.
    let stranger = app.second_browser();
    stranger.signed_in_user("no-identity@example.nl").await;
    let (status, refused) = register(&stranger, &vessel, lien()).await;
    assert_eq!(
        (status, refused["messageCode"].as_str()),
        (StatusCode::FORBIDDEN, Some("lien_lender_identity_required"))
    );
    // Checked like every input.
    let bad = json!({"lenderName": "W", "reference": "", "amountCents": 0, "currency": "USD"});
    let (status, refused) = register(&lender, &vessel, bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    for field in ["lenderName", "reference", "amountCents", "currency"] {
        assert!(refused["fieldCodes"][field][0].is_string(), "{field}: {refused}");
    }
    // The owner cannot encumber their own vessel.
    assert_eq!(register(&app, &vessel, lien()).await.0, StatusCode::FORBIDDEN, "the owner has no verified identity");

    let (status, pending) = register(&lender, &vessel, lien()).await;
    assert_eq!(status, StatusCode::CREATED, "{pending}");
    assert_eq!((pending["status"].as_str(), pending["currency"].as_str()), (Some("pending"), Some("EUR")));
    let id = pending["id"].as_str().unwrap();
    // Pending: no effect, nothing public.
    assert_eq!(liens_seen_by(&TestApp::browser(), &app, &vessel).await, json!([]));
    let (_, page) = parts(app.get(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())).await).await;
    assert_eq!(page["vessel"]["encumbered"], false, "{page}");

    // A wrong code is counted; the right one activates it.
    let (status, wrong) = parts(app.post(&format!("/api/liens/{id}/consent"), json!({"code": "000000"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{wrong}");
    let code = code_to_owner(&app).await;
    // Nobody but the owner asked may consent.
    let (status, _) = parts(lender.post(&format!("/api/liens/{id}/consent"), json!({"code": code})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, active) = parts(app.post(&format!("/api/liens/{id}/consent"), json!({"code": code})).await).await;
    assert_eq!((status, active["status"].as_str()), (StatusCode::OK, Some("active")), "{active}");
    let (status, again) = parts(app.post(&format!("/api/liens/{id}/consent"), json!({"code": code})).await).await;
    assert_eq!((status, again["messageCode"].as_str()), (StatusCode::CONFLICT, Some("lien_not_pending")));

    // The public: encumbered, the lender's name, never the amount or the reference.
    let public = liens_seen_by(&TestApp::browser(), &app, &vessel).await;
    assert_eq!(public.as_array().unwrap().len(), 1, "{public}");
    assert_eq!(public[0]["lenderName"], "Waterland Bank");
    assert!(public[0]["amountCents"].is_null() && public[0]["reference"].is_null(), "{public}");
    assert_eq!(public[0]["yourRole"], "public");
    let (_, page) = parts(app.get(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())).await).await;
    assert_eq!(page["vessel"]["encumbered"], true, "{page}");
    assert!(!page.to_string().contains("4500000"), "no amount on the public page");
    // The owner and the lender see it in full, and each in their list.
    let owners = liens_seen_by(&app.client, &app, &vessel).await;
    assert_eq!((owners[0]["amountCents"].as_i64(), owners[0]["yourRole"].as_str()), (Some(4_500_000), Some("owner")));
    let (_, held) = parts(lender.get("/api/liens").await).await;
    assert_eq!((held[0]["id"].as_str(), held[0]["yourRole"].as_str()), (Some(id), Some("lender")), "{held}");
    let (_, mine) = parts(app.get("/api/liens").await).await;
    assert_eq!(mine[0]["yourRole"], "owner");

    // Each step is in the chain (which still verifies) and the audit log; both parties were emailed.
    let (valid, events) = chain_events(&app, &vessel).await;
    assert!(valid, "{events:?}");
    assert_eq!(events, ["registered", "lien_registered", "lien_consented"]);
    for action in ["lien_registered", "lien_consented"] {
        assert_eq!(
            app.scalar(&format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await,
            1,
            "{action}"
        );
    }
    let lender_mail = app.last_message_to("lender@example.nl").await.unwrap();
    assert!(lender_mail["body"].as_str().unwrap().contains("HYP-2026-0042"), "{lender_mail}");
    assert_eq!(app.last_message_to("lien-owner@example.nl").await.unwrap()["subject"], lender_mail["subject"]);
}

#[tokio::test]
async fn an_active_lien_stops_a_sale_until_the_lender_releases_it() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = owner_and_lender(&app).await;
    let lien = active_lien(&app, &vessel, &lender).await;
    let buyer = transfers::buyer(&app).await;
    let transfer = transfers::verified_transfer(&app, &vessel).await;
    let (status, refused) = transfers::pay_transfer(&app, &vessel, &transfer).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::CONFLICT, Some("vessel_encumbered")));

    // The owner cannot release it; an administrator needs a reason; a stranger does not see it.
    let (status, _) = parts(app.post(&format!("/api/liens/{lien}/release"), json!({})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin = app.admin("lien-admin@example.nl").await;
    let (status, _) = parts(admin.post(&format!("/api/liens/{lien}/release"), json!({"reason": "short"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = parts(buyer.post(&format!("/api/liens/{lien}/release"), json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, released) = parts(lender.post(&format!("/api/liens/{lien}/release"), json!({})).await).await;
    assert_eq!((status, released["status"].as_str()), (StatusCode::OK, Some("released")), "{released}");
    let (status, _) = parts(lender.post(&format!("/api/liens/{lien}/release"), json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, paid) = transfers::pay_transfer(&app, &vessel, &transfer).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let (_, theirs) = parts(buyer.get("/api/vessels/my/list").await).await;
    assert_eq!(theirs[0]["id"], vessel["id"]);
    let (valid, events) = chain_events(&app, &vessel).await;
    assert!(valid, "{events:?}");
    assert_eq!(events, ["registered", "lien_registered", "lien_consented", "lien_released", "transferred"]);
    assert_eq!(liens_seen_by(&TestApp::browser(), &app, &vessel).await, json!([]), "released: nothing public");
}

#[tokio::test]
async fn a_sale_the_lender_consents_to_completes_and_the_lien_follows_the_vessel() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = owner_and_lender(&app).await;
    let lien = active_lien(&app, &vessel, &lender).await;
    // No transfer open yet: nothing to consent to.
    let (status, refused) = parts(lender.post(&format!("/api/liens/{lien}/transfer-consent"), json!({})).await).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::CONFLICT, Some("lien_no_open_transfer")));
    let buyer = transfers::buyer(&app).await;
    let transfer = transfers::verified_transfer(&app, &vessel).await;
    // Only its lender consents.
    let (status, _) = parts(app.post(&format!("/api/liens/{lien}/transfer-consent"), json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, consented) = parts(lender.post(&format!("/api/liens/{lien}/transfer-consent"), json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{consented}");
    assert_eq!(consented["transferConsentId"].as_str(), Some(transfer.as_str()));
    let (status, _) = parts(lender.post(&format!("/api/liens/{lien}/transfer-consent"), json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "once per transfer");
    let (status, paid) = transfers::pay_transfer(&app, &vessel, &transfer).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    // The buyer owns it, encumbered: the lien stands, and the buyer sees it in full.
    let owners = liens_seen_by(&buyer.client, &app, &vessel).await;
    assert_eq!((owners[0]["status"].as_str(), owners[0]["yourRole"].as_str()), (Some("active"), Some("owner")));
    let (valid, events) = chain_events(&app, &vessel).await;
    assert!(valid, "{events:?}");
    assert_eq!(events, ["registered", "lien_registered", "lien_consented", "lien_transfer_consented", "transferred"]);
    let (_, page) = parts(buyer.get(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())).await).await;
    assert_eq!(page["vessel"]["encumbered"], true, "{page}");
}

/// The owner's consent and the transfer fee at once: either the lien is
/// active and the vessel stayed (the fee refunded or refused), or the
/// vessel changed hands and the lien never became active.
#[tokio::test]
async fn a_consent_racing_the_transfer_fee_has_one_outcome() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = owner_and_lender(&app).await;
    let (_, pending) = register(&lender, &vessel, lien()).await;
    let id = pending["id"].as_str().unwrap().to_owned();
    let code = code_to_owner(&app).await;
    transfers::buyer(&app).await;
    let transfer = transfers::verified_transfer(&app, &vessel).await;
    let card = transfers::card_for_fee(&app, &vessel, &transfer).await;
    let path = format!("/api/liens/{id}/consent");
    let consent = app.post(&path, json!({"code": code}));
    let pay = app.post("/api/payments/local/confirm", card);
    let (consented, paid) = tokio::join!(consent, pay);
    let (consented, paid) = (consented.status(), paid.status());
    assert!(!consented.is_server_error() && !paid.is_server_error(), "{consented} {paid}");
    let owner = app
        .scalar_text(&format!("SELECT owner_user_id FROM vessels WHERE id = '{}'", vessel["id"].as_str().unwrap()))
        .await;
    let lien_status = app.scalar_text(&format!("SELECT status FROM liens WHERE id = '{id}'")).await;
    let completed =
        app.scalar(&format!("SELECT COUNT(*) FROM transfers WHERE id = '{transfer}' AND status = 'completed'")).await;
    let seller = app.scalar_text("SELECT id FROM users WHERE email = 'lien-owner@example.nl'").await;
    if lien_status == "active" {
        assert_eq!((completed, owner.as_str()), (0, seller.as_str()), "an active lien: the vessel stayed");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM payments WHERE purpose = 'transfer' AND status = 'succeeded' AND id NOT IN (SELECT payment_id FROM payment_refunds)").await, 0, "no fee kept without its effect");
    } else {
        assert_eq!((lien_status.as_str(), completed, consented), ("pending", 1, StatusCode::CONFLICT));
    }
    let (valid, events) = chain_events(&app, &vessel).await;
    assert!(valid, "{events:?}");
}

/// Ten consents with the right code at once: one activates it, and the vessel counts one lien.
#[tokio::test]
async fn parallel_consents_activate_a_lien_once() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = owner_and_lender(&app).await;
    let (_, pending) = register(&lender, &vessel, lien()).await;
    let id = pending["id"].as_str().unwrap().to_owned();
    let code = code_to_owner(&app).await;
    let path = format!("/api/liens/{id}/consent");
    let consents = (0..10).map(|_| app.post(&path, json!({"code": code})));
    let answers: Vec<StatusCode> =
        futures_util::future::join_all(consents).await.iter().map(reqwest::Response::status).collect();
    assert_eq!(answers.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{answers:?}");
    assert!(answers.iter().all(|s| !s.is_server_error()), "{answers:?}");
    let vessel_id = vessel["id"].as_str().unwrap();
    assert_eq!(app.scalar(&format!("SELECT active_liens FROM vessels WHERE id = '{vessel_id}'")).await, 1);
    let (valid, events) = chain_events(&app, &vessel).await;
    assert!(valid && events.iter().filter(|e| *e == "lien_consented").count() == 1, "{events:?}");
}
