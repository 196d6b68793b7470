//! Particulars a registry keeps (type, hull, engines, home port), the owner's
//! corrections of them, and requests to an administrator to correct what
//! identifies a vessel.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, pdf_text, sailboat};

fn described() -> Value {
    let mut body = sailboat();
    body["vesselType"] = json!("sail");
    body["hullMaterial"] = json!("grp");
    body["hullColour"] = json!("  white ");
    body["homePort"] = json!("Muiden");
    body["engines"] = json!([{"make": "Volvo  Penta", "model": "D2-40", "powerKw": 29.44}]);
    body
}

async fn page(app: &TestApp, platform_id: &str) -> Value {
    let (status, detail) = parts(app.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    detail
}

async fn certificate_serial(app: &TestApp, platform_id: &str) -> (String, String) {
    let r = app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let serial = r.headers()["x-certificate-serial"].to_str().unwrap().to_owned();
    (serial, pdf_text(&r.bytes().await.unwrap()))
}

async fn check(app: &TestApp, serial: &str) -> Value {
    parts(TestApp::browser().get(app.url(&format!("/api/certificates/{serial}"))).send().await.unwrap()).await.1
}

#[tokio::test]
async fn registration_keeps_the_describing_particulars_and_refuses_bad_ones() {
    let app = TestApp::spawn().await;
    app.signed_in_user("describer@example.nl").await;
    let (status, v) = parts(app.post("/api/vessels", described()).await).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!((v["vesselType"].as_str(), v["hullMaterial"].as_str()), (Some("sail"), Some("grp")));
    assert_eq!((v["hullColour"].as_str(), v["homePort"].as_str()), (Some("white"), Some("Muiden")));
    assert_eq!(v["engines"], json!([{"make": "Volvo Penta", "model": "D2-40", "powerKw": 29.4}]));
    let detail = page(&app, v["platformId"].as_str().unwrap()).await;
    assert_eq!(detail["vessel"]["homePort"], "Muiden");
    assert_eq!(detail["corrections"], json!([]));

    let mut bad = described();
    bad["hullColour"] = json!("x".repeat(41));
    bad["engines"] = json!([{"make": "Yamaha", "powerKw": 0}]);
    let (status, body) = parts(app.post("/api/vessels", bad).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fieldCodes"]["hullColour"][0], "hull_colour_invalid", "{body}");
    assert_eq!(body["fieldCodes"]["engines"][0], "engine_power_range", "{body}");

    let mut unknown = described();
    unknown["vesselType"] = json!("submarine");
    let (status, body) = parts(app.post("/api/vessels", unknown).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_body")));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels").await, 1, "nothing of the refused ones is kept");
}

#[tokio::test]
async fn the_owner_corrects_particulars_each_correction_listed_and_the_certificate_superseded() {
    let app = TestApp::spawn().await;
    app.signed_in_user("corrector@example.nl").await;
    let vessel = app.active_vessel(described()).await;
    let (id, pid) = (vessel["id"].as_str().unwrap(), vessel["platformId"].as_str().unwrap());
    assert_eq!(app.patch("/api/profile", json!({"name": "Jan de Vries"})).await.status(), StatusCode::OK);
    let (before, text) = certificate_serial(&app, pid).await;
    assert!(text.contains("Muiden"), "the certificate prints the home port: {text}");
    assert!(text.contains("Volvo Penta D2-40, 29.4 kW"), "{text}");

    // Sending what is already recorded changes nothing, and supersedes nothing.
    let (status, _) = parts(app.patch(&format!("/api/vessels/{id}"), json!({"homePort": "Muiden"})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(check(&app, &before).await["status"], "current");

    let change = json!({"name": "Zeearend", "homePort": "Lelystad", "vesselType": null,
                        "engines": [{"make": "Yanmar", "model": "3YM30", "powerKw": 21}]});
    let (status, v) = parts(app.patch(&format!("/api/vessels/{id}"), change).await).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["name"].as_str(), v["homePort"].as_str()), (Some("Zeearend"), Some("Lelystad")));
    assert_eq!(v["vesselType"], Value::Null);
    assert_eq!(v["hullColour"], "white", "left out: unchanged");

    // Listed on the public page, newest first, field by field.
    let detail = parts(TestApp::browser().get(app.url(&format!("/api/vessels/{pid}"))).send().await.unwrap()).await.1;
    let corrections = detail["corrections"].as_array().unwrap();
    let mut fields: Vec<&str> = corrections.iter().map(|c| c["field"].as_str().unwrap()).collect();
    fields.sort_unstable();
    assert_eq!(fields, ["engines", "homePort", "name", "vesselType"], "{corrections:?}");
    let port = corrections.iter().find(|c| c["field"] == "homePort").unwrap();
    assert_eq!((port["from"].as_str(), port["to"].as_str()), (Some("Muiden"), Some("Lelystad")));
    assert_eq!(port["madeBy"], "owner");
    let engines = corrections.iter().find(|c| c["field"] == "engines").unwrap();
    let was: Value = serde_json::from_str(engines["from"].as_str().unwrap()).unwrap();
    assert_eq!(was[0]["make"], "Volvo Penta");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'particulars_corrected'").await, 1);

    // The search finds the new name and no longer the old one.
    let (_, found) = parts(app.get("/api/vessels/search?query=zeearend").await).await;
    assert_eq!(found["total"], 1, "{found}");
    let (_, gone) = parts(app.get("/api/vessels/search?query=zeemeeuw").await).await;
    assert_eq!(gone["total"], 0, "{gone}");

    // The old certificate no longer describes the vessel; the next one does.
    assert_eq!(check(&app, &before).await["status"], "superseded");
    let (after, text) = certificate_serial(&app, pid).await;
    assert_ne!(after, before);
    assert!(text.contains("Lelystad") && text.contains("Yanmar 3YM30, 21 kW"), "{text}");
    let checked = check(&app, &after).await;
    assert_eq!((checked["status"].as_str(), checked["valid"].as_bool()), (Some("current"), Some(true)));
    assert_eq!(checked["vessel"]["homePort"], "Lelystad");
    assert_eq!(checked["vessel"]["engines"][0]["make"], "Yanmar");
    assert!(checked["signedData"].as_str().unwrap().contains("\"homePort\":\"Lelystad\""));
}

#[tokio::test]
async fn particulars_are_corrected_only_by_the_owner_and_only_the_describing_ones() {
    let app = TestApp::spawn().await;
    app.signed_in_user("mine@example.nl").await;
    let vessel = app.active_vessel(described()).await;
    let path = format!("/api/vessels/{}", vessel["id"].as_str().unwrap());
    let (status, body) = parts(app.patch(&path, json!({"cin": "NL-BAV2K4L7C920"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "identifiers go through a request: {body}");
    let (status, body) =
        parts(app.patch(&path, json!({"homePort": "a\u{202e}b", "engines": [{"make": ""}]})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    let other = app.second_browser();
    other.signed_in_user("thief@example.nl").await;
    let (status, _) = parts(other.patch(&path, json!({"homePort": "Elsewhere"})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = parts(
        other
            .post(
                &format!("{path}/correction-requests"),
                json!({"field": "make", "value": "Hanse", "reason": "It is a Hanse really"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = parts(other.get(&format!("{path}/correction-requests")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessel_corrections").await, 0);
    assert_eq!(app.scalar_text("SELECT home_port FROM vessels").await, "Muiden");
}

#[tokio::test]
async fn an_identifier_is_corrected_by_an_administrator_granting_the_owners_request() {
    let app = TestApp::spawn().await;
    app.signed_in_user("asker@example.nl").await;
    let vessel = app.active_vessel(described()).await;
    let path = format!("/api/vessels/{}/correction-requests", vessel["id"].as_str().unwrap());
    let ask = |field: &str, value: &str, reason: &str| json!({"field": field, "value": value, "reason": reason});

    // Checked as registration checks it, at once.
    let (status, body) = parts(app.post(&path, ask("mmsi", "12345", "The MMSI on my VHF licence")).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fields"]["value"].is_array(), "{body}");
    let (status, body) = parts(app.post(&path, ask("mmsi", "244123456", "The MMSI on my VHF licence")).await).await;
    assert_eq!(
        (status, body["fieldCodes"]["value"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("correction_same_value"))
    );
    let (status, body) = parts(app.post(&path, ask("homePort", "Hoorn", "Moved to another marina")).await).await;
    assert_eq!(
        (status, body["fieldCodes"]["field"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("correction_field_unknown"))
    );
    let (status, _) = parts(app.post(&path, ask("mmsi", "244987654", "short")).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a reason of ten characters at least");

    let (status, request) = parts(app.post(&path, ask("mmsi", "244987654", "The MMSI on my VHF licence")).await).await;
    assert_eq!(status, StatusCode::CREATED, "{request}");
    assert_eq!((request["status"].as_str(), request["currentValue"].as_str()), (Some("pending"), Some("244123456")));
    assert_eq!(request["requestedByEmail"], Value::Null, "the owner's own list does not need it");
    let (_, mine) = parts(app.get(&path).await).await;
    assert_eq!(mine.as_array().unwrap().len(), 1);

    // Only administrators decide.
    let (status, _) = parts(
        app.post(&format!("/api/admin/correction-requests/{}/approve", request["id"].as_str().unwrap()), json!({}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin = app.admin("registrar@example.nl").await;
    let (status, queue) = parts(admin.get("/api/admin/correction-requests").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(queue[0]["requestedByEmail"], "asker@example.nl");
    assert_eq!(queue[0]["value"], "244987654");

    let approve = format!("/api/admin/correction-requests/{}/approve", request["id"].as_str().unwrap());
    let (status, decided) = parts(admin.post(&approve, json!({"note": "Checked against the licence"})).await).await;
    assert_eq!(status, StatusCode::OK, "{decided}");
    assert_eq!(decided["status"], "approved");
    let (status, again) = parts(admin.post(&approve, json!({})).await).await;
    assert_eq!((status, again["messageCode"].as_str()), (StatusCode::CONFLICT, Some("correction_request_decided")));

    let detail = page(&app, vessel["platformId"].as_str().unwrap()).await;
    assert_eq!(detail["vessel"]["identifiers"]["mmsi"], "244987654");
    let correction = &detail["corrections"][0];
    assert_eq!((correction["field"].as_str(), correction["madeBy"].as_str()), (Some("mmsi"), Some("registry")));
    assert_eq!((correction["from"].as_str(), correction["to"].as_str()), (Some("244123456"), Some("244987654")));
    let mail = app.last_message_to("asker@example.nl").await.unwrap();
    assert!(mail["body"].as_str().unwrap().contains("Checked against the licence"), "{mail}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'correction_approved'").await, 1);
}

#[tokio::test]
async fn a_rejected_request_changes_nothing_and_says_why() {
    let app = TestApp::spawn().await;
    app.signed_in_user("hopeful@example.nl").await;
    let vessel = app.active_vessel(described()).await;
    let path = format!("/api/vessels/{}/correction-requests", vessel["id"].as_str().unwrap());
    let (_, request) = parts(
        app.post(&path, json!({"field": "make", "value": "Hanse", "reason": "The builder's plate says Hanse"})).await,
    )
    .await;
    let admin = app.admin("registrar@example.nl").await;
    let reject = format!("/api/admin/correction-requests/{}/reject", request["id"].as_str().unwrap());
    let (status, body) = parts(admin.post(&reject, json!({})).await).await;
    assert_eq!(
        (status, body["fieldCodes"]["note"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("correction_note_length"))
    );
    let (status, decided) =
        parts(admin.post(&reject, json!({"note": "The CIN's maker code is Bavaria's"})).await).await;
    assert_eq!(status, StatusCode::OK, "{decided}");
    assert_eq!(
        (decided["status"].as_str(), decided["decisionNote"].as_str()),
        (Some("rejected"), Some("The CIN's maker code is Bavaria's"))
    );
    assert_eq!(app.scalar_text("SELECT make FROM vessels").await, "Bavaria");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessel_corrections").await, 0);
    let mail = app.last_message_to("hopeful@example.nl").await.unwrap();
    assert!(mail["body"].as_str().unwrap().contains("Bavaria's"), "{mail}");
}

#[tokio::test]
async fn a_granted_identifier_must_still_be_free() {
    let app = TestApp::spawn().await;
    app.signed_in_user("first@example.nl").await;
    let first = app.active_vessel(described()).await;
    let path = format!("/api/vessels/{}/correction-requests", first["id"].as_str().unwrap());
    let (status, request) = parts(
        app.post(&path, json!({"field": "mmsi", "value": "244555666", "reason": "My VHF licence says so"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{request}");
    // Meanwhile another owner registers a vessel carrying that MMSI.
    let other = app.second_browser();
    other.signed_in_user("second@example.nl").await;
    let mut body = sailboat();
    body["cin"] = json!("unknown");
    body["mmsi"] = json!("244555666");
    other.active_vessel(body).await;

    let admin = app.admin("registrar@example.nl").await;
    let approve = format!("/api/admin/correction-requests/{}/approve", request["id"].as_str().unwrap());
    let (status, body) = parts(admin.post(&approve, json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM correction_requests WHERE status = 'pending'").await,
        1,
        "still to decide"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels WHERE mmsi = '244555666'").await, 1);
}

#[tokio::test]
async fn parallel_requests_and_decisions_hold_their_limits() {
    let app = TestApp::spawn().await;
    app.signed_in_user("eager@example.nl").await;
    let vessel = app.active_vessel(described()).await;
    let path = format!("/api/vessels/{}/correction-requests", vessel["id"].as_str().unwrap());
    let asks = (0..8).map(|n| {
        app.post(
            &path,
            json!({"field": "model", "value": format!("Cruiser 4{n}"), "reason": "The builder's plate says so"}),
        )
    });
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(asks).await.iter().map(reqwest::Response::status).collect();
    let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
    assert_eq!(created, 5, "at most five wait at once: {statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM correction_requests").await, 5);

    // Two administrators grant two requests of one vessel at once: both were
    // checked against the same particulars, so only one may be written.
    let (_, queue) = parts(app.admin("one@example.nl").await.get("/api/admin/correction-requests").await).await;
    let admin = app.admin("two@example.nl").await;
    let ids: Vec<&str> = queue.as_array().unwrap().iter().take(2).map(|r| r["id"].as_str().unwrap()).collect();
    let paths: Vec<String> = ids.iter().map(|id| format!("/api/admin/correction-requests/{id}/approve")).collect();
    let grants = paths.iter().map(|path| admin.post(path, json!({})));
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(grants).await.iter().map(reqwest::Response::status).collect();
    let granted = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    assert!(granted >= 1, "{statuses:?}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM correction_requests WHERE status = 'approved'").await,
        app.scalar("SELECT COUNT(*) FROM vessel_corrections").await,
        "every granted request recorded once: {statuses:?}"
    );
    assert_eq!(
        app.scalar("SELECT particulars_version FROM vessels").await,
        i64::try_from(granted).unwrap(),
        "each grant wrote once: {statuses:?}"
    );
}
