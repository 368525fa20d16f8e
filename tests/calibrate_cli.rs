//! `automap calibrate` end to end: steps "measured" on a mesh whose efficiencies are known (the cost
//! model's own overlapped steps under a spec with `efficiency:`, from `automap eval`) are fitted back from
//! the same spec without them, every run predicted within 5% under the fit and within [0.75, 1.33]
//! left out.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

const MESH: &str = "specs/meshes/cpu-2x4.yaml";

/// cpu-2x4 with links 25 times slower, so that the collectives outlast the compute beside them and the
/// overlapped step (what a measured step is) depends on the links' efficiency too.
fn slow_links() -> String {
    std::fs::read_to_string(MESH).unwrap().replace("bandwidth_gb_per_s: 5", "bandwidth_gb_per_s: 0.2")
}
const TRUTH: &str = "efficiency:\n  flops: 0.5\n  hbm: 0.7\n  links: 0.6\n";

/// `automap eval`'s overlapped step in seconds (what a measured step is): "overlapped (...): X ms".
fn overlapped_s(report: &str) -> f64 {
    let line = report.lines().find(|l| l.trim_start().starts_with("overlapped")).unwrap();
    let ms = line.rsplit(": ").next().unwrap().trim_end_matches(" ms");
    ms.parse::<f64>().unwrap() / 1e3
}

/// `automap calibrate --mesh MESH --runs RUNS --out OUT`.
fn calibrate(mesh: &std::path::Path, runs: &std::path::Path, out: &std::path::Path) -> common::Run {
    let (mesh, runs, out) = (mesh.to_str().unwrap(), runs.to_str().unwrap(), out.to_str().unwrap());
    automap(&["calibrate", "--mesh", mesh, "--runs", runs, "--out", out])
}

#[test]
fn efficiencies_that_made_the_steps_are_fitted_back() {
    let dir = Scratch::new("calibrate");
    let (truth, base) = (dir.join("truth.yaml"), dir.join("base.yaml"));
    std::fs::write(&truth, slow_links() + TRUTH).unwrap();
    std::fs::write(&base, slow_links()).unwrap();
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
                overlapped_s(&run.stdout)
            ));
        }
    }
    std::fs::write(dir.join("runs.yaml"), runs).unwrap();
    let out = dir.join("calibrated.yaml");
    let run = calibrate(&base, &dir.join("runs.yaml"), &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("[12/12] llama_remat_train replicated"), "{}", run.stderr);
    let spec = automap::sharding::Mesh::load(&out).unwrap();
    // Not exactly: `eval` decides the values between the pinned arguments by the prices of the mesh it
    // is given, so a "measured" run's plan may differ a little from the one priced at the peaks.
    let e = spec.efficiency;
    for (got, want) in [(e.flops, 0.5), (e.hbm, 0.7), (e.links, 0.6)] {
        assert!((got / want - 1.0).abs() < 0.12, "{e:?}\n{}", run.stdout);
    }
    // Every run within 5% under the fit; left out, within the range the calibration issue asks of
    // leave-one-out on measured runs, [0.75, 1.33] (a run alone in what it says of one constant, as the
    // small MLP's data-parallel step is of the links' latency, moves the fit made without it most).
    for row in run.stdout.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| run")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (fitted, held): (f64, f64) = (cells[4].parse().unwrap(), cells[6].parse().unwrap());
        assert!((fitted - 1.0).abs() < 0.05, "{row}\n{}", run.stdout);
        assert!((0.75..=1.33).contains(&held), "{row}\n{}", run.stdout);
    }
}

#[test]
fn a_bad_runs_file_is_an_error_that_names_it() {
    let dir = Scratch::new("calibrate-bad");
    std::fs::write(dir.join("runs.yaml"), "runs:\n  - {model: x.mlir, plan: dp, measured_step_s: -1}\n").unwrap();
    let run = calibrate(std::path::Path::new(MESH), &dir.join("runs.yaml"), &dir.join("o.yaml"));
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("runs.yaml: measured_step_s must be a positive number"), "{}", run.stderr);
}
