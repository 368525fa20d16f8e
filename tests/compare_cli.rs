//! `automap compare` end to end: every method on a model and on a contest problem, the table against
//! the proven optimum, the plot and every method's plan.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

/// On the MLP every method answers, the exact pipeline proves the optimum, no method is below it, and
/// the folder holds compare.md, the plot (axes labelled with units, a line per method) and a plan.json
/// per method.
#[test]
fn compare_on_a_model_writes_the_table_the_plot_and_every_plan() {
    let out = Scratch::new("compare-mlp");
    let run = automap(&[
        "compare",
        "tests/fixtures/mlp.mlir",
        "--mesh",
        "specs/meshes/cpu-2x4.yaml",
        "--time-limit",
        "2",
        "--out",
        &out.arg(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("Proven optimum:"), "{}", run.stdout);
    let methods = ["ilp", "mcts", "beam", "greedy", "local", "restarts"];
    for m in methods {
        let row = run.stdout.lines().find(|l| l.starts_with(&format!("| {m} |"))).unwrap_or_else(|| panic!("{m}"));
        let ratio: f64 = row.split('|').nth(3).unwrap().trim().parse().unwrap();
        assert!(ratio >= 1.0 - 1e-9, "{m} below the optimum: {row}");
        assert!(row.contains("| yes |"), "{m} found no answer: {row}");
        let plan: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join(m).join("plan.json")).unwrap()).unwrap();
        assert!(plan.is_object(), "{m}");
    }
    let ilp = run.stdout.lines().find(|l| l.starts_with("| ilp |")).unwrap();
    assert!(ilp.contains("| 1.0000 |"), "{ilp}");
    let svg = std::fs::read_to_string(out.join("best-cost.svg")).unwrap();
    for text in ["time since the method started (s)", "best predicted step time (ms)"].iter().chain(&methods) {
        assert!(svg.contains(text), "{text} missing from the plot");
    }
    let md = std::fs::read_to_string(out.join("compare.md")).unwrap();
    assert!(md.contains("| method | cost |") && md.contains("best-cost.svg"), "{md}");
}

/// On a contest problem each method's answer is written as a line of the contest's format; an unknown
/// method is bad input that names the ones there are.
#[test]
fn compare_on_a_contest_problem_writes_each_answer() {
    let out = Scratch::new("compare-contest");
    let path = out.join("example.json");
    std::fs::write(&path, automap::solver::testing::EXAMPLE).unwrap();
    let shown = path.display().to_string();
    let folder = out.join("out").display().to_string();
    let run = automap(&["compare", &shown, "--methods", "ilp,greedy,mcts", "--time-limit", "2", "--out", &folder]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("| ilp | 445 | 1.0000 |"), "{}", run.stdout);
    for m in ["ilp", "greedy", "mcts"] {
        let line = std::fs::read_to_string(out.join("out").join(format!("{m}.txt"))).unwrap();
        assert!(automap::solver::iopddl::parse_solution(line.trim()).is_ok(), "{m}: {line}");
    }
    let run = automap(&["compare", &shown, "--methods", "ilp,anneal"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("unknown method 'anneal'") && run.stderr.contains("mcts"), "{}", run.stderr);
}
