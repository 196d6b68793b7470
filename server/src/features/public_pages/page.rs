//! Writing a vessel into the web app's prerendered HTML: its title,
//! description and Open Graph tags, the preview the app takes over, and the
//! preload of its data. Every value is escaped.

use crate::http::{hosted_page::escape, prerendered};

/// The vessel page written with places for a vessel's platform ID and name (`VESSEL_SLOTS`), with
/// them filled in, and the same as JSON for the app, which shows them while it takes the page over
/// (`web/src/features/vessels/api/vessel-preview.ts`): what it draws must match what is written.
pub(super) fn with_preview(page: &str, platform_id: &str, name: &str) -> String {
    let [id_slot, name_slot] = prerendered::VESSEL_SLOTS;
    // The ID first: it cannot hold the name's slot, while a name could hold the ID's.
    let html = page.replace(id_slot, &escape(platform_id)).replace(name_slot, &escape(name));
    // `<` escaped, so no name can close the script element.
    let json = serde_json::json!({ "platformId": platform_id, "name": name }).to_string().replace('<', "\\u003c");
    html.replacen(
        "</head>",
        &format!("  <script type=\"application/json\" id=\"vessel-preview\">{json}</script>\n  </head>"),
        1,
    )
}

/// `index` with `title` as its `<title>` and the description and Open Graph tags in its head.
pub(super) fn with_meta(index: &str, title: &str, description: &str, url: &str) -> String {
    let (title, description, url) = (escape(title), escape(description), escape(url));
    let head = format!(
        "<title>{title}</title>\n    <meta property=\"og:type\" content=\"website\" />\n    \
         <meta property=\"og:site_name\" content=\"European Small-Craft Registry\" />\n    \
         <meta property=\"og:title\" content=\"{title}\" />\n    \
         <meta property=\"og:description\" content=\"{description}\" />\n    \
         <meta property=\"og:url\" content=\"{url}\" />\n    <link rel=\"canonical\" href=\"{url}\" />"
    );
    let mut html = replace_element(index, "<title>", "</title>", &head);
    html = replace_description(&html, &description);
    html
}

/// `html` with a preload of the API path `path` in its head.
pub(super) fn with_data_preload(html: &str, path: &str) -> String {
    let link =
        format!("<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin=\"use-credentials\" />", escape(path));
    html.replacen("</head>", &format!("  {link}\n  </head>"), 1)
}

/// Replaces the first `open…close` element with `with`, or adds `with` before `</head>`.
fn replace_element(html: &str, open: &str, close: &str, with: &str) -> String {
    match html.find(open).and_then(|start| html[start..].find(close).map(|end| (start, start + end + close.len()))) {
        Some((start, end)) => format!("{}{with}{}", &html[..start], &html[end..]),
        None => html.replacen("</head>", &format!("{with}\n</head>"), 1),
    }
}

fn replace_description(html: &str, description: &str) -> String {
    let tag = format!("<meta name=\"description\" content=\"{description}\" />");
    match html.find("<meta name=\"description\"").and_then(|s| html[s..].find('>').map(|e| (s, s + e + 1))) {
        Some((start, end)) => format!("{}{tag}{}", &html[..start], &html[end..]),
        None => html.replacen("</head>", &format!("{tag}\n</head>"), 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vessel_is_written_into_the_head_escaped() {
        let index = "<html><head>\n<meta name=\"description\" content=\"x\" />\n<title>Old</title>\n</head><body></body></html>";
        let html = with_meta(index, "Sea <Breeze>", "A \"fast\" boat", "https://r.example/registry/ABC");
        assert!(html.contains("<title>Sea &lt;Breeze&gt;</title>"), "{html}");
        assert!(html.contains("<meta name=\"description\" content=\"A &quot;fast&quot; boat\" />"));
        assert!(html.contains("<meta property=\"og:url\" content=\"https://r.example/registry/ABC\" />"));
        assert!(!html.contains("Old"));
        assert_eq!(html.matches("name=\"description\"").count(), 1);
    }

    #[test]
    fn the_preview_is_written_in_escaped_and_cannot_close_its_script() {
        let page = "<head></head><li>__VESSEL_PLATFORM_ID__</li><h1>__VESSEL_NAME__</h1>";
        let name = "</script><b>\"Sea\" & 'Breeze' __VESSEL_PLATFORM_ID__";
        let html = with_preview(page, "7KQ2-M9XD-4HTB", name);
        assert!(html.contains("<li>7KQ2-M9XD-4HTB</li>"), "{html}");
        assert!(
            html.contains(
                "<h1>&lt;/script&gt;&lt;b&gt;&quot;Sea&quot; &amp; &#39;Breeze&#39; __VESSEL_PLATFORM_ID__</h1>"
            ),
            "{html}"
        );
        // One script element: the name's `</script>` is written `\u003c/script>` inside the JSON.
        assert_eq!(html.matches("</script>").count(), 1, "{html}");
        let start = html.find("id=\"vessel-preview\">").unwrap() + "id=\"vessel-preview\">".len();
        let json: serde_json::Value = serde_json::from_str(&html[start..html.find("</script>").unwrap()]).unwrap();
        assert_eq!(json, serde_json::json!({ "platformId": "7KQ2-M9XD-4HTB", "name": name }));
    }
}
