//! Mobile verification: set a number, receive a code, confirm it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts};

pub const NUMBER: &str = "+31687654321";

/// The code in the newest SMS to `number`.
pub async fn code_to(app: &TestApp, number: &str) -> String {
    let sms = app.last_message_to(number).await.expect("an SMS");
    assert_eq!(sms["channel"], "sms");
    sms["body"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .expect("a six-digit code")
        .to_owned()
}

/// Set `number` on the signed-in account of `app` and verify it by SMS code.
/// Add, text and verify `number` on the signed-in account; answers the
/// verification's body (the account, and the vessels the number claimed).
pub async fn verify_number(app: &TestApp, number: &str) -> Value {
    let (status, user) = parts(app.post("/api/profile/phone", json!({"phoneE164": number})).await).await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(app.post("/api/profile/phone/send-code", json!({})).await.status(), StatusCode::ACCEPTED);
    let code = code_to(app, number).await;
    let (status, user) = parts(app.post("/api/profile/phone/verify", json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert!(user["phoneVerifiedAt"].is_string(), "{user}");
    user
}

#[tokio::test]
async fn a_number_is_verified_with_the_code_it_received() {
    let app = TestApp::spawn().await;
    app.signed_in_user("mate@example.nl").await;
    assert_eq!(
        app.post("/api/profile/phone/send-code", json!({})).await.status(),
        StatusCode::CONFLICT,
        "no number yet"
    );
    let (status, body) = parts(app.post("/api/profile/phone", json!({"phoneE164": "0612"})).await).await;
    assert_eq!(
        (status, body["fields"]["phoneE164"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Invalid phone number format"))
    );
    parts(app.post("/api/profile/phone", json!({"phoneE164": NUMBER})).await).await;
    app.post("/api/profile/phone/send-code", json!({})).await;
    let code = code_to(&app, NUMBER).await;
    let wrong = if code == "123456" { "654321" } else { "123456" };
    let (status, body) = parts(app.post("/api/profile/phone/verify", json!({"otp": wrong})).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("wrong_code")));
    let (status, user) = parts(app.post("/api/profile/phone/verify", json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(user["phoneVerifiedAt"].is_string());
    // Changing the number unverifies it.
    let (_, user) = parts(app.post("/api/profile/phone", json!({"phoneE164": "+31611112222"})).await).await;
    assert!(user["phoneVerifiedAt"].is_null(), "{user}");
}

#[tokio::test]
async fn a_number_is_verified_on_one_account_only() {
    let app = TestApp::spawn().await;
    app.signed_in_user("first@example.nl").await;
    verify_number(&app, NUMBER).await;
    let second = app.second_browser();
    second.signed_in_user("second@example.nl").await;
    parts(second.post("/api/profile/phone", json!({"phoneE164": NUMBER})).await).await;
    second.post("/api/profile/phone/send-code", json!({})).await;
    let code = code_to(&second, NUMBER).await;
    let (status, body) = parts(second.post("/api/profile/phone/verify", json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

/// A code proves the number it was sent to, not whatever number the account
/// holds by the time it is typed in.
#[tokio::test]
async fn a_code_sent_to_one_number_cannot_verify_another() {
    let app = TestApp::spawn().await;
    app.signed_in_user("mate@example.nl").await;
    parts(app.post("/api/profile/phone", json!({"phoneE164": NUMBER})).await).await;
    app.post("/api/profile/phone/send-code", json!({})).await;
    let code = code_to(&app, NUMBER).await;
    parts(app.post("/api/profile/phone", json!({"phoneE164": "+31611112222"})).await).await;
    let (status, _) = parts(app.post("/api/profile/phone/verify", json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "no live code for the new number");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users WHERE phone_verified_at IS NOT NULL").await, 0);
}
