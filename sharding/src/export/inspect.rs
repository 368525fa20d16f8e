//! What is in a model, in a form a person reads (`automap inspect`), and the units the reports share.

use crate::flops;
use automap_ir::loops::trip_count;
use automap_ir::{Module, OpId, OpKind, Type, ValueDef};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Human-readable byte count (binary units).
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut x = n as f64;
    let mut u = 0;
    while x >= 1024.0 && u + 1 < UNITS.len() {
        x /= 1024.0;
        u += 1;
    }
    if u == 0 { format!("{n} B") } else { format!("{x:.2} {}", UNITS[u]) }
}

/// Human-readable count with an SI prefix (`1.23 G`).
pub fn si(n: f64) -> String {
    const UNITS: [&str; 6] = ["", "k", "M", "G", "T", "P"];
    let mut x = n;
    let mut u = 0;
    while x >= 1000.0 && u + 1 < UNITS.len() {
        x /= 1000.0;
        u += 1;
    }
    if u == 0 { format!("{x:.0} ") } else { format!("{x:.2} {}", UNITS[u]) }
}

/// The report `automap inspect` prints: the module and its entry, the parameters, an op histogram,
/// loops and branches, FLOPs by op, the results, opaque ops and warnings.
pub fn report(path: &str, m: &Module) -> String {
    let mut s = String::new();
    header(&mut s, path, m);
    parameters(&mut s, m);
    histogram(&mut s, m);
    loops(&mut s, m);
    flops_by_op(&mut s, m);
    results(&mut s, m);
    opaque_and_warnings(&mut s, path, m);
    s
}

/// The module's size and form, and its entry function's shape.
fn header(s: &mut String, path: &str, m: &Module) {
    let entry = m.entry();
    let in_regions = m.ops.values().filter(|o| o.parent.is_some()).count();
    let _ = writeln!(
        s,
        "model: {path} ({} bytes, {} form{})",
        m.source.len(),
        if m.generic_form { "generic" } else { "pretty" },
        m.name.as_ref().map(|n| format!(", module @{n}")).unwrap_or_default()
    );
    let _ = writeln!(
        s,
        "entry: @{}: {} arguments, {} results; {} ops ({} at top level, {} inside regions), {} calls inlined",
        entry.name,
        entry.args.len(),
        entry.results.len(),
        m.ops.len(),
        m.body.len(),
        in_regions,
        m.call_sites.len()
    );
}

/// Every argument of the entry function: name, type, bytes.
fn parameters(s: &mut String, m: &Module) {
    let entry = m.entry();
    let total_bytes: u64 = m.args.iter().map(|&a| m.ty(a).byte_size()).sum();
    let total_elems: u64 = m.args.iter().map(|&a| m.ty(a).as_tensor().map_or(0, |t| t.num_elements())).sum();
    let _ = writeln!(s, "\nparameters: {} arguments, {} elements, {}", m.args.len(), total_elems, bytes(total_bytes));
    let width = entry.args.iter().map(|p| p.name.as_deref().unwrap_or("").len()).max().unwrap_or(0).clamp(4, 40);
    let _ = writeln!(s, "  {:>3}  {:<width$}  {:<28}  {:>10}", "#", "name", "type", "bytes");
    for (i, (&v, port)) in m.args.iter().zip(&entry.args).enumerate() {
        let name = port.name.clone().unwrap_or_else(|| m.values[v].name.clone());
        let _ =
            writeln!(s, "  {i:>3}  {name:<width$}  {:<28}  {:>10}", m.ty(v).to_string(), bytes(m.ty(v).byte_size()));
    }
}

/// Op names, most frequent first.
fn histogram(s: &mut String, m: &Module) {
    let mut hist: BTreeMap<&str, usize> = BTreeMap::new();
    for op in m.ops.values() {
        *hist.entry(op.name.as_str()).or_default() += 1;
    }
    let mut rows: Vec<(&str, usize)> = hist.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let _ = writeln!(s, "\nop histogram ({} kinds):", rows.len());
    for (name, n) in &rows {
        let _ = writeln!(s, "  {n:>7}  {name}");
    }
}

/// Loops and branches, with their trip counts and FLOPs per run.
fn loops(s: &mut String, m: &Module) {
    let controls: Vec<OpId> =
        m.ops.keys().filter(|&op| matches!(m.ops[op].kind, OpKind::While | OpKind::Case | OpKind::If)).collect();
    if !controls.is_empty() {
        let _ = writeln!(s, "\nloops and branches:");
        for &op in &controls {
            let data = &m.ops[op];
            let inner: usize = data.regions.iter().flat_map(|r| &r.blocks).map(|b| b.ops.len()).sum();
            let what = match data.kind {
                OpKind::While => match trip_count(m, op) {
                    Some(n) => format!("while, {n} iterations"),
                    None => "while, trip count not stated (counted once)".to_string(),
                },
                _ => format!(
                    "{}, {} branches (the costliest counted)",
                    data.name.trim_start_matches("stablehlo."),
                    data.regions.len()
                ),
            };
            let (per, unit) = match data.kind {
                OpKind::While => (flops::op_flops(m, op) / trip_count(m, op).unwrap_or(1).max(1), "iteration"),
                _ => (flops::op_flops(m, op), "run"),
            };
            let _ = writeln!(
                s,
                "  {:<10} {what}: {inner} ops, {}FLOP per {unit}{}",
                m.op_location(op).to_string(),
                si(per as f64),
                if flops::runs(m, op) > 1 {
                    format!(", inside loops run {} times", flops::runs(m, op))
                } else {
                    String::new()
                }
            );
        }
    }
}

/// FLOPs by op name: each op as often as it runs (every branch of a case counted).
fn flops_by_op(s: &mut String, m: &Module) {
    let mut by_name: BTreeMap<&str, u64> = BTreeMap::new();
    for (id, op) in m.ops.iter() {
        let in_compute_body =
            op.parent.is_some_and(|p| !matches!(m.ops[p].kind, OpKind::While | OpKind::Case | OpKind::If));
        if in_compute_body || matches!(op.kind, OpKind::While | OpKind::Case | OpKind::If) {
            continue;
        }
        let f = flops::op_flops(m, id).saturating_mul(flops::runs(m, id));
        if f > 0 {
            *by_name.entry(op.name.as_str()).or_default() += f;
        }
    }
    let total = flops::module_flops(m);
    let _ = writeln!(
        s,
        "\nFLOPs (estimate; loops times their trip counts, a case its costliest branch): {}FLOP",
        si(total as f64)
    );
    let mut frows: Vec<(&str, u64)> = by_name.into_iter().collect();
    frows.sort_by_key(|r| std::cmp::Reverse(r.1));
    let listed: u64 = frows.iter().map(|r| r.1).sum();
    for (name, f) in frows.iter().take(6) {
        let _ = writeln!(s, "  {:>5.1}%  {name}", 100.0 * *f as f64 / listed.max(1) as f64);
    }
}

/// The results: their bytes, those passed through, values that are not static tensors.
fn results(s: &mut String, m: &Module) {
    let out_bytes: u64 = m.returns.iter().map(|&v| m.ty(v).byte_size()).sum();
    let _ = writeln!(s, "\nresults: {} values, {}", m.returns.len(), bytes(out_bytes));
    let aliased = m.returns.iter().filter(|&&v| matches!(m.values[v].def, ValueDef::Arg(_))).count();
    if aliased > 0 {
        let _ = writeln!(s, "  {aliased} results are arguments passed through unchanged");
    }
    let non_tensor = m.values.values().filter(|v| !matches!(v.ty, Type::Tensor(_))).count();
    if non_tensor > 0 {
        let _ = writeln!(s, "  {non_tensor} values are not static tensors (tokens, tuples, dynamic shapes)");
    }
}

/// Opaque ops (kept replicated) and the parser's other warnings, located.
fn opaque_and_warnings(s: &mut String, path: &str, m: &Module) {
    let opaque: Vec<_> = m.opaque_ops().collect();
    if opaque.is_empty() {
        let _ = writeln!(s, "\nopaque ops: none");
    } else {
        let _ = writeln!(s, "\nopaque ops: {} (kept replicated)", opaque.len());
        for (id, op) in opaque {
            let _ = writeln!(s, "  {path}:{}: {}", m.op_location(id), op.name);
        }
    }
    let other: Vec<_> = m.warnings.iter().filter(|w| !w.message.contains("imported as opaque")).collect();
    for w in other {
        let _ = writeln!(
            s,
            "warning: {path}:{}: {}",
            automap_ir::span::line_col(&m.source, w.span.start as usize),
            w.message
        );
    }
}
