//! Collectives a loop prefetches, and the part of their time the solver's objective counts as hidden.
//!
//! A collective on a value that is the same in every iteration of a loop (made, inside the body, only
//! from values defined outside it, from loop-carried values the body passes on unchanged and from
//! scalars such as the induction variable: a scanned layer's slice of its stacked weights) is
//! *prefetched*: XLA's collective pipelining issues it during the previous iteration, beside that
//! iteration's compute. [`crate::overlap`] schedules it so.
//!
//! The objective credits such collectives with hidden time, pairwise, so that every solver backend
//! prices it. Each loop has a fixed *budget* of seconds per iteration, its body's least compute per
//! iteration (every step at its cheapest strategy, whatever the plan), shared max-min fairly by its
//! prefetched reads, each asking the time to gather its value whole (so the small gathers of a layer's
//! weights are met in full before large activations share what is left). A read whose collectives
//! take `p` seconds per run is credited `min(budget, p)` in every iteration but the first of each run
//! of the loop. Why this bounds the overlapped step from above: the credits of one loop sum to at most
//! `min(C, P)` per iteration (`C` the body's compute, `P` its prefetched collectives), and
//! [`crate::overlap`] runs an iteration in at most the serial time less `min(C, P)` (its compute and
//! other collectives take at most their sum, and all its collectives fit in their sum on the link),
//! the first iteration excepted. So serial ≥ objective ≥ overlapped (property-tested), and the
//! solver's proven bound is a bound of the objective it names.

use super::PlanSpace;

/// Which reads are prefetched and what each may hide.
#[derive(Clone, Debug, Default)]
pub struct Prefetch {
    /// Per step, per operand: the loop whose previous iteration runs this read's resharding.
    loop_of: Vec<Vec<Option<usize>>>,
    /// Per step, per operand: the most seconds per run of the read's collectives counted as hidden.
    budget_s: Vec<Vec<f64>>,
    /// Per loop: the runs of its body that are not the first iteration of a run of the loop.
    hiding_runs: Vec<u64>,
}

impl Prefetch {
    /// The prefetched reads of `space`'s program and their budgets.
    pub fn new(space: &PlanSpace<'_>) -> Prefetch {
        let (steps, loops) = (&space.schedule.steps, &space.schedule.loops);
        let independent: Vec<Vec<bool>> = (0..loops.len()).map(|l| iteration_independent(space, l)).collect();
        let mut loop_of: Vec<Vec<Option<usize>>> = steps.iter().map(|s| vec![None; s.operands.len()]).collect();
        // Per loop: its prefetched reads (step, operand).
        let mut reads: Vec<Vec<(usize, usize)>> = vec![Vec::new(); loops.len()];
        for (pos, step) in steps.iter().enumerate() {
            for (k, &v) in step.operands.iter().enumerate() {
                let Some(l) = read_block(space, pos, k) else { continue };
                let lp = &loops[l];
                let same = match space.producer_of(v) {
                    None => true,
                    // A loop-carried value the body yields unchanged reads itself: no resharding.
                    Some((p, _)) if p == pos => false,
                    Some((p, _)) => p < lp.first || p > lp.last || independent[l][p - lp.first],
                };
                if same {
                    loop_of[pos][k] = Some(l);
                    reads[l].push((pos, k));
                }
            }
        }
        let hiding_runs: Vec<u64> = loops
            .iter()
            .map(|lp| lp.body_runs.saturating_sub(lp.parent.map_or(1, |q| loops[q].body_runs.max(1))))
            .collect();
        let mut budget_s: Vec<Vec<f64>> = steps.iter().map(|s| vec![0.0; s.operands.len()]).collect();
        for (l, lp) in loops.iter().enumerate() {
            if hiding_runs[l] == 0 || reads[l].is_empty() {
                continue;
            }
            // The body's least compute per iteration.
            let least: f64 = (lp.first..=lp.last)
                .map(|pos| {
                    let least =
                        (0..space.strategies[pos].len()).map(|s| space.compute_s(pos, s)).fold(f64::INFINITY, f64::min);
                    if least.is_finite() { least } else { 0.0 }
                })
                .sum::<f64>()
                / lp.body_runs.max(1) as f64;
            // Shared max-min fairly by the reads' demands: the smallest demand first, each read its
            // demand or an equal share of what is left, whichever is less.
            let mut demands: Vec<(f64, (usize, usize))> =
                reads[l].iter().map(|&(pos, k)| (demand_s(space, pos, k), (pos, k))).collect();
            demands.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut left = least;
            for (i, &(demand, (pos, k))) in demands.iter().enumerate() {
                let share = left / (demands.len() - i) as f64;
                let budget = demand.min(share).max(0.0);
                budget_s[pos][k] = budget;
                left -= budget;
            }
        }
        Prefetch { loop_of, budget_s, hiding_runs }
    }

    /// Is operand `k` of the step at `pos` resharded during the previous iteration of its loop?
    pub fn prefetched(&self, pos: usize, k: usize) -> bool {
        self.loop_of.get(pos).and_then(|o| o.get(k)).is_some_and(Option::is_some)
    }

    /// The seconds, over all runs, that the objective counts as hidden of operand `k` of the step at
    /// `pos` when its collectives take `seconds` per run.
    pub fn hidden_s(&self, pos: usize, k: usize, seconds: f64) -> f64 {
        match self.loop_of.get(pos).and_then(|o| o.get(k)).copied().flatten() {
            Some(l) => self.hiding_runs[l] as f64 * seconds.min(self.budget_s[pos][k]).max(0.0),
            None => 0.0,
        }
    }

    /// What [`Prefetch::hidden_s`] needs of operand `k` of the step at `pos`: the hiding runs and the
    /// budget per run (`None` when nothing of it is hidden), for pricing many strategies at once.
    pub fn credit(&self, pos: usize, k: usize) -> Option<(u64, f64)> {
        let l = self.loop_of.get(pos).and_then(|o| o.get(k)).copied().flatten()?;
        let budget = self.budget_s[pos][k];
        (self.hiding_runs[l] > 0 && budget > 0.0).then_some((self.hiding_runs[l], budget))
    }
}

/// What a read asks of its loop's budget, in seconds per run: the time to gather its value whole over
/// every mesh axis in turn, one step per axis (an estimate of its dearest resharding; any split of the
/// budget keeps the credit admissible, this one lets the many small gathers of a layer's weights hide
/// whole before large activations share the rest).
fn demand_s(space: &PlanSpace<'_>, pos: usize, k: usize) -> f64 {
    let bytes = space.m.ty(space.schedule.steps[pos].operands[k]).byte_size() as f64;
    space.mesh.axes.iter().map(|a| bytes / space.mesh.achieved_link_bytes_per_s(a) + a.latency_s()).sum()
}

/// The loop body whose every execution runs the resharding of operand `k` of the step at `pos`
/// (`None`: the program's top level). A loop's initial value is resharded before the loop, in the
/// block around it.
pub fn read_block(space: &PlanSpace<'_>, pos: usize, k: usize) -> Option<usize> {
    let step = &space.schedule.steps[pos];
    match (step.carried, step.in_loop) {
        (Some(_), Some(l)) if k == 0 => space.schedule.loops[l].parent,
        (_, l) => l,
    }
}

/// Per step of loop `l` (by position from its first): is its value the same in every iteration
/// (see the module's doc)?
fn iteration_independent(space: &PlanSpace<'_>, l: usize) -> Vec<bool> {
    let lp = &space.schedule.loops[l];
    let steps = &space.schedule.steps;
    let mut same = vec![false; lp.last + 1 - lp.first];
    for pos in lp.first..=lp.last {
        let step = &steps[pos];
        same[pos - lp.first] = if step.in_loop != Some(l) {
            false
        } else if step.carried.is_some() {
            let passed_on = step.operands.get(1).and_then(|&v| space.producer_of(v)).is_some_and(|(p, _)| p == pos);
            let scalar =
                step.results.first().and_then(|&v| space.m.ty(v).as_tensor()).is_some_and(|t| t.shape.is_empty());
            passed_on || scalar
        } else {
            step.operands.iter().all(|&v| match space.producer_of(v) {
                None => true,
                Some((p, _)) => p < lp.first || p > lp.last || same[p - lp.first],
            })
        };
    }
    same
}
