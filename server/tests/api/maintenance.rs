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
    registry::features::vessels::lifecycle::hand_over(&mut tx, id, &seller, buyer_user["id"].as_str().unwrap(), "t")
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

/// A record holds at most 500 entries, counted in the statement that adds
/// one (two additions at the 499th: one is refused), each of at most 2,000
/// characters.
#[tokio::test]
async fn a_record_holds_at_most_500_entries_of_2000_characters() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let record = format!("/api/vessels/{}/record", vessel["platformId"].as_str().unwrap());
    let (status, _) = parts(
        app.post(&record, json!({"date": "2025-01-01", "kind": "service", "description": "x".repeat(2001)})).await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, first) = parts(
        app.post(&record, json!({"date": "2025-01-01", "kind": "service", "description": "x".repeat(2000)})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    // Fill it up to 499 without 498 requests.
    let author = app.scalar_text("SELECT author_user_id FROM maintenance_entries").await;
    for n in 0..498 {
        sqlx::query(
            "INSERT INTO maintenance_entries (id, vessel_id, author_user_id, entry_date, kind, description, amount_cents,
                 document_id, created_at, updated_at)
             VALUES ($1, $2, $3, '2025-01-02', 'other', 'filler', NULL, NULL, 0, 0)",
        )
        .bind(format!("filler-{n:03}"))
        .bind(vessel["id"].as_str().unwrap())
        .bind(&author)
        .execute(&app.db)
        .await
        .unwrap();
    }
    let adds: Vec<_> = (0..2)
        .map(|n| {
            let (client, url) = (app.client.clone(), app.url(&record));
            let body = json!({"date": "2025-01-03", "kind": "repair", "description": format!("last {n}")});
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap() })
        })
        .collect();
    let mut statuses = Vec::new();
    for add in adds {
        let r = add.await.unwrap();
        let status = r.status();
        let (_, body) = parts(r).await;
        if status != StatusCode::CREATED {
            assert_eq!(body["messageCode"], "record_full", "{body}");
        }
        statuses.push(status);
    }
    statuses.sort();
    assert_eq!(statuses, [StatusCode::CREATED, StatusCode::UNPROCESSABLE_ENTITY]);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM maintenance_entries").await, 500);
}

/// PDFs are drawn on the CPU pool with its bounded queue: with the pool
/// saturated, a record answers 503 `busy` at once instead of stalling the
/// runtime; once the pool is free, the PDF comes.
#[tokio::test]
async fn pdfs_are_drawn_on_the_cpu_pool_and_refused_when_it_is_full() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("skipper@example.nl").await;
    let pdf = format!("/api/vessels/{}/record.pdf", vessel["platformId"].as_str().unwrap());
    // Hold every worker and fill the queue behind them.
    let (release, gate) = std::sync::mpsc::channel::<()>();
    let gate = std::sync::Arc::new(std::sync::Mutex::new(gate));
    let mut held = Vec::new();
    loop {
        let gate = gate.clone();
        let cpu = app.state.cpu.clone();
        let job = tokio::spawn(async move { cpu.run(move || gate.lock().unwrap().recv().is_ok()).await });
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        if job.is_finished() {
            assert!(matches!(job.await.unwrap(), Err(registry::platform::cpu::CpuError::Busy)));
            break;
        }
        held.push(job);
        assert!(held.len() < 1000, "the pool's queue is bounded");
    }
    let r = app.get(&pdf).await;
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(r.headers().contains_key(reqwest::header::RETRY_AFTER));
    let (_, body) = parts(r).await;
    assert_eq!(body["code"], "busy");
    for _ in 0..held.len() {
        release.send(()).unwrap();
    }
    for job in held {
        assert!(job.await.unwrap().unwrap(), "every held job was released");
    }
    let r = app.get(&pdf).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.bytes().await.unwrap().starts_with(b"%PDF"));
}

/// A vessel out of the registry (here: its unpaid registration canceled) keeps
/// its record as it was and takes no new entries.
#[tokio::test]
async fn a_deactivated_vessels_record_takes_no_new_entries() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let record = format!("/api/vessels/{}/record", vessel["platformId"].as_str().unwrap());
    let entry =
        json!({"date": "2025-04-01", "kind": "service", "description": "Engine service", "amountCents": 45_000});
    assert_eq!(app.post(&record, entry.clone()).await.status(), StatusCode::CREATED);
    assert_eq!(app.delete(&format!("/api/vessels/{}", vessel["id"].as_str().unwrap())).await.status(), StatusCode::OK);
    let (status, body) = parts(app.post(&record, entry).await).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("deactivated_vessel_takes_no_entries"))
    );
    let (status, kept) = parts(app.get(&record).await).await;
    assert_eq!((status, kept["entries"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{kept}");
}
