use reqwest::{StatusCode, header};
use serde_json::json;

use crate::helpers::{PUBLIC_URL, TestApp, sailboat};

async fn text(app: &TestApp, path: &str) -> (StatusCode, String, String) {
    let r = app.client.get(app.url(path)).send().await.unwrap();
    let content_type =
        r.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (r.status(), content_type, r.text().await.unwrap())
}

#[tokio::test]
async fn robots_and_the_sitemap_list_the_public_pages_and_only_listed_vessels() {
    let app = TestApp::spawn().await;
    let (status, content_type, robots) = text(&app, "/robots.txt").await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "text/plain; charset=utf-8"));
    assert!(robots.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml")), "{robots}");
    assert!(robots.contains("Disallow: /api/"));

    let listed = app.owner_with_active_vessel("owner@example.nl").await;
    let hidden = app.active_vessel(unlisted()).await;
    let (status, content_type, index) = text(&app, "/sitemap.xml").await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "application/xml; charset=utf-8"));
    assert!(index.contains(&format!("<loc>{PUBLIC_URL}/sitemaps/0.xml</loc>")), "{index}");
    assert!(index.contains(&format!("<loc>{PUBLIC_URL}/sitemaps/1.xml</loc>")), "{index}");
    assert!(!index.contains("/sitemaps/2.xml"));

    let (_, _, fixed) = text(&app, "/sitemaps/0.xml").await;
    assert!(fixed.contains(&format!("<loc>{PUBLIC_URL}/registry</loc>")), "{fixed}");
    let (status, _, vessels) = text(&app, "/sitemaps/1.xml").await;
    assert_eq!(status, StatusCode::OK);
    let platform_id = listed["platformId"].as_str().unwrap();
    assert!(vessels.contains(&format!("<loc>{PUBLIC_URL}/registry/{platform_id}</loc>")), "{vessels}");
    // The owner's unlisted vessel is not in it.
    assert_eq!(vessels.matches("<url>").count(), 1, "{vessels}");
    assert!(!vessels.contains(hidden["platformId"].as_str().unwrap()));
    assert_eq!(text(&app, "/sitemaps/2.xml").await.0, StatusCode::NOT_FOUND);
    assert_eq!(text(&app, "/sitemaps/nope").await.0, StatusCode::NOT_FOUND);
    // Another spelling of a file, or a number whose offset overflows, is no file (never a 500).
    for path in
        ["/sitemaps/01.xml", "/sitemaps/+1.xml", "/sitemaps/184467440737097.xml", "/sitemaps/9223372036854775807.xml"]
    {
        assert_eq!(text(&app, path).await.0, StatusCode::NOT_FOUND, "{path}");
    }
}

/// A second sailboat of the same owner, not public.
fn unlisted() -> serde_json::Value {
    let mut v = sailboat();
    v["publicVisibility"] = json!(false);
    v["cin"] = json!("nl-bav2k4l8c920");
    v["mmsi"] = json!("unknown");
    v["name"] = json!("Stille Waters");
    v
}

#[tokio::test]
async fn a_listed_vessels_page_carries_its_title_description_and_preview_tags() {
    let web = std::env::temp_dir().join(format!("registry-web-{}", registry::platform::ids::new_id()));
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<html><head><meta name=\"description\" content=\"Registry\" /><title>Registry</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    let app = TestApp::spawn_with(&[("REGISTRY_WEB_DIR", web.to_str().unwrap())]).await;
    let listed = app.owner_with_active_vessel("owner@example.nl").await;
    let hidden = app.active_vessel(unlisted()).await;

    let platform_id = listed["platformId"].as_str().unwrap();
    let (status, content_type, html) = text(&app, &format!("/registry/{platform_id}")).await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "text/html; charset=utf-8"));
    assert!(
        html.contains(&format!(
            "<title>Zeemeeuw (Bavaria Cruiser 34) · {platform_id} · European Small-Craft Registry</title>"
        )),
        "{html}"
    );
    assert!(html.contains("<meta property=\"og:title\""));
    assert!(html.contains(&format!("<meta property=\"og:url\" content=\"{PUBLIC_URL}/registry/{platform_id}\" />")));
    assert!(html.contains("Bavaria Cruiser 34, built 2019"), "{html}");
    assert!(html.contains("<div id=\"root\"></div>"), "the app still loads");
    // The vessel's data is asked for with the page, as the app asks for it (with cookies).
    let preload = format!(
        "<link rel=\"preload\" href=\"/api/vessels/{platform_id}\" as=\"fetch\" crossorigin=\"use-credentials\" />"
    );
    assert!(html.contains(&preload), "{html}");
    // Another spelling of the ID: the app asks for that spelling, so nothing is preloaded.
    let (status, _, html) = text(&app, &format!("/registry/{}", platform_id.to_lowercase())).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Zeemeeuw") && !html.contains("rel=\"preload\""), "{html}");
    // No owner data: neither the email nor the phone of the owner.
    assert!(!html.contains("owner@example.nl") && !html.contains("+31612345678"));

    // An unlisted vessel's page is the app as it is: its name is not given away.
    let (status, _, html) = text(&app, &format!("/registry/{}", hidden["platformId"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<title>Registry</title>") && !html.contains("Stille Waters"), "{html}");
    assert!(!html.contains("rel=\"preload\""), "{html}");
    let (status, _, html) = text(&app, "/registry/not-an-id").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<title>Registry</title>"));
    std::fs::remove_dir_all(&web).ok();
}

#[tokio::test]
async fn the_first_pages_come_as_html_in_the_language_of_the_readers_cookie() {
    let web = std::env::temp_dir().join(format!("registry-web-{}", registry::platform::ids::new_id()));
    let page = |lang: &str, body: &str| {
        format!(
            "<html lang=\"{lang}\"><head><meta name=\"description\" content=\"Registry\" /><title>Registry</title></head>\
             <body><div id=\"root\" inert>{body}</div></body></html>"
        )
    };
    for (file, html) in [
        (
            "index.html",
            "<html lang=\"en\"><head><title>Registry</title></head><body><div id=\"root\"></div></body></html>"
                .to_owned(),
        ),
        ("prerendered/en/index.html", page("en", "<h1>Welcome</h1>")),
        ("prerendered/nl/index.html", page("nl", "<h1>Welkom</h1>")),
        ("prerendered/nl/legal/terms.html", page("nl", "<h1>Voorwaarden</h1>")),
        ("prerendered/nl/registry/_.html", page("nl", "<p>Laden</p>")),
        (
            "prerendered/nl/registry/_preview.html",
            page("nl", "<li>__VESSEL_PLATFORM_ID__</li><h1>__VESSEL_NAME__</h1><p>Laden</p>"),
        ),
    ] {
        let path = web.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
    let app = TestApp::spawn_with(&[("REGISTRY_WEB_DIR", web.to_str().unwrap())]).await;
    let get = |path: &str, cookie: Option<&str>| {
        let mut request = app.client.get(app.url(path));
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        async move {
            let r = request.send().await.unwrap();
            let vary =
                r.headers().get_all(header::VARY).iter().map(|v| v.to_str().unwrap().to_owned()).collect::<Vec<_>>();
            (r.status(), vary, r.text().await.unwrap())
        }
    };

    // No cookie: English, as the app's own default; the response says it depends on the cookie.
    let (status, vary, html) = get("/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<h1>Welcome</h1>"), "{html}");
    assert!(vary.iter().any(|v| v == "Cookie"), "{vary:?}");
    let (_, _, html) = get("/", Some("registry_session=x; registry_language=nl")).await;
    assert!(html.contains("<h1>Welkom</h1>") && html.contains("lang=\"nl\""), "{html}");
    let (_, _, html) = get("/legal/terms", Some("registry_language=nl")).await;
    assert!(html.contains("<h1>Voorwaarden</h1>"), "{html}");
    // A language we do not have is English; a page not written in the reader's language, or a URL
    // with a query, is the app's empty page, which the app draws itself.
    let (_, _, html) = get("/", Some("registry_language=xx")).await;
    assert!(html.contains("<h1>Welcome</h1>"), "{html}");
    for (path, cookie) in [("/legal/terms", None), ("/?page=2", Some("registry_language=nl")), ("/dashboard", None)] {
        let (status, _, html) = get(path, cookie).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: {html}");
    }
    // `/index` names the landing page's file, but it is no page of the app: like every path that is
    // none of the app's routes, it gets the app's page (which shows 'Page Not Found') with a 404,
    // not a soft 404 that search engines index.
    for path in ["/index", "/no-such-page", "/registry/x/y", "/admin/nothing"] {
        let (status, _, html) = get(path, Some("registry_language=nl")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: {html}");
    }

    // A listed vessel's page: the vessel page's HTML in the reader's language, with the vessel's
    // tags, its platform ID and name written in, and the same as JSON for the app.
    let listed = app.owner_with_active_vessel("owner@example.nl").await;
    let platform_id = listed["platformId"].as_str().unwrap();
    let (status, vary, html) = get(&format!("/registry/{platform_id}"), Some("registry_language=nl")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<p>Laden</p>") && html.contains("Zeemeeuw (Bavaria Cruiser 34)"), "{html}");
    assert!(html.contains(&format!("<li>{platform_id}</li><h1>Zeemeeuw</h1>")), "{html}");
    let island = format!(
        "<script type=\"application/json\" id=\"vessel-preview\">{{\"name\":\"Zeemeeuw\",\"platformId\":\"{platform_id}\"}}</script>"
    );
    assert!(html.contains(&island) && !html.contains("__VESSEL_"), "{html}");
    assert!(vary.iter().any(|v| v == "Cookie"), "{vary:?}");
    // Spelled otherwise, the app will not be on the path the preview names: the page without it.
    let (_, _, html) = get(&format!("/registry/{}", platform_id.to_lowercase()), Some("registry_language=nl")).await;
    assert!(html.contains("<p>Laden</p>") && html.contains("Zeemeeuw (Bavaria Cruiser 34)"), "{html}");
    assert!(!html.contains("<h1>") && !html.contains("vessel-preview") && !html.contains("__VESSEL_"), "{html}");
    // English has no vessel page written here: the app's empty page, with the vessel's tags.
    let (_, _, html) = get(&format!("/registry/{platform_id}"), None).await;
    assert!(html.contains("<div id=\"root\"></div>") && html.contains("Zeemeeuw (Bavaria Cruiser 34)"), "{html}");
    std::fs::remove_dir_all(&web).ok();
}
