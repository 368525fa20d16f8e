//! Enumerating and costing all strategies of the 24-layer GPT training step on the 2x4 mesh: rules and
//! strategies of every op, the compute cost of every strategy, and for every operand of every strategy
//! the resharding from a replicated producer; then the dp+megatron reference plan built and evaluated.
//!
//! Run: `cargo bench --bench plan`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use automap::ir;
use automap::ir::sharding::TensorSharding;
use automap::sharding::Mesh;
use automap::sharding::PlanSpace;
use automap::sharding::compute_cost;
use automap::sharding::reshard;
use automap::sharding::tactics::{apply, parse_tactics};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let m =
        ir::parse_module(&std::fs::read_to_string(root.join("tests/fixtures/gpt_train_24l.mlir")).unwrap()).unwrap();
    let mesh = Mesh::load(&root.join("specs/meshes/cpu-2x4.yaml")).unwrap();
    let mut g = c.benchmark_group("plan 24-layer training step on 2x4");
    g.sample_size(20);
    g.bench_function("enumerate and cost every strategy", |b| {
        b.iter(|| {
            let space = PlanSpace::new(&m, &mesh);
            let mut total = 0.0;
            for (pos, &op) in m.body.iter().enumerate() {
                for (s, st) in space.strategies[pos].iter().enumerate() {
                    total += compute_cost(&m, op, &space.rules[pos], st, &mesh, space.traffic(pos)).seconds;
                    for (k, &v) in m.ops[op].operands.iter().enumerate() {
                        if let Some(t) = m.ty(v).as_tensor() {
                            let from = TensorSharding::replicated("mesh", t.rank());
                            total += reshard(t, &from, &space.required(pos, k, s), &mesh)
                                .map_or(0.0, |cs| cs.iter().map(|c| c.seconds).sum());
                        }
                    }
                }
            }
            black_box(total)
        })
    });
    let tactics = parse_tactics("dp+megatron", &mesh).unwrap();
    g.bench_function("build and evaluate dp+megatron (tactics found by structure)", |b| {
        b.iter(|| {
            let space = PlanSpace::new(&m, &mesh);
            let plan = space.propagate(apply(&space, &tactics).args);
            black_box(space.evaluate(&plan).total_s())
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
