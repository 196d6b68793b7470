//! The public registry search. Only active, public vessels. A text query
//! matches a platform ID exactly (any case, hyphens optional) and name,
//! make, model or platform ID by case- and accent-insensitive substring,
//! served by trigram posting lists in registration order on each database
//! (FTS5 on `SQLite`; `vessel_trigrams`, migrations 20 and 21, on `PostgreSQL`).
//! Text of one or two characters besides spaces ('Io', 'K2'), which no
//! trigram narrows down, searches names instead: the exact names first, then
//! the names that start with it, each newest first, from B-trees on the
//! folded name (migration 44).
//! Order: the exact platform ID match first, then the most recently
//! registered (ids are time-ordered; text pages in insertion order, which
//! is the same; both unique, so paging is stable).
//!
//! Totals (docs/ARCHITECTURE.md, "Search totals and plans"): without text,
//! exact, from the maintained per-country, per-year counts of listed vessels
//! (`listing_counts`, migration 18); with text, counted up to
//! [`COUNT_BOUND`] and beyond it answered as "more than" (`totalRelation`
//! `gte`), with paging limited to what was counted. The page plan is chosen
//! from the total, not left to a planner's statistics sample: without text,
//! walk the listed vessels newest first and stop after the page, or collect
//! every match and sort, whichever reads fewer entries; with text, walk the
//! shortest posting list.
//!
//! This module is the service: parsing a search, the count cache, and
//! which page is served; `store` holds every statement and the plan each
//! reads by.

mod postings;
mod store;

use serde::Deserialize;
use utoipa::IntoParams;

use super::model::{TotalRelation, Vessel, VesselPage};
use crate::http::input::whole_number;
use crate::platform::count_cache::{CountKey, Kept};
use crate::{
    domain::{PlatformId, folded::fold},
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::db::{Db, Tx},
    platform::state::AppState,
};
pub use postings::{Block, ListedText, Lists, build_lists};
use store::Matches;
pub use store::{postings_trigger_off, text_index_incomplete};

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;
/// The deepest page served: ten million results at the largest page size,
/// more than Europe's whole fleet, and an offset that cannot overflow.
pub const MAX_PAGE: i64 = 100_000;
/// Trigram indexes need three characters to narrow anything down.
pub const MIN_TEXT_LEN: usize = 3;
/// Longer than any name, make and model together, and a bound on the
/// trigrams a search looks up.
pub const MAX_QUERY_LEN: usize = 100;
/// Text searches count their matches up to this many and answer "more than"
/// beyond it: an exact total for a fragment that matches 50,000 vessels
/// costs a walk over 50,000 index entries on every search. A thousand
/// results is a hundred pages, more than anyone reads before refining.
pub const COUNT_BOUND: i64 = 1_000;
/// How many of a text search's newest matches are kept beside its cached
/// total: the first ten pages at the default page size.
const KEPT_NEWEST: usize = 100;

/// Raw query parameters; parsed by [`SearchQuery::parse`] so that a bad
/// value answers 400 with a message rather than axum's plain-text rejection.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// A platform ID, or a fragment of a name, make or model (3 or more characters besides spaces);
    /// one or two characters find vessels by name: exact names first, then names starting with it.
    /// Blank is the same as absent. At most 100 characters.
    #[param(
        max_length = 100,
        pattern = r"^[ \t\n\r]*([^\s\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069][ \t\n\r]*)+$|^[ \t\n\r]*$"
    )]
    pub query: Option<String>,
    /// ISO 3166 alpha-2, e.g. `NL`.
    #[param(pattern = r"^[A-Za-z]{2}$")]
    pub country_code: Option<String>,
    #[param(value_type = Option<i64>)]
    pub build_year_from: Option<String>,
    #[param(value_type = Option<i64>)]
    pub build_year_to: Option<String>,
    /// From 1 to 100,000.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100_000)]
    pub page: Option<String>,
    /// 1 to 100; default 10.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub page_size: Option<String>,
    /// `true`: only vessels reported stolen, newest report first (for a marina or the police).
    #[param(value_type = Option<bool>)]
    pub stolen: Option<String>,
}

#[derive(Debug, Default)]
pub struct SearchQuery {
    pub platform_id: Option<PlatformId>,
    pub text: Option<String>,
    /// Folded text of one or two characters besides spaces: a name search.
    pub short_name: Option<String>,
    pub country_code: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
    /// Only vessels reported stolen.
    pub stolen: bool,
    pub page: i64,
    pub page_size: i64,
}

impl SearchQuery {
    /// What the total depends on: everything but the page.
    fn count_key(&self) -> CountKey {
        CountKey {
            text: self.text.clone(),
            platform_id: self.platform_id.as_ref().map(|id| id.compact().to_owned()),
            country_code: self.country_code.clone(),
            year_from: self.year_from,
            year_to: self.year_to,
        }
    }

    pub fn parse(p: &SearchParams) -> AppResult<Self> {
        let page = whole_number("page", p.page.as_deref())?.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(AppError::bad_request("invalid_parameter", Msg::new("page_range").arg("max", MAX_PAGE)));
        }
        let page_size = whole_number("pageSize", p.page_size.as_deref())?.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(AppError::bad_request(
                "invalid_parameter",
                Msg::new("page_size_range").arg("max", MAX_PAGE_SIZE),
            ));
        }
        let country_code = match p.country_code.as_deref() {
            None => None,
            Some(c) if c.len() == 2 && c.chars().all(|c| c.is_ascii_alphabetic()) => Some(c.to_ascii_uppercase()),
            Some(_) => {
                return Err(AppError::bad_request("invalid_parameter", "country_codes_two_letters_like"));
            }
        };
        let mut q = Self {
            country_code,
            year_from: whole_number("buildYearFrom", p.build_year_from.as_deref())?,
            year_to: whole_number("buildYearTo", p.build_year_to.as_deref())?,
            stolen: match p.stolen.as_deref() {
                None | Some("false") => false,
                Some("true") => true,
                Some(_) => return Err(AppError::bad_request("invalid_parameter", "stolen_true_or_false")),
            },
            page,
            page_size,
            ..Self::default()
        };
        if p.query.as_deref().is_some_and(|q| q.chars().count() > MAX_QUERY_LEN) {
            return Err(AppError::bad_request("query_too_long", Msg::new("query_too_long").arg("max", MAX_QUERY_LEN)));
        }
        if let Some(raw) = p.query.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.platform_id = PlatformId::parse(raw).ok();
            let folded = fold(raw);
            if folded.chars().filter(|c| !c.is_whitespace()).count() >= MIN_TEXT_LEN {
                q.text = Some(folded);
            } else if q.platform_id.is_none() {
                q.short_name = Some(folded);
            }
        }
        Ok(q)
    }
}

/// The text and its de-hyphenated form: "7kq2-m9xd" should find the ID
/// stored as "7kq2m9xd..." too.
fn text_variants(text: &str) -> Vec<String> {
    let mut variants = vec![text.to_owned()];
    let dehyphenated = text.replace('-', "");
    if dehyphenated != text && dehyphenated.chars().count() >= MIN_TEXT_LEN && !dehyphenated.contains(' ') {
        variants.push(dehyphenated);
    }
    variants
}

/// What counting found.
struct Counted {
    /// Matches; for a text search at most `COUNT_BOUND + 1`.
    n: i64,
    /// Without text: the listed vessels of the country (or all), which a
    /// newest-first walk passes through.
    walked: Option<i64>,
}

/// A public read: on the replica while it serves; in turn
/// (`AppState::search_turns`) when many come at once.
pub async fn search(state: &AppState, q: &SearchQuery) -> AppResult<VesselPage> {
    let asked = std::time::Instant::now();
    // Never closed, so the acquisition cannot fail.
    let _turn = state.search_turns.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
    metrics::histogram!(crate::platform::telemetry::SEARCH_WAIT).record(asked.elapsed().as_secs_f64());
    state.public_read(|source| search_in(state, source.db, q)).await
}

async fn search_in(state: &AppState, db: &Db, q: &SearchQuery) -> AppResult<VesselPage> {
    // One read transaction: the total and the page see the same listing.
    let (mut tx, mut steered) = store::begin_read(db, state.backend).await?;
    if q.stolen {
        let (total, data) = store::stolen_page(&mut tx, q, (q.page - 1) * q.page_size, q.page_size).await?;
        return Ok(VesselPage {
            data,
            total,
            total_pages: (total + q.page_size - 1) / q.page_size,
            total_relation: TotalRelation::Eq,
        });
    }
    if let Some(name) = &q.short_name {
        return short_name_page(&mut tx, q, name).await;
    }
    let pinned = match &q.platform_id {
        Some(id) => store::pinned_vessel(&mut tx, state.backend, q, id).await?,
        None => None,
    };
    let mut matches = Matches::new(state.backend, q, pinned.as_ref().map(|(_, seq)| *seq));
    let pinned = pinned.map(|(vessel, _)| vessel);
    let pinned_n = i64::from(pinned.is_some());
    let offset = (q.page - 1) * q.page_size;
    // The page after the pinned vessel, before the total bounds it: the
    // pinned vessel is the first result, shown on the first page.
    let pinned_first = pinned.is_some() && offset == 0;
    let (after_pinned, up_to) = ((offset - pinned_n).max(0), q.page_size - i64::from(pinned_first));
    // The total, and the page when counting read it or the cache has it.
    let (counted, page) = match cached_total(state, &mut tx, q, &matches).await? {
        Cached::Total(kept) => (Counted { n: kept.n, walked: None }, Page::Kept(kept)),
        Cached::Missing { .. } if matches.text.is_empty() => (matches.count_filtered(&mut tx).await?, Page::ToRead),
        Cached::Missing { generation } => {
            matches.choose_walks(&mut tx).await?;
            let (counted, rows, newest) =
                matches.count_with_page(&mut tx, after_pinned, up_to, generation.is_some()).await?;
            if let (Some(generation), Some(newest)) = (generation, newest) {
                state.search_counts.put(generation, q.count_key(), Kept { n: counted.n, newest });
            }
            (counted, Page::Read(rows))
        }
    };
    let (total, total_relation) = if matches.text.is_empty() || counted.n <= COUNT_BOUND {
        (counted.n + pinned_n, TotalRelation::Eq)
    } else {
        (COUNT_BOUND, TotalRelation::Gte)
    };
    // Results beyond a bounded total are not served: they were not counted.
    let limit = q.page_size.min(total - offset);
    let mut data = Vec::new();
    if limit > 0 {
        let mut limit = limit;
        if let Some(v) = pinned.filter(|_| pinned_first) {
            data.push(v);
            limit -= 1;
        }
        if limit > 0 {
            let rows = match page {
                Page::Read(rows) => rows,
                page => {
                    let kept = match &page {
                        Page::Kept(kept) => kept.page(after_pinned, limit),
                        _ => None,
                    };
                    let from_kept = match kept {
                        Some(seqs) => store::listed_by_seq(&mut tx, state.backend, seqs).await?,
                        None => None,
                    };
                    if let Some(rows) = from_kept {
                        rows
                    } else {
                        matches.choose_walks(&mut tx).await?;
                        matches.page(&mut tx, &mut steered, &counted, after_pinned, limit).await?
                    }
                }
            };
            data.extend(rows.into_iter().take(usize::try_from(limit).unwrap_or(0)));
        }
    }
    // Not committed: a read-only transaction has nothing to keep, and the
    // rollback its drop queues goes out with the connection's release
    // check instead of costing the search a round trip of its own.
    drop(tx);
    Ok(VesselPage { data, total, total_pages: (total + q.page_size - 1) / q.page_size, total_relation })
}

/// A short-name search: the exact names, then the longer names that start
/// with the text, each newest first. Each set is counted up to one past the
/// bound, as text is; beyond it the total is "more than" and only what was
/// counted is paged.
async fn short_name_page(tx: &mut Tx<'_>, q: &SearchQuery, name: &str) -> AppResult<VesselPage> {
    use store::ShortSet::{Exact, Prefixed};
    let exact = store::short_count(tx, q, name, Exact).await?;
    let prefixed = if exact > COUNT_BOUND { 0 } else { store::short_count(tx, q, name, Prefixed).await? };
    let (total, total_relation) = match exact + prefixed {
        n if n > COUNT_BOUND => (COUNT_BOUND, TotalRelation::Gte),
        n => (n, TotalRelation::Eq),
    };
    let offset = (q.page - 1) * q.page_size;
    let limit = q.page_size.min(total - offset);
    let mut data = Vec::new();
    if limit > 0 && offset < exact {
        data = store::short_page(tx, q, name, Exact, offset, limit).await?;
    }
    let rest = limit - i64::try_from(data.len()).unwrap_or(limit);
    if rest > 0 {
        let after_exact = (offset - exact).max(0);
        data.extend(store::short_page(tx, q, name, Prefixed, after_exact, rest).await?);
    }
    Ok(VesselPage { data, total, total_pages: (total + q.page_size - 1) / q.page_size, total_relation })
}

/// Where a search's page comes from.
enum Page {
    /// Read with the count.
    Read(Vec<Vessel>),
    /// By insertion number, from the matches kept with a cached total, if
    /// they reach the page.
    Kept(Kept),
    /// From the index, on its own.
    ToRead,
}

/// What the count cache holds for a search.
enum Cached {
    Total(Kept),
    /// To be counted; filed under `generation` when the search's total is cached.
    Missing {
        generation: Option<i64>,
    },
}

/// A text search's total from the cache, when it is on and holds one for
/// this listing generation. Only text counts are cached: the others are one
/// read of a small table.
async fn cached_total(state: &AppState, tx: &mut Tx<'_>, q: &SearchQuery, matches: &Matches) -> AppResult<Cached> {
    let cache = &state.search_counts;
    if !cache.is_enabled() || matches.text.is_empty() {
        return Ok(Cached::Missing { generation: None });
    }
    // Read before counting: see the module documentation of `count_cache`.
    let generation = store::search_generation(tx).await?;
    Ok(match cache.get(generation, &q.count_key()) {
        Some(n) => Cached::Total(n),
        None => Cached::Missing { generation: Some(generation) },
    })
}
