//! Random restarts of the local search: from a random assignment of allowed strategies, memory repair
//! and best-response descent to a local optimum; again from another, until the budget of restarts or the
//! time runs out. Each restart is one evaluation.

use super::Outcome;
use super::rollout::{Best, searched, terms};
use crate::backend::Progress;
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::{ChoiceProblem, Cost};
use crate::rng::Rng;
use crate::search::state::Search;

/// Up to `budget` restarts from random assignments drawn with `seed`, within `effort` (counted in the
/// search's work).
pub fn restarts(
    p: &ChoiceProblem,
    seed: u64,
    budget: u64,
    effort: &Effort,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let q = searched(p);
    let mut s = Search::new(&q);
    let mut rng = Rng::new(seed);
    let mut best = Best::new(p, Phase::Restarts);
    let allowed: Vec<Vec<usize>> =
        s.costs.iter().map(|c| (0..c.len()).filter(|&t| c[t] < Cost::MAX / 4).collect()).collect();
    for _ in 0..budget {
        if effort.over(s.work) {
            break;
        }
        for (v, a) in allowed.iter().enumerate() {
            s.x[v] = a.get(rng.below(a.len().max(1) as u64) as usize).copied().unwrap_or(0);
        }
        s.reset();
        s.work += terms(&s);
        if !s.feasible() {
            s.repair();
        }
        s.descend(&[], effort);
        best.offer(&s, progress);
    }
    best.outcome()
}
