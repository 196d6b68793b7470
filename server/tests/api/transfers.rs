//! Ownership transfers, as far as they go: initiation, the code, resend, cancel.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts};

pub const BUYER: &str = "+31687654321";

/// A verified owner with an active vessel (paid with the offline processor).
async fn owner_with_active_vessel(app: &TestApp) -> Value {
    app.owner_with_active_vessel("seller@example.nl").await
}

async fn vessel_status(app: &TestApp, vessel: &Value) -> String {
    let row =
        sqlx::query("SELECT status FROM vessels WHERE id = $1").bind(vessel["id"].as_str().unwrap()).fetch_one(&app.db);
    sqlx::Row::get(&row.await.unwrap(), "status")
}

pub async fn initiate(app: &TestApp, vessel: &Value) -> (StatusCode, Value) {
    parts(app.post("/api/transfers/initiate", json!({"vesselId": vessel["id"], "toPhoneE164": BUYER})).await).await
}

/// The code from the newest SMS to the buyer, as the dev mailbox shows it.
pub async fn code_sent(app: &TestApp) -> String {
    let sms = app.last_message_to(BUYER).await.expect("an SMS");
    assert_eq!(sms["channel"], "sms");
    let body = sms["body"].as_str().unwrap();
    body.split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .expect("a six-digit code")
        .to_owned()
}

#[tokio::test]
async fn the_owner_starts_a_transfer_and_confirms_the_code_the_buyers_phone_received() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let (status, started) = initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let id = started["transferId"].as_str().unwrap().to_owned();
    assert_eq!(vessel_status(&app, &vessel).await, "in_transfer");
    let (_, transfer) = parts(app.get(&format!("/api/transfers/{id}")).await).await;
    assert_eq!(transfer["status"], "pending_verification");
    assert_eq!(transfer["toPhoneMasked"], "+31 6•••••321");
    assert!(!transfer.to_string().contains(BUYER), "the full number is never shown back");

    let code = code_sent(&app).await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let (status, body) = parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": wrong})).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("wrong_code")));
    assert!(body["message"].as_str().unwrap().contains("4 attempts left"), "{body}");
    let (status, verified) =
        parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::OK, "{verified}");
    assert_eq!(verified["status"], "verified");
    let (status, _) = parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "a second verification changes nothing");
    let (_, mine) = parts(app.get("/api/transfers").await).await;
    assert_eq!((mine[0]["id"].as_str(), mine[0]["outgoing"].as_bool()), (Some(id.as_str()), Some(true)));
}

#[tokio::test]
async fn only_the_owner_of_an_active_vessel_may_start_one_transfer_at_a_time() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    let (status, _) = initiate(&stranger, &vessel).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let anonymous = TestApp::browser();
    let r = anonymous
        .post(app.url("/api/transfers/initiate"))
        .json(&json!({"vesselId": vessel["id"], "toPhoneE164": BUYER}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (status, body) = parts(
        app.post("/api/transfers/initiate", json!({"vesselId": vessel["id"], "toPhoneE164": "0612345678"})).await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["toPhoneE164"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Invalid phone number format"))
    );
    let (status, _) = initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transfers").await, 1);
}

/// Two initiations at once: exactly one transfer, one code, one SMS.
#[tokio::test]
async fn two_initiations_at_once_open_exactly_one_transfer() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (client, url) = (app.client.clone(), app.url("/api/transfers/initiate"));
            let body = json!({"vesselId": vessel["id"], "toPhoneE164": BUYER});
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    let mut created = 0;
    for a in attempts {
        match a.await.unwrap() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {}
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transfers").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox WHERE channel = 'sms'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'transfer_started'").await, 1);
}

#[tokio::test]
async fn a_resend_waits_a_minute_and_revokes_the_earlier_code() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let (_, started) = initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let first = code_sent(&app).await;
    let r = app.post(&format!("/api/transfers/{id}/resend-otp"), json!({})).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().contains_key("retry-after"));
    sqlx::query("UPDATE throttle SET window_start = window_start - 61000 WHERE bucket LIKE 'otp:transfer:%' AND bucket NOT LIKE '%:hour'")
        .execute(&app.db)
        .await
        .unwrap();
    assert_eq!(app.post(&format!("/api/transfers/{id}/resend-otp"), json!({})).await.status(), StatusCode::ACCEPTED);
    let second = code_sent(&app).await;
    if first != second {
        // The earlier code no longer matches: it is simply a wrong code now.
        let (status, body) =
            parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": first})).await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("wrong_code")));
    }
    let (status, _) = parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": second})).await).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn canceling_returns_the_vessel_and_tells_the_buyer() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let (_, started) = initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(stranger.post(&format!("/api/transfers/{id}/cancel"), json!({})).await.status(), StatusCode::NOT_FOUND);
    let (status, canceled) = parts(app.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!((status, canceled["status"].as_str()), (StatusCode::OK, Some("canceled")));
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert!(app.last_message_to(BUYER).await.unwrap()["body"].as_str().unwrap().contains("canceled"));
    assert_eq!(app.post(&format!("/api/transfers/{id}/cancel"), json!({})).await.status(), StatusCode::CONFLICT);
    // A new transfer may start now.
    assert_eq!(initiate(&app, &vessel).await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn an_unpaid_transfer_expires_after_a_day_and_the_vessel_is_active_again() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let (_, started) = initiate(&app, &vessel).await;
    let expired = registry::features::transfers::service::expire_due(
        &app.state,
        registry::platform::clock::now_ms() + 24 * 3_600_000 + 1,
    )
    .await
    .unwrap();
    assert_eq!(expired, 1);
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (_, transfer) =
        parts(app.get(&format!("/api/transfers/{}", started["transferId"].as_str().unwrap())).await).await;
    assert_eq!(transfer["status"], "expired");
}

/// A buyer account whose mobile number is verified by SMS code.
pub async fn buyer(app: &TestApp) -> TestApp {
    let buyer = app.second_browser();
    buyer.signed_in_user("buyer@example.nl").await;
    crate::phone::verify_number(&buyer, BUYER).await;
    buyer
}

pub async fn verified_transfer(app: &TestApp, vessel: &Value) -> String {
    let (_, started) = initiate(app, vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let code = code_sent(app).await;
    let (status, _) = parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await).await;
    assert_eq!(status, StatusCode::OK);
    id
}

/// The transfer fee's intent, asked for by `app`, and the card details that
/// confirm it with the offline processor.
pub async fn card_for_fee(app: &TestApp, vessel: &Value, id: &str) -> Value {
    let ask = json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": id});
    let (status, intent) = parts(app.post("/api/payments/create-intent", ask).await).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"})
}

pub async fn pay_transfer(app: &TestApp, vessel: &Value, id: &str) -> (StatusCode, Value) {
    let (status, intent) = parts(
        app.post(
            "/api/payments/create-intent",
            json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": id}),
        )
        .await,
    )
    .await;
    if status != StatusCode::OK {
        return (status, intent);
    }
    assert_eq!(intent["amountCents"], 995);
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    parts(app.post("/api/payments/local/confirm", body).await).await
}

#[tokio::test]
async fn the_fee_paid_hands_the_vessel_to_the_buyer_and_ends_the_sellers_access() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let buyer = buyer(&app).await;
    let (_, started) = initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    // Not before the code is confirmed.
    assert_eq!(pay_transfer(&app, &vessel, &id).await.0, StatusCode::CONFLICT);
    let code = code_sent(&app).await;
    parts(app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await).await;
    // The buyer sees it as incoming.
    let (_, theirs) = parts(buyer.get("/api/transfers").await).await;
    assert_eq!((theirs[0]["id"].as_str(), theirs[0]["outgoing"].as_bool()), (Some(id.as_str()), Some(false)));

    let (status, paid) = pay_transfer(&app, &vessel, &id).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (_, transfer) = parts(app.get(&format!("/api/transfers/{id}")).await).await;
    assert_eq!(transfer["status"], "completed");
    let (_, sellers) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(sellers.as_array().unwrap().len(), 0, "the seller's access ends at once");
    let (_, buyers) = parts(buyer.get("/api/vessels/my/list").await).await;
    assert_eq!(buyers[0]["id"], vessel["id"]);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history WHERE transferred_out_at IS NULL").await, 1);
    // The seller can no longer start a transfer of it.
    assert_eq!(initiate(&app, &vessel).await.0, StatusCode::NOT_FOUND);
}

/// The quay scene with a buyer who has no account yet: the fee is paid,
/// the seller's ownership ends, and the vessel waits, in nobody's
/// dashboard, until the holder of the number signs up and verifies it.
#[tokio::test]
async fn a_fee_paid_before_the_buyer_has_an_account_waits_for_their_claim() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let (status, paid) = pay_transfer(&app, &vessel, &id).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let (_, transfer) = parts(app.get(&format!("/api/transfers/{id}")).await).await;
    assert_eq!((transfer["status"].as_str(), transfer["awaitingClaim"].as_bool()), (Some("completed"), Some(true)));
    let (_, sellers) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(sellers.as_array().unwrap().len(), 0, "the seller's access ends with the payment");
    assert_eq!(vessel_status(&app, &vessel).await, "in_transfer");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels WHERE owner_user_id IS NULL").await, 1);
    let sms = app.last_message_to(BUYER).await.unwrap();
    // Sign-in is by email: the steps say so.
    let text = sms["body"].as_str().unwrap();
    assert!(text.contains("To claim it") && text.contains("then verify this mobile number"), "{sms}");
    let (_, public) = parts(
        TestApp::browser()
            .get(app.url(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(public["vessel"]["status"], "in_transfer");

    let newcomer = app.second_browser();
    newcomer.signed_in_user("newcomer@example.nl").await;
    let (_, nothing_yet) = parts(newcomer.get("/api/vessels/my/list").await).await;
    assert_eq!(nothing_yet.as_array().unwrap().len(), 0, "an unverified number claims nothing");
    let verified = crate::phone::verify_number(&newcomer, BUYER).await;
    // The verification names what it claimed, for the page to say so and open it.
    assert_eq!(verified["claimedVessels"], json!([{"platformId": vessel["platformId"], "name": vessel["name"]}]));
    let (_, theirs) = parts(newcomer.get("/api/vessels/my/list").await).await;
    assert_eq!((theirs[0]["id"].as_str(), theirs[0]["status"].as_str()), (vessel["id"].as_str(), Some("active")));
    let (_, transfer) = parts(newcomer.get(&format!("/api/transfers/{id}")).await).await;
    assert_eq!(transfer["awaitingClaim"], false);
    assert!(transfer["claimedAt"].is_string(), "{transfer}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history WHERE transferred_out_at IS NULL").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 2);
}

/// Two accounts holding the same number verify it at once: one of them
/// gets the waiting vessel, the other is told the number is taken.
#[tokio::test]
async fn two_claims_at_once_give_the_vessel_to_one_account() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    assert_eq!(pay_transfer(&app, &vessel, &id).await.0, StatusCode::OK);
    let mut claimants = Vec::new();
    for email in ["first@example.nl", "second@example.nl", "third@example.nl"] {
        let claimant = app.second_browser();
        claimant.signed_in_user(email).await;
        let (status, _) = parts(claimant.post("/api/profile/phone", json!({"phoneE164": BUYER})).await).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(claimant.post("/api/profile/phone/send-code", json!({})).await.status(), StatusCode::ACCEPTED);
        let code = crate::phone::code_to(&app, BUYER).await;
        claimants.push((claimant, code));
    }
    let attempts: Vec<_> = claimants
        .iter()
        .map(|(c, code)| {
            let (client, url, body) = (c.client.clone(), c.url("/api/profile/phone/verify"), json!({"otp": code}));
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    let mut statuses = Vec::new();
    for a in attempts {
        statuses.push(a.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'claimed'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels WHERE owner_user_id IS NULL").await, 0);
    let mut owners = 0;
    for (c, _) in &claimants {
        let (_, list) = parts(c.get("/api/vessels/my/list").await).await;
        owners += list.as_array().unwrap().len();
    }
    assert_eq!(owners, 1);
}

/// A cancel racing the payment: whichever comes second changes no owner.
#[tokio::test]
async fn a_fee_that_arrives_after_a_cancel_changes_no_owner() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let (_, intent) = parts(
        app.post(
            "/api/payments/create-intent",
            json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": id}),
        )
        .await,
    )
    .await;
    assert_eq!(app.post(&format!("/api/transfers/{id}/cancel"), json!({})).await.status(), StatusCode::OK);
    let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    app.post("/api/payments/local/confirm", body).await;
    let (_, sellers) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(sellers[0]["id"], vessel["id"], "still the seller's");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 1);
}

/// Duplicate and racing confirmations of one fee: one hand-over.
#[tokio::test]
async fn racing_confirmations_hand_the_vessel_over_once() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let body = card_for_fee(&app, &vessel, &id).await;
    let confirms: Vec<_> = (0..6)
        .map(|_| {
            let (client, url, body) = (app.client.clone(), app.url("/api/payments/local/confirm"), body.clone());
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    for c in confirms {
        c.await.unwrap();
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'transferred'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transfers WHERE status = 'completed'").await, 1);
}

/// Either party may pay the fee, each with a payment of their own: the
/// seller's payment left open at the wizard's payment step does not lock the
/// buyer out. Whoever pays first completes the transfer; the other's payment
/// is canceled (its card form then says so, 409 `payment_canceled`) and
/// charges nothing.
#[tokio::test]
async fn whoever_pays_first_completes_and_the_others_payment_is_canceled() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let buyer = buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let sellers_card = card_for_fee(&app, &vessel, &id).await;
    let buyers_card = card_for_fee(&buyer, &vessel, &id).await;
    assert_ne!(sellers_card["clientSecret"], buyers_card["clientSecret"], "a payment each");
    let (status, paid) = parts(buyer.post("/api/payments/local/confirm", buyers_card).await).await;
    assert_eq!((status, paid["status"].as_str()), (StatusCode::OK, Some("succeeded")), "{paid}");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    let (status, late) = parts(app.post("/api/payments/local/confirm", sellers_card).await).await;
    assert_eq!((status, late["code"].as_str()), (StatusCode::CONFLICT, Some("payment_canceled")), "{late}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM payments WHERE purpose = 'transfer' AND status = 'succeeded'").await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payments WHERE purpose = 'transfer' AND status = 'canceled'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_refunds").await, 0, "nobody paid twice");
}

/// Archiving ends the account's open transfers and their fee payments.
#[tokio::test]
async fn archiving_the_sellers_account_cancels_the_open_transfer() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let buyer = buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let ask = json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": id});
    let (status, _) = parts(buyer.post("/api/payments/create-intent", ask).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transfers WHERE status = 'canceled'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payments WHERE purpose = 'transfer' AND status = 'canceled'").await, 1);
    assert_eq!(vessel_status(&app, &vessel).await, "deactivated");
}

/// The same right code sent twice at once: one verification.
#[tokio::test]
async fn racing_verifications_verify_once() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let (_, started) = initiate(&app, &vessel).await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let code = code_sent(&app).await;
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (client, url) = (app.client.clone(), app.url(&format!("/api/transfers/{id}/verify-otp")));
            let body = json!({"otp": code});
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    let mut ok = 0;
    for a in attempts {
        let status = a.await.unwrap();
        assert!(
            status == StatusCode::OK || status == StatusCode::CONFLICT || status == StatusCode::TOO_MANY_REQUESTS,
            "{status}"
        );
        ok += usize::from(status == StatusCode::OK);
    }
    assert_eq!(ok, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM one_time_codes WHERE used_at IS NOT NULL").await, 1);
}

/// A cancel and the fee's confirmation at the same moment: either the
/// transfer is canceled and the vessel stays, or it completes and the
/// cancel is refused; never both, never half.
#[tokio::test]
async fn a_cancel_racing_the_payment_has_one_outcome() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let buyer = buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let pay = card_for_fee(&app, &vessel, &id).await;
    let (client, pay_url, cancel_url) =
        (app.client.clone(), app.url("/api/payments/local/confirm"), app.url(&format!("/api/transfers/{id}/cancel")));
    let paying = tokio::spawn({
        let client = client.clone();
        async move { client.post(pay_url).json(&pay).send().await.unwrap().status() }
    });
    let canceling =
        tokio::spawn(async move { client.post(cancel_url).json(&json!({})).send().await.unwrap().status() });
    let (_, cancel_status) = (paying.await.unwrap(), canceling.await.unwrap());
    let status = app.scalar_text(&format!("SELECT status FROM transfers WHERE id = '{id}'")).await;
    let (_, buyers) = parts(buyer.get("/api/vessels/my/list").await).await;
    let (_, sellers) = parts(app.get("/api/vessels/my/list").await).await;
    if status == "completed" {
        assert_eq!(cancel_status, StatusCode::CONFLICT);
        assert_eq!((buyers.as_array().unwrap().len(), sellers.as_array().unwrap().len()), (1, 0));
        assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 2);
    } else {
        assert_eq!((status.as_str(), cancel_status), ("canceled", StatusCode::OK));
        assert_eq!((buyers.as_array().unwrap().len(), sellers.as_array().unwrap().len()), (0, 1));
        assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 1);
    }
    assert_eq!(vessel_status(&app, &vessel).await, "active");
}

/// An administrator may cancel anyone's open transfer; the buyer may not.
/// The buyer declines an open transfer: the vessel is the seller's again,
/// the seller is emailed (the buyer gets no SMS about their own decline),
/// and the audit log says who ended it. A stranger is not told it exists.
#[tokio::test]
async fn the_buyer_declines_a_transfer_and_the_seller_is_told() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let buyer = buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    let (status, _) = parts(stranger.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let sms_before = app.messages_to(BUYER).await;
    let (status, declined) = parts(buyer.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    assert_eq!(declined["status"], "canceled");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
    assert_eq!(app.messages_to(BUYER).await, sms_before, "no SMS to the buyer about their own decline");
    let mail = app.last_message_to("seller@example.nl").await.expect("the seller is emailed");
    assert_eq!(mail["subject"], "Transfer declined");
    assert!(mail["body"].as_str().unwrap().contains(vessel["platformId"].as_str().unwrap()), "{mail}");
    let detail = app.scalar_text("SELECT detail FROM audit_log WHERE action = 'transfer_canceled'").await;
    let detail: Value = serde_json::from_str(&detail).unwrap();
    assert_eq!((detail["byBuyer"].as_bool(), detail["byAdministrator"].as_bool()), (Some(true), Some(false)));
    let (status, again) = parts(buyer.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!(
        (status, again["messageCode"].as_str()),
        (StatusCode::NOT_FOUND, Some("transfer_not_found")),
        "closed: no longer the buyer's to see"
    );
}

#[tokio::test]
async fn an_administrator_can_cancel_a_transfer() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    let admin = app.second_browser();
    admin.signed_in_user("harbour-master@example.nl").await;
    let (status, _) = parts(admin.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "not an administrator yet: not even told it exists");
    registry::cli::seed::promote(&app.db, "harbour-master@example.nl").await.unwrap();
    // An administrator's action: refused until the account holds a passkey (docs/ACCOUNTS.md).
    let (status, refused) = parts(admin.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!((status, refused["messageCode"].as_str()), (StatusCode::FORBIDDEN, Some("passkey_required")));
    admin.add_passkey().await;
    let (status, canceled) = parts(admin.post(&format!("/api/transfers/{id}/cancel"), json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{canceled}");
    assert_eq!(canceled["status"], "canceled");
    assert_eq!(vessel_status(&app, &vessel).await, "active");
}

/// The buyer verifies their number at the moment the fee is recorded:
/// whichever comes first, the vessel ends up theirs (handed over, or
/// released and claimed at once), never stranded without an owner.
#[tokio::test]
async fn a_number_verified_while_the_fee_is_recorded_still_gets_the_vessel() {
    for _ in 0..3 {
        let app = TestApp::spawn().await;
        let vessel = owner_with_active_vessel(&app).await;
        let id = verified_transfer(&app, &vessel).await;
        let buyer = app.second_browser();
        buyer.signed_in_user("buyer@example.nl").await;
        let (status, _) = parts(buyer.post("/api/profile/phone", json!({"phoneE164": BUYER})).await).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(buyer.post("/api/profile/phone/send-code", json!({})).await.status(), StatusCode::ACCEPTED);
        let code = crate::phone::code_to(&app, BUYER).await;
        let pay = card_for_fee(&app, &vessel, &id).await;
        let (client, url) = (app.client.clone(), app.url("/api/payments/local/confirm"));
        let paying = tokio::spawn(async move { client.post(url).json(&pay).send().await.unwrap().status() });
        let (client, url) = (buyer.client.clone(), buyer.url("/api/profile/phone/verify"));
        let verifying =
            tokio::spawn(async move { client.post(url).json(&json!({"otp": code})).send().await.unwrap().status() });
        assert_eq!((paying.await.unwrap(), verifying.await.unwrap()), (StatusCode::OK, StatusCode::OK));
        let (_, theirs) = parts(buyer.get("/api/vessels/my/list").await).await;
        assert_eq!(theirs[0]["id"], vessel["id"]);
        assert_eq!(vessel_status(&app, &vessel).await, "active");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history WHERE transferred_out_at IS NULL").await, 1);
    }
}

/// A released vessel waits 30 days for its buyer's claim, then goes to
/// review with the reason; a number verified after that claims nothing, and
/// an administrator hands the vessel to the buyer's account, audited, with
/// the chain still sound. Another goes back to its seller.
#[tokio::test]
async fn an_unclaimed_vessel_is_held_for_review_after_30_days_and_resolved_by_an_administrator() {
    use registry::{features::transfers::service::hold_unclaimed_due, platform::clock::DAY};
    for returned in [false, true] {
        let app = TestApp::spawn().await;
        let vessel = owner_with_active_vessel(&app).await;
        let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
        let id = verified_transfer(&app, &vessel).await;
        assert_eq!(pay_transfer(&app, &vessel, &id).await.0, StatusCode::OK);
        let now = registry::platform::clock::now_ms();
        assert_eq!(hold_unclaimed_due(&app.state, now + 29 * DAY).await.unwrap(), 0, "still within its 30 days");
        assert_eq!(hold_unclaimed_due(&app.state, now + 31 * DAY).await.unwrap(), 1);
        assert_eq!(vessel_status(&app, &vessel).await, "needs_review");
        let admin = app.admin("harbour-master@example.nl").await;
        let (_, review) = parts(admin.get("/api/admin/vessels?status=needs_review").await).await;
        assert_eq!(review["data"][0]["platformId"], platform_id.as_str(), "{review}");
        assert_eq!(review["data"][0]["reviewReasonCode"], "vessel_claim_window_expired_review");
        assert!(review["data"][0]["reviewReason"].as_str().unwrap().contains("30 days"), "{review}");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'claim_expired'").await, 1);

        // Verifying the number now claims nothing: the vessel waits for the administrator.
        let buyer = app.second_browser();
        buyer.signed_in_user("buyer@example.nl").await;
        crate::phone::verify_number(&buyer, BUYER).await;
        let (_, theirs) = parts(buyer.get("/api/vessels/my/list").await).await;
        assert_eq!(theirs.as_array().unwrap().len(), 0, "{theirs}");

        let resolve = format!("/api/admin/vessels/{platform_id}/resolve");
        // Activating or refunding is not how an unclaimed vessel is resolved.
        let (status, _) = parts(admin.post(&resolve, json!({"action": "activate", "reason": "x"})).await).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, body) = parts(
            admin.post(&resolve, json!({"action": "hand_over", "reason": "x", "email": "nobody@example.nl"})).await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fieldCodes"]["email"][0], "no_open_account_email", "{body}");
        let (action, owner_email) =
            if returned { ("return_to_seller", "seller@example.nl") } else { ("hand_over", "buyer@example.nl") };
        let body = json!({"action": action, "reason": "Buyer showed the bill of sale", "email": "buyer@example.nl"});
        let (status, resolved) = parts(admin.post(&resolve, body).await).await;
        assert_eq!(status, StatusCode::OK, "{resolved}");
        assert_eq!(resolved["status"], "active");
        let owner = app
            .scalar_text(&format!(
                "SELECT u.email FROM vessels v JOIN users u ON u.id = v.owner_user_id WHERE v.platform_id = '{}'",
                platform_id.replace('-', "")
            ))
            .await;
        assert_eq!(owner, owner_email);
        let audited = if returned { "returned_to_seller" } else { "handed_over_by_admin" };
        assert_eq!(app.scalar(&format!("SELECT COUNT(*) FROM audit_log WHERE action = '{audited}'")).await, 1);
        let (_, chain) = parts(admin.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
        assert_eq!(chain["valid"], true, "{chain}");
        // Resolved once: a second attempt is refused.
        let (status, _) =
            parts(admin.post(&resolve, json!({"action": "return_to_seller", "reason": "again"})).await).await;
        assert_eq!(status, StatusCode::CONFLICT);
        crate::money::invariants(&app).await;
    }
}

/// A vessel's card says how many owners it has had and since when, in the
/// reader's language, and counts the buyer once the transfer completes.
#[tokio::test]
async fn the_card_summarises_the_ownership_history() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let year = time::OffsetDateTime::now_utc().year();
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(mine[0]["ownershipSummary"], format!("1 owner since {year}"));
    let buyer = buyer(&app).await;
    let id = verified_transfer(&app, &vessel).await;
    assert_eq!(pay_transfer(&app, &vessel, &id).await.0, StatusCode::OK);
    let found = TestApp::browser()
        .get(app.url("/api/vessels/search?q=Zeemeeuw"))
        .header("accept-language", "nl")
        .send()
        .await
        .unwrap();
    let (_, found) = parts(found).await;
    assert_eq!(found["data"][0]["ownershipSummary"], format!("2 eigenaren sinds {year}"), "{found}");
    let (_, theirs) = parts(buyer.get("/api/vessels/my/list").await).await;
    assert_eq!(theirs[0]["ownershipSummary"], format!("2 owners since {year}"));
    crate::money::invariants(&app).await;
}

/// A vessel returned to its seller after its claim window is done with that
/// sale: sold again to a number without an account, the old transfer neither
/// holds the new release for review nor lets the old buyer's number claim it.
#[tokio::test]
async fn a_vessel_returned_to_its_seller_can_be_sold_again() {
    use registry::{features::transfers::service::hold_unclaimed_due, platform::clock::DAY};
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
    let first = verified_transfer(&app, &vessel).await;
    assert_eq!(pay_transfer(&app, &vessel, &first).await.0, StatusCode::OK);
    let now = registry::platform::clock::now_ms();
    assert_eq!(hold_unclaimed_due(&app.state, now + 31 * DAY).await.unwrap(), 1);
    let admin = app.admin("harbour-master@example.nl").await;
    let resolve = format!("/api/admin/vessels/{platform_id}/resolve");
    let (status, _) =
        parts(admin.post(&resolve, json!({"action": "return_to_seller", "reason": "no claim"})).await).await;
    assert_eq!(status, StatusCode::OK);
    // Nothing changed hands: no transfer record of a sale.
    let (status, body) = parts(app.get(&format!("/api/transfers/{first}/record.pdf")).await).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("transfer_record_after_completion"))
    );
    // The old sale is 40 days old; the seller sells again, to a number without an account.
    sqlx::query("UPDATE transfers SET completed_at = completed_at - $1 WHERE id = $2")
        .bind(40 * DAY)
        .bind(&first)
        .execute(&app.db)
        .await
        .unwrap();
    let start = json!({"vesselId": vessel["id"], "toPhoneE164": "+31655550123"});
    let (status, started) = parts(app.post("/api/transfers/initiate", start).await).await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let second = started["transferId"].as_str().unwrap().to_owned();
    let code = crate::phone::code_to(&app, "+31655550123").await;
    parts(app.post(&format!("/api/transfers/{second}/verify-otp"), json!({"otp": code})).await).await;
    assert_eq!(pay_transfer(&app, &vessel, &second).await.0, StatusCode::OK);
    assert_eq!(vessel_status(&app, &vessel).await, "in_transfer");
    assert_eq!(
        hold_unclaimed_due(&app.state, registry::platform::clock::now_ms()).await.unwrap(),
        0,
        "the new sale has its 30 days"
    );
    // The first buyer's number claims nothing of the second sale.
    let old_buyer = app.second_browser();
    old_buyer.signed_in_user("first-buyer@example.nl").await;
    crate::phone::verify_number(&old_buyer, BUYER).await;
    let (_, theirs) = parts(old_buyer.get("/api/vessels/my/list").await).await;
    assert_eq!(theirs.as_array().unwrap().len(), 0, "{theirs}");
    assert_eq!(vessel_status(&app, &vessel).await, "in_transfer");
    crate::money::invariants(&app).await;
}

/// Both parties of a completed sale get the same signed transfer record: the
/// vessel, when it changed hands, both names, the price the seller stated and
/// the certificates either side; anyone checks it by its serial.
#[tokio::test]
async fn both_parties_get_a_signed_transfer_record_anyone_can_check() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_active_vessel(&app).await;
    app.patch("/api/profile", json!({"name": "Sanne Verkoper"})).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    assert_eq!(app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await.status(), StatusCode::OK);
    let before = app.scalar_text("SELECT serial FROM certificates").await;
    let buyer = buyer(&app).await;
    buyer.patch("/api/profile", json!({"name": "Bram Koper"})).await;
    let (status, body) = parts(
        app.post(
            "/api/transfers/initiate",
            json!({"vesselId": vessel["id"], "toPhoneE164": BUYER, "salePriceCents": -1}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["salePriceCents"].is_array()),
        (StatusCode::UNPROCESSABLE_ENTITY, true),
        "{body}"
    );
    let (_, started) = parts(
        app.post(
            "/api/transfers/initiate",
            json!({"vesselId": vessel["id"], "toPhoneE164": BUYER, "salePriceCents": 4_250_000}),
        )
        .await,
    )
    .await;
    let id = started["transferId"].as_str().unwrap().to_owned();
    let record = format!("/api/transfers/{id}/record.pdf");
    let (status, body) = parts(app.get(&record).await).await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("transfer_record_after_completion"))
    );
    let code = code_sent(&app).await;
    app.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await;
    assert_eq!(pay_transfer(&app, &vessel, &id).await.0, StatusCode::OK);

    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    assert_eq!(stranger.get(&record).await.status(), StatusCode::NOT_FOUND);
    let r = buyer.get(&record).await;
    assert_eq!(r.status(), StatusCode::OK);
    let serial = r.headers()["x-record-serial"].to_str().unwrap().to_owned();
    let text = crate::helpers::pdf_text(&r.bytes().await.unwrap());
    for needle in [
        "Transfer Record",
        platform_id,
        "Sanne Verkoper",
        "Bram Koper",
        "€42,500.00",
        &before,
        "Not yet issued",
        &serial,
    ] {
        assert!(text.contains(needle), "no {needle:?} in\n{text}");
    }
    let r = app.get(&record).await;
    assert_eq!(r.headers()["x-record-serial"].to_str().unwrap(), serial, "one record for both parties");

    let (status, checked) = parts(
        TestApp::browser()
            .get(app.url(&format!("/api/transfer-records/{}", serial.to_lowercase())))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!((checked["valid"].as_bool(), checked["salePriceCents"].as_i64()), (Some(true), Some(4_250_000)));
    assert_eq!(
        (checked["certificateBefore"].as_str(), checked["platformId"].as_str()),
        (Some(before.as_str()), Some(platform_id))
    );
    assert!(!checked.to_string().contains("Koper"), "no names in the public check: {checked}");
    assert_eq!(
        parts(TestApp::browser().get(app.url("/api/transfer-records/ESTR-0000-0000-0000-0000")).send().await.unwrap())
            .await
            .0,
        StatusCode::NOT_FOUND
    );
}
