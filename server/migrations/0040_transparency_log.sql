-- The transparency log (docs/TRANSPARENCY.md): an append-only Merkle tree (RFC 9162) whose
-- leaves are chain-head updates (platformId, eventIndex, headHash), one per ownership event,
-- in the order they were logged; the hashes of its perfect subtrees, so that a root or a
-- proof reads O(log^2 n) rows; and the signed tree heads the registry publishes.
CREATE TABLE transparency_leaves (
    leaf_index BIGINT PRIMARY KEY,
    vessel_id TEXT NOT NULL REFERENCES vessels (id),
    platform_id TEXT NOT NULL,
    event_sequence BIGINT NOT NULL,
    head_hash TEXT NOT NULL,
    logged_at BIGINT NOT NULL,
    UNIQUE (vessel_id, event_sequence)
);
CREATE INDEX transparency_leaves_platform ON transparency_leaves (platform_id, leaf_index);
CREATE TABLE transparency_nodes (
    level INTEGER NOT NULL,
    node_index BIGINT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (level, node_index)
);
CREATE TABLE transparency_tree_heads (
    tree_size BIGINT PRIMARY KEY,
    root_hash TEXT NOT NULL,
    signed_at BIGINT NOT NULL,
    signature TEXT NOT NULL
);
