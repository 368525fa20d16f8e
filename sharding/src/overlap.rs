//! The step time when collectives overlap compute, as XLA's latency-hiding scheduler runs them.
//!
//! XLA issues collectives asynchronously: a collective starts once the value it moves is computed and
//! the link is free, and only the op that reads its result waits for it. [`overlapped_step_s`] list-
//! schedules a plan that way: the steps run in program order on one compute stream, the collectives on
//! one communication stream, each placed in the earliest gap of that stream after its value is ready,
//! in the order their readers need them.
//!
//! A loop is scheduled one iteration at a time, its body's ops each taking one run's share of their
//! cost. A collective on a value that does not change from one iteration to the next (made, inside the
//! body, only from values defined outside it, from loop-carried values the body passes on unchanged,
//! and from scalars such as the induction variable: a scanned layer's slice of its stacked weights) is
//! *prefetched*: XLA's collective pipelining issues it during the previous iteration, so it delays
//! nothing but the first iteration, and it still takes its time on the link. An iteration takes the
//! longer of its schedule and its collectives' time on the link (the last one prefetches nothing). A
//! nested loop is one step of the loop around it.
//!
//! Which collectives are prefetched is [`crate::Prefetch`]'s to say. The result lies between the longer
//! of compute and communication and the solver's objective, the serial step less the prefetched
//! collectives' credit (property-tested); the objective is no tighter because an overlapped time is a
//! maximum over paths, not a sum of pairwise terms.

use crate::plan::{CausedCollective, Plan, PlanCost, PlanSpace};
use std::collections::HashMap;

/// The step time of `plan` (costing `cost`, from [`PlanSpace::evaluate`]) with its collectives
/// overlapping independent compute, in seconds.
pub fn overlapped_step_s(space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> f64 {
    let sim = Simulation::new(space, plan, &cost.collectives);
    let (time, _, _) = sim.block(None, None);
    // The fusions that reshardings break are compute too, priced as a whole.
    time + cost.unfused_s
}

/// One stretch of a [`Timeline`]: from `start` to `end` seconds into its block.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    /// Seconds from the block's start.
    pub start: f64,
    /// See `start`.
    pub end: f64,
    /// On the compute stream: the step's position, or a nested loop's first. On the link: the index
    /// of the collective in [`PlanCost::collectives`].
    pub what: usize,
}

/// How one execution of a block runs in the overlapped schedule: the compute stream's items (an op,
/// or a nested loop as a whole) and the collectives on the link, each when it runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timeline {
    /// The compute stream.
    pub compute: Vec<Span>,
    /// The communication stream (collectives the block prefetches for its next iteration left out).
    pub link: Vec<Span>,
    /// The block's time.
    pub makespan: f64,
}

/// The overlapped schedule of the program's top level (`None`: loops as whole items) or of one
/// iteration of loop `l` (a loop's body in its steady state, prefetching the next iteration).
pub fn timeline(space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost, block: Option<usize>) -> Timeline {
    let sim = Simulation::new(space, plan, &cost.collectives);
    let mut t = Timeline::default();
    let (time, _, _) = sim.block(block, Some(&mut t));
    t.makespan = time;
    t
}

/// Where a collective must have finished: before an item of its block (by the item's first
/// position) or by the block's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Need {
    At(usize),
    End,
}

/// A collective, as one execution of its block runs it.
struct Pending {
    /// Its index among the plan's collectives.
    index: usize,
    need: Need,
    /// The step that produces the value it moves, if any.
    producer: Option<usize>,
    /// Seconds per execution of its block.
    seconds: f64,
    /// Issued during the previous iteration of its loop.
    prefetched: bool,
}

struct Simulation<'a, 'm> {
    space: &'a PlanSpace<'m>,
    /// Per step: its compute seconds over all runs.
    compute_s: Vec<f64>,
    /// Per block (`None`: the program, `Some(l)`: loop `l`'s body): its collectives.
    pending: HashMap<Option<usize>, Vec<Pending>>,
    /// Each loop by its first position.
    starts: HashMap<usize, usize>,
}

impl<'a, 'm> Simulation<'a, 'm> {
    fn new(space: &'a PlanSpace<'m>, plan: &Plan, collectives: &[CausedCollective]) -> Self {
        let steps = &space.schedule.steps;
        let compute_s = (0..steps.len()).map(|pos| space.compute_s(pos, plan.choice[pos])).collect();
        let prefetch = space.prefetch();
        let mut pending: HashMap<Option<usize>, Vec<Pending>> = HashMap::new();
        for (index, c) in collectives.iter().enumerate() {
            let (block, need) = match c.reader {
                None => (None, Need::End),
                Some((pos, k)) => {
                    let step = &steps[pos];
                    let block = crate::plan::prefetch::read_block(space, pos, k);
                    let need = match (step.carried, step.in_loop) {
                        // A loop's initial value, before the loop starts.
                        (Some(_), Some(l)) if k == 0 => Need::At(space.schedule.loops[l].first),
                        // Its yielded value, by the end of each iteration.
                        (Some(_), Some(_)) => Need::End,
                        (_, l) => Need::At(item_in(space, pos, l)),
                    };
                    (block, need)
                }
            };
            let producer = space.producer_of(c.value).map(|(p, _)| p);
            let prefetched = c.reader.is_some_and(|(pos, k)| prefetch.prefetched(pos, k));
            pending.entry(block).or_default().push(Pending {
                index,
                need,
                producer,
                seconds: c.total_s() / runs_of(space, block) as f64,
                prefetched,
            });
        }
        let starts = space.schedule.loops.iter().enumerate().map(|(l, lp)| (lp.first, l)).collect();
        Simulation { space, compute_s, pending, starts }
    }

    /// One execution of `block` (the program, or one iteration of a loop's body): its time when it
    /// prefetches the next iteration's collectives, its time when it does not (the last iteration),
    /// and the time of the collectives it prefetches (exposed once, before the first iteration).
    /// With `trace`, records when each item and collective of this execution runs.
    fn block(&self, block: Option<usize>, mut trace: Option<&mut Timeline>) -> (f64, f64, f64) {
        let schedule = &self.space.schedule;
        let (first, last) =
            block.map_or((0, schedule.steps.len()), |l| (schedule.loops[l].first, schedule.loops[l].last + 1));
        let runs = runs_of(self.space, block) as f64;
        let empty = Vec::new();
        let pending = self.pending.get(&block).unwrap_or(&empty);
        let mut by_need: HashMap<Need, Vec<&Pending>> = HashMap::new();
        for p in pending.iter().filter(|p| !p.prefetched) {
            by_need.entry(p.need).or_default().push(p);
        }
        let mut link = Link::default();
        // The end of each item run so far, by its first position.
        let mut ends: HashMap<usize, f64> = HashMap::new();
        let ready = |p: &Pending, ends: &HashMap<usize, f64>| {
            p.producer
                .filter(|&q| first <= q && q < last)
                .and_then(|q| ends.get(&item_in(self.space, q, block)))
                .copied()
                .unwrap_or(0.0)
        };
        let mut wait_for = |need: Need, ends: &HashMap<usize, f64>, link: &mut Link| -> f64 {
            let mut list: Vec<(f64, f64, usize)> = by_need
                .remove(&need)
                .unwrap_or_default()
                .into_iter()
                .map(|p| (ready(p, ends), p.seconds, p.index))
                .collect();
            list.sort_by(|a, b| a.0.total_cmp(&b.0));
            list.into_iter().map(|(release, seconds, index)| link.place(release, seconds, index)).fold(0.0, f64::max)
        };
        let mut compute = 0.0_f64;
        let mut pos = first;
        while pos < last {
            let nested = self.starts.get(&pos).copied().filter(|&l| schedule.loops[l].parent == block);
            let start = compute.max(wait_for(Need::At(pos), &ends, &mut link));
            let (seconds, next) = match nested {
                Some(l) => {
                    let (iteration, last_iteration, prologue) = self.block(Some(l), None);
                    let trips = schedule.loops[l].body_runs as f64 / runs;
                    let time = prologue + (trips - 1.0).max(0.0) * iteration + last_iteration.min(trips * iteration);
                    (time, schedule.loops[l].last + 1)
                }
                None => (self.compute_s[pos] / runs, pos + 1),
            };
            compute = start + seconds;
            if let Some(t) = trace.as_deref_mut() {
                t.compute.push(Span { start, end: compute, what: pos });
            }
            ends.insert(pos, compute);
            pos = next;
        }
        let done = wait_for(Need::End, &ends, &mut link);
        let makespan = compute.max(done).max(link.busy_until());
        if let Some(t) = trace {
            t.link = link.busy.iter().map(|&(start, end, what)| Span { start, end, what }).collect();
        }
        let prefetched: f64 = pending.iter().filter(|p| p.prefetched).map(|p| p.seconds).sum();
        let on_link: f64 = pending.iter().map(|p| p.seconds).sum();
        (makespan.max(on_link), makespan.max(on_link - prefetched), prefetched)
    }
}

/// The runs of one execution of `block`.
fn runs_of(space: &PlanSpace<'_>, block: Option<usize>) -> u64 {
    block.map_or(1, |l| space.schedule.loops[l].body_runs.max(1))
}

/// The item of `block` that step `pos` (inside it) belongs to: itself, or the loop nested directly in
/// `block` that holds it, by its first position.
fn item_in(space: &PlanSpace<'_>, pos: usize, block: Option<usize>) -> usize {
    let loops = &space.schedule.loops;
    let mut l = space.schedule.steps[pos].in_loop;
    let mut item = pos;
    while l != block {
        let Some(inner) = l else { return pos };
        item = loops[inner].first;
        l = loops[inner].parent;
    }
    item
}

/// The communication stream: the intervals it is busy, in order.
#[derive(Default)]
struct Link {
    /// `(start, end, collective)`.
    busy: Vec<(f64, f64, usize)>,
}

impl Link {
    /// Runs a collective of `seconds` in the earliest gap from `release` on; returns its end.
    fn place(&mut self, release: f64, seconds: f64, what: usize) -> f64 {
        let mut start = release;
        let mut at = self.busy.len();
        for (i, &(s, e, _)) in self.busy.iter().enumerate() {
            if e <= start {
                continue;
            }
            if s >= start + seconds {
                at = i;
                break;
            }
            start = start.max(e);
        }
        self.busy.insert(at, (start, start + seconds, what));
        start + seconds
    }

    fn busy_until(&self) -> f64 {
        self.busy.last().map_or(0.0, |&(_, e, _)| e)
    }
}

#[cfg(test)]
mod tests {
    use super::Link;

    #[test]
    fn a_collective_fills_the_first_gap_that_holds_it() {
        let mut link = Link::default();
        assert_eq!(link.place(10.0, 2.0, 0), 12.0);
        // Too long for the gap before 10: after the busy interval.
        assert_eq!(link.place(0.0, 11.0, 0), 23.0);
        // Fits before 10.
        assert_eq!(link.place(1.0, 3.0, 0), 4.0);
        assert_eq!(link.place(4.5, 5.0, 0), 9.5);
        // Released inside a busy interval, with no gap after it: after the last.
        assert_eq!(link.place(11.0, 0.5, 0), 23.5);
        assert_eq!(link.busy_until(), 23.5);
    }
}
