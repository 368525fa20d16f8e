//! Property: whatever is done to a valid module's text, the parser answers Ok or a located error; it never
//! panics; and a module that parses, given a function per call, keeps its program (the same ops).
//! Mutations: delete a range, insert a token MLIR text is made of, duplicate or drop a line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_ir::parse_module;
use automap_ir::per_call::one_function_per_call;
use proptest::prelude::*;

const SOURCES: [&str; 4] = [
    include_str!("../../tests/fixtures/control_flow.mlir"),
    include_str!("../../tests/fixtures/mlp.generic.mlir"),
    include_str!("../../tests/fixtures/cnn_train.mlir"),
    // `relu` called twice.
    include_str!("../../tests/fixtures/gnn.mlir"),
];

const PIECES: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    "[",
    "]",
    ",",
    ":",
    "=",
    "->",
    "%0",
    "%arg0",
    "%0#1",
    "@main",
    "#loc3",
    "^bb0",
    "tensor<",
    "tensor<4xf32>",
    "dense<",
    "\"",
    "loc(",
    "cond",
    "do",
    "reducer",
    "\n",
    "stablehlo.add",
    "\"stablehlo.add\"",
    "array<i64: ",
    "x",
    "0x",
    "-",
    "1.5e",
    "\u{0}",
    "é",
];

fn check(text: &str) {
    match parse_module(text) {
        Err(e) => {
            assert!(e.at.line >= 1 && e.at.col >= 1, "{e}");
            assert!(!e.message.is_empty());
        }
        Ok(m) => {
            let (ops, body) = (m.ops.len(), m.body.len());
            let copied = one_function_per_call(m);
            assert_eq!((copied.ops.len(), copied.body.len()), (ops, body));
        }
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn deleting_a_range_never_panics(which in 0..SOURCES.len(), a in 0usize..100_000, len in 0usize..200) {
        let s = SOURCES[which];
        let start = floor_char(s, a % s.len());
        let end = floor_char(s, start + len);
        check(&format!("{}{}", &s[..start], &s[end..]));
    }

    #[test]
    fn inserting_a_token_never_panics(which in 0..SOURCES.len(), a in 0usize..100_000, piece in 0..PIECES.len(), times in 1usize..3) {
        let s = SOURCES[which];
        let at = floor_char(s, a % s.len());
        check(&format!("{}{}{}", &s[..at], PIECES[piece].repeat(times), &s[at..]));
    }

    #[test]
    fn duplicating_or_dropping_a_line_never_panics(which in 0..SOURCES.len(), line in 0usize..1000, drop in any::<bool>()) {
        let lines: Vec<&str> = SOURCES[which].lines().collect();
        let k = line % lines.len();
        let mut out: Vec<&str> = lines.clone();
        if drop { out.remove(k); } else { out.insert(k, lines[k]); }
        check(&out.join("\n"));
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let mut s = String::from("func.func @main() -> tensor<f32> {\n");
    for _ in 0..200 {
        s.push_str("%0 = \"stablehlo.case\"(%x) ({\n");
    }
    check(&s);
    check(&"[".repeat(100_000));
    check(&"tensor<".repeat(10_000));
    let deep_attr = format!(
        "func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n  %0 = stablehlo.transpose %a, dims = {} : tensor<f32>\n",
        "[".repeat(100_000)
    );
    assert!(parse_module(&deep_attr).unwrap_err().message.contains("nested deeper"));
    let deep_type = format!("func.func @main(%a: {}f32) -> tensor<f32> {{\n", "tuple<".repeat(100_000));
    check(&deep_type);
}
