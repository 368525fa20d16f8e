//! Which ops XLA fuses into their consumers instead of running them on their own.
//!
//! An op that only selects, repeats or reorders elements of its operand (`broadcast_in_dim`, `slice`,
//! `dynamic_slice`, `transpose`) computes nothing: XLA fuses it into each op that reads it (and folds a
//! transpose into a `dot_general` reading it), which then reads the operand's elements where they are.
//! It runs on its own only when something reads it that XLA does not fuse into: a loop's initial or
//! yielded value (the zero-filled stacks a scan's results are written into; but a broadcast the loop
//! carries unchanged, XLA sinks into the body, where its readers fuse it), a `case` or `if`
//! capturing it, a custom call, or the program's result; and, since XLA fuses operands into them on
//! some backends only (its CPU backend copies out a slice a `dot_general` reads), a `dot_general`,
//! convolution, scatter or sort. Its result holds no buffer of its own: its operand's buffer lives as
//! long as the result is read ([`crate::plan::PlanSpace::shares_buffer`]).
//!
//! An elementwise op whose every reader XLA fuses it into ([`fused_elementwise`]) is computed inside
//! those readers' kernels, so its result is never written to a buffer; its operands stay live until
//! its readers run.
//!
//! Both kinds are *inline* ([`crate::plan::PlanSpace::inline`]): the cost model prices a fusion by the
//! memory it reads and writes outside itself, split over its ops ([`crate::op_cost::Traffic`]): an inline
//! op reads its operands but writes nothing, its readers read nothing of it, and a resharding between
//! an inline op and its reader breaks the fusion, which costs the value's write and read
//! ([`crate::plan::PlanSpace::unfused_s`]).
//!
//! On the TPU, a dot's single-reader chain of elementwise ops is its output fusion
//! ([`dot_output_fusions`]): the chain's last value holds the buffer, not the dot's result. This
//! changes memory only, not what is inline.

use crate::schedule::Schedule;
use automap_ir::{Module, OpKind, ValueId};
use std::collections::{HashMap, HashSet};

/// Does an op of this kind only select, repeat or reorder its operand's elements, so that XLA fuses it
/// into its readers?
fn selects_only(kind: &OpKind) -> bool {
    matches!(
        kind,
        OpKind::BroadcastInDim { .. } | OpKind::Slice { .. } | OpKind::DynamicSlice { .. } | OpKind::Transpose { .. }
    )
}

/// Does XLA fold an op of this kind into a `dot_general` or convolution that reads it? A transpose, by
/// its `TransposeFolding` pass: the dot reads the operand with its dimensions renumbered.
fn folds_into_dots(kind: &OpKind) -> bool {
    matches!(kind, OpKind::Transpose { .. })
}

/// Is this a `dot_general` or a convolution?
fn is_dot(kind: &OpKind) -> bool {
    matches!(kind, OpKind::DotGeneral(_) | OpKind::Convolution { .. })
}

/// Does XLA fuse a producer into an op of this kind on every backend (it reads its operands inside one
/// loop kernel)? Not a loop, a branch, a call it cannot see into, or a terminator; and not a
/// `dot_general`, a convolution, a scatter or a sort, whose operands XLA fuses on some backends and
/// copies out first on others (its CPU backend copies a slice a `dot_general` reads).
fn fuses_operands(kind: &OpKind) -> bool {
    !matches!(
        kind,
        OpKind::While
            | OpKind::Case
            | OpKind::If
            | OpKind::CustomCall { .. }
            | OpKind::Opaque
            | OpKind::Return
            | OpKind::Tuple
            | OpKind::OptimizationBarrier
            | OpKind::DotGeneral(_)
            | OpKind::Convolution { .. }
            | OpKind::Scatter { .. }
            | OpKind::SelectAndScatter { .. }
            | OpKind::Sort { .. }
            | OpKind::TopK { .. }
    )
}

/// Per step of `schedule`: is it fused into its readers (see the module's docs)? A step nobody reads
/// is not. A reshape reading it is seen through (XLA makes it a bitcast): its readers count instead.
/// With `sinks` (XLA's TPU compiler), a broadcast that a loop carries unchanged (a mask or fill made
/// once and read by every iteration) is seen through too: the compiler sinks it into the loop's body
/// (its `WhileLoopFusibleSinking` pass), so the loop carries its small operand and each iteration
/// computes it where it is read: it is fused when the loop's reads of it (and any after the loop) are.
/// XLA's GPU compiler keeps such a broadcast whole.
pub fn fused_steps(m: &Module, schedule: &Schedule, sinks: bool) -> Vec<bool> {
    let steps = &schedule.steps;
    // Each value's readers: position and operand index.
    let mut readers: HashMap<ValueId, Vec<(usize, usize)>> = HashMap::new();
    for (pos, step) in steps.iter().enumerate() {
        for (k, &v) in step.operands.iter().enumerate() {
            readers.entry(v).or_default().push((pos, k));
        }
    }
    let returned: HashSet<ValueId> = m.returns.iter().copied().collect();
    // A carry whose body yields its block argument back: the loop leaves the value unchanged.
    let invariant = |q: usize| steps[q].carried.is_some() && steps[q].operands.get(1) == steps[q].aliases.get(1);
    // Is `v` read, and only by ops XLA fuses it into (through reshapes and, for `sinks`, unchanged
    // carries)? `dots`: a dot is one.
    let fusable = |v: ValueId, dots: bool, sinks: bool| -> bool {
        let (mut todo, mut read, mut seen) = (vec![v], false, HashSet::new());
        while let Some(v) = todo.pop() {
            if returned.contains(&v) {
                return false;
            }
            if !seen.insert(v) {
                continue;
            }
            for &(q, k) in readers.get(&v).map_or(&[][..], Vec::as_slice) {
                let reader = &steps[q];
                if reader.is_op() {
                    let kind = &m.ops[reader.op].kind;
                    if matches!(kind, OpKind::Reshape) {
                        todo.extend(reader.results.first().copied());
                    } else if fuses_operands(kind) || (dots && is_dot(kind)) {
                        read = true;
                    } else {
                        return false;
                    }
                } else if sinks && invariant(q) {
                    // The initial value: the loop's reads (its block arguments) and the loop's result
                    // count. The body yielding its block argument back reads nothing.
                    if k == 0 {
                        todo.extend(reader.results.iter().chain(&reader.aliases).copied());
                    }
                } else {
                    return false;
                }
            }
        }
        read
    };
    steps
        .iter()
        .map(|step| {
            let kind = &m.ops[step.op].kind;
            step.is_op()
                && selects_only(kind)
                && step.results.len() == 1
                && fusable(
                    step.results[0],
                    folds_into_dots(kind),
                    sinks && matches!(kind, OpKind::BroadcastInDim { .. }),
                )
        })
        .collect()
}

/// The innermost region around each step, as the range of positions it spans: a loop (its carries,
/// condition and body) or a branch of a `case`; the whole program for a step in neither. XLA fuses
/// ops of one computation only, so a producer and its reader fuse only within one region.
fn regions(schedule: &Schedule) -> Vec<(usize, usize)> {
    let n = schedule.steps.len();
    let mut spans: Vec<(usize, usize)> = schedule.loops.iter().map(|l| (l.first, l.last + 1)).collect();
    for case in &schedule.cases {
        spans.extend((0..case.branch_ends.len()).map(|b| (case.branch(b).start, case.branch(b).end)));
    }
    (0..n)
        .map(|pos| {
            spans
                .iter()
                .filter(|&&(start, end)| start <= pos && pos < end)
                .min_by_key(|&&(start, end)| end - start)
                .copied()
                .unwrap_or((0, n))
        })
        .collect()
}

/// Per step of `schedule`: if it is an elementwise op that XLA fuses into every op reading it, so that
/// its result is never held in a buffer, the last position where it is computed (`None` otherwise).
/// Its readers compute it where they read it, from its operands, which must then live until the last
/// of them (or, when such a reader is itself fused into its own readers, the last of those). That holds when every reader is an op XLA
/// fuses its operands into on every backend (not a loop, a branch, a custom call, a `dot_general`, a
/// convolution, a scatter or a sort, as for [`fused_steps`]; a `dynamic_update_slice` only through its update),
/// in the same loop body or branch, seen through the readers that only view it (a reshape, or a
/// broadcast or slice in `fused`, the result of [`fused_steps`]); and either there is one reader, or
/// the op is cheap enough for XLA to compute again in each. A returned value, a loop's initial or
/// yielded value and what a branch returns are always held. The result's memory is all this changes:
/// its compute is priced as if it ran on its own.
pub fn fused_elementwise(m: &Module, schedule: &Schedule, fused: &[bool]) -> Vec<Option<usize>> {
    let steps = &schedule.steps;
    let region = regions(schedule);
    // Each value's readers: position and operand index.
    let mut readers: HashMap<ValueId, Vec<(usize, usize)>> = HashMap::new();
    for (pos, step) in steps.iter().enumerate() {
        for (k, &v) in step.operands.iter().enumerate() {
            readers.entry(v).or_default().push((pos, k));
        }
    }
    let returned: HashSet<ValueId> = m.returns.iter().copied().collect();
    // The ops that compute `v` where they read it, through views, if every reader fuses it.
    let fused_into = |v: ValueId, home: (usize, usize)| -> Option<Vec<usize>> {
        let (mut todo, mut into) = (vec![v], Vec::new());
        while let Some(v) = todo.pop() {
            if returned.contains(&v) {
                return None;
            }
            for &(q, k) in readers.get(&v).map_or(&[][..], Vec::as_slice) {
                let reader = &steps[q];
                let kind = &m.ops[reader.op].kind;
                if !reader.is_op() || region[q] != home {
                    return None;
                }
                if matches!(kind, OpKind::Reshape) || (selects_only(kind) && fused[q]) {
                    todo.extend(reader.results.iter().copied());
                } else if fuses_operands(kind)
                    && !selects_only(kind)
                    && (!matches!(kind, OpKind::DynamicUpdateSlice) || k == 1)
                {
                    into.push(q);
                } else {
                    return None;
                }
            }
        }
        into.sort_unstable();
        into.dedup();
        Some(into)
    };
    // Readers come after what they read (no carry or join reads a fused op), so one backward pass
    // knows where each reader is last computed before its producer asks.
    let mut out: Vec<Option<usize>> = vec![None; steps.len()];
    for (pos, step) in steps.iter().enumerate().rev() {
        let OpKind::Elementwise(op) = &m.ops[step.op].kind else { continue };
        if !step.is_op() || step.results.len() != 1 {
            continue;
        }
        let Some(into) = fused_into(step.results[0], region[pos]) else { continue };
        if into.len() == 1 || (!into.is_empty() && !op.expensive()) {
            out[pos] = into.iter().map(|&q| out[q].unwrap_or(q)).max();
        }
    }
    out
}

/// XLA's TPU compiler fuses the elementwise ops that read a `dot_general` (or convolution) into the
/// dot's kernel as its output fusion: where the dot's result has one reader, an elementwise op (seen
/// through the transposes and reshapes [`fused_steps`] fuses), and so on along a chain of single
/// readers, the kernel writes the chain's last value, not the dot's result: the attention scores'
/// scaling, `f32` convert and causal mask end in one `f32` buffer where the dot's result was `bf16`.
/// Given `unheld` from [`fused_elementwise`], marks each such dot and its chain as computed where the
/// chain ends (the dot's operands live until then) and the chain's last op as held.
pub fn dot_output_fusions(m: &Module, schedule: &Schedule, fused: &[bool], unheld: &mut [Option<usize>]) {
    let steps = &schedule.steps;
    let region = regions(schedule);
    let mut readers: HashMap<ValueId, Vec<usize>> = HashMap::new();
    for (pos, step) in steps.iter().enumerate() {
        for &v in &step.operands {
            readers.entry(v).or_default().push(pos);
        }
    }
    let returned: HashSet<ValueId> = m.returns.iter().copied().collect();
    // The one op that reads `v`, in `v`'s region, where there is exactly one.
    let sole_reader = |v: ValueId, home: (usize, usize)| -> Option<usize> {
        let rs = readers.get(&v)?;
        let &[q] = rs.as_slice() else { return None };
        (steps[q].is_op() && region[q] == home && !returned.contains(&v)).then_some(q)
    };
    for (pos, step) in steps.iter().enumerate() {
        if !step.is_op() || !is_dot(&m.ops[step.op].kind) || step.results.len() != 1 {
            continue;
        }
        let home = region[pos];
        let (mut chain, mut v, mut end) = (vec![pos], step.results[0], None);
        while let Some(q) = sole_reader(v, home) {
            let kind = &m.ops[steps[q].op].kind;
            let view = matches!(kind, OpKind::Reshape) || (selects_only(kind) && fused[q]);
            let elementwise = matches!(kind, OpKind::Elementwise(_));
            if !(view || elementwise) || steps[q].results.len() != 1 {
                break;
            }
            chain.push(q);
            if elementwise {
                end = Some(q);
            }
            v = steps[q].results[0];
        }
        let Some(end) = end else { continue };
        for &p in chain.iter().filter(|&&p| p < end) {
            if p == pos || matches!(m.ops[steps[p].op].kind, OpKind::Elementwise(_)) {
                unheld[p] = Some(end);
            }
        }
        unheld[end] = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fused(src: &str) -> Vec<(String, bool)> {
        let m = automap_ir::parse_module(src).unwrap();
        let schedule = Schedule::new(&m);
        let f = fused_steps(&m, &schedule, false);
        schedule.steps.iter().zip(f).map(|(s, f)| (m.ops[s.op].name.clone(), f)).collect()
    }

    #[test]
    fn a_broadcast_read_by_an_add_is_fused_and_one_returned_is_not() {
        let src = "func.func @main(%s: tensor<f32>, %x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {\n  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8x4xf32>\n  %1 = stablehlo.add %0, %x : tensor<8x4xf32>\n  %2 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8x4xf32>\n  return %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>\n}\n";
        let f = fused(src);
        assert_eq!(f[0], ("stablehlo.broadcast_in_dim".to_string(), true));
        assert_eq!(f[1], ("stablehlo.add".to_string(), false));
        assert_eq!(f[2], ("stablehlo.broadcast_in_dim".to_string(), false));
    }

    #[test]
    fn a_slice_read_through_a_reshape_by_an_add_is_fused_and_one_a_dot_reads_is_not() {
        let src = "func.func @main(%x: tensor<8x4xf32>, %w: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<4x4xf32>) {\n  %0 = stablehlo.slice %x [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>\n  %1 = stablehlo.reshape %0 : (tensor<4x4xf32>) -> tensor<16xf32>\n  %2 = stablehlo.reshape %1 : (tensor<16xf32>) -> tensor<4x4xf32>\n  %3 = stablehlo.add %2, %2 : tensor<4x4xf32>\n  %4 = stablehlo.slice %x [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>\n  %5 = stablehlo.dot_general %w, %4, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>\n  %6 = stablehlo.slice %5 [0:2, 0:2] : (tensor<2x4xf32>) -> tensor<2x2xf32>\n  return %6, %3 : tensor<2x2xf32>, tensor<4x4xf32>\n}\n";
        let f: Vec<bool> = fused(src).into_iter().map(|(_, f)| f).collect();
        assert_eq!(f, [true, false, false, false, false, false, false]);
    }

    #[test]
    fn a_slice_nobody_reads_and_an_add_are_not_fused() {
        let src = "func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {\n  %0 = stablehlo.slice %x [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>\n  %1 = stablehlo.add %x, %x : tensor<8x4xf32>\n  return %1 : tensor<8x4xf32>\n}\n";
        assert!(fused(src).iter().all(|(_, f)| !f));
    }

    /// For the TPU compiler, a broadcast a loop carries unchanged is sunk into the body (fused into the
    /// body's add); one the body changes (a carried accumulator) is held; for the others both are held.
    #[test]
    fn a_broadcast_a_loop_carries_unchanged_is_fused_and_an_accumulator_is_not() {
        let src = "func.func @main(%s: tensor<f32>) -> tensor<4x8xf32> {\n  %c = stablehlo.constant dense<0> : tensor<i32>\n  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>\n  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>\n  %2:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %0, %iterArg_1 = %1) : tensor<i32>, tensor<4x8xf32>, tensor<4x8xf32>\n    cond {\n    %c_1 = stablehlo.constant dense<5> : tensor<i32>\n    %3 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %3 : tensor<i1>\n  } do {\n    %c_1 = stablehlo.constant dense<1> : tensor<i32>\n    %3 = stablehlo.add %iterArg, %c_1 : tensor<i32>\n    %4 = stablehlo.add %iterArg_1, %iterArg_0 : tensor<4x8xf32>\n    stablehlo.return %3, %iterArg_0, %4 : tensor<i32>, tensor<4x8xf32>, tensor<4x8xf32>\n  }\n  return %2#2 : tensor<4x8xf32>\n}\n";
        let m = automap_ir::parse_module(src).unwrap();
        let schedule = Schedule::new(&m);
        let broadcasts = |sinks: bool| -> Vec<bool> {
            let f = fused_steps(&m, &schedule, sinks);
            (schedule.steps.iter().zip(f))
                .filter(|(s, _)| m.ops[s.op].name == "stablehlo.broadcast_in_dim")
                .map(|(_, f)| f)
                .collect()
        };
        assert_eq!(broadcasts(true), [true, false]);
        assert_eq!(broadcasts(false), [false, false]);
    }

    /// Each step's op name and whether [`fused_elementwise`] says it holds no buffer.
    fn unheld(src: &str) -> Vec<(String, bool)> {
        let m = automap_ir::parse_module(src).unwrap();
        let schedule = Schedule::new(&m);
        let f = fused_elementwise(&m, &schedule, &fused_steps(&m, &schedule, false));
        schedule
            .steps
            .iter()
            .zip(f)
            .map(|(s, f)| (m.ops[s.op].name.trim_start_matches("stablehlo.").to_string(), f.is_some()))
            .collect()
    }

    #[test]
    fn an_elementwise_op_is_unheld_when_its_readers_fuse_it_and_it_is_read_once_or_cheap() {
        // %0 is read once; %1, a cheap multiply, twice (XLA computes it in both); %2, an exponential,
        // twice (expensive: computed once, held); %3 is read by a dot, %4 returned.
        let src = "func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {\n  %0 = stablehlo.add %x, %x : tensor<4x8xf32>\n  %1 = stablehlo.multiply %0, %x : tensor<4x8xf32>\n  %2 = stablehlo.exponential %1 : tensor<4x8xf32>\n  %3 = stablehlo.add %1, %2 : tensor<4x8xf32>\n  %4 = stablehlo.subtract %2, %2 : tensor<4x8xf32>\n  %5 = stablehlo.dot_general %3, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>\n  return %5, %4 : tensor<4x8xf32>, tensor<4x8xf32>\n}\n";
        let f: Vec<bool> = unheld(src).into_iter().map(|(_, f)| f).collect();
        assert_eq!(f, [true, true, false, false, false, false]);
    }

    /// The TPU compiler's output fusion: the scores' dot, their `f32` convert and the mask's select in
    /// one kernel that writes the select's result (read twice: the row maximum and the subtraction).
    /// The dot and the convert hold no buffer; the select does. A dot read twice is left alone.
    #[test]
    fn a_dot_output_fusion_ends_in_the_chain_value_read_twice() {
        let src = "func.func @main(%q: tensor<4x8xbf16>, %k: tensor<8x8xbf16>, %m: tensor<4x8xi1>, %f: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xbf16>) {\n  %0 = stablehlo.dot_general %q, %k, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xbf16>\n  %1 = stablehlo.convert %0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>\n  %2 = stablehlo.select %m, %1, %f : tensor<4x8xi1>, tensor<4x8xf32>\n  %c = stablehlo.constant dense<0.0> : tensor<f32>\n  %3 = stablehlo.reduce(%2 init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n  %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n  %5 = stablehlo.subtract %2, %4 : tensor<4x8xf32>\n  %6 = stablehlo.dot_general %q, %k, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x8xbf16>) -> tensor<4x8xbf16>\n  %7 = stablehlo.add %6, %6 : tensor<4x8xbf16>\n  %8 = stablehlo.multiply %6, %7 : tensor<4x8xbf16>\n  return %5, %8 : tensor<4x8xf32>, tensor<4x8xbf16>\n}\n";
        let m = automap_ir::parse_module(src).unwrap();
        let schedule = Schedule::new(&m);
        let fused = fused_steps(&m, &schedule, true);
        let mut unheld = fused_elementwise(&m, &schedule, &fused);
        dot_output_fusions(&m, &schedule, &fused, &mut unheld);
        let held = |name: &str, nth: usize| {
            let pos = (schedule.steps.iter().enumerate())
                .filter(|(_, s)| m.ops[s.op].name == format!("stablehlo.{name}"))
                .nth(nth)
                .map(|(p, _)| p)
                .unwrap();
            unheld[pos].is_none()
        };
        let select = (schedule.steps.iter().position(|s| m.ops[s.op].name == "stablehlo.select")).unwrap();
        assert!(!held("dot_general", 0) && !held("convert", 0), "{unheld:?}");
        assert_eq!(
            unheld[schedule.steps.iter().position(|s| m.ops[s.op].name == "stablehlo.convert").unwrap()],
            Some(select)
        );
        assert!(held("select", 0), "{unheld:?}");
        // Read by the add and the multiply: the second dot writes its own result.
        assert!(held("dot_general", 1), "{unheld:?}");
    }

    #[test]
    fn an_elementwise_op_read_inside_a_loop_it_is_made_outside_of_is_held() {
        // %0 is read by the body's add: another computation, which XLA does not fuse across. The
        // body's subtract is read once, by the multiply beside it, and is unheld.
        let src = "func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  %c = stablehlo.constant dense<0> : tensor<i32>\n  %0 = stablehlo.negate %x : tensor<4x8xf32>\n  %1:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4x8xf32>\n    cond {\n    %c_1 = stablehlo.constant dense<5> : tensor<i32>\n    %2 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %2 : tensor<i1>\n  } do {\n    %c_1 = stablehlo.constant dense<1> : tensor<i32>\n    %2 = stablehlo.add %iterArg, %c_1 : tensor<i32>\n    %3 = stablehlo.add %iterArg_0, %0 : tensor<4x8xf32>\n    %4 = stablehlo.subtract %3, %iterArg_0 : tensor<4x8xf32>\n    %5 = stablehlo.multiply %4, %4 : tensor<4x8xf32>\n    stablehlo.return %2, %5 : tensor<i32>, tensor<4x8xf32>\n  }\n  return %1#1 : tensor<4x8xf32>\n}\n";
        let steps = unheld(src);
        let of = |name: &str| steps.iter().find(|(n, _)| n == name).map(|&(_, f)| f);
        assert_eq!(of("negate"), Some(false), "{steps:?}");
        assert_eq!(of("subtract"), Some(true), "{steps:?}");
        assert_eq!(of("multiply"), Some(false), "{steps:?}");
    }
}
