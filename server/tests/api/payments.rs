use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    fake_stripe::{FakeStripe, PUBLISHABLE_KEY, WEBHOOK_SECRET},
    helpers::{TestApp, parts, sailboat},
};

const SUCCESS: &str = "4242 4242 4242 4242";
const DECLINED: &str = "4000 0000 0000 0002";
const INSUFFICIENT: &str = "4000 0000 0000 9995";
const AUTHENTICATION: &str = "4000 0025 0000 3155";

/// A signed-in, verified owner with a vessel awaiting its fee.
async fn owner_with_pending_vessel(app: &TestApp) -> Value {
    app.signed_in_user("owner@example.nl").await;
    let (status, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    assert_eq!(status, StatusCode::CREATED, "{vessel}");
    vessel
}

async fn create_intent(app: &TestApp, vessel: &Value) -> (StatusCode, Value) {
    parts(app.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]})).await)
        .await
}

async fn confirm(app: &TestApp, secret: &str, card: &str) -> (StatusCode, Value) {
    let body = json!({"clientSecret": secret, "cardNumber": card, "expMonth": 12, "expYear": 2034, "cvc": "123",
                      "returnUrl": "/register-vessel?paymentId=x"});
    parts(app.post("/api/payments/local/confirm", body).await).await
}

async fn vessel_status(app: &TestApp, vessel: &Value) -> String {
    let row =
        sqlx::query("SELECT status FROM vessels WHERE id = $1").bind(vessel["id"].as_str().unwrap()).fetch_one(&app.db);
    sqlx::Row::get(&row.await.unwrap(), "status")
}

async fn count(app: &TestApp, sql: &str, vessel: &Value) -> i64 {
    let row = sqlx::query(sql).bind(vessel["id"].as_str().unwrap()).fetch_one(&app.db).await.unwrap();
    sqlx::Row::get(&row, 0)
}

const PAID_AUDITS: &str = "SELECT COUNT(*) FROM audit_log WHERE vessel_id = $1 AND action = 'registration_paid'";

async fn receipts(app: &TestApp) -> usize {
    let all: Vec<Value> = app.get("/api/dev/mailbox").await.json().await.unwrap();
    all.iter()
        .filter(|m| m["to"] == "owner@example.nl" && m["subject"].as_str().unwrap().starts_with("Receipt"))
        .count()
}

#[tokio::test]
async fn the_success_card_pays_the_fee_and_puts_the_vessel_in_the_registry_once() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (status, intent) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    assert_eq!((intent["amountCents"].as_i64(), intent["currency"].as_str()), (Some(2495), Some("eur")));
    let secret = intent["clientSecret"].as_str().unwrap();
    assert!(secret.starts_with("pi_") && secret.contains("_secret_"), "{secret}");
    let payment_path = format!("/api/payments/{}", intent["paymentId"].as_str().unwrap());
    let (_, payment) = parts(app.get(&payment_path).await).await;
    assert_eq!(payment["status"], "requires_payment");

    let (status, outcome) = confirm(&app, secret, SUCCESS).await;
    assert_eq!((status, outcome["status"].as_str()), (StatusCode::OK, Some("succeeded")), "{outcome}");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (_, payment) = parts(app.get(&payment_path).await).await;
    assert_eq!(payment["status"], "succeeded");
    assert_eq!((payment["cardBrand"].as_str(), payment["cardLast4"].as_str()), (Some("visa"), Some("4242")));
    assert_eq!(payment["vesselPlatformId"], vessel["platformId"]);
    let (_, found) = parts(app.get("/api/vessels/search?query=zeemeeuw").await).await;
    assert_eq!(found["total"], 1, "now public and searchable");

    // The receipt names the amount, the purpose, the vessel and the reference.
    let mail = app.last_message_to("owner@example.nl").await.unwrap();
    let body = mail["body"].as_str().unwrap();
    for needle in
        ["€24.95", "Vessel registration", vessel["platformId"].as_str().unwrap(), intent["paymentId"].as_str().unwrap()]
    {
        assert!(body.contains(needle), "{needle} in {body}");
    }

    // Confirming again charges nothing more and fulfils nothing more.
    let (status, again) = confirm(&app, secret, SUCCESS).await;
    assert_eq!((status, again["status"].as_str()), (StatusCode::OK, Some("succeeded")));
    assert_eq!(count(&app, PAID_AUDITS, &vessel).await, 1);
    assert_eq!(receipts(&app).await, 1);
    let (status, body) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn declined_cards_leave_the_vessel_pending_and_the_same_payment_can_be_retried() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let payment_path = format!("/api/payments/{}", intent["paymentId"].as_str().unwrap());

    for (card, message) in [(DECLINED, "Your card was declined."), (INSUFFICIENT, "Your card has insufficient funds.")]
    {
        let (status, body) = confirm(&app, secret, card).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
        assert_eq!((body["message"].as_str(), body["code"].as_str()), (Some(message), Some("card_declined")));
        let (_, payment) = parts(app.get(&payment_path).await).await;
        assert_eq!((payment["status"].as_str(), payment["failureMessage"].as_str()), (Some("failed"), Some(message)));
        assert_eq!(vessel_status(&app, &vessel).await, "pending_payment");
    }
    // The dashboard's 'Complete payment' asks again: the same payment comes back.
    let (_, again) = create_intent(&app, &vessel).await;
    assert_eq!(again["paymentId"], intent["paymentId"]);
    assert_eq!(again["clientSecret"], intent["clientSecret"]);
    let (status, _) = confirm(&app, secret, SUCCESS).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payments").await, 1);
}

#[tokio::test]
async fn bad_card_details_are_refused_with_the_providers_messages_and_never_stored() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let attempt = |card: &str, month: i64, year: i64, cvc: &str| json!({"clientSecret": secret, "cardNumber": card, "expMonth": month, "expYear": year, "cvc": cvc});
    for (body, code, message) in [
        (attempt("4242 4242 4242 4241", 12, 2034, "123"), "incorrect_number", "Your card number is invalid."),
        (attempt(SUCCESS, 1, 2020, "123"), "expired_card", "Your card has expired."),
        (
            attempt(SUCCESS, 12, 9_223_372_036_854_775_807, "123"),
            "invalid_expiry_year",
            "Your card's expiration year is invalid.",
        ),
        (attempt(SUCCESS, 12, 2099, "123"), "invalid_expiry_year", "Your card's expiration year is invalid."),
        (attempt(SUCCESS, 12, 2034, "12"), "invalid_cvc", "Your card's security code is invalid."),
        (attempt(SUCCESS, 12, 2034, "1234"), "invalid_cvc", "Your card's security code is invalid."),
    ] {
        let (status, answer) = parts(app.post("/api/payments/local/confirm", body).await).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!((answer["code"].as_str(), answer["message"].as_str()), (Some(code), Some(message)));
    }
    let (status, _) = parts(app.post("/api/payments/local/confirm", attempt(SUCCESS, 12, 2034, "123")).await).await;
    assert_eq!(status, StatusCode::OK);
    // Only brand and last four digits are kept anywhere.
    for (table, columns) in [
        ("payments", "COALESCE(card_last4, '') || COALESCE(failure_message, '')"),
        ("local_payment_intents", "COALESCE(card_last4, '') || COALESCE(last_error, '')"),
        ("payment_events", "detail"),
        ("outbox", "body"),
    ] {
        let leaked = app.scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {columns} LIKE '%42424242%'")).await;
        assert_eq!(leaked, 0, "{table}");
    }
    let (status, body) = parts(
        app.post(
            "/api/payments/local/confirm",
            json!({"clientSecret": "pi_x_secret_y", "cardNumber": SUCCESS,
        "expMonth": 12, "expYear": 2034, "cvc": "123"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
}

#[tokio::test]
async fn the_authentication_card_goes_through_the_local_bank_page() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let (status, outcome) = confirm(&app, secret, AUTHENTICATION).await;
    assert_eq!((status, outcome["status"].as_str()), (StatusCode::OK, Some("requires_action")), "{outcome}");
    let page_url = outcome["redirectUrl"].as_str().unwrap();
    assert!(
        page_url.starts_with(&format!("{}/payments/local/authenticate/pi_", crate::helpers::PUBLIC_URL)),
        "{page_url}"
    );
    assert_eq!(vessel_status(&app, &vessel).await, "pending_payment", "not before the bank says so");
    let path_and_query = &page_url[crate::helpers::PUBLIC_URL.len()..];
    let page = app.get(path_and_query).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    let html = page.text().await.unwrap();
    assert!(
        html.contains("Complete authentication") && html.contains("Fail authentication") && html.contains("€24.95")
    );

    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let action = path_and_query.split('?').next().unwrap();
    let form = |outcome: &str| {
        url::form_urlencoded::Serializer::new(String::new())
            .append_pair("client_secret", secret)
            .append_pair("return_url", "http://localhost:8080/register-vessel?paymentId=p1")
            .append_pair("outcome", outcome)
            .finish()
    };
    // Failing the check fails the payment, and the browser returns with the outcome.
    let r = no_redirects
        .post(app.url(action))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form("fail"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let location = r.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with("http://localhost:8080/register-vessel?paymentId=p1&payment_intent=pi_"),
        "{location}"
    );
    assert!(location.ends_with("redirect_status=failed"), "{location}");
    let (_, payment) = parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
    assert_eq!(payment["status"], "failed");
    assert!(payment["failureMessage"].as_str().unwrap().contains("unable to authenticate"));
    assert_eq!(payment["failureCode"], "payment_authentication_failed");

    // A second attempt, approved this time.
    let (_, outcome) = confirm(&app, secret, AUTHENTICATION).await;
    assert_eq!(outcome["status"], "requires_action");
    let r = no_redirects
        .post(app.url(action))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form("complete"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert!(r.headers()["location"].to_str().unwrap().ends_with("redirect_status=succeeded"));
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(count(&app, PAID_AUDITS, &vessel).await, 1);
}

#[tokio::test]
async fn return_urls_must_stay_on_this_site() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": AUTHENTICATION, "expMonth": 12, "expYear": 2034,
                      "cvc": "123", "returnUrl": "https://evil.example/phish"});
    let (status, answer) = parts(app.post("/api/payments/local/confirm", body).await).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_return_url")));
}

#[tokio::test]
async fn only_the_owner_may_ask_for_a_pending_vessels_fee() {
    let app = TestApp::spawn().await;
    let anonymous = TestApp::browser();
    let vessel = owner_with_pending_vessel(&app).await;
    let r = anonymous
        .post(app.url("/api/payments/create-intent"))
        .json(&json!({"purpose": "registration", "vesselId": vessel["id"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);

    let other = app.second_browser();
    other.signed_in_user("other@example.nl").await;
    let (status, body) = create_intent(&other, &vessel).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = create_intent(&other, &json!({"id": "no-such-vessel"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let r = other
        .post(
            "/api/payments/create-intent",
            json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": "t"}),
        )
        .await;
    let (status, body) = parts(r).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "no such transfer");
    let (status, body) =
        parts(app.post("/api/payments/create-intent", json!({"purpose": "gift", "vesselId": vessel["id"]})).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "an unknown purpose: {body}");
    assert!(body["message"].as_str().unwrap().contains("purpose"), "{body}");

    // A second request reuses the open payment.
    let (_, first) = create_intent(&app, &vessel).await;
    let (_, second) = create_intent(&app, &vessel).await;
    assert_eq!((&first["paymentId"], &first["clientSecret"]), (&second["paymentId"], &second["clientSecret"]));
    // Nobody else reads it, and nothing but the provider's word moves it.
    let path = format!("/api/payments/{}", first["paymentId"].as_str().unwrap());
    assert_eq!(other.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(anonymous.get(app.url(&path)).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(vessel_status(&app, &vessel).await, "pending_payment");
}

#[tokio::test]
async fn a_decline_stripe_gives_a_code_for_is_read_in_the_payers_language() {
    let fake = FakeStripe::start().await;
    let (app, _vessel, intent, pi) = stripe_payment(&fake).await;
    let path = format!("/api/payments/{}", intent["paymentId"].as_str().unwrap());
    let in_german = || async {
        parts(app.client.get(app.url(&path)).header("accept-language", "de").send().await.unwrap()).await.1
    };
    let german = |key: &str| {
        let catalogue: Value =
            serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/messages/de.json"))).unwrap();
        catalogue["errors"][key].as_str().unwrap().to_owned()
    };

    // The issuer's decline code is the most specific reason.
    fake.set_declined(&pi, "Your card has insufficient funds.", "card_declined", Some("insufficient_funds"));
    assert_eq!(signed(&app, &fake.event("evt_d1", "payment_intent.payment_failed", &pi)).await.0, StatusCode::OK);
    let payment = in_german().await;
    assert_eq!(payment["failureCode"], "card_insufficient_funds", "{payment}");
    assert_eq!(payment["failureMessage"].as_str(), Some(german("card_insufficient_funds").as_str()));

    // A decline code we do not word falls back to the error's code.
    fake.set_declined(&pi, "Your card was declined.", "card_declined", Some("lost_card"));
    assert_eq!(signed(&app, &fake.event("evt_d2", "payment_intent.payment_failed", &pi)).await.0, StatusCode::OK);
    let payment = in_german().await;
    assert_eq!(payment["failureCode"], "card_declined", "{payment}");
    assert_eq!(payment["failureMessage"].as_str(), Some(german("card_declined").as_str()));

    // A reason we have no words for keeps Stripe's.
    fake.set_declined(&pi, "Something unusual happened.", "processing_error", None);
    assert_eq!(signed(&app, &fake.event("evt_d3", "payment_intent.payment_failed", &pi)).await.0, StatusCode::OK);
    let payment = in_german().await;
    assert_eq!(payment["failureCode"], Value::Null, "{payment}");
    assert_eq!(payment["failureMessage"], "Something unusual happened.");
}

#[tokio::test]
async fn a_fee_is_not_taken_for_a_vessel_whose_identifier_is_meanwhile_registered() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let rival = app.second_browser();
    rival.signed_in_user("rival@example.nl").await;
    let (_, theirs) = parts(rival.post("/api/vessels", sailboat()).await).await;
    let (_, their_intent) = create_intent(&rival, &theirs).await;
    confirm(&rival, their_intent["clientSecret"].as_str().unwrap(), SUCCESS).await;
    let (status, body) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("CIN/HIN"), "{body}");
}

#[tokio::test]
async fn racing_confirmations_activate_the_vessel_exactly_once() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let secret = intent["clientSecret"].as_str().unwrap().to_owned();
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let (client, url, secret) = (TestApp::browser(), app.url("/api/payments/local/confirm"), secret.clone());
            tokio::spawn(async move {
                let body = json!({"clientSecret": secret, "cardNumber": SUCCESS, "expMonth": 12, "expYear": 2034, "cvc": "123"});
                client.post(url).json(&body).send().await.unwrap().status()
            })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await.unwrap(), StatusCode::OK);
    }
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(count(&app, PAID_AUDITS, &vessel).await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_events WHERE type = 'succeeded'").await, 1);
    // The receipt is queued in the fee's own transaction: every request has answered, so a
    // second one would be there now (no waiting).
    assert_eq!(receipts(&app).await, 1);
}

#[tokio::test]
async fn the_payments_config_names_the_provider() {
    let app = TestApp::spawn().await;
    let (_, config) = parts(app.get("/api/config/payments").await).await;
    assert_eq!(config, json!({"provider": "local"}));
    let fake = FakeStripe::start().await;
    let stripe = spawn_stripe(&fake).await;
    let (_, config) = parts(stripe.get("/api/config/payments").await).await;
    assert_eq!(config, json!({"provider": "stripe", "publishableKey": PUBLISHABLE_KEY}));
    let csp = stripe.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("https://js.stripe.com"), "{csp}");
    let r = stripe
        .post(
            "/api/payments/local/confirm",
            json!({"clientSecret": "x", "cardNumber": SUCCESS, "expMonth": 1, "expYear": 2034, "cvc": "123"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND, "no offline processor beside Stripe");
}

// ---- Stripe, against the local fake of its API ----

async fn spawn_stripe(fake: &FakeStripe) -> TestApp {
    let env = fake.env();
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    TestApp::spawn_with(&pairs).await
}

fn now_secs() -> i64 {
    i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()).unwrap()
}

async fn deliver(app: &TestApp, body: &[u8], signature: &str) -> (StatusCode, Value) {
    let r = app
        .client
        .post(app.url("/api/payments/webhook"))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(body.to_vec())
        .send()
        .await
        .unwrap();
    parts(r).await
}

async fn signed(app: &TestApp, body: &[u8]) -> (StatusCode, Value) {
    deliver(app, body, &registry::platform::stripe_http::signature_header(WEBHOOK_SECRET, now_secs(), body)).await
}

/// A Stripe-backed app, an owner's pending vessel and its payment at the fake.
async fn stripe_payment(fake: &FakeStripe) -> (TestApp, Value, Value, String) {
    let app = spawn_stripe(fake).await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (status, intent) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let pi = intent["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
    (app, vessel, intent, pi)
}

#[tokio::test]
async fn intents_are_created_at_stripe_form_encoded_with_the_key_and_an_idempotency_key() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    let requests = fake.requests();
    assert_eq!(requests.len(), 1);
    let r = &requests[0];
    let payment_id = intent["paymentId"].as_str().unwrap();
    assert_eq!((r.method, r.path.as_str()), ("POST", "/v1/payment_intents"));
    assert_eq!(r.authorization.as_deref(), Some("Bearer sk_test_fake_registry"));
    assert_eq!(r.idempotency_key.as_deref(), Some(format!("payment-{payment_id}").as_str()));
    assert_eq!(r.content_type.as_deref(), Some("application/x-www-form-urlencoded"));
    assert_eq!(r.form["amount"], "2495");
    assert_eq!(r.form["currency"], "eur");
    assert_eq!(r.form["metadata[payment_id]"], payment_id);
    assert_eq!(intent["clientSecret"], format!("{pi}_secret_fake"));
    // Asked again: the same payment, and no second intent at Stripe.
    let (_, again) = create_intent(&app, &vessel).await;
    assert_eq!(again["paymentId"], intent["paymentId"]);
    assert_eq!(fake.requests().iter().filter(|r| r.method == "POST").count(), 1);
}

#[tokio::test]
async fn webhooks_with_a_wrong_signature_or_an_old_timestamp_are_refused() {
    let fake = FakeStripe::start().await;
    let (app, vessel, _, pi) = stripe_payment(&fake).await;
    fake.set_status(&pi, "succeeded", None);
    let body = fake.event("evt_1", "payment_intent.succeeded", &pi);
    let wrong = registry::platform::stripe_http::signature_header("whsec_not_ours", now_secs(), &body);
    let old = registry::platform::stripe_http::signature_header(WEBHOOK_SECRET, now_secs() - 600, &body);
    for (signature, why) in [(wrong.as_str(), "wrong secret"), (old.as_str(), "ten minutes old"), ("", "missing")] {
        let (status, answer) = deliver(&app, &body, signature).await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_signature")), "{why}");
    }
    let mut tampered = body.clone();
    tampered.extend_from_slice(b" ");
    let (status, _) =
        deliver(&app, &tampered, &registry::platform::stripe_http::signature_header(WEBHOOK_SECRET, now_secs(), &body))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the signature covers the raw bytes");
    assert_eq!(vessel_status(&app, &vessel).await, "pending_payment");
}

#[tokio::test]
async fn a_signed_success_fulfils_once_and_replays_or_late_failures_change_nothing() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    // A success event while Stripe itself says otherwise: the server believes Stripe.
    let early = fake.event("evt_0", "payment_intent.succeeded", &pi);
    let (status, ack) = signed(&app, &early).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    assert_eq!(vessel_status(&app, &vessel).await, "pending_payment");

    fake.set_status(&pi, "succeeded", None);
    let body = fake.event("evt_1", "payment_intent.succeeded", &pi);
    let (status, ack) = signed(&app, &body).await;
    assert_eq!((status, ack["outcome"].as_str()), (StatusCode::OK, Some("applied")));
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (status, ack) = signed(&app, &body).await;
    assert_eq!((status, ack["outcome"].as_str()), (StatusCode::OK, Some("duplicate")), "a replayed event");
    // A failure reported after the success (out of order) does not undo it.
    let late = fake.event("evt_2", "payment_intent.payment_failed", &pi);
    let (status, _) = signed(&app, &late).await;
    assert_eq!(status, StatusCode::OK);
    let (_, payment) = parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
    assert_eq!(payment["status"], "succeeded");
    assert_eq!(count(&app, PAID_AUDITS, &vessel).await, 1);
    // Queued in the fee's transaction, so already there (or not) once the webhook has answered.
    assert_eq!(receipts(&app).await, 1);
}

#[tokio::test]
async fn a_failure_event_records_stripes_message() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    fake.set_status(&pi, "requires_payment_method", Some("Your card was declined."));
    let (status, _) = signed(&app, &fake.event("evt_f", "payment_intent.payment_failed", &pi)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, payment) = parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
    assert_eq!(
        (payment["status"].as_str(), payment["failureMessage"].as_str()),
        (Some("failed"), Some("Your card was declined."))
    );
    assert_eq!(vessel_status(&app, &vessel).await, "pending_payment");
}

#[tokio::test]
async fn the_payment_page_learns_the_outcome_from_stripe_without_a_webhook() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    fake.set_status(&pi, "succeeded", None);
    let (_, payment) = parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
    assert_eq!(payment["status"], "succeeded");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let retrieve = fake.requests().iter().filter(|r| r.method == "GET").count();
    assert_eq!(retrieve, 1, "read back from Stripe once");
}

#[tokio::test]
async fn racing_webhooks_and_polls_fulfil_exactly_once() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    fake.set_status(&pi, "succeeded", None);
    let mut tasks = Vec::new();
    for i in 0..8 {
        let body = fake.event(&format!("evt_race_{}", i % 4), "payment_intent.succeeded", &pi);
        let signature = registry::platform::stripe_http::signature_header(WEBHOOK_SECRET, now_secs(), &body);
        let url = app.url("/api/payments/webhook");
        tasks.push(tokio::spawn(async move {
            let r =
                reqwest::Client::new().post(url).header("stripe-signature", signature).body(body).send().await.unwrap();
            r.status()
        }));
    }
    for _ in 0..4 {
        let (client, url) =
            (app.client.clone(), app.url(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())));
        tasks.push(tokio::spawn(async move { client.get(url).send().await.unwrap().status() }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), StatusCode::OK);
    }
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(count(&app, PAID_AUDITS, &vessel).await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_events WHERE type = 'succeeded'").await, 1);
    let handled = "SELECT COUNT(*) FROM payment_events WHERE type = 'payment_intent.succeeded'";
    assert_eq!(app.scalar(handled).await, 4, "each event id once");
}

#[tokio::test]
async fn a_payment_left_with_another_provider_is_canceled_and_started_again() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    // Opened while the registry used Stripe, never paid.
    sqlx::query(
        "INSERT INTO payments (id, user_id, purpose, vessel_id, amount_cents, currency, status, provider,
             provider_intent_id, client_secret, created_at, updated_at)
         SELECT 'old-pay', owner_user_id, 'registration', id, 2495, 'eur', 'requires_payment', 'stripe',
             'pi_elsewhere', 'pi_elsewhere_secret_x', 1, 1 FROM vessels WHERE id = $1",
    )
    .bind(vessel["id"].as_str().unwrap())
    .execute(&app.db)
    .await
    .unwrap();
    let (status, intent) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    assert_ne!(intent["paymentId"], "old-pay");
    assert!(
        intent["clientSecret"].as_str().unwrap().starts_with("pi_")
            && intent["clientSecret"] != "pi_elsewhere_secret_x"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payments WHERE id = 'old-pay' AND status = 'canceled'").await, 1);
    let (status, _) = confirm(&app, intent["clientSecret"].as_str().unwrap(), SUCCESS).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(vessel_status(&app, &vessel).await, "active");
}

#[tokio::test]
async fn reading_a_failed_payment_writes_nothing() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    confirm(&app, intent["clientSecret"].as_str().unwrap(), DECLINED).await;
    let events = "SELECT COUNT(*) FROM payment_events";
    let before = app.scalar(events).await;
    for _ in 0..3 {
        let (_, payment) =
            parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
        assert_eq!(payment["status"], "failed");
    }
    assert_eq!(app.scalar(events).await, before);
    // A different failure on the same payment is recorded, with its own message.
    let (status, body) = confirm(&app, intent["clientSecret"].as_str().unwrap(), INSUFFICIENT).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
    assert_eq!(app.scalar(events).await, before + 1);
}

/// Money that cannot get stuck: a paid vessel whose identifier another vessel
/// took meanwhile is held in `needs_review`, visibly, with the reason, for
/// its owner and for administrators.
#[tokio::test]
async fn a_paid_vessel_whose_identifier_was_taken_meanwhile_waits_in_review_visibly() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    let rival = app.second_browser();
    rival.signed_in_user("rival@example.nl").await;
    let (_, theirs) = parts(rival.post("/api/vessels", sailboat()).await).await;
    let (_, their_intent) = create_intent(&rival, &theirs).await;
    confirm(&rival, their_intent["clientSecret"].as_str().unwrap(), SUCCESS).await;

    let (status, _) = confirm(&app, intent["clientSecret"].as_str().unwrap(), SUCCESS).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(vessel_status(&app, &vessel).await, "needs_review");
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(mine[0]["status"], "needs_review");
    assert!(mine[0]["reviewReason"].as_str().unwrap().contains("refunded"), "{mine}");
    // The reason is kept as a code and read in the reader's language.
    let german = app.client.get(app.url("/api/vessels/my/list")).header("accept-language", "de").send().await.unwrap();
    let (_, mine) = parts(german).await;
    assert!(mine[0]["reviewReason"].as_str().unwrap().contains("erstattet"), "{mine}");
    assert_eq!(
        app.scalar_text("SELECT review_reason FROM vessels WHERE status = 'needs_review'").await,
        "vessel_identifier_taken_review"
    );
    let (status, body) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("reviewing"), "{body}");

    // Administrators find it; nobody else may list.
    assert_eq!(app.get("/api/admin/vessels?status=needs_review").await.status(), StatusCode::FORBIDDEN);
    let anonymous = TestApp::browser();
    let r = anonymous.get(app.url("/api/admin/vessels")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let admin = app.second_browser();
    admin.signed_in_user("harbour-master@example.nl").await;
    registry::cli::seed::promote(&app.db, "harbour-master@example.nl").await.unwrap();
    let (status, queue) = parts(admin.get("/api/admin/vessels?status=needs_review").await).await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    assert_eq!((queue["total"].as_i64(), queue["data"][0]["id"].as_str()), (Some(1), vessel["id"].as_str()));
    let (_, everything) = parts(admin.get("/api/admin/vessels").await).await;
    assert_eq!(everything["total"], 2);
}

/// A success the provider reports after our own cancellation is recorded
/// and fulfils: money is never dropped.
#[tokio::test]
async fn a_success_reported_after_a_local_cancel_still_activates() {
    let fake = FakeStripe::start().await;
    let (app, vessel, intent, pi) = stripe_payment(&fake).await;
    sqlx::query("UPDATE payments SET status = 'canceled' WHERE id = $1")
        .bind(intent["paymentId"].as_str().unwrap())
        .execute(&app.db)
        .await
        .unwrap();
    fake.set_status(&pi, "succeeded", None);
    let (status, ack) = signed(&app, &fake.event("evt_late", "payment_intent.succeeded", &pi)).await;
    assert_eq!((status, ack["outcome"].as_str()), (StatusCode::OK, Some("applied")), "{ack}");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (_, payment) = parts(app.get(&format!("/api/payments/{}", intent["paymentId"].as_str().unwrap())).await).await;
    assert_eq!(payment["status"], "succeeded");
}

#[tokio::test]
async fn archiving_an_account_cancels_its_open_payments_and_erases_the_phone_on_its_vessels() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK);
    let status: String = sqlx::Row::get(
        &sqlx::query("SELECT status FROM payments WHERE id = $1")
            .bind(intent["paymentId"].as_str().unwrap())
            .fetch_one(&app.db)
            .await
            .unwrap(),
        "status",
    );
    assert_eq!(status, "canceled");
    assert_eq!(vessel_status(&app, &vessel).await, "deactivated");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM vessels WHERE id = $1 AND owner_phone_e164 <> ''", &vessel).await, 0);
}

#[tokio::test]
async fn payment_records_are_kept_seven_years_and_then_deleted() {
    use registry::platform::clock::{DAY, now_ms};
    let app = TestApp::spawn().await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (_, intent) = create_intent(&app, &vessel).await;
    confirm(&app, intent["clientSecret"].as_str().unwrap(), SUCCESS).await;
    let payments = "SELECT COUNT(*) FROM payments";
    registry::app::jobs::retention::sweep(&app.db, now_ms() + 6 * 365 * DAY).await.unwrap();
    assert_eq!(app.scalar(payments).await, 1);
    registry::app::jobs::retention::sweep(&app.db, now_ms() + 7 * 365 * DAY + DAY).await.unwrap();
    assert_eq!(app.scalar(payments).await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_events").await, 0);
    assert_eq!(vessel_status(&app, &vessel).await, "active", "the vessel itself stays registered");
}

/// The provider's own words are logged, never passed to the client.
#[tokio::test]
async fn a_provider_failure_answers_our_message_not_the_providers() {
    let fake = FakeStripe::start().await;
    let mut env = fake.env();
    for (name, value) in &mut env {
        if *name == "REGISTRY_STRIPE_SECRET_KEY" {
            *value = "sk_test_not_the_right_key".into();
        }
    }
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let app = TestApp::spawn_with(&pairs).await;
    let vessel = owner_with_pending_vessel(&app).await;
    let (status, body) = create_intent(&app, &vessel).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY, "{body}");
    assert_eq!(body["code"], "payment_provider_unavailable");
    assert_eq!(body["message"], "The card payment service could not be reached; please try again.");
    assert!(!body.to_string().contains("API Key"), "{body}");
}
