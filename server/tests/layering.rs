//! The server's floor plan, held: every module of `server/src` belongs to a
//! layer, and a module imports only from its own layer or the ones below
//! (docs/ARCHITECTURE.md, "Layers"). Reads every `crate::` path in the
//! source, so a new upward import, or a new top-level module without a
//! layer, fails here.

use std::{collections::BTreeSet, path::Path};

/// The layers from the ground up, and the top-level modules in each.
const LAYERS: &[(&str, &[&str])] = &[
    ("foundation", &["error", "i18n", "fees", "private_files"]),
    ("domain", &["domain"]),
    ("platform", &["platform", "config", "db"]),
    ("state and edge", &["app", "audit", "http"]),
    (
        "features",
        &[
            "auth",
            "vessels",
            "documents",
            "certificates",
            "identity",
            "maintenance",
            "outbox",
            "payments",
            "transfers",
            "support",
            "countries",
            "public_pages",
        ],
    ),
    ("flows across features", &["accounts", "admin"]),
    ("assembly", &["routes", "openapi", "server", "jobs"]),
    ("command line", &["cli"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, modules)| modules.contains(&module))
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

/// The top-level modules `source` names through `crate::`, including each
/// entry of a `use crate::{...}` group.
fn modules_named(source: &str) -> BTreeSet<String> {
    let code = code_of(source);
    let mut named = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut entry = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 || (c == ',' && depth == 1) {
                    named.insert(head(&entry));
                    entry.clear();
                    if depth == 0 {
                        break;
                    }
                } else {
                    entry.push(c);
                }
            }
        } else {
            named.insert(head(rest));
        }
    }
    named.retain(|m| !m.is_empty() && m != "self");
    named
}

fn head(path: &str) -> String {
    path.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// Every import of `source` (the file `file`, in module `module`) that runs
/// to a higher layer, or names a module that has no layer.
fn violations(file: &str, module: &str, source: &str) -> Vec<String> {
    let Some(own) = layer_of(module) else {
        return vec![format!("{file}: the module `{module}` has no layer in tests/layering.rs")];
    };
    modules_named(source)
        .into_iter()
        .filter_map(|target| match layer_of(&target) {
            None => Some(format!("{file}: `crate::{target}` is not a module with a layer")),
            Some(layer) if layer > own => {
                Some(format!("{file} ({}) imports `{target}` from a higher layer ({})", LAYERS[own].0, LAYERS[layer].0))
            }
            Some(_) => None,
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

#[test]
fn every_module_imports_only_from_its_own_layer_or_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if relative == "lib.rs" || relative == "main.rs" {
            continue; // the crate root and the binary stand above every layer
        }
        let module = relative.split('/').next().unwrap().trim_end_matches(".rs");
        problems.extend(violations(&relative, module, &std::fs::read_to_string(path).unwrap()));
    }
    assert!(files.len() > 100, "read the whole tree ({} files)", files.len());
    assert!(problems.is_empty(), "imports that run back up:\n{}", problems.join("\n"));
}

#[test]
fn an_upward_import_is_caught_in_every_form_it_takes() {
    let upward = [
        "use crate::transfers::service;",
        "use crate::{\n    db::Tx,\n    transfers::{model::Transfer, service},\n};",
        "fn f() { crate::admin::audit_log::list(); }",
    ];
    for source in upward {
        let found = violations("platform/x.rs", "platform", source);
        assert_eq!(found.len(), 1, "{source}: {found:?}");
    }
    assert!(violations("platform/x.rs", "platform", "use crate::{db::Tx, domain::Email};").is_empty());
    assert!(violations("platform/x.rs", "platform", "// see crate::transfers for why").is_empty());
    assert_eq!(violations("newthing.rs", "newthing", "").len(), 1, "a module without a layer");
}
