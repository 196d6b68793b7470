//! `/metrics`: what the registry counts, in Prometheus's text format, on a
//! listener of its own, with no personal data in any series.

use std::{collections::BTreeMap, time::Duration};

use reqwest::StatusCode;
use serde_json::json;

use crate::{helpers::TestApp, process::ServerProcess, transfers};

/// One sample of the text format: its name, its labels and its value.
#[derive(Debug)]
pub struct Sample {
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub value: f64,
}

/// Parse the text exposition format, failing on any line it does not allow:
/// `# HELP name text`, `# TYPE name kind`, or `name{label="value",...} number`.
pub fn parse(text: &str) -> Vec<Sample> {
    let mut typed = BTreeMap::new();
    let mut samples = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(rest) = line.strip_prefix("# ") {
            let mut words = rest.splitn(3, ' ');
            let (keyword, name) = (words.next().unwrap(), words.next().expect("a metric name"));
            assert!(["HELP", "TYPE"].contains(&keyword), "comment: {line}");
            if keyword == "TYPE" {
                let kind = words.next().expect("a type");
                assert!(["counter", "gauge", "histogram", "summary", "untyped"].contains(&kind), "{line}");
                typed.insert(name.to_owned(), kind.to_owned());
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("not a number: {line}"));
        let (name, labels) = match series.split_once('{') {
            None => (series.to_owned(), BTreeMap::new()),
            Some((name, rest)) => {
                let body = rest.strip_suffix('}').unwrap_or_else(|| panic!("unclosed labels: {line}"));
                let mut labels = BTreeMap::new();
                for pair in split_labels(body) {
                    let (k, v) = pair.split_once('=').unwrap_or_else(|| panic!("label: {line}"));
                    let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).expect("a quoted value");
                    labels.insert(k.to_owned(), v.to_owned());
                }
                (name.to_owned(), labels)
            }
        };
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'), "name: {line}");
        let family = ["_bucket", "_sum", "_count"].iter().find_map(|s| name.strip_suffix(s)).unwrap_or(&name);
        assert!(typed.contains_key(&name) || typed.contains_key(family), "a sample without its TYPE: {line}");
        samples.push(Sample { name, labels, value });
    }
    samples
}

/// `a="x",b="y,z"` split at the commas between labels, not inside values.
fn split_labels(body: &str) -> Vec<String> {
    let (mut out, mut current, mut quoted) = (Vec::new(), String::new(), false);
    for c in body.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ',' if !quoted => out.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

pub fn find<'a>(samples: &'a [Sample], name: &str, labels: &[(&str, &str)]) -> Option<&'a Sample> {
    samples
        .iter()
        .find(|s| s.name == name && labels.iter().all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(v)))
}

#[tokio::test]
async fn the_metrics_count_requests_waits_payments_codes_and_jobs_without_personal_data() {
    // The address turns the recording on; this app serves the metrics through `render`.
    let app = TestApp::spawn_with(&[("REGISTRY_METRICS_ADDR", "127.0.0.1:0")]).await;
    let vessel = app.owner_with_active_vessel("metrics@example.nl").await;
    let page = format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap());
    assert_eq!(app.get(&page).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/vessels/search?query=sea").await.status(), StatusCode::OK);
    let (status, _) = transfers::initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CREATED);
    // The identity decisions run every second in a test app: give them a run.
    tokio::time::sleep(Duration::from_millis(1_100)).await;

    let text = registry::app::telemetry::render(&app.state).await;
    let samples = parse(&text);
    let route = [("route", "/api/vessels/{id}"), ("method", "GET"), ("status", "200")];
    assert!(find(&samples, "registry_http_requests_total", &route).is_some_and(|s| s.value >= 1.0), "{text}");
    let timed = [("route", "/api/vessels/{id}"), ("le", "+Inf")];
    assert!(find(&samples, "registry_http_request_duration_seconds_bucket", &timed).is_some_and(|s| s.value >= 1.0));
    assert!(find(&samples, "registry_db_wait_seconds_count", &[("pool", "primary")]).is_some_and(|s| s.value >= 1.0));
    assert!(find(&samples, "registry_db_wait_seconds_count", &[("pool", "lane")]).is_some_and(|s| s.value >= 1.0));
    assert!(find(&samples, "registry_search_wait_seconds_count", &[]).is_some_and(|s| s.value >= 1.0), "{text}");
    assert!(find(&samples, "registry_db_connections", &[("state", "idle")]).is_some());
    assert!(find(&samples, "registry_cpu_queue_depth", &[]).is_some(), "a sign-in hashed on the CPU pool");
    let pending = find(&samples, "registry_outbox_pending", &[]).expect("the outbox's backlog");
    assert!(pending.value >= 0.0);
    assert!(find(&samples, "registry_outbox_oldest_pending_age_seconds", &[]).is_some());
    let paid = [("purpose", "registration"), ("outcome", "succeeded")];
    assert!(find(&samples, "registry_payments_total", &paid).is_some_and(|s| s.value >= 1.0), "{text}");
    assert!(find(&samples, "registry_codes_sent_total", &[("purpose", "transfer")]).is_some_and(|s| s.value >= 1.0));
    let job = find(&samples, "registry_job_last_success_timestamp_seconds", &[("job", "identity_decisions")])
        .expect("the identity decisions ran");
    #[allow(clippy::cast_precision_loss)]
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as f64;
    assert!((now - job.value).abs() < 120.0, "a recent Unix time: {}", job.value);

    // Routes are templates: no platform ID, email address or phone number in any series.
    assert!(!text.contains(vessel["platformId"].as_str().unwrap()), "no path in a label");
    assert!(!text.contains('@'), "no email address");
    assert!(!text.contains(transfers::BUYER), "no phone number");
}

/// `REGISTRY_METRICS_ADDR` serves `/metrics` on its own listener; the
/// public one does not serve it.
#[test]
fn metrics_are_served_on_their_own_listener_only() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = ServerProcess::start(&[("REGISTRY_METRICS_ADDR", &format!("127.0.0.1:{port}"))]);
    assert_eq!(server.get("/api/stats").0, 200);
    let metrics = ServerProcess::get_on(port, "/metrics");
    assert_eq!(metrics.0, 200, "{}", metrics.1);
    let body = metrics.1.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    let samples = parse(&decode_chunked(body));
    assert!(find(&samples, "registry_http_requests_total", &[("route", "/api/stats"), ("status", "200")]).is_some());
    let public = server.get("/metrics");
    assert!(!public.1.contains("registry_http_requests_total"), "{}", public.1);
}

/// A chunked body's data (the metrics listener streams its answer).
fn decode_chunked(body: &str) -> String {
    if !body.contains("\r\n") {
        return body.to_owned();
    }
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { return body.to_owned() };
        if size == 0 {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

/// `REGISTRY_LOG_FORMAT=json` writes one JSON object a line, each request
/// with its id, route template, status and duration; and at every level, down
/// to `trace`, no line carries an email address, a phone number, a one-time
/// code, a token or a password that went through the API.
#[tokio::test]
async fn logs_are_json_lines_without_personal_data_at_any_level() {
    const EMAIL: &str = "private.person@example.nl";
    const PASSWORD: &str = "correct-horse-battery-staple";
    const WRONG: &str = "wrong-horse-battery-staple";
    const NEW_PASSWORD: &str = "new-staple-battery-horse";
    const PHONE: &str = "+31612345678";
    let server = ServerProcess::start_logging(&[("REGISTRY_LOG", "trace"), ("REGISTRY_LOG_FORMAT", "json")]);
    let base = server.base();
    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let post = |path: &str, body: serde_json::Value| client.post(format!("{base}{path}")).json(&body).send();
    let mailbox = || async {
        let all: Vec<serde_json::Value> =
            client.get(format!("{base}/api/dev/mailbox")).send().await.unwrap().json().await.unwrap();
        all
    };
    let newest_body = |all: &[serde_json::Value], to: &str| {
        all.iter().find(|m| m["to"] == to).expect("a message")["body"].as_str().unwrap().to_owned()
    };
    let after = |body: &str, marker: &str| {
        let start = body.find(marker).expect("the marker") + marker.len();
        body[start..].split_whitespace().next().unwrap().to_owned()
    };
    let six_digits = |body: &str| {
        body.split_whitespace()
            .map(|w| w.trim_end_matches('.'))
            .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
            .expect("a code")
            .to_owned()
    };
    let mut secrets = vec![EMAIL.to_owned(), PASSWORD.to_owned(), WRONG.to_owned(), NEW_PASSWORD.to_owned()];
    secrets.extend([PHONE.to_owned(), PHONE.trim_start_matches('+').to_owned()]);

    assert_eq!(post("/api/auth/register", json!({"email": EMAIL, "password": PASSWORD})).await.unwrap().status(), 201);
    let verify = after(&newest_body(&mailbox().await, EMAIL), "verify-email?token=");
    assert_eq!(post("/api/auth/verify-email", json!({"token": verify})).await.unwrap().status(), 200);
    assert_eq!(post("/api/auth/login", json!({"email": EMAIL, "password": WRONG})).await.unwrap().status(), 401);
    assert_eq!(post("/api/auth/login", json!({"email": EMAIL, "password": PASSWORD})).await.unwrap().status(), 200);
    assert_eq!(post("/api/profile/phone", json!({"phoneE164": PHONE})).await.unwrap().status(), 200);
    assert_eq!(post("/api/profile/phone/send-code", json!({})).await.unwrap().status(), 202);
    let code = six_digits(&newest_body(&mailbox().await, PHONE));
    assert_eq!(post("/api/profile/phone/verify", json!({"otp": code})).await.unwrap().status(), 200);
    assert_eq!(post("/api/auth/password-reset/request", json!({"email": EMAIL})).await.unwrap().status(), 202);
    let reset = after(&newest_body(&mailbox().await, EMAIL), "reset-password?token=");
    let confirmed = post("/api/auth/password-reset/confirm", json!({"token": reset, "password": NEW_PASSWORD}));
    assert_eq!(confirmed.await.unwrap().status(), 200);
    secrets.extend([verify, code, reset]);
    let session = client.get(format!("{base}/api/auth/me")).send().await.unwrap();
    assert_eq!(session.status(), 401, "the reset ended every session");

    // The request lines are written as the answers go out; give the last a moment.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let logs = server.logs();
    let lines: Vec<&str> = logs.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() > 50, "trace level writes plenty ({} lines)", lines.len());
    let mut answered = 0;
    for line in &lines {
        let object: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not one JSON object a line ({e}): {line}"));
        if object["fields"]["message"] == "answered" {
            assert!(object["fields"]["route"].is_string(), "{line}");
            assert!(object["fields"]["status"].is_number(), "{line}");
            assert!(object["fields"]["duration_ms"].is_number(), "{line}");
            assert!(object["span"]["request_id"].is_string(), "the request's id: {line}");
            answered += 1;
        }
        for secret in &secrets {
            assert!(!line.contains(secret.as_str()), "{secret:?} in the logs: {line}");
        }
    }
    assert!(answered >= 10, "a line for each request ({answered})");
    assert!(logs.contains(r#""route":"/api/auth/password-reset/confirm""#), "routes by template in the request lines");
}
