//! The server's floor plan, held: every module of `server/src` belongs to a
//! layer, and a module imports only from its own layer or the ones below
//! (docs/ARCHITECTURE.md, "Layers"). Reads every `crate::` path in the
//! source, so a new upward import, or a new top-level module without a
//! layer, fails here.

use std::{collections::BTreeSet, path::Path};

/// The layers from the ground up: the folders of `server/src`.
const LAYERS: &[&str] = &["foundation", "domain", "platform", "http", "features", "flows", "app", "cli"];

/// The features from the ground up: a feature may use the ones before it
/// (through their public face), never one after it, so no two call each
/// other. `payments` stands below `vessels` and `transfers`: what a fee buys
/// is behind the `payments::purpose` trait, which they (and `flows::fees`)
/// implement.
const FEATURES: &[&str] = &[
    "outbox",
    "countries",
    "auth",
    "payments",
    "vessels",
    "identity",
    "documents",
    "certificates",
    "public_pages",
    "maintenance",
    "transfers",
    "theft",
    "liens",
    "transparency",
];

/// Where a module stands: its layer, and within `features` its rank.
fn place_of(path: &[&str]) -> Option<(usize, usize)> {
    let layer = LAYERS.iter().position(|l| *l == path[0])?;
    if path[0] != "features" {
        return Some((layer, 0));
    }
    let feature = path.get(1)?;
    if *feature == "mod" {
        return Some((layer, 0)); // the folder's own mod.rs only declares the features
    }
    Some((layer, FEATURES.iter().position(|f| f == feature)?))
}

fn describe(path: &[&str]) -> String {
    if path[0] == "features" { format!("features::{}", path.get(1).unwrap_or(&"?")) } else { path[0].to_owned() }
}

/// Source without `//` comments (so a doc comment naming a module higher up
/// is not an import).
fn code_of(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string (a URL) is code; one after only spaces or code is a comment.
            Some(at) if line[..at].matches('"').count() % 2 == 0 => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules `source` names through `crate::` (their first two segments,
/// `features::vessels`), with every entry of a `use crate::{...}` tree,
/// nested groups too (`crate::features::{auth::User, vessels}`).
fn modules_named(source: &str) -> BTreeSet<String> {
    let code = code_of(source);
    let mut named = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let path: String = rest.chars().take_while(|c| c.is_alphanumeric() || "_:{}, \n".contains(*c)).collect();
        expand("", &path, &mut named);
    }
    named.retain(|m| !m.is_empty() && m != "self");
    named
}

/// Add the first two segments of every path of the use tree `tree` under `prefix`.
fn expand(prefix: &str, tree: &str, out: &mut BTreeSet<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        out.insert(head(&format!("{prefix}{tree}")));
        return;
    };
    let inner_prefix = format!("{prefix}{}", &tree[..open]);
    let (mut depth, mut start) = (0, open + 1);
    for (i, c) in tree.char_indices().skip(open) {
        match c {
            '{' => depth += 1,
            '}' | ',' if depth == 1 => {
                let entry = tree[start..i].trim();
                if !entry.is_empty() {
                    expand(&inner_prefix, entry, out);
                }
                start = i + 1;
                if c == '}' {
                    return;
                }
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
}

fn head(path: &str) -> String {
    let path: String = path.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
    path.trim_end_matches(':').split("::").take(2).collect::<Vec<_>>().join("::")
}

/// Every import of `source` (the file `file`, in the module at `module`)
/// that runs to a higher layer or a later feature, or names a module that
/// has no place.
fn violations(file: &str, module: &[&str], source: &str) -> Vec<String> {
    let Some(own) = place_of(module) else {
        return vec![format!("{file}: `{}` has no place in tests/layering.rs", module.join("::"))];
    };
    modules_named(source)
        .into_iter()
        .filter_map(|target| {
            let path: Vec<&str> = target.split("::").collect();
            match place_of(&path) {
                // A group's entry may name a layer's own item (`http::json`); only features need a second segment.
                None if path[0] == "features" && path.len() == 1 => None,
                None => Some(format!("{file}: `crate::{target}` is not a module with a place")),
                Some(place) if place > own => {
                    Some(format!("{file} ({}) imports `{}` from higher up", describe(module), describe(&path)))
                }
                Some(_) => None,
            }
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `.rs` file of `server/src`: its path there (with `/`) and its source.
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            (relative, std::fs::read_to_string(path).unwrap())
        })
        .collect()
}

#[test]
fn every_module_imports_only_from_its_own_layer_or_below() {
    let files = sources();
    let mut problems = Vec::new();
    for (relative, source) in &files {
        if relative == "lib.rs" || relative == "main.rs" {
            continue; // the crate root and the binary stand above every layer
        }
        let module: Vec<&str> = relative.split('/').take(2).map(|m| m.trim_end_matches(".rs")).collect();
        problems.extend(violations(relative, &module, source));
    }
    assert!(files.len() > 100, "read the whole tree ({} files)", files.len());
    assert!(problems.is_empty(), "imports that run back up:\n{}", problems.join("\n"));
}

#[test]
fn an_upward_import_is_caught_in_every_form_it_takes() {
    let upward = [
        "use crate::features::transfers::service;",
        "use crate::{\n    platform::db::Tx,\n    features::transfers::{model::Transfer, service},\n};",
        "fn f() { crate::flows::admin::audit_log::list(); }",
    ];
    for source in upward {
        let found = violations("platform/x.rs", &["platform", "x"], source);
        assert_eq!(found.len(), 1, "{source}: {found:?}");
    }
    let platform = ["platform", "x"];
    assert!(violations("platform/x.rs", &platform, "use crate::{platform::db::Tx, domain::Email};").is_empty());
    assert!(violations("platform/x.rs", &platform, "// see crate::features::transfers for why").is_empty());
    assert_eq!(violations("newthing.rs", &["newthing"], "").len(), 1, "a module without a layer");
    // Between features: payments may not call up into transfers; transfers may use payments.
    let payments = ["features", "payments"];
    assert_eq!(violations("features/payments/x.rs", &payments, "use crate::features::transfers::service;").len(), 1);
    let nested = "use crate::{\n    features::{\n        auth::User,\n        transfers::{self, fee},\n    },\n    platform::db::Tx,\n};";
    assert_eq!(violations("features/payments/x.rs", &payments, nested).len(), 1, "inside a nested group");
    let transfers = ["features", "transfers"];
    assert!(violations("features/transfers/x.rs", &transfers, "use crate::features::payments::records;").is_empty());
    assert_eq!(
        violations("features/newthing/x.rs", &["features", "newthing"], "").len(),
        1,
        "a feature without a rank"
    );
}

/// Each table, and the files whose SQL may write it (INSERT, UPDATE or
/// DELETE; an `UPDATE t SET c = c` that only takes a row lock is not a
/// write). The owner's store first; the others are the exceptions
/// docs/ARCHITECTURE.md names: the retention sweep deletes what is no
/// longer kept, and the bulk seeder loads vessels with their history.
const WRITERS: &[(&str, &[&str])] = &[
    ("audit_log", &["platform/audit/store.rs"]),
    ("job_leases", &["platform/lease/store.rs"]),
    ("known_browsers", &["features/auth/store.rs"]),
    ("passkeys", &["features/auth/store.rs"]),
    ("webauthn_challenges", &["features/auth/store.rs", "app/jobs/store.rs"]),
    ("certificates", &["features/certificates/store.rs"]),
    ("correction_requests", &["features/vessels/store.rs"]),
    ("documents", &["features/documents/store.rs"]),
    ("identifier_conflicts", &["features/vessels/store.rs"]),
    ("identity_events", &["features/identity/store.rs"]),
    ("identity_sessions", &["features/identity/store.rs"]),
    ("listing_counts", &["cli/store.rs"]),
    ("local_payment_intents", &["features/payments/store.rs", "app/jobs/store.rs"]),
    ("local_refunds", &["features/payments/store.rs", "app/jobs/store.rs"]),
    ("maintenance_entries", &["features/maintenance/store.rs"]),
    // auth revokes a number's codes when another account verifies it.
    ("one_time_codes", &["platform/otp/store.rs", "features/auth/store.rs", "app/jobs/store.rs"]),
    ("otp_sends", &["platform/otp/store.rs", "app/jobs/store.rs"]),
    ("outbox", &["features/outbox/store.rs", "app/jobs/store.rs"]),
    ("ownership_events", &["features/vessels/store.rs", "cli/store.rs"]),
    ("ownership_history", &["features/vessels/store.rs", "cli/store.rs"]),
    ("payment_events", &["features/payments/store.rs", "app/jobs/store.rs"]),
    ("payment_refunds", &["features/payments/store.rs", "app/jobs/store.rs"]),
    ("payments", &["features/payments/store.rs", "app/jobs/store.rs"]),
    ("theft_reports", &["features/theft/store.rs"]),
    ("liens", &["features/liens/store.rs"]),
    ("transparency_leaves", &["features/transparency/store.rs"]),
    ("transparency_nodes", &["features/transparency/store.rs"]),
    ("transparency_tree_heads", &["features/transparency/store.rs"]),
    // Filled by a trigger on ownership_events (migration 50), emptied by the log.
    ("transparency_pending", &["features/transparency/store.rs"]),
    ("schema_migrations", &["platform/db/migrations.rs"]),
    ("sessions", &["features/auth/store.rs", "app/jobs/store.rs"]),
    // The code budgets count in the throttle's table, in the code's own statement.
    ("throttle", &["platform/throttle/store.rs", "platform/otp/store.rs", "app/jobs/store.rs"]),
    ("tokens", &["features/auth/store.rs", "app/jobs/store.rs"]),
    ("transfer_records", &["features/transfers/store.rs"]),
    ("transfers", &["features/transfers/store.rs"]),
    // Kept by triggers (migration 45); the bulk seeder builds them once.
    ("trigram_blocks", &["cli/store.rs"]),
    ("trigram_counts", &["cli/store.rs"]),
    // An identity check sets the verified name and status; archiving closes the account.
    ("users", &["features/auth/store.rs", "features/identity/store.rs", "flows/accounts/store.rs", "cli/store.rs"]),
    ("vessel_corrections", &["features/vessels/store.rs"]),
    ("vessel_counts", &["cli/store.rs"]),
    ("vessels", &["features/vessels/store.rs", "cli/store.rs"]),
    ("vessels_fts", &["cli/store.rs"]),
];

/// The tables the SQL in `source` writes: INSERT INTO, DELETE FROM, and
/// UPDATE unless it sets one column to itself (a row lock).
fn tables_written(source: &str) -> BTreeSet<String> {
    let mut written = BTreeSet::new();
    for literal in source.split('"').skip(1).step_by(2) {
        let words: Vec<&str> = literal.split_whitespace().collect();
        for (i, pair) in words.windows(2).enumerate() {
            let table = match pair {
                ["INSERT", "INTO"] | ["DELETE", "FROM"] => words.get(i + 2),
                ["UPDATE", _] => {
                    let lock = words.get(i + 2) == Some(&"SET")
                        && words.get(i + 4) == Some(&"=")
                        && words.get(i + 3) == words.get(i + 5);
                    if lock { None } else { Some(&pair[1]) }
                }
                _ => None,
            };
            if let Some(table) = table {
                let name: String = table.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !name.is_empty() {
                    written.insert(name);
                }
            }
        }
    }
    written
}

#[test]
fn each_table_is_written_only_by_its_owner() {
    let files = sources();
    let mut problems = Vec::new();
    for (relative, source) in &files {
        for table in tables_written(&code_of(source)) {
            match WRITERS.iter().find(|(t, _)| *t == table) {
                None => problems.push(format!("{relative} writes `{table}`, a table with no owner here")),
                Some((_, writers)) if !writers.contains(&relative.as_str()) => {
                    problems.push(format!("{relative} writes `{table}`, which only {writers:?} may write"));
                }
                Some(_) => {}
            }
        }
    }
    assert!(problems.is_empty(), "writes outside the owner:\n{}", problems.join("\n"));
}

#[test]
fn a_write_is_told_from_a_row_lock() {
    let written = tables_written(
        r#"sqlx::query("UPDATE vessels SET status = status WHERE id = $1"); sqlx::query("UPDATE users SET
           name = $1 WHERE id = $2"); q("INSERT INTO audit_log (id) VALUES ($1)"); q("DELETE FROM tokens")"#,
    );
    assert_eq!(written.into_iter().collect::<Vec<_>>(), ["audit_log", "tokens", "users"]);
}

/// The rooms every feature has (docs/ARCHITECTURE.md, "Features").
const ROOMS: [&str; 4] = ["routes.rs", "service.rs", "store.rs", "model.rs"];

#[test]
fn every_feature_has_the_same_rooms_and_keeps_its_store_and_routes_to_itself() {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/features");
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&features).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name == "mod.rs" {
            continue;
        }
        if !path.is_dir() {
            problems.push(format!("features/{name}: a feature is a folder with its rooms"));
            continue;
        }
        seen.push(name.clone());
        for room in ROOMS {
            if !path.join(room).is_file() {
                problems.push(format!("features/{name} has no {room}"));
            }
        }
        // Private rooms: the compiler then refuses any other module that names
        // them, so another feature reaches this one only through its mod.rs.
        let face = code_of(&std::fs::read_to_string(path.join("mod.rs")).unwrap_or_default());
        for private in ["store", "routes"] {
            if !face.lines().any(|l| l.trim() == format!("mod {private};")) {
                problems.push(format!("features/{name}/mod.rs must declare `mod {private};` (private)"));
            }
        }
    }
    seen.sort();
    let mut ranked: Vec<String> = FEATURES.iter().map(|f| (*f).to_owned()).collect();
    ranked.sort();
    assert_eq!(seen, ranked, "every feature folder is ranked in FEATURES, and every ranked one exists");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn sql_and_dialect_branches_live_only_in_stores_and_the_database_platform() {
    let files = sources();
    let mut problems = Vec::new();
    for (relative, source) in &files {
        if relative.ends_with("/store.rs") || relative.starts_with("platform/db/") {
            continue;
        }
        let code = code_of(source);
        for needle in ["sqlx::query", "query_as", "query_scalar", "Backend::Sqlite", "Backend::Postgres"] {
            if code.contains(needle) {
                problems.push(format!("{relative} uses `{needle}`: SQL and its dialects belong in a store"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
