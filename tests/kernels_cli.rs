//! Kernels priced end to end: a kernel nothing prices is warned of and counts 0 FLOPs; a `--kernels`
//! table prices it per shard inside its `shard_map`; a Pallas kernel's own cost estimate and cuDNN's
//! fused attention need no table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

/// plan.json's FLOPs per device (every loop body once), and stderr. The time limit is far past what
/// the plan needs (seconds), so that no phase is cut short and both plans are the same optimum.
fn plan(model: &str, kernels: Option<&str>, dir: &Scratch, name: &str) -> (f64, String) {
    let out = dir.join(name);
    let mut args = vec![
        "plan",
        model,
        "--mesh",
        "specs/meshes/cpu-2x4.yaml",
        "--time-limit",
        "120",
        "--out",
        out.to_str().unwrap(),
    ];
    if let Some(k) = kernels {
        args.extend(["--kernels", k]);
    }
    let run = automap(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    let flops = doc.pointer("/predicted/flops_per_device_bodies_once").and_then(serde_json::Value::as_f64);
    (flops.unwrap_or_else(|| panic!("no flops in {doc}")), run.stderr)
}

#[test]
fn a_table_prices_the_kernels_a_program_does_not() {
    let dir = Scratch::new("kernels");
    let model = "tests/fixtures/llama_kernel_train.mlir";
    let (bare, said) = plan(model, None, &dir, "bare");
    assert!(said.contains("custom_call @flash_attention_fwd has no price"), "{said}");
    assert!(said.contains("custom_call @flash_attention_bwd has no price"), "{said}");
    let (priced, said) = plan(model, Some("specs/kernels/flash_attention.yaml"), &dir, "priced");
    assert!(!said.contains("has no price"), "{said}");
    // Per device, one layer (loop bodies once): the forward kernel twice (the forward pass and its
    // recomputation under jax.checkpoint) and the backward once, each on its shard: q [1,128,2,4,2],
    // 128 keys: 4 x 2,048 x 128 for a forward, 10 x 2,048 x 128 for the backward.
    let (fwd, bwd) = (4.0 * 2048.0 * 128.0, 10.0 * 2048.0 * 128.0);
    assert_eq!(priced - bare, 2.0 * fwd + bwd);
}

#[test]
fn pallas_and_cudnn_kernels_are_priced_without_a_table() {
    let dir = Scratch::new("kernels-library");
    for model in ["tests/fixtures/llama_pallas_train.mlir", "tests/fixtures/llama_cudnn_train.mlir"] {
        let (_, said) = plan(model, None, &dir, "out");
        assert!(!said.contains("has no price"), "{model}: {said}");
    }
}
