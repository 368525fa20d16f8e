//! From an op's name and syntax to its [`OpKind`]: the per-op knowledge of StableHLO's two printed forms.
//! Rules as data where they are data (the elementwise ops are rows of [`crate::op::ELEMENTWISE`]); a
//! short function per op family otherwise.

use super::attr::{Attr, AttrError, Cursor};
use super::lexer::{Tok, Token};
use crate::op::{
    CompareDirection, ConvDims, DotDims, ELEMENTWISE, ElementwiseOp as E, GatherDims, OpKind, ReduceKind, ScatterDims,
    Window,
};
use crate::sharding_rule::OpShardingRule;
use crate::types::Type;

/// `chlo` ops that are elementwise.
const CHLO_ELEMENTWISE: &[&str] = &[
    "square",
    "erf",
    "erfc",
    "erf_inv",
    "lgamma",
    "digamma",
    "tan",
    "sinh",
    "cosh",
    "asin",
    "acos",
    "atan",
    "asinh",
    "acosh",
    "atanh",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "next_after",
    "polygamma",
    "zeta",
    "bessel_i1e",
    "conj",
    "broadcast_add",
    "broadcast_subtract",
    "broadcast_multiply",
    "broadcast_divide",
    "broadcast_maximum",
    "broadcast_minimum",
];

/// Reductions a single-op body can compute, by the body op's short name.
const REDUCTIONS: &[(&str, ReduceKind)] = &[
    ("add", ReduceKind::Add),
    ("multiply", ReduceKind::Mul),
    ("maximum", ReduceKind::Max),
    ("minimum", ReduceKind::Min),
    ("and", ReduceKind::And),
    ("or", ReduceKind::Or),
    ("xor", ReduceKind::Xor),
];

/// The reduction named by a body op (`stablehlo.add` → Add).
pub fn reduction_of(op_name: &str) -> ReduceKind {
    let short = short_name(op_name);
    REDUCTIONS.iter().find(|(n, _)| *n == short).map_or(ReduceKind::Other, |(_, k)| *k)
}

/// The op name without its dialect prefix, for StableHLO and MHLO ops.
pub fn short_name(name: &str) -> &str {
    name.strip_prefix("stablehlo.").or_else(|| name.strip_prefix("mhlo.")).unwrap_or(name)
}

/// What the kind extraction sees of one op.
pub struct OpCtx<'a> {
    /// Full op name.
    pub name: &'a str,
    /// Source text.
    pub src: &'a str,
    /// Body tokens up to (excluding) the signature colon.
    pub head: &'a [Token],
    /// Attributes from the generic form's `<{...}>` and any `{...}` dictionary.
    pub attrs: &'a [(String, Attr)],
    /// Operand types.
    pub operand_types: Vec<&'a Type>,
    /// The reduction each region computes.
    pub region_kinds: Vec<ReduceKind>,
}

/// The integer a `constant` holds, when it holds one (generic `value = dense<3>` or pretty `dense<3>`).
fn constant_scalar(cx: &OpCtx<'_>) -> Option<i64> {
    let value = match cx.attr("value") {
        Some(a) => a.ints(),
        None => Cursor { src: cx.src, toks: cx.head, pos: 0 }.attr().ok()?.ints(),
    }?;
    match value[..] {
        [x] => Some(x),
        [x, ..] if value.iter().all(|&y| y == x) => Some(x),
        _ => None,
    }
}

/// The outcome of kind extraction.
pub enum KindResult {
    /// A kind.
    Kind(Box<OpKind>),
    /// Not an op automap knows: opaque.
    Unknown,
    /// A known op in a form automap does not read: opaque, with the reason as a warning.
    Unsupported(String),
}

type R<T> = Result<T, AttrError>;

impl<'a> OpCtx<'a> {
    fn attr(&self, key: &str) -> Option<&Attr> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// A cursor just after `key =` at depth 0 of the pretty head, if present.
    fn kw(&self, key: &str) -> Option<Cursor<'a>> {
        self.kw_at(key, 0)
    }

    /// `key = ...` at bracket depth `at` of the head: 0 for `op %x, key = 1`, 1 for the form that
    /// writes attributes among the operands, `chlo.top_k(%x, k = 2)`.
    fn kw_at(&self, key: &str, at: i32) -> Option<Cursor<'a>> {
        let mut depth = 0i32;
        for (i, t) in self.head.iter().enumerate() {
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => depth -= 1,
                Tok::Ident
                    if depth == at && t.text(self.src) == key && self.head.get(i + 1).is_some_and(|n| n.is(b'=')) =>
                {
                    return Some(Cursor { src: self.src, toks: self.head, pos: i + 2 });
                }
                _ => {}
            }
        }
        None
    }

    fn missing(&self, what: &str) -> AttrError {
        AttrError { at: 0, message: format!("'{}' is missing its {what}", self.name) }
    }

    /// An integer list from the generic attribute `gkey` or the pretty keyword `pkey`.
    fn ints(&self, gkey: &str, pkey: &str) -> R<Vec<i64>> {
        if let Some(a) = self.attr(gkey) {
            return a.ints().ok_or_else(|| self.missing(&format!("integer list '{gkey}'")));
        }
        if let Some(mut c) = self.kw(pkey) {
            return c.attr()?.ints().ok_or_else(|| c.error(format!("expected an integer list after '{pkey} ='")));
        }
        Err(self.missing(&format!("'{pkey}'")))
    }

    fn ints_or_empty(&self, gkey: &str, pkey: &str) -> R<Vec<i64>> {
        if self.attr(gkey).is_none() && self.kw(pkey).is_none() {
            return Ok(Vec::new());
        }
        self.ints(gkey, pkey)
    }

    fn int(&self, gkey: &str, pkey: &str) -> R<i64> {
        if let Some(a) = self.attr(gkey) {
            return a.int().ok_or_else(|| self.missing(&format!("integer '{gkey}'")));
        }
        if let Some(mut c) = self.kw(pkey) {
            return c.int();
        }
        Err(self.missing(&format!("'{pkey}'")))
    }

    fn int_or(&self, gkey: &str, pkey: &str, default: i64) -> R<i64> {
        if self.attr(gkey).is_none() && self.kw(pkey).is_none() {
            return Ok(default);
        }
        self.int(gkey, pkey)
    }

    fn flag(&self, key: &str) -> bool {
        self.attr(key).and_then(Attr::bool).unwrap_or(false)
    }

    fn rank(&self, operand: usize) -> usize {
        self.operand_types.get(operand).and_then(|t| t.as_tensor()).map_or(0, |t| t.rank())
    }

    /// `[[lo, hi], ...]` from a dense (generic) or a nested list (pretty).
    fn padding(&self, gkey: &str, pretty: Option<&Attr>) -> R<Vec<(i64, i64)>> {
        let flat = match (self.attr(gkey), pretty) {
            (Some(a), _) => a.ints(),
            (None, Some(Attr::List(rows))) => {
                let mut flat = Vec::new();
                for r in rows {
                    flat.extend(r.ints().ok_or_else(|| self.missing("padding pairs"))?);
                }
                Some(flat)
            }
            (None, _) => return Ok(Vec::new()),
        };
        let flat = flat.ok_or_else(|| self.missing(&format!("integer '{gkey}'")))?;
        if flat.len() % 2 != 0 {
            return Err(self.missing("padding pairs"));
        }
        Ok(flat.chunks(2).map(|p| (p[0], p[1])).collect())
    }
}

/// Determine the kind of an op.
pub fn op_kind(cx: &OpCtx<'_>) -> R<KindResult> {
    let kind = |k: OpKind| KindResult::Kind(Box::new(k));
    if let Some(short) = cx.name.strip_prefix("chlo.") {
        if let Some(n) = CHLO_ELEMENTWISE.iter().find(|n| **n == short) {
            return Ok(kind(OpKind::Elementwise(E::Chlo(n))));
        }
        if short == "top_k" {
            // `chlo.top_k(%x, k = 2)` (JAX's printer), `chlo.top_k %x, k = 2`, or the generic `<{k = 2}>`.
            let k = match cx.kw_at("k", 1) {
                Some(mut c) if cx.attr("k").is_none() && cx.kw("k").is_none() => c.int()?,
                _ => cx.int("k", "k")?,
            };
            return Ok(kind(OpKind::TopK { k }));
        }
        return Ok(KindResult::Unknown);
    }
    if cx.name == "sdy.manual_computation" {
        return manual_computation(cx).map(kind);
    }
    if !(cx.name.starts_with("stablehlo.") || cx.name.starts_with("mhlo.")) {
        return Ok(KindResult::Unknown);
    }
    let short = short_name(cx.name);
    if short == "compare" {
        return Ok(kind(OpKind::Elementwise(E::Compare(compare_direction(cx)?))));
    }
    if let Some(row) = ELEMENTWISE.iter().find(|row| row.name == short) {
        return Ok(kind(OpKind::Elementwise(row.op)));
    }
    let op_kind = match short {
        "constant" => OpKind::Constant { scalar: constant_scalar(cx) },
        "iota" => OpKind::Iota { dim: cx.int("iota_dimension", "dim")? },
        "broadcast_in_dim" => OpKind::BroadcastInDim { dims: cx.ints("broadcast_dimensions", "dims")? },
        "reshape" => OpKind::Reshape,
        "transpose" => OpKind::Transpose { perm: cx.ints("permutation", "dims")? },
        "dot_general" => OpKind::DotGeneral(dot_dims(cx)?),
        "dot" => {
            let lhs_rank = cx.rank(0) as i64;
            OpKind::DotGeneral(DotDims {
                lhs_contracting: vec![lhs_rank - 1],
                rhs_contracting: vec![0],
                ..DotDims::default()
            })
        }
        "reduce" => {
            let dims = cx.ints("dimensions", "dimensions")?;
            let reduce = match cx.head.iter().position(|t| t.tok == Tok::Ident && t.text(cx.src) == "applies") {
                Some(i) => cx.head.get(i + 1).map_or(ReduceKind::Other, |t| reduction_of(t.text(cx.src))),
                None => cx.region_kinds.first().copied().unwrap_or(ReduceKind::Other),
            };
            OpKind::Reduce { dims, kind: reduce }
        }
        "reduce_window" => OpKind::ReduceWindow {
            window: Window {
                dimensions: cx.ints("window_dimensions", "window_dimensions")?,
                strides: cx.ints_or_empty("window_strides", "window_strides")?,
                padding: cx.padding("padding", None)?,
                base_dilations: cx.ints_or_empty("base_dilations", "base_dilations")?,
                window_dilations: cx.ints_or_empty("window_dilations", "window_dilations")?,
            },
            kind: cx.region_kinds.first().copied().unwrap_or(ReduceKind::Other),
        },
        "slice" => slice(cx)?,
        "dynamic_slice" => OpKind::DynamicSlice { sizes: cx.ints("slice_sizes", "sizes")? },
        "dynamic_update_slice" => OpKind::DynamicUpdateSlice,
        "concatenate" => OpKind::Concatenate { dim: cx.int("dimension", "dim")? },
        "pad" => OpKind::Pad {
            low: cx.ints("edge_padding_low", "low")?,
            high: cx.ints("edge_padding_high", "high")?,
            interior: cx.ints("interior_padding", "interior")?,
        },
        "reverse" => OpKind::Reverse { dims: cx.ints("dimensions", "dims")? },
        "gather" => match gather_dims(cx)? {
            Some(g) => OpKind::Gather(g),
            None => return Ok(KindResult::Unsupported("gather without readable dimension numbers".into())),
        },
        "scatter" => match scatter_dims(cx)? {
            Some(dims) => OpKind::Scatter { dims, kind: cx.region_kinds.first().copied().unwrap_or(ReduceKind::Other) },
            None => return Ok(KindResult::Unsupported("scatter without readable dimension numbers".into())),
        },
        "convolution" => match convolution(cx)? {
            Some(k) => k,
            None => return Ok(KindResult::Unsupported("convolution dimension numbers in an unknown form".into())),
        },
        "select_and_scatter" => OpKind::SelectAndScatter {
            window: Window {
                dimensions: cx.ints("window_dimensions", "window_dimensions")?,
                strides: cx.ints_or_empty("window_strides", "window_strides")?,
                padding: cx.padding("padding", None)?,
                ..Window::default()
            },
        },
        "sort" => OpKind::Sort { dim: cx.int_or("dimension", "dim", -1)? },
        "custom_call" => {
            let target =
                match cx.attr("call_target_name") {
                    Some(Attr::Str(s)) => s.clone(),
                    _ => cx.head.iter().find(|t| t.tok == Tok::Symbol).map_or_else(String::new, |t| {
                        t.text(cx.src).trim_start_matches('@').trim_matches('"').to_string()
                    }),
                };
            let config = match cx.attr("backend_config") {
                Some(Attr::Str(config)) => Some(config.as_str()),
                _ => None,
            };
            let kernel = match cx.attr("kernel_name") {
                Some(Attr::Str(name)) => Some(name.clone()),
                _ => None,
            };
            let cost = crate::kernel_cost::from_call(&target, kernel.as_deref(), config, &cx.operand_types);
            OpKind::CustomCall { target, kernel, rule: sharding_rule(cx)?, cost }
        }
        "optimization_barrier" => OpKind::OptimizationBarrier,
        "rng_bit_generator" => OpKind::RngBitGenerator,
        "all_reduce"
        | "all_gather"
        | "reduce_scatter"
        | "all_to_all"
        | "collective_permute"
        | "collective_broadcast" => OpKind::Collective,
        "tuple" => OpKind::Tuple,
        "get_tuple_element" => {
            let index = match cx.attr("index") {
                Some(a) => a.int().ok_or_else(|| cx.missing("index"))?,
                None => {
                    let i = cx.head.iter().position(|t| t.is(b'[')).ok_or_else(|| cx.missing("index"))?;
                    Cursor { src: cx.src, toks: cx.head, pos: i + 1 }.int()?
                }
            };
            OpKind::GetTupleElement { index }
        }
        "while" => OpKind::While,
        "case" => OpKind::Case,
        "if" => OpKind::If,
        _ => return Ok(KindResult::Unknown),
    };
    Ok(kind(op_kind))
}

/// `sdy.manual_computation(%a, ...) in_shardings=[<@mesh, [...]>, ...] out_shardings=[...]
/// manual_axes={"x", ...} (%arg: T, ...) { ... }`, or the generic form's properties of the same names.
fn manual_computation(cx: &OpCtx<'_>) -> R<OpKind> {
    // The text of `key = value` in the head (pretty `key=[...]`, generic `key = #sdy.sharding_per_value<[...]>`).
    let text = |key: &str| -> Option<String> {
        let i = cx.head.iter().position(|t| t.tok == Tok::Ident && t.text(cx.src) == key)?;
        if !cx.head.get(i + 1)?.is(b'=') {
            return None;
        }
        let open = cx.head.get(i + 2)?;
        let mut c = Cursor { src: cx.src, toks: cx.head, pos: i + 2 };
        if !open.is(b'[') && !open.is(b'{') {
            c.pos += 1; // a dialect attribute's name, then its `<...>`
        }
        c.skip_group().ok()?;
        let close = cx.head.get(c.pos.checked_sub(1)?)?;
        Some(cx.src[open.span.start as usize..close.span.end as usize].to_string())
    };
    let shardings = |key: &str| -> R<Vec<crate::sharding::TensorSharding>> {
        let t = text(key).ok_or_else(|| cx.missing(&format!("'{key}'")))?;
        let t = t.trim();
        let t = t.strip_prefix("#sdy.sharding_per_value<").and_then(|t| t.strip_suffix('>')).unwrap_or(t);
        let inner = t.strip_prefix('[').and_then(|t| t.strip_suffix(']')).unwrap_or(t);
        split_top(inner)
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                let p = p.trim();
                let full = if p.starts_with("#sdy.sharding") { p.to_string() } else { format!("#sdy.sharding{p}") };
                crate::sharding::TensorSharding::parse(&full).map_err(|e| AttrError {
                    at: 0,
                    message: format!("'{}' has a sharding it cannot read: {e}", cx.name),
                })
            })
            .collect()
    };
    let manual_axes =
        text("manual_axes").map(|t| t.split('"').skip(1).step_by(2).map(str::to_string).collect()).unwrap_or_default();
    Ok(OpKind::ManualComputation {
        in_shardings: shardings("in_shardings")?,
        out_shardings: shardings("out_shardings")?,
        manual_axes,
    })
}

/// `a, <b, c>, [d]` split at its commas outside brackets.
fn split_top(s: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, ch) in s.char_indices() {
        match ch {
            '<' | '[' | '{' | '(' => depth += 1,
            '>' | ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

fn compare_direction(cx: &OpCtx<'_>) -> R<CompareDirection> {
    if let Some(Attr::Dialect { words, .. }) = cx.attr("comparison_direction")
        && let Some(d) = words.iter().find_map(|w| CompareDirection::parse(w))
    {
        return Ok(d);
    }
    cx.head
        .iter()
        .filter(|t| t.tok == Tok::Ident)
        .find_map(|t| CompareDirection::parse(t.text(cx.src)))
        .ok_or_else(|| cx.missing("comparison direction (EQ, NE, GE, GT, LE, LT)"))
}

fn dot_dims(cx: &OpCtx<'_>) -> R<DotDims> {
    if let Some(d) = cx.attr("dot_dimension_numbers") {
        let get = |k: &str| d.get(k).and_then(Attr::ints).unwrap_or_default();
        return Ok(DotDims {
            lhs_batch: get("lhs_batching_dimensions"),
            rhs_batch: get("rhs_batching_dimensions"),
            lhs_contracting: get("lhs_contracting_dimensions"),
            rhs_contracting: get("rhs_contracting_dimensions"),
        });
    }
    let pair = |key: &str| -> R<(Vec<i64>, Vec<i64>)> {
        match cx.kw(key) {
            None => Ok((Vec::new(), Vec::new())),
            Some(mut c) => {
                let l = c.int_list()?;
                if !c.eat_word("x") {
                    return Err(c.error(format!("expected 'x' between the two dimension lists of '{key}'")));
                }
                Ok((l, c.int_list()?))
            }
        }
    };
    let (lhs_batch, rhs_batch) = pair("batching_dims")?;
    let (lhs_contracting, rhs_contracting) = pair("contracting_dims")?;
    Ok(DotDims { lhs_batch, rhs_batch, lhs_contracting, rhs_contracting })
}

fn slice(cx: &OpCtx<'_>) -> R<OpKind> {
    if cx.attr("start_indices").is_some() {
        let start = cx.ints("start_indices", "")?;
        let limit = cx.ints("limit_indices", "")?;
        let strides = if cx.attr("strides").is_some() { cx.ints("strides", "")? } else { vec![1; start.len()] };
        return Ok(OpKind::Slice { start, limit, strides });
    }
    // Pretty: `%x [0:8, 1:16:2]`.
    let open =
        cx.head.iter().position(|t| t.is(b'[')).ok_or_else(|| cx.missing("slice bounds [start:limit:stride, ...]"))?;
    let mut c = Cursor { src: cx.src, toks: cx.head, pos: open + 1 };
    let (mut start, mut limit, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    if !c.eat(b']') {
        loop {
            start.push(c.int()?);
            c.expect(b':')?;
            limit.push(c.int()?);
            strides.push(if c.eat(b':') { c.int()? } else { 1 });
            if c.eat(b']') {
                break;
            }
            c.expect(b',')?;
        }
    }
    Ok(OpKind::Slice { start, limit, strides })
}

fn gather_dims(cx: &OpCtx<'_>) -> R<Option<GatherDims>> {
    let Some(d) = cx.attr("dimension_numbers") else { return Ok(None) };
    let get = |k: &str| d.get(k).and_then(Attr::ints).unwrap_or_default();
    Ok(Some(GatherDims {
        offset_dims: get("offset_dims"),
        collapsed_slice_dims: get("collapsed_slice_dims"),
        operand_batching_dims: get("operand_batching_dims"),
        start_indices_batching_dims: get("start_indices_batching_dims"),
        start_index_map: get("start_index_map"),
        index_vector_dim: d.get("index_vector_dim").and_then(Attr::int).unwrap_or(0),
        slice_sizes: cx.ints("slice_sizes", "slice_sizes")?,
        indices_are_sorted: cx.flag("indices_are_sorted"),
    }))
}

fn scatter_dims(cx: &OpCtx<'_>) -> R<Option<ScatterDims>> {
    let Some(d) = cx.attr("scatter_dimension_numbers") else { return Ok(None) };
    let get = |k: &str| d.get(k).and_then(Attr::ints).unwrap_or_default();
    Ok(Some(ScatterDims {
        update_window_dims: get("update_window_dims"),
        inserted_window_dims: get("inserted_window_dims"),
        input_batching_dims: get("input_batching_dims"),
        scatter_indices_batching_dims: get("scatter_indices_batching_dims"),
        scatter_dims_to_operand_dims: get("scatter_dims_to_operand_dims"),
        index_vector_dim: d.get("index_vector_dim").and_then(Attr::int).unwrap_or(0),
        indices_are_sorted: cx.flag("indices_are_sorted"),
        unique_indices: cx.flag("unique_indices"),
    }))
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
fn conv_dims(c: &mut Cursor<'_>) -> R<ConvDims> {
    fn labels(c: &mut Cursor<'_>) -> R<Vec<String>> {
        c.expect(b'[')?;
        let mut out = Vec::new();
        loop {
            let t = c.peek().ok_or_else(|| c.error("unterminated dimension list"))?;
            if !matches!(t.tok, Tok::Ident | Tok::Int) {
                return Err(
                    c.error(format!("expected a dimension label (b, f, i, o or a digit), found '{}'", c.peek_text()))
                );
            }
            out.push(c.peek_text().to_string());
            c.pos += 1;
            if c.eat(b']') {
                return Ok(out);
            }
            c.expect(b',')?;
        }
    }
    fn find(ls: &[String], want: &str) -> i64 {
        ls.iter().position(|l| l == want).map_or(-1, |i| i as i64)
    }
    fn spatial(ls: &[String]) -> Vec<i64> {
        let mut sp: Vec<(u32, i64)> =
            ls.iter().enumerate().filter_map(|(i, l)| l.parse::<u32>().ok().map(|n| (n, i as i64))).collect();
        sp.sort();
        sp.into_iter().map(|(_, i)| i).collect()
    }
    let input = labels(c)?;
    if !c.eat_word("x") {
        return Err(c.error("expected 'x' after the input dimension labels"));
    }
    let kernel = labels(c)?;
    if !c.peek().is_some_and(|t| t.tok == Tok::Arrow) {
        return Err(c.error("expected '->' before the output dimension labels"));
    }
    c.pos += 1;
    let output = labels(c)?;
    Ok(ConvDims {
        input_batch: find(&input, "b"),
        input_feature: find(&input, "f"),
        input_spatial: spatial(&input),
        kernel_input_feature: find(&kernel, "i"),
        kernel_output_feature: find(&kernel, "o"),
        kernel_spatial: spatial(&kernel),
        output_batch: find(&output, "b"),
        output_feature: find(&output, "f"),
        output_spatial: spatial(&output),
    })
}

fn convolution(cx: &OpCtx<'_>) -> R<Option<OpKind>> {
    let (dims, window) = if let Some(Attr::Dialect { body, .. }) = cx.attr("dimension_numbers") {
        // The attribute parser kept the body's token range relative to the head it parsed.
        let mut c = Cursor { src: cx.src, toks: &cx.head[..body.1], pos: body.0 };
        let dims = match conv_dims(&mut c) {
            Ok(d) => d,
            Err(_) => return Ok(None),
        };
        let window = Window {
            strides: cx.ints_or_empty("window_strides", "")?,
            padding: cx.padding("padding", None)?,
            base_dilations: cx.ints_or_empty("lhs_dilation", "")?,
            window_dilations: cx.ints_or_empty("rhs_dilation", "")?,
            dimensions: Vec::new(),
        };
        (dims, window)
    } else {
        let Some(mut c) = cx.kw("dim_numbers") else { return Ok(None) };
        let dims = conv_dims(&mut c)?;
        let window = match cx.kw("window") {
            None => Window::default(),
            Some(mut c) => {
                let w = c.dict()?;
                let list = |k: &str| w.get(k).and_then(Attr::ints).unwrap_or_default();
                Window {
                    strides: list("stride"),
                    padding: cx.padding("", w.get("pad"))?,
                    base_dilations: list("lhs_dilate"),
                    window_dilations: list("rhs_dilate"),
                    dimensions: Vec::new(),
                }
            }
        };
        (dims, window)
    };
    Ok(Some(OpKind::Convolution {
        dims,
        window,
        feature_group_count: cx.int_or("feature_group_count", "feature_group_count", 1)?,
        batch_group_count: cx.int_or("batch_group_count", "batch_group_count", 1)?,
    }))
}

/// A custom call's `sdy.sharding_rule`: the attribute itself, or the string XLA's round trip leaves in
/// `mhlo.frontend_attributes` (`xla.sdy.sharding_rule = "#sdy.op_sharding_rule<...>"`).
fn sharding_rule(cx: &OpCtx) -> R<Option<Box<OpShardingRule>>> {
    let text = match cx.attr("sdy.sharding_rule") {
        Some(Attr::Dialect { body, .. }) if body.1 > body.0 => {
            cx.src[cx.head[body.0].span.start as usize..cx.head[body.1 - 1].span.end as usize].to_string()
        }
        _ => match cx.attr("mhlo.frontend_attributes") {
            Some(Attr::Dict(d)) => match d.iter().find(|(k, _)| k == "xla.sdy.sharding_rule") {
                Some((_, Attr::Str(s))) => s.clone(),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        },
    };
    OpShardingRule::parse(&text)
        .map(|r| Some(Box::new(r)))
        .map_err(|e| AttrError { at: 0, message: format!("custom_call's sdy.sharding_rule: {e}") })
}
