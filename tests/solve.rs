//! `automap solve` as the contest runs it: the answer is the last stdout line; errors exit with 1.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::solver::testing::EXAMPLE;

fn solve(text: &str, name: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = common::Scratch::new(&format!("solve-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    let out = common::automap(&[&["solve", path.as_str()], args].concat());
    (out.code, out.stdout, out.stderr)
}

#[test]
fn solves_the_contest_example_and_proves_it() {
    let (code, stdout, stderr) = solve(EXAMPLE, "example.json", &["--timeout", "10"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().last(), Some("[0, 0, 2, 1, 0]"));
    assert!(stderr.contains("cost 445 bound 445 gap 0.0000% (optimal"), "{stderr}");
}

#[test]
fn an_impossible_limit_is_bad_input_with_the_lowest_peak() {
    let (code, stdout, stderr) =
        solve(&EXAMPLE.replace("\"usage_limit\": 50", "\"usage_limit\": 40"), "tight.json", &["--timeout", "5"]);
    assert_eq!(code, Some(1));
    assert_eq!(stdout.lines().last(), Some("[]"));
    assert!(stderr.contains("the lowest achievable peak is 50"), "{stderr}");
}

#[test]
fn malformed_problems_name_the_place() {
    let (code, _, stderr) = solve("{\"problem\": {\"nodes\": ", "bad.json", &["--timeout", "1"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("bad.json:1:"), "{stderr}");
    let (code, _, stderr) = solve(&EXAMPLE.replace("[70, 60]", "[70]"), "short.json", &["--timeout", "1"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("edge 4 has 1 costs"), "{stderr}");
    let (code, _, stderr) = solve(EXAMPLE, "x.json", &["--timeout=-3"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("--timeout"), "{stderr}");
}

/// An error's text is printed once (the error chain used to repeat its source's message).
#[test]
fn an_error_is_said_once() {
    let p = r#"{"problem": {"name": "p1", "nodes": {"intervals": [[0, 1]], "costs": [[]], "usages": [[]]},
        "edges": {"nodes": [], "costs": []}, "usage_limit": 5}}"#;
    let (code, _, stderr) = solve(p, "p1.json", &["--timeout", "1"]);
    assert_eq!(code, Some(1));
    assert_eq!(stderr.matches("node 0 has no allowed strategy").count(), 1, "{stderr}");
}

/// A solve that ends past its timeout says so, with where the time went (a timeout of a nanosecond,
/// shorter than reading any file takes); the answer is still given.
#[test]
fn a_solve_past_its_timeout_says_where_the_time_went() {
    // (At a tenth of a millisecond the five-node example was sometimes read and solved within it.)
    let (code, stdout, stderr) = solve(EXAMPLE, "hurried.json", &["--timeout", "0.000000001"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.lines().last().is_some_and(|l| l.starts_with('[') && l.len() > 2), "{stdout}");
    assert!(stderr.contains("past the time limit of 0.000000001 s: reading the problem took"), "{stderr}");
}

/// `--link` solves a problem of repeated layers through its linked problem, says so, and answers with the
/// whole problem's proof: the same optimum as without it.
#[test]
fn link_solves_through_the_repeats_with_the_whole_problems_proof() {
    use automap::solver::{iopddl, testing::repeated_problem};
    let text = iopddl::to_json(&repeated_problem(5, 12, 4));
    // The optimum's cost, from the summary line ("...: cost C bound B gap 0.0000% (optimal; ...").
    let optimum = |stderr: &str| {
        let line = stderr.lines().find(|l| l.contains("(optimal")).unwrap_or_else(|| panic!("not proven: {stderr}"));
        line.split(" cost ").nth(1).and_then(|r| r.split(' ').next()).unwrap().to_string()
    };
    let args = ["--timeout", "10", "--deterministic"];
    let (code, _, plain) = solve(&text, "layers.json", &args);
    assert_eq!(code, Some(0), "{plain}");
    assert!(!plain.contains("linked: "), "{plain}");
    let (code, _, linked) = solve(&text, "layers.json", &[&args[..], &["--link"]].concat());
    assert_eq!(code, Some(0), "{linked}");
    assert!(linked.contains("linked: ") && linked.contains("classes of repeated nodes"), "{linked}");
    assert_eq!(optimum(&linked), optimum(&plain));
}
