//! Op kinds read from both printed forms, on small snippets in the shapes JAX prints.

use crate::op::*;
use crate::parse_module;
use crate::{Module, OpKind};

fn wrap(args: &str, ret_ty: &str, body: &str, ret: &str) -> String {
    format!(
        "module @m {{\n  func.func public @main({args}) -> {ret_ty} {{\n{body}\n    return {ret} : {ret_ty}\n  }}\n}}\n"
    )
}

fn kinds(m: &Module) -> Vec<OpKind> {
    m.body.iter().map(|&o| m.ops[o].kind.clone()).collect()
}

#[test]
fn dot_general_pretty_and_generic() {
    let pretty = wrap(
        "%a: tensor<4x8x16xf32>, %b: tensor<4x16x32xf32>",
        "tensor<4x8x32xf32>",
        "    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>",
        "%0",
    );
    let generic = wrap(
        "%a: tensor<4x8x16xf32>, %b: tensor<4x16x32xf32>",
        "tensor<4x8x32xf32>",
        "    %0 = \"stablehlo.dot_general\"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>",
        "%0",
    );
    let want = OpKind::DotGeneral(DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contracting: vec![2],
        rhs_contracting: vec![1],
    });
    assert_eq!(kinds(&parse_module(&pretty).unwrap()), vec![want.clone()]);
    assert_eq!(kinds(&parse_module(&generic).unwrap()), vec![want]);
}

#[test]
fn convolution_dimension_labels() {
    let src = wrap(
        "%x: tensor<8x16x16x3xf32>, %k: tensor<3x3x3x16xf32>",
        "tensor<8x16x16x16xf32>",
        "    %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x16x16x3xf32>, tensor<3x3x3x16xf32>) -> tensor<8x16x16x16xf32>",
        "%0",
    );
    let m = parse_module(&src).unwrap();
    let OpKind::Convolution { dims, window, feature_group_count, batch_group_count } = &m.ops[m.body[0]].kind else {
        panic!()
    };
    assert_eq!((dims.input_batch, dims.input_feature, dims.input_spatial.clone()), (0, 3, vec![1, 2]));
    assert_eq!(
        (dims.kernel_input_feature, dims.kernel_output_feature, dims.kernel_spatial.clone()),
        (2, 3, vec![0, 1])
    );
    assert_eq!((dims.output_batch, dims.output_feature), (0, 3));
    assert_eq!(window.padding, vec![(1, 1), (1, 1)]);
    assert_eq!(window.strides, vec![1, 1]);
    assert_eq!((*feature_group_count, *batch_group_count), (1, 1));
    // The attribute dictionary before the signature is found for the writer.
    assert!(m.ops[m.body[0]].syntax.attr_dict.unwrap().text(&m.source).starts_with("{batch_group_count"));

    let generic = wrap(
        "%x: tensor<8x16x16x3xf32>, %k: tensor<3x3x3x16xf32>",
        "tensor<8x8x8x16xf32>",
        "    %0 = \"stablehlo.convolution\"(%x, %k) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>}> : (tensor<8x16x16x3xf32>, tensor<3x3x3x16xf32>) -> tensor<8x8x8x16xf32>",
        "%0",
    );
    let m = parse_module(&generic).unwrap();
    let OpKind::Convolution { dims, window, .. } = &m.ops[m.body[0]].kind else {
        panic!("{:?}", m.ops[m.body[0]].kind)
    };
    assert_eq!(dims.input_spatial, vec![1, 2]);
    assert_eq!(window.padding, vec![(0, 1), (0, 1)]);
    assert_eq!(window.strides, vec![2, 2]);
}

#[test]
fn variadic_reduce_orders_inputs_before_inits_and_names_block_args() {
    let src = wrap(
        "%x: tensor<64x4xf32>, %i: tensor<64x4xi32>",
        "tensor<64xi32>",
        "    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.reduce(%x init: %cst), (%i init: %c) across dimensions = [1] : (tensor<64x4xf32>, tensor<64x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<64xf32>, tensor<64xi32>)
     reducer(%a1: tensor<f32>, %a3: tensor<f32>) (%a2: tensor<i32>, %a4: tensor<i32>)  {
      %1 = stablehlo.compare GT, %a1, %a3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %2 = stablehlo.select %1, %a1, %a3 : tensor<i1>, tensor<f32>
      %3 = stablehlo.select %1, %a2, %a4 : tensor<i1>, tensor<i32>
      stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
    }",
        "%0#1",
    );
    let m = parse_module(&src).unwrap();
    let r = &m.ops[m.body[2]];
    assert_eq!(r.kind, OpKind::Reduce { dims: vec![1], kind: ReduceKind::Other });
    let names: Vec<&str> = r.operands.iter().map(|&v| m.values[v].name.as_str()).collect();
    assert_eq!(names, ["%x", "%i", "%cst", "%c"]);
    let args: Vec<&str> = r.regions[0].blocks[0].args.iter().map(|&v| m.values[v].name.as_str()).collect();
    assert_eq!(args, ["%a1", "%a2", "%a3", "%a4"]);
    assert_eq!(m.values[m.returns[0]].name, "%0#1");
    assert_eq!(m.ty(m.returns[0]).to_string(), "tensor<64xi32>");
    assert!(crate::verify::verify(&m).is_empty());
}

#[test]
fn reduce_kinds_from_applies_and_from_bodies() {
    let src = wrap(
        "%x: tensor<8x16xf32>",
        "tensor<8xf32>",
        "    %cst = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.reduce(%x init: %cst) across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
     reducer(%a: tensor<f32>, %b: tensor<f32>)  {
      %2 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }
    %3 = stablehlo.add %0, %1 : tensor<8xf32>",
        "%3",
    );
    let m = parse_module(&src).unwrap();
    assert_eq!(m.ops[m.body[1]].kind, OpKind::Reduce { dims: vec![1], kind: ReduceKind::Max });
    assert_eq!(m.ops[m.body[2]].kind, OpKind::Reduce { dims: vec![1], kind: ReduceKind::Add });
}

#[test]
fn data_movement_ops() {
    let src = wrap(
        "%x: tensor<8x16xf32>, %i: tensor<i32>",
        "tensor<4x16xf32>",
        "    %cst = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.slice %x [0:8:2, 0:16] : (tensor<8x16xf32>) -> tensor<4x16xf32>
    %1 = stablehlo.pad %0, %cst, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x18xf32>
    %2 = stablehlo.dynamic_slice %1, %i, %i, sizes = [4, 16] : (tensor<4x18xf32>, tensor<i32>, tensor<i32>) -> tensor<4x16xf32>
    %3 = stablehlo.concatenate %2, %0, dim = 0 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %4 = stablehlo.reshape %3 : (tensor<8x16xf32>) -> tensor<2x4x16xf32>
    %5 = stablehlo.transpose %4, dims = [1, 0, 2] : (tensor<2x4x16xf32>) -> tensor<4x2x16xf32>
    %6 = stablehlo.reverse %5, dims = [1] : tensor<4x2x16xf32>
    %7 = stablehlo.iota dim = 1 : tensor<4x2x16xi32>
    %8 = stablehlo.convert %7 : (tensor<4x2x16xi32>) -> tensor<4x2x16xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x2x16xf32>
    %10 = stablehlo.slice %9 [0:4, 0:1, 0:16] : (tensor<4x2x16xf32>) -> tensor<4x1x16xf32>
    %11 = stablehlo.reshape %10 : (tensor<4x1x16xf32>) -> tensor<4x16xf32>",
        "%11",
    );
    let m = parse_module(&src).unwrap();
    let k = kinds(&m);
    assert_eq!(k[1], OpKind::Slice { start: vec![0, 0], limit: vec![8, 16], strides: vec![2, 1] });
    assert_eq!(k[2], OpKind::Pad { low: vec![0, 1], high: vec![0, 1], interior: vec![0, 0] });
    assert_eq!(k[3], OpKind::DynamicSlice { sizes: vec![4, 16] });
    assert_eq!(k[4], OpKind::Concatenate { dim: 0 });
    assert_eq!(k[5], OpKind::Reshape);
    assert_eq!(k[6], OpKind::Transpose { perm: vec![1, 0, 2] });
    assert_eq!(k[7], OpKind::Reverse { dims: vec![1] });
    assert_eq!(k[8], OpKind::Iota { dim: 1 });
    assert_eq!(k[9], OpKind::Elementwise(ElementwiseOp::Convert));
    assert_eq!(m.ops[m.body[2]].operands.len(), 2);
    assert!(crate::verify::verify(&m).is_empty(), "{:?}", crate::verify::verify(&m));
}

#[test]
fn while_regions_get_iteration_arguments_and_captures() {
    let src = wrap(
        "%x: tensor<4xf32>, %w: tensor<4xf32>",
        "tensor<4xf32>",
        "    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %c_1 = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      %2 = stablehlo.multiply %iterArg_0, %w : tensor<4xf32>
      stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
    }",
        "%0#1",
    );
    let m = parse_module(&src).unwrap();
    let w = &m.ops[m.body[1]];
    assert_eq!(w.kind, OpKind::While);
    assert_eq!(w.regions.len(), 2);
    for r in &w.regions {
        let names: Vec<&str> = r.blocks[0].args.iter().map(|&v| m.values[v].name.as_str()).collect();
        assert_eq!(names, ["%iterArg", "%iterArg_0"]);
    }
    // %w is used inside the body without being an operand: a capture.
    assert_eq!(w.captures, vec![m.args[1]]);
    assert!(m.ops[w.regions[1].blocks[0].ops[0]].parent == Some(m.body[1]));
}

#[test]
fn calls_are_inlined_with_their_chain() {
    let src = "module @m {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = \"out\"}) {
    %0 = call @outer(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = call @outer(%0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @outer(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = func.call @inner(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @inner(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.tanh %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
";
    let m = parse_module(src).unwrap();
    assert_eq!(m.body.len(), 2, "two inlined tanh ops");
    assert_eq!(m.call_chain(m.body[0]), ["inner", "outer"]);
    assert_eq!(m.ops[m.body[1]].operands, m.ops[m.body[0]].results, "the second call consumes the first");
    assert_eq!(m.returns, m.ops[m.body[1]].results);
    assert_eq!(m.entry().results[0].name.as_deref(), Some("out"));
    assert_eq!(m.functions.len(), 3);
}

#[test]
fn gather_scatter_and_compare_generic() {
    let src = wrap(
        "%t: tensor<64x32xf32>, %i: tensor<256x1xi32>, %u: tensor<256x32xf32>",
        "tensor<64x32xf32>",
        "    %0 = \"stablehlo.gather\"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<64x32xf32>, tensor<256x1xi32>) -> tensor<256x32xf32>
    %1 = \"stablehlo.compare\"(%0, %u) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<256x32xf32>, tensor<256x32xf32>) -> tensor<256x32xi1>
    %2 = \"stablehlo.scatter\"(%t, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
    }) : (tensor<64x32xf32>, tensor<256x1xi32>, tensor<256x32xf32>) -> tensor<64x32xf32>",
        "%2",
    );
    let m = parse_module(&src).unwrap();
    let k = kinds(&m);
    let OpKind::Gather(g) = &k[0] else { panic!() };
    assert_eq!(
        (g.offset_dims.clone(), g.collapsed_slice_dims.clone(), g.slice_sizes.clone(), g.index_vector_dim),
        (vec![1], vec![0], vec![1, 32], 1)
    );
    assert_eq!(k[1], OpKind::Elementwise(ElementwiseOp::Compare(CompareDirection::Ge)));
    let OpKind::Scatter { dims, kind } = &k[2] else { panic!() };
    assert_eq!(*kind, ReduceKind::Replace);
    assert_eq!(dims.inserted_window_dims, vec![0]);
}

/// An op inlined from a call is named as XLA names it: the call's location name, then its own; an op
/// of a function called once has text of its own, one of a function called twice shares it.
#[test]
fn inlined_ops_take_their_calls_names_and_know_whether_their_text_is_shared() {
    let src = "module @m {\n  func.func public @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = func.call @once(%x) : (tensor<4xf32>) -> tensor<4xf32> loc(\"jit(f)/while/body/closed_call\")\n    %1 = func.call @twice(%0) : (tensor<4xf32>) -> tensor<4xf32> loc(\"jit(f)/a\")\n    %2 = func.call @twice(%1) : (tensor<4xf32>) -> tensor<4xf32> loc(\"jit(f)/b\")\n    return %2 : tensor<4xf32>\n  }\n  func.func private @once(%a: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = stablehlo.sine %a : tensor<4xf32> loc(\"sin\")\n    return %0 : tensor<4xf32>\n  }\n  func.func private @twice(%a: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = stablehlo.cosine %a : tensor<4xf32> loc(\"cos\")\n    return %0 : tensor<4xf32>\n  }\n}\n";
    let m = parse_module(src).unwrap();
    let named: Vec<(Option<&str>, bool)> = m.body.iter().map(|&o| (m.ops[o].loc.as_deref(), m.sole_text(o))).collect();
    assert_eq!(
        named,
        [
            (Some("jit(f)/while/body/closed_call/sin"), true),
            (Some("jit(f)/a/cos"), false),
            (Some("jit(f)/b/cos"), false)
        ]
    );
}

#[test]
fn top_k_in_every_printed_form() {
    let args = "%a: tensor<4x16xf32>";
    let ty = "tensor<4x2xf32>";
    for body in [
        // JAX's printer today: the attribute among the operands.
        "    %values, %indices = chlo.top_k(%a, k = 2) : tensor<4x16xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)",
        "    %values, %indices = \"chlo.top_k\"(%a) <{k = 2 : i64}> : (tensor<4x16xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)",
    ] {
        let m = parse_module(&wrap(args, ty, body, "%values")).unwrap();
        assert_eq!(kinds(&m), vec![OpKind::TopK { k: 2 }], "{body}");
    }
}

#[test]
fn a_donated_argument_names_its_aliased_result() {
    let text = wrap(
        "%a: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %b: tensor<4xf32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.add %a, %b : tensor<4xf32>",
        "%0",
    );
    let m = parse_module(&text).unwrap();
    assert_eq!(m.entry().args[0].aliased_result, Some(0));
    assert_eq!(m.entry().args[1].aliased_result, None);
    assert!(crate::verify::verify(&m).is_empty());
    // Donated to a result of another type: a located error, not a plan XLA refuses.
    let bad = wrap(
        "%a: tensor<8xf32> {tf.aliasing_output = 0 : i32}, %b: tensor<4xf32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.add %b, %b : tensor<4xf32>",
        "%0",
    );
    let errors = crate::verify::verify(&parse_module(&bad).unwrap());
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].message.contains("donated to result 0"), "{}", errors[0]);
}
