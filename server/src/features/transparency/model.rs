//! Tree heads and proofs, as the API answers them.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};

use crate::platform::clock::rfc3339;

/// A signed tree head.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeHead {
    /// Leaves in the tree.
    pub tree_size: i64,
    /// The tree's root (RFC 9162 MTH), 64 hex digits.
    pub root_hash: String,
    /// When the head was signed (RFC 3339, UTC).
    pub timestamp: String,
    /// Ed25519 over `esr-tree-head-v1\n{treeSize}\n{rootHash}\n{timestamp}`, base64; the key is
    /// `GET /api/certificates/public-key`'s.
    pub signature: String,
}

/// Tree heads, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeHeadPage {
    pub data: Vec<TreeHead>,
    pub total: i64,
    pub total_pages: i64,
}

/// Query parameters are read as text and parsed by the handler, so that a
/// malformed number gets the API's JSON error rather than the extractor's.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 to 10,000; 1 when absent.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    pub page: Option<String>,
    /// 1 to 100; 20 when absent.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InclusionParams {
    /// The vessel's platform ID.
    #[param(max_length = 40)]
    pub platform_id: Option<String>,
    /// The size of a published tree head.
    #[param(value_type = i64, minimum = 1)]
    pub tree_size: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConsistencyParams {
    /// The earlier published tree's size.
    #[param(value_type = i64, minimum = 1)]
    pub from: Option<String>,
    /// The later published tree's size.
    #[param(value_type = i64, minimum = 1)]
    pub to: Option<String>,
}

/// A leaf: a vessel's chain head after one of its events.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leaf {
    /// As displayed, e.g. `7KQ2-M9XD-4HTB`.
    pub platform_id: String,
    /// The event's `sequence` in the vessel's chain.
    pub event_index: i64,
    /// That event's `hash`: the chain's head after it.
    pub head_hash: String,
}

/// The proof that a vessel's latest head in a published tree is in it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InclusionProof {
    pub leaf: Leaf,
    pub leaf_index: i64,
    pub tree_size: i64,
    /// SHA-256(0x00 || `esr-transparency-v1\n{platformId}\n{eventIndex}\n{headHash}`), hex.
    pub leaf_hash: String,
    /// RFC 9162 audit path, hex, from the leaf up.
    pub audit_path: Vec<String>,
    /// The published head's root it proves against.
    pub root_hash: String,
    /// Whether the leaf is the vessel's current chain head (a later event may not be published yet).
    pub current: bool,
}

/// The proof that a later tree extends an earlier one.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsistencyProof {
    pub from: i64,
    pub to: i64,
    /// RFC 9162 consistency proof, hex.
    pub proof: Vec<String>,
}

#[derive(FromRow)]
pub(super) struct HeadRow {
    pub(super) tree_size: i64,
    pub(super) root_hash: String,
    pub(super) signed_at: i64,
    pub(super) signature: String,
}

impl From<HeadRow> for TreeHead {
    fn from(r: HeadRow) -> Self {
        Self { tree_size: r.tree_size, root_hash: r.root_hash, timestamp: rfc3339(r.signed_at), signature: r.signature }
    }
}

/// An event not yet logged.
#[derive(FromRow)]
pub(super) struct PendingEvent {
    pub(super) vessel_id: String,
    pub(super) platform_id: String,
    pub(super) sequence: i64,
    pub(super) hash: String,
}

/// A leaf to write: the event, at its index in the log.
pub(super) struct NewLeaf<'a> {
    pub(super) index: i64,
    pub(super) event: &'a PendingEvent,
    /// As displayed (with its hyphens), as the leaf's data has it.
    pub(super) platform_id: String,
    pub(super) at: i64,
}

#[derive(FromRow)]
pub(super) struct LeafRow {
    pub(super) leaf_index: i64,
    pub(super) platform_id: String,
    pub(super) event_sequence: i64,
    pub(super) head_hash: String,
}
