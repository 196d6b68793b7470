//! Abuse an attacker or a careless operator could attempt, and what holds.

use std::time::{Duration, Instant};

use reqwest::{StatusCode, header};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{PASSWORD, TestApp, parts};

const NEW_PASSWORD: &str = "spinnaker-at-dawn-7";

/// Every attempt is counted and checked in one statement before the password
/// is verified, so parallel guesses cannot slip past the limit.
#[tokio::test]
async fn parallel_password_guesses_get_at_most_ten_verifications() {
    let app = TestApp::spawn().await;
    app.signed_in_user("skipper@example.nl").await;
    let guesses = (0..40).map(|i| {
        let client = TestApp::browser();
        let url = app.url("/api/auth/login");
        async move {
            let body = json!({"email": "skipper@example.nl", "password": format!("wrong-guess-{i}")});
            client.post(url).json(&body).send().await.unwrap().status()
        }
    });
    let statuses = futures_join_all(guesses).await;
    let verified = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let refused = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((verified, refused), (10, 30), "{statuses:?}");

    // Even the right password is refused now, and the message says how to get in.
    let r = app.login("skipper@example.nl", PASSWORD).await;
    assert!(r.headers().contains_key(header::RETRY_AFTER));
    let (status, body) = parts(r).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("reset your password to unlock"), "{body}");

    // The owner resets the password, and that clears the lockout at once.
    app.post("/api/auth/password-reset/request", json!({"email": "skipper@example.nl"})).await;
    let token = app.token_from_mail("skipper@example.nl", "reset-password?token=").await;
    let r = app.post("/api/auth/password-reset/confirm", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(app.login("skipper@example.nl", NEW_PASSWORD).await.status(), StatusCode::OK);
}

async fn futures_join_all<F: std::future::Future<Output = T> + Send + 'static, T: Send + 'static>(
    futures: impl Iterator<Item = F>,
) -> Vec<T> {
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

async fn login_from(app: &TestApp, forwarded_for: &str, email: &str) -> StatusCode {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"email": email, "password": "not-the-password"}))
        .send()
        .await
        .unwrap()
        .status()
}

/// Credential stuffing: many accounts from one address. The address comes
/// from `X-Forwarded-For` only because the peer is a trusted proxy.
#[tokio::test]
async fn one_address_trying_many_accounts_is_throttled_and_others_are_not() {
    let app = TestApp::spawn_with(&[("REGISTRY_TRUSTED_PROXIES", "127.0.0.1/32")]).await;
    for i in 0..100 {
        assert_eq!(login_from(&app, "198.51.100.7", &format!("victim{i}@example.nl")).await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(login_from(&app, "198.51.100.7", "victim100@example.nl").await, StatusCode::TOO_MANY_REQUESTS);
    // Another client behind the same proxy has its own allowance.
    assert_eq!(login_from(&app, "203.0.113.20", "victim100@example.nl").await, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn without_trusted_proxies_a_forwarded_header_buys_no_fresh_allowance() {
    let app = TestApp::spawn().await;
    for i in 0..20 {
        let r = app
            .client
            .post(app.url("/api/auth/register"))
            .header("x-forwarded-for", format!("198.51.100.{i}"))
            .json(&json!({"email": format!("crew{i}@example.nl"), "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::CREATED);
    }
    let (status, body) = parts(app.register("crew21@example.nl").await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
}

#[tokio::test]
async fn a_resent_verification_link_revokes_the_earlier_ones() {
    let app = TestApp::spawn().await;
    app.register("deckhand@example.nl").await;
    let first = app.token_from_mail("deckhand@example.nl", "verify-email?token=").await;
    app.login("deckhand@example.nl", PASSWORD).await;
    assert_eq!(app.post("/api/auth/resend-verification", json!({})).await.status(), StatusCode::ACCEPTED);
    let second = app.token_from_mail("deckhand@example.nl", "verify-email?token=").await;
    assert_ne!(first, second);
    let r = app.post("/api/auth/verify-email", json!({"token": first})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let r = app.post("/api/auth/verify-email", json!({"token": second})).await;
    assert_eq!(r.status(), StatusCode::OK);
}

/// A burst of sign-ins with unknown emails (each one an argon2 hash) is
/// answered with 401 or, once the hashing queue is full, a 503 in the
/// envelope with Retry-After; never a 500, and never unbounded queueing.
#[tokio::test]
async fn a_burst_of_sign_ins_gets_401_or_a_documented_503_never_a_500() {
    let app = TestApp::spawn_with(&[("REGISTRY_TRUSTED_PROXIES", "127.0.0.1/32")]).await;
    let attempts = (0..200).map(|i| {
        let client = TestApp::browser();
        let url = app.url("/api/auth/login");
        async move {
            let r = client
                .post(url)
                .header("x-forwarded-for", format!("10.{}.{}.1", i / 250, i % 250))
                .json(&json!({"email": format!("nobody{i}@example.nl"), "password": "whatever-it-is"}))
                .send()
                .await
                .unwrap();
            let retry_after = r.headers().contains_key(header::RETRY_AFTER);
            let (status, body) = parts(r).await;
            (status, body["code"].as_str().unwrap_or_default().to_owned(), retry_after)
        }
    });
    let answers = futures_join_all(attempts).await;
    let busy = answers.iter().filter(|(s, _, _)| *s == StatusCode::SERVICE_UNAVAILABLE).count();
    for (status, code, retry_after) in &answers {
        match *status {
            StatusCode::UNAUTHORIZED => {}
            StatusCode::SERVICE_UNAVAILABLE => assert!(code == "busy" && *retry_after, "{code}"),
            other => panic!("unexpected {other}"),
        }
    }
    assert!(busy > 0, "200 parallel hashes on a bounded queue must refuse some");
    assert!(answers.len() - busy > 0);
}

async fn raw(app: &TestApp, request: &str) -> String {
    let addr = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn slow_headers_are_cut_off_and_connections_over_the_cap_are_refused_at_once() {
    let app =
        TestApp::spawn_with(&[("REGISTRY_HEADER_READ_TIMEOUT_SECS", "1"), ("REGISTRY_MAX_CONNECTIONS", "20")]).await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut slow = Vec::new();
    for _ in 0..20 {
        let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        slow.push(s);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;

    // Over the cap: a 503 in the envelope within moments, not a hang.
    let started = Instant::now();
    let answer = raw(&app, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains(r#""code":"busy""#), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(1));

    // The header timeout closes every slow connection...
    for mut s in slow {
        let mut buf = [0u8; 512];
        let n = tokio::time::timeout(Duration::from_secs(3), s.read(&mut buf)).await.expect("closed by the server");
        // hyper answers 408 or just closes; either way the connection ends.
        if let Ok(n) = n
            && n > 0
        {
            let text = String::from_utf8_lossy(&buf[..n]);
            assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        }
    }
    // ...and a normal request is served again.
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed() {
    let app = TestApp::spawn_with(&[("REGISTRY_HEADER_READ_TIMEOUT_SECS", "1")]).await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 1024];
    let n = s.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    // Kept alive, then left idle: closed after the timeout.
    let closed = tokio::time::timeout(Duration::from_secs(4), async {
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "an idle connection stayed open");
}

#[tokio::test]
async fn hostile_text_is_refused_at_the_edge_with_the_field_named() {
    let app = TestApp::spawn().await;
    let (status, body) =
        parts(app.post("/api/auth/register", json!({"email": "a\u{0}@example.nl", "password": PASSWORD})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["email"][0].as_str().unwrap().contains("control characters"), "{body}");
    let (status, body) =
        parts(app.post("/api/auth/login", json!({"email": "x@example.nl", "password": "pass\u{202E}word"})).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["fields"]["password"].is_array(), "{body}");

    for path in ["/api/vessels/search?q=ab%00cd", "/api/vessels/search?q=%E2%80%AEevil", "/api/vessels/AB%00CD"] {
        let (status, body) = parts(app.get(path).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM users").await, 0);
}

#[tokio::test]
async fn oversized_addresses_and_headers_and_segments_answer_in_the_envelope() {
    let app = TestApp::spawn().await;
    let (status, body) = parts(app.get(&format!("/api/vessels/search?q={}", "a".repeat(9000))).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::URI_TOO_LONG, Some("uri_too_long")));

    let r = app.client.get(app.url("/api/stats")).header("x-padding", "p".repeat(40 * 1024)).send().await.unwrap();
    let (status, body) = parts(r).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, Some("headers_too_large"))
    );

    for path in [format!("/{}", "x".repeat(300)), format!("/assets/{}.js", "y".repeat(300))] {
        let (status, body) = parts(app.get(&path).await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{path}");
    }
}

#[tokio::test]
async fn a_panicking_handler_still_answers_in_the_envelope() {
    async fn boom() -> &'static str {
        panic!("kaboom")
    }
    let app = TestApp::spawn().await;
    let api = axum::Router::new().route("/api/boom", axum::routing::get(boom));
    let router = registry::http::router(app.state.clone(), api, axum::Router::new());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let limits = registry::http::serve::ConnectionLimits {
        header_read_timeout: Duration::from_secs(5),
        max_connections: 10,
        max_per_client: 10,
        trusted_proxies: Vec::new(),
        drain: Duration::from_secs(1),
    };
    tokio::spawn(registry::http::serve::serve(router, listener, limits, std::future::pending()));
    let r = reqwest::get(format!("{base}/api/boom")).await.unwrap();
    assert!(r.headers().contains_key("x-request-id"));
    let (status, body) = parts(r).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(body["code"], "internal");
    assert!(!body.to_string().contains("kaboom"));
    // The server is still there.
    assert_eq!(reqwest::get(format!("{base}/healthz")).await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn api_answers_are_not_stored_and_https_gets_hsts() {
    let app = TestApp::spawn().await;
    app.signed_in_user("privacy@example.nl").await;
    let r = app.get("/api/auth/me").await;
    assert_eq!(r.headers()[header::CACHE_CONTROL], "no-store");
    assert!(!r.headers().contains_key(header::STRICT_TRANSPORT_SECURITY));

    let secure = TestApp::spawn_prod("https://registry.example").await;
    let r = secure.get("/healthz").await;
    assert_eq!(r.headers()[header::STRICT_TRANSPORT_SECURITY], "max-age=31536000; includeSubDomains");
}

#[tokio::test]
async fn readiness_reports_offline_providers_named_in_prod() {
    let app = TestApp::spawn_with(&[
        ("REGISTRY_MODE", "prod"),
        ("REGISTRY_EMAIL", "outbox"),
        ("REGISTRY_PAYMENTS", "local"),
        ("REGISTRY_IDENTITY", "local"),
        ("REGISTRY_SMS", "outbox"),
        ("REGISTRY_ALLOW_OFFLINE_PROVIDERS", "true"),
        ("REGISTRY_SUPPORT_EMAIL", "support@registry.example"),
    ])
    .await;
    let (status, body) = parts(app.get("/readyz").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["warnings"].as_array().unwrap().len(), 4, "{body}");
    // And prod has no dev mailbox.
    assert_eq!(app.get("/api/dev/mailbox").await.status(), StatusCode::NOT_FOUND);
}

/// What the privacy page promises, kept: the sweep as it would run 8 days,
/// then 91 days, then 8 years from now.
#[tokio::test]
async fn the_retention_sweep_keeps_the_privacy_pages_promises() {
    use registry::platform::clock::{DAY, now_ms};
    let app = TestApp::spawn().await;
    app.signed_in_user("sailor@example.nl").await;
    app.post("/api/auth/password-reset/request", json!({"email": "sailor@example.nl"})).await;
    app.login("sailor@example.nl", "a-wrong-password").await;
    // Let the outbox worker deliver (record) the messages.
    for _ in 0..50 {
        if app.scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let db = &app.db;
    let now = now_ms();
    // Today nothing live is touched but used tokens.
    let swept = registry::app::jobs::retention::sweep(db, now).await.unwrap();
    assert_eq!((swept.sessions, swept.outbox_bodies, swept.outbox), (0, 0, 0));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM tokens WHERE used_at IS NULL").await, 1, "the live reset link stays");

    let later = registry::app::jobs::retention::sweep(db, now + 8 * DAY).await.unwrap();
    assert!(later.throttle > 0 && later.tokens > 0 && later.outbox_bodies >= 2, "{later:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions").await, 0, "a 12-hour session is gone after 8 days");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM tokens").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM throttle").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox WHERE body <> ''").await, 0, "links and codes erased");
    assert!(app.scalar("SELECT COUNT(*) FROM outbox").await >= 2, "the rest kept for 90 days");

    registry::app::jobs::retention::sweep(db, now + 91 * DAY).await.unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM outbox").await, 0);
}

/// A connection from `source` (a loopback address of its own) to `base`'s port.
async fn connect_from(source: [u8; 4], port: u16) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((source, 0))).unwrap();
    socket.connect(std::net::SocketAddr::from(([127, 0, 0, 1], port))).await.unwrap()
}

/// What a connection answers to a plain GET of /healthz.
async fn status_line(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = stream.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned()
}

/// One address holding its share of connections with half-sent requests (a
/// slowloris) is refused more, with 503 at once; another address is served.
#[tokio::test]
async fn one_client_address_cannot_take_every_connection() {
    use tokio::io::AsyncWriteExt;
    let app = TestApp::spawn().await;
    let router = registry::http::router(app.state.clone(), axum::Router::new(), axum::Router::new());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let limits = registry::http::serve::ConnectionLimits {
        header_read_timeout: Duration::from_secs(30),
        max_connections: 20,
        max_per_client: 4,
        trusted_proxies: Vec::new(),
        drain: Duration::from_secs(1),
    };
    tokio::spawn(registry::http::serve::serve(router, listener, limits, std::future::pending()));
    let mut slow = Vec::new();
    for _ in 0..4 {
        let mut stream = connect_from([127, 0, 0, 2], port).await;
        stream.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n").await.unwrap();
        slow.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut fifth = connect_from([127, 0, 0, 2], port).await;
    assert!(status_line(&mut fifth).await.starts_with("HTTP/1.1 503"), "the slowloris address is refused");
    let mut other = connect_from([127, 0, 0, 3], port).await;
    assert!(status_line(&mut other).await.starts_with("HTTP/1.1 200"), "every other address is served");
    // When the slow connections go, their address is served again.
    drop(slow);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut again = connect_from([127, 0, 0, 2], port).await;
    assert!(status_line(&mut again).await.starts_with("HTTP/1.1 200"));
}

/// The database (and its WAL), the data directory and the stored objects are
/// readable by the server's user only, whether the binary creates them or
/// finds them made by an earlier version with 0644.
#[tokio::test]
async fn the_database_data_directory_and_objects_are_the_server_users_alone() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let root = std::env::temp_dir().join(format!("registry-private-{}", registry::platform::ids::new_id()));
    let data = root.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
    let database = data.join("registry.db");
    std::fs::write(&database, b"").unwrap();
    std::fs::set_permissions(&database, std::fs::Permissions::from_mode(0o644)).unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_registry"))
        .args(["seed", "--demo", "--if-empty"])
        .env("REGISTRY_DATA_DIR", &data)
        .env("REGISTRY_DATABASE_URL", format!("sqlite://{}", database.display()))
        .env("REGISTRY_STORAGE_URL", format!("file://{}/", data.join("objects").display()))
        .env("REGISTRY_LOG", "error")
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&database), 0o600);
    let objects = data.join("objects").join("documents");
    let stored: Vec<_> = std::fs::read_dir(&objects).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(!stored.is_empty(), "the demo stores documents");
    assert_eq!(mode(&objects), 0o700);
    for object in stored {
        assert_eq!(mode(&object), 0o600, "{}", object.display());
    }
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        let expected = if path.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(mode(&path), expected, "{}", path.display());
    }
    std::fs::remove_dir_all(&root).ok();
}

/// Send `head` and the first bytes of a body that never finishes; answer the status line.
async fn trickle(base: &str, head: String, first: &[u8]) -> (String, std::time::Duration) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(base.trim_start_matches("http://")).await.unwrap();
    let started = std::time::Instant::now();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(first).await.unwrap();
    let mut answer = vec![0u8; 2048];
    let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut answer)).await.expect("an answer").unwrap();
    (String::from_utf8_lossy(&answer[..n]).to_string(), started.elapsed())
}

/// A body trickled in is cut off: an ordinary one must arrive within the
/// read timeout, an upload must keep the minimum rate after it; both 408.
#[tokio::test]
async fn a_trickled_body_is_answered_408_within_the_read_timeout() {
    let app = TestApp::spawn_with(&[
        ("REGISTRY_BODY_READ_TIMEOUT_SECS", "1"),
        ("REGISTRY_UPLOAD_MIN_BYTES_PER_SEC", "100000"),
    ])
    .await;
    let head =
        "POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n"
            .to_owned();
    let (answer, took) = trickle(&app.base, head, b"{\"email\":").await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"timeout\""), "{answer}");
    assert!(took < Duration::from_secs(5), "{took:?}");

    let vessel = app.owner_with_active_vessel("owner@example.nl").await;
    let login = app.login("owner@example.nl", crate::helpers::PASSWORD).await;
    let cookie = login.headers()[header::SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_owned();
    let head = format!(
        "POST /api/vessels/{}/documents HTTP/1.1\r\nhost: x\r\ncookie: {cookie}\r\n\
         content-type: multipart/form-data; boundary=XyZ\r\ncontent-length: 1000000\r\n\r\n\
         --XyZ\r\ncontent-disposition: form-data; name=\"files\"; filename=\"slow.pdf\"\r\n\r\n%PDF-1.4\n",
        vessel["platformId"].as_str().unwrap()
    );
    let (answer, took) = trickle(&app.base, head, &[b' '; 1024]).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM documents").await, 0);
}
