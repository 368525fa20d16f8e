//! Plans: a strategy for every op of the program and a sharding for every argument; what a plan costs
//! (compute, the collectives of every resharding, peak memory per device); and propagation, which
//! completes a plan from its arguments' shardings (the reference plans: [`crate::tactics`]).

use crate::cost::compute_cost;
use crate::mesh::Mesh;
use crate::reshard::{Collective, reshard};
use crate::rules::{OpRule, rule_for};
use crate::strategy::{Strategy, enumerate};
use automap_ir::sharding::{AxisRef, TensorSharding};
use automap_ir::{Module, OpId, OpKind, ValueDef, ValueId};
use std::collections::HashMap;

/// The name the mesh has in annotations (`sdy.mesh @mesh`).
pub const MESH_SYMBOL: &str = "mesh";

/// The strategies of every top-level op.
pub struct PlanSpace<'m> {
    /// The module.
    pub m: &'m Module,
    /// The mesh.
    pub mesh: &'m Mesh,
    /// Rule of each op of `m.body`, by position.
    pub rules: Vec<OpRule>,
    /// Strategies of each op, by position (the first is replicated).
    pub strategies: Vec<Vec<Strategy>>,
    producer: HashMap<ValueId, (usize, usize)>,
}

/// A plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Sharding of each argument of the entry function.
    pub args: Vec<TensorSharding>,
    /// Strategy index of each op of `m.body`, by position.
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
    /// The op whose operand needs it (`None` for a returned value).
    pub op: Option<OpId>,
    /// The value being resharded.
    pub value: ValueId,
}

/// What a plan costs.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanCost {
    /// Seconds of compute (sum over ops, per device).
    pub compute_s: f64,
    /// Seconds of communication (sum over collectives).
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

fn replicated_of(m: &Module, v: ValueId) -> TensorSharding {
    TensorSharding::replicated(MESH_SYMBOL, m.ty(v).as_tensor().map_or(0, |t| t.rank()))
}

impl<'m> PlanSpace<'m> {
    /// Rules and strategies of every top-level op of `m` on `mesh`.
    pub fn new(m: &'m Module, mesh: &'m Mesh) -> PlanSpace<'m> {
        let rules: Vec<OpRule> = m.body.iter().map(|&op| rule_for(m, op)).collect();
        let strategies = rules.iter().map(|r| enumerate(r, mesh)).collect();
        let mut producer = HashMap::new();
        for (pos, &op) in m.body.iter().enumerate() {
            for (k, &r) in m.ops[op].results.iter().enumerate() {
                producer.insert(r, (pos, k));
            }
        }
        PlanSpace { m, mesh, rules, strategies, producer }
    }

    /// The fully replicated plan.
    pub fn replicated(&self) -> Plan {
        Plan {
            args: self.m.args.iter().map(|&a| replicated_of(self.m, a)).collect(),
            choice: vec![0; self.m.body.len()],
            partial: vec![Vec::new(); self.m.body.len()],
            partial_operands: vec![Vec::new(); self.m.body.len()],
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
        let mut add = |v: ValueId,
                       op: Option<OpId>,
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
                out.extend(cs.into_iter().map(|collective| CausedCollective { collective, op, value: v }));
            }
            if !gone.is_empty() {
                reduced.entry((v, gone)).or_insert_with(|| to.clone());
            }
        };
        for (pos, &op) in m.body.iter().enumerate() {
            let s = plan.choice[pos];
            compute_s += compute_cost(m, op, &self.rules[pos], &self.strategies[pos][s], self.mesh).seconds;
            for (k, &v) in m.ops[op].operands.iter().enumerate() {
                add(v, Some(op), &self.produced(plan, v), &self.required_in(plan, pos, k), &mut collectives);
            }
        }
        for &v in &m.returns {
            let from = self.produced(plan, v);
            let to = TensorSharding { unreduced: Vec::new(), ..from.clone() };
            add(v, None, &from, &to, &mut collectives);
        }
        let comm_s = collectives.iter().map(|c| c.collective.seconds).sum::<f64>() + 0.0;
        PlanCost { compute_s, comm_s, collectives, peak_bytes: self.peak_bytes(plan) }
    }

    /// Peak bytes per device over program order.
    fn peak_bytes(&self, plan: &Plan) -> f64 {
        let m = self.m;
        let n = m.body.len();
        let mut last_use: HashMap<ValueId, usize> = HashMap::new();
        for (pos, &op) in m.body.iter().enumerate() {
            for &v in m.ops[op].operands.iter().chain(&m.ops[op].captures) {
                last_use.insert(v, pos);
            }
        }
        for &v in &m.returns {
            last_use.insert(v, n);
        }
        let mut delta = vec![0.0f64; n + 2];
        let size = |v: ValueId| m.ty(v).byte_size() as f64 / self.mesh.shards(&self.produced(plan, v));
        for &a in &m.args {
            delta[0] += size(a);
        }
        for (pos, &op) in m.body.iter().enumerate() {
            for &r in &m.ops[op].results {
                let s = size(r);
                delta[pos] += s;
                let end = last_use.get(&r).copied().unwrap_or(pos);
                delta[end + 1] -= s;
            }
        }
        let mut cur = 0.0f64;
        let mut peak = 0.0f64;
        for d in delta {
            cur += d;
            peak = peak.max(cur);
        }
        peak
    }

    /// A plan from argument shardings: every op, in program order, takes the strategy that costs least
    /// given its operands (resharding plus compute); ops fed only by constants follow their consumers.
    pub fn propagate(&self, args: Vec<TensorSharding>) -> Plan {
        let m = self.m;
        let n = m.body.len();
        let mut plan =
            Plan { args, choice: vec![0; n], partial: vec![Vec::new(); n], partial_operands: vec![Vec::new(); n] };
        // Values that do not depend on any argument (constants, iotas and what is computed from them).
        let mut free: HashMap<ValueId, bool> = m.args.iter().map(|&a| (a, false)).collect();
        let mut free_op = vec![false; m.body.len()];
        for (pos, &op) in m.body.iter().enumerate() {
            let f = m.ops[op].operands.iter().chain(&m.ops[op].captures).all(|v| free.get(v).copied().unwrap_or(false));
            free_op[pos] = f;
            for &r in &m.ops[op].results {
                free.insert(r, f);
            }
        }
        for (pos, &op) in m.body.iter().enumerate() {
            if free_op[pos] {
                continue;
            }
            let operands = &m.ops[op].operands;
            let from: Vec<TensorSharding> = operands.iter().map(|&v| self.produced(&plan, v)).collect();
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
                let mut c = compute_cost(m, op, &self.rules[pos], &self.strategies[pos][s], self.mesh).seconds;
                for (k, &v) in operands.iter().enumerate() {
                    if !free.get(&v).copied().unwrap_or(false) {
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
            if let Some((ks, axes)) = pass_through(m, op, &carried) {
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
        for (pos, &op) in m.body.iter().enumerate() {
            for (k, &v) in m.ops[op].operands.iter().enumerate() {
                consumers.entry(v).or_default().push((pos, k));
            }
        }
        for pos in (0..m.body.len()).rev().filter(|&p| free_op[p]) {
            let op = m.body[pos];
            let mut best = (f64::INFINITY, 0);
            for s in 0..self.strategies[pos].len() {
                plan.choice[pos] = s;
                let mut c = compute_cost(m, op, &self.rules[pos], &self.strategies[pos][s], self.mesh).seconds;
                for &r in &m.ops[op].results {
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
