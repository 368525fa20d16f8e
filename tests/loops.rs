//! Programs as JAX writes them: layers run by `jax.lax.scan` and `fori_loop` are sharded inside their
//! loops, each body decided once and priced once per iteration, and the plan is written where XLA
//! follows it (the loops' carried values pinned on entry and where the body yields them).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::sharding::PlanSpace;
use automap::sharding::reshard;
use automap::sharding::{build, produced_shardings};
use automap::solver::cost_from_seconds;
use common::{Scratch, automap, mesh, module};

/// A fixture as the planner reads it (a function of its own for every call).
fn loaded(fixture: &str) -> automap::Model {
    automap::Model::load(&common::root().join("tests/fixtures").join(fixture)).unwrap()
}

/// The optimal plan of a fixture on a mesh, with HiGHS (whose answer does not depend on thread timing).
fn planned(fixture: &str, mesh_name: &str) -> automap::Planned {
    let model = loaded(fixture);
    let mesh = mesh(mesh_name);
    let opts = automap::PlanOptions {
        method: automap::solver::Method::Highs,
        time_limit: std::time::Duration::from_secs(120),
        ..Default::default()
    };
    automap::plan(&model, &mesh, &opts, &mut |_| {}).unwrap()
}

/// The scanned training step and its unrolled twin (the same layers written out) need nearly the same
/// collectives; the scanned program moves more data (slices of its stacked weights, stacked activations
/// written per layer, values its forward loop must write out for its backward loop where the unrolled
/// program fuses them across layers), so its compute is higher, and no more. Its plan may trade some of
/// that compute for communication: within 10% of the twin's.
#[test]
fn a_scanned_training_step_plans_like_its_unrolled_twin() {
    for mesh_name in ["cpu-8.yaml", "cpu-2x4.yaml"] {
        let (scan, unrolled) = (planned("gpt_train_scan.mlir", mesh_name), planned("gpt_train.mlir", mesh_name));
        let (s, u) = (&scan.solved.cost, &unrolled.solved.cost);
        assert!((s.comm_s - u.comm_s).abs() <= 0.1 * u.comm_s, "{mesh_name}: comm {} vs {}", s.comm_s, u.comm_s);
        assert!(s.total_s() <= 1.2 * u.total_s(), "{mesh_name}: step {} vs {}", s.total_s(), u.total_s());
        assert_eq!(scan.solved.solution.status, automap::solver::Status::Optimal);
        // The plan shards inside the loops: ops of both bodies take sharded strategies.
        let m = loaded("gpt_train_scan.mlir").module;
        let mesh = mesh(mesh_name);
        let space = PlanSpace::new(&m, &mesh);
        let sharded_in_loops = space
            .steps()
            .iter()
            .zip(&scan.solved.plan.choice)
            .filter(|(st, c)| st.in_loop.is_some() && st.carried.is_none() && **c != 0)
            .count();
        assert!(sharded_in_loops > 100, "{mesh_name}: {sharded_in_loops} ops sharded inside the loops");
        // Every collective inside a body runs once per layer.
        assert!(s.collectives.iter().any(|c| c.runs == 2), "{mesh_name}: no collective runs per iteration");
    }
}

/// A body's compute and its reshardings count once per iteration: the fori loop's six iterations.
#[test]
fn a_loop_body_costs_its_trip_count_times() {
    let m = module("fori.mlir");
    let mesh = mesh("cpu-8.yaml");
    let space = PlanSpace::new(&m, &mesh);
    let l = &space.schedule.loops[0];
    assert_eq!((l.trips, l.body_runs), (Some(6), 6));
    // The second loop's trip count depends on the data: counted once.
    assert_eq!((space.schedule.loops[1].trips, space.schedule.loops[1].body_runs), (None, 1));
    let plan = space.replicated();
    let body: Vec<usize> = (l.first..=l.last).filter(|&p| space.steps()[p].carried.is_none()).collect();
    for &p in &body {
        let once = space.compute(p, 0).seconds;
        assert!((space.compute_s(p, 0) - 6.0 * once).abs() <= 1e-15, "step {p}");
    }
    // Every edge into a body step prices its resharding six times over, less what a prefetched read
    // hides in the five iterations after the first (`automap::sharding::Prefetch`).
    let built = build(&space, None);
    let (mut checked, mut credited) = (0, 0);
    for (e, origin) in built.problem.edges.values().zip(&built.edges) {
        if !body.contains(&origin.consumer) {
            continue;
        }
        let Some(t) = m.ty(origin.value).as_tensor() else { continue };
        let produced = produced_shardings(&space, &built.nodes[e.from.as_u32() as usize], origin.result);
        for (a, from) in produced.iter().enumerate() {
            for b in 0..space.strategies[origin.consumer].len() {
                let to = space.required(origin.consumer, origin.operand, b);
                let collectives = reshard(t, from, &to, &mesh).unwrap();
                let moved: f64 = collectives.iter().map(|c| c.seconds).sum();
                let once = moved + space.unfused_s(origin.value, from, &to, !collectives.is_empty());
                let cost = e.costs[a * space.strategies[origin.consumer].len() + b];
                let hidden = space.prefetch().hidden_s(origin.consumer, origin.operand, moved);
                assert!(hidden <= 5.0 * moved * (1.0 + 1e-12), "edge into step {}", origin.consumer);
                assert_eq!(cost, cost_from_seconds(6.0 * once - hidden), "edge into step {}", origin.consumer);
                checked += usize::from(once > 0.0);
                credited += usize::from(hidden > 0.0);
            }
        }
    }
    assert!(checked > 0 && credited > 0, "{checked} reshardings priced inside the body, {credited} credited");
    assert!(space.evaluate(&plan).collectives.is_empty());
}

/// report.md says a loop's unit: its trip count, and its compute per iteration and in all.
#[test]
fn the_report_gives_each_loop_per_iteration_and_in_all() {
    let out = Scratch::new("loops-report");
    let run = automap(&["plan", "tests/fixtures/fori.mlir", "--mesh", "specs/meshes/cpu-8.yaml", "--out", &out.arg()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("loops (a body is decided once for all its iterations)"), "{report}");
    let line =
        report.lines().find(|l| l.trim_start().starts_with("while at 9:5")).unwrap_or_else(|| panic!("{report}"));
    let cols: Vec<&str> = line.split_whitespace().collect();
    // `while at 9:5  6  <steps>  <per iter> ms  <total> ms  ...`
    assert_eq!(cols[3], "6", "{line}");
    let (per, total): (f64, f64) = (cols[5].parse().unwrap(), cols[7].parse().unwrap());
    assert!((total - 6.0 * per).abs() <= 1e-3 * total.max(1e-9) + 1e-4, "{line}");
    assert!(report.contains("the program does not state the trip count"), "{report}");
}

/// The annotated module pins each loop-carried tensor on its initial value and on the value the body
/// yields, and writes shardings on the body's ops; the `while` itself carries none (XLA refuses one).
#[test]
fn loop_carried_values_are_pinned_where_xla_reads_them() {
    let p = planned("gpt_train_scan.mlir", "cpu-8.yaml");
    let text = &p.annotated;
    let back = automap::ir::parse_module(text).unwrap();
    let whiles: Vec<_> =
        back.body.iter().copied().filter(|&o| matches!(back.ops[o].kind, automap::ir::OpKind::While)).collect();
    assert_eq!(whiles.len(), 2);
    for w in whiles {
        let data = &back.ops[w];
        // Every tensor operand of the loop comes through a constraint.
        let bare: Vec<&str> = data
            .operands
            .iter()
            .filter(|&&v| back.ty(v).as_tensor().is_some() && !back.values[v].name.starts_with("%resharded"))
            .map(|&v| back.values[v].name.as_str())
            .collect();
        assert!(bare.is_empty(), "unpinned operands of a loop: {bare:?}");
        let head = data.syntax.span.text(&back.source).lines().next().unwrap_or_default();
        assert!(!head.contains("sdy.sharding"), "a while carries a sharding: {head}");
        // Ops of the body carry shardings of their own.
        let body = &data.regions[1].blocks[0];
        assert!(body.ops.iter().any(|&o| back.ops[o].syntax.span.text(&back.source).contains("sdy.sharding")));
    }
}

/// A `case`'s branches are laid out and decided like any other ops: on the training step through
/// `jax.lax.cond`, the plan shards inside both branches of both `case`s (forward and backward), and the
/// annotated module carries the `case`s' result shardings.
#[test]
fn case_branches_are_sharded_and_joined() {
    let p = planned("cond_train.mlir", "cpu-8.yaml");
    let m = loaded("cond_train.mlir").module;
    let mesh = mesh("cpu-8.yaml");
    let space = PlanSpace::new(&m, &mesh);
    assert_eq!(space.schedule.cases.len(), 2);
    for case in &space.schedule.cases {
        for b in 0..case.branch_ends.len() {
            let matmuls: Vec<usize> = case
                .branch(b)
                .filter(|&pos| matches!(m.ops[space.steps()[pos].op].kind, automap::ir::OpKind::DotGeneral(_)))
                .collect();
            assert!(!matmuls.is_empty(), "branch {b} of {:?} has no matmul", case.op);
            assert!(
                matmuls.iter().all(|&pos| space.strategies[pos][p.solved.plan.choice[pos]]
                    .axis_factor
                    .iter()
                    .any(Option::is_some)),
                "a matmul of branch {b} is replicated"
            );
        }
        // One join per result of the case, reading what each branch returns.
        let joins: Vec<&automap::sharding::Step> =
            space.steps().iter().filter(|s| s.op == case.op && s.joined.is_some()).collect();
        assert_eq!(joins.len(), m.ops[case.op].results.len());
        assert!(joins.iter().all(|j| j.operands.len() == case.branch_ends.len()));
    }
    assert_eq!(p.solved.solution.status, automap::solver::Status::Optimal);
    let back = automap::ir::parse_module(&p.annotated).unwrap();
    let cases: Vec<_> =
        back.body.iter().copied().filter(|&o| matches!(back.ops[o].kind, automap::ir::OpKind::Case)).collect();
    assert_eq!(cases.len(), 2);
    for c in cases {
        let text = back.ops[c].syntax.span.text(&back.source);
        assert!(text.lines().last().unwrap_or_default().contains("sdy.sharding"), "{text}");
    }
}

/// An elementwise op that XLA fuses into its one reader holds no buffer: the reader computes it from
/// the op's operands, which therefore stay live until the reader runs.
#[test]
fn an_op_fused_into_its_reader_holds_no_buffer_and_keeps_its_operand_live_until_the_reader() {
    let src = "func.func @main(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = stablehlo.add %0, %0 : tensor<64x64xf32>
  %2 = stablehlo.tanh %1 : tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}
";
    let m = automap::ir::parse_module(src).unwrap();
    let mesh = mesh("cpu-8.yaml");
    let space = PlanSpace::new(&m, &mesh);
    let names: Vec<&str> = space.steps().iter().map(|s| m.ops[s.op].name.as_str()).collect();
    assert_eq!(names, ["stablehlo.dot_general", "stablehlo.add", "stablehlo.tanh"]);
    // The dot's result (made just before its first read, as its operands are arguments) lives until
    // the tanh, which computes the add from it; the add holds nothing.
    assert_eq!(space.live_ranges(), [Some((1, 2)), None, Some((2, 3))]);
}

/// Only one branch of a `case` runs: what a branch makes, the value it returns included, lives only
/// through that branch, so memory within the `case` is the largest branch's and not their sum.
#[test]
fn a_case_holds_the_memory_of_one_branch() {
    let src = "func.func @main(%i: tensor<i32>, %x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = \"stablehlo.case\"(%i) ({
    %1 = stablehlo.exponential %x : tensor<256x256xf32>
    %2 = stablehlo.tanh %1 : tensor<256x256xf32>
    stablehlo.return %2 : tensor<256x256xf32>
  }, {
    %1 = stablehlo.sine %x : tensor<256x256xf32>
    %2 = stablehlo.cosine %1 : tensor<256x256xf32>
    stablehlo.return %2 : tensor<256x256xf32>
  }) : (tensor<i32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
";
    let m = automap::ir::parse_module(src).unwrap();
    let mesh = mesh("cpu-8.yaml");
    let space = PlanSpace::new(&m, &mesh);
    let plan = space.propagate(vec![
        automap::ir::sharding::TensorSharding::replicated(automap::sharding::MESH_SYMBOL, 0),
        automap::ir::sharding::TensorSharding::replicated(automap::sharding::MESH_SYMBOL, 2),
    ]);
    let (peak, _, live) = space.peak_buffers(&plan);
    // The argument and what one branch returns: 2 × 256 KiB (and the index's 4 bytes). Each branch's
    // first op is fused into its second (XLA computes `exp` inside the `tanh` kernel) and holds no
    // buffer; counting both branches would hold both returned values, 3 × 256 KiB.
    assert_eq!(peak, 2.0 * 262_144.0 + 4.0, "{live:?}");
}

/// The helpers a scanned layer calls at every step (`dynamic_index_in_dim` and the like) are functions
/// called many times; each call gets a function of its own in the annotated module, every one of its ops
/// carries the sharding the plan gives it at that call, and calls of one function do differ.
#[test]
fn every_call_of_a_shared_function_carries_its_own_sharding() {
    let p = planned("gpt_train_scan.mlir", "cpu-2x4.yaml");
    let back = automap::ir::parse_module(&p.annotated).unwrap();
    assert!(back.body.iter().all(|&o| back.sole_text(o)));
    // No op is left to XLA for want of text of its own, and the report says why the module has copies.
    assert!(!p.report.contains("ops were inlined from functions called more than once"), "{}", p.report);
    assert!(p.report.contains("a function of its own (@dynamic_index_in_dim"), "{}", p.report);
    // The bodies of the copies of each function, as annotated.
    let mut bodies: std::collections::BTreeMap<&str, std::collections::BTreeSet<&str>> = Default::default();
    for f in &back.functions[1..] {
        let text = f.span.text(&back.source);
        let body = &text[text.find('{').unwrap()..];
        bodies.entry(f.name.split("__call").next().unwrap()).or_default().insert(body);
    }
    let copied = bodies.values().filter(|b| b.len() > 1).count();
    assert!(copied > 0, "no two calls of one function are sharded differently");
    let annotated = back
        .ops
        .values()
        .filter(|o| o.inlined_at.is_some() && o.syntax.span.text(&back.source).contains("sdy.sharding"));
    assert!(annotated.count() > 100);
}

/// Building the problem prices its reshardings on any number of threads, and the problem is the same:
/// the scanned training step (edges repeated across its loop bodies) on a 2-D mesh.
#[test]
fn the_problem_is_the_same_built_on_any_number_of_threads() {
    let (m, mesh) = (module("gpt_train_scan.mlir"), mesh("cpu-2x4.yaml"));
    let space = PlanSpace::new(&m, &mesh);
    let one = build(&space, Some(1e9));
    for threads in [2, 3, 8] {
        let many = automap::sharding::build_on(&space, Some(1e9), threads);
        assert_eq!(many.problem, one.problem, "{threads} threads");
        assert_eq!(many.edges, one.edges, "{threads} threads");
        assert_eq!(many.out_of_range, one.out_of_range, "{threads} threads");
    }
}
