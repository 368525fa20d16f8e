//! docs/architecture.md and the README state facts the code can confirm: the solver's modules in an
//! order their dependencies follow, each crate's folder and in-house dependencies, the shipped meshes.
//! These tests hold the documents to them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of `doc` from the heading `from` to the next heading of its level.
fn section<'a>(doc: &'a str, from: &str) -> &'a str {
    let start = doc.find(from).unwrap_or_else(|| panic!("no section '{from}'"));
    let rest = &doc[start + from.len()..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

/// The first cell of each row of the section's tables, as written between backticks.
fn first_cells(section: &str) -> Vec<String> {
    section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(cell, _)| cell.to_string()))
        .collect()
}

/// Every `crate::name` that the code (not its comments, not its tests) of `files` names.
fn crate_paths(files: &[std::path::PathBuf]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in files {
        let text = read(f);
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let code: String = code.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
        let mut rest = code.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let name: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    out.insert(name);
                }
            } else {
                out.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
            }
        }
    }
    out
}

fn rust_files(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, into);
        } else if p.extension().is_some_and(|e| e == "rs") {
            into.push(p);
        }
    }
}

#[test]
fn each_solver_module_depends_only_on_those_listed_before_it() {
    let doc = read(&common::root().join("docs/architecture.md"));
    let listed: Vec<String> = first_cells(section(&doc, "## The solver's modules"))
        .iter()
        .map(|cell| cell.split('/').next().unwrap().trim_end_matches(".rs").to_string())
        .collect();
    let src = common::root().join("solver/src");
    // Every module of the crate is listed.
    for entry in std::fs::read_dir(&src).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if name != "lib" && (p.is_dir() || p.extension().is_some_and(|e| e == "rs")) {
            assert!(listed.contains(&name), "solver/src/{name} is not in docs/architecture.md's table of modules");
        }
    }
    for (i, module) in listed.iter().enumerate() {
        let mut files = Vec::new();
        if src.join(module).is_dir() {
            rust_files(&src.join(module), &mut files);
        }
        if src.join(format!("{module}.rs")).is_file() {
            files.push(src.join(format!("{module}.rs")));
        }
        assert!(!files.is_empty(), "docs/architecture.md lists solver module '{module}', which has no source");
        for used in crate_paths(&files) {
            let Some(j) = listed.iter().position(|m| *m == used) else { continue };
            assert!(
                j <= i || used == "testing",
                "solver module '{module}' uses '{used}', listed after it in docs/architecture.md"
            );
        }
    }
}

#[test]
fn the_crate_table_names_each_crates_folder_and_in_house_dependencies() {
    let doc = read(&common::root().join("docs/architecture.md"));
    let rows: Vec<&str> = section(&doc, "## Crates").lines().filter(|l| l.starts_with("| `")).collect();
    assert!(rows.len() >= 4, "{rows:?}");
    for row in rows {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let (name, folder, deps) = (cells[0].trim_matches('`'), cells[1].trim_matches('`'), cells[cells.len() - 1]);
        let manifest =
            read(&common::root().join(folder.trim_start_matches("src/").trim_end_matches('/')).join("Cargo.toml"));
        let manifest: toml::Table = manifest.parse().unwrap();
        assert_eq!(manifest["package"]["name"].as_str(), Some(name), "{folder}Cargo.toml");
        let actual: BTreeSet<String> = manifest
            .get("dependencies")
            .and_then(|d| d.as_table())
            .map(|d| d.keys().filter(|k| k.as_str() == "automap" || k.starts_with("automap-")).cloned().collect())
            .unwrap_or_default();
        let stated: BTreeSet<String> = match deps {
            "nothing in-house" => BTreeSet::new(),
            "all three" => ["automap-ir", "automap-solver", "automap-sharding"].map(String::from).into(),
            _ => deps
                .split(", ")
                .map(|d| match d.trim_matches('`') {
                    "automap" => "automap".to_string(),
                    short => format!("automap-{short}"),
                })
                .collect(),
        };
        assert_eq!(actual, stated, "docs/architecture.md: what crate {name} depends on");
    }
}

#[test]
fn the_readme_names_every_shipped_mesh() {
    let readme = read(&common::root().join("README.md"));
    for entry in std::fs::read_dir(common::root().join("specs/meshes")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "yaml") {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            assert!(readme.contains(&format!("`{stem}`")), "README.md does not name the shipped mesh `{stem}`");
        }
    }
}

/// docs/adding-an-op.md is true of the code: each file it names exists, its example row is a row of
/// the elementwise table, and the names it gives the table's parts are the code's.
#[test]
fn the_adding_an_op_page_names_what_the_code_has() {
    let root = common::root();
    let doc = read(&root.join("docs/adding-an-op.md"));
    let mut named = 0;
    for span in doc.split('`').skip(1).step_by(2) {
        if span.ends_with(".rs") && span.contains('/') {
            assert!(root.join(span).is_file(), "docs/adding-an-op.md names {span}, which does not exist");
            named += 1;
        }
    }
    assert!(named >= 8, "{named} files named");
    let op = read(&root.join("ir/src/op.rs"));
    let row = doc.lines().map(str::trim).find(|l| l.ends_with(';') && l.contains("=>")).expect("an example row");
    assert!(op.lines().any(|l| l.trim() == row), "the example row `{row}` is not in ir/src/op.rs");
    for name in ["elementwise_ops!", "ELEMENTWISE", "fn arity", "fn broadcasts_scalars", "fn expensive", "Scalars,"] {
        assert!(op.contains(name), "ir/src/op.rs has no `{name}`");
    }
    let fusion = read(&root.join("sharding/src/fusion.rs"));
    assert!(fusion.contains(".expensive()"), "fusion no longer asks `expensive`");
}
