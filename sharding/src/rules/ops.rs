//! The rule of each op kind: a short function per family, one dispatch. An op without a rule (opaque,
//! control flow, custom calls) gets a rule whose every dimension needs replication.

use super::reshape::reshape_rule;
use super::{FactorKind, OpRule, RuleBuilder};
use automap_ir::op::ReduceKind;
use automap_ir::{Module, OpId, OpKind};

use FactorKind::{NeedReplication as Rep, PassThrough as Pass, Reduction as Red};

/// The sharding rule of `op` in `m`.
pub fn rule_for(m: &Module, op: OpId) -> OpRule {
    let data = &m.ops[op];
    let shape = |v| m.ty(v).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
    let ins: Vec<Vec<i64>> = data.operands.iter().map(|&v| shape(v)).collect();
    let outs: Vec<Vec<i64>> = data.results.iter().map(|&v| shape(v)).collect();
    let in_refs: Vec<&[i64]> = ins.iter().map(Vec::as_slice).collect();
    let out_refs: Vec<&[i64]> = outs.iter().map(Vec::as_slice).collect();
    let need = data.kind.min_tensor_operands();
    if data.operands.len() < need || data.operands.iter().take(need).any(|&v| m.ty(v).as_tensor().is_none()) {
        // An op the verifier refuses: kept replicated rather than read past its operands.
        let mut b = RuleBuilder::new(
            &ins.iter().map(Vec::len).collect::<Vec<_>>(),
            &outs.iter().map(Vec::len).collect::<Vec<_>>(),
        );
        b.fill_empty(&in_refs, &out_refs, Rep);
        return b.build();
    }
    let mut b =
        RuleBuilder::new(&ins.iter().map(Vec::len).collect::<Vec<_>>(), &outs.iter().map(Vec::len).collect::<Vec<_>>());
    let out0 = outs.first().cloned().unwrap_or_default();
    // Shared helper: pass-through factors for the result's dims, tied to operands of the same shape.
    let same_shape = |b: &mut RuleBuilder, operands: &[usize]| {
        for (d, &size) in out0.iter().enumerate() {
            let f = b.factor(size, Pass);
            b.result(0, d, f);
            for &t in operands {
                if ins[t].len() == out0.len() {
                    b.operand(t, d, f);
                }
            }
        }
    };
    match &data.kind {
        OpKind::Elementwise(e) => {
            let all: Vec<usize> = (0..ins.len())
                .filter(|&t| !(e.broadcasts_scalars() && ins[t].is_empty() && !out0.is_empty()))
                .collect();
            same_shape(&mut b, &all);
        }
        OpKind::Constant { .. } | OpKind::Iota { .. } => same_shape(&mut b, &[]),
        OpKind::BroadcastInDim { dims } => {
            let fs: Vec<usize> = out0.iter().map(|&s| b.factor(s, Pass)).collect();
            for (d, &f) in fs.iter().enumerate() {
                b.result(0, d, f);
            }
            for (i, &d) in dims.iter().enumerate() {
                if let (Some(&f), Some(&size)) = (fs.get(d as usize), ins.first().and_then(|s| s.get(i)))
                    && size == out0[d as usize]
                {
                    b.operand(0, i, f);
                }
            }
        }
        OpKind::Reshape => return reshape_rule(&ins[0], &out0),
        OpKind::Transpose { perm } => {
            for (d, &p) in perm.iter().enumerate() {
                let f = b.factor(out0.get(d).copied().unwrap_or(1), Pass);
                b.result(0, d, f).operand(0, p as usize, f);
            }
        }
        OpKind::DotGeneral(dd) => {
            let (l, r) = (&ins[0], &ins[1]);
            let mut od = 0;
            for (&lb, &rb) in dd.lhs_batch.iter().zip(&dd.rhs_batch) {
                let f = b.factor(l[lb as usize], Pass);
                b.operand(0, lb as usize, f).operand(1, rb as usize, f).result(0, od, f);
                od += 1;
            }
            for d in 0..l.len() as i64 {
                if !dd.lhs_batch.contains(&d) && !dd.lhs_contracting.contains(&d) {
                    let f = b.factor(l[d as usize], Pass);
                    b.operand(0, d as usize, f).result(0, od, f);
                    od += 1;
                }
            }
            for d in 0..r.len() as i64 {
                if !dd.rhs_batch.contains(&d) && !dd.rhs_contracting.contains(&d) {
                    let f = b.factor(r[d as usize], Pass);
                    b.operand(1, d as usize, f).result(0, od, f);
                    od += 1;
                }
            }
            for (&lc, &rc) in dd.lhs_contracting.iter().zip(&dd.rhs_contracting) {
                let f = b.factor(l[lc as usize], Red);
                b.operand(0, lc as usize, f).operand(1, rc as usize, f);
            }
        }
        OpKind::Reduce { dims, kind } => {
            let inputs = ins.len() / 2;
            let red = if *kind == ReduceKind::Other { Rep } else { Red };
            let mut od = 0;
            for (d, &size) in ins[0].iter().enumerate() {
                let reduced = dims.contains(&(d as i64));
                let f = b.factor(size, if reduced { red } else { Pass });
                for t in 0..inputs {
                    b.operand(t, d, f);
                }
                if !reduced {
                    for t in 0..outs.len() {
                        b.result(t, od, f);
                    }
                    od += 1;
                }
            }
        }
        OpKind::ReduceWindow { window, .. } => {
            let inputs = ins.len() / 2;
            for (d, &size) in ins[0].iter().enumerate() {
                let trivial = window.dimensions.get(d).is_none_or(|&w| w == 1)
                    && window.strides.get(d).is_none_or(|&s| s == 1)
                    && window.padding.get(d).is_none_or(|&p| p == (0, 0));
                if trivial {
                    let f = b.factor(size, Pass);
                    for t in 0..inputs {
                        b.operand(t, d, f);
                    }
                    for t in 0..outs.len() {
                        b.result(t, d, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::SelectAndScatter { window } => {
            for (d, &size) in ins[0].iter().enumerate() {
                if window.dimensions.get(d).is_none_or(|&w| w == 1) && window.strides.get(d).is_none_or(|&s| s == 1) {
                    let f = b.factor(size, Pass);
                    b.operand(0, d, f).operand(1, d, f).result(0, d, f);
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::Slice { .. }
        | OpKind::DynamicSlice { .. }
        | OpKind::Pad { .. }
        | OpKind::Reverse { .. }
        | OpKind::DynamicUpdateSlice => {
            // Dimensions that keep their size and are not reversed pass through; the others need
            // replication on the operand and are free on the result (slicing a replicated dimension is local).
            let reversed = if let OpKind::Reverse { dims } = &data.kind { dims.clone() } else { Vec::new() };
            for (d, &size) in ins[0].iter().enumerate() {
                let keeps = out0.get(d) == Some(&size) && !reversed.contains(&(d as i64));
                let update_keeps =
                    matches!(data.kind, OpKind::DynamicUpdateSlice) && ins.get(1).and_then(|u| u.get(d)) != Some(&size);
                if keeps && !update_keeps {
                    let f = b.factor(size, Pass);
                    b.operand(0, d, f).result(0, d, f);
                    if matches!(data.kind, OpKind::DynamicUpdateSlice) {
                        b.operand(1, d, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &[], Rep);
            b.fill_empty(&[], &out_refs, Pass);
        }
        OpKind::Concatenate { dim } => {
            for (d, &size) in out0.iter().enumerate() {
                if d as i64 != *dim {
                    let f = b.factor(size, Pass);
                    b.result(0, d, f);
                    for t in 0..ins.len() {
                        b.operand(t, d, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::Gather(g) => {
            // Result batch dims come from the indices (minus index_vector_dim); offset dims from operand
            // dims sliced whole.
            let idx = &ins[1];
            let batch_idx: Vec<usize> = (0..idx.len()).filter(|&d| d as i64 != g.index_vector_dim).collect();
            let mut bi = batch_idx.iter();
            let offset_src: Vec<usize> = (0..ins[0].len())
                .filter(|&d| {
                    !g.collapsed_slice_dims.contains(&(d as i64)) && !g.operand_batching_dims.contains(&(d as i64))
                })
                .collect();
            let mut oi = offset_src.iter();
            for (d, &size) in out0.iter().enumerate() {
                if g.offset_dims.contains(&(d as i64)) {
                    if let Some(&od) = oi.next() {
                        let whole = g.slice_sizes.get(od) == ins[0].get(od);
                        let f = b.factor(size, Pass);
                        b.result(0, d, f);
                        if whole {
                            b.operand(0, od, f);
                        }
                    }
                } else if let Some(&id) = bi.next() {
                    let f = b.factor(size, Pass);
                    b.result(0, d, f).operand(1, id, f);
                    // Batching dimensions: the operand's matching dimension moves with them.
                    if let Some(j) = g.start_indices_batching_dims.iter().position(|&x| x == id as i64)
                        && let Some(&od) = g.operand_batching_dims.get(j)
                    {
                        b.operand(0, od as usize, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::Scatter { dims, kind } => {
            // Operand dims updated whole pass through with the result and the updates' window dims; the
            // updates' scatter dims (with the indices' batch dims) are reduced into the operand for adds.
            let (op_shape, idx, upd) = (&ins[0], &ins[1], &ins[2]);
            for (d, &size) in op_shape.iter().enumerate() {
                if !dims.inserted_window_dims.contains(&(d as i64)) && !dims.input_batching_dims.contains(&(d as i64)) {
                    let f = b.factor(size, Pass);
                    b.operand(0, d, f).result(0, d, f);
                }
            }
            let scatter_upd: Vec<usize> =
                (0..upd.len()).filter(|&d| !dims.update_window_dims.contains(&(d as i64))).collect();
            let batch_idx: Vec<usize> = (0..idx.len()).filter(|&d| d as i64 != dims.index_vector_dim).collect();
            let red = if *kind == ReduceKind::Add { Red } else { Rep };
            for (&ud, &id) in scatter_upd.iter().zip(&batch_idx) {
                // A batching dimension writes only its own slice of the operand: it passes through.
                match dims
                    .scatter_indices_batching_dims
                    .iter()
                    .position(|&x| x == id as i64)
                    .and_then(|j| dims.input_batching_dims.get(j))
                {
                    Some(&od) => {
                        let f = b.factor(upd[ud], Pass);
                        b.operand(2, ud, f).operand(1, id, f).operand(0, od as usize, f).result(0, od as usize, f);
                    }
                    None => {
                        let f = b.factor(upd[ud], red);
                        b.operand(2, ud, f).operand(1, id, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::Convolution { dims, window, feature_group_count, batch_group_count } => {
            let (x, k) = (&ins[0], &ins[1]);
            let f = b.factor(x[dims.input_batch as usize], if *batch_group_count == 1 { Pass } else { Rep });
            b.operand(0, dims.input_batch as usize, f).result(0, dims.output_batch as usize, f);
            let f = b.factor(k[dims.kernel_output_feature as usize], Pass);
            b.operand(1, dims.kernel_output_feature as usize, f).result(0, dims.output_feature as usize, f);
            if *feature_group_count == 1 {
                let f = b.factor(x[dims.input_feature as usize], Red);
                b.operand(0, dims.input_feature as usize, f).operand(1, dims.kernel_input_feature as usize, f);
            }
            for (s, (&xi, &oi)) in dims.input_spatial.iter().zip(&dims.output_spatial).enumerate() {
                let kernel_one = dims.kernel_spatial.get(s).is_some_and(|&kd| k[kd as usize] == 1);
                let unit =
                    window.strides.get(s).is_none_or(|&v| v == 1) && window.padding.get(s).is_none_or(|&p| p == (0, 0));
                if kernel_one && unit && x[xi as usize] == out0[oi as usize] {
                    let f = b.factor(x[xi as usize], Pass);
                    b.operand(0, xi as usize, f).result(0, oi as usize, f);
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::Sort { dim } => {
            let dim = if *dim < 0 { out0.len() as i64 - 1 } else { *dim };
            for (d, &size) in out0.iter().enumerate() {
                if d as i64 != dim {
                    let f = b.factor(size, Pass);
                    for t in 0..ins.len() {
                        b.operand(t, d, f);
                    }
                    for t in 0..outs.len() {
                        b.result(t, d, f);
                    }
                }
            }
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::TopK { .. } => {
            // Replicated, as XLA runs it: `chlo.top_k` becomes a `TopK` custom call, which the SPMD
            // partitioner splits only along the sorted dimension (a top-k per shard, gathered and
            // reduced again) and otherwise gathers whole, batch dimensions included.
            b.fill_empty(&in_refs, &out_refs, Rep);
        }
        OpKind::OptimizationBarrier => {
            for (t, s) in ins.iter().enumerate() {
                for (d, &size) in s.iter().enumerate() {
                    let f = b.factor(size, Pass);
                    b.operand(t, d, f).result(t, d, f);
                }
            }
        }
        OpKind::ManualComputation { in_shardings, out_shardings, .. } => {
            // One pass-through factor per mesh axis the user's shardings use, on every dimension that
            // axis shards, major-most; the rest of each dimension needs replication. The planner keeps
            // only the strategy that puts each axis on its own factor (`manual_strategy`).
            let axes = manual_axes_used(m, op);
            let axis_factor: Vec<usize> = axes.iter().map(|(_, size)| b.factor(*size, Pass)).collect();
            let tensors = in_shardings.iter().zip(&ins).map(|(s, sh)| (true, s, sh));
            for (t, (is_operand, sharding, shape)) in
                tensors.enumerate().chain(out_shardings.iter().zip(&outs).map(|(s, sh)| (false, s, sh)).enumerate())
            {
                for (d, (dim, &size)) in sharding.dims.iter().zip(shape.iter()).enumerate() {
                    let mut left = size;
                    // An empty dimension (cuDNN's attention returns a 0-byte workspace) splits over
                    // nothing: one factor of size 0, as every other op gives it.
                    let axes_of_dim: &[_] = if size == 0 { &[] } else { &dim.axes };
                    if size == 0 {
                        let f = b.factor(0, Rep);
                        if is_operand {
                            b.operand(t, d, f)
                        } else {
                            b.result(t, d, f)
                        };
                    }
                    for axis in axes_of_dim {
                        let Some(i) = axes.iter().position(|(n, _)| *n == axis.name) else { continue };
                        if left % axes[i].1 != 0 {
                            continue;
                        }
                        left /= axes[i].1;
                        if is_operand {
                            b.operand(t, d, axis_factor[i])
                        } else {
                            b.result(t, d, axis_factor[i])
                        };
                    }
                    if left > 1 {
                        let f = b.factor(left, Rep);
                        if is_operand {
                            b.operand(t, d, f)
                        } else {
                            b.result(t, d, f)
                        };
                    }
                }
            }
        }
        OpKind::CustomCall { rule: Some(rule), .. } => {
            // The kernel author's rule, factor for factor (checked against the shapes below).
            let fs: Vec<usize> = (0..rule.sizes.len())
                .map(|f| {
                    let kind = if rule.reduction.contains(&f) {
                        Red
                    } else if rule.replicated.contains(&f) {
                        Rep
                    } else {
                        Pass
                    };
                    b.factor(rule.sizes[f], kind)
                })
                .collect();
            for (t, dims) in rule.operands.iter().enumerate() {
                for (d, factors) in dims.iter().enumerate() {
                    for &f in factors {
                        b.operand(t, d, fs[f]);
                    }
                }
            }
            for (t, dims) in rule.results.iter().enumerate() {
                for (d, factors) in dims.iter().enumerate() {
                    for &f in factors {
                        b.result(t, d, fs[f]);
                    }
                }
            }
        }
        OpKind::CustomCall { rule: None, .. }
        | OpKind::RngBitGenerator
        | OpKind::Collective
        | OpKind::Tuple
        | OpKind::GetTupleElement { .. }
        | OpKind::While
        | OpKind::Case
        | OpKind::If
        | OpKind::Return
        | OpKind::Opaque => {}
    }
    b.fill_empty(&in_refs, &out_refs, Rep);
    b.build()
}

/// The mesh axes an `sdy.manual_computation`'s shardings use, with their sizes from the module's
/// declaration of the mesh they name, in that declaration's order: the factors of its rule, in order.
pub fn manual_axes_used(m: &Module, op: OpId) -> Vec<(String, i64)> {
    let OpKind::ManualComputation { in_shardings, out_shardings, .. } = &m.ops[op].kind else { return Vec::new() };
    let Some(mesh) = in_shardings.iter().chain(out_shardings).next().map(|s| s.mesh.as_str()) else {
        return Vec::new();
    };
    let Some(decl) = m.meshes.iter().find(|d| d.name == mesh) else { return Vec::new() };
    decl.axes
        .iter()
        .filter(|(name, _)| in_shardings.iter().chain(out_shardings).any(|s| s.used_axes().any(|a| a.name == *name)))
        .cloned()
        .collect()
}

/// The rule of a value that several values become ([`crate::schedule`]): a loop-carried value (its
/// initial value and the value the body yields) or a `case`'s result (the value each branch returns).
/// The `operands` values and the result share every dimension, each its own pass-through factor.
pub fn tie_rule(shape: &[i64], operands: usize) -> OpRule {
    let mut b = RuleBuilder::new(&vec![shape.len(); operands], &[shape.len()]);
    for (d, &size) in shape.iter().enumerate() {
        let f = b.factor(size, Pass);
        for k in 0..operands {
            b.operand(k, d, f);
        }
        b.result(0, d, f);
    }
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use automap_ir::parse_module;

    fn rules(body: &str, args: &str, ret: &str, ret_ty: &str) -> (Module, Vec<String>) {
        let src = format!("func.func @main({args}) -> {ret_ty} {{\n{body}\n  return {ret} : {ret_ty}\n}}\n");
        let m = parse_module(&src).unwrap();
        let r = m.body.iter().map(|&o| rule_for(&m, o).to_string()).collect();
        (m, r)
    }

    #[test]
    fn matmul_prints_like_shardy() {
        let (_, r) = rules(
            "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>",
            "%a: tensor<8x32xf32>, %b: tensor<32x16xf32>",
            "%0",
            "tensor<8x16xf32>",
        );
        assert_eq!(r[0], "([i, k],[k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}");
    }

    #[test]
    fn a_kernel_is_sharded_by_its_authors_rule_in_either_printed_form() {
        let rule = "#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=32, k=16} reduction={j} need_replication={k}, custom>";
        let (_, r) = rules(
            &format!(
                "  %0 = stablehlo.custom_call @kernel(%a, %b) {{sdy.sharding_rule = {rule}}} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.custom_call @kernel(%a, %b) {{mhlo.frontend_attributes = {{xla.sdy.sharding_rule = \"{rule}\"}}}} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>"
            ),
            "%a: tensor<8x32xf32>, %b: tensor<32x16xf32>",
            "%0",
            "tensor<8x16xf32>",
        );
        assert_eq!(r[0], "([i, j],[j, k])->([i, k]) {i=8, j=32, k=16} reduction={j} need_replication={k}");
        assert_eq!(r[1], r[0]);
    }

    #[test]
    fn a_kernel_without_a_rule_is_replicated_and_said_once() {
        let (m, r) = rules(
            "  %0 = stablehlo.custom_call @kernel(%a) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.custom_call @kernel(%0) : (tensor<8x32xf32>) -> tensor<8x32xf32>",
            "%a: tensor<8x32xf32>",
            "%1",
            "tensor<8x32xf32>",
        );
        assert_eq!(r[0], "([i, j])->([k, l]) {i=8, j=32, k=8, l=32} need_replication={i, j, k, l}");
        let said: Vec<_> = m.warnings.iter().filter(|w| w.message.contains("@kernel")).collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].message.contains("kept replicated"), "{}", said[0].message);
    }

    #[test]
    fn top_k_is_replicated_as_xla_partitions_it() {
        let (_, r) = rules(
            "  %values, %indices = chlo.top_k(%a, k = 2) : tensor<8x32xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)",
            "%a: tensor<8x32xf32>",
            "%values",
            "tensor<8x2xf32>",
        );
        assert!(r[0].ends_with("need_replication={i, j, k, l, m, n}"), "{}", r[0]);
    }

    #[test]
    fn batched_matmul_elementwise_broadcast_transpose_reduce() {
        let (_, r) = rules(
            "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x32xf32>, tensor<4x32x16xf32>) -> tensor<4x8x16xf32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [2] : (tensor<16xf32>) -> tensor<4x8x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x8x16xf32>
  %3 = stablehlo.transpose %2, dims = [2, 0, 1] : (tensor<4x8x16xf32>) -> tensor<16x4x8xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>",
            "%a: tensor<4x8x32xf32>, %b: tensor<4x32x16xf32>, %c: tensor<16xf32>",
            "%4",
            "tensor<4x8xf32>",
        );
        assert_eq!(r[0], "([i, j, l],[i, l, k])->([i, j, k]) {i=4, j=8, k=16, l=32} reduction={l}");
        assert_eq!(r[1], "([k])->([i, j, k]) {i=4, j=8, k=16}");
        assert_eq!(r[2], "([i, j, k],[i, j, k])->([i, j, k]) {i=4, j=8, k=16}");
        assert_eq!(r[3], "([j, k, i])->([i, j, k]) {i=16, j=4, k=8}");
        assert_eq!(r[5], "([i, j, k],[])->([j, k]) {i=16, j=4, k=8} reduction={i}");
    }

    #[test]
    fn every_fixture_op_has_a_rule_that_fits_its_shapes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "mlir") {
                continue;
            }
            let m = parse_module(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for (op, data) in m.ops.iter() {
                let rule = rule_for(&m, op);
                let shape = |v| m.ty(v).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
                let ins: Vec<Vec<i64>> = data.operands.iter().map(|&v| shape(v)).collect();
                let outs: Vec<Vec<i64>> = data.results.iter().map(|&v| shape(v)).collect();
                let (a, b): (Vec<&[i64]>, Vec<&[i64]>) =
                    (ins.iter().map(Vec::as_slice).collect(), outs.iter().map(Vec::as_slice).collect());
                rule.check_sizes(&a, &b)
                    .unwrap_or_else(|e| panic!("{}:{}: {} {rule}: {e}", path.display(), m.op_location(op), data.name));
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
