//! The Merkle tree of RFC 9162 (Certificate Transparency 2.0), section 2.1:
//! tree hashes, inclusion proofs and consistency proofs, and their checks.
//!
//! A tree is read through [`Nodes`]: the hashes of its perfect subtrees
//! (2^level leaves starting at `index << level`), which the log stores as
//! leaves are appended, so a tree head or a proof needs O(log² n) of them
//! rather than every leaf.

use sha2::{Digest, Sha256};

pub type Hash = [u8; 32];

/// `SHA-256(0x00 || data)`.
pub fn leaf_hash(data: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(data);
    h.finalize().into()
}

/// `SHA-256(0x01 || left || right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The hash of the empty tree: `SHA-256()`.
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// The perfect subtrees' hashes.
pub trait Nodes {
    /// The hash of the 2^`level` leaves from `index << level`.
    fn perfect(&mut self, level: u32, index: u64) -> Hash;
}

/// The largest power of two smaller than `n` (n > 1).
fn split(n: u64) -> u64 {
    debug_assert!(n > 1);
    1 << (n - 1).ilog2()
}

/// MTH of the `n` leaves from `start` (`start` aligned as RFC 9162's recursion leaves it).
pub fn subtree(nodes: &mut impl Nodes, start: u64, n: u64) -> Hash {
    if n == 0 {
        return empty_root();
    }
    if n.is_power_of_two() && start.is_multiple_of(n) {
        let level = n.trailing_zeros();
        return nodes.perfect(level, start >> level);
    }
    let k = split(n);
    let left = subtree(nodes, start, k);
    let right = subtree(nodes, start + k, n - k);
    node_hash(&left, &right)
}

/// The root of a tree of `size` leaves.
pub fn root(nodes: &mut impl Nodes, size: u64) -> Hash {
    subtree(nodes, 0, size)
}

/// The audit path of leaf `m` in the tree of `n` leaves from `start` (RFC 9162 2.1.3.1).
fn path(nodes: &mut impl Nodes, m: u64, start: u64, n: u64, out: &mut Vec<Hash>) {
    if n <= 1 {
        return;
    }
    let k = split(n);
    if m < k {
        path(nodes, m, start, k, out);
        out.push(subtree(nodes, start + k, n - k));
    } else {
        path(nodes, m - k, start + k, n - k, out);
        out.push(subtree(nodes, start, k));
    }
}

/// The inclusion proof of leaf `index` in the tree of `size` leaves.
pub fn inclusion_proof(nodes: &mut impl Nodes, index: u64, size: u64) -> Vec<Hash> {
    let mut out = Vec::new();
    path(nodes, index, 0, size, &mut out);
    out
}

/// SUBPROOF(m, D[start..start+n], b) of RFC 9162 2.1.4.1.
fn subproof(nodes: &mut impl Nodes, m: u64, start: u64, n: u64, whole: bool, out: &mut Vec<Hash>) {
    if m == n {
        if !whole {
            out.push(subtree(nodes, start, n));
        }
        return;
    }
    let k = split(n);
    if m <= k {
        subproof(nodes, m, start, k, whole, out);
        out.push(subtree(nodes, start + k, n - k));
    } else {
        subproof(nodes, m - k, start + k, n - k, false, out);
        out.push(subtree(nodes, start, k));
    }
}

/// The proof that the tree of `new` leaves extends the tree of `old` (0 < old <= new).
pub fn consistency_proof(nodes: &mut impl Nodes, old: u64, new: u64) -> Vec<Hash> {
    let mut out = Vec::new();
    if 0 < old && old < new {
        subproof(nodes, old, 0, new, true, &mut out);
    }
    out
}

/// Check an inclusion proof (RFC 9162 2.1.3.2).
pub fn verify_inclusion(leaf: &Hash, index: u64, size: u64, proof: &[Hash], root: &Hash) -> bool {
    if index >= size {
        return false;
    }
    let (mut fn_, mut sn) = (index, size - 1);
    let mut r = *leaf;
    for p in proof {
        if sn == 0 {
            return false;
        }
        if fn_ & 1 == 1 || fn_ == sn {
            r = node_hash(p, &r);
            if fn_ & 1 == 0 {
                while fn_ & 1 == 0 && fn_ != 0 {
                    fn_ >>= 1;
                    sn >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    sn == 0 && &r == root
}

/// Check a consistency proof (RFC 9162 2.1.4.2).
pub fn verify_consistency(old: u64, new: u64, old_root: &Hash, new_root: &Hash, proof: &[Hash]) -> bool {
    if old == new {
        return proof.is_empty() && old_root == new_root;
    }
    if old == 0 || old > new || proof.is_empty() {
        return false;
    }
    let mut path: Vec<Hash> = proof.to_vec();
    if old.is_power_of_two() {
        path.insert(0, *old_root);
    }
    let (mut fn_, mut sn) = (old - 1, new - 1);
    while fn_ & 1 == 1 {
        fn_ >>= 1;
        sn >>= 1;
    }
    let (mut fr, mut sr) = (path[0], path[0]);
    for c in &path[1..] {
        if sn == 0 {
            return false;
        }
        if fn_ & 1 == 1 || fn_ == sn {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            if fn_ & 1 == 0 {
                while fn_ & 1 == 0 && fn_ != 0 {
                    fn_ >>= 1;
                    sn >>= 1;
                }
            }
        } else {
            sr = node_hash(&sr, c);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    sn == 0 && &fr == old_root && &sr == new_root
}

/// The hash of a perfect subtree from its leaves' hashes (a power of two of
/// them, in order).
pub fn perfect_of(leaves: &[Hash]) -> Hash {
    debug_assert!(leaves.len().is_power_of_two());
    let mut level: Vec<Hash> = leaves.to_vec();
    while level.len() > 1 {
        level = level.chunks(2).map(|pair| pair.get(1).map_or(pair[0], |right| node_hash(&pair[0], right))).collect();
    }
    level.first().copied().unwrap_or_else(empty_root)
}

/// The perfect subtrees a new leaf completes: appending leaf `index` with
/// `hash` (its siblings read through `nodes`), each `(level, index, hash)`
/// to store, the leaf itself first.
pub fn completed_by(nodes: &mut impl Nodes, index: u64, hash: Hash) -> Vec<(u32, u64, Hash)> {
    let mut out = vec![(0, index, hash)];
    let (mut level, mut i, mut h) = (0u32, index, hash);
    while i & 1 == 1 {
        let left = nodes.perfect(level, i - 1);
        h = node_hash(&left, &h);
        level += 1;
        i >>= 1;
        out.push((level, i, h));
    }
    out
}

/// Hex, lower case.
pub fn to_hex(h: &Hash) -> String {
    use std::fmt::Write as _;
    h.iter().fold(String::with_capacity(64), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// A hash from 64 hex digits.
pub fn from_hex(s: &str) -> Option<Hash> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, chunk) in s.as_bytes().chunks(2).enumerate() {
        out[i] = u8::from_str_radix(std::str::from_utf8(chunk).ok()?, 16).ok()?;
    }
    Some(out)
}

/// Nodes held in memory (a map filled from storage, or a whole tree in tests).
#[derive(Default)]
pub struct NodeMap(pub std::collections::HashMap<(u32, u64), Hash>);

impl NodeMap {
    /// Forgets every node but the `frontier` of a tree of `size` leaves, all
    /// that appending to it and its root read.
    pub fn keep_frontier(&mut self, size: u64) {
        let keep: std::collections::HashSet<(u32, u64)> = frontier(size).into_iter().collect();
        self.0.retain(|key, _| keep.contains(key));
    }
}

/// The perfect subtrees (level, index) a tree of `size` leaves is made of,
/// one for each bit of its size: the nodes the next leaves' parents and the
/// root are computed from.
pub fn frontier(size: u64) -> Vec<(u32, u64)> {
    (0..64u32).filter(|level| size >> level & 1 == 1).map(|level| (level, (size >> level) - 1)).collect()
}

impl Nodes for NodeMap {
    fn perfect(&mut self, level: u32, index: u64) -> Hash {
        // A missing node is a log that lost a row: a hash nobody can match.
        self.0.get(&(level, index)).copied().unwrap_or([0; 32])
    }
}

/// Records which nodes a computation reads, so they can be fetched at once.
#[derive(Default)]
pub struct Wanted(pub Vec<(u32, u64)>);

impl Nodes for Wanted {
    fn perfect(&mut self, level: u32, index: u64) -> Hash {
        self.0.push((level, index));
        [0; 32]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 9162's MTH, straight from the definition.
    fn mth(leaves: &[Hash]) -> Hash {
        match leaves.len() {
            0 => empty_root(),
            1 => leaves[0],
            n => {
                let k = usize::try_from(split(n as u64)).unwrap();
                node_hash(&mth(&leaves[..k]), &mth(&leaves[k..]))
            }
        }
    }

    fn tree(n: u64) -> (Vec<Hash>, NodeMap) {
        let mut nodes = NodeMap::default();
        let mut leaves = Vec::new();
        for i in 0..n {
            let h = leaf_hash(format!("leaf {i}").as_bytes());
            leaves.push(h);
            for (level, index, hash) in completed_by(&mut nodes, i, h) {
                nodes.0.insert((level, index), hash);
            }
        }
        (leaves, nodes)
    }

    #[test]
    fn roots_match_the_definition() {
        let (leaves, mut nodes) = tree(70);
        for n in 0..=70 {
            assert_eq!(root(&mut nodes, n), mth(&leaves[..usize::try_from(n).unwrap()]), "size {n}");
        }
    }

    #[test]
    fn every_inclusion_proof_verifies_and_a_wrong_one_does_not() {
        let (leaves, mut nodes) = tree(37);
        for n in 1..=37u64 {
            let r = root(&mut nodes, n);
            for m in 0..n {
                let proof = inclusion_proof(&mut nodes, m, n);
                assert!(verify_inclusion(&leaves[usize::try_from(m).unwrap()], m, n, &proof, &r), "{m} in {n}");
                let other = leaf_hash(b"forged");
                assert!(!verify_inclusion(&other, m, n, &proof, &r));
                if n > 1 {
                    assert!(
                        !verify_inclusion(&leaves[usize::try_from(m).unwrap()], (m + 1) % n, n, &proof, &r),
                        "{m} moved in {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_consistency_proof_verifies_and_a_rewritten_past_does_not() {
        let (_, mut nodes) = tree(33);
        for new in 1..=33u64 {
            let new_root = root(&mut nodes, new);
            for old in 1..=new {
                let old_root = root(&mut nodes, old);
                let proof = consistency_proof(&mut nodes, old, new);
                assert!(verify_consistency(old, new, &old_root, &new_root, &proof), "{old} -> {new}");
                let forged = leaf_hash(b"another past");
                assert!(!verify_consistency(old, new, &forged, &new_root, &proof), "{old} -> {new}");
            }
        }
    }

    #[test]
    fn the_rfc_example_tree_of_seven_has_the_documented_proof_shapes() {
        // RFC 9162 2.1.5: the path for leaf d0 in the tree of 7 is [b, h, l]; consistency 3 -> 7 is [c, d, g, l].
        let (_, mut nodes) = tree(7);
        assert_eq!(inclusion_proof(&mut nodes, 0, 7).len(), 3);
        assert_eq!(consistency_proof(&mut nodes, 3, 7).len(), 4);
        assert_eq!(consistency_proof(&mut nodes, 4, 7).len(), 1);
        assert_eq!(consistency_proof(&mut nodes, 6, 7).len(), 3);
    }

    #[test]
    fn a_perfect_subtree_from_its_leaves_is_the_stored_one() {
        let (leaves, mut nodes) = tree(64);
        for level in 0..=6u32 {
            let width = 1usize << level;
            for index in 0..(64 >> level) {
                let from = index * width;
                assert_eq!(
                    perfect_of(&leaves[from..from + width]),
                    nodes.perfect(level, index as u64),
                    "level {level}, index {index}"
                );
            }
        }
    }

    #[test]
    fn hex_round_trips() {
        let h = leaf_hash(b"x");
        assert_eq!(from_hex(&to_hex(&h)), Some(h));
        assert_eq!(from_hex("zz"), None);
    }
}
