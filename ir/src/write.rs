//! The annotation writer: adds attributes to the entry function's arguments and results and to op
//! results, by inserting text into the original module. Nothing else is reprinted, so a module written
//! with no annotations is byte-identical to its source.

use crate::ids::OpId;
use crate::module::Module;
use crate::span::Span;
use std::collections::BTreeMap;

/// What an attribute is attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// Argument `i` of the entry function.
    Arg(usize),
    /// Result `i` of the entry function.
    Result(usize),
    /// An op (its attribute dictionary).
    Op(OpId),
}

/// Why a set of annotations cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The module was printed in the generic op form; annotating it is not supported.
    #[error("the module is in MLIR's generic op form; annotations are written only into the pretty form")]
    GenericForm,
    /// No such argument, result or op.
    #[error("no such place to annotate: {0:?}")]
    NoSuchTarget(Target),
    /// The attribute is already there.
    #[error("{target:?} already has an attribute '{key}'")]
    AlreadySet {
        /// Where.
        target: Target,
        /// Which attribute.
        key: String,
    },
    /// An op inlined from a function called more than once has its text in the callee, shared by every
    /// call.
    #[error("op {0} was inlined from a function called more than once; its text is shared by every call")]
    Inlined(OpId),
    /// Sharding constraints are written only around ops with text of their own (see
    /// [`Module::sole_text`]), at the top level of their function or inside `while` loops and `case`
    /// branches, that start their line:
    /// after one with a single named tensor result, before one on a tensor operand.
    #[error(
        "op {0} cannot take this sharding constraint (it needs an op of the entry function starting its line, \
         with one named tensor result or a tensor operand)"
    )]
    NotConstrainable(OpId),
}

/// Attributes to add, by target, in insertion order.
#[derive(Clone, Debug, Default)]
pub struct Annotations {
    attrs: BTreeMap<Target, Vec<(String, String)>>,
    /// Lines to put before the entry function, at module level (an `sdy.mesh` declaration).
    before_entry: Vec<String>,
    /// Operands `(op, k)` resharded by `sdy.sharding_constraint`s just before their op (the shardings).
    operand_constraints: BTreeMap<(OpId, usize), Vec<String>>,
    /// Ops whose result passes through `sdy.sharding_constraint`s (each sharding's `<@mesh, [...]>`, in order).
    constraints: BTreeMap<OpId, Vec<String>>,
    /// The module's new `mhlo.num_partitions`, written where the module has that attribute.
    num_partitions: Option<u64>,
}

impl Annotations {
    /// No annotations.
    pub fn new() -> Annotations {
        Annotations::default()
    }

    /// Add `key = value` (value already in MLIR attribute syntax) to `target`.
    pub fn set(&mut self, target: Target, key: impl Into<String>, value: impl Into<String>) {
        self.attrs.entry(target).or_default().push((key.into(), value.into()));
    }

    /// Put `line` (an op such as `sdy.mesh @mesh = <["x"=8]>`) at module level, before the entry function.
    pub fn before_entry(&mut self, line: impl Into<String>) {
        self.before_entry.push(line.into());
    }

    /// Pass the result of `op` through `sdy.sharding_constraint`s at `shardings` (each `<@mesh, [...]>`,
    /// in order; a quoted GSPMD string `"{...}"` instead makes a `stablehlo.custom_call @Sharding`) before
    /// every use: the result is renamed and its old name defined again, right after
    /// the op, as the last constraint of the chain. An op's own `sdy.sharding` is where propagation
    /// starts; a constraint is a value Shardy does not move, so a resharding planned between two
    /// shardings happens there.
    pub fn constrain(&mut self, op: OpId, shardings: Vec<String>) {
        self.constraints.insert(op, shardings);
    }

    /// Reshard operand `k` of `op` through `shardings` (each `<@mesh, [...]>`, or a quoted GSPMD string
    /// as in [`Annotations::constrain`], in order) just before the op: `sdy.sharding_constraint`s of the operand on the lines before, the last of which the op then
    /// uses instead. The op then gets the operand as the plan has it, whatever XLA would have chosen on
    /// its own (such as contracting a sharded operand locally and reducing the result where the plan
    /// gathers it first).
    pub fn constrain_operand(&mut self, op: OpId, k: usize, shardings: Vec<String>) {
        self.operand_constraints.insert((op, k), shardings);
    }

    /// Append `entries` (shardings as for [`Annotations::constrain_operand`], or [`placement`]s) to the
    /// chain operand `k` of `op` passes through just before the op.
    pub fn extend_operand(&mut self, op: OpId, k: usize, entries: Vec<String>) {
        self.operand_constraints.entry((op, k)).or_default().extend(entries);
    }

    /// Append `entries` (as for [`Annotations::extend_operand`]) to the chain the result of `op` passes
    /// through before every use.
    pub fn extend_result(&mut self, op: OpId, entries: Vec<String>) {
        self.constraints.entry(op).or_default().extend(entries);
    }

    /// Set the module's `mhlo.num_partitions` (the device count XLA partitions the module over) to `n`,
    /// where the module carries that attribute (JAX writes it; a module without it is left as it is).
    pub fn num_partitions(&mut self, n: u64) {
        self.num_partitions = Some(n);
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.num_partitions.is_none()
            && self.attrs.is_empty()
            && self.before_entry.is_empty()
            && self.constraints.is_empty()
            && self.operand_constraints.is_empty()
    }
}

/// How a chain entry names a memory kind rather than a sharding (see [`placement`]).
const PLACEMENT_PREFIX: &str = "placement:";

/// A chain entry that moves the value to memory kind `kind` (`pinned_host`, `device`): XLA's
/// `annotate_device_placement` custom call with `_xla_buffer_placement`, as JAX writes
/// `jax.device_put(x, memory_kind=...)` inside a jitted function.
pub fn placement(kind: &str) -> String {
    format!("{PLACEMENT_PREFIX}{kind}")
}

/// Ops whose pretty form puts the attribute dictionary right after the op name, before the operands
/// (StableHLO's `OptimizationBarrierOp`: `attr-dict ($operand^ : ...)`); every other pretty op has it
/// before the `:` of its type signature. By the op's name without its dialect.
const ATTR_DICT_AFTER_NAME: &[&str] = &["optimization_barrier"];

/// An op's name without its dialect (`stablehlo.optimization_barrier` → `optimization_barrier`).
fn short_name(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(_, n)| n)
}

/// Write `module`'s source with `ann` inserted.
pub fn write(module: &Module, ann: &Annotations) -> Result<String, WriteError> {
    let src = &module.source;
    if ann.is_empty() {
        return Ok(src.clone());
    }
    if module.generic_form {
        return Err(WriteError::GenericForm);
    }
    let mut inserts: Vec<(usize, String)> = Vec::new();
    // Replacements: (start, end), each with an insertion at its start that takes its place.
    let mut replaced: Vec<(usize, usize)> = Vec::new();
    if !ann.before_entry.is_empty() {
        let at = module.entry().span.start as usize;
        let indent: String = line_prefix(src, at).chars().take_while(|c| c.is_whitespace()).collect();
        let text: String = ann.before_entry.iter().map(|l| format!("{l}\n{indent}")).collect();
        inserts.push((at, text));
    }
    for (&target, kvs) in &ann.attrs {
        let entries = kvs.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ");
        let (dict, after) = match target {
            Target::Arg(i) => {
                let p = module.entry().args.get(i).ok_or(WriteError::NoSuchTarget(target))?;
                (p.attr_dict, p.ty_span)
            }
            Target::Result(i) => {
                let p = module.entry().results.get(i).ok_or(WriteError::NoSuchTarget(target))?;
                if p.attr_dict.is_none() && !preceded_by_paren(src, p.ty_span) {
                    // `-> tensor<...> {` needs parentheses to take an attribute dictionary.
                    inserts.push((p.ty_span.start as usize, "(".into()));
                    inserts.push((p.ty_span.end as usize, format!(" {{{entries}}})")));
                    continue;
                }
                (p.attr_dict, p.ty_span)
            }
            Target::Op(op) => {
                let data = module.ops.get(op).ok_or(WriteError::NoSuchTarget(target))?;
                if !module.sole_text(op) {
                    return Err(WriteError::Inlined(op));
                }
                let colon = data.syntax.sig_colon.ok_or(WriteError::NoSuchTarget(target))?;
                if data.syntax.attr_dict.is_none() {
                    if ATTR_DICT_AFTER_NAME.contains(&short_name(&data.name)) {
                        inserts.push((data.syntax.name.end as usize, format!(" {{{entries}}}")));
                    } else {
                        inserts.push((colon.start as usize, format!("{{{entries}}} ")));
                    }
                    continue;
                }
                (data.syntax.attr_dict, colon)
            }
        };
        match dict {
            Some(d) => {
                let text = d.text(src);
                let mut added = Vec::new();
                for (k, v) in kvs {
                    if !dict_has_key(text, k) {
                        added.push(format!("{k} = {v}"));
                        continue;
                    }
                    // The sharding JAX wrote on an entry argument or result (a `jit` under a mesh
                    // writes one) is replaced by the plan's; the importer warns where.
                    let replaceable =
                        matches!(target, Target::Arg(_) | Target::Result(_)) && REPLACEABLE.contains(&k.as_str());
                    match dict_value_span(text, k).filter(|_| replaceable) {
                        Some((a, b)) => {
                            let at = d.start as usize + a;
                            inserts.push((at, v.clone()));
                            replaced.push((at, d.start as usize + b));
                        }
                        None => return Err(WriteError::AlreadySet { target, key: k.clone() }),
                    }
                }
                if !added.is_empty() {
                    let inner_empty = text.trim_start_matches('{').trim_end_matches('}').trim().is_empty();
                    let sep = if inner_empty { "" } else { ", " };
                    inserts.push((d.end as usize - 1, format!("{sep}{}", added.join(", "))));
                }
            }
            None => inserts.push((after.end as usize, format!(" {{{entries}}}"))),
        }
    }
    // The names the constraints introduce must not be in the module already: where the source holds
    // neither prefix (a module not annotated before), none can be, and the source is not searched once
    // per constraint (a 10 MB module with thousands of constraints took seconds).
    let taken = Taken {
        constrained: module.source.contains(&format!("%{CONSTRAINED_PREFIX}")),
        resharded: module.source.contains(&format!("%{RESHARDED_PREFIX}")),
    };
    for (&op, sharding) in &ann.constraints {
        inserts.extend(constraint_inserts(module, op, sharding, taken)?);
    }
    for (&(op, k), shardings) in &ann.operand_constraints {
        let edit = operand_constraint(module, op, k, shardings, taken)?;
        inserts.push((edit.at, edit.lines));
        replaced.push((edit.operand.start as usize, edit.operand.end as usize));
        inserts.push((edit.operand.start as usize, edit.name));
    }
    if let (Some(n), Some(span)) = (ann.num_partitions, module.num_partitions) {
        inserts.push((span.start as usize, n.to_string()));
        replaced.push((span.start as usize, span.end as usize));
    }
    // Stable: of two texts at one place, the first pushed goes first.
    inserts.sort_by_key(|(at, _)| *at);
    replaced.sort_unstable();
    let mut out = String::with_capacity(src.len() + inserts.iter().map(|(_, s)| s.len()).sum::<usize>());
    let mut last = 0;
    for (at, text) in inserts {
        out.push_str(&src[last.min(at)..at]);
        out.push_str(&text);
        last = last.max(at);
        // A replaced operand's old text is skipped.
        if let Ok(i) = replaced.binary_search_by_key(&at, |r| r.0) {
            last = replaced[i].1;
        }
    }
    out.push_str(&src[last..]);
    Ok(out)
}

/// The two insertions that put a chain of `sdy.sharding_constraint`s between `op` and its uses: a prefix
/// that renames the result (`%7` becomes `%constrained_7`), and after the op one line per constraint,
/// the last one defining the old name: `%7 = sdy.sharding_constraint %constrained_7 <...> : type`
/// (intermediate values are `%constrained1_7`, ...).
fn constraint_inserts(
    module: &Module,
    op: OpId,
    shardings: &[String],
    taken: Taken,
) -> Result<[(usize, String); 2], WriteError> {
    let src = &module.source;
    let data = module.ops.get(op).ok_or(WriteError::NoSuchTarget(Target::Op(op)))?;
    let bad = WriteError::NotConstrainable(op);
    if !module.sole_text(op) || !in_loops(module, op) || data.results.len() != 1 || shardings.is_empty() {
        return Err(bad);
    }
    let Some(ty) = module.ty(data.results[0]).as_tensor() else { return Err(bad) };
    let name = data.syntax.results.text(src);
    let Some(suffix) = name.strip_prefix('%').filter(|s| !s.is_empty() && !s.contains([':', '#'])) else {
        return Err(bad);
    };
    let names: Vec<String> = (0..=shardings.len())
        .map(|i| match i {
            0 => format!("%{CONSTRAINED_PREFIX}_{suffix}"),
            i if i == shardings.len() => name.to_string(),
            i => format!("%{CONSTRAINED_PREFIX}{i}_{suffix}"),
        })
        .collect();
    if taken.constrained && names[..shardings.len()].iter().any(|n| src.contains(n.as_str())) {
        return Err(bad);
    }
    let indent: String =
        line_prefix(src, data.syntax.span.start as usize).chars().take_while(|c| c.is_whitespace()).collect();
    let loc = location(module, op);
    let lines: String = shardings
        .iter()
        .enumerate()
        .map(|(i, sh)| format!("\n{indent}{}", constraint_line(&names[i + 1], &names[i], sh, ty, &loc)))
        .collect();
    Ok([
        (data.syntax.results.start as usize + 1, format!("{CONSTRAINED_PREFIX}_")),
        (data.syntax.span.end as usize, lines),
    ])
}

/// The lines that reshard operand `k` of `op` (inserted at the start of the op's line), and the operand's
/// span with the name that replaces it (`%resharded{op}_{k}`; intermediate values `%resharded{op}_{k}_{i}`).
fn operand_constraint(
    module: &Module,
    op: OpId,
    k: usize,
    shardings: &[String],
    taken: Taken,
) -> Result<OperandEdit, WriteError> {
    let src = &module.source;
    let data = module.ops.get(op).ok_or(WriteError::NoSuchTarget(Target::Op(op)))?;
    let bad = WriteError::NotConstrainable(op);
    if !module.sole_text(op) || !in_loops(module, op) || shardings.is_empty() {
        return Err(bad);
    }
    let (Some(&span), Some(&v)) = (data.syntax.operands.get(k), data.operands.get(k)) else { return Err(bad) };
    let Some(ty) = module.ty(v).as_tensor() else { return Err(bad) };
    let base = format!("%{RESHARDED_PREFIX}{}_{k}", op.as_u32());
    let names: Vec<String> = (0..=shardings.len())
        .map(|i| match i {
            0 => span.text(src).to_string(),
            i if i == shardings.len() => base.clone(),
            i => format!("{base}_{i}"),
        })
        .collect();
    if taken.resharded && names[1..].iter().any(|n| src.contains(n.as_str())) {
        return Err(bad);
    }
    let start = data.syntax.span.start as usize;
    let indent = line_prefix(src, start);
    if !indent.chars().all(char::is_whitespace) {
        return Err(bad);
    }
    let loc = location(module, op);
    let lines: String = shardings
        .iter()
        .enumerate()
        .map(|(i, sh)| format!("{}\n{indent}", constraint_line(&names[i + 1], &names[i], sh, ty, &loc)))
        .collect();
    Ok(OperandEdit { at: start, lines, operand: span, name: base })
}

/// Is `op` at the top level of its function or inside `while` loops and `case` (or `if`) branches only
/// (whose blocks hold one op per line, where a constraint can be written before or after it)?
fn in_loops(module: &Module, op: OpId) -> bool {
    let mut at = module.ops[op].parent;
    while let Some(p) = at {
        if !matches!(module.ops[p].kind, crate::OpKind::While | crate::OpKind::Case | crate::OpKind::If) {
            return false;
        }
        at = module.ops[p].parent;
    }
    true
}

/// The text (without indent) that defines `new` as `old` constrained to `sharding`: Shardy's
/// `sdy.sharding_constraint` for `<@mesh, [...]>`, GSPMD's `Sharding` custom call for a quoted
/// `mhlo.sharding` string.
fn constraint_line(new: &str, old: &str, sharding: &str, ty: &impl std::fmt::Display, loc: &str) -> String {
    if let Some(kind) = sharding.strip_prefix(PLACEMENT_PREFIX) {
        return format!(
            "{new} = stablehlo.custom_call @annotate_device_placement({old}) {{backend_config = \"\", has_side_effect = true, mhlo.frontend_attributes = {{_xla_buffer_placement = \"{kind}\"}}}} : ({ty}) -> {ty}{loc}"
        );
    }
    if sharding.starts_with('"') {
        return format!(
            "{new} = stablehlo.custom_call @Sharding({old}) {{backend_config = \"\", mhlo.sharding = {sharding}}} : ({ty}) -> {ty}{loc}"
        );
    }
    format!("{new} = sdy.sharding_constraint {old} {sharding} : {ty}{loc}")
}

/// How an operand constraint changes the text: `lines` inserted at `at` (the op's start), and the operand
/// at `operand` replaced by `name`.
struct OperandEdit {
    at: usize,
    lines: String,
    operand: Span,
    name: String,
}

/// The text of `src`'s line before byte `start`.
fn line_prefix(src: &str, start: usize) -> &str {
    &src[src[..start].rfind('\n').map_or(0, |i| i + 1)..start]
}

/// ` loc(...)` as `op` ends with it (empty if it has none): a constraint written for an op shares its
/// location, so that XLA names the collectives it inserts there after the op.
fn location(module: &Module, op: OpId) -> String {
    let text = module.ops[op].syntax.span.text(&module.source);
    match text.rfind(" loc(") {
        Some(i) if text.ends_with(')') && !text[i..].contains('\n') => text[i..].to_string(),
        _ => String::new(),
    }
}

/// The prefix of an operand resharded just before its op.
const RESHARDED_PREFIX: &str = "resharded";

/// Whether the module's source holds a value name with each prefix the constraints introduce (only
/// then can a new name collide with one there).
#[derive(Clone, Copy)]
struct Taken {
    constrained: bool,
    resharded: bool,
}

/// The prefix a constrained op's result is renamed with.
const CONSTRAINED_PREFIX: &str = "constrained";

fn preceded_by_paren(src: &str, span: Span) -> bool {
    src[..span.start as usize].trim_end().ends_with('(') || src[..span.start as usize].trim_end().ends_with(',')
}

/// The sharding attributes an entry argument or result may already carry, which the plan's replace.
pub const REPLACEABLE: &[&str] = &["sdy.sharding", "mhlo.sharding"];

/// The byte range of `key`'s value in an attribute dictionary's text `{k = v, ...}`.
fn dict_value_span(dict: &str, key: &str) -> Option<(usize, usize)> {
    let (i, _) = dict.match_indices(key).find(|&(i, _)| {
        let before = dict[..i].trim_end();
        (before.ends_with('{') || before.ends_with(',')) && dict[i + key.len()..].trim_start().starts_with('=')
    })?;
    let eq = i + key.len() + dict[i + key.len()..].find('=')?;
    let start = eq + 1 + (dict[eq + 1..].len() - dict[eq + 1..].trim_start().len());
    let (mut depth, mut quoted, mut escaped) = (0i32, false, false);
    for (j, c) in dict[start..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            _ if quoted => {}
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            '}' if depth > 0 => depth -= 1,
            ',' | '}' if depth == 0 => return Some((start, start + dict[start..start + j].trim_end().len())),
            _ => {}
        }
    }
    None
}

fn dict_has_key(dict: &str, key: &str) -> bool {
    dict.match_indices(key).any(|(i, _)| {
        let before = dict[..i].trim_end();
        let after = dict[i + key.len()..].trim_start();
        (before.ends_with('{') || before.ends_with(','))
            && (after.starts_with('=') || after.starts_with(',') || after.starts_with('}'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_module;

    const SRC: &str = r#"module @m {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32> {jax.arg_info = "b"}) -> tensor<8x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
}
"#;

    #[test]
    fn no_annotations_is_identity() {
        let m = parse_module(SRC).unwrap();
        assert_eq!(write(&m, &Annotations::new()).unwrap(), SRC);
    }

    #[test]
    fn inserts_attributes_in_place() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.set(Target::Arg(0), "sdy.sharding", "#sdy.sharding<@mesh, [{\"x\"}, {}]>");
        a.set(Target::Arg(1), "sdy.sharding", "#sdy.sharding<@mesh, [{}]>");
        a.set(Target::Result(0), "sdy.sharding", "#sdy.sharding<@mesh, [{\"x\"}, {}]>");
        a.set(Target::Op(m.body[1]), "sdy.sharding", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>");
        let out = write(&m, &a).unwrap();
        assert!(out.contains(r#"%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}"#), "{out}");
        assert!(out.contains(r#"{jax.arg_info = "b", sdy.sharding = #sdy.sharding<@mesh, [{}]>}"#), "{out}");
        assert!(out.contains(r#"-> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {"#), "{out}");
        assert!(out.contains(r#"%1 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x16xf32>"#), "{out}");
        let mut b = Annotations::new();
        b.before_entry("sdy.mesh @mesh = <[\"x\"=8]>");
        let with_mesh = write(&m, &b).unwrap();
        assert!(
            with_mesh.contains("module @m {\n  sdy.mesh @mesh = <[\"x\"=8]>\n  func.func public @main"),
            "{with_mesh}"
        );
        // The result still parses, and the arguments keep their types.
        let again = parse_module(&out).unwrap();
        assert_eq!(again.entry().args.len(), 2);
    }

    #[test]
    fn a_constraint_renames_the_result_and_redefines_its_name() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.constrain(m.body[0], vec!["<@mesh, [{}, {}]>".into(), "<@mesh, [{\"x\"}, {}]>".into()]);
        let out = write(&m, &a).unwrap();
        assert!(
            out.contains(
                "    %constrained_0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>\n    \
                 %constrained1_0 = sdy.sharding_constraint %constrained_0 <@mesh, [{}, {}]> : tensor<8x16xf32>\n    \
                 %0 = sdy.sharding_constraint %constrained1_0 <@mesh, [{\"x\"}, {}]> : tensor<8x16xf32>\n    \
                 %1 = stablehlo.add %arg0, %0 : tensor<8x16xf32>"
            ),
            "{out}"
        );
        let again = parse_module(&out).unwrap();
        assert_eq!(again.body.len(), m.body.len() + 2);
    }

    #[test]
    fn an_operand_constraint_reshards_just_before_the_op() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.constrain_operand(m.body[1], 1, vec!["<@mesh, [{\"x\"}, {}]>".into()]);
        a.set(Target::Op(m.body[1]), "sdy.sharding", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>]>");
        let out = write(&m, &a).unwrap();
        let op = m.body[1].as_u32();
        assert!(
            out.contains(&format!(
                "    %resharded{op}_1 = sdy.sharding_constraint %0 <@mesh, [{{\"x\"}}, {{}}]> : tensor<8x16xf32>\n    \
                 %1 = stablehlo.add %arg0, %resharded{op}_1 {{sdy.sharding = "
            )),
            "{out}"
        );
        let again = parse_module(&out).unwrap();
        assert_eq!(again.body.len(), m.body.len() + 1);
    }

    #[test]
    fn a_placement_moves_the_value_to_a_memory_kind_after_its_sharding() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.constrain_operand(m.body[1], 1, vec!["<@mesh, [{\"x\"}, {}]>".into()]);
        a.extend_operand(m.body[1], 1, vec![placement("pinned_host")]);
        let out = write(&m, &a).unwrap();
        let op = m.body[1].as_u32();
        assert!(
            out.contains(&format!(
                "    %resharded{op}_1_1 = sdy.sharding_constraint %0 <@mesh, [{{\"x\"}}, {{}}]> : tensor<8x16xf32>\n    \
                 %resharded{op}_1 = stablehlo.custom_call @annotate_device_placement(%resharded{op}_1_1) \
                 {{backend_config = \"\", has_side_effect = true, mhlo.frontend_attributes = \
                 {{_xla_buffer_placement = \"pinned_host\"}}}} : (tensor<8x16xf32>) -> tensor<8x16xf32>\n    \
                 %1 = stablehlo.add %arg0, %resharded{op}_1"
            )),
            "{out}"
        );
        assert_eq!(parse_module(&out).unwrap().body.len(), m.body.len() + 2);
    }

    #[test]
    fn a_gspmd_constraint_is_a_sharding_custom_call() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.constrain_operand(m.body[1], 1, vec!["\"{devices=[8,1]<=[8]}\"".into()]);
        let out = write(&m, &a).unwrap();
        let op = m.body[1].as_u32();
        assert!(
            out.contains(&format!(
                "    %resharded{op}_1 = stablehlo.custom_call @Sharding(%0) {{backend_config = \"\", mhlo.sharding = \
                 \"{{devices=[8,1]<=[8]}}\"}} : (tensor<8x16xf32>) -> tensor<8x16xf32>\n    \
                 %1 = stablehlo.add %arg0, %resharded{op}_1"
            )),
            "{out}"
        );
        let again = parse_module(&out).unwrap();
        assert_eq!(again.body.len(), m.body.len() + 1);
    }

    #[test]
    fn an_optimization_barrier_takes_its_attributes_before_its_operands() {
        // `jax.checkpoint` writes this; StableHLO's pretty form reads `attr-dict` first.
        let src = "func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {\n  \
                   %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>\n  \
                   return %0#0 : tensor<4xf32>\n}\n";
        let m = parse_module(src).unwrap();
        let mut a = Annotations::new();
        a.set(Target::Op(m.body[0]), "sdy.sharding", "#sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>");
        let out = write(&m, &a).unwrap();
        assert!(
            out.contains(
                "%0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, \
                 <@mesh, [{}]>]>} %arg0, %arg1 : tensor<4xf32>, tensor<4xf32>"
            ),
            "{out}"
        );
        let again = parse_module(&out).unwrap();
        assert_eq!(again.body.len(), m.body.len());
    }

    #[test]
    fn replaces_a_sharding_jax_wrote_on_an_argument_or_result() {
        let src = SRC
            .replace(
                "%arg0: tensor<8x16xf32>,",
                "%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>, x = 1},",
            )
            .replace(
                "-> tensor<8x16xf32> {\n",
                "-> (tensor<8x16xf32> {jax.result_info = \"r\", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {\n",
            );
        let m = parse_module(&src).unwrap();
        let mut a = Annotations::new();
        a.set(Target::Arg(0), "sdy.sharding", "#sdy.sharding<@mesh, [{\"x\"}, {}]>");
        a.set(Target::Result(0), "sdy.sharding", "#sdy.sharding<@mesh, [{}, {\"x\"}]>");
        let out = write(&m, &a).unwrap();
        assert!(
            out.contains(r#"%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>, x = 1}"#),
            "{out}"
        );
        assert!(out.contains(r#"{jax.result_info = "r", sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})"#), "{out}");
        parse_module(&out).unwrap();
    }

    #[test]
    fn refuses_a_second_value_for_a_key() {
        let m = parse_module(SRC).unwrap();
        let mut a = Annotations::new();
        a.set(Target::Arg(1), "jax.arg_info", "\"c\"");
        assert!(matches!(write(&m, &a), Err(WriteError::AlreadySet { .. })));
    }
}
