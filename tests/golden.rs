//! Golden files: what `automap plan` writes for small inputs, and the sharding rules of one op of each
//! kind, compared byte for byte with the files under `tests/golden/`.
//!
//! A case is a folder `tests/golden/CASE/` holding `input.mlir`, `args` (the rest of the `automap plan`
//! command line, one argument per line, `#` starts a comment) and the expected `annotated.mlir`,
//! `plan.json` and `report.md`. Add a case by adding a folder with `input.mlir` and `args`, then run
//! `AUTOMAP_BLESS=1 cargo test --test golden` to write (or rewrite) the expected files, and review them
//! in the diff. Every case solves with HiGHS alone, whose answers do not depend on thread timing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap, root};
use std::path::{Path, PathBuf};

/// The files a plan case compares.
const OUTPUTS: [&str; 3] = ["annotated.mlir", "plan.json", "report.md"];

/// Whether this run rewrites the expected files instead of comparing with them.
fn blessing() -> bool {
    std::env::var_os("AUTOMAP_BLESS").is_some_and(|v| v != "0")
}

/// Compares `got` with the file at `expected` (or writes it when blessing); a mismatch is described.
fn compare(expected: &Path, got: &str) -> Option<String> {
    if blessing() {
        std::fs::write(expected, got).unwrap();
        return None;
    }
    let want = match std::fs::read_to_string(expected) {
        Ok(w) => w,
        Err(e) => return Some(format!("{}: {e} (run with AUTOMAP_BLESS=1 to write it)", expected.display())),
    };
    if want == got {
        return None;
    }
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let line = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
    Some(format!(
        "{}: differs from line {}:\n  expected: {}\n  got:      {}\n  ({} lines expected, {} written)",
        expected.display(),
        line + 1,
        w.get(line).unwrap_or(&"(end of file)"),
        g.get(line).unwrap_or(&"(end of file)"),
        w.len(),
        g.len()
    ))
}

/// The case folders, sorted.
fn cases() -> Vec<PathBuf> {
    let dir = root().join("tests/golden");
    let mut out: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.join("args").is_file()).collect();
    out.sort();
    out
}

/// The arguments of a case's `args` file.
fn args_of(case: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(case.join("args")).unwrap();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn plans_match_their_golden_files() {
    let cases = cases();
    assert!(cases.len() >= 4, "golden cases missing from tests/golden");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let out = Scratch::new(&format!("golden-{name}"));
        let input = format!("tests/golden/{name}/input.mlir");
        let mut args = vec!["plan".to_string(), input];
        args.extend(args_of(case));
        args.extend(["--out".to_string(), out.arg()]);
        let run = automap(&args);
        if run.code != Some(0) {
            failures.push(format!("{name}: automap {} exited with {:?}:\n{}", args.join(" "), run.code, run.stderr));
            continue;
        }
        for file in OUTPUTS {
            let got = std::fs::read_to_string(out.join(file)).unwrap();
            failures.extend(compare(&case.join(file), &got));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The rule of the first op of every op name in the fixtures, in Shardy's syntax, with where it is.
fn rules_list() -> String {
    let dir = root().join("tests/fixtures");
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir") && !p.to_string_lossy().ends_with(".generic.mlir"))
        .collect();
    fixtures.sort();
    let mut seen = std::collections::BTreeMap::new();
    for path in &fixtures {
        let text = std::fs::read_to_string(path).unwrap();
        let m = automap::ir::parse_module(&text).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        for &op in &m.body {
            seen.entry(m.ops[op].name.clone()).or_insert_with(|| {
                let rule = automap::encodings::rules::rule_for(&m, op);
                format!("{file}:{}  {rule}", m.op_location(op))
            });
        }
    }
    seen.iter().map(|(name, rule)| format!("{name}  {rule}\n")).collect()
}

#[test]
fn rules_match_their_golden_list() {
    let failure = compare(&root().join("tests/golden/rules.txt"), &rules_list());
    assert!(failure.is_none(), "{}", failure.unwrap_or_default());
}
