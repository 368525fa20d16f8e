//! The overlapped step time ([`automap_sharding::overlap`]) on reference plans of the fixtures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap_sharding::overlapped_step_s;
use automap_sharding::tactics::{apply, parse_tactics};
use automap_sharding::{Plan, PlanCost, PlanSpace};

/// The reference plan `spec` on a fixture and mesh: its cost and its overlapped step time.
fn overlapped(fixture: &str, mesh: &str, spec: &str) -> (PlanCost, f64) {
    let (m, mesh) = (common::module(fixture), common::mesh(mesh));
    let space = PlanSpace::new(&m, &mesh);
    let plan: Plan = space.propagate(apply(&space, &parse_tactics(spec, &mesh).unwrap()).args);
    let cost = space.evaluate(&plan);
    let t = overlapped_step_s(&space, &plan, &cost);
    (cost, t)
}

/// Megatron's forward pass reads each all-reduce's result at once (the residual add), and nothing else
/// is left to compute meanwhile: nothing overlaps.
#[test]
fn collectives_read_at_once_overlap_nothing() {
    let (c, t) = overlapped("gpt_forward.mlir", "cpu-model-4.yaml", "megatron");
    assert!(!c.collectives.is_empty());
    assert!((t - c.total_s()).abs() <= 1e-12 * c.total_s(), "{t} against {}", c.total_s());
}

/// FSDP on a scanned training step: each layer's weights are gathered from a slice of the stacked
/// weights, the same in every iteration, so the gathers run an iteration ahead, beside compute.
#[test]
fn fsdp_gathers_of_stacked_weights_overlap_compute() {
    let (c, t) = overlapped("llama_remat_train.mlir", "cpu-2x4.yaml", "fsdp:data+fsdp:model");
    assert!(t >= c.compute_s.max(c.comm_s));
    assert!(
        c.serial_s() - t >= 0.1 * c.comm_s,
        "overlapped {t} of serial {} (communication {})",
        c.serial_s(),
        c.comm_s
    );
    // The objective credits the prefetched gathers too, and stays at or above the overlapped step.
    assert!(c.hidden_s > 0.0 && c.total_s() >= t * (1.0 - 1e-9), "{c:?} against {t}");
}

/// Does `cost` hold a collective that a loop prefetches?
fn has_prefetched(space: &PlanSpace<'_>, cost: &PlanCost) -> bool {
    cost.collectives.iter().any(|k| k.reader.is_some_and(|(p, o)| space.prefetch().prefetched(p, o)))
}

thread_local! {
    /// Each fixture's choice problem, built once.
    static BUILT: std::cell::RefCell<std::collections::HashMap<usize, automap_sharding::ProgramProblem>> = Default::default();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any plan of a program with loops, branches or kernels: the overlapped step lies between the
    /// longer of compute and communication and the step the objective prices (the serial step less
    /// the prefetched collectives' credit), which lies between it and the solver's objective of the
    /// plan and at most at the serial step.
    #[test]
    fn the_overlapped_step_lies_between_the_longer_part_and_the_objective(seed in proptest::prelude::any::<u64>(), which in 0usize..6) {
        let (f, mesh) = [("gpt_train_scan.mlir", "cpu-8.yaml"), ("llama_remat_train.mlir", "cpu-2x4.yaml"), ("fori.mlir", "cpu-8.yaml"), ("cond_train.mlir", "cpu-2x4.yaml"), ("llama_kernel_train.mlir", "cpu-2x4.yaml"), ("moe.mlir", "cpu-8.yaml")][which];
        let (m, mesh) = (common::module(f), common::mesh(mesh));
        let space = PlanSpace::new(&m, &mesh);
        let mut rng = automap_solver::internals::Rng::new(seed);
        let plan = common::random_plan(&space, &mut rng);
        let c = space.evaluate(&plan);
        let t = overlapped_step_s(&space, &plan, &c);
        proptest::prop_assert!(t >= c.compute_s.max(c.comm_s) * (1.0 - 1e-9), "{f}: {t} < {} {}", c.compute_s, c.comm_s);
        proptest::prop_assert!(t <= c.total_s() * (1.0 + 1e-9), "{f}: {t} > {}", c.total_s());
        proptest::prop_assert!(c.hidden_s >= 0.0 && c.total_s() <= c.serial_s(), "{f}: {c:?}");
        let objective = BUILT.with_borrow_mut(|b| {
            let built = b.entry(which).or_insert_with(|| automap_sharding::build(&space, None));
            built.encode(&plan).map(|x| automap_solver::evaluate(&built.problem, &x).unwrap().cost)
        });
        if let Some(objective) = objective {
            let objective = objective as f64 / automap_solver::COST_UNITS_PER_SECOND;
            proptest::prop_assert!(c.total_s() <= objective * (1.0 + 1e-9) + 1e-9, "{f}: {} > objective {objective}", c.total_s());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Generated scanned stacks of drawn depths, batches and widths, on drawn meshes: for random plans
    /// and for FSDP over every axis (its layer weights split, read whole or not as propagation
    /// decides), the overlapped step
    /// is at most the step the objective prices, itself at most the serial step and the solver's
    /// objective of the plan; a plan with a prefetched collective is credited.
    #[test]
    fn on_generated_scans_the_objective_bounds_the_overlapped_step(
        layers in 3usize..7,
        batch in proptest::sample::select(vec![64i64, 256, 1024]),
        width in proptest::sample::select(vec![64i64, 128, 256]),
        mesh_name in proptest::sample::select(vec!["cpu-8.yaml", "cpu-2x4.yaml", "h100-2x8-ib.yaml", "tpu-v5e-4x4.yaml", "tpu-v5e-2x4x4.yaml", "tpu-v4-8x8x4.yaml"]),
        seed in proptest::prelude::any::<u64>(),
    ) {
        let m = automap_ir::parse_module(&common::stacked_layers(layers, batch, width, true)).unwrap();
        let mesh = common::mesh(mesh_name);
        let space = PlanSpace::new(&m, &mesh);
        let built = automap_sharding::build(&space, None);
        let mut rng = automap_solver::internals::Rng::new(seed);
        let random = common::random_plan(&space, &mut rng);
        let fsdp = mesh.axes.iter().map(|a| format!("fsdp:{}", a.name)).collect::<Vec<_>>().join("+");
        let fsdp = space.propagate(apply(&space, &parse_tactics(&fsdp, &mesh).unwrap()).args);
        for (name, plan) in [("random", &random), ("fsdp", &fsdp)] {
            let c = space.evaluate(plan);
            let t = overlapped_step_s(&space, plan, &c);
            proptest::prop_assert!(t <= c.total_s() * (1.0 + 1e-9), "{name}: overlapped {t} > {}", c.total_s());
            // The drawn timeline is that schedule: its time, each stream one thing at a time, and a
            // collective never before the block starts.
            let line = automap_sharding::timeline(&space, plan, &c, None);
            proptest::prop_assert!((line.makespan + c.unfused_s - t).abs() <= t * 1e-9 + 1e-15, "{name}: {line:?} against {t}");
            for stream in [&line.compute, &line.link] {
                for w in stream.windows(2) {
                    proptest::prop_assert!(w[0].end <= w[1].start + 1e-15 && w[0].start >= 0.0, "{name}: {w:?}");
                }
            }
            proptest::prop_assert!(c.total_s() <= c.serial_s() && c.hidden_s >= 0.0, "{name}: {c:?}");
            if let Some(x) = built.encode(plan) {
                let objective = automap_solver::evaluate(&built.problem, &x).unwrap().cost as f64
                    / automap_solver::COST_UNITS_PER_SECOND;
                proptest::prop_assert!(c.total_s() <= objective * (1.0 + 1e-9) + 1e-9, "{name}: {} > {objective}", c.total_s());
            }
        }
        // A plan with a prefetched collective (the body's least compute is never zero here) is credited.
        for (name, plan) in [("random", &random), ("fsdp", &fsdp)] {
            let c = space.evaluate(plan);
            proptest::prop_assert!(!has_prefetched(&space, &c) || c.hidden_s > 0.0, "{name}: a prefetched collective, no credit: {c:?}");
        }
    }
}

/// On a generated scanned stack, plans that gather a layer's weights inside the loop exist among
/// random ones, and each is credited: the property above is not vacuous.
#[test]
fn random_plans_of_a_generated_scan_include_credited_prefetches() {
    let m = automap_ir::parse_module(&common::stacked_layers(4, 1024, 256, true)).unwrap();
    let mesh = common::mesh("cpu-2x4.yaml");
    let space = PlanSpace::new(&m, &mesh);
    let mut rng = automap_solver::internals::Rng::new(7);
    let mut credited = 0;
    for _ in 0..200 {
        let plan = common::random_plan(&space, &mut rng);
        let c = space.evaluate(&plan);
        if has_prefetched(&space, &c) {
            assert!(c.hidden_s > 0.0, "{c:?}");
            credited += 1;
        }
    }
    assert!(credited >= 10, "{credited} of 200 random plans had a prefetched collective");
}
