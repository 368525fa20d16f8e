//! The verifier: structural checks on a module, every error collected with its location.

use crate::ids::{OpId, ValueId};
use crate::module::{Module, ValueDef};
use crate::op::{ElementwiseOp, OpKind};
use crate::sharding_rule::OpShardingRule;
use crate::span::LineCol;
use crate::types::{MAX_TENSOR_BYTES, TensorType, Type};
use std::collections::HashSet;
use std::fmt;

/// One verification error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// Where (the op's line:column).
    pub at: LineCol,
    /// The op, when the error is about one.
    pub op: Option<OpId>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// Check the module; every error found, in program order.
pub fn verify(m: &Module) -> Vec<VerifyError> {
    let mut v = Verifier { m, errors: Vec::new(), defined: m.args.iter().copied().collect() };
    for (i, &a) in m.args.iter().enumerate() {
        let at = m.entry().args.get(i).map_or(m.entry().span.start, |p| p.ty_span.start);
        if let Some(message) = too_large(&m.values[a].ty, &m.values[a].name) {
            v.errors.push(VerifyError { at: crate::span::line_col(&m.source, at as usize), op: None, message });
        }
        if let Some(message) = m.entry().args.get(i).and_then(|p| bad_alias(m, i, p.aliased_result)) {
            v.errors.push(VerifyError { at: crate::span::line_col(&m.source, at as usize), op: None, message });
        }
    }
    v.block(&m.body);
    for &r in &m.returns {
        if !v.defined.contains(&r) {
            let at = crate::span::line_col(&m.source, m.entry().span.start as usize);
            v.errors.push(VerifyError {
                at,
                op: None,
                message: format!("the entry function returns {} before it is defined", m.values[r].name),
            });
        }
    }
    v.errors
}

/// Why argument `i`'s `tf.aliasing_output` cannot hold, if it cannot: no such result, a result of
/// another type (XLA would refuse to reuse the buffer), or a result another argument is donated to.
fn bad_alias(m: &Module, i: usize, result: Option<usize>) -> Option<String> {
    let j = result?;
    let arg = &m.values[m.args[i]];
    let Some(&r) = m.returns.get(j) else {
        return Some(format!(
            "{} is donated to result {j} (tf.aliasing_output), but the function returns {} values",
            arg.name,
            m.returns.len()
        ));
    };
    if m.ty(r) != &arg.ty {
        return Some(format!(
            "{} ({}) is donated to result {j} (tf.aliasing_output), which is a {}: a donated buffer is reused \
             only by a result of its type",
            arg.name,
            arg.ty,
            m.ty(r)
        ));
    }
    let first = m.entry().args.iter().position(|p| p.aliased_result == Some(j));
    (first != Some(i)).then(|| format!("{} is donated to result {j}, which another argument is donated to", arg.name))
}

/// Why a value of type `ty` is too large to plan, if it is (see [`MAX_TENSOR_BYTES`]).
fn too_large(ty: &Type, name: &str) -> Option<String> {
    let tensors: Vec<&TensorType> = match ty {
        Type::Tensor(t) => vec![t],
        Type::Tuple(ts) => ts.iter().filter_map(Type::as_tensor).collect(),
        _ => Vec::new(),
    };
    tensors.into_iter().find(|t| t.checked_byte_size().is_none_or(|b| b > MAX_TENSOR_BYTES)).map(|t| {
        let size = t.checked_byte_size().map_or("more than 2^64 bytes".to_string(), |b| format!("{b} bytes"));
        format!("{name} is a {t} of {size}; automap plans tensors of at most 2^62 bytes")
    })
}

/// Does a sharding rule name each operand's and result's dimensions, each the product of its factors?
fn rule_fits(rule: &OpShardingRule, operands: &[Vec<i64>], results: &[Vec<i64>]) -> Result<(), String> {
    for (what, maps, shapes) in [("operand", &rule.operands, operands), ("result", &rule.results, results)] {
        if maps.len() != shapes.len() {
            return Err(format!("maps {} {what}s, the op has {}", maps.len(), shapes.len()));
        }
        for (t, (dims, shape)) in maps.iter().zip(shapes).enumerate() {
            if dims.len() != shape.len() {
                return Err(format!("gives {what} {t} rank {}, its type rank {}", dims.len(), shape.len()));
            }
            for (d, (fs, &size)) in dims.iter().zip(shape).enumerate() {
                let product: i64 = fs.iter().map(|&f| rule.sizes[f]).product();
                if product != size {
                    return Err(format!("gives {what} {t} dimension {d} size {product}, its type {size}"));
                }
            }
        }
    }
    Ok(())
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifyError>,
    defined: HashSet<ValueId>,
}

impl Verifier<'_> {
    fn err(&mut self, op: OpId, message: String) {
        self.errors.push(VerifyError { at: self.m.op_location(op), op: Some(op), message });
    }

    fn block(&mut self, ops: &[OpId]) {
        for &op in ops {
            let data = &self.m.ops[op];
            for &v in &data.operands {
                if !self.defined.contains(&v) {
                    self.err(op, format!("'{}' uses {} before it is defined", data.name, self.m.values[v].name));
                }
            }
            for (i, &r) in data.results.iter().enumerate() {
                if self.m.values[r].def != ValueDef::Result(op, i as u32) {
                    self.err(op, format!("result {i} of '{}' does not point back to it", data.name));
                }
                if let Some(message) = too_large(&self.m.values[r].ty, &self.m.values[r].name) {
                    self.err(op, message);
                }
            }
            for region in &data.regions {
                for b in &region.blocks {
                    self.defined.extend(b.args.iter().copied());
                    self.block(&b.ops);
                }
            }
            self.op(op);
            self.defined.extend(data.results.iter().copied());
        }
    }

    fn op(&mut self, op: OpId) {
        let m = self.m;
        let data = &m.ops[op];
        let ins: Vec<Option<&TensorType>> = data.operands.iter().map(|&v| m.values[v].ty.as_tensor()).collect();
        let out: Option<&TensorType> = data.results.first().and_then(|&v| m.values[v].ty.as_tensor());
        let in_rank = ins.first().copied().flatten().map(TensorType::rank);
        let out_rank = out.map(TensorType::rank);
        let in_range =
            |dims: &[i64], rank: Option<usize>| rank.is_none_or(|r| dims.iter().all(|&d| d >= 0 && (d as usize) < r));
        let unique = |dims: &[i64]| dims.iter().collect::<HashSet<_>>().len() == dims.len();
        let need = data.kind.min_tensor_operands();
        if ins.len() < need || ins.iter().take(need).any(Option::is_none) {
            let got = ins.iter().take_while(|t| t.is_some()).count();
            self.err(op, format!("'{}' takes at least {need} tensor operands, got {got}", data.name));
            return;
        }
        match &data.kind {
            OpKind::Elementwise(e) => {
                if let Some(n) = e.arity()
                    && ins.len() != n
                {
                    self.err(op, format!("'{}' takes {n} operands, got {}", data.name, ins.len()));
                    return;
                }
                if let Some(out) = out {
                    for (i, t) in ins.iter().enumerate() {
                        let scalar_ok = e.broadcasts_scalars() && t.is_some_and(|t| t.rank() == 0);
                        // A bitcast between element types of different widths adds or drops a minor
                        // dimension (`u32[2, 2]` to `u64[2]`): the leading dimensions agree.
                        let widths_ok = matches!(e, ElementwiseOp::BitcastConvert)
                            && t.is_some_and(|t| {
                                let (a, b) = (&t.shape, &out.shape);
                                let n = a.len().min(b.len());
                                a.len().abs_diff(b.len()) == 1 && a[..n] == b[..n]
                            });
                        let scalar_ok = scalar_ok || widths_ok;
                        if let Some(t) = t
                            && t.shape != out.shape
                            && !scalar_ok
                        {
                            self.err(
                                op,
                                format!(
                                    "operand {i} of elementwise '{}' has shape {:?}, the result {:?}",
                                    data.name, t.shape, out.shape
                                ),
                            );
                        }
                    }
                }
            }
            OpKind::CustomCall { target, rule: Some(rule), .. } => {
                let shapes = |vs: &[ValueId]| -> Vec<Vec<i64>> {
                    vs.iter().map(|&v| m.values[v].ty.as_tensor().map_or_else(Vec::new, |t| t.shape.clone())).collect()
                };
                if let Err(e) = rule_fits(rule, &shapes(&data.operands), &shapes(&data.results)) {
                    self.err(op, format!("custom_call @{target}: its sdy.sharding_rule {e}"));
                }
            }
            OpKind::BroadcastInDim { dims } => {
                if in_rank.is_some_and(|r| r != dims.len()) {
                    self.err(
                        op,
                        format!(
                            "broadcast_in_dim has {} dims for an operand of rank {}",
                            dims.len(),
                            in_rank.unwrap_or(0)
                        ),
                    );
                } else if !in_range(dims, out_rank) || !unique(dims) {
                    self.err(
                        op,
                        format!(
                            "broadcast_in_dim dims {dims:?} are not distinct dimensions of the rank-{} result",
                            out_rank.unwrap_or(0)
                        ),
                    );
                } else if let (Some(Some(i)), Some(o)) = (ins.first(), out) {
                    for (k, &d) in dims.iter().enumerate() {
                        if i.shape[k] != 1 && i.shape[k] != o.shape[d as usize] {
                            self.err(
                                op,
                                format!(
                                    "broadcast_in_dim maps operand dim {k} (size {}) to result dim {d} (size {})",
                                    i.shape[k], o.shape[d as usize]
                                ),
                            );
                        }
                    }
                }
            }
            OpKind::Transpose { perm } => {
                let mut sorted = perm.clone();
                sorted.sort();
                if sorted != (0..perm.len() as i64).collect::<Vec<_>>() || in_rank.is_some_and(|r| r != perm.len()) {
                    self.err(
                        op,
                        format!("transpose permutation {perm:?} is not a permutation of the operand's dimensions"),
                    );
                } else if let (Some(Some(i)), Some(o)) = (ins.first(), out) {
                    let want: Vec<i64> = perm.iter().map(|&p| i.shape[p as usize]).collect();
                    if want != o.shape {
                        self.err(op, format!("transpose result shape {:?} should be {want:?}", o.shape));
                    }
                }
            }
            OpKind::Reshape => {
                if let (Some(Some(i)), Some(o)) = (ins.first(), out)
                    && i.num_elements() != o.num_elements()
                {
                    self.err(
                        op,
                        format!("reshape changes the element count ({} to {})", i.num_elements(), o.num_elements()),
                    );
                }
            }
            OpKind::DotGeneral(d) => {
                let lr = in_rank;
                let rr = ins.get(1).copied().flatten().map(TensorType::rank);
                if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contracting.len() != d.rhs_contracting.len() {
                    self.err(
                        op,
                        "dot_general has unequal numbers of batch or contracting dims on its two sides".into(),
                    );
                } else if !in_range(&d.lhs_batch, lr)
                    || !in_range(&d.lhs_contracting, lr)
                    || !in_range(&d.rhs_batch, rr)
                    || !in_range(&d.rhs_contracting, rr)
                {
                    self.err(op, "dot_general names a dimension beyond an operand's rank".into());
                } else if let (Some(Some(l)), Some(Some(r))) = (ins.first(), ins.get(1)) {
                    for (a, b) in
                        d.lhs_batch.iter().zip(&d.rhs_batch).chain(d.lhs_contracting.iter().zip(&d.rhs_contracting))
                    {
                        if l.shape[*a as usize] != r.shape[*b as usize] {
                            self.err(
                                op,
                                format!(
                                    "dot_general pairs lhs dim {a} (size {}) with rhs dim {b} (size {})",
                                    l.shape[*a as usize], r.shape[*b as usize]
                                ),
                            );
                        }
                    }
                }
            }
            OpKind::Reduce { dims, .. } | OpKind::Reverse { dims } if (!in_range(dims, in_rank) || !unique(dims)) => {
                self.err(
                    op,
                    format!(
                        "'{}' dims {dims:?} are not distinct dimensions of the rank-{} operand",
                        data.name,
                        in_rank.unwrap_or(0)
                    ),
                );
            }
            OpKind::Concatenate { dim } if !in_range(&[*dim], in_rank) => {
                self.err(op, format!("concatenate dim {dim} is beyond the rank {}", in_rank.unwrap_or(0)));
            }
            OpKind::Slice { start, limit, strides }
                if in_rank.is_some_and(|r| r != start.len() || r != limit.len() || r != strides.len()) =>
            {
                self.err(
                    op,
                    format!(
                        "slice bounds have {} entries for an operand of rank {}",
                        start.len(),
                        in_rank.unwrap_or(0)
                    ),
                );
            }
            OpKind::Pad { low, high, interior }
                if in_rank.is_some_and(|r| r != low.len() || r != high.len() || r != interior.len()) =>
            {
                self.err(
                    op,
                    format!("pad has {} low entries for an operand of rank {}", low.len(), in_rank.unwrap_or(0)),
                );
            }
            OpKind::DynamicSlice { sizes } if in_rank.is_some_and(|r| r != sizes.len()) => {
                self.err(
                    op,
                    format!("dynamic_slice has {} sizes for an operand of rank {}", sizes.len(), in_rank.unwrap_or(0)),
                );
            }
            OpKind::Iota { dim } if !in_range(&[*dim], out_rank) => {
                self.err(op, format!("iota dim {dim} is beyond the result's rank {}", out_rank.unwrap_or(0)));
            }
            OpKind::Gather(g) => {
                if in_rank.is_some_and(|r| r != g.slice_sizes.len()) {
                    self.err(
                        op,
                        format!(
                            "gather has {} slice sizes for an operand of rank {}",
                            g.slice_sizes.len(),
                            in_rank.unwrap_or(0)
                        ),
                    );
                }
                if !in_range(&g.collapsed_slice_dims, in_rank)
                    || !in_range(&g.start_index_map, in_rank)
                    || !in_range(&g.offset_dims, out_rank)
                {
                    self.err(op, "gather dimension numbers name a dimension beyond a rank".into());
                }
            }
            OpKind::Scatter { dims, .. }
                if (!in_range(&dims.inserted_window_dims, in_rank)
                    || !in_range(&dims.scatter_dims_to_operand_dims, in_rank)) =>
            {
                self.err(op, "scatter dimension numbers name a dimension beyond the operand's rank".into());
            }
            OpKind::Convolution { dims, .. } => {
                let all = [dims.input_batch, dims.input_feature]
                    .into_iter()
                    .chain(dims.input_spatial.iter().copied())
                    .collect::<Vec<_>>();
                if !in_range(&all, in_rank) || !unique(&all) || in_rank.is_some_and(|r| r != all.len()) {
                    self.err(op, "convolution input dimension labels do not match the input's rank".into());
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_module;

    #[test]
    fn collects_every_error_with_its_location() {
        let src = r#"func.func @main(%a: tensor<8x16xf32>, %b: tensor<4xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.transpose %a, dims = [1, 1] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %2 = stablehlo.reduce(%a init: %b) applies stablehlo.add across dimensions = [2] : (tensor<8x16xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %1 : tensor<16x8xf32>
}
"#;
        let m = parse_module(src).unwrap();
        let errs = verify(&m);
        let lines: Vec<usize> = errs.iter().map(|e| e.at.line).collect();
        assert_eq!(lines, vec![2, 3, 4], "{errs:?}");
        assert!(errs[0].message.contains("broadcast_in_dim maps operand dim 0 (size 4) to result dim 1 (size 16)"));
        assert!(errs[1].message.contains("not a permutation"));
        assert!(errs[2].message.contains("[2]"));
    }
}
