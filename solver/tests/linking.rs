//! Linking repeated nodes ([`automap_solver::internals::Linked`]) keeps the solve honest: on model-like problems
//! with repeated layers, the linked solve's answer fits and costs what the evaluator says, its bound is
//! the whole problem's (never above the optimum HiGHS proves without linking), and the linked problem is
//! much smaller than the whole.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_solver::internals::Reduction;
use automap_solver::internals::{Linked, repeats};
use automap_solver::testing::repeated_problem;
use automap_solver::{Backend, Highs, Method, SolveOptions, Status, evaluate};
use std::time::Duration;

fn opts() -> SolveOptions {
    SolveOptions::default().time_limit(Duration::from_secs(10)).threads(1).deterministic(true)
}

#[test]
fn linked_solves_are_sound_and_their_bounds_are_the_whole_problems() {
    let (mut linked_seen, mut optimal_seen) = (0, 0);
    for seed in 0..24u64 {
        let p = repeated_problem(seed, 12, 3 + (seed % 3) as usize);
        let exact = Highs.solve(&p, &opts(), &mut |_| {}).unwrap();
        assert_eq!(exact.status, Status::Optimal, "seed {seed}");
        let r = automap_solver::solve(&p, Method::Auto, &opts().link(true), &mut |_| {}).unwrap();
        let s = &r.solution;
        let e = evaluate(&p, &s.choice).unwrap();
        assert!(e.is_feasible(), "seed {seed}: {:?}", e.violations(&p));
        assert_eq!(e.cost, s.cost, "seed {seed}");
        assert!(s.cost >= exact.cost, "seed {seed}");
        assert!(s.bound <= exact.cost, "seed {seed}: the bound {} passes the optimum {}", s.bound, exact.cost);
        if s.status == Status::Optimal {
            assert_eq!(s.cost, exact.cost, "seed {seed}");
            optimal_seen += 1;
        }
        if let Some(l) = &r.linked {
            linked_seen += 1;
            assert!(l.decisions.1 * 2 <= l.decisions.0, "seed {seed}: {l:?}");
            // The linked answer, when there is one, is never cheaper than the answer returned.
            assert!(l.cost.is_none_or(|c| c >= s.cost), "seed {seed}");
        }
    }
    assert!(linked_seen >= 20, "linking applied on {linked_seen} of 24 layered problems");
    assert!(optimal_seen >= 20, "proven optimal on {optimal_seen} of 24");
}

#[test]
fn twelve_layers_link_into_about_one() {
    let p = repeated_problem(3, 12, 4);
    let l = Linked::new(&p, &repeats(&p));
    // 12 layers of 4 nodes plus a head and a tail: the layers far enough from both ends fold into one.
    assert!(l.problem.nodes.len() < p.nodes.len() / 2, "{} of {}", l.problem.nodes.len(), p.nodes.len());
    let x = vec![0; l.problem.nodes.len()];
    assert_eq!(evaluate(&l.problem, &x).unwrap().cost, evaluate(&p, &l.lift(&x)).unwrap().cost);
}
