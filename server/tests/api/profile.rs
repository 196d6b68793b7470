use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, parts};

#[tokio::test]
async fn the_profile_needs_a_session() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.get("/api/profile").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "unauthorized");
    assert_eq!(app.delete("/api/profile").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_profile_shows_name_email_and_phone() {
    let app = TestApp::spawn().await;
    app.post(
        "/api/auth/register",
        json!({"email": "p@example.nl", "password": PASSWORD, "phoneE164": "+4915112345678"}),
    )
    .await;
    app.login("p@example.nl", PASSWORD).await;
    let (status, body) = parts(app.get("/api/profile").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"name": null, "email": "p@example.nl", "phoneE164": "+4915112345678"}));
}

#[tokio::test]
async fn archiving_ends_sessions_blocks_sign_in_and_frees_the_email() {
    let app = TestApp::spawn().await;
    app.post(
        "/api/auth/register",
        json!({"email": "leaving@example.nl", "password": PASSWORD, "phoneE164": "+31612345678"}),
    )
    .await;
    let token = app.token_from_mail("leaving@example.nl", "verify-email?token=").await;
    app.post("/api/auth/verify-email", json!({"token": token})).await;
    let (_, first) = parts(app.login("leaving@example.nl", PASSWORD).await).await;
    let other_browser = TestApp::browser();
    other_browser
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": "leaving@example.nl", "password": PASSWORD}))
        .send()
        .await
        .unwrap();

    let r = app.delete("/api/profile").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
    let r = other_browser.get(app.url("/api/auth/me")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "every session of the account ends");
    assert_eq!(app.login("leaving@example.nl", PASSWORD).await.status(), StatusCode::UNAUTHORIZED);

    // The same email makes a new, separate account.
    assert_eq!(app.register("leaving@example.nl").await.status(), StatusCode::CREATED);
    let (status, second) = parts(app.login("leaving@example.nl", PASSWORD).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(first["id"], second["id"]);
    assert_eq!(second["emailVerifiedAt"], serde_json::Value::Null);
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM users WHERE archived_at IS NOT NULL AND password_hash = '' AND phone_e164 IS NULL"
        )
        .await,
        1,
        "the archived account's password hash and phone are erased"
    );
}

#[tokio::test]
async fn an_archived_accounts_old_links_stop_working() {
    let app = TestApp::spawn().await;
    app.register("gone@example.nl").await;
    let token = app.token_from_mail("gone@example.nl", "verify-email?token=").await;
    app.login("gone@example.nl", PASSWORD).await;
    app.delete("/api/profile").await;
    let r = app.post("/api/auth/verify-email", json!({"token": token})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn promoting_a_user_makes_them_an_admin() {
    let app = TestApp::spawn().await;
    app.signed_in_user("boss@example.nl").await;
    // The CLI's `users promote` goes through this function.
    registry::seed::promote(&app.db, "BOSS@example.nl").await.unwrap();
    let (_, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(me["role"], "admin");
    let err = registry::seed::promote(&app.db, "nobody@example.nl").await.unwrap_err();
    assert_eq!(err.to_string(), "No active user with email nobody@example.nl.");
}
