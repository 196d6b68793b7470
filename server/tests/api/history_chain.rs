//! The tamper-evident ownership chain and its public verification.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, sailboat};

async fn chain(app: &TestApp, platform_id: &str) -> (StatusCode, Value) {
    let client = TestApp::browser();
    parts(client.get(app.url(&format!("/api/vessels/{platform_id}/history/verify"))).send().await.unwrap()).await
}

async fn paid_vessel(app: &TestApp) -> Value {
    app.signed_in_user("skipper@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let (_, intent) = parts(
        app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await,
    )
    .await;
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    assert_eq!(app.post("/api/payments/local/confirm", body).await.status(), StatusCode::OK);
    vessel
}

/// Recompute one event as docs/HISTORY-CHAIN.md tells an outsider to.
fn recompute(platform_id: &str, e: &Value) -> String {
    use sha2::Digest;
    let encoded = format!(
        "esr-ownership-v1\n{platform_id}\n{}\n{}\n{}\n{}\n{}",
        e["sequence"],
        e["eventType"].as_str().unwrap(),
        e["ownerRef"].as_str().unwrap_or(""),
        e["occurredAtMs"],
        e["previousHash"].as_str().unwrap()
    );
    registry::platform::ids::to_hex(&sha2::Sha256::digest(encoded.as_bytes()))
}

#[tokio::test]
async fn a_paid_registration_starts_a_chain_anyone_can_recompute() {
    let app = TestApp::spawn().await;
    let vessel = paid_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (status, report) = chain(&app, platform_id).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["valid"], true);
    let events = report["events"].as_array().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["eventType"], "registered");
    assert_eq!(events[0]["previousHash"], "0".repeat(64));
    assert_eq!(recompute(platform_id, &events[0]), events[0]["hash"].as_str().unwrap());
    assert_eq!(report["headHash"], events[0]["hash"]);
    let owner_ref = events[0]["ownerRef"].as_str().unwrap();
    let user_id = app.scalar_text("SELECT id FROM users").await;
    assert!(!owner_ref.contains(&user_id) && owner_ref.len() == 32, "the reference reveals no user id");
}

#[tokio::test]
async fn an_event_changed_behind_the_applications_back_breaks_the_chain() {
    let app = TestApp::spawn().await;
    let vessel = paid_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    // A second event, so that the change is in the middle of the chain.
    // (As a release does: the vessel waits for a buyer's claim.)
    sqlx::query("UPDATE vessels SET status = 'in_transfer', owner_user_id = NULL WHERE id = $1")
        .bind(vessel["id"].as_str().unwrap())
        .execute(&app.db)
        .await
        .unwrap();
    let mut tx = app.state.begin().await.unwrap();
    registry::features::vessels::history_chain::append(
        &mut tx,
        vessel["id"].as_str().unwrap(),
        registry::features::vessels::history_chain::EventType::Released,
        registry::platform::clock::now_ms(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let (_, before) = chain(&app, platform_id).await;
    assert_eq!((before["valid"].as_bool(), before["events"].as_array().unwrap().len()), (Some(true), 2));

    sqlx::query("UPDATE ownership_events SET occurred_at = occurred_at - 86400000 WHERE sequence = 1")
        .execute(&app.db)
        .await
        .unwrap();
    let (status, after) = chain(&app, platform_id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((after["valid"].as_bool(), after["firstInvalid"].as_i64()), (Some(false), Some(1)), "{after}");

    // Rehashing the altered event is not enough: the next one names the old hash.
    let first = &after["events"][0];
    let rehashed = recompute(platform_id, first);
    sqlx::query("UPDATE ownership_events SET hash = $1 WHERE sequence = 1")
        .bind(&rehashed)
        .execute(&app.db)
        .await
        .unwrap();
    let (_, again) = chain(&app, platform_id).await;
    assert_eq!((again["valid"].as_bool(), again["firstInvalid"].as_i64()), (Some(false), Some(2)), "{again}");

    // A removed event is noticed too: the first, the last, or all of them.
    sqlx::query("DELETE FROM ownership_events WHERE sequence = 1").execute(&app.db).await.unwrap();
    let (_, gap) = chain(&app, platform_id).await;
    assert_eq!(gap["valid"], false);
}

#[tokio::test]
async fn dropping_the_latest_events_or_editing_the_timeline_is_noticed() {
    let app = TestApp::spawn().await;
    let vessel = paid_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    sqlx::query("UPDATE ownership_history SET acquired_at = acquired_at - 1000").execute(&app.db).await.unwrap();
    let (_, report) = chain(&app, platform_id).await;
    assert_eq!(report["valid"], true, "the first ownership starts at registration, before its event: {report}");
    // An invented previous owner in the timeline.
    let owner = app.scalar_text("SELECT id FROM users").await;
    sqlx::query(
        "INSERT INTO ownership_history (id, vessel_id, owner_user_id, acquisition_type, acquired_at, transferred_out_at)
         VALUES ('X', $1, $2, 'private', 1, 2)",
    )
    .bind(vessel["id"].as_str().unwrap())
    .bind(&owner)
    .execute(&app.db)
    .await
    .unwrap();
    let (_, report) = chain(&app, platform_id).await;
    assert_eq!(report["valid"], false, "{report}");
    assert!(report["problem"].as_str().unwrap().contains("ownership history"), "{report}");
    sqlx::query("DELETE FROM ownership_history WHERE id = 'X'").execute(&app.db).await.unwrap();
    // Every event removed from a vessel in the registry.
    sqlx::query("DELETE FROM ownership_events").execute(&app.db).await.unwrap();
    let (_, report) = chain(&app, platform_id).await;
    assert_eq!((report["valid"].as_bool(), report["events"].as_array().unwrap().len()), (Some(false), 0));
}

#[tokio::test]
async fn an_unlisted_vessels_chain_is_its_owners_only() {
    let app = TestApp::spawn().await;
    app.signed_in_user("skipper@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    assert_eq!(chain(&app, platform_id).await.0, StatusCode::NOT_FOUND, "pending payment: not public");
    let (status, own) = parts(app.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((own["valid"].as_bool(), own["events"].as_array().unwrap().len()), (Some(true), 0));
    assert_eq!(chain(&app, "not-an-id").await.0, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn seeded_vessels_have_valid_chains() {
    let app = TestApp::spawn().await;
    registry::cli::seed_vessels::vessels(&app.state, 40, None).await.unwrap();
    let ids: Vec<String> = sqlx::query_scalar("SELECT platform_id FROM vessels").fetch_all(&app.db).await.unwrap();
    let mut transferred = 0;
    for id in &ids {
        let (status, report) = chain(&app, id).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(report["valid"], true, "{id}: {report}");
        let events = report["events"].as_array().unwrap();
        assert!(!events.is_empty());
        transferred += usize::from(events.len() == 2);
        for e in events {
            assert_eq!(
                recompute(&registry::domain::PlatformId::display_stored(id.clone()), e),
                e["hash"].as_str().unwrap()
            );
        }
    }
    assert!(transferred > 0, "some seeded vessels have a previous owner");
}

/// `registry seed --demo`: the owner's three vessels, the buyer's verified
/// number, a chain that records the first vessel's earlier transfer, and
/// what the console lists.
#[tokio::test]
async fn the_demo_data_sets_up_the_quay_scene() {
    let app = TestApp::spawn().await;
    registry::cli::seed::demo(&app.state).await.unwrap();
    let (status, _) = parts(app.login("owner@registry.test", "sloop-owner-2025").await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    let mut statuses: Vec<&str> = mine.as_array().unwrap().iter().map(|v| v["status"].as_str().unwrap()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, ["active", "active", "pending_payment"]);
    let bought = mine.as_array().unwrap().iter().find(|v| v["name"] == "Zeemeeuw").unwrap();
    let (_, report) = chain(&app, bought["platformId"].as_str().unwrap()).await;
    let types: Vec<&str> =
        report["events"].as_array().unwrap().iter().map(|e| e["eventType"].as_str().unwrap()).collect();
    assert_eq!((report["valid"].as_bool(), types), (Some(true), vec!["registered", "transferred"]));
    let (_, detail) = parts(app.get(&format!("/api/vessels/{}", bought["platformId"].as_str().unwrap())).await).await;
    assert_eq!(detail["ownershipHistory"].as_array().unwrap().len(), 2);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM users WHERE email = 'buyer@registry.test' AND phone_verified_at IS NOT NULL")
            .await,
        1
    );
    // The console has something to show: real payments, a completed transfer,
    // documents awaiting review, and the audit entries they made.
    let admin = app.second_browser();
    assert_eq!(admin.login("admin@registry.test", "harbour-master-2025").await.status(), StatusCode::OK);
    let (_, payments) = parts(admin.get("/api/admin/payments?status=succeeded").await).await;
    assert_eq!(payments["total"], 3, "{payments}");
    let (_, transfers) = parts(admin.get("/api/admin/transfers?status=completed").await).await;
    assert_eq!(transfers["total"], 1);
    let (_, queue) = parts(admin.get("/api/admin/documents").await).await;
    assert_eq!(queue["total"], 2);
    let (_, log) = parts(admin.get("/api/admin/audit?type=transferred").await).await;
    assert_eq!(log["total"], 1);
}

/// Vessels registered before the chain existed get one, once, when its
/// table is created; a later start rebuilds nothing.
#[tokio::test]
async fn vessels_from_before_the_chain_get_one_when_it_is_introduced() {
    let app = TestApp::spawn().await;
    let vessel = paid_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    sqlx::query("DELETE FROM ownership_events").execute(&app.db).await.unwrap();
    assert!(registry::platform::db::migrate(&app.db, app.state.backend).await.unwrap().is_empty(), "nothing pending");
    assert_eq!(chain(&app, platform_id).await.1["valid"], false, "a removed chain is reported, not rebuilt");
    assert_eq!(registry::features::vessels::history_chain::backfill(&app.db).await.unwrap(), 1);
    let (_, report) = chain(&app, platform_id).await;
    assert_eq!(report["valid"], true, "{report}");
    assert_eq!(report["events"][0]["eventType"], "registered");
    assert_eq!(registry::features::vessels::history_chain::backfill(&app.db).await.unwrap(), 0);
}
