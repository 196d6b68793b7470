//! A local fake of the parts of Stripe's API the registry uses: create,
//! retrieve and cancel `PaymentIntents`, refunds, and Identity `VerificationSessions`.
//! It checks the bearer key, honours
//! `Idempotency-Key`, records every request, and lets a test move an intent
//! as a payer's card would.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde_json::{Value, json};

pub const SECRET_KEY: &str = "sk_test_fake_registry";
pub const PUBLISHABLE_KEY: &str = "pk_test_fake_registry";
pub const WEBHOOK_SECRET: &str = "whsec_fake_registry";
pub const IDENTITY_WEBHOOK_SECRET: &str = "whsec_fake_identity";

#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: &'static str,
    pub path: String,
    pub authorization: Option<String>,
    pub idempotency_key: Option<String>,
    pub content_type: Option<String>,
    pub form: HashMap<String, String>,
}

#[derive(Default)]
struct Inner {
    requests: Vec<Recorded>,
    intents: HashMap<String, Value>,
    by_key: HashMap<String, String>,
    /// Idempotency key → the answer first given (refunds, sessions).
    answered: HashMap<String, Value>,
    refunds: Vec<Value>,
    sessions: Vec<Value>,
    /// Refunds answer this status code with an error while set.
    pub refund_failure: Option<u16>,
}

#[derive(Clone, Default)]
pub struct FakeStripe {
    inner: Arc<Mutex<Inner>>,
    pub base: String,
}

fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}})),
    )
        .into_response()
}

async fn create(State(fake): State<FakeStripe>, headers: HeaderMap, body: Bytes) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let recorded = Recorded {
        method: "POST",
        path: "/v1/payment_intents".into(),
        authorization: header(&headers, "authorization"),
        idempotency_key: header(&headers, "idempotency-key"),
        content_type: header(&headers, "content-type"),
        form: form.clone(),
    };
    let mut inner = fake.inner.lock().unwrap();
    inner.requests.push(recorded.clone());
    if recorded.authorization.as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return unauthorized();
    }
    if let Some(id) = recorded.idempotency_key.as_ref().and_then(|k| inner.by_key.get(k)).cloned() {
        return Json(inner.intents[&id].clone()).into_response();
    }
    let id = format!("pi_fake{:04}", inner.intents.len() + 1);
    let intent = json!({
        "id": id,
        "object": "payment_intent",
        "client_secret": format!("{id}_secret_fake"),
        "status": "requires_payment_method",
        "amount": form.get("amount").and_then(|a| a.parse::<i64>().ok()),
        "currency": form.get("currency"),
        "description": form.get("description"),
        "metadata": {"payment_id": form.get("metadata[payment_id]")},
        "last_payment_error": null,
    });
    inner.intents.insert(id.clone(), intent.clone());
    if let Some(key) = recorded.idempotency_key {
        inner.by_key.insert(key, id);
    }
    Json(intent).into_response()
}

async fn retrieve(State(fake): State<FakeStripe>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let mut inner = fake.inner.lock().unwrap();
    inner.requests.push(Recorded {
        method: "GET",
        path: format!("/v1/payment_intents/{id}"),
        authorization: header(&headers, "authorization"),
        idempotency_key: None,
        content_type: None,
        form: HashMap::new(),
    });
    if header(&headers, "authorization").as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return unauthorized();
    }
    match inner.intents.get(&id) {
        Some(intent) => Json(intent.clone()).into_response(),
        None => (StatusCode::NOT_FOUND, Json(json!({"error": {"message": format!("No such payment_intent: '{id}'")}})))
            .into_response(),
    }
}

/// `POST /v1/payment_intents/{id}/cancel`: as Stripe, only an intent that
/// is neither final nor processing can be canceled (else 400
/// `payment_intent_unexpected_state`).
async fn cancel(State(fake): State<FakeStripe>, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let mut inner = fake.inner.lock().unwrap();
    inner.requests.push(Recorded {
        method: "POST",
        path: format!("/v1/payment_intents/{id}/cancel"),
        authorization: header(&headers, "authorization"),
        idempotency_key: header(&headers, "idempotency-key"),
        content_type: header(&headers, "content-type"),
        form,
    });
    if header(&headers, "authorization").as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return unauthorized();
    }
    let Some(intent) = inner.intents.get_mut(&id) else {
        return (StatusCode::NOT_FOUND, Json(json!({"error": {"message": format!("No such payment_intent: '{id}'")}})))
            .into_response();
    };
    if matches!(intent["status"].as_str(), Some("succeeded" | "canceled" | "processing")) {
        let message = format!(
            "You cannot cancel this PaymentIntent because it has a status of {}.",
            intent["status"].as_str().unwrap_or_default()
        );
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": {"type": "invalid_request_error", "code": "payment_intent_unexpected_state",
                                   "message": message}})),
        )
            .into_response();
    }
    intent["status"] = json!("canceled");
    intent["cancellation_reason"] = json!("abandoned");
    Json(intent.clone()).into_response()
}

/// `POST /v1/refunds` and `POST /v1/identity/verification_sessions`.
async fn create_other(
    State(fake): State<FakeStripe>,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let path = uri.path().to_owned();
    let recorded = Recorded {
        method: "POST",
        path: path.clone(),
        authorization: header(&headers, "authorization"),
        idempotency_key: header(&headers, "idempotency-key"),
        content_type: header(&headers, "content-type"),
        form: form.clone(),
    };
    let mut inner = fake.inner.lock().unwrap();
    inner.requests.push(recorded.clone());
    if recorded.authorization.as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return unauthorized();
    }
    if let Some(answer) = recorded.idempotency_key.as_ref().and_then(|k| inner.answered.get(k)).cloned() {
        return Json(answer).into_response();
    }
    let answer = if path == "/v1/refunds" {
        if let Some(code) = inner.refund_failure {
            return (
                StatusCode::from_u16(code).unwrap(),
                Json(json!({"error": {"type": "api_error", "message": "Refunds are unavailable."}})),
            )
                .into_response();
        }
        let intent = form.get("payment_intent").cloned().unwrap_or_default();
        if inner.refunds.iter().any(|r| r["payment_intent"] == intent.as_str()) {
            return (
                StatusCode::BAD_REQUEST,
                Json(json!({"error": {"type": "invalid_request_error", "code": "charge_already_refunded",
                                       "message": "Charge has already been refunded."}})),
            )
                .into_response();
        }
        let refund = json!({"id": format!("re_fake{:04}", inner.refunds.len() + 1), "object": "refund",
                            "payment_intent": intent, "status": "succeeded"});
        inner.refunds.push(refund.clone());
        refund
    } else {
        let id = format!("vs_fake{:04}", inner.sessions.len() + 1);
        let session = json!({"id": id, "object": "identity.verification_session", "type": form.get("type"),
                             "status": "requires_input", "client_reference_id": form.get("client_reference_id"),
                             "url": format!("https://verify.stripe.com/start/{id}"), "last_error": null});
        inner.sessions.push(session.clone());
        session
    };
    if let Some(key) = recorded.idempotency_key {
        inner.answered.insert(key, answer.clone());
    }
    Json(answer).into_response()
}

/// `GET /v1/identity/verification_sessions/{id}?expand[]=verified_outputs`:
/// a verified session reports the name read off the document.
async fn retrieve_session(
    State(fake): State<FakeStripe>,
    Path(id): Path<String>,
    uri: axum::http::Uri,
    headers: HeaderMap,
) -> Response {
    if header(&headers, "authorization").as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return unauthorized();
    }
    let inner = fake.inner.lock().unwrap();
    let Some(session) = inner.sessions.iter().find(|s| s["id"] == id.as_str()).cloned() else {
        return (StatusCode::NOT_FOUND, Json(json!({"error": {"type": "invalid_request_error"}}))).into_response();
    };
    let mut session = session;
    let expanded = uri.query().unwrap_or_default().contains("verified_outputs");
    session["verified_outputs"] = if expanded {
        json!({"first_name": "Marieke", "last_name": "van der Berg", "dob": null})
    } else {
        Value::String("vo_fake".into())
    };
    Json(session).into_response()
}

impl FakeStripe {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let fake = FakeStripe { base: format!("http://{}", listener.local_addr().unwrap()), ..FakeStripe::default() };
        let app = Router::new()
            .route("/v1/payment_intents", post(create))
            .route("/v1/payment_intents/{id}", get(retrieve))
            .route("/v1/payment_intents/{id}/cancel", post(cancel))
            .route("/v1/refunds", post(create_other))
            .route("/v1/identity/verification_sessions", post(create_other))
            .route("/v1/identity/verification_sessions/{id}", get(retrieve_session))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("REGISTRY_PAYMENTS", "stripe".into()),
            ("REGISTRY_STRIPE_SECRET_KEY", SECRET_KEY.into()),
            ("REGISTRY_STRIPE_PUBLISHABLE_KEY", PUBLISHABLE_KEY.into()),
            ("REGISTRY_STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET.into()),
            ("REGISTRY_STRIPE_API_BASE", self.base.clone()),
        ]
    }

    /// Stripe Identity (with payments kept local).
    pub fn identity_env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("REGISTRY_IDENTITY", "stripe".into()),
            ("REGISTRY_STRIPE_SECRET_KEY", SECRET_KEY.into()),
            ("REGISTRY_STRIPE_IDENTITY_WEBHOOK_SECRET", IDENTITY_WEBHOOK_SECRET.into()),
            ("REGISTRY_STRIPE_API_BASE", self.base.clone()),
        ]
    }

    pub fn refunds(&self) -> Vec<Value> {
        self.inner.lock().unwrap().refunds.clone()
    }

    pub fn set_refund_failure(&self, status: Option<u16>) {
        self.inner.lock().unwrap().refund_failure = status;
    }

    /// A signed-payload identity event, as Stripe would send it.
    pub fn identity_event(
        event_id: &str,
        kind: &str,
        session_id: &str,
        created_secs: i64,
        error_code: Option<&str>,
    ) -> Vec<u8> {
        let last_error = error_code.map_or(Value::Null, |c| json!({"code": c, "reason": "test"}));
        serde_json::to_vec(&json!({"id": event_id, "object": "event", "type": kind, "created": created_secs,
            "data": {"object": {"id": session_id, "object": "identity.verification_session", "last_error": last_error}}}))
        .unwrap()
    }

    /// The intent's status at the fake.
    pub fn status(&self, id: &str) -> String {
        self.inner.lock().unwrap().intents[id]["status"].as_str().unwrap_or_default().to_owned()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().unwrap().requests.clone()
    }

    /// What a payer's card does to the intent at Stripe.
    pub fn set_status(&self, id: &str, status: &str, error: Option<&str>) {
        let mut inner = self.inner.lock().unwrap();
        let intent = inner.intents.get_mut(id).expect("an intent the fake made");
        intent["status"] = json!(status);
        intent["last_payment_error"] = error.map_or(Value::Null, |m| json!({"message": m}));
    }

    /// A declined attempt, with Stripe's error `code` and the issuer's `decline_code`.
    pub fn set_declined(&self, id: &str, message: &str, code: &str, decline_code: Option<&str>) {
        let mut inner = self.inner.lock().unwrap();
        let intent = inner.intents.get_mut(id).expect("an intent the fake made");
        intent["status"] = json!("requires_payment_method");
        intent["last_payment_error"] =
            json!({"type": "card_error", "message": message, "code": code, "decline_code": decline_code});
    }

    /// A signed webhook event about an intent, as Stripe would send it.
    pub fn event(&self, event_id: &str, kind: &str, intent_id: &str) -> Vec<u8> {
        let object = self.inner.lock().unwrap().intents.get(intent_id).cloned().unwrap_or(json!({"id": intent_id}));
        serde_json::to_vec(&json!({"id": event_id, "object": "event", "type": kind, "data": {"object": object}}))
            .unwrap()
    }
}
