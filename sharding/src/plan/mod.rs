//! Plans: a strategy for every step of the program ([`crate::schedule`]: its ops, loop bodies laid out)
//! and a sharding for every argument; what a plan costs (compute, the collectives of every resharding,
//! each times the runs of the step that needs it; peak memory per device); and propagation, which
//! completes a plan from its arguments' shardings (the reference plans: [`crate::tactics`]).

mod inline;

use crate::cost::{ComputeCost, Traffic, compute_cost};
use crate::mesh::Mesh;
use crate::reshard::{Collective, reshard};
use crate::rules::{OpRule, rule_for, tie_rule};
use crate::schedule::{Schedule, Step};
use crate::strategy::{Strategy, enumerate};
use automap_ir::sharding::{AxisRef, TensorSharding};
use automap_ir::{Module, OpId, OpKind, ValueDef, ValueId};
use std::collections::HashMap;

pub use crate::mesh::MESH_SYMBOL;

/// The strategies of every step of the program.
pub struct PlanSpace<'m> {
    /// The module.
    pub m: &'m Module,
    /// The mesh.
    pub mesh: &'m Mesh,
    /// The steps decided, in program order; positions below index them.
    pub schedule: Schedule,
    /// Rule of each step, by position.
    pub rules: Vec<OpRule>,
    /// Strategies of each step, by position (the first is replicated).
    pub strategies: Vec<Vec<Strategy>>,
    /// The step and result index defining each value (a carry's aliases included).
    producer: HashMap<ValueId, (usize, usize)>,
    /// Per step: does its result live in its first operand's buffer (see [`PlanSpace::shares_buffer`])?
    view: Vec<bool>,
    /// Per step: does XLA fuse it into its readers, so that it computes nothing of its own
    /// ([`crate::fusion`])?
    pub(crate) fused: Vec<bool>,
    /// Per step: for an elementwise op XLA fuses into its readers, holding no buffer, the last position
    /// where those readers compute it ([`crate::fusion::fused_elementwise`]).
    pub(crate) unheld: Vec<Option<usize>>,
    /// Per step: which of its operands and results pass through memory ([`Traffic`]).
    pub(crate) traffic: Vec<Traffic>,
}

/// The one strategy of an `sdy.manual_computation`: each mesh axis its shardings use on that axis's
/// factor of its rule ([`crate::rules::manual_axes_used`]), every other axis unused. `None` for any
/// other op. Its shardings are the user's: the plan reshards into and out of it.
fn manual_strategy(m: &Module, op: OpId, mesh: &Mesh) -> Option<Strategy> {
    if !matches!(m.ops[op].kind, OpKind::ManualComputation { .. }) {
        return None;
    }
    let used = crate::rules::manual_axes_used(m, op);
    let axis_factor = mesh.axes.iter().map(|a| used.iter().position(|(n, _)| *n == a.name)).collect();
    Some(Strategy { axis_factor })
}

/// A plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Sharding of each argument of the entry function.
    pub args: Vec<TensorSharding>,
    /// Strategy index of each step of the schedule, by position.
    pub choice: Vec<usize>,
    /// Mesh axes over which a linear op passes partial sums through (its operands and result stay
    /// unreduced over them), by position; empty for most ops.
    pub partial: Vec<Vec<AxisRef>>,
    /// Which operands of that op carry the partial sums, by position.
    pub partial_operands: Vec<Vec<usize>>,
}

/// How partial sums may pass through an op (sum of partials = partial of sums).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Linearity {
    /// Not linear: partial operands must be reduced first.
    None,
    /// Additive in these operands: all of them carry the same partial axes, the others none.
    Additive(Vec<usize>),
}

/// The linearity of an op.
pub fn linearity(m: &Module, op: OpId) -> Linearity {
    use automap_ir::op::ElementwiseOp as E;
    let data = &m.ops[op];
    let all: Vec<usize> = (0..data.operands.len()).collect();
    match &data.kind {
        OpKind::Elementwise(E::Add | E::Subtract) => Linearity::Additive(all),
        OpKind::Elementwise(E::Negate | E::Convert)
        | OpKind::Reshape
        | OpKind::Transpose { .. }
        | OpKind::BroadcastInDim { .. } => Linearity::Additive(vec![0]),
        // Products and reductions are linear in one operand too, but deferring the reduction past them
        // was measured to cost more collectives on the GPT training step (Megatron: 12 or 16 all-reduces
        // instead of 8), so partial sums stop there.
        _ => Linearity::None,
    }
}

/// The operands of `op` that carry the partial axes when it passes `partial` through, given what its
/// operands carry now.
fn pass_through(m: &Module, op: OpId, carried: &[Vec<AxisRef>]) -> Option<(Vec<usize>, Vec<AxisRef>)> {
    let partial_ops: Vec<usize> = (0..carried.len()).filter(|&k| !carried[k].is_empty()).collect();
    let first = partial_ops.first().map(|&k| carried[k].clone())?;
    match linearity(m, op) {
        Linearity::None => None,
        Linearity::Additive(lin) => {
            let ok = lin.iter().all(|&k| carried[k] == first) && partial_ops.iter().all(|k| lin.contains(k));
            ok.then_some((lin, first))
        }
    }
}

/// A collective and what causes it.
#[derive(Clone, Debug, PartialEq)]
pub struct CausedCollective {
    /// The collective.
    pub collective: Collective,
    /// The op whose operand needs it (`None` for a returned value; a loop's `while` for a loop-carried
    /// value's initial or yielded value).
    pub op: Option<OpId>,
    /// The value being resharded.
    pub value: ValueId,
    /// The step whose operand needs it and the operand's index (`None` for a returned value).
    pub reader: Option<(usize, usize)>,
    /// How many times it runs: once, or the iterations of the loops around the op that needs it.
    pub runs: u64,
}

impl CausedCollective {
    /// Seconds over all its runs.
    pub fn total_s(&self) -> f64 {
        self.collective.seconds * self.runs as f64
    }
}

/// What a plan costs.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanCost {
    /// Seconds of compute (sum over ops, per device), [`PlanCost::unfused_s`] included.
    pub compute_s: f64,
    /// Of the compute, the seconds spent writing out and reading back values that a resharding takes
    /// out of a fusion ([`PlanSpace::unfused_s`]).
    pub unfused_s: f64,
    /// Seconds of communication (sum over collectives, each times its runs).
    pub comm_s: f64,
    /// Every collective.
    pub collectives: Vec<CausedCollective>,
    /// Peak bytes per device (values live over program order; arguments live throughout).
    pub peak_bytes: f64,
}

impl PlanCost {
    /// Compute plus communication.
    pub fn total_s(&self) -> f64 {
        self.compute_s + self.comm_s
    }
}

/// `rule` with an operand per captured value, every dimension needing replication: the regions of a
/// `case`, `if` or unopened `while` read their captures whole.
fn with_captures(mut rule: OpRule, m: &Module, captures: &[ValueId]) -> OpRule {
    for &c in captures {
        let shape = m.ty(c).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
        let dims = shape
            .iter()
            .map(|&size| {
                rule.factors.push(crate::rules::Factor { size, kind: crate::rules::FactorKind::NeedReplication });
                vec![rule.factors.len() - 1]
            })
            .collect();
        rule.operands.push(dims);
    }
    rule
}

fn replicated_of(m: &Module, v: ValueId) -> TensorSharding {
    TensorSharding::replicated(MESH_SYMBOL, m.ty(v).as_tensor().map_or(0, |t| t.rank()))
}

impl<'m> PlanSpace<'m> {
    /// Rules and strategies of every step of `m` on `mesh`.
    pub fn new(m: &'m Module, mesh: &'m Mesh) -> PlanSpace<'m> {
        let schedule = Schedule::new(m);
        let rules: Vec<OpRule> = schedule
            .steps
            .iter()
            .map(|step| {
                if step.is_op() {
                    with_captures(rule_for(m, step.op), m, &step.operands[step.captures_from..])
                } else {
                    let shape = m.ty(step.results[0]).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
                    tie_rule(&shape, step.operands.len())
                }
            })
            .collect();
        let strategies = rules
            .iter()
            .zip(&schedule.steps)
            .map(|(r, step)| match step.is_op().then(|| manual_strategy(m, step.op, mesh)).flatten() {
                Some(fixed) => vec![fixed],
                None => enumerate(r, mesh),
            })
            .collect();
        let mut producer = HashMap::new();
        for (pos, step) in schedule.steps.iter().enumerate() {
            for (k, &r) in step.results.iter().enumerate() {
                producer.insert(r, (pos, k));
            }
            for &a in &step.aliases {
                producer.insert(a, (pos, 0));
            }
        }
        let fused = crate::fusion::fused_steps(m, &schedule);
        let unheld = crate::fusion::fused_elementwise(m, &schedule, &fused);
        let mut space = PlanSpace {
            m,
            mesh,
            schedule,
            rules,
            strategies,
            producer,
            view: Vec::new(),
            fused,
            unheld,
            traffic: Vec::new(),
        };
        space.view = space.find_views();
        space.traffic = (0..space.schedule.steps.len())
            .map(|pos| Traffic {
                operand_inline: space.schedule.steps[pos]
                    .operands
                    .iter()
                    .map(|&v| space.computed_in_readers(v))
                    .collect(),
                inline: space.inline(pos),
            })
            .collect();
        space
    }

    /// Does the result of the step at `pos` live in its first operand's buffer, taking no memory of its
    /// own? A reshape does (XLA makes it a bitcast); so does a loop-carried value that the body yields
    /// unchanged (a scan's weights: XLA hoists it out of the loop, and the loop reads its initial value);
    /// and so does a `dynamic_update_slice` of a loop body's block argument whose result only the body
    /// yields back to that same carried value (XLA writes it into the carried value's buffer); and so
    /// does an op XLA fuses into its readers (the `fusion` module). The operand's buffer then lives as
    /// long as the result is read ([`PlanSpace::buffer`]).
    pub fn shares_buffer(&self, pos: usize) -> bool {
        self.view.get(pos).copied().unwrap_or(false)
    }

    /// The value whose buffer holds `v`: `v` itself (by [`PlanSpace::canonical`]), or through the steps
    /// that [share their operand's buffer](PlanSpace::shares_buffer), the value they view.
    pub fn buffer(&self, v: ValueId) -> ValueId {
        let mut v = self.canonical(v);
        while let Some((p, 0)) = self.producer_of(v) {
            if !self.shares_buffer(p) {
                break;
            }
            v = self.canonical(self.schedule.steps[p].operands[0]);
        }
        v
    }

    fn find_views(&self) -> Vec<bool> {
        let steps = &self.schedule.steps;
        let mut reads: HashMap<ValueId, usize> = HashMap::new();
        for step in steps {
            for &v in &step.operands {
                *reads.entry(v).or_default() += 1;
            }
        }
        let mut out: Vec<bool> = steps
            .iter()
            .map(|s| {
                let reshape = s.is_op()
                    && matches!(self.m.ops[s.op].kind, OpKind::Reshape)
                    && s.results.len() == 1
                    && s.operands.first().is_some_and(|&v| self.m.ty(v).as_tensor().is_some());
                let invariant = s.carried.is_some() && s.operands.get(1) == s.aliases.get(1);
                reshape || invariant
            })
            .zip(&self.fused)
            .map(|(view, &fused)| view || fused)
            .collect();
        for step in steps.iter().filter(|s| s.carried.is_some()) {
            let yielded = step.operands[1];
            let Some((p, 0)) = self.producer_of(yielded) else { continue };
            let update = &steps[p];
            if matches!(self.m.ops[update.op].kind, OpKind::DynamicUpdateSlice)
                && update.is_op()
                && update.operands.first() == step.aliases.get(1)
                && reads.get(&yielded) == Some(&1)
                && !self.m.returns.contains(&yielded)
            {
                out[p] = true;
            }
        }
        out
    }

    /// The steps, in program order.
    pub fn steps(&self) -> &[Step] {
        &self.schedule.steps
    }

    /// The step (and result index) that defines `v`; `None` for an argument, or a value no step
    /// defines (inside a region the schedule keeps whole).
    pub fn producer_of(&self, v: ValueId) -> Option<(usize, usize)> {
        self.producer.get(&v).copied()
    }

    /// The value `v` is (a carry's block arguments are its result); `v` itself for any other.
    pub fn canonical(&self, v: ValueId) -> ValueId {
        self.producer.get(&v).map_or(v, |&(pos, k)| self.schedule.steps[pos].results[k])
    }

    /// The compute of one run of the step at `pos` under strategy `s` (a carry or a join computes
    /// nothing). An op fused with its producers or readers counts only the memory it reads from and
    /// writes to outside its fusion (`cost::Traffic`).
    pub fn compute(&self, pos: usize, s: usize) -> ComputeCost {
        let step = &self.schedule.steps[pos];
        if !step.is_op() {
            return ComputeCost::ZERO;
        }
        compute_cost(self.m, step.op, &self.rules[pos], &self.strategies[pos][s], self.mesh, &self.traffic[pos])
    }

    /// FLOPs and bytes accessed per device over the whole step, by the plan's strategies: every run of
    /// a loop body counted, or (`every_run` false) each body once, as XLA's `cost_analysis()` counts a
    /// `while`.
    pub fn work(&self, plan: &Plan, every_run: bool) -> ComputeCost {
        let mut w = ComputeCost::ZERO;
        for (pos, step) in self.schedule.steps.iter().enumerate() {
            let runs = if every_run { step.runs as f64 } else { 1.0 };
            w = w.plus(&self.compute(pos, plan.choice[pos]).times(runs));
        }
        w
    }

    /// Seconds of compute of the step at `pos` under strategy `s` over all its runs.
    pub fn compute_s(&self, pos: usize, s: usize) -> f64 {
        self.compute(pos, s).seconds * self.schedule.steps[pos].runs as f64
    }

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

    /// The fully replicated plan.
    pub fn replicated(&self) -> Plan {
        let n = self.schedule.steps.len();
        Plan {
            args: self.m.args.iter().map(|&a| replicated_of(self.m, a)).collect(),
            choice: vec![0; n],
            partial: vec![Vec::new(); n],
            partial_operands: vec![Vec::new(); n],
        }
    }

    /// The sharding value `v` has as produced under `plan` (partial over reduced axes).
    pub fn produced(&self, plan: &Plan, v: ValueId) -> TensorSharding {
        match self.m.values[v].def {
            ValueDef::Arg(i) => plan.args[i as usize].clone(),
            _ => match self.producer.get(&v) {
                Some(&(pos, k)) => {
                    let strategy = &self.strategies[pos][plan.choice[pos]];
                    let mut sh =
                        strategy.sharding(&self.rules[pos], self.mesh, MESH_SYMBOL, &self.rules[pos].results[k], true);
                    sh.unreduced.extend(plan.partial[pos].iter().cloned());
                    sh
                }
                None => replicated_of(self.m, v),
            },
        }
    }

    /// The sharding operand `k` of the op at `pos` needs under strategy `s`.
    pub fn required(&self, pos: usize, k: usize, s: usize) -> TensorSharding {
        self.strategies[pos][s].sharding(&self.rules[pos], self.mesh, MESH_SYMBOL, &self.rules[pos].operands[k], false)
    }

    /// What operand `k` of the op at `pos` needs under `plan` (partial sums passed through included).
    pub fn required_in(&self, plan: &Plan, pos: usize, k: usize) -> TensorSharding {
        let mut sh = self.required(pos, k, plan.choice[pos]);
        if plan.partial_operands[pos].contains(&k) {
            sh.unreduced.extend(plan.partial[pos].iter().cloned());
        }
        sh
    }

    fn reshard_s(&self, v: ValueId, from: &TensorSharding, to: &TensorSharding) -> f64 {
        match self.m.ty(v).as_tensor() {
            Some(t) => reshard(t, from, to, self.mesh).map_or(f64::INFINITY, |cs| cs.iter().map(|c| c.seconds).sum()),
            None => 0.0,
        }
    }

    /// Cost of a plan.
    pub fn evaluate(&self, plan: &Plan) -> PlanCost {
        let m = self.m;
        let mut compute_s = 0.0;
        let mut collectives = Vec::new();
        // Each value is resharded once per target, and its partial sums are reduced once: a later
        // consumer starts from what the first reduction produced (XLA shares these collectives too).
        let mut done: HashMap<(ValueId, String), ()> = HashMap::new();
        let mut reduced: HashMap<(ValueId, Vec<String>), TensorSharding> = HashMap::new();
        // Memory traffic of fusions that a resharding breaks ([`PlanSpace::unfused_s`]).
        let mut unfused = 0.0;
        let mut add = |v: ValueId,
                       op: Option<OpId>,
                       reader: Option<(usize, usize)>,
                       runs: u64,
                       from: &TensorSharding,
                       to: &TensorSharding,
                       out: &mut Vec<CausedCollective>| {
            let Some(t) = m.ty(v).as_tensor() else { return };
            if done.insert((v, to.to_string()), ()).is_some() {
                return;
            }
            let mut gone: Vec<String> =
                from.unreduced.iter().filter(|a| !to.unreduced.contains(a)).map(|a| a.name.clone()).collect();
            gone.sort();
            let start = match reduced.get(&(v, gone.clone())) {
                Some(r) if !gone.is_empty() => r.clone(),
                _ => from.clone(),
            };
            if let Ok(cs) = reshard(t, &start, to, self.mesh) {
                unfused += self.unfused_s(v, &start, to, !cs.is_empty()) * runs as f64;
                out.extend(cs.into_iter().map(|collective| CausedCollective {
                    collective,
                    op,
                    value: v,
                    reader,
                    runs,
                }));
            }
            if !gone.is_empty() {
                reduced.entry((v, gone)).or_insert_with(|| to.clone());
            }
        };
        for (pos, step) in self.schedule.steps.iter().enumerate() {
            compute_s += self.compute_s(pos, plan.choice[pos]);
            for (k, &v) in step.operands.iter().enumerate() {
                // A loop-carried value the body yields unchanged is its own operand.
                if self.producer_of(v).is_some_and(|(p, _)| p == pos) {
                    continue;
                }
                let (from, to) = (self.produced(plan, v), self.required_in(plan, pos, k));
                add(v, Some(step.op), Some((pos, k)), step.operand_runs[k], &from, &to, &mut collectives);
            }
        }
        for &v in &m.returns {
            let from = self.produced(plan, v);
            let to = TensorSharding { unreduced: Vec::new(), ..from.clone() };
            add(v, None, None, 1, &from, &to, &mut collectives);
        }
        compute_s += unfused;
        let comm_s = collectives.iter().map(CausedCollective::total_s).sum::<f64>() + 0.0;
        PlanCost { compute_s, unfused_s: unfused, comm_s, collectives, peak_bytes: self.peak_bytes(plan) }
    }

    /// Peak bytes per device over program order (a loop's body once: what lives across the loop and
    /// the peak of one iteration).
    fn peak_bytes(&self, plan: &Plan) -> f64 {
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
        for (step, range) in self.schedule.steps.iter().zip(ranges) {
            if range.is_some_and(|(start, end)| start <= at && at <= end) {
                live.extend(step.results.iter().map(|&r| (r, self.held_bytes(plan, r))));
            }
        }
        live.sort_by(|a, b| b.1.total_cmp(&a.1));
        (peak, at, live)
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
        for (step, range) in self.schedule.steps.iter().zip(ranges) {
            let Some((start, end)) = *range else { continue };
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

    /// A plan from argument shardings: every op, in program order, takes the strategy that costs least
    /// given its operands (resharding plus compute); ops fed only by constants follow their consumers.
    /// A loop-carried value follows its initial value and, in a second pass, also the value its body
    /// yields as the first pass left it.
    pub fn propagate(&self, args: Vec<TensorSharding>) -> Plan {
        let first = self.propagate_from(args.clone(), None);
        if self.schedule.loops.is_empty() { first } else { self.propagate_from(args, Some(&first)) }
    }

    /// [`PlanSpace::propagate`], pricing the values a step reads before they are made (a carry's yielded
    /// value) as `earlier` makes them, if given.
    fn propagate_from(&self, args: Vec<TensorSharding>, earlier: Option<&Plan>) -> Plan {
        let m = self.m;
        let steps = &self.schedule.steps;
        let n = steps.len();
        let mut plan =
            Plan { args, choice: vec![0; n], partial: vec![Vec::new(); n], partial_operands: vec![Vec::new(); n] };
        // Values that do not depend on any argument (constants, iotas and what is computed from them);
        // loop-carried values and a `case`'s results never count as free.
        let mut free: HashMap<ValueId, bool> = m.args.iter().map(|&a| (a, false)).collect();
        let mut free_op = vec![false; n];
        for (pos, step) in steps.iter().enumerate() {
            let f = step.is_op() && step.operands.iter().all(|v| free.get(v).copied().unwrap_or(false));
            free_op[pos] = f;
            for &r in step.results.iter().chain(&step.aliases) {
                free.insert(r, f);
            }
        }
        // An operand defined at or after its reader (a carry's yielded value) is not known yet.
        let later = |pos: usize, v: ValueId| self.producer_of(v).is_some_and(|(p, _)| p >= pos);
        for (pos, step) in steps.iter().enumerate() {
            if free_op[pos] {
                continue;
            }
            let op = step.op;
            let operands = &step.operands;
            let from: Vec<TensorSharding> = operands
                .iter()
                .map(|&v| match earlier {
                    Some(e) if later(pos, v) => self.produced(e, v),
                    _ => self.produced(&plan, v),
                })
                .collect();
            // Shardings propagate: an op may use only the mesh axes its operands already use.
            let allowed: Vec<usize> = (0..self.mesh.axes.len())
                .filter(|&a| {
                    from.iter()
                        .any(|f| f.dims.iter().flat_map(|d| d.axes.iter()).any(|x| x.name == self.mesh.axes[a].name))
                })
                .collect();
            let mut best = (f64::INFINITY, 0);
            for s in 0..self.strategies[pos].len() {
                if self.strategies[pos][s]
                    .axis_factor
                    .iter()
                    .enumerate()
                    .any(|(a, f)| f.is_some() && !allowed.contains(&a))
                {
                    continue;
                }
                let mut c = self.compute_s(pos, s);
                for (k, &v) in operands.iter().enumerate() {
                    if !free.get(&v).copied().unwrap_or(false) && (earlier.is_some() || !later(pos, v)) {
                        c += self.reshard_s(v, &from[k], &self.required(pos, k, s));
                    }
                }
                if c < best.0 {
                    best = (c, s);
                }
            }
            plan.choice[pos] = best.1;
            // Linear ops pass partial sums through (the reduction then happens once, later), when the
            // axes are not ones the op's own strategy shards.
            let carried: Vec<Vec<AxisRef>> = from.iter().map(|f| f.unreduced.clone()).collect();
            let linear = if !step.is_op() { None } else { pass_through(m, op, &carried) };
            if let Some((ks, axes)) = linear {
                let strategy = &self.strategies[pos][plan.choice[pos]];
                let clash = strategy
                    .axis_factor
                    .iter()
                    .enumerate()
                    .any(|(a, f)| f.is_some() && axes.iter().any(|x| x.name == self.mesh.axes[a].name));
                if !clash {
                    plan.partial[pos] = axes;
                    plan.partial_operands[pos] = ks;
                }
            }
        }
        // Free ops, last first: match what their consumers need.
        let mut consumers: HashMap<ValueId, Vec<(usize, usize)>> = HashMap::new();
        for (pos, step) in steps.iter().enumerate() {
            for (k, &v) in step.operands.iter().enumerate() {
                consumers.entry(v).or_default().push((pos, k));
            }
        }
        for pos in (0..n).rev().filter(|&p| free_op[p]) {
            let mut best = (f64::INFINITY, 0);
            for s in 0..self.strategies[pos].len() {
                plan.choice[pos] = s;
                let mut c = self.compute_s(pos, s);
                for &r in &steps[pos].results {
                    let produced = self.produced(&plan, r);
                    for &(cp, ck) in consumers.get(&r).map_or(&[][..], Vec::as_slice) {
                        c += self.reshard_s(r, &produced, &self.required_in(&plan, cp, ck));
                    }
                }
                if c < best.0 {
                    best = (c, s);
                }
            }
            plan.choice[pos] = best.1;
        }
        plan
    }
}
