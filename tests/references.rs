//! Reference plans carry their recipe through loops: on generated decoders-in-miniature (a stack of
//! matmul + tanh layers, the weights stacked and read per iteration of a `while`, or one argument per
//! layer, unrolled), of drawn depths, batches, widths and meshes, data parallelism over n devices
//! divides the compute by n (where the batch divides and the matmuls are bound by their FLOPs) and
//! FSDP over n devices stores every weight in 1/n.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::ir;
use automap::sharding::Mesh;
use automap::sharding::PlanSpace;
use automap::sharding::build;
use automap::sharding::tactics::reference::{Decided, Recipes};
use automap::sharding::tactics::{Recognised, parse_tactics};
use proptest::prelude::*;
use std::time::Duration;

/// A forward pass of `layers` layers `x = tanh(x @ w_l)`, batch × width, in f32: the weights stacked
/// `[layers, width, width]` and read by `dynamic_slice` in a `while` (as `jax.lax.scan` lowers), or one
/// argument per layer (unrolled).
fn program(layers: usize, batch: i64, width: i64, scanned: bool) -> String {
    let act = format!("tensor<{batch}x{width}xf32>");
    let w = format!("tensor<{width}x{width}xf32>");
    let layer = |x: &str, wt: &str, out: &str| {
        format!(
            "    %{out}_mm = stablehlo.dot_general {x}, {wt}, contracting_dims = [1] x [0] : ({act}, {w}) -> {act}\n    \
             %{out} = stablehlo.tanh %{out}_mm : {act}\n"
        )
    };
    if scanned {
        let stack = format!("tensor<{layers}x{width}x{width}xf32>");
        let slice = format!("tensor<1x{width}x{width}xf32>");
        format!(
            "func.func public @main(%arg0: {act}, %arg1: {stack}) -> ({act}) {{
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, {act}, {stack}
    cond {{
      %n = stablehlo.constant dense<{layers}> : tensor<i32>
      %lt = stablehlo.compare  LT, %iterArg, %n,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }} do {{
      %z = stablehlo.constant dense<0> : tensor<i32>
      %ws = stablehlo.dynamic_slice %iterArg_1, %iterArg, %z, %z, sizes = [1, {width}, {width}] : ({stack}, tensor<i32>, tensor<i32>, tensor<i32>) -> {slice}
      %wl = stablehlo.reshape %ws : ({slice}) -> {w}
  {}    %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %iterArg, %one : tensor<i32>
      stablehlo.return %next, %h, %iterArg_1 : tensor<i32>, {act}, {stack}
    }}
    return %0#1 : {act}
}}
",
            layer("%iterArg_0", "%wl", "h")
        )
    } else {
        let args: Vec<String> = (0..layers).map(|l| format!("%w{l}: {w}")).collect();
        let mut body = String::new();
        let mut x = "%x".to_string();
        for l in 0..layers {
            body += &layer(&x, &format!("%w{l}"), &format!("h{l}"));
            x = format!("%h{l}");
        }
        format!(
            "func.func public @main(%x: {act}, {}) -> ({act}) {{\n{body}    return {x} : {act}\n}}\n",
            args.join(", ")
        )
    }
}

/// The reference plan `spec` on `m`: its compute seconds, how it was decided, and the devices each
/// argument is split over.
fn reference_of(m: &ir::Module, mesh: &Mesh, spec: &str) -> (f64, Decided, Vec<u64>) {
    let space = PlanSpace::new(m, mesh);
    let built = build(&space, None);
    let tactics = parse_tactics(spec, mesh).unwrap();
    let found = Recognised::new(&space);
    let r = Recipes::new(&space, &built, &found).reference(&tactics, Duration::from_secs(20), 1);
    let cost = space.evaluate(&r.plan);
    let split: Vec<u64> = r
        .plan
        .args
        .iter()
        .map(|s| s.used_axes().map(|a| u64::from(mesh.axis(&a.name).map_or(1, |x| x.size))).product())
        .collect();
    (cost.compute_s, r.decided, split)
}

/// Data parallelism and FSDP over every axis of a mesh, as the report's shortlist spells them.
fn over_all(tactic: &str, mesh: &Mesh) -> String {
    mesh.axes.iter().map(|a| format!("{tactic}:{}", a.name)).collect::<Vec<_>>().join("+")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn data_parallel_divides_compute_and_fsdp_divides_the_weights(
        layers in 2usize..5,
        batch_mult in 1i64..5,
        width in prop::sample::select(vec![64i64, 96, 128, 192]),
        scanned in any::<bool>(),
        mesh_name in prop::sample::select(vec!["cpu-8.yaml", "cpu-2x4.yaml"]),
    ) {
        let mesh = common::mesh(mesh_name);
        let n = mesh.num_devices();
        // At least 1,024 rows per device: data parallelism does not divide the work on the weights
        // (slicing a layer's weight out of the stack, reading it), which must stay under the 1% slack.
        let batch = 1024 * n as i64 * batch_mult;
        let m = ir::parse_module(&program(layers, batch, width, scanned)).unwrap();
        prop_assert!(ir::verify::verify(&m).is_empty());
        let (replicated, how, _) = reference_of(&m, &mesh, "replicated");
        prop_assert_eq!(how, Decided::Propagated);
        let (dp, _, _) = reference_of(&m, &mesh, &over_all("dp", &mesh));
        prop_assert!(dp <= replicated / n as f64 * 1.01, "dp {dp} s against replicated {replicated} s over {n}");
        let (_, _, split) = reference_of(&m, &mesh, &over_all("fsdp", &mesh));
        // The activations' argument (0) by its batch, every weight (the rest) over all n devices.
        prop_assert!(split.iter().all(|&s| s == n), "devices per argument {split:?}, want {n}");
    }
}
