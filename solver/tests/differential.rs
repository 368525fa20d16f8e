//! Differential tests: on seeded random small problems, with and without user constraints (pins, ties,
//! budgets), HiGHS, Z3 and brute force agree on the optimal cost and on infeasibility, the default
//! pipeline (presolve + local search + HiGHS) and the Z3 pipeline find the same optimum, the heuristic
//! never reports an answer that breaks a constraint, and every reported cost is the evaluator's.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_solver::internals::Cheaper;
use automap_solver::testing::{RandomSpec, add_random_constraints, random_problem};
use automap_solver::{
    Backend, BruteForce, ChoiceProblem, FORBIDDEN_COST, Highs, LocalSearch, Method, Solution, SolveError, SolveOptions,
    Status, Z3, evaluate,
};
use proptest::prelude::*;
use std::time::Duration;

fn opts() -> SolveOptions {
    SolveOptions::default().time_limit(Duration::from_secs(20)).threads(1)
}

/// The answer is feasible and its reported cost is the evaluator's.
fn checked(p: &ChoiceProblem, who: &str, s: &Solution) -> i128 {
    let e = evaluate(p, &s.choice).unwrap();
    assert!(e.is_feasible(), "{who}: infeasible answer: {:?}", e.violations(p));
    assert_eq!(e.cost, s.cost, "{who}: reported cost differs from the evaluator's");
    s.cost
}

fn is_no_solution(r: &Result<Solution, SolveError>) -> bool {
    matches!(r, Err(SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }))
}

fn compare(p: &ChoiceProblem) {
    let brute = BruteForce.solve(p, &opts(), &mut |_| {});
    let highs = Highs.solve(p, &opts(), &mut |_| {});
    let z3 = Z3.solve(p, &opts(), &mut |_| {});
    match &brute {
        Ok(b) if b.cost < FORBIDDEN_COST as i128 => {
            let optimum = checked(p, "brute", b);
            for (who, r) in [("highs", &highs), ("z3", &z3)] {
                let s = r.as_ref().unwrap_or_else(|e| panic!("{who}: {e}"));
                assert_eq!(checked(p, who, s), optimum, "{who}");
                assert_eq!((s.status, s.bound), (Status::Optimal, optimum), "{who}");
            }
            for method in [Method::Auto, Method::Z3] {
                let r = automap_solver::solve(p, method, &opts().time_limit(Duration::from_secs(5)), &mut |_| {});
                let s = r.unwrap_or_else(|e| panic!("pipeline {method:?}: {e}")).solution;
                assert_eq!(checked(p, "pipeline", &s), optimum, "{method:?}");
            }
            assert_eq!(
                automap_solver::internals::cheaper_than(p, optimum, Duration::from_secs(10)).unwrap(),
                Cheaper::None
            );
            assert_eq!(automap_solver::internals::check_with_z3(p, &b.choice).unwrap(), optimum);
        }
        // No feasible answer, or only answers that pay a forbidden cost (which HiGHS and Z3 refuse).
        _ => {
            assert!(highs.is_err(), "highs answered where brute force found nothing: {highs:?}");
            assert!(z3.is_err(), "z3 answered where brute force found nothing: {z3:?}");
            if brute.is_err() {
                assert!(is_no_solution(&brute), "{brute:?}");
                assert!(is_no_solution(&highs), "{highs:?}");
                assert!(is_no_solution(&z3), "{z3:?}");
            }
        }
    }
    // The heuristic proves nothing, but whatever it returns keeps every constraint.
    if let Ok(s) = LocalSearch.solve(p, &opts().time_limit(Duration::from_millis(100)), &mut |_| {}) {
        let c = checked(p, "local", &s);
        if let Ok(b) = &brute {
            assert!(c >= b.cost);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn backends_agree_on_random_problems(seed in any::<u64>(), nodes in 2usize..9) {
        compare(&random_problem(&RandomSpec::tiny(nodes), seed));
    }

    #[test]
    fn backends_agree_under_user_constraints(seed in any::<u64>(), nodes in 2usize..9) {
        let mut p = random_problem(&RandomSpec::tiny(nodes), seed);
        add_random_constraints(&mut p, seed);
        compare(&p);
    }
}
