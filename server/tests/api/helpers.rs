use std::collections::BTreeMap;

use registry::{app::server, platform::config::Config, platform::db::Db, platform::state};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::Row;

pub const PASSWORD: &str = "harbour-lights-42";
pub const PUBLIC_URL: &str = "http://localhost:8080";

pub struct TestApp {
    pub base: String,
    pub db: Db,
    pub state: state::AppState,
    /// A client with its own cookie jar: one browser.
    pub client: reqwest::Client,
    cleanup: Cleanup,
    /// The app's background loops, kept running while any of its browsers is.
    jobs: std::sync::Arc<registry::app::jobs::Running>,
}

enum Cleanup {
    SqliteFile(std::path::PathBuf),
    /// Databases of the throwaway test cluster go away with the cluster.
    Nothing,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::SqliteFile(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::Nothing => {}
        }
    }
}

fn unique_name() -> String {
    registry::platform::ids::new_id().to_lowercase()
}

/// A new empty database: on the test PostgreSQL when there is one, unless
/// `sqlite` insists.
async fn fresh_database(sqlite: bool) -> (String, Cleanup) {
    match std::env::var("REGISTRY_TEST_POSTGRES_URL") {
        Ok(admin_url) if !admin_url.is_empty() && !sqlite => {
            sqlx::any::install_default_drivers();
            let name = format!("t_{}", unique_name());
            let admin = sqlx::AnyPool::connect(&admin_url).await.expect("connect to the test PostgreSQL");
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.unwrap();
            admin.close().await;
            let mut url = url::Url::parse(&admin_url).unwrap();
            url.set_path(&name);
            (url.to_string(), Cleanup::Nothing)
        }
        _ => {
            let dir = std::env::temp_dir().join("registry-tests");
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{}.db", unique_name()));
            (format!("sqlite://{}", path.display()), Cleanup::SqliteFile(path))
        }
    }
}

/// The URL of a new, empty database (of the kind the run tests), for a
/// restore; a SQLite file is left in the temporary folder.
pub async fn empty_database_url() -> String {
    let (url, cleanup) = fresh_database(false).await;
    std::mem::forget(cleanup);
    url
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(&[]).await
    }

    /// For outbox tests that drive workers by hand.
    pub async fn spawn_without_outbox_worker() -> Self {
        Self::start(&[], false, false).await
    }

    pub async fn spawn_with(extra: &[(&str, &str)]) -> Self {
        Self::start(extra, true, false).await
    }

    /// In prod mode behind `public_url` (https), with the offline providers
    /// allowed as for a demonstration.
    pub async fn spawn_prod(public_url: &str) -> Self {
        Self::spawn_with(&[
            ("REGISTRY_MODE", "prod"),
            ("REGISTRY_PUBLIC_URL", public_url),
            ("REGISTRY_EMAIL", "outbox"),
            ("REGISTRY_PAYMENTS", "local"),
            ("REGISTRY_SMS", "outbox"),
            ("REGISTRY_IDENTITY", "local"),
            ("REGISTRY_ALLOW_OFFLINE_PROVIDERS", "true"),
            ("REGISTRY_SUPPORT_EMAIL", "support@registry.example"),
        ])
        .await
    }

    /// On SQLite also during a PostgreSQL run, to compare the two.
    pub async fn spawn_sqlite() -> Self {
        Self::start(&[], true, true).await
    }

    async fn start(extra: &[(&str, &str)], outbox_worker: bool, sqlite: bool) -> Self {
        // REGISTRY_TEST_LOG=debug (a filter) shows the servers' logs, internal causes of 500s included.
        if let Ok(filter) = std::env::var("REGISTRY_TEST_LOG") {
            let _ = tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::new(filter)).try_init();
        }
        let (database_url, cleanup) = fresh_database(sqlite).await;
        let mut env = BTreeMap::from([
            ("REGISTRY_DATABASE_URL".to_owned(), database_url),
            ("REGISTRY_PUBLIC_URL".to_owned(), PUBLIC_URL.to_owned()),
            ("REGISTRY_MODE".to_owned(), "dev".to_owned()),
            ("REGISTRY_WEB_DIR".to_owned(), std::env::temp_dir().join("registry-no-web").display().to_string()),
            // Tests write only into temporary directories (the signing key is made in the data directory).
            ("REGISTRY_DATA_DIR".to_owned(), std::env::temp_dir().join("registry-test-data").display().to_string()),
            // Each app its own store, so a test can list what is left in it.
            (
                "REGISTRY_STORAGE_URL".to_owned(),
                format!(
                    "file://{}/",
                    std::env::temp_dir()
                        .join(format!("registry-objects-{}", registry::platform::ids::new_id()))
                        .display()
                ),
            ),
        ]);
        for (k, v) in extra {
            env.insert(k.to_string(), v.to_string());
        }
        let config = Config::load(&env).expect("test config");
        let (state, worker) = server::assemble(config).await.expect("assemble app");
        let db = state.db.clone();
        let app_state = state.clone();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        // The outbox worker when asked for, and the local identity decisions; the tests run the
        // other jobs themselves, at the times they choose.
        let jobs = registry::app::jobs::start(
            &state,
            outbox_worker.then_some(worker),
            &[registry::app::jobs::Job::IdentityDecisions],
        );
        let jobs = std::sync::Arc::new(jobs);
        tokio::spawn(server::serve(state, listener, std::future::pending()));
        Self { base, db, state: app_state, client: Self::browser(), cleanup, jobs }
    }

    /// The same app seen from another browser (own cookies).
    pub fn second_browser(&self) -> TestApp {
        TestApp {
            base: self.base.clone(),
            db: self.db.clone(),
            state: self.state.clone(),
            client: Self::browser(),
            cleanup: Cleanup::Nothing,
            jobs: self.jobs.clone(),
        }
    }

    /// A second, independent browser (own cookie jar).
    pub fn browser() -> reqwest::Client {
        reqwest::Client::builder().cookie_store(true).build().unwrap()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client.post(self.url(path)).json(&body).send().await.unwrap()
    }

    pub async fn patch(&self, path: &str, body: Value) -> Response {
        self.client.patch(self.url(path)).json(&body).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client.delete(self.url(path)).send().await.unwrap()
    }

    pub async fn register(&self, email: &str) -> Response {
        self.post("/api/auth/register", json!({"email": email, "password": PASSWORD})).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/login", json!({"email": email, "password": password})).await
    }

    /// Newest mailbox message to `to`, through the dev mailbox endpoint.
    pub async fn last_message_to(&self, to: &str) -> Option<Value> {
        let all: Vec<Value> = self.get("/api/dev/mailbox").await.json().await.unwrap();
        all.into_iter().find(|m| m["to"] == to)
    }

    pub async fn messages_to(&self, to: &str) -> usize {
        let all: Vec<Value> = self.get("/api/dev/mailbox").await.json().await.unwrap();
        all.iter().filter(|m| m["to"] == to).count()
    }

    /// The token from the newest emailed link containing `marker`.
    pub async fn token_from_mail(&self, to: &str, marker: &str) -> String {
        let body = self.last_message_to(to).await.expect("an email")["body"].as_str().unwrap().to_owned();
        let start = body.find(marker).expect("link in email") + marker.len();
        body[start..].split_whitespace().next().unwrap().to_owned()
    }

    /// Register, verify the email and sign in: a ready user.
    pub async fn signed_in_user(&self, email: &str) -> Value {
        assert_eq!(self.register(email).await.status(), StatusCode::CREATED);
        let token = self.token_from_mail(email, "verify-email?token=").await;
        let r = self.post("/api/auth/verify-email", json!({"token": token})).await;
        assert_eq!(r.status(), StatusCode::OK);
        let r = self.login(email, PASSWORD).await;
        assert_eq!(r.status(), StatusCode::OK);
        r.json().await.unwrap()
    }

    /// Sign `email` up and in, register `sailboat()` and pay its fee with
    /// the offline processor: an owner with an active vessel.
    pub async fn owner_with_active_vessel(&self, email: &str) -> Value {
        self.signed_in_user(email).await;
        self.active_vessel(sailboat()).await
    }

    /// Register `body` as the signed-in user and pay its fee.
    pub async fn active_vessel(&self, body: Value) -> Value {
        let (status, vessel) = parts(self.post("/api/vessels", body).await).await;
        assert_eq!(status, StatusCode::CREATED, "{vessel}");
        let (_, intent) = parts(
            self.post("/api/payments/create-intent", json!({"purpose": "registration", "vesselId": vessel["id"]}))
                .await,
        )
        .await;
        let body = json!({"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242",
                          "expMonth": 12, "expYear": 2034, "cvc": "123"});
        let (status, paid) = parts(self.post("/api/payments/local/confirm", body).await).await;
        assert_eq!(status, StatusCode::OK, "{paid}");
        vessel
    }

    /// Another browser, signed in as a new administrator.
    pub async fn admin(&self, email: &str) -> TestApp {
        let admin = self.second_browser();
        admin.signed_in_user(email).await;
        registry::cli::seed::promote(&self.db, email).await.unwrap();
        admin.add_passkey().await;
        admin
    }

    /// Add a passkey (a software authenticator's) to the signed-in account,
    /// as an administrator must before any change.
    pub async fn add_passkey(&self) -> crate::authenticator::Authenticator {
        let mut authenticator = crate::authenticator::Authenticator::new();
        let (status, options) = parts(self.post("/api/auth/passkeys/register/start", json!({})).await).await;
        assert_eq!(status, StatusCode::OK, "{options}");
        let credential = authenticator.create(&options);
        let body = json!({"name": "Test key", "credential": credential});
        let (status, added) = parts(self.post("/api/auth/passkeys/register/finish", body).await).await;
        assert_eq!(status, StatusCode::CREATED, "{added}");
        authenticator
    }

    pub async fn scalar(&self, sql: &str) -> i64 {
        sqlx::query(sql).fetch_one(&self.db).await.unwrap().get::<i64, _>(0)
    }

    pub async fn scalar_text(&self, sql: &str) -> String {
        sqlx::query(sql).fetch_one(&self.db).await.unwrap().get::<String, _>(0)
    }
}

/// Status and JSON body of a response.
pub async fn parts(r: Response) -> (StatusCode, Value) {
    let status = r.status();
    let text = r.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}")))
}

/// A vessel registration body that passes every rule (spec section 5).
pub fn sailboat() -> Value {
    json!({
        "name": "Zeemeeuw",
        "countryCode": "NL",
        "phoneE164": "+31612345678",
        "make": "Bavaria",
        "model": "Cruiser 34",
        "buildYear": 2019,
        "lengthCm": 1099,
        "publicVisibility": true,
        "forSale": false,
        "cin": "nl-bav2k4l7c920",
        "engineSerial": "unknown",
        "mmsi": "244123456",
        "identifiers": {"brandmerk": "unknown"}
    })
}

/// The words of a PDF, as a reader's PDF viewer extracts them (poppler's `pdftotext`).
pub fn pdf_text(pdf: &[u8]) -> String {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("registry-test-{}-{n}.pdf", std::process::id()));
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext (poppler-utils)");
    std::fs::remove_file(&path).unwrap();
    String::from_utf8(out.stdout).unwrap()
}
