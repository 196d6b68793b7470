//! One pool type for both databases: sqlx's `Any` driver with portable SQL
//! (`$1` placeholders, which `SQLite` understands too). See docs/ARCHITECTURE.md.

mod lane;
mod migrations;
pub mod replica;

use std::{str::FromStr, time::Duration};

use anyhow::Context;
use sqlx::{
    Connection, Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
};

pub use lane::{LaneConnection, ReadLane};
pub use migrations::{MIGRATIONS, migrate};

pub type Db = sqlx::AnyPool;
pub type Tx<'a> = sqlx::Transaction<'a, sqlx::Any>;

/// Start a transaction with `statement` (`BEGIN ...`), in a task of its own.
/// sqlx 0.8.6 counts a transaction as open only once the answer to its
/// `BEGIN` has arrived; a request cancelled while waiting for it (a client
/// gone, a timeout) would hand the connection back to the pool inside the
/// transaction, for the next request to run in (launchbadge/sqlx#4393). A
/// task runs to the end, and dropping the transaction it returns rolls back.
pub async fn begin(db: &Db, statement: impl Into<std::borrow::Cow<'static, str>>) -> sqlx::Result<Tx<'static>> {
    let (db, statement) = (db.clone(), statement.into());
    let asked = std::time::Instant::now();
    let begun = match tokio::spawn(async move { db.begin_with(statement).await }).await {
        Ok(begun) => begun,
        Err(_) => Err(sqlx::Error::WorkerCrashed),
    };
    metrics::histogram!(crate::platform::telemetry::DB_WAIT, "pool" => "primary").record(asked.elapsed().as_secs_f64());
    begun
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Self {
        if url.starts_with("sqlite:") { Backend::Sqlite } else { Backend::Postgres }
    }
}

/// How long a pooled connection may sit idle before it is checked with a
/// ping when taken again.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(1);

/// The newest migration this build knows.
pub fn latest_migration() -> i64 {
    migrations::MIGRATIONS.last().map_or(0, |m| m.version)
}

/// Open a pool. `SQLite` gets WAL, foreign keys and a busy timeout on every
/// connection; the file is created when missing.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url);
    let url = match backend {
        Backend::Sqlite if !url.contains("mode=") => {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        }
        _ => url.to_owned(),
    };
    if backend == Backend::Sqlite {
        ensure_sqlite_parent_dir(&url)?;
    }
    let options = AnyConnectOptions::from_str(&url).context("parsing the database URL")?;
    let pool = pool_options(backend, Duration::from_secs(10))
        .connect_with(options)
        .await
        .context("connecting to the database")?;
    Ok(pool)
}

/// A pool that connects on first use, waiting at most `acquire_timeout`
/// for a connection: for a database the server can run without (a replica).
pub fn connect_lazy(url: &str, acquire_timeout: Duration) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let options = AnyConnectOptions::from_str(url).context("parsing the database URL")?;
    Ok(pool_options(Backend::of_url(url), acquire_timeout).connect_lazy_with(options))
}

fn pool_options(backend: Backend, acquire_timeout: Duration) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(match backend {
            Backend::Sqlite => 8,
            Backend::Postgres => 16,
        })
        .acquire_timeout(acquire_timeout)
        // sqlx pings every connection it takes from the idle queue: a second
        // round trip (on SQLite a second hand-over to the connection's thread)
        // for every one-statement request. Ping only a connection that has
        // been idle for a while, which is when the database may have gone
        // away (a restart, a dropped TCP connection); a busy pool's
        // connections were in use a moment ago.
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > IDLE_BEFORE_PING {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
        .after_connect(move |conn, _| Box::pin(async move { prepare(conn, backend).await }))
}

/// Settings every new connection gets. `SQLite`: WAL, foreign keys and a busy
/// timeout; mmap lets reads come straight from the OS page cache, shared by
/// every connection, and the page cache proper stays modest. The mapping
/// covers files up to 64 GiB (address space, not memory; the build raises
/// SQLite's 2 GB cap to match, .cargo/config.toml).
async fn prepare(conn: &mut sqlx::AnyConnection, backend: Backend) -> sqlx::Result<()> {
    if backend == Backend::Sqlite {
        conn.execute(
            "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; \
             PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; \
             PRAGMA mmap_size = 68719476736; PRAGMA cache_size = -16384;",
        )
        .await?;
    }
    Ok(())
}

fn ensure_sqlite_parent_dir(url: &str) -> anyhow::Result<()> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:").split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    // A database created before its files were kept private.
    crate::foundation::private_files::tighten_sqlite(std::path::Path::new(path))
        .with_context(|| format!("making {path} private"))?;
    Ok(())
}

/// True when the error is a unique-constraint violation on either database.
/// One round trip to the database (the readiness check).
pub async fn ping(db: &Db) -> sqlx::Result<()> {
    sqlx::query("SELECT 1").execute(db).await?;
    Ok(())
}

pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => {
            db.is_unique_violation() || db.code().as_deref() == Some("23505") || db.code().as_deref() == Some("2067")
        }
        _ => false,
    }
}

/// The `id` column of every row `sql` selects with its one parameter `key`,
/// inside the caller's transaction (the rows a multi-row change visits).
pub async fn ids(tx: &mut Tx<'_>, sql: &str, key: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(sql).bind(key).fetch_all(&mut **tx).await
}

/// A stored enum value read back: one the type does not know is a decode
/// error, never a default.
/// Rows sent as one JSON parameter (`$1`) and read back as a table `t` with
/// these typed columns, in this order, for a many-row `INSERT … SELECT`:
/// sqlx binds parameters in time that grows faster than linearly with their
/// number (a bulk load bound sixteen rows a statement, 0.5 ms each on
/// PostgreSQL; 24,000 parameters took seconds on SQLite), while a statement
/// of one parameter takes thousands of rows and is prepared once.
pub fn json_rows(backend: Backend, columns: &[(&str, &str)]) -> String {
    match backend {
        Backend::Postgres => {
            let typed: Vec<String> = columns.iter().map(|(c, ty)| format!("{c} {ty}")).collect();
            format!("json_to_recordset(CAST($1 AS JSON)) AS t ({})", typed.join(", "))
        }
        Backend::Sqlite => {
            let read: Vec<String> =
                columns.iter().map(|(c, _)| format!("json_extract(value, '$.{c}') AS {c}")).collect();
            format!("(SELECT {} FROM json_each($1)) AS t", read.join(", "))
        }
    }
}

/// `count` rows of `width` placeholders each, for a many-row `VALUES`:
/// `($1, $2), ($3, $4)`.
pub fn placeholders(width: usize, count: usize) -> String {
    (0..count)
        .map(|r| format!("({})", (1..=width).map(|c| format!("${}", r * width + c)).collect::<Vec<_>>().join(", ")))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn stored<T: std::str::FromStr>(value: &str) -> sqlx::Result<T> {
    value.parse().map_err(|_| sqlx::Error::Decode(format!("unknown stored value {value:?}").into()))
}
