use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, parts};

const NEW_PASSWORD: &str = "spinnaker-at-dawn-7";

#[tokio::test]
async fn the_answer_is_the_same_whether_or_not_the_account_exists() {
    let app = TestApp::spawn().await;
    app.register("real@example.nl").await;
    let (s1, b1) = parts(app.post("/api/auth/password-reset/request", json!({"email": "real@example.nl"})).await).await;
    let (s2, b2) =
        parts(app.post("/api/auth/password-reset/request", json!({"email": "ghost@example.nl"})).await).await;
    assert_eq!((s1, s2), (StatusCode::ACCEPTED, StatusCode::ACCEPTED));
    assert_eq!(b1, b2);
    assert_eq!(app.last_message_to("real@example.nl").await.unwrap()["subject"], "Reset your password");
    assert_eq!(app.messages_to("ghost@example.nl").await, 0);
}

#[tokio::test]
async fn a_reset_sets_the_password_and_ends_every_session() {
    let app = TestApp::spawn().await;
    app.signed_in_user("reset@example.nl").await;
    let other_browser = TestApp::browser();
    other_browser
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": "reset@example.nl", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, 2);

    app.post("/api/auth/password-reset/request", json!({"email": "reset@example.nl"})).await;
    let token = app.token_from_mail("reset@example.nl", "reset-password?token=").await;
    assert_eq!(
        app.scalar("SELECT expires_at - created_at FROM tokens WHERE purpose = 'password_reset'").await,
        3600 * 1000
    );

    let (status, body) =
        parts(app.post("/api/auth/password-reset/confirm", json!({"token": token, "password": "12345678"})).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["fields"]["password"][0], "This password is too common. Choose one that is harder to guess.");

    let r = app.post("/api/auth/password-reset/confirm", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, 0);
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("reset@example.nl", PASSWORD).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("reset@example.nl", NEW_PASSWORD).await.status(), StatusCode::OK);

    let (status, body) = parts(
        app.post("/api/auth/password-reset/confirm", json!({"token": token, "password": "another-fine-pass"})).await,
    )
    .await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid or expired token.")));
}

#[tokio::test]
async fn a_verification_token_cannot_reset_a_password() {
    let app = TestApp::spawn().await;
    app.register("mixup@example.nl").await;
    let token = app.token_from_mail("mixup@example.nl", "verify-email?token=").await;
    let r = app.post("/api/auth/password-reset/confirm", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_newer_reset_link_replaces_the_older_one() {
    let app = TestApp::spawn().await;
    app.register("twolinks@example.nl").await;
    app.post("/api/auth/password-reset/request", json!({"email": "twolinks@example.nl"})).await;
    let first = app.token_from_mail("twolinks@example.nl", "reset-password?token=").await;
    app.post("/api/auth/password-reset/request", json!({"email": "twolinks@example.nl"})).await;
    let r = app.post("/api/auth/password-reset/confirm", json!({"token": first, "password": NEW_PASSWORD})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn reset_requests_are_throttled_per_email() {
    let app = TestApp::spawn().await;
    app.register("spam@example.nl").await;
    for _ in 0..5 {
        let r = app.post("/api/auth/password-reset/request", json!({"email": "spam@example.nl"})).await;
        assert_eq!(r.status(), StatusCode::ACCEPTED);
    }
    let r = app.post("/api/auth/password-reset/request", json!({"email": "spam@example.nl"})).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().contains_key("retry-after"));
    // Another address from the same client still works.
    let r = app.post("/api/auth/password-reset/request", json!({"email": "other@example.nl"})).await;
    assert_eq!(r.status(), StatusCode::ACCEPTED);
}

#[tokio::test]
async fn reset_requests_are_throttled_per_client_address() {
    let app = TestApp::spawn().await;
    for i in 0..20 {
        let r = app.post("/api/auth/password-reset/request", json!({"email": format!("p{i}@example.nl")})).await;
        assert_eq!(r.status(), StatusCode::ACCEPTED);
    }
    let r = app.post("/api/auth/password-reset/request", json!({"email": "p99@example.nl"})).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
}
