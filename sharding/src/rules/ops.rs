//! The rule of each op kind: a short function per family, one dispatch. An op without a rule (opaque,
//! control flow, custom calls) gets a rule whose every dimension needs replication.
//!
//! Each family's function adds the factors it knows and ties them to dimensions; every dimension left
//! without a factor then needs replication ([`Shapes::finish`]), as Shardy's registry fills them.

use super::reshape::reshape_rule;
use super::{FactorKind, OpRule, RuleBuilder};
use automap_ir::op::{ConvDims, DotDims, ElementwiseOp, GatherDims, ReduceKind, ScatterDims, Window};
use automap_ir::sharding::TensorSharding;

use automap_ir::{Module, OpId, OpKind, OpShardingRule};

use FactorKind::{NeedReplication as Rep, PassThrough as Pass, Reduction as Red};

/// The sharding rule of `op` in `m`.
pub fn rule_for(m: &Module, op: OpId) -> OpRule {
    let data = &m.ops[op];
    let s = Shapes::of(m, op);
    let mut b = s.builder();
    let need = data.kind.min_tensor_operands();
    if data.operands.len() < need || data.operands.iter().take(need).any(|&v| m.ty(v).as_tensor().is_none()) {
        // An op the verifier refuses: kept replicated rather than read past its operands.
        return s.finish(b);
    }
    match &data.kind {
        OpKind::Elementwise(e) => elementwise(&mut b, &s, *e),
        OpKind::Constant { .. } | OpKind::Iota { .. } => pointwise(&mut b, &s, &[]),
        OpKind::BroadcastInDim { dims } => broadcast_in_dim(&mut b, &s, dims),
        OpKind::Reshape => return reshape_rule(&s.ins[0], s.out0()),
        OpKind::Transpose { perm } => transpose(&mut b, &s, perm),
        OpKind::DotGeneral(dd) => dot_general(&mut b, &s, dd),
        OpKind::Reduce { dims, kind } => reduce(&mut b, &s, dims, *kind),
        OpKind::ReduceWindow { window, .. } => reduce_window(&mut b, &s, window),
        OpKind::SelectAndScatter { window } => select_and_scatter(&mut b, &s, window),
        OpKind::Slice { .. } | OpKind::DynamicSlice { .. } | OpKind::Pad { .. } => slicing(&mut b, &s, &[], false),
        OpKind::Reverse { dims } => slicing(&mut b, &s, dims, false),
        OpKind::DynamicUpdateSlice => slicing(&mut b, &s, &[], true),
        OpKind::Concatenate { dim } => concatenate(&mut b, &s, *dim),
        OpKind::Gather(g) => gather(&mut b, &s, g),
        OpKind::Scatter { dims, kind } => scatter(&mut b, &s, dims, *kind),
        OpKind::Convolution { dims, window, feature_group_count, batch_group_count } => {
            convolution(&mut b, &s, dims, window, *feature_group_count, *batch_group_count)
        }
        OpKind::Sort { dim } => sort(&mut b, &s, *dim),
        OpKind::OptimizationBarrier => barrier(&mut b, &s),
        OpKind::ManualComputation { in_shardings, out_shardings, .. } => {
            manual_computation(&mut b, &s, &manual_axes_used(m, op), in_shardings, out_shardings)
        }
        OpKind::CustomCall { rule: Some(rule), .. } => authors_rule(&mut b, rule),
        // Replicated, as XLA runs it: `chlo.top_k` becomes a `TopK` custom call, which the SPMD
        // partitioner splits only along the sorted dimension (a top-k per shard, gathered and reduced
        // again) and otherwise gathers whole, batch dimensions included.
        OpKind::TopK { .. }
        | OpKind::CustomCall { rule: None, .. }
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
    s.finish(b)
}

/// The shapes of an op's operands and results (a value that is not a tensor has none).
struct Shapes {
    ins: Vec<Vec<i64>>,
    outs: Vec<Vec<i64>>,
}

impl Shapes {
    fn of(m: &Module, op: OpId) -> Shapes {
        let data = &m.ops[op];
        let shape = |v| m.ty(v).as_tensor().map_or(Vec::new(), |t| t.shape.clone());
        Shapes {
            ins: data.operands.iter().map(|&v| shape(v)).collect(),
            outs: data.results.iter().map(|&v| shape(v)).collect(),
        }
    }

    /// A builder for tensors of these ranks.
    fn builder(&self) -> RuleBuilder {
        RuleBuilder::new(
            &self.ins.iter().map(Vec::len).collect::<Vec<_>>(),
            &self.outs.iter().map(Vec::len).collect::<Vec<_>>(),
        )
    }

    /// The first result's shape.
    fn out0(&self) -> &[i64] {
        self.outs.first().map_or(&[], Vec::as_slice)
    }

    fn in_refs(&self) -> Vec<&[i64]> {
        self.ins.iter().map(Vec::as_slice).collect()
    }

    fn out_refs(&self) -> Vec<&[i64]> {
        self.outs.iter().map(Vec::as_slice).collect()
    }

    /// The rule, every dimension still without a factor given one that needs replication.
    fn finish(&self, mut b: RuleBuilder) -> OpRule {
        b.fill_empty(&self.in_refs(), &self.out_refs(), Rep);
        b.build()
    }
}

/// Pass-through factors for the first result's dimensions, tied to the same dimension of each of
/// `operands` of the result's rank (Shardy's `addPointwise`).
fn pointwise(b: &mut RuleBuilder, s: &Shapes, operands: &[usize]) {
    let out0 = s.out0();
    for (d, &size) in out0.iter().enumerate() {
        let f = b.factor(size, Pass);
        b.result(0, d, f);
        for &t in operands {
            if s.ins[t].len() == out0.len() {
                b.operand(t, d, f);
            }
        }
    }
}

/// Every operand with the result, except a scalar that broadcasts (`select`'s predicate, `clamp`'s
/// bounds).
fn elementwise(b: &mut RuleBuilder, s: &Shapes, e: ElementwiseOp) {
    let all: Vec<usize> = (0..s.ins.len())
        .filter(|&t| !(e.broadcasts_scalars() && s.ins[t].is_empty() && !s.out0().is_empty()))
        .collect();
    pointwise(b, s, &all);
}

/// The result's dimensions pass through; an operand dimension mapped to one of the same size
/// shares its factor (a dimension of size 1 broadcast wider does not).
fn broadcast_in_dim(b: &mut RuleBuilder, s: &Shapes, dims: &[i64]) {
    let out0 = s.out0();
    let fs: Vec<usize> = out0.iter().map(|&size| b.factor(size, Pass)).collect();
    for (d, &f) in fs.iter().enumerate() {
        b.result(0, d, f);
    }
    for (i, &d) in dims.iter().enumerate() {
        if let (Some(&f), Some(&size)) = (fs.get(d as usize), s.ins.first().and_then(|x| x.get(i)))
            && size == out0[d as usize]
        {
            b.operand(0, i, f);
        }
    }
}

/// Result dimension `d` is operand dimension `perm[d]`.
fn transpose(b: &mut RuleBuilder, s: &Shapes, perm: &[i64]) {
    for (d, &p) in perm.iter().enumerate() {
        let f = b.factor(s.out0().get(d).copied().unwrap_or(1), Pass);
        b.result(0, d, f).operand(0, p as usize, f);
    }
}

/// Batch dimensions, then the left's free dimensions, then the right's, pass to the result in that
/// order; contracted dimensions are reductions.
fn dot_general(b: &mut RuleBuilder, s: &Shapes, dd: &DotDims) {
    let (l, r) = (&s.ins[0], &s.ins[1]);
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

/// Kept dimensions pass through to every result; reduced ones become partial sums, unless the body
/// computes something other than a known reduction (then they need replication). The operands are
/// the inputs, then as many initial values.
fn reduce(b: &mut RuleBuilder, s: &Shapes, dims: &[i64], kind: ReduceKind) {
    let inputs = s.ins.len() / 2;
    let red = if kind == ReduceKind::Other { Rep } else { Red };
    let mut od = 0;
    for (d, &size) in s.ins[0].iter().enumerate() {
        let reduced = dims.contains(&(d as i64));
        let f = b.factor(size, if reduced { red } else { Pass });
        for t in 0..inputs {
            b.operand(t, d, f);
        }
        if !reduced {
            for t in 0..s.outs.len() {
                b.result(t, od, f);
            }
            od += 1;
        }
    }
}

/// Is `window` the identity along dimension `d` (size 1, stride 1, no padding)?
fn unit_window(window: &Window, d: usize) -> bool {
    window.dimensions.get(d).is_none_or(|&w| w == 1)
        && window.strides.get(d).is_none_or(|&s| s == 1)
        && window.padding.get(d).is_none_or(|&p| p == (0, 0))
}

/// Dimensions the window leaves alone pass through; the others need replication.
fn reduce_window(b: &mut RuleBuilder, s: &Shapes, window: &Window) {
    let inputs = s.ins.len() / 2;
    for (d, &size) in s.ins[0].iter().enumerate() {
        if unit_window(window, d) {
            let f = b.factor(size, Pass);
            for t in 0..inputs {
                b.operand(t, d, f);
            }
            for t in 0..s.outs.len() {
                b.result(t, d, f);
            }
        }
    }
}

/// As [`reduce_window`], over the operand, the source and the result (padding is not read here).
fn select_and_scatter(b: &mut RuleBuilder, s: &Shapes, window: &Window) {
    for (d, &size) in s.ins[0].iter().enumerate() {
        if window.dimensions.get(d).is_none_or(|&w| w == 1) && window.strides.get(d).is_none_or(|&v| v == 1) {
            let f = b.factor(size, Pass);
            b.operand(0, d, f).operand(1, d, f).result(0, d, f);
        }
    }
}

/// Slices, pads, reverses and updates of a slice: dimensions that keep their size (and are not in
/// `reversed`, nor cut by the update) pass through; the others need replication on the operand and
/// are free on the result (slicing a replicated dimension is local).
fn slicing(b: &mut RuleBuilder, s: &Shapes, reversed: &[i64], update: bool) {
    let out0 = s.out0();
    for (d, &size) in s.ins[0].iter().enumerate() {
        let keeps = out0.get(d) == Some(&size) && !reversed.contains(&(d as i64));
        let update_cuts = update && s.ins.get(1).and_then(|u| u.get(d)) != Some(&size);
        if keeps && !update_cuts {
            let f = b.factor(size, Pass);
            b.operand(0, d, f).result(0, d, f);
            if update {
                b.operand(1, d, f);
            }
        }
    }
    b.fill_empty(&s.in_refs(), &[], Rep);
    b.fill_empty(&[], &s.out_refs(), Pass);
}

/// Every dimension but the joined one passes through all operands.
fn concatenate(b: &mut RuleBuilder, s: &Shapes, dim: i64) {
    for (d, &size) in s.out0().iter().enumerate() {
        if d as i64 != dim {
            let f = b.factor(size, Pass);
            b.result(0, d, f);
            for t in 0..s.ins.len() {
                b.operand(t, d, f);
            }
        }
    }
}

/// The result's batch dimensions come from the indices (less `index_vector_dim`), its offset
/// dimensions from operand dimensions sliced whole; batching dimensions carry the operand's with them.
fn gather(b: &mut RuleBuilder, s: &Shapes, g: &GatherDims) {
    let (operand, idx) = (&s.ins[0], &s.ins[1]);
    let batch_idx: Vec<usize> = (0..idx.len()).filter(|&d| d as i64 != g.index_vector_dim).collect();
    let mut bi = batch_idx.iter();
    let offset_src: Vec<usize> = (0..operand.len())
        .filter(|&d| !g.collapsed_slice_dims.contains(&(d as i64)) && !g.operand_batching_dims.contains(&(d as i64)))
        .collect();
    let mut oi = offset_src.iter();
    for (d, &size) in s.out0().iter().enumerate() {
        if g.offset_dims.contains(&(d as i64)) {
            if let Some(&od) = oi.next() {
                let whole = g.slice_sizes.get(od) == operand.get(od);
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
}

/// Operand dimensions updated whole pass through with the result and the updates' window dimensions;
/// the updates' scatter dimensions (with the indices' batch dimensions) are reduced into the operand
/// for adds and need replication otherwise; a batching dimension writes only its own slice.
fn scatter(b: &mut RuleBuilder, s: &Shapes, dims: &ScatterDims, kind: ReduceKind) {
    let (operand, idx, upd) = (&s.ins[0], &s.ins[1], &s.ins[2]);
    for (d, &size) in operand.iter().enumerate() {
        if !dims.inserted_window_dims.contains(&(d as i64)) && !dims.input_batching_dims.contains(&(d as i64)) {
            let f = b.factor(size, Pass);
            b.operand(0, d, f).result(0, d, f);
        }
    }
    let scatter_upd: Vec<usize> = (0..upd.len()).filter(|&d| !dims.update_window_dims.contains(&(d as i64))).collect();
    let batch_idx: Vec<usize> = (0..idx.len()).filter(|&d| d as i64 != dims.index_vector_dim).collect();
    let red = if kind == ReduceKind::Add { Red } else { Rep };
    for (&ud, &id) in scatter_upd.iter().zip(&batch_idx) {
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
}

/// The batch passes through (unless batch-grouped), the kernel's output features become the result's,
/// the input features are contracted (unless feature-grouped), and a spatial dimension passes through
/// only where the kernel is 1 wide with unit stride and no padding.
fn convolution(
    b: &mut RuleBuilder,
    s: &Shapes,
    dims: &ConvDims,
    window: &Window,
    feature_group_count: i64,
    batch_group_count: i64,
) {
    let (x, k, out0) = (&s.ins[0], &s.ins[1], s.out0());
    let f = b.factor(x[dims.input_batch as usize], if batch_group_count == 1 { Pass } else { Rep });
    b.operand(0, dims.input_batch as usize, f).result(0, dims.output_batch as usize, f);
    let f = b.factor(k[dims.kernel_output_feature as usize], Pass);
    b.operand(1, dims.kernel_output_feature as usize, f).result(0, dims.output_feature as usize, f);
    if feature_group_count == 1 {
        let f = b.factor(x[dims.input_feature as usize], Red);
        b.operand(0, dims.input_feature as usize, f).operand(1, dims.kernel_input_feature as usize, f);
    }
    for (sp, (&xi, &oi)) in dims.input_spatial.iter().zip(&dims.output_spatial).enumerate() {
        let kernel_one = dims.kernel_spatial.get(sp).is_some_and(|&kd| k[kd as usize] == 1);
        let unit =
            window.strides.get(sp).is_none_or(|&v| v == 1) && window.padding.get(sp).is_none_or(|&p| p == (0, 0));
        if kernel_one && unit && x[xi as usize] == out0[oi as usize] {
            let f = b.factor(x[xi as usize], Pass);
            b.operand(0, xi as usize, f).result(0, oi as usize, f);
        }
    }
}

/// Every dimension but the sorted one passes through every operand and result.
fn sort(b: &mut RuleBuilder, s: &Shapes, dim: i64) {
    let out0 = s.out0();
    let dim = if dim < 0 { out0.len() as i64 - 1 } else { dim };
    for (d, &size) in out0.iter().enumerate() {
        if d as i64 != dim {
            let f = b.factor(size, Pass);
            for t in 0..s.ins.len() {
                b.operand(t, d, f);
            }
            for t in 0..s.outs.len() {
                b.result(t, d, f);
            }
        }
    }
}

/// Each result is its operand.
fn barrier(b: &mut RuleBuilder, s: &Shapes) {
    for (t, shape) in s.ins.iter().enumerate() {
        for (d, &size) in shape.iter().enumerate() {
            let f = b.factor(size, Pass);
            b.operand(t, d, f).result(t, d, f);
        }
    }
}

/// One pass-through factor per mesh axis the user's shardings use (`axes`), on every dimension that
/// axis shards, major-most; the rest of each dimension needs replication. The planner keeps only the
/// strategy that puts each axis on its own factor (`manual_strategy`).
fn manual_computation(
    b: &mut RuleBuilder,
    s: &Shapes,
    axes: &[(String, i64)],
    in_shardings: &[TensorSharding],
    out_shardings: &[TensorSharding],
) {
    let axis_factor: Vec<usize> = axes.iter().map(|(_, size)| b.factor(*size, Pass)).collect();
    let tensors = in_shardings.iter().zip(&s.ins).map(|(sh, shape)| (true, sh, shape));
    for (t, (is_operand, sharding, shape)) in
        tensors.enumerate().chain(out_shardings.iter().zip(&s.outs).map(|(sh, shape)| (false, sh, shape)).enumerate())
    {
        let put = |b: &mut RuleBuilder, d: usize, f: usize| {
            if is_operand {
                b.operand(t, d, f);
            } else {
                b.result(t, d, f);
            }
        };
        for (d, (dim, &size)) in sharding.dims.iter().zip(shape.iter()).enumerate() {
            // An empty dimension (cuDNN's attention returns a 0-byte workspace) splits over nothing:
            // one factor of size 0, as every other op gives it.
            if size == 0 {
                let f = b.factor(0, Rep);
                put(b, d, f);
                continue;
            }
            let mut left = size;
            for axis in &dim.axes {
                let Some(i) = axes.iter().position(|(n, _)| *n == axis.name) else { continue };
                if left % axes[i].1 != 0 {
                    continue;
                }
                left /= axes[i].1;
                put(b, d, axis_factor[i]);
            }
            if left > 1 {
                let f = b.factor(left, Rep);
                put(b, d, f);
            }
        }
    }
}

/// The kernel author's rule, factor for factor (checked against the shapes by the caller).
fn authors_rule(b: &mut RuleBuilder, rule: &OpShardingRule) {
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
