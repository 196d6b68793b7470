//! Stolen vessels: the owner's report, what everyone then sees, what it
//! stops (transfers, certificates), its end, and the administrators' checks.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts};
use crate::transfers;

fn report() -> Value {
    json!({"stolenAt": "2026-11-20", "place": "Jachthaven Muiden", "policeReference": "PL0900-2026112001",
           "description": "Taken from its berth overnight; the lock was cut."})
}

async fn report_theft(app: &TestApp, vessel: &Value, body: Value) -> (StatusCode, Value) {
    parts(app.post(&format!("/api/vessels/{}/stolen", vessel["id"].as_str().unwrap()), body).await).await
}

async fn public_page(app: &TestApp, vessel: &Value) -> Value {
    let visitor = TestApp::browser();
    let url = app.url(&format!("/api/vessels/{}", vessel["platformId"].as_str().unwrap()));
    let (status, page) = parts(visitor.get(url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page
}

async fn chain(app: &TestApp, vessel: &Value) -> Value {
    let visitor = TestApp::browser();
    let url = app.url(&format!("/api/vessels/{}/history/verify", vessel["platformId"].as_str().unwrap()));
    parts(visitor.get(url).send().await.unwrap()).await.1
}

fn event_types(report: &Value) -> Vec<&str> {
    report["events"].as_array().unwrap().iter().map(|e| e["eventType"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_reported_theft_is_shown_everywhere_and_stops_transfers_and_certificates() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-owner@example.nl").await;
    let (status, reported) = report_theft(&app, &vessel, report()).await;
    assert_eq!(status, StatusCode::CREATED, "{reported}");
    assert_eq!(
        (reported["status"].as_str(), reported["place"].as_str()),
        (Some("reported"), Some("Jachthaven Muiden"))
    );
    assert_eq!(reported["stolenAt"], "2026-11-20T00:00:00.000Z");

    // Everyone sees it: the vessel page and the search card.
    let page = public_page(&app, &vessel).await;
    let stolen = &page["vessel"]["stolen"];
    assert_eq!((stolen["status"].as_str(), stolen["place"].as_str()), (Some("reported"), Some("Jachthaven Muiden")));
    assert!(!page.to_string().contains("PL0900"), "the police reference is not public");
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (_, found) = parts(app.get(&format!("/api/vessels/search?query={platform_id}")).await).await;
    assert_eq!(found["data"][0]["stolen"]["status"], "reported", "{found}");

    // Only the stolen ones, for a marina or the police: not another owner's vessel.
    let other = app.second_browser();
    other.signed_in_user("theft-neighbour@example.nl").await;
    let mut neighbour = crate::helpers::sailboat();
    neighbour["name"] = json!("Zeezwaluw");
    neighbour["cin"] = json!("NL-BAV2K4L8C920");
    neighbour["mmsi"] = json!("244123457");
    other.active_vessel(neighbour).await;
    let (_, everything) = parts(app.get("/api/vessels/search").await).await;
    assert_eq!(everything["total"], 2);
    let (status, stolen_only) = parts(app.get("/api/vessels/search?stolen=true").await).await;
    assert_eq!(status, StatusCode::OK, "{stolen_only}");
    assert_eq!(
        (stolen_only["total"].as_i64(), stolen_only["data"][0]["platformId"].as_str()),
        (Some(1), Some(platform_id))
    );
    let (_, by_name) = parts(app.get("/api/vessels/search?stolen=true&query=zeemeeuw").await).await;
    assert_eq!(by_name["total"], 1);
    let (_, no_match) = parts(app.get("/api/vessels/search?stolen=true&query=zeezwaluw").await).await;
    assert_eq!(no_match["total"], 0, "the neighbour's is not stolen");
    assert_eq!(app.get("/api/vessels/search?stolen=maybe").await.status(), StatusCode::BAD_REQUEST);

    // Nothing changes hands, no certificate is issued.
    let (status, body) = transfers::initiate(&app, &vessel).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::CONFLICT, Some("vessel_reported_stolen")));
    let r = app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);

    // The chain records it and still verifies; the owner is emailed; the audit log has it.
    let verified = chain(&app, &vessel).await;
    assert_eq!(verified["valid"], true, "{verified}");
    assert_eq!(event_types(&verified), ["registered", "reported_stolen"]);
    let mail = app.last_message_to("theft-owner@example.nl").await.unwrap();
    assert!(mail["body"].as_str().unwrap().contains("Reported stolen"), "{mail}");
    let vessel_id = vessel["id"].as_str().unwrap();
    let audited = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM audit_log WHERE vessel_id = '{vessel_id}' AND action = 'reported_stolen'"
        ))
        .await;
    assert_eq!(audited, 1);

    // A second report is refused; the owner sees theirs with the police reference.
    let (status, body) = report_theft(&app, &vessel, report()).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::CONFLICT, Some("vessel_already_reported_stolen")));
    let (_, listed) = parts(app.get(&format!("/api/vessels/{vessel_id}/theft-reports")).await).await;
    assert_eq!(listed[0]["policeReference"], "PL0900-2026112001");

    // Recovered: the notice goes, the chain records it, a transfer may start again.
    let (status, ended) = parts(app.post(&format!("/api/vessels/{vessel_id}/recovered"), json!({})).await).await;
    assert_eq!((status, ended["status"].as_str()), (StatusCode::OK, Some("recovered")), "{ended}");
    assert!(public_page(&app, &vessel).await["vessel"]["stolen"].is_null());
    let verified = chain(&app, &vessel).await;
    assert_eq!(
        (verified["valid"].as_bool(), event_types(&verified)),
        (Some(true), vec!["registered", "reported_stolen", "recovered"])
    );
    assert_eq!(transfers::initiate(&app, &vessel).await.0, StatusCode::CREATED);
    let (status, body) = parts(app.post(&format!("/api/vessels/{vessel_id}/recovered"), json!({})).await).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::CONFLICT, Some("no_open_theft_report")));
}

#[tokio::test]
async fn reporting_a_vessel_in_transfer_cancels_the_transfer() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-seller@example.nl").await;
    let (status, started) = transfers::initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CREATED);
    let transfer_id = started["transferId"].as_str().unwrap().to_owned();
    assert_eq!(report_theft(&app, &vessel, report()).await.0, StatusCode::CREATED);
    let (_, transfer) = parts(app.get(&format!("/api/transfers/{transfer_id}")).await).await;
    assert_eq!(transfer["status"], "canceled", "{transfer}");
    let page = public_page(&app, &vessel).await;
    assert_eq!(
        (page["vessel"]["status"].as_str(), page["vessel"]["stolen"]["status"].as_str()),
        (Some("active"), Some("reported"))
    );
    assert_eq!(chain(&app, &vessel).await["valid"], true);
}

#[tokio::test]
async fn a_report_is_checked_like_every_other_input_and_only_the_owner_makes_one() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-checks@example.nl").await;
    let future = json!({"stolenAt": "2999-01-01", "place": "Muiden", "policeReference": "X"});
    let (status, body) = report_theft(&app, &vessel, future).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fields"]["stolenAt"].is_array(), "{body}");
    let missing = json!({"stolenAt": "2026-11-20", "place": " ", "policeReference": ""});
    let (status, body) = report_theft(&app, &vessel, missing).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["place"].is_array() && body["fields"]["policeReference"].is_array(), "{body}");
    let (status, _) =
        report_theft(&app, &vessel, json!({"stolenAt": "yesterday", "place": "M", "policeReference": "X"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = report_theft(&app, &vessel, json!({"stolenAt": "2026-11-20", "place": "M"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a missing field");

    let stranger = app.second_browser();
    stranger.signed_in_user("not-the-owner@example.nl").await;
    assert_eq!(report_theft(&stranger, &vessel, report()).await.0, StatusCode::NOT_FOUND);
    let url = app.url(&format!("/api/vessels/{}/stolen", vessel["id"].as_str().unwrap()));
    let signed_out = TestApp::browser().post(url).json(&report()).send().await.unwrap();
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM theft_reports").await, 0, "nothing saved");
}

#[tokio::test]
async fn administrators_confirm_a_report_or_remove_a_false_one_and_the_owner_is_told() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-admin@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    assert_eq!(report_theft(&app, &vessel, report()).await.0, StatusCode::CREATED);
    // The owner is not an administrator.
    let confirm = format!("/api/admin/vessels/{platform_id}/stolen/confirm");
    assert_eq!(app.post(&confirm, json!({})).await.status(), StatusCode::FORBIDDEN);
    let admin = app.admin("harbour-master@example.nl").await;
    let (status, confirmed) = parts(admin.post(&confirm, json!({})).await).await;
    assert_eq!((status, confirmed["status"].as_str()), (StatusCode::OK, Some("confirmed")), "{confirmed}");
    assert_eq!(public_page(&app, &vessel).await["vessel"]["stolen"]["status"], "confirmed");
    let (status, body) = parts(admin.post(&confirm, json!({})).await).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::CONFLICT, Some("theft_report_already_confirmed")));

    let remove = format!("/api/admin/vessels/{platform_id}/stolen/remove");
    assert_eq!(admin.post(&remove, json!({"reason": "short"})).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let reason = "The police know of no such report; the owner sold the boat.";
    let (status, removed) = parts(admin.post(&remove, json!({"reason": reason})).await).await;
    assert_eq!((status, removed["status"].as_str()), (StatusCode::OK, Some("removed")), "{removed}");
    assert!(public_page(&app, &vessel).await["vessel"]["stolen"].is_null());
    let verified = chain(&app, &vessel).await;
    assert_eq!(
        (verified["valid"].as_bool(), event_types(&verified)),
        (Some(true), vec!["registered", "reported_stolen", "report_removed"])
    );
    let mail = app.last_message_to("theft-admin@example.nl").await.unwrap();
    assert!(mail["body"].as_str().unwrap().contains(reason), "the owner reads why: {mail}");
}

#[tokio::test]
async fn reports_sent_at_once_record_one_theft() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-race@example.nl").await;
    let answers = futures_util::future::join_all((0..8).map(|_| report_theft(&app, &vessel, report()))).await;
    let created = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    let refused = answers
        .iter()
        .filter(|(s, b)| *s == StatusCode::CONFLICT && b["messageCode"] == "vessel_already_reported_stolen")
        .count();
    assert_eq!((created, refused), (1, 7), "{answers:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM theft_reports").await, 1);
    assert_eq!(event_types(&chain(&app, &vessel).await), ["registered", "reported_stolen"]);
}

/// The owner reports a theft while the buyer's fee for the open transfer
/// arrives: one of the two wins, whole. Either the vessel is the buyer's and
/// no report was made, or it is reported with the transfer canceled and no
/// fee kept without its effect. Neither answer is a 500 (a deadlock would be).
#[tokio::test]
async fn a_report_racing_the_transfer_fee_has_one_outcome() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-seller-race@example.nl").await;
    let buyer = transfers::buyer(&app).await;
    let id = transfers::verified_transfer(&app, &vessel).await;
    let card = transfers::card_for_fee(&app, &vessel, &id).await;
    let (client, pay_url) = (app.client.clone(), app.url("/api/payments/local/confirm"));
    let report_url = app.url(&format!("/api/vessels/{}/stolen", vessel["id"].as_str().unwrap()));
    let paying = tokio::spawn({
        let client = client.clone();
        async move { client.post(pay_url).json(&card).send().await.unwrap().status() }
    });
    let reporting = tokio::spawn(async move { client.post(report_url).json(&report()).send().await.unwrap().status() });
    let (paid, reported) = (paying.await.unwrap(), reporting.await.unwrap());
    assert!(paid.as_u16() < 500 && reported.as_u16() < 500, "fee {paid}, report {reported}");
    let transfer = app.scalar_text(&format!("SELECT status FROM transfers WHERE id = '{id}'")).await;
    let reports = app.scalar("SELECT COUNT(*) FROM theft_reports").await;
    let (_, buyers) = parts(buyer.get("/api/vessels/my/list").await).await;
    let kept_without_effect = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM payments p WHERE p.transfer_id = '{id}' AND p.status = 'succeeded'
               AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id)"
        ))
        .await;
    if transfer == "completed" {
        assert_eq!((reports, buyers.as_array().unwrap().len()), (0, 1), "sold: the buyer's, nothing reported");
        assert_ne!(reported, StatusCode::CREATED);
        assert_eq!(kept_without_effect, 1, "the fee bought the vessel");
    } else {
        assert_eq!((transfer.as_str(), reports, reported), ("canceled", 1, StatusCode::CREATED));
        assert_eq!(buyers.as_array().unwrap().len(), 0);
        assert_eq!(kept_without_effect, 0, "a fee that bought nothing is not kept");
    }
    assert_eq!(chain(&app, &vessel).await["valid"], true);
}

#[tokio::test]
async fn a_later_owner_does_not_see_an_earlier_owners_police_case() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("theft-first-owner@example.nl").await;
    let vessel_id = vessel["id"].as_str().unwrap();
    assert_eq!(report_theft(&app, &vessel, report()).await.0, StatusCode::CREATED);
    assert_eq!(app.post(&format!("/api/vessels/{vessel_id}/recovered"), json!({})).await.status(), StatusCode::OK);
    let buyer = transfers::buyer(&app).await;
    let id = transfers::verified_transfer(&app, &vessel).await;
    assert_eq!(transfers::pay_transfer(&app, &vessel, &id).await.0, StatusCode::OK);
    let (status, theirs) = parts(buyer.get(&format!("/api/vessels/{vessel_id}/theft-reports")).await).await;
    assert_eq!((status, theirs.as_array().map(Vec::len)), (StatusCode::OK, Some(0)), "{theirs}");
    let admin = app.admin("theft-harbour-master@example.nl").await;
    let (_, all) = parts(admin.get(&format!("/api/vessels/{vessel_id}/theft-reports")).await).await;
    assert_eq!(all[0]["policeReference"], "PL0900-2026112001");
}
