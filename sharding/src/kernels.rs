//! Prices for kernels: the costs of `custom_call`s the program does not state, from a table the user
//! writes (`--kernels FILE`), and the warning for a kernel nothing prices.
//!
//! A kernel is opaque to XLA and to automap. The importer prices what the program says
//! ([`automap_ir::kernel_cost`]: a Pallas kernel's `cost_estimate`, cuDNN's fused attention by its
//! config); this table prices the rest by target name, with formulas of the call's operand and result
//! shapes, and overrides the program where both price a target (the user knows their kernel):
//!
//! ```yaml
//! kernels:
//!   - target: my_attention_fwd        # the custom_call's call_target_name, or a Pallas kernel's name
//!     flops: 4 * in0_d0 * in0_d1 * in0_d2 * in0_d3 * in1_d1
//!     bytes: in0_bytes + in1_bytes + in2_bytes + out0_bytes    # optional: operands and results once
//!     transcendentals: in0_d0 * in0_d1 * in0_d2 * in1_d1     # optional: 0
//! ```
//!
//! In a formula, `in2_d1` is dimension 1 of operand 2, `in2_elems` its element count, `in2_bytes` its
//! size; `out0_d0`, `out0_elems`, `out0_bytes` the same of a result; `+ - * / ^ %`, parentheses,
//! `min(a, b)`, `max(a, b)` (the `evalexpr` crate's grammar). A call inside a `shard_map` has its
//! shard's shapes, so its price is per shard; a call the planner shards by its `sdy.sharding_rule` is
//! priced whole and split as the rule splits it.

use crate::spec_error::SpecError;
use automap_ir::kernel_cost::{CostSource, KernelCost};
use automap_ir::module::Warning;
use automap_ir::{Module, OpId, OpKind, Type};
use evalexpr::{ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node, Value};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::path::Path;

/// A formula of a call's shapes, parsed once.
#[derive(Debug)]
struct Formula {
    tree: Node<DefaultNumericTypes>,
    text: String,
    at: serde_saphyr::Location,
}

/// One kernel's price.
#[derive(Debug)]
struct Price {
    target: String,
    flops: Formula,
    bytes: Option<Formula>,
    transcendentals: Option<Formula>,
}

/// The user's kernel prices (`--kernels FILE`).
#[derive(Debug, Default)]
pub struct KernelTable {
    prices: Vec<Price>,
    file: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    kernels: Vec<RawPrice>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrice {
    target: Spanned<String>,
    flops: Spanned<String>,
    #[serde(default)]
    bytes: Option<Spanned<String>>,
    #[serde(default)]
    transcendentals: Option<Spanned<String>>,
}

impl KernelTable {
    /// Read and check a kernel table.
    pub fn load(path: &Path) -> Result<KernelTable, SpecError> {
        let text = std::fs::read_to_string(path).map_err(|e| SpecError::unreadable(path, &e))?;
        KernelTable::parse(&text, &path.display().to_string())
    }

    /// Parse a kernel table; `file` names it in errors. Every formula is parsed and its variables
    /// checked here, so a typo is found before planning.
    pub fn parse(text: &str, file: &str) -> Result<KernelTable, SpecError> {
        let raw: RawTable = serde_saphyr::from_str(text).map_err(|e| SpecError::from_yaml(&e, file))?;
        let err = |at, field: &str, msg: String| SpecError::at(file, text, at, field, msg);
        let formula = |s: &Spanned<String>, field: &str| -> Result<Formula, SpecError> {
            let tree = evalexpr::build_operator_tree::<DefaultNumericTypes>(&s.value)
                .map_err(|e| err(s.referenced, field, format!("`{}` is not a formula: {e}", s.value)))?;
            if let Some(bad) = tree.iter_variable_identifiers().find(|v| Shape::parse_name(v).is_none()) {
                return Err(err(
                    s.referenced,
                    field,
                    format!("unknown name `{bad}` (use in<k>_d<i>, in<k>_elems, in<k>_bytes, or out<k>_...)"),
                ));
            }
            Ok(Formula { tree, text: s.value.clone(), at: s.referenced })
        };
        let mut prices: Vec<Price> = Vec::new();
        for p in &raw.kernels {
            let target = p.target.value.trim_start_matches('@').to_string();
            if target.is_empty() {
                return Err(err(p.target.referenced, "target", "must name a custom_call target".into()));
            }
            if prices.iter().any(|q| q.target == target) {
                return Err(err(p.target.referenced, "target", format!("`{target}` is priced twice")));
            }
            prices.push(Price {
                target,
                flops: formula(&p.flops, "flops")?,
                bytes: p.bytes.as_ref().map(|b| formula(b, "bytes")).transpose()?,
                transcendentals: p.transcendentals.as_ref().map(|t| formula(t, "transcendentals")).transpose()?,
            });
        }
        Ok(KernelTable { prices, file: file.to_string(), text: text.to_string() })
    }

    /// Sets the cost of every call to a target the table prices. A formula that names what the call does
    /// not have (an operand past its last) or gives a negative or non-finite count is an error located
    /// in the table, naming the call.
    pub fn apply(&self, m: &mut Module) -> Result<(), SpecError> {
        let calls: Vec<OpId> = m.ops.keys().filter(|&op| matches!(m.ops[op].kind, OpKind::CustomCall { .. })).collect();
        for op in calls {
            let OpKind::CustomCall { target, kernel, .. } = &m.ops[op].kind else { continue };
            let named = |p: &&Price| p.target == *target || Some(&p.target) == kernel.as_ref();
            let Some(price) = self.prices.iter().find(named) else { continue };
            let shape = Shape::of(m, op);
            let context = shape.context();
            let at = automap_ir::span::line_col(&m.source, m.ops[op].syntax.name.start as usize);
            let eval = |f: &Formula, field: &str| -> Result<u64, SpecError> {
                let value = f.tree.eval_number_with_context(&context).map_err(|e| {
                    SpecError::at(
                        &self.file,
                        &self.text,
                        f.at,
                        field,
                        format!("`{}` at the call on line {at}: {e} ({})", f.text, shape.describe()),
                    )
                })?;
                if value.is_finite() && value >= 0.0 {
                    Ok(value.round() as u64)
                } else {
                    let msg = format!("`{}` gives {value} at the call on line {at}: a count must be 0 or more", f.text);
                    Err(SpecError::at(&self.file, &self.text, f.at, field, msg))
                }
            };
            let cost = KernelCost {
                flops: eval(&price.flops, "flops")?,
                bytes: price.bytes.as_ref().map(|b| eval(b, "bytes")).transpose()?,
                transcendentals: price
                    .transcendentals
                    .as_ref()
                    .map(|t| eval(t, "transcendentals"))
                    .transpose()?
                    .unwrap_or(0),
                source: CostSource::User,
            };
            if let OpKind::CustomCall { cost: slot, .. } = &mut m.ops[op].kind {
                *slot = Some(cost);
            }
        }
        Ok(())
    }
}

/// A call's operand and result shapes, as a formula's variables.
struct Shape {
    operands: Vec<Option<automap_ir::TensorType>>,
    results: Vec<Option<automap_ir::TensorType>>,
}

impl Shape {
    fn of(m: &Module, op: OpId) -> Shape {
        let tensor = |v| match m.ty(v) {
            Type::Tensor(t) => Some(t.clone()),
            _ => None,
        };
        let d = &m.ops[op];
        Shape {
            operands: d.operands.iter().map(|&v| tensor(v)).collect(),
            results: d.results.iter().map(|&v| tensor(v)).collect(),
        }
    }

    /// What a formula may name at this call: `the call has 2 operands (ranks 4, 4) and 1 result
    /// (rank 4)`.
    fn describe(&self) -> String {
        let side = |ts: &[Option<automap_ir::TensorType>], what: &str| {
            let ranks: Vec<String> =
                ts.iter().map(|t| t.as_ref().map_or("-".to_string(), |t| t.rank().to_string())).collect();
            let plural = if ts.len() == 1 { "" } else { "s" };
            let rank_word = if ts.len() == 1 { "rank" } else { "ranks" };
            format!("{} {what}{plural} ({rank_word} {})", ts.len(), ranks.join(", "))
        };
        format!("the call has {} and {}", side(&self.operands, "operand"), side(&self.results, "result"))
    }

    /// `in3_d1` → (operand, 3, `d1`); `None` for a name formulas do not have.
    fn parse_name(name: &str) -> Option<(bool, usize, &str)> {
        let (operand, rest) = match name.strip_prefix("in") {
            Some(rest) => (true, rest),
            None => (false, name.strip_prefix("out")?),
        };
        let (k, what) = rest.split_once('_')?;
        let ok =
            what == "elems" || what == "bytes" || what.strip_prefix('d').is_some_and(|i| i.parse::<usize>().is_ok());
        (ok && !k.is_empty()).then_some((operand, k.parse().ok()?, what))
    }

    /// Every variable this call has: `in<k>_d<i>`, `in<k>_elems`, `in<k>_bytes`, and `out<k>_...`.
    fn context(&self) -> HashMapContext<DefaultNumericTypes> {
        let mut c = HashMapContext::<DefaultNumericTypes>::new();
        for (prefix, list) in [("in", &self.operands), ("out", &self.results)] {
            for (k, t) in list.iter().enumerate() {
                let Some(t) = t else { continue };
                let mut set = |name: String, v: u64| {
                    let _ = c.set_value(name, Value::Int(i64::try_from(v).unwrap_or(i64::MAX)));
                };
                for (i, &d) in t.shape.iter().enumerate() {
                    set(format!("{prefix}{k}_d{i}"), d.max(0) as u64);
                }
                set(format!("{prefix}{k}_elems"), t.num_elements());
                set(format!("{prefix}{k}_bytes"), t.byte_size());
            }
        }
        c
    }
}

/// Warns once per kernel target that nothing prices (at its first call): it counts 0 FLOPs and its
/// operands' and results' bytes. A `custom_call` XLA itself expands (`Sharding`, `SPMDFullToShardShape`,
/// ...) is not a kernel and is not warned of.
pub fn warn_of_unpriced_kernels(m: &mut Module) {
    let mut seen: Vec<&str> = Vec::new();
    let mut warnings = Vec::new();
    for (_, d) in m.ops.iter() {
        let OpKind::CustomCall { target, kernel, cost: None, .. } = &d.kind else { continue };
        let name = kernel.as_deref().unwrap_or(target);
        if XLA_OWN.contains(&target.as_str()) || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        warnings.push(Warning {
            span: d.syntax.name,
            message: format!(
                "custom_call @{target}{} has no price: counted as 0 FLOPs (a Pallas kernel's cost_estimate, or \
                 a `--kernels` table entry for `{name}`, prices it)",
                kernel.as_ref().map_or(String::new(), |k| format!(" (kernel {k})"))
            ),
        });
    }
    m.warnings.extend(warnings);
}

/// `custom_call` targets that are XLA's own markers, not kernels: they compute nothing.
const XLA_OWN: &[&str] = &[
    "Sharding",
    "SPMDFullToShardShape",
    "SPMDShardToFullShape",
    "annotate_device_placement",
    "MoveToHost",
    "MoveToDevice",
    "xla_python_cpu_callback",
    "xla_python_gpu_callback",
    "xla_ffi_python_cpu_callback",
    "xla_ffi_python_gpu_callback",
    "LayoutConstraint",
];

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: &str = "func.func @main(%q: tensor<2x64x4x32xbf16>, %k: tensor<2x128x4x32xbf16>) -> tensor<2x64x4x32xbf16> {\n  %0 = stablehlo.custom_call @my_attention(%q, %k) : (tensor<2x64x4x32xbf16>, tensor<2x128x4x32xbf16>) -> tensor<2x64x4x32xbf16>\n  return %0 : tensor<2x64x4x32xbf16>\n}\n";

    fn cost(m: &Module) -> Option<KernelCost> {
        m.ops.values().find_map(|d| match &d.kind {
            OpKind::CustomCall { cost, .. } => Some(*cost),
            _ => None,
        })?
    }

    #[test]
    fn a_table_prices_a_kernel_by_its_shapes() {
        let table = KernelTable::parse(
            "kernels:\n  - target: \"@my_attention\"\n    flops: 4 * in0_d0 * in0_d1 * in0_d2 * in0_d3 * in1_d1\n    bytes: in0_bytes + in1_bytes + out0_bytes\n    transcendentals: in0_elems / in0_d3 * in1_d1\n",
            "k.yaml",
        )
        .unwrap();
        let mut m = automap_ir::parse_module(MODEL).unwrap();
        assert_eq!(cost(&m), None);
        table.apply(&mut m).unwrap();
        let c = cost(&m).unwrap();
        assert_eq!(c.flops, 4 * 2 * 64 * 4 * 32 * 128);
        assert_eq!(c.bytes, Some((2 * 64 * 4 * 32 + 2 * 128 * 4 * 32 + 2 * 64 * 4 * 32) * 2));
        assert_eq!(c.transcendentals, 2 * 64 * 4 * 128);
        assert_eq!(c.source, CostSource::User);
    }

    #[test]
    fn bad_tables_are_located() {
        let e = KernelTable::parse("kernels:\n  - target: k\n    flops: 2 * in0_dd\n", "k.yaml").unwrap_err();
        assert_eq!((e.line, e.message.contains("unknown name `in0_dd`")), (3, true), "{e}");
        let e = KernelTable::parse("kernels:\n  - target: k\n    flops: 2 * (\n", "k.yaml").unwrap_err();
        assert!(e.message.contains("is not a formula"), "{e}");
        let e = KernelTable::parse("kernels:\n  - target: k\n    flop: 2\n", "k.yaml").unwrap_err();
        assert!(e.message.contains("flop"), "{e}");
        let twice = "kernels:\n  - target: k\n    flops: '1'\n  - target: k\n    flops: '2'\n";
        assert!(KernelTable::parse(twice, "k.yaml").unwrap_err().message.contains("priced twice"));
    }

    #[test]
    fn a_formula_past_the_calls_operands_names_the_call() {
        let table = KernelTable::parse("kernels:\n  - target: my_attention\n    flops: in5_d0\n", "k.yaml").unwrap();
        let mut m = automap_ir::parse_module(MODEL).unwrap();
        let e = table.apply(&mut m).unwrap_err();
        assert!(e.message.contains("at the call on line 2"), "{e}");
        assert!(e.message.contains("(the call has "), "{e}");
        let table =
            KernelTable::parse("kernels:\n  - target: my_attention\n    flops: in0_d0 - in1_d1\n", "k.yaml").unwrap();
        assert!(table.apply(&mut m).unwrap_err().message.contains("a count must be 0 or more"));
    }

    #[test]
    fn an_unpriced_kernel_is_warned_of_once() {
        let twice = MODEL.replace(
            "  return %0",
            "  %1 = stablehlo.custom_call @my_attention(%0, %k) : (tensor<2x64x4x32xbf16>, tensor<2x128x4x32xbf16>) -> tensor<2x64x4x32xbf16>\n  return %1",
        );
        let mut m = automap_ir::parse_module(&twice).unwrap();
        let before = m.warnings.len();
        warn_of_unpriced_kernels(&mut m);
        let new: Vec<_> = m.warnings[before..].iter().map(|w| w.message.clone()).collect();
        assert_eq!(new.len(), 1, "{new:?}");
        assert!(new[0].contains("@my_attention has no price"));
    }
}
