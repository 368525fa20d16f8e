//! `automap plan` end to end on a fixture: the files it writes, and a plan no worse than every reference
//! plan under the same model.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap::encodings::mesh::Mesh;
use automap::encodings::plan::{PlanSpace, parse_recipes, recipe_args};
use automap::ir;
use std::path::Path;
use std::process::Command;

/// `automap plan` on the MLP on 2x4 with `extra` arguments, into a fresh folder named after `tag`.
fn plan_mlp(tag: &str, extra: &[&str]) -> (std::process::Output, std::path::PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("automap-{tag}-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_automap"))
        .args(["plan", "tests/fixtures/mlp.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--time-limit", "20"])
        .args(extra)
        .arg("--out")
        .arg(&out)
        .current_dir(root)
        .output()
        .unwrap();
    (run, out)
}

#[test]
fn plan_writes_an_annotated_module_plan_json_and_a_report() {
    let (run, out) = plan_mlp("plan", &[]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    assert!(annotated.contains(r#"sdy.mesh @mesh = <["data"=2, "model"=4]>"#));
    let m = ir::parse_module(&annotated).unwrap();
    assert_eq!(annotated.matches("sdy.sharding = #sdy.sharding<@mesh").count(), m.args.len() + m.returns.len());
    let plan: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    assert_eq!(plan["arguments"].as_array().unwrap().len(), 5);
    assert_eq!(plan["arguments"][4]["name"], "x");
    assert!(plan["solver"]["gap"].as_f64().unwrap() <= 1e-4);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## Reference plans") && report.contains("**this plan**"));
    assert!(report.contains("## Where XLA may differ from the prediction"));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_solved_plan_is_no_worse_than_any_reference_plan() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let m = ir::parse_module(&std::fs::read_to_string(root.join("tests/fixtures/gpt_forward.mlir")).unwrap()).unwrap();
    let mesh = Mesh::load(&root.join("specs/meshes/cpu-2x4.yaml")).unwrap();
    let space = PlanSpace::new(&m, &mesh);
    let opts = automap::solver::SolveOptions::default().time_limit(std::time::Duration::from_secs(30));
    let (built, _plan, sol) =
        automap::planner::plan_module(&space, None, automap::solver::pipeline::Method::Auto, &opts, &mut |_| {})
            .unwrap();
    assert!(sol.gap() <= 1e-4, "{sol:?}");
    for spec in automap::planner::reference_specs(&mesh) {
        let rp = space.propagate(recipe_args(&m, &mesh, &parse_recipes(&spec, &mesh).unwrap()));
        let x = built.encode(&rp).unwrap();
        let reference = automap::solver::eval::evaluate(&built.problem, &x).unwrap().cost;
        assert!(sol.cost <= reference, "{spec}: {} > {reference}", sol.cost);
    }
}

#[test]
fn plan_can_write_gspmd_shardings() {
    let (run, out) = plan_mlp("gspmd", &["--format", "gspmd"]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    assert!(!annotated.contains("sdy."), "no Shardy attribute in GSPMD form");
    let m = ir::parse_module(&annotated).unwrap();
    assert!(annotated.matches("mhlo.sharding = \"{").count() >= m.args.len() + m.returns.len());
    let _ = std::fs::remove_dir_all(&out);
    let (bad, _) = plan_mlp("bad-format", &["--format", "hlo"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("use shardy or gspmd"));
}
