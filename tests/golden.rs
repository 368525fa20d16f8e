//! Golden files: what `automap plan` writes for small inputs, and the sharding rules of one op of each
//! kind, compared with the files under `tests/golden/`. One test per case (`cargo test --test golden --
//! CASE` runs one).
//!
//! A case is a folder `tests/golden/CASE/` holding `input.mlir`, `args` (the rest of the `automap plan`
//! command line, one argument per line, `#` starts a comment) and what the plan must be:
//! - `annotated.mlir`, byte for byte;
//! - `plan.json`, exactly once every float is rounded to [`SIGNIFICANT_DIGITS`] (the golden file is
//!   stored rounded), so a last-bit change in a sum is not a change of plan;
//! - `report.check`, `CHECK: text` lines that report.md must contain in that order (each a substring of
//!   a later line than the one before), in the manner of LLVM's FileCheck: the plan's figures, its
//!   collectives and its proof, not the prose around them, which may be reworded freely.
//!
//! Add a case by adding a folder with `input.mlir` and `args`, then run `AUTOMAP_BLESS=1 cargo test
//! --test golden` to write (or rewrite) `annotated.mlir` and `plan.json`, and `report.check` where it is
//! missing (from the report's headline lines; edit it to check what the case is about), and review them
//! in the diff. Every case solves with HiGHS alone, whose answers do not depend on thread timing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap, root};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Significant digits kept of every float in plan.json.
const SIGNIFICANT_DIGITS: usize = 10;

/// Whether this run rewrites the expected files instead of comparing with them.
fn blessing() -> bool {
    std::env::var_os("AUTOMAP_BLESS").is_some_and(|v| v != "0")
}

/// Compares `got` with the file at `expected` (or writes it when blessing); a mismatch is described.
fn compare(expected: &Path, got: &str) -> Result<(), String> {
    if blessing() {
        std::fs::write(expected, got).unwrap();
        return Ok(());
    }
    let want = std::fs::read_to_string(expected)
        .map_err(|e| format!("{}: {e} (run with AUTOMAP_BLESS=1 to write it)", expected.display()))?;
    if want == got {
        return Ok(());
    }
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let line = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
    Err(format!(
        "{}: differs from line {}:\n  expected: {}\n  got:      {}\n  ({} lines expected, {} written)",
        expected.display(),
        line + 1,
        w.get(line).unwrap_or(&"(end of file)"),
        g.get(line).unwrap_or(&"(end of file)"),
        w.len(),
        g.len()
    ))
}

/// `v` with every float rounded to [`SIGNIFICANT_DIGITS`].
fn rounded(v: Value) -> Value {
    match v {
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(0.0);
            let r: f64 = format!("{x:.*e}", SIGNIFICANT_DIGITS - 1).parse().unwrap_or(x);
            serde_json::Number::from_f64(r).map_or(Value::Null, Value::Number)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(rounded).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, rounded(v))).collect()),
        other => other,
    }
}

/// plan.json as the golden file holds it: floats rounded, pretty-printed.
fn plan_json(text: &str) -> String {
    let v: Value = serde_json::from_str(text).unwrap();
    serde_json::to_string_pretty(&rounded(v)).unwrap() + "\n"
}

/// The text of each `CHECK:` line of a `.check` file.
fn checks(text: &str) -> Vec<&str> {
    text.lines().filter_map(|l| l.strip_prefix("CHECK:")).map(str::trim).collect()
}

/// Does `report` hold every check, in order? The first one missing is described.
fn check_report(check_file: &Path, report: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(check_file)
        .map_err(|e| format!("{}: {e} (run with AUTOMAP_BLESS=1 to write it)", check_file.display()))?;
    let wanted = checks(&text);
    if wanted.is_empty() {
        return Err(format!("{}: no CHECK lines", check_file.display()));
    }
    let lines: Vec<&str> = report.lines().collect();
    let mut at = 0;
    for want in wanted {
        match lines[at..].iter().position(|l| l.contains(want)) {
            Some(i) => at += i + 1,
            None => {
                return Err(format!(
                    "{}: `{want}` is not in report.md after line {at}; the report:\n{report}",
                    check_file.display()
                ));
            }
        }
    }
    Ok(())
}

/// The checks a new case starts with: the report's headline lines (the plan's status, step, peak and
/// number of collectives, the solver's status, the plan's row beside the reference plans). plan.json
/// pins the collectives themselves.
fn first_checks(report: &str) -> String {
    let mut out = String::from(
        "# Lines report.md must contain, in this order (each a substring of a later line than the one before).\n",
    );
    for line in report.lines() {
        let headlines =
            ["plan:", "predicted step time:", "peak memory per device:", "collectives:", "| **this plan** |"];
        if headlines.iter().any(|p| line.starts_with(p)) {
            out += &format!("CHECK: {}\n", line.trim());
        } else if let Some(status) = line.strip_prefix("Solver status: ") {
            out += &format!("CHECK: Solver status: {}\n", status.split('.').next().unwrap_or(status));
        }
    }
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

/// Plans the case in `case` and compares what `automap plan` wrote.
fn plan_case(case: &Path) -> Result<(), Failed> {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let out = Scratch::new(&format!("golden-{name}"));
    let mut args = vec!["plan".to_string(), format!("tests/golden/{name}/input.mlir")];
    args.extend(args_of(case));
    args.extend(["--out".to_string(), out.arg()]);
    let run = automap(&args);
    if run.code != Some(0) {
        return Err(format!("automap {} exited with {:?}:\n{}", args.join(" "), run.code, run.stderr).into());
    }
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap();
    let mut failures = Vec::new();
    failures.extend(compare(&case.join("annotated.mlir"), &read("annotated.mlir")).err());
    failures.extend(compare(&case.join("plan.json"), &plan_json(&read("plan.json"))).err());
    let report = read("report.md");
    let check_file = case.join("report.check");
    if blessing() && !check_file.exists() {
        std::fs::write(&check_file, first_checks(&report)).unwrap();
    }
    failures.extend(check_report(&check_file, &report).err());
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n\n").into()) }
}

/// The case folders, sorted.
fn cases() -> Vec<PathBuf> {
    let dir = root().join("tests/golden");
    let mut out: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.join("args").is_file()).collect();
    out.sort();
    out
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
                let rule = automap::sharding::rule_for(&m, op);
                format!("{file}:{}  {rule}", m.op_location(op))
            });
        }
    }
    seen.iter().map(|(name, rule)| format!("{name}  {rule}\n")).collect()
}

fn main() {
    let cases = cases();
    assert!(cases.len() >= 4, "golden cases missing from tests/golden");
    let mut trials: Vec<Trial> = cases
        .into_iter()
        .map(|case| {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("plan::{name}"), move || plan_case(&case))
        })
        .collect();
    trials.push(Trial::test("rules_match_their_golden_list", || {
        compare(&root().join("tests/golden/rules.txt"), &rules_list()).map_err(Failed::from)
    }));
    trials.push(Trial::test("checks_are_found_in_order_and_a_missing_one_is_named", || {
        let dir = Scratch::new("golden-check");
        let file = dir.join("r.check");
        std::fs::write(&file, "# a comment\nCHECK: plan: solved\nCHECK: collectives: 2\n").unwrap();
        let report = "plan: solved\npeak\ncollectives: 2\n";
        check_report(&file, report)?;
        let swapped = "collectives: 2\nplan: solved\n";
        let err = check_report(&file, swapped).err().unwrap_or_default();
        if !err.contains("`collectives: 2` is not in report.md after line 2") {
            return Err(format!("unexpected: {err}").into());
        }
        let json = plan_json("{\"a\": 0.000010119200000000001, \"b\": [3, 1.5]}");
        if json != "{\n  \"a\": 0.0000101192,\n  \"b\": [\n    3,\n    1.5\n  ]\n}\n" {
            return Err(format!("plan.json rounded to {json}").into());
        }
        Ok(())
    }));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
