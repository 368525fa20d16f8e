//! What a plan costs: compute per step (priced per fusion), the collectives of every resharding, each
//! times the runs of the step that needs it, the part of prefetched collectives hidden behind compute,
//! and the peak memory per device.

use super::{Plan, PlanSpace};
use crate::op_cost::{ComputeCost, compute_cost};
use crate::reshard::{Collective, reshard};
use automap_ir::sharding::TensorSharding;
use automap_ir::{OpId, ValueId};
use std::collections::HashMap;

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
    /// Of the communication, the seconds of collectives that loops prefetch which the objective counts
    /// as hidden behind compute ([`crate::Prefetch`]).
    pub hidden_s: f64,
    /// Every collective.
    pub collectives: Vec<CausedCollective>,
    /// Peak bytes per device (values live over program order; arguments live throughout).
    pub peak_bytes: f64,
    /// Moving the stacks placed in host memory ([`PlanSpace::offload`]); zero when none are.
    pub host: super::HostTraffic,
}

impl PlanCost {
    /// The step the solver's objective prices: compute plus communication, less what prefetched
    /// collectives hide ([`PlanCost::hidden_s`]), plus the host transfers the loops do not hide.
    pub fn total_s(&self) -> f64 {
        self.compute_s + self.comm_s - self.hidden_s + self.host.exposed_s()
    }

    /// Compute plus communication (and host transfers), one after the other.
    pub fn serial_s(&self) -> f64 {
        self.compute_s + self.comm_s + self.host.seconds
    }
}

impl PlanSpace<'_> {
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

    pub(super) fn reshard_s(&self, v: ValueId, from: &TensorSharding, to: &TensorSharding) -> f64 {
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
        // Time of prefetched collectives the objective counts as hidden ([`crate::Prefetch`]).
        let mut hidden = 0.0;
        let prefetch = self.prefetch();
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
                if let Some((pos, k)) = reader {
                    hidden += prefetch.hidden_s(pos, k, cs.iter().map(|c| c.seconds).sum());
                }
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
        PlanCost {
            compute_s,
            unfused_s: unfused,
            comm_s,
            hidden_s: hidden,
            collectives,
            peak_bytes: self.peak_bytes(plan),
            host: self.host_traffic(plan),
        }
    }
}
