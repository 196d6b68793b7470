use reqwest::{StatusCode, header};
use serde_json::json;

use crate::helpers::{PUBLIC_URL, TestApp, parts};

#[tokio::test]
async fn malformed_json_answers_in_the_envelope() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .post(app.url("/api/auth/login"))
        .header(header::CONTENT_TYPE, "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    let (status, body) = parts(r).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"message": "The request body is not valid JSON.", "code": "malformed_json", "messageCode": "request_body_not_valid_json"})
    );
}

#[tokio::test]
async fn errors_speak_the_readers_language_and_carry_their_message_codes() {
    let app = TestApp::spawn().await;
    let in_lang = |lang: &'static str| {
        app.client
            .post(app.url("/api/auth/register"))
            .header(header::ACCEPT_LANGUAGE, lang)
            .json(&json!({"email": "not-an-email", "password": "short"}))
    };
    let (status, english) = parts(in_lang("en").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{english}");
    assert_eq!(english["fields"]["email"], json!(["Invalid email address"]));
    assert_eq!(
        english["fieldCodes"],
        json!({"email": ["invalid_email_address"], "password": ["password_least_8_characters"]})
    );
    assert_eq!(english["messageCode"], english["fieldCodes"]["email"][0]);

    let mut seen = std::collections::BTreeSet::new();
    for lang in ["nl-NL,nl;q=0.9", "de", "fr-BE", "es", "it;q=0.8, en;q=0.1"] {
        let (status, body) = parts(in_lang(lang).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        // The codes do not change with the language; the text does.
        assert_eq!(body["fieldCodes"], english["fieldCodes"], "{lang}");
        assert_ne!(body["fields"]["email"], english["fields"]["email"], "{lang}");
        assert!(seen.insert(body["message"].to_string()), "{lang} repeats another language's text");
    }
    // A language the registry lacks answers in English.
    let (_, body) = parts(in_lang("pt-PT").send().await.unwrap()).await;
    assert_eq!(body["message"], english["message"]);

    // A message with a value interpolates it in every language and sends it as `args`.
    let r = app
        .client
        .get(app.url("/api/vessels/search?page=0"))
        .header(header::ACCEPT_LANGUAGE, "de")
        .send()
        .await
        .unwrap();
    let (status, body) = parts(r).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["messageCode"], "page_range");
    assert_eq!(body["args"]["max"], "100000");
    assert!(body["message"].as_str().unwrap().contains("100000"), "{body}");
}

#[tokio::test]
async fn a_body_of_the_wrong_shape_or_type_answers_in_the_envelope() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.post("/api/auth/login", json!({"email": 5})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "invalid_body");

    let r = app.client.post(app.url("/api/auth/login")).body("email=a").send().await.unwrap();
    let (status, body) = parts(r).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(body["code"], "unsupported_media_type");
}

#[tokio::test]
async fn an_oversized_body_answers_413_in_the_envelope() {
    let app = TestApp::spawn().await;
    let huge = "x".repeat(200 * 1024);
    let (status, body) = parts(app.post("/api/auth/login", json!({"email": "a@b.nl", "password": huge})).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["code"], "payload_too_large");
}

#[tokio::test]
async fn unknown_api_paths_and_wrong_methods_answer_json() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.get("/api/no-such-thing").await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
    let (status, body) = parts(app.delete("/api/auth/me").await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::METHOD_NOT_ALLOWED, Some("method_not_allowed")));
}

#[tokio::test]
async fn cross_site_writes_are_refused_and_same_origin_ones_pass() {
    let app = TestApp::spawn().await;
    let login = json!({"email": "x@example.nl", "password": "whatever-it-is"});
    for (name, value) in
        [("sec-fetch-site", "cross-site"), ("sec-fetch-site", "same-site"), ("origin", "https://evil.example")]
    {
        let r = app.client.post(app.url("/api/auth/login")).header(name, value).json(&login).send().await.unwrap();
        let (status, body) = parts(r).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{name}: {value}");
        assert_eq!(body["message"], "Cross-origin requests are not allowed.");
    }
    for (name, value) in [("sec-fetch-site", "same-origin"), ("origin", PUBLIC_URL)] {
        let r = app.client.post(app.url("/api/auth/login")).header(name, value).json(&login).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "{name}: {value} reaches the handler");
    }
    // Reads are never blocked.
    let r = app.client.get(app.url("/api/auth/me")).header("sec-fetch-site", "cross-site").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/healthz", "/api/no-such-thing", "/registry"] {
        let r = app.get(path).await;
        let h = r.headers();
        let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(h[header::REFERRER_POLICY], "strict-origin-when-cross-origin");
        assert!(h.contains_key("x-request-id"));
    }
}

#[tokio::test]
async fn health_and_readiness() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    let (status, body) = parts(app.get("/readyz").await).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"status": "ready", "warnings": []})));
}

#[tokio::test]
async fn the_openapi_document_describes_the_api() {
    let app = TestApp::spawn().await;
    let (status, doc) = parts(app.get("/api/openapi.json").await).await;
    assert_eq!(status, StatusCode::OK);
    for path in ["/api/auth/register", "/api/auth/login", "/api/auth/me", "/api/profile", "/api/stats"] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
    let user = &doc["components"]["schemas"]["User"]["properties"];
    for field in
        ["id", "role", "name", "email", "phoneE164", "emailVerifiedAt", "phoneVerifiedAt", "identityVerificationStatus"]
    {
        assert!(user[field].is_object(), "User.{field} missing");
    }
    assert_eq!(app.get("/api/docs/").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn stats_are_computed_not_marketing_figures() {
    let app = TestApp::spawn().await;
    let (_, stats) = parts(app.get("/api/stats").await).await;
    assert_eq!(
        stats,
        json!({"registeredVessels": 0, "countries": 11, "registrationFeeCents": 2495, "transferFeeCents": 995})
    );
}

#[tokio::test]
async fn the_dev_mailbox_does_not_exist_in_prod_mode() {
    let app = TestApp::spawn_prod("http://localhost:8080").await;
    assert_eq!(app.get("/api/dev/mailbox").await.status(), StatusCode::NOT_FOUND);
}

/// `/readyz` names what the process cannot reach: object storage that does
/// not answer makes it 503 `storage_unavailable` (in the catalogue's words),
/// while `/healthz`, the process's own liveness, stays 200.
#[test]
fn readiness_names_storage_that_does_not_answer() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = crate::process::ServerProcess::start(&[
        ("REGISTRY_STORAGE_URL", "s3://registry-test"),
        ("AWS_ENDPOINT_URL", &format!("http://127.0.0.1:{closed}")),
        ("AWS_ALLOW_HTTP", "true"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("AWS_REGION", "us-east-1"),
    ]);
    let (status, answer) = server.readyz();
    assert_eq!(status, 503, "{answer}");
    assert!(answer.contains(r#""code":"storage_unavailable""#), "{answer}");
    assert!(answer.contains(r#""messageCode":"storage_not_reachable""#), "{answer}");
    assert!(answer.contains("The document storage is not reachable."), "{answer}");
    assert_eq!(server.get("/healthz").0, 200);

    let fine = crate::process::ServerProcess::start(&[]);
    let (status, answer) = fine.readyz();
    assert_eq!(status, 200, "{answer}");
}
