//! No import circle inside any crate of the workspace (#16 item 2): the modules of a
//! crate, linked by their `crate::` and `super::` paths, form no cycle. A module's
//! use of its own ancestors (`super::` from a child) is not a link: children may
//! see their parent, the parent declares them.
//!
//! The test fails on any circle and names its modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

mod source_tree;

/// Module path (`a::b`, the crate root is ``) → its [`code`].
fn modules(src: &Path) -> BTreeMap<String, String> {
    source_tree::rust_files(src)
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).unwrap();
            (source_tree::module_path(src, &file), code(&text))
        })
        .collect()
}

/// The source without comment lines and without the unit tests at the end
/// (`#[cfg(test)]`: `super::` means the file itself there).
fn code(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    lines.join("\n")
}

/// Every path written after `crate::` or `super::` in `code`, with `{a, b::c}` groups
/// expanded: `crate::{a, b::c}` gives `a` and `b::c`; `super::super::a` gives `super::a`.
fn paths_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let boundary = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
        rest = &rest[at + prefix.len()..];
        if boundary {
            tree(rest, String::new(), &mut out);
        }
    }
    out
}

/// Reads a use tree at the start of `text` below `base`.
fn tree(text: &str, base: String, out: &mut Vec<String>) -> usize {
    let text_trim = text.trim_start();
    let skipped = text.len() - text_trim.len();
    if let Some(inner) = text_trim.strip_prefix('{') {
        let mut used = 1;
        loop {
            let item = &inner[used - 1..];
            let n = tree(item, base.clone(), out);
            used += n;
            let after = inner[used - 1..].trim_start();
            used += inner[used - 1..].len() - after.len();
            match after.chars().next() {
                Some(',') => used += 1,
                _ => {
                    if after.starts_with('}') {
                        used += 1;
                    }
                    return skipped + used;
                }
            }
        }
    }
    let ident: String = text_trim
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if ident.is_empty() {
        if !base.is_empty() {
            out.push(base);
        }
        return skipped;
    }
    let path = if base.is_empty() {
        ident.clone()
    } else {
        format!("{base}::{ident}")
    };
    let after = &text_trim[ident.len()..];
    if let Some(next) = after.strip_prefix("::") {
        return skipped + ident.len() + 2 + tree(next, path, out);
    }
    out.push(path);
    skipped + ident.len()
}

/// The module a path names: its longest prefix that is a module.
fn module_of(path: &str, mods: &BTreeMap<String, String>) -> Option<String> {
    let segs: Vec<&str> = path.split("::").collect();
    (1..=segs.len())
        .rev()
        .map(|k| segs[..k].join("::"))
        .find(|m| mods.contains_key(m))
}

/// Links from each module to the modules it names, ancestors and itself left out.
fn links(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    mods.iter()
        .map(|(name, code)| {
            let mut named: Vec<String> = paths_after(code, "crate::");
            named.extend(paths_after(code, "super::").iter().map(|p| above(name, p)));
            let targets = named
                .iter()
                .filter_map(|p| module_of(p, mods))
                .filter(|t| !t.is_empty() && t != name && !name.starts_with(&format!("{t}::")))
                .collect();
            (name.clone(), targets)
        })
        .collect()
}

/// The crate path of `path`, written after `super::` in module `name`.
fn above(name: &str, path: &str) -> String {
    let mut base: Vec<&str> = name.split("::").filter(|s| !s.is_empty()).collect();
    base.pop();
    let mut rest = path;
    while let Some(r) = rest.strip_prefix("super::") {
        base.pop();
        rest = r;
    }
    base.push(rest);
    base.join("::")
}

/// The strongly connected components with more than one module (Tarjan).
fn circles(links: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        links: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        for t in &w.links[v] {
            if !w.index.contains_key(t.as_str()) {
                visit(w, t);
                let low = w.low[v].min(w.low[t.as_str()]);
                w.low.insert(v, low);
            } else if w.stack.contains(&t.as_str()) {
                let low = w.low[v].min(w.index[t.as_str()]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut comp = Vec::new();
            while let Some(m) = w.stack.pop() {
                comp.push(m.to_owned());
                if m == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                w.found.push(comp);
            }
        }
    }
    let mut w = Walk {
        links,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in links.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.found
}

fn workspace_circles() -> BTreeSet<(String, Vec<String>)> {
    let mut found = BTreeSet::new();
    for entry in std::fs::read_dir(source_tree::crates_dir()).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        let name = src
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for circle in circles(&links(&modules(&src))) {
            found.insert((name.clone(), circle));
        }
    }
    found
}

#[test]
fn h16_02_no_import_circle_inside_a_crate() {
    let found = workspace_circles();
    assert!(found.is_empty(), "import circles: {found:?}");
}

#[test]
fn h16_02_the_reader_sees_groups_nested_paths_and_super() {
    let mods: BTreeMap<String, String> = [
        ("", ""),
        ("a", "use crate::{b::{self, X}, c};"),
        ("b", "fn f() { crate::a::g() }"),
        (
            "c",
            "// use crate::a;\nuse super::d::Y;\n#[cfg(test)]\nuse crate::a;",
        ),
        ("d", ""),
        ("d::e", "use super::super::a; use super::X;"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), code(v)))
    .collect();
    let l = links(&mods);
    assert_eq!(l["a"], ["b", "c"].map(String::from).into());
    assert_eq!(
        l["c"],
        ["d"].map(String::from).into(),
        "comments are not links"
    );
    assert_eq!(
        l["d::e"],
        ["a"].map(String::from).into(),
        "a child naming its parent is not a link"
    );
    assert_eq!(circles(&l), vec![vec!["a".to_owned(), "b".to_owned()]]);
}
