//! The transparency log: every chain head a leaf, signed tree heads, proofs
//! that check with RFC 9162's algorithms, and the outside verifier catching
//! a history rewritten in the database after a head was published.

use base64::{Engine as _, engine::general_purpose::STANDARD as B64};
use ed25519_dalek::{Signature, VerifyingKey};
use registry::{
    domain::merkle,
    features::transparency::service::{self, head_message, leaf_data},
    features::vessels::history_chain::{encode, hash},
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{TestApp, parts, sailboat};

async fn public_key(app: &TestApp) -> VerifyingKey {
    let (_, key) = parts(app.get("/api/certificates/public-key").await).await;
    let bytes: [u8; 32] = B64.decode(key["publicKey"].as_str().unwrap()).unwrap().try_into().unwrap();
    VerifyingKey::from_bytes(&bytes).unwrap()
}

fn signed(key: &VerifyingKey, head: &Value) -> bool {
    let message = head_message(
        head["treeSize"].as_i64().unwrap(),
        head["rootHash"].as_str().unwrap(),
        head["timestamp"].as_str().unwrap(),
    );
    let signature = Signature::from_slice(&B64.decode(head["signature"].as_str().unwrap()).unwrap()).unwrap();
    key.verify_strict(message.as_bytes(), &signature).is_ok()
}

fn hex_list(v: &Value) -> Vec<merkle::Hash> {
    v.as_array().unwrap().iter().map(|h| merkle::from_hex(h.as_str().unwrap()).unwrap()).collect()
}

fn root(head: &Value) -> merkle::Hash {
    merkle::from_hex(head["rootHash"].as_str().unwrap()).unwrap()
}

fn size(head: &Value) -> u64 {
    head["treeSize"].as_u64().unwrap()
}

async fn another_vessel(app: &TestApp, email: &str, name: &str, cin: &str, mmsi: &str) -> Value {
    let other = app.second_browser();
    other.signed_in_user(email).await;
    let mut boat = sailboat();
    boat["name"] = json!(name);
    boat["cin"] = json!(cin);
    boat["mmsi"] = json!(mmsi);
    other.active_vessel(boat).await
}

#[tokio::test]
async fn every_chain_head_is_logged_and_heads_are_signed_and_proven() {
    let app = TestApp::spawn().await;
    // Nothing published yet: an empty page, and nothing to prove.
    let (status, none) = parts(app.get("/api/transparency/tree-heads").await).await;
    assert_eq!((status, none["total"].as_i64()), (StatusCode::OK, Some(0)), "{none}");

    let vessel = app.owner_with_active_vessel("log-owner@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
    // Each event queued for the log in its own transaction (migration 50),
    // and taken off the queue by the run that logs it.
    let queued = app.scalar("SELECT COUNT(*) FROM transparency_pending").await;
    assert_eq!(queued, app.scalar("SELECT COUNT(*) FROM ownership_events").await);
    let first = service::publish(&app.state).await.unwrap().unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_pending").await, 0);
    let events = app.scalar("SELECT COUNT(*) FROM ownership_events").await;
    assert!(events >= 1);
    assert_eq!(first.tree_size, events, "one leaf per ownership event");
    // Publishing again with nothing new adds no head.
    service::publish(&app.state).await.unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_tree_heads").await, 1);

    let key = public_key(&app).await;
    let (status, head) = parts(app.get(&format!("/api/transparency/tree-heads/{events}")).await).await;
    assert_eq!(status, StatusCode::OK, "{head}");
    assert!(signed(&key, &head), "{head}");
    let mut forged = head.clone();
    forged["rootHash"] = json!("00".repeat(32));
    assert!(!signed(&key, &forged), "the signature covers the root");

    // The vessel's current head is in the tree, and the proof checks.
    let url = format!("/api/transparency/proof/inclusion?platformId={}&treeSize={events}", platform_id.to_lowercase());
    let (status, proof) = parts(app.get(&url).await).await;
    assert_eq!(status, StatusCode::OK, "{proof}");
    let (_, chain) = parts(app.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!(proof["leaf"]["platformId"], platform_id.as_str());
    assert_eq!(proof["leaf"]["headHash"], chain["headHash"], "{proof} {chain}");
    assert_eq!(proof["current"], true);
    let leaf = merkle::leaf_hash(
        leaf_data(&platform_id, proof["leaf"]["eventIndex"].as_i64().unwrap(), chain["headHash"].as_str().unwrap())
            .as_bytes(),
    );
    assert_eq!(proof["leafHash"], merkle::to_hex(&leaf));
    assert!(merkle::verify_inclusion(
        &leaf,
        proof["leafIndex"].as_u64().unwrap(),
        size(&head),
        &hex_list(&proof["auditPath"]),
        &root(&head)
    ));

    // Two more vessels, one more head: it extends the first, provably.
    another_vessel(&app, "log-second@example.nl", "Zeezwaluw", "NL-BAV2K4L8C920", "244123457").await;
    another_vessel(&app, "log-third@example.nl", "Stormvogel", "NL-BAV2K4L9C920", "244123458").await;
    let later = service::publish(&app.state).await.unwrap().unwrap();
    assert_eq!(later.tree_size, app.scalar("SELECT COUNT(*) FROM ownership_events").await);
    assert!(later.tree_size > first.tree_size);
    let (_, page) = parts(app.get("/api/transparency/tree-heads?pageSize=1").await).await;
    assert_eq!((page["total"].as_i64(), page["totalPages"].as_i64()), (Some(2), Some(2)), "{page}");
    let newest = &page["data"][0];
    assert_eq!(newest["treeSize"].as_i64(), Some(later.tree_size), "newest first");
    assert!(signed(&key, newest));
    let url = format!("/api/transparency/proof/consistency?from={events}&to={}", later.tree_size);
    let (status, consistency) = parts(app.get(&url).await).await;
    assert_eq!(status, StatusCode::OK, "{consistency}");
    assert!(merkle::verify_consistency(
        size(&head),
        size(newest),
        &root(&head),
        &root(newest),
        &hex_list(&consistency["proof"])
    ));
    // A proof against the wrong root does not check.
    assert!(!merkle::verify_consistency(
        size(&head),
        size(newest),
        &root(&forged),
        &root(newest),
        &hex_list(&consistency["proof"])
    ));
    // The first vessel's leaf is still provable in the later tree.
    let url = format!("/api/transparency/proof/inclusion?platformId={platform_id}&treeSize={}", later.tree_size);
    let (_, again) = parts(app.get(&url).await).await;
    assert!(merkle::verify_inclusion(
        &leaf,
        again["leafIndex"].as_u64().unwrap(),
        size(newest),
        &hex_list(&again["auditPath"]),
        &root(newest)
    ));
}

#[tokio::test]
async fn unknown_sizes_and_malformed_parameters_get_clear_errors() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("log-errors@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let head = service::publish(&app.state).await.unwrap().unwrap();
    let n = head.tree_size;
    for (path, status, code, message_code) in [
        ("/api/transparency/tree-heads/999".to_owned(), 404, "not_found", "tree_head_not_found"),
        ("/api/transparency/tree-heads/abc".to_owned(), 400, "invalid_parameter", "not_a_whole_number"),
        ("/api/transparency/tree-heads?pageSize=0".to_owned(), 400, "invalid_parameter", "page_size_range"),
        ("/api/transparency/tree-heads?page=x".to_owned(), 400, "invalid_parameter", "not_a_whole_number"),
        (
            format!("/api/transparency/proof/inclusion?platformId={platform_id}&treeSize=999"),
            404,
            "not_found",
            "tree_head_not_found",
        ),
        (
            format!("/api/transparency/proof/inclusion?platformId={platform_id}"),
            400,
            "invalid_parameter",
            "parameter_required",
        ),
        (
            format!("/api/transparency/proof/inclusion?platformId=nonsense&treeSize={n}"),
            400,
            "invalid_platform_id",
            "not_a_platform_id",
        ),
        // Well formed, check character right, never registered.
        (
            format!("/api/transparency/proof/inclusion?platformId=7KQ2-M9XD-4HTB&treeSize={n}"),
            404,
            "not_found",
            "vessel_not_in_tree",
        ),
        (
            format!("/api/transparency/proof/consistency?from=0&to={n}"),
            400,
            "invalid_tree_sizes",
            "transparency_sizes_invalid",
        ),
        (
            format!("/api/transparency/proof/consistency?from={}&to={n}", n + 1),
            400,
            "invalid_tree_sizes",
            "transparency_sizes_invalid",
        ),
        (format!("/api/transparency/proof/consistency?from={n}&to=999"), 404, "not_found", "tree_head_not_found"),
        ("/api/transparency/proof/consistency?to=1".to_owned(), 400, "invalid_parameter", "parameter_required"),
    ] {
        let (got, body) = parts(app.get(&path).await).await;
        assert_eq!(
            (got.as_u16(), body["code"].as_str(), body["messageCode"].as_str()),
            (status, Some(code), Some(message_code)),
            "{path}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {body}");
    }
}

#[tokio::test]
async fn the_verifier_reports_a_history_rewritten_after_its_head_was_published() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("log-rewrite@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
    service::publish(&app.state).await.unwrap();
    let heads = std::env::temp_dir().join(format!("registry-tree-heads-{}.json", registry::platform::ids::new_id()));

    let report = registry::cli::verify_history::verify(&app.base, &platform_id, Some(&heads)).await.unwrap();
    assert!(report.ok(), "{report:?}");
    let kept_heads: Value = serde_json::from_str(&std::fs::read_to_string(&heads).unwrap()).unwrap();
    assert_eq!(kept_heads.as_array().unwrap().len(), 1, "the head is kept for the next check");

    // Someone with the database gives the vessel a different first owner and
    // rehashes the chain so that the registry's own check still passes.
    let vessel_id = vessel["id"].as_str().unwrap();
    let rows = sqlx::query(
        "SELECT sequence, event_type, owner_ref, occurred_at FROM ownership_events WHERE vessel_id = $1 ORDER BY sequence",
    )
    .bind(vessel_id)
    .fetch_all(&app.db)
    .await
    .unwrap();
    let mut previous = "0".repeat(64);
    for (i, row) in rows.iter().enumerate() {
        let sequence: i64 = row.get("sequence");
        let event_type: String = row.get("event_type");
        let owner_ref: String =
            if i == 0 { "ffeeddccbbaa99887766554433221100".to_owned() } else { row.get("owner_ref") };
        let at: i64 = row.get("occurred_at");
        let new_hash = hash(&encode(&platform_id, sequence, &event_type, &owner_ref, at, &previous));
        sqlx::query(
            "UPDATE ownership_events SET owner_ref = $1, previous_hash = $2, hash = $3 WHERE vessel_id = $4 AND sequence = $5",
        )
        .bind(&owner_ref)
        .bind(&previous)
        .bind(&new_hash)
        .bind(vessel_id)
        .bind(sequence)
        .execute(&app.db)
        .await
        .unwrap();
        previous = new_hash;
    }
    let (_, chain) = parts(app.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!(chain["valid"], true, "the rewrite fools the registry's own check: {chain}");

    let report = registry::cli::verify_history::verify(&app.base, &platform_id, Some(&heads)).await.unwrap();
    assert!(!report.ok(), "{report:?}");
    assert!(report.problems.iter().any(|p| p.contains("the history was rewritten")), "{report:?}");

    // Rewriting the log too cannot hide it from whoever kept the earlier head.
    sqlx::query("UPDATE transparency_leaves SET head_hash = $1 WHERE vessel_id = $2")
        .bind(&previous)
        .bind(vessel_id)
        .execute(&app.db)
        .await
        .unwrap();
    sqlx::query("DELETE FROM transparency_nodes").execute(&app.db).await.unwrap();
    sqlx::query("DELETE FROM transparency_tree_heads").execute(&app.db).await.unwrap();
    let leaves = sqlx::query(
        "SELECT leaf_index, platform_id, event_sequence, head_hash FROM transparency_leaves ORDER BY leaf_index",
    )
    .fetch_all(&app.db)
    .await
    .unwrap();
    let mut nodes = merkle::NodeMap::default();
    for row in &leaves {
        let index: i64 = row.get("leaf_index");
        let data = leaf_data(
            &row.get::<String, _>("platform_id"),
            row.get("event_sequence"),
            &row.get::<String, _>("head_hash"),
        );
        for (level, node, h) in
            merkle::completed_by(&mut nodes, u64::try_from(index).unwrap(), merkle::leaf_hash(data.as_bytes()))
        {
            nodes.0.insert((level, node), h);
            sqlx::query("INSERT INTO transparency_nodes (level, node_index, hash) VALUES ($1, $2, $3)")
                .bind(i64::from(level))
                .bind(i64::try_from(node).unwrap())
                .bind(merkle::to_hex(&h))
                .execute(&app.db)
                .await
                .unwrap();
        }
    }
    // Whoever rewrote the log holds the key too: the head of size 1 is signed
    // again over the rewritten log, and a new event makes a larger one.
    service::publish(&app.state).await.unwrap();
    another_vessel(&app, "log-later@example.nl", "Zeezwaluw", "NL-BAV2K4L8C920", "244123457").await;
    service::publish(&app.state).await.unwrap();
    let report = registry::cli::verify_history::verify(&app.base, &platform_id, Some(&heads)).await.unwrap();
    assert!(report.problems.iter().any(|p| p.contains("does not extend the kept tree head")), "{report:?}");
    // Without the kept head, the rewritten log is self-consistent: why keeping heads matters.
    let fresh = registry::cli::verify_history::verify(&app.base, &platform_id, None).await.unwrap();
    assert!(fresh.ok(), "{fresh:?}");
    std::fs::remove_file(&heads).unwrap();
}

/// The newest head, its consistency with `earlier` checked.
async fn newest_head_consistent_with(app: &TestApp, earlier: &Value) -> Value {
    let (_, page) = parts(app.get("/api/transparency/tree-heads?pageSize=1").await).await;
    let newest = page["data"][0].clone();
    let url = format!("/api/transparency/proof/consistency?from={}&to={}", size(earlier), size(&newest));
    let (status, consistency) = parts(app.get(&url).await).await;
    assert_eq!(status, StatusCode::OK, "{consistency}");
    assert!(
        merkle::verify_consistency(
            size(earlier),
            size(&newest),
            &root(earlier),
            &root(&newest),
            &hex_list(&consistency["proof"])
        ),
        "{earlier} {newest}"
    );
    newest
}

/// A vessel's current chain head, proven in the head of `size`.
async fn assert_included(app: &TestApp, platform_id: &str, head: &Value) {
    let url = format!("/api/transparency/proof/inclusion?platformId={platform_id}&treeSize={}", size(head));
    let (status, proof) = parts(app.get(&url).await).await;
    assert_eq!(status, StatusCode::OK, "{proof}");
    let (_, chain) = parts(app.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!(proof["leaf"]["headHash"], chain["headHash"], "{proof} {chain}");
    let leaf = merkle::leaf_hash(
        leaf_data(
            proof["leaf"]["platformId"].as_str().unwrap(),
            proof["leaf"]["eventIndex"].as_i64().unwrap(),
            chain["headHash"].as_str().unwrap(),
        )
        .as_bytes(),
    );
    assert!(merkle::verify_inclusion(
        &leaf,
        proof["leafIndex"].as_u64().unwrap(),
        size(head),
        &hex_list(&proof["auditPath"]),
        &root(head)
    ));
}

#[tokio::test]
async fn a_seeding_logs_its_events_at_once_and_the_log_goes_on_from_there() {
    let app = TestApp::spawn().await;
    let key = public_key(&app).await;
    let newest_seeded = || async {
        let row = sqlx::query("SELECT platform_id FROM vessels ORDER BY created_at DESC, id DESC LIMIT 1")
            .fetch_one(&app.db)
            .await
            .unwrap();
        row.get::<String, _>(0)
    };
    // Into an empty registry (the bulk load): every event logged, one head.
    registry::cli::seed_vessels::vessels(&app.state, 300, None).await.unwrap();
    let events = app.scalar("SELECT COUNT(*) FROM ownership_events").await;
    assert!(events >= 300, "{events}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_leaves").await, events);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_pending").await, 0, "the queue emptied");
    let (_, page) = parts(app.get("/api/transparency/tree-heads").await).await;
    assert_eq!(page["total"].as_i64(), Some(1), "{page}");
    let seeded = page["data"][0].clone();
    assert_eq!(seeded["treeSize"].as_i64(), Some(events));
    assert!(signed(&key, &seeded), "{seeded}");
    assert_included(&app, &newest_seeded().await, &seeded).await;
    // The periodic job finds nothing new to log.
    let again = service::publish(&app.state).await.unwrap().unwrap();
    assert_eq!(again.tree_size, events);

    // Onto a log that holds leaves (an ordinary seeding): it goes on from
    // their frontier, provably an extension.
    registry::cli::seed_vessels::vessels(&app.state, 77, None).await.unwrap();
    let more = newest_head_consistent_with(&app, &seeded).await;
    assert_eq!(more["treeSize"].as_i64(), Some(app.scalar("SELECT COUNT(*) FROM ownership_events").await));
    assert!(signed(&key, &more));
    assert_included(&app, &newest_seeded().await, &more).await;
    // Subtrees under 16 leaves are not stored but computed from the leaves;
    // every vessel's proof holds, whatever its place in its block of 16.
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_nodes WHERE level < 4").await, 0);
    assert!(app.scalar("SELECT COUNT(*) FROM transparency_nodes").await > 0);
    let all = sqlx::query("SELECT platform_id FROM vessels").fetch_all(&app.db).await.unwrap();
    assert!(all.len() >= 377);
    for row in &all {
        assert_included(&app, &row.get::<String, _>(0), &more).await;
    }

    // And the periodic job goes on from there.
    let vessel = another_vessel(&app, "after-seeding@example.nl", "Zeezwaluw", "NL-BAV2K4L8C920", "244123457").await;
    assert!(app.scalar("SELECT COUNT(*) FROM transparency_pending").await > 0, "the new vessel's events queued");
    let later = service::publish(&app.state).await.unwrap().unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transparency_pending").await, 0);
    assert_eq!(later.tree_size, app.scalar("SELECT COUNT(*) FROM ownership_events").await);
    let latest = newest_head_consistent_with(&app, &more).await;
    assert_included(&app, vessel["platformId"].as_str().unwrap(), &latest).await;
}
