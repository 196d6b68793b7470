//! Every SQL statement of the command line: the demo accounts, promoting an
//! administrator, and the bulk load of seeded vessels with what it does to
//! the schema on each database (dropped and rebuilt indexes and triggers,
//! the search's posting lists, ANALYZE or VACUUM).

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
};

use anyhow::{Context, bail};

use super::model::{DemoAccount, Row};
use crate::{
    features::auth::{USER_COLUMNS, User},
    features::vessels::history_chain::Link,
    features::vessels::search::{ListedText, Lists},
    platform::db::{Backend, Db, Tx, json_rows, placeholders},
};

// ---- accounts ----

pub(super) async fn count_users(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) AS n FROM users").fetch_one(db).await
}

/// A demo account, verified (and its number too); an existing email is a
/// unique violation, which the caller reports.
pub(super) async fn insert_demo_account(
    db: &Db,
    id: &str,
    account: &DemoAccount,
    email: &str,
    password_hash: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, role, email_verified_at, phone_e164, phone_verified_at,
             created_at, name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $5, $8)",
    )
    .bind(id)
    .bind(email)
    .bind(password_hash)
    .bind(account.role)
    .bind(now)
    .bind(account.phone)
    .bind(account.phone.map(|_| now))
    .bind(account.name)
    .execute(db)
    .await?;
    Ok(())
}

pub(super) async fn user_by_email(db: &Db, email: &str) -> sqlx::Result<User> {
    sqlx::query_as::<_, User>(&format!("SELECT {USER_COLUMNS} FROM users u WHERE u.email = $1"))
        .bind(email)
        .fetch_one(db)
        .await
}

/// How many accounts have this email (0 or 1).
pub(super) async fn accounts_with_email(db: &Db, email: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) AS n FROM users WHERE email = $1").bind(email).fetch_one(db).await
}

/// An account that cannot sign in (no password), its email verified.
pub(super) async fn insert_passwordless_user<'e, E>(executor: E, id: &str, email: &str, now: i64) -> sqlx::Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, email_verified_at, created_at) VALUES ($1, $2, '', $3, $3)",
    )
    .bind(id)
    .bind(email)
    .bind(now)
    .execute(executor)
    .await?;
    Ok(())
}

/// Make the live account with this email an administrator; answers how
/// many rows changed (0 when there is none).
pub(super) async fn promote(db: &Db, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1 AND archived_at IS NULL")
        .bind(email)
        .execute(db)
        .await?
        .rows_affected())
}

/// The latest SMS to `phone`, as its holder would read it.
pub(super) async fn latest_sms_body(db: &Db, phone: &str) -> sqlx::Result<String> {
    sqlx::query_scalar(
        "SELECT body FROM outbox WHERE recipient = $1 AND channel = 'sms' ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(phone)
    .fetch_one(db)
    .await
}

// ---- seeded vessels: the dialects ----

/// The fast path (secondary indexes dropped and built once after the load;
/// on SQLite also the search and count triggers, and no fsync) only for a
/// database without vessels: nothing there can be broken by it.
pub fn takes_fast_path(_backend: Backend, existing_vessels: usize) -> bool {
    existing_vessels == 0
}

/// PostgreSQL's text search keeps posting lists (migration 20) by trigger,
/// which a load may defer and build once; SQLite's FTS5 index is rebuilt by
/// the fast path instead.
pub(super) fn has_posting_lists(backend: Backend) -> bool {
    backend == Backend::Postgres
}

/// The statistics after a load (one that did not take the fast path, which
/// analyses as it restores the schema).
pub(super) async fn analyze(conn: &mut sqlx::AnyConnection, backend: Backend) -> sqlx::Result<()> {
    match backend {
        Backend::Sqlite => {
            sqlx::query("ANALYZE").execute(&mut *conn).await?;
        }
        Backend::Postgres => {
            // VACUUM also sets the visibility map, so index-only counts need
            // not visit the table; plain ANALYZE leaves that to autovacuum.
            for table in ["vessels", "ownership_history", "trigram_blocks", "trigram_counts"] {
                sqlx::query(&format!("VACUUM (ANALYZE) {table}")).execute(&mut *conn).await?;
            }
        }
    }
    Ok(())
}

// ---- seeded vessels: before the load ----

/// How many vessels there are, and when the latest was registered.
pub(super) async fn vessel_count_and_latest(conn: &mut sqlx::AnyConnection) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as::<_, (i64, Option<i64>)>("SELECT COUNT(*) AS n, MAX(created_at) AS latest FROM vessels")
        .fetch_one(conn)
        .await
}

/// What the fast path dropped, with the definitions to create it again.
pub(super) struct Dropped {
    indexes: Vec<(String, String)>,
    triggers: Vec<(String, String)>,
}

/// A bulk load: indexes built once from the loaded rows rather than updated
/// row by row with random keys. On SQLite also a large page cache, no fsync
/// per batch (a crash means seeding again), and the insert triggers that
/// maintain the search index and the counts dropped (what they maintain is
/// rebuilt from the loaded rows at the end); the indexes of the loaded
/// tables go, UNIQUE ones too. On PostgreSQL the indexes that back no
/// constraint (the primary keys stay, for the history's foreign keys); the
/// statement-level count triggers cost a batch next to nothing, and the
/// posting lists are deferred on their own ([`defer_postings`]).
pub(super) async fn drop_for_bulk_load(conn: &mut sqlx::AnyConnection, backend: Backend) -> sqlx::Result<Dropped> {
    if backend == Backend::Postgres {
        let indexes = schema_objects(
            conn,
            "SELECT CAST(indexname AS TEXT), indexdef FROM pg_indexes
             WHERE schemaname = current_schema() AND tablename IN ('vessels', 'ownership_history')
               AND indexname NOT IN (SELECT conname FROM pg_constraint)",
        )
        .await?;
        for (name, _) in &indexes {
            sqlx::query(&format!("DROP INDEX {name}")).execute(&mut *conn).await?;
        }
        return Ok(Dropped { indexes, triggers: Vec::new() });
    }
    sqlx::query("PRAGMA cache_size = -262144; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY")
        .execute(&mut *conn)
        .await?;
    let names = REBUILT_AFTER_LOAD.iter().fold(String::new(), |names, (trigger, _)| {
        let comma = if names.is_empty() { "" } else { ", " };
        format!("{names}{comma}'{trigger}'")
    });
    // In creation order, so that restoring them keeps the order migration 48 set: SQLite
    // compiles a table's newest trigger first, and the text index's must not be the newest.
    let triggers = schema_objects(
        conn,
        &format!("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ({names}) ORDER BY rowid"),
    )
    .await?;
    for (name, _) in &triggers {
        sqlx::query(&format!("DROP TRIGGER {name}")).execute(&mut *conn).await?;
    }
    let indexes = schema_objects(
        conn,
        "SELECT name, sql FROM sqlite_master
         WHERE type = 'index' AND tbl_name IN ('vessels', 'ownership_history') AND sql IS NOT NULL",
    )
    .await?;
    for (name, _) in &indexes {
        sqlx::query(&format!("DROP INDEX {name}")).execute(&mut *conn).await?;
    }
    Ok(Dropped { indexes, triggers })
}

/// PostgreSQL: stop the insert trigger that keeps the text search's posting
/// lists; [`insert_lists`] fills them from the loaded rows.
pub(super) async fn defer_postings(conn: &mut sqlx::AnyConnection) -> sqlx::Result<()> {
    sqlx::query("ALTER TABLE vessels DISABLE TRIGGER vessel_trigrams_insert").execute(conn).await?;
    Ok(())
}

/// Every platform ID in use.
pub(super) async fn platform_ids(conn: &mut sqlx::AnyConnection) -> sqlx::Result<HashSet<String>> {
    Ok(sqlx::query_scalar::<_, String>("SELECT platform_id FROM vessels").fetch_all(conn).await?.into_iter().collect())
}

// ---- seeded vessels: the load ----

/// A transaction that writes. On `SQLite` it takes the write lock at its
/// `BEGIN`: a deferred one that first has to read (the schema, after a bulk
/// load on another connection changed it) holds a snapshot, and a write
/// committed meanwhile by another connection (a job's lease) then fails its
/// first insert with `SQLITE_BUSY_SNAPSHOT`, which no busy timeout waits out.
pub(super) async fn begin_write(conn: &mut sqlx::AnyConnection, backend: Backend) -> sqlx::Result<Tx<'_>> {
    match backend {
        Backend::Sqlite => sqlx::Connection::begin_with(conn, "BEGIN IMMEDIATE").await,
        Backend::Postgres => sqlx::Connection::begin(conn).await,
    }
}

/// The vessels, active, listed and not for sale, in one statement.
pub(super) async fn insert_vessels(tx: &mut Tx<'_>, backend: Backend, rows: &[Row]) -> sqlx::Result<()> {
    const TEXT: &str = "TEXT";
    const INT: &str = "BIGINT";
    let columns = [
        ("id", TEXT),
        ("platform_id", TEXT),
        ("owner_user_id", TEXT),
        ("name", TEXT),
        ("name_folded", TEXT),
        ("make", TEXT),
        ("model", TEXT),
        ("build_year", INT),
        ("length_cm", INT),
        ("country_code", TEXT),
        ("cin", TEXT),
        ("legacy_id", TEXT),
        ("mmsi", TEXT),
        ("mmsi_country", TEXT),
        ("search_text", TEXT),
        ("created_at", INT),
        ("listed_at", INT),
        ("owners_count", INT),
        ("first_owned_at", INT),
    ];
    let names: Vec<&str> = columns.iter().map(|(c, _)| *c).collect();
    let sql = format!(
        "INSERT INTO vessels ({}, status, owner_phone_e164, public_visibility, for_sale)
         SELECT t.*, 'active', '+31600000000', 1, 0 FROM {}",
        names.join(", "),
        json_rows(backend, &columns)
    );
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id, "platform_id": r.platform_id, "owner_user_id": r.owner,
                "name": r.name, "name_folded": r.name.as_deref().map(crate::domain::folded::fold),
                "make": r.make, "model": r.model, "build_year": r.build_year, "length_cm": r.length_cm,
                "country_code": r.country, "cin": r.cin, "legacy_id": r.legacy_id,
                "mmsi": r.mmsi, "mmsi_country": r.mmsi.as_ref().map(|_| r.country),
                "search_text": r.search_text, "created_at": r.created_at, "listed_at": r.created_at,
                // The owners its history below holds, and when the first began.
                "owners_count": if r.previous_owner.is_some() { 2_i64 } else { 1 },
                "first_owned_at": r.previous_owner.as_ref().map_or(r.created_at, |(_, since)| *since),
            })
        })
        .collect();
    sqlx::query(&sql).bind(serde_json::Value::Array(rows).to_string()).execute(&mut **tx).await?;
    Ok(())
}

/// Ownership history entries `(id, vessel, owner, acquired, transferred out)`,
/// all private acquisitions, in one statement.
pub(super) async fn insert_ownership(
    tx: &mut Tx<'_>,
    backend: Backend,
    entries: &[(String, &str, &str, i64, Option<i64>)],
) -> sqlx::Result<()> {
    let columns = [
        ("id", "TEXT"),
        ("vessel_id", "TEXT"),
        ("owner_user_id", "TEXT"),
        ("acquired_at", "BIGINT"),
        ("transferred_out_at", "BIGINT"),
    ];
    let sql = format!(
        "INSERT INTO ownership_history (id, vessel_id, owner_user_id, acquired_at, transferred_out_at, acquisition_type)
         SELECT t.*, 'private' FROM {}",
        json_rows(backend, &columns)
    );
    let rows: Vec<serde_json::Value> = entries
        .iter()
        .map(|(id, vessel, owner, acquired, out)| {
            serde_json::json!({
                "id": id, "vessel_id": vessel, "owner_user_id": owner, "acquired_at": acquired, "transferred_out_at": out,
            })
        })
        .collect();
    sqlx::query(&sql).bind(serde_json::Value::Array(rows).to_string()).execute(&mut **tx).await?;
    Ok(())
}

/// Links of the vessels' ownership chains `(vessel id, link)`, in one statement.
pub(super) async fn insert_chain_links(tx: &mut Tx<'_>, backend: Backend, links: &[(&str, Link)]) -> sqlx::Result<()> {
    let columns = [
        ("vessel_id", "TEXT"),
        ("sequence", "BIGINT"),
        ("event_type", "TEXT"),
        ("owner_ref", "TEXT"),
        ("occurred_at", "BIGINT"),
        ("previous_hash", "TEXT"),
        ("hash", "TEXT"),
    ];
    let sql = format!(
        "INSERT INTO ownership_events (vessel_id, sequence, event_type, owner_ref, occurred_at, previous_hash, hash)
         SELECT t.* FROM {}",
        json_rows(backend, &columns)
    );
    let rows: Vec<serde_json::Value> = links
        .iter()
        .map(|(vessel, l)| {
            serde_json::json!({
                "vessel_id": vessel, "sequence": l.sequence, "event_type": l.event.as_str(), "owner_ref": l.owner_ref,
                "occurred_at": l.at_ms, "previous_hash": l.previous_hash, "hash": l.hash,
            })
        })
        .collect();
    sqlx::query(&sql).bind(serde_json::Value::Array(rows).to_string()).execute(&mut **tx).await?;
    Ok(())
}

// ---- seeded vessels: after the load ----

/// PostgreSQL: the posting lists emptied before they are built from the
/// loaded rows ([`insert_lists`]), their key dropped until
/// [`finish_postings`]. In the caller's transaction, which holds vessel
/// writers off until the lists are whole, and searches too: the two tables
/// are locked in the order a search reads them (counts, then postings).
pub(super) async fn clear_postings(tx: &mut Tx<'_>) -> sqlx::Result<()> {
    for statement in [
        "LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE",
        "LOCK TABLE trigram_counts, trigram_blocks IN ACCESS EXCLUSIVE MODE",
        "ALTER TABLE trigram_blocks DROP CONSTRAINT trigram_blocks_pkey",
        "TRUNCATE trigram_blocks, trigram_counts",
    ] {
        sqlx::query(statement).execute(&mut **tx).await?;
    }
    Ok(())
}

/// The countries with listed vessels.
pub(super) async fn listed_countries(tx: &mut Tx<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT DISTINCT country_code FROM vessels WHERE status = 'active' AND public_visibility = 1
         ORDER BY country_code",
    )
    .fetch_all(&mut **tx)
    .await
}

/// A country's listed vessels' texts, in insertion order.
pub(super) async fn listed_texts(tx: &mut Tx<'_>, country: &str) -> sqlx::Result<Vec<ListedText>> {
    sqlx::query_as(
        "SELECT seq, search_text, build_year FROM vessels
         WHERE status = 'active' AND public_visibility = 1 AND country_code = $1 ORDER BY seq",
    )
    .bind(country)
    .fetch_all(&mut **tx)
    .await
}

/// A country's posting lists, as built.
pub(super) async fn insert_lists(tx: &mut Tx<'_>, country: &str, lists: &Lists) -> sqlx::Result<()> {
    // Within PostgreSQL's 65,535 parameters a statement.
    for chunk in lists.blocks.chunks(5_000) {
        let values = placeholders(6, chunk.len());
        let text =
            format!("INSERT INTO trigram_blocks (trigram, country_code, top, bottom, n, postings) VALUES {values}");
        let mut q = sqlx::query(&text);
        for b in chunk {
            q = q
                .bind(b.trigram.as_str())
                .bind(country)
                .bind(b.top)
                .bind(b.bottom)
                .bind(b.n)
                .bind(b.postings.as_slice());
        }
        q.execute(&mut **tx).await?;
    }
    for chunk in lists.counts.chunks(10_000) {
        let values = placeholders(3, chunk.len());
        let text = format!("INSERT INTO trigram_counts (trigram, country_code, n) VALUES {values}");
        let mut q = sqlx::query(&text);
        for (trigram, n) in chunk {
            q = q.bind(trigram.as_str()).bind(country).bind(*n);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// PostgreSQL: the posting lists' key back, and their trigger on again.
pub(super) async fn finish_postings(tx: &mut Tx<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "ALTER TABLE trigram_blocks ADD CONSTRAINT trigram_blocks_pkey PRIMARY KEY (trigram, country_code, top)",
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query("ALTER TABLE vessels ENABLE TRIGGER vessel_trigrams_insert").execute(&mut **tx).await?;
    Ok(())
}

/// The indexes the fast path dropped, built from the loaded rows.
pub(super) async fn create_indexes(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    dropped: &Dropped,
) -> sqlx::Result<()> {
    if backend == Backend::Postgres {
        // Each index is one sort of the loaded rows; in memory, not in files.
        sqlx::query("SET maintenance_work_mem = '512MB'").execute(&mut *conn).await?;
    }
    for (_, sql) in &dropped.indexes {
        sqlx::query(sql).execute(&mut *conn).await?;
    }
    Ok(())
}

/// What the dropped triggers maintain (the search index and the counts),
/// rebuilt from the loaded rows.
pub(super) async fn rebuild_after_load(conn: &mut sqlx::AnyConnection, dropped: &Dropped) -> sqlx::Result<()> {
    for (trigger, rebuild) in REBUILT_AFTER_LOAD {
        if dropped.triggers.iter().any(|(name, _)| name == trigger) {
            sqlx::query(rebuild).execute(&mut *conn).await?;
        }
    }
    Ok(())
}

/// The dropped triggers back, the statistics, and on SQLite fsync on again.
pub(super) async fn restore_after_bulk_load(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    dropped: &Dropped,
) -> sqlx::Result<()> {
    for (_, sql) in &dropped.triggers {
        sqlx::query(sql).execute(&mut *conn).await?;
    }
    analyze(conn, backend).await?;
    if backend == Backend::Sqlite {
        sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
    }
    Ok(())
}

/// The insert triggers a bulk load drops, each with the statements that
/// rebuild what it maintains from the loaded rows (as the migrations that
/// made them fill them: 3 and 4, 18, 19).
const REBUILT_AFTER_LOAD: &[(&str, &str)] = &[
    (
        "vessels_fts_insert",
        // Then merged into one segment ('optimize'): a bulk insert leaves
        // many, and every list read walks each of them (at 6.5 million
        // vessels a platform ID's search went from 3.2 to 1.1 ms, for 14 s
        // of seeding).
        "INSERT INTO vessels_fts (vessels_fts) VALUES ('delete-all');
         INSERT INTO vessels_fts (rowid, search_text, search_country)
             SELECT rowid, search_text, '#' || country_code FROM vessels WHERE status = 'active' AND public_visibility = 1;
         INSERT INTO vessels_fts (vessels_fts) VALUES ('optimize')",
    ),
    (
        "listing_counts_insert",
        "DELETE FROM listing_counts;
         INSERT INTO listing_counts (country_code, build_year, n)
             SELECT country_code, COALESCE(build_year, 0), COUNT(*) FROM vessels
             WHERE status = 'active' AND public_visibility = 1
             GROUP BY country_code, COALESCE(build_year, 0)",
    ),
    (
        "vessel_counts_insert",
        "DELETE FROM vessel_counts;
         INSERT INTO vessel_counts (status, n) SELECT status, COUNT(*) FROM vessels GROUP BY status",
    ),
];

/// Names and definitions of schema objects, to drop them and create them again.
async fn schema_objects(conn: &mut sqlx::AnyConnection, sql: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as::<_, (String, String)>(sql).fetch_all(conn).await
}

// ---- backups ----

/// The newest migration applied: a backup's schema version.
pub(super) async fn schema_version(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT CAST(COALESCE(MAX(version), 0) AS BIGINT) FROM schema_migrations").fetch_one(db).await
}

/// Write a consistent copy of the SQLite database to `path` while it keeps
/// serving (`VACUUM INTO` reads in one transaction).
pub(super) async fn sqlite_vacuum_into(db: &Db, path: &str) -> sqlx::Result<()> {
    let quoted = path.replace('\'', "''");
    let statement = format!("VACUUM INTO '{quoted}'");
    sqlx::query(&statement).execute(db).await?;
    Ok(())
}

/// How many tables the database holds (a restore needs none).
pub(super) async fn table_count(db: &Db, backend: Backend) -> sqlx::Result<i64> {
    match backend {
        Backend::Sqlite => {
            sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .fetch_one(db)
                .await
        }
        Backend::Postgres => {
            sqlx::query_scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()")
                .fetch_one(db)
                .await
        }
    }
}

/// How a backup keeps the database: the kind the manifest names, and its file.
pub(super) fn database_copy(backend: Backend) -> (&'static str, &'static str) {
    match backend {
        Backend::Sqlite => ("sqlite", "database.sqlite"),
        Backend::Postgres => ("postgres", "database.dump"),
    }
}

/// A consistent copy of the database at `path` while it keeps serving:
/// SQLite's `VACUUM INTO` (one read transaction), or `pg_dump --format=custom`.
pub(super) async fn copy_database(db: &Db, backend: Backend, url: &str, path: &Path) -> anyhow::Result<()> {
    match backend {
        Backend::Sqlite => {
            let text = path.to_str().ok_or_else(|| anyhow::anyhow!("the backup folder's path is not UTF-8"))?;
            sqlite_vacuum_into(db, text).await?;
        }
        Backend::Postgres => {
            let mut command = postgres_client("pg_dump", url)?;
            command.args(["--format=custom", "--no-owner", "--file"]).arg(path);
            run(&mut command).await.context("pg_dump")?;
        }
    }
    Ok(())
}

/// The copy at `file` into the empty database `url`.
pub(super) async fn restore_database(url: &str, backend: Backend, file: &Path) -> anyhow::Result<()> {
    match backend {
        Backend::Sqlite => restore_sqlite(url, file),
        Backend::Postgres => restore_postgres(url, file).await,
    }
}

/// How many tables the database `url` names holds (0 for a SQLite file not made yet).
pub(super) async fn tables_in(url: &str, backend: Backend) -> anyhow::Result<i64> {
    if backend == Backend::Sqlite && !sqlite_path(url).exists() {
        return Ok(0);
    }
    let pool = crate::platform::db::connect(url).await?;
    let tables = table_count(&pool, backend).await;
    pool.close().await;
    Ok(tables?)
}

fn sqlite_path(url: &str) -> PathBuf {
    PathBuf::from(url.trim_start_matches("sqlite://").trim_start_matches("sqlite:").split('?').next().unwrap_or(""))
}

/// The empty file (if any) replaced by the backup's.
fn restore_sqlite(url: &str, file: &Path) -> anyhow::Result<()> {
    let path = sqlite_path(url);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::copy(file, &path).with_context(|| format!("copying the database to {}", path.display()))?;
    crate::foundation::private_files::tighten_sqlite(&path)?;
    Ok(())
}

/// In one transaction: a restore that fails leaves the database empty.
async fn restore_postgres(url: &str, file: &Path) -> anyhow::Result<()> {
    let mut command = postgres_client("pg_restore", url)?;
    command.args(["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]).arg(file);
    run(&mut command).await.context("pg_restore")
}

/// A PostgreSQL client program for the database `url`: the URL without its
/// password on the command line (which any local user can read), the
/// password in the program's environment.
fn postgres_client(program: &str, url: &str) -> anyhow::Result<tokio::process::Command> {
    let mut parsed = url::Url::parse(url).context("the database URL")?;
    let mut command = tokio::process::Command::new(program);
    if let Some(password) = parsed.password() {
        let password = percent_encoding::percent_decode_str(password).decode_utf8_lossy().into_owned();
        command.env("PGPASSWORD", password);
        let _ = parsed.set_password(None);
    }
    command.arg("--dbname").arg(parsed.as_str());
    Ok(command)
}

/// Run a PostgreSQL client program, its error output in the error.
async fn run(command: &mut tokio::process::Command) -> anyhow::Result<()> {
    let output = command.output().await.context("starting it (is the PostgreSQL client installed?)")?;
    if !output.status.success() {
        bail!("{}: {}", output.status, String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_empty_database_is_loaded_without_its_indexes() {
        assert!(takes_fast_path(Backend::Sqlite, 0));
        assert!(takes_fast_path(Backend::Postgres, 0));
        assert!(!takes_fast_path(Backend::Sqlite, 1), "a registry with vessels keeps every index while seeding");
        assert!(!takes_fast_path(Backend::Postgres, 1), "a registry with vessels keeps every index while seeding");
    }
}
