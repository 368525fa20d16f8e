//! Presolve is exact: on random small problems, the reduced problem's optimum equals the original's, and
//! every reduced solution maps back to an original solution of the same cost and memory peak; with user
//! constraints (pins, ties, budgets) as well.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_solver::internals::Reduction;
use automap_solver::internals::presolve;
use automap_solver::testing::{RandomSpec, random_problem};
use automap_solver::{Backend, BruteForce, FORBIDDEN_COST, SolveError, SolveOptions, evaluate};
use proptest::prelude::*;

fn brute(p: &automap_solver::ChoiceProblem) -> Result<automap_solver::Solution, SolveError> {
    BruteForce.solve(p, &SolveOptions::default(), &mut |_| {})
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn presolve_keeps_the_optimum(seed in any::<u64>(), nodes in 2usize..8) {
        let p = random_problem(&RandomSpec::tiny(nodes), seed);
        p.validate().unwrap();
        let pre = presolve(&p);
        pre.problem.validate().unwrap();
        let (orig, red) = (brute(&p), brute(&pre.problem));
        // An answer that pays a forbidden cost is infeasible, so both sides agree on feasibility too.
        let none = |r: &Result<_, SolveError>| {
            matches!(r, Err(SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }))
        };
        match (orig, red) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a.cost, b.cost, "optimum changed: {}", pre.stats);
                let back = pre.lift(&b.choice);
                let e = evaluate(&p, &back).unwrap();
                prop_assert_eq!(e.cost, b.cost);
                prop_assert!(e.is_feasible());
            }
            (a, b) if none(&a) && none(&b) => {}
            (a, b) => prop_assert!(false, "original {:?} vs reduced {:?}", a.map(|s| s.cost), b.map(|s| s.cost)),
        }
    }

    #[test]
    fn presolve_keeps_the_optimum_under_user_constraints(seed in any::<u64>(), nodes in 2usize..8) {
        let mut p = random_problem(&RandomSpec::tiny(nodes), seed);
        automap_solver::testing::add_random_constraints(&mut p, seed);
        p.validate().unwrap();
        let pre = presolve(&p);
        pre.problem.validate().unwrap();
        match (brute(&p), brute(&pre.problem)) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a.cost, b.cost, "optimum changed: {}", pre.stats);
                let e = evaluate(&p, &pre.lift(&b.choice)).unwrap();
                prop_assert_eq!(e.cost, b.cost);
                prop_assert!(e.is_feasible(), "{:?}", e.violations(&p));
            }
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "original {:?} vs reduced {:?}", a.map(|s| s.cost), b.map(|s| s.cost)),
        }
    }

    #[test]
    fn postsolve_preserves_cost_and_peak_of_any_reduced_solution(seed in any::<u64>(), nodes in 2usize..10, pick in any::<u64>()) {
        let p = random_problem(&RandomSpec::tiny(nodes), seed);
        let pre = presolve(&p);
        let q = &pre.problem;
        let mut r = automap_solver::internals::Rng::new(pick);
        let x: Vec<usize> = q.nodes.values().map(|n| r.below(n.strategies.len() as u64) as usize).collect();
        let (eq, ep) = (evaluate(q, &x).unwrap(), evaluate(&p, &pre.lift(&x)).unwrap());
        if eq.cost < FORBIDDEN_COST as i128 {
            prop_assert_eq!(eq.cost, ep.cost);
        } else {
            prop_assert!(ep.cost >= FORBIDDEN_COST as i128);
        }
        prop_assert_eq!(eq.peak_usage, ep.peak_usage);
    }

    /// Any original answer that pays no forbidden cost maps into the reduced problem (a warm start),
    /// strategies removed as dominated replaced by those that dominated them, at no higher cost or
    /// memory peak.
    #[test]
    fn reduce_maps_every_allowed_answer_at_no_higher_cost(seed in any::<u64>(), nodes in 2usize..10, pick in any::<u64>()) {
        let p = random_problem(&RandomSpec::tiny(nodes), seed);
        let pre = presolve(&p);
        let mut r = automap_solver::internals::Rng::new(pick);
        let x: Vec<usize> = p.nodes.values().map(|n| r.below(n.strategies.len() as u64) as usize).collect();
        let ex = evaluate(&p, &x).unwrap();
        prop_assume!(ex.cost < FORBIDDEN_COST as i128);
        let reduced = pre.restrict(&x);
        prop_assert!(reduced.is_some(), "{}", pre.stats);
        let er = evaluate(&pre.problem, &reduced.unwrap()).unwrap();
        prop_assert!(er.cost <= ex.cost, "{} > {}", er.cost, ex.cost);
        prop_assert!(er.peak_usage <= ex.peak_usage);
    }
}

#[test]
fn presolve_reduces_the_example() {
    let text = automap_solver::testing::EXAMPLE;
    let p = automap_solver::iopddl::parse(text.as_bytes(), "example.json").unwrap();
    let pre = presolve(&p);
    assert!(pre.stats.decisions.1 < pre.stats.decisions.0, "{}", pre.stats);
    let best = brute(&pre.problem).unwrap();
    assert_eq!(best.cost, 445);
    assert_eq!(pre.lift(&best.choice), vec![0, 0, 2, 1, 0]);
}
