//! `PostgreSQL`'s posting blocks (migration 45), read: what a block's bytes
//! hold, and which vessels a fragment matches from the postings of its
//! trigrams. No SQL here: the store fetches the blocks, this decides.
//!
//! The bulk seeder builds the blocks here too ([`build_lists`]), as
//! `rebuild_vessel_trigrams()` would, about ten times faster than the
//! database sorts forty million postings; a test compares what it built
//! with what the listed vessels' texts give in SQL.
//!
//! A posting is a trigram's occurrence in a vessel's folded text: the
//! vessel's insertion number, its build year and the position. A fragment
//! of three or more characters matches a vessel when each of its trigrams
//! occurs there at the position it has in the fragment, counted from one
//! start: exactly a substring, as `LIKE '%fragment%'` would find it, without
//! reading the text.

use std::collections::HashMap;

/// Bytes a posting takes (migration 45's `trigram_posting`).
const POSTING_LEN: usize = 8;

/// Vessels in a block the bulk build writes, as `rebuild_vessel_trigrams()`
/// and the triggers fill them (migration 45).
pub(super) const BLOCK_VESSELS: i64 = 128;

/// A listed vessel's searchable text, and what its postings carry.
#[derive(sqlx::FromRow)]
pub struct ListedText {
    pub seq: i64,
    pub search_text: String,
    pub build_year: Option<i64>,
}

/// A block of one country's list of a trigram (`trigram_blocks`).
pub struct Block {
    pub trigram: String,
    pub top: i64,
    pub bottom: i64,
    pub n: i64,
    pub postings: Vec<u8>,
}

/// One country's lists, built.
#[derive(Default)]
pub struct Lists {
    pub blocks: Vec<Block>,
    /// Each trigram and how many of the vessels have it (`trigram_counts`).
    pub counts: Vec<(String, i64)>,
}

/// A list being built.
#[derive(Default)]
struct ListBuilder {
    done: Vec<Block>,
    postings: Vec<u8>,
    n: i64,
    bottom: i64,
    last_seq: Option<i64>,
    vessels: i64,
}

impl ListBuilder {
    fn close(&mut self, trigram: &str) {
        if let Some(top) = self.last_seq.filter(|_| self.n > 0) {
            let postings = std::mem::take(&mut self.postings);
            self.done.push(Block { trigram: trigram.to_owned(), top, bottom: self.bottom, n: self.n, postings });
            self.n = 0;
        }
    }
}

/// One country's posting lists from its listed vessels' texts, which come
/// in insertion order: blocks of [`BLOCK_VESSELS`] vessels, each vessel's
/// postings in position order. A number, year or position beyond what a
/// posting holds is refused, as the database's casts refuse it.
pub fn build_lists(texts: &[ListedText]) -> anyhow::Result<Lists> {
    let mut lists: HashMap<[char; 3], ListBuilder> = HashMap::new();
    for text in texts {
        let seq = u32::try_from(text.seq).ok().filter(|s| i32::try_from(*s).is_ok());
        let seq = seq.ok_or_else(|| anyhow::anyhow!("insertion number {} beyond four bytes", text.seq))?;
        let year = u16::try_from(text.build_year.unwrap_or(0))?;
        let chars: Vec<char> = text.search_text.chars().collect();
        for (pos, w) in chars.windows(3).enumerate() {
            let list = lists.entry([w[0], w[1], w[2]]).or_default();
            if list.last_seq != Some(text.seq) {
                if list.n == BLOCK_VESSELS {
                    let trigram: String = w.iter().collect();
                    list.close(&trigram);
                }
                if list.n == 0 {
                    list.bottom = text.seq;
                }
                list.n += 1;
                list.vessels += 1;
                list.last_seq = Some(text.seq);
            }
            list.postings.extend(seq.to_be_bytes());
            list.postings.extend(year.to_be_bytes());
            list.postings.extend(u16::try_from(pos)?.to_be_bytes());
        }
    }
    let mut built = Lists::default();
    for (key, mut list) in lists {
        let trigram: String = key.iter().collect();
        list.close(&trigram);
        built.counts.push((trigram, list.vessels));
        built.blocks.append(&mut list.done);
    }
    Ok(built)
}

/// One decoded posting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Posting {
    seq: i64,
    pos: u16,
    /// 0 when unknown.
    year: u16,
}

/// The postings of a block's bytes. A trailing partial posting (which the
/// database never writes) is left out rather than misread.
fn decode(bytes: &[u8]) -> impl Iterator<Item = Posting> + '_ {
    bytes.chunks_exact(POSTING_LEN).map(|p| Posting {
        seq: i64::from(u32::from_be_bytes([p[0], p[1], p[2], p[3]])),
        year: u16::from_be_bytes([p[4], p[5]]),
        pos: u16::from_be_bytes([p[6], p[7]]),
    })
}

/// A fragment as its trigrams, each with its offset in the fragment (in
/// characters, as the positions count).
#[derive(Debug, Clone)]
pub(super) struct Fragment {
    trigrams: Vec<(String, u16)>,
}

impl Fragment {
    /// A folded fragment of at least three characters (fewer yield no
    /// trigram, and nothing matches).
    pub(super) fn new(text: &str) -> Self {
        let chars: Vec<char> = text.chars().collect();
        let trigrams = chars
            .windows(3)
            .enumerate()
            .map(|(i, w)| (w.iter().collect(), u16::try_from(i).unwrap_or(u16::MAX)))
            .collect();
        Self { trigrams }
    }

    /// Which occurrences a match is proven by: a set of the fragment's
    /// trigrams at their offsets whose spans together cover every character
    /// (if each occurs in a text at its offset from one start, the text holds
    /// the fragment there), with the fewest postings to read by `count`; the
    /// driver's are read anyway and cost nothing. Two trigrams at offsets 0
    /// and 3 cover "albatros"' first six characters; all six of its trigrams
    /// are not needed.
    pub(super) fn cover(&self, driver: &str, count: impl Fn(&str) -> i64) -> Vec<(String, u16)> {
        let chars = self.trigrams.len() + 2;
        // best[c]: the cheapest set covering the first c characters, as
        // (cost, offsets), with its last trigram ending at c.
        let mut best: Vec<Option<(i64, Vec<usize>)>> = vec![None; chars + 1];
        best[0] = Some((0, Vec::new()));
        for c in 0..chars {
            let Some((cost, offsets)) = best[c].clone() else { continue };
            // A trigram that starts within the covered prefix and reaches
            // beyond it.
            for (offset, (trigram, _)) in self.trigrams.iter().enumerate() {
                if offset > c || offset + 3 <= c {
                    continue;
                }
                let end = offset + 3;
                let added = if trigram == driver { 0 } else { count(trigram) };
                let total = cost.saturating_add(added);
                if best[end].as_ref().is_none_or(|(known, _)| total < *known) {
                    let mut with = offsets.clone();
                    with.push(offset);
                    best[end] = Some((total, with));
                }
            }
        }
        best[chars].take().map_or_else(
            || self.trigrams.clone(),
            |(_, offsets)| offsets.into_iter().map(|o| self.trigrams[o].clone()).collect(),
        )
    }

    /// The distinct trigrams, sorted.
    pub(super) fn distinct(&self) -> Vec<String> {
        let mut all: Vec<String> = self.trigrams.iter().map(|(t, _)| t.clone()).collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// What a match must also pass: the build years, and the vessel pinned
/// ahead of the others.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Conditions {
    pub(super) year_from: Option<i64>,
    pub(super) year_to: Option<i64>,
    pub(super) except_seq: Option<i64>,
}

impl Conditions {
    fn pass(&self, p: Posting) -> bool {
        let year = i64::from(p.year);
        let known = p.year != 0;
        self.year_from.is_none_or(|from| known && year >= from)
            && self.year_to.is_none_or(|to| known && year <= to)
            && self.except_seq != Some(p.seq)
    }
}

/// A block of a walk's driver list, as a round read it.
pub(super) struct DriverBlock<'b> {
    pub(super) top: i64,
    pub(super) postings: &'b [u8],
}

/// A block's keys in order. A block is in order as written, but for vessels
/// appended to it later (listed again, or whose text changed).
fn sort_block(keys: &mut [u64]) {
    if !keys.is_sorted() {
        keys.sort_unstable();
    }
}

/// A block of one of a walk's other trigrams, as a round read it.
pub(super) struct OtherBlock<'b> {
    pub(super) trigram: &'b str,
    /// At most the lowest number in the block.
    pub(super) bottom: i64,
    /// The highest number the block can hold.
    pub(super) top: i64,
    pub(super) postings: &'b [u8],
}

/// A posting as one sortable number: the vessel's number above its position,
/// so that keys order as (number, position) do.
fn key(seq: i64, pos: u16) -> u64 {
    (u64::try_from(seq).unwrap_or(0) << 16) | u64::from(pos)
}

/// A sorted list of keys, looked up with targets that never decrease: each
/// look-up gallops on from where the last one stopped, so a pass over the
/// list costs about as much as its smaller side.
struct Cursor<'k> {
    keys: &'k [u64],
    at: usize,
}

impl Cursor<'_> {
    fn holds(&mut self, target: u64) -> bool {
        let rest = &self.keys[self.at..];
        // Gallop: the first step that reaches the target, then search within.
        let mut step = 1;
        while step < rest.len() && rest[step - 1] < target {
            step *= 2;
        }
        let span = &rest[..step.min(rest.len())];
        self.at += span.partition_point(|k| *k < target);
        self.keys.get(self.at) == Some(&target)
    }
}

/// The vessels among one walk's driver blocks that the fragment matches,
/// proven by the occurrences of `cover` ([`Fragment::cover`]), given the
/// blocks of its other trigrams that cover the same numbers. Every match has
/// the driver at its first offset from the match's start, so the driver's
/// postings give every start to check. Unordered, each vessel once.
///
/// Only the other blocks whose range holds a candidate are decoded: a rare
/// driver beside a dense trigram (`xyach`: `xya` beside `ach`) reads the
/// dense list whole, and most of its blocks hold no candidate. The candidates
/// are checked in order, so each list is looked up by one forward pass.
pub(super) fn matches<'b>(
    fragment: &Fragment,
    cover: &[(String, u16)],
    driver: &str,
    driver_blocks: &[DriverBlock<'b>],
    others: &[OtherBlock<'b>],
    conditions: Conditions,
) -> Vec<i64> {
    let Some(&(_, driver_offset)) = fragment.trigrams.iter().find(|(t, _)| t == driver) else {
        return Vec::new();
    };
    let mut in_order: Vec<&DriverBlock<'b>> = driver_blocks.iter().collect();
    in_order.sort_unstable_by_key(|b| b.top);
    let mut candidates: Vec<u64> = Vec::new();
    for block in in_order {
        let from = candidates.len();
        candidates.extend(decode(block.postings).filter(|p| conditions.pass(*p)).map(|p| key(p.seq, p.pos)));
        sort_block(&mut candidates[from..]);
    }
    // Each other trigram's keys, sorted: blocks in number order (their
    // ranges are disjoint), each sorted in itself.
    let mut blocks: Vec<&OtherBlock<'b>> = others.iter().collect();
    blocks.sort_unstable_by_key(|b| (b.trigram, b.top));
    let mut lists: Vec<(&str, Vec<u64>)> = Vec::new();
    for block in blocks {
        let first = candidates.partition_point(|k| *k < key(block.bottom, 0));
        if candidates.get(first).is_none_or(|k| *k > key(block.top, u16::MAX)) {
            continue;
        }
        if lists.last().is_none_or(|(t, _)| *t != block.trigram) {
            lists.push((block.trigram, Vec::new()));
        }
        if let Some((_, list)) = lists.last_mut() {
            let from = list.len();
            list.extend(decode(block.postings).map(|p| key(p.seq, p.pos)));
            sort_block(&mut list[from..]);
        }
    }
    // Each occurrence of the cover, with the keys it is looked up in (none:
    // no block of its trigram holds a candidate, so nothing matches).
    let empty: &[u64] = &[];
    let mut checks: Vec<(Cursor, u16)> = cover
        .iter()
        .map(|(trigram, offset)| {
            let keys = if trigram == driver {
                candidates.as_slice()
            } else {
                lists.iter().find(|(t, _)| t == trigram).map_or(empty, |(_, list)| list.as_slice())
            };
            (Cursor { keys, at: 0 }, *offset)
        })
        .collect();
    let mut found: Vec<i64> = Vec::new();
    for &k in &candidates {
        let (seq, pos) = (i64::try_from(k >> 16).unwrap_or(i64::MAX), (k & 0xffff) as u16);
        if found.last() == Some(&seq) {
            continue;
        }
        let Some(start) = pos.checked_sub(driver_offset) else { continue };
        let whole = checks
            .iter_mut()
            .all(|(cursor, offset)| start.checked_add(*offset).is_some_and(|at| cursor.holds(key(seq, at))));
        if whole {
            found.push(seq);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The postings of texts, by trigram, as migration 45 writes them.
    fn blocks(texts: &[(i64, &str, u16)]) -> Vec<(String, Vec<u8>)> {
        let mut by_trigram: Vec<(String, Vec<u8>)> = Vec::new();
        for (seq, text, year) in texts {
            let chars: Vec<char> = text.chars().collect();
            for (pos, w) in chars.windows(3).enumerate() {
                let trigram: String = w.iter().collect();
                let mut posting = u32::try_from(*seq).unwrap().to_be_bytes().to_vec();
                posting.extend(year.to_be_bytes());
                posting.extend(u16::try_from(pos).unwrap().to_be_bytes());
                match by_trigram.iter_mut().find(|(t, _)| *t == trigram) {
                    Some((_, bytes)) => bytes.extend(posting),
                    None => by_trigram.push((trigram, posting)),
                }
            }
        }
        by_trigram
    }

    fn find(texts: &[(i64, &str, u16)], fragment: &str, driver: &str, conditions: Conditions) -> Vec<i64> {
        let all = blocks(texts);
        let fragment = Fragment::new(fragment);
        let cover = fragment.cover(driver, |_| 1);
        let driver_blocks: Vec<DriverBlock> = all
            .iter()
            .filter(|(t, _)| t == driver)
            .map(|(_, b)| DriverBlock { top: i64::MAX, postings: b.as_slice() })
            .collect();
        let others: Vec<OtherBlock> = all
            .iter()
            .filter(|(t, _)| t != driver)
            .map(|(t, b)| OtherBlock { trigram: t.as_str(), bottom: 0, top: i64::MAX, postings: b.as_slice() })
            .collect();
        let mut found = matches(&fragment, &cover, driver, &driver_blocks, &others, conditions);
        found.sort_unstable();
        found
    }

    #[test]
    fn a_fragment_matches_where_it_is_a_substring_and_only_there() {
        let texts = [(1, "sea breeze", 1990), (2, "breeze of the sea", 2001), (3, "bree zee", 0), (4, "zee", 2020)];
        let none = Conditions::default();
        assert_eq!(find(&texts, "breeze", "eez", none), vec![1, 2]);
        assert_eq!(find(&texts, "breeze", "bre", none), vec![1, 2]);
        // Every trigram of "zee" occurs in 'bree zee', and 'breeze' holds
        // "eez" and "ze" but not "zee" at one start.
        assert_eq!(find(&texts, "zee", "zee", none), vec![3, 4]);
        assert_eq!(find(&texts, "ee ze", "ee ", none), vec![3]);
        // The trigrams of "sea breeze" are all in text 2, not in order.
        assert_eq!(find(&texts, "sea breeze", "a b", none), vec![1]);
        assert_eq!(find(&texts, "sea bree", "sea", none), vec![1]);
    }

    #[test]
    fn the_cover_spans_every_character_with_the_fewest_postings() {
        let fragment = Fragment::new("albatros");
        let offsets = |cover: Vec<(String, u16)>| cover.into_iter().map(|(_, o)| o).collect::<Vec<_>>();
        // Six trigrams; three cover the eight characters.
        let three = offsets(fragment.cover("alb", |_| 1));
        assert_eq!((three.len(), three.first(), three.last()), (3, Some(&0), Some(&5)));
        // A costly trigram is avoided where another covers the same characters.
        let costly = |t: &str| if t == "atr" { 100 } else { 1 };
        assert!(!offsets(fragment.cover("alb", costly)).contains(&3));
        // The driver costs nothing: where it lies it is taken.
        let cover = offsets(fragment.cover("bat", |_| 1));
        assert!(cover.contains(&2), "{cover:?}");
        assert_eq!(offsets(Fragment::new("abc").cover("abc", |_| 1)), vec![0]);
    }

    #[test]
    fn a_repeated_trigram_must_occur_at_each_of_its_offsets() {
        let texts = [(1, "aaaa", 0), (2, "aaa", 0), (3, "aaa aaa", 0)];
        assert_eq!(find(&texts, "aaaa", "aaa", Conditions::default()), vec![1]);
        assert_eq!(find(&texts, "aaa", "aaa", Conditions::default()), vec![1, 2, 3]);
    }

    #[test]
    fn years_and_the_pinned_vessel_are_applied_to_the_postings() {
        let texts = [(1, "sea breeze", 1990), (2, "sea breeze", 2001), (3, "sea breeze", 0)];
        let from_2000 = Conditions { year_from: Some(2000), ..Conditions::default() };
        assert_eq!(find(&texts, "breeze", "eez", from_2000), vec![2]);
        let to_1995 = Conditions { year_to: Some(1995), ..Conditions::default() };
        assert_eq!(find(&texts, "breeze", "eez", to_1995), vec![1]);
        let except = Conditions { except_seq: Some(2), ..Conditions::default() };
        assert_eq!(find(&texts, "breeze", "eez", except), vec![1, 3]);
    }

    #[test]
    fn non_ascii_positions_count_characters() {
        let texts = [(7, "åsa östra", 0)];
        assert_eq!(find(&texts, "sa ös", "a ö", Conditions::default()), vec![7]);
        assert_eq!(find(&texts, "sa öst", "öst", Conditions::default()), vec![7]);
    }

    #[test]
    fn other_blocks_come_in_any_order_and_only_those_holding_a_candidate_are_read() {
        let posting = |seq: u32, pos: u16| {
            let mut p = seq.to_be_bytes().to_vec();
            p.extend(0u16.to_be_bytes());
            p.extend(pos.to_be_bytes());
            p
        };
        // "xyach" in vessels 3 and 9; "ach" alone in 1, 5 and 12.
        let driver = [posting(3, 0), posting(9, 4)].concat();
        // The block of 1 to 6 had vessel 5 written, then vessel 3 appended.
        let low = [posting(1, 0), posting(5, 0), posting(3, 2)].concat();
        let high = [posting(9, 6), posting(12, 1)].concat();
        // Claims vessels 20 to 30 but holds a posting of 3: no candidate is
        // in its range, so it is not read and the posting does not count.
        let stray = posting(3, 5);
        let others = [
            OtherBlock { trigram: "ach", bottom: 7, top: 12, postings: &high },
            OtherBlock { trigram: "ach", bottom: 20, top: 30, postings: &stray },
            OtherBlock { trigram: "ach", bottom: 1, top: 6, postings: &low },
        ];
        let fragment = Fragment::new("xyach");
        let cover = vec![("xya".to_owned(), 0), ("ach".to_owned(), 2)];
        // The driver's two blocks come newest first, as a round reads them.
        let driver = [DriverBlock { top: 12, postings: &driver[8..] }, DriverBlock { top: 6, postings: &driver[..8] }];
        let mut found = matches(&fragment, &cover, "xya", &driver, &others, Conditions::default());
        found.sort_unstable();
        assert_eq!(found, vec![3, 9]);
        let only_stray = [OtherBlock { trigram: "ach", bottom: 20, top: 30, postings: &stray }];
        let shifted = [posting(3, 3)].concat();
        let shifted = [DriverBlock { top: 6, postings: &shifted }];
        let found = matches(&fragment, &cover, "xya", &shifted, &only_stray, Conditions::default());
        assert!(found.is_empty(), "a block whose range holds no candidate was read: {found:?}");
    }

    #[test]
    fn the_bulk_build_blocks_vessels_by_128_with_every_posting_once() {
        let texts: Vec<ListedText> = (1..=300)
            .map(|seq| ListedText { seq, search_text: "aaaa b".to_owned(), build_year: Some(1990 + seq % 3) })
            .collect();
        let lists = build_lists(&texts).unwrap();
        let aaa: Vec<&Block> = lists.blocks.iter().filter(|b| b.trigram == "aaa").collect();
        assert_eq!(
            aaa.iter().map(|b| (b.bottom, b.top, b.n)).collect::<Vec<_>>(),
            vec![(1, 128, 128), (129, 256, 128), (257, 300, 44)]
        );
        // Two occurrences a vessel, in position order.
        let first: Vec<Posting> = decode(&aaa[0].postings).take(2).collect();
        assert_eq!(first, vec![Posting { seq: 1, pos: 0, year: 1991 }, Posting { seq: 1, pos: 1, year: 1991 }]);
        assert_eq!(aaa.iter().map(|b| decode(&b.postings).count()).sum::<usize>(), 600);
        let mut counts = lists.counts.clone();
        counts.sort();
        assert_eq!(counts, vec![("a b".to_owned(), 300), ("aa ".to_owned(), 300), ("aaa".to_owned(), 300)]);
        let too_far = [ListedText { seq: 1 << 31, search_text: "abc".to_owned(), build_year: None }];
        assert!(build_lists(&too_far).is_err());
    }

    #[test]
    fn a_partial_posting_is_not_read() {
        let mut bytes = vec![0, 0, 0, 5, 0, 0, 0, 1];
        bytes.extend([0, 0, 0]);
        assert_eq!(decode(&bytes).count(), 1);
    }
}
