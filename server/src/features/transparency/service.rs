//! Appending chain heads to the log, publishing signed tree heads, and the
//! proofs a third party checks them with (docs/TRANSPARENCY.md).

use super::model::{ConsistencyProof, HeadRow, InclusionProof, Leaf, NewLeaf, PendingEvent, TreeHead, TreeHeadPage};
use super::store;
use crate::{
    domain::{
        PlatformId,
        merkle::{self, Hash, NodeMap, Wanted},
    },
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::{
        clock::now_ms,
        db::{Backend, Db},
        state::AppState,
    },
};

/// Events appended per transaction: a run's lock is held briefly, and a
/// registry that starts with a long unlogged history catches up in steps.
const BATCH: i64 = 5_000;
/// Events appended per run at most, so that a first run over a whole fleet
/// spreads over several periods instead of loading the database at once.
const PER_RUN: i64 = 100_000;
const MAX_PAGE: i64 = 10_000;
const MAX_PAGE_SIZE: i64 = 100;

/// The bytes a leaf hashes: the vessel, the event's place in its chain and
/// the chain's head after it.
pub fn leaf_data(platform_id: &str, event_index: i64, head_hash: &str) -> String {
    format!("esr-transparency-v1\n{platform_id}\n{event_index}\n{head_hash}")
}

/// The bytes a tree head's signature covers.
pub fn head_message(tree_size: i64, root_hash: &str, timestamp: &str) -> String {
    format!("esr-tree-head-v1\n{tree_size}\n{root_hash}\n{timestamp}")
}

fn leaf_hash_of(platform_id: &str, event_index: i64, head_hash: &str) -> Hash {
    merkle::leaf_hash(leaf_data(platform_id, event_index, head_hash).as_bytes())
}

fn to_u64(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn to_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The lowest level of perfect subtree the log stores. Those below, within a
/// block of 16 leaves, are computed from the leaf rows when a proof or an
/// append needs them: storing them was fifteen node rows in sixteen, for
/// what a page or two of leaves gives back.
const STORED_FROM: u32 = 4;

/// The perfect subtrees `keys` (level, index): the stored ones read, the
/// lower ones computed from their leaves, in two queries.
async fn load(conn: &mut sqlx::AnyConnection, keys: &[(u32, u64)]) -> sqlx::Result<NodeMap> {
    let mut map = NodeMap::default();
    let stored: Vec<(i64, i64)> = keys
        .iter()
        .filter(|(level, _)| *level >= STORED_FROM)
        .map(|&(level, index)| (i64::from(level), to_i64(index)))
        .collect();
    if !stored.is_empty() {
        for (level, index, hash) in store::nodes(conn, &stored).await? {
            if let (Ok(level), Some(hash)) = (u32::try_from(level), merkle::from_hex(&hash)) {
                map.0.insert((level, to_u64(index)), hash);
            }
        }
    }
    let mut computed: Vec<(u32, u64)> = keys.iter().copied().filter(|(level, _)| *level < STORED_FROM).collect();
    computed.sort_unstable();
    computed.dedup();
    if computed.is_empty() {
        return Ok(map);
    }
    let ranges: Vec<(i64, i64)> =
        computed.iter().map(|&(level, index)| (to_i64(index << level), to_i64((index + 1) << level))).collect();
    let leaves: std::collections::HashMap<i64, Hash> = store::leaves_in(conn, &ranges)
        .await?
        .into_iter()
        .map(|l| (l.leaf_index, leaf_hash_of(&l.platform_id, l.event_sequence, &l.head_hash)))
        .collect();
    for (&(level, index), &(from, to)) in computed.iter().zip(&ranges) {
        // A missing leaf is a log that lost a row: a hash nobody can match.
        let hashes: Vec<Hash> = (from..to).map(|i| leaves.get(&i).copied().unwrap_or([0; 32])).collect();
        map.0.insert((level, index), merkle::perfect_of(&hashes));
    }
    Ok(map)
}

/// Read the perfect subtrees `compute` asks for, at once, and run it on them.
async fn with_nodes<T>(
    conn: &mut sqlx::AnyConnection,
    compute: impl Fn(&mut dyn FnMut(u32, u64) -> Hash) -> T,
) -> sqlx::Result<T> {
    let mut wanted = Wanted::default();
    compute(&mut |level, index| merkle::Nodes::perfect(&mut wanted, level, index));
    let mut map = load(conn, &wanted.0).await?;
    Ok(compute(&mut |level, index| merkle::Nodes::perfect(&mut map, level, index)))
}

/// A closure as a node source.
struct Through<'a>(&'a mut dyn FnMut(u32, u64) -> Hash);

impl merkle::Nodes for Through<'_> {
    fn perfect(&mut self, level: u32, index: u64) -> Hash {
        (self.0)(level, index)
    }
}

/// Append the events not yet logged (up to a run's share) and, when the tree
/// grew or has no head yet, sign and publish a head for it. Several
/// instances may run it; the log's lock makes them take turns. Answers the
/// newest head.
#[tracing::instrument(skip_all)]
pub async fn publish(state: &AppState) -> AppResult<Option<TreeHead>> {
    let mut appended = 0;
    loop {
        let mut tx = state.begin().await?;
        store::lock_log(&mut tx, state.backend).await?;
        let size = store::size(&mut tx).await?;
        let pending = store::unlogged(&mut tx, BATCH.min(PER_RUN - appended)).await?;
        let latest = store::latest_head(&mut tx).await?;
        if pending.is_empty() {
            let head = match latest {
                Some(h) if h.tree_size == size => h,
                _ => {
                    let head = sign_head(state, &mut tx, size).await?;
                    store::insert_head(&mut tx, &head).await?;
                    head
                }
            };
            tx.commit().await?;
            return Ok(Some(head.into()));
        }
        let mut map = frontier_nodes(&mut tx, size).await?;
        let index = append(&mut tx, state.backend, &mut map, size, &pending, now_ms()).await?;
        appended += i64::try_from(pending.len()).unwrap_or(BATCH);
        if appended >= PER_RUN {
            let head = sign_head_with(state, index, &mut map);
            store::insert_head(&mut tx, &head).await?;
            tx.commit().await?;
            return Ok(Some(head.into()));
        }
        tx.commit().await?;
    }
}

/// Logs every event not yet logged, in one transaction, and publishes a
/// head for it: for a bulk load (the seeder), whose events the periodic job
/// would reach only after many periods ([`PER_RUN`] a run). Nothing to log,
/// nothing done.
#[tracing::instrument(skip_all)]
pub async fn log_all(state: &AppState) -> AppResult<()> {
    let mut tx = state.begin().await?;
    store::lock_log(&mut tx, state.backend).await?;
    let mut size = store::size(&mut tx).await?;
    let pending = store::unlogged(&mut tx, i64::MAX).await?;
    if pending.is_empty() {
        return Ok(());
    }
    let mut map = frontier_nodes(&mut tx, size).await?;
    let at = now_ms();
    for chunk in pending.chunks(50_000) {
        size = append(&mut tx, state.backend, &mut map, size, chunk, at).await?;
        // The nodes a chunk completed are written; the next reads only the
        // frontier.
        map.keep_frontier(to_u64(size));
    }
    let head = sign_head_with(state, size, &mut map);
    store::insert_head(&mut tx, &head).await?;
    tx.commit().await?;
    Ok(())
}

/// The nodes of the tree's frontier as it stands at `size` leaves
/// ([`merkle::frontier`]), read or computed from the leaves ([`load`]).
async fn frontier_nodes(tx: &mut crate::platform::db::Tx<'_>, size: i64) -> AppResult<NodeMap> {
    Ok(load(tx, &merkle::frontier(to_u64(size))).await?)
}

/// Appends `events` after the log's `size` leaves: their leaves and the
/// nodes they complete, many rows a statement, and takes the events off the
/// log's queue. Answers the new size.
async fn append(
    tx: &mut crate::platform::db::Tx<'_>,
    backend: Backend,
    map: &mut NodeMap,
    size: i64,
    events: &[PendingEvent],
    at: i64,
) -> AppResult<i64> {
    let mut leaves = Vec::with_capacity(events.len());
    let mut nodes = Vec::with_capacity(events.len() / 8 + 64);
    let mut index = size;
    for event in events {
        let platform_id = PlatformId::display_stored(event.platform_id.clone());
        let leaf = leaf_hash_of(&platform_id, event.sequence, &event.hash);
        for (level, node, hash) in merkle::completed_by(map, to_u64(index), leaf) {
            if level >= STORED_FROM {
                nodes.push((i64::from(level), to_i64(node), merkle::to_hex(&hash)));
            }
            map.0.insert((level, node), hash);
        }
        leaves.push(NewLeaf { index, event, platform_id, at });
        index += 1;
    }
    store::insert_leaves(tx, backend, &leaves).await?;
    if !nodes.is_empty() {
        store::insert_nodes(tx, backend, &nodes).await?;
    }
    store::forget_logged(tx, size).await?;
    Ok(index)
}

fn sign_head_with(state: &AppState, size: i64, map: &mut NodeMap) -> HeadRow {
    let root = merkle::to_hex(&merkle::root(map, to_u64(size)));
    signed(state, size, root)
}

async fn sign_head(state: &AppState, tx: &mut crate::platform::db::Tx<'_>, size: i64) -> AppResult<HeadRow> {
    let root = with_nodes(tx, |nodes| merkle::root(&mut Through(nodes), to_u64(size))).await?;
    Ok(signed(state, size, merkle::to_hex(&root)))
}

fn signed(state: &AppState, tree_size: i64, root_hash: String) -> HeadRow {
    let signed_at = now_ms();
    let timestamp = crate::platform::clock::rfc3339(signed_at);
    let signature = state.signer.sign(head_message(tree_size, &root_hash, &timestamp).as_bytes());
    HeadRow { tree_size, root_hash, signed_at, signature }
}

fn head_not_found() -> AppError {
    AppError::NotFound("tree_head_not_found".into())
}

async fn published(db: &Db, size: i64) -> AppResult<HeadRow> {
    store::head(db, size).await?.ok_or_else(head_not_found)
}

/// Published tree heads, newest first.
pub async fn heads(db: &Db, page: Option<i64>, page_size: Option<i64>) -> AppResult<TreeHeadPage> {
    let page = page.unwrap_or(1);
    let page_size = page_size.unwrap_or(20);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(AppError::bad_request("invalid_parameter", Msg::new("page_range").arg("max", MAX_PAGE)));
    }
    if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
        return Err(AppError::bad_request("invalid_parameter", Msg::new("page_size_range").arg("max", MAX_PAGE_SIZE)));
    }
    let total = store::head_count(db).await?;
    let data = store::heads(db, page_size, (page - 1).saturating_mul(page_size)).await?;
    Ok(TreeHeadPage {
        data: data.into_iter().map(Into::into).collect(),
        total,
        total_pages: (total + page_size - 1) / page_size,
    })
}

/// One published tree head.
pub async fn head(db: &Db, size: i64) -> AppResult<TreeHead> {
    Ok(published(db, size).await?.into())
}

/// The proof that the vessel's latest head logged before `tree_size` is in
/// that published tree.
#[tracing::instrument(skip(db))]
pub async fn inclusion(db: &Db, platform_id: &str, tree_size: i64) -> AppResult<InclusionProof> {
    let id = PlatformId::parse(platform_id).map_err(|e| AppError::bad_request("invalid_platform_id", e.message()))?;
    let head = published(db, tree_size).await?;
    let leaf = store::latest_leaf(db, id.compact(), tree_size)
        .await?
        .ok_or_else(|| AppError::NotFound("vessel_not_in_tree".into()))?;
    let (index, size) = (to_u64(leaf.leaf_index), to_u64(tree_size));
    let mut conn = db.acquire().await?;
    let path = with_nodes(&mut conn, |nodes| merkle::inclusion_proof(&mut Through(nodes), index, size)).await?;
    let current = store::chain_length(db, id.compact()).await? == Some(leaf.event_sequence);
    Ok(InclusionProof {
        leaf_hash: merkle::to_hex(&leaf_hash_of(&leaf.platform_id, leaf.event_sequence, &leaf.head_hash)),
        leaf: Leaf { platform_id: leaf.platform_id, event_index: leaf.event_sequence, head_hash: leaf.head_hash },
        leaf_index: leaf.leaf_index,
        tree_size,
        audit_path: path.iter().map(merkle::to_hex).collect(),
        root_hash: head.root_hash,
        current,
    })
}

/// The proof that the published tree of `to` leaves extends that of `from`.
#[tracing::instrument(skip(db))]
pub async fn consistency(db: &Db, from: i64, to: i64) -> AppResult<ConsistencyProof> {
    if from < 1 || from > to {
        return Err(AppError::bad_request("invalid_tree_sizes", "transparency_sizes_invalid"));
    }
    published(db, from).await?;
    published(db, to).await?;
    let (old, new) = (to_u64(from), to_u64(to));
    let mut conn = db.acquire().await?;
    let proof = with_nodes(&mut conn, |nodes| merkle::consistency_proof(&mut Through(nodes), old, new)).await?;
    Ok(ConsistencyProof { from, to, proof: proof.iter().map(merkle::to_hex).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of docs/TRANSPARENCY.md: the two events of
    /// docs/HISTORY-CHAIN.md's example as leaves 0 and 1, and their root.
    #[test]
    fn the_documented_example_recomputes() {
        let first =
            leaf_hash_of("7KQ2-M9XD-4HTB", 1, "cdf70d269949b5d4c7d8eae91571c5f952c169d1689e49ed595a74ee14864cf7");
        let second =
            leaf_hash_of("7KQ2-M9XD-4HTB", 2, "07a1072d5ac8820a99d8690cae7707cf5b7d323c1691c8346089d9d450ad24b1");
        assert_eq!(merkle::to_hex(&first), "8cb19a0d6eb591e6b25ce12d7e3d9e3d4d587d732b0cf5c952b308bff7c9802e");
        assert_eq!(merkle::to_hex(&second), "e5d0092bf852181e00f7bdcd3d15b2687a16185040e3d275fa57020b815f66e4");
        assert_eq!(
            merkle::to_hex(&merkle::node_hash(&first, &second)),
            "7ae19d06f97833cbf85a81c5572a9ff1237aa04729a1bb9b7a4fd7ce25a1e056"
        );
        assert!(merkle::verify_inclusion(&first, 0, 2, &[second], &merkle::node_hash(&first, &second)));
    }
}
