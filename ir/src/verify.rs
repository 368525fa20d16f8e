//! The verifier: structural checks on a module, every error collected with its location.

use crate::ids::{OpId, ValueId};
use crate::module::{Module, ValueDef};
use crate::op::{ConvDims, DotDims, ElementwiseOp, GatherDims, OpKind, ScatterDims};
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

    /// The checks of `op`'s own family (its dimension numbers against its operands' ranks and shapes).
    fn op(&mut self, op: OpId) {
        let data = &self.m.ops[op];
        let tensor = |&v: &ValueId| self.m.values[v].ty.as_tensor();
        let t = Typed {
            name: &data.name,
            ins: data.operands.iter().map(tensor).collect(),
            outs: data.results.iter().map(tensor).collect(),
        };
        let need = data.kind.min_tensor_operands();
        if t.ins.len() < need || t.ins.iter().take(need).any(Option::is_none) {
            let got = t.ins.iter().take_while(|t| t.is_some()).count();
            self.err(op, format!("'{}' takes at least {need} tensor operands, got {got}", data.name));
            return;
        }
        let found = match &data.kind {
            OpKind::Elementwise(e) => elementwise(&t, *e),
            OpKind::CustomCall { target, rule: Some(rule), .. } => {
                let shapes = |ts: &[Option<&TensorType>]| -> Vec<Vec<i64>> {
                    ts.iter().map(|t| t.map_or_else(Vec::new, |t| t.shape.clone())).collect()
                };
                rule_fits(rule, &shapes(&t.ins), &shapes(&t.outs))
                    .err()
                    .map(|e| format!("custom_call @{target}: its sdy.sharding_rule {e}"))
                    .into_iter()
                    .collect()
            }
            OpKind::BroadcastInDim { dims } => broadcast_in_dim(&t, dims),
            OpKind::Transpose { perm } => transpose(&t, perm),
            OpKind::Reshape => reshape(&t),
            OpKind::DotGeneral(d) => dot_general(&t, d),
            OpKind::Reduce { dims, .. } | OpKind::Reverse { dims } => distinct_dims(&t, dims),
            OpKind::Concatenate { dim } => concatenate(&t, *dim),
            OpKind::Slice { start, limit, strides } => slice(&t, start, limit, strides),
            OpKind::Pad { low, high, interior } => pad(&t, low, high, interior),
            OpKind::DynamicSlice { sizes } => dynamic_slice(&t, sizes),
            OpKind::Iota { dim } => iota(&t, *dim),
            OpKind::Gather(g) => gather(&t, g),
            OpKind::Scatter { dims, .. } => scatter(&t, dims),
            OpKind::Convolution { dims, .. } => convolution(&t, dims),
            _ => Vec::new(),
        };
        for message in found {
            self.err(op, message);
        }
    }
}

/// What an op's own checks read: its name and the tensor types of its operands and results (`None`
/// for a value that is not a tensor).
struct Typed<'m> {
    name: &'m str,
    ins: Vec<Option<&'m TensorType>>,
    outs: Vec<Option<&'m TensorType>>,
}

impl<'m> Typed<'m> {
    /// Operand `i`'s tensor type.
    fn input(&self, i: usize) -> Option<&'m TensorType> {
        self.ins.get(i).copied().flatten()
    }

    /// The first result's tensor type.
    fn out(&self) -> Option<&'m TensorType> {
        self.outs.first().copied().flatten()
    }

    fn in_rank(&self) -> Option<usize> {
        self.input(0).map(TensorType::rank)
    }

    fn out_rank(&self) -> Option<usize> {
        self.out().map(TensorType::rank)
    }
}

/// Does every one of `dims` name a dimension of a tensor of `rank` (when the rank is known)?
fn in_range(dims: &[i64], rank: Option<usize>) -> bool {
    rank.is_none_or(|r| dims.iter().all(|&d| d >= 0 && (d as usize) < r))
}

/// Are `dims` distinct?
fn unique(dims: &[i64]) -> bool {
    dims.iter().collect::<HashSet<_>>().len() == dims.len()
}

/// The operands' count (the row's arity) and each operand's shape against the result's, but for a
/// scalar that broadcasts and a bitcast between widths.
fn elementwise(t: &Typed<'_>, e: ElementwiseOp) -> Vec<String> {
    if let Some(n) = e.arity()
        && t.ins.len() != n
    {
        return vec![format!("'{}' takes {n} operands, got {}", t.name, t.ins.len())];
    }
    let Some(out) = t.out() else { return Vec::new() };
    let mut found = Vec::new();
    for (i, operand) in t.ins.iter().enumerate() {
        let scalar_ok = e.broadcasts_scalars() && operand.is_some_and(|t| t.rank() == 0);
        // A bitcast between element types of different widths adds or drops a minor dimension
        // (`u32[2, 2]` to `u64[2]`): the leading dimensions agree.
        let widths_ok = matches!(e, ElementwiseOp::BitcastConvert)
            && operand.is_some_and(|t| {
                let (a, b) = (&t.shape, &out.shape);
                let n = a.len().min(b.len());
                a.len().abs_diff(b.len()) == 1 && a[..n] == b[..n]
            });
        if let Some(operand) = operand
            && operand.shape != out.shape
            && !(scalar_ok || widths_ok)
        {
            found.push(format!(
                "operand {i} of elementwise '{}' has shape {:?}, the result {:?}",
                t.name, operand.shape, out.shape
            ));
        }
    }
    found
}

/// One of `dims` per operand dimension, distinct dimensions of the result, each operand dimension
/// of size 1 or of its result dimension's size.
fn broadcast_in_dim(t: &Typed<'_>, dims: &[i64]) -> Vec<String> {
    let (in_rank, out_rank) = (t.in_rank(), t.out_rank());
    if in_rank.is_some_and(|r| r != dims.len()) {
        return vec![format!(
            "broadcast_in_dim has {} dims for an operand of rank {}",
            dims.len(),
            in_rank.unwrap_or(0)
        )];
    }
    if !in_range(dims, out_rank) || !unique(dims) {
        return vec![format!(
            "broadcast_in_dim dims {dims:?} are not distinct dimensions of the rank-{} result",
            out_rank.unwrap_or(0)
        )];
    }
    let (Some(i), Some(o)) = (t.input(0), t.out()) else { return Vec::new() };
    dims.iter()
        .enumerate()
        .filter(|&(k, &d)| i.shape[k] != 1 && i.shape[k] != o.shape[d as usize])
        .map(|(k, &d)| {
            format!(
                "broadcast_in_dim maps operand dim {k} (size {}) to result dim {d} (size {})",
                i.shape[k], o.shape[d as usize]
            )
        })
        .collect()
}

/// A permutation of the operand's dimensions, giving the result's shape.
fn transpose(t: &Typed<'_>, perm: &[i64]) -> Vec<String> {
    let mut sorted = perm.to_vec();
    sorted.sort();
    if sorted != (0..perm.len() as i64).collect::<Vec<_>>() || t.in_rank().is_some_and(|r| r != perm.len()) {
        return vec![format!("transpose permutation {perm:?} is not a permutation of the operand's dimensions")];
    }
    let (Some(i), Some(o)) = (t.input(0), t.out()) else { return Vec::new() };
    let want: Vec<i64> = perm.iter().map(|&p| i.shape[p as usize]).collect();
    if want != o.shape { vec![format!("transpose result shape {:?} should be {want:?}", o.shape)] } else { Vec::new() }
}

/// As many elements out as in.
fn reshape(t: &Typed<'_>) -> Vec<String> {
    match (t.input(0), t.out()) {
        (Some(i), Some(o)) if i.num_elements() != o.num_elements() => {
            vec![format!("reshape changes the element count ({} to {})", i.num_elements(), o.num_elements())]
        }
        _ => Vec::new(),
    }
}

/// Batch and contracting dimensions in pairs, within each side's rank, of equal sizes.
fn dot_general(t: &Typed<'_>, d: &DotDims) -> Vec<String> {
    let (lr, rr) = (t.in_rank(), t.input(1).map(TensorType::rank));
    if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contracting.len() != d.rhs_contracting.len() {
        return vec!["dot_general has unequal numbers of batch or contracting dims on its two sides".into()];
    }
    if !in_range(&d.lhs_batch, lr)
        || !in_range(&d.lhs_contracting, lr)
        || !in_range(&d.rhs_batch, rr)
        || !in_range(&d.rhs_contracting, rr)
    {
        return vec!["dot_general names a dimension beyond an operand's rank".into()];
    }
    let (Some(l), Some(r)) = (t.input(0), t.input(1)) else { return Vec::new() };
    d.lhs_batch
        .iter()
        .zip(&d.rhs_batch)
        .chain(d.lhs_contracting.iter().zip(&d.rhs_contracting))
        .filter(|&(a, b)| l.shape[*a as usize] != r.shape[*b as usize])
        .map(|(a, b)| {
            format!(
                "dot_general pairs lhs dim {a} (size {}) with rhs dim {b} (size {})",
                l.shape[*a as usize], r.shape[*b as usize]
            )
        })
        .collect()
}

/// A reduction's or a reverse's `dims`: distinct dimensions of the operand.
fn distinct_dims(t: &Typed<'_>, dims: &[i64]) -> Vec<String> {
    if in_range(dims, t.in_rank()) && unique(dims) {
        return Vec::new();
    }
    vec![format!(
        "'{}' dims {dims:?} are not distinct dimensions of the rank-{} operand",
        t.name,
        t.in_rank().unwrap_or(0)
    )]
}

/// The joined dimension within the rank.
fn concatenate(t: &Typed<'_>, dim: i64) -> Vec<String> {
    if in_range(&[dim], t.in_rank()) {
        return Vec::new();
    }
    vec![format!("concatenate dim {dim} is beyond the rank {}", t.in_rank().unwrap_or(0))]
}

/// A bound of each kind per operand dimension.
fn slice(t: &Typed<'_>, start: &[i64], limit: &[i64], strides: &[i64]) -> Vec<String> {
    if t.in_rank().is_none_or(|r| r == start.len() && r == limit.len() && r == strides.len()) {
        return Vec::new();
    }
    vec![format!("slice bounds have {} entries for an operand of rank {}", start.len(), t.in_rank().unwrap_or(0))]
}

/// A padding of each kind per operand dimension.
fn pad(t: &Typed<'_>, low: &[i64], high: &[i64], interior: &[i64]) -> Vec<String> {
    if t.in_rank().is_none_or(|r| r == low.len() && r == high.len() && r == interior.len()) {
        return Vec::new();
    }
    vec![format!("pad has {} low entries for an operand of rank {}", low.len(), t.in_rank().unwrap_or(0))]
}

/// A size per operand dimension.
fn dynamic_slice(t: &Typed<'_>, sizes: &[i64]) -> Vec<String> {
    if t.in_rank().is_none_or(|r| r == sizes.len()) {
        return Vec::new();
    }
    vec![format!("dynamic_slice has {} sizes for an operand of rank {}", sizes.len(), t.in_rank().unwrap_or(0))]
}

/// The counted dimension within the result's rank.
fn iota(t: &Typed<'_>, dim: i64) -> Vec<String> {
    if in_range(&[dim], t.out_rank()) {
        return Vec::new();
    }
    vec![format!("iota dim {dim} is beyond the result's rank {}", t.out_rank().unwrap_or(0))]
}

/// A slice size per operand dimension, and dimension numbers within the ranks.
fn gather(t: &Typed<'_>, g: &GatherDims) -> Vec<String> {
    let (in_rank, out_rank) = (t.in_rank(), t.out_rank());
    let mut found = Vec::new();
    if in_rank.is_some_and(|r| r != g.slice_sizes.len()) {
        found.push(format!(
            "gather has {} slice sizes for an operand of rank {}",
            g.slice_sizes.len(),
            in_rank.unwrap_or(0)
        ));
    }
    if !in_range(&g.collapsed_slice_dims, in_rank)
        || !in_range(&g.start_index_map, in_rank)
        || !in_range(&g.offset_dims, out_rank)
    {
        found.push("gather dimension numbers name a dimension beyond a rank".into());
    }
    found
}

/// Dimension numbers within the operand's rank.
fn scatter(t: &Typed<'_>, dims: &ScatterDims) -> Vec<String> {
    if in_range(&dims.inserted_window_dims, t.in_rank()) && in_range(&dims.scatter_dims_to_operand_dims, t.in_rank()) {
        return Vec::new();
    }
    vec!["scatter dimension numbers name a dimension beyond the operand's rank".into()]
}

/// The input's labels (batch, feature, spatial) distinct and one per dimension.
fn convolution(t: &Typed<'_>, dims: &ConvDims) -> Vec<String> {
    let in_rank = t.in_rank();
    let all = [dims.input_batch, dims.input_feature]
        .into_iter()
        .chain(dims.input_spatial.iter().copied())
        .collect::<Vec<_>>();
    if in_range(&all, in_rank) && unique(&all) && in_rank.is_none_or(|r| r == all.len()) {
        return Vec::new();
    }
    vec!["convolution input dimension labels do not match the input's rank".into()]
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
