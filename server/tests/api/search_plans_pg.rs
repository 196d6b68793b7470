//! The plans `PostgreSQL` runs the search's statements with, read from the
//! server's own connections: `auto_explain` reports every statement's plan,
//! with the rows each node read, as a NOTICE, which sqlx hands to `tracing`.
//! These tests need the test `PostgreSQL`: they run in the `PostgreSQL` pass
//! (`make test-rust-postgres`), and the `SQLite` pass leaves this module out
//! by name (Makefile).
//!
//! A plan's shape does not wait for a million vessels: the search steers the
//! planner away from sorting (`enable_sort` off), and a statement it cannot
//! answer in index order without a sort is planned as a walk of a whole
//! index at any size. That walk is what the benchmark once found in the
//! short-name page, a second a page at a million vessels.

use std::sync::{Arc, Mutex};

use reqwest::StatusCode;
use serde_json::Value;
use tracing_subscriber::layer::SubscriberExt as _;

use crate::helpers::{TestApp, empty_database_url, parts};

/// An app whose database connections explain every statement they run.
async fn explaining_app() -> TestApp {
    let url = empty_database_url().await;
    assert!(url.starts_with("postgres"), "the plan tests need REGISTRY_TEST_POSTGRES_URL");
    let settings = [
        ("session_preload_libraries", "auto_explain"),
        ("auto_explain.log_min_duration", "0"),
        ("auto_explain.log_analyze", "on"),
        ("auto_explain.log_timing", "off"),
        ("auto_explain.log_format", "json"),
        ("auto_explain.log_level", "notice"),
    ];
    let options: Vec<String> = settings.iter().map(|(k, v)| format!("options[{k}]={v}")).collect();
    let url = format!("{url}?{}", options.join("&"));
    TestApp::spawn_with(&[("REGISTRY_DATABASE_URL", &url)]).await
}

/// Collects the notices of the connections driven from this thread (the
/// test's runtime runs the server's tasks on it).
#[derive(Clone, Default)]
struct Notices(Arc<Mutex<Vec<String>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Notices {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        struct Message<'a>(&'a mut Option<String>);
        impl tracing::field::Visit for Message<'_> {
            fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
                if field.name() == "message" {
                    *self.0 = Some(value.to_owned());
                }
            }
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() == "message" {
                    *self.0 = Some(format!("{value:?}"));
                }
            }
        }
        if event.metadata().target() == "sqlx::postgres::notice" {
            let mut message = None;
            event.record(&mut Message(&mut message));
            self.0.lock().unwrap().extend(message);
        }
    }
}

/// The plans (`auto_explain`'s JSON) of the statements whose text holds
/// `marker`, run while `f` ran.
async fn plans_of<F: Future<Output = ()>>(marker: &str, f: F) -> Vec<Value> {
    let notices = Notices::default();
    let guard = tracing::subscriber::set_default(tracing_subscriber::registry().with(notices.clone()));
    f.await;
    drop(guard);
    let messages = notices.0.lock().unwrap().clone();
    messages
        .iter()
        .filter_map(|m| m.find('{').and_then(|start| serde_json::from_str::<Value>(&m[start..]).ok()))
        .filter(|plan| plan["Query Text"].as_str().is_some_and(|q| q.contains(marker)))
        .collect()
}

/// Every node of a plan that reads the vessels table, with the rows it
/// handed up over all its loops.
fn vessel_reads(node: &Value, out: &mut Vec<(String, f64)>) {
    if node["Relation Name"] == "vessels" {
        let rows = node["Actual Rows"].as_f64().unwrap_or(0.0) * node["Actual Loops"].as_f64().unwrap_or(1.0);
        let how = format!("{} {}", node["Node Type"], node["Index Name"]);
        out.push((how, rows));
    }
    for child in node["Plans"].as_array().into_iter().flatten() {
        vessel_reads(child, out);
    }
}

#[tokio::test]
async fn a_short_name_page_reads_its_own_rows_not_the_whole_table() {
    let app = explaining_app().await;
    registry::cli::seed_vessels::vessels(&app.state, 1_500, Some(33)).await.unwrap();
    // The commonest first letter and first two letters of the seeded names.
    let head = |n: u32| {
        format!(
            "SELECT substr(name_folded, 1, {n}) FROM vessels WHERE name_folded IS NOT NULL
             GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1"
        )
    };
    let (one, two) = (app.scalar_text(&head(1)).await, app.scalar_text(&head(2)).await);
    let queries = [
        format!("query={one}"),
        format!("query={one}&page=3"),
        format!("query={two}&pageSize=7"),
        format!("query={one}&countryCode=NL"),
        format!("query={two}&page=2&buildYearFrom=1990"),
    ];
    // The page statement (its rows joined to the ids the name index gave).
    let plans = plans_of("JOIN vessels v ON v.id = p.id", async {
        for q in &queries {
            let (status, page) = parts(app.get(&format!("/api/vessels/search?{q}")).await).await;
            assert_eq!(status, StatusCode::OK, "{q}: {page}");
        }
    })
    .await;
    // Each search reads a page of exact names, of longer names or both.
    assert!(
        plans.len() >= queries.len(),
        "every page was explained: {} plans for {} searches",
        plans.len(),
        queries.len()
    );
    for plan in &plans {
        let mut reads = Vec::new();
        vessel_reads(&plan["Plan"], &mut reads);
        assert!(!reads.is_empty(), "the plan reads vessels: {plan}");
        // The widest page asked for is 10 rows at offset 20.
        for (how, rows) in reads {
            assert!(rows <= 30.0, "{how} read {rows} rows of 1,500 for a page: {}", plan["Plan"]);
        }
    }
}
