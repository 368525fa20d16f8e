//! Greedy propagation, in the manner of GSPMD and Shardy: from the user's pins (forbidden strategies)
//! outwards, each node in program order takes its cheapest strategy given the nodes already placed; memory is
//! then repaired. One answer, one evaluation.

use super::Outcome;
use super::rollout::{Best, complete, decision_order, memory_binds, searched};
use crate::backend::Progress;
use crate::phase::Phase;
use crate::problem::ChoiceProblem;
use crate::search::state::Search;

/// Greedy propagation over `p` in program order.
pub fn greedy(p: &ChoiceProblem, progress: &mut dyn FnMut(&Progress)) -> Outcome {
    let q = searched(p);
    let mut s = Search::new(&q);
    let order = decision_order(&q);
    let mut best = Best::new(p, Phase::Greedy);
    let mut placed = vec![false; order.len()];
    complete(&mut s, &order, &mut placed, memory_binds(&q), None);
    best.offer(&s, progress);
    best.outcome()
}
