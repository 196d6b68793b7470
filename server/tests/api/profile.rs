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
    registry::cli::seed::promote(&app.db, "BOSS@example.nl").await.unwrap();
    let (_, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(me["role"], "admin");
    let err = registry::cli::seed::promote(&app.db, "nobody@example.nl").await.unwrap_err();
    assert_eq!(err.to_string(), "No active user with email nobody@example.nl.");
}

#[tokio::test]
async fn emails_are_written_in_the_language_kept_on_the_account() {
    let app = TestApp::spawn().await;
    // Sign-up takes the language from the form, or else from Accept-Language.
    let r =
        app.post("/api/auth/register", json!({"email": "de@example.de", "password": PASSWORD, "language": "de"})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let r = app
        .client
        .post(app.url("/api/auth/register"))
        .header(reqwest::header::ACCEPT_LANGUAGE, "it-IT,it;q=0.9")
        .json(&json!({"email": "it@example.it", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let english = app.last_message_to("de@example.de").await;
    let german = english.expect("a verification email");
    assert_eq!(german["subject"], "Bestätigen Sie Ihre E-Mail-Adresse", "{german}");
    let italian = app.last_message_to("it@example.it").await.expect("a verification email");
    assert_ne!(italian["subject"], german["subject"]);
    assert_ne!(italian["subject"], "Confirm your email address");

    // Signed in, the user's choice is kept and later messages follow it.
    let token = app.token_from_mail("de@example.de", "verify-email?token=").await;
    assert_eq!(app.post("/api/auth/verify-email", json!({"token": token})).await.status(), StatusCode::OK);
    let (_, me) = parts(app.login("de@example.de", PASSWORD).await).await;
    assert_eq!(me["language"], "de", "{me}");
    let r = app.client.put(app.url("/api/profile/language")).json(&json!({"language": "fr"})).send().await.unwrap();
    let (status, body) = parts(r).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"language": "fr"})));
    let (_, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(me["language"], "fr");
    app.post("/api/auth/password-reset/request", json!({"email": "de@example.de"})).await;
    let reset = app.last_message_to("de@example.de").await.expect("a reset email");
    assert_eq!(reset["subject"], "Réinitialisez votre mot de passe", "{reset}");

    // Only the six languages are kept.
    let r = app.client.put(app.url("/api/profile/language")).json(&json!({"language": "pt"})).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_session_answers_a_guest_without_an_error() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.get("/api/auth/session").await).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"user": null})));
    // API clients keep the 401.
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
    app.signed_in_user("s@example.nl").await;
    let (status, body) = parts(app.get("/api/auth/session").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"]["email"], "s@example.nl");
    assert_eq!(body["user"], parts(app.get("/api/auth/me").await).await.1);
}

/// A company owner signs up with the company's name and registration number;
/// a person may give a name (unverified) or none.
#[tokio::test]
async fn a_company_signs_up_with_its_name_and_number() {
    let app = TestApp::spawn().await;
    let sign_up = |body: serde_json::Value| app.post("/api/auth/register", body);
    let (status, body) = parts(
        sign_up(json!({"email": "yard@example.nl", "password": PASSWORD, "name": "Zeilmakerij B.V.", "ownerKind": "company"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["companyNumber"].is_array()),
        (StatusCode::UNPROCESSABLE_ENTITY, true),
        "{body}"
    );
    let (status, _) = parts(
        sign_up(
            json!({"email": "yard@example.nl", "password": PASSWORD, "name": "Zeilmakerij B.V.", "ownerKind": "company",
                       "companyNumber": "KvK 12345678"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, me) = parts(app.login("yard@example.nl", PASSWORD).await).await;
    assert_eq!(
        (me["name"].as_str(), me["ownerKind"].as_str(), me["companyNumber"].as_str(), me["nameVerified"].as_bool()),
        (Some("Zeilmakerij B.V."), Some("company"), Some("KvK 12345678"), Some(false)),
        "{me}"
    );
}
