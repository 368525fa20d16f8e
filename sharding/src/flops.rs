//! FLOP counts per op: the compute half of the cost model's roofline.

use automap_ir::loops::trip_count;
use automap_ir::module::Region;
use automap_ir::{Module, OpId, OpKind};

/// Floating-point (or integer) operations one op performs, unsharded. A multiply-add counts as 2.
/// Data movement ops (reshape, transpose, slices, gathers, ...) count 0; a kernel (`custom_call`) its
/// price ([`automap_ir::KernelCost`]), 0 when nothing prices it; a `shard_map` its body once per shard.
/// A `while` counts its body (and its condition) once per iteration: its trip count when the program states it
/// ([`automap_ir::loops::trip_count`]), else once; a `case` or `if` counts its costliest branch.
pub fn op_flops(m: &Module, op: OpId) -> u64 {
    let data = &m.ops[op];
    let elems = |v| m.ty(v).as_tensor().map_or(0, |t| t.num_elements());
    let out = data.results.first().map_or(0, |&r| elems(r));
    match &data.kind {
        OpKind::DotGeneral(d) => {
            let lhs = data.operands.first().and_then(|&v| m.ty(v).as_tensor());
            let contracted: u64 = lhs.map_or(1, |t| {
                d.lhs_contracting.iter().map(|&k| t.shape.get(k as usize).copied().unwrap_or(1).max(1) as u64).product()
            });
            2 * out * contracted
        }
        OpKind::Convolution { dims, feature_group_count, .. } => {
            let kernel = data.operands.get(1).and_then(|&v| m.ty(v).as_tensor());
            let per_output: u64 = kernel.map_or(1, |k| {
                let spatial: u64 =
                    dims.kernel_spatial.iter().map(|&s| k.shape.get(s as usize).copied().unwrap_or(1) as u64).product();
                let in_feat = k.shape.get(dims.kernel_input_feature as usize).copied().unwrap_or(1) as u64;
                spatial * in_feat
            });
            let _ = feature_group_count; // the kernel's input-feature dim is already per group
            2 * out * per_output
        }
        OpKind::Elementwise(_) => out,
        OpKind::Reduce { .. } | OpKind::ReduceWindow { .. } => data.operands.first().map_or(0, |&v| elems(v)),
        OpKind::Scatter { .. } | OpKind::SelectAndScatter { .. } => {
            data.operands.get(2).or(data.operands.get(1)).map_or(0, |&v| elems(v))
        }
        OpKind::While => {
            let once: u64 = data.regions.iter().map(|r| region_flops(m, r)).sum();
            once.saturating_mul(trip_count(m, op).unwrap_or(1))
        }
        OpKind::Case | OpKind::If => data.regions.iter().map(|r| region_flops(m, r)).max().unwrap_or(0),
        OpKind::CustomCall { cost: Some(c), .. } => c.flops,
        // A `shard_map`'s body runs on every device over its shard: its FLOPs once per shard.
        OpKind::ManualComputation { .. } => {
            let shards: u64 = crate::rules::manual_axes_used(m, op).iter().map(|(_, n)| (*n).max(1) as u64).product();
            data.regions.iter().map(|r| region_flops(m, r)).fold(0, u64::saturating_add).saturating_mul(shards)
        }
        _ => 0,
    }
}

/// FLOPs of one run of a region's ops.
fn region_flops(m: &Module, r: &Region) -> u64 {
    r.blocks.iter().flat_map(|b| &b.ops).map(|&op| op_flops(m, op)).fold(0, u64::saturating_add)
}

/// How many times `op` runs in one run of the program: the product of the trip counts of the `while`
/// loops around it (a loop whose trip count is not stated counts once).
pub fn runs(m: &Module, op: OpId) -> u64 {
    let mut n: u64 = 1;
    let mut at = m.ops[op].parent;
    while let Some(p) = at {
        if matches!(m.ops[p].kind, OpKind::While) {
            n = n.saturating_mul(trip_count(m, p).unwrap_or(1));
        }
        at = m.ops[p].parent;
    }
    n
}

/// FLOPs of one run of the whole program: its top-level ops, loops times their trip counts.
pub fn module_flops(m: &Module) -> u64 {
    m.body.iter().map(|&op| op_flops(m, op)).fold(0, u64::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_is_two_mnk() {
        let src = "func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {\n  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>\n  %1 = stablehlo.tanh %0 : tensor<8x32xf32>\n  return %1 : tensor<8x32xf32>\n}\n";
        let m = automap_ir::parse_module(src).unwrap();
        assert_eq!(op_flops(&m, m.body[0]), 2 * 8 * 16 * 32);
        assert_eq!(op_flops(&m, m.body[1]), 8 * 32);
        assert_eq!(module_flops(&m), 2 * 8 * 16 * 32 + 8 * 32);
    }

    /// A loop of 5 iterations over a 4x4 matmul: its body's FLOPs five times (and the counter's add
    /// and compare once per iteration, the compare once more to exit).
    #[test]
    fn a_counted_loop_is_its_body_times_its_trip_count() {
        let src = "func.func @main(%w: tensor<4x4xf32>, %x: tensor<4x4xf32>) -> tensor<4x4xf32> {\n  %c = stablehlo.constant dense<0> : tensor<i32>\n  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4x4xf32>\n    cond {\n    %c_1 = stablehlo.constant dense<5> : tensor<i32>\n    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %1 : tensor<i1>\n  } do {\n    %c_1 = stablehlo.constant dense<1> : tensor<i32>\n    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>\n    %2 = stablehlo.dot_general %iterArg_0, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>\n    stablehlo.return %1, %2 : tensor<i32>, tensor<4x4xf32>\n  }\n  return %0#1 : tensor<4x4xf32>\n}\n";
        let m = automap_ir::parse_module(src).unwrap();
        let w = m.body.iter().copied().find(|&op| matches!(m.ops[op].kind, OpKind::While)).unwrap();
        let matmul = 2 * 4 * 4 * 4;
        assert_eq!(op_flops(&m, w), 5 * (matmul + 1 + 1));
        assert_eq!(module_flops(&m), 5 * (matmul + 2));
        let inner = m.ops.keys().find(|&op| matches!(m.ops[op].kind, OpKind::DotGeneral(_))).unwrap();
        assert_eq!(runs(&m, inner), 5);
    }
}
