//! `automap plan` end to end on a fixture: the files it writes, and a plan no worse than every reference
//! plan under the same model.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::ir;
use automap::sharding::PlanSpace;
use automap::sharding::tactics::{apply, parse_tactics};
use common::{Scratch, automap};

/// `automap plan` with `args`, into a fresh folder named after `tag`.
fn run_plan(tag: &str, args: &[&str]) -> (common::Run, Scratch) {
    let out = Scratch::new(tag);
    let run = automap(&[&["plan"], args, &["--out", &out.arg()]].concat());
    (run, out)
}

/// `automap plan` on the MLP on 2x4 with `extra` arguments.
fn plan_mlp(tag: &str, extra: &[&str]) -> (common::Run, Scratch) {
    let base = ["tests/fixtures/mlp.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--time-limit", "20"];
    run_plan(tag, &[&base[..], extra].concat())
}

#[test]
fn plan_writes_an_annotated_module_plan_json_and_a_report() {
    let (run, out) = plan_mlp("plan", &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    assert!(annotated.contains(r#"sdy.mesh @mesh = <["data"=2, "model"=4]>"#));
    let m = ir::parse_module(&annotated).unwrap();
    assert_eq!(annotated.matches("sdy.sharding = #sdy.sharding<@mesh").count(), m.args.len() + m.returns.len());
    let plan: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    assert_eq!(plan["arguments"].as_array().unwrap().len(), 5);
    assert_eq!(plan["arguments"][4]["name"], "x");
    assert!(plan["solver"]["gap"].as_f64().unwrap() <= 1e-4);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## Reference plans") && report.contains("**this plan**"));
    assert!(report.contains("## Where XLA may differ from the prediction"));
    // Where the time went: each phase with its seconds and why it stopped, on stderr (not in the
    // report, which a rerun reproduces byte for byte).
    assert!(run.stderr.contains("phase                seconds  stopped because\npresolve "), "{}", run.stderr);
    assert!(run.stderr.contains("\nreferences "), "{}", run.stderr);
    assert!(!report.contains("stopped because"));
    drop(out);
}

#[test]
fn the_solved_plan_is_no_worse_than_any_reference_plan() {
    let model = automap::Model::load(&common::root().join("tests/fixtures/gpt_forward.mlir")).unwrap();
    let (m, mesh) = (&model.module, common::mesh("cpu-2x4.yaml"));
    let space = PlanSpace::new(m, &mesh);
    let opts = automap::PlanOptions { time_limit: std::time::Duration::from_secs(30), ..Default::default() };
    let planned = automap::plan(&model, &mesh, &opts, &mut |_| {}).unwrap();
    let (built, sol) = (&planned.solved.built, &planned.solved.solution);
    assert!(sol.gap() <= 1e-4, "{sol:?}");
    let found = automap::sharding::tactics::Recognised::new(&space);
    for spec in automap::sharding::export::reference_specs(&mesh, &found) {
        let rp = space.propagate(apply(&space, &parse_tactics(&spec, &mesh).unwrap()).args);
        let x = built.encode(&rp).unwrap();
        let reference = automap::solver::evaluate(&built.problem, &x).unwrap().cost;
        assert!(sol.cost <= reference, "{spec}: {} > {reference}", sol.cost);
    }
}

#[test]
fn plan_can_write_gspmd_shardings() {
    let (run, out) = plan_mlp("gspmd", &["--format", "gspmd"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    assert!(!annotated.contains("sdy."), "no Shardy attribute in GSPMD form");
    let m = ir::parse_module(&annotated).unwrap();
    assert!(annotated.matches("mhlo.sharding = \"{").count() >= m.args.len() + m.returns.len());
    drop(out);
    let (bad, _) = plan_mlp("bad-format", &["--format", "hlo"]);
    assert_eq!(bad.code, Some(1));
    assert!(bad.stderr.contains("use shardy or gspmd"));
}

/// `automap plan` on the serving-shaped decoder (`gpt_serve.mlir`: one sequence, 6.3 MiB of weights)
/// on a 1-D `model` axis of 4 with a memory limit (2.06 MiB) that its replicated weights exceed, and
/// `extra` arguments; returns plan.json and the annotated module.
fn plan_serving_decoder(tag: &str, extra: &[&str]) -> (serde_json::Value, String) {
    let base =
        ["tests/fixtures/gpt_serve.mlir", "--mesh", "specs/meshes/cpu-model-4.yaml", "--memory-limit", "0.00206"];
    let (run, out) = run_plan(tag, &[&base[..], &["--time-limit", "60"], extra].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let plan = serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    drop(out);
    (plan, annotated)
}

/// Every weight of both layers is sharded as Megatron-LM shards it: QKV and the first MLP matmul
/// column-parallel, the output projections row-parallel.
fn assert_megatron_weights(plan: &serde_json::Value) {
    let spec = |name: String| {
        let args = plan["arguments"].as_array().unwrap();
        let a = args.iter().find(|a| a["name"] == name.as_str()).unwrap_or_else(|| panic!("no argument {name}"));
        a["partition_spec"].clone()
    };
    for layer in 0..2 {
        for w in ["wq", "wk", "wv", "w1"] {
            assert_eq!(spec(format!("params['layers'][{layer}]['{w}']")), serde_json::json!([null, "model"]), "{w}");
        }
        for w in ["wo", "w2"] {
            assert_eq!(spec(format!("params['layers'][{layer}]['{w}']")), serde_json::json!(["model", null]), "{w}");
        }
    }
    assert_eq!(plan["solver"]["status"], "optimal");
}

#[test]
fn a_memory_bound_decoder_is_planned_as_megatron_with_sequence_parallel_activations() {
    let (plan, _) = plan_serving_decoder("serve", &[]);
    assert_megatron_weights(&plan);
    // Megatron-LM's sequence parallelism: each of Megatron's four all-reduces becomes a reduce-scatter
    // (same bytes), and the layer norms and residuals between the blocks run on a quarter of the
    // sequence; an all-gather precedes every column-parallel block but the first (the embedding is
    // computed whole).
    assert_eq!(plan["predicted"]["collectives_by_kind"], serde_json::json!({"reduce-scatter": 4, "all-gather": 3}));
}

#[test]
fn with_all_reduces_only_the_decoder_is_planned_as_classic_megatron() {
    let (plan, annotated) =
        plan_serving_decoder("serve-ar", &["--constraints", "specs/constraints/all-reduce-only.yaml"]);
    assert_megatron_weights(&plan);
    // Two all-reduces of the activations per layer, as the Megatron reference plan.
    assert_eq!(plan["predicted"]["collectives_by_kind"], serde_json::json!({"all-reduce": 4}));
    // A value replicated and sliced for its readers (free: no collective) is held replicated by a
    // sharding constraint of its own before each slice, so that Shardy does not move the slice up through
    // the values it was computed from (XLA then gathers before every block).
    let reparsed = automap_ir::parse_module(&annotated).unwrap();
    let constraints: Vec<&str> = annotated.lines().filter(|l| l.contains("= sdy.sharding_constraint")).collect();
    let held: Vec<String> = constraints
        .iter()
        .filter(|l| l.contains("%constrained_") && !l.contains("\"model\""))
        .filter_map(|l| l.trim_start().split(' ').next().map(str::to_string))
        .collect();
    let slices: Vec<&&str> =
        constraints.iter().filter(|l| l.trim_start().starts_with("%resharded") && !l.contains("%arg")).collect();
    assert!(!slices.is_empty(), "{constraints:#?}");
    for l in &slices {
        let source = l.split("sdy.sharding_constraint ").nth(1).and_then(|r| r.split(' ').next()).unwrap();
        assert!(held.iter().any(|h| h == source), "{l} slices {source}, which no constraint holds replicated");
    }
    assert!(reparsed.body.len() > constraints.len());
}

/// A `while` in pretty form takes no attribute dictionary before its types (and XLA rejects a sharding
/// per result on it): the loop is left to propagation, the module stays valid, and the report says so.
#[test]
fn a_while_loop_is_left_to_propagation() {
    let (run, out) = run_plan(
        "while",
        &["tests/fixtures/control_flow.mlir", "--mesh", "specs/meshes/cpu-8.yaml", "--time-limit", "20"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let annotated = std::fs::read_to_string(out.join("annotated.mlir")).unwrap();
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    drop(out);
    let line = annotated.lines().find(|l| l.contains("stablehlo.while(")).expect("the loop");
    assert!(!line.contains("sdy.sharding"), "{line}");
    automap_ir::parse_module(&annotated).unwrap();
    assert!(report.contains("1 `while` loop carries no sharding on its results"), "{report}");
}

/// When no plan fits, the error says where the leanest plan peaks, what lives there, and the limit
/// below which no plan fits; here that limit plans.
#[test]
fn an_impossible_memory_limit_is_explained_with_the_limit_that_fits() {
    let (run, _out) = plan_mlp("no-fit", &["--memory-limit", "0.00001"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for part in [
        "no plan fits in 10.49 KiB per device",
        "memory peaks at 16.64 KiB per device, after 'jit(f)/jit(relu)/max' at 24:5",
        "the largest: params['w1'] (8.00 KiB), params['w2'] (4.00 KiB)",
        "no plan fits under 17044 bytes per device (--memory-limit 0.000016, in GiB rounded up)",
    ] {
        assert!(run.stderr.contains(part), "{part:?} missing from {}", run.stderr);
    }
    let (run, _out) = plan_mlp("just-fits", &["--memory-limit", "0.000016"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

/// On a 24-layer training step (8,488 ops, too large for one MIP), a limit below the leanest plan's peak
/// is refused at once with the limit that fits, as on a small model (it was "no feasible answer found
/// within the time limit" after the whole limit); and at that limit a plan is found.
#[test]
fn a_large_model_under_an_impossible_limit_is_refused_with_the_limit_that_fits() {
    let model = ["tests/fixtures/gpt_train_24l.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--time-limit", "20"];
    let (run, _out) = run_plan("no-fit-24", &[&model[..], &["--memory-limit", "0.005"]].concat());
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for part in
        ["no plan fits in 5.12 MiB per device", "memory peaks at 5.24 MiB per device", "(--memory-limit 0.005116"]
    {
        assert!(run.stderr.contains(part), "{part:?} missing from {}", run.stderr);
    }
    let (run, _out) = run_plan("just-fits-24", &[&model[..], &["--memory-limit", "0.005116"]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

/// A constraints file (name, text), the fixture and mesh it is applied to, what the error must name, and
/// a location it must not.
type Conflicting<'a> = (&'a str, &'a str, &'a str, &'a str, &'a [&'a str], &'a str);

/// Constraints that contradict each other are named by file:line:col, and only those: on the MLP, two
/// pins and a tie between the pinned values (an unrelated pin is left out); on the forward pass, a
/// sharded weight under bounds of zero collectives of every kind (the pin on the tokens is left out).
#[test]
fn contradicting_constraints_are_named_by_their_lines() {
    let dir = Scratch::new("conflict");
    let tie = "pin:\n  - value: \"params['b1']\"\n    sharding: [null]\n  - value: x\n    sharding: [data, null]\n  - value: \"params['w1']\"\n    sharding: [null, data]\ntie:\n  - [x, \"params['w1']\"]\n";
    let zero = "pin:\n  - value: \"params['layers'][0]['w2']\"\n    sharding: [model, null]\n  - value: tokens\n    sharding: [null, null]\nmax_collectives:\n  all-reduce: 0\n  reduce-scatter: 0\n  all-gather: 0\n  all-to-all: 0\n";
    let cases: [Conflicting; 2] = [
        (
            "tie.yaml",
            tie,
            "mlp",
            "cpu-2x4",
            &["tie.yaml:4:12: pin x", "tie.yaml:6:12: pin params['w1']", "tie.yaml:9:5: tie x and params['w1']"],
            "tie.yaml:2:",
        ),
        (
            "zero.yaml",
            zero,
            "gpt_forward",
            "cpu-model-4",
            &[
                "zero.yaml:2:12: pin params['layers'][0]['w2']",
                "zero.yaml:7:3: max_collectives all-reduce: 0",
                "zero.yaml:9:3: max_collectives all-gather: 0",
            ],
            "zero.yaml:4:",
        ),
    ];
    for (file, yaml, fixture, mesh, named, left_out) in cases {
        let path = dir.join(file);
        std::fs::write(&path, yaml).unwrap();
        let model = format!("tests/fixtures/{fixture}.mlir");
        let mesh = format!("specs/meshes/{mesh}.yaml");
        let shown = path.display().to_string();
        let (run, _out) = run_plan(file, &[&model, "--mesh", &mesh, "--constraints", &shown, "--time-limit", "20"]);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(run.stderr.contains("the constraints cannot all hold"), "{}", run.stderr);
        for part in named {
            assert!(run.stderr.contains(part), "{part:?} missing from {}", run.stderr);
        }
        assert!(!run.stderr.contains(left_out), "{left_out} is not part of the contradiction: {}", run.stderr);
    }
}

/// `plan --export-problem` writes the model's choice problem in the contest's format, which `solve`
/// solves to the plan's own objective.
#[test]
fn an_exported_problem_solves_to_the_plans_objective() {
    let out = common::Scratch::new("export-problem");
    let file = out.join("problem.json");
    let run = common::automap(&[
        "plan",
        "tests/fixtures/mlp.mlir",
        "--mesh",
        "specs/meshes/cpu-2x4.yaml",
        "--solver",
        "highs",
        "--out",
        &out.arg(),
        "--export-problem",
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let plan: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    let objective = plan["solver"]["objective_ps"].as_str().unwrap().to_string();
    let solved = common::automap(&["solve", file.to_str().unwrap(), "--timeout", "20", "--solver", "highs"]);
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    assert!(
        solved.stdout.contains(&format!("cost {objective}")) || solved.stderr.contains(&format!("cost {objective}")),
        "{} / {}",
        solved.stdout,
        solved.stderr
    );
}

/// The contest's format holds no collective bounds or ties: exporting a problem with them is refused,
/// naming the flag, and nothing is written.
#[test]
fn an_export_with_collective_bounds_is_refused() {
    let out = common::Scratch::new("export-refused");
    let constraints = out.join("bounds.yaml");
    std::fs::write(&constraints, "max_collectives:\n  all-to-all: 0\n").unwrap();
    let file = out.join("problem.json");
    let (run, _plan) = plan_mlp(
        "export-refused-plan",
        &["--constraints", constraints.to_str().unwrap(), "--export-problem", file.to_str().unwrap()],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("--export-problem") && run.stderr.contains("collective bounds"), "{}", run.stderr);
    assert!(!file.exists());
}

/// A plan that ends past its time limit says so, with where the time went (here a limit of a
/// millisecond, shorter than setting up even the smallest model takes).
#[test]
fn a_plan_past_its_time_limit_says_where_the_time_went() {
    let (run, _out) = run_plan(
        "past-limit",
        &["tests/fixtures/mlp.mlir", "--mesh", "specs/meshes/cpu-8.yaml", "--time-limit", "0.001"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("past the time limit of 0.001 s"), "{}", run.stderr);
    assert!(
        run.stderr.contains("reading and building the problem (") && run.stderr.contains("presolving it"),
        "{}",
        run.stderr
    );
}

/// A deep model's repeated layers are linked by default and the report says so in its proof; `--no-link`
/// decides every op apart.
#[test]
fn repeated_layers_are_linked_unless_told_not_to() {
    let model = ["tests/fixtures/gpt_train_24l.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--time-limit", "8"];
    let (run, out) = run_plan("linked-24", &model);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("linked: ") && run.stderr.contains("classes of repeated ops"), "{}", run.stderr);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    let (proof, refs) = (report.find("## Proof").unwrap(), report.find("## Reference plans").unwrap());
    let linked = report.find("Repeated ops: ").expect("the report says what was linked");
    assert!(proof < linked && linked < refs, "the linking paragraph belongs to the proof:\n{report}");
    let plan: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    let doc = &plan["solver"]["linked"];
    let decisions = doc["decisions"].as_array().expect("plan.json says what was linked");
    assert!(decisions[1].as_u64().unwrap() * 2 <= decisions[0].as_u64().unwrap(), "{doc}");
    assert!(doc["classes"].as_u64().unwrap() > 0 && doc["objective_ps"].is_string(), "{doc}");
    let (run, out) = run_plan("unlinked-24", &[&model[..], &["--no-link"]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!run.stderr.contains("linked: "), "{}", run.stderr);
    assert!(!std::fs::read_to_string(out.join("report.md")).unwrap().contains("Repeated ops"));
    assert!(!std::fs::read_to_string(out.join("plan.json")).unwrap().contains("\"linked\""));
}

#[test]
fn memory_as_the_tie_breaker_returns_a_leaner_plan_of_the_same_step_or_trades_step_for_headroom() {
    let read = |out: &Scratch| -> (f64, f64, String) {
        let plan: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
        let p = &plan["predicted"];
        let report = std::fs::read_to_string(out.join("report.md")).unwrap();
        (p["step_time_s"].as_f64().unwrap(), p["peak_memory_bytes_per_device"].as_f64().unwrap(), report)
    };
    let (run, out) = plan_mlp("fastest", &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (step, peak, report) = read(&out);
    assert!(!report.contains("## Memory as the tie-breaker"));
    assert!(report.contains("; headroom "), "{report}");
    // Ties only: the same step, and on this MLP a plan that stores its weights sharded instead of
    // resharding them in the step (less memory at the same cost).
    let (run, out) = plan_mlp("ties", &["--memory-tolerance", "0"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (tied_step, tied_peak, report) = read(&out);
    assert!((tied_step - step).abs() <= 1e-12 * step, "{tied_step} against {step}");
    assert!(tied_peak < peak, "{tied_peak} against {peak}");
    assert!(
        report.contains("## Memory as the tie-breaker") && report.contains("Every probe settled by a proof"),
        "{report}"
    );
    // A looser tolerance never returns a fatter plan, and keeps within its cap.
    let (run, out) = plan_mlp("loose", &["--memory-tolerance", "0.5"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (loose_step, loose_peak, _) = read(&out);
    assert!(loose_peak <= tied_peak && loose_step <= step * 1.5 + 1e-12, "{loose_step} s, {loose_peak} B");
    let (run, _) = plan_mlp("bad-tolerance", &["--memory-tolerance=-1"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("--memory-tolerance must be a fraction"), "{}", run.stderr);
}

/// The objective column (ms) and the feasible column of every row of report.md's reference table.
fn reference_rows(report: &str) -> Vec<(String, f64, bool)> {
    let table = &report[report.find("| plan | decided | objective").expect("a reference table")..];
    table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells[1].to_string(), cells[3].parse().unwrap_or(f64::INFINITY), cells[4] == "yes")
        })
        .collect()
}

/// Whatever the time limit cuts short, the plan is never slower by the objective than a reference
/// plan the report sets beside it that fits (here a limit short for a deep model on a 3-D mesh).
#[test]
fn the_plan_is_never_slower_by_the_objective_than_a_fitting_reference_plan() {
    let model = ["tests/fixtures/gpt_train_24l.mlir", "--mesh", "specs/meshes/tpu-v5e-2x4x4.yaml", "--time-limit", "4"];
    let (run, out) = run_plan("never-slower", &model);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rows = reference_rows(&std::fs::read_to_string(out.join("report.md")).unwrap());
    let plan = rows.iter().find(|r| r.0 == "**this plan**").expect("the plan's row").1;
    let fitting: Vec<_> = rows.iter().filter(|r| r.0 != "**this plan**" && r.2).collect();
    assert!(!fitting.is_empty(), "some reference plan fits: {rows:?}");
    for r in fitting {
        assert!(plan <= r.1, "the plan ({plan} ms) is slower than {} ({} ms)", r.0, r.1);
    }
}
