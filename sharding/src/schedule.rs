//! The program as the planner decides it: the entry function's ops in order, with the condition and body
//! of every `while` laid out in place, each loop-carried value a step of its own.
//!
//! A loop's ops are decided once for all its iterations: each runs (and each of its reshardings is paid)
//! as many times as the loops around it iterate ([`automap_ir::loops::trip_count`]; a loop whose trip
//! count the program does not state counts once). A loop-carried value takes one sharding for its
//! initial value, the body's block argument, the value the body yields and the loop's result: the
//! *carry* step holds it, with the initial value as its first operand (resharded once, at loop entry)
//! and the yielded value as its second (resharded every iteration).
//!
//! The branches of a `case` (or `if`) are laid out in place too, one after another, each running as
//! often as the `case` does: a plan is priced as if every branch ran (a pairwise cost cannot state the
//! costliest of them; their sum bounds it above, and it makes the sharding of every branch count). Each
//! result of the `case` is a *join* step: one sharding for the values the branches return in its place
//! and the `case`'s result, each returned value resharded to it in its own branch. Only one branch runs,
//! so a returned value lives only through its own branch ([`Schedule::live_to`]), and memory within the
//! `case` is the largest branch's. A region the schedule cannot lay out (a block with arguments, a
//! branch that returns another count of values) keeps its op a single step whose every dimension is
//! replicated.
//!
//! An `optimization_barrier` is a step per operand (a *part*): its results are its operands, each with
//! its own sharding. As one step it would take one strategy for all of them, and a strategy puts each
//! mesh axis on one factor: a barrier over a layer's saved activations (what `jax.checkpoint` writes
//! before the backward pass recomputes) could shard only one of them along an axis and would gather
//! the rest.

use automap_ir::loops::trip_count;
use automap_ir::{Module, OpId, OpKind, ValueId};

/// One decision of the planned program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The op it decides; for a loop-carried value, its `while`.
    pub op: OpId,
    /// For a loop-carried value, its index among the loop's operands and results.
    pub carried: Option<usize>,
    /// For a join of a `case`, the index of the `case`'s result it defines (operand `b` is what branch
    /// `b` returns in its place).
    pub joined: Option<usize>,
    /// For an op decided one operand at a time (an `optimization_barrier`, whose result `k` is its
    /// operand `k`), the operand and result it decides.
    pub part: Option<usize>,
    /// Values it reads, in the order of its rule's operands (a carry: initial value, yielded value; an
    /// op whose regions the schedule keeps whole: its operands, then the values its regions capture).
    pub operands: Vec<ValueId>,
    /// Values it defines, in the order of its rule's results (a carry: the loop's result).
    pub results: Vec<ValueId>,
    /// Values that are its first result under another name (a carry: the block arguments of the
    /// loop's condition and body).
    pub aliases: Vec<ValueId>,
    /// Values from outside its op that its regions read, among `operands` from this index on.
    pub captures_from: usize,
    /// How many times it runs in one run of the program.
    pub runs: u64,
    /// How many times each operand is read: `runs`, except a carry's yielded value, read every iteration.
    pub operand_runs: Vec<u64>,
    /// The innermost loop it belongs to (a carry belongs to the loop it carries through).
    pub in_loop: Option<usize>,
}

/// A `while` laid out in the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// The `while` op.
    pub op: OpId,
    /// Its trip count, when the program states it.
    pub trips: Option<u64>,
    /// The position of its first step (its first carry) and of its last.
    pub first: usize,
    /// See `first`.
    pub last: usize,
    /// The loop it is nested in.
    pub parent: Option<usize>,
    /// How many times its body runs in one run of the program (its trip count times the runs of the
    /// loops around it).
    pub body_runs: u64,
}

/// A `case` (or `if`) laid out in the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The `case` op.
    pub op: OpId,
    /// The position of its first step.
    pub first: usize,
    /// Per branch, the position after its last step (its steps are those from the previous branch's
    /// end, or `first`, up to it).
    pub branch_ends: Vec<usize>,
}

impl Case {
    /// The positions of branch `b`'s steps.
    pub fn branch(&self, b: usize) -> std::ops::Range<usize> {
        let start = if b == 0 { self.first } else { self.branch_ends[b - 1] };
        start..self.branch_ends[b]
    }
}

/// The planned program.
#[derive(Clone, Debug, Default)]
pub struct Schedule {
    /// The steps in program order.
    pub steps: Vec<Step>,
    /// The loops laid out, outermost first.
    pub loops: Vec<Loop>,
    /// The `case`s laid out, outermost first.
    pub cases: Vec<Case>,
}

impl Step {
    /// Does the step decide an op of the program (not a loop-carried value nor a `case`'s join)? A
    /// part of an op is one.
    pub fn is_op(&self) -> bool {
        self.carried.is_none() && self.joined.is_none()
    }

    /// The op's operand that the step's operand `k` is: `k`, or for a part, the part's.
    pub fn op_operand(&self, k: usize) -> usize {
        self.part.unwrap_or(0) + k
    }

    /// Is the step the first (or only) one of its op, which speaks for the op as a whole (its line,
    /// its results' shardings)?
    pub fn first_of_op(&self) -> bool {
        self.joined.unwrap_or(0) == 0 && self.part.unwrap_or(0) == 0
    }
}

/// Is `op` a `while` whose condition and body the schedule can lay out: one block each, with one
/// argument per loop-carried value?
fn opens(m: &Module, op: OpId) -> bool {
    let d = &m.ops[op];
    let n = d.operands.len();
    matches!(d.kind, OpKind::While)
        && d.results.len() == n
        && d.regions.len() == 2
        && d.regions.iter().all(|r| r.blocks.len() == 1 && r.blocks[0].args.len() == n)
        && d.regions[1].blocks[0].ops.last().is_some_and(|&t| m.ops[t].operands.len() == n)
}

/// Is `op` a `case` or `if` whose branches the schedule can lay out: one block each, with no
/// arguments, each returning one value per result of the op?
fn branches(m: &Module, op: OpId) -> bool {
    let d = &m.ops[op];
    matches!(d.kind, OpKind::Case | OpKind::If)
        && !d.regions.is_empty()
        && d.regions.iter().all(|r| {
            r.blocks.len() == 1
                && r.blocks[0].args.is_empty()
                && r.blocks[0].ops.last().is_some_and(|&t| {
                    matches!(m.ops[t].kind, OpKind::Return) && m.ops[t].operands.len() == d.results.len()
                })
        })
}

impl Schedule {
    /// The schedule of `m`'s entry function.
    pub fn new(m: &Module) -> Schedule {
        let mut s = Schedule::default();
        s.lay_out(m, &m.body, 1, None);
        s
    }

    fn lay_out(&mut self, m: &Module, ops: &[OpId], runs: u64, in_loop: Option<usize>) {
        for &op in ops {
            let d = &m.ops[op];
            if matches!(d.kind, OpKind::Return) {
                continue;
            }
            if branches(m, op) {
                self.lay_out_case(m, op, runs, in_loop);
                continue;
            }
            if matches!(d.kind, OpKind::OptimizationBarrier) && d.results.len() == d.operands.len() {
                for (k, (&operand, &result)) in d.operands.iter().zip(&d.results).enumerate() {
                    self.steps.push(Step {
                        op,
                        carried: None,
                        joined: None,
                        part: Some(k),
                        operands: vec![operand],
                        results: vec![result],
                        aliases: Vec::new(),
                        captures_from: 1,
                        runs,
                        operand_runs: vec![runs],
                        in_loop,
                    });
                }
                continue;
            }
            if !opens(m, op) {
                let mut operands = d.operands.clone();
                operands.extend(d.captures.iter().filter(|c| !d.operands.contains(c)));
                self.steps.push(Step {
                    op,
                    carried: None,
                    joined: None,
                    part: None,
                    operand_runs: vec![runs; operands.len()],
                    operands,
                    results: d.results.clone(),
                    aliases: Vec::new(),
                    captures_from: d.operands.len(),
                    runs,
                    in_loop,
                });
                continue;
            }
            let trips = trip_count(m, op);
            let inner = runs.saturating_mul(trips.unwrap_or(1));
            let id = self.loops.len();
            self.loops.push(Loop { op, trips, first: self.steps.len(), last: 0, parent: in_loop, body_runs: inner });
            let (cond, body) = (&d.regions[0].blocks[0], &d.regions[1].blocks[0]);
            let yielded = body.ops.last().map(|&t| m.ops[t].operands.clone()).unwrap_or_default();
            // `opens` checked that the operands, results, block arguments and yielded values pair up.
            let carried = d.operands.iter().zip(&yielded).zip(&d.results).zip(cond.args.iter().zip(&body.args));
            for (k, (((&init, &y), &result), (&in_cond, &in_body))) in carried.enumerate() {
                self.steps.push(Step {
                    op,
                    carried: Some(k),
                    joined: None,
                    part: None,
                    operands: vec![init, y],
                    results: vec![result],
                    aliases: vec![in_cond, in_body],
                    captures_from: 2,
                    runs,
                    operand_runs: vec![runs, inner],
                    in_loop: Some(id),
                });
            }
            self.lay_out(m, &cond.ops, inner, Some(id));
            self.lay_out(m, &body.ops, inner, Some(id));
            self.loops[id].last = self.steps.len() - 1;
        }
    }

    /// Lays out the branches of `op` (checked by [`branches`]) one after another, then one join step
    /// per result.
    fn lay_out_case(&mut self, m: &Module, op: OpId, runs: u64, in_loop: Option<usize>) {
        let d = &m.ops[op];
        let id = self.cases.len();
        self.cases.push(Case { op, first: self.steps.len(), branch_ends: Vec::new() });
        let mut returned = Vec::new();
        for region in &d.regions {
            let block = &region.blocks[0];
            self.lay_out(m, &block.ops, runs, in_loop);
            self.cases[id].branch_ends.push(self.steps.len());
            returned.push(block.ops.last().map(|&t| m.ops[t].operands.clone()).unwrap_or_default());
        }
        for (k, &result) in d.results.iter().enumerate() {
            let operands: Vec<ValueId> = returned.iter().map(|r| r[k]).collect();
            self.steps.push(Step {
                op,
                carried: None,
                joined: Some(k),
                part: None,
                operand_runs: vec![runs; operands.len()],
                captures_from: operands.len(),
                operands,
                results: vec![result],
                aliases: Vec::new(),
                runs,
                in_loop,
            });
        }
    }

    /// The position up to which a value read at step `pos` (operand `k`) must stay live, given that it
    /// is defined at step `def` (`None`: an argument): a value read inside a loop that it was defined
    /// outside of is read again every iteration, so it lives to the end of that loop. A carry's yielded
    /// value becomes the carried value (XLA gives a loop's carried value, block argument and yielded
    /// value one buffer), which lives through the loop: the yielded value itself counts only where it
    /// is made. What a `case`'s branch returns lives to the end of its branch, the only one that runs.
    pub fn live_to(&self, pos: usize, k: usize, def: Option<usize>) -> usize {
        let step = &self.steps[pos];
        if step.joined.is_some()
            && let Some(case) = self.cases.iter().find(|c| c.op == step.op)
            && let Some(d) = def
            && case.branch(k).contains(&d)
        {
            return case.branch(k).end - 1;
        }
        let mut end = pos;
        let mut at = step.in_loop;
        if step.carried.is_some() {
            // A carry's operands: its initial value is read at loop entry, outside the loop.
            if k == 0 {
                at = self.loops[at.unwrap_or(0)].parent;
            } else {
                end = def.unwrap_or(pos);
            }
        }
        while let Some(l) = at {
            if def.is_some_and(|d| d >= self.loops[l].first) {
                break;
            }
            end = end.max(self.loops[l].last);
            at = self.loops[l].parent;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `fori_loop` of 5 iterations over a matmul by a loop-invariant weight.
    pub(crate) const LOOP: &str = "func.func @main(%w: tensor<8x8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  %c = stablehlo.constant dense<0> : tensor<i32>\n  %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x, %iterArg_1 = %w) : tensor<i32>, tensor<4x8xf32>, tensor<8x8xf32>\n    cond {\n    %c_1 = stablehlo.constant dense<5> : tensor<i32>\n    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  } do {\n    %c_1 = stablehlo.constant dense<1> : tensor<i32>\n    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>\n    %2 = stablehlo.dot_general %iterArg_0, %iterArg_1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>\n    stablehlo.return %1, %2, %iterArg_1 : tensor<i32>, tensor<4x8xf32>, tensor<8x8xf32>\n  }\n  %3 = stablehlo.tanh %0#1 : tensor<4x8xf32>\n  return %3 : tensor<4x8xf32>\n}\n";

    /// Each step as `kindxruns`: `carryK` for a loop-carried value, `joinK` for a `case`'s result, the
    /// op's name otherwise.
    fn kinds(m: &Module, s: &Schedule) -> Vec<String> {
        s.steps
            .iter()
            .map(|st| match (st.carried, st.joined) {
                (Some(k), _) => format!("carry{k}x{}", st.runs),
                (None, Some(k)) => format!("join{k}x{}", st.runs),
                (None, None) => format!("{}x{}", m.ops[st.op].name.trim_start_matches("stablehlo."), st.runs),
            })
            .collect()
    }

    #[test]
    fn a_loop_is_laid_out_with_a_step_per_carried_value() {
        let m = automap_ir::parse_module(LOOP).unwrap();
        let s = Schedule::new(&m);
        let kinds = kinds(&m, &s);
        assert_eq!(
            kinds,
            [
                "constantx1",
                "carry0x1",
                "carry1x1",
                "carry2x1",
                "constantx5",
                "comparex5",
                "constantx5",
                "addx5",
                "dot_generalx5",
                "tanhx1"
            ]
        );
        assert_eq!(s.loops.len(), 1);
        assert_eq!((s.loops[0].first, s.loops[0].last, s.loops[0].trips), (1, 8, Some(5)));
        // The carried activation: read once at entry, its yielded value every iteration.
        assert_eq!(s.steps[2].operand_runs, [1, 5]);
        // The weight, yielded unchanged: its second operand is its own block argument.
        assert_eq!(s.steps[3].operands[1], s.steps[3].aliases[1]);
    }

    #[test]
    fn a_barrier_is_a_step_per_operand() {
        let text = "func.func @main(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>) {\n  %0:2 = stablehlo.optimization_barrier %a, %b : tensor<4x8xf32>, tensor<8xf32>\n  return %0#0, %0#1 : tensor<4x8xf32>, tensor<8xf32>\n}\n";
        let m = automap_ir::parse_module(text).unwrap();
        let s = Schedule::new(&m);
        assert_eq!(kinds(&m, &s), ["optimization_barrierx1", "optimization_barrierx1"]);
        let op = &m.ops[s.steps[0].op];
        for (k, step) in s.steps.iter().enumerate() {
            assert!(step.is_op() && step.part == Some(k));
            assert_eq!((step.operands.as_slice(), step.results.as_slice()), (&op.operands[k..=k], &op.results[k..=k]));
            assert_eq!(step.op_operand(0), k);
        }
        assert!(s.steps[0].first_of_op() && !s.steps[1].first_of_op());
    }

    /// A `case` of two branches, each returning a value it makes, the second also one it captures.
    const CASE: &str = "func.func @main(%i: tensor<i32>, %x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {\n  %0:2 = \"stablehlo.case\"(%i) ({\n    %1 = stablehlo.tanh %x : tensor<4x8xf32>\n    %2 = stablehlo.exponential %1 : tensor<4x8xf32>\n    stablehlo.return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>\n  }, {\n    %1 = stablehlo.sine %x : tensor<4x8xf32>\n    stablehlo.return %1, %x : tensor<4x8xf32>, tensor<4x8xf32>\n  }) : (tensor<i32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)\n  return %0#0, %0#1 : tensor<4x8xf32>, tensor<4x8xf32>\n}\n";

    #[test]
    fn a_case_is_laid_out_branch_by_branch_with_a_join_per_result() {
        let m = automap_ir::parse_module(CASE).unwrap();
        let s = Schedule::new(&m);
        assert_eq!(kinds(&m, &s), ["tanhx1", "exponentialx1", "sinex1", "join0x1", "join1x1"]);
        assert_eq!(s.cases.len(), 1);
        assert_eq!((s.cases[0].branch(0), s.cases[0].branch(1)), (0..2, 2..3));
        assert!(s.steps[3].operands.len() == 2 && !s.steps[3].is_op());
        // What branch 0 returns lives to its end (step 1), not to the join: branch 1 does not run with it.
        assert_eq!(s.live_to(3, 0, Some(0)), 1);
        assert_eq!(s.live_to(4, 0, Some(1)), 1);
        assert_eq!(s.live_to(3, 1, Some(2)), 2);
        // A captured argument returned as is lives to the join.
        assert_eq!(s.live_to(4, 1, None), 4);
    }

    #[test]
    fn values_read_in_a_loop_live_to_its_end() {
        let m = automap_ir::parse_module(LOOP).unwrap();
        let s = Schedule::new(&m);
        // The matmul (step 8) reads the activation's block argument, defined by its carry (step 2) in
        // the loop: it lives to the read.
        assert_eq!(s.live_to(8, 0, Some(2)), 8);
        // The counter's constant (step 0) read at loop entry by its carry: once, at the carry.
        assert_eq!(s.live_to(1, 0, Some(0)), 1);
        // The yielded matmul result becomes the carried value where it is made.
        assert_eq!(s.live_to(2, 1, Some(8)), 8);
        // The tanh after the loop reads the loop's result.
        assert_eq!(s.live_to(9, 0, Some(2)), 9);
        // An argument read inside the loop would live to its end.
        assert_eq!(s.live_to(7, 0, None), 8);
    }
}
