//! Accounts worth a boat: a recent sign-in before anything that gives a
//! vessel away, the account's sessions listed and ended, and an email when a
//! browser the account has not used before signs in.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, parts};

/// Make every session of `email` look signed in `minutes` ago.
async fn age_sign_in(app: &TestApp, email: &str, minutes: i64) {
    sqlx::query(
        "UPDATE sessions SET authenticated_at = authenticated_at - $1
          WHERE user_id = (SELECT id FROM users WHERE email = $2)",
    )
    .bind(minutes * 60_000)
    .bind(email)
    .execute(&app.db)
    .await
    .unwrap();
}

fn new_sign_in_mails(all: &[Value], to: &str) -> usize {
    all.iter().filter(|m| m["to"] == to && m["subject"] == "New sign-in to your registry account").count()
}

async fn mailbox(app: &TestApp) -> Vec<Value> {
    app.get("/api/dev/mailbox").await.json().await.unwrap()
}

#[tokio::test]
async fn a_sensitive_action_needs_a_sign_in_within_five_minutes() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("reauth-owner@example.nl").await;
    let admin = app.admin("reauth-admin@example.nl").await;
    age_sign_in(&app, "reauth-owner@example.nl", 6).await;
    age_sign_in(&app, "reauth-admin@example.nl", 6).await;

    let transfer = json!({"vesselId": vessel["id"], "toPhoneE164": "+31687654321"});
    for (who, method, path, body) in [
        (&app, "POST", "/api/transfers/initiate", transfer.clone()),
        (&app, "POST", "/api/profile/phone/send-code", json!({"phoneE164": "+31611112222"})),
        (&app, "DELETE", "/api/profile", Value::Null),
        (&admin, "POST", "/api/admin/vessels/{vessel}/deactivate", json!({"reason": "checking"})),
    ] {
        let path = path.replace("{vessel}", vessel["platformId"].as_str().unwrap());
        let request = match method {
            "DELETE" => who.client.delete(who.url(&path)),
            _ => who.client.post(who.url(&path)).json(&body),
        };
        let (status, refused) = parts(request.send().await.unwrap()).await;
        assert_eq!(
            (status, refused["code"].as_str(), refused["messageCode"].as_str()),
            (StatusCode::FORBIDDEN, Some("reauthentication_required"), Some("reauthentication_required")),
            "{method} {path}: {refused}"
        );
    }
    // Reading stays open, for the owner and the administrator.
    assert_eq!(app.get("/api/vessels/my/list").await.status(), StatusCode::OK);
    assert_eq!(admin.get("/api/admin/vessels").await.status(), StatusCode::OK);
    // Nothing happened: the vessel is still the owner's and active.
    let (_, still) = parts(app.get(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())).await).await;
    assert_eq!(still["vessel"]["status"], "active", "{still}");

    // A wrong password is refused and changes nothing; the right one opens five minutes.
    let (status, wrong) =
        parts(app.post("/api/auth/reauthenticate", json!({"password": "not-my-password"})).await).await;
    assert_eq!((status, wrong["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_password")), "{wrong}");
    assert_eq!(app.post("/api/transfers/initiate", transfer.clone()).await.status(), StatusCode::FORBIDDEN);
    let (status, ok) = parts(app.post("/api/auth/reauthenticate", json!({"password": PASSWORD})).await).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    let (status, started) = parts(app.post("/api/transfers/initiate", transfer).await).await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    // An administrator cancelling it through the parties' route is an administrator's action too.
    let cancel = format!("/api/transfers/{}/cancel", started["transferId"].as_str().unwrap());
    let (status, refused) = parts(admin.post(&cancel, json!({})).await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauthentication_required")));
    let (_, still) = parts(app.get(&cancel.replace("/cancel", "")).await).await;
    assert_eq!(still["status"], "pending_verification", "{still}");
    // Only this session was renewed: the administrator still has to sign in again.
    let path = format!("/api/admin/vessels/{}/deactivate", vessel["platformId"].as_str().unwrap());
    assert_eq!(admin.post(&path, json!({"reason": "checking"})).await.status(), StatusCode::FORBIDDEN);
    // Wrong passwords count against the sign-in's budget.
    let failures =
        app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'reauthenticated' AND outcome = 'failure'").await;
    assert_eq!(failures, 1);
    // Without a session there is nothing to renew.
    let (status, _) = parts(
        TestApp::browser()
            .post(app.url("/api/auth/reauthenticate"))
            .json(&json!({"password": PASSWORD}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_owner_lists_and_ends_their_sessions() {
    let app = TestApp::spawn().await;
    let email = "sessions-owner@example.nl";
    app.signed_in_user(email).await;
    let laptop = app.second_browser();
    let ua = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    let r = laptop
        .client
        .post(laptop.url("/api/auth/login"))
        .header("User-Agent", ua)
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);

    let (status, list) = parts(app.get("/api/auth/sessions").await).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), 2, "{list:?}");
    let mine: Vec<&Value> = list.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(mine.len(), 1);
    let other = list.iter().find(|s| s["current"] == false).unwrap();
    assert_eq!((other["browser"].as_str(), other["platform"].as_str()), (Some("Firefox"), Some("Linux")), "{other}");
    assert!(other["createdAt"].as_str().unwrap().ends_with('Z'));

    // Someone else cannot end it, and an unknown id is not found.
    let stranger = app.second_browser();
    stranger.signed_in_user("sessions-stranger@example.nl").await;
    let path = format!("/api/auth/sessions/{}", other["id"].as_str().unwrap());
    let (status, refused) = parts(stranger.delete(&path).await).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::NOT_FOUND, Some("session_not_found")));
    assert_eq!(laptop.get("/api/auth/me").await.status(), StatusCode::OK, "still signed in on the laptop");
    // The owner ends the laptop's session: it is signed out there.
    assert_eq!(app.delete(&path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(laptop.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.delete(&path).await.status(), StatusCode::NOT_FOUND);

    // Sign out everywhere else: two more browsers, then only this one is left.
    for _ in 0..2 {
        let b = app.second_browser();
        assert_eq!(b.login(email, PASSWORD).await.status(), StatusCode::OK);
    }
    let (status, ended) = parts(app.post("/api/auth/sessions/end-others", json!({})).await).await;
    assert_eq!((status, ended["ended"].as_u64()), (StatusCode::OK, Some(2)), "{ended}");
    let (_, list) = parts(app.get("/api/auth/sessions").await).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["current"], true);
    assert_eq!(app.get("/api/auth/me").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_sign_in_from_a_new_browser_is_emailed_once_per_browser() {
    let app = TestApp::spawn().await;
    let email = "new-browser@example.nl";
    app.signed_in_user(email).await;
    // The first browser the account uses is not news.
    assert_eq!(new_sign_in_mails(&mailbox(&app).await, email), 0);
    // Signing in again in it is not either.
    assert_eq!(app.login(email, PASSWORD).await.status(), StatusCode::OK);
    assert_eq!(new_sign_in_mails(&mailbox(&app).await, email), 0);

    // A new browser: one email, saying which browser and when, without the address.
    let phone = app.second_browser();
    let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    let sign_in = |b: &TestApp| {
        b.client
            .post(b.url("/api/auth/login"))
            .header("User-Agent", ua)
            .json(&json!({"email": email, "password": PASSWORD}))
    };
    assert_eq!(sign_in(&phone).send().await.unwrap().status(), StatusCode::OK);
    let all = mailbox(&app).await;
    assert_eq!(new_sign_in_mails(&all, email), 1);
    let mail = all.iter().find(|m| m["subject"] == "New sign-in to your registry account").unwrap();
    let body = mail["body"].as_str().unwrap();
    assert!(body.contains("Safari on iOS"), "{body}");
    assert!(body.contains("/profile#sessions"), "{body}");
    assert!(!body.contains("127.0.0.1"), "no address in the email: {body}");
    // The same browser again, even after signing out: no second email.
    assert_eq!(phone.post("/api/auth/logout", json!({})).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(sign_in(&phone).send().await.unwrap().status(), StatusCode::OK);
    assert_eq!(new_sign_in_mails(&mailbox(&app).await, email), 1);

    // One new browser signing in many times at once is told once.
    let cookie = format!("registry_browser={}", "b".repeat(43));
    let attempts = (0..6).map(|_| {
        TestApp::browser()
            .post(app.url("/api/auth/login"))
            .header("Cookie", cookie.clone())
            .json(&json!({"email": email, "password": PASSWORD}))
            .send()
    });
    for r in futures_util::future::join_all(attempts).await {
        assert_eq!(r.unwrap().status(), StatusCode::OK);
    }
    assert_eq!(new_sign_in_mails(&mailbox(&app).await, email), 2);
}

#[tokio::test]
async fn a_person_downloads_everything_the_registry_holds_about_them() {
    let app = TestApp::spawn().await;
    let email = "export-owner@example.nl";
    let vessel = app.owner_with_active_vessel(email).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let transfer = json!({"vesselId": vessel["id"], "toPhoneE164": "+31687654321"});
    assert_eq!(app.post("/api/transfers/initiate", transfer).await.status(), StatusCode::CREATED);
    // Someone else's vessel is not in it.
    let neighbour = app.second_browser();
    neighbour.signed_in_user("export-neighbour@example.nl").await;
    let mut other = crate::helpers::sailboat();
    other["name"] = json!("Zeezwaluw");
    other["cin"] = json!("NL-BAV2K4L8C920");
    other["mmsi"] = json!("244123457");
    let theirs = neighbour.active_vessel(other).await;

    let r = app.get("/api/profile/export").await;
    assert_eq!(r.status(), StatusCode::OK);
    let disposition = r.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    let data: Value = r.json().await.unwrap();
    assert_eq!(data["account"]["email"], email);
    assert!(data["account"]["createdAt"].is_string());
    assert_eq!(data["ownerships"].as_array().unwrap().len(), 1, "{data}");
    assert_eq!(data["ownerships"][0]["platformId"], platform_id);
    assert!(data["ownerships"][0]["transferredOutAt"].is_null());
    let payments = data["payments"].as_array().unwrap();
    assert!(payments.iter().any(|p| p["purpose"] == "registration" && p["status"] == "succeeded"), "{payments:?}");
    assert_eq!(data["transfersSent"][0]["platformId"], platform_id);
    assert_eq!(data["transfersSent"][0]["toPhoneMasked"], "+31 6•••••321", "{data}");
    assert_eq!(data["sessions"][0]["current"], true);
    assert!(
        data["auditEntries"].as_array().unwrap().iter().any(|a| a["action"] == "sign_in" && a["madeByYou"] == true)
    );
    let text = data.to_string();
    for private in [theirs["platformId"].as_str().unwrap(), "export-neighbour", "+31687654321", "passwordHash"] {
        assert!(!text.contains(private), "{private} in the export");
    }

    // With its files: a ZIP of the document and the person's own documents' files, read back
    // by Python's zipfile (another implementation), which checks every CRC.
    let bill = crate::documents::pdf(2048);
    let form = crate::documents::form(
        vessel["id"].as_str().unwrap(),
        vec![("bill of sale.pdf", bill.clone(), "invoice", None)],
    );
    let (status, uploaded) = crate::documents::upload(&app, form).await;
    assert_eq!(status, StatusCode::CREATED, "{uploaded}");
    let r = app.get("/api/profile/export?include=files").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "application/zip");
    let zip = r.bytes().await.unwrap();
    let path = std::env::temp_dir().join(format!("export-{}.zip", std::process::id()));
    std::fs::write(&path, &zip).unwrap();
    let read = std::process::Command::new("python3")
        .args(["-c", "import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: z.read(n).hex() for n in z.namelist()}))"])
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(read.status.success(), "{}", String::from_utf8_lossy(&read.stderr));
    let files: serde_json::Map<String, Value> = serde_json::from_slice(&read.stdout).unwrap();
    let unhex = |v: &Value| -> Vec<u8> {
        let h = v.as_str().unwrap();
        (0..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()).collect()
    };
    let inside: Value = serde_json::from_slice(&unhex(&files["personal-data.json"])).unwrap();
    assert_eq!(inside["account"]["email"], email);
    let document = &inside["documents"][0];
    let name = format!("documents/{platform_id}/{}-bill of sale.pdf", document["id"].as_str().unwrap());
    let mut names: Vec<&str> = files.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, [name.as_str(), "personal-data.json"]);
    assert_eq!(unhex(&files[&name]), bill, "the file as uploaded");
    // Compressed on the way (as browsers ask), the stream still ends cleanly.
    let gzipped = app
        .client
        .get(app.url("/api/profile/export?include=files"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gzipped.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"));
    assert!(gzipped.bytes().await.is_ok_and(|b| b.len() > 100), "the compressed ZIP arrives whole");
    let (status, refused) = parts(app.get("/api/profile/export?include=photos").await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_parameter")));

    // It needs a recent sign-in.
    age_sign_in(&app, email, 6).await;
    let (status, refused) = parts(app.get("/api/profile/export").await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauthentication_required")));
}
