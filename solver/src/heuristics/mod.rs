//! Heuristic search beside the exact solver, on the same problem and cost model, for users to compare
//! with the proven optimum: greedy propagation in the manner of GSPMD and Shardy, beam search and Monte
//! Carlo tree search (as in the Automap paper) over a decision order, and random restarts of the local
//! search. Each decides nodes in program order (by the start of their live interval: a model's
//! arguments, so its parameters, come first, as Automap acts on parameters and lets propagation do the
//! rest; compared with the node index order on the fixtures), completes the
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

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions};
use crate::effort::Effort;
use crate::problem::ChoiceProblem;
use crate::search::local::TERMS_PER_S;

/// A heuristic's answer and how many completed answers it priced on the way.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best answer that keeps every constraint, if one was found.
    pub solution: Option<Solution>,
    /// Completed answers priced.
    pub evaluations: u64,
}

/// Greedy propagation as a [`Backend`]: one pass, so it ignores every option ([`SolveOptions`]'s time
/// limit, threads and seed alike).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// Beam search as a [`Backend`]: passes of doubling width from `width`.
#[derive(Clone, Copy, Debug)]
pub struct Beam {
    /// The first pass's width.
    pub width: usize,
}

/// MCTS as a [`Backend`]: at most `episodes`, UCT's `exploration` constant (the seed comes from
/// [`SolveOptions::seed`]).
#[derive(Clone, Copy, Debug)]
pub struct Mcts {
    /// Episodes at most.
    pub episodes: u64,
    /// UCT's exploration constant.
    pub exploration: f64,
}

/// Random restarts of the local search's descent as a [`Backend`]: at most `restarts`.
#[derive(Clone, Copy, Debug)]
pub struct Restarts {
    /// Restarts at most.
    pub restarts: u64,
}

/// A heuristic's outcome as a backend's answer.
fn answer(out: Outcome) -> Result<Solution, SolveError> {
    out.solution.ok_or(SolveError::NoAnswer)
}

/// The effort of a heuristic run under `opts`: its time limit, and in a deterministic solve the work
/// that time allows at [`TERMS_PER_S`].
fn effort_of(opts: &SolveOptions) -> Effort {
    Effort::of(opts.time_limit, opts.deterministic, TERMS_PER_S, &opts.watch)
}

impl Backend for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        _: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        answer(greedy(p, progress))
    }
}

impl Backend for Beam {
    fn name(&self) -> &'static str {
        "beam"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        answer(beam(p, self.width, &effort_of(opts), progress))
    }
}

impl Backend for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        let o = MctsOptions { episodes: self.episodes, exploration: self.exploration, seed: opts.seed };
        answer(mcts(p, &o, &effort_of(opts), progress))
    }
}

impl Backend for Restarts {
    fn name(&self) -> &'static str {
        "restarts"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        answer(restarts(p, opts.seed, self.restarts, &effort_of(opts), progress))
    }
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
        // Through the backend trait, on a problem where greedy answers: the same answer.
        let p = random_problem(&RandomSpec::tiny(7), 1);
        if let Some(g) = greedy(&p, &mut |_| {}).solution {
            assert_eq!(Greedy.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().choice, g.choice);
        }
        // Each method answers most of the problems that have answers.
        assert!(answered.iter().all(|&a| a >= 20), "answers per method: {answered:?}");
    }
}
