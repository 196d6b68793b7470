//! The Twilio SMS provider against a local fake of its Messages API: the
//! request's shape and auth, a 4xx that must not be retried, a 5xx that must.

use std::sync::{Arc, Mutex};

use base64::Engine;

use axum::{
    Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    routing::post,
};
use registry::{
    features::outbox::{Delivery, Message, Twilio, worker::Worker},
    platform::config::Secret,
};
use tokio::sync::Notify;

use crate::helpers::TestApp;

const SID: &str = "AC00000000000000000000000000000000";
const TOKEN: &str = "twilio-test-token";

/// One request as the fake saw it: the account in the path, the
/// Authorization header, the form body.
type Seen = (String, Option<String>, String);

#[derive(Clone, Default)]
struct Fake {
    requests: Arc<Mutex<Vec<Seen>>>,
    answer: Arc<Mutex<u16>>,
}

async fn messages(State(fake): State<Fake>, Path(sid): Path<String>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_owned);
    fake.requests.lock().unwrap().push((sid, auth, String::from_utf8_lossy(&body).into_owned()));
    StatusCode::from_u16(*fake.answer.lock().unwrap()).unwrap()
}

async fn start(answer: u16) -> (Fake, url::Url) {
    let fake = Fake { answer: Arc::new(Mutex::new(answer)), ..Fake::default() };
    let app = Router::new().route("/2010-04-01/Accounts/{sid}/Messages.json", post(messages)).with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = url::Url::parse(&format!("http://{}/", listener.local_addr().unwrap())).unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (fake, base)
}

fn twilio(base: &url::Url) -> Twilio {
    Twilio::new(base, SID, Secret::new(TOKEN), "+3197010000000").unwrap()
}

#[tokio::test]
async fn an_sms_is_posted_form_encoded_with_basic_auth() {
    let (fake, base) = start(201).await;
    let sms = Message::sms("+31612345678", "Transfer code", "Your code is 123456");
    twilio(&base).deliver("01JOUTBOXID0000000000000000", &sms).await.unwrap();
    let requests = fake.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 1);
    let (sid, auth, body) = &requests[0];
    assert_eq!(sid, SID);
    let expected = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    assert_eq!(auth.as_deref(), Some(format!("Basic {expected}").as_str()));
    let form: Vec<(String, String)> = url::form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    assert!(form.contains(&("To".into(), "+31612345678".into())), "{form:?}");
    assert!(form.contains(&("From".into(), "+3197010000000".into())), "{form:?}");
    assert!(form.contains(&("Body".into(), "Your code is 123456".into())), "{form:?}");
}

async fn one_sms_through_a_worker(answer: u16) -> (TestApp, Fake) {
    let (fake, base) = start(answer).await;
    let app = TestApp::spawn_without_outbox_worker().await;
    let mut tx = app.db.begin().await.unwrap();
    registry::features::outbox::enqueue(&mut tx, &Message::sms("+31612345678", "Code", "Your code is 123456"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let worker = Worker::new(app.db.clone(), Arc::new(twilio(&base)), Arc::new(Notify::new()));
    worker.run_once().await.unwrap();
    (app, fake)
}

#[tokio::test]
async fn a_refusal_by_twilio_is_not_retried() {
    let (app, fake) = one_sms_through_a_worker(400).await;
    assert_eq!(fake.requests.lock().unwrap().len(), 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL AND attempts = 1").await, 1);
}

#[tokio::test]
async fn a_server_error_at_twilio_is_retried_later() {
    let (app, fake) = one_sms_through_a_worker(503).await;
    assert_eq!(fake.requests.lock().unwrap().len(), 1);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM outbox WHERE failed_at IS NULL AND delivered_at IS NULL AND attempts = 1")
            .await,
        1
    );
}
