//! The transparency log's SQL.

use super::model::{HeadRow, LeafRow, NewLeaf, PendingEvent};
use crate::platform::db::{Backend, Db, Tx, json_rows};

/// One publisher at a time (SQLite's write lock already serialises them).
pub(super) async fn lock_log(tx: &mut Tx<'_>, backend: Backend) -> sqlx::Result<()> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(727276)").execute(&mut **tx).await?;
    }
    Ok(())
}

pub(super) async fn size(tx: &mut Tx<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MAX(leaf_index) + 1, 0) FROM transparency_leaves").fetch_one(&mut **tx).await
}

/// Ownership events not yet logged, in the order they happened (a vessel's
/// in its chain's order), at most `limit`: from the queue an event's insert
/// fills (migration 50), so a run reads what is new, not every event.
pub(super) async fn unlogged(tx: &mut Tx<'_>, limit: i64) -> sqlx::Result<Vec<PendingEvent>> {
    sqlx::query_as(
        "SELECT e.vessel_id, v.platform_id, e.sequence, e.hash
           FROM transparency_pending p
           JOIN ownership_events e ON e.vessel_id = p.vessel_id AND e.sequence = p.event_sequence
           JOIN vessels v ON v.id = e.vessel_id
          WHERE NOT EXISTS (SELECT 1 FROM transparency_leaves l
                            WHERE l.vessel_id = p.vessel_id AND l.event_sequence = p.event_sequence)
          ORDER BY e.occurred_at, e.vessel_id, e.sequence
          LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

/// Takes the events of the leaves from index `from` on off the queue, in the
/// transaction that logged them: by their keys, not a scan of the queue, which
/// a long backlog would make once per batch. (A key an older release logged
/// beside this one stays queued; [`unlogged`] passes over it.)
pub(super) async fn forget_logged(tx: &mut Tx<'_>, from: i64) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM transparency_pending
          WHERE (vessel_id, event_sequence) IN
                (SELECT vessel_id, event_sequence FROM transparency_leaves WHERE leaf_index >= $1)",
    )
    .bind(from)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Leaves, in one statement (the rows as JSON, [`json_rows`]): a seeding
/// logs a million at once.
pub(super) async fn insert_leaves(tx: &mut Tx<'_>, backend: Backend, leaves: &[NewLeaf<'_>]) -> sqlx::Result<()> {
    let columns = [
        ("leaf_index", "BIGINT"),
        ("vessel_id", "TEXT"),
        ("platform_id", "TEXT"),
        ("event_sequence", "BIGINT"),
        ("head_hash", "TEXT"),
        ("logged_at", "BIGINT"),
    ];
    let text = format!(
        "INSERT INTO transparency_leaves (leaf_index, vessel_id, platform_id, event_sequence, head_hash, logged_at)
         SELECT t.* FROM {}",
        json_rows(backend, &columns)
    );
    let rows: Vec<serde_json::Value> = leaves
        .iter()
        .map(|l| {
            serde_json::json!({
                "leaf_index": l.index, "vessel_id": l.event.vessel_id, "platform_id": l.platform_id,
                "event_sequence": l.event.sequence, "head_hash": l.event.hash, "logged_at": l.at,
            })
        })
        .collect();
    sqlx::query(&text).bind(serde_json::Value::Array(rows).to_string()).execute(&mut **tx).await?;
    Ok(())
}

/// Perfect-subtree hashes (level, index, hash), in one statement.
pub(super) async fn insert_nodes(tx: &mut Tx<'_>, backend: Backend, nodes: &[(i64, i64, String)]) -> sqlx::Result<()> {
    let columns = [("level", "BIGINT"), ("node_index", "BIGINT"), ("hash", "TEXT")];
    let text = format!(
        "INSERT INTO transparency_nodes (level, node_index, hash) SELECT t.* FROM {}",
        json_rows(backend, &columns)
    );
    let rows: Vec<serde_json::Value> = nodes
        .iter()
        .map(|(level, index, hash)| serde_json::json!({ "level": level, "node_index": index, "hash": hash }))
        .collect();
    sqlx::query(&text).bind(serde_json::Value::Array(rows).to_string()).execute(&mut **tx).await?;
    Ok(())
}

/// The stored perfect-subtree hashes among `keys` (level, index).
pub(super) async fn nodes(
    conn: &mut sqlx::AnyConnection,
    keys: &[(i64, i64)],
) -> sqlx::Result<Vec<(i64, i64, String)>> {
    by_pairs(
        conn,
        "SELECT level, node_index, hash FROM transparency_nodes",
        |a, b| format!("(level = ${a} AND node_index = ${b})"),
        keys,
    )
    .await
}

/// The leaves in the index ranges `[from, to)`: a few blocks of 16 a proof.
pub(super) async fn leaves_in(conn: &mut sqlx::AnyConnection, ranges: &[(i64, i64)]) -> sqlx::Result<Vec<LeafRow>> {
    by_pairs(
        conn,
        "SELECT leaf_index, platform_id, event_sequence, head_hash FROM transparency_leaves",
        |a, b| format!("(leaf_index >= ${a} AND leaf_index < ${b})"),
        ranges,
    )
    .await
}

/// The rows of `select` that match any of `pairs`, each pair's condition written by
/// `condition` with the numbers of its two placeholders. A few dozen pairs at most per
/// proof; in chunks to stay far below bind limits.
async fn by_pairs<R>(
    conn: &mut sqlx::AnyConnection,
    select: &str,
    condition: impl Fn(usize, usize) -> String,
    pairs: &[(i64, i64)],
) -> sqlx::Result<Vec<R>>
where
    R: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let mut found = Vec::with_capacity(pairs.len());
    for chunk in pairs.chunks(200) {
        let any = (0..chunk.len()).map(|i| condition(2 * i + 1, 2 * i + 2)).collect::<Vec<_>>().join(" OR ");
        let sql = format!("{select} WHERE {any}");
        let mut q = sqlx::query_as::<_, R>(&sql);
        for (a, b) in chunk {
            q = q.bind(*a).bind(*b);
        }
        found.extend(q.fetch_all(&mut *conn).await?);
    }
    Ok(found)
}

pub(super) async fn insert_head(tx: &mut Tx<'_>, h: &HeadRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO transparency_tree_heads (tree_size, root_hash, signed_at, signature) VALUES ($1, $2, $3, $4)",
    )
    .bind(h.tree_size)
    .bind(&h.root_hash)
    .bind(h.signed_at)
    .bind(&h.signature)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn latest_head(tx: &mut Tx<'_>) -> sqlx::Result<Option<HeadRow>> {
    sqlx::query_as(
        "SELECT tree_size, root_hash, signed_at, signature FROM transparency_tree_heads ORDER BY tree_size DESC LIMIT 1",
    )
    .fetch_optional(&mut **tx)
    .await
}

pub(super) async fn head(db: &Db, size: i64) -> sqlx::Result<Option<HeadRow>> {
    sqlx::query_as(
        "SELECT tree_size, root_hash, signed_at, signature FROM transparency_tree_heads WHERE tree_size = $1",
    )
    .bind(size)
    .fetch_optional(db)
    .await
}

pub(super) async fn heads(db: &Db, limit: i64, offset: i64) -> sqlx::Result<Vec<HeadRow>> {
    sqlx::query_as(
        "SELECT tree_size, root_hash, signed_at, signature FROM transparency_tree_heads
          ORDER BY tree_size DESC LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub(super) async fn head_count(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM transparency_tree_heads").fetch_one(db).await
}

/// The vessel's latest leaf below `tree_size`, found through the vessel's
/// id (the leaves' unique index leads with it; one by platform ID would be
/// a second index as large).
pub(super) async fn latest_leaf(db: &Db, platform_id_compact: &str, tree_size: i64) -> sqlx::Result<Option<LeafRow>> {
    sqlx::query_as(
        "SELECT l.leaf_index, l.platform_id, l.event_sequence, l.head_hash FROM transparency_leaves l
          WHERE l.vessel_id = (SELECT v.id FROM vessels v WHERE v.platform_id = $1) AND l.leaf_index < $2
          ORDER BY l.leaf_index DESC LIMIT 1",
    )
    .bind(platform_id_compact)
    .bind(tree_size)
    .fetch_optional(db)
    .await
}

/// The vessel's current chain head: its last event's sequence.
pub(super) async fn chain_length(db: &Db, platform_id_compact: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT MAX(e.sequence) FROM ownership_events e JOIN vessels v ON v.id = e.vessel_id WHERE v.platform_id = $1",
    )
    .bind(platform_id_compact)
    .fetch_one(db)
    .await
}
