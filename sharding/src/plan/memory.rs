//! Live ranges and peak memory: where each buffer is last read, the range each value lives over in
//! program order, and the bytes held per device at the plan's peak.

use super::{Plan, PlanSpace};
use automap_ir::{ValueDef, ValueId};
use std::collections::HashMap;

/// What holds a live buffer, as the memory profile stacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// An argument of the program: weights, optimizer state, inputs.
    Argument = 0,
    /// A value that lives across a loop: one a loop carries, or one made before a loop and read after
    /// it (a scanned forward pass's saved activations while the backward pass runs).
    AcrossLoops = 1,
    /// Everything else: what an op makes and the next few read.
    Temporary = 2,
}

impl Held {
    /// Every kind, in the order of [`MemoryProfile::bytes`].
    pub const ALL: [Held; 3] = [Held::Argument, Held::AcrossLoops, Held::Temporary];

    /// What a reader calls it.
    pub fn label(self) -> &'static str {
        match self {
            Held::Argument => "arguments (weights, optimizer state, inputs)",
            Held::AcrossLoops => "held across loops (carried state, saved activations)",
            Held::Temporary => "temporaries",
        }
    }
}

/// Bytes live per device over the program: what [`PlanSpace::memory_profile`] answers.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryProfile {
    /// Per position of the schedule (and one past its end), the bytes held by each kind of [`Held`].
    pub bytes: Vec<[f64; 3]>,
    /// The peak (as the cost model counts it) and its first position.
    pub peak: f64,
    /// See `peak`.
    pub peak_at: usize,
}

impl PlanSpace<'_> {
    /// The last position at which each buffer (by [`PlanSpace::buffer`]) is read; a returned value's is
    /// the step count, and a loop-carried value lives through its whole loop. An elementwise op XLA
    /// fuses into its readers reads its operands where its readers run.
    pub fn last_uses(&self) -> HashMap<ValueId, usize> {
        let steps = &self.schedule.steps;
        let mut last: HashMap<ValueId, usize> = HashMap::new();
        for (pos, step) in steps.iter().enumerate() {
            for (k, &v) in step.operands.iter().enumerate() {
                let def = self.producer_of(v).map(|(p, _)| p);
                let end = self.schedule.live_to(pos, k, def).max(self.unheld[pos].unwrap_or(0));
                let e = last.entry(self.buffer(v)).or_insert(end);
                *e = (*e).max(end);
            }
            if let (Some(_), Some(l)) = (step.carried, step.in_loop) {
                let end = self.schedule.loops[l].last;
                let e = last.entry(self.buffer(step.results[0])).or_insert(end);
                *e = (*e).max(end);
            }
        }
        for &v in &self.m.returns {
            last.insert(self.buffer(v), steps.len());
        }
        last
    }

    /// The last position at which each argument holds its buffer: the step count (resident for the
    /// whole program) unless it is donated (`tf.aliasing_output`), whose buffer its aliased result
    /// reuses: then its last read, the result holding the same buffer from where it is made.
    pub fn arg_ends(&self) -> Vec<usize> {
        let n = self.schedule.steps.len();
        let last = self.last_uses();
        (0..self.m.args.len())
            .map(|i| match self.m.entry().args.get(i).and_then(|p| p.aliased_result) {
                Some(_) => last.get(&self.buffer(self.m.args[i])).copied().unwrap_or(0).min(n),
                None => n,
            })
            .collect()
    }

    /// Where the results of each step hold memory: the first and last position (inclusive) at which
    /// they are live, `None` for a step with no results or whose result
    /// [shares a buffer](PlanSpace::shares_buffer). A result lives from its step to its last read,
    /// except that a step whose every operand outlives its result's first read (or is a scalar) is made
    /// just before that read, as XLA's scheduler orders ops to keep memory low: a loop body's slices of
    /// its stacked weights and activations, written at the top of the body, are live only from their
    /// first use.
    pub fn live_ranges(&self) -> Vec<Option<(usize, usize)>> {
        let steps = &self.schedule.steps;
        let last = self.last_uses();
        let mut first: HashMap<ValueId, usize> = HashMap::new();
        // A view (a reshape) reads nothing: its readers read its operand's buffer.
        for (pos, step) in steps.iter().enumerate().filter(|&(p, _)| !self.shares_buffer(p)) {
            for (k, &v) in step.operands.iter().enumerate() {
                // A carry reads its yielded value where it is made.
                let at =
                    if step.carried.is_some() && k == 1 { self.producer_of(v).map_or(pos, |(p, _)| p) } else { pos };
                let e = first.entry(self.buffer(v)).or_insert(at);
                *e = (*e).min(at);
            }
        }
        for &v in &self.m.returns {
            first.entry(self.buffer(v)).or_insert(steps.len());
        }
        steps
            .iter()
            .enumerate()
            .map(|(pos, step)| {
                if step.results.is_empty() || self.shares_buffer(pos) || self.unheld[pos].is_some() {
                    return None;
                }
                let end = step.results.iter().filter_map(|r| last.get(r)).copied().max().unwrap_or(pos).max(pos);
                let read = step.results.iter().filter_map(|r| first.get(r)).copied().min().unwrap_or(pos);
                let movable = step.is_op()
                    && read > pos
                    && step.operands.iter().all(|&v| {
                        self.m.ty(v).as_tensor().is_none_or(|t| t.rank() == 0)
                            || last.get(&self.buffer(v)).is_some_and(|&l| l >= read)
                            || matches!(self.m.values[v].def, ValueDef::Arg(_))
                    });
                Some((if movable { read.min(end) } else { pos }, end))
            })
            .collect()
    }

    /// Peak bytes per device over program order (a loop's body once: what lives across the loop and
    /// the peak of one iteration).
    pub(super) fn peak_bytes(&self, plan: &Plan) -> f64 {
        self.peak(plan, &self.live_ranges()).0
    }

    /// The peak bytes per device over program order (a loop's body once), the first position where it
    /// is reached (the step count when only the arguments are live), and the buffers live there with
    /// their bytes per device, largest first (arguments included).
    pub fn peak_buffers(&self, plan: &Plan) -> (f64, usize, Vec<(ValueId, f64)>) {
        let ranges = self.live_ranges();
        let (peak, at) = self.peak(plan, &ranges);
        let ends = self.arg_ends();
        let mut live: Vec<(ValueId, f64)> = (self.m.args.iter().zip(&ends))
            .filter(|&(_, &end)| at <= end)
            .map(|(&a, _)| (a, self.held_bytes(plan, a)))
            .collect();
        for (pos, (step, range)) in self.schedule.steps.iter().zip(ranges).enumerate() {
            if !self.on_host(pos) && range.is_some_and(|(start, end)| start <= at && at <= end) {
                live.extend(step.results.iter().map(|&r| (r, self.held_bytes(plan, r))));
            }
        }
        live.sort_by(|a, b| b.1.total_cmp(&a.1));
        (peak, at, live)
    }

    /// Bytes live per device at every position of the program (a loop's body once, as the peak counts
    /// it), by what holds them ([`Held`]), and where the peak is.
    pub fn memory_profile(&self, plan: &Plan) -> MemoryProfile {
        let (n, ranges) = (self.schedule.steps.len(), self.live_ranges());
        let mut delta = vec![[0.0f64; 3]; n + 2];
        for (&a, end) in self.m.args.iter().zip(self.arg_ends()) {
            let s = self.held_bytes(plan, a);
            delta[0][Held::Argument as usize] += s;
            delta[end + 1][Held::Argument as usize] -= s;
        }
        let loops = &self.schedule.loops;
        for (pos, (step, range)) in self.schedule.steps.iter().zip(&ranges).enumerate() {
            let Some((start, end)) = range.filter(|_| !self.on_host(pos)) else { continue };
            // A loop-carried value, or a value that lives over a whole loop it is not made in (the
            // forward pass's stacked residuals while the backward loop runs).
            let across = step.carried.is_some() || loops.iter().any(|l| start < l.first && end > l.last);
            let kind = if across { Held::AcrossLoops } else { Held::Temporary } as usize;
            for &r in &step.results {
                let s = self.held_bytes(plan, r);
                delta[start][kind] += s;
                delta[end + 1][kind] -= s;
            }
        }
        let mut cur = [0.0f64; 3];
        let bytes: Vec<[f64; 3]> = delta[..=n]
            .iter()
            .map(|d| {
                for k in 0..3 {
                    cur[k] += d[k];
                }
                cur
            })
            .collect();
        let (peak, peak_at) = self.peak(plan, &ranges);
        MemoryProfile { bytes, peak, peak_at }
    }

    /// Bytes per device of value `v` as `plan` shards it.
    fn held_bytes(&self, plan: &Plan, v: ValueId) -> f64 {
        self.m.ty(v).byte_size() as f64 / self.mesh.shards(&self.produced(plan, v))
    }

    /// The peak bytes per device, given each step's [live range](PlanSpace::live_ranges), and the first
    /// position where it is reached.
    fn peak(&self, plan: &Plan, ranges: &[Option<(usize, usize)>]) -> (f64, usize) {
        let n = self.schedule.steps.len();
        let mut delta = vec![0.0f64; n + 2];
        for (&a, end) in self.m.args.iter().zip(self.arg_ends()) {
            let s = self.held_bytes(plan, a);
            delta[0] += s;
            delta[end + 1] -= s;
        }
        for (pos, (step, range)) in self.schedule.steps.iter().zip(ranges).enumerate() {
            let Some((start, end)) = range.filter(|_| !self.on_host(pos)) else { continue };
            for &r in &step.results {
                let s = self.held_bytes(plan, r);
                delta[start] += s;
                delta[end + 1] -= s;
            }
        }
        let mut cur = 0.0f64;
        let (mut peak, mut at) = (0.0f64, n);
        for (pos, d) in delta.into_iter().enumerate() {
            cur += d;
            if cur > peak {
                (peak, at) = (cur, pos.min(n));
            }
        }
        (peak, at)
    }
}
