//! Which ops XLA fuses into their consumers instead of running them on their own.
//!
//! An op that only selects or repeats elements of its operand (`broadcast_in_dim`, `slice`,
//! `dynamic_slice`) computes nothing: XLA fuses it into each op that reads it, which then reads the
//! operand's elements where they are, so the op itself moves no bytes through memory. It runs on its own
//! only when something reads it that XLA does not fuse into: a loop's initial or yielded value (the
//! zero-filled stacks a scan's results are written into), a `case` or `if` capturing it, a custom call,
//! or the program's result; and, since XLA fuses operands into them on some backends only (its CPU
//! backend copies out a slice a `dot_general` reads), a `dot_general`, convolution, scatter or sort.
//! The cost model ([`crate::plan::PlanSpace::compute`]) charges a fused op nothing (its readers already
//! count the bytes they read), and its result holds no buffer of its own: its operand's buffer lives as
//! long as the result is read ([`crate::plan::PlanSpace::shares_buffer`]).

use crate::schedule::Schedule;
use automap_ir::{Module, OpKind, ValueId};
use std::collections::{HashMap, HashSet};

/// Does an op of this kind only select or repeat its operand's elements, so that XLA fuses it into
/// its readers?
fn selects_only(kind: &OpKind) -> bool {
    matches!(kind, OpKind::BroadcastInDim { .. } | OpKind::Slice { .. } | OpKind::DynamicSlice { .. })
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
pub fn fused_steps(m: &Module, schedule: &Schedule) -> Vec<bool> {
    let steps = &schedule.steps;
    // Each value's readers: the op's kind and, for a reshape, its result; `None` for a carry or a join.
    type Reader<'a> = Option<(&'a OpKind, Option<ValueId>)>;
    let mut readers: HashMap<ValueId, Vec<Reader<'_>>> = HashMap::new();
    for step in steps {
        let reader = step.is_op().then(|| {
            let kind = &m.ops[step.op].kind;
            let through = matches!(kind, OpKind::Reshape).then(|| step.results.first().copied()).flatten();
            (kind, through)
        });
        for &v in &step.operands {
            readers.entry(v).or_default().push(reader);
        }
    }
    let returned: HashSet<ValueId> = m.returns.iter().copied().collect();
    // Is `v` read, and only by ops XLA fuses it into (through reshapes)?
    let fusable = |v: ValueId| -> bool {
        let (mut todo, mut read) = (vec![v], false);
        while let Some(v) = todo.pop() {
            if returned.contains(&v) {
                return false;
            }
            for reader in readers.get(&v).map_or(&[][..], Vec::as_slice) {
                match reader {
                    Some((_, Some(r))) => todo.push(*r),
                    Some((k, None)) if fuses_operands(k) => read = true,
                    _ => return false,
                }
            }
        }
        read
    };
    steps
        .iter()
        .map(|step| {
            step.is_op() && selects_only(&m.ops[step.op].kind) && step.results.len() == 1 && fusable(step.results[0])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fused(src: &str) -> Vec<(String, bool)> {
        let m = automap_ir::parse_module(src).unwrap();
        let schedule = Schedule::new(&m);
        let f = fused_steps(&m, &schedule);
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
}
