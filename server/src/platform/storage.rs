//! Object storage for uploaded files, behind `object_store`'s trait: the
//! local filesystem (`file://DIR`, the default under the data directory) or
//! any S3-compatible store (`s3://bucket/prefix`, with the usual `AWS_*`
//! variables for credentials, region and endpoint).

use std::sync::Arc;
use std::time::Duration;

use object_store::{
    ObjectStore, ObjectStoreExt, PutPayload, RetryConfig, aws::AmazonS3Builder, local::LocalFileSystem, path::Path,
    prefix::PrefixStore,
};

pub type Store = Arc<dyn ObjectStore>;

/// Open the store `url` names. The filesystem's directory is created when
/// missing; an S3 bucket must exist.
pub fn open(url: &url::Url) -> anyhow::Result<Store> {
    Ok(match url.scheme() {
        "file" => {
            let dir = url.to_file_path().map_err(|()| anyhow::anyhow!("not a local path: {url}"))?;
            std::fs::create_dir_all(&dir)?;
            // Objects are created private (`private_files::restrict`); a
            // directory made before that is closed to others here.
            crate::foundation::private_files::tighten(&dir)?;
            Arc::new(LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true))
        }
        "s3" => {
            // A few quick retries: an upload waits for the store, and a
            // store that is down should fail the request, not hang it.
            let retry = RetryConfig { max_retries: 2, retry_timeout: Duration::from_secs(10), ..Default::default() };
            let s3 = AmazonS3Builder::from_env().with_url(url.as_str()).with_retry(retry).build()?;
            match url.path().trim_matches('/') {
                "" => Arc::new(s3),
                prefix => Arc::new(PrefixStore::new(s3, prefix)),
            }
        }
        other => anyhow::bail!("unsupported storage scheme {other}"),
    })
}

/// A new random key: uploaded file names never become keys.
pub fn new_key() -> Path {
    Path::from(format!("documents/{}", crate::platform::ids::new_secret()))
}

pub async fn put(store: &Store, key: &Path, bytes: bytes::Bytes) -> anyhow::Result<()> {
    store.put(key, PutPayload::from(bytes)).await?;
    Ok(())
}

/// Store a file from disk, a part at a time: at most one part (5 MiB, S3's
/// smallest) is in memory, however large the file.
pub async fn put_file(store: &Store, key: &Path, file: &std::path::Path) -> anyhow::Result<()> {
    use tokio::io::AsyncReadExt;
    const PART: usize = 5 * 1024 * 1024;
    let mut reader = tokio::fs::File::open(file).await?;
    let mut writer = object_store::WriteMultipart::new_with_chunk_size(store.put_multipart(key).await?, PART);
    let mut chunk = vec![0u8; 256 * 1024];
    loop {
        let n = match reader.read(&mut chunk).await {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                let _ = writer.abort().await;
                return Err(e.into());
            }
        };
        // One part on its way at a time: memory stays bounded.
        if let Err(e) = writer.wait_for_capacity(1).await {
            let _ = writer.abort().await;
            return Err(e.into());
        }
        writer.write(&chunk[..n]);
    }
    // `finish` aborts the upload when completing it fails; a last part that
    // fails leaves parts S3 keeps until its lifecycle rule for incomplete
    // multipart uploads removes them (docs/ARCHITECTURE.md, storage).
    writer.finish().await?;
    Ok(())
}

pub async fn get(store: &Store, key: &Path) -> anyhow::Result<bytes::Bytes> {
    Ok(store.get(key).await?.bytes().await?)
}

/// Delete, treating an object already gone as deleted (the filesystem says
/// not found where S3 says nothing).
pub async fn delete(store: &Store, key: &Path) -> anyhow::Result<()> {
    match store.delete(key).await {
        Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Whether the store answers: it is asked for a key that is never written,
/// and "not found" is an answer (`/readyz`).
pub async fn ping(store: &Store) -> anyhow::Result<()> {
    match store.head(&Path::from("readiness-probe")).await {
        Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Every key under `prefix` (tests check that nothing is left behind).
pub async fn keys(store: &Store, prefix: &str) -> anyhow::Result<Vec<String>> {
    use futures_util::TryStreamExt;
    let metas: Vec<object_store::ObjectMeta> = store.list(Some(&Path::from(prefix))).try_collect().await?;
    Ok(metas.into_iter().map(|m| m.location.to_string()).collect())
}
