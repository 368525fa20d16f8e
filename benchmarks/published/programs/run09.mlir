module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["node"=2, "gpu"=8]> {stablehlo.mesh = {axes = [{name = "node", size = 2 : i64}, {name = "gpu", size = 8 : i64}]}}
  func.func public @main(%arg0: tensor<i32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<32000x4096xf32> {tf.aliasing_output = 1 : i32}, %arg2: tensor<4096xf32> {tf.aliasing_output = 2 : i32}, %arg3: tensor<32x4096xf32> {tf.aliasing_output = 3 : i32}, %arg4: tensor<32x4096xf32> {tf.aliasing_output = 4 : i32}, %arg5: tensor<32x11008x4096xf32> {tf.aliasing_output = 5 : i32}, %arg6: tensor<32x4096x11008xf32> {tf.aliasing_output = 6 : i32}, %arg7: tensor<32x4096x11008xf32> {tf.aliasing_output = 7 : i32}, %arg8: tensor<32x4096x4096xf32> {tf.aliasing_output = 8 : i32}, %arg9: tensor<32x4096x4096xf32> {tf.aliasing_output = 9 : i32}, %arg10: tensor<32x4096x4096xf32> {tf.aliasing_output = 10 : i32}, %arg11: tensor<32x4096x4096xf32> {tf.aliasing_output = 11 : i32}, %arg12: tensor<4096x32000xf32> {tf.aliasing_output = 12 : i32}, %arg13: tensor<32000x4096xf32> {tf.aliasing_output = 13 : i32}, %arg14: tensor<4096xf32> {tf.aliasing_output = 14 : i32}, %arg15: tensor<32x4096xf32> {tf.aliasing_output = 15 : i32}, %arg16: tensor<32x4096xf32> {tf.aliasing_output = 16 : i32}, %arg17: tensor<32x11008x4096xf32> {tf.aliasing_output = 17 : i32}, %arg18: tensor<32x4096x11008xf32> {tf.aliasing_output = 18 : i32}, %arg19: tensor<32x4096x11008xf32> {tf.aliasing_output = 19 : i32}, %arg20: tensor<32x4096x4096xf32> {tf.aliasing_output = 20 : i32}, %arg21: tensor<32x4096x4096xf32> {tf.aliasing_output = 21 : i32}, %arg22: tensor<32x4096x4096xf32> {tf.aliasing_output = 22 : i32}, %arg23: tensor<32x4096x4096xf32> {tf.aliasing_output = 23 : i32}, %arg24: tensor<4096x32000xf32> {tf.aliasing_output = 24 : i32}, %arg25: tensor<32000x4096xf32> {tf.aliasing_output = 25 : i32}, %arg26: tensor<4096xf32> {tf.aliasing_output = 26 : i32}, %arg27: tensor<32x4096xf32> {tf.aliasing_output = 27 : i32}, %arg28: tensor<32x4096xf32> {tf.aliasing_output = 28 : i32}, %arg29: tensor<32x11008x4096xf32> {tf.aliasing_output = 29 : i32}, %arg30: tensor<32x4096x11008xf32> {tf.aliasing_output = 30 : i32}, %arg31: tensor<32x4096x11008xf32> {tf.aliasing_output = 31 : i32}, %arg32: tensor<32x4096x4096xf32> {tf.aliasing_output = 32 : i32}, %arg33: tensor<32x4096x4096xf32> {tf.aliasing_output = 33 : i32}, %arg34: tensor<32x4096x4096xf32> {tf.aliasing_output = 34 : i32}, %arg35: tensor<32x4096x4096xf32> {tf.aliasing_output = 35 : i32}, %arg36: tensor<4096x32000xf32> {tf.aliasing_output = 36 : i32}, %arg37: tensor<64x4096xi32>, %arg38: tensor<64x4096xi32>) -> (tensor<i32> {jax.result_info = "result[0]['count']"}, tensor<32000x4096xf32> {jax.result_info = "result[0]['mu']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['mu']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['mu']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['mu']['layers']['mlp_norm']"}, tensor<32x11008x4096xf32> {jax.result_info = "result[0]['mu']['layers']['w_down']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['mu']['layers']['w_gate']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['mu']['layers']['w_up']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wq']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wv']"}, tensor<4096x32000xf32> {jax.result_info = "result[0]['mu']['lm_head']"}, tensor<32000x4096xf32> {jax.result_info = "result[0]['nu']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['nu']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['nu']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['nu']['layers']['mlp_norm']"}, tensor<32x11008x4096xf32> {jax.result_info = "result[0]['nu']['layers']['w_down']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['nu']['layers']['w_gate']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['nu']['layers']['w_up']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wq']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wv']"}, tensor<4096x32000xf32> {jax.result_info = "result[0]['nu']['lm_head']"}, tensor<32000x4096xf32> {jax.result_info = "result[0]['params']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['params']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['params']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['params']['layers']['mlp_norm']"}, tensor<32x11008x4096xf32> {jax.result_info = "result[0]['params']['layers']['w_down']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['params']['layers']['w_gate']"}, tensor<32x4096x11008xf32> {jax.result_info = "result[0]['params']['layers']['w_up']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wq']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wv']"}, tensor<4096x32000xf32> {jax.result_info = "result[0]['params']['lm_head']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg25 : (tensor<32000x4096xf32>) -> tensor<32000x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<64x4096xi32>
    %2 = stablehlo.compare LT, %arg37, %1, SIGNED : (tensor<64x4096xi32>, tensor<64x4096xi32>) -> tensor<64x4096xi1>
    %c_0 = stablehlo.constant dense<32000> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<64x4096xi32>
    %4 = stablehlo.add %arg37, %3 : tensor<64x4096xi32>
    %5 = stablehlo.select %2, %4, %arg37 : tensor<64x4096xi1>, tensor<64x4096xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<64x4096xi32>) -> tensor<64x4096x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4096>}> : (tensor<32000x4096xbf16>, tensor<64x4096x1xi32>) -> tensor<64x4096x4096xbf16>
    %8 = stablehlo.iota dim = 0 : tensor<4096xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<4096xi32>) -> tensor<64x4096xi32>
    %10 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %14 = stablehlo.add %13, %12 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %16 = stablehlo.divide %14, %15 : tensor<64xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %18 = stablehlo.power %17, %16 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %20 = stablehlo.divide %19, %18 : tensor<64xf32>
    %21 = stablehlo.convert %9 : (tensor<64x4096xi32>) -> tensor<64x4096xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1x1xf32>
    %23 = stablehlo.broadcast_in_dim %20, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<64x4096x1x1xf32>) -> tensor<64x4096x1x64xf32>
    %25 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<64x4096x1x64xf32>
    %26 = stablehlo.multiply %24, %25 : tensor<64x4096x1x64xf32>
    %27 = stablehlo.cosine %26 : tensor<64x4096x1x64xf32>
    %28 = stablehlo.sine %26 : tensor<64x4096x1x64xf32>
    %29 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %31 = stablehlo.multiply %30, %29 : tensor<64xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %33 = stablehlo.add %32, %31 : tensor<64xf32>
    %cst_7 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %35 = stablehlo.divide %33, %34 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %37 = stablehlo.power %36, %35 : tensor<64xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %39 = stablehlo.divide %38, %37 : tensor<64xf32>
    %40 = stablehlo.convert %9 : (tensor<64x4096xi32>) -> tensor<64x4096xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1x1xf32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %43 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<64x4096x1x1xf32>) -> tensor<64x4096x1x64xf32>
    %44 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<64x4096x1x64xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<64x4096x1x64xf32>
    %46 = stablehlo.cosine %45 : tensor<64x4096x1x64xf32>
    %47 = stablehlo.sine %45 : tensor<64x4096x1x64xf32>
    %48 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, [{"node", "gpu"}]>] manual_axes={"node", "gpu"} () {
      %cst_177 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %480 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<bf16>) -> tensor<0xbf16>
      sdy.return %480 : tensor<0xbf16>
    } : () -> tensor<0xbf16>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %49 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x4096xbf16>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %50 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x4096xbf16>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %51 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x4096xbf16>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %52 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x32x1x128xbf16>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %53 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x4096xbf16>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %54 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x11008xbf16>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %55 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x11008xbf16>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %56 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<bf16>) -> tensor<32x64x4096x4096xbf16>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %57:24 = stablehlo.while(%iterArg = %arg27, %iterArg_177 = %arg28, %iterArg_178 = %arg29, %iterArg_179 = %arg30, %iterArg_180 = %arg31, %iterArg_181 = %arg32, %iterArg_182 = %arg33, %iterArg_183 = %arg34, %iterArg_184 = %arg35, %iterArg_185 = %48, %iterArg_186 = %27, %iterArg_187 = %28, %iterArg_188 = %46, %iterArg_189 = %47, %iterArg_190 = %c_18, %iterArg_191 = %7, %iterArg_192 = %49, %iterArg_193 = %50, %iterArg_194 = %51, %iterArg_195 = %52, %iterArg_196 = %53, %iterArg_197 = %54, %iterArg_198 = %55, %iterArg_199 = %56) : tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<0xbf16>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<i32>, tensor<64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x32x1x128xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x4096xbf16>
    cond {
      %c_200 = stablehlo.constant dense<32> : tensor<i32>
      %480 = stablehlo.compare LT, %iterArg_190, %c_200, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %480 : tensor<i1>
    } do {
      %480 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_190) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %481 = func.call @dynamic_index_in_dim(%iterArg_177, %iterArg_190) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %482 = func.call @dynamic_index_in_dim_0(%iterArg_178, %iterArg_190) : (tensor<32x11008x4096xf32>, tensor<i32>) -> tensor<11008x4096xf32>
      %483 = func.call @dynamic_index_in_dim_1(%iterArg_179, %iterArg_190) : (tensor<32x4096x11008xf32>, tensor<i32>) -> tensor<4096x11008xf32>
      %484 = func.call @dynamic_index_in_dim_1(%iterArg_180, %iterArg_190) : (tensor<32x4096x11008xf32>, tensor<i32>) -> tensor<4096x11008xf32>
      %485 = func.call @dynamic_index_in_dim_2(%iterArg_181, %iterArg_190) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %486 = func.call @dynamic_index_in_dim_2(%iterArg_182, %iterArg_190) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %487 = func.call @dynamic_index_in_dim_2(%iterArg_183, %iterArg_190) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %488 = func.call @dynamic_index_in_dim_2(%iterArg_184, %iterArg_190) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %489:9 = func.call @closed_call(%iterArg_185, %iterArg_186, %iterArg_187, %iterArg_188, %iterArg_189, %iterArg_191, %480, %481, %482, %483, %484, %485, %486, %487, %488) : (tensor<0xbf16>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>)
      %490 = func.call @dynamic_update_index_in_dim(%iterArg_192, %489#1, %iterArg_190) : (tensor<32x64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
      %491 = func.call @dynamic_update_index_in_dim(%iterArg_193, %489#2, %iterArg_190) : (tensor<32x64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
      %492 = func.call @dynamic_update_index_in_dim(%iterArg_194, %489#3, %iterArg_190) : (tensor<32x64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
      %493 = func.call @dynamic_update_index_in_dim_3(%iterArg_195, %489#4, %iterArg_190) : (tensor<32x64x4096x32x1x128xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<i32>) -> tensor<32x64x4096x32x1x128xbf16>
      %494 = func.call @dynamic_update_index_in_dim_4(%iterArg_196, %489#5, %iterArg_190) : (tensor<32x64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
      %495 = func.call @dynamic_update_index_in_dim_5(%iterArg_197, %489#6, %iterArg_190) : (tensor<32x64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<i32>) -> tensor<32x64x4096x11008xbf16>
      %496 = func.call @dynamic_update_index_in_dim_5(%iterArg_198, %489#7, %iterArg_190) : (tensor<32x64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<i32>) -> tensor<32x64x4096x11008xbf16>
      %497 = func.call @dynamic_update_index_in_dim(%iterArg_199, %489#8, %iterArg_190) : (tensor<32x64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
      %c_200 = stablehlo.constant dense<1> : tensor<i32>
      %498 = stablehlo.add %iterArg_190, %c_200 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %iterArg_186, %iterArg_187, %iterArg_188, %iterArg_189, %498, %489#0, %490, %491, %492, %493, %494, %495, %496, %497 : tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<0xbf16>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<64x4096x1x64xf32>, tensor<i32>, tensor<64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x32x1x128xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x4096xbf16>
    }
    %58 = stablehlo.convert %57#15 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %59 = chlo.square %58 : tensor<64x4096x4096xf32> -> tensor<64x4096x4096xf32>
    %cst_19 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<64x4096x4096xf32>
    %61 = stablehlo.multiply %60, %58 : tensor<64x4096x4096xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%59 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %cst_21 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %65 = stablehlo.divide %63, %64 : tensor<64x4096x1xf32>
    %cst_22 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %67 = stablehlo.add %65, %66 : tensor<64x4096x1xf32>
    %68 = stablehlo.rsqrt %67 : tensor<64x4096x1xf32>
    %69 = stablehlo.divide %68, %67 : tensor<64x4096x1xf32>
    %cst_23 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %71 = stablehlo.multiply %70, %69 : tensor<64x4096x1xf32>
    %72 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %73 = stablehlo.multiply %58, %72 : tensor<64x4096x4096xf32>
    %74 = stablehlo.broadcast_in_dim %arg26, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %76 = stablehlo.multiply %73, %75 : tensor<64x4096x4096xf32>
    %77 = stablehlo.convert %76 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %78 = stablehlo.convert %arg36 : (tensor<4096x32000xf32>) -> tensor<4096x32000xbf16>
    %79 = stablehlo.dot_general %77, %78, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x32000xbf16>) -> tensor<64x4096x32000xbf16>
    %80 = stablehlo.convert %79 : (tensor<64x4096x32000xbf16>) -> tensor<64x4096x32000xf32>
    %81:3 = call @log_softmax(%80) : (tensor<64x4096x32000xf32>) -> (tensor<64x4096x32000xf32>, tensor<64x4096x32000xf32>, tensor<64x4096x1xf32>)
    %82 = stablehlo.broadcast_in_dim %arg38, dims = [0, 1] : (tensor<64x4096xi32>) -> tensor<64x4096x1xi32>
    %83:2 = call @take_along_axis(%81#0, %82) : (tensor<64x4096x32000xf32>, tensor<64x4096x1xi32>) -> (tensor<64x4096x1xf32>, tensor<64x4096x1x1xi32>)
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%83#0 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<64x4096x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_25 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %85 = stablehlo.divide %84, %cst_25 : tensor<f32>
    %86 = stablehlo.negate %85 : tensor<f32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.negate %cst_26 : tensor<f32>
    %cst_27 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %88 = stablehlo.divide %87, %cst_27 : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %90 = call @take_along_axis_6(%83#1, %89) : (tensor<64x4096x1x1xi32>, tensor<64x4096x1xf32>) -> tensor<64x4096x32000xf32>
    %91 = call @log_softmax_7(%81#1, %81#2, %90) : (tensor<64x4096x32000xf32>, tensor<64x4096x1xf32>, tensor<64x4096x32000xf32>) -> tensor<64x4096x32000xf32>
    %92 = stablehlo.convert %91 : (tensor<64x4096x32000xf32>) -> tensor<64x4096x32000xbf16>
    %93 = stablehlo.dot_general %92, %77, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x32000xbf16>, tensor<64x4096x4096xbf16>) -> tensor<32000x4096xbf16>
    %94 = stablehlo.transpose %93, dims = [1, 0] : (tensor<32000x4096xbf16>) -> tensor<4096x32000xbf16>
    %95 = stablehlo.dot_general %92, %78, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x32000xbf16>, tensor<4096x32000xbf16>) -> tensor<64x4096x4096xbf16>
    %96 = stablehlo.convert %94 : (tensor<4096x32000xbf16>) -> tensor<4096x32000xf32>
    %97 = stablehlo.convert %95 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %98 = stablehlo.multiply %73, %97 : tensor<64x4096x4096xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.reduce(%98 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %100 = stablehlo.reshape %99 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %101 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %102 = stablehlo.multiply %97, %101 : tensor<64x4096x4096xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%100 init: %cst_29) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %104 = stablehlo.multiply %58, %102 : tensor<64x4096x4096xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %105 = stablehlo.reduce(%104 init: %cst_30) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %106 = stablehlo.reshape %105 : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %107 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %108 = stablehlo.multiply %102, %107 : tensor<64x4096x4096xf32>
    %109 = stablehlo.multiply %106, %71 : tensor<64x4096x1xf32>
    %cst_31 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %111 = stablehlo.divide %109, %110 : tensor<64x4096x1xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_32) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x1xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x4096xf32>
    %114 = stablehlo.multiply %113, %61 : tensor<64x4096x4096xf32>
    %115 = stablehlo.add %108, %114 : tensor<64x4096x4096xf32>
    %116 = stablehlo.convert %115 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %c_42 = stablehlo.constant dense<0> : tensor<i32>
    %126:28 = stablehlo.while(%iterArg = %57#16, %iterArg_177 = %57#17, %iterArg_178 = %57#18, %iterArg_179 = %57#19, %iterArg_180 = %57#20, %iterArg_181 = %57#21, %iterArg_182 = %57#22, %iterArg_183 = %57#23, %iterArg_184 = %arg27, %iterArg_185 = %arg28, %iterArg_186 = %arg29, %iterArg_187 = %arg30, %iterArg_188 = %arg31, %iterArg_189 = %arg32, %iterArg_190 = %arg33, %iterArg_191 = %arg34, %iterArg_192 = %arg35, %iterArg_193 = %c_42, %iterArg_194 = %116, %iterArg_195 = %117, %iterArg_196 = %118, %iterArg_197 = %119, %iterArg_198 = %120, %iterArg_199 = %121, %iterArg_200 = %122, %iterArg_201 = %123, %iterArg_202 = %124, %iterArg_203 = %125) : tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x32x1x128xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<i32>, tensor<64x4096x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>
    cond {
      %c_204 = stablehlo.constant dense<32> : tensor<i32>
      %480 = stablehlo.compare LT, %iterArg_193, %c_204, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %480 : tensor<i1>
    } do {
      %c_204 = stablehlo.constant dense<32> : tensor<i32>
      %480 = stablehlo.subtract %c_204, %iterArg_193 : tensor<i32>
      %c_205 = stablehlo.constant dense<1> : tensor<i32>
      %481 = stablehlo.subtract %480, %c_205 : tensor<i32>
      %482 = func.call @dynamic_index_in_dim_8(%iterArg, %481) : (tensor<32x64x4096x4096xbf16>, tensor<i32>) -> tensor<64x4096x4096xbf16>
      %483 = func.call @dynamic_index_in_dim_8(%iterArg_177, %481) : (tensor<32x64x4096x4096xbf16>, tensor<i32>) -> tensor<64x4096x4096xbf16>
      %484 = func.call @dynamic_index_in_dim_8(%iterArg_178, %481) : (tensor<32x64x4096x4096xbf16>, tensor<i32>) -> tensor<64x4096x4096xbf16>
      %485 = func.call @dynamic_index_in_dim_9(%iterArg_179, %481) : (tensor<32x64x4096x32x1x128xbf16>, tensor<i32>) -> tensor<64x4096x32x1x128xbf16>
      %486 = func.call @dynamic_index_in_dim_10(%iterArg_180, %481) : (tensor<32x64x4096x4096xbf16>, tensor<i32>) -> tensor<64x4096x4096xbf16>
      %487 = func.call @dynamic_index_in_dim_11(%iterArg_181, %481) : (tensor<32x64x4096x11008xbf16>, tensor<i32>) -> tensor<64x4096x11008xbf16>
      %488 = func.call @dynamic_index_in_dim_11(%iterArg_182, %481) : (tensor<32x64x4096x11008xbf16>, tensor<i32>) -> tensor<64x4096x11008xbf16>
      %489 = func.call @dynamic_index_in_dim_8(%iterArg_183, %481) : (tensor<32x64x4096x4096xbf16>, tensor<i32>) -> tensor<64x4096x4096xbf16>
      %490 = func.call @dynamic_index_in_dim(%iterArg_184, %481) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %491 = func.call @dynamic_index_in_dim(%iterArg_185, %481) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %492 = func.call @dynamic_index_in_dim_0(%iterArg_186, %481) : (tensor<32x11008x4096xf32>, tensor<i32>) -> tensor<11008x4096xf32>
      %493 = func.call @dynamic_index_in_dim_1(%iterArg_187, %481) : (tensor<32x4096x11008xf32>, tensor<i32>) -> tensor<4096x11008xf32>
      %494 = func.call @dynamic_index_in_dim_1(%iterArg_188, %481) : (tensor<32x4096x11008xf32>, tensor<i32>) -> tensor<4096x11008xf32>
      %495 = func.call @dynamic_index_in_dim_2(%iterArg_189, %481) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %496 = func.call @dynamic_index_in_dim_2(%iterArg_190, %481) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %497 = func.call @dynamic_index_in_dim_2(%iterArg_191, %481) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %498 = func.call @dynamic_index_in_dim_2(%iterArg_192, %481) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %499:10 = func.call @closed_call_12(%iterArg_194, %482, %483, %484, %485, %486, %487, %488, %489, %490, %491, %492, %493, %494, %495, %496, %497, %498) : (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> (tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>)
      %500 = func.call @dynamic_update_index_in_dim_15(%iterArg_195, %499#1, %481) : (tensor<32x4096xf32>, tensor<4096xf32>, tensor<i32>) -> tensor<32x4096xf32>
      %501 = func.call @dynamic_update_index_in_dim_15(%iterArg_196, %499#2, %481) : (tensor<32x4096xf32>, tensor<4096xf32>, tensor<i32>) -> tensor<32x4096xf32>
      %502 = func.call @dynamic_update_index_in_dim_16(%iterArg_197, %499#3, %481) : (tensor<32x11008x4096xf32>, tensor<11008x4096xf32>, tensor<i32>) -> tensor<32x11008x4096xf32>
      %503 = func.call @dynamic_update_index_in_dim_17(%iterArg_198, %499#4, %481) : (tensor<32x4096x11008xf32>, tensor<4096x11008xf32>, tensor<i32>) -> tensor<32x4096x11008xf32>
      %504 = func.call @dynamic_update_index_in_dim_17(%iterArg_199, %499#5, %481) : (tensor<32x4096x11008xf32>, tensor<4096x11008xf32>, tensor<i32>) -> tensor<32x4096x11008xf32>
      %505 = func.call @dynamic_update_index_in_dim_18(%iterArg_200, %499#6, %481) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %506 = func.call @dynamic_update_index_in_dim_18(%iterArg_201, %499#7, %481) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %507 = func.call @dynamic_update_index_in_dim_18(%iterArg_202, %499#8, %481) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %508 = func.call @dynamic_update_index_in_dim_18(%iterArg_203, %499#9, %481) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %c_206 = stablehlo.constant dense<1> : tensor<i32>
      %509 = stablehlo.add %iterArg_193, %c_206 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %iterArg_186, %iterArg_187, %iterArg_188, %iterArg_189, %iterArg_190, %iterArg_191, %iterArg_192, %509, %499#0, %500, %501, %502, %503, %504, %505, %506, %507, %508 : tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x32x1x128xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x11008xbf16>, tensor<32x64x4096x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<i32>, tensor<64x4096x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>
    }
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %127 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<bf16>) -> tensor<32000x4096xbf16>
    %128 = "stablehlo.scatter"(%127, %6, %126#18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg39: tensor<bf16>, %arg40: tensor<bf16>):
      %480 = stablehlo.add %arg39, %arg40 : tensor<bf16>
      stablehlo.return %480 : tensor<bf16>
    }) : (tensor<32000x4096xbf16>, tensor<64x4096x1xi32>, tensor<64x4096x4096xbf16>) -> tensor<32000x4096xbf16>
    %129 = stablehlo.convert %128 : (tensor<32000x4096xbf16>) -> tensor<32000x4096xf32>
    %c_44 = stablehlo.constant dense<1> : tensor<i32>
    %130 = stablehlo.add %arg0, %c_44 : tensor<i32>
    %131 = stablehlo.convert %130 : (tensor<i32>) -> tensor<f32>
    %cst_45 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %133 = stablehlo.multiply %132, %arg1 : tensor<32000x4096xf32>
    %cst_46 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %135 = stablehlo.multiply %134, %129 : tensor<32000x4096xf32>
    %136 = stablehlo.add %133, %135 : tensor<32000x4096xf32>
    %cst_47 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %138 = stablehlo.multiply %137, %arg2 : tensor<4096xf32>
    %cst_48 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %140 = stablehlo.multiply %139, %103 : tensor<4096xf32>
    %141 = stablehlo.add %138, %140 : tensor<4096xf32>
    %cst_49 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %143 = stablehlo.multiply %142, %arg3 : tensor<32x4096xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %145 = stablehlo.multiply %144, %126#19 : tensor<32x4096xf32>
    %146 = stablehlo.add %143, %145 : tensor<32x4096xf32>
    %cst_51 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %148 = stablehlo.multiply %147, %arg4 : tensor<32x4096xf32>
    %cst_52 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %150 = stablehlo.multiply %149, %126#20 : tensor<32x4096xf32>
    %151 = stablehlo.add %148, %150 : tensor<32x4096xf32>
    %cst_53 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %153 = stablehlo.multiply %152, %arg5 : tensor<32x11008x4096xf32>
    %cst_54 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %155 = stablehlo.multiply %154, %126#21 : tensor<32x11008x4096xf32>
    %156 = stablehlo.add %153, %155 : tensor<32x11008x4096xf32>
    %cst_55 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %157 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %158 = stablehlo.multiply %157, %arg6 : tensor<32x4096x11008xf32>
    %cst_56 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %160 = stablehlo.multiply %159, %126#22 : tensor<32x4096x11008xf32>
    %161 = stablehlo.add %158, %160 : tensor<32x4096x11008xf32>
    %cst_57 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %163 = stablehlo.multiply %162, %arg7 : tensor<32x4096x11008xf32>
    %cst_58 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %165 = stablehlo.multiply %164, %126#23 : tensor<32x4096x11008xf32>
    %166 = stablehlo.add %163, %165 : tensor<32x4096x11008xf32>
    %cst_59 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %168 = stablehlo.multiply %167, %arg8 : tensor<32x4096x4096xf32>
    %cst_60 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %170 = stablehlo.multiply %169, %126#24 : tensor<32x4096x4096xf32>
    %171 = stablehlo.add %168, %170 : tensor<32x4096x4096xf32>
    %cst_61 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %173 = stablehlo.multiply %172, %arg9 : tensor<32x4096x4096xf32>
    %cst_62 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %175 = stablehlo.multiply %174, %126#25 : tensor<32x4096x4096xf32>
    %176 = stablehlo.add %173, %175 : tensor<32x4096x4096xf32>
    %cst_63 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %178 = stablehlo.multiply %177, %arg10 : tensor<32x4096x4096xf32>
    %cst_64 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %180 = stablehlo.multiply %179, %126#26 : tensor<32x4096x4096xf32>
    %181 = stablehlo.add %178, %180 : tensor<32x4096x4096xf32>
    %cst_65 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %183 = stablehlo.multiply %182, %arg11 : tensor<32x4096x4096xf32>
    %cst_66 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %184 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %185 = stablehlo.multiply %184, %126#27 : tensor<32x4096x4096xf32>
    %186 = stablehlo.add %183, %185 : tensor<32x4096x4096xf32>
    %cst_67 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %188 = stablehlo.multiply %187, %arg12 : tensor<4096x32000xf32>
    %cst_68 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %190 = stablehlo.multiply %189, %96 : tensor<4096x32000xf32>
    %191 = stablehlo.add %188, %190 : tensor<4096x32000xf32>
    %cst_69 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %192 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %193 = stablehlo.multiply %192, %arg13 : tensor<32000x4096xf32>
    %194 = chlo.square %129 : tensor<32000x4096xf32> -> tensor<32000x4096xf32>
    %cst_70 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %196 = stablehlo.multiply %195, %194 : tensor<32000x4096xf32>
    %197 = stablehlo.add %193, %196 : tensor<32000x4096xf32>
    %cst_71 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %199 = stablehlo.multiply %198, %arg14 : tensor<4096xf32>
    %200 = chlo.square %103 : tensor<4096xf32> -> tensor<4096xf32>
    %cst_72 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %202 = stablehlo.multiply %201, %200 : tensor<4096xf32>
    %203 = stablehlo.add %199, %202 : tensor<4096xf32>
    %cst_73 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %205 = stablehlo.multiply %204, %arg15 : tensor<32x4096xf32>
    %206 = chlo.square %126#19 : tensor<32x4096xf32> -> tensor<32x4096xf32>
    %cst_74 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %208 = stablehlo.multiply %207, %206 : tensor<32x4096xf32>
    %209 = stablehlo.add %205, %208 : tensor<32x4096xf32>
    %cst_75 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %211 = stablehlo.multiply %210, %arg16 : tensor<32x4096xf32>
    %212 = chlo.square %126#20 : tensor<32x4096xf32> -> tensor<32x4096xf32>
    %cst_76 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %214 = stablehlo.multiply %213, %212 : tensor<32x4096xf32>
    %215 = stablehlo.add %211, %214 : tensor<32x4096xf32>
    %cst_77 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %216 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %217 = stablehlo.multiply %216, %arg17 : tensor<32x11008x4096xf32>
    %218 = chlo.square %126#21 : tensor<32x11008x4096xf32> -> tensor<32x11008x4096xf32>
    %cst_78 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %220 = stablehlo.multiply %219, %218 : tensor<32x11008x4096xf32>
    %221 = stablehlo.add %217, %220 : tensor<32x11008x4096xf32>
    %cst_79 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %222 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %223 = stablehlo.multiply %222, %arg18 : tensor<32x4096x11008xf32>
    %224 = chlo.square %126#22 : tensor<32x4096x11008xf32> -> tensor<32x4096x11008xf32>
    %cst_80 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %226 = stablehlo.multiply %225, %224 : tensor<32x4096x11008xf32>
    %227 = stablehlo.add %223, %226 : tensor<32x4096x11008xf32>
    %cst_81 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %229 = stablehlo.multiply %228, %arg19 : tensor<32x4096x11008xf32>
    %230 = chlo.square %126#23 : tensor<32x4096x11008xf32> -> tensor<32x4096x11008xf32>
    %cst_82 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<32x4096x11008xf32>
    %233 = stablehlo.add %229, %232 : tensor<32x4096x11008xf32>
    %cst_83 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %235 = stablehlo.multiply %234, %arg20 : tensor<32x4096x4096xf32>
    %236 = chlo.square %126#24 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_84 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %238 = stablehlo.multiply %237, %236 : tensor<32x4096x4096xf32>
    %239 = stablehlo.add %235, %238 : tensor<32x4096x4096xf32>
    %cst_85 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %240 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %241 = stablehlo.multiply %240, %arg21 : tensor<32x4096x4096xf32>
    %242 = chlo.square %126#25 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_86 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %244 = stablehlo.multiply %243, %242 : tensor<32x4096x4096xf32>
    %245 = stablehlo.add %241, %244 : tensor<32x4096x4096xf32>
    %cst_87 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %247 = stablehlo.multiply %246, %arg22 : tensor<32x4096x4096xf32>
    %248 = chlo.square %126#26 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_88 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %249 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %250 = stablehlo.multiply %249, %248 : tensor<32x4096x4096xf32>
    %251 = stablehlo.add %247, %250 : tensor<32x4096x4096xf32>
    %cst_89 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %252 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %253 = stablehlo.multiply %252, %arg23 : tensor<32x4096x4096xf32>
    %254 = chlo.square %126#27 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_90 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %256 = stablehlo.multiply %255, %254 : tensor<32x4096x4096xf32>
    %257 = stablehlo.add %253, %256 : tensor<32x4096x4096xf32>
    %cst_91 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %259 = stablehlo.multiply %258, %arg24 : tensor<4096x32000xf32>
    %260 = chlo.square %96 : tensor<4096x32000xf32> -> tensor<4096x32000xf32>
    %cst_92 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %262 = stablehlo.multiply %261, %260 : tensor<4096x32000xf32>
    %263 = stablehlo.add %259, %262 : tensor<4096x32000xf32>
    %cst_93 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %264 = stablehlo.power %cst_93, %131 : tensor<f32>
    %cst_94 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %265 = stablehlo.subtract %cst_94, %264 : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %265, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %267 = stablehlo.divide %136, %266 : tensor<32000x4096xf32>
    %cst_95 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %268 = stablehlo.power %cst_95, %131 : tensor<f32>
    %cst_96 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %269 = stablehlo.subtract %cst_96, %268 : tensor<f32>
    %270 = stablehlo.broadcast_in_dim %269, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %271 = stablehlo.divide %197, %270 : tensor<32000x4096xf32>
    %272 = stablehlo.sqrt %271 : tensor<32000x4096xf32>
    %cst_97 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %273 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %274 = stablehlo.add %272, %273 : tensor<32000x4096xf32>
    %275 = stablehlo.divide %267, %274 : tensor<32000x4096xf32>
    %cst_98 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %277 = stablehlo.multiply %276, %arg25 : tensor<32000x4096xf32>
    %278 = stablehlo.add %275, %277 : tensor<32000x4096xf32>
    %cst_99 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<32000x4096xf32>
    %280 = stablehlo.multiply %279, %278 : tensor<32000x4096xf32>
    %281 = stablehlo.subtract %arg25, %280 : tensor<32000x4096xf32>
    %cst_100 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %282 = stablehlo.power %cst_100, %131 : tensor<f32>
    %cst_101 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %283 = stablehlo.subtract %cst_101, %282 : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %283, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %285 = stablehlo.divide %141, %284 : tensor<4096xf32>
    %cst_102 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %286 = stablehlo.power %cst_102, %131 : tensor<f32>
    %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %287 = stablehlo.subtract %cst_103, %286 : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %287, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %289 = stablehlo.divide %203, %288 : tensor<4096xf32>
    %290 = stablehlo.sqrt %289 : tensor<4096xf32>
    %cst_104 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %292 = stablehlo.add %290, %291 : tensor<4096xf32>
    %293 = stablehlo.divide %285, %292 : tensor<4096xf32>
    %cst_105 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %295 = stablehlo.multiply %294, %arg26 : tensor<4096xf32>
    %296 = stablehlo.add %293, %295 : tensor<4096xf32>
    %cst_106 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %298 = stablehlo.multiply %297, %296 : tensor<4096xf32>
    %299 = stablehlo.subtract %arg26, %298 : tensor<4096xf32>
    %cst_107 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %300 = stablehlo.power %cst_107, %131 : tensor<f32>
    %cst_108 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %301 = stablehlo.subtract %cst_108, %300 : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %301, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %303 = stablehlo.divide %146, %302 : tensor<32x4096xf32>
    %cst_109 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %304 = stablehlo.power %cst_109, %131 : tensor<f32>
    %cst_110 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %305 = stablehlo.subtract %cst_110, %304 : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %305, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %307 = stablehlo.divide %209, %306 : tensor<32x4096xf32>
    %308 = stablehlo.sqrt %307 : tensor<32x4096xf32>
    %cst_111 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %310 = stablehlo.add %308, %309 : tensor<32x4096xf32>
    %311 = stablehlo.divide %303, %310 : tensor<32x4096xf32>
    %cst_112 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %312 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %313 = stablehlo.multiply %312, %arg27 : tensor<32x4096xf32>
    %314 = stablehlo.add %311, %313 : tensor<32x4096xf32>
    %cst_113 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %316 = stablehlo.multiply %315, %314 : tensor<32x4096xf32>
    %317 = stablehlo.subtract %arg27, %316 : tensor<32x4096xf32>
    %cst_114 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %318 = stablehlo.power %cst_114, %131 : tensor<f32>
    %cst_115 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %319 = stablehlo.subtract %cst_115, %318 : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %319, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %321 = stablehlo.divide %151, %320 : tensor<32x4096xf32>
    %cst_116 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %322 = stablehlo.power %cst_116, %131 : tensor<f32>
    %cst_117 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %323 = stablehlo.subtract %cst_117, %322 : tensor<f32>
    %324 = stablehlo.broadcast_in_dim %323, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %325 = stablehlo.divide %215, %324 : tensor<32x4096xf32>
    %326 = stablehlo.sqrt %325 : tensor<32x4096xf32>
    %cst_118 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %327 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %328 = stablehlo.add %326, %327 : tensor<32x4096xf32>
    %329 = stablehlo.divide %321, %328 : tensor<32x4096xf32>
    %cst_119 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %330 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %331 = stablehlo.multiply %330, %arg28 : tensor<32x4096xf32>
    %332 = stablehlo.add %329, %331 : tensor<32x4096xf32>
    %cst_120 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %334 = stablehlo.multiply %333, %332 : tensor<32x4096xf32>
    %335 = stablehlo.subtract %arg28, %334 : tensor<32x4096xf32>
    %cst_121 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %336 = stablehlo.power %cst_121, %131 : tensor<f32>
    %cst_122 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %337 = stablehlo.subtract %cst_122, %336 : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %337, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %339 = stablehlo.divide %156, %338 : tensor<32x11008x4096xf32>
    %cst_123 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %340 = stablehlo.power %cst_123, %131 : tensor<f32>
    %cst_124 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %341 = stablehlo.subtract %cst_124, %340 : tensor<f32>
    %342 = stablehlo.broadcast_in_dim %341, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %343 = stablehlo.divide %221, %342 : tensor<32x11008x4096xf32>
    %344 = stablehlo.sqrt %343 : tensor<32x11008x4096xf32>
    %cst_125 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %345 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %346 = stablehlo.add %344, %345 : tensor<32x11008x4096xf32>
    %347 = stablehlo.divide %339, %346 : tensor<32x11008x4096xf32>
    %cst_126 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %348 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %349 = stablehlo.multiply %348, %arg29 : tensor<32x11008x4096xf32>
    %350 = stablehlo.add %347, %349 : tensor<32x11008x4096xf32>
    %cst_127 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<32x11008x4096xf32>
    %352 = stablehlo.multiply %351, %350 : tensor<32x11008x4096xf32>
    %353 = stablehlo.subtract %arg29, %352 : tensor<32x11008x4096xf32>
    %cst_128 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %354 = stablehlo.power %cst_128, %131 : tensor<f32>
    %cst_129 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %355 = stablehlo.subtract %cst_129, %354 : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %355, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %357 = stablehlo.divide %161, %356 : tensor<32x4096x11008xf32>
    %cst_130 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %358 = stablehlo.power %cst_130, %131 : tensor<f32>
    %cst_131 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %359 = stablehlo.subtract %cst_131, %358 : tensor<f32>
    %360 = stablehlo.broadcast_in_dim %359, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %361 = stablehlo.divide %227, %360 : tensor<32x4096x11008xf32>
    %362 = stablehlo.sqrt %361 : tensor<32x4096x11008xf32>
    %cst_132 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %364 = stablehlo.add %362, %363 : tensor<32x4096x11008xf32>
    %365 = stablehlo.divide %357, %364 : tensor<32x4096x11008xf32>
    %cst_133 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %366 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %367 = stablehlo.multiply %366, %arg30 : tensor<32x4096x11008xf32>
    %368 = stablehlo.add %365, %367 : tensor<32x4096x11008xf32>
    %cst_134 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %369 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %370 = stablehlo.multiply %369, %368 : tensor<32x4096x11008xf32>
    %371 = stablehlo.subtract %arg30, %370 : tensor<32x4096x11008xf32>
    %cst_135 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %372 = stablehlo.power %cst_135, %131 : tensor<f32>
    %cst_136 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %373 = stablehlo.subtract %cst_136, %372 : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %373, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %375 = stablehlo.divide %166, %374 : tensor<32x4096x11008xf32>
    %cst_137 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %376 = stablehlo.power %cst_137, %131 : tensor<f32>
    %cst_138 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %377 = stablehlo.subtract %cst_138, %376 : tensor<f32>
    %378 = stablehlo.broadcast_in_dim %377, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %379 = stablehlo.divide %233, %378 : tensor<32x4096x11008xf32>
    %380 = stablehlo.sqrt %379 : tensor<32x4096x11008xf32>
    %cst_139 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %381 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %382 = stablehlo.add %380, %381 : tensor<32x4096x11008xf32>
    %383 = stablehlo.divide %375, %382 : tensor<32x4096x11008xf32>
    %cst_140 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %384 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %385 = stablehlo.multiply %384, %arg31 : tensor<32x4096x11008xf32>
    %386 = stablehlo.add %383, %385 : tensor<32x4096x11008xf32>
    %cst_141 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %387 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<32x4096x11008xf32>
    %388 = stablehlo.multiply %387, %386 : tensor<32x4096x11008xf32>
    %389 = stablehlo.subtract %arg31, %388 : tensor<32x4096x11008xf32>
    %cst_142 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %390 = stablehlo.power %cst_142, %131 : tensor<f32>
    %cst_143 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %391 = stablehlo.subtract %cst_143, %390 : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %391, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %393 = stablehlo.divide %171, %392 : tensor<32x4096x4096xf32>
    %cst_144 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %394 = stablehlo.power %cst_144, %131 : tensor<f32>
    %cst_145 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %395 = stablehlo.subtract %cst_145, %394 : tensor<f32>
    %396 = stablehlo.broadcast_in_dim %395, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %397 = stablehlo.divide %239, %396 : tensor<32x4096x4096xf32>
    %398 = stablehlo.sqrt %397 : tensor<32x4096x4096xf32>
    %cst_146 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %399 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %400 = stablehlo.add %398, %399 : tensor<32x4096x4096xf32>
    %401 = stablehlo.divide %393, %400 : tensor<32x4096x4096xf32>
    %cst_147 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %402 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %403 = stablehlo.multiply %402, %arg32 : tensor<32x4096x4096xf32>
    %404 = stablehlo.add %401, %403 : tensor<32x4096x4096xf32>
    %cst_148 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %405 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %406 = stablehlo.multiply %405, %404 : tensor<32x4096x4096xf32>
    %407 = stablehlo.subtract %arg32, %406 : tensor<32x4096x4096xf32>
    %cst_149 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %408 = stablehlo.power %cst_149, %131 : tensor<f32>
    %cst_150 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %409 = stablehlo.subtract %cst_150, %408 : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %409, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %411 = stablehlo.divide %176, %410 : tensor<32x4096x4096xf32>
    %cst_151 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %412 = stablehlo.power %cst_151, %131 : tensor<f32>
    %cst_152 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %413 = stablehlo.subtract %cst_152, %412 : tensor<f32>
    %414 = stablehlo.broadcast_in_dim %413, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %415 = stablehlo.divide %245, %414 : tensor<32x4096x4096xf32>
    %416 = stablehlo.sqrt %415 : tensor<32x4096x4096xf32>
    %cst_153 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %417 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %418 = stablehlo.add %416, %417 : tensor<32x4096x4096xf32>
    %419 = stablehlo.divide %411, %418 : tensor<32x4096x4096xf32>
    %cst_154 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %420 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %421 = stablehlo.multiply %420, %arg33 : tensor<32x4096x4096xf32>
    %422 = stablehlo.add %419, %421 : tensor<32x4096x4096xf32>
    %cst_155 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %423 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %424 = stablehlo.multiply %423, %422 : tensor<32x4096x4096xf32>
    %425 = stablehlo.subtract %arg33, %424 : tensor<32x4096x4096xf32>
    %cst_156 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %426 = stablehlo.power %cst_156, %131 : tensor<f32>
    %cst_157 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %427 = stablehlo.subtract %cst_157, %426 : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %427, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %429 = stablehlo.divide %181, %428 : tensor<32x4096x4096xf32>
    %cst_158 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %430 = stablehlo.power %cst_158, %131 : tensor<f32>
    %cst_159 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %431 = stablehlo.subtract %cst_159, %430 : tensor<f32>
    %432 = stablehlo.broadcast_in_dim %431, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %433 = stablehlo.divide %251, %432 : tensor<32x4096x4096xf32>
    %434 = stablehlo.sqrt %433 : tensor<32x4096x4096xf32>
    %cst_160 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %435 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %436 = stablehlo.add %434, %435 : tensor<32x4096x4096xf32>
    %437 = stablehlo.divide %429, %436 : tensor<32x4096x4096xf32>
    %cst_161 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %438 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %439 = stablehlo.multiply %438, %arg34 : tensor<32x4096x4096xf32>
    %440 = stablehlo.add %437, %439 : tensor<32x4096x4096xf32>
    %cst_162 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %441 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %442 = stablehlo.multiply %441, %440 : tensor<32x4096x4096xf32>
    %443 = stablehlo.subtract %arg34, %442 : tensor<32x4096x4096xf32>
    %cst_163 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %444 = stablehlo.power %cst_163, %131 : tensor<f32>
    %cst_164 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %445 = stablehlo.subtract %cst_164, %444 : tensor<f32>
    %446 = stablehlo.broadcast_in_dim %445, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %447 = stablehlo.divide %186, %446 : tensor<32x4096x4096xf32>
    %cst_165 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %448 = stablehlo.power %cst_165, %131 : tensor<f32>
    %cst_166 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %449 = stablehlo.subtract %cst_166, %448 : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %449, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %451 = stablehlo.divide %257, %450 : tensor<32x4096x4096xf32>
    %452 = stablehlo.sqrt %451 : tensor<32x4096x4096xf32>
    %cst_167 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %453 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %454 = stablehlo.add %452, %453 : tensor<32x4096x4096xf32>
    %455 = stablehlo.divide %447, %454 : tensor<32x4096x4096xf32>
    %cst_168 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %456 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %457 = stablehlo.multiply %456, %arg35 : tensor<32x4096x4096xf32>
    %458 = stablehlo.add %455, %457 : tensor<32x4096x4096xf32>
    %cst_169 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %459 = stablehlo.broadcast_in_dim %cst_169, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %460 = stablehlo.multiply %459, %458 : tensor<32x4096x4096xf32>
    %461 = stablehlo.subtract %arg35, %460 : tensor<32x4096x4096xf32>
    %cst_170 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %462 = stablehlo.power %cst_170, %131 : tensor<f32>
    %cst_171 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %463 = stablehlo.subtract %cst_171, %462 : tensor<f32>
    %464 = stablehlo.broadcast_in_dim %463, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %465 = stablehlo.divide %191, %464 : tensor<4096x32000xf32>
    %cst_172 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %466 = stablehlo.power %cst_172, %131 : tensor<f32>
    %cst_173 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %467 = stablehlo.subtract %cst_173, %466 : tensor<f32>
    %468 = stablehlo.broadcast_in_dim %467, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %469 = stablehlo.divide %263, %468 : tensor<4096x32000xf32>
    %470 = stablehlo.sqrt %469 : tensor<4096x32000xf32>
    %cst_174 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %471 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %472 = stablehlo.add %470, %471 : tensor<4096x32000xf32>
    %473 = stablehlo.divide %465, %472 : tensor<4096x32000xf32>
    %cst_175 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %474 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %475 = stablehlo.multiply %474, %arg36 : tensor<4096x32000xf32>
    %476 = stablehlo.add %473, %475 : tensor<4096x32000xf32>
    %cst_176 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %477 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<4096x32000xf32>
    %478 = stablehlo.multiply %477, %476 : tensor<4096x32000xf32>
    %479 = stablehlo.subtract %arg36, %478 : tensor<4096x32000xf32>
    return %130, %136, %141, %146, %151, %156, %161, %166, %171, %176, %181, %186, %191, %197, %203, %209, %215, %221, %227, %233, %239, %245, %251, %257, %263, %281, %299, %317, %335, %353, %371, %389, %407, %425, %443, %461, %479, %86 : tensor<i32>, tensor<32000x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<4096x32000xf32>, tensor<32000x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<4096x32000xf32>, tensor<32000x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x11008x4096xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x11008xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<4096x32000xf32>, tensor<f32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<32x4096xf32>, %arg1: tensor<i32>) -> tensor<4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 4096] : (tensor<32x4096xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096xf32>) -> tensor<4096xf32>
    return %1 : tensor<4096xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<32x11008x4096xf32>, %arg1: tensor<i32>) -> tensor<11008x4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 11008, 4096] : (tensor<32x11008x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x11008x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x11008x4096xf32>) -> tensor<11008x4096xf32>
    return %1 : tensor<11008x4096xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<32x4096x11008xf32>, %arg1: tensor<i32>) -> tensor<4096x11008xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 11008] : (tensor<32x4096x11008xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x11008xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x11008xf32>) -> tensor<4096x11008xf32>
    return %1 : tensor<4096x11008xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<32x4096x4096xf32>, %arg1: tensor<i32>) -> tensor<4096x4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 4096] : (tensor<32x4096x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x4096xf32>) -> tensor<4096x4096xf32>
    return %1 : tensor<4096x4096xf32>
  }
  func.func private @closed_call(%arg0: tensor<0xbf16>, %arg1: tensor<64x4096x1x64xf32>, %arg2: tensor<64x4096x1x64xf32>, %arg3: tensor<64x4096x1x64xf32>, %arg4: tensor<64x4096x1x64xf32>, %arg5: tensor<64x4096x4096xbf16>, %arg6: tensor<4096xf32>, %arg7: tensor<4096xf32>, %arg8: tensor<11008x4096xf32>, %arg9: tensor<4096x11008xf32>, %arg10: tensor<4096x11008xf32>, %arg11: tensor<4096x4096xf32>, %arg12: tensor<4096x4096xf32>, %arg13: tensor<4096x4096xf32>, %arg14: tensor<4096x4096xf32>) -> (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>) {
    %0 = stablehlo.convert %arg6 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %1 = stablehlo.convert %arg7 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %2 = stablehlo.convert %arg8 : (tensor<11008x4096xf32>) -> tensor<11008x4096xbf16>
    %3 = stablehlo.convert %arg9 : (tensor<4096x11008xf32>) -> tensor<4096x11008xbf16>
    %4 = stablehlo.convert %arg10 : (tensor<4096x11008xf32>) -> tensor<4096x11008xbf16>
    %5 = stablehlo.convert %arg11 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %6 = stablehlo.convert %arg12 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %7 = stablehlo.convert %arg13 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %8 = stablehlo.convert %arg14 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %9 = stablehlo.convert %arg5 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %10 = chlo.square %9 : tensor<64x4096x4096xf32> -> tensor<64x4096x4096xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<64x4096x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %16 = stablehlo.add %14, %15 : tensor<64x4096x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<64x4096x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %19 = stablehlo.multiply %9, %18 : tensor<64x4096x4096xf32>
    %20 = stablehlo.convert %0 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %23 = stablehlo.multiply %19, %22 : tensor<64x4096x4096xf32>
    %24 = stablehlo.convert %23 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %25 = stablehlo.dot_general %24, %7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %26 = stablehlo.reduce_precision %25, format = e8m7 : tensor<64x4096x4096xbf16>
    %27 = stablehlo.reshape %26 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %28 = stablehlo.dot_general %24, %5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %29 = stablehlo.reduce_precision %28, format = e8m7 : tensor<64x4096x4096xbf16>
    %30 = stablehlo.reshape %29 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %31 = stablehlo.dot_general %24, %8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %32 = stablehlo.reduce_precision %31, format = e8m7 : tensor<64x4096x4096xbf16>
    %33 = stablehlo.reshape %32 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %34 = stablehlo.convert %27 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %35 = stablehlo.slice %34 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %36 = stablehlo.slice %34 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %37 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %38 = stablehlo.multiply %35, %37 : tensor<64x4096x32x64xf32>
    %39 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %40 = stablehlo.multiply %36, %39 : tensor<64x4096x32x64xf32>
    %41 = stablehlo.subtract %38, %40 : tensor<64x4096x32x64xf32>
    %42 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %43 = stablehlo.multiply %36, %42 : tensor<64x4096x32x64xf32>
    %44 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %45 = stablehlo.multiply %35, %44 : tensor<64x4096x32x64xf32>
    %46 = stablehlo.add %43, %45 : tensor<64x4096x32x64xf32>
    %47 = stablehlo.concatenate %41, %46, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %48 = stablehlo.convert %47 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %49 = stablehlo.convert %30 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %50 = stablehlo.slice %49 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %51 = stablehlo.slice %49 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %52 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %53 = stablehlo.multiply %50, %52 : tensor<64x4096x32x64xf32>
    %54 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %55 = stablehlo.multiply %51, %54 : tensor<64x4096x32x64xf32>
    %56 = stablehlo.subtract %53, %55 : tensor<64x4096x32x64xf32>
    %57 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %58 = stablehlo.multiply %51, %57 : tensor<64x4096x32x64xf32>
    %59 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %60 = stablehlo.multiply %50, %59 : tensor<64x4096x32x64xf32>
    %61 = stablehlo.add %58, %60 : tensor<64x4096x32x64xf32>
    %62 = stablehlo.concatenate %56, %61, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %63 = stablehlo.convert %62 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %64 = stablehlo.reshape %48 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x1x128xbf16>
    %65 = stablehlo.reshape %64 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x32x128xbf16>
    %66 = sdy.manual_computation(%arg0, %65, %63, %33) in_shardings=[<@mesh, [{"node", "gpu"}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>] out_shardings=[<@mesh, [{"node", "gpu"}, {}, {}, {}]>] manual_axes={"node", "gpu"} (%arg15: tensor<0xbf16>, %arg16: tensor<4x4096x32x128xbf16>, %arg17: tensor<4x4096x32x128xbf16>, %arg18: tensor<4x4096x32x128xbf16>) {
      %97:3 = stablehlo.custom_call @__cudnn$fmhaSoftmax(%arg16, %arg17, %arg18) {api_version = 2 : i32, backend_config = "{\22operation_queue_id\22: \220\22, \22cudnn_fmha_backend_config\22: {\22algorithm\22: {\22algo_id\22: \220\22, \22math_type\22: \22TENSOR_OP_MATH\22, \22tuning_knobs\22: {\2217\22: \221\22, \2224\22: \220\22}, \22is_cudnn_frontend\22: true, \22workspace_size\22: \220\22}, \22fmha_scale\22: 0.08838834764831843, \22intermediate_tensor_shape\22: {\22element_type\22: \22BF16\22, \22dimensions\22: [\224\22, \2232\22, \224096\22, \224096\22], \22tuple_shapes\22: [], \22layout\22: {\22dim_level_types\22: [], \22dim_unique\22: [], \22dim_ordered\22: [], \22minor_to_major\22: [\223\22, \222\22, \221\22, \220\22], \22tiles\22: [], \22element_size_in_bits\22: \220\22, \22memory_space\22: \220\22, \22index_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22pointer_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22dynamic_shape_metadata_prefix_bytes\22: \220\22}, \22is_dynamic_dimension\22: [false, false, false, false]}, \22is_flash_attention\22: true, \22mask_type\22: \22CAUSAL\22, \22bmm1_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\223\22], \22lhs_batch_dimensions\22: [\220\22, \222\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22bmm2_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\221\22], \22lhs_batch_dimensions\22: [\220\22, \221\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22dropout_rate\22: 0.0, \22seed\22: 42, \22sliding_window_length\22: 0, \22max_seg_per_batch\22: 1, \22is_paged_attention\22: false}}", operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 1, 2, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>) -> (tensor<4x32x4096x128xbf16>, tensor<4x32x4096xf32>, tensor<0xui8>)
      %98 = stablehlo.transpose %97#0, dims = [0, 2, 1, 3] : (tensor<4x32x4096x128xbf16>) -> tensor<4x4096x32x128xbf16>
      sdy.return %98 : tensor<4x4096x32x128xbf16>
    } : (tensor<0xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xbf16>
    %67 = stablehlo.reshape %66 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x1x128xbf16>
    %68 = stablehlo.reduce_precision %67, format = e8m7 : tensor<64x4096x32x1x128xbf16>
    %69 = stablehlo.reshape %68 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x4096xbf16>
    %70 = stablehlo.dot_general %69, %6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %71 = stablehlo.reduce_precision %70, format = e8m7 : tensor<64x4096x4096xbf16>
    %72 = stablehlo.add %arg5, %71 : tensor<64x4096x4096xbf16>
    %73 = stablehlo.convert %72 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %74 = chlo.square %73 : tensor<64x4096x4096xf32> -> tensor<64x4096x4096xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.reduce(%74 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %cst_3 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %78 = stablehlo.divide %76, %77 : tensor<64x4096x1xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %80 = stablehlo.add %78, %79 : tensor<64x4096x1xf32>
    %81 = stablehlo.rsqrt %80 : tensor<64x4096x1xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %83 = stablehlo.multiply %73, %82 : tensor<64x4096x4096xf32>
    %84 = stablehlo.convert %1 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %86 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %87 = stablehlo.multiply %83, %86 : tensor<64x4096x4096xf32>
    %88 = stablehlo.convert %87 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %89 = stablehlo.dot_general %88, %3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<64x4096x11008xbf16>
    %90 = stablehlo.reduce_precision %89, format = e8m7 : tensor<64x4096x11008xbf16>
    %91 = call @silu(%90) : (tensor<64x4096x11008xbf16>) -> tensor<64x4096x11008xbf16>
    %92 = stablehlo.dot_general %88, %4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<64x4096x11008xbf16>
    %93 = stablehlo.reduce_precision %92, format = e8m7 : tensor<64x4096x11008xbf16>
    %94 = stablehlo.multiply %91, %93 : tensor<64x4096x11008xbf16>
    %95 = stablehlo.dot_general %94, %2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %96 = stablehlo.add %72, %95 : tensor<64x4096x4096xbf16>
    return %96, %26, %29, %32, %68, %71, %90, %93, %arg5 : tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>
  }
  func.func private @silu(%arg0: tensor<64x4096x11008xbf16>) -> tensor<64x4096x11008xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<64x4096x11008xbf16>
    %1 = stablehlo.exponential %0 : tensor<64x4096x11008xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<64x4096x11008xbf16>
    %3 = stablehlo.add %2, %1 : tensor<64x4096x11008xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<64x4096x11008xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<64x4096x11008xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<64x4096x11008xbf16>
    return %6 : tensor<64x4096x11008xbf16>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<32x64x4096x4096xbf16>, %arg1: tensor<64x4096x4096xbf16>, %arg2: tensor<i32>) -> tensor<32x64x4096x4096xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<64x4096x4096xbf16>) -> tensor<1x64x4096x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<32x64x4096x4096xbf16>, tensor<1x64x4096x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
    return %1 : tensor<32x64x4096x4096xbf16>
  }
  func.func private @dynamic_update_index_in_dim_3(%arg0: tensor<32x64x4096x32x1x128xbf16>, %arg1: tensor<64x4096x32x1x128xbf16>, %arg2: tensor<i32>) -> tensor<32x64x4096x32x1x128xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3, 4, 5] : (tensor<64x4096x32x1x128xbf16>) -> tensor<1x64x4096x32x1x128xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1, %c_2, %c_3 : (tensor<32x64x4096x32x1x128xbf16>, tensor<1x64x4096x32x1x128xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x64x4096x32x1x128xbf16>
    return %1 : tensor<32x64x4096x32x1x128xbf16>
  }
  func.func private @dynamic_update_index_in_dim_4(%arg0: tensor<32x64x4096x4096xbf16>, %arg1: tensor<64x4096x4096xbf16>, %arg2: tensor<i32>) -> tensor<32x64x4096x4096xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<64x4096x4096xbf16>) -> tensor<1x64x4096x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<32x64x4096x4096xbf16>, tensor<1x64x4096x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x64x4096x4096xbf16>
    return %1 : tensor<32x64x4096x4096xbf16>
  }
  func.func private @dynamic_update_index_in_dim_5(%arg0: tensor<32x64x4096x11008xbf16>, %arg1: tensor<64x4096x11008xbf16>, %arg2: tensor<i32>) -> tensor<32x64x4096x11008xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<64x4096x11008xbf16>) -> tensor<1x64x4096x11008xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<32x64x4096x11008xbf16>, tensor<1x64x4096x11008xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x64x4096x11008xbf16>
    return %1 : tensor<32x64x4096x11008xbf16>
  }
  func.func private @log_softmax(%arg0: tensor<64x4096x32000xf32>) -> (tensor<64x4096x32000xf32>, tensor<64x4096x32000xf32>, tensor<64x4096x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<64x4096x32000xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x4096xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<64x4096xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x32000xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<64x4096x32000xf32>
    %6 = stablehlo.exponential %5 : tensor<64x4096x32000xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x32000xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %9 = stablehlo.log %8 : tensor<64x4096x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x32000xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<64x4096x32000xf32>
    return %11, %6, %8 : tensor<64x4096x32000xf32>, tensor<64x4096x32000xf32>, tensor<64x4096x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<64x4096x32000xf32>, %arg1: tensor<64x4096x1xi32>) -> (tensor<64x4096x1xf32>, tensor<64x4096x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<64x4096x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<64x4096x1xi32>, tensor<64x4096x1xi32>) -> tensor<64x4096x1xi1>
    %c_0 = stablehlo.constant dense<32000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<64x4096x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<64x4096x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<64x4096x1xi1>, tensor<64x4096x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<64x4096x1xi32>) -> tensor<64x4096x1x1xi32>
    %c_1 = stablehlo.constant dense<31999> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<64x4096x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<64x4096x1x1xi32>, tensor<64x4096x1x1xi32>) -> tensor<64x4096x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<64x4096x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<64x4096x1x1xi32>, tensor<64x4096x1x1xi32>) -> tensor<64x4096x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<64x4096x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<64x4096x1x1xi1>, tensor<i1>) -> tensor<64x4096x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<64x4096x32000xf32>, tensor<64x4096x1x1xi32>) -> tensor<64x4096x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<64x4096x1xi1>, tensor<64x4096x1xf32>
    return %15, %5 : tensor<64x4096x1xf32>, tensor<64x4096x1x1xi32>
  }
  func.func private @take_along_axis_6(%arg0: tensor<64x4096x1x1xi32>, %arg1: tensor<64x4096x1xf32>) -> tensor<64x4096x32000xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x4096x32000xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<64x4096x32000xf32>, tensor<64x4096x1x1xi32>, tensor<64x4096x1xf32>) -> tensor<64x4096x32000xf32>
    return %1 : tensor<64x4096x32000xf32>
  }
  func.func private @log_softmax_7(%arg0: tensor<64x4096x32000xf32>, %arg1: tensor<64x4096x1xf32>, %arg2: tensor<64x4096x32000xf32>) -> tensor<64x4096x32000xf32> {
    %0 = stablehlo.negate %arg2 : tensor<64x4096x32000xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x32000xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %2 = stablehlo.reshape %1 : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<64x4096x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x1xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x32000xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<64x4096x32000xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<64x4096x32000xf32>
    return %7 : tensor<64x4096x32000xf32>
  }
  func.func private @dynamic_index_in_dim_8(%arg0: tensor<32x64x4096x4096xbf16>, %arg1: tensor<i32>) -> tensor<64x4096x4096xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 64, 4096, 4096] : (tensor<32x64x4096x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x4096x4096xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x64x4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    return %1 : tensor<64x4096x4096xbf16>
  }
  func.func private @dynamic_index_in_dim_9(%arg0: tensor<32x64x4096x32x1x128xbf16>, %arg1: tensor<i32>) -> tensor<64x4096x32x1x128xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, %c_2, %c_3, sizes = [1, 64, 4096, 32, 1, 128] : (tensor<32x64x4096x32x1x128xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x4096x32x1x128xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x64x4096x32x1x128xbf16>) -> tensor<64x4096x32x1x128xbf16>
    return %1 : tensor<64x4096x32x1x128xbf16>
  }
  func.func private @dynamic_index_in_dim_10(%arg0: tensor<32x64x4096x4096xbf16>, %arg1: tensor<i32>) -> tensor<64x4096x4096xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 64, 4096, 4096] : (tensor<32x64x4096x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x4096x4096xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x64x4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    return %1 : tensor<64x4096x4096xbf16>
  }
  func.func private @dynamic_index_in_dim_11(%arg0: tensor<32x64x4096x11008xbf16>, %arg1: tensor<i32>) -> tensor<64x4096x11008xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 64, 4096, 11008] : (tensor<32x64x4096x11008xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x4096x11008xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x64x4096x11008xbf16>) -> tensor<64x4096x11008xbf16>
    return %1 : tensor<64x4096x11008xbf16>
  }
  func.func private @closed_call_12(%arg0: tensor<64x4096x4096xbf16>, %arg1: tensor<64x4096x4096xbf16>, %arg2: tensor<64x4096x4096xbf16>, %arg3: tensor<64x4096x4096xbf16>, %arg4: tensor<64x4096x32x1x128xbf16>, %arg5: tensor<64x4096x4096xbf16>, %arg6: tensor<64x4096x11008xbf16>, %arg7: tensor<64x4096x11008xbf16>, %arg8: tensor<64x4096x4096xbf16>, %arg9: tensor<4096xf32>, %arg10: tensor<4096xf32>, %arg11: tensor<11008x4096xf32>, %arg12: tensor<4096x11008xf32>, %arg13: tensor<4096x11008xf32>, %arg14: tensor<4096x4096xf32>, %arg15: tensor<4096x4096xf32>, %arg16: tensor<4096x4096xf32>, %arg17: tensor<4096x4096xf32>) -> (tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) {
    %0:18 = stablehlo.optimization_barrier %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14, %arg15, %arg16, %arg17, %arg0 : tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x32x1x128xbf16>, tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<64x4096x4096xbf16>
    %1 = stablehlo.convert %0#8 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %2 = stablehlo.convert %0#9 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %3 = stablehlo.convert %0#10 : (tensor<11008x4096xf32>) -> tensor<11008x4096xbf16>
    %4 = stablehlo.convert %0#11 : (tensor<4096x11008xf32>) -> tensor<4096x11008xbf16>
    %5 = stablehlo.convert %0#12 : (tensor<4096x11008xf32>) -> tensor<4096x11008xbf16>
    %6 = stablehlo.convert %0#13 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %7 = stablehlo.convert %0#14 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %8 = stablehlo.convert %0#15 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %9 = stablehlo.convert %0#16 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %10 = stablehlo.iota dim = 0 : tensor<4096xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<4096xi32>) -> tensor<64x4096xi32>
    %12 = stablehlo.convert %0#7 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %13 = chlo.square %12 : tensor<64x4096x4096xf32> -> tensor<64x4096x4096xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x4096x4096xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<64x4096x4096xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%13 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %cst_1 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %19 = stablehlo.divide %17, %18 : tensor<64x4096x1xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %21 = stablehlo.add %19, %20 : tensor<64x4096x1xf32>
    %22 = stablehlo.rsqrt %21 : tensor<64x4096x1xf32>
    %23 = stablehlo.divide %22, %21 : tensor<64x4096x1xf32>
    %cst_3 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %25 = stablehlo.multiply %24, %23 : tensor<64x4096x1xf32>
    %26 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %27 = stablehlo.multiply %12, %26 : tensor<64x4096x4096xf32>
    %28 = stablehlo.convert %1 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %31 = stablehlo.multiply %27, %30 : tensor<64x4096x4096xf32>
    %32 = stablehlo.convert %31 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %33 = stablehlo.reshape %0#0 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %34 = stablehlo.reshape %0#1 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %35 = stablehlo.reshape %0#2 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x128xbf16>
    %36 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %38 = stablehlo.multiply %37, %36 : tensor<64xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %40 = stablehlo.add %39, %38 : tensor<64xf32>
    %cst_6 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %42 = stablehlo.divide %40, %41 : tensor<64xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %44 = stablehlo.power %43, %42 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %46 = stablehlo.divide %45, %44 : tensor<64xf32>
    %47 = stablehlo.convert %11 : (tensor<64x4096xi32>) -> tensor<64x4096xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1x1xf32>
    %49 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %50 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<64x4096x1x1xf32>) -> tensor<64x4096x1x64xf32>
    %51 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<64x4096x1x64xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<64x4096x1x64xf32>
    %53 = stablehlo.cosine %52 : tensor<64x4096x1x64xf32>
    %54 = stablehlo.sine %52 : tensor<64x4096x1x64xf32>
    %55 = stablehlo.convert %33 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %56 = stablehlo.slice %55 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %57 = stablehlo.slice %55 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %58 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %59 = stablehlo.multiply %56, %58 : tensor<64x4096x32x64xf32>
    %60 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %61 = stablehlo.multiply %57, %60 : tensor<64x4096x32x64xf32>
    %62 = stablehlo.subtract %59, %61 : tensor<64x4096x32x64xf32>
    %63 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %64 = stablehlo.multiply %57, %63 : tensor<64x4096x32x64xf32>
    %65 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %66 = stablehlo.multiply %56, %65 : tensor<64x4096x32x64xf32>
    %67 = stablehlo.add %64, %66 : tensor<64x4096x32x64xf32>
    %68 = stablehlo.concatenate %62, %67, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %69 = stablehlo.convert %68 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %70 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %74 = stablehlo.add %73, %72 : tensor<64xf32>
    %cst_11 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %76 = stablehlo.divide %74, %75 : tensor<64xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %78 = stablehlo.power %77, %76 : tensor<64xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %80 = stablehlo.divide %79, %78 : tensor<64xf32>
    %81 = stablehlo.convert %11 : (tensor<64x4096xi32>) -> tensor<64x4096xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1x1xf32>
    %83 = stablehlo.broadcast_in_dim %80, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %84 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2, 3] : (tensor<64x4096x1x1xf32>) -> tensor<64x4096x1x64xf32>
    %85 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<64x4096x1x64xf32>
    %86 = stablehlo.multiply %84, %85 : tensor<64x4096x1x64xf32>
    %87 = stablehlo.cosine %86 : tensor<64x4096x1x64xf32>
    %88 = stablehlo.sine %86 : tensor<64x4096x1x64xf32>
    %89 = stablehlo.convert %34 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %90 = stablehlo.slice %89 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %91 = stablehlo.slice %89 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %92 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %93 = stablehlo.multiply %90, %92 : tensor<64x4096x32x64xf32>
    %94 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %95 = stablehlo.multiply %91, %94 : tensor<64x4096x32x64xf32>
    %96 = stablehlo.subtract %93, %95 : tensor<64x4096x32x64xf32>
    %97 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %98 = stablehlo.multiply %91, %97 : tensor<64x4096x32x64xf32>
    %99 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %100 = stablehlo.multiply %90, %99 : tensor<64x4096x32x64xf32>
    %101 = stablehlo.add %98, %100 : tensor<64x4096x32x64xf32>
    %102 = stablehlo.concatenate %96, %101, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %103 = stablehlo.convert %102 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %104 = stablehlo.reshape %69 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x1x128xbf16>
    %105 = stablehlo.reshape %104 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x32x128xbf16>
    %106:3 = sdy.manual_computation(%105, %103, %35) in_shardings=[<@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>] out_shardings=[<@mesh, [{"node", "gpu"}]>, <@mesh, [{"node", "gpu"}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>] manual_axes={"node", "gpu"} (%arg18: tensor<4x4096x32x128xbf16>, %arg19: tensor<4x4096x32x128xbf16>, %arg20: tensor<4x4096x32x128xbf16>) {
      %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
      %252 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<bf16>) -> tensor<0xbf16>
      %253:3 = stablehlo.custom_call @__cudnn$fmhaSoftmax(%arg18, %arg19, %arg20) {api_version = 2 : i32, backend_config = "{\22operation_queue_id\22: \220\22, \22cudnn_fmha_backend_config\22: {\22algorithm\22: {\22algo_id\22: \220\22, \22math_type\22: \22TENSOR_OP_MATH\22, \22tuning_knobs\22: {\2217\22: \221\22, \2224\22: \220\22}, \22is_cudnn_frontend\22: true, \22workspace_size\22: \220\22}, \22fmha_scale\22: 0.08838834764831843, \22intermediate_tensor_shape\22: {\22element_type\22: \22BF16\22, \22dimensions\22: [\224\22, \2232\22, \224096\22, \224096\22], \22tuple_shapes\22: [], \22layout\22: {\22dim_level_types\22: [], \22dim_unique\22: [], \22dim_ordered\22: [], \22minor_to_major\22: [\223\22, \222\22, \221\22, \220\22], \22tiles\22: [], \22element_size_in_bits\22: \220\22, \22memory_space\22: \220\22, \22index_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22pointer_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22dynamic_shape_metadata_prefix_bytes\22: \220\22}, \22is_dynamic_dimension\22: [false, false, false, false]}, \22is_flash_attention\22: true, \22mask_type\22: \22CAUSAL\22, \22bmm1_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\223\22], \22lhs_batch_dimensions\22: [\220\22, \222\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22bmm2_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\221\22], \22lhs_batch_dimensions\22: [\220\22, \221\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22dropout_rate\22: 0.0, \22seed\22: 42, \22sliding_window_length\22: 0, \22max_seg_per_batch\22: 1, \22is_paged_attention\22: false}}", operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 1, 2, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>) -> (tensor<4x32x4096x128xbf16>, tensor<4x32x4096xf32>, tensor<0xui8>)
      %254 = stablehlo.transpose %253#0, dims = [0, 2, 1, 3] : (tensor<4x32x4096x128xbf16>) -> tensor<4x4096x32x128xbf16>
      sdy.return %252, %253#1, %254 : tensor<0xbf16>, tensor<4x32x4096xf32>, tensor<4x4096x32x128xbf16>
    } : (tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>) -> (tensor<0xbf16>, tensor<64x32x4096xf32>, tensor<64x4096x32x128xbf16>)
    %107 = stablehlo.reshape %0#3 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x4096xbf16>
    %108 = stablehlo.add %0#7, %0#4 : tensor<64x4096x4096xbf16>
    %109 = stablehlo.convert %108 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %110 = chlo.square %109 : tensor<64x4096x4096xf32> -> tensor<64x4096x4096xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<64x4096x4096xf32>
    %112 = stablehlo.multiply %111, %109 : tensor<64x4096x4096xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.reduce(%110 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %cst_16 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %116 = stablehlo.divide %114, %115 : tensor<64x4096x1xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %118 = stablehlo.add %116, %117 : tensor<64x4096x1xf32>
    %119 = stablehlo.rsqrt %118 : tensor<64x4096x1xf32>
    %120 = stablehlo.divide %119, %118 : tensor<64x4096x1xf32>
    %cst_18 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %122 = stablehlo.multiply %121, %120 : tensor<64x4096x1xf32>
    %123 = stablehlo.broadcast_in_dim %119, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %124 = stablehlo.multiply %109, %123 : tensor<64x4096x4096xf32>
    %125 = stablehlo.convert %2 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %128 = stablehlo.multiply %124, %127 : tensor<64x4096x4096xf32>
    %129 = stablehlo.convert %128 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %130:3 = call @silu_13(%0#5) : (tensor<64x4096x11008xbf16>) -> (tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>)
    %131 = stablehlo.multiply %130#0, %0#6 : tensor<64x4096x11008xbf16>
    %132 = stablehlo.dot_general %0#17, %131, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<64x4096x11008xbf16>) -> tensor<4096x11008xbf16>
    %133 = stablehlo.transpose %132, dims = [1, 0] : (tensor<4096x11008xbf16>) -> tensor<11008x4096xbf16>
    %134 = stablehlo.dot_general %0#17, %3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<11008x4096xbf16>) -> tensor<64x4096x11008xbf16>
    %135 = stablehlo.multiply %130#0, %134 : tensor<64x4096x11008xbf16>
    %136 = stablehlo.multiply %134, %0#6 : tensor<64x4096x11008xbf16>
    %137 = stablehlo.dot_general %135, %129, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>) -> tensor<11008x4096xbf16>
    %138 = stablehlo.transpose %137, dims = [1, 0] : (tensor<11008x4096xbf16>) -> tensor<4096x11008xbf16>
    %139 = stablehlo.dot_general %135, %5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x11008xbf16>, tensor<4096x11008xbf16>) -> tensor<64x4096x4096xbf16>
    %140 = call @silu_14(%130#1, %0#5, %130#2, %136) : (tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>) -> tensor<64x4096x11008xbf16>
    %141 = stablehlo.dot_general %140, %129, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x11008xbf16>, tensor<64x4096x4096xbf16>) -> tensor<11008x4096xbf16>
    %142 = stablehlo.transpose %141, dims = [1, 0] : (tensor<11008x4096xbf16>) -> tensor<4096x11008xbf16>
    %143 = stablehlo.dot_general %140, %4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x11008xbf16>, tensor<4096x11008xbf16>) -> tensor<64x4096x4096xbf16>
    %144 = stablehlo.add %139, %143 : tensor<64x4096x4096xbf16>
    %145 = stablehlo.convert %144 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %146 = stablehlo.multiply %124, %145 : tensor<64x4096x4096xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %147 = stablehlo.reduce(%146 init: %cst_19) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %148 = stablehlo.reshape %147 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %149 = stablehlo.broadcast_in_dim %126, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %150 = stablehlo.multiply %145, %149 : tensor<64x4096x4096xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.reduce(%148 init: %cst_20) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %152 = stablehlo.convert %151 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %153 = stablehlo.multiply %109, %150 : tensor<64x4096x4096xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %154 = stablehlo.reduce(%153 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %155 = stablehlo.reshape %154 : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %156 = stablehlo.broadcast_in_dim %119, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %157 = stablehlo.multiply %150, %156 : tensor<64x4096x4096xf32>
    %158 = stablehlo.multiply %155, %122 : tensor<64x4096x1xf32>
    %cst_22 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %160 = stablehlo.divide %158, %159 : tensor<64x4096x1xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %161 = stablehlo.reduce(%160 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x1xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %162 = stablehlo.broadcast_in_dim %161, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x4096xf32>
    %163 = stablehlo.multiply %162, %112 : tensor<64x4096x4096xf32>
    %164 = stablehlo.add %157, %163 : tensor<64x4096x4096xf32>
    %165 = stablehlo.convert %164 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %166 = stablehlo.add %0#17, %165 : tensor<64x4096x4096xbf16>
    %167 = stablehlo.dot_general %166, %107, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %168 = stablehlo.transpose %167, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %169 = stablehlo.dot_general %166, %7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %170 = stablehlo.reshape %169 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x32x1x128xbf16>
    %171 = stablehlo.reshape %170 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x32x128xbf16>
    %172:3 = sdy.manual_computation(%171, %105, %103, %35, %106#0, %106#1, %106#2) in_shardings=[<@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}]>, <@mesh, [{"node", "gpu"}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>] out_shardings=[<@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>, <@mesh, [{"node", "gpu"}, {}, {}, {}]>] manual_axes={"node", "gpu"} (%arg18: tensor<4x4096x32x128xbf16>, %arg19: tensor<4x4096x32x128xbf16>, %arg20: tensor<4x4096x32x128xbf16>, %arg21: tensor<4x4096x32x128xbf16>, %arg22: tensor<0xbf16>, %arg23: tensor<4x32x4096xf32>, %arg24: tensor<4x4096x32x128xbf16>) {
      %252:4 = stablehlo.custom_call @__cudnn$fmhaSoftmaxBackward(%arg19, %arg20, %arg21, %arg23, %arg18, %arg24) {api_version = 2 : i32, backend_config = "{\22operation_queue_id\22: \220\22, \22cudnn_fmha_backend_config\22: {\22algorithm\22: {\22algo_id\22: \220\22, \22math_type\22: \22TENSOR_OP_MATH\22, \22tuning_knobs\22: {\2217\22: \221\22, \2224\22: \220\22}, \22is_cudnn_frontend\22: true, \22workspace_size\22: \220\22}, \22fmha_scale\22: 0.08838834764831843, \22intermediate_tensor_shape\22: {\22element_type\22: \22BF16\22, \22dimensions\22: [\224\22, \2232\22, \224096\22, \224096\22], \22tuple_shapes\22: [], \22layout\22: {\22dim_level_types\22: [], \22dim_unique\22: [], \22dim_ordered\22: [], \22minor_to_major\22: [\223\22, \222\22, \221\22, \220\22], \22tiles\22: [], \22element_size_in_bits\22: \220\22, \22memory_space\22: \220\22, \22index_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22pointer_primitive_type\22: \22PRIMITIVE_TYPE_INVALID\22, \22dynamic_shape_metadata_prefix_bytes\22: \220\22}, \22is_dynamic_dimension\22: [false, false, false, false]}, \22is_flash_attention\22: true, \22mask_type\22: \22CAUSAL\22, \22bmm1_grad_gemm1_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\222\22], \22rhs_contracting_dimensions\22: [\221\22], \22lhs_batch_dimensions\22: [\220\22, \221\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22bmm1_grad_gemm2_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\221\22], \22lhs_batch_dimensions\22: [\220\22, \221\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22bmm2_grad_gemm1_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\222\22], \22rhs_contracting_dimensions\22: [\221\22], \22lhs_batch_dimensions\22: [\220\22, \221\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22bmm2_grad_gemm2_dot_dimension_numbers\22: {\22lhs_contracting_dimensions\22: [\223\22], \22rhs_contracting_dimensions\22: [\223\22], \22lhs_batch_dimensions\22: [\220\22, \222\22], \22rhs_batch_dimensions\22: [\220\22, \222\22]}, \22dropout_rate\22: 0.0, \22seed\22: 42, \22sliding_window_length\22: 0, \22max_seg_per_batch\22: 1, \22is_paged_attention\22: false}}", operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 1, 2, 0]> : tensor<4xindex>, dense<[3, 1, 2, 0]> : tensor<4xindex>, dense<[3, 1, 2, 0]> : tensor<4xindex>, dense<0> : tensor<1xindex>]} : (tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>, tensor<4x32x4096xf32>, tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>) -> (tensor<4x32x4096x128xbf16>, tensor<4x32x4096x128xbf16>, tensor<4x32x4096x128xbf16>, tensor<0xui8>)
      %253 = stablehlo.transpose %252#0, dims = [0, 2, 1, 3] : (tensor<4x32x4096x128xbf16>) -> tensor<4x4096x32x128xbf16>
      %254 = stablehlo.transpose %252#1, dims = [0, 2, 1, 3] : (tensor<4x32x4096x128xbf16>) -> tensor<4x4096x32x128xbf16>
      %255 = stablehlo.transpose %252#2, dims = [0, 2, 1, 3] : (tensor<4x32x4096x128xbf16>) -> tensor<4x4096x32x128xbf16>
      sdy.return %253, %254, %255 : tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>, tensor<4x4096x32x128xbf16>
    } : (tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<0xbf16>, tensor<64x32x4096xf32>, tensor<64x4096x32x128xbf16>) -> (tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>, tensor<64x4096x32x128xbf16>)
    %173 = stablehlo.reshape %172#0 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x1x128xbf16>
    %174 = stablehlo.reshape %173 : (tensor<64x4096x32x1x128xbf16>) -> tensor<64x4096x32x128xbf16>
    %175 = stablehlo.convert %172#1 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %176 = stablehlo.slice %175 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %177 = stablehlo.slice %175 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %178 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %179 = stablehlo.multiply %177, %178 : tensor<64x4096x32x64xf32>
    %180 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %181 = stablehlo.multiply %177, %180 : tensor<64x4096x32x64xf32>
    %182 = stablehlo.negate %176 : tensor<64x4096x32x64xf32>
    %183 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %184 = stablehlo.multiply %182, %183 : tensor<64x4096x32x64xf32>
    %185 = stablehlo.add %181, %184 : tensor<64x4096x32x64xf32>
    %186 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %187 = stablehlo.multiply %176, %186 : tensor<64x4096x32x64xf32>
    %188 = stablehlo.add %179, %187 : tensor<64x4096x32x64xf32>
    %189 = stablehlo.concatenate %188, %185, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %190 = stablehlo.convert %189 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %191 = stablehlo.convert %174 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x32x128xf32>
    %192 = stablehlo.slice %191 [0:64, 0:4096, 0:32, 0:64] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %193 = stablehlo.slice %191 [0:64, 0:4096, 0:32, 64:128] : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x64xf32>
    %194 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %195 = stablehlo.multiply %193, %194 : tensor<64x4096x32x64xf32>
    %196 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %197 = stablehlo.multiply %193, %196 : tensor<64x4096x32x64xf32>
    %198 = stablehlo.negate %192 : tensor<64x4096x32x64xf32>
    %199 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %200 = stablehlo.multiply %198, %199 : tensor<64x4096x32x64xf32>
    %201 = stablehlo.add %197, %200 : tensor<64x4096x32x64xf32>
    %202 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<64x4096x1x64xf32>) -> tensor<64x4096x32x64xf32>
    %203 = stablehlo.multiply %192, %202 : tensor<64x4096x32x64xf32>
    %204 = stablehlo.add %195, %203 : tensor<64x4096x32x64xf32>
    %205 = stablehlo.concatenate %204, %201, dim = 3 : (tensor<64x4096x32x64xf32>, tensor<64x4096x32x64xf32>) -> tensor<64x4096x32x128xf32>
    %206 = stablehlo.convert %205 : (tensor<64x4096x32x128xf32>) -> tensor<64x4096x32x128xbf16>
    %207 = stablehlo.reshape %172#2 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x4096xbf16>
    %208 = stablehlo.dot_general %207, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %209 = stablehlo.transpose %208, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %210 = stablehlo.dot_general %207, %9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %211 = stablehlo.reshape %190 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x4096xbf16>
    %212 = stablehlo.dot_general %211, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %213 = stablehlo.transpose %212, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %214 = stablehlo.dot_general %211, %6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %215 = stablehlo.add %210, %214 : tensor<64x4096x4096xbf16>
    %216 = stablehlo.reshape %206 : (tensor<64x4096x32x128xbf16>) -> tensor<64x4096x4096xbf16>
    %217 = stablehlo.dot_general %216, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<64x4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %218 = stablehlo.transpose %217, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %219 = stablehlo.dot_general %216, %8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<64x4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<64x4096x4096xbf16>
    %220 = stablehlo.add %215, %219 : tensor<64x4096x4096xbf16>
    %221 = stablehlo.convert %220 : (tensor<64x4096x4096xbf16>) -> tensor<64x4096x4096xf32>
    %222 = stablehlo.multiply %27, %221 : tensor<64x4096x4096xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %223 = stablehlo.reduce(%222 init: %cst_24) applies stablehlo.add across dimensions = [0, 1] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %224 = stablehlo.reshape %223 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %225 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<64x4096x4096xf32>
    %226 = stablehlo.multiply %221, %225 : tensor<64x4096x4096xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %227 = stablehlo.reduce(%224 init: %cst_25) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %228 = stablehlo.convert %227 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %229 = stablehlo.multiply %12, %226 : tensor<64x4096x4096xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %230 = stablehlo.reduce(%229 init: %cst_26) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x4096xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %231 = stablehlo.reshape %230 : (tensor<64x4096xf32>) -> tensor<64x4096x1xf32>
    %232 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<64x4096x1xf32>) -> tensor<64x4096x4096xf32>
    %233 = stablehlo.multiply %226, %232 : tensor<64x4096x4096xf32>
    %234 = stablehlo.multiply %231, %25 : tensor<64x4096x1xf32>
    %cst_27 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<64x4096x1xf32>
    %236 = stablehlo.divide %234, %235 : tensor<64x4096x1xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %237 = stablehlo.reduce(%236 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<64x4096x1xf32>, tensor<f32>) -> tensor<64x4096xf32>
    %238 = stablehlo.broadcast_in_dim %237, dims = [0, 1] : (tensor<64x4096xf32>) -> tensor<64x4096x4096xf32>
    %239 = stablehlo.multiply %238, %15 : tensor<64x4096x4096xf32>
    %240 = stablehlo.add %233, %239 : tensor<64x4096x4096xf32>
    %241 = stablehlo.convert %240 : (tensor<64x4096x4096xf32>) -> tensor<64x4096x4096xbf16>
    %242 = stablehlo.add %166, %241 : tensor<64x4096x4096xbf16>
    %243 = stablehlo.convert %209 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %244 = stablehlo.convert %218 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %245 = stablehlo.convert %168 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %246 = stablehlo.convert %213 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %247 = stablehlo.convert %138 : (tensor<4096x11008xbf16>) -> tensor<4096x11008xf32>
    %248 = stablehlo.convert %142 : (tensor<4096x11008xbf16>) -> tensor<4096x11008xf32>
    %249 = stablehlo.convert %133 : (tensor<11008x4096xbf16>) -> tensor<11008x4096xf32>
    %250 = stablehlo.convert %152 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %251 = stablehlo.convert %228 : (tensor<4096xbf16>) -> tensor<4096xf32>
    return %242, %251, %250, %249, %248, %247, %246, %245, %244, %243 : tensor<64x4096x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<11008x4096xf32>, tensor<4096x11008xf32>, tensor<4096x11008xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>
  }
  func.func private @silu_13(%arg0: tensor<64x4096x11008xbf16>) -> (tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>) {
    %0 = stablehlo.negate %arg0 : tensor<64x4096x11008xbf16>
    %1 = stablehlo.exponential %0 : tensor<64x4096x11008xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<64x4096x11008xbf16>
    %3 = stablehlo.add %2, %1 : tensor<64x4096x11008xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<64x4096x11008xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<64x4096x11008xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<64x4096x11008xbf16>
    %7 = stablehlo.subtract %6, %5 : tensor<64x4096x11008xbf16>
    %8 = stablehlo.multiply %5, %7 : tensor<64x4096x11008xbf16>
    %9 = stablehlo.multiply %arg0, %5 : tensor<64x4096x11008xbf16>
    return %9, %5, %8 : tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>, tensor<64x4096x11008xbf16>
  }
  func.func private @silu_14(%arg0: tensor<64x4096x11008xbf16>, %arg1: tensor<64x4096x11008xbf16>, %arg2: tensor<64x4096x11008xbf16>, %arg3: tensor<64x4096x11008xbf16>) -> tensor<64x4096x11008xbf16> {
    %0 = stablehlo.multiply %arg1, %arg3 : tensor<64x4096x11008xbf16>
    %1 = stablehlo.multiply %arg3, %arg0 : tensor<64x4096x11008xbf16>
    %2 = stablehlo.multiply %0, %arg2 : tensor<64x4096x11008xbf16>
    %3 = stablehlo.add %1, %2 : tensor<64x4096x11008xbf16>
    return %3 : tensor<64x4096x11008xbf16>
  }
  func.func private @dynamic_update_index_in_dim_15(%arg0: tensor<32x4096xf32>, %arg1: tensor<4096xf32>, %arg2: tensor<i32>) -> tensor<32x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<32x4096xf32>, tensor<1x4096xf32>, tensor<i32>, tensor<i32>) -> tensor<32x4096xf32>
    return %1 : tensor<32x4096xf32>
  }
  func.func private @dynamic_update_index_in_dim_16(%arg0: tensor<32x11008x4096xf32>, %arg1: tensor<11008x4096xf32>, %arg2: tensor<i32>) -> tensor<32x11008x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<11008x4096xf32>) -> tensor<1x11008x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x11008x4096xf32>, tensor<1x11008x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x11008x4096xf32>
    return %1 : tensor<32x11008x4096xf32>
  }
  func.func private @dynamic_update_index_in_dim_17(%arg0: tensor<32x4096x11008xf32>, %arg1: tensor<4096x11008xf32>, %arg2: tensor<i32>) -> tensor<32x4096x11008xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x11008xf32>) -> tensor<1x4096x11008xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x11008xf32>, tensor<1x4096x11008xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x11008xf32>
    return %1 : tensor<32x4096x11008xf32>
  }
  func.func private @dynamic_update_index_in_dim_18(%arg0: tensor<32x4096x4096xf32>, %arg1: tensor<4096x4096xf32>, %arg2: tensor<i32>) -> tensor<32x4096x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x4096xf32>) -> tensor<1x4096x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x4096xf32>, tensor<1x4096x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x4096xf32>
    return %1 : tensor<32x4096x4096xf32>
  }
}
