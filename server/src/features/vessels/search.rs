//! The public registry search. Only active, public vessels. A text query
//! matches a platform ID exactly (any case, hyphens optional) and name,
//! make, model or platform ID by case- and accent-insensitive substring,
//! served by trigram posting lists in registration order on each database
//! (FTS5 on `SQLite`; `vessel_trigrams`, migrations 20 and 21, on `PostgreSQL`).
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

use std::{
    collections::{BTreeMap, HashMap},
    fmt::Write as _,
    sync::Arc,
};

use serde::Deserialize;
use sqlx::{FromRow, Row};
use utoipa::IntoParams;

use super::model::{TotalRelation, VESSEL_COLUMNS, Vessel, VesselPage};
use crate::platform::count_cache::{CountKey, Kept};
use crate::{
    domain::{PlatformId, folded::fold},
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::db::{self, Backend, Tx},
    platform::state::AppState,
};

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
    /// A platform ID, or a fragment of a name, make or model (3 or more characters besides spaces).
    /// Blank is the same as absent. At most 100 characters.
    #[param(
        max_length = 100,
        pattern = r"^[ \t\n\r]*([^\s\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069][ \t\n\r]*){3,}$|^[ \t\n\r]*$"
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
}

#[derive(Debug, Default)]
pub struct SearchQuery {
    pub platform_id: Option<PlatformId>,
    pub text: Option<String>,
    pub country_code: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
    pub page: i64,
    pub page_size: i64,
}

/// A whole number, exactly as written (the web app omits empty filters; an
/// empty or padded value is as malformed as any other text).
fn number(field: &str, raw: Option<&str>) -> AppResult<Option<i64>> {
    match raw {
        None => Ok(None),
        Some(s) => s.parse::<i64>().map(Some).map_err(|_| {
            AppError::bad_request("invalid_parameter", Msg::new("not_a_whole_number").arg("parameter", field))
        }),
    }
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
        let page = number("page", p.page.as_deref())?.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(AppError::bad_request("invalid_parameter", Msg::new("page_range").arg("max", MAX_PAGE)));
        }
        let page_size = number("pageSize", p.page_size.as_deref())?.unwrap_or(DEFAULT_PAGE_SIZE);
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
            year_from: number("buildYearFrom", p.build_year_from.as_deref())?,
            year_to: number("buildYearTo", p.build_year_to.as_deref())?,
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
                return Err(AppError::bad_request("query_too_short", "query_too_short"));
            }
        }
        Ok(q)
    }
}

enum Param {
    Text(String),
    Int(i64),
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// SQL text and its parameters, numbered in the order they are bound.
#[derive(Default)]
struct Sql {
    params: Vec<Param>,
}

impl Sql {
    fn bind(&mut self, p: Param) -> String {
        self.params.push(p);
        format!("${}", self.params.len())
    }

    fn query<'q>(&'q self, sql: &'q str) -> AnyQuery<'q> {
        let mut query = sqlx::query(sql);
        for p in &self.params {
            query = match p {
                Param::Text(s) => query.bind(s.as_str()),
                Param::Int(i) => query.bind(*i),
            };
        }
        query
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

/// An FTS5 match expression for the variants: a quoted FTS5 string is
/// matched as a substring by the trigram tokenizer.
fn fts_match(variants: &[String]) -> String {
    variants.iter().map(|v| format!("\"{}\"", v.replace('"', "\"\""))).collect::<Vec<_>>().join(" OR ")
}

/// A `LIKE` pattern matching the text anywhere; backslash escapes, as
/// `PostgreSQL` reads `LIKE` without an `ESCAPE` clause.
fn like_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// The distinct three-character substrings of a text, in characters as
/// `PostgreSQL`'s `substr` counts them (migration 20's `search_trigrams`).
fn trigrams(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut all: Vec<String> = chars.windows(3).map(|w| w.iter().collect()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// How `PostgreSQL` finds one variant's matches in one country: the
/// country's posting list of the variant's rarest trigram there, walked in
/// registration order, each entry's text checked against the whole variant
/// unless the variant is that trigram.
struct Walk {
    trigram: String,
    country_code: String,
}

/// How `PostgreSQL` finds one variant's matches: a walk in each country
/// that can have one, merged newest first.
struct VariantWalks {
    walks: Vec<Walk>,
    /// The `LIKE` pattern of the whole variant, when a posting alone does
    /// not prove a match.
    recheck: Option<String>,
}

const LISTED: &str = "v.status = 'active' AND v.public_visibility = 1";

/// What a total and a page are drawn from: the listed vessels matching the
/// text and filters, except the exact platform ID match, which is pinned
/// ahead of them.
struct Matches {
    backend: Backend,
    /// The text's variants, folded; empty without text.
    text: Vec<String>,
    /// `PostgreSQL`: how each variant that can match is walked, once chosen
    /// ([`Matches::choose_walks`]); none when no variant can.
    walks: Vec<VariantWalks>,
    filters: Filters,
    /// The pinned vessel's insertion number (`seq`, or `SQLite`'s rowid).
    except_seq: Option<i64>,
}

/// The country and build-year conditions of a search.
struct Filters {
    country_code: Option<String>,
    year_from: Option<i64>,
    year_to: Option<i64>,
}

impl Filters {
    fn of(q: &SearchQuery) -> Self {
        Self { country_code: q.country_code.clone(), year_from: q.year_from, year_to: q.year_to }
    }

    fn has_years(&self) -> bool {
        self.year_from.is_some() || self.year_to.is_some()
    }

    /// The country condition, on columns of `table` (`v.` or none).
    fn country(&self, sql: &mut Sql, table: &str) -> Option<String> {
        self.country_code.as_ref().map(|c| format!("{table}country_code = {}", sql.bind(Param::Text(c.clone()))))
    }

    /// The build-year conditions, on columns of `table` (`v.` or none).
    fn years(&self, sql: &mut Sql, table: &str) -> Vec<String> {
        let mut conditions = Vec::new();
        if let Some(y) = self.year_from {
            conditions.push(format!("{table}build_year >= {}", sql.bind(Param::Int(y))));
        }
        if let Some(y) = self.year_to {
            conditions.push(format!("{table}build_year <= {}", sql.bind(Param::Int(y))));
        }
        conditions
    }

    /// ` AND ...` conditions on columns of `table`.
    fn sql(&self, sql: &mut Sql, table: &str) -> String {
        let country = self.country(sql, table);
        and_each(country.into_iter().chain(self.years(sql, table)))
    }
}

/// Each condition as ` AND condition`.
fn and_each(conditions: impl Iterator<Item = String>) -> String {
    conditions.fold(String::new(), |mut all, c| {
        let _ = write!(all, " AND {c}");
        all
    })
}

/// How a page is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    /// Matches newest first, stopping after the page: the listed vessels
    /// without text, reading about (offset + page size) × (vessels walked ÷
    /// matches) entries; a posting list with text.
    Walk,
    /// Every match from the narrowest index, then sorted: reads the matches.
    Collect,
}

/// `PostgreSQL` planner settings for the next statements of the transaction,
/// so that a plan follows from the totals rather than a statistics sample.
/// Only whole families of paths are switched off; which index serves them
/// is still the planner's choice among the fitting ones. Joins are nested
/// loops over an index: a page joins at most a hundred ids, and a walk
/// checks each posting it passes against one index entry.
fn pg_switches(scan: Scan) -> &'static str {
    match scan {
        // Ordered index scans only: no bitmap (unordered) and no sort.
        Scan::Walk => {
            "set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
             set_config('enable_sort', 'off', true), set_config('enable_indexscan', 'on', true),
             set_config('enable_indexonlyscan', 'on', true), set_config('enable_hashjoin', 'off', true),
             set_config('enable_mergejoin', 'off', true)"
        }
        // Bitmap scans and a sort of the matches.
        Scan::Collect => {
            "set_config('enable_bitmapscan', 'on', true), set_config('enable_seqscan', 'off', true),
             set_config('enable_sort', 'on', true), set_config('enable_indexscan', 'off', true),
             set_config('enable_indexonlyscan', 'off', true), set_config('enable_hashjoin', 'off', true),
             set_config('enable_mergejoin', 'off', true)"
        }
    }
}

impl Matches {
    fn new(backend: Backend, q: &SearchQuery, except_seq: Option<i64>) -> Self {
        let text = q.text.as_deref().map(text_variants).unwrap_or_default();
        Self { backend, text, walks: Vec::new(), filters: Filters::of(q), except_seq }
    }

    /// `PostgreSQL` with text: picks, for each variant and each country
    /// (the searched one, or every one with listed vessels), the trigram
    /// with the fewest listed vessels there, from the maintained counts
    /// (migration 21). Its list holds every match of the variant in that
    /// country, and no other list is shorter to walk.
    async fn choose_walks(&mut self, tx: &mut Tx<'_>) -> AppResult<()> {
        if self.backend != Backend::Postgres || self.text.is_empty() {
            return Ok(());
        }
        let per_variant: Vec<Vec<String>> = self.text.iter().map(|v| trigrams(v)).collect();
        let mut all = per_variant.concat();
        all.sort_unstable();
        all.dedup();
        let mut sql = Sql::default();
        let list = all.into_iter().map(|t| sql.bind(Param::Text(t))).collect::<Vec<_>>().join(", ");
        let country = self.filters.country(&mut sql, "").map(|c| format!(" AND {c}")).unwrap_or_default();
        let text =
            format!("SELECT trigram, country_code, n FROM trigram_counts WHERE trigram IN ({list}) AND n > 0{country}");
        let rows = sql.query(&text).fetch_all(&mut **tx).await?;
        // Per country, in code order, so that a search's statement and
        // parameters do not depend on the order rows come back in.
        let mut counts: BTreeMap<String, HashMap<String, i64>> = BTreeMap::new();
        for r in &rows {
            counts.entry(r.try_get("country_code")?).or_default().insert(r.try_get("trigram")?, r.try_get("n")?);
        }
        self.walks = self
            .text
            .iter()
            .zip(per_variant)
            .map(|(variant, trigrams)| {
                let walks = counts
                    .iter()
                    .filter_map(|(country_code, counts)| {
                        // A trigram no listed vessel of the country has rules
                        // the country out.
                        let counted: Option<Vec<(i64, &String)>> =
                            trigrams.iter().map(|t| counts.get(t).map(|n| (*n, t))).collect();
                        let (_, trigram) = counted?.into_iter().min()?;
                        Some(Walk { trigram: trigram.clone(), country_code: country_code.clone() })
                    })
                    .collect();
                let proven = variant.chars().count() == MIN_TEXT_LEN;
                VariantWalks { walks, recheck: (!proven).then(|| like_pattern(variant)) }
            })
            .filter(|v| !v.walks.is_empty())
            .collect();
        Ok(())
    }

    /// Tells `PostgreSQL` which family of plans the search's next statements
    /// may use, unless it already has in this transaction (`steered`).
    ///
    /// Generic plans too: made once per connection and statement, not for
    /// each search's values. Planning a custom plan against the vessels
    /// table's indexes cost 0.4 to 2 ms a statement, more than running it,
    /// and the switches choose the plan, not the values. A cached plan is
    /// not made again when the switches change, so each such statement
    /// always runs under the same ones (walk and collect pages are different
    /// statements).
    async fn steer(tx: &mut Tx<'_>, steered: &mut Option<Scan>, scan: Scan) -> AppResult<()> {
        if *steered != Some(scan) {
            sqlx::query(&Self::steering(scan)).execute(&mut **tx).await?;
            *steered = Some(scan);
        }
        Ok(())
    }

    /// The statement that steers: one row of `set_config` results.
    fn steering(scan: Scan) -> String {
        // JIT off: a plan that must sort despite `enable_sort` off carries the
        // switch's penalty in its cost, which passes the JIT threshold, and
        // compiling it took 250 ms for a statement that runs in 20.
        format!(
            "SELECT {}, set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)",
            pg_switches(scan)
        )
    }

    /// ` AND ...`: leaving out the pinned vessel, by its insertion number
    /// in `column`.
    fn except(&self, sql: &mut Sql, column: &str) -> String {
        self.except_seq.map_or_else(String::new, |seq| format!(" AND {column} <> {}", sql.bind(Param::Int(seq))))
    }

    /// The filters, and leaving out the pinned vessel, on `v`.
    fn filters(&self, sql: &mut Sql) -> String {
        let conditions = self.filters.sql(sql, "v.");
        conditions + &self.except(sql, seq_column(self.backend))
    }

    /// `SQLite`: the rowids (as `seq`) of the text matches passing the
    /// filters, driven from the FTS5 index, which holds exactly the listed
    /// vessels and hands them out in rowid (registration) order, so a page
    /// stops after its rows whichever the count. The table is joined only
    /// when a condition needs it: a lookup per match was a third of the
    /// search's CPU.
    fn fts_select(&self, sql: &mut Sql) -> String {
        let m = sql.bind(Param::Text(fts_match(&self.text)));
        let filters = self.filters.sql(sql, "v.");
        let join = if filters.is_empty() { "" } else { " JOIN vessels v ON v.rowid = f.rowid" };
        let except = self.except(sql, "f.rowid");
        format!("SELECT f.rowid AS seq FROM vessels_fts f{join} WHERE vessels_fts MATCH {m}{filters}{except}")
    }

    /// `PostgreSQL`: the matches of the text as a FROM item of `seq`s, newest
    /// first, at most `limit` (SQL) from each variant; `None` when no variant
    /// can match. A variant's walks are merged newest first (each country's
    /// list is in registration order, so the merge stops after `limit`), and
    /// two variants without duplicates: the first n of a merge are among the
    /// first n of each part.
    fn postings(&self, sql: &mut Sql, limit: &str) -> Option<String> {
        let years = and_each(self.filters.years(sql, "g.").into_iter());
        let except = self.except(sql, "g.seq");
        let variants: Vec<String> = self
            .walks
            .iter()
            .map(|variant| {
                let recheck = variant.recheck.as_ref().map_or_else(String::new, |p| {
                    format!(" AND g.search_text LIKE {}", sql.bind(Param::Text(p.clone())))
                });
                let walks: Vec<String> = variant
                    .walks
                    .iter()
                    .map(|w| {
                        let trigram = sql.bind(Param::Text(w.trigram.clone()));
                        let country = sql.bind(Param::Text(w.country_code.clone()));
                        format!(
                            "(SELECT g.seq FROM vessel_trigrams g
                              WHERE g.trigram = {trigram} AND g.country_code = {country}{years}{recheck}{except}
                              ORDER BY g.seq DESC LIMIT {limit})"
                        )
                    })
                    .collect();
                match walks.len() {
                    1 => walks.concat(),
                    _ => format!(
                        "(SELECT w.seq FROM ({}) w ORDER BY w.seq DESC LIMIT {limit})",
                        walks.join(" UNION ALL ")
                    ),
                }
            })
            .collect();
        match variants.len() {
            0 => None,
            1 => variants.into_iter().next(),
            _ => Some(format!("({})", variants.join(" UNION "))),
        }
    }

    /// Without text: the matches counted exactly from the maintained counts,
    /// with the number of listed vessels a newest-first walk would pass
    /// through to find them. (With text, [`Matches::count_with_page`].)
    async fn count_filtered(&self, tx: &mut Tx<'_>) -> AppResult<Counted> {
        let mut sql = Sql::default();
        let country = self.filters.country(&mut sql, "").map(|c| format!(" WHERE {c}")).unwrap_or_default();
        let mut years = vec!["1 = 1".to_owned()];
        years.extend(self.filters.years(&mut sql, ""));
        if self.filters.has_years() {
            // 0 is the bucket of vessels without a known build year.
            years.push("build_year <> 0".to_owned());
        }
        let text = format!(
            "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS walked,
                    CAST(COALESCE(SUM(CASE WHEN {} THEN n ELSE 0 END), 0) AS BIGINT) AS n
             FROM listing_counts{country}",
            years.join(" AND ")
        );
        let row = sql.query(&text).fetch_one(&mut **tx).await?;
        Ok(Counted { n: row.try_get("n")?, walked: Some(row.try_get("walked")?) })
    }

    /// Text: the matches counted up to one past the bound, and at most
    /// `limit` of them from `offset` on, in one statement. The count reads
    /// the newest matches as far as any page the bound lets through, so the
    /// page is taken from what it collected rather than by a second search
    /// of the index, and the search saves a round trip. On `PostgreSQL` the
    /// walk settings are already in force ([`begin_read`]). With `keep`, also
    /// the newest [`KEPT_NEWEST`] matches, to be kept with the total.
    async fn count_with_page(
        &self,
        tx: &mut Tx<'_>,
        offset: i64,
        limit: i64,
        keep: bool,
    ) -> AppResult<(Counted, Vec<Vessel>, Option<Arc<[i64]>>)> {
        let mut sql = Sql::default();
        let bound = COUNT_BOUND + 1;
        // The newest matches, as `seq`s of `order`.
        let (newest, order) = match self.backend {
            Backend::Sqlite => {
                let select = self.fts_select(&mut sql);
                (format!("{select} ORDER BY f.rowid DESC LIMIT {bound}"), Order::FtsRowid)
            }
            Backend::Postgres => match self.postings(&mut sql, &bound.to_string()) {
                Some(postings) => (format!("SELECT u.seq FROM {postings} u"), Order::Seq),
                None => return Ok((Counted { n: 0, walked: None }, Vec::new(), keep.then(|| Arc::from([])))),
            },
        };
        let (limit, offset) = (sql.bind(Param::Int(limit)), sql.bind(Param::Int(offset)));
        let kept = if keep {
            let list = match self.backend {
                Backend::Sqlite => "group_concat(k.seq, ',')",
                Backend::Postgres => "string_agg(CAST(k.seq AS TEXT), ',')",
            };
            format!("(SELECT {list} FROM (SELECT m.seq FROM m ORDER BY m.seq DESC LIMIT {KEPT_NEWEST}) k)")
        } else {
            "CAST(NULL AS TEXT)".to_owned()
        };
        // One row per vessel of the page, each with the count; one row of
        // nulls with the count when the page is empty.
        let text = format!(
            "WITH m AS MATERIALIZED ({newest})
             SELECT c.matched, c.kept, p.* FROM (SELECT COUNT(*) AS matched, {kept} AS kept FROM m) c
             LEFT JOIN (
                 SELECT {VESSEL_COLUMNS}, {key} AS page_seq
                 FROM (SELECT m.seq FROM m ORDER BY m.seq DESC LIMIT {limit} OFFSET {offset}) s
                 JOIN vessels v ON {key} = s.seq) p ON 1 = 1
             ORDER BY p.page_seq DESC",
            key = order.key()
        );
        let rows = sql.query(&text).fetch_all(&mut **tx).await?;
        let (n, kept) = match rows.first() {
            Some(row) => (row.try_get("matched")?, row.try_get::<Option<String>, _>("kept")?),
            None => (0, None),
        };
        let mut page = Vec::with_capacity(rows.len());
        for row in &rows {
            if row.try_get::<Option<String>, _>("id")?.is_some() {
                page.push(Vessel::from_row(row)?);
            }
        }
        let newest = keep.then(|| seq_list(kept.as_deref().unwrap_or_default())).transpose()?;
        Ok((Counted { n, walked: None }, page, newest))
    }

    /// The plan for a page, from the total.
    fn scan(counted: &Counted, offset: i64, limit: i64) -> Scan {
        match counted.walked {
            // Text: the posting lists are in registration order.
            None => Scan::Walk,
            Some(walked) => {
                let walk = (offset + limit).saturating_mul(walked) / counted.n.max(1);
                if walk <= counted.n { Scan::Walk } else { Scan::Collect }
            }
        }
    }

    async fn page(
        &self,
        tx: &mut Tx<'_>,
        steered: &mut Option<Scan>,
        counted: &Counted,
        offset: i64,
        limit: i64,
    ) -> AppResult<Vec<Vessel>> {
        let scan = Self::scan(counted, offset, limit);
        let mut sql = Sql::default();
        // The page's ids as a SELECT, with the column that orders them.
        let (select, order_by, order) = match (self.backend, self.text.is_empty()) {
            (_, true) => {
                let filters = self.filters(&mut sql);
                let index = match (scan, self.filters.country_code.is_some()) {
                    (Scan::Walk, true) => "vessels_listed_country_recent",
                    (Scan::Walk, false) => "vessels_listed_recent",
                    (Scan::Collect, true) => "vessels_public_country_year",
                    (Scan::Collect, false) => "vessels_public_year",
                };
                let indexed_by =
                    if self.backend == Backend::Sqlite { format!(" INDEXED BY {index}") } else { String::new() };
                let ids = format!("SELECT v.id FROM vessels v{indexed_by} WHERE {LISTED}{filters}");
                if self.backend == Backend::Postgres && scan == Scan::Collect {
                    // Materialised so that the planner gathers every match
                    // before ordering instead of walking an ordered index.
                    (format!("WITH m AS MATERIALIZED ({ids}) SELECT m.id FROM m"), "m.id", Order::Id)
                } else {
                    (ids, "v.id", Order::Id)
                }
            }
            (Backend::Sqlite, false) => (self.fts_select(&mut sql), "f.rowid", Order::FtsRowid),
            (Backend::Postgres, false) => {
                // Each walk stops after the page's last row.
                let each = sql.bind(Param::Int(offset + limit));
                let Some(postings) = self.postings(&mut sql, &each) else { return Ok(Vec::new()) };
                (format!("SELECT u.seq FROM {postings} u"), "u.seq", Order::Seq)
            }
        };
        let (limit_p, offset_p) = (sql.bind(Param::Int(limit)), sql.bind(Param::Int(offset)));
        let ids = format!("{select} ORDER BY {order_by} DESC LIMIT {limit_p} OFFSET {offset_p}");
        if self.backend == Backend::Postgres {
            Self::steer(tx, steered, scan).await?;
        }
        // A join on the page's ids, not `IN`: with sorting off, `PostgreSQL`
        // would otherwise merge against the whole primary key to keep order.
        let text = format!(
            "SELECT {VESSEL_COLUMNS} FROM ({ids}) p JOIN vessels v ON {} ORDER BY {} DESC",
            order.join(),
            order.key()
        );
        let rows = sql.query(&text).fetch_all(&mut **tx).await?;
        Ok(rows.iter().map(Vessel::from_row).collect::<sqlx::Result<_>>()?)
    }
}

/// A vessel's insertion number on `v`: `SQLite`'s rowid, `PostgreSQL`'s
/// `seq` (migration 20).
fn seq_column(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "v.rowid",
        Backend::Postgres => "v.seq",
    }
}

/// Newest first, by which key.
#[derive(Clone, Copy)]
enum Order {
    /// Time-ordered ids.
    Id,
    /// `SQLite`'s rowid (insertion order), as the FTS5 index hands it out
    /// without sorting.
    FtsRowid,
    /// `PostgreSQL`'s `seq` (insertion order, migration 20), as the posting
    /// lists hand it out. Insertion order is registration order: the seeder
    /// and the registration flow insert in id order.
    Seq,
}

impl Order {
    /// How the page's ids meet the vessels.
    fn join(self) -> &'static str {
        match self {
            Self::Id => "v.id = p.id",
            Self::FtsRowid => "v.rowid = p.seq",
            Self::Seq => "v.seq = p.seq",
        }
    }

    /// The key the page's rows are ordered by.
    fn key(self) -> &'static str {
        match self {
            Self::Id => "v.id",
            Self::FtsRowid => "v.rowid",
            Self::Seq => "v.seq",
        }
    }
}

/// What counting found.
struct Counted {
    /// Matches; for a text search at most `COUNT_BOUND + 1`.
    n: i64,
    /// Without text: the listed vessels of the country (or all), which a
    /// newest-first walk passes through.
    walked: Option<i64>,
}

pub async fn search(state: &AppState, q: &SearchQuery) -> AppResult<VesselPage> {
    // One read transaction: the total and the page see the same listing.
    let (mut tx, mut steered) = begin_read(state).await?;
    let pinned = match &q.platform_id {
        Some(id) => pinned(&mut tx, state.backend, q, id).await?,
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
                        Some(seqs) => by_seq(&mut tx, state.backend, seqs).await?,
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

/// The search's read transaction, and the planner settings it starts with.
/// On `PostgreSQL` a snapshot for the whole transaction (`REPEATABLE READ`;
/// under `READ COMMITTED` each statement takes its own, and a vessel listed
/// between the count and the page would be miscounted), and the walk
/// settings of [`Matches::steer`] sent with the `BEGIN`, which most searches
/// need, saving a round trip. On `SQLite` a read transaction is one snapshot.
async fn begin_read(state: &AppState) -> AppResult<(Tx<'static>, Option<Scan>)> {
    Ok(match state.backend {
        Backend::Sqlite => (db::begin(&state.db, "BEGIN").await?, None),
        Backend::Postgres => {
            let begin = format!("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; {}", Matches::steering(Scan::Walk));
            (db::begin(&state.db, begin).await?, Some(Scan::Walk))
        }
    })
}

/// The listed vessel with exactly this platform ID, if it passes the
/// filters, and its insertion number (`seq`, or `SQLite`'s rowid), by which
/// the other matches leave it out.
async fn pinned(
    tx: &mut Tx<'_>,
    backend: Backend,
    q: &SearchQuery,
    id: &PlatformId,
) -> AppResult<Option<(Vessel, i64)>> {
    let mut sql = Sql::default();
    let platform_id = sql.bind(Param::Text(id.compact().to_owned()));
    let filters = Filters::of(q).sql(&mut sql, "v.");
    let text = format!(
        "SELECT {VESSEL_COLUMNS}, {} AS pinned_seq FROM vessels v
         WHERE v.platform_id = {platform_id} AND {LISTED}{filters}",
        seq_column(backend)
    );
    let Some(row) = sql.query(&text).fetch_optional(&mut **tx).await? else { return Ok(None) };
    Ok(Some((Vessel::from_row(&row)?, row.try_get("pinned_seq")?)))
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

/// The vessels with these insertion numbers, newest first, if each is
/// still listed. The listing generation under which they were kept changes
/// whenever one stops being listed; checking costs nothing, and a vessel
/// the generation missed is then searched for, not shown.
async fn by_seq(tx: &mut Tx<'_>, backend: Backend, seqs: &[i64]) -> AppResult<Option<Vec<Vessel>>> {
    if seqs.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let mut sql = Sql::default();
    let list = seqs.iter().map(|s| sql.bind(Param::Int(*s))).collect::<Vec<_>>().join(", ");
    let seq = seq_column(backend);
    let text =
        format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE {seq} IN ({list}) AND {LISTED} ORDER BY {seq} DESC");
    let rows = sql.query(&text).fetch_all(&mut **tx).await?;
    if rows.len() != seqs.len() {
        return Ok(None);
    }
    Ok(Some(rows.iter().map(Vessel::from_row).collect::<sqlx::Result<_>>()?))
}

/// Insertion numbers as the database lists them (comma-separated), newest
/// first.
fn seq_list(list: &str) -> AppResult<Arc<[i64]>> {
    let mut seqs = list
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::parse::<i64>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("a listed insertion number did not parse: {e}")))?;
    seqs.sort_unstable_by(|a, b| b.cmp(a));
    Ok(seqs.into())
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
    let generation: i64 =
        sqlx::query("SELECT value FROM search_generation WHERE id = 1").fetch_one(&mut **tx).await?.try_get("value")?;
    Ok(match cache.get(generation, &q.count_key()) {
        Some(n) => Cached::Total(n),
        None => Cached::Missing { generation: Some(generation) },
    })
}

/// Whether a `PostgreSQL` bulk load (`registry seed`) that deferred the
/// text search's posting lists stopped before building them: until they
/// are built, the vessels it loaded are not found by text.
pub async fn postings_trigger_off(conn: &mut sqlx::AnyConnection) -> sqlx::Result<bool> {
    use sqlx::Row as _;
    let row = sqlx::query(
        "SELECT tgenabled = 'D' AS off FROM pg_trigger
         WHERE tgrelid = 'vessels'::regclass AND tgname = 'vessel_trigrams_insert'",
    )
    .fetch_one(conn)
    .await?;
    row.try_get("off")
}
