//! The administrators' console: figures, lists and filters, vessel actions,
//! refunds (local and Stripe, raced), the review queue, accounts and roles,
//! and the append-only audit log.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    documents::{form, pdf, upload},
    fake_stripe::FakeStripe,
    helpers::{TestApp, parts, sailboat},
    transfers::{buyer, pay_transfer, verified_transfer},
};

fn reason(text: &str) -> Value {
    json!({ "reason": text })
}

async fn registration_payment(app: &TestApp, vessel: &Value) -> String {
    let row = sqlx::query("SELECT id FROM payments WHERE vessel_id = $1 AND purpose = 'registration'")
        .bind(vessel["id"].as_str().unwrap())
        .fetch_one(&app.db)
        .await
        .unwrap();
    sqlx::Row::get(&row, "id")
}

async fn status_of(app: &TestApp, vessel: &Value) -> String {
    let row = sqlx::query("SELECT status FROM vessels WHERE id = $1")
        .bind(vessel["id"].as_str().unwrap())
        .fetch_one(&app.db)
        .await
        .unwrap();
    sqlx::Row::get(&row, "status")
}

fn german_boat() -> Value {
    let mut boat = sailboat();
    boat["countryCode"] = json!("DE");
    boat["name"] = json!("Möwe");
    boat["cin"] = json!("DE-BAV2K4L7D920");
    boat["mmsi"] = json!("211123456");
    boat["identifiers"] = json!({});
    boat
}

#[tokio::test]
async fn the_figures_are_counted_from_the_records() {
    let app = TestApp::spawn().await;
    let admin = app.admin("harbour-master@example.nl").await;
    let (status, empty) = parts(admin.get("/api/admin/stats").await).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty["totalVessels"], 0);
    assert_eq!(empty["revenue30dCents"], 0);
    assert_eq!(empty["activeUsers"], 1, "the administrator signed in");
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    app.post("/api/vessels", german_boat()).await;
    crate::transfers::initiate(&app, &vessel).await;
    let (_, figures) = parts(admin.get("/api/admin/stats").await).await;
    assert_eq!(
        (figures["totalVessels"].as_i64(), figures["activeTransfers"].as_i64(), figures["revenue30dCents"].as_i64()),
        (Some(2), Some(1), Some(2495))
    );
    assert_eq!((figures["activeUsers"].as_i64(), figures["currency"].as_str()), (Some(2), Some("EUR")));
}

/// The landing page's and the console's vessel figures are read from counts
/// that triggers keep; after every kind of status change they must equal a
/// count of the records. The seeder's bulk path (SQLite) rebuilds them.
#[tokio::test]
async fn the_kept_vessel_counts_follow_every_status_change() {
    let app = TestApp::spawn().await;
    let admin = app.admin("harbour-master@example.nl").await;
    let agree = |step: &'static str| {
        let (app, admin) = (&app, &admin);
        async move {
            let (_, landing) = parts(app.get("/api/stats").await).await;
            let registered = app.scalar("SELECT COUNT(*) FROM vessels WHERE status IN ('active', 'in_transfer')").await;
            assert_eq!(landing["registeredVessels"].as_i64(), Some(registered), "{step}");
            let (_, console) = parts(admin.get("/api/admin/stats").await).await;
            assert_eq!(
                console["totalVessels"].as_i64(),
                Some(app.scalar("SELECT COUNT(*) FROM vessels").await),
                "{step}"
            );
            let per_status = "SELECT COUNT(*) FROM (SELECT status, COUNT(*) AS n FROM vessels GROUP BY status) v
                 FULL JOIN vessel_counts c ON c.status = v.status WHERE COALESCE(c.n, 0) <> COALESCE(v.n, 0)";
            assert_eq!(app.scalar(per_status).await, 0, "{step}: a status whose kept count differs");
            registered
        }
    };
    assert_eq!(agree("empty").await, 0);
    registry::cli::seed_vessels::vessels(&app.state, 30, None).await.unwrap();
    let seeded = agree("seeded").await;
    assert!(seeded > 0);
    app.post("/api/vessels", german_boat()).await;
    assert_eq!(agree("registered, not yet paid").await, seeded);
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    assert_eq!(agree("paid").await, seeded + 1);
    let pid = vessel["platformId"].as_str().unwrap();
    let (status, body) =
        parts(admin.post(&format!("/api/admin/vessels/{pid}/deactivate"), reason("Reported stolen")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(agree("deactivated").await, seeded);
    let (status, body) =
        parts(admin.post(&format!("/api/admin/vessels/{pid}/reactivate"), reason("Found")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(agree("reactivated").await, seeded + 1);
    crate::transfers::initiate(&app, &vessel).await;
    assert_eq!(agree("in transfer").await, seeded + 1);
}

#[tokio::test]
async fn the_vessel_list_filters_by_status_country_and_text_on_the_server() {
    let app = TestApp::spawn().await;
    app.owner_with_active_vessel("owner@example.nl").await;
    let (_, pending) = parts(app.post("/api/vessels", german_boat()).await).await;
    let admin = app.admin("harbour-master@example.nl").await;
    let total = |path: &'static str| {
        let admin = &admin;
        async move {
            let (status, page) = parts(admin.get(path).await).await;
            assert_eq!(status, StatusCode::OK, "{path}: {page}");
            page["total"].as_i64().unwrap()
        }
    };
    assert_eq!(total("/api/admin/vessels").await, 2);
    assert_eq!(total("/api/admin/vessels?status=active").await, 1);
    assert_eq!(total("/api/admin/vessels?status=pending_payment&countryCode=DE").await, 1);
    assert_eq!(total("/api/admin/vessels?countryCode=nl").await, 1);
    assert_eq!(total("/api/admin/vessels?countryCode=CH").await, 0);
    assert_eq!(total("/api/admin/vessels?query=m%C3%96we").await, 1);
    assert_eq!(total("/api/admin/vessels?query=cruiser").await, 2);
    let pid = pending["platformId"].as_str().unwrap();
    assert_eq!(total(Box::leak(format!("/api/admin/vessels?query={pid}").into_boxed_str())).await, 1);
    let (_, page) = parts(admin.get("/api/admin/vessels?status=active").await).await;
    assert_eq!(page["data"][0]["status"], "active");
    assert_eq!(admin.get("/api/admin/vessels?countryCode=XX").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(admin.get("/api/admin/vessels?status=sunk").await.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn deactivating_and_reactivating_take_a_reason_and_are_audited() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let admin = app.admin("harbour-master@example.nl").await;
    let pid = vessel["platformId"].as_str().unwrap();
    let deactivate = format!("/api/admin/vessels/{pid}/deactivate");
    let (status, body) = parts(admin.post(&deactivate, reason("  ")).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fields"]["reason"].is_array());
    let (status, body) = parts(admin.post(&deactivate, reason("Reported stolen")).await).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("deactivated")), "{body}");
    assert_eq!(app.get(&format!("/api/vessels/{pid}")).await.status(), StatusCode::OK, "the owner still sees it");
    assert_eq!(parts(admin.post(&deactivate, reason("again")).await).await.0, StatusCode::CONFLICT);
    // Its CIN is free now; a vessel registered with it blocks reactivation.
    let rival = app.second_browser();
    rival.signed_in_user("rival@example.nl").await;
    let theirs = rival.active_vessel(sailboat()).await;
    let reactivate = format!("/api/admin/vessels/{pid}/reactivate");
    let (status, body) = parts(admin.post(&reactivate, reason("Found")).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let their_pid = theirs["platformId"].as_str().unwrap();
    admin.post(&format!("/api/admin/vessels/{their_pid}/deactivate"), reason("Duplicate")).await;
    let (status, body) = parts(admin.post(&reactivate, reason("Recovered by police")).await).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("active")), "{body}");
    let (_, log) = parts(admin.get(&format!("/api/admin/audit?vessel={pid}&type=deactivated")).await).await;
    assert_eq!(log["total"], 1);
    assert_eq!(log["data"][0]["detail"]["reason"], "Reported stolen");
    assert_eq!(log["data"][0]["actorEmail"], "harbour-master@example.nl");
    assert_eq!(log["data"][0]["outcome"], "success");
    assert_eq!(log["data"][0]["requestId"].as_str().unwrap().len(), 26);
    let (_, log) = parts(admin.get(&format!("/api/admin/audit?vessel={pid}&type=reactivated")).await).await;
    assert_eq!(log["total"], 1);
}

/// A paid vessel held in review because another took its CIN meanwhile.
async fn held_for_review(app: &TestApp) -> (Value, Value) {
    app.signed_in_user("owner@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let (_, intent) = parts(
        app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await,
    )
    .await;
    let rival = app.second_browser();
    rival.signed_in_user("rival@example.nl").await;
    let theirs = rival.active_vessel(sailboat()).await;
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    assert_eq!(app.post("/api/payments/local/confirm", body).await.status(), StatusCode::OK);
    assert_eq!(status_of(app, &vessel).await, "needs_review");
    (vessel, theirs)
}

#[tokio::test]
async fn a_vessel_in_review_is_activated_once_its_conflict_is_gone_or_refunded() {
    let app = TestApp::spawn().await;
    let (vessel, theirs) = held_for_review(&app).await;
    let admin = app.admin("harbour-master@example.nl").await;
    let resolve = format!("/api/admin/vessels/{}/resolve", vessel["platformId"].as_str().unwrap());
    let (status, _) = parts(admin.post(&resolve, json!({"action": "activate", "reason": "checked"})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "the CIN is still taken");
    admin
        .post(&format!("/api/admin/vessels/{}/deactivate", theirs["platformId"].as_str().unwrap()), reason("fake"))
        .await;
    let (status, body) =
        parts(admin.post(&resolve, json!({"action": "activate", "reason": "Rival was fake"})).await).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("active")), "{body}");
    let (_, chain) =
        parts(app.get(&format!("/api/vessels/{}/history/verify", vessel["platformId"].as_str().unwrap())).await).await;
    assert_eq!(chain["valid"], true, "{chain}");
    assert_eq!(
        parts(admin.post(&resolve, json!({"action": "activate", "reason": "x"})).await).await.0,
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn refusing_a_vessel_in_review_refunds_its_fee_and_deactivates_it() {
    let app = TestApp::spawn().await;
    let (vessel, _) = held_for_review(&app).await;
    let admin = app.admin("harbour-master@example.nl").await;
    let resolve = format!("/api/admin/vessels/{}/resolve", vessel["platformId"].as_str().unwrap());
    let (status, body) =
        parts(admin.post(&resolve, json!({"action": "refund", "reason": "Duplicate of a registered vessel"})).await)
            .await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("deactivated")), "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_refunds WHERE status = 'succeeded'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM local_refunds").await, 1);
    // A refunded vessel cannot come back.
    let reactivate = format!("/api/admin/vessels/{}/reactivate", vessel["platformId"].as_str().unwrap());
    assert_eq!(parts(admin.post(&reactivate, reason("oops")).await).await.0, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_registration_refund_deactivates_the_vessel_and_lowers_the_revenue() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let admin = app.admin("harbour-master@example.nl").await;
    let payment = registration_payment(&app, &vessel).await;
    let (_, list) = parts(admin.get("/api/admin/payments").await).await;
    assert_eq!(list["data"][0]["refundable"], true, "{list}");
    assert_eq!(list["totals"]["netCents"], 2495);
    let refund = format!("/api/admin/payments/{payment}/refund");
    assert_eq!(parts(admin.post(&refund, reason("")).await).await.0, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = parts(admin.post(&refund, reason("Registered by mistake")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((body["refund"]["status"].as_str(), body["refundable"].as_bool()), (Some("succeeded"), Some(false)));
    assert_eq!(status_of(&app, &vessel).await, "deactivated");
    // The owner is told why, in the email and on the vessel.
    let mail = app.last_message_to("owner@example.nl").await.expect("a refund email");
    let text = mail["body"].as_str().unwrap();
    assert!(mail["subject"].as_str().unwrap().starts_with("Refund:"), "{mail}");
    assert!(text.contains("Reason: Registered by mistake") && text.contains("no longer registered"), "{text}");
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (_, detail) = parts(app.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!(
        (detail["vessel"]["deactivationReason"].as_str(), detail["vessel"]["deactivationNote"].as_str()),
        (Some("refunded"), Some("Registered by mistake")),
        "{detail}"
    );
    let (status, again) = parts(admin.post(&refund, reason("twice")).await).await;
    assert_eq!(
        (status, again["message"].as_str()),
        (StatusCode::CONFLICT, Some("This payment has already been refunded."))
    );
    let (_, figures) = parts(admin.get("/api/admin/stats").await).await;
    assert_eq!(figures["revenue30dCents"], 0);
    let (_, list) = parts(admin.get("/api/admin/payments?status=succeeded&purpose=registration").await).await;
    assert_eq!((list["totals"]["refundedCents"].as_i64(), list["totals"]["netCents"].as_i64()), (Some(2495), Some(0)));
    let (_, log) = parts(admin.get("/api/admin/audit?type=payment_refunded").await).await;
    assert_eq!(log["data"][0]["subject"], format!("payment:{payment}"));
    // Only administrators.
    assert_eq!(app.post(&refund, reason("mine")).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn administrators_refunding_at_once_refund_once() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let payment = registration_payment(&app, &vessel).await;
    let admins = [app.admin("a@example.nl").await, app.admin("b@example.nl").await, app.admin("c@example.nl").await];
    let refund = format!("/api/admin/payments/{payment}/refund");
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(admins.iter().map(|a| a.post(&refund, reason("race"))))
            .await
            .iter()
            .map(reqwest::Response::status)
            .collect();
    // Whoever finds the refund reserved by another either is refused (409)
    // or completes the same refund with its key (200): the money moves once.
    assert!(statuses.contains(&StatusCode::OK), "{statuses:?}");
    assert!(statuses.iter().all(|s| matches!(*s, StatusCode::OK | StatusCode::CONFLICT)), "{statuses:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'payment_refunded'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_refunds").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM local_refunds").await, 1);
}

#[tokio::test]
async fn a_transfer_fee_is_refundable_only_until_the_transfer_completes() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    buyer(&app).await;
    let admin = app.admin("harbour-master@example.nl").await;
    let id = verified_transfer(&app, &vessel).await;
    let (status, body) = pay_transfer(&app, &vessel, &id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, list) = parts(admin.get("/api/admin/payments?purpose=transfer").await).await;
    assert_eq!((list["total"].as_i64(), list["data"][0]["refundable"].as_bool()), (Some(1), Some(false)));
    let fee = list["data"][0]["id"].as_str().unwrap();
    let (status, body) = parts(admin.post(&format!("/api/admin/payments/{fee}/refund"), reason("x")).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "A transfer fee can be refunded only before the transfer completes.");
    let (_, transfers) = parts(admin.get("/api/admin/transfers?status=completed").await).await;
    assert_eq!((transfers["total"].as_i64(), transfers["data"][0]["feePaid"].as_bool()), (Some(1), Some(true)));
}

#[tokio::test]
async fn an_administrator_cancels_an_open_transfer_with_a_reason() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    let admin = app.admin("harbour-master@example.nl").await;
    let (_, started) = crate::transfers::initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap();
    let (_, open) = parts(admin.get("/api/admin/transfers?status=pending_verification").await).await;
    assert_eq!((open["total"].as_i64(), open["data"][0]["open"].as_bool()), (Some(1), Some(true)));
    let cancel = format!("/api/admin/transfers/{id}/cancel");
    assert_eq!(parts(admin.post(&cancel, reason("")).await).await.0, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = parts(admin.post(&cancel, reason("Fraud report")).await).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("canceled")), "{body}");
    assert_eq!(status_of(&app, &vessel).await, "active");
    assert_eq!(parts(admin.post(&cancel, reason("again")).await).await.0, StatusCode::CONFLICT);
    let (_, log) = parts(admin.get("/api/admin/audit?type=transfer_canceled").await).await;
    assert_eq!(log["data"][0]["detail"]["reason"], "Fraud report");
}

#[tokio::test]
async fn a_stripe_refund_goes_through_the_refunds_api_once_refused_or_unanswered_alike() {
    let fake = FakeStripe::start().await;
    let env = fake.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let app = TestApp::spawn_with(&env).await;
    app.signed_in_user("owner@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let (_, intent) = parts(
        app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await,
    )
    .await;
    let pi = intent["clientSecret"].as_str().unwrap().split("_secret").next().unwrap().to_owned();
    fake.set_status(&pi, "succeeded", None);
    let payment = registration_payment(&app, &vessel).await;
    app.get(&format!("/api/payments/{payment}")).await;
    assert_eq!(status_of(&app, &vessel).await, "active");
    let admin = app.admin("harbour-master@example.nl").await;
    let refund = format!("/api/admin/payments/{payment}/refund");

    // A definite refusal: nothing refunded, and the payment may be refunded later.
    fake.set_refund_failure(Some(400));
    let (status, body) = parts(admin.post(&refund, reason("Customer asked")).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("refund_refused")), "{body}");
    assert_eq!(status_of(&app, &vessel).await, "active", "nothing changes when the provider refuses");
    let (_, list) = parts(admin.get("/api/admin/payments").await).await;
    assert_eq!(
        (list["data"][0]["refund"]["status"].as_str(), list["data"][0]["refundable"].as_bool()),
        (Some("failed"), Some(true))
    );

    // No answer: the refund stays pending, and asking again re-sends its key.
    fake.set_refund_failure(Some(500));
    let (status, body) = parts(admin.post(&refund, reason("Customer asked again")).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("provider_unavailable")), "{body}");
    assert_eq!(status_of(&app, &vessel).await, "active");
    let (_, list) = parts(admin.get("/api/admin/payments").await).await;
    assert_eq!(
        (list["data"][0]["refund"]["status"].as_str(), list["data"][0]["refundable"].as_bool()),
        (Some("pending"), Some(true))
    );
    fake.set_refund_failure(None);
    let (status, body) = parts(admin.post(&refund, reason("Customer asked again")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(status_of(&app, &vessel).await, "deactivated");
    let refunds = fake.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["payment_intent"], pi.as_str());
    let keys: Vec<String> =
        fake.requests().into_iter().filter(|r| r.path == "/v1/refunds").map(|r| r.idempotency_key.unwrap()).collect();
    assert_eq!(keys.len(), 3);
    assert!(keys.iter().all(|k| k.starts_with("refund-")));
    assert_ne!(keys[0], keys[1], "a refused refund is a new attempt");
    assert_eq!(keys[1], keys[2], "an unanswered refund is asked again with its key");
    let request = fake.requests().into_iter().rfind(|r| r.path == "/v1/refunds").unwrap();
    assert_eq!(request.form["payment_intent"], pi);
}

#[tokio::test]
async fn the_review_queue_lists_pending_documents_and_previews_them_to_administrators_only() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let (_, stored) =
        upload(&app, form(vessel["id"].as_str().unwrap(), vec![("deed.pdf", pdf(700), "proof_of_purchase", None)]))
            .await;
    let doc = stored[0]["id"].as_str().unwrap();
    let admin = app.admin("harbour-master@example.nl").await;
    let (status, queue) = parts(admin.get("/api/admin/documents").await).await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    assert_eq!((queue["total"].as_i64(), queue["data"][0]["id"].as_str()), (Some(1), Some(doc)));
    assert_eq!(queue["data"][0]["vesselPlatformId"], vessel["platformId"]);
    let preview = format!("/api/admin/documents/{doc}/preview");
    let r = admin.get(&preview).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-disposition"].to_str().unwrap().starts_with("inline"));
    assert_eq!(r.headers()["x-frame-options"], "SAMEORIGIN");
    assert_eq!(r.headers()["content-type"], "application/pdf");
    assert_eq!(app.get(&preview).await.status(), StatusCode::FORBIDDEN, "the owner downloads, not previews");
    admin
        .post(&format!("/api/admin/documents/{doc}/review"), json!({"decision": "rejected", "reason": "Blurred"}))
        .await;
    let (_, queue) = parts(admin.get("/api/admin/documents").await).await;
    assert_eq!(queue["total"], 0);
    let (_, rejected) = parts(admin.get("/api/admin/documents?status=rejected").await).await;
    assert_eq!(rejected["data"][0]["reviewReason"], "Blurred");
    let (_, log) = parts(admin.get("/api/admin/audit?type=document_reviewed").await).await;
    assert_eq!(log["total"], 1);
}

#[tokio::test]
async fn accounts_are_looked_up_archived_and_promoted_but_never_the_last_administrator() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let admin = app.admin("harbour-master@example.nl").await;
    let (_, found) = parts(admin.get("/api/admin/users?email=OWNER@").await).await;
    assert_eq!(found["data"].as_array().unwrap().len(), 1, "{found}");
    let owner = &found["data"][0];
    assert_eq!((owner["role"].as_str(), owner["status"].as_str()), (Some("user"), Some("active")));
    assert_eq!(owner["vessels"][0]["platformId"], vessel["platformId"]);
    assert_eq!(admin.get("/api/admin/users?email=ow").await.status(), StatusCode::BAD_REQUEST);
    let owner_id = owner["id"].as_str().unwrap();
    let (_, me) = parts(admin.get("/api/auth/me").await).await;
    let admin_id = me["id"].as_str().unwrap();

    let role = |id: &str| format!("/api/admin/users/{id}/role");
    let (status, body) = parts(admin.post(&role(admin_id), json!({"role": "user"})).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::CONFLICT, Some("You cannot change your own role.")));
    let (status, promoted) = parts(admin.post(&role(owner_id), json!({"role": "admin"})).await).await;
    assert_eq!((status, promoted["role"].as_str()), (StatusCode::OK, Some("admin")));
    assert_eq!(
        parts(admin.post(&format!("/api/admin/users/{owner_id}/archive"), reason("x")).await).await.0,
        StatusCode::CONFLICT
    );
    // Two administrators demoting each other at once leave one.
    let results = futures_util::future::join(
        admin.post(&role(owner_id), json!({"role": "user"})),
        app.post(&role(admin_id), json!({"role": "user"})),
    )
    .await;
    let oks = [results.0.status(), results.1.status()].iter().filter(|s| **s == StatusCode::OK).count();
    assert_eq!(oks, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users WHERE role = 'admin'").await, 1);

    let stranger = app.second_browser();
    let stranger_id = stranger.signed_in_user("stranger@example.nl").await["id"].as_str().unwrap().to_owned();
    let remaining = if results.0.status() == StatusCode::OK { &admin } else { &app };
    let (status, archived) =
        parts(remaining.post(&format!("/api/admin/users/{stranger_id}/archive"), reason("Spam account")).await).await;
    assert_eq!((status, archived["status"].as_str()), (StatusCode::OK, Some("archived")), "{archived}");
    assert_eq!(stranger.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_audit_log_records_sign_ins_and_cannot_be_changed() {
    let app = TestApp::spawn().await;
    app.signed_in_user("owner@example.nl").await;
    assert_eq!(app.login("owner@example.nl", "wrong password here").await.status(), StatusCode::UNAUTHORIZED);
    let admin = app.admin("harbour-master@example.nl").await;
    let (_, log) = parts(admin.get("/api/admin/audit?type=sign_in").await).await;
    let outcomes: Vec<&str> = log["data"].as_array().unwrap().iter().map(|e| e["outcome"].as_str().unwrap()).collect();
    assert!(outcomes.contains(&"failure") && outcomes.contains(&"success"), "{log}");
    assert!(!log.to_string().contains("wrong password"), "no secrets in the log");
    let (_, mine) = parts(admin.get("/api/admin/audit?actor=OWNER@example.nl").await).await;
    assert!(mine["total"].as_i64().unwrap() >= 2, "{mine}");
    let today = time::OffsetDateTime::now_utc().date();
    let (_, dated) = parts(admin.get(&format!("/api/admin/audit?from={today}&to={today}")).await).await;
    let everything = app.scalar("SELECT COUNT(*) FROM audit_log").await;
    assert_eq!(dated["total"].as_i64().unwrap(), everything, "everything happened today");
    let (_, none) = parts(admin.get("/api/admin/audit?to=2000-01-01").await).await;
    assert_eq!(none["total"], 0);
    assert_eq!(admin.get("/api/admin/audit?type=made_up").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(admin.get("/api/admin/audit?from=yesterday").await.status(), StatusCode::BAD_REQUEST);
    // Append-only, below the application too.
    assert!(sqlx::query("UPDATE audit_log SET action = 'nothing'").execute(&app.db).await.is_err());
    assert!(sqlx::query("DELETE FROM audit_log").execute(&app.db).await.is_err());
    let every: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT action FROM audit_log").fetch_all(&app.db).await.unwrap();
    for action in every {
        assert!(registry::flows::admin::audit_log::TYPES.contains(&action.as_str()), "{action} is not a listed type");
    }
}

#[tokio::test]
async fn no_transfer_starts_while_the_registration_fee_is_being_refunded() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    let payment = registration_payment(&app, &vessel).await;
    app.admin("harbour-master@example.nl").await;
    let admin_id = app.scalar_text("SELECT id FROM users WHERE email = 'harbour-master@example.nl'").await;
    // A refund reserved and not yet answered by the provider.
    sqlx::query(
        "INSERT INTO payment_refunds (id, payment_id, amount_cents, reason, admin_user_id, status, created_at)
         VALUES ('01JREFUNDPENDING0000000000', $1, 2495, 'asked', $2, 'pending', 0)",
    )
    .bind(&payment)
    .bind(&admin_id)
    .execute(&app.db)
    .await
    .unwrap();
    let (status, body) = crate::transfers::initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(status_of(&app, &vessel).await, "active");
}

#[tokio::test]
async fn the_last_administrator_cannot_archive_their_own_account() {
    let app = TestApp::spawn().await;
    let admin = app.admin("harbour-master@example.nl").await;
    let (status, body) = parts(admin.delete("/api/profile").await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(admin.get("/api/auth/me").await.status(), StatusCode::OK);
    let second = app.admin("deputy@example.nl").await;
    assert_eq!(second.delete("/api/profile").await.status(), StatusCode::OK);
}
