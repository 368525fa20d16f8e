//! The pictures and comparisons a person reads beside a plan: `memory.svg` and `timeline.svg` from
//! `automap plan`, and `automap diff` of two plans.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, automap};

fn plan(model: &str, mesh: &str, out: &Scratch) -> serde_json::Value {
    let run = automap(&[
        "plan",
        model,
        "--mesh",
        &format!("specs/meshes/{mesh}.yaml"),
        "--time-limit",
        "10",
        "--out",
        &out.arg(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap()
}

/// Every `<text>` of an SVG, trimmed.
fn texts_of(tree: &roxmltree::Document<'_>) -> Vec<String> {
    tree.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .collect()
}

/// A scanned training step under `jax.checkpoint`: memory.svg is SVG that an XML parser reads, with
/// its axes, a legend entry per kind of memory, the device's memory, and the peak that plan.json
/// states, named by its op; report.md shows it.
#[test]
fn plan_draws_memory_per_device_with_its_peak() {
    let out = Scratch::new("plots-memory");
    let doc = plan("tests/fixtures/llama_remat_train.mlir", "cpu-2x4", &out);
    let peak_mib = doc["predicted"]["peak_memory_bytes_per_device"].as_f64().unwrap() / 1048576.0;
    let svg = std::fs::read_to_string(out.join("memory.svg")).unwrap();
    let tree = roxmltree::Document::parse(&svg).expect("memory.svg is well-formed XML");
    assert_eq!(tree.root_element().tag_name().name(), "svg");
    let texts = texts_of(&tree);
    for label in [
        "MiB live per device",
        "arguments (weights, optimizer state, inputs)",
        "held across loops (carried state, saved activations)",
        "temporaries",
        "device memory 2.00 GiB (above the plot)",
    ] {
        assert!(texts.iter().any(|t| t.contains(label)), "{label} missing: {texts:?}");
    }
    let peak = texts.iter().find(|t| t.starts_with("peak ")).expect("the peak is labelled");
    assert!(peak.starts_with(&format!("peak {peak_mib:.2} MiB at ")), "{peak} against {peak_mib:.2} MiB");
    // Three stacked areas: filled polygons (or paths) beyond the grid lines.
    let filled = tree
        .descendants()
        .filter(|n| {
            n.has_tag_name("polygon") || (n.has_tag_name("path") && n.attribute("fill").is_some_and(|f| f != "none"))
        })
        .count();
    assert!(filled >= 3, "{filled} filled shapes");
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("![memory per device over the program](memory.svg)"), "{report}");
    assert!(report.contains("![the step as a timeline](timeline.svg)"), "{report}");

    // The timeline: the top level with the loops as a whole, then one iteration of the longest loop,
    // whose time is the overlapped step's share; lanes named, a legend entry per colour drawn.
    let svg = std::fs::read_to_string(out.join("timeline.svg")).unwrap();
    let tree = roxmltree::Document::parse(&svg).expect("timeline.svg is well-formed XML");
    let texts = texts_of(&tree);
    let overlapped_ms = doc["predicted"]["overlapped_step_time_s"].as_f64().unwrap() * 1e3;
    let top = texts.iter().find(|t| t.starts_with("the step, ")).expect("the top-level panel");
    let top_ms: f64 = top["the step, ".len()..].split(' ').next().unwrap().parse().unwrap();
    // The overlapped step adds the fusions that reshardings break to the schedule's time.
    assert!(top_ms <= overlapped_ms + 1e-3 && top_ms >= overlapped_ms * 0.9, "{top} against {overlapped_ms}");
    assert!(texts.iter().any(|t| t.starts_with("one iteration of the loop at ")), "{texts:?}");
    for label in ["compute", "collectives", "op", "loop, as a whole"] {
        assert!(texts.iter().any(|t| t == label), "{label} missing: {texts:?}");
    }
    let bars = tree.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert!(bars > 20, "{bars} bars");
}

/// One program on two meshes: the diff states both steps and peaks, compares shardings by the devices
/// splitting each dimension, and lists the collectives that changed; a plan against itself changes
/// nothing. A file that is not a plan.json is bad input, named.
#[test]
fn diff_sets_two_plans_side_by_side() {
    let (a, b) = (Scratch::new("diff-a"), Scratch::new("diff-b"));
    let pa = plan("tests/fixtures/gpt_train.mlir", "cpu-2x4", &a);
    let pb = plan("tests/fixtures/gpt_train.mlir", "cpu-model-4", &b);
    let (fa, fb) = (a.join("plan.json").display().to_string(), b.join("plan.json").display().to_string());
    let md = a.join("diff.md").display().to_string();
    let run = automap(&["diff", &fa, &fb, "--out", &md]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&md).unwrap(), run.stdout);
    assert!(
        run.stdout.contains("# Plan A (cpu-2x4, 8 devices) against plan B (cpu-model-4, 4 devices)"),
        "{}",
        run.stdout
    );
    let step = |p: &serde_json::Value| p["predicted"]["step_time_s"].as_f64().unwrap() * 1e3;
    let row = run.stdout.lines().find(|l| l.starts_with("| step (the objective) (ms) |")).unwrap();
    let cells: Vec<f64> = row.split('|').skip(2).take(2).map(|c| c.trim().parse().unwrap()).collect();
    for (cell, want) in cells.iter().zip([step(&pa), step(&pb)]) {
        assert!((cell - want).abs() <= want * 1e-3 + 1e-3, "{row}: {want}");
    }
    assert!(run.stdout.contains("compared by the devices splitting each dimension"), "{}", run.stdout);
    assert!(run.stdout.contains("## Collectives that changed:"), "{}", run.stdout);

    let same = automap(&["diff", &fa, &fa]);
    assert_eq!(same.code, Some(0), "{}", same.stderr);
    assert!(same.stdout.contains("## Shardings that changed: 0 of "), "{}", same.stdout);
    assert!(same.stdout.contains("## Collectives that changed: 0 ops"), "{}", same.stdout);

    let bad = automap(&["diff", &fa, "tests/fixtures/mlp.mlir"]);
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert!(bad.stderr.contains("tests/fixtures/mlp.mlir: not a plan.json"), "{}", bad.stderr);
}
