//! A read replica for the public reads (`REGISTRY_DATABASE_READ_URL`, a
//! PostgreSQL replica of a PostgreSQL primary). These tests need the test
//! PostgreSQL: they run in the PostgreSQL pass (`make test-rust-postgres`),
//! and the SQLite pass leaves this module out by name (Makefile).
//!
//! The "replica" is a second database on the same server, migrated and kept
//! empty on purpose: what a public read answers shows which database served
//! it. `scripts/cluster_test.py` runs the same checks against a real
//! streaming replica, with its replay paused to make it fall behind.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, empty_database_url, parts},
    telemetry::{find, parse},
};

/// An app whose replica is an empty copy of the schema, and that replica's URL.
async fn app_with_stale_replica() -> (TestApp, String) {
    let replica = empty_database_url().await;
    assert!(replica.starts_with("postgres"), "the replica tests need REGISTRY_TEST_POSTGRES_URL");
    let db = registry::platform::db::connect(&replica).await.unwrap();
    registry::platform::db::migrate(&db, registry::platform::db::Backend::Postgres).await.unwrap();
    db.close().await;
    // The metrics address turns recording on (`registry::app::telemetry::render` reads them).
    let app =
        TestApp::spawn_with(&[("REGISTRY_DATABASE_READ_URL", &replica), ("REGISTRY_METRICS_ADDR", "127.0.0.1:0")])
            .await;
    ready_within(&app, Duration::from_secs(5)).await;
    (app, replica)
}

/// `/readyz`'s answer once it is `status`, within `limit`.
async fn readyz_becomes(app: &TestApp, status: StatusCode, limit: Duration) -> Value {
    let started = Instant::now();
    loop {
        let (now, body) = parts(app.get("/readyz").await).await;
        if now == status {
            return body;
        }
        assert!(started.elapsed() < limit, "/readyz still answers {now} {body} after {limit:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn ready_within(app: &TestApp, limit: Duration) {
    readyz_becomes(app, StatusCode::OK, limit).await;
}

async fn found_by_search(client: &TestApp, platform_id: &str) -> i64 {
    let (status, page) = parts(client.get(&format!("/api/vessels/search?query={platform_id}")).await).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["total"].as_i64().unwrap()
}

/// A browser that has not written anything.
fn visitor(app: &TestApp) -> TestApp {
    app.second_browser()
}

#[tokio::test]
async fn public_reads_come_from_the_replica_and_a_client_that_wrote_reads_the_primary() {
    let (app, _) = app_with_stale_replica().await;
    let vessel = app.owner_with_active_vessel("replica-owner@example.com").await;
    let platform_id = vessel["platformId"].as_str().unwrap();

    // A visitor: search, the vessel page, the landing page's figures and the
    // sitemap all come from the replica, which has no vessel.
    let visitor = visitor(&app);
    assert_eq!(found_by_search(&visitor, platform_id).await, 0);
    assert_eq!(visitor.get(&format!("/api/vessels/{platform_id}")).await.status(), StatusCode::NOT_FOUND);
    let (_, figures) = parts(visitor.get("/api/stats").await).await;
    assert_eq!(figures["registeredVessels"], 0, "{figures}");
    let (_, history) = parts(visitor.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!(history["messageCode"], "vessel_not_public", "{history}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels").await, 1, "the primary has it");

    // The owner, signed in, reads the primary: their vessel at once.
    let (status, page) = parts(app.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    // And the owner's browser wrote a moment ago, so its public reads come
    // from the primary too.
    assert_eq!(found_by_search(&app, platform_id).await, 1);

    // A visitor who writes anything (here a failed sign-in) is marked for
    // the few seconds a serving replica may lag.
    let r = visitor.post("/api/auth/login", json!({"email": "nobody@example.com", "password": "wrong password"})).await;
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.starts_with("registry_wrote_until=").then(|| c.to_owned()));
    let cookie = cookie.expect("a write marks the client");
    assert!(cookie.contains("Max-Age=8") && cookie.contains("HttpOnly"), "{cookie}");
    assert_eq!(found_by_search(&visitor, platform_id).await, 1, "read from the primary after its own write");
    assert_eq!(visitor.get(&format!("/api/vessels/{platform_id}")).await.status(), StatusCode::OK);

    // Another visitor still reads the replica.
    assert_eq!(found_by_search(&app.second_browser(), platform_id).await, 0);

    // The metrics say where the public reads went and how the replica is.
    // (The recorder is the process's: counts include the other tests' apps.)
    let samples = parse(&registry::app::telemetry::render(&app.state).await);
    let from_replica = find(&samples, "registry_public_reads_total", &[("source", "replica")]);
    assert!(from_replica.is_some_and(|s| s.value >= 4.0), "{from_replica:?}");
    let from_primary = find(&samples, "registry_public_reads_total", &[("source", "primary")]);
    assert!(from_primary.is_some_and(|s| s.value >= 2.0), "{from_primary:?}");
    assert!(find(&samples, "registry_replica_serving", &[]).is_some());
    assert!(find(&samples, "registry_replica_lag_seconds", &[]).is_some_and(|s| s.value >= 0.0));
}

#[tokio::test]
async fn without_a_replica_no_client_is_marked() {
    let app = TestApp::spawn().await;
    let r = app.post("/api/auth/login", json!({"email": "nobody@example.com", "password": "wrong password"})).await;
    assert!(
        !r.headers().get_all("set-cookie").iter().any(|v| v.to_str().unwrap_or_default().starts_with("registry_wrote")),
        "no replica, no cookie"
    );
}

#[tokio::test]
async fn a_replica_that_stops_answering_costs_no_request_and_readyz_names_it() {
    let (app, replica_url) = app_with_stale_replica().await;
    let vessel = app.owner_with_active_vessel("replica-stop@example.com").await;
    let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
    let visitor = visitor(&app);
    assert_eq!(found_by_search(&visitor, &platform_id).await, 0, "from the replica");

    // The replica goes away: no new connections, and its open ones cut.
    let name = url::Url::parse(&replica_url).unwrap().path().trim_start_matches('/').to_owned();
    let admin = sqlx::AnyPool::connect(&std::env::var("REGISTRY_TEST_POSTGRES_URL").unwrap()).await.unwrap();
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false")).execute(&admin).await.unwrap();
    sqlx::query(&format!(
        "SELECT pg_terminate_backend(pid)::int FROM pg_stat_activity WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .fetch_all(&admin)
    .await
    .unwrap();

    // Every public read still answers, from the primary, before and after
    // the watcher has noticed.
    for _ in 0..20 {
        assert_eq!(found_by_search(&visitor, &platform_id).await, 1);
        assert_eq!(visitor.get(&format!("/api/vessels/{platform_id}")).await.status(), StatusCode::OK);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let body = readyz_becomes(&app, StatusCode::SERVICE_UNAVAILABLE, Duration::from_secs(5)).await;
    assert_eq!(body["code"], "replica_unavailable", "{body}");
    assert_eq!(body["messageCode"], "replica_not_reachable", "{body}");

    // Back: the replica serves again once the watcher sees it answer.
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).execute(&admin).await.unwrap();
    ready_within(&app, Duration::from_secs(5)).await;
    assert_eq!(found_by_search(&visitor, &platform_id).await, 0, "from the replica again");
}
