//! FLOP counts per op: the compute half of the cost model's roofline.

use automap_ir::{Module, OpId, OpKind};

/// Floating-point (or integer) operations one op performs, unsharded. A multiply-add counts as 2.
/// Data movement ops (reshape, transpose, slices, gathers, ...) count 0; ops inside a loop body count
/// once (trip counts are not known statically).
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
        _ => 0,
    }
}

/// FLOPs of the whole program: every op, those in regions counted once.
pub fn module_flops(m: &Module) -> u64 {
    m.ops.keys().map(|op| op_flops(m, op)).sum()
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
}
