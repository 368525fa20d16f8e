//! Plans: a strategy for every step of the program ([`crate::schedule`]: its ops, loop bodies laid out)
//! and a sharding for every argument; what a plan costs (compute, the collectives of every resharding,
//! each times the runs of the step that needs it; peak memory per device); and propagation, which
//! completes a plan from its arguments' shardings (the reference plans: [`crate::tactics`]).
//!
//! This file holds the plan space (the steps, their rules and strategies, which values share a buffer);
//! `cost.rs` what a plan costs, `memory.rs` live ranges and the peak, `offload.rs` the stacks a
//! loop writes for later loops and those placed in host memory, `propagate.rs` propagation, and
//! `inline.rs` which steps XLA fuses into their readers.

mod cost;
mod inline;
mod memory;
mod offload;
pub(crate) mod prefetch;
mod propagate;

pub use cost::{CausedCollective, PlanCost};
pub use memory::{Held, MemoryProfile};
pub use offload::{HostTraffic, Stack};
pub use prefetch::Prefetch;

use crate::mesh::Mesh;
use crate::op_cost::Traffic;
use crate::rules::{OpRule, rule_for, tie_rule};
use crate::schedule::{Schedule, Step};
use crate::strategy::{Strategy, enumerate};
use automap_ir::sharding::{AxisRef, TensorSharding};
use automap_ir::{Module, OpId, OpKind, ValueId};
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
    /// Per step: for an op that holds no buffer of its own, the last position where what reads it
    /// computes it: an elementwise op XLA fuses into its readers
    /// ([`crate::fusion::fused_elementwise`]), and on the TPU a dot and the chain its output fusion
    /// ends ([`crate::fusion::dot_output_fusions`]). Memory follows this.
    pub(crate) unheld: Vec<Option<usize>>,
    /// Per step: is it an elementwise op the model computes inside its readers, writing nothing
    /// ([`crate::fusion::fused_elementwise`])? The memory traffic follows this, not `unheld`: the
    /// output fusions change which buffer a chain ends in, and the model's traffic already counts
    /// more bytes than the TPU compiler's cost analysis on these programs.
    pub(crate) recomputed: Vec<bool>,
    /// Per step: which of its operands and results pass through memory ([`Traffic`]).
    pub(crate) traffic: Vec<Traffic>,
    /// The reads loops prefetch and what the objective credits them, made on first use.
    prefetch: std::sync::OnceLock<prefetch::Prefetch>,
    /// The stacks placed in host memory ([`PlanSpace::offload`]), none unless the planner chose to.
    offloaded: Vec<offload::Stack>,
    /// Per step: does it hold its results in host memory?
    on_host: Vec<bool>,
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

impl<'m> PlanSpace<'m> {
    /// Rules and strategies of every step of `m` on `mesh`.
    pub fn new(m: &'m Module, mesh: &'m Mesh) -> PlanSpace<'m> {
        let schedule = Schedule::new(m);
        let rules: Vec<OpRule> = schedule
            .steps
            .iter()
            .map(|step| {
                if step.is_op() && step.part.is_none() {
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
        // XLA's TPU compiler sinks loop-invariant broadcasts into loop bodies; its GPU compiler keeps
        // them whole (measured: a replicated mask fill held at 512 GiB per H100), so only a mesh that
        // names the TPU compiler counts on it.
        let sinks = matches!(mesh.compiler, Some(crate::mesh::CompilerTarget::Tpu { .. }));
        let fused = crate::fusion::fused_steps(m, &schedule, sinks);
        let mut unheld = crate::fusion::fused_elementwise(m, &schedule, &fused);
        let recomputed = unheld.iter().map(Option::is_some).collect();
        // XLA's TPU compiler's output fusions; its GPU compiler calls a library for most dots.
        if sinks {
            crate::fusion::dot_output_fusions(m, &schedule, &fused, &mut unheld);
        }
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
            recomputed,
            traffic: Vec::new(),
            prefetch: std::sync::OnceLock::new(),
            offloaded: Vec::new(),
            on_host: Vec::new(),
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

    /// The reads that loops prefetch, and the time the objective counts as hidden of each
    /// ([`crate::Prefetch`]).
    pub fn prefetch(&self) -> &prefetch::Prefetch {
        self.prefetch.get_or_init(|| prefetch::Prefetch::new(self))
    }

    /// Does the result of the step at `pos` live in its first operand's buffer, taking no memory of its
    /// own? A reshape does (XLA makes it a bitcast), and an optimization barrier's part (it hands its
    /// operand on); so does a loop-carried value that the body yields
    /// unchanged (a scan's weights: XLA hoists it out of the loop, and the loop reads its initial value);
    /// and so does a `dynamic_update_slice` of a loop body's block argument whose result only the body
    /// yields back to that same carried value (XLA writes it into the carried value's buffer); so does a
    /// scatter or `dynamic_update_slice` whose operand the program made and nothing else reads (XLA
    /// updates it in place); and so does an op XLA fuses into its readers (the `fusion` module). The
    /// operand's buffer then lives as long as the result is read ([`PlanSpace::buffer`]).
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
                // A barrier's result is its operand's buffer.
                let barrier = s.part.is_some();
                reshape || invariant || barrier
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
        // XLA updates in place: a scatter or dynamic_update_slice writes into its operand's buffer
        // when nothing else reads that operand and the program made it (an argument's buffer is the
        // caller's, copied first unless donated): the zeros a gradient is scattered into, say.
        for (pos, step) in steps.iter().enumerate() {
            let in_place = step.is_op()
                && matches!(self.m.ops[step.op].kind, OpKind::Scatter { .. } | OpKind::DynamicUpdateSlice)
                && step.results.len() == 1;
            let Some(&base) = step.operands.first().filter(|_| in_place) else { continue };
            if reads.get(&base) == Some(&1) && self.producer_of(base).is_some() && !self.m.returns.contains(&base) {
                out[pos] = true;
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
}
