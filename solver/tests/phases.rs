//! A solve returns the phases it ran, each with its time and why it stopped: the default pipeline's
//! phases in the order they ended, one line for a method without phases, and the reasons the limits
//! and the proofs give.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_solver::testing::{EXAMPLE, RandomSpec, random_problem};
use automap_solver::{Method, Phase, SolveOptions, Status, Stop, iopddl, phase_table, solve};
use std::time::Duration;

fn opts(seconds: u64) -> SolveOptions {
    SolveOptions::default().time_limit(Duration::from_secs(seconds)).threads(2)
}

/// On the contest example, the default solve presolves, searches and proves its answer: a phase
/// says so, and no phase runs longer than the solve.
#[test]
fn the_default_solve_logs_its_phases_and_the_proof() {
    let p = iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap();
    let started = std::time::Instant::now();
    let r = solve(&p, Method::Auto, &opts(5), &mut |_| {}).unwrap();
    let total = started.elapsed().as_secs_f64();
    assert_eq!(r.solution.status, Status::Optimal);
    let phases: Vec<Phase> = r.phases.iter().map(|run| run.phase).collect();
    assert_eq!(phases.first(), Some(&Phase::Presolve), "{phases:?}");
    assert!(phases.contains(&Phase::LocalSearch), "{phases:?}");
    assert!(r.phases.iter().any(|run| run.stop == Stop::Proved), "{}", phase_table(&r.phases));
    assert!(r.phases.iter().all(|run| run.seconds >= 0.0 && run.seconds <= total), "{}", phase_table(&r.phases));
}

/// A method with no phases of its own gets one line: greedy propagation finishes, HiGHS proves.
#[test]
fn a_method_without_phases_gets_one_line() {
    let p = iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap();
    let r = solve(&p, Method::Greedy, &opts(5), &mut |_| {}).unwrap();
    let lines: Vec<(Phase, Stop)> = r.phases.iter().map(|run| (run.phase, run.stop)).collect();
    assert_eq!(lines, vec![(Phase::Presolve, Stop::Done), (Phase::Greedy, Stop::Done)]);
    let r = solve(&p, Method::Highs, &opts(5), &mut |_| {}).unwrap();
    assert!(r.phases.iter().any(|run| run.phase == Phase::Highs && run.stop == Stop::Proved), "{:?}", r.phases);
}

/// A deterministic local search given far too little time for a problem of this size stops by its
/// work, not by the clock (nor because it ran out of moves). The limit leaves no work at all after
/// the safety margin: a phase's work rate is that of an optimised build, so with any work to do a
/// debug build (several times slower) would meet its clock first, and which limit ends it would
/// depend on the build and the machine, not on the solver.
#[test]
fn a_deterministic_search_cut_short_says_its_work_ran_out() {
    let spec = RandomSpec { max_strategies: 8, extra_edges: 3000, forbidden_rate: 0.0, ..RandomSpec::tiny(3000) };
    let mut p = random_problem(&spec, 7);
    // Any answer fits: the search has an answer from its first descent on.
    p.usage_limit = None;
    let o = opts(60).threads(1).deterministic(true).time_limit(Duration::from_millis(310));
    let r = solve(&p, Method::Local, &o, &mut |_| {}).unwrap();
    let local: Vec<Stop> = r.phases.iter().filter(|run| run.phase == Phase::LocalSearch).map(|run| run.stop).collect();
    assert_eq!(local, vec![Stop::Work], "{}", phase_table(&r.phases));
}
