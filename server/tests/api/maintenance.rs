//! The value & maintenance record, and the vessel record PDF.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, sailboat};

async fn owner_with_vessel(app: &TestApp) -> Value {
    app.signed_in_user("skipper@example.nl").await;
    let (status, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    assert_eq!(status, StatusCode::CREATED);
    vessel
}

async fn patch(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    parts(app.client.patch(app.url(path)).json(&body).send().await.unwrap()).await
}

#[tokio::test]
async fn the_owner_keeps_a_record_with_its_latest_valuation_and_total_spent() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let record = format!("/api/vessels/{}/record", vessel["platformId"].as_str().unwrap());
    for (date, kind, description, amount) in [
        ("2025-04-01", "service", "Engine service", Some(45_000)),
        ("2025-06-15", "valuation", "Surveyor's valuation", Some(6_500_000)),
        ("2026-03-10", "repair", "New sail", Some(120_000)),
        ("2026-05-01", "other", "Renamed", None),
    ] {
        let body = json!({"date": date, "kind": kind, "description": description, "amountCents": amount});
        let (status, entry) = parts(app.post(&record, body).await).await;
        assert_eq!(status, StatusCode::CREATED, "{entry}");
        assert_eq!(entry["byCurrentOwner"], true);
    }
    let (_, all) = parts(app.get(&record).await).await;
    let dates: Vec<&str> = all["entries"].as_array().unwrap().iter().map(|e| e["date"].as_str().unwrap()).collect();
    assert_eq!(dates, ["2026-05-01", "2026-03-10", "2025-06-15", "2025-04-01"], "newest first");
    assert_eq!(all["latestValuationCents"], 6_500_000);
    assert_eq!(all["totalSpentCents"], 165_000, "a valuation is not spending");

    let (status, body) =
        parts(app.post(&record, json!({"date": "2999-01-01", "kind": "service", "description": "Later"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["date"].is_array(), "{body}");
    let (status, body) = parts(
        app.post(&record, json!({"date": "2025-01-01", "kind": "service", "description": "x", "documentId": "01JX"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    let first = all["entries"][0]["id"].as_str().unwrap();
    let (status, changed) =
        patch(&app, &format!("{record}/{first}"), json!({"description": "Renamed her Zeemeeuw"})).await;
    assert_eq!((status, changed["description"].as_str()), (StatusCode::OK, Some("Renamed her Zeemeeuw")));
    let spent = all["entries"][1]["id"].as_str().unwrap();
    let (_, kept) = patch(&app, &format!("{record}/{spent}"), json!({"description": "New mainsail"})).await;
    assert_eq!(kept["amountCents"], 120_000, "an absent amount stays");
    let (_, cleared) = patch(&app, &format!("{record}/{spent}"), json!({"amountCents": null})).await;
    assert!(cleared["amountCents"].is_null(), "null removes it: {cleared}");
    assert_eq!(app.delete(&format!("{record}/{first}")).await.status(), StatusCode::NO_CONTENT);

    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(stranger.get(&record).await.status(), StatusCode::FORBIDDEN);
    let (status, _) =
        parts(stranger.post(&record, json!({"date": "2025-01-01", "kind": "service", "description": "x"})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn entries_pass_to_the_new_owner_read_only() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let (id, platform_id) = (vessel["id"].as_str().unwrap(), vessel["platformId"].as_str().unwrap());
    let record = format!("/api/vessels/{platform_id}/record");
    let (_, entry) =
        parts(app.post(&record, json!({"date": "2025-04-01", "kind": "survey", "description": "Hull survey"})).await)
            .await;
    let entry_id = entry["id"].as_str().unwrap();
    let buyer = app.second_browser();
    let buyer_user = buyer.signed_in_user("buyer@example.nl").await;
    let seller = app.scalar_text("SELECT id FROM users WHERE email = 'skipper@example.nl'").await;
    let mut tx = app.state.begin().await.unwrap();
    sqlx::query("UPDATE vessels SET status = 'in_transfer' WHERE id = $1").bind(id).execute(&mut *tx).await.unwrap();
    registry::vessels::lifecycle::hand_over(&mut tx, id, &seller, buyer_user["id"].as_str().unwrap(), "t")
        .await
        .unwrap();
    tx.commit().await.unwrap();

    assert_eq!(app.get(&record).await.status(), StatusCode::FORBIDDEN, "the past owner's access ends");
    let (_, theirs) = parts(buyer.get(&record).await).await;
    assert_eq!(theirs["entries"][0]["byCurrentOwner"], false);
    assert!(!theirs.to_string().contains(&seller), "the author is never named");
    let (status, _) = patch(&buyer, &format!("{record}/{entry_id}"), json!({"description": "Rewritten"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(buyer.delete(&format!("{record}/{entry_id}")).await.status(), StatusCode::FORBIDDEN);

    let pdf = buyer.get(&format!("/api/vessels/{platform_id}/record.pdf")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));
    assert_eq!(app.get(&format!("/api/vessels/{platform_id}/record.pdf")).await.status(), StatusCode::FORBIDDEN);
}
