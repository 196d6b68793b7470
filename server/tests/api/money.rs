//! Money with effect: a payment succeeds only while its purpose can still
//! take effect, a success that arrives anyway is refunded at once, and the
//! money and ownership operations keep their invariants under every race
//! (docs/PAYMENTS.md, "Money with effect").

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    fake_stripe::{FakeStripe, WEBHOOK_SECRET},
    helpers::{TestApp, parts, sailboat},
    transfers::{BUYER, buyer, verified_transfer},
};

const CARD: &str = "4242 4242 4242 4242";

fn card(secret: &Value) -> Value {
    json!({"clientSecret": secret, "cardNumber": CARD, "expMonth": 12, "expYear": 2034, "cvc": "123"})
}

/// The transfer fee's intent, asked for by `payer`.
async fn fee_intent(payer: &TestApp, vessel: &Value, transfer: &str) -> Value {
    let ask = json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": transfer});
    let (status, intent) = parts(payer.post("/api/payments/create-intent", ask).await).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    intent
}

/// A seller's active vessel in a verified transfer to the buyer, and the
/// fee's intent the buyer opened.
async fn open_fee(app: &TestApp) -> (Value, TestApp, String, Value) {
    let vessel = app.owner_with_active_vessel("seller@example.nl").await;
    let buyer = buyer(app).await;
    let transfer = verified_transfer(app, &vessel).await;
    let intent = fee_intent(&buyer, &vessel, &transfer).await;
    (vessel, buyer, transfer, intent)
}

/// The id of the vessel's registration payment.
pub async fn registration_payment(app: &TestApp, vessel: &Value) -> String {
    let sql = "SELECT id FROM payments WHERE vessel_id = $1 AND purpose = 'registration'";
    text(app, sql, vessel["id"].as_str().unwrap()).await
}

async fn text(app: &TestApp, sql: &str, id: &str) -> String {
    sqlx::Row::get(&sqlx::query(sql).bind(id).fetch_one(&app.db).await.unwrap(), 0)
}

/// Each way a transfer's purpose ends, then the fee paid with the client
/// secret the buyer still holds: 409 `payment_canceled`, the intent canceled
/// at the processor, nothing charged and nothing changed hands.
#[tokio::test]
async fn a_transfer_fee_cannot_be_paid_once_its_transfer_has_ended() {
    for ending in
        ["seller cancels", "buyer declines", "administrator cancels", "expiry", "seller archives", "payer archives"]
    {
        let app = TestApp::spawn().await;
        let (_, buyer, transfer, intent) = open_fee(&app).await;
        match ending {
            "seller cancels" => {
                let r = app.post(&format!("/api/transfers/{transfer}/cancel"), json!({})).await;
                assert_eq!(r.status(), StatusCode::OK);
            }
            "buyer declines" => {
                let r = buyer.post(&format!("/api/transfers/{transfer}/cancel"), json!({})).await;
                assert_eq!(r.status(), StatusCode::OK);
            }
            "administrator cancels" => {
                let admin = app.admin("harbour-master@example.nl").await;
                let r =
                    admin.post(&format!("/api/admin/transfers/{transfer}/cancel"), json!({"reason": "fraud"})).await;
                assert_eq!(r.status(), StatusCode::OK);
            }
            "expiry" => {
                let later =
                    registry::platform::clock::now_ms() + registry::features::transfers::service::VALIDITY_MS + 1;
                assert_eq!(registry::app::jobs::sweep_transfers(&app.state, later).await.unwrap(), 1);
            }
            "seller archives" => assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK),
            "payer archives" => assert_eq!(buyer.delete("/api/profile").await.status(), StatusCode::OK),
            _ => unreachable!(),
        }
        let (status, body) =
            parts(buyer.post("/api/payments/local/confirm", card(&intent["clientSecret"])).await).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::CONFLICT, Some("payment_canceled")),
            "{ending}: {body}"
        );
        assert_eq!(body["messageCode"], "payment_canceled");
        let payment = intent["paymentId"].as_str().unwrap();
        assert_eq!(text(&app, "SELECT status FROM payments WHERE id = $1", payment).await, "canceled", "{ending}");
        let pi = intent["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap();
        assert_eq!(text(&app, "SELECT status FROM local_payment_intents WHERE id = $1", pi).await, "canceled");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM ownership_history").await, 1, "{ending}: nothing changed hands");
        assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_refunds").await, 0, "{ending}: nothing to refund");
    }
}

/// A registration fee paid after its owner archived the account is refused.
#[tokio::test]
async fn a_registration_fee_cannot_be_paid_after_the_account_is_archived() {
    let app = TestApp::spawn().await;
    app.signed_in_user("owner@example.nl").await;
    let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    let ask = json!({"purpose": "registration", "vesselId": vessel["id"]});
    let (_, intent) = parts(app.post("/api/payments/create-intent", ask).await).await;
    assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK);
    let (status, body) = parts(app.post("/api/payments/local/confirm", card(&intent["clientSecret"])).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_canceled")), "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payments WHERE status = 'succeeded'").await, 0);
}

/// A success that crossed the cancel (here: the processor's intent was still
/// open when our payment was canceled) is recorded, refunded at once,
/// audited and told to the payer; the vessel stays with its seller.
#[tokio::test]
async fn a_success_that_crossed_a_cancel_is_refunded_and_the_payer_told() {
    let app = TestApp::spawn().await;
    let (vessel, buyer, transfer, intent) = open_fee(&app).await;
    let pi = intent["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
    assert_eq!(app.post(&format!("/api/transfers/{transfer}/cancel"), json!({})).await.status(), StatusCode::OK);
    // The processor had not heard of the cancel yet.
    sqlx::query("UPDATE local_payment_intents SET status = 'requires_payment_method' WHERE id = $1")
        .bind(&pi)
        .execute(&app.db)
        .await
        .unwrap();
    let (status, body) = parts(buyer.post("/api/payments/local/confirm", card(&intent["clientSecret"])).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let payment = intent["paymentId"].as_str().unwrap();
    assert_eq!(text(&app, "SELECT status FROM payments WHERE id = $1", payment).await, "succeeded");
    assert_eq!(text(&app, "SELECT status FROM payment_refunds WHERE payment_id = $1", payment).await, "succeeded");
    assert_eq!(text(&app, "SELECT cause FROM payment_refunds WHERE payment_id = $1", payment).await, "without_effect");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM local_refunds").await, 1, "refunded at the processor");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'refunded_without_effect'").await, 1);
    let mail = app.last_message_to("buyer@example.nl").await.unwrap();
    assert!(mail["subject"].as_str().unwrap().starts_with("Refund"), "{mail}");
    assert!(mail["body"].as_str().unwrap().contains(payment), "{mail}");
    let (_, sellers) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!((sellers[0]["id"].clone(), sellers[0]["status"].clone()), (vessel["id"].clone(), json!("active")));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM transfers WHERE status = 'canceled'").await, 1);
}

/// Stripe: a cancel reaches the provider (`POST /v1/payment_intents/{id}/cancel`);
/// an intent that succeeded at Stripe before the cancel is read back,
/// recorded and refunded there, and the late webhook changes nothing more.
#[tokio::test]
async fn stripe_hears_of_each_cancel_and_a_crossed_success_is_refunded_there() {
    let fake = FakeStripe::start().await;
    let env = fake.env();
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // Two owners with a pending vessel each; both archive their accounts.
    for crossed in [false, true] {
        let app = TestApp::spawn_with(&pairs).await;
        app.signed_in_user("owner@example.nl").await;
        let (_, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
        let ask = json!({"purpose": "registration", "vesselId": vessel["id"]});
        let (status, intent) = parts(app.post("/api/payments/create-intent", ask).await).await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        let pi = intent["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
        if crossed {
            fake.set_status(&pi, "succeeded", None);
        }
        assert_eq!(app.delete("/api/profile").await.status(), StatusCode::OK);
        let cancel = format!("/v1/payment_intents/{pi}/cancel");
        assert!(fake.requests().iter().any(|r| r.method == "POST" && r.path == cancel), "the cancel reached Stripe");
        let payment = intent["paymentId"].as_str().unwrap();
        if crossed {
            assert_eq!(fake.status(&pi), "succeeded");
            assert_eq!(text(&app, "SELECT status FROM payments WHERE id = $1", payment).await, "succeeded");
            let refunds = fake.refunds();
            assert!(refunds.iter().any(|r| r["payment_intent"] == pi.as_str()), "{refunds:?}");
            assert_eq!(
                text(&app, "SELECT status FROM payment_refunds WHERE payment_id = $1", payment).await,
                "succeeded"
            );
            // The webhook that crossed the cancel arrives late: nothing more happens.
            let event = fake.event(&format!("evt_late_{pi}"), "payment_intent.succeeded", &pi);
            let now =
                i64::try_from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs())
                    .unwrap();
            let signature = registry::platform::stripe_http::signature_header(WEBHOOK_SECRET, now, &event);
            let r = app
                .client
                .post(app.url("/api/payments/webhook"))
                .header("stripe-signature", signature)
                .header("content-type", "application/json")
                .body(event)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), StatusCode::OK);
            assert_eq!(fake.refunds().iter().filter(|r| r["payment_intent"] == pi.as_str()).count(), 1);
            assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'refunded_without_effect'").await, 1);
        } else {
            assert_eq!(fake.status(&pi), "canceled");
            assert_eq!(text(&app, "SELECT status FROM payments WHERE id = $1", payment).await, "canceled");
        }
        assert_eq!(
            app.scalar("SELECT COUNT(*) FROM payments WHERE status = 'canceled' AND provider_canceled_at IS NULL")
                .await,
            0,
            "the provider has heard of every cancel"
        );
        let (_, v) = parts(app.get(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap())).await).await;
        assert_ne!(v["status"], "active", "{v}");
    }
}

/// The first owner's registration fee cannot be refunded once the vessel
/// was sold: the buyer, who did not pay it, keeps an active vessel.
#[tokio::test]
async fn a_registration_refund_never_takes_a_sold_vessel_from_its_buyer() {
    let app = TestApp::spawn().await;
    let (vessel, buyer, _, intent) = open_fee(&app).await;
    let (status, _) = parts(buyer.post("/api/payments/local/confirm", card(&intent["clientSecret"])).await).await;
    assert_eq!(status, StatusCode::OK);
    let admin = app.admin("harbour-master@example.nl").await;
    let registration = registration_payment(&app, &vessel).await;
    let (_, list) = parts(admin.get("/api/admin/payments?purpose=registration").await).await;
    assert_eq!(list["data"][0]["refundable"], false, "{list}");
    let (status, body) = parts(
        admin
            .post(&format!("/api/admin/payments/{registration}/refund"), json!({"reason": "asked by the seller"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (StatusCode::CONFLICT, Some("registration_fee_vessel_passed_on"))
    );
    let (_, buyers) = parts(buyer.get("/api/vessels/my/list").await).await;
    assert_eq!((buyers[0]["id"].clone(), buyers[0]["status"].clone()), (vessel["id"].clone(), json!("active")));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payment_refunds").await, 0);
}

/// Archiving the seller's account while the buyer's fee is confirmed: the
/// transfer either completes (the vessel is the buyer's, active) or is
/// canceled with the fee refused or refunded; a completed transfer is never
/// marked canceled afterwards.
#[tokio::test]
async fn archiving_the_seller_while_the_fee_is_paid_has_one_outcome() {
    for _ in 0..6 {
        let app = TestApp::spawn().await;
        let (vessel, buyer, transfer, intent) = open_fee(&app).await;
        let (client, url, body) =
            (buyer.client.clone(), buyer.url("/api/payments/local/confirm"), card(&intent["clientSecret"]));
        let paying = tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() });
        let (client, url) = (app.client.clone(), app.url("/api/profile"));
        let archiving = tokio::spawn(async move { client.delete(url).send().await.unwrap().status() });
        let (paid, archived) = (paying.await.unwrap(), archiving.await.unwrap());
        assert_eq!(archived, StatusCode::OK);
        assert!(paid == StatusCode::OK || paid == StatusCode::CONFLICT, "{paid}");
        let id = vessel["id"].as_str().unwrap();
        let transfer_status = text(&app, "SELECT status FROM transfers WHERE id = $1", &transfer).await;
        let vessel_status = text(&app, "SELECT status FROM vessels WHERE id = $1", id).await;
        let owner: Option<String> = sqlx::Row::get(
            &sqlx::query("SELECT owner_user_id FROM vessels WHERE id = $1").bind(id).fetch_one(&app.db).await.unwrap(),
            0,
        );
        let buyer_id = text(&app, "SELECT id FROM users WHERE email = $1", "buyer@example.nl").await;
        if owner.as_deref() == Some(buyer_id.as_str()) {
            assert_eq!((transfer_status.as_str(), vessel_status.as_str()), ("completed", "active"));
        } else {
            assert_eq!((transfer_status.as_str(), vessel_status.as_str()), ("canceled", "deactivated"));
        }
        crate::money::invariants(&app).await;
    }
}

/// A registration refund and a transfer start at once: either the refund
/// is refused (the vessel is in transfer) or the transfer is (a refund is
/// under way); never a refunded, deactivated vessel with an open transfer.
#[tokio::test]
async fn a_registration_refund_racing_a_transfer_start_has_one_outcome() {
    for _ in 0..6 {
        let app = TestApp::spawn().await;
        let vessel = app.owner_with_active_vessel("seller@example.nl").await;
        let admin = app.admin("harbour-master@example.nl").await;
        let registration = registration_payment(&app, &vessel).await;
        let (client, url) = (admin.client.clone(), admin.url(&format!("/api/admin/payments/{registration}/refund")));
        let refunding =
            tokio::spawn(
                async move { client.post(url).json(&json!({"reason": "race"})).send().await.unwrap().status() },
            );
        let (client, url) = (app.client.clone(), app.url("/api/transfers/initiate"));
        let body = json!({"vesselId": vessel["id"], "toPhoneE164": BUYER});
        let starting = tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap().status() });
        let (refunded, started) = (refunding.await.unwrap(), starting.await.unwrap());
        let open =
            app.scalar("SELECT COUNT(*) FROM transfers WHERE status IN ('pending_verification', 'verified')").await;
        match (refunded, started) {
            (StatusCode::OK, StatusCode::CONFLICT) => assert_eq!(open, 0),
            (StatusCode::CONFLICT, StatusCode::CREATED) => assert_eq!(open, 1),
            other => panic!("{other:?}"),
        }
        crate::money::invariants(&app).await;
    }
}

/// What must hold after any mix of money and ownership operations.
pub async fn invariants(app: &TestApp) {
    // Every succeeded payment has its effect or a refund.
    let without = app
        .scalar(
            "SELECT COUNT(*) FROM payments p WHERE p.status = 'succeeded'
               AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id AND r.status <> 'failed')
               AND NOT (p.purpose = 'transfer' AND EXISTS (SELECT 1 FROM transfers t WHERE t.id = p.transfer_id
                                                            AND t.status = 'completed'))
               AND NOT (p.purpose = 'registration' AND EXISTS (SELECT 1 FROM audit_log a
                          WHERE a.action IN ('registration_paid', 'activation_blocked') AND a.detail LIKE '%' || p.id || '%'))",
        )
        .await;
    assert_eq!(without, 0, "a succeeded payment with neither its effect nor a refund");
    // A completed transfer was paid once, and that payment was not refunded.
    let unpaid = app
        .scalar(
            "SELECT COUNT(*) FROM transfers t WHERE t.status = 'completed'
               AND (SELECT COUNT(*) FROM payments p WHERE p.transfer_id = t.id AND p.status = 'succeeded'
                      AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id AND r.status <> 'failed')) <> 1",
        )
        .await;
    assert_eq!(unpaid, 0, "a completed transfer without exactly one standing fee");
    // No open transfer on a vessel that is not in transfer.
    let stray = app
        .scalar(
            "SELECT COUNT(*) FROM transfers t JOIN vessels v ON v.id = t.vessel_id
             WHERE t.status IN ('pending_verification', 'verified') AND v.status <> 'in_transfer'",
        )
        .await;
    assert_eq!(stray, 0, "an open transfer on a vessel that is not in transfer");
    // Each payment fulfilled once, each transfer handed over once.
    let twice = app
        .scalar(
            "SELECT COUNT(*) FROM (SELECT detail FROM audit_log WHERE action IN ('registration_paid', 'transferred', 'released_for_claim')
             GROUP BY action, detail HAVING COUNT(*) > 1) d",
        )
        .await;
    assert_eq!(twice, 0, "a payment fulfilled twice");
    // The owner, the ownership timeline and the chain agree.
    let disagree = app
        .scalar(
            "SELECT COUNT(*) FROM vessels v WHERE v.status IN ('active', 'in_transfer', 'deactivated')
               AND EXISTS (SELECT 1 FROM ownership_history h WHERE h.vessel_id = v.id)
               AND COALESCE(v.owner_user_id, '') <> COALESCE((SELECT h.owner_user_id FROM ownership_history h
                    WHERE h.vessel_id = v.id AND h.transferred_out_at IS NULL), '')",
        )
        .await;
    assert_eq!(disagree, 0, "a vessel's owner is not its open ownership entry's");
    let miscounted = app
        .scalar(
            "SELECT COUNT(*) FROM vessels v
             WHERE v.owners_count <> (SELECT COUNT(*) FROM ownership_history h WHERE h.vessel_id = v.id)",
        )
        .await;
    assert_eq!(miscounted, 0, "a vessel's owner count is not its ownership history's");
    let vessels = sqlx::query("SELECT id, platform_id, status FROM vessels").fetch_all(&app.db).await.unwrap();
    for v in vessels {
        let (id, platform_id, status): (String, String, String) =
            (sqlx::Row::get(&v, 0), sqlx::Row::get(&v, 1), sqlx::Row::get(&v, 2));
        let platform_id = registry::domain::PlatformId::display_stored(platform_id);
        let subject = registry::features::vessels::history_chain::ChainSubject {
            id: &id,
            platform_id: &platform_id,
            registered: status == "active" || status == "in_transfer",
            // The race test reports no thefts.
            stolen: false,
        };
        let report = registry::features::vessels::history_chain::verify(&app.db, &subject).await.unwrap();
        assert!(report.valid, "the chain of {platform_id} ({status}): {:?}", report.problem);
    }
}
