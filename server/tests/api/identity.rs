//! Identity verification: the local test-mode provider end to end, and
//! Stripe Identity's sessions and webhooks against the local fake.

use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::{
    fake_stripe::{FakeStripe, IDENTITY_WEBHOOK_SECRET},
    helpers::{TestApp, parts},
};

/// A valid 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

async fn start(app: &TestApp, vessel: &Value) -> (StatusCode, Value) {
    parts(app.post("/api/identity/create-session", json!({"vesselPlatformId": vessel["platformId"]})).await).await
}

/// Submit the local page's form; answers the status and the redirect target.
async fn submit(url: &str, photo: &[u8], outcome: &str) -> (StatusCode, String) {
    let form = Form::new()
        .part("document", Part::bytes(photo.to_vec()).file_name("passport.png").mime_str("image/png").unwrap())
        .text("outcome", outcome.to_owned())
        .text("name", "Anna  Visser");
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let r = client.post(url).multipart(form).send().await.unwrap();
    let location = r.headers().get("location").map(|l| l.to_str().unwrap().to_owned()).unwrap_or_default();
    (r.status(), location)
}

async fn me(app: &TestApp) -> Value {
    parts(app.get("/api/auth/me").await).await.1
}

/// The decision arrives a few seconds later, as a webhook would.
async fn wait_for_decision(app: &TestApp) -> Value {
    for _ in 0..40 {
        let user = me(app).await;
        if user["identityVerificationStatus"] != "pending" {
            return user;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("no identity decision within 10 s");
}

async fn stored_photos(app: &TestApp) -> usize {
    registry::platform::storage::keys(&app.state.storage, "identity").await.unwrap().len()
}

#[tokio::test]
async fn the_local_provider_verifies_the_owner_after_a_photo_and_forgets_the_photo() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (status, session) = start(&app, &vessel).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let url = session["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{}/identity/local/vs_local_", crate::helpers::PUBLIC_URL)), "{url}");
    let local_url = url.replace(crate::helpers::PUBLIC_URL, &app.base);

    let page = app.client.get(&local_url).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    let html = page.text().await.unwrap();
    for needle in ["Photo of your identity document", "Test outcome", "Submit for verification", "document_expired"] {
        assert!(html.contains(needle), "{needle} missing from the page");
    }

    let (status, back) = submit(&local_url, PNG, "verified").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let pid = vessel["platformId"].as_str().unwrap();
    assert!(back.ends_with(&format!("/registry/{pid}?verified=identity")), "{back}");
    assert_eq!(me(&app).await["identityVerificationStatus"], "pending");
    assert_eq!(stored_photos(&app).await, 1);

    let user = wait_for_decision(&app).await;
    assert_eq!(user["identityVerificationStatus"], "verified");
    assert_eq!(user["identityFailureCode"], Value::Null);
    assert_eq!((user["name"].as_str(), user["nameVerified"].as_bool()), (Some("Anna Visser"), Some(true)), "{user}");
    assert_eq!(stored_photos(&app).await, 0, "the photo is deleted once decided");
    for action in ["identity_started", "identity_submitted", "identity_verified"] {
        let sql = format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'");
        assert_eq!(app.scalar(&sql).await, 1, "{action}");
    }
    // A second submission of the same session is refused, and nothing is kept.
    let (status, _) = submit(&local_url, PNG, "verified").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(stored_photos(&app).await, 0);
    // Verified: no new session from a vessel's page.
    let (status, body) = start(&app, &vessel).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (StatusCode::CONFLICT, "Your identity is already verified.")
    );
    // The verified name changes only through another check, which starts from the profile.
    let (status, body) = parts(app.patch("/api/profile", json!({"name": "Someone Else"})).await).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("verified_name_needs_new_verification"))
    );
    let (status, unchanged) = parts(app.patch("/api/profile", json!({"name": " Anna Visser "})).await).await;
    assert_eq!((status, unchanged["nameVerified"].as_bool()), (StatusCode::OK, Some(true)), "{unchanged}");
    let (status, session) = parts(app.post("/api/identity/create-session", json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let again = session["url"].as_str().unwrap().replace(crate::helpers::PUBLIC_URL, &app.base);
    let form = Form::new()
        .part("document", Part::bytes(PNG.to_vec()).file_name("passport.png").mime_str("image/png").unwrap())
        .text("outcome", "verified")
        .text("name", "Anna de Groot-Visser");
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let r = client.post(&again).multipart(form).send().await.unwrap();
    assert!(r.headers()["location"].to_str().unwrap().ends_with("/profile?verified=identity"));
    tokio::time::sleep(registry::features::identity::service::LOCAL_DECISION_DELAY).await;
    let mut renamed = me(&app).await;
    for _ in 0..40 {
        if renamed["name"] == "Anna de Groot-Visser" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        renamed = me(&app).await;
    }
    assert_eq!(
        (renamed["name"].as_str(), renamed["nameVerified"].as_bool()),
        (Some("Anna de Groot-Visser"), Some(true))
    );
}

#[tokio::test]
async fn the_local_page_needs_the_name_on_the_document_to_verify() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (_, session) = start(&app, &vessel).await;
    let url = session["url"].as_str().unwrap().replace(crate::helpers::PUBLIC_URL, &app.base);
    let form = Form::new()
        .part("document", Part::bytes(PNG.to_vec()).file_name("passport.png").mime_str("image/png").unwrap())
        .text("outcome", "verified");
    let r = reqwest::Client::new().post(&url).multipart(form).send().await.unwrap();
    let (status, body) = parts(r).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::BAD_REQUEST, Some("identity_name_as_on_document")));
    assert_eq!(stored_photos(&app).await, 0);
}

#[tokio::test]
async fn a_failed_check_returns_to_not_started_with_the_reason_and_may_be_tried_again() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (_, session) = start(&app, &vessel).await;
    let url = session["url"].as_str().unwrap().replace(crate::helpers::PUBLIC_URL, &app.base);
    assert_eq!(submit(&url, PNG, "document_expired").await.0, StatusCode::SEE_OTHER);
    // While pending, no second session.
    assert_eq!(start(&app, &vessel).await.0, StatusCode::CONFLICT);
    let user = wait_for_decision(&app).await;
    assert_eq!(user["identityVerificationStatus"], "not_started");
    assert_eq!(user["identityFailureCode"], "document_expired");
    assert!(user["identityFailureReason"].as_str().unwrap().contains("expired"));
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'identity_failed' AND outcome = 'failure'").await,
        1
    );
    assert_eq!(start(&app, &vessel).await.0, StatusCode::OK);
}

#[tokio::test]
async fn only_images_are_accepted_and_only_the_vessels_owner_may_start() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (_, session) = start(&app, &vessel).await;
    let url = session["url"].as_str().unwrap().replace(crate::helpers::PUBLIC_URL, &app.base);
    let (status, _) = submit(&url, b"%PDF-1.7 not a photo", "verified").await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(stored_photos(&app).await, 0);
    assert_eq!(me(&app).await["identityVerificationStatus"], "not_started");
    let (status, _) = submit(&url, PNG, "teleported").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(stored_photos(&app).await, 0);
    assert_eq!(
        app.client.get(app.url("/identity/local/vs_local_unknown")).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );

    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(start(&stranger, &vessel).await.0, StatusCode::FORBIDDEN);
    let anonymous = TestApp::browser();
    let r = anonymous
        .post(app.url("/api/identity/create-session"))
        .json(&json!({"vesselPlatformId": vessel["platformId"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (status, body) =
        parts(app.post("/api/identity/create-session", json!({"vesselPlatformId": "nope"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fields"]["vesselPlatformId"].is_array());
    let (status, _) =
        parts(app.post("/api/identity/create-session", json!({"vesselPlatformId": "0000-0000-0000"})).await).await;
    assert!(matches!(status, StatusCode::NOT_FOUND | StatusCode::UNPROCESSABLE_ENTITY), "{status}");
}

async fn deliver(app: &TestApp, body: &[u8], secret: &str) -> (StatusCode, Value) {
    let now =
        i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()).unwrap();
    let signature = registry::platform::stripe_http::signature_header(secret, now, body);
    let r = app
        .client
        .post(app.url("/api/identity/webhook"))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(body.to_vec())
        .send()
        .await
        .unwrap();
    parts(r).await
}

/// An owner whose Stripe session exists: answers (app, fake, session id).
async fn stripe_session() -> (TestApp, FakeStripe, String) {
    let fake = FakeStripe::start().await;
    let env = fake.identity_env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let app = TestApp::spawn_with(&env).await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (status, session) = start(&app, &vessel).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert!(session["url"].as_str().unwrap().starts_with("https://verify.stripe.com/start/vs_fake"));
    let request = fake.requests().into_iter().find(|r| r.path == "/v1/identity/verification_sessions").unwrap();
    assert_eq!(request.form["type"], "document");
    let pid = vessel["platformId"].as_str().unwrap();
    assert!(request.form["return_url"].ends_with(&format!("/registry/{pid}?verified=identity")));
    assert_eq!(request.form["client_reference_id"].len(), 26);
    assert_eq!(
        request.idempotency_key.as_deref(),
        Some(format!("identity-{}", request.form["client_reference_id"]).as_str())
    );
    let id = session["url"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    (app, fake, id)
}

const T0: i64 = 1_900_000_000;

#[tokio::test]
async fn stripe_events_move_the_person_through_pending_to_verified_once() {
    let (app, _fake, session) = stripe_session().await;
    let processing =
        FakeStripe::identity_event("evt_1", "identity.verification_session.processing", &session, T0, None);
    // A wrong signature changes nothing.
    assert_eq!(deliver(&app, &processing, "whsec_not_ours").await.0, StatusCode::BAD_REQUEST);
    assert_eq!(me(&app).await["identityVerificationStatus"], "not_started");
    assert_eq!(deliver(&app, &processing, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "applied");
    assert_eq!(me(&app).await["identityVerificationStatus"], "pending");
    let verified =
        FakeStripe::identity_event("evt_2", "identity.verification_session.verified", &session, T0 + 5, None);
    assert_eq!(deliver(&app, &verified, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "applied");
    let user = me(&app).await;
    assert_eq!(user["identityVerificationStatus"], "verified");
    // The name Stripe read off the document, asked for with `expand[]=verified_outputs`.
    assert_eq!((user["name"].as_str(), user["nameVerified"].as_bool()), (Some("Marieke van der Berg"), Some(true)));
    // A replay is a duplicate; a late failure cannot undo the verification.
    assert_eq!(deliver(&app, &verified, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "duplicate");
    let late = FakeStripe::identity_event(
        "evt_3",
        "identity.verification_session.requires_input",
        &session,
        T0 + 1,
        Some("document_expired"),
    );
    assert_eq!(deliver(&app, &late, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "ignored");
    assert_eq!(me(&app).await["identityVerificationStatus"], "verified");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'identity_verified'").await, 1);
}

#[tokio::test]
async fn an_out_of_order_processing_event_does_not_hide_a_failure() {
    let (app, _fake, session) = stripe_session().await;
    let failed = FakeStripe::identity_event(
        "evt_b",
        "identity.verification_session.requires_input",
        &session,
        T0 + 10,
        Some("selfie_face_mismatch"),
    );
    assert_eq!(deliver(&app, &failed, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "applied");
    let user = me(&app).await;
    assert_eq!(
        (user["identityVerificationStatus"].as_str(), user["identityFailureCode"].as_str()),
        (Some("not_started"), Some("selfie_mismatch"))
    );
    // The earlier `processing`, arriving late, changes nothing.
    let early = FakeStripe::identity_event("evt_a", "identity.verification_session.processing", &session, T0, None);
    assert_eq!(deliver(&app, &early, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "ignored");
    assert_eq!(me(&app).await["identityVerificationStatus"], "not_started");
    // Waiting for input without an error is not a failure.
    let waiting =
        FakeStripe::identity_event("evt_c", "identity.verification_session.requires_input", "vs_other", T0, None);
    assert_eq!(deliver(&app, &waiting, IDENTITY_WEBHOOK_SECRET).await.1["outcome"], "ignored");
}

#[tokio::test]
async fn the_same_event_delivered_in_parallel_is_applied_once() {
    let (app, _fake, session) = stripe_session().await;
    let verified = FakeStripe::identity_event("evt_p", "identity.verification_session.verified", &session, T0, None);
    let deliveries = (0..8).map(|_| deliver(&app, &verified, IDENTITY_WEBHOOK_SECRET));
    let outcomes: Vec<String> = futures_util::future::join_all(deliveries)
        .await
        .into_iter()
        .map(|(s, b)| format!("{s} {}", b["outcome"]))
        .collect();
    assert_eq!(outcomes.iter().filter(|o| o.as_str() == "200 OK \"applied\"").count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| o.starts_with("200")), "{outcomes:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'identity_verified'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM identity_events").await, 1);
}

#[tokio::test]
async fn the_identity_webhook_is_not_found_without_stripe_identity() {
    let app = TestApp::spawn().await;
    let body = FakeStripe::identity_event("evt_x", "identity.verification_session.verified", "vs_x", T0, None);
    assert_eq!(deliver(&app, &body, IDENTITY_WEBHOOK_SECRET).await.0, StatusCode::NOT_FOUND);
}
