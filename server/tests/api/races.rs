//! The race-and-invariant test: round after round, the money and ownership
//! operations are fired at one vessel at once in a random mix, and then the
//! invariants of `money::invariants` must hold. `make test` runs it with a
//! fixed seed and a bounded number of rounds, on SQLite and on PostgreSQL;
//! `make test-races` runs a longer one (`REGISTRY_RACE_ROUNDS`,
//! `REGISTRY_RACE_SEED`).

use rand::{Rng, SeedableRng, rngs::StdRng, seq::SliceRandom};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, parts};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    PayBySeller,
    PayByBuyer,
    CancelBySeller,
    DeclineByBuyer,
    CancelByAdmin,
    Expire,
    RefundRegistration,
    ArchiveSeller,
    ArchiveBuyer,
    Deactivate,
    Reactivate,
    Initiate,
    ClaimByVerifying,
    HoldUnclaimed,
}

const OPS: [Op; 14] = [
    Op::PayBySeller,
    Op::PayByBuyer,
    Op::CancelBySeller,
    Op::DeclineByBuyer,
    Op::CancelByAdmin,
    Op::Expire,
    Op::RefundRegistration,
    Op::ArchiveSeller,
    Op::ArchiveBuyer,
    Op::Deactivate,
    Op::Reactivate,
    Op::Initiate,
    Op::ClaimByVerifying,
    Op::HoldUnclaimed,
];

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A signed-in account with a verified email, in a browser of its own.
async fn account(app: &TestApp, email: &str) -> TestApp {
    let browser = app.second_browser();
    browser.signed_in_user(email).await;
    browser
}

async fn card(payer: &TestApp, vessel: &Value, transfer: &str) -> Option<Value> {
    let ask = json!({"purpose": "transfer", "vesselId": vessel["id"], "transferId": transfer});
    let (status, intent) = parts(payer.post("/api/payments/create-intent", ask).await).await;
    (status == StatusCode::OK).then(|| {
        json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242", "expMonth": 12,
               "expYear": 2034, "cvc": "123"})
    })
}

/// One round's cast and the vessel they fight over.
struct Round {
    seller: TestApp,
    buyer: TestApp,
    vessel: Value,
    phone: String,
    transfer: Option<String>,
    seller_card: Option<Value>,
    buyer_card: Option<Value>,
    /// The buyer's code for verifying the number (when it is not verified yet).
    phone_code: Option<String>,
}

async fn set_up(app: &TestApp, round: u64, rng: &mut StdRng) -> Round {
    let seller = account(app, &format!("seller{round}@example.nl")).await;
    let buyer = account(app, &format!("buyer{round}@example.nl")).await;
    let phone = format!("+3162{:07}", 1_000_000 + round);
    let body = json!({
        "name": format!("Race {round}"), "countryCode": "NL", "phoneE164": "+31612345678", "make": "Bavaria",
        "model": "Cruiser 34", "buildYear": 2019, "lengthCm": 1099, "publicVisibility": true, "forSale": false,
        "cin": "unknown", "engineSerial": "unknown", "identifiers": {"brandmerk": "unknown"}
    });
    let vessel = seller.active_vessel(body).await;
    // The buyer's number: verified now, or (a claim) verified during the round.
    let verified_first = rng.gen_bool(0.7);
    let (status, _) = parts(buyer.post("/api/profile/phone", json!({"phoneE164": phone})).await).await;
    assert_eq!(status, StatusCode::OK);
    if verified_first {
        crate::phone::verify_number(&buyer, &phone).await;
    }
    let mut round =
        Round { seller, buyer, vessel, phone, transfer: None, seller_card: None, buyer_card: None, phone_code: None };
    if rng.gen_bool(0.85) {
        let start = json!({"vesselId": round.vessel["id"], "toPhoneE164": round.phone});
        let (status, started) = parts(round.seller.post("/api/transfers/initiate", start).await).await;
        assert_eq!(status, StatusCode::CREATED, "{started}");
        let id = started["transferId"].as_str().unwrap().to_owned();
        let code = crate::phone::code_to(app, &round.phone).await;
        let (status, _) =
            parts(round.seller.post(&format!("/api/transfers/{id}/verify-otp"), json!({"otp": code})).await).await;
        assert_eq!(status, StatusCode::OK);
        // One of the two opens the fee's payment (the other is then refused one).
        if rng.gen_bool(0.5) {
            round.seller_card = card(&round.seller, &round.vessel, &id).await;
        } else if verified_first {
            round.buyer_card = card(&round.buyer, &round.vessel, &id).await;
        }
        round.transfer = Some(id);
    }
    if !verified_first {
        assert_eq!(round.buyer.post("/api/profile/phone/send-code", json!({})).await.status(), StatusCode::ACCEPTED);
        round.phone_code = Some(crate::phone::code_to(app, &round.phone).await);
    }
    round
}

async fn fire(app: &TestApp, admin: &TestApp, round: &Round, op: Op) -> StatusCode {
    let platform_id = round.vessel["platformId"].as_str().unwrap().to_owned();
    let transfer = round.transfer.clone().unwrap_or_else(|| "none".into());
    let reason = json!({"reason": "race"});
    let r = match op {
        Op::PayBySeller | Op::PayByBuyer => {
            let (who, pay) = if op == Op::PayBySeller {
                (&round.seller, &round.seller_card)
            } else {
                (&round.buyer, &round.buyer_card)
            };
            let Some(pay) = pay else { return StatusCode::NO_CONTENT };
            who.post("/api/payments/local/confirm", pay.clone()).await
        }
        Op::CancelBySeller => round.seller.post(&format!("/api/transfers/{transfer}/cancel"), json!({})).await,
        Op::DeclineByBuyer => round.buyer.post(&format!("/api/transfers/{transfer}/cancel"), json!({})).await,
        Op::CancelByAdmin => admin.post(&format!("/api/admin/transfers/{transfer}/cancel"), reason).await,
        Op::HoldUnclaimed => {
            let later = registry::platform::clock::now_ms() + registry::features::vessels::model::CLAIM_WINDOW_MS + 1;
            registry::features::transfers::service::hold_unclaimed_due(&app.state, later).await.expect("never fails");
            return StatusCode::OK;
        }
        Op::Expire => {
            let later = registry::platform::clock::now_ms() + registry::features::transfers::service::VALIDITY_MS + 1;
            registry::app::jobs::sweep_transfers(&app.state, later).await.expect("the sweep never fails");
            return StatusCode::OK;
        }
        Op::RefundRegistration => {
            let payment = crate::money::registration_payment(app, &round.vessel).await;
            admin.post(&format!("/api/admin/payments/{payment}/refund"), reason).await
        }
        Op::ArchiveSeller => round.seller.delete("/api/profile").await,
        Op::ArchiveBuyer => round.buyer.delete("/api/profile").await,
        Op::Deactivate => admin.post(&format!("/api/admin/vessels/{platform_id}/deactivate"), reason).await,
        Op::Reactivate => admin.post(&format!("/api/admin/vessels/{platform_id}/reactivate"), reason).await,
        Op::Initiate => {
            let start = json!({"vesselId": round.vessel["id"], "toPhoneE164": round.phone});
            round.seller.post("/api/transfers/initiate", start).await
        }
        Op::ClaimByVerifying => {
            let Some(code) = &round.phone_code else { return StatusCode::NO_CONTENT };
            round.buyer.post("/api/profile/phone/verify", json!({"otp": code})).await
        }
    };
    let status = r.status();
    let body = r.text().await.unwrap_or_default();
    assert!(!status.is_server_error(), "{op:?} answered {status}: {body}");
    status
}

#[tokio::test]
async fn money_and_ownership_operations_raced_at_random_keep_their_invariants() {
    let rounds = env_or("REGISTRY_RACE_ROUNDS", 200);
    let seed = env_or("REGISTRY_RACE_SEED", 27);
    let mut rng = StdRng::seed_from_u64(seed);
    let app = TestApp::spawn().await;
    let admin = app.admin("harbour-master@example.nl").await;
    for round in 0..rounds {
        // Every round signs two people up and in from the same address: the
        // per-client budgets are not what this test is about.
        sqlx::query("DELETE FROM throttle WHERE bucket LIKE '%-client:%'").execute(&app.db).await.unwrap();
        let cast = set_up(&app, round, &mut rng).await;
        let mut ops: Vec<Op> = OPS.iter().copied().filter(|_| rng.gen_bool(0.35)).collect();
        while ops.len() < 2 {
            ops.push(*OPS.choose(&mut rng).unwrap());
        }
        ops.shuffle(&mut rng);
        let fired = futures_util::future::join_all(ops.iter().map(|op| fire(&app, &admin, &cast, *op))).await;
        // Whatever the mix, the invariants hold once the dust settles.
        let trace = format!("seed {seed}, round {round}: {:?}", ops.iter().zip(&fired).collect::<Vec<_>>());
        let checked = tokio::spawn({
            let app = app.second_browser();
            async move { crate::money::invariants(&app).await }
        })
        .await;
        assert!(checked.is_ok(), "{trace}");
    }
    // Sign-in still works for the administrator: nothing was left locked.
    assert_eq!(admin.login("harbour-master@example.nl", PASSWORD).await.status(), StatusCode::OK);
}
