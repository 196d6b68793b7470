//! Backups that restore: one taken while a client keeps writing, restored
//! into a fresh database and storage, serves every write acknowledged before
//! it started, with chains, certificates and documents intact; a changed
//! backup and a non-empty target are refused. On SQLite and PostgreSQL.

use std::{
    sync::{Arc, Mutex},
    time::Instant,
};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{
    documents::{form, pdf, upload},
    helpers::{PASSWORD, TestApp, empty_database_url, parts, sailboat},
};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("registry-{name}-{}", registry::platform::ids::new_id()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_while_a_client_writes_restores_into_a_fresh_server() {
    let app = TestApp::spawn().await;
    let vessel = app.owner_with_active_vessel("backup@example.nl").await;
    let platform_id = vessel["platformId"].as_str().unwrap().to_owned();
    let (status, stored) =
        upload(&app, form(vessel["id"].as_str().unwrap(), vec![("bill.pdf", pdf(4096), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    let (document_id, document_sha) = (stored[0]["id"].as_str().unwrap().to_owned(), hex(&pdf(4096)));
    assert_eq!(app.patch("/api/profile", json!({"name": "Backup Owner"})).await.status(), StatusCode::OK);
    let certificate = app.get(&format!("/api/vessels/{platform_id}/certificate.pdf")).await;
    assert_eq!(certificate.status(), StatusCode::OK);
    let serial = certificate.headers()["x-certificate-serial"].to_str().unwrap().to_owned();

    // A client registers vessels all along; each acknowledged one is noted with when.
    let acknowledged: Arc<Mutex<Vec<(Instant, String)>>> = Arc::default();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (client, url, acknowledged, stop) =
            (app.client.clone(), app.url("/api/vessels"), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let mut body = sailboat();
                body["name"] = json!(format!("Writer {n}"));
                // Identifiers are unique: the writer's vessels carry none (built before CINs).
                body["buildYear"] = json!(1990);
                body["legacyId"] = json!("unknown");
                let object = body.as_object_mut().unwrap();
                object.remove("cin");
                object.remove("mmsi");
                let r = client.post(&url).json(&body).send().await.unwrap();
                let status = r.status();
                let created: Value = r.json().await.unwrap();
                assert_eq!(status, StatusCode::CREATED, "{created}");
                acknowledged.lock().unwrap().push((Instant::now(), created["id"].as_str().unwrap().to_owned()));
                n += 1;
            }
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let dir = temp("backup");
    let started = Instant::now();
    let manifest = registry::cli::backup::backup(&app.state, &dir, true).await.expect("the backup");
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    writer.await.unwrap();
    let before: Vec<String> =
        acknowledged.lock().unwrap().iter().filter(|(at, _)| *at < started).map(|(_, id)| id.clone()).collect();
    assert!(before.len() >= 3, "the client wrote before the backup started ({})", before.len());
    assert!(manifest.includes_objects && manifest.includes_signing_key);
    assert!(manifest.files.iter().any(|f| f.path.starts_with("objects/")), "{manifest:?}");

    // Restored into a database and storage of its own, served by a fresh server.
    let (database, storage) = (empty_database_url().await, format!("file://{}/", temp("restored-objects").display()));
    let mut env = std::collections::BTreeMap::new();
    for (k, v) in [
        ("REGISTRY_DATABASE_URL", database.as_str()),
        ("REGISTRY_STORAGE_URL", storage.as_str()),
        ("REGISTRY_MODE", "dev"),
        ("REGISTRY_DATA_DIR", &std::env::temp_dir().join("registry-test-data").display().to_string()),
    ] {
        env.insert(k.to_owned(), v.to_owned());
    }
    let config = registry::platform::config::Config::load(&env).unwrap();
    let restored = registry::cli::backup::restore(&config, &dir).await.expect("the restore");
    assert_eq!(restored.objects, 1);
    assert!(restored.key_warning.is_none(), "{:?}", restored.key_warning);
    let again = registry::cli::backup::restore(&config, &dir).await.expect_err("a second restore");
    assert!(again.to_string().contains("not empty"), "{again}");

    let fresh = TestApp::spawn_with(&[("REGISTRY_DATABASE_URL", &database), ("REGISTRY_STORAGE_URL", &storage)]).await;
    let ids = before.iter().map(|id| format!("'{id}'")).collect::<Vec<_>>().join(",");
    let found = fresh.scalar(&format!("SELECT COUNT(*) FROM vessels WHERE id IN ({ids})")).await;
    assert_eq!(found, i64::try_from(before.len()).unwrap(), "every write acknowledged before the backup");
    let (status, chain) = parts(fresh.get(&format!("/api/vessels/{platform_id}/history/verify")).await).await;
    assert_eq!((status, chain["valid"].as_bool()), (StatusCode::OK, Some(true)), "{chain}");
    let (status, checked) = parts(fresh.get(&format!("/api/certificates/{serial}")).await).await;
    assert_eq!((status, checked["valid"].as_bool()), (StatusCode::OK, Some(true)), "{checked}");
    assert_eq!(fresh.login("backup@example.nl", PASSWORD).await.status(), StatusCode::OK);
    let file = fresh.get(&format!("/api/documents/{document_id}/download")).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(hex(&file.bytes().await.unwrap()), document_sha, "the document with its recorded SHA-256");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_changed_backup_is_refused() {
    let app = TestApp::spawn().await;
    app.owner_with_active_vessel("changed@example.nl").await;
    let dir = temp("changed");
    let manifest = registry::cli::backup::backup(&app.state, &dir, false).await.unwrap();
    assert!(!manifest.includes_signing_key && !dir.join("signing-key.ed25519").exists(), "no private key unless asked");
    let database = manifest.files.iter().find(|f| f.path.starts_with("database.")).expect("the database file");
    let mut bytes = std::fs::read(dir.join(&database.path)).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(dir.join(&database.path), bytes).unwrap();
    let mut env = std::collections::BTreeMap::new();
    env.insert("REGISTRY_DATABASE_URL".to_owned(), empty_database_url().await);
    env.insert("REGISTRY_STORAGE_URL".to_owned(), format!("file://{}/", temp("changed-objects").display()));
    let config = registry::platform::config::Config::load(&env).unwrap();
    let refused = registry::cli::backup::restore(&config, &dir).await.expect_err("a changed file");
    assert!(refused.to_string().contains("does not match the manifest"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every check comes before anything is written: a restore refused for a storage that is
/// not empty leaves the database empty too. And a server that would sign with another key
/// than the backup's is warned that the restored certificates would not verify.
#[tokio::test]
async fn a_refused_restore_writes_nothing_and_another_key_is_warned_of() {
    let app = TestApp::spawn().await;
    app.owner_with_active_vessel("refused@example.nl").await;
    let vessel = app.scalar_text("SELECT id FROM vessels LIMIT 1").await;
    let (status, _) = upload(&app, form(&vessel, vec![("bill.pdf", pdf(2048), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED);
    let dir = temp("refused");
    registry::cli::backup::backup(&app.state, &dir, false).await.unwrap();

    let database = empty_database_url().await;
    let used = temp("used-objects");
    std::fs::create_dir_all(&used).unwrap();
    std::fs::write(used.join("left-over"), b"x").unwrap();
    let config = |storage: &str, key: Option<&str>| {
        let mut env = std::collections::BTreeMap::new();
        env.insert("REGISTRY_DATABASE_URL".to_owned(), database.clone());
        env.insert("REGISTRY_STORAGE_URL".to_owned(), storage.to_owned());
        if let Some(key) = key {
            env.insert("REGISTRY_SIGNING_KEY".to_owned(), key.to_owned());
        }
        registry::platform::config::Config::load(&env).unwrap()
    };
    let refused = registry::cli::backup::restore(&config(&format!("file://{}/", used.display()), None), &dir)
        .await
        .expect_err("a storage with objects");
    assert!(refused.to_string().contains("not empty"), "{refused}");
    let pool = registry::platform::db::connect(&database).await.unwrap();
    let tables: i64 = sqlx::query_scalar(if database.starts_with("sqlite") {
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'"
    } else {
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()"
    })
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    assert_eq!(tables, 0, "the refused restore wrote nothing");

    let other_key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    let storage = format!("file://{}/", temp("clean-objects").display());
    let restored = registry::cli::backup::restore(&config(&storage, Some(other_key)), &dir).await.unwrap();
    assert_eq!(restored.objects, 1);
    let warning = restored.key_warning.expect("another key is warned of");
    assert!(warning.contains("will not verify"), "{warning}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&used);
}

fn hex(bytes: &[u8]) -> String {
    registry::platform::ids::to_hex(&Sha256::digest(bytes))
}
