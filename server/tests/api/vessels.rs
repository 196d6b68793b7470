use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, parts, sailboat};

async fn register(app: &TestApp, body: Value) -> (StatusCode, Value) {
    parts(app.post("/api/vessels", body).await).await
}

/// Make a vessel active as its paid registration will (the payments issue).
async fn activate(app: &TestApp, id: &str) {
    sqlx::query("UPDATE vessels SET status = 'active', listed_at = created_at WHERE id = $1")
        .bind(id)
        .execute(&app.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_verified_owner_registers_a_vessel_awaiting_payment() {
    let app = TestApp::spawn().await;
    let me = app.signed_in_user("owner@example.nl").await;
    let (status, v) = register(&app, sailboat()).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["status"], "pending_payment");
    assert_eq!(v["cin"], "NL-BAV2K4L7C920");
    assert_eq!(v["identifiers"]["mmsi"], "244123456");
    assert_eq!(v["identifiers"]["mmsiCountry"], "NL");
    assert_eq!(v["identifiers"]["engineSerial"], "unknown");
    assert_eq!(v["identifiers"]["national"]["brandmerk"], "unknown");
    assert_eq!(v["warnings"], json!([]));
    let pid = v["platformId"].as_str().unwrap();
    assert!(registry::domain::PlatformId::parse(pid).is_ok(), "{pid}");
    assert_eq!(pid.len(), 14, "grouped with hyphens: {pid}");

    // Visible to its owner, with the owner's own history entry.
    let (status, d) = parts(app.get(&format!("/api/vessels/{pid}")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(d["ownershipHistory"][0]["ownerUserId"], me["id"]);
    assert_eq!(d["ownershipHistory"][0]["transferredOutAt"], Value::Null);
    assert_eq!(d["ownershipHistory"][0]["acquisitionType"], "private");

    // Not to anyone else, and not in the search.
    let stranger = TestApp::browser();
    let r = stranger.get(app.url(&format!("/api/vessels/{pid}"))).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let (_, page) = parts(app.get("/api/vessels/search?query=zeemeeuw").await).await;
    assert_eq!(page["total"], 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'registered'").await, 1);
}

#[tokio::test]
async fn registering_needs_a_session_and_a_verified_email() {
    let app = TestApp::spawn().await;
    let (status, _) = register(&app, sailboat()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.register("fresh@example.nl").await;
    app.login("fresh@example.nl", PASSWORD).await;
    let (status, body) = register(&app, sailboat()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("email_unverified")));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels").await, 0);
}

#[tokio::test]
async fn every_field_problem_is_reported_with_the_specs_messages() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let (status, body) = register(
        &app,
        json!({"countryCode": "XX", "phoneE164": "", "make": "", "model": "", "buildYear": 1800, "lengthCm": 0,
               "cin": "NL-BEN12345M678", "imoNumber": "9074728", "eniNumber": "99912345", "mmsi": "12345"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let f = &body["fields"];
    assert_eq!(f["countryCode"][0], "Select a country");
    assert_eq!(f["phoneE164"][0], "Phone number is required");
    assert_eq!(f["make"][0], "Make is required");
    assert_eq!(f["model"][0], "Model is required");
    assert!(f["buildYear"][0].as_str().unwrap().starts_with("Build year must be between 1900 and"));
    assert_eq!(f["lengthCm"][0], "Length must be a positive number");
    assert!(f["imoNumber"][0].as_str().unwrap().contains("check digit"));
    assert!(f["eniNumber"][0].as_str().unwrap().contains("issuing authority"));
    assert_eq!(f["mmsi"][0], "An MMSI has 9 digits.");
}

#[tokio::test]
async fn a_cin_must_fit_the_build_year_and_is_required_from_1998() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let mut v = sailboat();
    v["buildYear"] = json!(2012);
    let (status, body) = register(&app, v).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["cin"][0].as_str().unwrap().contains("build year 2012"), "{body}");

    let mut v = sailboat();
    v["cin"] = Value::Null;
    let (_, body) = register(&app, v).await;
    assert_eq!(body["fields"]["cin"][0], "CIN/HIN is required");
    assert_eq!(body["fieldCodes"]["cin"][0], "cin_required", "a catalogue code, not English");

    let mut v = sailboat();
    v["cin"] = json!("unknown");
    let (status, body) = register(&app, v).await;
    assert_eq!((status, body["cin"].as_str()), (StatusCode::CREATED, Some("unknown")));
}

#[tokio::test]
async fn a_vessel_built_before_1998_carries_a_legacy_id_instead() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let mut v = sailboat();
    v["buildYear"] = json!(1985);
    v["cin"] = Value::Null;
    let (_, body) = register(&app, v.clone()).await;
    assert!(body["fields"]["legacyId"][0].as_str().unwrap().contains("legacy"), "{body}");
    v["legacyId"] = json!("123456789012345678901");
    let (_, body) = register(&app, v.clone()).await;
    assert_eq!(body["fields"]["legacyId"][0], "The legacy or national ID has at most 20 characters.");
    v["legacyId"] = json!("nl 1985 4711");
    let (status, body) = register(&app, v).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["cin"], Value::Null);
    assert_eq!(body["identifiers"]["legacyId"], "NL 1985 4711");
}

#[tokio::test]
async fn an_mmsi_of_another_country_is_accepted_with_a_warning() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let mut v = sailboat();
    v["mmsi"] = json!("211000001");
    let (status, body) = register(&app, v).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(body["identifiers"]["mmsiCountry"], "DE");
    assert_eq!(body["warnings"][0]["field"], "mmsi");
}

#[tokio::test]
async fn national_identifiers_must_belong_to_the_vessels_country() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let mut v = sailboat();
    v["identifiers"] = json!({"akz": "B-12345", "brandmerk": "x"});
    let (status, body) = register(&app, v).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["identifiers.akz"][0].as_str().unwrap().contains("does not apply"));
    assert!(body["fields"]["identifiers.brandmerk"][0].as_str().unwrap().contains("at least one digit"));
}

#[tokio::test]
async fn identifiers_of_an_active_vessel_cannot_be_registered_again() {
    let app = TestApp::spawn().await;
    app.signed_in_user("first@example.nl").await;
    let (_, first) = register(&app, sailboat()).await;
    // A pending vessel holds nothing yet: a second pending one may carry the same CIN.
    let second_app = app.second_browser();
    second_app.signed_in_user("second@example.nl").await;
    let (status, _) = register(&second_app, sailboat()).await;
    assert_eq!(status, StatusCode::CREATED);

    activate(&app, first["id"].as_str().unwrap()).await;
    let (status, body) = register(&second_app, sailboat()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("CIN/HIN") && message.contains("NL-BAV2K4L7C920"), "{message}");
    assert!(!message.contains("first@example.nl"));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM identifier_conflicts WHERE identifier_type = 'cin'").await, 1);

    let mut other_cin = sailboat();
    other_cin["cin"] = json!("NL-BAV2K4L7D920");
    let (status, body) = register(&second_app, other_cin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("MMSI"));
}

#[tokio::test]
async fn a_malformed_or_mistyped_platform_id_is_a_400_and_an_unknown_one_a_404() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.get("/api/vessels/not-an-id").await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_platform_id")));
    let id = registry::domain::PlatformId::generate().to_string();
    let mut typo: Vec<char> = id.chars().collect();
    typo[0] = if typo[0] == '7' { '8' } else { '7' };
    let typo: String = typo.into_iter().collect();
    let (status, body) = parts(app.get(&format!("/api/vessels/{typo}")).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_platform_id")));
    assert!(body["message"].as_str().unwrap().contains("typo"));
    let (status, _) = parts(app.get(&format!("/api/vessels/{}", id.to_lowercase().replace('-', ""))).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn past_owners_are_never_named() {
    let app = TestApp::spawn().await;
    let me = app.signed_in_user("now@example.nl").await;
    let (_, v) = register(&app, sailboat()).await;
    let id = v["id"].as_str().unwrap();
    activate(&app, id).await;
    // A previous owner, as a completed transfer will leave it.
    sqlx::query(
        "INSERT INTO ownership_history (id, vessel_id, owner_user_id, acquisition_type, acquired_at, transferred_out_at)
         SELECT 'h-prev', $1, u.id, 'company', 1, 2 FROM users u WHERE u.email = 'now@example.nl'",
    )
    .bind(id)
    .execute(&app.db)
    .await
    .unwrap();
    let pid = v["platformId"].as_str().unwrap();
    let (_, mine) = parts(app.get(&format!("/api/vessels/{pid}")).await).await;
    assert_eq!(mine["ownershipHistory"].as_array().unwrap().len(), 2);
    assert!(mine["ownershipHistory"].as_array().unwrap().iter().all(|e| e["ownerUserId"] == me["id"]));
    let stranger = TestApp::browser();
    let d: Value = stranger.get(app.url(&format!("/api/vessels/{pid}"))).send().await.unwrap().json().await.unwrap();
    let history = d["ownershipHistory"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert!(history.iter().all(|e| e["ownerUserId"].is_null()), "{d}");
    assert_eq!(history[1]["acquisitionType"], "company");
    assert!(history[1]["transferredOutAt"].is_string());
}

#[tokio::test]
async fn the_owner_lists_every_vessel_and_may_not_change_what_identifies_it() {
    let app = TestApp::spawn().await;
    app.signed_in_user("fleet@example.nl").await;
    let (_, a) = register(&app, sailboat()).await;
    let mut second = sailboat();
    second["cin"] = json!("unknown");
    second["mmsi"] = Value::Null;
    let (_, b) = register(&app, second).await;
    let (status, list) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = list.as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![b["id"].as_str().unwrap(), a["id"].as_str().unwrap()], "newest first");
    assert!(list.as_array().unwrap().iter().all(|v| v["status"] == "pending_payment"));

    let path = format!("/api/vessels/{}", a["id"].as_str().unwrap());
    let r = app
        .client
        .patch(app.url(&path))
        .json(&json!({"forSale": true, "publicVisibility": false}))
        .send()
        .await
        .unwrap();
    let (status, v) = parts(r).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((v["forSale"].as_bool(), v["publicVisibility"].as_bool()), (Some(true), Some(false)));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'flags_changed'").await, 1);

    let r = app.client.patch(app.url(&path)).json(&json!({"make": "Hanse"})).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "make, model and identifiers change by request only");

    let intruder = TestApp::browser();
    intruder
        .post(app.url("/api/auth/register"))
        .json(&json!({"email": "x@example.nl", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    intruder
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": "x@example.nl", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let r = intruder.patch(app.url(&path)).json(&json!({"forSale": false})).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn archiving_the_account_deactivates_its_vessels() {
    let app = TestApp::spawn().await;
    app.signed_in_user("bye@example.nl").await;
    let (_, v) = register(&app, sailboat()).await;
    activate(&app, v["id"].as_str().unwrap()).await;
    assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels WHERE status = 'deactivated'").await, 1);
    let r = TestApp::browser()
        .get(app.url(&format!("/api/vessels/{}", v["platformId"].as_str().unwrap())))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn countries_are_served_with_their_identifiers() {
    let app = TestApp::spawn().await;
    let (_, all) = parts(app.get("/api/config/countries").await).await;
    let codes: Vec<&str> = all.as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"]);
    let (status, nl) = parts(app.get("/api/config/countries/nl").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(nl["phonePrefix"], "+31");
    assert_eq!(nl["flag"], "🇳🇱");
    let types: Vec<&str> = nl["identifiers"].as_array().unwrap().iter().map(|i| i["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["brandmerk", "mmsi"]);
    assert!(nl["identifiers"][0]["label"]["nl"].is_string() && nl["identifiers"][0]["helperText"]["en"].is_string());
    assert_eq!(app.get("/api/config/countries/US").await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn administrators_see_unlisted_vessels_and_strangers_do_not() {
    let app = TestApp::spawn().await;
    app.signed_in_user("owner@example.nl").await;
    let (_, v) = register(&app, sailboat()).await;
    let path = format!("/api/vessels/{}", v["platformId"].as_str().unwrap());

    let admin = app.second_browser();
    admin.signed_in_user("admin@example.nl").await;
    assert_eq!(admin.get(&path).await.status(), StatusCode::NOT_FOUND, "not yet an admin");
    registry::cli::seed::promote(&app.db, "admin@example.nl").await.unwrap();
    let (status, d) = parts(admin.get(&path).await).await;
    assert_eq!(status, StatusCode::OK, "administrators see pending vessels");
    assert!(d["ownershipHistory"][0]["ownerUserId"].is_null(), "but not who owns them");
}

#[tokio::test]
async fn imo_and_eni_numbers_are_accepted_and_unique_among_registered_vessels() {
    let app = TestApp::spawn().await;
    app.signed_in_user("barge@example.nl").await;
    let mut v = sailboat();
    v["mmsi"] = Value::Null;
    v["imoNumber"] = json!("9074729");
    v["eniNumber"] = json!("02326543");
    let (status, first) = register(&app, v.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["identifiers"]["imoNumber"], "9074729");
    assert_eq!(first["identifiers"]["eniNumber"], "02326543");
    // In a transfer the vessel is still registered, and keeps its identifiers.
    sqlx::query("UPDATE vessels SET status = 'in_transfer', listed_at = created_at WHERE id = $1")
        .bind(first["id"].as_str().unwrap())
        .execute(&app.db)
        .await
        .unwrap();

    let other = app.second_browser();
    other.signed_in_user("other@example.nl").await;
    let mut same_imo = v.clone();
    same_imo["cin"] = json!("unknown");
    same_imo["eniNumber"] = Value::Null;
    let (status, body) = register(&other, same_imo).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["message"].as_str().unwrap().contains("IMO"), "{body}");

    let mut same_eni = v;
    same_eni["cin"] = json!("unknown");
    same_eni["imoNumber"] = Value::Null;
    let (status, body) = register(&other, same_eni).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["message"].as_str().unwrap().contains("ENI"), "{body}");
    assert!(!body["message"].as_str().unwrap().contains("barge@example.nl"));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM identifier_conflicts").await, 2);
}

#[tokio::test]
async fn a_hidden_active_vessel_is_shown_to_its_owner_only() {
    let app = TestApp::spawn().await;
    app.signed_in_user("private@example.nl").await;
    let mut v = sailboat();
    v["publicVisibility"] = json!(false);
    let (_, v) = register(&app, v).await;
    activate(&app, v["id"].as_str().unwrap()).await;
    let path = format!("/api/vessels/{}", v["platformId"].as_str().unwrap());
    let (status, d) = parts(app.get(&path).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(d["vessel"]["status"], "active");
    assert_eq!(d["vessel"]["publicVisibility"], false);
    let stranger = app.second_browser();
    assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND, "anonymous");
    stranger.signed_in_user("nosy@example.nl").await;
    assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND, "another user");
    let (_, page) = parts(stranger.get("/api/vessels/search?query=zeemeeuw").await).await;
    assert_eq!(page["total"], 0);
}

#[tokio::test]
async fn a_bad_platform_id_is_refused_before_the_database_is_asked() {
    let app = TestApp::spawn().await;
    app.signed_in_user("cookie@example.nl").await;
    // With a session cookie the caller would be looked up; with the database
    // gone, only a request that never reaches it can still answer.
    app.db.close().await;
    let (status, body) = parts(app.get("/api/vessels/not-an-id").await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_platform_id")));
    let valid = registry::domain::PlatformId::generate().to_string();
    assert_eq!(app.get(&format!("/api/vessels/{valid}")).await.status(), StatusCode::INTERNAL_SERVER_ERROR);
}

/// The vessel page reads through connections kept beside the pool (`db::lane`),
/// which go back unchecked. When the database drops them (a restart, a
/// failover), the next page views still succeed: an idle connection is
/// checked before use and opened again.
#[tokio::test]
async fn the_vessel_page_survives_the_database_dropping_its_connections() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("lane@example.eu").await;
    let page = format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap());
    for _ in 0..4 {
        assert_eq!(app.get(&page).await.status(), StatusCode::OK);
    }
    // Only a database server drops connections (SQLite's are files): on SQLite the page views
    // below run on connections the lane has kept, on PostgreSQL on ones it had to open again.
    if app.state.backend == registry::platform::db::Backend::Postgres {
        let dropped = app
            .scalar(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
            )
            .await;
        assert!(dropped > 0, "the lane's connections were open");
        tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    }
    for _ in 0..8 {
        let r = app.get(&page).await;
        assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());
    }
}

/// The owner cancels a registration whose fee is not paid: it leaves their
/// list, its unfinished payment is canceled (the card form then refuses),
/// and a paid one cannot be canceled.
#[tokio::test]
async fn an_unpaid_registration_can_be_canceled_by_its_owner() {
    let app = TestApp::spawn().await;
    app.signed_in_user("skipper@example.nl").await;
    let (_, pending) = parts(app.post("/api/vessels", sailboat()).await).await;
    let id = pending["id"].as_str().unwrap();
    let (_, intent) =
        parts(app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": id})).await).await;
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(stranger.delete(&format!("/api/vessels/{id}")).await.status(), StatusCode::NOT_FOUND);

    let (status, body) = parts(app.delete(&format!("/api/vessels/{id}")).await).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::OK, Some("registration_canceled")), "{body}");
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(mine.as_array().unwrap().len(), 0, "{mine}");
    let card = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    let (status, refused) = parts(app.post("/api/payments/local/confirm", card).await).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::CONFLICT, Some("payment_canceled")), "{refused}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'registration_canceled'").await, 1);
    let (status, again) = parts(app.delete(&format!("/api/vessels/{id}")).await).await;
    assert_eq!(
        (status, again["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("only_unpaid_registration_canceled"))
    );

    let active = app.active_vessel(sailboat()).await;
    let (status, _) = parts(app.delete(&format!("/api/vessels/{}", active["id"].as_str().unwrap())).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "a paid registration stays");
}

/// 'Contact the owner' of a vessel for sale: the message reaches the owner by
/// email with the visitor's reply address; the visitor never sees the
/// owner's; a client address sends at most five an hour.
#[tokio::test]
async fn a_visitor_contacts_the_owner_of_a_vessel_for_sale_without_seeing_their_address() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let contact = format!("/api/vessels/{platform_id}/contact");
    let visitor = TestApp::browser();
    let ask = |message: &str, reply_to: &str| {
        visitor.post(app.url(&contact)).json(&json!({"message": message, "replyTo": reply_to})).send()
    };
    let (status, body) = parts(ask("Is it still available?", "buyer@example.org").await.unwrap()).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::CONFLICT, Some("vessel_not_for_sale")), "{body}");
    let (status, _) = parts(
        app.client
            .patch(app.url(&format!("/api/vessels/{}", vessel["id"].as_str().unwrap())))
            .json(&json!({"forSale": true}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = parts(ask("short", "not an address").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["message"].is_array() && body["fields"]["replyTo"].is_array(), "{body}");

    let (status, body) =
        parts(ask("Is it still available? Could I see it on Saturday?", "buyer@example.org").await.unwrap()).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::ACCEPTED, Some("message_sent_to_owner")), "{body}");
    assert!(!body.to_string().contains("seller@example.nl"));
    let mail = app.last_message_to("seller@example.nl").await.expect("the owner's email");
    let text = mail["body"].as_str().unwrap();
    assert!(text.contains("Could I see it on Saturday?") && text.contains("buyer@example.org"), "{text}");
    for _ in 0..4 {
        assert_eq!(
            ask("Another question about the engine.", "buyer@example.org").await.unwrap().status(),
            StatusCode::ACCEPTED
        );
    }
    let (status, body) = parts(ask("One too many questions.", "other@example.org").await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_requests")), "{body}");
}

/// The mobile number is asked once, on the account: a registration that
/// leaves it out takes the account's, and one without any is told.
#[tokio::test]
async fn a_registration_without_a_number_takes_the_accounts() {
    let app = TestApp::spawn().await;
    app.signed_in_user("o@example.nl").await;
    let mut boat = sailboat();
    boat.as_object_mut().unwrap().remove("phoneE164");
    let (status, body) = register(&app, boat.clone()).await;
    assert_eq!(
        (status, body["fields"]["phoneE164"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Phone number is required"))
    );
    crate::phone::verify_number(&app, "+31611112222").await;
    let (status, created) = register(&app, boat).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let stored = app
        .scalar_text(&format!("SELECT owner_phone_e164 FROM vessels WHERE id = '{}'", created["id"].as_str().unwrap()))
        .await;
    assert_eq!(stored, "+31611112222");
}
