//! `registry verify-history`: a vessel's history checked from the outside,
//! the way a marina, an insurer or a journalist would (docs/TRANSPARENCY.md).
//! It trusts nothing the server says without a proof: the newest tree head
//! must carry the registry's signature, extend every head kept from earlier
//! checks (consistency proofs), contain the vessel's chain head (an
//! inclusion proof), and the chain the server shows today must still have
//! that head at that event.

use std::path::Path;

use anyhow::{Context, anyhow, bail};
use base64::{Engine as _, engine::general_purpose::STANDARD as B64};
use ed25519_dalek::{Signature, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::{
    domain::merkle,
    features::transparency::service::{head_message, leaf_data},
};

/// A tree head as published and as kept in the `--tree-heads` file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeptHead {
    pub tree_size: i64,
    pub root_hash: String,
    pub timestamp: String,
    pub signature: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Heads {
    data: Vec<KeptHead>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Key {
    public_key: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LeafJson {
    platform_id: String,
    event_index: i64,
    head_hash: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Inclusion {
    leaf: LeafJson,
    leaf_index: i64,
    audit_path: Vec<String>,
    current: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Consistency {
    proof: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChainEvent {
    sequence: i64,
    hash: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Chain {
    valid: bool,
    problem: Option<String>,
    events: Vec<ChainEvent>,
}

/// What the check found: the lines to print, and the problems (none when
/// the history is as the log says).
#[derive(Debug, Default)]
pub struct Report {
    pub checked: Vec<String>,
    pub problems: Vec<String>,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

fn hashes(hex: &[String]) -> anyhow::Result<Vec<merkle::Hash>> {
    hex.iter().map(|h| merkle::from_hex(h).ok_or_else(|| anyhow!("'{h}' is not a SHA-256 in hex"))).collect()
}

fn size(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn signed(key: &VerifyingKey, head: &KeptHead) -> bool {
    let message = head_message(head.tree_size, &head.root_hash, &head.timestamp);
    B64.decode(&head.signature)
        .ok()
        .and_then(|bytes| Signature::from_slice(&bytes).ok())
        .is_some_and(|sig| key.verify_strict(message.as_bytes(), &sig).is_ok())
}

async fn get<T: serde::de::DeserializeOwned>(client: &reqwest::Client, url: String) -> anyhow::Result<T> {
    get_found(client, url.clone()).await?.ok_or_else(|| anyhow!("GET {url}: 404 Not Found"))
}

/// `None` when the registry answers 404.
async fn get_found<T: serde::de::DeserializeOwned>(client: &reqwest::Client, url: String) -> anyhow::Result<Option<T>> {
    let response = client.get(&url).send().await.with_context(|| format!("GET {url}"))?;
    let status = response.status();
    if status == reqwest::StatusCode::NOT_FOUND {
        return Ok(None);
    }
    if !status.is_success() {
        let body = response.text().await.unwrap_or_default();
        bail!("GET {url}: {status} {body}");
    }
    response.json().await.map(Some).with_context(|| format!("GET {url}: not the expected JSON"))
}

/// Check `platform_id`'s history against the log of the registry at `base`.
/// With `kept`, the heads in that file are checked to be extended by the
/// newest one, which is then added to it.
pub async fn verify(base: &str, platform_id: &str, kept: Option<&Path>) -> anyhow::Result<Report> {
    let base = base.trim_end_matches('/');
    let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(30)).build()?;
    let mut report = Report::default();

    let key: Key = get(&client, format!("{base}/api/certificates/public-key")).await?;
    let key_bytes: [u8; 32] = B64
        .decode(&key.public_key)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow!("the registry's public key is not 32 bytes of base64"))?;
    let key = VerifyingKey::from_bytes(&key_bytes).context("the registry's public key")?;

    let heads: Heads = get(&client, format!("{base}/api/transparency/tree-heads?pageSize=1")).await?;
    let latest = heads.data.into_iter().next().ok_or_else(|| anyhow!("the registry has published no tree head yet"))?;
    if !signed(&key, &latest) {
        report.problems.push(format!("tree head {} does not carry the registry's signature", latest.tree_size));
        return Ok(report);
    }
    report.checked.push(format!(
        "tree head {} (root {}, {}) is signed by the registry",
        latest.tree_size, latest.root_hash, latest.timestamp
    ));
    let latest_root = merkle::from_hex(&latest.root_hash).ok_or_else(|| anyhow!("the tree head's root is not hex"))?;

    let mut kept_heads: Vec<KeptHead> = match kept {
        Some(path) if path.exists() => serde_json::from_str(&std::fs::read_to_string(path)?)
            .with_context(|| format!("{} is not a JSON list of tree heads", path.display()))?,
        _ => Vec::new(),
    };
    for old in &kept_heads {
        if old.tree_size > latest.tree_size {
            report.problems.push(format!(
                "the newest tree head ({}) is smaller than one kept earlier ({}): the log shrank",
                latest.tree_size, old.tree_size
            ));
            continue;
        }
        if !signed(&key, old) {
            report
                .problems
                .push(format!("the kept tree head {} does not carry the registry's signature", old.tree_size));
            continue;
        }
        let old_root = merkle::from_hex(&old.root_hash).ok_or_else(|| anyhow!("a kept root is not hex"))?;
        let url = format!("{base}/api/transparency/proof/consistency?from={}&to={}", old.tree_size, latest.tree_size);
        let Some(proof) = get_found::<Consistency>(&client, url).await? else {
            report.problems.push(format!(
                "the registry no longer publishes the kept tree head {}: the log was rewritten",
                old.tree_size
            ));
            continue;
        };
        if merkle::verify_consistency(
            size(old.tree_size),
            size(latest.tree_size),
            &old_root,
            &latest_root,
            &hashes(&proof.proof)?,
        ) {
            report.checked.push(format!("tree head {} extends the kept tree head {}", latest.tree_size, old.tree_size));
        } else {
            report.problems.push(format!(
                "tree head {} does not extend the kept tree head {}: the log was rewritten",
                latest.tree_size, old.tree_size
            ));
        }
    }

    let inclusion: Inclusion = get(
        &client,
        format!("{base}/api/transparency/proof/inclusion?platformId={platform_id}&treeSize={}", latest.tree_size),
    )
    .await?;
    let leaf = &inclusion.leaf;
    let leaf_hash = merkle::leaf_hash(leaf_data(&leaf.platform_id, leaf.event_index, &leaf.head_hash).as_bytes());
    if merkle::verify_inclusion(
        &leaf_hash,
        size(inclusion.leaf_index),
        size(latest.tree_size),
        &hashes(&inclusion.audit_path)?,
        &latest_root,
    ) {
        report.checked.push(format!(
            "{}'s chain head after event {} ({}) is leaf {} of tree head {}",
            leaf.platform_id, leaf.event_index, leaf.head_hash, inclusion.leaf_index, latest.tree_size
        ));
    } else {
        report
            .problems
            .push(format!("the inclusion proof of {platform_id} does not lead to tree head {}", latest.tree_size));
    }

    let chain: Chain = get(&client, format!("{base}/api/vessels/{platform_id}/history/verify")).await?;
    if !chain.valid {
        report.problems.push(format!(
            "the registry's own check of the chain fails: {}",
            chain.problem.as_deref().unwrap_or("no reason given")
        ));
    }
    match chain.events.iter().find(|e| e.sequence == leaf.event_index) {
        Some(e) if e.hash == leaf.head_hash => report
            .checked
            .push(format!("the chain the registry shows today has the logged head at event {}", leaf.event_index)),
        Some(e) => report.problems.push(format!(
            "the history was rewritten: event {} hashes to {} today, but {} was logged",
            leaf.event_index, e.hash, leaf.head_hash
        )),
        None => report.problems.push(format!(
            "the history was rewritten: event {} was logged, but the chain shown today has no such event",
            leaf.event_index
        )),
    }
    if !inclusion.current {
        report.checked.push("newer events are not in a published tree head yet".to_owned());
    }

    if let Some(path) = kept
        && report.ok()
        && !kept_heads.iter().any(|h| h.tree_size == latest.tree_size)
    {
        kept_heads.push(latest);
        std::fs::write(path, serde_json::to_string_pretty(&kept_heads)?)
            .with_context(|| format!("keeping the tree head in {}", path.display()))?;
    }
    Ok(report)
}
