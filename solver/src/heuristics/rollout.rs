//! What every heuristic shares: completing a partial assignment by propagation (each undecided node, in
//! order, takes its cheapest strategy given the nodes placed before it, as GSPMD-style propagation does),
//! repairing memory, and keeping the best answer that keeps every constraint.

use crate::backend::{Progress, Solution, Status};
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::eval::evaluate;
use crate::problem::{ChoiceProblem, FORBIDDEN_COST};
use crate::search::state::Search;
use std::time::Instant;

/// The problem a heuristic searches: ties lowered to forbidden pairs (so that propagation respects
/// them); the original is kept to check ties and budgets on every new best.
pub(super) fn searched(p: &ChoiceProblem) -> std::borrow::Cow<'_, ChoiceProblem> {
    if p.ties.is_empty() { std::borrow::Cow::Borrowed(p) } else { std::borrow::Cow::Owned(p.ties_as_edges()) }
}

/// The order nodes are decided in: by the start of their live interval (program order; a model's
/// arguments live from the start, so they come first), then by index.
pub(super) fn decision_order(p: &ChoiceProblem) -> Vec<usize> {
    let mut order: Vec<usize> = (0..p.nodes.len()).collect();
    let starts: Vec<i64> = p.nodes.values().map(|n| n.interval.0).collect();
    order.sort_by_key(|&v| (starts[v], v));
    order
}

/// Whether memory can bind in `p` (some assignment overflows its limit): propagation then breaks ties
/// towards the leaner strategy.
pub(super) fn memory_binds(p: &ChoiceProblem) -> bool {
    p.usage_limit.is_some_and(|l| crate::problem::eval::max_peak(p) > i128::from(l))
}

/// The cheapest allowed strategy of `v` given the neighbours `placed`, in the search state `s` (whose
/// `x` holds the placed neighbours' strategies). Ties go to the leaner strategy when memory binds
/// (`lean`), else to the lower index (the sharding model lists the replicated sharding first, GSPMD's default
/// for what nothing constrains).
pub(super) fn cheapest_given(s: &Search<'_>, v: usize, placed: &[bool], lean: bool) -> usize {
    (0..s.costs[v].len())
        .min_by_key(|&t| {
            let mut c = s.costs[v][t] as i128;
            for a in &s.arcs[v] {
                if a.other != v && placed[a.other] {
                    c += s.ecost(a, t, s.x[a.other]) as i128;
                }
            }
            (c, if lean { s.usages[v][t] } else { 0 }, t)
        })
        .unwrap_or(0)
}

/// Cost terms one propagation over every node reads (as [`Search::work`] counts them): the unit in
/// which the heuristics' [`crate::effort::Effort`] is counted.
pub(super) fn terms(s: &Search<'_>) -> u64 {
    s.costs.iter().zip(&s.arcs).map(|(c, a)| (c.len() * (a.len() + 1)) as u64).sum()
}

/// Complete `s.x` from the nodes marked `placed` (their strategies already in `s.x`): every other node,
/// in `order`, takes its cheapest strategy given those placed before it; then cost and memory are
/// recomputed, with `polish` a best-response descent follows (within that effort), and memory is
/// repaired. `lean`: see [`cheapest_given`]. Returns whether the answer fits.
///
/// Why the descent: propagation sees only the nodes placed before, so two of them can leave a node
/// nothing but forbidden pairs; on the contest instances greedy propagation ends with 1,332 forbidden
/// pairs on A and 15 on B, which single and pair moves remove. MCTS and beam polish their rollouts;
/// greedy stays one pass of propagation, as GSPMD's is.
pub(super) fn complete(
    s: &mut Search<'_>,
    order: &[usize],
    placed: &mut [bool],
    lean: bool,
    polish: Option<&Effort>,
) -> bool {
    for &v in order {
        if !placed[v] {
            s.x[v] = cheapest_given(s, v, placed, lean);
            placed[v] = true;
        }
    }
    s.reset();
    if let Some(effort) = polish {
        s.descend(&[], effort);
    }
    s.feasible() || s.repair()
}

/// The best answer so far, with the checks every new best passes.
pub(super) struct Best<'p> {
    p: &'p ChoiceProblem,
    t0: Instant,
    phase: Phase,
    /// The best answer that keeps every constraint.
    pub(super) solution: Option<Solution>,
    /// Completed answers priced.
    pub(super) evaluations: u64,
}

impl<'p> Best<'p> {
    /// Nothing yet; `p` is the original problem (with its ties and budgets).
    pub(super) fn new(p: &'p ChoiceProblem, phase: Phase) -> Best<'p> {
        Best { p, t0: Instant::now(), phase, solution: None, evaluations: 0 }
    }

    /// Is the assignment in `s` an answer: it fits, pays no forbidden cost, keeps ties and budgets?
    pub(super) fn is_answer(&self, s: &Search<'_>) -> bool {
        s.answer_cost().is_some_and(|c| c < FORBIDDEN_COST as i128)
            && (!self.p.has_user_constraints()
                || evaluate(self.p, &s.x).is_ok_and(|e| e.broken_ties.is_empty() && e.over_budget.is_empty()))
    }

    /// Count the answer in `s` as evaluated, and keep it when it is an answer cheaper than the best;
    /// `progress` hears of every new best.
    pub(super) fn offer(&mut self, s: &Search<'_>, progress: &mut dyn FnMut(&Progress)) -> bool {
        self.evaluations += 1;
        let Some(cost) = s.answer_cost() else { return false };
        if self.solution.as_ref().is_some_and(|b| b.cost <= cost) || !self.is_answer(s) {
            return false;
        }
        let bound = self.p.trivial_bound().min(cost);
        let elapsed = self.t0.elapsed().as_secs_f64();
        let status = if bound >= cost { Status::Optimal } else { Status::Heuristic };
        self.solution = Some(Solution { choice: s.x.clone(), cost, bound, status, time_to_best: elapsed });
        progress(&Progress { phase: self.phase, elapsed, incumbent: Some(cost), bound: Some(self.p.trivial_bound()) });
        true
    }

    /// The outcome.
    pub(super) fn outcome(self) -> super::Outcome {
        super::Outcome { solution: self.solution, evaluations: self.evaluations }
    }
}
