//! Reference plans carry their recipe through loops: on generated decoders-in-miniature (a stack of
//! matmul + tanh layers, the weights stacked and read per iteration of a `while`, or one argument per
//! layer, unrolled), of drawn depths, batches, widths and meshes, data parallelism over n devices
//! divides the compute by n (where the batch divides and the matmuls are bound by their FLOPs) and
//! FSDP over n devices stores every weight in 1/n.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap_ir as ir;
use automap_sharding::Mesh;
use automap_sharding::PlanSpace;
use automap_sharding::build;
use automap_sharding::tactics::{Decided, Recipes};
use automap_sharding::tactics::{Recognised, parse_tactics};
use proptest::prelude::*;
use std::time::Duration;

/// The reference plan `spec` on `m`: its compute seconds, how it was decided, and the devices each
/// argument is split over.
fn reference_of(m: &ir::Module, mesh: &Mesh, spec: &str) -> (f64, Decided, Vec<u64>) {
    let space = PlanSpace::new(m, mesh);
    let built = build(&space, None);
    let tactics = parse_tactics(spec, mesh).unwrap();
    let found = Recognised::new(&space);
    let r = Recipes::new(&space, &built, &found).reference(&tactics, Duration::from_secs(20), 1, None);
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
        let m = ir::parse_module(&common::stacked_layers(layers, batch, width, scanned)).unwrap();
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
