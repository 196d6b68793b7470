use reqwest::{StatusCode, header};
use serde_json::json;

use crate::helpers::{PASSWORD, TestApp, parts};

#[tokio::test]
async fn registering_creates_an_unverified_account_without_signing_in() {
    let app = TestApp::spawn().await;
    let r = app
        .post(
            "/api/auth/register",
            json!({"email": " Skipper@Example.NL ", "password": PASSWORD, "phoneE164": "+31612345678"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    assert!(r.headers().get(header::SET_COOKIE).is_none(), "registration must not sign in");
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);

    let (status, user) = parts(app.login("skipper@example.nl", PASSWORD).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["email"], "skipper@example.nl");
    assert_eq!(user["phoneE164"], "+31612345678");
    assert_eq!(user["emailVerifiedAt"], serde_json::Value::Null);
    assert_eq!(user["role"], "user");
    assert_eq!(user["identityVerificationStatus"], "not_started");
}

#[tokio::test]
async fn every_invalid_field_is_reported_with_its_message() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(
        app.post(
            "/api/auth/register",
            json!({"email": "not-an-email", "password": "short", "phoneE164": "0612345678"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(body["fields"]["email"][0], "Invalid email address");
    assert_eq!(body["fields"]["password"][0], "Password must be at least 8 characters");
    assert_eq!(body["fields"]["phoneE164"][0], "Invalid phone number format");
}

#[tokio::test]
async fn common_and_overlong_passwords_are_refused() {
    let app = TestApp::spawn().await;
    for (password, message) in [
        ("password1", "This password is too common. Choose one that is harder to guess."),
        ("Iloveyou", "This password is too common. Choose one that is harder to guess."),
        (&"x".repeat(257)[..], "Password must be at most 256 characters"),
    ] {
        let (status, body) =
            parts(app.post("/api/auth/register", json!({"email": "a@example.nl", "password": password})).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{password}");
        assert_eq!(body["fields"]["password"][0], message);
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users").await, 0);
}

/// Registration must not reveal who has an account (sign-in and reset hide
/// it too): a second registration of an address, in any case, gets the very
/// same answer, creates nothing, and tells the address's owner instead.
#[tokio::test]
async fn an_email_registers_once_in_any_case_and_the_answer_does_not_tell() {
    let app = TestApp::spawn().await;
    let (first_status, first) = parts(app.register("crew@example.nl").await).await;
    assert_eq!(first_status, StatusCode::CREATED);
    let (status, body) = parts(app.register("CREW@example.nl").await).await;
    assert_eq!((status, body), (first_status, first));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users").await, 1);
    let mail = app.last_message_to("crew@example.nl").await.unwrap();
    let text = mail["body"].as_str().unwrap();
    assert!(
        text.starts_with(
            "Someone tried to create an account with this address. If it was you, sign in or reset your password."
        ),
        "{text}"
    );
    assert!(
        text.contains("http://localhost:8080/login") && text.contains("http://localhost:8080/forgot-password"),
        "{text}"
    );
}

#[tokio::test]
async fn the_verification_link_works_once() {
    let app = TestApp::spawn().await;
    app.register("mate@example.nl").await;
    let mail = app.last_message_to("mate@example.nl").await.unwrap();
    assert_eq!(mail["channel"], "email");
    assert_eq!(mail["subject"], "Confirm your email address");
    assert!(mail["body"].as_str().unwrap().contains("http://localhost:8080/verify-email?token="));
    let token = app.token_from_mail("mate@example.nl", "verify-email?token=").await;

    let (status, _) = parts(app.post("/api/auth/verify-email", json!({"token": token})).await).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = parts(app.post("/api/auth/verify-email", json!({"token": token})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Invalid or expired token.");

    let (_, user) = parts(app.login("mate@example.nl", PASSWORD).await).await;
    let verified_at = user["emailVerifiedAt"].as_str().expect("verified");
    assert!(verified_at.ends_with('Z') && verified_at.contains('T'), "RFC 3339 UTC: {verified_at}");
}

#[tokio::test]
async fn unknown_and_expired_verification_tokens_are_refused() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.post("/api/auth/verify-email", json!({"token": "nope"})).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid or expired token.")));

    app.register("late@example.nl").await;
    let token = app.token_from_mail("late@example.nl", "verify-email?token=").await;
    sqlx::query("UPDATE tokens SET expires_at = created_at - 1").execute(&app.db).await.unwrap();
    let (status, body) = parts(app.post("/api/auth/verify-email", json!({"token": token})).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid or expired token.")));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users WHERE email_verified_at IS NOT NULL").await, 0);
}

#[tokio::test]
async fn a_verification_token_lasts_24_hours() {
    let app = TestApp::spawn().await;
    app.register("tok@example.nl").await;
    assert_eq!(app.scalar("SELECT expires_at - created_at FROM tokens").await, 24 * 3600 * 1000);
}

#[tokio::test]
async fn an_unverified_user_can_ask_for_a_new_link() {
    let app = TestApp::spawn().await;
    app.register("again@example.nl").await;
    app.login("again@example.nl", PASSWORD).await;
    let r = app.post("/api/auth/resend-verification", json!({})).await;
    assert_eq!(r.status(), StatusCode::ACCEPTED);
    assert_eq!(app.messages_to("again@example.nl").await, 2);
    let token = app.token_from_mail("again@example.nl", "verify-email?token=").await;
    assert_eq!(app.post("/api/auth/verify-email", json!({"token": token})).await.status(), StatusCode::OK);
    let (status, _) = parts(app.post("/api/auth/resend-verification", json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn signing_in_sets_an_http_only_lax_session_cookie() {
    let app = TestApp::spawn().await;
    app.register("cookie@example.nl").await;
    let r = app.login("cookie@example.nl", PASSWORD).await;
    let cookie = r.headers()[header::SET_COOKIE].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("registry_session="));
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }
    assert!(!cookie.contains("Max-Age"), "without remember-me the cookie ends with the browser: {cookie}");
    assert!(!cookie.contains("Secure"), "http public URL: {cookie}");
    let secret = cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_owned();
    assert_eq!(
        app.scalar(&format!("SELECT COUNT(*) FROM sessions WHERE id_hash = '{secret}'")).await,
        0,
        "the secret itself is never stored"
    );
    assert_eq!(app.scalar("SELECT expires_at - created_at FROM sessions").await, 12 * 3600 * 1000);

    let (status, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["email"], "cookie@example.nl");
}

#[tokio::test]
async fn remember_me_keeps_the_session_for_30_days() {
    let app = TestApp::spawn().await;
    app.register("keep@example.nl").await;
    let r = app
        .post("/api/auth/login", json!({"email": "keep@example.nl", "password": PASSWORD, "rememberMe": true}))
        .await;
    let cookie = r.headers()[header::SET_COOKIE].to_str().unwrap().to_owned();
    assert!(cookie.contains("Max-Age=2592000"), "{cookie}");
    assert_eq!(app.scalar("SELECT expires_at - created_at FROM sessions").await, 30 * 24 * 3600 * 1000);
}

#[tokio::test]
async fn an_https_public_url_makes_the_cookie_secure() {
    let app = TestApp::spawn_prod("https://registry.example").await;
    app.register("tls@example.nl").await;
    let r = app.login("tls@example.nl", PASSWORD).await;
    assert!(r.headers()[header::SET_COOKIE].to_str().unwrap().contains("; Secure"));
}

#[tokio::test]
async fn expired_sessions_are_signed_out() {
    let app = TestApp::spawn().await;
    app.register("idle@example.nl").await;
    app.login("idle@example.nl", PASSWORD).await;
    sqlx::query("UPDATE sessions SET expires_at = 0").execute(&app.db).await.unwrap();
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_look_the_same() {
    let app = TestApp::spawn().await;
    app.register("same@example.nl").await;
    let (s1, b1) = parts(app.login("same@example.nl", "wrong-password-1").await).await;
    let (s2, b2) = parts(app.login("nobody@example.nl", PASSWORD).await).await;
    assert_eq!((s1, s2), (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED));
    assert_eq!(b1, b2);
    assert_eq!(b1["message"], "Invalid email or password");
}

#[tokio::test]
async fn ten_failures_lock_an_account_for_the_window() {
    let app = TestApp::spawn().await;
    app.register("target@example.nl").await;
    app.register("bystander@example.nl").await;
    for _ in 0..10 {
        assert_eq!(app.login("target@example.nl", "guess-guess-guess").await.status(), StatusCode::UNAUTHORIZED);
    }
    let r = app.login("target@example.nl", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "even the right password waits");
    let retry: u64 = r.headers()[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    let (_, body) = parts(r).await;
    assert_eq!(body["code"], "too_many_requests");
    assert_eq!(app.login("bystander@example.nl", PASSWORD).await.status(), StatusCode::OK);

    // Once the 15-minute window has passed, the account opens again.
    sqlx::query("UPDATE throttle SET window_start = window_start - 900000").execute(&app.db).await.unwrap();
    assert_eq!(app.login("target@example.nl", PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn nine_failures_then_success_resets_the_count() {
    let app = TestApp::spawn().await;
    app.register("forgetful@example.nl").await;
    for _ in 0..9 {
        app.login("forgetful@example.nl", "guess-guess-guess").await;
    }
    assert_eq!(app.login("forgetful@example.nl", PASSWORD).await.status(), StatusCode::OK);
    for _ in 0..9 {
        app.login("forgetful@example.nl", "guess-guess-guess").await;
    }
    assert_eq!(app.login("forgetful@example.nl", PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn logging_out_ends_the_session_on_the_server() {
    let app = TestApp::spawn().await;
    app.register("bye@example.nl").await;
    let r = app.login("bye@example.nl", PASSWORD).await;
    let cookie = r.headers()[header::SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_owned();
    let r = app.post("/api/auth/logout", json!(null)).await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert!(r.headers()[header::SET_COOKIE].to_str().unwrap().contains("Max-Age=0"));
    // A copy of the old cookie is worthless now.
    let r = TestApp::browser().get(app.url("/api/auth/me")).header(header::COOKIE, cookie).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, 0);
}

#[tokio::test]
async fn each_sign_in_gets_a_fresh_session() {
    let app = TestApp::spawn().await;
    app.register("twice@example.nl").await;
    app.login("twice@example.nl", PASSWORD).await;
    app.login("twice@example.nl", PASSWORD).await;
    assert_eq!(app.scalar("SELECT COUNT(DISTINCT id_hash) FROM sessions").await, 2);
}
