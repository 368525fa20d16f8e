//! The roles tactics act on, found from the program's dataflow ([`Dims`]), never from names: the batch
//! class, which arguments are parameters, and the classes Megatron shards.

use super::dims::{ClassFacts, ClassId, Dims};
use crate::plan::PlanSpace;
use crate::rules::FactorKind;
use automap_ir::{Module, OpKind, ValueDef, ValueId};
use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

/// What the tactics act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles {
    /// The batch: among the classes some argument has, that the outputs keep or a reduction sums away
    /// (the loss), that no op needs whole (a top-k over experts does not need its tokens whole, though
    /// XLA gathers them), that no value holds twice (attention's queries and keys are one sequence) and
    /// that no updated argument holds (see `updated`): in a program with no backward pass, one that no
    /// matmul contracts (attention contracts the head dimension a KV cache holds beside its batch; only
    /// a weight gradient contracts the batch) and that the most op results hold (every activation holds
    /// the batch, a V cache's head dimension only attention's values); then the one the fewest
    /// arguments hold (the inputs and targets: a sequence dimension is also held by positional
    /// embeddings, a feature dimension by the weights on either side of it), then the one the most op
    /// results hold, then the one fewer matmuls contract, then the outermost. A program that updates no
    /// argument (inference) has no backward pass, so a class a reduction sums away while keeping other
    /// dimensions (a layer norm's, a softmax's) is not its batch either.
    pub batch: Option<ClassId>,
    /// Per argument: the program returns it updated (it flows through elementwise ops alone into a
    /// returned value of its own shape: a training step's parameters and optimizer state).
    pub updated: Vec<bool>,
    /// Per argument: a parameter (it has dimensions, none of them the batch).
    pub parameters: Vec<bool>,
    /// Classes Megatron shards: held by two or more parameters (and by whatever state beside them holds
    /// it too: a KV cache's heads are sharded with the projections that fill them), the free
    /// dimension of one matmul and contracted by another, never reduced by a layer norm or softmax
    /// (a reduction that keeps other dimensions) and never indexed. In a transformer these are the
    /// hidden dimension of each MLP block (column-parallel first matmul, row-parallel second) and the
    /// heads of each attention block (the projections into heads, then the output projection).
    pub megatron: Vec<ClassId>,
    /// Classes expert parallelism shards: held by two or more parameters and not the batch, never
    /// indexed, and kept apart on both operands of the first matmul that reads some parameter holding
    /// it (a batch dimension of that matmul, as a mixture of experts' expert dimension is of its
    /// per-expert matmuls; attention's heads are a batch dimension only of matmuls between
    /// activations, and the projections make them free).
    pub experts: Vec<ClassId>,
    /// The sequence: a class that an argument holding the batch also holds (the inputs' other
    /// dimension), that some value holds twice (attention's scores hold it as queries and as keys) but no
    /// argument does (a square weight), not the batch, of size more than one; of several, the one the
    /// most op results hold. A program
    /// without attention (a CNN's spatial dimensions are never held twice) has none.
    pub sequence: Option<ClassId>,
    /// Per argument, per dimension: what the first matmul reading it does with it (`matmul_roles`).
    pub matmul: Vec<Vec<Option<MatmulRole>>>,
}

/// What the first matmul reading a parameter (or a view of it) does with one of its dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatmulRole {
    /// The result keeps it from this operand alone (column-parallel in Megatron's terms).
    Free,
    /// It is contracted (row-parallel).
    Contracted,
    /// Both operands hold it and the result keeps it (a batch dimension of the matmul).
    Batch,
}

/// What the first matmul reading argument `i`, or a view of it (a layer's slice of stacked weights
/// read inside a loop, a reshape, a convert to the compute type), does with each of its dimensions;
/// `None` for a dimension no matmul reads (an optimizer state's, a bias's, a cache's). A dimension is
/// followed by its class, so a view that drops or moves dimensions (the layer axis squeezed away) does
/// not lose it. One walk over the schedule for all of the argument's dimensions.
pub fn matmul_roles(space: &PlanSpace<'_>, dims: &Dims, i: usize) -> Vec<Option<MatmulRole>> {
    let m = space.m;
    let arg = m.args[i];
    let rank = m.ty(arg).as_tensor().map_or(0, |t| t.rank());
    let mut roles = vec![None; rank];
    // The dimensions still to find, with their classes.
    let mut open: Vec<(usize, ClassId)> = (0..rank).filter_map(|d| Some((d, dims.class_of(arg, d)?))).collect();
    let mut reached = vec![false; m.values.len()];
    reached[arg.as_u32() as usize] = true;
    let is_reached = |reached: &[bool], v: ValueId| reached.get(v.as_u32() as usize).copied().unwrap_or(false);
    for (pos, step) in space.steps().iter().enumerate() {
        if open.is_empty() {
            break;
        }
        let reads: Vec<usize> = (0..step.operands.len()).filter(|&k| is_reached(&reached, step.operands[k])).collect();
        if reads.is_empty() {
            continue;
        }
        if step.is_op() && matches!(m.ops[step.op].kind, OpKind::DotGeneral(_)) {
            let rule = &space.rules[pos];
            // Each open dimension: the first operand read from the argument that holds its class.
            open.retain(|&(d, class)| {
                for &k in &reads {
                    let v = step.operands[k];
                    let Some(e) = (0..rule.operands[k].len()).find(|&e| dims.class_of(v, e) == Some(class)) else {
                        continue;
                    };
                    let Some(&f) = rule.operands[k][e].first() else { continue };
                    roles[d] = Some(if rule.factors[f].kind != FactorKind::PassThrough {
                        MatmulRole::Contracted
                    } else if rule
                        .operands
                        .iter()
                        .enumerate()
                        .any(|(o, dims)| o != k && dims.iter().any(|fs| fs.contains(&f)))
                    {
                        MatmulRole::Batch
                    } else {
                        MatmulRole::Free
                    });
                    return false;
                }
                true
            });
            continue;
        }
        // A view carries the argument on: a loop carry (its block arguments too), or a one-operand op
        // that moves data without combining it.
        let view = !step.is_op()
            || matches!(
                m.ops[step.op].kind,
                OpKind::Reshape
                    | OpKind::Transpose { .. }
                    | OpKind::Slice { .. }
                    | OpKind::DynamicSlice { .. }
                    | OpKind::Elementwise(_)
            ) && reads == [0];
        if view {
            for v in step.results.iter().chain(&step.aliases) {
                if let Some(r) = reached.get_mut(v.as_u32() as usize) {
                    *r = true;
                }
            }
        }
    }
    roles
}

impl Roles {
    /// The roles in `space`'s program, from its classes of dimensions.
    pub fn of(space: &PlanSpace<'_>) -> Roles {
        Roles::new(space, &Dims::new(space))
    }

    /// The roles in `space`'s program.
    pub fn new(space: &PlanSpace<'_>, dims: &Dims) -> Roles {
        let m = space.m;
        let distinct = |f: &ClassFacts| {
            let mut a: Vec<usize> = f.args.iter().map(|&(i, _)| i).collect();
            a.dedup();
            a.len()
        };
        let updated = updated(m);
        let training = updated.iter().any(|&u| u);
        let batch = (0..dims.facts.len())
            .filter(|&c| {
                let f = &dims.facts[c];
                !f.args.is_empty()
                    && !f.needs_replication
                    && !f.twice_in_a_value
                    && (training || !f.partially_reduced)
                    && f.args.iter().all(|&(i, _)| !updated[i])
                    && (f.returned || f.reduced)
            })
            .min_by_key(|&c| {
                let f = &dims.facts[c];
                let outermost = f.args.iter().map(|&(_, d)| d).min().unwrap_or(usize::MAX);
                // Without a backward pass: not contracted, then held by the most values.
                let (contracted_in_inference, values_in_inference) = match training {
                    true => (false, 0),
                    false => (f.contracted > 0, f.values),
                };
                (
                    contracted_in_inference,
                    Reverse(values_in_inference),
                    distinct(f),
                    Reverse(f.values),
                    f.contracted,
                    outermost,
                    c,
                )
            });
        let rank = |i: usize| m.ty(m.args[i]).as_tensor().map_or(0, |t| t.rank());
        let parameters: Vec<bool> = (0..m.args.len())
            .map(|i| rank(i) > 0 && (0..rank(i)).all(|d| dims.class_of(m.args[i], d) != batch))
            .collect();
        let distinct_parameters = |f: &ClassFacts| {
            let mut a: Vec<usize> = f.args.iter().map(|&(i, _)| i).filter(|&i| parameters[i]).collect();
            a.dedup();
            a.len()
        };
        let megatron = (0..dims.facts.len())
            .filter(|&c| {
                let f = &dims.facts[c];
                Some(c) != batch
                    && !f.needs_replication
                    && !f.partially_reduced
                    && f.contracted > 0
                    && f.free > 0
                    && distinct_parameters(f) >= 2
            })
            .collect();
        let matmul: Vec<Vec<Option<MatmulRole>>> = (0..m.args.len()).map(|i| matmul_roles(space, dims, i)).collect();
        let experts = (0..dims.facts.len())
            .filter(|&c| {
                let f = &dims.facts[c];
                Some(c) != batch
                    && !f.needs_replication
                    && distinct_parameters(f) >= 2
                    && f.args.iter().any(|&(i, d)| parameters[i] && matmul[i].get(d) == Some(&Some(MatmulRole::Batch)))
            })
            .collect();
        let data: Vec<usize> = batch.map_or(Vec::new(), |b| dims.facts[b].args.iter().map(|&(i, _)| i).collect());
        let sequence = (0..dims.facts.len())
            .filter(|&c| {
                let f = &dims.facts[c];
                // An argument holding it twice is a square weight (a recurrence's state-to-state
                // matrix), whose values hold it twice too: not a sequence.
                let square = f.args.windows(2).any(|w| w[0].0 == w[1].0);
                Some(c) != batch
                    && f.twice_in_a_value
                    && !square
                    && f.divisor > 1
                    && f.args.iter().any(|(i, _)| data.contains(i))
            })
            .max_by_key(|&c| (dims.facts[c].values, Reverse(c)));
        Roles { batch, updated, parameters, megatron, experts, sequence, matmul }
    }
}

/// Per argument of `m`: whether an elementwise path leads from it to a returned value of its shape.
fn updated(m: &Module) -> Vec<bool> {
    let mut out = vec![false; m.args.len()];
    let arg_of: HashMap<ValueId, usize> = m.args.iter().enumerate().map(|(i, &a)| (a, i)).collect();
    for &r in &m.returns {
        let ty = m.ty(r);
        let mut stack = vec![r];
        let mut seen = HashSet::new();
        while let Some(v) = stack.pop() {
            if !seen.insert(v) || m.ty(v) != ty {
                continue;
            }
            match m.values[v].def {
                ValueDef::Arg(_) => {
                    if let Some(&i) = arg_of.get(&v) {
                        out[i] = true;
                    }
                }
                ValueDef::Result(op, _) if matches!(m.ops[op].kind, OpKind::Elementwise(_)) => {
                    stack.extend(m.ops[op].operands.iter().copied());
                }
                _ => {}
            }
        }
    }
    out
}
