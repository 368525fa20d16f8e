//! Contest problems: read the JSON, presolve, and solve small ones exactly through the pipeline
//! (presolve, brute force, postsolve); an answer must be feasible at the cost the solver claims.
#![no_main]

use automap::solver::{Method, SolveOptions, evaluate, iopddl};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

/// Most strategy choices a fuzzed problem may hold (larger ones only slow the fuzzer down).
const MAX_CHOICES: usize = 4096;
/// Most assignments of a problem solved by brute force here (each input must take well under 1 s).
const MAX_ASSIGNMENTS: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let Ok(p) = iopddl::parse(data, "fuzz.json") else { return };
    let choices: usize = p.nodes.values().map(|n| n.strategies.len()).sum::<usize>()
        + p.edges.values().map(|e| e.costs.len()).sum::<usize>();
    if choices > MAX_CHOICES {
        return;
    }
    let _ = automap::solver::internals::presolve(&p);
    let assignments = p.nodes.values().fold(1u64, |n, v| n.saturating_mul(v.strategies.len() as u64));
    if assignments > MAX_ASSIGNMENTS {
        return;
    }
    let opts = SolveOptions::default().time_limit(Duration::from_secs(1));
    if let Ok(r) = automap::solver::solve(&p, Method::Brute, &opts, &mut |_| {}) {
        let e = evaluate(&p, &r.solution.choice);
        assert!(e.is_ok_and(|e| e.is_feasible() && e.cost == r.solution.cost), "an answer must be what it claims");
    }
});
