//! Host memory as a decision of the plan: the stacks a scanned forward pass keeps for its backward pass
//! go to the host only where the device's memory alone holds no plan.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::sharding::{Mesh, PlanSpace};

/// A 4-device mesh with a host link (or none), `memory_gib` per device.
fn mesh(memory_gib: f64, host: bool) -> Mesh {
    let host = if host { "  host_gb_per_s: 20\n" } else { "" };
    let text = format!(
        "name: hosted\naxes:\n  - name: d\n    size: 4\n    bandwidth_gb_per_s: 50\n    latency_us: 2\ndevice:\n  memory_gib: {memory_gib}\n  hbm_gb_per_s: 800\n{host}  peak_tflops:\n    bf16: 100\n    f32: 25\n"
    );
    Mesh::parse(&text, "hosted.yaml").unwrap()
}

/// A residual MLP of 6 layers scanned under `jax.checkpoint` (bf16, batch 256, width 128, hidden 384):
/// the gradient of its loss, whose forward scan stacks each layer's input for the backward scan.
fn loaded() -> automap::Model {
    automap::Model::load(&common::root().join("tests/fixtures/scan_offload.mlir")).unwrap()
}

fn plan(mesh: &Mesh) -> Result<automap::Planned, automap::Error> {
    let opts = automap::PlanOptions {
        method: automap::solver::Method::Highs,
        time_limit: std::time::Duration::from_secs(60),
        ..Default::default()
    };
    automap::plan(&loaded(), mesh, &opts, &mut |_| {})
}

/// The bytes per device the leanest plan needs with everything in device memory: what "no plan fits"
/// names.
fn leanest_on_device() -> f64 {
    match plan(&mesh(1e-4, false)) {
        Err(automap::Error::NoFit { leanest_bytes: Some(b), .. }) => b,
        other => panic!("expected no plan to fit in 100 KiB, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn the_forward_scans_saved_layer_inputs_are_one_stack() {
    let model = loaded();
    let mesh = mesh(1.0, true);
    let space = PlanSpace::new(&model.module, &mesh);
    let stacks = space.stacks();
    assert_eq!(stacks.len(), 1, "{stacks:?}");
    let s = &stacks[0];
    let steps = space.steps();
    // Written in the first loop, read by a slice per iteration in the second.
    assert_eq!(steps[s.carry].in_loop, Some(0));
    assert_eq!(s.reading_loops, vec![1]);
    assert!(!s.reads.is_empty() && s.reads.iter().all(|&r| steps[r].in_loop == Some(1)));
    assert_eq!(model.module.ty(steps[s.carry].results[0]).to_string(), "tensor<6x256x128xbf16>");
}

#[test]
fn where_the_device_alone_fits_nothing_goes_to_the_host() {
    let planned = plan(&mesh(1.0, true)).unwrap();
    assert!(!planned.annotated.contains("annotate_device_placement"));
    assert!(!planned.report.contains("host memory per device"));
    assert!(!planned.plan_json.contains("host_offload"));
}

#[test]
fn where_the_device_alone_fits_no_plan_a_stack_goes_to_the_host() {
    let leanest = leanest_on_device();
    // Between the leanest plan with the stack and without it.
    let limit_gib = (leanest - 48.0 * 1024.0) / automap::sharding::BYTES_PER_GIB;
    // Without a host link, still no plan fits.
    assert!(matches!(plan(&mesh(limit_gib, false)), Err(automap::Error::NoFit { .. })));
    let planned = plan(&mesh(limit_gib, true)).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&planned.plan_json).unwrap();
    let predicted = &doc["predicted"];
    assert!(
        predicted["peak_memory_bytes_per_device"].as_f64().unwrap() <= limit_gib * automap::sharding::BYTES_PER_GIB
    );
    let host = &predicted["host_offload"];
    assert_eq!(host["stacks"].as_array().unwrap().len(), 1);
    let bytes = host["bytes_per_device"].as_f64().unwrap();
    assert!(bytes > 0.0);
    // Down once and up once over a 20 GB/s link; the loops hide at most that.
    let transfer = host["transfer_s"].as_f64().unwrap();
    assert!((transfer - 2.0 * bytes / 20e9).abs() <= 1e-12, "{transfer}");
    assert!((0.0..=transfer).contains(&host["hidden_s"].as_f64().unwrap()));
    // The module moves each slice written to the host and each slice read back to the device.
    let placements: Vec<&str> =
        planned.annotated.lines().filter(|l| l.contains("@annotate_device_placement")).collect();
    assert!(placements.iter().any(|l| l.contains("_xla_buffer_placement = \"pinned_host\"")), "{placements:?}");
    assert!(placements.iter().any(|l| l.contains("_xla_buffer_placement = \"device\"")), "{placements:?}");
    assert!(planned.report.contains("host memory per device"));
}

#[test]
fn where_even_the_host_does_not_help_no_plan_fits_and_the_error_says_what_it_tried() {
    let without_host = leanest_on_device();
    match plan(&mesh(1e-4, true)) {
        Err(automap::Error::NoFit { explanation, leanest_bytes: Some(needed), .. }) => {
            // The limit a plan needs counts the stack in host memory: under it the planner puts it there.
            assert!(needed < without_host, "{needed} vs {without_host}");
            assert!(explanation.contains(&format!("no plan fits under {needed} bytes")), "{explanation}");
            assert!(
                explanation
                    .contains("with the one stack the forward loops keep for later loops in host memory, it peaks at"),
                "{explanation}"
            );
        }
        other => panic!("expected no plan to fit in 100 KiB, got {:?}", other.map(|_| ())),
    }
}

/// A 3-D mesh of 8 devices with other axis names, `memory_gib` per device, with a host link or none.
fn cube(memory_gib: f64, host: bool) -> Mesh {
    cube_with_host_memory(memory_gib, host, None)
}

/// [`cube`], its host memory per device bounded to `host_memory_gib` where given.
fn cube_with_host_memory(memory_gib: f64, host: bool, host_memory_gib: Option<f64>) -> Mesh {
    let mut host = if host { "  host_gb_per_s: 12\n".to_string() } else { String::new() };
    if let Some(h) = host_memory_gib {
        host += &format!("  host_memory_gib: {h}\n");
    }
    let axes: String = ["p", "q", "r"]
        .iter()
        .map(|a| format!("  - name: {a}\n    size: 2\n    bandwidth_gb_per_s: 40\n    latency_us: 3\n"))
        .collect();
    let text = format!(
        "name: cube\naxes:\n{axes}device:\n  memory_gib: {memory_gib}\n  hbm_gb_per_s: 900\n{host}  peak_tflops:\n    bf16: 200\n    f32: 50\n"
    );
    Mesh::parse(&text, "cube.yaml").unwrap()
}

/// A GPT training step whose layers `jax.lax.scan` runs (f32, no `jax.checkpoint`).
fn gpt_scan() -> automap::Model {
    automap::Model::load(&common::root().join("tests/fixtures/gpt_train_scan.mlir")).unwrap()
}

/// Plan options for the tests on `gpt_scan`: 10 s, one thread.
fn quick() -> automap::PlanOptions {
    automap::PlanOptions { time_limit: std::time::Duration::from_secs(10), threads: 1, ..Default::default() }
}

/// The bytes per device "no plan fits" says the leanest plan needs.
fn leanest_needed(r: Result<automap::Planned, automap::Error>) -> f64 {
    match r {
        Err(automap::Error::NoFit { leanest_bytes: Some(b), .. }) => b,
        other => panic!("expected no plan to fit, got {:?}", other.map(|_| ())),
    }
}

/// What the leanest plan of `model` on the cube needs without a host link and with one (unbounded).
fn leanest_with_and_without_host(model: &automap::Model, opts: &automap::PlanOptions) -> (f64, f64) {
    let needed = |host: bool| leanest_needed(automap::plan(model, &cube(1e-6, host), opts, &mut |_| {}));
    (needed(false), needed(true))
}

/// Another program (a GPT training step whose layers `jax.lax.scan` runs, f32, no `jax.checkpoint`) on
/// a 3-D mesh: its stacks are found as well, and under a limit between its leanest peaks with and
/// without host memory it is planned with stacks there, within the limit.
#[test]
fn another_program_on_a_3d_mesh_offloads_its_stacks_only_when_it_must() {
    let (model, opts) = (gpt_scan(), quick());
    let (without, with) = leanest_with_and_without_host(&model, &opts);
    assert!(with < without, "host memory should lower the leanest peak: {with} vs {without}");
    let limit_gib = (with + without) / 2.0 / automap::sharding::BYTES_PER_GIB;
    let planned = automap::plan(&model, &cube(limit_gib, true), &opts, &mut |_| {}).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&planned.plan_json).unwrap();
    let predicted = &doc["predicted"];
    assert!(!predicted["host_offload"]["stacks"].as_array().unwrap().is_empty());
    assert!(
        predicted["peak_memory_bytes_per_device"].as_f64().unwrap() <= limit_gib * automap::sharding::BYTES_PER_GIB
    );
    assert!(planned.annotated.contains("_xla_buffer_placement = \"pinned_host\""));
    // With room for every value, nothing moves.
    let roomy = automap::plan(&model, &cube(1.0, true), &opts, &mut |_| {}).unwrap();
    assert!(!roomy.annotated.contains("annotate_device_placement"));
}

/// Where the mesh bounds the host memory each device may fill, no plan holds more there: with room
/// for no stack, the answer is the one without a host link; with room for what the unbounded plan
/// holds, the plan stays within it.
#[test]
fn host_memory_bounds_what_the_plan_keeps_there() {
    let (model, opts) = (gpt_scan(), quick());
    let run = |limit: f64, host_memory: Option<f64>| {
        automap::plan(&model, &cube_with_host_memory(limit, true, host_memory), &opts, &mut |_| {})
    };
    let (without, with) = leanest_with_and_without_host(&model, &opts);
    let limit_gib = (with + without) / 2.0 / automap::sharding::BYTES_PER_GIB;
    let host_bytes = |p: &automap::Planned| -> f64 {
        let doc: serde_json::Value = serde_json::from_str(&p.plan_json).unwrap();
        doc["predicted"]["host_offload"]["bytes_per_device"].as_f64().unwrap_or(0.0)
    };
    let unbounded = host_bytes(&run(limit_gib, None).unwrap());
    assert!(unbounded > 0.0);

    // A host with room for one byte per device: no stack goes there, and the plan needs what it needs
    // without a host link.
    let tiny = 1.0 / automap::sharding::BYTES_PER_GIB;
    assert_eq!(leanest_needed(run(limit_gib, Some(tiny))), without);

    // Room for what the unbounded plan holds: a plan, within it.
    let room = unbounded / automap::sharding::BYTES_PER_GIB;
    let bounded = run(limit_gib, Some(room)).unwrap();
    assert!(host_bytes(&bounded) > 0.0);
    assert!(host_bytes(&bounded) <= unbounded * (1.0 + 1e-9), "{} > {unbounded}", host_bytes(&bounded));
    assert!(bounded.report.contains(&format!(" of {} in ", automap::sharding::export::bytes(unbounded as u64))));
    let doc: serde_json::Value = serde_json::from_str(&bounded.plan_json).unwrap();
    let stated = doc["predicted"]["host_offload"]["host_memory_bytes_per_device"].as_f64().unwrap();
    assert!((stated - unbounded).abs() <= 1.0, "{stated} vs {unbounded}");
}

/// An offloaded stack's share of the host memory forbids its shardings that hold more: with a share of
/// no bytes every sharding of it is forbidden, with an unbounded one none is.
#[test]
fn a_stack_may_not_hold_more_than_its_share_of_host_memory() {
    use automap::sharding::{NodeRef, build_on};
    use automap::solver::FORBIDDEN_COST;
    let model = loaded();
    let mesh = mesh(1.0, true);
    let forbidden = |budget: u64| -> (usize, usize) {
        let mut space = PlanSpace::new(&model.module, &mesh);
        let mut stacks = space.stacks();
        stacks[0].host_budget = Some(budget);
        let carry = stacks[0].carry;
        space.offload(stacks);
        let built = build_on(&space, None, 1);
        let i = built.nodes.iter().position(|n| matches!(n, NodeRef::Op(p) if *p == carry)).unwrap();
        let node = &built.problem.nodes[automap::solver::NodeId::from_u32(i as u32)];
        (node.strategies.iter().filter(|s| s.cost >= FORBIDDEN_COST).count(), node.strategies.len())
    };
    let (none, n) = forbidden(0);
    assert_eq!(none, n);
    assert_eq!(forbidden(u64::MAX).0, 0);
}
