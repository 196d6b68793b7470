//! The public registry search. Only active, public vessels. A text query
//! matches a platform ID exactly (any case, hyphens optional) and name,
//! make, model or platform ID by case- and accent-insensitive substring,
//! served by a trigram index on each database (FTS5 on `SQLite`, `pg_trgm` on
//! `PostgreSQL`). Order: the exact platform ID match first, then the most
//! recently registered (ids are time-ordered and unique, so paging is stable).

use serde::Deserialize;
use sqlx::{FromRow, Row};
use utoipa::IntoParams;

use super::{
    count_cache::CountKey,
    model::{VESSEL_COLUMNS, Vessel, VesselPage},
};
use crate::{
    app::AppState,
    db::Backend,
    domain::{PlatformId, folded::fold},
    error::{AppError, AppResult},
};

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;
/// The deepest page served: ten million results at the largest page size,
/// more than Europe's whole fleet, and an offset that cannot overflow.
pub const MAX_PAGE: i64 = 100_000;
/// Trigram indexes need three characters to narrow anything down.
pub const MIN_TEXT_LEN: usize = 3;

/// Raw query parameters; parsed by [`SearchQuery::parse`] so that a bad
/// value answers 400 with a message rather than axum's plain-text rejection.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// A platform ID, or a fragment of a name, make or model (3 or more characters besides spaces).
    /// Blank is the same as absent.
    #[param(
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
fn number(field: &str, label: &str, raw: Option<&str>) -> AppResult<Option<i64>> {
    match raw {
        None => Ok(None),
        Some(s) => s.parse::<i64>().map(Some).map_err(|_| {
            AppError::bad_request("invalid_parameter", format!("{label} must be a whole number (parameter {field})."))
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
        let page = number("page", "Page", p.page.as_deref())?.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(AppError::bad_request("invalid_parameter", format!("Page must be between 1 and {MAX_PAGE}.")));
        }
        let page_size = number("pageSize", "Page size", p.page_size.as_deref())?.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(AppError::bad_request(
                "invalid_parameter",
                format!("Page size must be between 1 and {MAX_PAGE_SIZE}."),
            ));
        }
        let country_code = match p.country_code.as_deref() {
            None => None,
            Some(c) if c.len() == 2 && c.chars().all(|c| c.is_ascii_alphabetic()) => Some(c.to_ascii_uppercase()),
            Some(_) => {
                return Err(AppError::bad_request("invalid_parameter", "Country codes have two letters, like NL."));
            }
        };
        let mut q = Self {
            country_code,
            year_from: number("buildYearFrom", "Year from", p.build_year_from.as_deref())?,
            year_to: number("buildYearTo", "Year to", p.build_year_to.as_deref())?,
            page,
            page_size,
            ..Self::default()
        };
        if let Some(raw) = p.query.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.platform_id = PlatformId::parse(raw).ok();
            let folded = fold(raw);
            if folded.chars().filter(|c| !c.is_whitespace()).count() >= MIN_TEXT_LEN {
                q.text = Some(folded);
            } else if q.platform_id.is_none() {
                return Err(AppError::bad_request(
                    "query_too_short",
                    "Type at least 3 characters to search by name, make or model.",
                ));
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

fn bind_all<'q>(mut query: AnyQuery<'q>, params: &'q [Param]) -> AnyQuery<'q> {
    for p in params {
        query = match p {
            Param::Text(s) => query.bind(s.as_str()),
            Param::Int(i) => query.bind(*i),
        };
    }
    query
}

/// A substring predicate on `v.search_text` for this database.
fn text_predicate(backend: Backend, n: usize) -> String {
    match backend {
        Backend::Sqlite => format!("v.rowid IN (SELECT rowid FROM vessels_fts WHERE vessels_fts MATCH ${n})"),
        Backend::Postgres => format!("v.search_text LIKE ${n} ESCAPE '\\'"),
    }
}

fn text_pattern(backend: Backend, folded: &str) -> String {
    match backend {
        // A quoted FTS5 string is matched as a substring by the trigram tokenizer.
        Backend::Sqlite => format!("\"{}\"", folded.replace('"', "\"\"")),
        Backend::Postgres => {
            let escaped = folded.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            format!("%{escaped}%")
        }
    }
}

/// The text and, when it differs, its de-hyphenated form: "7kq2-m9xd"
/// should find the ID stored as "7kq2m9xd..." too.
fn text_variants(text: &str) -> Vec<String> {
    let mut variants = vec![text.to_owned()];
    let dehyphenated = text.replace('-', "");
    if dehyphenated != text && dehyphenated.chars().count() >= MIN_TEXT_LEN && !dehyphenated.contains(' ') {
        variants.push(dehyphenated);
    }
    variants
}

pub async fn search(state: &AppState, q: &SearchQuery) -> AppResult<VesselPage> {
    let plan = Plan::new(state.backend, q);
    let total = total(state, q, &plan).await?;
    let data = plan.page(state, q).await?;
    Ok(VesselPage { data, total, total_pages: (total + q.page_size - 1) / q.page_size })
}

/// The exact number of matches, counted once per listing generation.
async fn total(state: &AppState, q: &SearchQuery, plan: &Plan) -> AppResult<i64> {
    let cache = &state.search_counts;
    if !cache.is_enabled() {
        return plan.count(state).await;
    }
    // Read before counting: see the module documentation of `count_cache`.
    let generation: i64 =
        sqlx::query("SELECT value FROM search_generation WHERE id = 1").fetch_one(&state.db).await?.try_get("value")?;
    let key = q.count_key();
    if let Some(n) = cache.get(generation, &key) {
        return Ok(n);
    }
    let n = plan.count(state).await?;
    cache.put(generation, key, n);
    Ok(n)
}

/// How a search runs on this database.
enum Plan {
    /// `SQLite`, text only: the FTS5 index holds exactly the listed vessels
    /// (migration 0004), so the count and the page come from it alone and a
    /// page stops after its rows instead of sorting every match. Its rowid
    /// order is registration order.
    FtsOnly { fts: String },
    /// Anything else: conditions on the vessels table and its indexes.
    General { where_clause: String, order: String, params: Vec<Param> },
}

impl Plan {
    fn new(backend: Backend, q: &SearchQuery) -> Self {
        let only_text = q.country_code.is_none() && q.year_from.is_none() && q.year_to.is_none();
        // A query that parses as a platform ID takes the general path, which
        // puts the exact match first on page one.
        if let (Backend::Sqlite, true, None, Some(text)) = (backend, only_text, &q.platform_id, &q.text) {
            let variants = text_variants(text).iter().map(|v| text_pattern(backend, v)).collect::<Vec<_>>();
            return Plan::FtsOnly { fts: variants.join(" OR ") };
        }
        let mut conditions = vec!["v.status = 'active'".to_owned(), "v.public_visibility = 1".to_owned()];
        let mut params: Vec<Param> = Vec::new();
        let bind = |p: Param, params: &mut Vec<Param>| {
            params.push(p);
            params.len()
        };
        let mut order = String::new();
        let mut text_or_id = Vec::new();
        if let Some(id) = &q.platform_id {
            let n = bind(Param::Text(id.compact().to_owned()), &mut params);
            text_or_id.push(format!("v.platform_id = ${n}"));
            order = format!("(v.platform_id = ${n}) DESC, ");
        }
        for variant in q.text.as_deref().map(text_variants).unwrap_or_default() {
            let n = bind(Param::Text(text_pattern(backend, &variant)), &mut params);
            text_or_id.push(text_predicate(backend, n));
        }
        if !text_or_id.is_empty() {
            conditions.push(format!("({})", text_or_id.join(" OR ")));
        }
        if let Some(c) = &q.country_code {
            let n = bind(Param::Text(c.clone()), &mut params);
            conditions.push(format!("v.country_code = ${n}"));
        }
        if let Some(y) = q.year_from {
            let n = bind(Param::Int(y), &mut params);
            conditions.push(format!("v.build_year >= ${n}"));
        }
        if let Some(y) = q.year_to {
            let n = bind(Param::Int(y), &mut params);
            conditions.push(format!("v.build_year <= ${n}"));
        }
        Plan::General { where_clause: conditions.join(" AND "), order, params }
    }

    async fn count(&self, state: &AppState) -> AppResult<i64> {
        let row = match self {
            Plan::FtsOnly { fts } => {
                sqlx::query("SELECT COUNT(*) AS n FROM vessels_fts WHERE vessels_fts MATCH $1")
                    .bind(fts.as_str())
                    .fetch_one(&state.db)
                    .await?
            }
            Plan::General { where_clause, params, .. } => {
                let sql = format!("SELECT COUNT(*) AS n FROM vessels v WHERE {where_clause}");
                bind_all(sqlx::query(&sql), params).fetch_one(&state.db).await?
            }
        };
        Ok(row.try_get("n")?)
    }

    async fn page(&self, state: &AppState, q: &SearchQuery) -> AppResult<Vec<Vessel>> {
        let offset = (q.page - 1) * q.page_size;
        let rows = match self {
            Plan::FtsOnly { fts } => {
                sqlx::query(&format!(
                    "SELECT {VESSEL_COLUMNS} FROM vessels v
                     WHERE v.rowid IN (SELECT rowid FROM vessels_fts WHERE vessels_fts MATCH $1
                                       ORDER BY rowid DESC LIMIT $2 OFFSET $3)
                       AND v.status = 'active' AND v.public_visibility = 1
                     ORDER BY v.rowid DESC"
                ))
                .bind(fts.as_str())
                .bind(q.page_size)
                .bind(offset)
                .fetch_all(&state.db)
                .await?
            }
            Plan::General { where_clause, order, params } => {
                // The page's ids first, from the (covering) filter indexes, and
                // only then their rows: sorting the matches touches index
                // entries, not thousands of table rows.
                let limit = params.len() + 1;
                let sql = format!(
                    "SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.id IN (
                         SELECT v.id FROM vessels v WHERE {where_clause}
                         ORDER BY {order}v.id DESC LIMIT ${limit} OFFSET ${})
                     ORDER BY {order}v.id DESC",
                    limit + 1
                );
                bind_all(sqlx::query(&sql), params).bind(q.page_size).bind(offset).fetch_all(&state.db).await?
            }
        };
        Ok(rows.iter().map(Vessel::from_row).collect::<sqlx::Result<_>>()?)
    }
}
