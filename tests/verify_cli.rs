//! `automap plan --verify` end to end, with a stand-in for the compiler: an executable that answers
//! as `python/automap/judge.py` does (one JSON verdict on stdout), so the loop is tested where no
//! compiler is installed. The stand-in says the first plan is over the device by 1 MiB and fits the
//! next; the loop must plan twice, the second time under a lower limit, and report both rounds.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};
use std::os::unix::fs::PermissionsExt;

/// The cpu-2x4 mesh naming a compiler (any: the stand-in answers for it).
const MESH: &str = "name: cpu-2x4-judged\ndescription: 2x4 CPU devices, judged by a stand-in compiler\naxes:\n  - {name: data, size: 2, bandwidth_gb_per_s: 10, latency_us: 10}\n  - {name: model, size: 4, bandwidth_gb_per_s: 10, latency_us: 10}\ndevice: {memory_gib: 2, hbm_gb_per_s: 100, peak_tflops: {f32: 1}}\ncompiler: {tpu: \"v5e:2x4\"}\n";

/// A stand-in "python": it is given `judge.py annotated.mlir plan.json`, counts its calls in a file
/// beside itself, and answers out of memory (the device's 2 GiB plus 1 MiB) the first time, fits after.
const JUDGE: &str = "#!/bin/sh\ndir=$(dirname \"$0\")\nn=$(cat \"$dir/calls\" 2>/dev/null || echo 0)\nn=$((n + 1))\necho $n > \"$dir/calls\"\ntest -f \"$2\" && test -f \"$3\" || { echo 'no plan given' >&2; exit 2; }\nif [ $n -eq 1 ]; then\n  echo '{\"verdict\": \"out of memory\", \"target\": \"TPU v5e:2x4\", \"device_bytes\": 2147483648, \"device_total_bytes\": 2148532224, \"predicted_peak_bytes\": 100000}'\nelse\n  echo '{\"verdict\": \"fits\", \"target\": \"TPU v5e:2x4\", \"device_bytes\": 2147483648, \"device_total_bytes\": 120000, \"predicted_peak_bytes\": 100000}'\nfi\n";

#[test]
fn a_plan_the_compiler_finds_over_is_made_again_under_a_lower_limit() {
    let dir = Scratch::new("verify");
    std::fs::write(dir.join("mesh.yaml"), MESH).unwrap();
    let judge = dir.join("python");
    std::fs::write(&judge, JUDGE).unwrap();
    std::fs::set_permissions(&judge, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = dir.join("out");
    let run = automap(&[
        "plan",
        "tests/fixtures/mlp.mlir",
        "--mesh",
        dir.join("mesh.yaml").to_str().unwrap(),
        "--time-limit",
        "20",
        "--out",
        out.to_str().unwrap(),
        "--verify",
        judge.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("calls")).unwrap().trim(), "2");
    // The second round plans under a lower limit: by the compiler's excess, and at least 1% (the
    // excess here, 1 MiB, is less).
    assert!(run.stderr.contains("verify round 1: planning under 2.00 GiB per device"), "{}", run.stderr);
    assert!(run.stderr.contains("verify round 2: planning under 1.98 GiB per device"), "{}", run.stderr);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## Checked by XLA's compiler (compile only)"), "{report}");
    assert!(report.contains("out of memory (TPU v5e:2x4)") && report.contains("fits (TPU v5e:2x4)"), "{report}");
    let rounds: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("verify.json")).unwrap()).unwrap();
    assert_eq!(rounds.as_array().unwrap().len(), 2);
    // No round's folder is left behind.
    assert!(std::fs::read_dir(&out).unwrap().flatten().all(|e| !e.file_name().to_string_lossy().starts_with(".round")));
}

#[test]
fn verify_needs_a_mesh_that_names_its_compiler() {
    let run =
        automap(&["plan", "tests/fixtures/mlp.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--verify", "python3"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("names no compiler"), "{}", run.stderr);
}
