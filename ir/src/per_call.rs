//! One function text per call: a module whose functions are called more than once (JAX's `_where`,
//! `silu`, the `dynamic_index_in_dim` helpers a scanned layer calls at every step) rewritten so that
//! every call has a function of its own.
//!
//! automap decides every inlined op per call, but an op's sharding is written into its text, and a
//! function called twice has one text: both calls would carry one sharding (XLA gives such a function one
//! sharding for all its calls). So the first call of each function keeps it and every further call gets
//! a private copy (`@f` → `@f__call3`), written after the module's last function; calls inside a copy
//! name their own copies in turn. Nothing else changes: the original text keeps every line, so an op
//! located in it is where the user's file has it, and an op in a copy is located at the line of the
//! function it was copied from ([`Module::op_location`]).

use crate::module::{Copied, Module, Warning};
use crate::span::Span;
use crate::{CallSiteId, parse_module};
use std::collections::{BTreeMap, HashMap, HashSet};

/// `module` with a function of its own for every call, re-parsed; `module` itself when no function is
/// called more than once or it is in MLIR's generic form (whose shardings automap does not write). If the
/// rewritten text does not parse (a bug of this rewrite; or larger than the parser accepts), `module`
/// comes back with a warning saying its shared functions' ops stay without a sharding.
pub fn one_function_per_call(module: Module) -> Module {
    if module.generic_form {
        return module;
    }
    let Some((source, copies)) = rewrite(&module) else { return module };
    match parse_module(&source) {
        Ok(mut copied) => {
            copied.copies = copies;
            // A copy warns as its original did: once is enough.
            let warnings = std::mem::take(&mut copied.warnings);
            copied.warnings = warnings.into_iter().filter(|w| copied.copy_at(w.span.start).is_none()).collect();
            copied
        }
        Err(e) => {
            let mut module = module;
            module.warnings.push(Warning {
                span: module.entry().span,
                message: format!(
                    "functions called more than once could not be given one copy per call ({e}); \
                     their ops carry no sharding and XLA propagates through them"
                ),
            });
            module
        }
    }
}

/// The source with one function per call and where its copies are, or `None` if every function is
/// called at most once.
fn rewrite(m: &Module) -> Option<(String, Vec<Copied>)> {
    let src = m.source.as_str();
    // The sites of each callee, in the order the parser inlined them: the first keeps the function.
    let mut sites: BTreeMap<&str, Vec<CallSiteId>> = BTreeMap::new();
    for (id, site) in m.call_sites.iter() {
        sites.entry(site.callee.as_str()).or_default().push(id);
    }
    if sites.values().all(|s| s.len() < 2) {
        return None;
    }
    // Every symbol the module names, so that no copy takes a name in use (one pass over the text).
    let taken: HashSet<&str> = src
        .match_indices('@')
        .filter_map(|(at, _)| symbol_in(src, Span::new(at, src.len())))
        .map(|s| s.text(src).trim_start_matches('@').trim_matches('"'))
        .collect();
    let mut names: HashMap<CallSiteId, String> = HashMap::new();
    let mut k = 0usize;
    for (callee, ids) in &sites {
        for &id in &ids[1..] {
            let name = loop {
                k += 1;
                let name = format!("{callee}{COPY_INFIX}{k}");
                if !taken.contains(name.as_str()) {
                    break name;
                }
            };
            names.insert(id, name);
        }
    }
    let is_copy = |id: Option<CallSiteId>| id.is_some_and(|id| names.contains_key(&id));
    // Calls in original text (the entry function's, or a first call's function) that now name a copy.
    let mut edits: Vec<(Span, &str)> = Vec::new();
    for (id, site) in m.call_sites.iter() {
        if let (false, Some(name)) = (is_copy(site.parent), names.get(&id)) {
            edits.push((symbol_in(src, site.span)?, name));
        }
    }
    let mut children: HashMap<CallSiteId, Vec<CallSiteId>> = HashMap::new();
    for (id, site) in m.call_sites.iter() {
        if let Some(p) = site.parent {
            children.entry(p).or_default().push(id);
        }
    }
    let end = m.functions.iter().map(|f| f.span.end as usize).max()?;
    let mut out = replace(src, Span::new(0, end), &edits);
    let mut copies = Vec::new();
    for (id, site) in m.call_sites.iter() {
        let Some(name) = names.get(&id) else { continue };
        let f = m.functions.iter().find(|f| f.name == site.callee)?;
        let mut inner: Vec<(Span, &str)> = vec![(symbol_in(src, f.span)?, name)];
        for child in children.get(&id).into_iter().flatten() {
            if let Some(n) = names.get(child) {
                inner.push((symbol_in(src, m.call_sites[*child].span)?, n));
            }
        }
        let indent = crate::span::line_text(src, f.span.start as usize);
        let indent: String = indent.chars().take_while(|c| c.is_whitespace()).collect();
        out.push('\n');
        out.push_str(&indent);
        let start = out.len();
        out.push_str(&private(&replace(src, f.span, &inner)));
        let from_line = m.lines.line_col(src, f.span.start as usize).line;
        copies.push(Copied { of: site.callee.clone(), text: Span::new(start, out.len()), from_line });
    }
    out.push_str(&src[end..]);
    Some((out, copies))
}

/// The separator between a function's name and its copy's number: two underscores, which JAX's own
/// names (`_where_2`, `dynamic_index_in_dim_13`) do not use before a number.
const COPY_INFIX: &str = "__call";

/// `src[span]` with each `(symbol, name)` of `edits` (spans inside `span`) naming `name` instead.
fn replace(src: &str, span: Span, edits: &[(Span, &str)]) -> String {
    let mut edits: Vec<&(Span, &str)> = edits.iter().collect();
    edits.sort_by_key(|(s, _)| s.start);
    let mut out = String::new();
    let mut last = span.start as usize;
    for (s, name) in edits {
        out.push_str(&src[last..s.start as usize]);
        out.push_str(&symbol(s.text(src), name));
        last = s.end as usize;
    }
    out.push_str(&src[last..span.end as usize]);
    out
}

/// `@name`, quoted as `old` is (`@"a.b"`).
fn symbol(old: &str, name: &str) -> String {
    if old.starts_with("@\"") { format!("@\"{name}\"") } else { format!("@{name}") }
}

/// The span of the first symbol (`@f`, `@"f"`) in `span`: a call's callee, a function's name.
fn symbol_in(src: &str, span: Span) -> Option<Span> {
    let text = span.text(src);
    let at = text.find('@')?;
    let rest = &text[at + 1..];
    let len = if let Some(quoted) = rest.strip_prefix('"') {
        quoted.find('"')? + 2
    } else {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-'))).unwrap_or(rest.len())
    };
    let start = span.start as usize + at;
    Some(Span::new(start, start + 1 + len))
}

/// A function's text made private (a copy is called only where this rewrite says).
fn private(text: &str) -> String {
    if let Some(rest) = text.strip_prefix("func.func public ") {
        format!("func.func private {rest}")
    } else if let Some(rest) = text.strip_prefix("func.func @") {
        format!("func.func private @{rest}")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `main` calls `@outer` twice, `@outer` calls `@inner` once, and `@inner` is also called from
    /// `main` directly: three calls of `@inner` in all, two of `@outer`.
    const NESTED: &str = r#"module @m {
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = call @outer(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = call @outer(%0) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = call @"inner"(%1) : (tensor<4xf32>) -> tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func private @outer(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = func.call @inner(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.exponential %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func @inner(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.tanh %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"#;

    #[test]
    fn every_call_gets_a_function_of_its_own_and_the_program_is_the_same() {
        let before = parse_module(NESTED).unwrap();
        let after = one_function_per_call(before.clone());
        assert!(after.warnings.is_empty(), "{:?}", after.warnings);
        // The same program: the same ops in the same order on the same types.
        let ops = |m: &Module| -> Vec<(String, String)> {
            m.body.iter().map(|&o| (m.ops[o].name.clone(), m.ty(m.ops[o].results[0]).to_string())).collect()
        };
        assert_eq!(ops(&after), ops(&before));
        assert_eq!(ops(&after).len(), 5);
        // Every op's text is its own now, and every callee is called once.
        assert!(before.body.iter().any(|&o| !before.sole_text(o)));
        assert!(after.body.iter().all(|&o| after.sole_text(o)));
        let mut callees: Vec<&str> = after.call_sites.values().map(|s| s.callee.as_str()).collect();
        callees.sort_unstable();
        assert_eq!(callees, ["inner", "inner__call1", "inner__call2", "outer", "outer__call3"]);
        // The copy of @outer calls its own copy of @inner; main's direct call keeps the quotes.
        assert!(after.source.contains("func.func private @outer__call3("), "{}", after.source);
        assert!(after.source.contains("call @\"inner__call2\"(%1)"), "{}", after.source);
        assert_eq!(after.copies.len(), 3);
        // The original text keeps its lines; an op of a copy is located where its original is.
        let tanh: Vec<_> = after.body.iter().filter(|&&o| after.ops[o].name == "stablehlo.tanh").collect();
        let lines: Vec<String> = tanh.iter().map(|&&o| after.op_location(o).to_string()).collect();
        assert_eq!(lines, ["14:5", "14:5", "14:5"], "{}", after.source);
        let exp: Vec<_> = after.body.iter().filter(|&&o| after.ops[o].name == "stablehlo.exponential").collect();
        assert_eq!(exp.iter().map(|&&o| after.op_location(o).to_string()).collect::<Vec<_>>(), ["10:5", "10:5"]);
    }

    /// A name already in use is not taken by a copy, whatever names the module has.
    #[test]
    fn a_copy_takes_no_name_in_use() {
        let src = NESTED.replace("@\"inner\"", "@inner__call1").replace(
            "  func.func @inner(",
            "  func.func private @inner__call1(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n  func.func @inner(",
        );
        let after = one_function_per_call(parse_module(&src).unwrap());
        assert!(after.warnings.is_empty(), "{:?}", after.warnings);
        let mut callees: Vec<&str> = after.call_sites.values().map(|s| s.callee.as_str()).collect();
        callees.sort_unstable();
        assert_eq!(callees, ["inner", "inner__call1", "inner__call2", "outer", "outer__call3"], "{}", after.source);
        // The function that was called `inner__call1` is still the one main calls (it returns its argument).
        assert_eq!(after.body.len(), 4, "{}", after.source);
    }

    #[test]
    fn a_module_whose_functions_are_called_once_is_left_as_it_is() {
        let once = NESTED.replace("    %1 = call @outer(%0)", "    %1 = stablehlo.negate %0").replace(
            "    %2 = call @\"inner\"(%1) : (tensor<4xf32>) -> tensor<4xf32>",
            "    %2 = stablehlo.negate %1 : tensor<4xf32>",
        );
        let once = once.replace(" : (tensor<4xf32>) -> tensor<4xf32>\n    %2", " : tensor<4xf32>\n    %2");
        let m = parse_module(&once).unwrap();
        let after = one_function_per_call(m.clone());
        assert_eq!(after.source, m.source);
        assert!(after.copies.is_empty());
    }
}
