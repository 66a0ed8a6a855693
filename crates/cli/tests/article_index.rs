//! The index from every provision the code cites (FIDE Laws, Guidelines, Appendices,
//! the C.04/C.05/C.07 regulations, the SJRP Spielordnung, the DSJ Jugendspielordnung, TRF)
//! to the modules that cite it and the tests that name it: `docs/articles.md` (#16 item 3).
//!
//! The index is generated from the citations written in the code (`Article::new("Art. 9.6.1")`
//! and the literals of the same form); this test fails when the committed file differs, so
//! the index cannot go stale. Regenerate it with
//! `ARBITER_BLESS=1 cargo test --release -p cli --test article_index`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

mod source_tree;

use source_tree::rust_files;

/// How a citation starts.
const PREFIXES: [&str; 9] = [
    "Art. ",
    "Guideline ",
    "Appendix ",
    "C.0",
    "SJRP ",
    "DSJ JSpO",
    "FIDE B.",
    "FIDE C.",
    "TRF-2026 ",
];

fn root() -> PathBuf {
    source_tree::crates_dir().join("..")
}

/// The string literals of `code` that are citations, with the " (...)" note cut off.
fn citations(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (i, piece) in line.split('"').enumerate() {
            if i % 2 == 1
                && let Some(c) = citation(piece)
            {
                out.insert(c);
            }
        }
    }
    out
}

/// `Art. 9.6.1`, `Guideline III.4`, `SJRP §6.1`, `C.04.3 A.2 (…)` → the citation;
/// prose (`Guideline III does not apply`) and edition names are not citations.
fn citation(literal: &str) -> Option<String> {
    let core = literal.split(" (").next().unwrap_or(literal).trim();
    let prefix = PREFIXES.iter().find(|p| core.starts_with(**p))?;
    let words: Vec<&str> = core.split(' ').collect();
    let last = words.last()?;
    let cited = last.chars().any(|c| c.is_ascii_digit())
        || (last.len() <= 3 && last.chars().all(|c| c.is_ascii_uppercase()));
    let plain = core
        .chars()
        .all(|c| c.is_alphanumeric() || " .§-–/".contains(c));
    (cited && plain && words.len() <= 6 && core.len() > prefix.len()).then(|| core.to_owned())
}

/// The part of a source file before its unit tests, and the unit tests.
fn split_tests(text: &str) -> (&str, &str) {
    match text.find("#[cfg(test)]") {
        Some(at) => text.split_at(at),
        None => (text, ""),
    }
}

#[derive(Default)]
struct Entry {
    modules: BTreeSet<String>,
    tests: BTreeSet<String>,
}

fn index() -> BTreeMap<String, Entry> {
    let crates = root().join("crates");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    names.sort();
    let mut index: BTreeMap<String, Entry> = BTreeMap::new();
    let mut test_texts: Vec<(String, String)> = Vec::new();
    for dir in &names {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let src = dir.join("src");
        for file in rust_files(&src) {
            let text = std::fs::read_to_string(&file).unwrap();
            let (code, tests) = split_tests(&text);
            let module = [name.as_str(), &source_tree::module_path(&src, &file)]
                .iter()
                .filter(|p| !p.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("::");
            for c in citations(code) {
                index.entry(c).or_default().modules.insert(module.clone());
            }
            if !tests.is_empty() {
                test_texts.push((format!("{module} (unit tests)"), tests.to_owned()));
            }
        }
        for file in rust_files(&dir.join("tests")) {
            if file.ends_with(file!().rsplit('/').next().unwrap()) {
                continue; // this file's own examples
            }
            let rel = file
                .strip_prefix(&crates)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            test_texts.push((rel, std::fs::read_to_string(&file).unwrap()));
        }
    }
    for (place, text) in &test_texts {
        let named = citations(text);
        for (c, entry) in index.iter_mut() {
            if named.contains(c) {
                entry.tests.insert(place.clone());
            }
        }
    }
    index
}

/// Orders `Art. 3.10` after `Art. 3.9`: numbers compare as numbers.
fn natural_key(s: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap() as u64;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n * 10 + d as u64;
                chars.next();
            }
            key.push((std::mem::take(&mut text), n));
        } else {
            text.push(c);
        }
    }
    key.push((text, 0));
    key
}

/// The group headings, in the order of the index.
const GROUPS: [&str; 7] = [
    "FIDE Laws of Chess: Articles",
    "FIDE Laws of Chess: Guidelines",
    "FIDE Laws of Chess: Appendices",
    "FIDE Handbook (B, C)",
    "Tournament Report File (TRF-2026)",
    "Schachjugend Rheinland-Pfalz: Spielordnung",
    "Deutsche Schachjugend: Jugendspielordnung",
];

/// The group of a citation: an index into [`GROUPS`].
fn group(citation: &str) -> usize {
    match citation {
        c if c.starts_with("Art. ") => 0,
        c if c.starts_with("Guideline ") => 1,
        c if c.starts_with("Appendix ") => 2,
        c if c.starts_with("C.") || c.starts_with("FIDE ") => 3,
        c if c.starts_with("TRF-") => 4,
        c if c.starts_with("SJRP ") => 5,
        _ => 6,
    }
}

fn render(index: &BTreeMap<String, Entry>) -> String {
    let mut groups: BTreeMap<usize, Vec<(&String, &Entry)>> = BTreeMap::new();
    for (c, e) in index {
        groups.entry(group(c)).or_default().push((c, e));
    }
    let untested = index.values().filter(|e| e.tests.is_empty()).count();
    let mut out = format!(
        "# Provisions cited by the code\n\n\
         Generated by `crates/cli/tests/article_index.rs` from the citations written in the\n\
         code; CI fails when this file is stale. Regenerate with\n\
         `ARBITER_BLESS=1 cargo test --release -p cli --test article_index`.\n\n\
         {} provisions; {} of them are not yet named by any test.\n",
        index.len(),
        untested
    );
    for (group, mut entries) in groups {
        let heading = GROUPS[group];
        entries.sort_by_key(|(c, _)| natural_key(c));
        out.push_str(&format!(
            "\n## {heading}\n\n| Provision | Cited in | Tests naming it |\n|---|---|---|\n"
        ));
        for (c, e) in entries {
            let list = |s: &BTreeSet<String>| {
                if s.is_empty() {
                    "—".to_owned()
                } else {
                    s.iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            out.push_str(&format!(
                "| {c} | {} | {} |\n",
                list(&e.modules),
                list(&e.tests)
            ));
        }
    }
    out
}

#[test]
fn h16_03_the_article_index_is_current() {
    let path = root().join("docs/articles.md");
    let fresh = render(&index());
    if std::env::var_os("ARBITER_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/articles.md is stale: run ARBITER_BLESS=1 cargo test --release -p cli --test article_index"
    );
}

#[test]
fn h16_03_citations_are_told_from_prose() {
    let code = r#"
        const A: Article = Article::new("Art. 9.6.1");
        let b = "Guideline III.4 (quickplay finish)";
        // "Art. 1.1" in a comment is not a citation
        let c = "Guideline III does not apply";
        let d = ("SJRP §6.1", "FIDE 2023", "Appendix D");
    "#;
    let found: Vec<String> = citations(code).into_iter().collect();
    assert_eq!(
        found,
        ["Appendix D", "Art. 9.6.1", "Guideline III.4", "SJRP §6.1"]
    );
    let mut sorted = vec!["Art. 3.10", "Art. 3.9", "Art. 10.2"];
    sorted.sort_by_key(|c| natural_key(c));
    assert_eq!(sorted, ["Art. 3.9", "Art. 3.10", "Art. 10.2"]);
}
