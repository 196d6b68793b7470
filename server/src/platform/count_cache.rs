//! Exact search totals without recounting. Counting every match is the one
//! part of a search whose cost grows with the registry (a fragment such as
//! `bav` matches one vessel in twenty), while a page is bounded work. The
//! database keeps a listing generation (`search_generation`, bumped by
//! triggers whenever a listed vessel is added, removed or changes a searched
//! field; migration 0005), and a total is reused only under the generation it
//! was counted at. So a total is never stale, also with several server
//! processes on one database.
//!
//! A reader reads the generation before it counts; a count that already
//! includes a newer write is therefore filed under an older generation, which
//! no reader asks for once that write is visible.
//!
//! Beside a text search's total the search keeps its newest matches, as far
//! as the first pages reach ([`Kept`]): under the same generation they
//! are still exactly those matches, so such a page is read by key, not by
//! walking the index again.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

/// What a total depends on: everything in a search but the page.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct CountKey {
    pub text: Option<String>,
    pub platform_id: Option<String>,
    pub country_code: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
}

/// A text search's total as cached, and its newest matches as far as the
/// first pages reach: insertion numbers (`seq`, `SQLite`'s rowid), newest
/// first; every match when there are fewer than `search::KEPT_NEWEST`.
#[derive(Clone, Debug)]
pub struct Kept {
    pub n: i64,
    pub newest: Arc<[i64]>,
}

impl Kept {
    /// The insertion numbers of the page from `offset`, when the kept
    /// matches reach that far.
    pub fn page(&self, offset: i64, limit: i64) -> Option<&[i64]> {
        let len = self.newest.len();
        let from = usize::try_from(offset).ok()?;
        let to = usize::try_from(offset + limit).ok()?;
        let all = i64::try_from(len).ok()? == self.n;
        (to <= len || all).then(|| &self.newest[from.min(len)..to.min(len)])
    }
}

/// A bounded map of totals (`V`) for one generation. Recently used entries survive
/// a full cache: entries live in `recent` and `older`; when `recent` fills up
/// it becomes `older` and the previous `older` is dropped, and a hit in
/// `older` moves the entry back to `recent` (a two-segment approximation
/// of least-recently-used that needs no list bookkeeping).
pub struct CountCache<V> {
    segment_capacity: usize,
    inner: Mutex<Segments<V>>,
}

struct Segments<V> {
    generation: i64,
    recent: HashMap<CountKey, V>,
    older: HashMap<CountKey, V>,
}

impl<V> Segments<V> {
    /// Forget everything counted under an older generation.
    fn advance_to(&mut self, generation: i64) {
        if generation > self.generation {
            self.generation = generation;
            self.recent.clear();
            self.older.clear();
        }
    }
}

impl<V: Clone> CountCache<V> {
    /// Holds at most `capacity` totals; 0 turns caching off.
    pub fn new(capacity: usize) -> Self {
        let segments = Segments { generation: 0, recent: HashMap::new(), older: HashMap::new() };
        Self { segment_capacity: capacity / 2, inner: Mutex::new(segments) }
    }

    pub fn is_enabled(&self) -> bool {
        self.segment_capacity > 0
    }

    pub fn get(&self, generation: i64, key: &CountKey) -> Option<V> {
        if !self.is_enabled() {
            return None;
        }
        let mut s = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        s.advance_to(generation);
        if s.generation != generation {
            return None;
        }
        if let Some(total) = s.recent.get(key) {
            return Some(total.clone());
        }
        let total = s.older.remove(key)?;
        self.insert_recent(&mut s, key.clone(), total.clone());
        Some(total)
    }

    pub fn put(&self, generation: i64, key: CountKey, total: V) {
        if !self.is_enabled() {
            return;
        }
        let mut s = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        s.advance_to(generation);
        if s.generation == generation {
            self.insert_recent(&mut s, key, total);
        }
    }

    fn insert_recent(&self, s: &mut Segments<V>, key: CountKey, total: V) {
        if s.recent.len() >= self.segment_capacity && !s.recent.contains_key(&key) {
            s.older = std::mem::take(&mut s.recent);
        }
        s.recent.insert(key, total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> CountKey {
        CountKey { text: Some(text.into()), platform_id: None, country_code: None, year_from: None, year_to: None }
    }

    #[test]
    fn a_total_is_reused_within_its_generation() {
        let cache = CountCache::new(100);
        cache.put(3, key("bav"), 42);
        assert_eq!(cache.get(3, &key("bav")), Some(42));
        assert_eq!(cache.get(3, &key("han")), None);
    }

    #[test]
    fn a_newer_generation_forgets_every_total() {
        let cache = CountCache::new(100);
        cache.put(3, key("bav"), 42);
        assert_eq!(cache.get(4, &key("bav")), None);
        // and a late writer from the old generation cannot bring it back
        cache.put(3, key("bav"), 42);
        assert_eq!(cache.get(4, &key("bav")), None);
        assert_eq!(cache.get(3, &key("bav")), None);
    }

    #[test]
    fn filters_are_part_of_the_key() {
        let cache = CountCache::new(100);
        let mut nl = key("bav");
        nl.country_code = Some("NL".into());
        cache.put(1, nl.clone(), 7);
        assert_eq!(cache.get(1, &key("bav")), None);
        assert_eq!(cache.get(1, &nl), Some(7));
    }

    #[test]
    fn a_full_cache_keeps_what_was_used_recently() {
        let cache = CountCache::new(4); // two per segment
        cache.put(1, key("aaa"), 1);
        cache.put(1, key("bbb"), 2);
        cache.put(1, key("ccc"), 3); // aaa and bbb move to the older segment
        assert_eq!(cache.get(1, &key("aaa")), Some(1)); // promoted to recent
        cache.put(1, key("ddd"), 4); // recent (ccc, aaa) becomes older; bbb dropped
        assert_eq!(cache.get(1, &key("bbb")), None);
        assert_eq!(cache.get(1, &key("aaa")), Some(1));
        assert_eq!(cache.get(1, &key("ddd")), Some(4));
    }

    #[test]
    fn capacity_zero_caches_nothing() {
        let cache = CountCache::new(0);
        cache.put(1, key("bav"), 42);
        assert_eq!(cache.get(1, &key("bav")), None);
    }
}
