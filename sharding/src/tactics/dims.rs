//! Logical dimensions: the tensor dimensions of a program that share one sharding factor through its
//! ops (Shardy's factors, joined across ops), found from the sharding rules alone.
//!
//! Two dimensions are in one class when some op's rule maps them to the same factor as their major
//! factor: an elementwise op joins its operands' and result's dimensions, a matmul joins its operands'
//! contracted dimensions (and its batch and free dimensions with the result's), a reshape that splits
//! `d` into `(h, hd)` joins `d` with `h`. Factors of size 1 join nothing. So the batch dimension of every
//! activation is one class, the hidden dimension of one MLP block another, the heads of one attention
//! block a third. What happens to a class across the program (contracted by a matmul, reduced by a
//! `reduce` that keeps other dimensions, indexed) is what the tactics recognise patterns by.

use crate::plan::PlanSpace;
use crate::rules::FactorKind;
use automap_ir::{OpKind, ValueId};
use petgraph::unionfind::UnionFind;
use std::collections::HashMap;

/// A class of logical dimensions.
pub type ClassId = usize;

/// What the program does with one class.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassFacts {
    /// The entry function's arguments with a dimension in the class: `(argument, dimension)`.
    pub args: Vec<(usize, usize)>,
    /// Op results with a dimension in the class.
    pub values: usize,
    /// Some value holds the class in two of its dimensions (attention's scores hold the sequence as
    /// queries and as keys).
    pub twice_in_a_value: bool,
    /// A dimension of a returned value is in the class.
    pub returned: bool,
    /// Matmuls (`dot_general`, convolutions) that contract it.
    pub contracted: usize,
    /// Matmuls whose result takes it from one operand only (a free dimension).
    pub free: usize,
    /// A `reduce` (or other non-matmul reduction) sums it away and keeps other dimensions (a layer
    /// norm's or a softmax's reduction).
    pub partially_reduced: bool,
    /// Any non-matmul reduction sums it away (a loss's mean).
    pub reduced: bool,
    /// Some op cannot shard it (an indexed, windowed or sliced dimension).
    pub needs_replication: bool,
    /// The greatest common divisor of the sizes of its dimensions: a mesh axis shards the class evenly
    /// everywhere only if its size divides this (a model dimension of 96 split into 6 heads has 6).
    pub divisor: i64,
}

/// The classes of a program.
pub struct Dims {
    /// Per value: its first slot and its rank.
    base: HashMap<ValueId, (usize, usize)>,
    class: Vec<ClassId>,
    /// What happens to each class, by class id.
    pub facts: Vec<ClassFacts>,
}

impl Dims {
    /// Join the dimensions of every top-level op's operands and results by its rule.
    pub fn new(space: &PlanSpace<'_>) -> Dims {
        let (base, slots) = slots(space);
        let (labels, events) = join(space, &base, slots);
        let mut ids: HashMap<usize, ClassId> = HashMap::new();
        let class: Vec<ClassId> = labels
            .iter()
            .map(|&l| {
                let n = ids.len();
                *ids.entry(l).or_insert(n)
            })
            .collect();
        let facts = facts(space, &base, &class, ids.len(), events);
        Dims { base, class, facts }
    }

    /// The class of dimension `d` of value `v`, if the program has that value and dimension.
    pub fn class_of(&self, v: ValueId, d: usize) -> Option<ClassId> {
        self.base.get(&v).filter(|&&(_, r)| d < r).map(|&(b, _)| self.class[b + d])
    }
}

/// What one factor of an op's rule does to the class of the dimensions it joins.
#[derive(Clone, Copy)]
enum Event {
    Contracted,
    Free,
    PartiallyReduced,
    Reduced,
    NeedsReplication,
}

/// Value → (its first slot, its rank): a slot per dimension of every argument and every value a step
/// reads or makes, a loop-carried value's block arguments sharing its result's. Also the number of
/// slots.
fn slots(space: &PlanSpace<'_>) -> (HashMap<ValueId, (usize, usize)>, usize) {
    let m = space.m;
    let rank = |v: ValueId| m.ty(v).as_tensor().map_or(0, |t| t.rank());
    let mut base = HashMap::new();
    let mut slots = 0usize;
    let mut slot_base = |v: ValueId, base: &mut HashMap<ValueId, (usize, usize)>| {
        base.entry(v).or_insert_with(|| {
            let b = (slots, rank(v));
            slots += b.1;
            b
        });
    };
    for &a in &m.args {
        slot_base(a, &mut base);
    }
    for step in space.steps() {
        for &v in step.operands.iter().chain(&step.results) {
            slot_base(v, &mut base);
        }
    }
    // A loop-carried value's block arguments are its result.
    for step in space.steps() {
        for &a in &step.aliases {
            if let Some(&b) = base.get(&step.results[0]) {
                base.insert(a, b);
            }
        }
    }
    (base, slots)
}

/// Join the slots each factor of each step's rule spans (a factor of size 1 joins nothing), and
/// record what the factor does to them. Returns each slot's label and the events, each at a slot of
/// its class.
fn join(
    space: &PlanSpace<'_>,
    base: &HashMap<ValueId, (usize, usize)>,
    slots: usize,
) -> (Vec<usize>, Vec<(usize, Event)>) {
    let m = space.m;
    let rank = |v: ValueId| m.ty(v).as_tensor().map_or(0, |t| t.rank());
    let mut uf = UnionFind::<usize>::new(slots);
    let mut events: Vec<(usize, Event)> = Vec::new();
    for (pos, step) in space.steps().iter().enumerate() {
        let rule = &space.rules[pos];
        let matmul = step.is_op() && matches!(m.ops[step.op].kind, OpKind::DotGeneral(_) | OpKind::Convolution { .. });
        // XLA gathers a top-k's batch dimensions whole (its partitioner splits only the sorted one),
        // but nothing in the op needs them whole: the roles read them as passed through.
        let sorted = match m.ops[step.op].kind {
            OpKind::TopK { .. } if step.is_op() => rule.operands.first().and_then(|o| o.last()?.first().copied()),
            _ => None,
        };
        for (f, factor) in rule.factors.iter().enumerate() {
            let mut at: Vec<(bool, usize)> = Vec::new();
            let ports = step.operands.iter().zip(&rule.operands).map(|(v, d)| (false, v, d));
            for (is_result, &v, dims) in ports.chain(step.results.iter().zip(&rule.results).map(|(v, d)| (true, v, d)))
            {
                for (d, fs) in dims.iter().enumerate() {
                    if fs.first() == Some(&f) && d < rank(v) {
                        at.push((is_result, base[&v].0 + d));
                    }
                }
            }
            let Some(&(_, first)) = at.first() else { continue };
            if factor.size > 1 {
                for &(_, s) in &at[1..] {
                    uf.union(first, s);
                }
            }
            let operands = at.iter().filter(|(r, _)| !r).count();
            let event = match factor.kind {
                FactorKind::NeedReplication if sorted.is_some_and(|s| s != f) => None,
                FactorKind::NeedReplication => Some(Event::NeedsReplication),
                FactorKind::Reduction if matmul => Some(Event::Contracted),
                FactorKind::Reduction => {
                    let keeps_others = step.results.iter().any(|&r| rank(r) > 0);
                    Some(if keeps_others { Event::PartiallyReduced } else { Event::Reduced })
                }
                FactorKind::PassThrough if matmul && operands == 1 => Some(Event::Free),
                FactorKind::PassThrough => None,
            };
            if let Some(e) = event {
                events.push((first, e));
            }
        }
        // A reduce's reduced dimensions appear in its operands only: a reduction factor above.
    }
    (uf.into_labeling(), events)
}

/// What the program does with each of `classes` classes: the divisor of their sizes, the arguments
/// and values holding them, whether returned, and the events of [`join`].
fn facts(
    space: &PlanSpace<'_>,
    base: &HashMap<ValueId, (usize, usize)>,
    class: &[ClassId],
    classes: usize,
    events: Vec<(usize, Event)>,
) -> Vec<ClassFacts> {
    let m = space.m;
    let mut facts = vec![ClassFacts::default(); classes];
    let slots_of = |v: ValueId| base.get(&v).map_or(0..0, |&(b, r)| b..b + r);
    for (&v, &(b, r)) in base {
        let shape = m.ty(v).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
        for d in 0..r {
            let f = &mut facts[class[b + d]];
            f.divisor = gcd(f.divisor, shape.get(d).copied().unwrap_or(1));
        }
    }
    for (i, &a) in m.args.iter().enumerate() {
        for (d, s) in slots_of(a).enumerate() {
            facts[class[s]].args.push((i, d));
        }
    }
    for step in space.steps() {
        for &r in &step.results {
            let mut held: Vec<ClassId> = slots_of(r).map(|s| class[s]).collect();
            held.sort_unstable();
            for w in held.windows(2) {
                if w[0] == w[1] {
                    facts[w[0]].twice_in_a_value = true;
                }
            }
            held.dedup();
            for c in held {
                facts[c].values += 1;
            }
        }
    }
    for &r in &m.returns {
        for s in slots_of(r) {
            facts[class[s]].returned = true;
        }
    }
    for (slot, e) in events {
        let f = &mut facts[class[slot]];
        match e {
            Event::Contracted => f.contracted += 1,
            Event::Free => f.free += 1,
            Event::PartiallyReduced => {
                f.partially_reduced = true;
                f.reduced = true;
            }
            Event::Reduced => f.reduced = true,
            Event::NeedsReplication => f.needs_replication = true,
        }
    }
    facts
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}
