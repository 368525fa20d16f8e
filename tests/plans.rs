//! Reference plans through the cost model, on the GPT fixtures: the collectives an expert expects.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::ir;
use automap::sharding::CollectiveKind;
use automap::sharding::Mesh;
use automap::sharding::tactics::{Roles, apply, parse_tactics};
use automap::sharding::{PlanCost, PlanSpace};

fn load(fixture: &str, mesh: &str) -> (ir::Module, Mesh) {
    (common::module(fixture), common::mesh(mesh))
}

/// The reference plan `spec`'s cost on a fixture.
fn cost_of(m: &ir::Module, mesh: &Mesh, spec: &str) -> PlanCost {
    let space = PlanSpace::new(m, mesh);
    let plan = space.propagate(apply(&space, &parse_tactics(spec, mesh).unwrap()).args);
    space.evaluate(&plan)
}

fn cost(fixture: &str, mesh: &str, spec: &str) -> PlanCost {
    let (m, mesh) = load(fixture, mesh);
    cost_of(&m, &mesh, spec)
}

/// Batch 8 × sequence 32 × model 64, f32.
const ACTIVATIONS: u64 = 8 * 32 * 64 * 4;

#[test]
fn megatron_forward_is_two_all_reduces_per_layer_of_the_activations() {
    let c = cost("gpt_forward.mlir", "cpu-model-4.yaml", "megatron");
    let layers = 2;
    assert_eq!(c.collectives.len(), 2 * layers, "{:#?}", c.collectives);
    for x in &c.collectives {
        assert_eq!(x.collective.kind, CollectiveKind::AllReduce);
        assert_eq!(x.collective.axis, "model");
        assert_eq!(x.collective.bytes, ACTIVATIONS);
    }
}

#[test]
fn data_parallel_forward_needs_no_collective() {
    let c = cost("gpt_forward.mlir", "cpu-8.yaml", "dp");
    assert!(c.collectives.is_empty(), "{:#?}", c.collectives);
    assert!(c.comm_s == 0.0 && c.compute_s > 0.0);
}

#[test]
fn data_and_tensor_parallel_on_a_2d_mesh() {
    let c = cost("gpt_forward.mlir", "cpu-2x4.yaml", "dp:data+megatron:model");
    assert_eq!(c.collectives.len(), 4);
    assert!(c.collectives.iter().all(|x| x.collective.kind == CollectiveKind::AllReduce
        && x.collective.axis == "model"
        && x.collective.bytes == ACTIVATIONS / 2));
    // Cheaper than Megatron alone on the same mesh, which leaves the data axis idle.
    let megatron = cost("gpt_forward.mlir", "cpu-2x4.yaml", "megatron:model");
    assert!(c.total_s() < megatron.total_s());
}

#[test]
fn replicated_has_no_collectives_and_the_most_memory() {
    let r = cost("gpt_train.mlir", "cpu-8.yaml", "replicated");
    assert!(r.collectives.is_empty());
    let f = cost("gpt_train.mlir", "cpu-8.yaml", "fsdp");
    assert!(f.peak_bytes < r.peak_bytes, "FSDP {} vs replicated {}", f.peak_bytes, r.peak_bytes);
}

#[test]
fn eval_prints_a_report() {
    let eval = |plan: &str| {
        common::automap(&[
            "eval",
            "tests/fixtures/gpt_forward.mlir",
            "--mesh",
            "specs/meshes/cpu-model-4.yaml",
            "--plan",
            plan,
        ])
    };
    let out = eval("megatron");
    assert_eq!(out.code, Some(0));
    let text = out.stdout;
    // The weights pinned as Megatron stores them, the activations decided by the solver: it runs the
    // blocks as Megatron-LM with sequence parallelism does (an all-gather into each block, a
    // reduce-scatter out of it), cheaper than the classic plan's all-reduces, which the propagation
    // test above prices.
    assert!(text.contains("ops decided: optimal by the solver"), "{text}");
    assert!(text.contains("all-gather      model") && text.contains("reduce-scatter  model"), "{text}");
    assert!(!text.contains("all-reduce"), "{text}");
    let bad = eval("dp:nope");
    assert_eq!(bad.code, Some(1));
    assert!(bad.stderr.contains("no axis 'nope'"));
}

#[test]
fn data_parallel_training_all_reduces_each_gradient_once() {
    let (m, mesh) = load("gpt_train.mlir", "cpu-8.yaml");
    let c = cost_of(&m, &mesh, "dp");
    let roles = Roles::of(&PlanSpace::new(&m, &mesh));
    let params: Vec<usize> = (0..m.args.len()).filter(|&i| roles.parameters[i]).collect();
    assert_eq!(params.len(), 24);
    // One all-reduce per parameter gradient, of the parameter's size; plus the mean loss (4 bytes).
    // Nothing else: no collective in the forward pass.
    let at_updates: Vec<_> = c.collectives.iter().filter(|x| x.collective.bytes > 4).collect();
    assert_eq!(at_updates.len(), params.len(), "{:#?}", c.collectives);
    let mut sizes: Vec<u64> = at_updates.iter().map(|x| x.collective.bytes).collect();
    let mut want: Vec<u64> = params.iter().map(|&i| m.ty(m.args[i]).byte_size()).collect();
    sizes.sort_unstable();
    want.sort_unstable();
    assert_eq!(sizes, want);
    for x in &at_updates {
        assert_eq!(x.collective.kind, CollectiveKind::AllReduce);
        let loc = m.ops[x.op.unwrap()].loc.clone().unwrap_or_default();
        assert!(!loc.contains("jvp()") || loc.contains("transpose(jvp())"), "{loc} is in the forward pass");
    }
    let rest: Vec<_> = c.collectives.iter().filter(|x| x.collective.bytes <= 4).collect();
    assert_eq!(rest.len(), 1);
    assert_eq!((rest[0].collective.kind, rest[0].collective.bytes), (CollectiveKind::AllReduce, 4));
    // The cost is the sum of its parts.
    let sum: f64 = c.collectives.iter().map(|x| x.collective.seconds).sum();
    assert!((c.comm_s - sum).abs() < 1e-15 && (c.total_s() - c.compute_s - c.comm_s).abs() < 1e-15);
}

#[test]
fn megatron_training_step_is_two_all_reduces_per_layer_each_way() {
    let (m, mesh) = load("gpt_train.mlir", "cpu-model-4.yaml");
    let c = cost_of(&m, &mesh, "megatron");
    assert_eq!(c.collectives.len(), 8, "{:#?}", c.collectives);
    let (mut forward, mut backward) = (0, 0);
    for x in &c.collectives {
        assert_eq!((x.collective.kind, x.collective.bytes), (CollectiveKind::AllReduce, ACTIVATIONS));
        let loc = m.ops[x.op.unwrap()].loc.clone().unwrap_or_default();
        if loc.contains("transpose(jvp())") { backward += 1 } else { forward += 1 }
    }
    assert_eq!((forward, backward), (4, 4), "2 layers: after attention and after the MLP, each way");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

    /// Any plan (random strategies and argument shardings): its cost is the sum of its parts.
    #[test]
    fn a_plans_cost_is_the_sum_of_its_parts(seed in proptest::prelude::any::<u64>()) {
        let (m, mesh) = load("mlp.mlir", "cpu-2x4.yaml");
        let space = PlanSpace::new(&m, &mesh);
        let mut rng = automap::solver::internals::Rng::new(seed);
        let plan = common::random_plan(&space, &mut rng);
        let c = space.evaluate(&plan);
        // Every op's roofline, each counting the memory its fusion reads and writes through it, and the
        // fusions that reshardings break.
        let compute: f64 = m.body.iter().enumerate().map(|(pos, &op)| automap::sharding::compute_cost(&m, op, &space.rules[pos], &space.strategies[pos][plan.choice[pos]], &mesh, space.traffic(pos)).seconds).sum::<f64>() + c.unfused_s;
        proptest::prop_assert!(c.unfused_s >= 0.0 && c.unfused_s <= c.compute_s);
        let comm: f64 = c.collectives.iter().map(|x| x.collective.seconds).sum();
        proptest::prop_assert!((c.compute_s - compute).abs() <= 1e-12 * compute.max(1.0));
        proptest::prop_assert!((c.comm_s - comm).abs() <= 1e-12 * comm.max(1.0));
        proptest::prop_assert!((c.total_s() - compute - comm).abs() <= 1e-12 * (compute + comm).max(1.0));
        proptest::prop_assert!(c.peak_bytes > 0.0);
    }
}
