//! Heuristic search beside the exact solver, on the same problem and cost model, for users to compare
//! with the proven optimum: greedy propagation in the manner of GSPMD and Shardy, beam search and Monte
//! Carlo tree search (as in the Automap paper) over a decision order, and random restarts of the local
//! search. Each decides nodes in program order (by the start of their live interval: a model's
//! arguments, so its parameters, come first, as Automap acts on parameters and lets propagation do the
//! rest; measured against the node index order in docs/solver.md), completes the
//! rest by propagation ([`rollout`]), repairs memory, and counts its evaluations (completed answers
//! priced). None proves anything: the bound is the problem's trivial bound. Each honours the memory
//! limit and the user's constraints (an answer that breaks them is never returned) and is
//! deterministic for a seed when its budget, not the clock, ends it.

mod beam;
mod greedy;
pub(crate) mod mcts;
mod restarts;
mod rollout;

pub use beam::beam;
pub use greedy::greedy;
pub use mcts::{MctsOptions, mcts};
pub use restarts::restarts;

use crate::backend::Solution;

/// A heuristic's answer and how many completed answers it priced on the way.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best answer that keeps every constraint, if one was found.
    pub solution: Option<Solution>,
    /// Completed answers priced.
    pub evaluations: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Backend, SolveOptions};
    use crate::effort::{ClockWatch, Effort};
    use crate::exact::brute::BruteForce;
    use crate::problem::eval::evaluate;
    use crate::testing::{RandomSpec, add_random_constraints, random_problem};
    use std::time::Duration;

    /// Every method on one problem, with budgets (not the clock) ending each.
    fn every_method(p: &crate::problem::ChoiceProblem, seed: u64) -> Vec<(&'static str, Outcome)> {
        let watch = ClockWatch::default();
        let effort = || Effort::of(Duration::from_secs(60), true, 2e3, &watch);
        let mcts_opts = MctsOptions { episodes: 300, exploration: mcts::EXPLORATION, seed };
        let out = vec![
            ("greedy", greedy(p, &mut |_| {})),
            ("beam", beam(p, 2, &effort(), &mut |_| {})),
            ("mcts", mcts(p, &mcts_opts, &effort(), &mut |_| {})),
            ("restarts", restarts(p, seed, 30, &effort(), &mut |_| {})),
        ];
        assert!(!watch.clock_decided(), "a budget, not the clock, must end every method here");
        out
    }

    /// On random small problems (memory limits, forbidden pairs, and on every third one ties and
    /// budgets), every method's answer keeps every constraint, costs what the evaluator says and no less
    /// than the optimum (brute force), and a second run with the same seed gives the same answer.
    #[test]
    fn every_method_answers_soundly_and_the_same_for_a_seed() {
        let mut answered = [0usize; 4];
        for seed in 0..60 {
            let mut p = random_problem(&RandomSpec::tiny(7), seed);
            if seed % 3 == 0 {
                add_random_constraints(&mut p, seed);
            }
            let optimum = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).ok().map(|s| s.cost);
            let first = every_method(&p, seed);
            let again = every_method(&p, seed);
            for (k, ((name, a), (_, b))) in first.iter().zip(&again).enumerate() {
                assert_eq!(
                    a.solution.as_ref().map(|s| &s.choice),
                    b.solution.as_ref().map(|s| &s.choice),
                    "{name} seed {seed}"
                );
                let Some(s) = &a.solution else { continue };
                let e = evaluate(&p, &s.choice).unwrap();
                assert!(e.is_feasible() && e.broken_ties.is_empty() && e.over_budget.is_empty(), "{name} seed {seed}");
                assert_eq!(e.cost, s.cost, "{name} seed {seed}");
                let opt = optimum.expect("an answer exists, so brute force finds the optimum");
                assert!(s.cost >= opt, "{name} seed {seed}: {} below the optimum {opt}", s.cost);
                answered[k] += 1;
            }
        }
        // Each method answers most of the problems that have answers.
        assert!(answered.iter().all(|&a| a >= 20), "answers per method: {answered:?}");
    }
}
