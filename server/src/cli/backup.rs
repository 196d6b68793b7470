//! Backups that restore: `registry backup DIR` writes a consistent copy of
//! the database while the server keeps serving (SQLite's `VACUUM INTO`,
//! PostgreSQL's `pg_dump --format=custom`), the stored objects of a `file://`
//! store, and a manifest with the time, the schema version, each file's
//! SHA-256 and the signing key's public half (the private key only when
//! asked). `registry restore DIR` checks the manifest and restores into an
//! empty database and storage, refusing anything else.
//!
//! The database is copied before the objects: a document uploaded while the
//! backup runs may have its file in the backup without its row (harmless: the
//! retention sweep removes objects no row refers to); a document deleted
//! while the backup runs may have its row without its file.

use std::path::Path;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::store;
use crate::platform::{
    clock::{now_ms, rfc3339},
    config::Config,
    db::{self, Backend},
    ids::to_hex,
    signing::Signer,
    state::AppState,
    storage,
};

pub const MANIFEST: &str = "manifest.json";
const KEY_FILE: &str = "signing-key.ed25519";
const OBJECTS: &str = "objects";

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// When the backup started (RFC 3339, UTC).
    pub created_at: String,
    /// The newest migration applied to the database copied.
    pub schema_version: i64,
    /// `sqlite` or `postgres`.
    pub database: String,
    /// The certificates' signing key's public half (Ed25519, base64).
    pub signing_public_key: String,
    /// Whether the private key is in the backup (`--include-signing-key`).
    pub includes_signing_key: bool,
    /// Whether the stored objects are in it (a `file://` store); for S3,
    /// the bucket's versioning and replication keep them (docs/DEPLOYMENT.md).
    pub includes_objects: bool,
    /// Every file of the backup but this manifest.
    pub files: Vec<BackedUpFile>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackedUpFile {
    /// Relative to the backup's folder, with `/`.
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

/// Write a backup of what `state` serves into `dir` (absent or empty).
#[tracing::instrument(skip(state))]
pub async fn backup(state: &AppState, dir: &Path, include_signing_key: bool) -> anyhow::Result<Manifest> {
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        bail!("{} is not empty: a backup goes into a new folder", dir.display());
    }
    std::fs::create_dir_all(dir)?;
    let created_at = rfc3339(now_ms());
    let schema_version = store::schema_version(&state.db).await?;
    let (database, file) = store::database_copy(state.backend);
    store::copy_database(&state.db, state.backend, state.config.database_url.expose(), &dir.join(file))
        .await
        .context("copying the database")?;
    let includes_objects = state.config.storage_url.scheme() == "file";
    if includes_objects {
        for key in storage::keys(&state.storage, "").await? {
            let bytes = match storage::get(&state.storage, &object_store::path::Path::from(key.as_str())).await {
                Ok(bytes) => bytes,
                // Deleted since it was listed (a document withdrawn meanwhile): not in this backup.
                Err(e) if matches!(e.downcast_ref(), Some(object_store::Error::NotFound { .. })) => continue,
                Err(e) => return Err(e),
            };
            let path = dir.join(OBJECTS).join(&key);
            std::fs::create_dir_all(path.parent().context("an object's folder")?)?;
            std::fs::write(&path, &bytes)?;
        }
    }
    if include_signing_key {
        write_private(&dir.join(KEY_FILE), state.signer.private_key_base64().as_bytes())?;
    }
    let manifest = Manifest {
        created_at,
        schema_version,
        database: database.to_owned(),
        signing_public_key: state.signer.public_key_base64(),
        includes_signing_key: include_signing_key,
        includes_objects,
        files: listed(dir)?,
    };
    std::fs::write(dir.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    Ok(manifest)
}

/// What a restore did, for the operator.
#[derive(Debug)]
pub struct Restored {
    pub manifest: Manifest,
    pub objects: usize,
    /// Why certificates issued before the backup may not verify, if they may not.
    pub key_warning: Option<String>,
}

/// Restore the backup in `dir` into the empty database and storage `config`
/// names. Run before the server starts (it migrates the restored database
/// on its next start).
#[tracing::instrument(skip(config))]
pub async fn restore(config: &Config, dir: &Path) -> anyhow::Result<Restored> {
    let manifest: Manifest = serde_json::from_slice(
        &std::fs::read(dir.join(MANIFEST)).with_context(|| format!("reading {}", dir.join(MANIFEST).display()))?,
    )
    .context("the manifest")?;
    verify(dir, &manifest)?;
    let newest = db::latest_migration();
    if manifest.schema_version > newest {
        bail!("the backup's schema ({}) is newer than this release's ({newest})", manifest.schema_version);
    }
    let url = config.database_url.expose();
    let backend = Backend::of_url(url);
    let (kind, file) = store::database_copy(backend);
    if manifest.database != kind {
        bail!("the backup is of a {} database; REGISTRY_DATABASE_URL names another kind", manifest.database);
    }
    let backup_file = dir.join(file);
    // Every check before anything is written, so a refused restore leaves nothing behind.
    if store::tables_in(url, backend).await? > 0 {
        bail!("the database is not empty: a restore goes into an empty one");
    }
    let target = storage::open(&config.storage_url)?;
    if manifest.includes_objects && !storage::keys(&target, "").await?.is_empty() {
        bail!("the storage at {} is not empty", config.storage_url);
    }
    if manifest.includes_signing_key {
        std::fs::read_to_string(dir.join(KEY_FILE)).context("the backup's signing key")?;
    }
    store::restore_database(url, backend, &backup_file).await?;
    // An S3 store's objects are not in the backup: the bucket's versioning keeps them, and
    // the restored database goes back to the same bucket (docs/DEPLOYMENT.md).
    let mut objects = 0;
    for file in manifest.files.iter().filter(|f| f.path.starts_with("objects/")) {
        let key = object_store::path::Path::from(&file.path["objects/".len()..]);
        storage::put(&target, &key, std::fs::read(dir.join(&file.path))?.into()).await?;
        objects += 1;
    }
    let key_warning = restore_key(config, dir, &manifest)?;
    Ok(Restored { manifest, objects, key_warning })
}

/// The backup's key kept in the data directory when it has none and none is
/// configured; a warning when the key this server will sign with is not the
/// backup's (certificates issued before would not verify).
fn restore_key(config: &Config, dir: &Path, manifest: &Manifest) -> anyhow::Result<Option<String>> {
    if manifest.includes_signing_key && config.signing_key.is_none() {
        Signer::keep_in(&config.data_dir, &std::fs::read_to_string(dir.join(KEY_FILE))?)?;
    }
    let ours = Signer::load(config)?.public_key_base64();
    Ok((ours != manifest.signing_public_key).then(|| {
        format!(
            "this server signs with the key {ours}, the backup's certificates with {}: give it that key \
             (REGISTRY_SIGNING_KEY) or certificates issued before the backup will not verify",
            manifest.signing_public_key
        )
    }))
}

/// Refuse to back up a database whose schema is not this release's: a backup
/// must not migrate the live database (upgrades run `registry migrate` first).
pub async fn check_schema(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url).await?;
    let version = store::schema_version(&pool).await;
    pool.close().await;
    let (version, latest) = (version?, db::latest_migration());
    if version != latest {
        bail!(
            "the database's schema is at migration {version} and this release's at {latest}: back up with the \
             release that runs the database"
        );
    }
    Ok(())
}

/// Every file's size and SHA-256 as the manifest records them; a file
/// missing, changed or added is refused.
fn verify(dir: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    let found = listed(dir)?;
    for expected in &manifest.files {
        let Some(actual) = found.iter().find(|f| f.path == expected.path) else {
            bail!("{} is missing from the backup", expected.path);
        };
        if actual.sha256 != expected.sha256 || actual.bytes != expected.bytes {
            bail!("{} does not match the manifest's SHA-256: the backup was changed or damaged", expected.path);
        }
    }
    if let Some(extra) = found.iter().find(|f| !manifest.files.iter().any(|e| e.path == f.path)) {
        bail!("{} is in the backup folder but not in its manifest", extra.path);
    }
    Ok(())
}

/// Every file under `dir` but the manifest, with its size and SHA-256, in path order.
fn listed(dir: &Path) -> anyhow::Result<Vec<BackedUpFile>> {
    fn walk(root: &Path, at: &Path, out: &mut Vec<BackedUpFile>) -> anyhow::Result<()> {
        for entry in std::fs::read_dir(at)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(root, &path, out)?;
                continue;
            }
            let relative = path.strip_prefix(root)?.to_string_lossy().replace('\\', "/");
            if relative == MANIFEST {
                continue;
            }
            let bytes = std::fs::read(&path)?;
            out.push(BackedUpFile {
                path: relative,
                bytes: bytes.len() as u64,
                sha256: to_hex(&Sha256::digest(&bytes)),
            });
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(bytes)?;
    Ok(())
}
