//! Expert and sequence parallelism recognised by structure on programs they were not written for:
//! generated mixture-of-experts layers and attention blocks of drawn sizes, their arguments named by
//! drawn words, on generated meshes of one to three axes with drawn names. `ep:AXIS` splits exactly the
//! experts' dimension wherever an argument holds it (never the tokens, nor a dense program), and
//! `sp:AXIS` splits exactly the inputs' sequence (never a weight, or a program without attention).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_ir as ir;
use automap_sharding::tactics::{Applied, apply, parse_tactics};
use automap_sharding::{Mesh, PlanSpace};
use proptest::prelude::*;

/// Words that name nothing a tactic could know.
const WORDS: [&str; 12] =
    ["alder", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "heath", "iris", "jetty", "kelp", "loam"];

/// A mesh of `sizes.len()` axes named by `names`.
fn mesh(sizes: &[u32], names: &[&str]) -> Mesh {
    let axes: String = sizes
        .iter()
        .zip(names)
        .map(|(s, n)| format!("  - name: {n}\n    size: {s}\n    bandwidth_gb_per_s: 100\n    latency_us: 1\n"))
        .collect();
    let yaml = format!(
        "name: generated\naxes:\n{axes}device:\n  memory_gib: 16\n  hbm_gb_per_s: 800\n  peak_tflops:\n    f32: 100\n"
    );
    Mesh::parse(&yaml, "generated.yaml").unwrap()
}

/// A mixture-of-experts layer, forward: tokens `x [t, d]`, a router `[d, e]`, expert weights `[e, d, f]`
/// and `[e, f, d]` applied to the tokens dispatched to each expert (`[e, c, d]`, c slots per expert),
/// and the experts' outputs combined back. Arguments in the order x, router, w_in, w_out.
fn moe(names: &[&str], t: i64, d: i64, f: i64, e: i64, c: i64) -> String {
    let (x, r, wi, wo) = (
        format!("tensor<{t}x{d}xf32>"),
        format!("tensor<{d}x{e}xf32>"),
        format!("tensor<{e}x{d}x{f}xf32>"),
        format!("tensor<{e}x{f}x{d}xf32>"),
    );
    let (te, disp, xe, he) = (
        format!("tensor<{t}x{e}xf32>"),
        format!("tensor<{e}x{c}x{t}xf32>"),
        format!("tensor<{e}x{c}x{d}xf32>"),
        format!("tensor<{e}x{c}x{f}xf32>"),
    );
    format!(
        "{}
    %logits = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : ({x}, {r}) -> {te}
    %probs = stablehlo.exponential %logits : {te}
    %disp = stablehlo.broadcast_in_dim %probs, dims = [2, 0] : ({te}) -> {disp}
    %xe = stablehlo.dot_general %disp, %arg0, contracting_dims = [2] x [0] : ({disp}, {x}) -> {xe}
    %h0 = stablehlo.dot_general %xe, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({xe}, {wi}) -> {he}
    %h = stablehlo.tanh %h0 : {he}
    %ye = stablehlo.dot_general %h, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({he}, {wo}) -> {xe}
    %y = stablehlo.dot_general %disp, %ye, contracting_dims = [0, 1] x [0, 1] : ({disp}, {xe}) -> {x}
    return %y : {x}
}}
",
        header(&[&x, &r, &wi, &wo], names, &x)
    )
}

/// An attention block, forward: inputs `x [b, s, d]`, projections `[d, d]` for queries, keys, values
/// and the output; the scores `[b, s, s]` hold the sequence twice. With `attention` false, the same
/// projections without the scores (a position-wise network: no sequence to find). Arguments in the
/// order x, wq, wk, wv, wo.
fn block(names: &[&str], b: i64, s: i64, d: i64, attention: bool) -> String {
    let (x, w, sc) =
        (format!("tensor<{b}x{s}x{d}xf32>"), format!("tensor<{d}x{d}xf32>"), format!("tensor<{b}x{s}x{s}xf32>"));
    let mix = if attention {
        format!(
            "    %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : ({x}, {x}) -> {sc}
    %p = stablehlo.exponential %s : {sc}
    %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({sc}, {x}) -> {x}
"
        )
    } else {
        format!("    %qk = stablehlo.multiply %q, %k : {x}\n    %o = stablehlo.add %qk, %v : {x}\n")
    };
    format!(
        "{}
    %q = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] : ({x}, {w}) -> {x}
    %k = stablehlo.dot_general %arg0, %arg2, contracting_dims = [2] x [0] : ({x}, {w}) -> {x}
    %v = stablehlo.dot_general %arg0, %arg3, contracting_dims = [2] x [0] : ({x}, {w}) -> {x}
{mix}    %y = stablehlo.dot_general %o, %arg4, contracting_dims = [2] x [0] : ({x}, {w}) -> {x}
    return %y : {x}
}}
",
        header(&[&x, &w, &w, &w, &w], names, &x)
    )
}

/// The entry function's first line: one argument per type, named by `names` in order, and its result.
fn header(types: &[&str], names: &[&str], result: &str) -> String {
    let args: Vec<String> =
        types.iter().zip(names).enumerate().map(|(i, (t, n))| format!("%arg{i}: {t} loc(\"{n}\")")).collect();
    format!("func.func public @main({}) -> ({result}) {{", args.join(", "))
}

/// `spec` applied to program `text` on `mesh`.
fn applied(text: &str, mesh: &Mesh, spec: &str) -> Applied {
    let m = ir::parse_module(text).unwrap();
    assert!(ir::verify::verify(&m).is_empty(), "{:?}\n{text}", ir::verify::verify(&m));
    let space = PlanSpace::new(&m, mesh);
    apply(&space, &parse_tactics(spec, mesh).unwrap())
}

/// Per argument, the mesh axes on each of its dimensions (by count).
fn split(a: &Applied) -> Vec<Vec<usize>> {
    a.args.iter().map(|s| s.dims.iter().map(|d| d.axes.len()).collect()).collect()
}

/// A mesh of one to three axes with drawn sizes and names, and the index of the axis the tactic takes.
fn arb_mesh() -> impl Strategy<Value = (Vec<u32>, Vec<&'static str>, usize)> {
    (prop::collection::vec(prop::sample::select(vec![2u32, 4, 8]), 1..=3), Just(WORDS).prop_shuffle()).prop_flat_map(
        |(sizes, words)| {
            let n = sizes.len();
            (Just(sizes), Just(words[..n].to_vec()), 0..n)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn expert_parallelism_splits_the_expert_weights_and_nothing_else(
        (sizes, axis_names, at) in arb_mesh(),
        names in Just(WORDS).prop_shuffle(),
        experts_per_device in 1i64..3,
        t in prop::sample::select(vec![64i64, 96, 256]),
        d in prop::sample::select(vec![32i64, 48, 64]),
        f in prop::sample::select(vec![64i64, 80, 128]),
        c in prop::sample::select(vec![8i64, 12, 16]),
    ) {
        let mesh = mesh(&sizes, &axis_names);
        let e = i64::from(sizes[at]) * experts_per_device;
        let spec = format!("ep:{}", axis_names[at]);
        let a = applied(&moe(&names, t, d, f, e, c), &mesh, &spec);
        prop_assert!(a.matched[0].applies(), "{}", a.matched[0]);
        // Every argument dimension of the experts' class: the expert weights' first, and the router's
        // second (its logits are dispatched to the experts by a matmul that keeps that dimension: one
        // class; where routing goes through a top-k, as in the Mixtral fixture, it is not); the tokens
        // whole.
        prop_assert_eq!(split(&a), vec![vec![0, 0], vec![0, 1], vec![1, 0, 0], vec![1, 0, 0]], "{}", a.matched[0]);
        // An attention block has no experts.
        let dense = applied(&block(&names, 4, 32, d, true), &mesh, &spec);
        prop_assert!(!dense.matched[0].applies(), "{}", dense.matched[0]);
    }

    #[test]
    fn sequence_parallelism_splits_the_inputs_sequence_where_attention_reads_it(
        (sizes, axis_names, at) in arb_mesh(),
        names in Just(WORDS).prop_shuffle(),
        b in prop::sample::select(vec![2i64, 4, 6]),
        seq_per_device in prop::sample::select(vec![4i64, 8, 16]),
        d in prop::sample::select(vec![32i64, 48, 64]),
    ) {
        let mesh = mesh(&sizes, &axis_names);
        let s = i64::from(sizes[at]) * seq_per_device;
        let spec = format!("sp:{}", axis_names[at]);
        let a = applied(&block(&names, b, s, d, true), &mesh, &spec);
        prop_assert!(a.matched[0].applies(), "{}", a.matched[0]);
        // The inputs on their sequence dimension; every weight whole.
        let whole = vec![0, 0];
        prop_assert_eq!(split(&a), vec![vec![0, 1, 0], whole.clone(), whole.clone(), whole.clone(), whole], "{}", a.matched[0]);
        // Without the scores no value holds the sequence twice: there is none to find.
        let plain = applied(&block(&names, b, s, d, false), &mesh, &spec);
        prop_assert!(!plain.matched[0].applies(), "{}", plain.matched[0]);
    }
}
