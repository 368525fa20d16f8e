//! Beam search over the decision order: at each depth every kept partial assignment is extended by each
//! allowed strategy of the next node, priced exactly (its node cost and its edges to the nodes already
//! decided), and the `width` cheapest are kept. Memory only grows as nodes are added, so a partial
//! assignment over the limit can never fit and is dropped. When the time runs out first, the cheapest
//! partial assignment is completed by propagation. Every answer is polished by a best-response descent
//! (see [`super::rollout::complete`]). Passes of doubling width follow while time is left.
//! Each partial assignment priced is one evaluation.

use super::Outcome;
use super::rollout::{Best, complete, decision_order, memory_binds, searched};
use crate::backend::Progress;
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::memory::MemoryProfile;
use crate::problem::{ChoiceProblem, Cost, FORBIDDEN_COST};
use crate::search::state::Search;

/// A kept partial assignment: the strategies of the nodes decided so far, their exact cost, their memory.
#[derive(Clone)]
struct Partial {
    x: Vec<usize>,
    cost: i128,
    mem: MemoryProfile,
}

/// Beam search over `p` in program order, of `width` and then of twice the width, and so on, while
/// `effort` (counted in the cost terms read) lasts: an anytime search whose wider passes can only add
/// answers, the best kept.
pub fn beam(p: &ChoiceProblem, width: usize, effort: &Effort, progress: &mut dyn FnMut(&Progress)) -> Outcome {
    let q = searched(p);
    let mut s = Search::new(&q);
    let mut best = Best::new(p, Phase::Beam);
    let mut work = 0u64;
    let mut width = width.max(1);
    let order = decision_order(&q);
    let how = How { order: &order, lean: memory_binds(&q), effort };
    while pass(&mut s, &how, width, &mut work, &mut best, progress) != Pass::OutOfEffort && width < MAX_WIDTH {
        width *= 2;
    }
    best.outcome()
}

/// What every pass shares: the decision order, propagation's tie rule, the effort.
struct How<'a> {
    order: &'a [usize],
    lean: bool,
    effort: &'a Effort,
}

/// The widest beam tried.
const MAX_WIDTH: usize = 1 << 12;

/// How a pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Through every node.
    Complete,
    /// Every extension of the beam overflowed memory or paid a forbidden cost (a wider beam may not).
    DeadEnd,
    /// The effort ran out.
    OutOfEffort,
}

/// One pass of `width`; `work` counts on from earlier passes. When it stops early, the cheapest partial
/// assignment is completed by propagation (with memory repair) and offered.
fn pass(
    s: &mut Search<'_>,
    how: &How<'_>,
    width: usize,
    work: &mut u64,
    best: &mut Best<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Pass {
    let (order, effort) = (how.order, how.effort);
    let n = s.x.len();
    let limit = s.limit;
    let mut beam = vec![Partial { x: vec![0; n], cost: 0, mem: MemoryProfile::new(s.p) }];
    let mut priced = 0u64;
    let mut position = vec![0usize; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    for (i, &v) in order.iter().enumerate() {
        if effort.over(*work) {
            finish_early(s, &beam[0].x, how, i, best, progress);
            best.evaluations += priced;
            return Pass::OutOfEffort;
        }
        let mut children: Vec<(i128, usize, usize)> = Vec::new();
        for (k, b) in beam.iter().enumerate() {
            for t in 0..s.costs[v].len() {
                if s.costs[v][t] >= Cost::MAX / 4 {
                    continue;
                }
                if limit.is_some_and(|l| b.mem.max_over(v) + s.usages[v][t] > l) {
                    continue;
                }
                let mut c = b.cost + s.costs[v][t] as i128;
                for a in &s.arcs[v] {
                    if a.other == v {
                        c += s.ecost(a, t, t) as i128;
                    } else if position[a.other] < i {
                        c += s.ecost(a, t, b.x[a.other]) as i128;
                    }
                }
                priced += 1;
                *work += s.arcs[v].len() as u64 + 1;
                if c < FORBIDDEN_COST as i128 {
                    children.push((c, k, t));
                }
            }
        }
        if children.is_empty() {
            finish_early(s, &beam[0].x, how, i, best, progress);
            best.evaluations += priced;
            return Pass::DeadEnd;
        }
        children.sort_unstable();
        children.truncate(width);
        beam = children
            .iter()
            .map(|&(c, k, t)| {
                let mut b = beam[k].clone();
                b.x[v] = t;
                b.cost = c;
                b.mem.add(v, s.usages[v][t]);
                b
            })
            .collect();
    }
    for b in &beam {
        s.x.clone_from(&b.x);
        s.reset();
        s.descend(&[], effort);
        if s.feasible() || s.repair() {
            best.offer(s, progress);
        }
    }
    best.evaluations += priced - beam.len() as u64;
    Pass::Complete
}

/// Complete the partial assignment `x` (the first `decided` nodes of the order) by propagation and offer it.
fn finish_early(
    s: &mut Search<'_>,
    x: &[usize],
    how: &How<'_>,
    decided: usize,
    best: &mut Best<'_>,
    progress: &mut dyn FnMut(&Progress),
) {
    let mut placed = vec![false; s.x.len()];
    how.order[..decided].iter().for_each(|&v| placed[v] = true);
    s.x.copy_from_slice(x);
    complete(s, how.order, &mut placed, how.lean, Some(how.effort));
    best.offer(s, progress);
}
