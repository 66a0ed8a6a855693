//! The architecture of `web` (issue 12, item 1): HTTP ↔ `service` operations only, no
//! tournament engine of its own, and no circle of imports among its modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Engine crates `web` must not depend on: their work is done by `service` (and `event`).
const ENGINES: [&str; 7] = [
    "laws",
    "pgn",
    "trf",
    "pairing",
    "standings",
    "ratinglist",
    "roundrobin",
];

fn src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// The crate names in the `[dependencies]` table of `web`'s manifest.
fn dependencies() -> BTreeSet<String> {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("web/Cargo.toml");
    dependencies_of(&manifest)
}

/// The crate names in the `[dependencies]` table of a manifest.
fn dependencies_of(manifest: &str) -> BTreeSet<String> {
    let mut in_deps = false;
    let mut deps = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if in_deps && let Some((name, _)) = line.split_once('=') {
            deps.insert(name.trim().to_owned());
        }
    }
    deps
}

/// Every source file of `web` with its text.
fn sources() -> BTreeMap<String, String> {
    std::fs::read_dir(src())
        .expect("web/src")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("source"))
        })
        .collect()
}

/// Whether `text` names the crate `krate` as a path (`krate::...`) outside comments.
fn names(text: &str, krate: &str) -> bool {
    let needle = format!("{krate}::");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .any(|l| {
            l.match_indices(&needle).any(|(i, _)| {
                !l[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            })
        })
}

#[test]
fn h12_01_web_holds_no_tournament_logic() {
    let deps = dependencies();
    assert!(
        deps.contains("service"),
        "web works through `service`: {deps:?}"
    );
    let engines: Vec<&str> = ENGINES.into_iter().filter(|e| deps.contains(*e)).collect();
    assert!(
        engines.is_empty(),
        "web's [dependencies] name engine crates (their work belongs in `service`): {engines:?}"
    );
    let sources = sources();
    for engine in ENGINES {
        let files: Vec<&String> = sources
            .iter()
            .filter(|(_, text)| names(text, engine))
            .map(|(name, _)| name)
            .collect();
        assert!(files.is_empty(), "`{engine}` is named in {files:?}");
    }
}

#[test]
fn h12_01_the_dependency_check_reads_the_dependencies_table() {
    let manifest = "[package]\nname = \"web\"\n[dependencies]\nservice = { path = \"../service\" }\npairing = { path = \"../pairing\" }\n[dev-dependencies]\ntrf = { path = \"../trf\" }\n";
    let deps = dependencies_of(manifest);
    assert!(
        deps.contains("pairing") && deps.contains("service"),
        "{deps:?}"
    );
    assert!(
        !deps.contains("trf"),
        "dev-dependencies are not dependencies: {deps:?}"
    );
}

/// The modules of `web` that a module imports (`crate::m`, `crate::{m, ...}`), the crate
/// root (`lib.rs`, which declares every module) left out.
fn imports(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let group = if let Some(inner) = rest.strip_prefix('{') {
            &inner[..inner.find('}').unwrap_or(inner.len())]
        } else {
            rest
        };
        for part in group.split(',') {
            let name: String = part
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if modules.contains(&name) {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn h12_01_web_modules_import_no_circle() {
    let sources = sources();
    let modules: BTreeSet<String> = sources
        .keys()
        .filter(|n| *n != "lib.rs")
        .map(|n| n.trim_end_matches(".rs").to_owned())
        .collect();
    let graph: BTreeMap<String, BTreeSet<String>> = sources
        .iter()
        .filter(|(n, _)| *n != "lib.rs")
        .map(|(n, text)| {
            let me = n.trim_end_matches(".rs").to_owned();
            let mut deps = imports(text, &modules);
            deps.remove(&me);
            (me, deps)
        })
        .collect();
    // Depth-first search; a module met again on the current path closes a circle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut circle = path[i..].to_vec();
            circle.push(m.to_owned());
            return Some(circle);
        }
        if !done.insert(m.to_owned()) {
            return None;
        }
        path.push(m.to_owned());
        for d in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        let circle = visit(m, &graph, &mut Vec::new(), &mut done);
        assert!(circle.is_none(), "modules import each other: {circle:?}");
    }
}
