//! The real `registry` binary as its own process, on a free loopback port
//! with a fresh SQLite database in a temporary folder: for what only a
//! process shows (signals, exit status, what it reads from its environment).

use std::{
    io::{Read, Write},
    net::TcpStream,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

pub struct ServerProcess {
    pub child: Child,
    pub port: u16,
    pub database_url: String,
    dir: PathBuf,
}

impl ServerProcess {
    /// Start `registry serve` with `extra` environment, and wait until it
    /// answers (`/healthz`).
    pub fn start(extra: &[(&str, &str)]) -> Self {
        Self::launch(extra, false)
    }

    /// [`start`](Self::start), writing everything the process prints to
    /// `server.log` in its folder ([`logs`](Self::logs)).
    pub fn start_logging(extra: &[(&str, &str)]) -> Self {
        Self::launch(extra, true)
    }

    /// Everything the process has printed, when started with [`start_logging`](Self::start_logging).
    pub fn logs(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn launch(extra: &[(&str, &str)], logging: bool) -> Self {
        let dir = std::env::temp_dir().join(format!("registry-process-{}", registry::platform::ids::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let database_url = format!("sqlite://{}/registry.db", dir.display());
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_registry"));
        command
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("REGISTRY_DATABASE_URL", &database_url)
            .env("REGISTRY_ADDR", format!("127.0.0.1:{port}"))
            .env("REGISTRY_PUBLIC_URL", format!("http://127.0.0.1:{port}"))
            .env("REGISTRY_DATA_DIR", &dir)
            .env("REGISTRY_WEB_DIR", &dir)
            .env("REGISTRY_LOG", "warn");
        if logging {
            let log = std::fs::File::create(dir.join("server.log")).unwrap();
            command.stdout(log.try_clone().unwrap()).stderr(log);
        } else {
            command.stdout(Stdio::null()).stderr(Stdio::null());
        }
        for (k, v) in extra {
            command.env(k, v);
        }
        let child = command.spawn().expect("the registry binary starts");
        let server = Self { child, port, database_url, dir };
        let started = Instant::now();
        while server.get("/healthz").0 != 200 {
            assert!(started.elapsed() < Duration::from_secs(30), "the server answers within 30 s");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// `GET path` on a connection of its own: the status (0 when nothing
    /// answered) and the whole answer.
    pub fn get(&self, path: &str) -> (u16, String) {
        Self::get_on(self.port, path)
    }

    /// `GET path` from a loopback `port`, as [`get`](Self::get).
    pub fn get_on(port: u16, path: &str) -> (u16, String) {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { return (0, String::new()) };
        stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        if stream.write_all(request.as_bytes()).is_err() {
            return (0, String::new());
        }
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        let status = answer.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        (status, answer)
    }

    pub fn readyz(&self) -> (u16, String) {
        self.get("/readyz")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One count from a server's database, read beside it.
pub async fn count(url: &str, sql: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.expect("the server's database");
    let n = sqlx::query_scalar(sql).fetch_one(&pool).await.expect("the count");
    pool.close().await;
    n
}
