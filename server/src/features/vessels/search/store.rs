//! Every statement of the public search, and its dialect branches: the SQL
//! text built for each database, the plan it is read by (which index, which
//! `PostgreSQL` planner switches, which posting lists), and each round trip.
//! Which statements a search sends, and in what order, is the service's
//! (the parent module); each is sent here as built.

use std::{
    collections::{BTreeMap, HashMap},
    fmt::Write as _,
    sync::Arc,
};

use sqlx::{FromRow, Row, any::AnyRow};

use super::super::model::{VESSEL_COLUMNS, Vessel};
use super::postings::{self, BLOCK_VESSELS, Conditions, DriverBlock, Fragment, OtherBlock};
use super::{COUNT_BOUND, Counted, KEPT_NEWEST, SearchQuery, text_variants};
use crate::{
    domain::PlatformId,
    foundation::error::{AppError, AppResult},
    platform::db::{self, Backend, Db, Tx},
};

enum Param {
    Text(String),
    Int(i64),
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;
type AnyQueryAs<'q, O> = sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>;

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

    /// The statement with its parameters, each row mapped into an `O`.
    fn query_as<'q, O>(&'q self, sql: &'q str) -> AnyQueryAs<'q, O>
    where
        O: for<'r> FromRow<'r, AnyRow>,
    {
        let mut query = sqlx::query_as(sql);
        for p in &self.params {
            query = match p {
                Param::Text(s) => query.bind(s.as_str()),
                Param::Int(i) => query.bind(*i),
            };
        }
        query
    }
}

/// A row of `trigram_counts` (migration 21): how many listed vessels of a
/// country have a trigram.
#[derive(FromRow)]
struct TrigramCount {
    trigram: String,
    country_code: String,
    n: i64,
}

/// The pinned vessel, with its insertion number.
#[derive(FromRow)]
struct PinnedRow {
    #[sqlx(flatten)]
    vessel: Vessel,
    pinned_seq: i64,
}

/// An FTS5 match expression for the variants, and the country when there
/// is one: a quoted FTS5 string is matched as a substring by the trigram
/// tokenizer, and a country's column holds `#` and its code, one trigram.
/// The text is held to its own column, which a fragment such as `#nl`
/// would otherwise find in every Dutch vessel's country column.
fn fts_match(variants: &[String], country: Option<&str>) -> String {
    let quoted = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let text = variants.iter().map(|v| quoted(v)).collect::<Vec<_>>().join(" OR ");
    match country {
        Some(code) => format!("search_text : ({text}) AND search_country : {}", quoted(&format!("#{code}"))),
        None => format!("search_text : ({text})"),
    }
}

/// How `PostgreSQL` finds one variant's matches in one country: the
/// country's posting list of the variant's rarest trigram there (the
/// driver), read newest first a few blocks at a time, with the blocks of
/// the variant's other trigrams that cover the same insertion numbers.
struct Walk {
    trigram: String,
    country_code: String,
    /// How many listed vessels of the country the driver's list holds.
    count: i64,
    /// The occurrences that prove a match ([`Fragment::cover`]).
    cover: Vec<(String, u16)>,
    /// The cover's trigrams but the driver, whose lists are read beside it.
    others: Vec<String>,
}

/// How `PostgreSQL` finds one variant's matches: a walk in each country
/// that can have one.
struct VariantWalks {
    fragment: Fragment,
    walks: Vec<Walk>,
}

/// A block as a round reads it: which walk it serves, and which of the
/// walk's lists it is of: the driver's (-1) or one of `Walk::others`, by
/// index (a number, not the trigram's text: a round can return thousands of
/// blocks, and each column of each row is converted on its way in).
#[derive(FromRow)]
struct BlockRow {
    walk: i64,
    other: i64,
    bottom: i64,
    top: i64,
    /// The block's vessels.
    n: i64,
    postings: Vec<u8>,
}

/// How far a walk has read its driver list.
#[derive(Clone, Copy)]
struct Progress {
    /// Every posting not yet read is of a vessel numbered below this.
    below: i64,
    /// Blocks the next round reads.
    take: i64,
    /// The list is read to its end.
    done: bool,
    /// Vessels in the blocks read so far: when they are all the list's
    /// (`Walk::count`, from the same snapshot), it is read to its end
    /// without a round that finds no block.
    read: i64,
}

/// Most blocks a walk reads in a round; each round reads twice as many as
/// the one before, from [`first_take`].
const MOST_TAKE: i64 = 64;

/// Blocks a walk reads in its first round: its country's share of the
/// `want` newest matches, were every vessel of the driver's lists a match,
/// and a quarter more, in full blocks, plus the newest block, which is
/// seldom full (writers append to it). The countries' vessels interleave
/// in registration order, so a frequent fragment's thousand newest matches
/// are about one block in each country; a rare fragment's list is read
/// whole.
fn first_take(variant: &VariantWalks, walk: &Walk, want: usize) -> i64 {
    let all: i64 = variant.walks.iter().map(|w| w.count).sum();
    let want = i64::try_from(want).unwrap_or(i64::MAX);
    let share = want.saturating_mul(walk.count).saturating_mul(5) / (all.max(1) * 4);
    ((share + BLOCK_VESSELS - 1) / BLOCK_VESSELS + 1).clamp(1, MOST_TAKE)
}

const LISTED: &str = "v.status = 'active' AND v.public_visibility = 1";

/// What a total and a page are drawn from: the listed vessels matching the
/// text and filters, except the exact platform ID match, which is pinned
/// ahead of them.
pub(super) struct Matches {
    backend: Backend,
    /// The text's variants, folded; empty without text.
    pub(super) text: Vec<String>,
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
pub(super) enum Scan {
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
    pub(super) fn new(backend: Backend, q: &SearchQuery, except_seq: Option<i64>) -> Self {
        let text = q.text.as_deref().map(text_variants).unwrap_or_default();
        Self { backend, text, walks: Vec::new(), filters: Filters::of(q), except_seq }
    }

    /// `PostgreSQL` with text: picks, for each variant and each country
    /// (the searched one, or every one with listed vessels), the trigram
    /// with the fewest listed vessels there, from the maintained counts
    /// (migration 21). Its list holds every match of the variant in that
    /// country, and no other list is shorter to walk.
    pub(super) async fn choose_walks(&mut self, tx: &mut Tx<'_>) -> sqlx::Result<()> {
        if self.backend != Backend::Postgres || self.text.is_empty() {
            return Ok(());
        }
        let fragments: Vec<Fragment> = self.text.iter().map(|v| Fragment::new(v)).collect();
        let per_variant: Vec<Vec<String>> = fragments.iter().map(Fragment::distinct).collect();
        let mut all = per_variant.concat();
        all.sort_unstable();
        all.dedup();
        let mut sql = Sql::default();
        let list = all.into_iter().map(|t| sql.bind(Param::Text(t))).collect::<Vec<_>>().join(", ");
        let country = self.filters.country(&mut sql, "").map(|c| format!(" AND {c}")).unwrap_or_default();
        let text =
            format!("SELECT trigram, country_code, n FROM trigram_counts WHERE trigram IN ({list}) AND n > 0{country}");
        let rows = sql.query_as::<TrigramCount>(&text).fetch_all(&mut **tx).await?;
        // Per country, in code order, so that a search's statement and
        // parameters do not depend on the order rows come back in.
        let mut counts: BTreeMap<String, HashMap<String, i64>> = BTreeMap::new();
        for r in rows {
            counts.entry(r.country_code).or_default().insert(r.trigram, r.n);
        }
        self.walks = fragments
            .into_iter()
            .zip(per_variant)
            .map(|(fragment, trigrams)| {
                let walks = counts
                    .iter()
                    .filter_map(|(country_code, counts)| {
                        // A trigram no listed vessel of the country has rules
                        // the country out.
                        let counted: Option<Vec<(i64, &String)>> =
                            trigrams.iter().map(|t| counts.get(t).map(|n| (*n, t))).collect();
                        let (count, trigram) = counted?.into_iter().min()?;
                        let cover = fragment.cover(trigram, |t| counts.get(t).copied().unwrap_or(0));
                        let mut others: Vec<String> =
                            cover.iter().map(|(t, _)| t.clone()).filter(|t| t != trigram).collect();
                        others.sort_unstable();
                        others.dedup();
                        Some(Walk {
                            trigram: trigram.clone(),
                            country_code: country_code.clone(),
                            count,
                            cover,
                            others,
                        })
                    })
                    .collect();
                VariantWalks { fragment, walks }
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
    async fn steer(tx: &mut Tx<'_>, steered: &mut Option<Scan>, scan: Scan) -> sqlx::Result<()> {
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
    /// stops after its rows whichever the count. The country is matched in
    /// the index too (its `search_country` column, migration 48); the table
    /// is joined only for the build years: a lookup per match was a third
    /// of a search's CPU, and three quarters of one within a country.
    fn fts_select(&self, sql: &mut Sql) -> String {
        let m = sql.bind(Param::Text(fts_match(&self.text, self.filters.country_code.as_deref())));
        let filters = and_each(self.filters.years(sql, "v.").into_iter());
        let join = if filters.is_empty() { "" } else { " JOIN vessels v ON v.rowid = f.rowid" };
        let except = self.except(sql, "f.rowid");
        format!("SELECT f.rowid AS seq FROM vessels_fts f{join} WHERE vessels_fts MATCH {m}{filters}{except}")
    }

    /// `PostgreSQL`: the insertion numbers of the `want` newest matches of
    /// the text (fewer when there are fewer), newest first. Each round reads
    /// the next blocks of every walk that may still hold one of the `want`
    /// newest, in one statement, and matches them here
    /// ([`postings::matches`]); a walk stops when its list ends or when
    /// everything it has left is older than the `want`th match found.
    async fn newest(&self, tx: &mut Tx<'_>, want: usize) -> sqlx::Result<Vec<i64>> {
        let walks: Vec<(&VariantWalks, &Walk)> =
            self.walks.iter().flat_map(|v| v.walks.iter().map(move |w| (v, w))).collect();
        let mut progress: Vec<Progress> = walks
            .iter()
            .map(|(variant, walk)| Progress {
                below: i64::MAX,
                take: first_take(variant, walk, want),
                done: false,
                read: 0,
            })
            .collect();
        let conditions = Conditions {
            year_from: self.filters.year_from,
            year_to: self.filters.year_to,
            except_seq: self.except_seq,
        };
        let mut found: Vec<i64> = Vec::new();
        loop {
            found.sort_unstable_by(|a, b| b.cmp(a));
            found.dedup();
            let threshold = if want > 0 && found.len() >= want { found[want - 1] } else { i64::MIN };
            let active: Vec<usize> =
                (0..walks.len()).filter(|&i| !progress[i].done && progress[i].below > threshold).collect();
            if active.is_empty() || want == 0 {
                break;
            }
            let rows = Self::round(tx, &walks, &active, &progress).await?;
            for &i in &active {
                let (variant, walk) = walks[i];
                let index = i64::try_from(i).unwrap_or(i64::MAX);
                let driver: Vec<&BlockRow> = rows.iter().filter(|r| r.walk == index && r.other < 0).collect();
                let others: Vec<OtherBlock> = rows
                    .iter()
                    .filter(|r| r.walk == index)
                    .filter_map(|r| {
                        let trigram = walk.others.get(usize::try_from(r.other).ok()?)?;
                        Some(OtherBlock { trigram, bottom: r.bottom, top: r.top, postings: &r.postings })
                    })
                    .collect();
                let p = &mut progress[i];
                p.read += driver.iter().map(|r| r.n).sum::<i64>();
                p.done = i64::try_from(driver.len()).unwrap_or(i64::MAX) < p.take || p.read >= walk.count;
                // Every unread block of the list holds vessels numbered
                // below the lowest block read.
                p.below = driver.iter().map(|r| r.bottom).min().unwrap_or(i64::MIN);
                p.take = (p.take * 2).min(MOST_TAKE);
                let blocks: Vec<DriverBlock> =
                    driver.iter().map(|r| DriverBlock { top: r.top, postings: &r.postings }).collect();
                found.extend(postings::matches(
                    &variant.fragment,
                    &walk.cover,
                    &walk.trigram,
                    &blocks,
                    &others,
                    conditions,
                ));
            }
        }
        found.truncate(want);
        Ok(found)
    }

    /// One round's blocks: for each active walk, its driver list's next
    /// blocks (`take` of them, numbered below `below`), and the blocks of
    /// its other trigrams' lists that meet the numbers those span: from the
    /// lowest number in them up to the first block at or above the highest.
    async fn round(
        tx: &mut Tx<'_>,
        walks: &[(&VariantWalks, &Walk)],
        active: &[usize],
        progress: &[Progress],
    ) -> sqlx::Result<Vec<BlockRow>> {
        let mut drivers = Vec::new();
        let mut others = Vec::new();
        for &i in active {
            let (_, walk) = walks[i];
            let p = progress[i];
            drivers.push(serde_json::json!({
                "walk": i, "trigram": walk.trigram, "country_code": walk.country_code, "below": p.below, "take": p.take
            }));
            for (other, trigram) in walk.others.iter().enumerate() {
                others.push(serde_json::json!({
                    "walk": i, "other": other, "trigram": trigram, "country_code": walk.country_code
                }));
            }
        }
        // One statement text whatever the walks (they come as JSON), so that
        // each connection prepares and plans it once.
        let text = "WITH w AS (SELECT * FROM json_to_recordset(CAST($1 AS JSON))
                        AS w (walk BIGINT, trigram TEXT, country_code TEXT, below BIGINT, take BIGINT)),
             d AS MATERIALIZED (
                 SELECT w.walk, b.top, b.bottom, b.n, b.postings FROM w CROSS JOIN LATERAL (
                     SELECT b.top, b.bottom, b.n, b.postings FROM trigram_blocks b
                     WHERE b.trigram = w.trigram AND b.country_code = w.country_code AND b.top < w.below
                     ORDER BY b.top DESC LIMIT w.take) b),
             r AS (SELECT d.walk, MIN(d.bottom) AS lo, MAX(d.top) AS hi FROM d GROUP BY d.walk),
             o AS (SELECT * FROM json_to_recordset(CAST($2 AS JSON))
                       AS o (walk BIGINT, other BIGINT, trigram TEXT, country_code TEXT))
             SELECT d.walk, CAST(-1 AS BIGINT) AS other, d.bottom, d.top, CAST(d.n AS BIGINT) AS n, d.postings FROM d
             UNION ALL
             SELECT o.walk, o.other, b.bottom, b.top, CAST(b.n AS BIGINT) AS n, b.postings
             FROM o JOIN r ON r.walk = o.walk CROSS JOIN LATERAL (
                 SELECT b.top, b.bottom, b.n, b.postings FROM trigram_blocks b
                 WHERE b.trigram = o.trigram AND b.country_code = o.country_code AND b.top >= r.lo
                   AND b.top <= COALESCE((SELECT MIN(x.top) FROM trigram_blocks x
                                          WHERE x.trigram = o.trigram AND x.country_code = o.country_code
                                            AND x.top >= r.hi), r.hi)) b";
        sqlx::query_as::<_, BlockRow>(text)
            .bind(serde_json::Value::Array(drivers).to_string())
            .bind(serde_json::Value::Array(others).to_string())
            .fetch_all(&mut **tx)
            .await
    }

    /// Without text: the matches counted exactly from the maintained counts,
    /// with the number of listed vessels a newest-first walk would pass
    /// through to find them. (With text, [`Matches::count_with_page`].)
    pub(super) async fn count_filtered(&self, tx: &mut Tx<'_>) -> sqlx::Result<Counted> {
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
        let (walked, n): (i64, i64) = sql.query_as(&text).fetch_one(&mut **tx).await?;
        Ok(Counted { n, walked: Some(walked) })
    }

    /// Text: the matches counted up to one past the bound, and at most
    /// `limit` of them from `offset` on. The count reads the newest matches
    /// as far as any page the bound lets through, so the page is taken from
    /// what it collected rather than by a second search of the index. On
    /// `SQLite` in one statement; on `PostgreSQL` from the posting blocks
    /// ([`Matches::newest`], under the walk settings [`begin_read`] put in
    /// force), then the page's rows. With `keep`, also the newest
    /// [`KEPT_NEWEST`] matches, to be kept with the total.
    pub(super) async fn count_with_page(
        &self,
        tx: &mut Tx<'_>,
        offset: i64,
        limit: i64,
        keep: bool,
    ) -> AppResult<(Counted, Vec<Vessel>, Option<Arc<[i64]>>)> {
        let bound = COUNT_BOUND + 1;
        if self.backend == Backend::Postgres {
            let newest = self.newest(tx, usize::try_from(bound).unwrap_or(usize::MAX)).await?;
            let n = i64::try_from(newest.len()).unwrap_or(i64::MAX);
            let page = Self::page_of(&newest, offset, limit);
            let rows = rows_of_matches(tx, page).await?;
            let kept = keep.then(|| Arc::from(&newest[..newest.len().min(KEPT_NEWEST)]));
            return Ok((Counted { n, walked: None }, rows, kept));
        }
        let mut sql = Sql::default();
        // The newest matches, as FTS5 rowids.
        let select = self.fts_select(&mut sql);
        let (newest, order) = (format!("{select} ORDER BY f.rowid DESC LIMIT {bound}"), Order::FtsRowid);
        let (limit, offset) = (sql.bind(Param::Int(limit)), sql.bind(Param::Int(offset)));
        let kept = if keep {
            format!(
                "(SELECT group_concat(k.seq, ',') FROM (SELECT m.seq FROM m ORDER BY m.seq DESC LIMIT {KEPT_NEWEST}) k)"
            )
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
        // Read by column, not by a derived struct: every row carries the count, and the
        // page's vessel columns are all NULL when the page is empty (one row, no vessel).
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

    /// The matches from `offset`, at most `limit`.
    fn page_of(newest: &[i64], offset: i64, limit: i64) -> &[i64] {
        let from = usize::try_from(offset).unwrap_or(usize::MAX).min(newest.len());
        let to = from.saturating_add(usize::try_from(limit).unwrap_or(0)).min(newest.len());
        &newest[from..to]
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

    pub(super) async fn page(
        &self,
        tx: &mut Tx<'_>,
        steered: &mut Option<Scan>,
        counted: &Counted,
        offset: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<Vessel>> {
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
                // The walks stop after the page's last match.
                Self::steer(tx, steered, Scan::Walk).await?;
                let want = usize::try_from(offset + limit).unwrap_or(usize::MAX);
                let newest = self.newest(tx, want).await?;
                return rows_of_matches(tx, Self::page_of(&newest, offset, limit)).await;
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
        sql.query_as::<Vessel>(&text).fetch_all(&mut **tx).await
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
}

impl Order {
    /// How the page's ids meet the vessels.
    fn join(self) -> &'static str {
        match self {
            Self::Id => "v.id = p.id",
            Self::FtsRowid => "v.rowid = p.seq",
        }
    }

    /// The key the page's rows are ordered by.
    fn key(self) -> &'static str {
        match self {
            Self::Id => "v.id",
            Self::FtsRowid => "v.rowid",
        }
    }
}

/// The search's read transaction, and the planner settings it starts with.
/// On `PostgreSQL` a snapshot for the whole transaction (`REPEATABLE READ`;
/// under `READ COMMITTED` each statement takes its own, and a vessel listed
/// between the count and the page would be miscounted), and the walk
/// settings of [`Matches::steer`] sent with the `BEGIN`, which most searches
/// need, saving a round trip. On `SQLite` a read transaction is one snapshot.
pub(super) async fn begin_read(db: &Db, backend: Backend) -> sqlx::Result<(Tx<'static>, Option<Scan>)> {
    Ok(match backend {
        Backend::Sqlite => (db::begin(db, "BEGIN").await?, None),
        Backend::Postgres => {
            let begin = format!("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; {}", Matches::steering(Scan::Walk));
            (db::begin(db, begin).await?, Some(Scan::Walk))
        }
    })
}

/// The listed vessel with exactly this platform ID, if it passes the
/// filters, and its insertion number (`seq`, or `SQLite`'s rowid), by which
/// the other matches leave it out.
pub(super) async fn pinned_vessel(
    tx: &mut Tx<'_>,
    backend: Backend,
    q: &SearchQuery,
    id: &PlatformId,
) -> sqlx::Result<Option<(Vessel, i64)>> {
    let mut sql = Sql::default();
    let platform_id = sql.bind(Param::Text(id.compact().to_owned()));
    let filters = Filters::of(q).sql(&mut sql, "v.");
    let text = format!(
        "SELECT {VESSEL_COLUMNS}, {} AS pinned_seq FROM vessels v
         WHERE v.platform_id = {platform_id} AND {LISTED}{filters}",
        seq_column(backend)
    );
    let row = sql.query_as::<PinnedRow>(&text).fetch_optional(&mut **tx).await?;
    Ok(row.map(|r| (r.vessel, r.pinned_seq)))
}

/// The vessels with these insertion numbers, newest first, if each is
/// still listed. The listing generation under which they were kept changes
/// whenever one stops being listed; checking costs nothing, and a vessel
/// the generation missed is then searched for, not shown.
pub(super) async fn listed_by_seq(
    tx: &mut Tx<'_>,
    backend: Backend,
    seqs: &[i64],
) -> sqlx::Result<Option<Vec<Vessel>>> {
    if seqs.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let mut sql = Sql::default();
    let list = seqs.iter().map(|s| sql.bind(Param::Int(*s))).collect::<Vec<_>>().join(", ");
    let seq = seq_column(backend);
    let text =
        format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE {seq} IN ({list}) AND {LISTED} ORDER BY {seq} DESC");
    let rows = sql.query_as::<Vessel>(&text).fetch_all(&mut **tx).await?;
    if rows.len() != seqs.len() {
        return Ok(None);
    }
    Ok(Some(rows))
}

/// `PostgreSQL`: the vessels a text search matched in its snapshot, newest
/// first. The posting blocks hold only listed vessels and change in the
/// same transactions as the vessels, so every one is found: one missing is
/// an inconsistency, not an empty result.
async fn rows_of_matches(tx: &mut Tx<'_>, seqs: &[i64]) -> sqlx::Result<Vec<Vessel>> {
    listed_by_seq(tx, Backend::Postgres, seqs).await?.ok_or(sqlx::Error::RowNotFound)
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

/// The listing generation (`search_generation`), under which the count
/// cache files totals.
pub(super) async fn search_generation(tx: &mut Tx<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT value FROM search_generation WHERE id = 1").fetch_one(&mut **tx).await
}

/// Whether a `PostgreSQL` bulk load (`registry seed`) that deferred the
/// text search's posting lists stopped before building them: until they
/// are built, the vessels it loaded are not found by text.
pub async fn postings_trigger_off(conn: &mut sqlx::AnyConnection) -> sqlx::Result<bool> {
    postings_trigger_is_off(conn).await
}

/// Whether the text search's index is missing vessels an interrupted bulk
/// load left unindexed: only `PostgreSQL`'s posting lists can be (`SQLite`'s
/// FTS5 index is filled in the loading transaction itself).
pub async fn text_index_incomplete(db: &Db, backend: Backend) -> sqlx::Result<bool> {
    match backend {
        Backend::Sqlite => Ok(false),
        Backend::Postgres => postings_trigger_is_off(&mut *db.acquire().await?).await,
    }
}

async fn postings_trigger_is_off(conn: &mut sqlx::AnyConnection) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT tgenabled = 'D' AS off FROM pg_trigger
         WHERE tgrelid = 'vessels'::regclass AND tgname = 'vessel_trigrams_insert'",
    )
    .fetch_one(conn)
    .await
}

/// Only the vessels reported stolen (`stolen=true`), newest report first, with
/// the filters and the text as a fragment of the folded card text or the
/// platform ID: few rows, read by their own index (`vessels_stolen`), and
/// counted exactly. The total and the page.
pub(super) async fn stolen_page(
    tx: &mut Tx<'_>,
    q: &SearchQuery,
    offset: i64,
    limit: i64,
) -> sqlx::Result<(i64, Vec<Vessel>)> {
    let mut sql = Sql::default();
    let filters = Filters::of(q).sql(&mut sql, "v.");
    let mut matches = Vec::new();
    if let Some(text) = &q.text {
        let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        matches.push(format!("v.search_text LIKE {} ESCAPE '\\'", sql.bind(Param::Text(format!("%{escaped}%")))));
    }
    if let Some(id) = &q.platform_id {
        matches.push(format!("v.platform_id = {}", sql.bind(Param::Text(id.compact().to_owned()))));
    }
    if let Some(name) = &q.short_name {
        let length = name.chars().count();
        matches.push(format!("substr(v.name_folded, 1, {length}) = {}", sql.bind(Param::Text(name.clone()))));
    }
    let text = if matches.is_empty() { String::new() } else { format!(" AND ({})", matches.join(" OR ")) };
    let condition = format!("v.stolen_status IS NOT NULL AND {LISTED}{filters}{text}");
    let count = format!("SELECT COUNT(*) FROM vessels v WHERE {condition}");
    let (total,): (i64,) = sql.query_as(&count).fetch_one(&mut **tx).await?;
    let (offset, limit) = (sql.bind(Param::Int(offset)), sql.bind(Param::Int(limit)));
    let page = format!(
        "SELECT {VESSEL_COLUMNS} FROM vessels v WHERE {condition}
         ORDER BY v.stolen_reported_at DESC, v.id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows = sql.query_as::<Vessel>(&page).fetch_all(&mut **tx).await?;
    Ok((total, rows))
}

/// Short text: which of its two sets a statement reads.
#[derive(Clone, Copy)]
pub(super) enum ShortSet {
    /// Names that are exactly the text.
    Exact,
    /// Names that start with it and are longer.
    Prefixed,
}

/// The condition of a short-name set, its parameters bound into `sql`.
/// The exact name is read from `vessels_listed_name`; a prefix from the
/// B-tree of the name's first one or two characters (migrations 44 and 46:
/// each carries every column this condition reads, so that counting does
/// not touch the table), whose
/// expression is written here as the index writes it, with the lengths as
/// literals, so that both planners match it.
fn short_condition(sql: &mut Sql, q: &SearchQuery, name: &str, set: ShortSet) -> String {
    let filters = Filters::of(q).sql(sql, "v.");
    let listed = format!("{LISTED} AND v.name_folded IS NOT NULL{filters}");
    let length = name.chars().count();
    match set {
        ShortSet::Exact => format!("{listed} AND v.name_folded = {}", sql.bind(Param::Text(name.to_owned()))),
        ShortSet::Prefixed => {
            let head_len = length.min(2);
            let head: String = name.chars().take(head_len).collect();
            let head = sql.bind(Param::Text(head));
            let name = sql.bind(Param::Text(name.to_owned()));
            // A longer text ('k 2') is narrowed by its first two characters
            // and checked whole.
            let whole =
                if length > 2 { format!(" AND substr(v.name_folded, 1, {length}) = {name}") } else { String::new() };
            format!("{listed} AND substr(v.name_folded, 1, {head_len}) = {head}{whole} AND v.name_folded <> {name}")
        }
    }
}

/// How many listed vessels of a short-name set match, counted up to one
/// past the bound.
pub(super) async fn short_count(tx: &mut Tx<'_>, q: &SearchQuery, name: &str, set: ShortSet) -> sqlx::Result<i64> {
    let mut sql = Sql::default();
    let condition = short_condition(&mut sql, q, name, set);
    let bound = sql.bind(Param::Int(COUNT_BOUND + 1));
    let count = format!("SELECT COUNT(*) FROM (SELECT 1 FROM vessels v WHERE {condition} LIMIT {bound}) t");
    let (n,): (i64,) = sql.query_as(&count).fetch_one(&mut **tx).await?;
    Ok(n)
}

/// A page of a short-name set, newest first.
pub(super) async fn short_page(
    tx: &mut Tx<'_>,
    q: &SearchQuery,
    name: &str,
    set: ShortSet,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<Vessel>> {
    let mut sql = Sql::default();
    let condition = short_condition(&mut sql, q, name, set);
    let (offset, limit) = (sql.bind(Param::Int(offset)), sql.bind(Param::Int(limit)));
    // The page's ids from the index alone (a filter skips many entries),
    // then their rows, joined in the ids' order: under the search's walk
    // settings (no sort), `v.id IN (…) ORDER BY v.id DESC` was planned as a
    // walk over every vessel's primary key, a second a page.
    let page = format!(
        "SELECT {VESSEL_COLUMNS} FROM (
             SELECT v.id FROM vessels v WHERE {condition} ORDER BY v.id DESC LIMIT {limit} OFFSET {offset}) p
         JOIN vessels v ON v.id = p.id
         ORDER BY p.id DESC"
    );
    sql.query_as::<Vessel>(&page).fetch_all(&mut **tx).await
}
