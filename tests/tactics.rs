//! Tactics recognised by structure: on decoders whose weights have no name a recipe could know (PyTorch
//! checkpoint names, bare positional arguments), Megatron shards the attention and MLP weights as
//! Megatron-LM does; the batch is found from the dataflow; a tactic that does not apply says so; and
//! `plan --tactic` pins what the tactic implies, composes with user constraints, and keeps the optimum.
//!
//! The tests read argument names only to check the answer: the tactics never see them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::sharding::CollectiveKind;
use automap::sharding::PlanSpace;
use automap::sharding::tactics::{Applied, apply, parse_tactics};
use common::{Scratch, automap, mesh, module};

fn applied(m: &automap::ir::Module, mesh_name: &str, spec: &str) -> (Applied, automap::sharding::PlanCost) {
    let mesh = mesh(mesh_name);
    let space = PlanSpace::new(m, &mesh);
    let a = apply(&space, &parse_tactics(spec, &mesh).unwrap());
    let cost = space.evaluate(&space.propagate(a.args.clone()));
    (a, cost)
}

/// The axes of each dimension of argument `i`.
fn dims(a: &Applied, i: usize) -> Vec<usize> {
    a.args[i].dims.iter().map(|d| d.axes.len()).collect()
}

#[test]
fn megatron_shards_a_decoder_whose_weights_have_pytorch_names_or_none() {
    for fixture in ["llama_torch.mlir", "llama_positional.mlir"] {
        let m = module(fixture);
        let (a, cost) = applied(&m, "cpu-model-4.yaml", "megatron:model");
        let layers = 3;
        // What each argument is: its PyTorch name, or for the positional twin the order in which
        // tools/export_models.py passes the weights (after the token ids).
        let layer = [
            "input_layernorm",
            "self_attn.q_proj",
            "self_attn.k_proj",
            "self_attn.v_proj",
            "self_attn.o_proj",
            "post_attention_layernorm",
            "mlp.gate_proj",
            "mlp.up_proj",
            "mlp.down_proj",
        ];
        let mut order = vec!["input_ids".to_string(), "embed_tokens".into()];
        for l in 0..layers {
            order.extend(layer.iter().map(|n| format!("layers.{l}.{n}")));
        }
        order.extend(["norm".into(), "lm_head".into()]);
        let what = |i: usize| match m.entry().args[i].name.as_deref() {
            Some(n) if n.starts_with("state_dict") => n.to_string(),
            _ => format!("['{}']", order[i]),
        };
        let (mut column, mut row) = (0, 0);
        for i in 0..m.args.len() {
            let name = what(i);
            let shards = dims(&a, i);
            if ["q_proj", "k_proj", "v_proj", "gate_proj", "up_proj"].iter().any(|n| name.ends_with(&format!("{n}']")))
            {
                assert_eq!(shards, vec![0, 1], "{fixture}: {name} is column-parallel");
                column += 1;
            } else if ["o_proj", "down_proj"].iter().any(|n| name.ends_with(&format!("{n}']"))) {
                assert_eq!(shards, vec![1, 0], "{fixture}: {name} is row-parallel");
                row += 1;
            } else {
                assert!(shards.iter().all(|&n| n == 0), "{fixture}: {name} stays replicated: {shards:?}");
            }
        }
        assert_eq!((column, row), (5 * layers, 2 * layers), "{fixture}");
        // The forward pass: two all-reduces of the activations per layer, nothing else.
        assert_eq!(cost.collectives.len(), 2 * layers, "{fixture}: {:#?}", cost.collectives);
        assert!(cost.collectives.iter().all(|c| c.collective.kind == CollectiveKind::AllReduce));
        assert!(a.matched[0].found.contains("6 blocks"), "{}", a.matched[0]);
    }
}

#[test]
fn the_batch_is_found_from_the_dataflow() {
    let batch = |fixture: &str| {
        let m = module(fixture);
        let (a, _) = applied(&m, "cpu-2x4.yaml", "dp:data");
        let names: Vec<(String, Vec<usize>)> = (0..m.args.len())
            .filter(|&i| dims(&a, i).iter().any(|&n| n > 0))
            .map(|i| (m.entry().args[i].name.clone().unwrap_or_default(), dims(&a, i)))
            .collect();
        (names, a.matched[0].found.clone())
    };
    let (gpt, _) = batch("gpt_train.mlir");
    assert_eq!(gpt, vec![("tokens".into(), vec![1, 0]), ("targets".into(), vec![1, 0])]);
    let (cnn, _) = batch("cnn_train.mlir");
    assert_eq!(cnn, vec![("x".into(), vec![1, 0, 0, 0]), ("labels".into(), vec![1])]);
    let (llama, _) = batch("llama_positional.mlir");
    assert_eq!(llama, vec![("input_ids".into(), vec![1, 0])]);
    // The serving decoder takes one sequence: there is no batch to shard (the sequence is not one:
    // attention holds it twice).
    let (serve, why) = batch("gpt_serve.mlir");
    assert!(serve.is_empty(), "{serve:?}");
    assert!(why.contains("no batch dimension found"), "{why}");
}

#[test]
fn production_programs_show_their_batch_and_megatron_blocks_through_the_layer_scan() {
    let sharded = |a: &Applied, m: &automap::ir::Module| -> Vec<(String, Vec<usize>)> {
        (0..m.args.len())
            .filter(|&i| dims(a, i).iter().any(|&n| n > 0))
            .map(|i| (m.entry().args[i].name.clone().unwrap_or_default(), dims(a, i)))
            .collect()
    };
    // A decode step: the batch is what the KV caches and the tokens share (not the V cache's head
    // dimension, which only attention's values hold), and Megatron splits the caches by heads with the
    // stacked projections that fill them.
    let m = module("production/llama3_8b_decode.mlir");
    let (dp, _) = applied(&m, "h100-8x8.yaml", "dp:node");
    let batch = sharded(&dp, &m);
    let want: Vec<(String, Vec<usize>)> = vec![
        ("cache_k".into(), vec![0, 1, 0, 0, 0]),
        ("cache_v".into(), vec![0, 1, 0, 0, 0]),
        ("tokens".into(), vec![1, 0]),
    ];
    assert_eq!(batch, want);
    let (tp, _) = applied(&m, "h100-8x8.yaml", "megatron:gpu");
    let by_name: std::collections::HashMap<String, Vec<usize>> = sharded(&tp, &m).into_iter().collect();
    assert_eq!(by_name.get("cache_k"), Some(&vec![0, 0, 0, 1, 0]), "{by_name:?}");
    assert_eq!(by_name.get("cache_v"), by_name.get("cache_k"));
    let found = &tp.matched[0].found;
    // wq, wk, wv, w_gate, w_up keep their Megatron dimension; wo and w_down contract it: read through
    // the per-layer slices of the stacked weights inside the scan.
    assert!(found.contains("5 column-parallel") && found.contains("2 row-parallel"), "{found}");
    // A mixture of experts' training step: routing by top-k does not hide the batch.
    let m = module("production/mixtral_train.mlir");
    let (dp, _) = applied(&m, "h100-8x8.yaml", "dp:node");
    let batch = sharded(&dp, &m);
    assert_eq!(batch, vec![("tokens".into(), vec![1, 0]), ("targets".into(), vec![1, 0])]);
    // Expert parallelism splits the stacked expert weights `[layers, experts, in, out]` by expert, and
    // their optimizer state with them; the router, whose output has the experts as a free dimension,
    // stays whole.
    let (ep, _) = applied(&m, "h100-8x8.yaml", "ep:gpu");
    let split = sharded(&ep, &m);
    assert_eq!(split.len(), 9, "{split:?}");
    assert!(
        split.iter().all(|(name, d)| name.contains("w_") && d[1] == 1 && d.iter().sum::<usize>() == 1),
        "{split:?}"
    );
    // Sequence parallelism finds the sequence as what the inputs hold beside the batch and attention
    // holds twice; a convolutional network's spatial dimensions are not one.
    let m8 = module("production/llama3_8b_train.mlir");
    let (sp, _) = applied(&m8, "h100-8x8.yaml", "sp:gpu");
    assert_eq!(sharded(&sp, &m8), vec![("tokens".into(), vec![0, 1]), ("targets".into(), vec![0, 1])]);
    let cnn = module("cnn_train.mlir");
    let (sp, _) = applied(&cnn, "cpu-2x4.yaml", "sp:model");
    assert!(sp.matched[0].found.starts_with("does not apply"), "{}", sp.matched[0]);
    // A dense decoder has no experts: the tactic says it does not apply.
    let m = module("production/llama3_8b_decode.mlir");
    let (ep, _) = applied(&m, "h100-8x8.yaml", "ep:gpu");
    assert!(!ep.matched[0].applies() && ep.matched[0].found.starts_with("does not apply"), "{}", ep.matched[0]);
}

#[test]
fn a_tactic_that_does_not_apply_says_so() {
    let m = module("gnn.mlir");
    let (a, _) = applied(&m, "cpu-2x4.yaml", "megatron:model");
    assert!(!a.matched[0].applies());
    assert!(a.matched[0].to_string().starts_with("megatron:model: does not apply"), "{}", a.matched[0]);
}

#[test]
fn plan_with_a_tactic_pins_it_and_keeps_the_optimum_of_the_serving_decoder() {
    let out = Scratch::new("tactic-serve");
    let base = [
        "plan",
        "tests/fixtures/gpt_serve.mlir",
        "--mesh",
        "specs/meshes/cpu-model-4.yaml",
        "--memory-limit",
        "0.00206",
    ];
    let free = automap(&[&base[..], &["--out", &out.join("free").display().to_string()]].concat());
    let pinned = automap(
        &[&base[..], &["--tactic", "megatron:model", "--out", &out.join("tactic").display().to_string()]].concat(),
    );
    assert_eq!(free.code, Some(0), "{}", free.stderr);
    assert_eq!(pinned.code, Some(0), "{}", pinned.stderr);
    assert!(pinned.stderr.contains("tactic megatron:model: 4 blocks"), "{}", pinned.stderr);
    assert!(pinned.stderr.contains("tactics pinned 12 arguments"), "{}", pinned.stderr);
    let predicted =
        |r: &common::Run| r.stdout.split(" ms predicted").next().unwrap().rsplit('(').next().unwrap().to_string();
    assert!(free.stdout.contains("optimal") && pinned.stdout.contains("optimal"), "{}\n{}", free.stdout, pinned.stdout);
    assert_eq!(predicted(&free), predicted(&pinned));
    let report = std::fs::read_to_string(out.join("tactic").join("report.md")).unwrap();
    assert!(report.contains("## Tactics pinned before solving"), "{report}");
}

#[test]
fn tactics_compose_with_constraints_and_refuse_a_contradiction() {
    let out = Scratch::new("tactic-conflict");
    let pin = out.join("pin.yaml");
    std::fs::write(&pin, "pin:\n  - value: \"params['layers'][0]['wq']\"\n    sharding: [model, null]\n").unwrap();
    let r = automap(&[
        "plan",
        "tests/fixtures/gpt_forward.mlir",
        "--mesh",
        "specs/meshes/cpu-model-4.yaml",
        "--constraints",
        &pin.display().to_string(),
        "--tactic",
        "megatron:model",
        "--out",
        &out.join("o").display().to_string(),
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("--tactic megatron:model: the tactics shard params['layers'][0]['wq']"), "{}", r.stderr);
    let bad =
        automap(&["plan", "tests/fixtures/mlp.mlir", "--mesh", "specs/meshes/cpu-2x4.yaml", "--tactic", "zero:data"]);
    assert_eq!(bad.code, Some(1));
    assert!(bad.stderr.contains("unknown tactic 'zero'"), "{}", bad.stderr);
}
