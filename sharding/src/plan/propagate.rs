//! Propagation: a plan completed from its arguments' shardings, each step the strategy that takes its
//! operands as they come (partial sums passed through linear ops), as the reference plans need.

use super::{MESH_SYMBOL, Plan, PlanSpace};
use automap_ir::sharding::{AxisRef, TensorSharding};
use automap_ir::{Module, OpId, OpKind, ValueDef, ValueId};
use std::collections::HashMap;

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

pub(super) fn replicated_of(m: &Module, v: ValueId) -> TensorSharding {
    TensorSharding::replicated(MESH_SYMBOL, m.ty(v).as_tensor().map_or(0, |t| t.rank()))
}

impl PlanSpace<'_> {
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
