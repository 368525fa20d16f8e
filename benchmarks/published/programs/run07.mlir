module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=4, "z"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 4 : i64}, {name = "z", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<i32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<32000x8192xf32> {tf.aliasing_output = 1 : i32}, %arg2: tensor<8192xf32> {tf.aliasing_output = 2 : i32}, %arg3: tensor<64x8192xf32> {tf.aliasing_output = 3 : i32}, %arg4: tensor<64x8192xf32> {tf.aliasing_output = 4 : i32}, %arg5: tensor<64x28672x8192xf32> {tf.aliasing_output = 5 : i32}, %arg6: tensor<64x8192x28672xf32> {tf.aliasing_output = 6 : i32}, %arg7: tensor<64x8192x28672xf32> {tf.aliasing_output = 7 : i32}, %arg8: tensor<64x8192x8192xf32> {tf.aliasing_output = 8 : i32}, %arg9: tensor<64x8192x8192xf32> {tf.aliasing_output = 9 : i32}, %arg10: tensor<64x8192x8192xf32> {tf.aliasing_output = 10 : i32}, %arg11: tensor<64x8192x8192xf32> {tf.aliasing_output = 11 : i32}, %arg12: tensor<8192x32000xf32> {tf.aliasing_output = 12 : i32}, %arg13: tensor<32000x8192xf32> {tf.aliasing_output = 13 : i32}, %arg14: tensor<8192xf32> {tf.aliasing_output = 14 : i32}, %arg15: tensor<64x8192xf32> {tf.aliasing_output = 15 : i32}, %arg16: tensor<64x8192xf32> {tf.aliasing_output = 16 : i32}, %arg17: tensor<64x28672x8192xf32> {tf.aliasing_output = 17 : i32}, %arg18: tensor<64x8192x28672xf32> {tf.aliasing_output = 18 : i32}, %arg19: tensor<64x8192x28672xf32> {tf.aliasing_output = 19 : i32}, %arg20: tensor<64x8192x8192xf32> {tf.aliasing_output = 20 : i32}, %arg21: tensor<64x8192x8192xf32> {tf.aliasing_output = 21 : i32}, %arg22: tensor<64x8192x8192xf32> {tf.aliasing_output = 22 : i32}, %arg23: tensor<64x8192x8192xf32> {tf.aliasing_output = 23 : i32}, %arg24: tensor<8192x32000xf32> {tf.aliasing_output = 24 : i32}, %arg25: tensor<32000x8192xf32> {tf.aliasing_output = 25 : i32}, %arg26: tensor<8192xf32> {tf.aliasing_output = 26 : i32}, %arg27: tensor<64x8192xf32> {tf.aliasing_output = 27 : i32}, %arg28: tensor<64x8192xf32> {tf.aliasing_output = 28 : i32}, %arg29: tensor<64x28672x8192xf32> {tf.aliasing_output = 29 : i32}, %arg30: tensor<64x8192x28672xf32> {tf.aliasing_output = 30 : i32}, %arg31: tensor<64x8192x28672xf32> {tf.aliasing_output = 31 : i32}, %arg32: tensor<64x8192x8192xf32> {tf.aliasing_output = 32 : i32}, %arg33: tensor<64x8192x8192xf32> {tf.aliasing_output = 33 : i32}, %arg34: tensor<64x8192x8192xf32> {tf.aliasing_output = 34 : i32}, %arg35: tensor<64x8192x8192xf32> {tf.aliasing_output = 35 : i32}, %arg36: tensor<8192x32000xf32> {tf.aliasing_output = 36 : i32}, %arg37: tensor<192x2048xi32>, %arg38: tensor<192x2048xi32>) -> (tensor<i32> {jax.result_info = "result[0]['count']"}, tensor<32000x8192xf32> {jax.result_info = "result[0]['mu']['embed']"}, tensor<8192xf32> {jax.result_info = "result[0]['mu']['final_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['mu']['layers']['attn_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['mu']['layers']['mlp_norm']"}, tensor<64x28672x8192xf32> {jax.result_info = "result[0]['mu']['layers']['w_down']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['mu']['layers']['w_gate']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['mu']['layers']['w_up']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['mu']['layers']['wk']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['mu']['layers']['wo']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['mu']['layers']['wq']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['mu']['layers']['wv']"}, tensor<8192x32000xf32> {jax.result_info = "result[0]['mu']['lm_head']"}, tensor<32000x8192xf32> {jax.result_info = "result[0]['nu']['embed']"}, tensor<8192xf32> {jax.result_info = "result[0]['nu']['final_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['nu']['layers']['attn_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['nu']['layers']['mlp_norm']"}, tensor<64x28672x8192xf32> {jax.result_info = "result[0]['nu']['layers']['w_down']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['nu']['layers']['w_gate']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['nu']['layers']['w_up']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['nu']['layers']['wk']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['nu']['layers']['wo']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['nu']['layers']['wq']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['nu']['layers']['wv']"}, tensor<8192x32000xf32> {jax.result_info = "result[0]['nu']['lm_head']"}, tensor<32000x8192xf32> {jax.result_info = "result[0]['params']['embed']"}, tensor<8192xf32> {jax.result_info = "result[0]['params']['final_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['params']['layers']['attn_norm']"}, tensor<64x8192xf32> {jax.result_info = "result[0]['params']['layers']['mlp_norm']"}, tensor<64x28672x8192xf32> {jax.result_info = "result[0]['params']['layers']['w_down']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['params']['layers']['w_gate']"}, tensor<64x8192x28672xf32> {jax.result_info = "result[0]['params']['layers']['w_up']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['params']['layers']['wk']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['params']['layers']['wo']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['params']['layers']['wq']"}, tensor<64x8192x8192xf32> {jax.result_info = "result[0]['params']['layers']['wv']"}, tensor<8192x32000xf32> {jax.result_info = "result[0]['params']['lm_head']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg25 : (tensor<32000x8192xf32>) -> tensor<32000x8192xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<192x2048xi32>
    %2 = stablehlo.compare LT, %arg37, %1, SIGNED : (tensor<192x2048xi32>, tensor<192x2048xi32>) -> tensor<192x2048xi1>
    %c_0 = stablehlo.constant dense<32000> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<192x2048xi32>
    %4 = stablehlo.add %arg37, %3 : tensor<192x2048xi32>
    %5 = stablehlo.select %2, %4, %arg37 : tensor<192x2048xi1>, tensor<192x2048xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<192x2048xi32>) -> tensor<192x2048x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8192>}> : (tensor<32000x8192xbf16>, tensor<192x2048x1xi32>) -> tensor<192x2048x8192xbf16>
    %8 = stablehlo.iota dim = 0 : tensor<2048xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<2048xi32>) -> tensor<192x2048xi32>
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
    %cst_3 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %18 = stablehlo.power %17, %16 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %20 = stablehlo.divide %19, %18 : tensor<64xf32>
    %21 = stablehlo.convert %9 : (tensor<192x2048xi32>) -> tensor<192x2048xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1x1xf32>
    %23 = stablehlo.broadcast_in_dim %20, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<192x2048x1x1xf32>) -> tensor<192x2048x1x64xf32>
    %25 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<192x2048x1x64xf32>
    %26 = stablehlo.multiply %24, %25 : tensor<192x2048x1x64xf32>
    %27 = stablehlo.cosine %26 : tensor<192x2048x1x64xf32>
    %28 = stablehlo.sine %26 : tensor<192x2048x1x64xf32>
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
    %cst_8 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %37 = stablehlo.power %36, %35 : tensor<64xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %39 = stablehlo.divide %38, %37 : tensor<64xf32>
    %40 = stablehlo.convert %9 : (tensor<192x2048xi32>) -> tensor<192x2048xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1x1xf32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %43 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<192x2048x1x1xf32>) -> tensor<192x2048x1x64xf32>
    %44 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<192x2048x1x64xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<192x2048x1x64xf32>
    %46 = stablehlo.cosine %45 : tensor<192x2048x1x64xf32>
    %47 = stablehlo.sine %45 : tensor<192x2048x1x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %48 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x8192xbf16>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %49 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x8192xbf16>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %50 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x8192xbf16>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %51 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x8192xbf16>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %52 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x28672xbf16>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %53 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x28672xbf16>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %54 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<bf16>) -> tensor<64x192x2048x8192xbf16>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %55:22 = stablehlo.while(%iterArg = %arg27, %iterArg_176 = %arg28, %iterArg_177 = %arg29, %iterArg_178 = %arg30, %iterArg_179 = %arg31, %iterArg_180 = %arg32, %iterArg_181 = %arg33, %iterArg_182 = %arg34, %iterArg_183 = %arg35, %iterArg_184 = %27, %iterArg_185 = %28, %iterArg_186 = %46, %iterArg_187 = %47, %iterArg_188 = %c_17, %iterArg_189 = %7, %iterArg_190 = %48, %iterArg_191 = %49, %iterArg_192 = %50, %iterArg_193 = %51, %iterArg_194 = %52, %iterArg_195 = %53, %iterArg_196 = %54) : tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<i32>, tensor<192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x8192xbf16>
    cond {
      %c_197 = stablehlo.constant dense<64> : tensor<i32>
      %478 = stablehlo.compare LT, %iterArg_188, %c_197, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %478 : tensor<i1>
    } do {
      %478 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_188) : (tensor<64x8192xf32>, tensor<i32>) -> tensor<8192xf32>
      %479 = func.call @dynamic_index_in_dim(%iterArg_176, %iterArg_188) : (tensor<64x8192xf32>, tensor<i32>) -> tensor<8192xf32>
      %480 = func.call @dynamic_index_in_dim_0(%iterArg_177, %iterArg_188) : (tensor<64x28672x8192xf32>, tensor<i32>) -> tensor<28672x8192xf32>
      %481 = func.call @dynamic_index_in_dim_1(%iterArg_178, %iterArg_188) : (tensor<64x8192x28672xf32>, tensor<i32>) -> tensor<8192x28672xf32>
      %482 = func.call @dynamic_index_in_dim_1(%iterArg_179, %iterArg_188) : (tensor<64x8192x28672xf32>, tensor<i32>) -> tensor<8192x28672xf32>
      %483 = func.call @dynamic_index_in_dim_2(%iterArg_180, %iterArg_188) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %484 = func.call @dynamic_index_in_dim_2(%iterArg_181, %iterArg_188) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %485 = func.call @dynamic_index_in_dim_2(%iterArg_182, %iterArg_188) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %486 = func.call @dynamic_index_in_dim_2(%iterArg_183, %iterArg_188) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %487:8 = func.call @closed_call(%iterArg_184, %iterArg_185, %iterArg_186, %iterArg_187, %iterArg_189, %478, %479, %480, %481, %482, %483, %484, %485, %486) : (tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>) -> (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>)
      %488 = func.call @dynamic_update_index_in_dim(%iterArg_190, %487#1, %iterArg_188) : (tensor<64x192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
      %489 = func.call @dynamic_update_index_in_dim(%iterArg_191, %487#2, %iterArg_188) : (tensor<64x192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
      %490 = func.call @dynamic_update_index_in_dim(%iterArg_192, %487#3, %iterArg_188) : (tensor<64x192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
      %491 = func.call @dynamic_update_index_in_dim_3(%iterArg_193, %487#4, %iterArg_188) : (tensor<64x192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
      %492 = func.call @dynamic_update_index_in_dim_4(%iterArg_194, %487#5, %iterArg_188) : (tensor<64x192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<i32>) -> tensor<64x192x2048x28672xbf16>
      %493 = func.call @dynamic_update_index_in_dim_4(%iterArg_195, %487#6, %iterArg_188) : (tensor<64x192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<i32>) -> tensor<64x192x2048x28672xbf16>
      %494 = func.call @dynamic_update_index_in_dim(%iterArg_196, %487#7, %iterArg_188) : (tensor<64x192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
      %c_197 = stablehlo.constant dense<1> : tensor<i32>
      %495 = stablehlo.add %iterArg_188, %c_197 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_176, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %iterArg_186, %iterArg_187, %495, %487#0, %488, %489, %490, %491, %492, %493, %494 : tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<192x2048x1x64xf32>, tensor<i32>, tensor<192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x8192xbf16>
    }
    %56 = stablehlo.convert %55#14 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %57 = chlo.square %56 : tensor<192x2048x8192xf32> -> tensor<192x2048x8192xf32>
    %cst_18 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<192x2048x8192xf32>
    %59 = stablehlo.multiply %58, %56 : tensor<192x2048x8192xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%57 init: %cst_19) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %cst_20 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %63 = stablehlo.divide %61, %62 : tensor<192x2048x1xf32>
    %cst_21 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %65 = stablehlo.add %63, %64 : tensor<192x2048x1xf32>
    %66 = stablehlo.rsqrt %65 : tensor<192x2048x1xf32>
    %67 = stablehlo.divide %66, %65 : tensor<192x2048x1xf32>
    %cst_22 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %69 = stablehlo.multiply %68, %67 : tensor<192x2048x1xf32>
    %70 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %71 = stablehlo.multiply %56, %70 : tensor<192x2048x8192xf32>
    %72 = stablehlo.broadcast_in_dim %arg26, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %74 = stablehlo.multiply %71, %73 : tensor<192x2048x8192xf32>
    %75 = stablehlo.convert %74 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %76 = stablehlo.convert %arg36 : (tensor<8192x32000xf32>) -> tensor<8192x32000xbf16>
    %77 = stablehlo.dot_general %75, %76, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x32000xbf16>) -> tensor<192x2048x32000xbf16>
    %78 = stablehlo.convert %77 : (tensor<192x2048x32000xbf16>) -> tensor<192x2048x32000xf32>
    %79:3 = call @log_softmax(%78) : (tensor<192x2048x32000xf32>) -> (tensor<192x2048x32000xf32>, tensor<192x2048x32000xf32>, tensor<192x2048x1xf32>)
    %80 = stablehlo.broadcast_in_dim %arg38, dims = [0, 1] : (tensor<192x2048xi32>) -> tensor<192x2048x1xi32>
    %81:2 = call @take_along_axis(%79#0, %80) : (tensor<192x2048x32000xf32>, tensor<192x2048x1xi32>) -> (tensor<192x2048x1xf32>, tensor<192x2048x1x1xi32>)
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%81#0 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<192x2048x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_24 = stablehlo.constant dense<3.932160e+05> : tensor<f32>
    %83 = stablehlo.divide %82, %cst_24 : tensor<f32>
    %84 = stablehlo.negate %83 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %85 = stablehlo.negate %cst_25 : tensor<f32>
    %cst_26 = stablehlo.constant dense<3.932160e+05> : tensor<f32>
    %86 = stablehlo.divide %85, %cst_26 : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %88 = call @take_along_axis_5(%81#1, %87) : (tensor<192x2048x1x1xi32>, tensor<192x2048x1xf32>) -> tensor<192x2048x32000xf32>
    %89 = call @log_softmax_6(%79#1, %79#2, %88) : (tensor<192x2048x32000xf32>, tensor<192x2048x1xf32>, tensor<192x2048x32000xf32>) -> tensor<192x2048x32000xf32>
    %90 = stablehlo.convert %89 : (tensor<192x2048x32000xf32>) -> tensor<192x2048x32000xbf16>
    %91 = stablehlo.dot_general %90, %75, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x32000xbf16>, tensor<192x2048x8192xbf16>) -> tensor<32000x8192xbf16>
    %92 = stablehlo.transpose %91, dims = [1, 0] : (tensor<32000x8192xbf16>) -> tensor<8192x32000xbf16>
    %93 = stablehlo.dot_general %90, %76, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x32000xbf16>, tensor<8192x32000xbf16>) -> tensor<192x2048x8192xbf16>
    %94 = stablehlo.convert %92 : (tensor<8192x32000xbf16>) -> tensor<8192x32000xf32>
    %95 = stablehlo.convert %93 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %96 = stablehlo.multiply %71, %95 : tensor<192x2048x8192xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %97 = stablehlo.reduce(%96 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %98 = stablehlo.reshape %97 : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %99 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %100 = stablehlo.multiply %95, %99 : tensor<192x2048x8192xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.reduce(%98 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %102 = stablehlo.multiply %56, %100 : tensor<192x2048x8192xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%102 init: %cst_29) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %104 = stablehlo.reshape %103 : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %105 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %106 = stablehlo.multiply %100, %105 : tensor<192x2048x8192xf32>
    %107 = stablehlo.multiply %104, %69 : tensor<192x2048x1xf32>
    %cst_30 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %109 = stablehlo.divide %107, %108 : tensor<192x2048x1xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.reduce(%109 init: %cst_31) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x1xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x8192xf32>
    %112 = stablehlo.multiply %111, %59 : tensor<192x2048x8192xf32>
    %113 = stablehlo.add %106, %112 : tensor<192x2048x8192xf32>
    %114 = stablehlo.convert %113 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %c_41 = stablehlo.constant dense<0> : tensor<i32>
    %124:27 = stablehlo.while(%iterArg = %55#15, %iterArg_176 = %55#16, %iterArg_177 = %55#17, %iterArg_178 = %55#18, %iterArg_179 = %55#19, %iterArg_180 = %55#20, %iterArg_181 = %55#21, %iterArg_182 = %arg27, %iterArg_183 = %arg28, %iterArg_184 = %arg29, %iterArg_185 = %arg30, %iterArg_186 = %arg31, %iterArg_187 = %arg32, %iterArg_188 = %arg33, %iterArg_189 = %arg34, %iterArg_190 = %arg35, %iterArg_191 = %c_41, %iterArg_192 = %114, %iterArg_193 = %115, %iterArg_194 = %116, %iterArg_195 = %117, %iterArg_196 = %118, %iterArg_197 = %119, %iterArg_198 = %120, %iterArg_199 = %121, %iterArg_200 = %122, %iterArg_201 = %123) : tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<i32>, tensor<192x2048x8192xbf16>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>
    cond {
      %c_202 = stablehlo.constant dense<64> : tensor<i32>
      %478 = stablehlo.compare LT, %iterArg_191, %c_202, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %478 : tensor<i1>
    } do {
      %c_202 = stablehlo.constant dense<64> : tensor<i32>
      %478 = stablehlo.subtract %c_202, %iterArg_191 : tensor<i32>
      %c_203 = stablehlo.constant dense<1> : tensor<i32>
      %479 = stablehlo.subtract %478, %c_203 : tensor<i32>
      %480 = func.call @dynamic_index_in_dim_7(%iterArg, %479) : (tensor<64x192x2048x8192xbf16>, tensor<i32>) -> tensor<192x2048x8192xbf16>
      %481 = func.call @dynamic_index_in_dim_7(%iterArg_176, %479) : (tensor<64x192x2048x8192xbf16>, tensor<i32>) -> tensor<192x2048x8192xbf16>
      %482 = func.call @dynamic_index_in_dim_7(%iterArg_177, %479) : (tensor<64x192x2048x8192xbf16>, tensor<i32>) -> tensor<192x2048x8192xbf16>
      %483 = func.call @dynamic_index_in_dim_8(%iterArg_178, %479) : (tensor<64x192x2048x8192xbf16>, tensor<i32>) -> tensor<192x2048x8192xbf16>
      %484 = func.call @dynamic_index_in_dim_9(%iterArg_179, %479) : (tensor<64x192x2048x28672xbf16>, tensor<i32>) -> tensor<192x2048x28672xbf16>
      %485 = func.call @dynamic_index_in_dim_9(%iterArg_180, %479) : (tensor<64x192x2048x28672xbf16>, tensor<i32>) -> tensor<192x2048x28672xbf16>
      %486 = func.call @dynamic_index_in_dim_7(%iterArg_181, %479) : (tensor<64x192x2048x8192xbf16>, tensor<i32>) -> tensor<192x2048x8192xbf16>
      %487 = func.call @dynamic_index_in_dim(%iterArg_182, %479) : (tensor<64x8192xf32>, tensor<i32>) -> tensor<8192xf32>
      %488 = func.call @dynamic_index_in_dim(%iterArg_183, %479) : (tensor<64x8192xf32>, tensor<i32>) -> tensor<8192xf32>
      %489 = func.call @dynamic_index_in_dim_0(%iterArg_184, %479) : (tensor<64x28672x8192xf32>, tensor<i32>) -> tensor<28672x8192xf32>
      %490 = func.call @dynamic_index_in_dim_1(%iterArg_185, %479) : (tensor<64x8192x28672xf32>, tensor<i32>) -> tensor<8192x28672xf32>
      %491 = func.call @dynamic_index_in_dim_1(%iterArg_186, %479) : (tensor<64x8192x28672xf32>, tensor<i32>) -> tensor<8192x28672xf32>
      %492 = func.call @dynamic_index_in_dim_2(%iterArg_187, %479) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %493 = func.call @dynamic_index_in_dim_2(%iterArg_188, %479) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %494 = func.call @dynamic_index_in_dim_2(%iterArg_189, %479) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %495 = func.call @dynamic_index_in_dim_2(%iterArg_190, %479) : (tensor<64x8192x8192xf32>, tensor<i32>) -> tensor<8192x8192xf32>
      %496:10 = func.call @closed_call_10(%iterArg_192, %480, %481, %482, %483, %484, %485, %486, %487, %488, %489, %490, %491, %492, %493, %494, %495) : (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>) -> (tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>)
      %497 = func.call @dynamic_update_index_in_dim_15(%iterArg_193, %496#1, %479) : (tensor<64x8192xf32>, tensor<8192xf32>, tensor<i32>) -> tensor<64x8192xf32>
      %498 = func.call @dynamic_update_index_in_dim_15(%iterArg_194, %496#2, %479) : (tensor<64x8192xf32>, tensor<8192xf32>, tensor<i32>) -> tensor<64x8192xf32>
      %499 = func.call @dynamic_update_index_in_dim_16(%iterArg_195, %496#3, %479) : (tensor<64x28672x8192xf32>, tensor<28672x8192xf32>, tensor<i32>) -> tensor<64x28672x8192xf32>
      %500 = func.call @dynamic_update_index_in_dim_17(%iterArg_196, %496#4, %479) : (tensor<64x8192x28672xf32>, tensor<8192x28672xf32>, tensor<i32>) -> tensor<64x8192x28672xf32>
      %501 = func.call @dynamic_update_index_in_dim_17(%iterArg_197, %496#5, %479) : (tensor<64x8192x28672xf32>, tensor<8192x28672xf32>, tensor<i32>) -> tensor<64x8192x28672xf32>
      %502 = func.call @dynamic_update_index_in_dim_18(%iterArg_198, %496#6, %479) : (tensor<64x8192x8192xf32>, tensor<8192x8192xf32>, tensor<i32>) -> tensor<64x8192x8192xf32>
      %503 = func.call @dynamic_update_index_in_dim_18(%iterArg_199, %496#7, %479) : (tensor<64x8192x8192xf32>, tensor<8192x8192xf32>, tensor<i32>) -> tensor<64x8192x8192xf32>
      %504 = func.call @dynamic_update_index_in_dim_18(%iterArg_200, %496#8, %479) : (tensor<64x8192x8192xf32>, tensor<8192x8192xf32>, tensor<i32>) -> tensor<64x8192x8192xf32>
      %505 = func.call @dynamic_update_index_in_dim_18(%iterArg_201, %496#9, %479) : (tensor<64x8192x8192xf32>, tensor<8192x8192xf32>, tensor<i32>) -> tensor<64x8192x8192xf32>
      %c_204 = stablehlo.constant dense<1> : tensor<i32>
      %506 = stablehlo.add %iterArg_191, %c_204 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_176, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %iterArg_186, %iterArg_187, %iterArg_188, %iterArg_189, %iterArg_190, %506, %496#0, %497, %498, %499, %500, %501, %502, %503, %504, %505 : tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x28672xbf16>, tensor<64x192x2048x8192xbf16>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<i32>, tensor<192x2048x8192xbf16>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>
    }
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %125 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<bf16>) -> tensor<32000x8192xbf16>
    %126 = "stablehlo.scatter"(%125, %6, %124#17) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg39: tensor<bf16>, %arg40: tensor<bf16>):
      %478 = stablehlo.add %arg39, %arg40 : tensor<bf16>
      stablehlo.return %478 : tensor<bf16>
    }) : (tensor<32000x8192xbf16>, tensor<192x2048x1xi32>, tensor<192x2048x8192xbf16>) -> tensor<32000x8192xbf16>
    %127 = stablehlo.convert %126 : (tensor<32000x8192xbf16>) -> tensor<32000x8192xf32>
    %c_43 = stablehlo.constant dense<1> : tensor<i32>
    %128 = stablehlo.add %arg0, %c_43 : tensor<i32>
    %129 = stablehlo.convert %128 : (tensor<i32>) -> tensor<f32>
    %cst_44 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %131 = stablehlo.multiply %130, %arg1 : tensor<32000x8192xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %133 = stablehlo.multiply %132, %127 : tensor<32000x8192xf32>
    %134 = stablehlo.add %131, %133 : tensor<32000x8192xf32>
    %cst_46 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %136 = stablehlo.multiply %135, %arg2 : tensor<8192xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %138 = stablehlo.multiply %137, %101 : tensor<8192xf32>
    %139 = stablehlo.add %136, %138 : tensor<8192xf32>
    %cst_48 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %141 = stablehlo.multiply %140, %arg3 : tensor<64x8192xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %143 = stablehlo.multiply %142, %124#18 : tensor<64x8192xf32>
    %144 = stablehlo.add %141, %143 : tensor<64x8192xf32>
    %cst_50 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %145 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %146 = stablehlo.multiply %145, %arg4 : tensor<64x8192xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %148 = stablehlo.multiply %147, %124#19 : tensor<64x8192xf32>
    %149 = stablehlo.add %146, %148 : tensor<64x8192xf32>
    %cst_52 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %151 = stablehlo.multiply %150, %arg5 : tensor<64x28672x8192xf32>
    %cst_53 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %153 = stablehlo.multiply %152, %124#20 : tensor<64x28672x8192xf32>
    %154 = stablehlo.add %151, %153 : tensor<64x28672x8192xf32>
    %cst_54 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %156 = stablehlo.multiply %155, %arg6 : tensor<64x8192x28672xf32>
    %cst_55 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %157 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %158 = stablehlo.multiply %157, %124#21 : tensor<64x8192x28672xf32>
    %159 = stablehlo.add %156, %158 : tensor<64x8192x28672xf32>
    %cst_56 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %161 = stablehlo.multiply %160, %arg7 : tensor<64x8192x28672xf32>
    %cst_57 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %163 = stablehlo.multiply %162, %124#22 : tensor<64x8192x28672xf32>
    %164 = stablehlo.add %161, %163 : tensor<64x8192x28672xf32>
    %cst_58 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %166 = stablehlo.multiply %165, %arg8 : tensor<64x8192x8192xf32>
    %cst_59 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %168 = stablehlo.multiply %167, %124#23 : tensor<64x8192x8192xf32>
    %169 = stablehlo.add %166, %168 : tensor<64x8192x8192xf32>
    %cst_60 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %171 = stablehlo.multiply %170, %arg9 : tensor<64x8192x8192xf32>
    %cst_61 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %173 = stablehlo.multiply %172, %124#24 : tensor<64x8192x8192xf32>
    %174 = stablehlo.add %171, %173 : tensor<64x8192x8192xf32>
    %cst_62 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %176 = stablehlo.multiply %175, %arg10 : tensor<64x8192x8192xf32>
    %cst_63 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %178 = stablehlo.multiply %177, %124#25 : tensor<64x8192x8192xf32>
    %179 = stablehlo.add %176, %178 : tensor<64x8192x8192xf32>
    %cst_64 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %181 = stablehlo.multiply %180, %arg11 : tensor<64x8192x8192xf32>
    %cst_65 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %183 = stablehlo.multiply %182, %124#26 : tensor<64x8192x8192xf32>
    %184 = stablehlo.add %181, %183 : tensor<64x8192x8192xf32>
    %cst_66 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %186 = stablehlo.multiply %185, %arg12 : tensor<8192x32000xf32>
    %cst_67 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %188 = stablehlo.multiply %187, %94 : tensor<8192x32000xf32>
    %189 = stablehlo.add %186, %188 : tensor<8192x32000xf32>
    %cst_68 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %191 = stablehlo.multiply %190, %arg13 : tensor<32000x8192xf32>
    %192 = chlo.square %127 : tensor<32000x8192xf32> -> tensor<32000x8192xf32>
    %cst_69 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %194 = stablehlo.multiply %193, %192 : tensor<32000x8192xf32>
    %195 = stablehlo.add %191, %194 : tensor<32000x8192xf32>
    %cst_70 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %197 = stablehlo.multiply %196, %arg14 : tensor<8192xf32>
    %198 = chlo.square %101 : tensor<8192xf32> -> tensor<8192xf32>
    %cst_71 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %200 = stablehlo.multiply %199, %198 : tensor<8192xf32>
    %201 = stablehlo.add %197, %200 : tensor<8192xf32>
    %cst_72 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %203 = stablehlo.multiply %202, %arg15 : tensor<64x8192xf32>
    %204 = chlo.square %124#18 : tensor<64x8192xf32> -> tensor<64x8192xf32>
    %cst_73 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %206 = stablehlo.multiply %205, %204 : tensor<64x8192xf32>
    %207 = stablehlo.add %203, %206 : tensor<64x8192xf32>
    %cst_74 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %209 = stablehlo.multiply %208, %arg16 : tensor<64x8192xf32>
    %210 = chlo.square %124#19 : tensor<64x8192xf32> -> tensor<64x8192xf32>
    %cst_75 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %212 = stablehlo.multiply %211, %210 : tensor<64x8192xf32>
    %213 = stablehlo.add %209, %212 : tensor<64x8192xf32>
    %cst_76 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %214 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %215 = stablehlo.multiply %214, %arg17 : tensor<64x28672x8192xf32>
    %216 = chlo.square %124#20 : tensor<64x28672x8192xf32> -> tensor<64x28672x8192xf32>
    %cst_77 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %217 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %218 = stablehlo.multiply %217, %216 : tensor<64x28672x8192xf32>
    %219 = stablehlo.add %215, %218 : tensor<64x28672x8192xf32>
    %cst_78 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %220 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %221 = stablehlo.multiply %220, %arg18 : tensor<64x8192x28672xf32>
    %222 = chlo.square %124#21 : tensor<64x8192x28672xf32> -> tensor<64x8192x28672xf32>
    %cst_79 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %223 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %224 = stablehlo.multiply %223, %222 : tensor<64x8192x28672xf32>
    %225 = stablehlo.add %221, %224 : tensor<64x8192x28672xf32>
    %cst_80 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %227 = stablehlo.multiply %226, %arg19 : tensor<64x8192x28672xf32>
    %228 = chlo.square %124#22 : tensor<64x8192x28672xf32> -> tensor<64x8192x28672xf32>
    %cst_81 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %230 = stablehlo.multiply %229, %228 : tensor<64x8192x28672xf32>
    %231 = stablehlo.add %227, %230 : tensor<64x8192x28672xf32>
    %cst_82 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %232 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %233 = stablehlo.multiply %232, %arg20 : tensor<64x8192x8192xf32>
    %234 = chlo.square %124#23 : tensor<64x8192x8192xf32> -> tensor<64x8192x8192xf32>
    %cst_83 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %236 = stablehlo.multiply %235, %234 : tensor<64x8192x8192xf32>
    %237 = stablehlo.add %233, %236 : tensor<64x8192x8192xf32>
    %cst_84 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %239 = stablehlo.multiply %238, %arg21 : tensor<64x8192x8192xf32>
    %240 = chlo.square %124#24 : tensor<64x8192x8192xf32> -> tensor<64x8192x8192xf32>
    %cst_85 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %242 = stablehlo.multiply %241, %240 : tensor<64x8192x8192xf32>
    %243 = stablehlo.add %239, %242 : tensor<64x8192x8192xf32>
    %cst_86 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %244 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %245 = stablehlo.multiply %244, %arg22 : tensor<64x8192x8192xf32>
    %246 = chlo.square %124#25 : tensor<64x8192x8192xf32> -> tensor<64x8192x8192xf32>
    %cst_87 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %248 = stablehlo.multiply %247, %246 : tensor<64x8192x8192xf32>
    %249 = stablehlo.add %245, %248 : tensor<64x8192x8192xf32>
    %cst_88 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %251 = stablehlo.multiply %250, %arg23 : tensor<64x8192x8192xf32>
    %252 = chlo.square %124#26 : tensor<64x8192x8192xf32> -> tensor<64x8192x8192xf32>
    %cst_89 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %254 = stablehlo.multiply %253, %252 : tensor<64x8192x8192xf32>
    %255 = stablehlo.add %251, %254 : tensor<64x8192x8192xf32>
    %cst_90 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %256 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %257 = stablehlo.multiply %256, %arg24 : tensor<8192x32000xf32>
    %258 = chlo.square %94 : tensor<8192x32000xf32> -> tensor<8192x32000xf32>
    %cst_91 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %260 = stablehlo.multiply %259, %258 : tensor<8192x32000xf32>
    %261 = stablehlo.add %257, %260 : tensor<8192x32000xf32>
    %cst_92 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %262 = stablehlo.power %cst_92, %129 : tensor<f32>
    %cst_93 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %263 = stablehlo.subtract %cst_93, %262 : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %263, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %265 = stablehlo.divide %134, %264 : tensor<32000x8192xf32>
    %cst_94 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %266 = stablehlo.power %cst_94, %129 : tensor<f32>
    %cst_95 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %267 = stablehlo.subtract %cst_95, %266 : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %267, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %269 = stablehlo.divide %195, %268 : tensor<32000x8192xf32>
    %270 = stablehlo.sqrt %269 : tensor<32000x8192xf32>
    %cst_96 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %272 = stablehlo.add %270, %271 : tensor<32000x8192xf32>
    %273 = stablehlo.divide %265, %272 : tensor<32000x8192xf32>
    %cst_97 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %275 = stablehlo.multiply %274, %arg25 : tensor<32000x8192xf32>
    %276 = stablehlo.add %273, %275 : tensor<32000x8192xf32>
    %cst_98 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %277 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<32000x8192xf32>
    %278 = stablehlo.multiply %277, %276 : tensor<32000x8192xf32>
    %279 = stablehlo.subtract %arg25, %278 : tensor<32000x8192xf32>
    %cst_99 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %280 = stablehlo.power %cst_99, %129 : tensor<f32>
    %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %281 = stablehlo.subtract %cst_100, %280 : tensor<f32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %283 = stablehlo.divide %139, %282 : tensor<8192xf32>
    %cst_101 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %284 = stablehlo.power %cst_101, %129 : tensor<f32>
    %cst_102 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %285 = stablehlo.subtract %cst_102, %284 : tensor<f32>
    %286 = stablehlo.broadcast_in_dim %285, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %287 = stablehlo.divide %201, %286 : tensor<8192xf32>
    %288 = stablehlo.sqrt %287 : tensor<8192xf32>
    %cst_103 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %289 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %290 = stablehlo.add %288, %289 : tensor<8192xf32>
    %291 = stablehlo.divide %283, %290 : tensor<8192xf32>
    %cst_104 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %292 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %293 = stablehlo.multiply %292, %arg26 : tensor<8192xf32>
    %294 = stablehlo.add %291, %293 : tensor<8192xf32>
    %cst_105 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %296 = stablehlo.multiply %295, %294 : tensor<8192xf32>
    %297 = stablehlo.subtract %arg26, %296 : tensor<8192xf32>
    %cst_106 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %298 = stablehlo.power %cst_106, %129 : tensor<f32>
    %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %299 = stablehlo.subtract %cst_107, %298 : tensor<f32>
    %300 = stablehlo.broadcast_in_dim %299, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %301 = stablehlo.divide %144, %300 : tensor<64x8192xf32>
    %cst_108 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %302 = stablehlo.power %cst_108, %129 : tensor<f32>
    %cst_109 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %303 = stablehlo.subtract %cst_109, %302 : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %303, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %305 = stablehlo.divide %207, %304 : tensor<64x8192xf32>
    %306 = stablehlo.sqrt %305 : tensor<64x8192xf32>
    %cst_110 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %308 = stablehlo.add %306, %307 : tensor<64x8192xf32>
    %309 = stablehlo.divide %301, %308 : tensor<64x8192xf32>
    %cst_111 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %310 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %311 = stablehlo.multiply %310, %arg27 : tensor<64x8192xf32>
    %312 = stablehlo.add %309, %311 : tensor<64x8192xf32>
    %cst_112 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %313 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %314 = stablehlo.multiply %313, %312 : tensor<64x8192xf32>
    %315 = stablehlo.subtract %arg27, %314 : tensor<64x8192xf32>
    %cst_113 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %316 = stablehlo.power %cst_113, %129 : tensor<f32>
    %cst_114 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %317 = stablehlo.subtract %cst_114, %316 : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %317, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %319 = stablehlo.divide %149, %318 : tensor<64x8192xf32>
    %cst_115 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %320 = stablehlo.power %cst_115, %129 : tensor<f32>
    %cst_116 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %321 = stablehlo.subtract %cst_116, %320 : tensor<f32>
    %322 = stablehlo.broadcast_in_dim %321, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %323 = stablehlo.divide %213, %322 : tensor<64x8192xf32>
    %324 = stablehlo.sqrt %323 : tensor<64x8192xf32>
    %cst_117 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %325 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %326 = stablehlo.add %324, %325 : tensor<64x8192xf32>
    %327 = stablehlo.divide %319, %326 : tensor<64x8192xf32>
    %cst_118 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %329 = stablehlo.multiply %328, %arg28 : tensor<64x8192xf32>
    %330 = stablehlo.add %327, %329 : tensor<64x8192xf32>
    %cst_119 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %331 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<64x8192xf32>
    %332 = stablehlo.multiply %331, %330 : tensor<64x8192xf32>
    %333 = stablehlo.subtract %arg28, %332 : tensor<64x8192xf32>
    %cst_120 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %334 = stablehlo.power %cst_120, %129 : tensor<f32>
    %cst_121 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %335 = stablehlo.subtract %cst_121, %334 : tensor<f32>
    %336 = stablehlo.broadcast_in_dim %335, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %337 = stablehlo.divide %154, %336 : tensor<64x28672x8192xf32>
    %cst_122 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %338 = stablehlo.power %cst_122, %129 : tensor<f32>
    %cst_123 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %339 = stablehlo.subtract %cst_123, %338 : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %339, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %341 = stablehlo.divide %219, %340 : tensor<64x28672x8192xf32>
    %342 = stablehlo.sqrt %341 : tensor<64x28672x8192xf32>
    %cst_124 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %344 = stablehlo.add %342, %343 : tensor<64x28672x8192xf32>
    %345 = stablehlo.divide %337, %344 : tensor<64x28672x8192xf32>
    %cst_125 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %346 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %347 = stablehlo.multiply %346, %arg29 : tensor<64x28672x8192xf32>
    %348 = stablehlo.add %345, %347 : tensor<64x28672x8192xf32>
    %cst_126 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %349 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<64x28672x8192xf32>
    %350 = stablehlo.multiply %349, %348 : tensor<64x28672x8192xf32>
    %351 = stablehlo.subtract %arg29, %350 : tensor<64x28672x8192xf32>
    %cst_127 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %352 = stablehlo.power %cst_127, %129 : tensor<f32>
    %cst_128 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %353 = stablehlo.subtract %cst_128, %352 : tensor<f32>
    %354 = stablehlo.broadcast_in_dim %353, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %355 = stablehlo.divide %159, %354 : tensor<64x8192x28672xf32>
    %cst_129 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %356 = stablehlo.power %cst_129, %129 : tensor<f32>
    %cst_130 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %357 = stablehlo.subtract %cst_130, %356 : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %357, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %359 = stablehlo.divide %225, %358 : tensor<64x8192x28672xf32>
    %360 = stablehlo.sqrt %359 : tensor<64x8192x28672xf32>
    %cst_131 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %361 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %362 = stablehlo.add %360, %361 : tensor<64x8192x28672xf32>
    %363 = stablehlo.divide %355, %362 : tensor<64x8192x28672xf32>
    %cst_132 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %364 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %365 = stablehlo.multiply %364, %arg30 : tensor<64x8192x28672xf32>
    %366 = stablehlo.add %363, %365 : tensor<64x8192x28672xf32>
    %cst_133 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %367 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %368 = stablehlo.multiply %367, %366 : tensor<64x8192x28672xf32>
    %369 = stablehlo.subtract %arg30, %368 : tensor<64x8192x28672xf32>
    %cst_134 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %370 = stablehlo.power %cst_134, %129 : tensor<f32>
    %cst_135 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %371 = stablehlo.subtract %cst_135, %370 : tensor<f32>
    %372 = stablehlo.broadcast_in_dim %371, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %373 = stablehlo.divide %164, %372 : tensor<64x8192x28672xf32>
    %cst_136 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %374 = stablehlo.power %cst_136, %129 : tensor<f32>
    %cst_137 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %375 = stablehlo.subtract %cst_137, %374 : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %375, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %377 = stablehlo.divide %231, %376 : tensor<64x8192x28672xf32>
    %378 = stablehlo.sqrt %377 : tensor<64x8192x28672xf32>
    %cst_138 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %380 = stablehlo.add %378, %379 : tensor<64x8192x28672xf32>
    %381 = stablehlo.divide %373, %380 : tensor<64x8192x28672xf32>
    %cst_139 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %382 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %383 = stablehlo.multiply %382, %arg31 : tensor<64x8192x28672xf32>
    %384 = stablehlo.add %381, %383 : tensor<64x8192x28672xf32>
    %cst_140 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %385 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<64x8192x28672xf32>
    %386 = stablehlo.multiply %385, %384 : tensor<64x8192x28672xf32>
    %387 = stablehlo.subtract %arg31, %386 : tensor<64x8192x28672xf32>
    %cst_141 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %388 = stablehlo.power %cst_141, %129 : tensor<f32>
    %cst_142 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %389 = stablehlo.subtract %cst_142, %388 : tensor<f32>
    %390 = stablehlo.broadcast_in_dim %389, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %391 = stablehlo.divide %169, %390 : tensor<64x8192x8192xf32>
    %cst_143 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %392 = stablehlo.power %cst_143, %129 : tensor<f32>
    %cst_144 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %393 = stablehlo.subtract %cst_144, %392 : tensor<f32>
    %394 = stablehlo.broadcast_in_dim %393, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %395 = stablehlo.divide %237, %394 : tensor<64x8192x8192xf32>
    %396 = stablehlo.sqrt %395 : tensor<64x8192x8192xf32>
    %cst_145 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %397 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %398 = stablehlo.add %396, %397 : tensor<64x8192x8192xf32>
    %399 = stablehlo.divide %391, %398 : tensor<64x8192x8192xf32>
    %cst_146 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %400 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %401 = stablehlo.multiply %400, %arg32 : tensor<64x8192x8192xf32>
    %402 = stablehlo.add %399, %401 : tensor<64x8192x8192xf32>
    %cst_147 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %403 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %404 = stablehlo.multiply %403, %402 : tensor<64x8192x8192xf32>
    %405 = stablehlo.subtract %arg32, %404 : tensor<64x8192x8192xf32>
    %cst_148 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %406 = stablehlo.power %cst_148, %129 : tensor<f32>
    %cst_149 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %407 = stablehlo.subtract %cst_149, %406 : tensor<f32>
    %408 = stablehlo.broadcast_in_dim %407, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %409 = stablehlo.divide %174, %408 : tensor<64x8192x8192xf32>
    %cst_150 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %410 = stablehlo.power %cst_150, %129 : tensor<f32>
    %cst_151 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %411 = stablehlo.subtract %cst_151, %410 : tensor<f32>
    %412 = stablehlo.broadcast_in_dim %411, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %413 = stablehlo.divide %243, %412 : tensor<64x8192x8192xf32>
    %414 = stablehlo.sqrt %413 : tensor<64x8192x8192xf32>
    %cst_152 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %416 = stablehlo.add %414, %415 : tensor<64x8192x8192xf32>
    %417 = stablehlo.divide %409, %416 : tensor<64x8192x8192xf32>
    %cst_153 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %418 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %419 = stablehlo.multiply %418, %arg33 : tensor<64x8192x8192xf32>
    %420 = stablehlo.add %417, %419 : tensor<64x8192x8192xf32>
    %cst_154 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %421 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %422 = stablehlo.multiply %421, %420 : tensor<64x8192x8192xf32>
    %423 = stablehlo.subtract %arg33, %422 : tensor<64x8192x8192xf32>
    %cst_155 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %424 = stablehlo.power %cst_155, %129 : tensor<f32>
    %cst_156 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %425 = stablehlo.subtract %cst_156, %424 : tensor<f32>
    %426 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %427 = stablehlo.divide %179, %426 : tensor<64x8192x8192xf32>
    %cst_157 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %428 = stablehlo.power %cst_157, %129 : tensor<f32>
    %cst_158 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %429 = stablehlo.subtract %cst_158, %428 : tensor<f32>
    %430 = stablehlo.broadcast_in_dim %429, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %431 = stablehlo.divide %249, %430 : tensor<64x8192x8192xf32>
    %432 = stablehlo.sqrt %431 : tensor<64x8192x8192xf32>
    %cst_159 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %433 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %434 = stablehlo.add %432, %433 : tensor<64x8192x8192xf32>
    %435 = stablehlo.divide %427, %434 : tensor<64x8192x8192xf32>
    %cst_160 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %436 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %437 = stablehlo.multiply %436, %arg34 : tensor<64x8192x8192xf32>
    %438 = stablehlo.add %435, %437 : tensor<64x8192x8192xf32>
    %cst_161 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %440 = stablehlo.multiply %439, %438 : tensor<64x8192x8192xf32>
    %441 = stablehlo.subtract %arg34, %440 : tensor<64x8192x8192xf32>
    %cst_162 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %442 = stablehlo.power %cst_162, %129 : tensor<f32>
    %cst_163 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %443 = stablehlo.subtract %cst_163, %442 : tensor<f32>
    %444 = stablehlo.broadcast_in_dim %443, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %445 = stablehlo.divide %184, %444 : tensor<64x8192x8192xf32>
    %cst_164 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %446 = stablehlo.power %cst_164, %129 : tensor<f32>
    %cst_165 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %447 = stablehlo.subtract %cst_165, %446 : tensor<f32>
    %448 = stablehlo.broadcast_in_dim %447, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %449 = stablehlo.divide %255, %448 : tensor<64x8192x8192xf32>
    %450 = stablehlo.sqrt %449 : tensor<64x8192x8192xf32>
    %cst_166 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %451 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %452 = stablehlo.add %450, %451 : tensor<64x8192x8192xf32>
    %453 = stablehlo.divide %445, %452 : tensor<64x8192x8192xf32>
    %cst_167 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %455 = stablehlo.multiply %454, %arg35 : tensor<64x8192x8192xf32>
    %456 = stablehlo.add %453, %455 : tensor<64x8192x8192xf32>
    %cst_168 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %457 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<64x8192x8192xf32>
    %458 = stablehlo.multiply %457, %456 : tensor<64x8192x8192xf32>
    %459 = stablehlo.subtract %arg35, %458 : tensor<64x8192x8192xf32>
    %cst_169 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %460 = stablehlo.power %cst_169, %129 : tensor<f32>
    %cst_170 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %461 = stablehlo.subtract %cst_170, %460 : tensor<f32>
    %462 = stablehlo.broadcast_in_dim %461, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %463 = stablehlo.divide %189, %462 : tensor<8192x32000xf32>
    %cst_171 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %464 = stablehlo.power %cst_171, %129 : tensor<f32>
    %cst_172 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %465 = stablehlo.subtract %cst_172, %464 : tensor<f32>
    %466 = stablehlo.broadcast_in_dim %465, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %467 = stablehlo.divide %261, %466 : tensor<8192x32000xf32>
    %468 = stablehlo.sqrt %467 : tensor<8192x32000xf32>
    %cst_173 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %469 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %470 = stablehlo.add %468, %469 : tensor<8192x32000xf32>
    %471 = stablehlo.divide %463, %470 : tensor<8192x32000xf32>
    %cst_174 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %473 = stablehlo.multiply %472, %arg36 : tensor<8192x32000xf32>
    %474 = stablehlo.add %471, %473 : tensor<8192x32000xf32>
    %cst_175 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<8192x32000xf32>
    %476 = stablehlo.multiply %475, %474 : tensor<8192x32000xf32>
    %477 = stablehlo.subtract %arg36, %476 : tensor<8192x32000xf32>
    return %128, %134, %139, %144, %149, %154, %159, %164, %169, %174, %179, %184, %189, %195, %201, %207, %213, %219, %225, %231, %237, %243, %249, %255, %261, %279, %297, %315, %333, %351, %369, %387, %405, %423, %441, %459, %477, %84 : tensor<i32>, tensor<32000x8192xf32>, tensor<8192xf32>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<8192x32000xf32>, tensor<32000x8192xf32>, tensor<8192xf32>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<8192x32000xf32>, tensor<32000x8192xf32>, tensor<8192xf32>, tensor<64x8192xf32>, tensor<64x8192xf32>, tensor<64x28672x8192xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x28672xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<64x8192x8192xf32>, tensor<8192x32000xf32>, tensor<f32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<64x8192xf32>, %arg1: tensor<i32>) -> tensor<8192xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 8192] : (tensor<64x8192xf32>, tensor<i32>, tensor<i32>) -> tensor<1x8192xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8192xf32>) -> tensor<8192xf32>
    return %1 : tensor<8192xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<64x28672x8192xf32>, %arg1: tensor<i32>) -> tensor<28672x8192xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 28672, 8192] : (tensor<64x28672x8192xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x28672x8192xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x28672x8192xf32>) -> tensor<28672x8192xf32>
    return %1 : tensor<28672x8192xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<64x8192x28672xf32>, %arg1: tensor<i32>) -> tensor<8192x28672xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8192, 28672] : (tensor<64x8192x28672xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8192x28672xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8192x28672xf32>) -> tensor<8192x28672xf32>
    return %1 : tensor<8192x28672xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<64x8192x8192xf32>, %arg1: tensor<i32>) -> tensor<8192x8192xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8192, 8192] : (tensor<64x8192x8192xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8192x8192xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8192x8192xf32>) -> tensor<8192x8192xf32>
    return %1 : tensor<8192x8192xf32>
  }
  func.func private @closed_call(%arg0: tensor<192x2048x1x64xf32>, %arg1: tensor<192x2048x1x64xf32>, %arg2: tensor<192x2048x1x64xf32>, %arg3: tensor<192x2048x1x64xf32>, %arg4: tensor<192x2048x8192xbf16>, %arg5: tensor<8192xf32>, %arg6: tensor<8192xf32>, %arg7: tensor<28672x8192xf32>, %arg8: tensor<8192x28672xf32>, %arg9: tensor<8192x28672xf32>, %arg10: tensor<8192x8192xf32>, %arg11: tensor<8192x8192xf32>, %arg12: tensor<8192x8192xf32>, %arg13: tensor<8192x8192xf32>) -> (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>) {
    %0 = stablehlo.convert %arg5 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %1 = stablehlo.convert %arg6 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %2 = stablehlo.convert %arg7 : (tensor<28672x8192xf32>) -> tensor<28672x8192xbf16>
    %3 = stablehlo.convert %arg8 : (tensor<8192x28672xf32>) -> tensor<8192x28672xbf16>
    %4 = stablehlo.convert %arg9 : (tensor<8192x28672xf32>) -> tensor<8192x28672xbf16>
    %5 = stablehlo.convert %arg10 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %6 = stablehlo.convert %arg11 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %7 = stablehlo.convert %arg12 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %8 = stablehlo.convert %arg13 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %9 = stablehlo.convert %arg4 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %10 = chlo.square %9 : tensor<192x2048x8192xf32> -> tensor<192x2048x8192xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %cst_0 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<192x2048x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %16 = stablehlo.add %14, %15 : tensor<192x2048x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<192x2048x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %19 = stablehlo.multiply %9, %18 : tensor<192x2048x8192xf32>
    %20 = stablehlo.convert %0 : (tensor<8192xbf16>) -> tensor<8192xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %23 = stablehlo.multiply %19, %22 : tensor<192x2048x8192xf32>
    %24 = stablehlo.convert %23 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %25 = stablehlo.dot_general %24, %7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %26 = stablehlo.reduce_precision %25, format = e8m7 : tensor<192x2048x8192xbf16>
    %27 = stablehlo.reshape %26 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
    %28 = stablehlo.dot_general %24, %5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %29 = stablehlo.reduce_precision %28, format = e8m7 : tensor<192x2048x8192xbf16>
    %30 = stablehlo.reshape %29 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
    %31 = stablehlo.dot_general %24, %8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %32 = stablehlo.reduce_precision %31, format = e8m7 : tensor<192x2048x8192xbf16>
    %33 = stablehlo.reshape %32 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
    %34 = stablehlo.convert %27 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %35 = stablehlo.slice %34 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %36 = stablehlo.slice %34 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %37 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %38 = stablehlo.multiply %35, %37 : tensor<192x2048x64x64xf32>
    %39 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %40 = stablehlo.multiply %36, %39 : tensor<192x2048x64x64xf32>
    %41 = stablehlo.subtract %38, %40 : tensor<192x2048x64x64xf32>
    %42 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %43 = stablehlo.multiply %36, %42 : tensor<192x2048x64x64xf32>
    %44 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %45 = stablehlo.multiply %35, %44 : tensor<192x2048x64x64xf32>
    %46 = stablehlo.add %43, %45 : tensor<192x2048x64x64xf32>
    %47 = stablehlo.concatenate %41, %46, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %48 = stablehlo.convert %47 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
    %49 = stablehlo.convert %30 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %50 = stablehlo.slice %49 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %51 = stablehlo.slice %49 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %52 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %53 = stablehlo.multiply %50, %52 : tensor<192x2048x64x64xf32>
    %54 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %55 = stablehlo.multiply %51, %54 : tensor<192x2048x64x64xf32>
    %56 = stablehlo.subtract %53, %55 : tensor<192x2048x64x64xf32>
    %57 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %58 = stablehlo.multiply %51, %57 : tensor<192x2048x64x64xf32>
    %59 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %60 = stablehlo.multiply %50, %59 : tensor<192x2048x64x64xf32>
    %61 = stablehlo.add %58, %60 : tensor<192x2048x64x64xf32>
    %62 = stablehlo.concatenate %56, %61, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %63 = stablehlo.convert %62 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
    %64 = stablehlo.reshape %48 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %65 = stablehlo.reshape %64 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %66 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2, 4] : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %67 = stablehlo.reshape %66 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %68 = stablehlo.transpose %67, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %69 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 4] : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %70 = stablehlo.reshape %69 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %71 = stablehlo.transpose %70, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %72 = stablehlo.transpose %65, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %73 = sdy.manual_computation(%72, %68, %71) in_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>] manual_axes={"x", "y", "z"} (%arg14: tensor<12x16x2048x128xbf16>, %arg15: tensor<12x16x2048x128xbf16>, %arg16: tensor<12x16x2048x128xbf16>) {
      %104 = func.call @flash_attention(%arg14, %arg15, %arg16) : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>) -> tensor<12x16x2048x128xbf16>
      sdy.return %104 : tensor<12x16x2048x128xbf16>
    } : (tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %74 = stablehlo.transpose %73, dims = [0, 2, 1, 3] : (tensor<192x64x2048x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %75 = stablehlo.reshape %74 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %76 = stablehlo.reshape %75 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x8192xbf16>
    %77 = stablehlo.dot_general %76, %6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %78 = stablehlo.reduce_precision %77, format = e8m7 : tensor<192x2048x8192xbf16>
    %79 = stablehlo.add %arg4, %78 : tensor<192x2048x8192xbf16>
    %80 = stablehlo.convert %79 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %81 = chlo.square %80 : tensor<192x2048x8192xf32> -> tensor<192x2048x8192xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%81 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %cst_3 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %85 = stablehlo.divide %83, %84 : tensor<192x2048x1xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %87 = stablehlo.add %85, %86 : tensor<192x2048x1xf32>
    %88 = stablehlo.rsqrt %87 : tensor<192x2048x1xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %90 = stablehlo.multiply %80, %89 : tensor<192x2048x8192xf32>
    %91 = stablehlo.convert %1 : (tensor<8192xbf16>) -> tensor<8192xf32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %94 = stablehlo.multiply %90, %93 : tensor<192x2048x8192xf32>
    %95 = stablehlo.convert %94 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %96 = stablehlo.dot_general %95, %3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x28672xbf16>) -> tensor<192x2048x28672xbf16>
    %97 = stablehlo.reduce_precision %96, format = e8m7 : tensor<192x2048x28672xbf16>
    %98 = call @silu(%97) : (tensor<192x2048x28672xbf16>) -> tensor<192x2048x28672xbf16>
    %99 = stablehlo.dot_general %95, %4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x28672xbf16>) -> tensor<192x2048x28672xbf16>
    %100 = stablehlo.reduce_precision %99, format = e8m7 : tensor<192x2048x28672xbf16>
    %101 = stablehlo.multiply %98, %100 : tensor<192x2048x28672xbf16>
    %102 = stablehlo.dot_general %101, %2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x28672xbf16>, tensor<28672x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %103 = stablehlo.add %79, %102 : tensor<192x2048x8192xbf16>
    return %103, %26, %29, %32, %78, %97, %100, %arg4 : tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>
  }
  func.func private @flash_attention(%arg0: tensor<12x16x2048x128xbf16>, %arg1: tensor<12x16x2048x128xbf16>, %arg2: tensor<12x16x2048x128xbf16>) -> tensor<12x16x2048x128xbf16> {
    %0:3 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFNCwEDBQcJAQMLAzcNDxETFRcZGx0fISMlJykrLS8xMzU3OTs9P0EDLgSaAyUB9RcXBxcPExMPFw8TCzMTEw8LCxMLC5MLEwsXDxMTFxcTFxcLExMXEwsXE8UPDwsLCwsLCwsLCwsTEwsLEw8XFwsLCwsLFwsTFwsLMxcTFxcXEwsPSwsbCwuTCwsLCwsjGwsbCxsLGwsbCxsLGxsbGxsbDw8PCycLCxMTBQmNYZFNBwVZWQHFCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8LEwsLEwsLUwsTCxMLHwsTCycXHxcjCxMLEwsXIxMXCxMLDwsTCxcfDw8XHwsTCx8PCxMLEwsLEwsTCxcfCxMLHxsfCxMLJxcfEwsFBSoCKgIJBV1JASUPBx8nBy8LDy8fHxcnBx8bQy8C4hUdagJuAgMDF1oCHx1eAmICHWvzAwMX4wMD7/8VExMdRgJKAh3p6wMDhf0FQwMHaTV2AnoCfgKCAgMDF/EdZ8ICHWfnBUUFRwMDF+UFSQVLIw8JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADSMdbQYCBU0dOgI+AhENAB1PHgMddTICHZYCmgIDAxfmAh1rQgMDAzEOAh0SAhYCBU8ddSoCAwMxeR3qAu4CHU/+AgVRHWoDbgMdT4IDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABEPAREPDQVTBVUFVwVZBVsFXQVfBWEFYwVlHUUeAh1FJgIFZwVpAwMxVxEPBR2GAooCAwMXkgIFawVtBW8FcQVzHbYCugIFdR1FAgMdDgMSAwV3BXkjDwMRAQAAAAAAAAAdIgMmAx1tLgMdNgM6Ax1SA1YDAwMXZgMDA6OlBXsRDy0DEamrIa2vsbNXtVkjt7n7u70FfQEJ9fX1+Q0hBX8jDwlBDAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAEAAAAAAAAAAFgQWDBYUFhwWJAQ2/w8fLz9MDBSfBKSsJWwMFJ8UpKwldAwUnySkrCV8DBSfNKSsJYQMFJ9EpKwljAwUn1SkrCWUDBSEtI1sDBSEtI10DBSEtI18DBSEtI2EDBSEtI2MDBSEtI2URAQERAQUdaRMFiy3tCR4DEyYDBwWNBY8RAQIEHQICEyN0cHUuZGltZW5zaW9uX3NlbWFudGljczxwYXJhbGxlbD4AI3RwdS5tZW1vcnlfc3BhY2U8dm1lbT4AI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPGFyYml0cmFyeT4AI3RwdS5jb3JlX3R5cGU8dGM+ACNhcml0aC5mYXN0bWF0aDxub25lPgAjYXJpdGgub3ZlcmZsb3c8bm9uZT4ABZEdCgITBZMRDxEFlR0aAg8Flx0iAhMFmR1zDx0uAhMFmx02Ag8FnQWfHUICDwWhBaMdTgITBaUDAxdWAhEBPREDAQWnHWYCEwWpBasdcgITBa0FryMBCSEBAAAAAQAAAAQAAAAAAAAABbEjAQEBBbMdjgITBbUlBQkAAAAABbcdngIPBbkDB3+KA4E1gzUDAxeqAhMJ0DxBbQ8DA4eyAiMBAwkAAAAABbsdvgIPBb0dxgIPBb8DA4fOAiMBAwkBAAAAAwMxWR3aAt4CBcEd4gIPBcMTCQEFxR3yAhMFxwMDF/oCEwmQzMzMPx2LBR1zBQMDFwoDJRcJAACA/wXJHRYDDwXLAwWRkgOTlR2LDwXNHSoDDwXPHTIDDwXRBdMdPgMPBdUdRgMPBdcDAxdOAyUXCQAAAAAF2R1aAw8F2wMFkZYDk5UDBYX9MXkTCRAAAOAPBd0dcgMTBd8DB3+OA4E1gzUDAxd+AxMJEAAA4D8dhgMTBeEjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgAjdmVjdG9yLmtpbmQ8bWF4aW11bWY+ACN2ZWN0b3Iua2luZDxhZGQ+AAECAgMnBQIEAgQJJwkFBQIEAgQJCxf3CQUFAgQCBAlVAQkBAgQX9wkFBQIEAgQbVScFAgQCBBsnBQIEAgQBJwMCBAknCQUFAgQCBBsHJwUCBAIEDScFAgQFCQUbAQEBARERERELCwsLCwEFCQEBAQEJAQEBAQQOIwUBEQWhBwMBHRERBacHA0drGwEFAQUBBQEFEQURBREFEQULBQsFCwULBQsFAwNHCwMBDwc5dwMNBQcbHwYzAwEDHQMDEQsDAQ8HEUkDDQUfISEUEQMjCQM3fQMDU3oDAwkJBjcDBQNHAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLFUtNT1EFBgEDBQNTBQYBAwcDSQsFARkNVxVLTU9RAwNTPQMJCQY3AwUDWQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxddX2FjBQYBAwUDZQUGAQMHA1sLBQEZDWkXXV9hYwMDUz0DCQkGNwMFA2sDAwEDAwMDAwEDAwMDAwEDAwMDAwEDAwMHBgEDBwsZb3FzdQUGAQMFA3cFBgEDBwNtCwUBGQ17GW9xc3UXABEDAQUXABEDAx8lAwEVBx8NAwEFBSUDAwkbAwENBwkNAwEFJykDAy8lAwEdBy8NAwEFKy0DAwkbAwENBwkNAwEFBzEPB0NBAw0FLzMfBjMDAQM1AwMRCwMBDwcRSQMNBTc5IRQRAzsJAwoCOgQDA3sLAwEDAwkbAwENBwkNAwEFR0kDAx8LAwEVBx8NAwEFTUsDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsVUVNVVwUGBwMFA1kDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsXXV9hYwUGBwMFA2UDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDGQsJaWttbwUGBwMTA3EDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLC3V3eXsFBgcDEwN9AwM7fQMFKQc7ogIDBQdzf4EDAwmmAgMJCQYJAwUDhRkHCRUDBQWDhysDia4CAxUDAwkbAwENBwkNAwEFBY0JBh0DFQOPFQcdDQMVBYuRKwOJygIDFQMDCRsDAQ0HCQ0DAQUHlxUHHQ0DAQWZTwkGHQMVA5sVBx0NAxUFlZ0PB9YC0gIDHQWfkwMDSz0DCQMDS/YCAwkJBk0DBQOjCQZNAwUDpRsGjQMFB6GnqSMHHRUDBQWJqwMDjwYDAxctB48aAwMXBa2vBQY3Ax8DsQkGlwMFA7MzB5cVAwUFW7UvB5kVAwUFrbcxB5sVAwUDuS8HmRUDBQVbtzEHmxUDBQO9GQc/FQMFBb9nAwOdSgMDFy0HnV4DAxcFu8MFBjcDHwPFCQYdAwUDxyMHHRUDBQXJwQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxfNz9HTBQYBAwUD1QUGAQMHA8sLBQEZDdkXzc/R0wMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxXb3d/hBQYBAwUD4wUGAQMHA7cLBQEZDecV293f4QMDRz0DCQkGOQMFA+k1BzliAwMdBcvrAwNRnwMJCQZRAwUD7zcHURUDBQXxywMDS58DCQkGTQMFA/UbBo0DBQft9/MDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZ+/3/AgIFBgcDBQMGAhkHPxUDBQXB+RkHPxUDBQUKAg4CAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLGRYCGgIeAiICBQYBAwUDJgIFBgEDBwMSAgsFARkNLgIZFgIaAh4CIgIDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLDTICNgI6Aj4CBQYHAxMDQgIlBjMDEwO7AwM7fQMFKQc7dgMDBQdKAkYCTgIDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZVgJaAl4CYgIFBgcDBQNmAhkHPxUDBQVSAvkjBx0VAwUFagJuAgMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxl2AnoCfgKCAgUGAQMFA4YCBQYBAwcDcgILBQEZDY4CGXYCegJ+AoICAwN7JQMBFwARAwEFFwARAwNHUgIDAQ8HOXcDDQUHPR8GMwMBAz8DAxELAwEPBxFJAw0FQUMhFBEDRQkDUbEDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZR0lLTQUGBwMFA08lBjMDEwNRAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAxkLD1VXWVsFBgEDEwNdBQYBAxkDUwsFARkNYQ9VV1lbAwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLF2NlZ2kFBgcDBQNrAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLEW9xc3UFBgEDBQN3BQYBAwcDbQsFARkNexFvcXN1AwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLFX1/gYMFBgcDBQOFAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLE4mLjY8FBgEDBQORBQYBAwcDhwsFARkNlROJi42PFwARAwEFFwAREwAFEREF1wcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBdkHAyM7CQEFAQUBBQEFAwMfJQMBFQcfDQMBBQUJAwMJGwMBDQcJDQMBBQsNAwMvJQMBHQcvDQMBBQ8RAwMJGwMBDQcJDQMBBQcVDwdDQQMNBRMXAwNvCwMBGwZxAwEHGQcbAwMFCwMBAwMFCwMBEwQFCQEDHR8REQXbBwMjOwkBBQEFAQUBBQMDHyUDARUHHw0DAQUFCQMDCRsDAQ0HCQ0DAQULDQMDLyUDAR0HLw0DAQUPEQMDCRsDAQ0HCQ0DAQUHFQ8HQ0EDDQUTFwMDbwsDARsGcQMBBxkHGwMDBQsDAQMDBQsDARMEBQkBAx0fEREF3QcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBd8HAw0PCQEFAQUBBQEFAwMFCwMBAwMFCwMBEwQFCQEDBQkREQXhBwMNDwkBBQEFAQUBBQMDBQsDAQMDBQsDARMEBQkBAwUJBgMBBQEAQhfjIwkLLRkREQsREQstGQkLDQkRFQ0xGwsNESkLDQkLCw1VLQ0HEw0JCQkdwyEdHTEjISMpLR8LRRcTHR0lCSULCwkLGRkZGRkZJRUVHSUTHQ0XFx8TFy8TFyMbFw8ZFxsXFRcZFRcXIyMZJR8PDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAHZlY3RvcgBtb2R1bGUAYXJpdGguY29uc3RhbnQAdmVjdG9yLnNoYXBlX2Nhc3QAdmVjdG9yLmxvYWQAdmVjdG9yLmJyb2FkY2FzdAB0cHUudmVjdG9yX3N0b3JlAGFyaXRoLm11bGkAYXJpdGguY21waQBmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguYWRkaQBzY2YueWllbGQAYXJpdGgubXVsZgBhcml0aC5zZWxlY3QAYXJpdGguc3ViaQBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgBhcml0aC50cnVuY2YAYXJpdGguaW5kZXhfY2FzdAB0cHUubWF0bXVsAHRwdS5pb3RhAHZlY3Rvci5tdWx0aV9yZWR1Y3Rpb24AYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5tYXhpbXVtZgBhcml0aC5jbXBmAGFyaXRoLmRpdmYAdmFsdWUAZnVuY3Rpb25fdHlwZQBzeW1fbmFtZQB0cmFuc2Zvcm1faW5kaWNlcwB3aW5kb3dfYm91bmRzAHByZWRpY2F0ZQBzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAYWRkOgBhZGQAbXVsOgBzdWI6AHNlbGVjdF9uL3NlbGVjdF9uAGVxOgBkaW1lbnNpb25fbnVtYmVycwB0cmFuc3Bvc2VfbGhzAHRyYW5zcG9zZV9yaHMAZmFzdG1hdGgAZGltZW5zaW9ucwBicm9hZGNhc3RfaW5fZGltL2Jyb2FkY2FzdF9pbl9kaW0Aa2luZAByZWR1Y3Rpb25fZGltcwBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fa2VybmVsAHRwdS5jb3JlX3R5cGUAd2luZG93X3BhcmFtcwBmbGFzaF9hdHRlbnRpb24AL3dvcmsvbWFpbi8udmVudi9saWIvcHl0aG9uMy4xMS9zaXRlLXBhY2thZ2VzL2pheC9leHBlcmltZW50YWwvcGFsbGFzL29wcy90cHUvZmxhc2hfYXR0ZW50aW9uLnB5AG92ZXJmbG93RmxhZ3MAbXVsAHN1YgBndDoAZ3QvZ3QAc2VsZWN0X24AZXEAZXEvZXEAY29udmVydF9lbGVtZW50X3R5cGU6AGNvbnZlcnRfZWxlbWVudF90eXBlL2NvbnZlcnRfZWxlbWVudF90eXBlAGNvbmQ6AGNvbmQAZ2V0OgBnZXQAc3dhcDoAc3dhcABvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAc2NhbjoAc2NhbgBkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHJlZHVjZV9tYXg6AHJlZHVjZV9tYXgvcmVkdWNlX21heABtYXg6AG1heC9tYXgAc3ViL3N1YgBleHA6AGV4cC9leHAAbXVsL211bAByZWR1Y2Vfc3VtOgByZWR1Y2Vfc3VtL3JlZHVjZV9zdW0AZGl2OgBkaXYAYnJvYWRjYXN0X2luX2RpbQA=\22, \22cost_estimate\22: {\0A\22bytes_accessed\22:805306368,\0A\22flops\22:415538085888,\0A\22remote_bytes_transferred\22:0,\0A\22transcendentals\22:805306368\0A}, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xf32>)
    return %0#0 : tensor<12x16x2048x128xbf16>
  }
  func.func private @silu(%arg0: tensor<192x2048x28672xbf16>) -> tensor<192x2048x28672xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<192x2048x28672xbf16>
    %1 = stablehlo.exponential %0 : tensor<192x2048x28672xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<192x2048x28672xbf16>
    %3 = stablehlo.add %2, %1 : tensor<192x2048x28672xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<192x2048x28672xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<192x2048x28672xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<192x2048x28672xbf16>
    return %6 : tensor<192x2048x28672xbf16>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<64x192x2048x8192xbf16>, %arg1: tensor<192x2048x8192xbf16>, %arg2: tensor<i32>) -> tensor<64x192x2048x8192xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<192x2048x8192xbf16>) -> tensor<1x192x2048x8192xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<64x192x2048x8192xbf16>, tensor<1x192x2048x8192xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
    return %1 : tensor<64x192x2048x8192xbf16>
  }
  func.func private @dynamic_update_index_in_dim_3(%arg0: tensor<64x192x2048x8192xbf16>, %arg1: tensor<192x2048x8192xbf16>, %arg2: tensor<i32>) -> tensor<64x192x2048x8192xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<192x2048x8192xbf16>) -> tensor<1x192x2048x8192xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<64x192x2048x8192xbf16>, tensor<1x192x2048x8192xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x192x2048x8192xbf16>
    return %1 : tensor<64x192x2048x8192xbf16>
  }
  func.func private @dynamic_update_index_in_dim_4(%arg0: tensor<64x192x2048x28672xbf16>, %arg1: tensor<192x2048x28672xbf16>, %arg2: tensor<i32>) -> tensor<64x192x2048x28672xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<192x2048x28672xbf16>) -> tensor<1x192x2048x28672xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<64x192x2048x28672xbf16>, tensor<1x192x2048x28672xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x192x2048x28672xbf16>
    return %1 : tensor<64x192x2048x28672xbf16>
  }
  func.func private @log_softmax(%arg0: tensor<192x2048x32000xf32>) -> (tensor<192x2048x32000xf32>, tensor<192x2048x32000xf32>, tensor<192x2048x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<192x2048x32000xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<192x2048xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<192x2048xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x32000xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<192x2048x32000xf32>
    %6 = stablehlo.exponential %5 : tensor<192x2048x32000xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x32000xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %9 = stablehlo.log %8 : tensor<192x2048x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x32000xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<192x2048x32000xf32>
    return %11, %6, %8 : tensor<192x2048x32000xf32>, tensor<192x2048x32000xf32>, tensor<192x2048x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<192x2048x32000xf32>, %arg1: tensor<192x2048x1xi32>) -> (tensor<192x2048x1xf32>, tensor<192x2048x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<192x2048x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<192x2048x1xi32>, tensor<192x2048x1xi32>) -> tensor<192x2048x1xi1>
    %c_0 = stablehlo.constant dense<32000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<192x2048x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<192x2048x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<192x2048x1xi1>, tensor<192x2048x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<192x2048x1xi32>) -> tensor<192x2048x1x1xi32>
    %c_1 = stablehlo.constant dense<31999> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<192x2048x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<192x2048x1x1xi32>, tensor<192x2048x1x1xi32>) -> tensor<192x2048x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<192x2048x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<192x2048x1x1xi32>, tensor<192x2048x1x1xi32>) -> tensor<192x2048x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<192x2048x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<192x2048x1x1xi1>, tensor<i1>) -> tensor<192x2048x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<192x2048x32000xf32>, tensor<192x2048x1x1xi32>) -> tensor<192x2048x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<192x2048x1xi1>, tensor<192x2048x1xf32>
    return %15, %5 : tensor<192x2048x1xf32>, tensor<192x2048x1x1xi32>
  }
  func.func private @take_along_axis_5(%arg0: tensor<192x2048x1x1xi32>, %arg1: tensor<192x2048x1xf32>) -> tensor<192x2048x32000xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<192x2048x32000xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<192x2048x32000xf32>, tensor<192x2048x1x1xi32>, tensor<192x2048x1xf32>) -> tensor<192x2048x32000xf32>
    return %1 : tensor<192x2048x32000xf32>
  }
  func.func private @log_softmax_6(%arg0: tensor<192x2048x32000xf32>, %arg1: tensor<192x2048x1xf32>, %arg2: tensor<192x2048x32000xf32>) -> tensor<192x2048x32000xf32> {
    %0 = stablehlo.negate %arg2 : tensor<192x2048x32000xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x32000xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %2 = stablehlo.reshape %1 : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<192x2048x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x1xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x32000xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<192x2048x32000xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<192x2048x32000xf32>
    return %7 : tensor<192x2048x32000xf32>
  }
  func.func private @dynamic_index_in_dim_7(%arg0: tensor<64x192x2048x8192xbf16>, %arg1: tensor<i32>) -> tensor<192x2048x8192xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 192, 2048, 8192] : (tensor<64x192x2048x8192xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x192x2048x8192xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x192x2048x8192xbf16>) -> tensor<192x2048x8192xbf16>
    return %1 : tensor<192x2048x8192xbf16>
  }
  func.func private @dynamic_index_in_dim_8(%arg0: tensor<64x192x2048x8192xbf16>, %arg1: tensor<i32>) -> tensor<192x2048x8192xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 192, 2048, 8192] : (tensor<64x192x2048x8192xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x192x2048x8192xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x192x2048x8192xbf16>) -> tensor<192x2048x8192xbf16>
    return %1 : tensor<192x2048x8192xbf16>
  }
  func.func private @dynamic_index_in_dim_9(%arg0: tensor<64x192x2048x28672xbf16>, %arg1: tensor<i32>) -> tensor<192x2048x28672xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 192, 2048, 28672] : (tensor<64x192x2048x28672xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x192x2048x28672xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x192x2048x28672xbf16>) -> tensor<192x2048x28672xbf16>
    return %1 : tensor<192x2048x28672xbf16>
  }
  func.func private @closed_call_10(%arg0: tensor<192x2048x8192xbf16>, %arg1: tensor<192x2048x8192xbf16>, %arg2: tensor<192x2048x8192xbf16>, %arg3: tensor<192x2048x8192xbf16>, %arg4: tensor<192x2048x8192xbf16>, %arg5: tensor<192x2048x28672xbf16>, %arg6: tensor<192x2048x28672xbf16>, %arg7: tensor<192x2048x8192xbf16>, %arg8: tensor<8192xf32>, %arg9: tensor<8192xf32>, %arg10: tensor<28672x8192xf32>, %arg11: tensor<8192x28672xf32>, %arg12: tensor<8192x28672xf32>, %arg13: tensor<8192x8192xf32>, %arg14: tensor<8192x8192xf32>, %arg15: tensor<8192x8192xf32>, %arg16: tensor<8192x8192xf32>) -> (tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>) {
    %0:17 = stablehlo.optimization_barrier %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14, %arg15, %arg16, %arg0 : tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<192x2048x8192xbf16>
    %1 = stablehlo.convert %0#7 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %2 = stablehlo.convert %0#8 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %3 = stablehlo.convert %0#9 : (tensor<28672x8192xf32>) -> tensor<28672x8192xbf16>
    %4 = stablehlo.convert %0#10 : (tensor<8192x28672xf32>) -> tensor<8192x28672xbf16>
    %5 = stablehlo.convert %0#11 : (tensor<8192x28672xf32>) -> tensor<8192x28672xbf16>
    %6 = stablehlo.convert %0#12 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %7 = stablehlo.convert %0#13 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %8 = stablehlo.convert %0#14 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %9 = stablehlo.convert %0#15 : (tensor<8192x8192xf32>) -> tensor<8192x8192xbf16>
    %10 = stablehlo.iota dim = 0 : tensor<2048xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<2048xi32>) -> tensor<192x2048xi32>
    %12 = stablehlo.convert %0#6 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %13 = chlo.square %12 : tensor<192x2048x8192xf32> -> tensor<192x2048x8192xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<192x2048x8192xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<192x2048x8192xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%13 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %cst_1 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %19 = stablehlo.divide %17, %18 : tensor<192x2048x1xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %21 = stablehlo.add %19, %20 : tensor<192x2048x1xf32>
    %22 = stablehlo.rsqrt %21 : tensor<192x2048x1xf32>
    %23 = stablehlo.divide %22, %21 : tensor<192x2048x1xf32>
    %cst_3 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %25 = stablehlo.multiply %24, %23 : tensor<192x2048x1xf32>
    %26 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %27 = stablehlo.multiply %12, %26 : tensor<192x2048x8192xf32>
    %28 = stablehlo.convert %1 : (tensor<8192xbf16>) -> tensor<8192xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %31 = stablehlo.multiply %27, %30 : tensor<192x2048x8192xf32>
    %32 = stablehlo.convert %31 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %33 = stablehlo.reshape %0#0 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
    %34 = stablehlo.reshape %0#1 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
    %35 = stablehlo.reshape %0#2 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x128xbf16>
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
    %cst_7 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %44 = stablehlo.power %43, %42 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %46 = stablehlo.divide %45, %44 : tensor<64xf32>
    %47 = stablehlo.convert %11 : (tensor<192x2048xi32>) -> tensor<192x2048xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1x1xf32>
    %49 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %50 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<192x2048x1x1xf32>) -> tensor<192x2048x1x64xf32>
    %51 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<192x2048x1x64xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<192x2048x1x64xf32>
    %53 = stablehlo.cosine %52 : tensor<192x2048x1x64xf32>
    %54 = stablehlo.sine %52 : tensor<192x2048x1x64xf32>
    %55 = stablehlo.convert %33 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %56 = stablehlo.slice %55 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %57 = stablehlo.slice %55 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %58 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %59 = stablehlo.multiply %56, %58 : tensor<192x2048x64x64xf32>
    %60 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %61 = stablehlo.multiply %57, %60 : tensor<192x2048x64x64xf32>
    %62 = stablehlo.subtract %59, %61 : tensor<192x2048x64x64xf32>
    %63 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %64 = stablehlo.multiply %57, %63 : tensor<192x2048x64x64xf32>
    %65 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %66 = stablehlo.multiply %56, %65 : tensor<192x2048x64x64xf32>
    %67 = stablehlo.add %64, %66 : tensor<192x2048x64x64xf32>
    %68 = stablehlo.concatenate %62, %67, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %69 = stablehlo.convert %68 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
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
    %cst_12 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %78 = stablehlo.power %77, %76 : tensor<64xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %80 = stablehlo.divide %79, %78 : tensor<64xf32>
    %81 = stablehlo.convert %11 : (tensor<192x2048xi32>) -> tensor<192x2048xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1x1xf32>
    %83 = stablehlo.broadcast_in_dim %80, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %84 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2, 3] : (tensor<192x2048x1x1xf32>) -> tensor<192x2048x1x64xf32>
    %85 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<192x2048x1x64xf32>
    %86 = stablehlo.multiply %84, %85 : tensor<192x2048x1x64xf32>
    %87 = stablehlo.cosine %86 : tensor<192x2048x1x64xf32>
    %88 = stablehlo.sine %86 : tensor<192x2048x1x64xf32>
    %89 = stablehlo.convert %34 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %90 = stablehlo.slice %89 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %91 = stablehlo.slice %89 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %92 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %93 = stablehlo.multiply %90, %92 : tensor<192x2048x64x64xf32>
    %94 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %95 = stablehlo.multiply %91, %94 : tensor<192x2048x64x64xf32>
    %96 = stablehlo.subtract %93, %95 : tensor<192x2048x64x64xf32>
    %97 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %98 = stablehlo.multiply %91, %97 : tensor<192x2048x64x64xf32>
    %99 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %100 = stablehlo.multiply %90, %99 : tensor<192x2048x64x64xf32>
    %101 = stablehlo.add %98, %100 : tensor<192x2048x64x64xf32>
    %102 = stablehlo.concatenate %96, %101, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %103 = stablehlo.convert %102 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
    %104 = stablehlo.reshape %69 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %105 = stablehlo.reshape %104 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %106 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2, 4] : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %107 = stablehlo.reshape %106 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %108 = stablehlo.transpose %107, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %109 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 4] : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %110 = stablehlo.reshape %109 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %111 = stablehlo.transpose %110, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %112 = stablehlo.transpose %105, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %113:3 = sdy.manual_computation(%112, %108, %111) in_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y", "z"}, {}, {}]>, <@mesh, [{"x", "y", "z"}, {}, {}]>] manual_axes={"x", "y", "z"} (%arg17: tensor<12x16x2048x128xbf16>, %arg18: tensor<12x16x2048x128xbf16>, %arg19: tensor<12x16x2048x128xbf16>) {
      %269:3 = func.call @flash_attention_11(%arg17, %arg18, %arg19) : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048xf32>, tensor<12x16x2048xf32>)
      sdy.return %269#0, %269#1, %269#2 : tensor<12x16x2048x128xbf16>, tensor<12x16x2048xf32>, tensor<12x16x2048xf32>
    } : (tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>) -> (tensor<192x64x2048x128xbf16>, tensor<768x16x2048xf32>, tensor<768x16x2048xf32>)
    %114 = stablehlo.transpose %113#0, dims = [0, 2, 1, 3] : (tensor<192x64x2048x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %115 = stablehlo.reshape %114 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %116 = stablehlo.reshape %115 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x8192xbf16>
    %117 = stablehlo.add %0#6, %0#3 : tensor<192x2048x8192xbf16>
    %118 = stablehlo.convert %117 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %119 = chlo.square %118 : tensor<192x2048x8192xf32> -> tensor<192x2048x8192xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<192x2048x8192xf32>
    %121 = stablehlo.multiply %120, %118 : tensor<192x2048x8192xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.reduce(%119 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %cst_16 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %125 = stablehlo.divide %123, %124 : tensor<192x2048x1xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %127 = stablehlo.add %125, %126 : tensor<192x2048x1xf32>
    %128 = stablehlo.rsqrt %127 : tensor<192x2048x1xf32>
    %129 = stablehlo.divide %128, %127 : tensor<192x2048x1xf32>
    %cst_18 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %131 = stablehlo.multiply %130, %129 : tensor<192x2048x1xf32>
    %132 = stablehlo.broadcast_in_dim %128, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %133 = stablehlo.multiply %118, %132 : tensor<192x2048x8192xf32>
    %134 = stablehlo.convert %2 : (tensor<8192xbf16>) -> tensor<8192xf32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %136 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %137 = stablehlo.multiply %133, %136 : tensor<192x2048x8192xf32>
    %138 = stablehlo.convert %137 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %139:3 = call @silu_12(%0#4) : (tensor<192x2048x28672xbf16>) -> (tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>)
    %140 = stablehlo.multiply %139#0, %0#5 : tensor<192x2048x28672xbf16>
    %141 = stablehlo.dot_general %0#16, %140, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<192x2048x28672xbf16>) -> tensor<8192x28672xbf16>
    %142 = stablehlo.transpose %141, dims = [1, 0] : (tensor<8192x28672xbf16>) -> tensor<28672x8192xbf16>
    %143 = stablehlo.dot_general %0#16, %3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<28672x8192xbf16>) -> tensor<192x2048x28672xbf16>
    %144 = stablehlo.multiply %139#0, %143 : tensor<192x2048x28672xbf16>
    %145 = stablehlo.multiply %143, %0#5 : tensor<192x2048x28672xbf16>
    %146 = stablehlo.dot_general %144, %138, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>) -> tensor<28672x8192xbf16>
    %147 = stablehlo.transpose %146, dims = [1, 0] : (tensor<28672x8192xbf16>) -> tensor<8192x28672xbf16>
    %148 = stablehlo.dot_general %144, %5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x28672xbf16>, tensor<8192x28672xbf16>) -> tensor<192x2048x8192xbf16>
    %149 = call @silu_13(%139#1, %0#4, %139#2, %145) : (tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>) -> tensor<192x2048x28672xbf16>
    %150 = stablehlo.dot_general %149, %138, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x28672xbf16>, tensor<192x2048x8192xbf16>) -> tensor<28672x8192xbf16>
    %151 = stablehlo.transpose %150, dims = [1, 0] : (tensor<28672x8192xbf16>) -> tensor<8192x28672xbf16>
    %152 = stablehlo.dot_general %149, %4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x28672xbf16>, tensor<8192x28672xbf16>) -> tensor<192x2048x8192xbf16>
    %153 = stablehlo.add %148, %152 : tensor<192x2048x8192xbf16>
    %154 = stablehlo.convert %153 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %155 = stablehlo.multiply %133, %154 : tensor<192x2048x8192xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %156 = stablehlo.reduce(%155 init: %cst_19) applies stablehlo.add across dimensions = [0, 1] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %157 = stablehlo.reshape %156 : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %158 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %159 = stablehlo.multiply %154, %158 : tensor<192x2048x8192xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %160 = stablehlo.reduce(%157 init: %cst_20) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %161 = stablehlo.convert %160 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %162 = stablehlo.multiply %118, %159 : tensor<192x2048x8192xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %163 = stablehlo.reduce(%162 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %164 = stablehlo.reshape %163 : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %165 = stablehlo.broadcast_in_dim %128, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %166 = stablehlo.multiply %159, %165 : tensor<192x2048x8192xf32>
    %167 = stablehlo.multiply %164, %131 : tensor<192x2048x1xf32>
    %cst_22 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %169 = stablehlo.divide %167, %168 : tensor<192x2048x1xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%169 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x1xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x8192xf32>
    %172 = stablehlo.multiply %171, %121 : tensor<192x2048x8192xf32>
    %173 = stablehlo.add %166, %172 : tensor<192x2048x8192xf32>
    %174 = stablehlo.convert %173 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %175 = stablehlo.add %0#16, %174 : tensor<192x2048x8192xbf16>
    %176 = stablehlo.dot_general %175, %116, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>) -> tensor<8192x8192xbf16>
    %177 = stablehlo.transpose %176, dims = [1, 0] : (tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
    %178 = stablehlo.dot_general %175, %7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %179 = stablehlo.reshape %178 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %180 = stablehlo.reshape %179 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %181 = stablehlo.transpose %180, dims = [0, 2, 1, 3] : (tensor<192x2048x64x128xbf16>) -> tensor<192x64x2048x128xbf16>
    %182:3 = sdy.manual_computation(%181, %112, %108, %111, %113#0, %113#1, %113#2) in_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y", "z"}, {}, {}]>, <@mesh, [{"x", "y", "z"}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>, <@mesh, [{"x", "y"}, {"z"}, {}, {}]>] manual_axes={"x", "y", "z"} (%arg17: tensor<12x16x2048x128xbf16>, %arg18: tensor<12x16x2048x128xbf16>, %arg19: tensor<12x16x2048x128xbf16>, %arg20: tensor<12x16x2048x128xbf16>, %arg21: tensor<12x16x2048x128xbf16>, %arg22: tensor<12x16x2048xf32>, %arg23: tensor<12x16x2048xf32>) {
      %269:3 = func.call @flash_attention_14(%arg18, %arg19, %arg20, %arg21, %arg22, %arg23, %arg17) : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048xf32>, tensor<12x16x2048xf32>, tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>)
      sdy.return %269#0, %269#1, %269#2 : tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>
    } : (tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<768x16x2048xf32>, tensor<768x16x2048xf32>) -> (tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>, tensor<192x64x2048x128xbf16>)
    %183 = stablehlo.transpose %182#0, dims = [0, 2, 1, 3] : (tensor<192x64x2048x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %184 = stablehlo.transpose %182#2, dims = [0, 2, 1, 3] : (tensor<192x64x2048x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %185 = stablehlo.reshape %184 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %186 = stablehlo.reduce(%185 init: %cst_24) applies stablehlo.add across dimensions = [3] : (tensor<192x2048x64x1x128xbf16>, tensor<bf16>) -> tensor<192x2048x64x128xbf16>
    %187 = stablehlo.transpose %182#1, dims = [0, 2, 1, 3] : (tensor<192x64x2048x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %188 = stablehlo.reshape %187 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %189 = stablehlo.reduce(%188 init: %cst_25) applies stablehlo.add across dimensions = [3] : (tensor<192x2048x64x1x128xbf16>, tensor<bf16>) -> tensor<192x2048x64x128xbf16>
    %190 = stablehlo.reshape %183 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x1x128xbf16>
    %191 = stablehlo.reshape %190 : (tensor<192x2048x64x1x128xbf16>) -> tensor<192x2048x64x128xbf16>
    %192 = stablehlo.convert %189 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %193 = stablehlo.slice %192 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %194 = stablehlo.slice %192 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %195 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %196 = stablehlo.multiply %194, %195 : tensor<192x2048x64x64xf32>
    %197 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %198 = stablehlo.multiply %194, %197 : tensor<192x2048x64x64xf32>
    %199 = stablehlo.negate %193 : tensor<192x2048x64x64xf32>
    %200 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %201 = stablehlo.multiply %199, %200 : tensor<192x2048x64x64xf32>
    %202 = stablehlo.add %198, %201 : tensor<192x2048x64x64xf32>
    %203 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %204 = stablehlo.multiply %193, %203 : tensor<192x2048x64x64xf32>
    %205 = stablehlo.add %196, %204 : tensor<192x2048x64x64xf32>
    %206 = stablehlo.concatenate %205, %202, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %207 = stablehlo.convert %206 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
    %208 = stablehlo.convert %191 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x64x128xf32>
    %209 = stablehlo.slice %208 [0:192, 0:2048, 0:64, 0:64] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %210 = stablehlo.slice %208 [0:192, 0:2048, 0:64, 64:128] : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x64xf32>
    %211 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %212 = stablehlo.multiply %210, %211 : tensor<192x2048x64x64xf32>
    %213 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %214 = stablehlo.multiply %210, %213 : tensor<192x2048x64x64xf32>
    %215 = stablehlo.negate %209 : tensor<192x2048x64x64xf32>
    %216 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %217 = stablehlo.multiply %215, %216 : tensor<192x2048x64x64xf32>
    %218 = stablehlo.add %214, %217 : tensor<192x2048x64x64xf32>
    %219 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<192x2048x1x64xf32>) -> tensor<192x2048x64x64xf32>
    %220 = stablehlo.multiply %209, %219 : tensor<192x2048x64x64xf32>
    %221 = stablehlo.add %212, %220 : tensor<192x2048x64x64xf32>
    %222 = stablehlo.concatenate %221, %218, dim = 3 : (tensor<192x2048x64x64xf32>, tensor<192x2048x64x64xf32>) -> tensor<192x2048x64x128xf32>
    %223 = stablehlo.convert %222 : (tensor<192x2048x64x128xf32>) -> tensor<192x2048x64x128xbf16>
    %224 = stablehlo.reshape %186 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x8192xbf16>
    %225 = stablehlo.dot_general %224, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>) -> tensor<8192x8192xbf16>
    %226 = stablehlo.transpose %225, dims = [1, 0] : (tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
    %227 = stablehlo.dot_general %224, %9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %228 = stablehlo.reshape %207 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x8192xbf16>
    %229 = stablehlo.dot_general %228, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>) -> tensor<8192x8192xbf16>
    %230 = stablehlo.transpose %229, dims = [1, 0] : (tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
    %231 = stablehlo.dot_general %228, %6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %232 = stablehlo.add %227, %231 : tensor<192x2048x8192xbf16>
    %233 = stablehlo.reshape %223 : (tensor<192x2048x64x128xbf16>) -> tensor<192x2048x8192xbf16>
    %234 = stablehlo.dot_general %233, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<192x2048x8192xbf16>) -> tensor<8192x8192xbf16>
    %235 = stablehlo.transpose %234, dims = [1, 0] : (tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
    %236 = stablehlo.dot_general %233, %8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<192x2048x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<192x2048x8192xbf16>
    %237 = stablehlo.add %232, %236 : tensor<192x2048x8192xbf16>
    %238 = stablehlo.convert %237 : (tensor<192x2048x8192xbf16>) -> tensor<192x2048x8192xf32>
    %239 = stablehlo.multiply %27, %238 : tensor<192x2048x8192xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %240 = stablehlo.reduce(%239 init: %cst_26) applies stablehlo.add across dimensions = [0, 1] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %241 = stablehlo.reshape %240 : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %242 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<192x2048x8192xf32>
    %243 = stablehlo.multiply %238, %242 : tensor<192x2048x8192xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %244 = stablehlo.reduce(%241 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %245 = stablehlo.convert %244 : (tensor<8192xf32>) -> tensor<8192xbf16>
    %246 = stablehlo.multiply %12, %243 : tensor<192x2048x8192xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %247 = stablehlo.reduce(%246 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x8192xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %248 = stablehlo.reshape %247 : (tensor<192x2048xf32>) -> tensor<192x2048x1xf32>
    %249 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<192x2048x1xf32>) -> tensor<192x2048x8192xf32>
    %250 = stablehlo.multiply %243, %249 : tensor<192x2048x8192xf32>
    %251 = stablehlo.multiply %248, %25 : tensor<192x2048x1xf32>
    %cst_29 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %252 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<192x2048x1xf32>
    %253 = stablehlo.divide %251, %252 : tensor<192x2048x1xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %254 = stablehlo.reduce(%253 init: %cst_30) applies stablehlo.add across dimensions = [2] : (tensor<192x2048x1xf32>, tensor<f32>) -> tensor<192x2048xf32>
    %255 = stablehlo.broadcast_in_dim %254, dims = [0, 1] : (tensor<192x2048xf32>) -> tensor<192x2048x8192xf32>
    %256 = stablehlo.multiply %255, %15 : tensor<192x2048x8192xf32>
    %257 = stablehlo.add %250, %256 : tensor<192x2048x8192xf32>
    %258 = stablehlo.convert %257 : (tensor<192x2048x8192xf32>) -> tensor<192x2048x8192xbf16>
    %259 = stablehlo.add %175, %258 : tensor<192x2048x8192xbf16>
    %260 = stablehlo.convert %226 : (tensor<8192x8192xbf16>) -> tensor<8192x8192xf32>
    %261 = stablehlo.convert %235 : (tensor<8192x8192xbf16>) -> tensor<8192x8192xf32>
    %262 = stablehlo.convert %177 : (tensor<8192x8192xbf16>) -> tensor<8192x8192xf32>
    %263 = stablehlo.convert %230 : (tensor<8192x8192xbf16>) -> tensor<8192x8192xf32>
    %264 = stablehlo.convert %147 : (tensor<8192x28672xbf16>) -> tensor<8192x28672xf32>
    %265 = stablehlo.convert %151 : (tensor<8192x28672xbf16>) -> tensor<8192x28672xf32>
    %266 = stablehlo.convert %142 : (tensor<28672x8192xbf16>) -> tensor<28672x8192xf32>
    %267 = stablehlo.convert %161 : (tensor<8192xbf16>) -> tensor<8192xf32>
    %268 = stablehlo.convert %245 : (tensor<8192xbf16>) -> tensor<8192xf32>
    return %259, %268, %267, %266, %265, %264, %263, %262, %261, %260 : tensor<192x2048x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>, tensor<28672x8192xf32>, tensor<8192x28672xf32>, tensor<8192x28672xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<8192x8192xf32>
  }
  func.func private @flash_attention_11(%arg0: tensor<12x16x2048x128xbf16>, %arg1: tensor<12x16x2048x128xbf16>, %arg2: tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048xf32>, tensor<12x16x2048xf32>) {
    %0:3 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFNCwEDBQcJAQMLAzcNDxETFRcZGx0fISMlJykrLS8xMzU3OTs9P0EDLgSaAyUB9RcXBxcPExMPFw8TCzMTEw8LCxMLC5MLEwsXDxMTFxcTFxcLExMXEwsXE8UPDwsLCwsLCwsLCwsTEwsLEw8XFwsLCwsLFwsTFwsLMxcTFxcXEwsPSwsbCwuTCwsLCwsjGwsbCxsLGwsbCxsLGxsbGxsbDw8PCycLCxMTBQmNYZFNBwVZWQHFCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8LEwsLEwsLUwsTCxMLHwsTCycXHxcjCxMLEwsXIxMXCxMLDwsTCxcfDw8XHwsTCx8PCxMLEwsLEwsTCxcfCxMLHxsfCxMLJxcfEwsFBSoCKgIJBV1JASUPBx8nBy8LDy8fHxcnBx8bQy8C4hUdagJuAgMDF1oCHx1eAmICHWvzAwMX4wMD7/8VExMdRgJKAh3p6wMDhf0FQwMHaTV2AnoCfgKCAgMDF/EdZ8ICHWfnBUUFRwMDF+UFSQVLIw8JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADSMdbQYCBU0dOgI+AhENAB1PHgMddTICHZYCmgIDAxfmAh1rQgMDAzEOAh0SAhYCBU8ddSoCAwMxeR3qAu4CHU/+AgVRHWoDbgMdT4IDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABEPAREPDQVTBVUFVwVZBVsFXQVfBWEFYwVlHUUeAh1FJgIFZwVpAwMxVxEPBR2GAooCAwMXkgIFawVtBW8FcQVzHbYCugIFdR1FAgMdDgMSAwV3BXkjDwMRAQAAAAAAAAAdIgMmAx1tLgMdNgM6Ax1SA1YDAwMXZgMDA6OlBXsRDy0DEamrIa2vsbNXtVkjt7n7u70FfQEJ9fX1+Q0hBX8jDwlBDAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAEAAAAAAAAAAFgQWDBYUFhwWJAQ2/w8fLz9MDBSfBKSsJWwMFJ8UpKwldAwUnySkrCV8DBSfNKSsJYQMFJ9EpKwljAwUn1SkrCWUDBSEtI1sDBSEtI10DBSEtI18DBSEtI2EDBSEtI2MDBSEtI2URAQERAQUdaRMFiy3tCR4DEyYDBwWNBY8RAQIEHQICEyN0cHUuZGltZW5zaW9uX3NlbWFudGljczxwYXJhbGxlbD4AI3RwdS5tZW1vcnlfc3BhY2U8dm1lbT4AI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPGFyYml0cmFyeT4AI3RwdS5jb3JlX3R5cGU8dGM+ACNhcml0aC5mYXN0bWF0aDxub25lPgAjYXJpdGgub3ZlcmZsb3c8bm9uZT4ABZEdCgITBZMRDxEFlR0aAg8Flx0iAhMFmR1zDx0uAhMFmx02Ag8FnQWfHUICDwWhBaMdTgITBaUDAxdWAhEBPREDAQWnHWYCEwWpBasdcgITBa0FryMBCSEBAAAAAQAAAAQAAAAAAAAABbEjAQEBBbMdjgITBbUlBQkAAAAABbcdngIPBbkDB3+KA4E1gzUDAxeqAhMJ0DxBbQ8DA4eyAiMBAwkAAAAABbsdvgIPBb0dxgIPBb8DA4fOAiMBAwkBAAAAAwMxWR3aAt4CBcEd4gIPBcMTCQEFxR3yAhMFxwMDF/oCEwmQzMzMPx2LBR1zBQMDFwoDJRcJAACA/wXJHRYDDwXLAwWRkgOTlR2LDwXNHSoDDwXPHTIDDwXRBdMdPgMPBdUdRgMPBdcDAxdOAyUXCQAAAAAF2R1aAw8F2wMFkZYDk5UDBYX9MXkTCRAAAOAPBd0dcgMTBd8DB3+OA4E1gzUDAxd+AxMJEAAA4D8dhgMTBeEjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgAjdmVjdG9yLmtpbmQ8bWF4aW11bWY+ACN2ZWN0b3Iua2luZDxhZGQ+AAECAgMnBQIEAgQJJwkFBQIEAgQJCxf3CQUFAgQCBAlVAQkBAgQX9wkFBQIEAgQbVScFAgQCBBsnBQIEAgQBJwMCBAknCQUFAgQCBBsHJwUCBAIEDScFAgQFCQUbAQEBARERERELCwsLCwEFCQEBAQEJAQEBAQQOIwUBEQWhBwMBHRERBacHA0drGwEFAQUBBQEFEQURBREFEQULBQsFCwULBQsFAwNHCwMBDwc5dwMNBQcbHwYzAwEDHQMDEQsDAQ8HEUkDDQUfISEUEQMjCQM3fQMDU3oDAwkJBjcDBQNHAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLFUtNT1EFBgEDBQNTBQYBAwcDSQsFARkNVxVLTU9RAwNTPQMJCQY3AwUDWQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxddX2FjBQYBAwUDZQUGAQMHA1sLBQEZDWkXXV9hYwMDUz0DCQkGNwMFA2sDAwEDAwMDAwEDAwMDAwEDAwMDAwEDAwMHBgEDBwsZb3FzdQUGAQMFA3cFBgEDBwNtCwUBGQ17GW9xc3UXABEDAQUXABEDAx8lAwEVBx8NAwEFBSUDAwkbAwENBwkNAwEFJykDAy8lAwEdBy8NAwEFKy0DAwkbAwENBwkNAwEFBzEPB0NBAw0FLzMfBjMDAQM1AwMRCwMBDwcRSQMNBTc5IRQRAzsJAwoCOgQDA3sLAwEDAwkbAwENBwkNAwEFR0kDAx8LAwEVBx8NAwEFTUsDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsVUVNVVwUGBwMFA1kDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsXXV9hYwUGBwMFA2UDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDGQsJaWttbwUGBwMTA3EDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLC3V3eXsFBgcDEwN9AwM7fQMFKQc7ogIDBQdzf4EDAwmmAgMJCQYJAwUDhRkHCRUDBQWDhysDia4CAxUDAwkbAwENBwkNAwEFBY0JBh0DFQOPFQcdDQMVBYuRKwOJygIDFQMDCRsDAQ0HCQ0DAQUHlxUHHQ0DAQWZTwkGHQMVA5sVBx0NAxUFlZ0PB9YC0gIDHQWfkwMDSz0DCQMDS/YCAwkJBk0DBQOjCQZNAwUDpRsGjQMFB6GnqSMHHRUDBQWJqwMDjwYDAxctB48aAwMXBa2vBQY3Ax8DsQkGlwMFA7MzB5cVAwUFW7UvB5kVAwUFrbcxB5sVAwUDuS8HmRUDBQVbtzEHmxUDBQO9GQc/FQMFBb9nAwOdSgMDFy0HnV4DAxcFu8MFBjcDHwPFCQYdAwUDxyMHHRUDBQXJwQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxfNz9HTBQYBAwUD1QUGAQMHA8sLBQEZDdkXzc/R0wMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxXb3d/hBQYBAwUD4wUGAQMHA7cLBQEZDecV293f4QMDRz0DCQkGOQMFA+k1BzliAwMdBcvrAwNRnwMJCQZRAwUD7zcHURUDBQXxywMDS58DCQkGTQMFA/UbBo0DBQft9/MDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZ+/3/AgIFBgcDBQMGAhkHPxUDBQXB+RkHPxUDBQUKAg4CAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLGRYCGgIeAiICBQYBAwUDJgIFBgEDBwMSAgsFARkNLgIZFgIaAh4CIgIDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLDTICNgI6Aj4CBQYHAxMDQgIlBjMDEwO7AwM7fQMFKQc7dgMDBQdKAkYCTgIDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZVgJaAl4CYgIFBgcDBQNmAhkHPxUDBQVSAvkjBx0VAwUFagJuAgMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxl2AnoCfgKCAgUGAQMFA4YCBQYBAwcDcgILBQEZDY4CGXYCegJ+AoICAwN7JQMBFwARAwEFFwARAwNHUgIDAQ8HOXcDDQUHPR8GMwMBAz8DAxELAwEPBxFJAw0FQUMhFBEDRQkDUbEDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZR0lLTQUGBwMFA08lBjMDEwNRAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAxkLD1VXWVsFBgEDEwNdBQYBAxkDUwsFARkNYQ9VV1lbAwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLF2NlZ2kFBgcDBQNrAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLEW9xc3UFBgEDBQN3BQYBAwcDbQsFARkNexFvcXN1AwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLFX1/gYMFBgcDBQOFAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLE4mLjY8FBgEDBQORBQYBAwcDhwsFARkNlROJi42PFwARAwEFFwAREwAFEREF1wcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBdkHAyM7CQEFAQUBBQEFAwMfJQMBFQcfDQMBBQUJAwMJGwMBDQcJDQMBBQsNAwMvJQMBHQcvDQMBBQ8RAwMJGwMBDQcJDQMBBQcVDwdDQQMNBRMXAwNvCwMBGwZxAwEHGQcbAwMFCwMBAwMFCwMBEwQFCQEDHR8REQXbBwMjOwkBBQEFAQUBBQMDHyUDARUHHw0DAQUFCQMDCRsDAQ0HCQ0DAQULDQMDLyUDAR0HLw0DAQUPEQMDCRsDAQ0HCQ0DAQUHFQ8HQ0EDDQUTFwMDbwsDARsGcQMBBxkHGwMDBQsDAQMDBQsDARMEBQkBAx0fEREF3QcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBd8HAw0PCQEFAQUBBQEFAwMFCwMBAwMFCwMBEwQFCQEDBQkREQXhBwMNDwkBBQEFAQUBBQMDBQsDAQMDBQsDARMEBQkBAwUJBgMBBQEAQhfjIwkLLRkREQsREQstGQkLDQkRFQ0xGwsNESkLDQkLCw1VLQ0HEw0JCQkdwyEdHTEjISMpLR8LRRcTHR0lCSULCwkLGRkZGRkZJRUVHSUTHQ0XFx8TFy8TFyMbFw8ZFxsXFRcZFRcXIyMZJR8PDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAHZlY3RvcgBtb2R1bGUAYXJpdGguY29uc3RhbnQAdmVjdG9yLnNoYXBlX2Nhc3QAdmVjdG9yLmxvYWQAdmVjdG9yLmJyb2FkY2FzdAB0cHUudmVjdG9yX3N0b3JlAGFyaXRoLm11bGkAYXJpdGguY21waQBmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguYWRkaQBzY2YueWllbGQAYXJpdGgubXVsZgBhcml0aC5zZWxlY3QAYXJpdGguc3ViaQBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgBhcml0aC50cnVuY2YAYXJpdGguaW5kZXhfY2FzdAB0cHUubWF0bXVsAHRwdS5pb3RhAHZlY3Rvci5tdWx0aV9yZWR1Y3Rpb24AYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5tYXhpbXVtZgBhcml0aC5jbXBmAGFyaXRoLmRpdmYAdmFsdWUAZnVuY3Rpb25fdHlwZQBzeW1fbmFtZQB0cmFuc2Zvcm1faW5kaWNlcwB3aW5kb3dfYm91bmRzAHByZWRpY2F0ZQBzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAYWRkOgBhZGQAbXVsOgBzdWI6AHNlbGVjdF9uL3NlbGVjdF9uAGVxOgBkaW1lbnNpb25fbnVtYmVycwB0cmFuc3Bvc2VfbGhzAHRyYW5zcG9zZV9yaHMAZmFzdG1hdGgAZGltZW5zaW9ucwBicm9hZGNhc3RfaW5fZGltL2Jyb2FkY2FzdF9pbl9kaW0Aa2luZAByZWR1Y3Rpb25fZGltcwBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fa2VybmVsAHRwdS5jb3JlX3R5cGUAd2luZG93X3BhcmFtcwBmbGFzaF9hdHRlbnRpb24AL3dvcmsvbWFpbi8udmVudi9saWIvcHl0aG9uMy4xMS9zaXRlLXBhY2thZ2VzL2pheC9leHBlcmltZW50YWwvcGFsbGFzL29wcy90cHUvZmxhc2hfYXR0ZW50aW9uLnB5AG92ZXJmbG93RmxhZ3MAbXVsAHN1YgBndDoAZ3QvZ3QAc2VsZWN0X24AZXEAZXEvZXEAY29udmVydF9lbGVtZW50X3R5cGU6AGNvbnZlcnRfZWxlbWVudF90eXBlL2NvbnZlcnRfZWxlbWVudF90eXBlAGNvbmQ6AGNvbmQAZ2V0OgBnZXQAc3dhcDoAc3dhcABvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAc2NhbjoAc2NhbgBkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHJlZHVjZV9tYXg6AHJlZHVjZV9tYXgvcmVkdWNlX21heABtYXg6AG1heC9tYXgAc3ViL3N1YgBleHA6AGV4cC9leHAAbXVsL211bAByZWR1Y2Vfc3VtOgByZWR1Y2Vfc3VtL3JlZHVjZV9zdW0AZGl2OgBkaXYAYnJvYWRjYXN0X2luX2RpbQA=\22, \22cost_estimate\22: {\0A\22bytes_accessed\22:805306368,\0A\22flops\22:415538085888,\0A\22remote_bytes_transferred\22:0,\0A\22transcendentals\22:805306368\0A}, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xf32>)
    %1 = stablehlo.slice %0#1 [0:12, 0:16, 0:2048, 0:1] : (tensor<12x16x2048x128xf32>) -> tensor<12x16x2048x1xf32>
    %2 = stablehlo.reshape %1 : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048xf32>
    %3 = stablehlo.slice %0#2 [0:12, 0:16, 0:2048, 0:1] : (tensor<12x16x2048x128xf32>) -> tensor<12x16x2048x1xf32>
    %4 = stablehlo.reshape %3 : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048xf32>
    return %0#0, %2, %4 : tensor<12x16x2048x128xbf16>, tensor<12x16x2048xf32>, tensor<12x16x2048xf32>
  }
  func.func private @silu_12(%arg0: tensor<192x2048x28672xbf16>) -> (tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>) {
    %0 = stablehlo.negate %arg0 : tensor<192x2048x28672xbf16>
    %1 = stablehlo.exponential %0 : tensor<192x2048x28672xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<192x2048x28672xbf16>
    %3 = stablehlo.add %2, %1 : tensor<192x2048x28672xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<192x2048x28672xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<192x2048x28672xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<192x2048x28672xbf16>
    %7 = stablehlo.subtract %6, %5 : tensor<192x2048x28672xbf16>
    %8 = stablehlo.multiply %5, %7 : tensor<192x2048x28672xbf16>
    %9 = stablehlo.multiply %arg0, %5 : tensor<192x2048x28672xbf16>
    return %9, %5, %8 : tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>, tensor<192x2048x28672xbf16>
  }
  func.func private @silu_13(%arg0: tensor<192x2048x28672xbf16>, %arg1: tensor<192x2048x28672xbf16>, %arg2: tensor<192x2048x28672xbf16>, %arg3: tensor<192x2048x28672xbf16>) -> tensor<192x2048x28672xbf16> {
    %0 = stablehlo.multiply %arg1, %arg3 : tensor<192x2048x28672xbf16>
    %1 = stablehlo.multiply %arg3, %arg0 : tensor<192x2048x28672xbf16>
    %2 = stablehlo.multiply %0, %arg2 : tensor<192x2048x28672xbf16>
    %3 = stablehlo.add %1, %2 : tensor<192x2048x28672xbf16>
    return %3 : tensor<192x2048x28672xbf16>
  }
  func.func private @flash_attention_14(%arg0: tensor<12x16x2048x128xbf16>, %arg1: tensor<12x16x2048x128xbf16>, %arg2: tensor<12x16x2048x128xbf16>, %arg3: tensor<12x16x2048x128xbf16>, %arg4: tensor<12x16x2048xf32>, %arg5: tensor<12x16x2048xf32>, %arg6: tensor<12x16x2048x128xbf16>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>) {
    %0 = stablehlo.convert %arg3 : (tensor<12x16x2048x128xbf16>) -> tensor<12x16x2048x128xf32>
    %1 = stablehlo.convert %arg6 : (tensor<12x16x2048x128xbf16>) -> tensor<12x16x2048x128xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<12x16x2048x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<12x16x2048x128xf32>, tensor<f32>) -> tensor<12x16x2048xf32>
    %4 = stablehlo.broadcast_in_dim %arg5, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %6 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %8 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %10:2 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2, %7, %5, %arg6, %9) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFHCQEDBQcBAwkDMwsNDxETFRcZGx0fISMlJykrLS8xMzU3OTsDJgSmAyMB+QcTFxMXGxMTDxcXFxMbCwsLFwsLkwsTExMXFw8XCxcXFycLEwsTFxcLF8UPCwsLCwsLCwsLCwsLCxMLExMLCycLCxMnCwsLFwsXFxMLExMbFycTExMLD0sLGwuFC5MLCw8LCwsvGwsbCxsLGwsbCxsLGwsbCxsLGxsbGxsFDY1hkU0qAioCAcsbGxsbDw8PCysLCxMTCxMLDwsTCxMLDxMLEwsLEwsLEwsPFw8PEwsTC1MLEwsTCx8LEwsfCxcjCxMLEwsXIxcPFwsTCw8LEwsXHw8TDxMLFwsTCxcfCxMLEwsLUwsTCxMLUxMLDwcFWVkBIw8HHwcvCx8PJy8fJwcnSy8fAmoWHx17vgIDAyGaAh1tOgIDAyEaAgMDMgKeAx19hgMdfaYCFRUVHYIChgIdJgIqAgMDITYCHXueAgMD2gKiAwU9BT8FQQMDIR4CBUMFRSMPCUEBAAAAAAAAAAEAAAAAAAAAgAAAAAAAAACAAAAAAAAAAA0fHWvyAh1rIgIdb0ICHcoCzgIddgJ6AhELAAMDO0oCBUcdTgJSAh2yArYCAwMhxgIDB0U3gY4Dg4UFSR1JWgIFSx1JYgIDAzuOAgMDIRoDBU0dXgNiA2FmZmluZV9tYXA8KGQwLCBkMSwgZDIsIGQzKSAtPiAoZDAsIGQxLCBkMiwgZDMpPgARDwEFTwVRBVMFVQVXBVkFWwVdBV8FYQVjBWUFZx11ZgIFaQMDO1cddW4CBWsFbQMHRTeBrgKDhQVvBXEjAQEBAweJAgKLN403BXMFdQV3AwMh1gIFeR3mAuoCHR4DIgMdUTIDBXsdbz4DHW1qAwMDcgN2Ax16A34DAweJBgKLN403HVGSAx1RmgMDA6utBX0RDy0DEbGzHbW5u71Xv8Efw8X/x8kFfwEJ+fn5/Q0dYWZmaW5lX21hcDwoZDAsIGQxKSAtPiAoZDAsIGQxKT4ABYEjDwlBDAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAEAAAAAAAAAAFgwWFEQ8JBYcFiQWLARPLz9PX29/j5+sDBSXNJykJWQMFJdEnKQlbAwUl1ScpCV0DBSXZJykJXwMFJd0nKQlhAwUl4ScpCWMDBSXlJykJZQMFJeknKQlnAwUl7ScpCWkDBR0rH1kDBR0rH1sDBR0rH10DBR0rH18DBR0rH2EjdHB1LmRpbWVuc2lvbl9zZW1hbnRpY3M8cGFyYWxsZWw+ACN0cHUubWVtb3J5X3NwYWNlPHZtZW0+ACN0cHUuZGltZW5zaW9uX3NlbWFudGljczxhcmJpdHJhcnk+ACN0cHUuY29yZV90eXBlPHRjPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgADBR0rH2MDBR0rH2UDBR0rH2cDBR0rH2kRAQERAQUdRRUFjS0uAgkeAxMmAwcFjwWREQECBB0+AhUFkx1GAhUFlREPEQWXHVYCEQWZHV4CFQWbHXERHWoCFQWdHXICEQWfBaEdfgIRBaMFpR2KAhUFpxEPBQMDIZYCEQE9EQMBHaICEQWpHaoCFQWrIwEJIQEAAAABAAAABAAAAAAAAAAFrR26AhUFrx3CAhUFsSUFCQAAAAAFsx3SAhEFtRMH0DxBbQ8FtwMDkeICIwEDCQAAAAAFuR3uAhEFux32AhEFvQMDkf4CIwEDCQEAAAADAzsGAxEPDR0OAxIDBb8dFgMRBcETBwEFwx0mAxUFxQMDIS4DEweQzMzMPx2ZAR1JOgMdcQEdQgMRBccdSgNOAwXJHVIDEQXLAwMhWgMTBxAAAOAPBc0dZgMVBc8dbgMRBdEF0yMPBSEBAAAAAAAAAAAAAAAAAAAABdUdggMRBdcdigMRBdkjAQkhAQAAAAEAAAACAAAAAAAAAB2WAxUF2x2ZESNhcml0aC5vdmVyZmxvdzxub25lPgAjYXJpdGguZmFzdG1hdGg8bm9uZT4AAQICAycFAgQCBAcLF/sJBQUCBAIEGVUBCScFAgQCBBkBAgQnCQUFAgQCBBkX+wkFBQIEAgQHVScFAgQCBAEX+wUCBAIEB7cHJwkFBQIEAgQHBR8BAQEBCQkJExMJEwkJFxcBBQkBAQEBCQEBAQEnBQIEAgQLBNIfBQERAakHAwEpDREBrwcDS2sfAQEBAQEBAQEJAQkBCQETARMBCQETAQkBCQEXARcBAwNzCQMBEQd5dwMLBQcfJQY1AwEDIQMDEwkDAREHE00DCwUjJScUEwMnCQMdRQMDpU8DBxMGpwMFA0sDAw0FAwMDAw0FAwMHBg0DBQcbT1EFBg0DBQNTBQYNAwUDTRkFDUMJVxtPUQMDpU8DBxMGpwMFA1kDAw0FAwMDAw0FAwMHBg0DBQcdXV8FBg0DBQNhBQYNAwUDWxkFDUMJZR1dXxcAEwMBBRcAEwMDLyMDARUHLwsDAQUHKQMDBxcDAQkHBwsDAQUrLQMDMSMDARsHMQsDAQUvMQMDBxcDAQkHBwsDAQUFNREHPTkDCwUzNyUGNQMBAzkDAxMJAwERBxNNAwsFOz0nFBMDPwkD46IDAwM/CQMBAwMHFwMBCQcHCwMBBUtNAwM/CQMBAwMHFwMBCQcHCwMBBVFTAwMDBQMDAwMDBQMDCwYDAwMDVQMDAwUDAwcGAwMRCwtXWVtdBQYDAw0DXwMDAwUDAwMDAwUDAwsGAwMDA1UDAwMFAwMHBgMDEQsNY2VnaQUGAwMNA2sDAwMFAwMDAwMFAwMLBgMDAwNPAwMDBQMDBwYDAxELCW9xc3UFBgMDDQN3AwMDBQMDAwMDBQMDCwYDAwMDTwMDAwUDAwcGAwMbCw97fX+BBQYDAwUDgwMDAwUDAwMDAwUDAwsGAwMDA08DAwMFAwMHBgMDGwsRh4mLjQUGAwMFA48DAwMFAwMDAwMFAwMLBgMDAwNPAwMDBQMDBwYDAxELE5OVl5kFBgMDDQObAwMDBQMDAwMDBQMDCwYDAwMDTwMDAwUDAwcGAwMbCxWfoaOlBQYDAwUDpwMDM0EDBSEHM4cDBQd5YasDAwePAwcTBgcDBQOvIwcHGwMFBa2xKwOT3gIDFQMDBxcDAQkHBwsDAQUHtxUHLQsDAQW5TxMGLQMVA7sVBy0LAxUFtb0rA5P6AgMVAwMHFwMBCQcHCwMBBQXDFQctCwMBBcVVEwYtAxUDxxUHLQsDFQXByREHCgMCAwMhBcu/AwOVTwMHAwOVKgMDBxMGlwMFA88TBpcDBQPRHQY2AwMFB83T1SkHLRsDBQWz1y0HmxsDBQXZkTEHRgMbAwUD2wMDU1YDAwcTBlMDBQPfMwdTGwMFBeGFIwedGwMFBd3jLwehnwMFA+UfBjUDDQPnAwMzQQMFIQczowMFB+md6wsGGQMDA1UDAxkFAwMHBhkDBQcd7/EpBy0bAwUF8+0LBg0DAwNVAwMNBQMDBwYNAwUHHff5BQYNAwUD+wUGDQMFA/UZBQ1DCf8d9/kDAzNBAwUhBzOHAwUHnW0CAi0HmxsDBQUGAqkjB50bAwUFCgLlAwMHjwMHEwYHAwUDEgIjBwcbAwUFDgIWAi8HoZ8DBQMaAh8GNQMNAx4CAwMzQQMFIQczowMFByICeSYCCwYZAwMDVQMDGQUDAwcGGQMFBxsuAjICKQctGwMFBTYCKgILBg0DAwNVAwMNBQMDBwYNAwUHGz4CQgIFBg0DBQNGAgUGDQMFAzoCGQUNQwlOAhs+AkICAwM/IwMBAwM/IwMBFwATAwEFFwATAwNzkgIDAREHeXcDCwUHQSUGNQMBA0MDAxMJAwERBxNNAwsFRUcnFBMDSQkDLWUDAxkFAwMDAxkFAwMHBhkDBQcdS00fBjUDDQNPAwMPBQMDAwMPBQMDAwMPBQMDAwMPBQMDBwYPAxELGVNVV1kFBg8DDQNbBQYPAxEDURkFD38NXxlTVVdZAwMZBQMDAwMZBQMDBwYZAwUHG2FjHwY1Aw0DZQMDDwUDAwMDDwUDAwMDDwUDAwMDDwUDAwcGDwMRCxdpa21vBQYPAw0DcQUGDwMRA2cZBQ9/DXUXaWttbxcAEwMBBRcAEw8AAQ0RAe8HAyM7CQEBAQEBAQEBAwMvIwMBFQcvCwMBBQcJAwMHFwMBCQcHCwMBBQsNAwMxIwMBGwcxCwMBBQ8RAwMHFwMBCQcHCwMBBQUVEQc9OQMLBRMXAwNHCQMBHQZLAwEHGQcbAwMBCQMBAwMBCQMBDwQBCQEDHR8NEQHxBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwUJDREB8wcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwEPBAEJAQMFCQ0RAfUHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDwQBCQEDBwkNEQH3BwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwcJDREBCgIHAyM7CQEBAQEBAQEBAwMvIwMBFQcvCwMBBQcJAwMHFwMBCQcHCwMBBQsNAwMxIwMBGwcxCwMBBQ8RAwMHFwMBCQcHCwMBBQUVEQc9OQMLBRMXAwNHCQMBHQZLAwEHGQcbAwMBCQMBAwMBCQMBDwQBCQEDHR8NEQEOAgcDIzsJAQEBAQEBAQEDAy8jAwEVBy8LAwEFBwkDAwcXAwEJBwcLAwEFCw0DAzEjAwEbBzELAwEFDxEDAwcXAwEJBwcLAwEFBRURBz05AwsFExcDA0cJAwEdBksDAQcZBxsDAwEJAwEDAwEJAwEPBAEJAQMdHw0RARICBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwUJDREBFgIHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDwQBCQEDBQkGAwEFAQCOFt0jFSkXGREJCxELEQkLDQkRFQ0TMRsJCw0LEQsNVS0NBxMNCQkJHcMhHR05IyEjKS1FFx0dJREpDQsJJQsLCxkZGRkZGRkZGSUVCRUdJQ0THRcTHRcTFw8ZFxcbGxcjFRcjFxkVIxcZJR8PDQkdEWJ1aWx0aW4Ac3RhYmxlX21vc2FpYwB0cHUAYXJpdGgAbW9kdWxlAGFyaXRoLmNvbnN0YW50AHZlY3Rvci5zaGFwZV9jYXN0AHZlY3Rvci5sb2FkAGFyaXRoLm11bGkAYXJpdGguaW5kZXhfY2FzdABmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguY21waQB2ZWN0b3IuYnJvYWRjYXN0AGFyaXRoLmFkZGkAc2NmLnlpZWxkAHRwdS52ZWN0b3Jfc3RvcmUAYXJpdGguc3ViaQBhcml0aC5zZWxlY3QAYXJpdGgudHJ1bmNmAHRwdS5tYXRtdWwAYXJpdGgubXVsZgBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgB0cHUuaW90YQBhcml0aC5zdWJmAHRwdS50cmFuc3Bvc2UAbWF0aC5leHAAYXJpdGguZGl2ZgBmdW5jdGlvbl90eXBlAHN5bV9uYW1lAHZhbHVlAHRyYW5zZm9ybV9pbmRpY2VzAHdpbmRvd19ib3VuZHMAcHJlZGljYXRlAGFkZABzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAdHJhbnNmb3JtXzYAdHJhbnNmb3JtXzcAdHJhbnNmb3JtXzgAYWRkOgBtdWw6AHN1YjoAc2VsZWN0X24vc2VsZWN0X24AZXE6AGdldDoAc3dhcDoAb3BlcmFuZFNlZ21lbnRTaXplcwBzdHJpZGVzAGRpbWVuc2lvbl9udW1iZXJzAHRyYW5zcG9zZV9saHMAdHJhbnNwb3NlX3JocwBkaW1lbnNpb25zAGJyb2FkY2FzdF9pbl9kaW0vYnJvYWRjYXN0X2luX2RpbQBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fZGt2X2tlcm5lbAB0cHUuY29yZV90eXBlAHdpbmRvd19wYXJhbXMAZmxhc2hfYXR0ZW50aW9uAC93b3JrL21haW4vLnZlbnYvbGliL3B5dGhvbjMuMTEvc2l0ZS1wYWNrYWdlcy9qYXgvZXhwZXJpbWVudGFsL3BhbGxhcy9vcHMvdHB1L2ZsYXNoX2F0dGVudGlvbi5weQBvdmVyZmxvd0ZsYWdzAG11bABzdWIAZ3Q6AGd0L2d0AHNlbGVjdF9uAGVxAGVxL2VxAGNvbnZlcnRfZWxlbWVudF90eXBlOgBjb252ZXJ0X2VsZW1lbnRfdHlwZS9jb252ZXJ0X2VsZW1lbnRfdHlwZQBjb25kOgBjb25kAGdldC9nZXQAc3dhcABzY2FuOgBzY2FuAGdldABkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAZmFzdG1hdGgAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHN1Yi9zdWIAZXhwOgBleHAvZXhwAGRpdjoAZGl2AG11bC9tdWwAcGVybXV0YXRpb24AdHJhbnNwb3NlOgB0cmFuc3Bvc2UvdHJhbnNwb3NlAHN3YXAvc3dhcABicm9hZGNhc3RfaW5fZGltAA==\22, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_dkv_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>) -> (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>)
    %11 = stablehlo.broadcast_in_dim %arg5, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %13 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %15 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<12x16x2048xf32>) -> tensor<12x16x2048x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<12x16x2048x1xf32>) -> tensor<12x16x2048x128xf32>
    %17 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2, %14, %12, %arg6, %16) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFFCQEDBQcBAwkDMQsNDxETFRcZGx0fISMlJykrLS8xMzU3OQP2A3YDIwH5BxMXExMbExcTDwsXGwsLCwuTCxMTEw8TEw8XFwsLFxcLExcLJxcXxQ8PCwsLCwsLCwsLCwsTEwsTCxMTCwsLCxMTEwsXJwsLCxcLFxcTExMTCw9LCxsLhQuTCwsLCwsrGwsbCxsLGwsbCxsLGwsbCxsbGxsbGxsbDw8PCwUNjWGRTSoCKgIBsysLCxMTCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8TCxMLJ1MPEwsPEwtTCxMLEwsfCxMLHwsXIwsTCxMLFyMXDxcLEwsLEwsXHw8TDxMLFwsTCxcfCxMLEwsnBwVZWQEjDwcfBy8LDx8vJx8HJydDLx8CWhUfHXm6AgMDFXYCHWcaAgMDFfEDAxICbgMde6ICHWICZgId9woCFRERBTsDAxUWAgMD1gJyAwU9BT8FQQVDIw0JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADR8de4ICAwMV8x1l7gIdZfUdaSICHXl6AhELAB3GAsoCHVYCWgIFRQVHAwM5KgIdLgIyAgVJAwM5UwMDFZICBUsDBzszfaoCf4EDAxXCAh1WA1oDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABENARENBQVNBU8FUQVTBVUFVwVZBVsFXQVfBWEdQToCHUFCAgVjHXNGAgVlAwM5UR1zTgIFZwVpBWsFbSMBAQEdR5YCHUeeAgVvHa4CsgIDB40CAo8zkTMFcQVzBXUDAxXSAgV3HeIC5gIdFgMaAx1HKgMdaTYDHWdiAwMDo6UFeRENLQMRqasbrbGztVG3Ux25u/+9vwV7AQn5+fn9DR1hZmZpbmVfbWFwPChkMCwgZDEpIC0+IChkMCwgZDEpPgAFfSMNCUEMAAAAAAAAABAAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAV/BYEFgwWFBYcBEcHFyc3R1dndAwUfwyEjCVUDBR/HISMJVwMFH8shIwlZAwUfzyEjCVsDBR/TISMJXQMFH9chIwlfAwUf2yEjCWEDBR/fISMJYwMFGyUdVQMFGyUdVwMFGyUdWQMFGyUdWwMFGyUdXQMFGyUdXwMFGyUdYQMFGyUdYxEBAREBBR07EQWJI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPHBhcmFsbGVsPgAjdHB1Lm1lbW9yeV9zcGFjZTx2bWVtPgAjdHB1LmRpbWVuc2lvbl9zZW1hbnRpY3M8YXJiaXRyYXJ5PgAjdHB1LmNvcmVfdHlwZTx0Yz4AI3RwdS5kb3RfZGltZW5zaW9uX251bWJlcnM8WzFdLCBbMV0sIFswXSwgWzBdLCBbMCwgMCwgMSwgMF0sIFtdLCBbXT4AI3RwdS5kb3RfZGltZW5zaW9uX251bWJlcnM8WzFdLCBbMF0sIFswXSwgWzFdLCBbMCwgMCwgMSwgMV0sIFtdLCBbXT4ALQ4CCR4DEyYDBwWLBY0RAQIEHR4CEQWPHSYCEQWREQ0RBZMdNgITBZUdPgIRBZcdbxMdSgIRBZkdUgITBZsFnR1eAhMFnwWhHWoCEQWjAwMVcgIRAT0RAwEdfgITBaUdhgIRBacDBzszfY4Cf4EjAQkhAQAAAAEAAAAEAAAAAAAAABMHAR2aAhEFqR2HEx2mAhMFqyMBCSEBAAAAAQAAAAIAAAAAAAAABa0dtgIRBa8dvgIRBbElBQkAAAAABbMdzgITBbUTB9A8QW0PBbcDA5XeAiMBAwkAAAAABbkd6gITBbsd8gITBb0DA5X6AiMBAwkBAAAAAwM5AgMRDQ0dCgMOAwW/HRIDEwXBBcMdHgMRBcUDAxUmAxMHkMzMzD8dhwEdQTIDHW8BHToDEwXHHUIDRgMFyR1KAxMFywMDFVIDEwcQAADgDwXNHV4DEQXPHWYDEwXRAweNBgKPM5EzI2FyaXRoLm92ZXJmbG93PG5vbmU+ACNhcml0aC5mYXN0bWF0aDxub25lPgABAgIDJwUCBAIEBwsX+wkFBQIEAgQXTwEJAQIEJwUCBAIEFxf7CQUFAgQCBAdPJwkFBQIEAgQXJwUCBAIEAQcnCQUFAgQCBAcX+wUCBAIEB68FGwEBAQEJCQkREQkRCRsBBQkBAQEBCQEBAQEnBQIEAgQLBOoZBQERAaEHAwElCxEBpwcDR2sbAQEBAQEBAQEJAQkBCQERAREBCQERAQkBGwEDA3EJAwEPB3d1AwsFBxsfBjcDAQMdAwMPCQMBDwcPQwMLBR8hIRQPAyMJAw8lAwODRQMHEQaFAwUDRwMDDQUDAwMDDQUDAwcGDQMFBxlLTQUGDQMFA08FBg0DBQNJFwUNSQlTGUtNFQAPAwEFFQAPAwMtKQMBEwctCwMBBQUlAwMHFwMBCQcHCwMBBScpAwMvKQMBGwcvCwMBBSstAwMHFwMBCQcHCwMBBQcxDwc/PQMLBS8zHwY3AwEDNQMDDwkDAQ8HD0MDCwU3OSEUDwM7CQPBEgMDA4kJAwEDAwcXAwEJBwcLAwEFR0kDAwMFAwMDAwMFAwMDAwMFAwMDAwMFAwMHBgMDEwsJTU9RUwUGAwMPA1UDAwMFAwMDAwMFAwMnBgMDAwNLAwMDBQMDBwYDAxMLC1lbXV8FBgMDDwNhAwMDBQMDAwMDBQMDJwYDAwMDSwMDAwUDAwcGAwMTCw1lZ2lrBQYDAw8DbQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCw9xc3V3BQYDAwUDeQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCxF9f4GDBQYDAwUDhQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMTCxOJi42PBQYDAw8DkQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCxWVl5mbBQYDAwUDnQMDNUsDBSMHNYsDBQdXY6EDAweTAwcRBgcDBQOlGQcHGQMFBaOnKQOX2gIDFQMDBxcDAQkHBwsDAQUFrREGKwMVA68TBysLAxUFq7EpA5f2AgMVAwMHFwMBCQcHCwMBBQe3AwMHFwMBCQcHCwMBBUe7EwcrCwMBBbm9EQYrAxUDvxMHKwsDFQW1wQ8HBgP+AgMhBcOzAwOZRQMHAwOZIgMDBxEGmwMFA8cRBpsDBQPJHQYuAwMFB8XLzSsHKxkDBQWpzy0HnRkDBQXRhy8HPgMZAwUD0wMDTU4DAwcRBk0DBQPXMQdNGQMFBdl7GQefGQMFBdXbAwM1SwMFIwc1iwMFB5Nv3y0HnRkDBQXhnxkHnxkDBQXj3QMDB5MDBxEGBwMFA+cZBwcZAwUF5ekDAzEFAwMDAzEFAwMHBjEDBQcZ7e8lBjcDDwPrAwM1SwMFIwc1agMDBQfzY/UrBysZAwUF8fcDAw0FAwMDAw0FAwMHBg0DBQcZ+/0FBg0DBQP/BQYNAwUD+RcFDUkJBgIZ+/0DA4kpAwEVAA8DAQUVAA8DA3FuAgMBDwd3dQMLBQc9HwY3AwEDPwMDDwkDAQ8HD0MDCwVBQyEUDwNFCQMlVQMDMQUDAwMDMQUDAwcGMQMFBxlHSSUGNwMPA0sDAycFAwMDAycFAwMDAycFAwMDAycFAwMHBicDEwsXT1FTVQUGJwMPA1cFBicDEwNNFwUnigINWxdPUVNVAwODRQMHEQaFAwUDXQMDDQUDAwMDDQUDAwcGDQMFBxlhYwUGDQMFA2UFBg0DBQNfFwUNSQlpGWFjFQAPAwEFFQAPDQABCxEB4QcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAeMHAyM7CQEBAQEBAQEBAwMtKQMBEwctCwMBBQUJAwMHFwMBCQcHCwMBBQsNAwMvKQMBGwcvCwMBBQ8RAwMHFwMBCQcHCwMBBQcVDwc/PQMLBRMXAwNrCQMBHQZtAwEHGQcbAwMBCQMBAwMBCQMBDQQBCQEDHR8LEQHlBwMjOwkBAQEBAQEBAQMDLSkDARMHLQsDAQUFCQMDBxcDAQkHBwsDAQULDQMDLykDARsHLwsDAQUPEQMDBxcDAQkHBwsDAQUHFQ8HPz0DCwUTFwMDawkDAR0GbQMBBxkHGwMDAQkDAQMDAQkDAQ0EAQkBAx0fCxEB5wcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAekHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDQQBCQEDBQkLEQHrBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ0EAQkBAwUJCxEB7QcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAe8HAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDQQBCQEDBQkGAwEFAQBiFdMRCQsRCxEJCw0JERUNEzEbCQsNFSMLEQsNVS0NBxMNCQkJHcMhHR03IyEjKS0XHR0lRREpDQsJJQsLCxkZGRkZGRkZJRUJFR0lEx0NFxMXFxMjGxcPGRsXFyMVFyMXGRUXGSUfDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAG1vZHVsZQBhcml0aC5jb25zdGFudAB2ZWN0b3Iuc2hhcGVfY2FzdAB2ZWN0b3IubG9hZABhcml0aC5tdWxpAGZ1bmMuZnVuYwBmdW5jLnJldHVybgBhcml0aC5jbXBpAHZlY3Rvci5icm9hZGNhc3QAYXJpdGguYWRkaQBzY2YueWllbGQAdHB1LnZlY3Rvcl9zdG9yZQBhcml0aC5tdWxmAGFyaXRoLnN1YmkAYXJpdGguc2VsZWN0AGFyaXRoLmV4dHVpAHNjZi5pZgB0cHUubWF0bXVsAGFyaXRoLnRydW5jZgBhcml0aC5pbmRleF9jYXN0AHRwdS5pb3RhAGFyaXRoLmFkZGYAYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5kaXZmAHZhbHVlAGZ1bmN0aW9uX3R5cGUAc3ltX25hbWUAdHJhbnNmb3JtX2luZGljZXMAd2luZG93X2JvdW5kcwBwcmVkaWNhdGUAYWRkAHNlbGVjdF9uOgBicm9hZGNhc3RfaW5fZGltOgB0cmFuc2Zvcm1fMAB0cmFuc2Zvcm1fMQB0cmFuc2Zvcm1fMgB0cmFuc2Zvcm1fMwB0cmFuc2Zvcm1fNAB0cmFuc2Zvcm1fNQB0cmFuc2Zvcm1fNgB0cmFuc2Zvcm1fNwBhZGQ6AG11bDoAc3ViOgBzZWxlY3Rfbi9zZWxlY3RfbgBlcToAZ2V0OgBzd2FwOgBvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAYnJvYWRjYXN0X2luX2RpbS9icm9hZGNhc3RfaW5fZGltAGRpbWVuc2lvbl9udW1iZXJzAHRyYW5zcG9zZV9saHMAdHJhbnNwb3NlX3JocwBkaW1lbnNpb25zAHN0YWJsZV9tb3NhaWMudmVyc2lvbgBkaW1lbnNpb25fc2VtYW50aWNzAGl0ZXJhdGlvbl9ib3VuZHMAc2NhbGFyX3ByZWZldGNoAHNjcmF0Y2hfb3BlcmFuZHMAX2ZsYXNoX2F0dGVudGlvbl9kcV9rZXJuZWwAdHB1LmNvcmVfdHlwZQB3aW5kb3dfcGFyYW1zAGZsYXNoX2F0dGVudGlvbgAvd29yay9tYWluLy52ZW52L2xpYi9weXRob24zLjExL3NpdGUtcGFja2FnZXMvamF4L2V4cGVyaW1lbnRhbC9wYWxsYXMvb3BzL3RwdS9mbGFzaF9hdHRlbnRpb24ucHkAb3ZlcmZsb3dGbGFncwBtdWwAc3ViAGd0OgBndC9ndABzZWxlY3RfbgBlcQBlcS9lcQBjb252ZXJ0X2VsZW1lbnRfdHlwZToAY29udmVydF9lbGVtZW50X3R5cGUvY29udmVydF9lbGVtZW50X3R5cGUAY29uZDoAY29uZABnZXQvZ2V0AHN3YXAAYnJvYWRjYXN0X2luX2RpbQBzd2FwL3N3YXAAc2NhbjoAc2NhbgBnZXQAZG90X2dlbmVyYWw6AGRvdF9nZW5lcmFsL2RvdF9nZW5lcmFsAGZhc3RtYXRoAGlvdGE6AGlvdGEvaW90YQBhZGQvYWRkAGxlOgBsZS9sZQBqaXQ6AGppdABzdWIvc3ViAGV4cDoAZXhwL2V4cABkaXY6AGRpdgBtdWwvbXVsAA==\22, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_dq_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xf32>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xf32>) -> tensor<12x16x2048x128xbf16>
    return %17, %10#0, %10#1 : tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>, tensor<12x16x2048x128xbf16>
  }
  func.func private @dynamic_update_index_in_dim_15(%arg0: tensor<64x8192xf32>, %arg1: tensor<8192xf32>, %arg2: tensor<i32>) -> tensor<64x8192xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8192xf32>) -> tensor<1x8192xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<64x8192xf32>, tensor<1x8192xf32>, tensor<i32>, tensor<i32>) -> tensor<64x8192xf32>
    return %1 : tensor<64x8192xf32>
  }
  func.func private @dynamic_update_index_in_dim_16(%arg0: tensor<64x28672x8192xf32>, %arg1: tensor<28672x8192xf32>, %arg2: tensor<i32>) -> tensor<64x28672x8192xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<28672x8192xf32>) -> tensor<1x28672x8192xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x28672x8192xf32>, tensor<1x28672x8192xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x28672x8192xf32>
    return %1 : tensor<64x28672x8192xf32>
  }
  func.func private @dynamic_update_index_in_dim_17(%arg0: tensor<64x8192x28672xf32>, %arg1: tensor<8192x28672xf32>, %arg2: tensor<i32>) -> tensor<64x8192x28672xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8192x28672xf32>) -> tensor<1x8192x28672xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x8192x28672xf32>, tensor<1x8192x28672xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x8192x28672xf32>
    return %1 : tensor<64x8192x28672xf32>
  }
  func.func private @dynamic_update_index_in_dim_18(%arg0: tensor<64x8192x8192xf32>, %arg1: tensor<8192x8192xf32>, %arg2: tensor<i32>) -> tensor<64x8192x8192xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8192x8192xf32>) -> tensor<1x8192x8192xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x8192x8192xf32>, tensor<1x8192x8192xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x8192x8192xf32>
    return %1 : tensor<64x8192x8192xf32>
  }
}
