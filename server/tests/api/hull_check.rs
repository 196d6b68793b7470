//! The free hull check: registered, stolen, encumbered, the history and the
//! CIN decoded, for anyone, never the owner; and the buyer's summary that
//! comes with a transfer's code.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts};

async fn check(query: &str, app: &TestApp) -> (StatusCode, Value) {
    parts(TestApp::browser().get(app.url(&format!("/api/hull-check?{query}"))).send().await.unwrap()).await
}

#[tokio::test]
async fn a_registered_hull_is_found_by_each_identifier_and_its_cin_decoded_without_the_owner() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("hull-owner@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    for query in ["cin=nl-bav2k4l7c920", &format!("platformId={}", platform_id.to_lowercase()), "mmsi=244%20123%20456"]
    {
        let (status, found) = check(query, &app).await;
        assert_eq!(status, StatusCode::OK, "{query}: {found}");
        assert_eq!(
            (found["registered"].as_bool(), found["vessel"]["platformId"].as_str(), found["vessel"]["status"].as_str()),
            (Some(true), Some(platform_id), Some("active")),
            "{query}: {found}"
        );
        assert_eq!((found["stolen"].is_null(), found["encumbered"].as_bool()), (true, Some(false)));
        assert_eq!(found["historyVerified"], true);
        let cin = &found["cin"];
        assert_eq!((cin["value"].as_str(), cin["wellFormed"].as_bool()), (Some("NL-BAV2K4L7C920"), Some(true)));
        assert_eq!(
            (cin["country"].as_str(), cin["manufacturerCode"].as_str(), cin["serial"].as_str()),
            (Some("NL"), Some("BAV"), Some("2K4L7"))
        );
        assert_eq!((cin["productionMonth"].as_i64(), cin["modelYear"].as_i64()), (Some(3), Some(2020)));
        assert_eq!(found["warnings"], json!([]));
        assert_eq!(found["summary"], "Before you pay: not reported stolen, no registered lien, history verified.");
        let text = found.to_string();
        for private in ["hull-owner", "+3161", "ownerUserId", "email"] {
            assert!(!text.contains(private), "{private} in {text}");
        }
    }
    // In the reader's language.
    let url = app.url("/api/hull-check?cin=NL-BAV2K4L7C920");
    let (_, german) = parts(TestApp::browser().get(url).header("Accept-Language", "de").send().await.unwrap()).await;
    assert!(german["summary"].as_str().unwrap().starts_with("Bevor Sie zahlen"), "{german}");
}

#[tokio::test]
async fn unknown_and_malformed_identifiers_are_answered_and_bad_requests_refused() {
    let app = TestApp::spawn().await;
    let (status, unknown) = check("cin=FR-BEN12345F819", &app).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((unknown["registered"].as_bool(), unknown["vessel"].is_null()), (Some(false), true));
    assert_eq!(
        (unknown["cin"]["wellFormed"].as_bool(), unknown["cin"]["modelYear"].as_i64()),
        (Some(true), Some(2019))
    );
    assert!(unknown["summary"].is_null());
    let (status, malformed) = check("cin=NL-BEN12345M678", &app).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (malformed["cin"]["wellFormed"].as_bool(), malformed["cin"]["problemCode"].as_str()),
        (Some(false), Some("cin_month_invalid"))
    );
    assert!(malformed["cin"]["problem"].as_str().unwrap().len() > 10);
    for (query, expected, code) in [
        ("", StatusCode::BAD_REQUEST, "hull_check_one_identifier"),
        ("cin=NL-BEN12345F819&mmsi=244123456", StatusCode::BAD_REQUEST, "hull_check_one_identifier"),
        ("platformId=nonsense", StatusCode::BAD_REQUEST, "invalid_platform_id"),
        ("mmsi=12", StatusCode::UNPROCESSABLE_ENTITY, "validation_failed"),
    ] {
        let (status, refused) = check(query, &app).await;
        assert_eq!((status, refused["code"].as_str()), (expected, Some(code)), "{query}: {refused}");
        assert!(refused["message"].is_string());
    }
}

#[tokio::test]
async fn stolen_liens_and_a_cin_that_disagrees_with_the_build_year_are_reported() {
    let app = TestApp::spawn().await;
    let (vessel, lender) = crate::liens::owner_and_lender(&app).await;
    crate::liens::active_lien(&app, &vessel, &lender).await;
    let report =
        json!({"stolenAt": "2026-11-20", "place": "Jachthaven Muiden", "policeReference": "PL0900-2026112001"});
    let (status, _) =
        parts(app.post(&format!("/api/vessels/{}/stolen", vessel["id"].as_str().unwrap()), report).await).await;
    assert_eq!(status, StatusCode::CREATED);
    // An administrator's correction of the build year, say, that leaves the CIN behind.
    sqlx::query("UPDATE vessels SET build_year = 2005").execute(&app.db).await.unwrap();
    let (_, found) = check("cin=NL-BAV2K4L7C920", &app).await;
    assert_eq!(
        (found["stolen"]["place"].as_str(), found["encumbered"].as_bool()),
        (Some("Jachthaven Muiden"), Some(true))
    );
    assert_eq!(found["historyVerified"], true, "{found}");
    assert_eq!(found["warnings"][0]["code"], "cin_build_year_mismatch", "{found}");
    assert_eq!(
        found["summary"],
        "Before you pay: REPORTED STOLEN, a registered lien stands (the lender must consent), history verified."
    );
    assert!(!found.to_string().contains("PL0900"), "the police reference stays private");
}

#[tokio::test]
async fn checks_are_limited_per_address_with_retry_after() {
    let app = TestApp::spawn().await;
    let client = TestApp::browser();
    let url = app.url("/api/hull-check?cin=NL-BEN12345F819");
    let checks = (0..31).map(|_| client.get(&url).send());
    let answers: Vec<reqwest::Response> =
        futures_util::future::join_all(checks).await.into_iter().map(Result::unwrap).collect();
    let refused: Vec<&reqwest::Response> =
        answers.iter().filter(|r| r.status() == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!((answers.len() - refused.len(), refused.len()), (30, 1), "thirty a minute, counted exactly");
    let wait: u64 = refused[0].headers()["retry-after"].to_str().unwrap().parse().unwrap();
    // The minute's window, rounded up to whole seconds.
    assert!((1..=61).contains(&wait), "{wait}");
}

#[tokio::test]
async fn the_buyer_gets_the_summary_with_the_transfer_code() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("hull-seller@example.nl").await;
    let (status, _) = crate::transfers::initiate(&app, &vessel).await;
    assert_eq!(status, StatusCode::CREATED);
    let sms = app.last_message_to(crate::transfers::BUYER).await.unwrap();
    let body = sms["body"].as_str().unwrap();
    assert!(body.contains("Before you pay: not reported stolen, no registered lien, history verified."), "{body}");
}
