//! Import speed: parse (lex, parse, build with calls inlined) and verify the 24-layer GPT training step
//! (tests/fixtures/gpt_train_24l.mlir, about 8,500 ops), and the 2-layer one for scale.
//!
//! Run: `cargo bench --bench import`. Criterion prints the median time per import and the throughput.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use automap::ir;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("import");
    for name in ["gpt_train.mlir", "gpt_train_24l.mlir"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("parse {name}"), |b| {
            b.iter(|| ir::parse_module(black_box(&text)).map(|m| m.ops.len()))
        });
        group.bench_function(format!("parse+verify {name}"), |b| {
            b.iter(|| ir::parse_module(black_box(&text)).map(|m| ir::verify::verify(&m).len()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
