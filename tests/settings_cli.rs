//! The plan in the user's own settings: `plan --emit maxtext|torchtitan` and `eval --maxtext` /
//! `--torchtitan`, end to end.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

const MESH: &str = "specs/meshes/cpu-2x4.yaml";

fn step_ms(text: &str) -> f64 {
    let line = text.lines().find(|l| l.starts_with("predicted step time: ")).expect("a predicted step");
    line["predicted step time: ".len()..].split(' ').next().unwrap().parse().unwrap()
}

/// A plan that is FSDP over `data` and Megatron over `model` is said as MaxText's and torchtitan's
/// degrees, exactly; each file given back to `eval` prices the same step as the plan.
#[test]
fn settings_out_and_back_in_give_the_same_step() {
    let out = Scratch::new("settings-exact");
    let run = automap(&[
        "plan",
        "tests/fixtures/gpt_train.mlir",
        "--mesh",
        MESH,
        "--tactic",
        "fsdp:data+megatron:model",
        "--emit",
        "maxtext",
        "--emit",
        "torchtitan",
        "--time-limit",
        "10",
        "--out",
        &out.arg(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let maxtext = std::fs::read_to_string(out.join("maxtext.yml")).unwrap();
    assert!(
        maxtext.contains("ici_fsdp_parallelism: 2\n") && maxtext.contains("ici_tensor_parallelism: 4\n"),
        "{maxtext}"
    );
    assert!(maxtext.contains("dcn_data_parallelism: 1\n"), "{maxtext}");
    let titan = std::fs::read_to_string(out.join("torchtitan.toml")).unwrap();
    assert!(titan.starts_with("[parallelism]\n") && titan.contains("data_parallel_shard_degree = 2\n"), "{titan}");
    assert!(titan.contains("tensor_parallel_degree = 4\n"), "{titan}");
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("These settings shard every argument as this plan does."), "{report}");
    let planned = step_ms(&report);
    for (flag, file) in [("--maxtext", "maxtext.yml"), ("--torchtitan", "torchtitan.toml")] {
        let path = out.join(file).display().to_string();
        let eval = automap(&["eval", "tests/fixtures/gpt_train.mlir", "--mesh", MESH, flag, &path]);
        assert_eq!(eval.code, Some(0), "{}", eval.stderr);
        assert!(eval.stdout.contains("the tactics fsdp:data+megatron:model"), "{}", eval.stdout);
        assert!((step_ms(&eval.stdout) - planned).abs() <= 1e-3, "{flag}: {} against {planned}", eval.stdout);
    }
}

/// A plan no recipe gives: the report names the arguments sharded otherwise and prices the settings'
/// own plan, which the proven optimum is at or below.
#[test]
fn a_plan_the_settings_do_not_give_says_how_far_they_are() {
    let out = Scratch::new("settings-near");
    let run = automap(&[
        "plan",
        "tests/fixtures/llama_remat_train.mlir",
        "--mesh",
        MESH,
        "--emit",
        "maxtext",
        "--time-limit",
        "30",
        "--out",
        &out.arg(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("Not exactly: "), "{report}");
    let line = report.lines().find(|l| l.starts_with("The settings' own plan")).expect("the settings priced");
    let ratio: f64 = line.rsplit('(').next().unwrap().trim_end_matches("x).").parse().unwrap();
    assert!(ratio >= 1.0 - 1e-6, "{line}");
    assert!(!out.join("torchtitan.toml").exists(), "only the framework asked for is written");
}

/// Settings the mesh cannot take are bad input that names the file and the setting.
#[test]
fn settings_that_do_not_fit_the_mesh_are_named() {
    let out = Scratch::new("settings-bad");
    let bad = out.join("bad.yml");
    std::fs::write(&bad, "model_name: llama2-7b\nici_fsdp_parallelism: 3\nici_tensor_parallelism: -1\n").unwrap();
    let path = bad.display().to_string();
    let run = automap(&["eval", "tests/fixtures/gpt_train.mlir", "--mesh", MESH, "--maxtext", &path]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains(&path) && run.stderr.contains("ici_fsdp_parallelism = 3"), "{}", run.stderr);
    let both = automap(&["eval", "tests/fixtures/gpt_train.mlir", "--mesh", MESH, "--maxtext", &path, "--plan", "dp"]);
    assert_eq!(both.code, Some(1), "{}", both.stderr);
    assert!(both.stderr.contains("cannot be used with"), "{}", both.stderr);
}
