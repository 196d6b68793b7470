//! Embedded migrations with a tiny runner. Most migrations are one portable
//! SQL file; where the two databases need different DDL (full-text indexes,
//! say) a migration names one file per backend. Applied versions are kept in
//! `schema_migrations` with a SHA-256 of the SQL applied: a migration edited
//! after it was applied stops the server at start-up instead of going
//! unnoticed, and a test fails when a file in `migrations/` is not in the
//! table below. On `PostgreSQL` an advisory lock serialises concurrent
//! start-ups of several server processes.

use anyhow::Context;
use sha2::{Digest, Sha256};
use sqlx::{Executor, Row};

use super::{Backend, Db};
use crate::platform::clock::now_ms;

pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    /// The file (portable) or the stem of the two files (per backend) in `migrations/`.
    pub file: &'static str,
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

impl Migration {
    fn sql(&self, backend: Backend) -> &'static str {
        match backend {
            Backend::Sqlite => self.sqlite,
            Backend::Postgres => self.postgres,
        }
    }

    fn checksum(&self, backend: Backend) -> String {
        crate::platform::ids::to_hex(&Sha256::digest(self.sql(backend).as_bytes()))
    }
}

macro_rules! portable {
    ($version:expr, $name:expr, $file:expr) => {
        Migration {
            version: $version,
            name: $name,
            file: $file,
            sqlite: include_str!(concat!("../../../migrations/", $file)),
            postgres: include_str!(concat!("../../../migrations/", $file)),
        }
    };
}

macro_rules! per_backend {
    ($version:expr, $name:expr, $stem:expr) => {
        Migration {
            version: $version,
            name: $name,
            file: $stem,
            sqlite: include_str!(concat!("../../../migrations/", $stem, ".sqlite.sql")),
            postgres: include_str!(concat!("../../../migrations/", $stem, ".postgres.sql")),
        }
    };
}

pub const MIGRATIONS: &[Migration] = &[
    portable!(1, "accounts", "0001_accounts.sql"),
    portable!(2, "vessels", "0002_vessels.sql"),
    per_backend!(3, "search", "0003_search"),
    per_backend!(4, "search listed only", "0004_search_listed"),
    per_backend!(5, "search generation", "0005_search_generation"),
    portable!(6, "payments", "0006_payments.sql"),
    per_backend!(7, "needs review", "0007_needs_review"),
    portable!(8, "one-time codes", "0008_one_time_codes.sql"),
    portable!(9, "transfers", "0009_transfers.sql"),
    portable!(10, "transfer payments", "0010_transfer_payments.sql"),
    portable!(11, "one account per verified phone", "0011_verified_phone_unique.sql"),
    per_backend!(12, "claims and the ownership chain", "0012_claims_and_history_chain"),
    portable!(13, "documents", "0013_documents.sql"),
    portable!(14, "certificates", "0014_certificates.sql"),
    portable!(15, "maintenance record", "0015_maintenance_record.sql"),
    portable!(16, "audit log, identity checks, refunds", "0016_audit_identity_refunds.sql"),
    per_backend!(17, "append-only audit log", "0017_audit_append_only"),
    per_backend!(18, "listing counts and newest-first walks", "0018_listing_counts"),
    per_backend!(19, "vessel counts by status", "0019_vessel_counts"),
    per_backend!(20, "text search posting lists", "0020_text_postings"),
    per_backend!(21, "posting lists by country, with the text", "0021_postings_by_country"),
    portable!(22, "the language of each account", "0022_user_language.sql"),
    portable!(23, "review reasons by message code", "0023_review_reason_code.sql"),
    portable!(24, "payment failures by message code", "0024_payment_failure_codes.sql"),
    per_backend!(25, "money with effect: provider cancellations, refunds by the registry", "0025_money_with_effect"),
    portable!(26, "codes texted per account, for the daily budgets", "0026_code_budgets.sql"),
    portable!(27, "owners per vessel, for the cards' ownership summary", "0027_owners_count.sql"),
    per_backend!(28, "owners' names, verified or not, on accounts and certificates", "0028_owner_names"),
    portable!(29, "documents belong to the ownership period they were uploaded in", "0029_documents_per_owner.sql"),
    portable!(30, "a transfer fee payment per payer", "0030_transfer_payment_per_payer.sql"),
    portable!(31, "registrations canceled by their owner", "0031_registration_canceled.sql"),
    portable!(32, "why a vessel is deactivated", "0032_deactivation_reason.sql"),
    portable!(33, "signed records of completed transfers, with the sale price", "0033_transfer_records.sql"),
    portable!(34, "particulars, their corrections, and correction requests", "0034_particulars.sql"),
    portable!(35, "leases on background jobs, so one process runs each", "0035_job_leases.sql"),
    portable!(36, "theft reports, and an open one's public part on the vessel", "0036_theft_reports.sql"),
    per_backend!(37, "the chain records theft reports", "0037_theft_chain_events"),
    portable!(38, "registered liens, and the active ones' count on the vessel", "0038_liens.sql"),
    per_backend!(39, "the chain records liens; lien consent codes", "0039_lien_events"),
    portable!(40, "the transparency log of chain heads", "0040_transparency_log.sql"),
    portable!(41, "session ids, re-authentication and known browsers", "0041_session_security.sql"),
    portable!(42, "passkeys and their ceremonies", "0042_passkeys.sql"),
    portable!(43, "password sign-in off, and recovery by passkey", "0043_passkey_only_accounts.sql"),
    portable!(44, "short names: the folded name and its B-trees", "0044_short_names.sql"),
    per_backend!(45, "posting lists in blocks of packed postings (PostgreSQL)", "0045_posting_blocks"),
    per_backend!(46, "short names counted from the index alone", "0046_short_names_covering"),
    portable!(
        47,
        "the transparency log computes its lowest subtrees from the leaves",
        "0047_transparency_lower_nodes.sql"
    ),
    per_backend!(48, "the country in SQLite's text index", "0048_search_country_in_text_index"),
    per_backend!(49, "SQLite's text index in smaller pages", "0049_text_index_small_pages"),
    per_backend!(50, "the transparency log's queue of events not yet logged", "0050_transparency_pending"),
];

/// Apply pending migrations; answers the versions applied now.
pub async fn migrate(db: &Db, backend: Backend) -> anyhow::Result<Vec<i64>> {
    let mut conn = db.acquire().await?;
    if backend == Backend::Postgres {
        conn.execute("SELECT pg_advisory_lock(727274)").await?;
    }
    let result = apply_pending(&mut conn, backend).await;
    if backend == Backend::Postgres {
        conn.execute("SELECT pg_advisory_unlock(727274)").await?;
    }
    result
}

async fn apply_pending(conn: &mut sqlx::AnyConnection, backend: Backend) -> anyhow::Result<Vec<i64>> {
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version BIGINT PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at BIGINT NOT NULL
        )",
    )
    .await?;
    // Databases made before checksums were kept get the column, and their
    // applied migrations today's checksums (trusted once).
    let has_checksums = match backend {
        Backend::Sqlite => {
            sqlx::query("SELECT COUNT(*) FROM pragma_table_info('schema_migrations') WHERE name = 'checksum'")
        }
        Backend::Postgres => sqlx::query(
            "SELECT COUNT(*) FROM information_schema.columns
             WHERE table_name = 'schema_migrations' AND column_name = 'checksum' AND table_schema = current_schema()",
        ),
    }
    .fetch_one(&mut *conn)
    .await?
    .try_get::<i64, _>(0)?
        > 0;
    if !has_checksums {
        conn.execute("ALTER TABLE schema_migrations ADD COLUMN checksum TEXT").await?;
    }
    let applied: Vec<(i64, Option<String>)> = sqlx::query("SELECT version, checksum FROM schema_migrations")
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|r| Ok((r.try_get::<i64, _>(0)?, r.try_get::<Option<String>, _>(1)?)))
        .collect::<sqlx::Result<_>>()?;
    for (version, stored) in &applied {
        let Some(m) = MIGRATIONS.iter().find(|m| m.version == *version) else { continue };
        let checksum = m.checksum(backend);
        match stored {
            Some(stored) if *stored != checksum => anyhow::bail!(
                "migration {} ({}) was edited after it was applied to this database: restore the file, \
                 and put the change in a new migration",
                m.version,
                m.file
            ),
            Some(_) => {}
            None => {
                sqlx::query("UPDATE schema_migrations SET checksum = $1 WHERE version = $2")
                    .bind(&checksum)
                    .bind(version)
                    .execute(&mut *conn)
                    .await?;
            }
        }
    }
    let mut now_applied = Vec::new();
    for m in MIGRATIONS.iter().filter(|m| !applied.iter().any(|(v, _)| *v == m.version)) {
        let sql = m.sql(backend);
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        tx.execute(sql).await.with_context(|| format!("migration {} {}", m.version, m.name))?;
        if backend == Backend::Sqlite && sql.contains("writable_schema") {
            // After editing the schema text, every connection must reload it.
            let version: i64 = sqlx::query("PRAGMA schema_version").fetch_one(&mut *tx).await?.try_get(0)?;
            tx.execute(format!("PRAGMA schema_version = {}", version + 1).as_str()).await?;
        }
        sqlx::query("INSERT INTO schema_migrations (version, name, applied_at, checksum) VALUES ($1, $2, $3, $4)")
            .bind(m.version)
            .bind(m.name)
            .bind(now_ms())
            .bind(m.checksum(backend))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        tracing::info!(version = m.version, name = m.name, "applied migration");
        now_applied.push(m.version);
    }
    Ok(now_applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in `migrations/` is applied: a file left out of the table
    /// would otherwise be silently ignored.
    #[test]
    fn every_migration_file_is_in_the_table_in_version_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|f| std::path::Path::new(f).extension().is_some_and(|x| x == "sql"))
            .collect();
        files.sort();
        for file in &files {
            let stem = file.trim_end_matches(".sqlite.sql").trim_end_matches(".postgres.sql");
            let listed = MIGRATIONS.iter().find(|m| m.file == file || m.file == stem);
            let m = listed.unwrap_or_else(|| panic!("{file} is not in MIGRATIONS: it would never be applied"));
            let number: i64 = file[..4].parse().unwrap_or_else(|_| panic!("{file} starts with its version"));
            assert_eq!(number, m.version, "{file} is listed as version {}", m.version);
        }
        let versions: Vec<i64> = MIGRATIONS.iter().map(|m| m.version).collect();
        assert_eq!(
            versions,
            (1..=i64::try_from(versions.len()).unwrap()).collect::<Vec<_>>(),
            "versions 1, 2, 3, ... in order"
        );
    }

    #[tokio::test]
    async fn an_edited_applied_migration_stops_the_start() {
        sqlx::any::install_default_drivers();
        let db = sqlx::any::AnyPoolOptions::new().max_connections(1).connect("sqlite::memory:").await.unwrap();
        let mut conn = db.acquire().await.unwrap();
        apply_pending(&mut conn, Backend::Sqlite).await.unwrap();
        assert!(apply_pending(&mut conn, Backend::Sqlite).await.unwrap().is_empty(), "nothing twice");
        sqlx::query("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 2")
            .execute(&mut *conn)
            .await
            .unwrap();
        let refused = apply_pending(&mut conn, Backend::Sqlite).await.unwrap_err().to_string();
        assert!(refused.contains("migration 2 (0002_vessels.sql) was edited"), "{refused}");
    }
}
