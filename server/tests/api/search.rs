use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, parts};

async fn seeded(n: usize) -> TestApp {
    let app = TestApp::spawn().await;
    registry::seed_vessels::vessels(&app.state, n).await.unwrap();
    app
}

async fn search(app: &TestApp, query: &str) -> (StatusCode, Value) {
    parts(app.get(&format!("/api/vessels/search?{query}")).await).await
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
    for q in [
        "buildYearFrom=abc",
        "page=0",
        "page=100001",
        "page=9223372036854775807",
        "pageSize=101",
        "countryCode=NLD",
        "query=ab",
    ] {
        let (status, body) = search(&app, q).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{q}");
        assert!(body["message"].as_str().unwrap().len() > 10, "{q}");
    }
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
    registry::seed_vessels::vessels(&app.state, 40).await.unwrap();
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
    registry::seed_vessels::vessels(&app.state, 5).await.unwrap();
    assert_eq!(totals(&app, &queries).await[2], before[2] + 5, "newly registered");
}
