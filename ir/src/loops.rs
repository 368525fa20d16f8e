//! Counted loops: the trip count of a `while` when the program states it, as `jax.lax.scan` and
//! `fori_loop` write their loops: a counter carried by the loop, started at a constant, stepped by a
//! constant in the body, and compared with a constant bound in the condition.

use crate::module::{Block, Module};
use crate::op::{CompareDirection, ElementwiseOp};
use crate::{OpId, OpKind, ValueDef, ValueId};

/// How many times the body of the `while` op `w` runs, if the program says: `None` for another op, or
/// a loop whose condition is not a counter compared with a constant.
pub fn trip_count(m: &Module, w: OpId) -> Option<u64> {
    let data = &m.ops[w];
    if !matches!(data.kind, OpKind::While) {
        return None;
    }
    let cond = data.regions.first()?.blocks.first()?;
    let body = data.regions.get(1)?.blocks.first()?;
    let predicate = *m.ops[*cond.ops.last()?].operands.first()?;
    let compare = producer(m, predicate)?;
    let OpKind::Elementwise(ElementwiseOp::Compare(dir)) = m.ops[compare].kind else { return None };
    let (lhs, rhs) = (*m.ops[compare].operands.first()?, *m.ops[compare].operands.get(1)?);
    // The counter on the left (`i < n`), or on the right (`n > i`, read as `i < n`).
    let (k, bound, dir) = match (arg_index(cond, lhs), scalar(m, rhs), scalar(m, lhs), arg_index(cond, rhs)) {
        (Some(k), Some(b), _, _) => (k, b, dir),
        (_, _, Some(b), Some(k)) => (k, b, mirrored(dir)),
        _ => return None,
    };
    let init = scalar(m, *data.operands.get(k)?)?;
    let next = *m.ops[*body.ops.last()?].operands.get(k)?;
    let step_op = producer(m, next)?;
    // (A module that does not verify may give the step's op any number of operands.)
    let &[a, b] = m.ops[step_op].operands.as_slice() else { return None };
    let step = match m.ops[step_op].kind {
        OpKind::Elementwise(ElementwiseOp::Add) => match (arg_index(body, a), arg_index(body, b)) {
            (Some(j), _) if j == k => scalar(m, b)?,
            (_, Some(j)) if j == k => scalar(m, a)?,
            _ => return None,
        },
        OpKind::Elementwise(ElementwiseOp::Subtract) if arg_index(body, a) == Some(k) => scalar(m, b)?.checked_neg()?,
        _ => return None,
    };
    count(init, bound, step, dir)
}

/// Iterations of `for (i = init; i DIR bound; i += step)`, if finite.
fn count(init: i64, bound: i64, step: i64, dir: CompareDirection) -> Option<u64> {
    use CompareDirection as D;
    let (init, bound, step) = (i128::from(init), i128::from(bound), i128::from(step));
    let n = match dir {
        D::Lt if step > 0 => (bound - init + step - 1).div_euclid(step),
        D::Le if step > 0 => (bound - init).div_euclid(step) + 1,
        D::Gt if step < 0 => (init - bound - step - 1).div_euclid(-step),
        D::Ge if step < 0 => (init - bound).div_euclid(-step) + 1,
        D::Ne if step != 0 && (bound - init) % step == 0 && (bound - init) / step >= 0 => (bound - init) / step,
        _ => return None,
    };
    u64::try_from(n.max(0)).ok()
}

/// `a DIR b` as `b DIR' a`.
fn mirrored(dir: CompareDirection) -> CompareDirection {
    use CompareDirection as D;
    match dir {
        D::Lt => D::Gt,
        D::Le => D::Ge,
        D::Gt => D::Lt,
        D::Ge => D::Le,
        d => d,
    }
}

fn producer(m: &Module, v: ValueId) -> Option<OpId> {
    match m.values[v].def {
        ValueDef::Result(op, _) => Some(op),
        _ => None,
    }
}

/// The position of `v` among `block`'s arguments.
fn arg_index(block: &Block, v: ValueId) -> Option<usize> {
    block.args.iter().position(|&a| a == v)
}

/// The integer `v` holds, when a constant defines it.
fn scalar(m: &Module, v: ValueId) -> Option<i64> {
    match m.ops[producer(m, v)?].kind {
        OpKind::Constant { scalar } => scalar,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn while_of(src: &str) -> (Module, OpId) {
        let m = crate::parse_module(src).unwrap();
        let w = m.body.iter().copied().find(|&op| matches!(m.ops[op].kind, OpKind::While)).unwrap();
        (m, w)
    }

    /// A loop as `fori_loop(lo, hi, ...)` prints it, pretty form.
    fn counted(lo: i64, dir: &str, hi: i64, step_op: &str, step: i64) -> String {
        format!(
            "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {{\n  %c = stablehlo.constant dense<{lo}> : tensor<i32>\n  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>\n    cond {{\n    %c_1 = stablehlo.constant dense<{hi}> : tensor<i32>\n    %1 = stablehlo.compare {dir}, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  }} do {{\n    %c_1 = stablehlo.constant dense<{step}> : tensor<i32>\n    %1 = stablehlo.{step_op} %iterArg, %c_1 : tensor<i32>\n    %2 = stablehlo.sine %iterArg_0 : tensor<4xf32>\n    stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>\n  }}\n  return %0#1 : tensor<4xf32>\n}}\n"
        )
    }

    #[test]
    fn counted_loops_give_their_trip_counts() {
        for (lo, dir, hi, op, step, want) in [
            (0, "LT", 8, "add", 1, Some(8)),
            (0, "LT", 7, "add", 2, Some(4)),
            (2, "LE", 5, "add", 1, Some(4)),
            (10, "GT", 0, "subtract", 3, Some(4)),
            (10, "GE", 0, "add", -5, Some(3)),
            (0, "NE", 6, "add", 2, Some(3)),
            (5, "LT", 0, "add", 1, Some(0)),
            (0, "NE", 5, "add", 2, None),
            (0, "LT", 8, "multiply", 2, None),
            (0, "GT", 8, "add", 1, None),
        ] {
            let (m, w) = while_of(&counted(lo, dir, hi, op, step));
            assert_eq!(trip_count(&m, w), want, "{lo} {dir} {hi} by {op} {step}");
        }
    }

    /// A module that does not verify (the fuzzer's: an `add` of one operand stepping the counter) has
    /// no trip count, and reading it does not panic.
    #[test]
    fn a_counter_stepped_by_an_add_of_one_operand_is_not_counted() {
        let src = counted(0, "LT", 8, "add", 1).replace("stablehlo.add %iterArg, %c_1 :", "stablehlo.add %iterArg :");
        let (m, w) = while_of(&src);
        assert_eq!(m.ops[m.ops.keys().find(|&o| m.ops[o].name == "stablehlo.add").unwrap()].operands.len(), 1);
        assert_eq!(trip_count(&m, w), None);
        assert!(!crate::verify::verify(&m).is_empty());
    }

    #[test]
    fn a_loop_on_a_value_is_not_counted() {
        let src = "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.while(%iterArg = %x) : tensor<f32>\n    cond {\n    %c = stablehlo.constant dense<1.0> : tensor<f32>\n    %1 = stablehlo.compare LT, %iterArg, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  } do {\n    %1 = stablehlo.sine %iterArg : tensor<f32>\n    stablehlo.return %1 : tensor<f32>\n  }\n  return %0 : tensor<f32>\n}\n";
        let (m, w) = while_of(src);
        assert_eq!(trip_count(&m, w), None);
    }
}
