//! Every committed fixture (exported from JAX by tools/export_models.py) imports cleanly: one test per
//! fixture and property (`cargo test --test fixtures -- gpt_train` runs those of one fixture).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::ir::{self, Module, write};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = common::root().join("tests/fixtures");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    out.sort();
    assert!(out.len() >= 11, "fixtures missing from {}", dir.display());
    out
}

fn load(p: &Path) -> Module {
    let text = std::fs::read_to_string(p).unwrap();
    ir::parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", p.display()))
}

/// The fixture parses with no opaque op and no warning, and verifies.
fn parses_with_no_opaque_op_and_verifies(p: &Path) {
    let m = load(p);
    let opaque: Vec<String> = m.opaque_ops().map(|(id, op)| format!("{} at {}", op.name, m.op_location(id))).collect();
    assert!(opaque.is_empty(), "{}: opaque ops {opaque:?}", p.display());
    assert!(m.warnings.is_empty(), "{}: warnings {:?}", p.display(), m.warnings);
    let errors = ir::verify::verify(&m);
    assert!(errors.is_empty(), "{}: {errors:?}", p.display());
    assert!(!m.body.is_empty() && !m.returns.is_empty());
}

/// Written back without annotations, the fixture is byte for byte what was read.
fn writes_back_byte_identical(p: &Path) {
    let text = std::fs::read_to_string(p).unwrap();
    let m = ir::parse_module(&text).unwrap();
    let out = write::write(&m, &write::Annotations::new()).unwrap();
    assert!(out == text, "{} does not round-trip", p.display());
}

/// A `.generic.mlir` fixture imports to the same program as its pretty-printed twin.
fn generic_form_imports_as_the_pretty_form(p: &Path) {
    let generic = load(p);
    let pretty = load(&PathBuf::from(p.to_string_lossy().replace(".generic.mlir", ".mlir")));
    assert!(generic.generic_form && !pretty.generic_form);
    // Top-level ops only: region bodies legitimately differ (the pretty form prints a one-op reduction
    // body as `applies stablehlo.add`, the generic form as a region).
    let shape = |m: &Module| -> Vec<String> {
        m.body
            .iter()
            .map(|&id| &m.ops[id])
            .map(|o| format!("{:?} {:?}", o.kind, o.results.iter().map(|&r| m.ty(r).to_string()).collect::<Vec<_>>()))
            .collect()
    };
    let (g, q) = (shape(&generic), shape(&pretty));
    if let Some(i) = (0..g.len().min(q.len())).find(|&i| g[i] != q[i]) {
        panic!("{}: op {i} differs:\n generic: {}\n pretty:  {}", p.display(), g[i], q[i]);
    }
    assert_eq!(g.len(), q.len(), "{}", p.display());
    let args = |m: &Module| m.entry().args.iter().map(|a| (a.ty.to_string(), a.name.clone())).collect::<Vec<_>>();
    assert_eq!(args(&generic), args(&pretty));
    assert_eq!(generic.returns.len(), pretty.returns.len());
}

fn arguments_carry_the_names_jax_gave_them() {
    let m = common::module("gpt_train.mlir");
    let names: Vec<&str> = m.entry().args.iter().filter_map(|a| a.name.as_deref()).collect();
    assert_eq!(names.len(), m.args.len());
    assert!(names.contains(&"params['layers'][0]['wq']"));
    assert!(names.contains(&"tokens"));
    // Ops keep the location JAX gave them, and inlined ops know their call chain.
    let dot = m.body.iter().find(|&&o| m.ops[o].name == "stablehlo.dot_general").unwrap();
    assert!(m.ops[*dot].loc.as_deref().unwrap_or("").contains("dot_general"));
    assert!(m.ops.keys().any(|o| !m.call_chain(o).is_empty()));
}

fn training_step_has_the_ops_a_training_step_needs() {
    let m = common::module("gpt_train.mlir");
    let count = |n: &str| m.ops.values().filter(|o| o.name == n).count();
    // 2 layers × (q, k, v, o, two MLP matmuls, two attention einsums) + logits, forward and backward.
    assert!(count("stablehlo.dot_general") >= 3 * (2 * 8 + 1), "{}", count("stablehlo.dot_general"));
    assert_eq!(count("stablehlo.scatter"), 2, "embedding and take_along_axis gradients scatter-add");
    assert_eq!(m.returns.len(), m.args.len() - 1, "new parameters and the loss");
}

/// A trial that runs `f`, a test that fails by panicking.
fn trial(name: String, f: impl FnOnce() + Send + 'static) -> Trial {
    Trial::test(name, move || {
        f();
        Ok::<(), Failed>(())
    })
}

fn main() {
    let mut trials = Vec::new();
    for p in fixtures() {
        let file = p.file_name().unwrap().to_string_lossy().into_owned();
        let q = p.clone();
        trials.push(trial(format!("parses_with_no_opaque_op_and_verifies::{file}"), move || {
            parses_with_no_opaque_op_and_verifies(&q)
        }));
        let q = p.clone();
        trials.push(trial(format!("writes_back_byte_identical::{file}"), move || writes_back_byte_identical(&q)));
        if file.ends_with(".generic.mlir") {
            trials.push(trial(format!("generic_form_imports_as_the_pretty_form::{file}"), move || {
                generic_form_imports_as_the_pretty_form(&p)
            }));
        }
    }
    trials.push(trial("arguments_carry_the_names_jax_gave_them".into(), arguments_carry_the_names_jax_gave_them));
    trials.push(trial(
        "training_step_has_the_ops_a_training_step_needs".into(),
        training_step_has_the_ops_a_training_step_needs,
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
