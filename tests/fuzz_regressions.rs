//! Every input a fuzzer found failing (tools/fuzz.sh), and hand-made edge cases of each format, kept
//! under `tests/fuzz/TARGET/` and run the way its target runs it: each must be an error that names its
//! file, or a plan, and never a panic. (The
//! `problem` target's inputs are bytes that build a problem inside the target; one it finds failing
//! becomes a test of its own, written as the problem it builds.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::sharding::Mesh;
use automap::sharding::PlanSpace;
use automap::sharding::UserConstraints;
use automap::sharding::build;
use std::path::PathBuf;

/// The kept inputs of one target.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = common::root().join("tests/fuzz").join(target);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir).map_or(Vec::new(), |d| d.map(|e| e.unwrap().path()).collect());
    out.retain(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')));
    out.sort();
    assert!(!out.is_empty(), "no inputs in {}", dir.display());
    out
}

#[test]
fn stablehlo_inputs_are_errors_or_plans() {
    let mesh = common::mesh("cpu-2x4.yaml");
    for path in inputs("stablehlo") {
        let Ok(m) = automap::ir::parse_bytes(&std::fs::read(&path).unwrap()) else { continue };
        if automap::ir::verify::verify(&m).is_empty() {
            let space = PlanSpace::new(&m, &mesh);
            let _ = build(&space, None);
        }
        let run = common::automap(&["inspect".as_ref(), path.as_os_str()]);
        assert!(matches!(run.code, Some(0 | 1)), "{}: {:?}\n{}", path.display(), run.code, run.stderr);
    }
}

#[test]
fn a_dot_general_with_one_operand_is_refused_at_its_line() {
    let path = common::root().join("tests/fuzz/stablehlo/dot_general_with_one_operand.mlir");
    let run = common::automap(&["inspect".as_ref(), path.as_os_str()]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains(":2:3: 'stablehlo.dot_general' takes at least 2 tensor operands, got 1"),
        "{}",
        run.stderr
    );
}

#[test]
fn mesh_inputs_are_errors_or_meshes() {
    for path in inputs("mesh_yaml") {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        if let Ok(mesh) = Mesh::parse(&text, "mesh.yaml") {
            assert_eq!(Mesh::parse(&mesh.to_string(), "normalized.yaml").unwrap(), mesh, "{}", path.display());
        }
    }
}

#[test]
fn constraints_inputs_are_errors_or_applied() {
    let (m, mesh) = (common::module("mlp.mlir"), common::mesh("cpu-2x4.yaml"));
    for path in inputs("constraints_yaml") {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let space = PlanSpace::new(&m, &mesh);
        let applied =
            UserConstraints::parse(&text, "constraints.yaml").and_then(|c| c.apply(&space, &mut build(&space, None)));
        if let Err(e) = applied {
            assert!(e.to_string().starts_with("constraints.yaml:"), "{}: {e}", path.display());
        }
    }
}

#[test]
fn contest_inputs_are_errors_or_answers() {
    for path in inputs("iopddl") {
        let run = common::automap(&["solve".as_ref(), path.as_os_str(), "--timeout".as_ref(), "2".as_ref()]);
        assert!(matches!(run.code, Some(0 | 1)), "{}: {:?}\n{}", path.display(), run.code, run.stderr);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(run.code == Some(0) || run.stderr.contains(&name), "{}: {}", path.display(), run.stderr);
    }
}
