//! The authorization matrix: every route of the API (read from the `OpenAPI`
//! document, so a new route without a row here fails the test), called as
//! each kind of caller, with the status each must get.
//!
//! Callers: `anon` (no session), `unverified` (signed in, email not
//! verified), `user` (signed in, owns nothing here), `recipient` (holds the
//! number an open transfer of the vessel goes to), `past` (owned the vessel
//! before), `owner` (owns it now) and `admin`.
//!
//! A number is the exact status; `PASS` means "let through": any answer but
//! 401, 403 and 404 (the request is then refused, if at all, for what it
//! asks, not for who asks). Requests that would change the fixture for the
//! rows after them are either invalid past the authorization check or come
//! last; callers are tried in the order of the columns.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, sailboat};

/// Let through: anything but 401, 403 or 404.
const PASS: u16 = 0;

/// One row: method, path template, the request, then the status for
/// anon, unverified, user, recipient, past, owner, admin.
struct Row {
    method: &'static str,
    path: &'static str,
    body: Body,
    expect: [u16; 7],
}

enum Body {
    None,
    Json(fn(&Fixture) -> Value),
    /// A one-file upload to the vessel.
    Upload,
}

use Body::{Json, None as NoBody, Upload};

const fn row(method: &'static str, path: &'static str, body: Body, expect: [u16; 7]) -> Row {
    Row { method, path, body, expect }
}

const ADMIN_ONLY: [u16; 7] = [401, 403, 403, 403, 403, 403, 200];
const ADMIN_PASSES: [u16; 7] = [401, 403, 403, 403, 403, 403, PASS];
const SIGNED_IN: [u16; 7] = [401, 200, 200, 200, 200, 200, 200];
const PUBLIC: [u16; 7] = [200; 7];

fn empty_reason(_: &Fixture) -> Value {
    json!({"reason": ""})
}

/// The matrix. Keep it readable: one route per line; destructive rows last.
fn matrix() -> Vec<Row> {
    vec![
        // The console: administrators only; invalid bodies stop after the check.
        row("GET", "/api/admin/stats", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/vessels", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/transfers", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/payments", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/documents", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/users?email=example", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/audit", NoBody, ADMIN_ONLY),
        row("GET", "/api/admin/correction-requests", NoBody, ADMIN_ONLY),
        row(
            "POST",
            "/api/admin/correction-requests/{none}/approve",
            Json(|_| json!({})),
            [401, 403, 403, 403, 403, 403, 404],
        ),
        row(
            "POST",
            "/api/admin/correction-requests/{none}/reject",
            Json(|_| json!({})),
            [401, 403, 403, 403, 403, 403, 422],
        ),
        row("GET", "/api/admin/documents/{document}/preview", NoBody, ADMIN_ONLY),
        row("POST", "/api/admin/documents/{document}/review", Json(|_| json!({"decision": "pending"})), ADMIN_PASSES),
        row("POST", "/api/admin/vessels/{vessel}/deactivate", Json(empty_reason), ADMIN_PASSES),
        row("POST", "/api/admin/vessels/{vessel}/reactivate", Json(empty_reason), ADMIN_PASSES),
        row(
            "POST",
            "/api/admin/vessels/{vessel}/resolve",
            Json(|_| json!({"action": "activate", "reason": ""})),
            ADMIN_PASSES,
        ),
        row("POST", "/api/admin/transfers/{transfer}/cancel", Json(empty_reason), ADMIN_PASSES),
        row("POST", "/api/admin/payments/{payment}/refund", Json(empty_reason), ADMIN_PASSES),
        row("POST", "/api/admin/users/{stranger}/archive", Json(empty_reason), ADMIN_PASSES),
        row("POST", "/api/admin/users/{stranger}/role", Json(|_| json!({"role": "captain"})), ADMIN_PASSES),
        // Public reading.
        row("GET", "/api/stats", NoBody, PUBLIC),
        row("GET", "/api/config/countries", NoBody, PUBLIC),
        row("GET", "/api/config/countries/{country}", NoBody, PUBLIC),
        row("GET", "/api/config/support", NoBody, PUBLIC),
        row("GET", "/api/config/payments", NoBody, PUBLIC),
        row("GET", "/api/certificates/public-key", NoBody, PUBLIC),
        row("GET", "/api/certificates/{serial}", NoBody, [404; 7]),
        row("GET", "/api/vessels/search", NoBody, PUBLIC),
        row("GET", "/api/vessels/{vessel}", NoBody, PUBLIC),
        row("GET", "/api/vessels/{vessel}/history/verify", NoBody, PUBLIC),
        row("GET", "/api/hull-check?cin=NL-BEN12345F819", NoBody, PUBLIC),
        // Nothing is published in the fixture: no head, nothing to prove, for anyone.
        row("GET", "/api/transparency/tree-heads", NoBody, PUBLIC),
        row("GET", "/api/transparency/tree-heads/{size}", NoBody, [404; 7]),
        row("GET", "/api/transparency/proof/inclusion?platformId={vessel}&treeSize=1", NoBody, [404; 7]),
        row("GET", "/api/transparency/proof/consistency?from=1&to=1", NoBody, [404; 7]),
        // Only the owner of a listed, active vessel for sale is contacted (the fixture's is in transfer).
        row(
            "POST",
            "/api/vessels/{vessel}/contact",
            Json(|_| json!({"message": "Is it still for sale?", "replyTo": "a@example.org"})),
            [404; 7],
        ),
        row("GET", "/api/dev/mailbox", NoBody, PUBLIC),
        // Accounts: anyone may try; the answer does not depend on who asks.
        row("POST", "/api/auth/register", Json(|_| json!({})), [422; 7]),
        row("POST", "/api/auth/login", Json(|_| json!({"email": "not an address", "password": "x"})), [401; 7]),
        row("POST", "/api/auth/verify-email", Json(|_| json!({"token": "not-a-token"})), [400; 7]),
        row("POST", "/api/auth/password-reset/request", Json(|_| json!({"email": "not an address"})), [422; 7]),
        row(
            "POST",
            "/api/auth/password-reset/confirm",
            Json(|_| json!({"token": "x", "password": "a long new password 1"})),
            [400; 7],
        ),
        row("GET", "/api/auth/me", NoBody, SIGNED_IN),
        row("GET", "/api/auth/session", NoBody, PUBLIC),
        row("POST", "/api/auth/resend-verification", NoBody, [401, 202, 409, 409, 409, 409, 409]),
        // A wrong password: 400 for anyone signed in, never anyone else's session.
        row(
            "POST",
            "/api/auth/reauthenticate",
            Json(|_| json!({"password": "not-the-password"})),
            [401, 400, 400, 400, 400, 400, 400],
        ),
        row("GET", "/api/auth/sessions", NoBody, SIGNED_IN),
        row("DELETE", "/api/auth/sessions/{none}", NoBody, [401, 404, 404, 404, 404, 404, 404]),
        row("POST", "/api/auth/sessions/end-others", NoBody, SIGNED_IN),
        row("GET", "/api/auth/passkeys", NoBody, SIGNED_IN),
        row("GET", "/api/profile/export", NoBody, SIGNED_IN),
        row("DELETE", "/api/auth/passkeys/{none}", NoBody, [401, 404, 404, 404, 404, 404, 404]),
        row("POST", "/api/auth/passkeys/register/start", NoBody, SIGNED_IN),
        // Without a ceremony of this browser's: refused alike for everyone signed in.
        row(
            "POST",
            "/api/auth/passkeys/register/finish",
            Json(|_| json!({"credential": {}})),
            [401, 422, 422, 422, 422, 422, 422],
        ),
        row("POST", "/api/auth/passkeys/login/start", NoBody, PUBLIC),
        row("POST", "/api/auth/passkeys/login/finish", Json(|_| json!({"credential": {}})), [422; 7]),
        row("POST", "/api/auth/passkeys/recover/start", Json(|_| json!({"token": "not-a-token"})), [400; 7]),
        row("POST", "/api/auth/passkeys/recover/finish", Json(|_| json!({"token": "x", "credential": {}})), [422; 7]),
        // Keeping password sign-in on: anyone signed in, for their own account.
        row("PUT", "/api/auth/password-sign-in", Json(|_| json!({"enabled": true})), SIGNED_IN),
        row("GET", "/api/profile", NoBody, SIGNED_IN),
        row("PATCH", "/api/profile", Json(|_| json!({"name": "x"})), [401, 422, 422, 422, 422, 422, 422]),
        row("PUT", "/api/profile/language", Json(|_| json!({"language": "de"})), SIGNED_IN),
        row(
            "POST",
            "/api/profile/phone",
            Json(|_| json!({"phoneE164": "not a number"})),
            [401, 422, 422, 422, 422, 422, 422],
        ),
        // Texting a code needs a verified email (SMS pumping costs the registry).
        row("POST", "/api/profile/phone/send-code", Json(|_| json!({})), [401, 403, PASS, PASS, PASS, PASS, PASS]),
        row(
            "POST",
            "/api/profile/phone/verify",
            Json(|_| json!({"otp": "000000"})),
            [401, PASS, PASS, PASS, PASS, PASS, PASS],
        ),
        // Payments: a payment is its payer's (the past owner paid the registration).
        row("GET", "/api/payments/{payment}", NoBody, [401, 404, 404, 404, 200, 404, 200]),
        row(
            "POST",
            "/api/payments/create-intent",
            Json(|f| json!({"purpose": "registration", "vesselId": f.vessel_id})),
            [401, 403, 403, 403, 403, 409, 403],
        ),
        row(
            "POST",
            "/api/payments/local/confirm",
            Json(
                |_| json!({"clientSecret": "pi_x_secret_y", "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            ),
            [404; 7],
        ),
        row("POST", "/api/payments/webhook", Json(|_| json!({})), [404; 7]),
        row("POST", "/api/identity/webhook", Json(|_| json!({})), [404; 7]),
        // The vessel: its owner acts; a vessel in transfer is locked for changes.
        row("GET", "/api/vessels/my/list", NoBody, SIGNED_IN),
        row("POST", "/api/vessels", Json(|_| sailboat()), [401, 403, 409, 409, 409, 409, 409]),
        row(
            "PATCH",
            "/api/vessels/{vessel_id}",
            Json(|_| json!({"forSale": true})),
            [401, 403, 403, 403, 403, 200, 403],
        ),
        // Corrections of what identifies the vessel are asked by its owner; the body is refused after the check.
        row(
            "POST",
            "/api/vessels/{vessel_id}/correction-requests",
            Json(|_| json!({"field": "hullColour", "value": "", "reason": ""})),
            [401, 403, 403, 403, 403, 422, 403],
        ),
        row("GET", "/api/vessels/{vessel_id}/correction-requests", NoBody, [401, 404, 404, 404, 404, 200, 200]),
        // A theft is reported by the owner (the body is refused after the check) and ended by the
        // owner or an administrator (none is open here); anyone else is told the vessel does not exist.
        row(
            "POST",
            "/api/vessels/{vessel_id}/stolen",
            Json(|_| json!({"stolenAt": "", "place": "", "policeReference": ""})),
            [401, 404, 404, 404, 404, 422, 404],
        ),
        row("POST", "/api/vessels/{vessel_id}/recovered", Json(|_| json!({})), [401, 404, 404, 404, 404, 409, 409]),
        row("GET", "/api/vessels/{vessel_id}/theft-reports", NoBody, [401, 404, 404, 404, 404, 200, 200]),
        row("POST", "/api/admin/vessels/{vessel}/stolen/confirm", Json(|_| json!({})), ADMIN_PASSES),
        row("POST", "/api/admin/vessels/{vessel}/stolen/remove", Json(empty_reason), ADMIN_PASSES),
        // Liens: a lender needs a verified identity (nobody here has one); anyone reads a vessel's
        // (the public its active lenders only); a lien that does not exist is nobody's.
        row(
            "POST",
            "/api/vessels/{vessel_id}/liens",
            Json(|_| json!({"lenderName": "", "reference": "", "amountCents": 0, "currency": "EUR"})),
            [401, 403, 403, 403, 403, 403, 403],
        ),
        row("GET", "/api/vessels/{vessel_id}/liens", NoBody, PUBLIC),
        row("GET", "/api/liens", NoBody, SIGNED_IN),
        row(
            "POST",
            "/api/liens/{none}/consent",
            Json(|_| json!({"code": "000000"})),
            [401, 404, 404, 404, 404, 404, 404],
        ),
        row("POST", "/api/liens/{none}/consent-code", NoBody, [401, 404, 404, 404, 404, 404, 404]),
        row("POST", "/api/liens/{none}/transfer-consent", NoBody, [401, 404, 404, 404, 404, 404, 404]),
        row("POST", "/api/liens/{none}/release", Json(|_| json!({})), [401, 404, 404, 404, 404, 404, 404]),
        // Only an unpaid registration is canceled, by its owner; anyone else is told it does not exist.
        row("DELETE", "/api/vessels/{vessel_id}", NoBody, [401, 404, 404, 404, 404, 409, 404]),
        // No certificate while ownership is changing hands.
        // The record of a sale for its two parties, once complete (the fixture's is open).
        row("GET", "/api/transfers/{transfer}/record.pdf", NoBody, [401, 404, 404, 404, 404, 409, 404]),
        row("GET", "/api/transfer-records/{serial}", NoBody, [404; 7]),
        row("GET", "/api/vessels/{vessel}/certificate.pdf", NoBody, [401, 403, 403, 403, 403, 409, 403]),
        row("GET", "/api/vessels/{vessel}/record.pdf", NoBody, [401, 403, 403, 403, 403, 200, 403]),
        row("GET", "/api/vessels/{vessel}/documents", NoBody, [401, 403, 403, 403, 403, 200, 200]),
        row("GET", "/api/vessels/{vessel}/documents/previous-owners", NoBody, [401, 403, 403, 403, 403, 200, 200]),
        row("GET", "/api/documents/{document}/download", NoBody, [401, 404, 404, 404, 404, 200, 200]),
        row("POST", "/api/documents/upload", Upload, [401, 403, 403, 403, 403, PASS, 403]),
        row("POST", "/api/vessels/{vessel}/documents", Upload, [401, 403, 403, 403, 403, PASS, 403]),
        row("GET", "/api/vessels/{vessel}/record", NoBody, [401, 403, 403, 403, 403, 200, 200]),
        row(
            "POST",
            "/api/vessels/{vessel}/record",
            Json(|_| json!({"date": "2025-05-01", "kind": "service", "description": "Antifouling"})),
            [401, 403, 403, 403, 403, 201, 403],
        ),
        row(
            "PATCH",
            "/api/vessels/{vessel}/record/{entry}",
            Json(|_| json!({"description": "Antifouling, both sides"})),
            [401, 403, 403, 403, 403, 200, 403],
        ),
        row(
            "POST",
            "/api/identity/create-session",
            Json(|f| json!({"vesselPlatformId": f.platform_id})),
            [401, 403, 403, 403, 403, 200, 403],
        ),
        // The open transfer: its initiator (the owner) and its recipient may see it.
        row("GET", "/api/transfers", NoBody, SIGNED_IN),
        row("GET", "/api/transfers/{transfer}", NoBody, [401, 404, 404, 200, 404, 200, 200]),
        row(
            "POST",
            "/api/transfers/initiate",
            Json(|f| json!({"vesselId": f.vessel_id, "toPhoneE164": "+31688888888"})),
            [401, 404, 404, 404, 404, 409, 404],
        ),
        row(
            "POST",
            "/api/transfers/{transfer}/verify-otp",
            Json(|_| json!({"otp": "000000"})),
            [401, 404, 404, 403, 404, PASS, 403],
        ),
        row("POST", "/api/transfers/{transfer}/resend-otp", NoBody, [401, 404, 404, 403, 404, PASS, 403]),
        // Destructive rows, last.
        row("DELETE", "/api/vessels/{vessel}/record/{entry}", NoBody, [401, 403, 403, 403, 403, 204, 403]),
        row("DELETE", "/api/documents/{document}", NoBody, [401, 404, 404, 404, 404, 204, 404]),
        row("POST", "/api/transfers/{transfer}/cancel", NoBody, [401, 404, 404, PASS, 404, PASS, PASS]),
        // The registry's only administrator cannot leave it.
        row("DELETE", "/api/profile", NoBody, [401, 200, 200, 200, 200, 200, 409]),
        row("POST", "/api/auth/logout", NoBody, [204; 7]),
    ]
}

/// What the rows refer to.
struct Fixture {
    vessel_id: String,
    platform_id: String,
    transfer: String,
    document: String,
    entry: String,
    payment: String,
    stranger: String,
}

const RECIPIENT_PHONE: &str = "+31622220000";
const OWNER_PHONE: &str = "+31611110000";

async fn fixture(app: &TestApp) -> (Fixture, [Option<TestApp>; 7]) {
    let past = app.second_browser();
    past.signed_in_user("past@example.nl").await;
    let vessel = past.active_vessel(sailboat()).await;
    let vessel_id = vessel["id"].as_str().unwrap().to_owned();
    let payment: String = sqlx::query_scalar("SELECT id FROM payments WHERE vessel_id = $1")
        .bind(&vessel_id)
        .fetch_one(&app.db)
        .await
        .unwrap();
    // The past owner sells to the owner.
    let owner = app.second_browser();
    owner.signed_in_user("owner@example.nl").await;
    crate::phone::verify_number(&owner, OWNER_PHONE).await;
    let (_, started) =
        parts(past.post("/api/transfers/initiate", json!({"vesselId": vessel_id, "toPhoneE164": OWNER_PHONE})).await)
            .await;
    let sale = started["transferId"].as_str().unwrap().to_owned();
    let code = crate::phone::code_to(app, OWNER_PHONE).await;
    assert_eq!(
        past.post(&format!("/api/transfers/{sale}/verify-otp"), json!({"otp": code})).await.status(),
        StatusCode::OK
    );
    let (status, body) = crate::transfers::pay_transfer(&past, &vessel, &sale).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The owner's document and record entry, then a transfer to the recipient.
    let (_, stored) = crate::documents::upload(
        &owner,
        crate::documents::form(&vessel_id, vec![("deed.pdf", crate::documents::pdf(400), "invoice", None)]),
    )
    .await;
    let document = stored[0]["id"].as_str().unwrap().to_owned();
    let (status, entry) = parts(
        owner
            .post(
                &format!("/api/vessels/{}/record", vessel["platformId"].as_str().unwrap()),
                json!({"date": "2025-04-01", "kind": "survey", "description": "Hull"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{entry}");
    let recipient = app.second_browser();
    recipient.signed_in_user("recipient@example.nl").await;
    crate::phone::verify_number(&recipient, RECIPIENT_PHONE).await;
    let (status, started) = parts(
        owner.post("/api/transfers/initiate", json!({"vesselId": vessel_id, "toPhoneE164": RECIPIENT_PHONE})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let user = app.second_browser();
    let stranger = user.signed_in_user("stranger@example.nl").await["id"].as_str().unwrap().to_owned();
    let unverified = app.second_browser();
    assert_eq!(unverified.register("unverified@example.nl").await.status(), StatusCode::CREATED);
    assert_eq!(unverified.login("unverified@example.nl", crate::helpers::PASSWORD).await.status(), StatusCode::OK);
    let admin = app.admin("admin@example.nl").await;
    let fixture = Fixture {
        platform_id: vessel["platformId"].as_str().unwrap().to_owned(),
        vessel_id,
        transfer: started["transferId"].as_str().unwrap().to_owned(),
        document,
        entry: entry["id"].as_str().unwrap().to_owned(),
        payment,
        stranger,
    };
    let callers = [None, Some(unverified), Some(user), Some(recipient), Some(past), Some(owner), Some(admin)];
    (fixture, callers)
}

fn fill(path: &str, f: &Fixture) -> String {
    path.replace("{vessel}", &f.platform_id)
        .replace("{vessel_id}", &f.vessel_id)
        .replace("{transfer}", &f.transfer)
        .replace("{document}", &f.document)
        .replace("{entry}", &f.entry)
        .replace("{payment}", &f.payment)
        .replace("{stranger}", &f.stranger)
        .replace("{none}", "01J00000000000000000000000")
        .replace("{country}", "NL")
        .replace("{size}", "1")
        .replace("{serial}", "RC-0000000000")
}

/// `/api/vessels/{vessel_id}` and `/api/vessels/{vessel}` are one route, `{id}`.
fn template(path: &str) -> String {
    let path = path.split('?').next().unwrap();
    let mut out = String::new();
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
        if c == '}' {
            out.push_str("{}");
        }
    }
    out
}

#[tokio::test]
async fn every_route_answers_each_kind_of_caller_as_the_matrix_says() {
    let rows = matrix();
    // Every documented route has exactly one row, and every row a route.
    let document = serde_json::to_value(registry::app::openapi::document()).unwrap();
    let mut documented: Vec<String> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .filter(|m| m.as_str() != "parameters")
                .map(move |m| format!("{} {}", m.to_uppercase(), template(path)))
        })
        .collect();
    let mut listed: Vec<String> = rows.iter().map(|r| format!("{} {}", r.method, template(r.path))).collect();
    documented.sort();
    listed.sort();
    assert_eq!(listed, documented, "the matrix and the API disagree on the routes");

    let app = TestApp::spawn().await;
    let (f, callers) = fixture(&app).await;
    let anonymous = TestApp::browser();
    let names = ["anon", "unverified", "user", "recipient", "past", "owner", "admin"];
    let mut wrong = Vec::new();
    for r in &rows {
        let url = app.url(&fill(r.path, &f));
        for (i, caller) in callers.iter().enumerate() {
            let client = caller.as_ref().map_or(&anonymous, |c| &c.client);
            let mut request = client.request(Method::from_bytes(r.method.as_bytes()).unwrap(), &url);
            request = match &r.body {
                NoBody => request,
                Json(make) => request.json(&make(&f)),
                Upload => request.multipart(crate::documents::form(
                    &f.vessel_id,
                    vec![("bill.pdf", crate::documents::pdf(300), "invoice", None)],
                )),
            };
            let status = request.send().await.unwrap().status().as_u16();
            let expected = r.expect[i];
            let ok = if expected == PASS { !matches!(status, 401 | 403 | 404) } else { status == expected };
            if !ok {
                wrong.push(format!(
                    "{} {} as {}: expected {}, got {status}",
                    r.method,
                    r.path,
                    names[i],
                    if expected == PASS { "PASS".into() } else { expected.to_string() }
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{} disagreements:\n{}", wrong.len(), wrong.join("\n"));
}
