//! `automap calibrate` end to end: steps "measured" on a mesh whose efficiencies are known (the cost
//! model's own serial steps under a spec with `efficiency:`, from `automap eval`) are fitted back from
//! the same spec without them, and every run is predicted within 5%, left out or not.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

const MESH: &str = "specs/meshes/cpu-2x4.yaml";
const TRUTH: &str = "efficiency:\n  flops: 0.5\n  hbm: 0.7\n  links: 0.6\n";

/// `automap eval`'s serial step in seconds: "= compute X ms + communication Y ms".
fn serial_s(report: &str) -> f64 {
    let line = report.lines().find(|l| l.starts_with("predicted step time:")).unwrap();
    let ms = |after: &str| -> f64 {
        let rest = &line[line.find(after).unwrap() + after.len()..];
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    (ms("= compute ") + ms("+ communication ")) / 1e3
}

/// `automap calibrate --mesh MESH --runs RUNS --out OUT`.
fn calibrate(runs: &std::path::Path, out: &std::path::Path) -> common::Run {
    automap(&["calibrate", "--mesh", MESH, "--runs", runs.to_str().unwrap(), "--out", out.to_str().unwrap()])
}

#[test]
fn efficiencies_that_made_the_steps_are_fitted_back() {
    let dir = Scratch::new("calibrate");
    let truth = dir.join("truth.yaml");
    std::fs::write(&truth, std::fs::read_to_string(MESH).unwrap() + TRUTH).unwrap();
    let mut runs = String::from("runs:\n");
    for model in ["gpt_train", "mlp", "llama_remat_train"] {
        for plan in ["dp:data", "megatron:model", "fsdp:data", "replicated"] {
            let path = format!("tests/fixtures/{model}.mlir");
            let run = automap(&["eval", &path, "--mesh", truth.to_str().unwrap(), "--plan", plan]);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            let cwd = std::env::current_dir().unwrap();
            runs.push_str(&format!(
                "  - {{name: {model} {plan}, model: {}, plan: \"{plan}\", measured_step_s: {}}}\n",
                cwd.join(&path).display(),
                serial_s(&run.stdout)
            ));
        }
    }
    std::fs::write(dir.join("runs.yaml"), runs).unwrap();
    let out = dir.join("calibrated.yaml");
    let run = calibrate(&dir.join("runs.yaml"), &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("[12/12] llama_remat_train replicated"), "{}", run.stderr);
    let spec = automap::sharding::Mesh::load(&out).unwrap();
    // Not exactly: `eval` decides the values between the pinned arguments by the prices of the mesh it
    // is given, so a "measured" run's plan may differ a little from the one priced at the peaks.
    let e = spec.efficiency;
    for (got, want) in [(e.flops, 0.5), (e.hbm, 0.7), (e.links, 0.6)] {
        assert!((got / want - 1.0).abs() < 0.12, "{e:?}\n{}", run.stdout);
    }
    // Every ratio in the table, fitted and left out, within 5%.
    for row in run.stdout.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| run")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        for ratio in [cells[4], cells[6]] {
            let r: f64 = ratio.parse().unwrap();
            assert!((r - 1.0).abs() < 0.05, "{row}");
        }
    }
}

#[test]
fn a_bad_runs_file_is_an_error_that_names_it() {
    let dir = Scratch::new("calibrate-bad");
    std::fs::write(dir.join("runs.yaml"), "runs:\n  - {model: x.mlir, plan: dp, measured_step_s: -1}\n").unwrap();
    let run = calibrate(&dir.join("runs.yaml"), &dir.join("o.yaml"));
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("runs.yaml: measured_step_s must be a positive number"), "{}", run.stderr);
}
