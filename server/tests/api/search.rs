use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, sailboat};

async fn seeded(n: usize) -> TestApp {
    let app = TestApp::spawn().await;
    registry::cli::seed_vessels::vessels(&app.state, n, None).await.unwrap();
    app
}

async fn search(app: &TestApp, query: &str) -> (StatusCode, Value) {
    parts(app.get(&format!("/api/vessels/search?{query}")).await).await
}

/// What a load draws, in registration order (times follow the clock).
async fn drawn(rng_seed: u64) -> Vec<(String, Option<String>, String, String, i64, String)> {
    let app = TestApp::spawn().await;
    registry::cli::seed_vessels::vessels(&app.state, 40, Some(rng_seed)).await.unwrap();
    sqlx::query_as(
        "SELECT platform_id, name, make, model, build_year, country_code FROM vessels ORDER BY created_at, id",
    )
    .fetch_all(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_load_from_the_same_rng_seed_holds_the_same_vessels() {
    let first = drawn(33).await;
    assert_eq!(first.len(), 40);
    assert_eq!(drawn(33).await, first, "the benchmark compares runs on equal data");
    assert_ne!(drawn(34).await, first, "another seed draws other vessels");
}

#[tokio::test]
async fn seeded_vessels_are_valid_active_and_searchable() {
    let app = seeded(120).await;
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vessels WHERE status = 'active'").await, 120);
    let (status, page) = search(&app, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["total"], 120);
    assert_eq!(page["totalPages"], 12);
    assert_eq!(page["data"].as_array().unwrap().len(), 10);
    for v in page["data"].as_array().unwrap() {
        assert!(registry::domain::PlatformId::parse(v["platformId"].as_str().unwrap()).is_ok());
        if let Some(cin) = v["cin"].as_str() {
            let parsed = registry::domain::identifiers::Cin::parse(cin).unwrap();
            parsed.check_build_year(i32::try_from(v["buildYear"].as_i64().unwrap()).unwrap()).unwrap();
        }
        if let Some(mmsi) = v["identifiers"]["mmsi"].as_str() {
            assert!(registry::domain::identifiers::Mmsi::parse(mmsi).is_ok());
        }
    }
    let (_, registry_stats) = parts(app.get("/api/stats").await).await;
    assert_eq!(registry_stats["registeredVessels"], 120);
}

#[tokio::test]
async fn pages_cover_every_result_once_in_a_stable_order() {
    let app = seeded(45).await;
    let mut seen = HashSet::new();
    let mut previous: Option<String> = None;
    for page in 1..=5 {
        let (_, p) = search(&app, &format!("page={page}&pageSize=10")).await;
        assert_eq!(p["total"], 45);
        assert_eq!(p["totalPages"], 5);
        for v in p["data"].as_array().unwrap() {
            assert!(seen.insert(v["id"].as_str().unwrap().to_owned()), "a vessel on two pages");
            let id = v["id"].as_str().unwrap().to_owned();
            if let Some(prev) = &previous {
                assert!(id < *prev, "most recently registered first (ids are time-ordered)");
            }
            previous = Some(id);
        }
    }
    assert_eq!(seen.len(), 45);
    let (_, beyond) = search(&app, "page=6").await;
    assert_eq!(beyond["data"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn a_name_fragment_matches_case_and_accent_insensitively() {
    let app = seeded(150).await;
    for (query, needle) in [("query=BAVAR", "bavaria"), ("query=%C3%A9toile", "étoile"), ("query=etoile", "étoile")] {
        let (status, p) = search(&app, query).await;
        assert_eq!(status, StatusCode::OK);
        let total = p["total"].as_i64().unwrap();
        let expected = app
            .scalar(&format!(
                "SELECT COUNT(*) FROM vessels WHERE search_text LIKE '%{}%'",
                registry::domain::folded::fold(needle)
            ))
            .await;
        assert_eq!(total, expected, "{query}");
        for v in p["data"].as_array().unwrap() {
            let hay = registry::domain::folded::fold(&format!(
                "{} {} {}",
                v["name"].as_str().unwrap_or(""),
                v["make"],
                v["model"]
            ));
            assert!(hay.contains(&registry::domain::folded::fold(needle)), "{hay}");
        }
    }
}

#[tokio::test]
async fn a_platform_id_is_found_in_any_case_without_hyphens() {
    let app = seeded(30).await;
    let (_, p) = search(&app, "pageSize=30").await;
    let target = p["data"][17]["platformId"].as_str().unwrap().to_owned();
    for form in [target.clone(), target.to_lowercase().replace('-', ""), format!("  {}  ", target.to_lowercase())] {
        let (_, found) = search(&app, &format!("query={}", urlencode(&form))).await;
        assert_eq!(found["data"][0]["platformId"], target.as_str(), "{form}");
        assert_eq!(found["total"], 1);
    }
}

#[tokio::test]
async fn filters_combine_and_an_inverted_year_range_is_empty() {
    let app = seeded(200).await;
    let (_, p) = search(&app, "countryCode=de&buildYearFrom=1990&buildYearTo=2010&pageSize=100").await;
    let expected =
        app.scalar("SELECT COUNT(*) FROM vessels WHERE country_code = 'DE' AND build_year BETWEEN 1990 AND 2010").await;
    assert_eq!(p["total"].as_i64().unwrap(), expected);
    for v in p["data"].as_array().unwrap() {
        assert_eq!(v["countryCode"], "DE");
        let y = v["buildYear"].as_i64().unwrap();
        assert!((1990..=2010).contains(&y));
    }
    let (status, p) = search(&app, "buildYearFrom=2010&buildYearTo=1990").await;
    assert_eq!((status, p["total"].as_i64()), (StatusCode::OK, Some(0)));
}

#[tokio::test]
async fn bad_parameters_answer_400_with_a_message() {
    let app = TestApp::spawn().await;
    for q in
        ["buildYearFrom=abc", "page=0", "page=100001", "page=9223372036854775807", "pageSize=101", "countryCode=NLD"]
    {
        let (status, body) = search(&app, q).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{q}");
        assert!(body["message"].as_str().unwrap().len() > 10, "{q}");
    }
    // A search looks up each distinct trigram of the query: the length is bounded.
    let long: String = (0..101).map(|i| char::from(b'a' + u8::try_from(i % 26).unwrap())).collect();
    let (status, body) = search(&app, &format!("query={long}")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("query_too_long")), "{body}");
    let (status, body) = search(&app, &format!("query={}", &long[..100])).await;
    assert_eq!(status, StatusCode::OK, "100 characters are fine: {body}");
}

#[tokio::test]
async fn unlisted_vessels_never_appear() {
    let app = seeded(20).await;
    sqlx::query("UPDATE vessels SET public_visibility = 0 WHERE id IN (SELECT id FROM vessels ORDER BY id LIMIT 5)")
        .execute(&app.db)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE vessels SET status = 'deactivated' WHERE id IN (SELECT id FROM vessels ORDER BY id DESC LIMIT 3)",
    )
    .execute(&app.db)
    .await
    .unwrap();
    let (_, p) = search(&app, "pageSize=100").await;
    assert_eq!(p["total"], 12);
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[tokio::test]
async fn text_search_follows_listing_changes() {
    let app = seeded(30).await;
    let (_, p) = search(&app, "pageSize=1").await;
    let (id, pid) =
        (p["data"][0]["id"].as_str().unwrap().to_owned(), p["data"][0]["platformId"].as_str().unwrap().to_owned());
    let fragment = pid.replace('-', "")[..6].to_lowercase();
    let found = |p: &Value| p["data"].as_array().unwrap().iter().any(|v| v["id"] == id.as_str());
    let set = |sql: &'static str| {
        let (db, id) = (app.db.clone(), id.clone());
        async move { sqlx::query(sql).bind(id).execute(&db).await.unwrap() }
    };
    let (_, p) = search(&app, &format!("query={fragment}")).await;
    assert!(found(&p));
    set("UPDATE vessels SET public_visibility = 0 WHERE id = $1").await;
    let (_, p) = search(&app, &format!("query={fragment}")).await;
    assert!(!found(&p), "hidden vessels leave the text index");
    set("UPDATE vessels SET public_visibility = 1 WHERE id = $1").await;
    let (_, p) = search(&app, &format!("query={fragment}")).await;
    assert!(found(&p), "and come back when shown again");
    set("UPDATE vessels SET status = 'deactivated' WHERE id = $1").await;
    let (_, p) = search(&app, &format!("query={fragment}")).await;
    assert!(!found(&p));
}

/// Every vessel a search finds, page by page.
async fn all_pages(app: &TestApp, query: &str, page_size: usize) -> Vec<Value> {
    let mut found = Vec::new();
    for page in 1.. {
        let (status, p) = search(app, &format!("{query}&page={page}&pageSize={page_size}")).await;
        assert_eq!(status, StatusCode::OK, "{p}");
        let data = p["data"].as_array().unwrap();
        assert!(data.len() <= page_size);
        if data.is_empty() {
            assert_eq!(p["totalPages"].as_i64().unwrap(), page - 1, "{query}");
            break;
        }
        found.extend(data.iter().cloned());
        assert!(usize::try_from(p["total"].as_i64().unwrap()).unwrap() >= found.len());
    }
    found
}

fn folded_card(v: &Value) -> String {
    registry::domain::folded::fold(&format!(
        "{} {} {} {}",
        v["name"].as_str().unwrap_or(""),
        v["make"].as_str().unwrap(),
        v["model"].as_str().unwrap(),
        v["platformId"].as_str().unwrap().replace('-', "")
    ))
}

#[tokio::test]
async fn a_text_search_pages_in_registration_order_also_after_a_second_seeding() {
    let app = seeded(40).await;
    registry::cli::seed_vessels::vessels(&app.state, 40, None).await.unwrap();
    let everything = all_pages(&app, "x=1", 100).await;
    assert_eq!(everything.len(), 80);
    let ids: Vec<&str> = everything.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first, the second seeding after the first");

    let fragment = registry::domain::folded::fold(everything[0]["make"].as_str().unwrap())[..3].to_owned();
    let expected: Vec<&str> =
        everything.iter().filter(|v| folded_card(v).contains(&fragment)).map(|v| v["id"].as_str().unwrap()).collect();
    let found = all_pages(&app, &format!("query={fragment}"), 3).await;
    let found: Vec<&str> = found.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(found, expected, "every match once, in the same order as the unfiltered registry");
    let (_, p) = search(&app, &format!("query={fragment}&pageSize=3")).await;
    assert_eq!(usize::try_from(p["total"].as_i64().unwrap()).unwrap(), expected.len());
    assert_eq!(usize::try_from(p["totalPages"].as_i64().unwrap()).unwrap(), expected.len().div_ceil(3));
}

#[tokio::test]
async fn text_and_filters_combine() {
    let app = seeded(200).await;
    let everything = all_pages(&app, "x=1", 100).await;
    let sample = &everything[7];
    // Up to four characters: some models are only three long ("F45").
    let fragment: String = registry::domain::folded::fold(sample["model"].as_str().unwrap()).chars().take(4).collect();
    let country = sample["countryCode"].as_str().unwrap();
    let year = sample["buildYear"].as_i64().unwrap();
    let query = format!(
        "query={}&countryCode={country}&buildYearFrom={}&buildYearTo={}",
        urlencode(&fragment),
        year - 3,
        year + 3
    );
    let expected: Vec<&str> = everything
        .iter()
        .filter(|v| folded_card(v).contains(&fragment) && v["countryCode"] == country)
        .filter(|v| (year - 3..=year + 3).contains(&v["buildYear"].as_i64().unwrap()))
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert!(expected.contains(&sample["id"].as_str().unwrap()));
    let found = all_pages(&app, &query, 2).await;
    assert_eq!(found.iter().map(|v| v["id"].as_str().unwrap()).collect::<Vec<_>>(), expected);
}

#[tokio::test]
async fn an_exact_platform_id_comes_before_vessels_that_only_mention_it() {
    let app = seeded(10).await;
    let everything = all_pages(&app, "x=1", 100).await;
    let (newest, oldest) = (&everything[0], &everything[9]);
    let target = oldest["platformId"].as_str().unwrap();
    // The newest vessel's name mentions the oldest one's ID.
    let name = format!("Tender of {}", target.replace('-', ""));
    sqlx::query("UPDATE vessels SET name = $1, search_text = $2 WHERE id = $3")
        .bind(&name)
        .bind(registry::domain::folded::fold(&format!(
            "{name} {} {}",
            newest["make"].as_str().unwrap(),
            newest["model"].as_str().unwrap()
        )))
        .bind(newest["id"].as_str().unwrap())
        .execute(&app.db)
        .await
        .unwrap();
    let (_, p) = search(&app, &format!("query={}", target.to_lowercase())).await;
    assert_eq!(p["total"], 2, "{p}");
    assert_eq!(p["data"][0]["platformId"], target, "the exact match first");
    assert_eq!(p["data"][1]["id"], newest["id"]);
}

async fn totals(app: &TestApp, queries: &[String]) -> Vec<i64> {
    let mut t = Vec::new();
    for q in queries {
        t.push(search(app, q).await.1["total"].as_i64().unwrap());
    }
    t
}

#[tokio::test]
async fn totals_follow_every_listing_change() {
    let app = seeded(60).await;
    let everything = all_pages(&app, "x=1", 100).await;
    let sample = everything[5].clone();
    let fragment = registry::domain::folded::fold(sample["make"].as_str().unwrap())[..3].to_owned();
    let country = sample["countryCode"].as_str().unwrap().to_owned();
    let queries = [format!("query={fragment}"), format!("countryCode={country}"), "x=1".to_owned()];
    let before = totals(&app, &queries).await;
    assert_eq!(before, totals(&app, &queries).await, "asked twice, the same answer");
    let set = |sql: &'static str| {
        let (db, id) = (app.db.clone(), sample["id"].as_str().unwrap().to_owned());
        async move { sqlx::query(sql).bind(id).execute(&db).await.unwrap() }
    };
    set("UPDATE vessels SET public_visibility = 0 WHERE id = $1").await;
    assert_eq!(totals(&app, &queries).await, before.iter().map(|n| n - 1).collect::<Vec<_>>(), "hidden");
    set("UPDATE vessels SET public_visibility = 1 WHERE id = $1").await;
    assert_eq!(totals(&app, &queries).await, before, "shown again");
    set("UPDATE vessels SET status = 'in_transfer' WHERE id = $1").await;
    assert_eq!(
        totals(&app, &queries).await,
        before.iter().map(|n| n - 1).collect::<Vec<_>>(),
        "only active vessels are searched"
    );
    set("UPDATE vessels SET status = 'active' WHERE id = $1").await;
    set("UPDATE vessels SET country_code = CASE WHEN country_code = 'CH' THEN 'NL' ELSE 'CH' END WHERE id = $1").await;
    let after = totals(&app, &queries).await;
    assert_eq!((after[0], after[1], after[2]), (before[0], before[1] - 1, before[2]), "moved to another country");
    registry::cli::seed_vessels::vessels(&app.state, 5, None).await.unwrap();
    assert_eq!(totals(&app, &queries).await[2], before[2] + 5, "newly registered");
}

/// Gives `n` of the listed vessels, newest first, a name with `word` in it.
async fn name_newest(app: &TestApp, n: i64, word: &str) {
    sqlx::query(
        "UPDATE vessels SET name = $1, name_folded = $4, search_text = search_text || ' ' || $2
         WHERE id IN (SELECT id FROM vessels WHERE status = 'active' ORDER BY id DESC LIMIT $3)",
    )
    .bind(format!("{word} II"))
    .bind(word.to_lowercase())
    .bind(n)
    .bind(format!("{} ii", word.to_lowercase()))
    .execute(&app.db)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_text_search_beyond_the_bound_answers_more_than_and_pages_only_what_was_counted() {
    let bound = registry::features::vessels::search::COUNT_BOUND;
    let app = seeded(usize::try_from(bound).unwrap() + 20).await;
    name_newest(&app, bound + 10, "Zeezwaluw").await;
    let (_, p) = search(&app, "query=zeezwaluw").await;
    assert_eq!((p["total"].as_i64(), p["totalRelation"].as_str()), (Some(bound), Some("gte")), "{}", p["total"]);
    assert_eq!(p["totalPages"], bound / 10);
    let found = all_pages(&app, "query=zeezwaluw", 100).await;
    assert_eq!(found.len(), usize::try_from(bound).unwrap(), "exactly the counted results can be paged through");
    let ids: Vec<&str> = found.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first, each once");
    let (_, last) = search(&app, &format!("query=zeezwaluw&page={}", bound / 10)).await;
    assert_eq!(last["data"].as_array().unwrap().len(), 10);
    let (status, beyond) = search(&app, &format!("query=zeezwaluw&page={}", bound / 10 + 1)).await;
    assert_eq!((status, beyond["data"].as_array().unwrap().len()), (StatusCode::OK, 0));

    // At the bound exactly, the total is exact again.
    sqlx::query(
        "UPDATE vessels SET public_visibility = 0
         WHERE id IN (SELECT id FROM vessels WHERE name = 'Zeezwaluw II' ORDER BY id LIMIT 10)",
    )
    .execute(&app.db)
    .await
    .unwrap();
    let (_, p) = search(&app, "query=zeezwaluw").await;
    assert_eq!((p["total"].as_i64(), p["totalRelation"].as_str()), (Some(bound), Some("eq")));
    // Without text, totals are exact however large.
    let (_, p) = search(&app, "x=1").await;
    assert_eq!((p["total"].as_i64(), p["totalRelation"].as_str()), (Some(bound + 10), Some("eq")));
}

/// The listed vessels' ids a filter search should return, newest first.
async fn expected_ids(app: &TestApp, country: &str, from: i64, to: i64) -> Vec<String> {
    sqlx::query_scalar::<_, String>(
        "SELECT id FROM vessels WHERE status = 'active' AND public_visibility = 1 AND country_code = $1
         AND build_year >= $2 AND build_year <= $3 ORDER BY id DESC",
    )
    .bind(country)
    .bind(from)
    .bind(to)
    .fetch_all(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn filter_searches_give_the_same_pages_whichever_plan_reads_them() {
    // Deep pages of a narrow filter are read by collecting and sorting, the
    // first ones by walking the country newest first: page by page, the two
    // must join up without a gap or a repeat.
    let app = seeded(400).await;
    for (country, from, to) in [("NL", 1975, 2025), ("NL", 2000, 2010), ("DE", 1990, 1991), ("FR", 2030, 2040)] {
        let expected = expected_ids(&app, country, from, to).await;
        for size in [1, 3, 10] {
            let query = format!("countryCode={country}&buildYearFrom={from}&buildYearTo={to}");
            let found = all_pages(&app, &query, size).await;
            let ids: Vec<String> = found.iter().map(|v| v["id"].as_str().unwrap().to_owned()).collect();
            assert_eq!(ids, expected, "{query} in pages of {size}");
            let (_, p) = search(&app, &query).await;
            assert_eq!(p["total"].as_i64(), Some(i64::try_from(expected.len()).unwrap()));
            assert_eq!(p["totalRelation"], "eq");
        }
    }
}

/// Every answer to each of `queries`, page by page, as the API gives it.
async fn answers(app: &TestApp, queries: &[String]) -> Vec<Value> {
    let mut out = Vec::new();
    for q in queries {
        let (status, p) = search(app, q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {p}");
        let ids: Vec<&Value> = p["data"].as_array().unwrap().iter().map(|v| &v["platformId"]).collect();
        out.push(serde_json::json!({
            "query": q, "total": p["total"], "totalRelation": p["totalRelation"],
            "totalPages": p["totalPages"], "platformIds": ids,
        }));
    }
    out
}

#[tokio::test]
async fn sqlite_and_postgresql_answer_every_search_alike() {
    // Runs in the PostgreSQL pass (REGISTRY_TEST_POSTGRES_URL), comparing it
    // with SQLite on a copy of the same rows; in the SQLite pass both sides
    // are SQLite and it checks that a copied database answers alike.
    let bound = registry::features::vessels::search::COUNT_BOUND;
    let source = seeded(usize::try_from(bound).unwrap() + 200).await;
    name_newest(&source, bound + 50, "Zeezwaluw").await;
    sqlx::query("UPDATE vessels SET public_visibility = 0 WHERE id IN (SELECT id FROM vessels ORDER BY id LIMIT 7)")
        .execute(&source.db)
        .await
        .unwrap();
    let copy = TestApp::spawn_sqlite().await;
    copy_vessels(&source, &copy).await;

    let sample = all_pages(&source, "x=1", 100).await;
    let mut queries = vec!["x=1".to_owned(), "page=3&pageSize=7".to_owned(), "countryCode=NL".to_owned()];
    // '#nl': SQLite's text index holds each vessel's country as '#' and its
    // code in a column of its own (migration 48), which text never matches.
    for q in ["zeezwaluw", "zee", "ezw", "%23nl"] {
        for extra in [
            "",
            "&page=2",
            "&page=100",
            "&page=101",
            "&countryCode=NL",
            "&countryCode=DE&page=2",
            "&buildYearFrom=2000",
        ] {
            queries.push(format!("query={q}{extra}"));
        }
    }
    // Short names: exact names, then names starting with the text, from the B-trees of migrations 44 and 46.
    for q in ["ze", "z", "zeezwaluw%20ii", "s", "b"] {
        for extra in ["", "&page=2", "&page=101", "&countryCode=NL", "&buildYearFrom=2000&pageSize=7"] {
            queries.push(format!("query={q}{extra}"));
        }
    }
    for v in sample.iter().step_by(97) {
        let pid = v["platformId"].as_str().unwrap();
        if let Some(name) = v["name"].as_str() {
            let folded = registry::domain::folded::fold(name);
            let head: String = folded.chars().take(2).collect();
            queries.push(format!("query={}&pageSize=100", urlencode(&head)));
            let first: String = folded.chars().take(1).collect();
            queries.push(format!("query={}&countryCode={}", urlencode(&first), v["countryCode"].as_str().unwrap()));
        }
        let make = registry::domain::folded::fold(v["make"].as_str().unwrap());
        queries.push(format!("query={pid}"));
        queries.push(format!("query={}", pid.replace('-', "").to_lowercase()));
        queries.push(format!("query={}", &pid.replace('-', "")[..5]));
        let prefix: String = make.chars().take(3).collect();
        queries.push(format!("query={}&pageSize=100", urlencode(&prefix)));
        queries.push(format!("query={}&countryCode={}", urlencode(&make), v["countryCode"].as_str().unwrap()));
        let year = v["buildYear"].as_i64().unwrap();
        for page in [1, 2, 5, 40] {
            queries.push(format!(
                "countryCode={}&buildYearFrom={}&buildYearTo={year}&page={page}",
                v["countryCode"].as_str().unwrap(),
                year - 3
            ));
            queries.push(format!("buildYearFrom={year}&buildYearTo={year}&page={page}&pageSize=3"));
        }
    }
    let (a, b) = (answers(&source, &queries).await, answers(&copy, &queries).await);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y);
    }
    assert!(a.iter().any(|x| x["totalRelation"] == "gte"), "the bound is reached by some query");
}

/// Copies every vessel, with its columns as they are, into another app's
/// database (its owners are not needed by the search: foreign keys off on
/// that one connection).
async fn copy_vessels(from: &TestApp, to: &TestApp) {
    use sqlx::Row as _;
    let columns: Vec<(String, String)> = sqlx::query("SELECT name, type FROM pragma_table_info('vessels')")
        .fetch_all(&to.db)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get("name"), r.get("type")))
        .collect();
    let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
    let rows = sqlx::query(&format!("SELECT {} FROM vessels ORDER BY id", names.join(", ")))
        .fetch_all(&from.db)
        .await
        .unwrap();
    let mut conn = to.db.acquire().await.unwrap();
    sqlx::query("PRAGMA foreign_keys = OFF").execute(&mut *conn).await.unwrap();
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let insert = format!("INSERT INTO vessels ({}) VALUES ({})", names.join(", "), placeholders.join(", "));
    for row in &rows {
        let mut q = sqlx::query(&insert);
        for (name, kind) in &columns {
            q = if kind.eq_ignore_ascii_case("TEXT") {
                q.bind(row.get::<Option<String>, _>(name.as_str()))
            } else {
                q.bind(row.get::<Option<i64>, _>(name.as_str()))
            };
        }
        q.execute(&mut *conn).await.unwrap();
    }
    sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await.unwrap();
}

/// Without the query planner stability guarantee the bundled SQLite (built
/// with STAT4) plans a statement again whenever a new value is bound to an
/// indexed comparison: every vessel page view and search paid for a parse.
/// .cargo/config.toml builds SQLite with it on.
#[tokio::test]
async fn sqlite_plans_each_statement_once_whatever_is_bound() {
    let app = TestApp::spawn_sqlite().await;
    assert_eq!(app.scalar("SELECT sqlite_compileoption_used('ENABLE_QPSG')").await, 1);
}

/// Migration 49: the FTS5 index is written in leaf pages of about 1,000 bytes, so that a
/// seek into a long list (a common trigram's, a country's) reads a quarter of a default page.
#[tokio::test]
async fn sqlite_writes_the_text_index_in_small_pages() {
    let app = TestApp::spawn_sqlite().await;
    assert_eq!(app.scalar("SELECT CAST(v AS INTEGER) FROM vessels_fts_config WHERE k = 'pgsz'").await, 1000);
}

/// Whether a text search (with extra parameters) finds the vessel.
async fn finds(app: &TestApp, text: &str, extra: &str, id: &str) -> bool {
    let (status, p) = search(app, &format!("query={}{extra}&pageSize=100", urlencode(text))).await;
    assert_eq!(status, StatusCode::OK, "{text}{extra}: {p}");
    p["data"].as_array().unwrap().iter().any(|v| v["id"] == id)
}

#[tokio::test]
async fn text_search_follows_renames_moves_and_bulk_changes() {
    let app = seeded(40).await;
    let (_, p) = search(&app, "pageSize=3").await;
    let vessel = |i: usize| {
        let v = &p["data"][i];
        (
            v["id"].as_str().unwrap().to_owned(),
            v["platformId"].as_str().unwrap().replace('-', ""),
            v["countryCode"].as_str().unwrap().to_owned(),
        )
    };
    let (id, pid, country) = vessel(0);
    let other_country = if country == "NL" { "DE" } else { "NL" };
    // A rename to letters outside ASCII: the posting lists count characters.
    let name = "Ωκεανίδα Zeeëend";
    let search_text = registry::domain::folded::fold(&format!("{name} testmake testmodel {pid}"));
    sqlx::query("UPDATE vessels SET name = $1, search_text = $2, country_code = $3, build_year = 1977 WHERE id = $4")
        .bind(name)
        .bind(&search_text)
        .bind(other_country)
        .bind(&id)
        .execute(&app.db)
        .await
        .unwrap();
    assert!(finds(&app, "κεανί", "", &id).await, "a fragment of the new name");
    assert!(
        finds(&app, "zeeeend", &format!("&countryCode={other_country}&buildYearFrom=1977&buildYearTo=1977"), &id).await
    );
    assert!(!finds(&app, "zeeeend", &format!("&countryCode={country}"), &id).await, "the old country no longer");
    assert!(!finds(&app, "zeeeend", "&buildYearFrom=1978", &id).await, "nor another year");
    // One statement hiding several vessels, then showing them again.
    let (id2, pid2, _) = vessel(1);
    let (id3, pid3, _) = vessel(2);
    sqlx::query("UPDATE vessels SET public_visibility = 0 WHERE id IN ($1, $2, $3)")
        .bind(&id)
        .bind(&id2)
        .bind(&id3)
        .execute(&app.db)
        .await
        .unwrap();
    for (id, pid) in [(&id, &pid), (&id2, &pid2), (&id3, &pid3)] {
        assert!(!finds(&app, &pid[..7].to_lowercase(), "", id).await, "hidden");
    }
    sqlx::query("UPDATE vessels SET public_visibility = 1 WHERE id IN ($1, $2)")
        .bind(&id2)
        .bind(&id3)
        .execute(&app.db)
        .await
        .unwrap();
    assert!(
        finds(&app, &pid2[..7].to_lowercase(), "", &id2).await
            && finds(&app, &pid3[..7].to_lowercase(), "", &id3).await
    );
    assert!(!finds(&app, "zeeeend", "", &id).await, "still hidden");

    // PostgreSQL: the posting blocks and trigram counts (migrations 21 and
    // 45) are exactly what the listed vessels' texts give, after all of the
    // above.
    if app.state.backend == registry::platform::db::Backend::Postgres {
        use sqlx::Row as _;
        assert_postings_match_listed(&app).await;
        let enabled: String =
            sqlx::query("SELECT tgenabled::text AS e FROM pg_trigger WHERE tgname = 'vessel_trigrams_insert'")
                .fetch_one(&app.db)
                .await
                .unwrap()
                .get("e");
        assert_eq!(enabled, "O", "the seeder turns the postings trigger back on");
    }
}

/// `PostgreSQL`: the posting blocks and trigram counts (migrations 21 and
/// 45) are exactly what the listed vessels' texts give, and each vessel's
/// postings are in the block its number falls in.
async fn assert_postings_match_listed(app: &TestApp) {
    let listed = "SELECT p.trigram, v.country_code, v.seq, v.build_year, CAST(p.pos AS BIGINT) AS pos
                  FROM vessels v, search_trigram_positions(v.search_text) p
                  WHERE v.status = 'active' AND v.public_visibility = 1";
    let kept = "SELECT trigram, country_code, seq, build_year, pos FROM kept";
    let count = |sql: String| async move {
        let n: i64 = sqlx::query_scalar(&sql).fetch_one(&app.db).await.unwrap();
        n
    };
    let decoded = "WITH kept AS (
        SELECT b.trigram, b.country_code, b.top, b.bottom,
               CAST((get_byte(b.postings, i) << 24) | (get_byte(b.postings, i + 1) << 16)
                    | (get_byte(b.postings, i + 2) << 8) | get_byte(b.postings, i + 3) AS BIGINT) AS seq,
               CAST(NULLIF((get_byte(b.postings, i + 4) << 8) | get_byte(b.postings, i + 5), 0) AS BIGINT)
                   AS build_year,
               CAST((get_byte(b.postings, i + 6) << 8) | get_byte(b.postings, i + 7) AS BIGINT) AS pos
        FROM trigram_blocks b, generate_series(0, length(b.postings) - 8, 8) AS i)";
    let differ = count(format!(
        "{decoded} SELECT COUNT(*) AS n FROM (({listed} EXCEPT ALL {kept}) UNION ALL ({kept} EXCEPT ALL {listed})) d"
    ))
    .await;
    assert_eq!(differ, 0, "postings differ from the listed vessels' trigrams");
    let misplaced = count(format!(
        "{decoded} SELECT COUNT(*) AS n FROM kept k
         WHERE k.seq < k.bottom OR k.top <> (SELECT MIN(x.top) FROM trigram_blocks x
             WHERE x.trigram = k.trigram AND x.country_code = k.country_code AND x.top >= k.seq)"
    ))
    .await;
    assert_eq!(misplaced, 0, "a posting is outside its vessel's block");
    let miscounted_blocks = count(format!(
        "{decoded} SELECT COUNT(*) AS n FROM trigram_blocks b
         WHERE b.n <> (SELECT COUNT(DISTINCT k.seq) FROM kept k
             WHERE k.trigram = b.trigram AND k.country_code = b.country_code AND k.top = b.top)"
    ))
    .await;
    assert_eq!(miscounted_blocks, 0, "a block's vessel count is off");
    let miscounted = count(
        "SELECT COUNT(*) AS n
         FROM (SELECT t AS trigram, v.country_code, COUNT(*) AS n
               FROM vessels v, search_trigrams(v.search_text) t
               WHERE v.status = 'active' AND v.public_visibility = 1 GROUP BY t, v.country_code) a
         FULL JOIN (SELECT trigram, country_code, n FROM trigram_counts WHERE n <> 0) b
             USING (trigram, country_code)
         WHERE a.n IS DISTINCT FROM b.n"
            .to_owned(),
    )
    .await;
    assert_eq!(miscounted, 0, "trigram counts differ from the listed vessels' texts");
}

/// Writers at once keep the text index whole. On `PostgreSQL` each moves
/// one vessel beyond the newest block (a fresh insertion number, as a
/// registration appends one) in a transaction of its own, committing in
/// whatever order, and every posting must still be in its vessel's block.
/// Every fourth writer also changes the text, so removals and appends mix;
/// those vessels, and only they, are then found by it on both databases.
#[tokio::test]
async fn the_text_index_holds_under_writers_at_once() {
    let app = seeded(60).await;
    let postgres = app.state.backend == registry::platform::db::Backend::Postgres;
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT id FROM vessels ORDER BY id LIMIT 24").fetch_all(&app.db).await.unwrap();
    let moved = futures_util::future::join_all(ids.iter().enumerate().map(|(i, id)| {
        let state = &app.state;
        async move {
            let mut tx = state.begin().await.unwrap();
            // Every fourth also changes its text, so removals and appends mix.
            let text = if i % 4 == 0 { "search_text || ' moved'" } else { "search_text" };
            let seq = if postgres { ", seq = nextval(pg_get_serial_sequence('vessels', 'seq'))" } else { "" };
            sqlx::query(&format!("UPDATE vessels SET search_text = {text}{seq} WHERE id = $1"))
                .bind(id.as_str())
                .execute(&mut *tx)
                .await
                .unwrap();
            tokio::time::sleep(std::time::Duration::from_millis(u64::try_from(i % 5).unwrap() * 3)).await;
            tx.commit().await.unwrap();
        }
    }))
    .await;
    assert_eq!(moved.len(), 24);
    if postgres {
        assert_postings_match_listed(&app).await;
    }
    let (_, p) = search(&app, "query=moved&pageSize=100").await;
    assert_eq!(p["total"], 6, "{p}");
}

/// After the first search counts, later pages of the same search come from
/// the newest matches kept with its cached total, as far as they reach
/// (100), and from the index beyond: every page as the matches' order has it.
#[tokio::test]
async fn pages_from_the_kept_newest_matches_and_beyond_them_agree() {
    let app = seeded(300).await;
    sqlx::query(
        "UPDATE vessels SET name = 'Keptword', search_text = 'keptword ' || search_text
         WHERE id IN (SELECT id FROM vessels ORDER BY id DESC LIMIT 250)",
    )
    .execute(&app.db)
    .await
    .unwrap();
    let everything = all_pages(&app, "x=1", 100).await;
    let expected: Vec<&str> =
        everything.iter().filter(|v| folded_card(v).contains("keptword")).map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(expected.len(), 250);
    for page_size in [10, 7] {
        // Page 1 counts and keeps; then every page, twice (the second time
        // the first pages come from what was kept).
        for round in 0..2 {
            for page in 1..=expected.len().div_ceil(page_size) {
                let (status, p) = search(&app, &format!("query=eptwor&page={page}&pageSize={page_size}")).await;
                assert_eq!(status, StatusCode::OK, "{p}");
                assert_eq!(p["total"], 250);
                let ids: Vec<&str> = p["data"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
                let from = (page - 1) * page_size;
                assert_eq!(
                    ids,
                    expected[from..(from + page_size).min(250)],
                    "page {page} of {page_size}, round {round}"
                );
            }
        }
    }
}

/// Every page of `query` in pages of `size`, twice (the second time the
/// first pages come from the matches kept with the cached total), against
/// the expected ids in order.
async fn pages_twice_agree(app: &TestApp, query: &str, size: usize, expected: &[&str]) {
    for round in 0..2 {
        for page in 1..=expected.len().div_ceil(size) {
            let (status, p) = search(app, &format!("{query}&page={page}&pageSize={size}")).await;
            assert_eq!(status, StatusCode::OK, "{p}");
            assert_eq!(p["total"].as_u64(), Some(expected.len() as u64), "{query}");
            let ids: Vec<&str> = p["data"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
            let from = (page - 1) * size;
            assert_eq!(ids, expected[from..(from + size).min(expected.len())], "{query} page {page}, round {round}");
        }
    }
}

/// As above with the exact platform ID pinned first (the kept matches leave
/// it out, so later pages are shifted by one), with a country (fewer
/// matches than are kept), and after a new match is listed (a new listing
/// generation: nothing kept before is used).
#[tokio::test]
async fn kept_matches_page_alike_with_a_pinned_vessel_a_country_and_after_a_change() {
    let app = seeded(200).await;
    let everything = all_pages(&app, "x=1", 100).await;
    let pinned = &everything[199];
    let pid = pinned["platformId"].as_str().unwrap().replace('-', "").to_lowercase();
    let country = pinned["countryCode"].as_str().unwrap().to_owned();
    sqlx::query(
        "UPDATE vessels SET name = $1, search_text = $2 || ' ' || search_text
         WHERE id IN (SELECT id FROM vessels ORDER BY id DESC LIMIT 150)",
    )
    .bind(pid.to_uppercase())
    .bind(&pid)
    .execute(&app.db)
    .await
    .unwrap();
    let expected = |everything: &[Value], country: Option<&str>| -> Vec<String> {
        let pinned_id = pinned["id"].as_str().unwrap().to_owned();
        let mut ids = vec![pinned_id.clone()];
        ids.extend(
            everything
                .iter()
                .filter(|v| folded_card(v).contains(&pid) && v["id"] != pinned["id"])
                .filter(|v| country.is_none_or(|c| v["countryCode"] == c))
                .map(|v| v["id"].as_str().unwrap().to_owned()),
        );
        ids
    };
    let everything = all_pages(&app, "x=1", 100).await;
    let all = expected(&everything, None);
    assert_eq!(all.len(), 151);
    let ids: Vec<&str> = all.iter().map(String::as_str).collect();
    pages_twice_agree(&app, &format!("query={pid}"), 10, &ids).await;
    let in_country = expected(&everything, Some(&country));
    let ids: Vec<&str> = in_country.iter().map(String::as_str).collect();
    pages_twice_agree(&app, &format!("query={pid}&countryCode={country}"), 3, &ids).await;

    // One of the older vessels now mentions the ID too.
    let renamed = everything[180]["id"].as_str().unwrap();
    sqlx::query("UPDATE vessels SET name = $1, search_text = $2 || ' ' || search_text WHERE id = $3")
        .bind(pid.to_uppercase())
        .bind(&pid)
        .bind(renamed)
        .execute(&app.db)
        .await
        .unwrap();
    let everything = all_pages(&app, "x=1", 100).await;
    let all = expected(&everything, None);
    assert_eq!(all.len(), 152);
    assert!(all.iter().any(|id| id == renamed));
    let ids: Vec<&str> = all.iter().map(String::as_str).collect();
    pages_twice_agree(&app, &format!("query={pid}"), 10, &ids).await;
}

/// The read lane serves waiters in arrival order across its slots: a request
/// waits its turn for whichever connection frees first, never behind one
/// particular slot while a newcomer takes another (the tail latency under
/// CPU contention, docs/PERFORMANCE.md).
#[tokio::test]
async fn the_read_lane_serves_waiters_in_arrival_order() {
    let app = TestApp::spawn().await;
    let lane = &app.state.reads;
    // Every slot taken (opening a connection may take long on a loaded machine:
    // the lane's size is asked, not guessed from a timeout).
    assert!(lane.slots() >= 2, "a lane of several connections");
    let mut held = Vec::new();
    for _ in 0..lane.slots() {
        held.push(lane.acquire().await.unwrap());
    }
    assert!(
        tokio::time::timeout(std::time::Duration::from_millis(50), lane.acquire()).await.is_err(),
        "no slot beyond them"
    );
    let served = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut waiters = Vec::new();
    for arrival in 0..held.len() * 2 {
        let (state, served) = (app.state.clone(), served.clone());
        waiters.push(tokio::spawn(async move {
            let connection = state.reads.acquire().await.unwrap();
            served.lock().unwrap().push(arrival);
            drop(connection);
        }));
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // The slots come free last first.
    while let Some(connection) = held.pop() {
        drop(connection);
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    for waiter in waiters {
        waiter.await.unwrap();
    }
    let served = served.lock().unwrap().clone();
    let mut in_order = served.clone();
    in_order.sort_unstable();
    assert_eq!(served, in_order, "served in the order they came");
}

/// Gives the listed vessel `id` the name `name` (and its folded form) directly.
async fn rename(app: &TestApp, id: &str, name: &str) {
    sqlx::query("UPDATE vessels SET name = $1, name_folded = $2 WHERE id = $3")
        .bind(name)
        .bind(registry::domain::folded::fold(name))
        .bind(id)
        .execute(&app.db)
        .await
        .unwrap();
}

/// The platform IDs a short-name search should answer, from the database:
/// listed vessels named exactly `text`, newest first, then those whose names
/// start with it, newest first.
async fn short_expected(app: &TestApp, text: &str, country: Option<&str>) -> Vec<String> {
    use sqlx::Row as _;
    let length = text.chars().count();
    let country = country.map_or(String::new(), |c| format!(" AND country_code = '{c}'"));
    let mut out = Vec::new();
    for set in ["name_folded = $1", &format!("substr(name_folded, 1, {length}) = $1 AND name_folded <> $1")] {
        let rows = sqlx::query(&format!(
            "SELECT platform_id FROM vessels WHERE status = 'active' AND public_visibility = 1 AND {set}{country}
             ORDER BY id DESC"
        ))
        .bind(text)
        .fetch_all(&app.db)
        .await
        .unwrap();
        out.extend(rows.iter().map(|r| r.get::<String, _>(0)));
    }
    out
}

fn compact_ids(page: &[Value]) -> Vec<String> {
    page.iter().map(|v| v["platformId"].as_str().unwrap().replace('-', "")).collect()
}

#[tokio::test]
async fn a_short_name_finds_exact_names_first_then_names_that_start_with_it() {
    let app = seeded(150).await;
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT id FROM vessels WHERE status = 'active' AND public_visibility = 1 ORDER BY id")
            .fetch_all(&app.db)
            .await
            .unwrap();
    for (at, name) in [(3, "Io"), (10, "Iolanthe"), (20, "ÍO"), (30, "Ío Dos"), (40, "Rã"), (50, "K 2"), (60, "K2")]
    {
        rename(&app, &ids[at], name).await;
    }
    for (text, country, page_size) in [
        ("io", None, 1),
        ("IO", None, 2),
        ("%C3%8Do", None, 10),
        ("i", None, 3),
        ("ra", None, 2),
        ("k", Some("NL"), 2),
        ("k2", None, 2),
        ("k%202", None, 2),
    ] {
        let folded = registry::domain::folded::fold(&text.replace("%C3%8D", "Í").replace("%20", " "));
        let expected = short_expected(&app, &folded, country).await;
        let query = format!("query={text}{}", country.map_or(String::new(), |c| format!("&countryCode={c}")));
        let (status, first) = search(&app, &query).await;
        assert_eq!(status, StatusCode::OK, "{text}: {first}");
        assert_eq!(first["total"].as_i64(), Some(i64::try_from(expected.len()).unwrap()), "{text}: {first}");
        assert_eq!(compact_ids(&all_pages(&app, &query, page_size).await), expected, "{query}");
    }
    // 'Io' and 'ÍO' are the exact names, newest first, ahead of 'Ío Dos' and 'Iolanthe'.
    let (_, io) = search(&app, "query=io").await;
    let names: Vec<&str> = io["data"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(names[..2], ["ÍO", "Io"], "{names:?}");
    assert!(names.contains(&"Ío Dos") && names.contains(&"Iolanthe"), "{names:?}");
}

#[tokio::test]
async fn a_registered_or_renamed_vessel_is_found_by_its_short_name_and_earlier_names_are_folded_once() {
    let app = TestApp::spawn().await;
    let mut boat = sailboat();
    boat["name"] = json!("Ra");
    app.signed_in_user("short-name@example.nl").await;
    let vessel = app.active_vessel(boat).await;
    let pid = vessel["platformId"].as_str().unwrap().replace('-', "");
    let found = |p: &Value| compact_ids(p["data"].as_array().unwrap());
    assert_eq!(found(&search(&app, "query=ra").await.1), std::slice::from_ref(&pid));
    let (status, renamed) =
        parts(app.patch(&format!("/api/vessels/{}", vessel["id"].as_str().unwrap()), json!({"name": "K2"})).await)
            .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(found(&search(&app, "query=k2").await.1), std::slice::from_ref(&pid));
    assert!(found(&search(&app, "query=ra").await.1).is_empty(), "the old name is gone");

    // A vessel registered before the folded name existed: folded at start-up, once.
    sqlx::query("UPDATE vessels SET name_folded = NULL").execute(&app.db).await.unwrap();
    assert!(found(&search(&app, "query=k2").await.1).is_empty());
    let folded = registry::features::vessels::service::fold_earlier_names(&app.db).await.unwrap();
    assert_eq!(folded, 1);
    assert_eq!(found(&search(&app, "query=k2").await.1), [pid]);
    assert_eq!(registry::features::vessels::service::fold_earlier_names(&app.db).await.unwrap(), 0);
}

/// Searches past the per-core bound wait their turn instead of sharing the
/// cores with every other search, and go on once one ends: while the test
/// holds every turn a search does not answer, and it does when they are
/// given back.
#[tokio::test]
async fn searches_beyond_the_bound_wait_their_turn() {
    let app = seeded(12).await;
    let turns = app.state.search_turns.available_permits();
    assert!(turns >= registry::platform::state::SEARCHES_PER_CORE, "{turns} turns");
    let held = app.state.search_turns.acquire_many(u32::try_from(turns).unwrap()).await.unwrap();
    let waiting = search(&app, "query=sea");
    tokio::pin!(waiting);
    assert!(
        tokio::time::timeout(std::time::Duration::from_millis(300), &mut waiting).await.is_err(),
        "a search answered without a turn"
    );
    drop(held);
    let (status, page) = waiting.await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(app.state.search_turns.available_permits(), turns, "the turn is given back");
}
