//! Passkeys: added from a signed-in session, used to sign in without an
//! email, listed and removed; ceremonies that are single-use, bound to the
//! browser (and for adding, the session) that started them; no password
//! lockout on a passkey sign-in; administrators need one.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::authenticator::Authenticator;
use crate::helpers::{PASSWORD, TestApp, parts};

async fn sign_in_with(browser: &TestApp, authenticator: &mut Authenticator) -> (StatusCode, Value) {
    let (status, options) = parts(browser.post("/api/auth/passkeys/login/start", json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    assert!(options.get("mediation").is_none(), "asked by a button, not while typing");
    let credential = authenticator.get(&options);
    parts(browser.post("/api/auth/passkeys/login/finish", json!({"credential": credential})).await).await
}

/// `name=value` of the cookie a response sets.
fn cookie_named(r: &reqwest::Response, name: &str) -> String {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_owned())
        .find(|c| c.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie"))
}

#[tokio::test]
async fn a_passkey_is_added_then_signs_in_without_an_email() {
    let app = TestApp::spawn().await;
    let email = "passkey-owner@example.nl";
    app.signed_in_user(email).await;
    let (status, options) = parts(app.post("/api/auth/passkeys/register/start", json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    let selection = &options["publicKey"]["authenticatorSelection"];
    assert_eq!(
        (selection["residentKey"].as_str(), selection["userVerification"].as_str()),
        (Some("required"), Some("required"))
    );
    assert_eq!(options["publicKey"]["rp"]["id"], "localhost");
    assert!(
        !options.to_string().contains(&app.scalar_text("SELECT id FROM users").await),
        "no account id to the authenticator"
    );
    let mut key = Authenticator::new();
    let credential = key.create(&options);
    let (status, added) = parts(
        app.post("/api/auth/passkeys/register/finish", json!({"name": "Laptop", "credential": credential})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!((added["name"].as_str(), added["lastUsedAt"].is_null()), (Some("Laptop"), true));
    let (_, me) = parts(app.get("/api/auth/me").await).await;
    assert_eq!(me["passkeyCount"], 1);

    // Another browser, no email typed: signed in as the account.
    let phone = app.second_browser();
    let (status, user) = sign_in_with(&phone, &mut key).await;
    assert_eq!((status, user["email"].as_str()), (StatusCode::OK, Some(email)), "{user}");
    assert_eq!(phone.get("/api/auth/me").await.status(), StatusCode::OK);
    let (_, list) = parts(phone.get("/api/auth/passkeys").await).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(list[0]["lastUsedAt"].is_string(), "{list}");
    assert_eq!(app.scalar("SELECT sign_count FROM passkeys").await, 1, "the counter is kept");
    let sign_ins =
        app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'sign_in' AND detail LIKE '%passkey%'").await;
    assert_eq!(sign_ins, 1);

    // An unknown credential signs nobody in.
    let mut stranger = Authenticator::new();
    let (status, refused) = sign_in_with(&app.second_browser(), &mut stranger).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::UNAUTHORIZED, Some("passkey_unknown")));
}

#[tokio::test]
async fn a_ceremony_is_used_once_and_only_by_the_session_that_started_it() {
    let app = TestApp::spawn().await;
    let email = "passkey-ceremony@example.nl";
    app.signed_in_user(email).await;
    // Another session of the same account, in a client whose cookies the test sets itself.
    let raw = reqwest::Client::new();
    let r =
        raw.post(app.url("/api/auth/login")).json(&json!({"email": email, "password": PASSWORD})).send().await.unwrap();
    let other_session = cookie_named(&r, "registry_session");

    // Started here, finished from another session of the same account with this one's cookie: refused.
    let r = app.post("/api/auth/passkeys/register/start", json!({})).await;
    let ceremony = cookie_named(&r, "registry_webauthn");
    let options: Value = r.json().await.unwrap();
    let mut key = Authenticator::new();
    let credential = key.create(&options);
    let stolen = raw
        .post(app.url("/api/auth/passkeys/register/finish"))
        .header("Cookie", format!("{other_session}; {ceremony}"))
        .json(&json!({"credential": credential}))
        .send()
        .await
        .unwrap();
    let (status, refused) = parts(stolen).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("passkey_ceremony_expired")),
        "{refused}"
    );
    // That attempt used the ceremony up: the rightful session must start again.
    let (status, _) =
        parts(app.post("/api/auth/passkeys/register/finish", json!({"credential": credential})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM passkeys").await, 0);

    // A sign-in ceremony answered twice at once: one sign-in.
    let key_added = app.add_passkey().await;
    let browser = app.second_browser();
    let (_, options) = parts(browser.post("/api/auth/passkeys/login/start", json!({})).await).await;
    let mut key_added = key_added;
    let assertion = key_added.get(&options);
    let finishes = (0..5).map(|_| browser.post("/api/auth/passkeys/login/finish", json!({"credential": assertion})));
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(finishes).await.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::BAD_REQUEST), "{statuses:?}");

    // An expired ceremony is refused.
    let (_, options) = parts(browser.post("/api/auth/passkeys/login/start", json!({})).await).await;
    sqlx::query("UPDATE webauthn_challenges SET expires_at = 0").execute(&app.db).await.unwrap();
    let assertion = key_added.get(&options);
    let (status, expired) =
        parts(browser.post("/api/auth/passkeys/login/finish", json!({"credential": assertion})).await).await;
    assert_eq!((status, expired["code"].as_str()), (StatusCode::BAD_REQUEST, Some("passkey_ceremony_expired")));
}

#[tokio::test]
async fn a_passkey_signs_in_through_a_password_lockout_and_counts_as_recent() {
    let app = TestApp::spawn().await;
    let email = "passkey-locked@example.nl";
    app.signed_in_user(email).await;
    let mut key = app.add_passkey().await;
    let guesser = app.second_browser();
    for _ in 0..10 {
        guesser.login(email, "wrong-password").await;
    }
    assert_eq!(guesser.login(email, PASSWORD).await.status(), StatusCode::TOO_MANY_REQUESTS, "locked");
    let owner = app.second_browser();
    let (status, _) = sign_in_with(&owner, &mut key).await;
    assert_eq!(status, StatusCode::OK, "the lockout is the password's, not the passkey's");

    // Removing a passkey needs a recent sign-in; signing in with a passkey again gives one,
    // replacing the browser's session rather than adding one.
    let (_, list) = parts(owner.get("/api/auth/passkeys").await).await;
    let path = format!("/api/auth/passkeys/{}", list[0]["id"].as_str().unwrap());
    sqlx::query("UPDATE sessions SET authenticated_at = authenticated_at - 600000").execute(&app.db).await.unwrap();
    let (status, refused) = parts(owner.delete(&path).await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauthentication_required")));
    let sessions_before = app.scalar("SELECT COUNT(*) FROM sessions").await;
    // Both sessions were started with "Remember me"; the one a passkey replaces keeps it.
    sqlx::query("UPDATE sessions SET remember = 1").execute(&app.db).await.unwrap();
    let (status, _) = sign_in_with(&owner, &mut key).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, sessions_before, "the old session ended");
    assert_eq!(app.scalar("SELECT CAST(MIN(remember) AS BIGINT) FROM sessions").await, 1, "still remembered");
    assert_eq!(owner.delete(&path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(owner.delete(&path).await.status(), StatusCode::NOT_FOUND);
    let (_, me) = parts(owner.get("/api/auth/me").await).await;
    assert_eq!(me["passkeyCount"], 0);
}

#[tokio::test]
async fn an_administrator_needs_a_passkey_before_any_change() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("passkey-fleet@example.nl").await;
    let admin = app.second_browser();
    admin.signed_in_user("passkey-admin@example.nl").await;
    registry::cli::seed::promote(&app.db, "passkey-admin@example.nl").await.unwrap();
    let path = format!("/api/admin/vessels/{}/deactivate", vessel["platformId"].as_str().unwrap());
    let (status, refused) = parts(admin.post(&path, json!({"reason": "Checking the fleet."})).await).await;
    assert_eq!(
        (status, refused["messageCode"].as_str()),
        (StatusCode::FORBIDDEN, Some("passkey_required")),
        "{refused}"
    );
    assert_eq!(admin.get("/api/admin/vessels").await.status(), StatusCode::OK, "reading stays open");
    admin.add_passkey().await;
    let (status, done) = parts(admin.post(&path, json!({"reason": "Checking the fleet."})).await).await;
    assert_eq!(status, StatusCode::OK, "{done}");
}

#[tokio::test]
async fn an_account_turns_password_sign_in_off_and_recovers_by_adding_a_passkey() {
    let app = TestApp::spawn().await;
    let email = "passkey-only@example.nl";
    app.signed_in_user(email).await;
    let off = json!({"enabled": false});
    let (status, refused) =
        parts(app.client.put(app.url("/api/auth/password-sign-in")).json(&off).send().await.unwrap()).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::CONFLICT, Some("passkey_needed_first")));
    let mut key = app.add_passkey().await;
    let (status, user) =
        parts(app.client.put(app.url("/api/auth/password-sign-in")).json(&off).send().await.unwrap()).await;
    assert_eq!((status, user["passwordSignIn"].as_bool()), (StatusCode::OK, Some(false)), "{user}");

    // The password no longer signs in (and says why only to whoever knows it); the passkey does.
    let (status, refused) = parts(app.second_browser().login(email, PASSWORD).await).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::FORBIDDEN, Some("password_sign_in_off")));
    let (status, _) = parts(app.second_browser().login(email, "wrong-password").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = sign_in_with(&app.second_browser(), &mut key).await;
    assert_eq!(status, StatusCode::OK);
    // Its last passkey cannot be removed while the password is off.
    let (_, list) = parts(app.get("/api/auth/passkeys").await).await;
    let (status, refused) =
        parts(app.delete(&format!("/api/auth/passkeys/{}", list[0]["id"].as_str().unwrap())).await).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::CONFLICT, Some("last_passkey")));

    // Lost the passkey: the reset link adds a new one instead of setting a password.
    let stranger = app.second_browser();
    assert_eq!(
        stranger.post("/api/auth/password-reset/request", json!({"email": email})).await.status(),
        StatusCode::ACCEPTED
    );
    // The email says what the link does, and opens the page in its passkey mode.
    let link = app.token_from_mail(email, "reset-password?token=").await;
    let token = link.strip_suffix("&passkey=1").expect("the passkey mode's link").to_owned();
    let mail = app.last_message_to(email).await.unwrap();
    assert_eq!(mail["subject"], "Add a passkey to get back into your account", "{mail}");
    // A page that does not know the mode is told by the confirmation.
    let (status, refused) = parts(
        stranger
            .post("/api/auth/password-reset/confirm", json!({"token": token, "password": "a-new-harbour-77"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, refused["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("password_sign_in_off_add_passkey"))
    );
    let (status, options) =
        parts(stranger.post("/api/auth/passkeys/recover/start", json!({"token": token})).await).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    let mut replacement = Authenticator::new();
    let credential = replacement.create(&options);
    let body = json!({"token": token, "name": "New phone", "credential": credential});
    let (status, user) = parts(stranger.post("/api/auth/passkeys/recover/finish", body.clone()).await).await;
    assert_eq!(
        (status, user["email"].as_str(), user["passkeyCount"].as_i64()),
        (StatusCode::OK, Some(email), Some(2)),
        "{user}"
    );
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED, "every other session ended");
    assert_eq!(stranger.get("/api/auth/me").await.status(), StatusCode::OK, "signed in where it was recovered");
    let (status, _) = sign_in_with(&app.second_browser(), &mut replacement).await;
    assert_eq!(status, StatusCode::OK, "the new passkey signs in");
    // The link is used up.
    let (status, refused) =
        parts(stranger.post("/api/auth/passkeys/recover/start", json!({"token": token})).await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_token")));

    // An account that still signs in with its password resets it as before.
    let other = app.second_browser();
    other.signed_in_user("passkey-and-password@example.nl").await;
    assert_eq!(
        other
            .post("/api/auth/password-reset/request", json!({"email": "passkey-and-password@example.nl"}))
            .await
            .status(),
        StatusCode::ACCEPTED
    );
    let token = app.token_from_mail("passkey-and-password@example.nl", "reset-password?token=").await;
    let (status, refused) = parts(other.post("/api/auth/passkeys/recover/start", json!({"token": token})).await).await;
    assert_eq!(
        (status, refused["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("password_sign_in_on_reset_password"))
    );
}
