module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=16, "y"=16]> {stablehlo.mesh = {axes = [{name = "x", size = 16 : i64}, {name = "y", size = 16 : i64}]}}
  func.func public @main(%arg0: tensor<i32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<128256x4096xf32> {tf.aliasing_output = 1 : i32}, %arg2: tensor<4096xf32> {tf.aliasing_output = 2 : i32}, %arg3: tensor<32x4096xf32> {tf.aliasing_output = 3 : i32}, %arg4: tensor<32x4096xf32> {tf.aliasing_output = 4 : i32}, %arg5: tensor<32x14336x4096xf32> {tf.aliasing_output = 5 : i32}, %arg6: tensor<32x4096x14336xf32> {tf.aliasing_output = 6 : i32}, %arg7: tensor<32x4096x14336xf32> {tf.aliasing_output = 7 : i32}, %arg8: tensor<32x4096x1024xf32> {tf.aliasing_output = 8 : i32}, %arg9: tensor<32x4096x4096xf32> {tf.aliasing_output = 9 : i32}, %arg10: tensor<32x4096x4096xf32> {tf.aliasing_output = 10 : i32}, %arg11: tensor<32x4096x1024xf32> {tf.aliasing_output = 11 : i32}, %arg12: tensor<4096x128256xf32> {tf.aliasing_output = 12 : i32}, %arg13: tensor<128256x4096xf32> {tf.aliasing_output = 13 : i32}, %arg14: tensor<4096xf32> {tf.aliasing_output = 14 : i32}, %arg15: tensor<32x4096xf32> {tf.aliasing_output = 15 : i32}, %arg16: tensor<32x4096xf32> {tf.aliasing_output = 16 : i32}, %arg17: tensor<32x14336x4096xf32> {tf.aliasing_output = 17 : i32}, %arg18: tensor<32x4096x14336xf32> {tf.aliasing_output = 18 : i32}, %arg19: tensor<32x4096x14336xf32> {tf.aliasing_output = 19 : i32}, %arg20: tensor<32x4096x1024xf32> {tf.aliasing_output = 20 : i32}, %arg21: tensor<32x4096x4096xf32> {tf.aliasing_output = 21 : i32}, %arg22: tensor<32x4096x4096xf32> {tf.aliasing_output = 22 : i32}, %arg23: tensor<32x4096x1024xf32> {tf.aliasing_output = 23 : i32}, %arg24: tensor<4096x128256xf32> {tf.aliasing_output = 24 : i32}, %arg25: tensor<128256x4096xf32> {tf.aliasing_output = 25 : i32}, %arg26: tensor<4096xf32> {tf.aliasing_output = 26 : i32}, %arg27: tensor<32x4096xf32> {tf.aliasing_output = 27 : i32}, %arg28: tensor<32x4096xf32> {tf.aliasing_output = 28 : i32}, %arg29: tensor<32x14336x4096xf32> {tf.aliasing_output = 29 : i32}, %arg30: tensor<32x4096x14336xf32> {tf.aliasing_output = 30 : i32}, %arg31: tensor<32x4096x14336xf32> {tf.aliasing_output = 31 : i32}, %arg32: tensor<32x4096x1024xf32> {tf.aliasing_output = 32 : i32}, %arg33: tensor<32x4096x4096xf32> {tf.aliasing_output = 33 : i32}, %arg34: tensor<32x4096x4096xf32> {tf.aliasing_output = 34 : i32}, %arg35: tensor<32x4096x1024xf32> {tf.aliasing_output = 35 : i32}, %arg36: tensor<4096x128256xf32> {tf.aliasing_output = 36 : i32}, %arg37: tensor<1024x8192xi32>, %arg38: tensor<1024x8192xi32>) -> (tensor<i32> {jax.result_info = "result[0]['count']"}, tensor<128256x4096xf32> {jax.result_info = "result[0]['mu']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['mu']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['mu']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['mu']['layers']['mlp_norm']"}, tensor<32x14336x4096xf32> {jax.result_info = "result[0]['mu']['layers']['w_down']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['mu']['layers']['w_gate']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['mu']['layers']['w_up']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['mu']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['mu']['layers']['wq']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['mu']['layers']['wv']"}, tensor<4096x128256xf32> {jax.result_info = "result[0]['mu']['lm_head']"}, tensor<128256x4096xf32> {jax.result_info = "result[0]['nu']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['nu']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['nu']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['nu']['layers']['mlp_norm']"}, tensor<32x14336x4096xf32> {jax.result_info = "result[0]['nu']['layers']['w_down']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['nu']['layers']['w_gate']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['nu']['layers']['w_up']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['nu']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['nu']['layers']['wq']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['nu']['layers']['wv']"}, tensor<4096x128256xf32> {jax.result_info = "result[0]['nu']['lm_head']"}, tensor<128256x4096xf32> {jax.result_info = "result[0]['params']['embed']"}, tensor<4096xf32> {jax.result_info = "result[0]['params']['final_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['params']['layers']['attn_norm']"}, tensor<32x4096xf32> {jax.result_info = "result[0]['params']['layers']['mlp_norm']"}, tensor<32x14336x4096xf32> {jax.result_info = "result[0]['params']['layers']['w_down']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['params']['layers']['w_gate']"}, tensor<32x4096x14336xf32> {jax.result_info = "result[0]['params']['layers']['w_up']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['params']['layers']['wk']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wo']"}, tensor<32x4096x4096xf32> {jax.result_info = "result[0]['params']['layers']['wq']"}, tensor<32x4096x1024xf32> {jax.result_info = "result[0]['params']['layers']['wv']"}, tensor<4096x128256xf32> {jax.result_info = "result[0]['params']['lm_head']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg25 : (tensor<128256x4096xf32>) -> tensor<128256x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1024x8192xi32>
    %2 = stablehlo.compare LT, %arg37, %1, SIGNED : (tensor<1024x8192xi32>, tensor<1024x8192xi32>) -> tensor<1024x8192xi1>
    %c_0 = stablehlo.constant dense<128256> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1024x8192xi32>
    %4 = stablehlo.add %arg37, %3 : tensor<1024x8192xi32>
    %5 = stablehlo.select %2, %4, %arg37 : tensor<1024x8192xi1>, tensor<1024x8192xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1024x8192xi32>) -> tensor<1024x8192x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4096>}> : (tensor<128256x4096xbf16>, tensor<1024x8192x1xi32>) -> tensor<1024x8192x4096xbf16>
    %8 = stablehlo.iota dim = 0 : tensor<8192xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<8192xi32>) -> tensor<1024x8192xi32>
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
    %21 = stablehlo.convert %9 : (tensor<1024x8192xi32>) -> tensor<1024x8192xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1x1xf32>
    %23 = stablehlo.broadcast_in_dim %20, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x1xf32>) -> tensor<1024x8192x1x64xf32>
    %25 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1024x8192x1x64xf32>
    %26 = stablehlo.multiply %24, %25 : tensor<1024x8192x1x64xf32>
    %27 = stablehlo.cosine %26 : tensor<1024x8192x1x64xf32>
    %28 = stablehlo.sine %26 : tensor<1024x8192x1x64xf32>
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
    %40 = stablehlo.convert %9 : (tensor<1024x8192xi32>) -> tensor<1024x8192xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1x1xf32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %43 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x1xf32>) -> tensor<1024x8192x1x64xf32>
    %44 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1024x8192x1x64xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<1024x8192x1x64xf32>
    %46 = stablehlo.cosine %45 : tensor<1024x8192x1x64xf32>
    %47 = stablehlo.sine %45 : tensor<1024x8192x1x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %48 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<bf16>) -> tensor<32x1024x8192x4096xbf16>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %49:16 = stablehlo.while(%iterArg = %arg27, %iterArg_174 = %arg28, %iterArg_175 = %arg29, %iterArg_176 = %arg30, %iterArg_177 = %arg31, %iterArg_178 = %arg32, %iterArg_179 = %arg33, %iterArg_180 = %arg34, %iterArg_181 = %arg35, %iterArg_182 = %27, %iterArg_183 = %28, %iterArg_184 = %46, %iterArg_185 = %47, %iterArg_186 = %c_11, %iterArg_187 = %7, %iterArg_188 = %48) : tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<i32>, tensor<1024x8192x4096xbf16>, tensor<32x1024x8192x4096xbf16>
    cond {
      %c_189 = stablehlo.constant dense<32> : tensor<i32>
      %467 = stablehlo.compare LT, %iterArg_186, %c_189, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %467 : tensor<i1>
    } do {
      %467 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_186) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %468 = func.call @dynamic_index_in_dim(%iterArg_174, %iterArg_186) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %469 = func.call @dynamic_index_in_dim_0(%iterArg_175, %iterArg_186) : (tensor<32x14336x4096xf32>, tensor<i32>) -> tensor<14336x4096xf32>
      %470 = func.call @dynamic_index_in_dim_1(%iterArg_176, %iterArg_186) : (tensor<32x4096x14336xf32>, tensor<i32>) -> tensor<4096x14336xf32>
      %471 = func.call @dynamic_index_in_dim_1(%iterArg_177, %iterArg_186) : (tensor<32x4096x14336xf32>, tensor<i32>) -> tensor<4096x14336xf32>
      %472 = func.call @dynamic_index_in_dim_2(%iterArg_178, %iterArg_186) : (tensor<32x4096x1024xf32>, tensor<i32>) -> tensor<4096x1024xf32>
      %473 = func.call @dynamic_index_in_dim_3(%iterArg_179, %iterArg_186) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %474 = func.call @dynamic_index_in_dim_3(%iterArg_180, %iterArg_186) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %475 = func.call @dynamic_index_in_dim_2(%iterArg_181, %iterArg_186) : (tensor<32x4096x1024xf32>, tensor<i32>) -> tensor<4096x1024xf32>
      %476:2 = func.call @closed_call(%iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %iterArg_187, %467, %468, %469, %470, %471, %472, %473, %474, %475) : (tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> (tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>)
      %477 = func.call @dynamic_update_index_in_dim(%iterArg_188, %476#1, %iterArg_186) : (tensor<32x1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>, tensor<i32>) -> tensor<32x1024x8192x4096xbf16>
      %c_189 = stablehlo.constant dense<1> : tensor<i32>
      %478 = stablehlo.add %iterArg_186, %c_189 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_174, %iterArg_175, %iterArg_176, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %iterArg_183, %iterArg_184, %iterArg_185, %478, %476#0, %477 : tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<1024x8192x1x64xf32>, tensor<i32>, tensor<1024x8192x4096xbf16>, tensor<32x1024x8192x4096xbf16>
    }
    %50 = stablehlo.convert %49#14 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %51 = chlo.square %50 : tensor<1024x8192x4096xf32> -> tensor<1024x8192x4096xf32>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<1024x8192x4096xf32>
    %53 = stablehlo.multiply %52, %50 : tensor<1024x8192x4096xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%51 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %cst_14 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %57 = stablehlo.divide %55, %56 : tensor<1024x8192x1xf32>
    %cst_15 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %59 = stablehlo.add %57, %58 : tensor<1024x8192x1xf32>
    %60 = stablehlo.rsqrt %59 : tensor<1024x8192x1xf32>
    %61 = stablehlo.divide %60, %59 : tensor<1024x8192x1xf32>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %63 = stablehlo.multiply %62, %61 : tensor<1024x8192x1xf32>
    %64 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %65 = stablehlo.multiply %50, %64 : tensor<1024x8192x4096xf32>
    %66 = stablehlo.broadcast_in_dim %arg26, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %68 = stablehlo.multiply %65, %67 : tensor<1024x8192x4096xf32>
    %69 = stablehlo.convert %68 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %70 = stablehlo.convert %arg36 : (tensor<4096x128256xf32>) -> tensor<4096x128256xbf16>
    %71 = stablehlo.reshape %69 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x16x512x4096xbf16>
    %72 = stablehlo.transpose %71, dims = [1, 0, 2, 3] : (tensor<1024x16x512x4096xbf16>) -> tensor<16x1024x512x4096xbf16>
    %73 = stablehlo.reshape %arg38 : (tensor<1024x8192xi32>) -> tensor<1024x16x512xi32>
    %74 = stablehlo.transpose %73, dims = [1, 0, 2] : (tensor<1024x16x512xi32>) -> tensor<16x1024x512xi32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %75:5 = stablehlo.while(%iterArg = %72, %iterArg_174 = %74, %iterArg_175 = %70, %iterArg_176 = %c_18, %iterArg_177 = %cst_17) : tensor<16x1024x512x4096xbf16>, tensor<16x1024x512xi32>, tensor<4096x128256xbf16>, tensor<i32>, tensor<f32>
    cond {
      %c_178 = stablehlo.constant dense<16> : tensor<i32>
      %467 = stablehlo.compare LT, %iterArg_176, %c_178, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %467 : tensor<i1>
    } do {
      %467 = func.call @dynamic_index_in_dim_4(%iterArg, %iterArg_176) : (tensor<16x1024x512x4096xbf16>, tensor<i32>) -> tensor<1024x512x4096xbf16>
      %468 = func.call @dynamic_index_in_dim_5(%iterArg_174, %iterArg_176) : (tensor<16x1024x512xi32>, tensor<i32>) -> tensor<1024x512xi32>
      %469 = func.call @closed_call_6(%iterArg_175, %iterArg_177, %467, %468) : (tensor<4096x128256xbf16>, tensor<f32>, tensor<1024x512x4096xbf16>, tensor<1024x512xi32>) -> tensor<f32>
      %c_178 = stablehlo.constant dense<1> : tensor<i32>
      %470 = stablehlo.add %iterArg_176, %c_178 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_174, %iterArg_175, %470, %469 : tensor<16x1024x512x4096xbf16>, tensor<16x1024x512xi32>, tensor<4096x128256xbf16>, tensor<i32>, tensor<f32>
    }
    %cst_19 = stablehlo.constant dense<0x4B000000> : tensor<f32>
    %76 = stablehlo.divide %75#4, %cst_19 : tensor<f32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_21 = stablehlo.constant dense<0x4B000000> : tensor<f32>
    %77 = stablehlo.divide %cst_20, %cst_21 : tensor<f32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %78 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<bf16>) -> tensor<4096x128256xbf16>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %79 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<bf16>) -> tensor<16x1024x512x4096xbf16>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %80:7 = stablehlo.while(%iterArg = %72, %iterArg_174 = %74, %iterArg_175 = %70, %iterArg_176 = %c_24, %iterArg_177 = %78, %iterArg_178 = %77, %iterArg_179 = %79) : tensor<16x1024x512x4096xbf16>, tensor<16x1024x512xi32>, tensor<4096x128256xbf16>, tensor<i32>, tensor<4096x128256xbf16>, tensor<f32>, tensor<16x1024x512x4096xbf16>
    cond {
      %c_180 = stablehlo.constant dense<16> : tensor<i32>
      %467 = stablehlo.compare LT, %iterArg_176, %c_180, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %467 : tensor<i1>
    } do {
      %c_180 = stablehlo.constant dense<16> : tensor<i32>
      %467 = stablehlo.subtract %c_180, %iterArg_176 : tensor<i32>
      %c_181 = stablehlo.constant dense<1> : tensor<i32>
      %468 = stablehlo.subtract %467, %c_181 : tensor<i32>
      %469 = func.call @dynamic_index_in_dim_4(%iterArg, %468) : (tensor<16x1024x512x4096xbf16>, tensor<i32>) -> tensor<1024x512x4096xbf16>
      %470 = func.call @dynamic_index_in_dim_5(%iterArg_174, %468) : (tensor<16x1024x512xi32>, tensor<i32>) -> tensor<1024x512xi32>
      %471:3 = func.call @closed_call_7(%iterArg_175, %iterArg_177, %iterArg_178, %469, %470) : (tensor<4096x128256xbf16>, tensor<4096x128256xbf16>, tensor<f32>, tensor<1024x512x4096xbf16>, tensor<1024x512xi32>) -> (tensor<4096x128256xbf16>, tensor<f32>, tensor<1024x512x4096xbf16>)
      %472 = func.call @dynamic_update_index_in_dim_12(%iterArg_179, %471#2, %468) : (tensor<16x1024x512x4096xbf16>, tensor<1024x512x4096xbf16>, tensor<i32>) -> tensor<16x1024x512x4096xbf16>
      %c_182 = stablehlo.constant dense<1> : tensor<i32>
      %473 = stablehlo.add %iterArg_176, %c_182 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_174, %iterArg_175, %473, %471#0, %471#1, %472 : tensor<16x1024x512x4096xbf16>, tensor<16x1024x512xi32>, tensor<4096x128256xbf16>, tensor<i32>, tensor<4096x128256xbf16>, tensor<f32>, tensor<16x1024x512x4096xbf16>
    }
    %81 = stablehlo.transpose %80#6, dims = [1, 0, 2, 3] : (tensor<16x1024x512x4096xbf16>) -> tensor<1024x16x512x4096xbf16>
    %82 = stablehlo.reshape %81 : (tensor<1024x16x512x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %83 = stablehlo.convert %80#4 : (tensor<4096x128256xbf16>) -> tensor<4096x128256xf32>
    %84 = stablehlo.convert %82 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %85 = stablehlo.multiply %65, %84 : tensor<1024x8192x4096xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.reduce(%85 init: %cst_25) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %87 = stablehlo.reshape %86 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %88 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %89 = stablehlo.multiply %84, %88 : tensor<1024x8192x4096xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %90 = stablehlo.reduce(%87 init: %cst_26) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %91 = stablehlo.multiply %50, %89 : tensor<1024x8192x4096xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %92 = stablehlo.reduce(%91 init: %cst_27) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %93 = stablehlo.reshape %92 : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %94 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %95 = stablehlo.multiply %89, %94 : tensor<1024x8192x4096xf32>
    %96 = stablehlo.multiply %93, %63 : tensor<1024x8192x1xf32>
    %cst_28 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %98 = stablehlo.divide %96, %97 : tensor<1024x8192x1xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.reduce(%98 init: %cst_29) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x1xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x4096xf32>
    %101 = stablehlo.multiply %100, %53 : tensor<1024x8192x4096xf32>
    %102 = stablehlo.add %95, %101 : tensor<1024x8192x4096xf32>
    %103 = stablehlo.convert %102 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %c_39 = stablehlo.constant dense<0> : tensor<i32>
    %113:21 = stablehlo.while(%iterArg = %49#15, %iterArg_174 = %arg27, %iterArg_175 = %arg28, %iterArg_176 = %arg29, %iterArg_177 = %arg30, %iterArg_178 = %arg31, %iterArg_179 = %arg32, %iterArg_180 = %arg33, %iterArg_181 = %arg34, %iterArg_182 = %arg35, %iterArg_183 = %c_39, %iterArg_184 = %103, %iterArg_185 = %104, %iterArg_186 = %105, %iterArg_187 = %106, %iterArg_188 = %107, %iterArg_189 = %108, %iterArg_190 = %109, %iterArg_191 = %110, %iterArg_192 = %111, %iterArg_193 = %112) : tensor<32x1024x8192x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<i32>, tensor<1024x8192x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>
    cond {
      %c_194 = stablehlo.constant dense<32> : tensor<i32>
      %467 = stablehlo.compare LT, %iterArg_183, %c_194, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %467 : tensor<i1>
    } do {
      %c_194 = stablehlo.constant dense<32> : tensor<i32>
      %467 = stablehlo.subtract %c_194, %iterArg_183 : tensor<i32>
      %c_195 = stablehlo.constant dense<1> : tensor<i32>
      %468 = stablehlo.subtract %467, %c_195 : tensor<i32>
      %469 = func.call @dynamic_index_in_dim_13(%iterArg, %468) : (tensor<32x1024x8192x4096xbf16>, tensor<i32>) -> tensor<1024x8192x4096xbf16>
      %470 = func.call @dynamic_index_in_dim(%iterArg_174, %468) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %471 = func.call @dynamic_index_in_dim(%iterArg_175, %468) : (tensor<32x4096xf32>, tensor<i32>) -> tensor<4096xf32>
      %472 = func.call @dynamic_index_in_dim_0(%iterArg_176, %468) : (tensor<32x14336x4096xf32>, tensor<i32>) -> tensor<14336x4096xf32>
      %473 = func.call @dynamic_index_in_dim_1(%iterArg_177, %468) : (tensor<32x4096x14336xf32>, tensor<i32>) -> tensor<4096x14336xf32>
      %474 = func.call @dynamic_index_in_dim_1(%iterArg_178, %468) : (tensor<32x4096x14336xf32>, tensor<i32>) -> tensor<4096x14336xf32>
      %475 = func.call @dynamic_index_in_dim_2(%iterArg_179, %468) : (tensor<32x4096x1024xf32>, tensor<i32>) -> tensor<4096x1024xf32>
      %476 = func.call @dynamic_index_in_dim_3(%iterArg_180, %468) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %477 = func.call @dynamic_index_in_dim_3(%iterArg_181, %468) : (tensor<32x4096x4096xf32>, tensor<i32>) -> tensor<4096x4096xf32>
      %478 = func.call @dynamic_index_in_dim_2(%iterArg_182, %468) : (tensor<32x4096x1024xf32>, tensor<i32>) -> tensor<4096x1024xf32>
      %479:10 = func.call @closed_call_14(%iterArg_184, %469, %470, %471, %472, %473, %474, %475, %476, %477, %478) : (tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> (tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>)
      %480 = func.call @dynamic_update_index_in_dim_19(%iterArg_185, %479#1, %468) : (tensor<32x4096xf32>, tensor<4096xf32>, tensor<i32>) -> tensor<32x4096xf32>
      %481 = func.call @dynamic_update_index_in_dim_19(%iterArg_186, %479#2, %468) : (tensor<32x4096xf32>, tensor<4096xf32>, tensor<i32>) -> tensor<32x4096xf32>
      %482 = func.call @dynamic_update_index_in_dim_20(%iterArg_187, %479#3, %468) : (tensor<32x14336x4096xf32>, tensor<14336x4096xf32>, tensor<i32>) -> tensor<32x14336x4096xf32>
      %483 = func.call @dynamic_update_index_in_dim_21(%iterArg_188, %479#4, %468) : (tensor<32x4096x14336xf32>, tensor<4096x14336xf32>, tensor<i32>) -> tensor<32x4096x14336xf32>
      %484 = func.call @dynamic_update_index_in_dim_21(%iterArg_189, %479#5, %468) : (tensor<32x4096x14336xf32>, tensor<4096x14336xf32>, tensor<i32>) -> tensor<32x4096x14336xf32>
      %485 = func.call @dynamic_update_index_in_dim_22(%iterArg_190, %479#6, %468) : (tensor<32x4096x1024xf32>, tensor<4096x1024xf32>, tensor<i32>) -> tensor<32x4096x1024xf32>
      %486 = func.call @dynamic_update_index_in_dim_23(%iterArg_191, %479#7, %468) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %487 = func.call @dynamic_update_index_in_dim_23(%iterArg_192, %479#8, %468) : (tensor<32x4096x4096xf32>, tensor<4096x4096xf32>, tensor<i32>) -> tensor<32x4096x4096xf32>
      %488 = func.call @dynamic_update_index_in_dim_22(%iterArg_193, %479#9, %468) : (tensor<32x4096x1024xf32>, tensor<4096x1024xf32>, tensor<i32>) -> tensor<32x4096x1024xf32>
      %c_196 = stablehlo.constant dense<1> : tensor<i32>
      %489 = stablehlo.add %iterArg_183, %c_196 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_174, %iterArg_175, %iterArg_176, %iterArg_177, %iterArg_178, %iterArg_179, %iterArg_180, %iterArg_181, %iterArg_182, %489, %479#0, %480, %481, %482, %483, %484, %485, %486, %487, %488 : tensor<32x1024x8192x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<i32>, tensor<1024x8192x4096xbf16>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>
    }
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %114 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<bf16>) -> tensor<128256x4096xbf16>
    %115 = "stablehlo.scatter"(%114, %6, %113#11) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg39: tensor<bf16>, %arg40: tensor<bf16>):
      %467 = stablehlo.add %arg39, %arg40 : tensor<bf16>
      stablehlo.return %467 : tensor<bf16>
    }) : (tensor<128256x4096xbf16>, tensor<1024x8192x1xi32>, tensor<1024x8192x4096xbf16>) -> tensor<128256x4096xbf16>
    %116 = stablehlo.convert %115 : (tensor<128256x4096xbf16>) -> tensor<128256x4096xf32>
    %c_41 = stablehlo.constant dense<1> : tensor<i32>
    %117 = stablehlo.add %arg0, %c_41 : tensor<i32>
    %118 = stablehlo.convert %117 : (tensor<i32>) -> tensor<f32>
    %cst_42 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %120 = stablehlo.multiply %119, %arg1 : tensor<128256x4096xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %122 = stablehlo.multiply %121, %116 : tensor<128256x4096xf32>
    %123 = stablehlo.add %120, %122 : tensor<128256x4096xf32>
    %cst_44 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %125 = stablehlo.multiply %124, %arg2 : tensor<4096xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %127 = stablehlo.multiply %126, %90 : tensor<4096xf32>
    %128 = stablehlo.add %125, %127 : tensor<4096xf32>
    %cst_46 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %130 = stablehlo.multiply %129, %arg3 : tensor<32x4096xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %132 = stablehlo.multiply %131, %113#12 : tensor<32x4096xf32>
    %133 = stablehlo.add %130, %132 : tensor<32x4096xf32>
    %cst_48 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %135 = stablehlo.multiply %134, %arg4 : tensor<32x4096xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %137 = stablehlo.multiply %136, %113#13 : tensor<32x4096xf32>
    %138 = stablehlo.add %135, %137 : tensor<32x4096xf32>
    %cst_50 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %140 = stablehlo.multiply %139, %arg5 : tensor<32x14336x4096xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %142 = stablehlo.multiply %141, %113#14 : tensor<32x14336x4096xf32>
    %143 = stablehlo.add %140, %142 : tensor<32x14336x4096xf32>
    %cst_52 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %145 = stablehlo.multiply %144, %arg6 : tensor<32x4096x14336xf32>
    %cst_53 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %147 = stablehlo.multiply %146, %113#15 : tensor<32x4096x14336xf32>
    %148 = stablehlo.add %145, %147 : tensor<32x4096x14336xf32>
    %cst_54 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %150 = stablehlo.multiply %149, %arg7 : tensor<32x4096x14336xf32>
    %cst_55 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %152 = stablehlo.multiply %151, %113#16 : tensor<32x4096x14336xf32>
    %153 = stablehlo.add %150, %152 : tensor<32x4096x14336xf32>
    %cst_56 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %155 = stablehlo.multiply %154, %arg8 : tensor<32x4096x1024xf32>
    %cst_57 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %157 = stablehlo.multiply %156, %113#17 : tensor<32x4096x1024xf32>
    %158 = stablehlo.add %155, %157 : tensor<32x4096x1024xf32>
    %cst_58 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %160 = stablehlo.multiply %159, %arg9 : tensor<32x4096x4096xf32>
    %cst_59 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %162 = stablehlo.multiply %161, %113#18 : tensor<32x4096x4096xf32>
    %163 = stablehlo.add %160, %162 : tensor<32x4096x4096xf32>
    %cst_60 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %165 = stablehlo.multiply %164, %arg10 : tensor<32x4096x4096xf32>
    %cst_61 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %167 = stablehlo.multiply %166, %113#19 : tensor<32x4096x4096xf32>
    %168 = stablehlo.add %165, %167 : tensor<32x4096x4096xf32>
    %cst_62 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %170 = stablehlo.multiply %169, %arg11 : tensor<32x4096x1024xf32>
    %cst_63 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %172 = stablehlo.multiply %171, %113#20 : tensor<32x4096x1024xf32>
    %173 = stablehlo.add %170, %172 : tensor<32x4096x1024xf32>
    %cst_64 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %175 = stablehlo.multiply %174, %arg12 : tensor<4096x128256xf32>
    %cst_65 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %177 = stablehlo.multiply %176, %83 : tensor<4096x128256xf32>
    %178 = stablehlo.add %175, %177 : tensor<4096x128256xf32>
    %cst_66 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %180 = stablehlo.multiply %179, %arg13 : tensor<128256x4096xf32>
    %181 = chlo.square %116 : tensor<128256x4096xf32> -> tensor<128256x4096xf32>
    %cst_67 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %183 = stablehlo.multiply %182, %181 : tensor<128256x4096xf32>
    %184 = stablehlo.add %180, %183 : tensor<128256x4096xf32>
    %cst_68 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %186 = stablehlo.multiply %185, %arg14 : tensor<4096xf32>
    %187 = chlo.square %90 : tensor<4096xf32> -> tensor<4096xf32>
    %cst_69 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %189 = stablehlo.multiply %188, %187 : tensor<4096xf32>
    %190 = stablehlo.add %186, %189 : tensor<4096xf32>
    %cst_70 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %192 = stablehlo.multiply %191, %arg15 : tensor<32x4096xf32>
    %193 = chlo.square %113#12 : tensor<32x4096xf32> -> tensor<32x4096xf32>
    %cst_71 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %195 = stablehlo.multiply %194, %193 : tensor<32x4096xf32>
    %196 = stablehlo.add %192, %195 : tensor<32x4096xf32>
    %cst_72 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %198 = stablehlo.multiply %197, %arg16 : tensor<32x4096xf32>
    %199 = chlo.square %113#13 : tensor<32x4096xf32> -> tensor<32x4096xf32>
    %cst_73 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %201 = stablehlo.multiply %200, %199 : tensor<32x4096xf32>
    %202 = stablehlo.add %198, %201 : tensor<32x4096xf32>
    %cst_74 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %204 = stablehlo.multiply %203, %arg17 : tensor<32x14336x4096xf32>
    %205 = chlo.square %113#14 : tensor<32x14336x4096xf32> -> tensor<32x14336x4096xf32>
    %cst_75 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %207 = stablehlo.multiply %206, %205 : tensor<32x14336x4096xf32>
    %208 = stablehlo.add %204, %207 : tensor<32x14336x4096xf32>
    %cst_76 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %210 = stablehlo.multiply %209, %arg18 : tensor<32x4096x14336xf32>
    %211 = chlo.square %113#15 : tensor<32x4096x14336xf32> -> tensor<32x4096x14336xf32>
    %cst_77 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %213 = stablehlo.multiply %212, %211 : tensor<32x4096x14336xf32>
    %214 = stablehlo.add %210, %213 : tensor<32x4096x14336xf32>
    %cst_78 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %216 = stablehlo.multiply %215, %arg19 : tensor<32x4096x14336xf32>
    %217 = chlo.square %113#16 : tensor<32x4096x14336xf32> -> tensor<32x4096x14336xf32>
    %cst_79 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %219 = stablehlo.multiply %218, %217 : tensor<32x4096x14336xf32>
    %220 = stablehlo.add %216, %219 : tensor<32x4096x14336xf32>
    %cst_80 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %222 = stablehlo.multiply %221, %arg20 : tensor<32x4096x1024xf32>
    %223 = chlo.square %113#17 : tensor<32x4096x1024xf32> -> tensor<32x4096x1024xf32>
    %cst_81 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %225 = stablehlo.multiply %224, %223 : tensor<32x4096x1024xf32>
    %226 = stablehlo.add %222, %225 : tensor<32x4096x1024xf32>
    %cst_82 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %228 = stablehlo.multiply %227, %arg21 : tensor<32x4096x4096xf32>
    %229 = chlo.square %113#18 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_83 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %230 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %231 = stablehlo.multiply %230, %229 : tensor<32x4096x4096xf32>
    %232 = stablehlo.add %228, %231 : tensor<32x4096x4096xf32>
    %cst_84 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %234 = stablehlo.multiply %233, %arg22 : tensor<32x4096x4096xf32>
    %235 = chlo.square %113#19 : tensor<32x4096x4096xf32> -> tensor<32x4096x4096xf32>
    %cst_85 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %237 = stablehlo.multiply %236, %235 : tensor<32x4096x4096xf32>
    %238 = stablehlo.add %234, %237 : tensor<32x4096x4096xf32>
    %cst_86 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %240 = stablehlo.multiply %239, %arg23 : tensor<32x4096x1024xf32>
    %241 = chlo.square %113#20 : tensor<32x4096x1024xf32> -> tensor<32x4096x1024xf32>
    %cst_87 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %243 = stablehlo.multiply %242, %241 : tensor<32x4096x1024xf32>
    %244 = stablehlo.add %240, %243 : tensor<32x4096x1024xf32>
    %cst_88 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %246 = stablehlo.multiply %245, %arg24 : tensor<4096x128256xf32>
    %247 = chlo.square %83 : tensor<4096x128256xf32> -> tensor<4096x128256xf32>
    %cst_89 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %249 = stablehlo.multiply %248, %247 : tensor<4096x128256xf32>
    %250 = stablehlo.add %246, %249 : tensor<4096x128256xf32>
    %cst_90 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %251 = stablehlo.power %cst_90, %118 : tensor<f32>
    %cst_91 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %252 = stablehlo.subtract %cst_91, %251 : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %252, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %254 = stablehlo.divide %123, %253 : tensor<128256x4096xf32>
    %cst_92 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %255 = stablehlo.power %cst_92, %118 : tensor<f32>
    %cst_93 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %256 = stablehlo.subtract %cst_93, %255 : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %256, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %258 = stablehlo.divide %184, %257 : tensor<128256x4096xf32>
    %259 = stablehlo.sqrt %258 : tensor<128256x4096xf32>
    %cst_94 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %261 = stablehlo.add %259, %260 : tensor<128256x4096xf32>
    %262 = stablehlo.divide %254, %261 : tensor<128256x4096xf32>
    %cst_95 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %264 = stablehlo.multiply %263, %arg25 : tensor<128256x4096xf32>
    %265 = stablehlo.add %262, %264 : tensor<128256x4096xf32>
    %cst_96 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<128256x4096xf32>
    %267 = stablehlo.multiply %266, %265 : tensor<128256x4096xf32>
    %268 = stablehlo.subtract %arg25, %267 : tensor<128256x4096xf32>
    %cst_97 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %269 = stablehlo.power %cst_97, %118 : tensor<f32>
    %cst_98 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %270 = stablehlo.subtract %cst_98, %269 : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %270, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %272 = stablehlo.divide %128, %271 : tensor<4096xf32>
    %cst_99 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %273 = stablehlo.power %cst_99, %118 : tensor<f32>
    %cst_100 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %274 = stablehlo.subtract %cst_100, %273 : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %276 = stablehlo.divide %190, %275 : tensor<4096xf32>
    %277 = stablehlo.sqrt %276 : tensor<4096xf32>
    %cst_101 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %278 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %279 = stablehlo.add %277, %278 : tensor<4096xf32>
    %280 = stablehlo.divide %272, %279 : tensor<4096xf32>
    %cst_102 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %282 = stablehlo.multiply %281, %arg26 : tensor<4096xf32>
    %283 = stablehlo.add %280, %282 : tensor<4096xf32>
    %cst_103 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %285 = stablehlo.multiply %284, %283 : tensor<4096xf32>
    %286 = stablehlo.subtract %arg26, %285 : tensor<4096xf32>
    %cst_104 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %287 = stablehlo.power %cst_104, %118 : tensor<f32>
    %cst_105 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %288 = stablehlo.subtract %cst_105, %287 : tensor<f32>
    %289 = stablehlo.broadcast_in_dim %288, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %290 = stablehlo.divide %133, %289 : tensor<32x4096xf32>
    %cst_106 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %291 = stablehlo.power %cst_106, %118 : tensor<f32>
    %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %292 = stablehlo.subtract %cst_107, %291 : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %292, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %294 = stablehlo.divide %196, %293 : tensor<32x4096xf32>
    %295 = stablehlo.sqrt %294 : tensor<32x4096xf32>
    %cst_108 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %296 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %297 = stablehlo.add %295, %296 : tensor<32x4096xf32>
    %298 = stablehlo.divide %290, %297 : tensor<32x4096xf32>
    %cst_109 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %300 = stablehlo.multiply %299, %arg27 : tensor<32x4096xf32>
    %301 = stablehlo.add %298, %300 : tensor<32x4096xf32>
    %cst_110 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %303 = stablehlo.multiply %302, %301 : tensor<32x4096xf32>
    %304 = stablehlo.subtract %arg27, %303 : tensor<32x4096xf32>
    %cst_111 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %305 = stablehlo.power %cst_111, %118 : tensor<f32>
    %cst_112 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %306 = stablehlo.subtract %cst_112, %305 : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %306, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %308 = stablehlo.divide %138, %307 : tensor<32x4096xf32>
    %cst_113 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %309 = stablehlo.power %cst_113, %118 : tensor<f32>
    %cst_114 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %310 = stablehlo.subtract %cst_114, %309 : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %310, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %312 = stablehlo.divide %202, %311 : tensor<32x4096xf32>
    %313 = stablehlo.sqrt %312 : tensor<32x4096xf32>
    %cst_115 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %314 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %315 = stablehlo.add %313, %314 : tensor<32x4096xf32>
    %316 = stablehlo.divide %308, %315 : tensor<32x4096xf32>
    %cst_116 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %317 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %318 = stablehlo.multiply %317, %arg28 : tensor<32x4096xf32>
    %319 = stablehlo.add %316, %318 : tensor<32x4096xf32>
    %cst_117 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32x4096xf32>
    %321 = stablehlo.multiply %320, %319 : tensor<32x4096xf32>
    %322 = stablehlo.subtract %arg28, %321 : tensor<32x4096xf32>
    %cst_118 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %323 = stablehlo.power %cst_118, %118 : tensor<f32>
    %cst_119 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %324 = stablehlo.subtract %cst_119, %323 : tensor<f32>
    %325 = stablehlo.broadcast_in_dim %324, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %326 = stablehlo.divide %143, %325 : tensor<32x14336x4096xf32>
    %cst_120 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %327 = stablehlo.power %cst_120, %118 : tensor<f32>
    %cst_121 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %328 = stablehlo.subtract %cst_121, %327 : tensor<f32>
    %329 = stablehlo.broadcast_in_dim %328, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %330 = stablehlo.divide %208, %329 : tensor<32x14336x4096xf32>
    %331 = stablehlo.sqrt %330 : tensor<32x14336x4096xf32>
    %cst_122 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %333 = stablehlo.add %331, %332 : tensor<32x14336x4096xf32>
    %334 = stablehlo.divide %326, %333 : tensor<32x14336x4096xf32>
    %cst_123 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %336 = stablehlo.multiply %335, %arg29 : tensor<32x14336x4096xf32>
    %337 = stablehlo.add %334, %336 : tensor<32x14336x4096xf32>
    %cst_124 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<32x14336x4096xf32>
    %339 = stablehlo.multiply %338, %337 : tensor<32x14336x4096xf32>
    %340 = stablehlo.subtract %arg29, %339 : tensor<32x14336x4096xf32>
    %cst_125 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %341 = stablehlo.power %cst_125, %118 : tensor<f32>
    %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %342 = stablehlo.subtract %cst_126, %341 : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %342, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %344 = stablehlo.divide %148, %343 : tensor<32x4096x14336xf32>
    %cst_127 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %345 = stablehlo.power %cst_127, %118 : tensor<f32>
    %cst_128 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %346 = stablehlo.subtract %cst_128, %345 : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %346, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %348 = stablehlo.divide %214, %347 : tensor<32x4096x14336xf32>
    %349 = stablehlo.sqrt %348 : tensor<32x4096x14336xf32>
    %cst_129 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %351 = stablehlo.add %349, %350 : tensor<32x4096x14336xf32>
    %352 = stablehlo.divide %344, %351 : tensor<32x4096x14336xf32>
    %cst_130 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %353 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %354 = stablehlo.multiply %353, %arg30 : tensor<32x4096x14336xf32>
    %355 = stablehlo.add %352, %354 : tensor<32x4096x14336xf32>
    %cst_131 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %357 = stablehlo.multiply %356, %355 : tensor<32x4096x14336xf32>
    %358 = stablehlo.subtract %arg30, %357 : tensor<32x4096x14336xf32>
    %cst_132 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %359 = stablehlo.power %cst_132, %118 : tensor<f32>
    %cst_133 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %360 = stablehlo.subtract %cst_133, %359 : tensor<f32>
    %361 = stablehlo.broadcast_in_dim %360, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %362 = stablehlo.divide %153, %361 : tensor<32x4096x14336xf32>
    %cst_134 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %363 = stablehlo.power %cst_134, %118 : tensor<f32>
    %cst_135 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %364 = stablehlo.subtract %cst_135, %363 : tensor<f32>
    %365 = stablehlo.broadcast_in_dim %364, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %366 = stablehlo.divide %220, %365 : tensor<32x4096x14336xf32>
    %367 = stablehlo.sqrt %366 : tensor<32x4096x14336xf32>
    %cst_136 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %369 = stablehlo.add %367, %368 : tensor<32x4096x14336xf32>
    %370 = stablehlo.divide %362, %369 : tensor<32x4096x14336xf32>
    %cst_137 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %371 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %372 = stablehlo.multiply %371, %arg31 : tensor<32x4096x14336xf32>
    %373 = stablehlo.add %370, %372 : tensor<32x4096x14336xf32>
    %cst_138 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<32x4096x14336xf32>
    %375 = stablehlo.multiply %374, %373 : tensor<32x4096x14336xf32>
    %376 = stablehlo.subtract %arg31, %375 : tensor<32x4096x14336xf32>
    %cst_139 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %377 = stablehlo.power %cst_139, %118 : tensor<f32>
    %cst_140 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %378 = stablehlo.subtract %cst_140, %377 : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %378, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %380 = stablehlo.divide %158, %379 : tensor<32x4096x1024xf32>
    %cst_141 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %381 = stablehlo.power %cst_141, %118 : tensor<f32>
    %cst_142 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %382 = stablehlo.subtract %cst_142, %381 : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %382, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %384 = stablehlo.divide %226, %383 : tensor<32x4096x1024xf32>
    %385 = stablehlo.sqrt %384 : tensor<32x4096x1024xf32>
    %cst_143 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %386 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %387 = stablehlo.add %385, %386 : tensor<32x4096x1024xf32>
    %388 = stablehlo.divide %380, %387 : tensor<32x4096x1024xf32>
    %cst_144 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %389 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %390 = stablehlo.multiply %389, %arg32 : tensor<32x4096x1024xf32>
    %391 = stablehlo.add %388, %390 : tensor<32x4096x1024xf32>
    %cst_145 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %393 = stablehlo.multiply %392, %391 : tensor<32x4096x1024xf32>
    %394 = stablehlo.subtract %arg32, %393 : tensor<32x4096x1024xf32>
    %cst_146 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %395 = stablehlo.power %cst_146, %118 : tensor<f32>
    %cst_147 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %396 = stablehlo.subtract %cst_147, %395 : tensor<f32>
    %397 = stablehlo.broadcast_in_dim %396, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %398 = stablehlo.divide %163, %397 : tensor<32x4096x4096xf32>
    %cst_148 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %399 = stablehlo.power %cst_148, %118 : tensor<f32>
    %cst_149 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %400 = stablehlo.subtract %cst_149, %399 : tensor<f32>
    %401 = stablehlo.broadcast_in_dim %400, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %402 = stablehlo.divide %232, %401 : tensor<32x4096x4096xf32>
    %403 = stablehlo.sqrt %402 : tensor<32x4096x4096xf32>
    %cst_150 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %404 = stablehlo.broadcast_in_dim %cst_150, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %405 = stablehlo.add %403, %404 : tensor<32x4096x4096xf32>
    %406 = stablehlo.divide %398, %405 : tensor<32x4096x4096xf32>
    %cst_151 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %407 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %408 = stablehlo.multiply %407, %arg33 : tensor<32x4096x4096xf32>
    %409 = stablehlo.add %406, %408 : tensor<32x4096x4096xf32>
    %cst_152 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %411 = stablehlo.multiply %410, %409 : tensor<32x4096x4096xf32>
    %412 = stablehlo.subtract %arg33, %411 : tensor<32x4096x4096xf32>
    %cst_153 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %413 = stablehlo.power %cst_153, %118 : tensor<f32>
    %cst_154 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %414 = stablehlo.subtract %cst_154, %413 : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %414, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %416 = stablehlo.divide %168, %415 : tensor<32x4096x4096xf32>
    %cst_155 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %417 = stablehlo.power %cst_155, %118 : tensor<f32>
    %cst_156 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %418 = stablehlo.subtract %cst_156, %417 : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %418, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %420 = stablehlo.divide %238, %419 : tensor<32x4096x4096xf32>
    %421 = stablehlo.sqrt %420 : tensor<32x4096x4096xf32>
    %cst_157 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %422 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %423 = stablehlo.add %421, %422 : tensor<32x4096x4096xf32>
    %424 = stablehlo.divide %416, %423 : tensor<32x4096x4096xf32>
    %cst_158 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %425 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %426 = stablehlo.multiply %425, %arg34 : tensor<32x4096x4096xf32>
    %427 = stablehlo.add %424, %426 : tensor<32x4096x4096xf32>
    %cst_159 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<32x4096x4096xf32>
    %429 = stablehlo.multiply %428, %427 : tensor<32x4096x4096xf32>
    %430 = stablehlo.subtract %arg34, %429 : tensor<32x4096x4096xf32>
    %cst_160 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %431 = stablehlo.power %cst_160, %118 : tensor<f32>
    %cst_161 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %432 = stablehlo.subtract %cst_161, %431 : tensor<f32>
    %433 = stablehlo.broadcast_in_dim %432, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %434 = stablehlo.divide %173, %433 : tensor<32x4096x1024xf32>
    %cst_162 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %435 = stablehlo.power %cst_162, %118 : tensor<f32>
    %cst_163 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %436 = stablehlo.subtract %cst_163, %435 : tensor<f32>
    %437 = stablehlo.broadcast_in_dim %436, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %438 = stablehlo.divide %244, %437 : tensor<32x4096x1024xf32>
    %439 = stablehlo.sqrt %438 : tensor<32x4096x1024xf32>
    %cst_164 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %440 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %441 = stablehlo.add %439, %440 : tensor<32x4096x1024xf32>
    %442 = stablehlo.divide %434, %441 : tensor<32x4096x1024xf32>
    %cst_165 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %443 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %444 = stablehlo.multiply %443, %arg35 : tensor<32x4096x1024xf32>
    %445 = stablehlo.add %442, %444 : tensor<32x4096x1024xf32>
    %cst_166 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %446 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<32x4096x1024xf32>
    %447 = stablehlo.multiply %446, %445 : tensor<32x4096x1024xf32>
    %448 = stablehlo.subtract %arg35, %447 : tensor<32x4096x1024xf32>
    %cst_167 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %449 = stablehlo.power %cst_167, %118 : tensor<f32>
    %cst_168 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %450 = stablehlo.subtract %cst_168, %449 : tensor<f32>
    %451 = stablehlo.broadcast_in_dim %450, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %452 = stablehlo.divide %178, %451 : tensor<4096x128256xf32>
    %cst_169 = stablehlo.constant dense<0.949999988> : tensor<f32>
    %453 = stablehlo.power %cst_169, %118 : tensor<f32>
    %cst_170 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %454 = stablehlo.subtract %cst_170, %453 : tensor<f32>
    %455 = stablehlo.broadcast_in_dim %454, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %456 = stablehlo.divide %250, %455 : tensor<4096x128256xf32>
    %457 = stablehlo.sqrt %456 : tensor<4096x128256xf32>
    %cst_171 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %458 = stablehlo.broadcast_in_dim %cst_171, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %459 = stablehlo.add %457, %458 : tensor<4096x128256xf32>
    %460 = stablehlo.divide %452, %459 : tensor<4096x128256xf32>
    %cst_172 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %461 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %462 = stablehlo.multiply %461, %arg36 : tensor<4096x128256xf32>
    %463 = stablehlo.add %460, %462 : tensor<4096x128256xf32>
    %cst_173 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %464 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<4096x128256xf32>
    %465 = stablehlo.multiply %464, %463 : tensor<4096x128256xf32>
    %466 = stablehlo.subtract %arg36, %465 : tensor<4096x128256xf32>
    return %117, %123, %128, %133, %138, %143, %148, %153, %158, %163, %168, %173, %178, %184, %190, %196, %202, %208, %214, %220, %226, %232, %238, %244, %250, %268, %286, %304, %322, %340, %358, %376, %394, %412, %430, %448, %466, %76 : tensor<i32>, tensor<128256x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<4096x128256xf32>, tensor<128256x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<4096x128256xf32>, tensor<128256x4096xf32>, tensor<4096xf32>, tensor<32x4096xf32>, tensor<32x4096xf32>, tensor<32x14336x4096xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x14336xf32>, tensor<32x4096x1024xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x4096xf32>, tensor<32x4096x1024xf32>, tensor<4096x128256xf32>, tensor<f32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<32x4096xf32>, %arg1: tensor<i32>) -> tensor<4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 4096] : (tensor<32x4096xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096xf32>) -> tensor<4096xf32>
    return %1 : tensor<4096xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<32x14336x4096xf32>, %arg1: tensor<i32>) -> tensor<14336x4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 14336, 4096] : (tensor<32x14336x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x14336x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x14336x4096xf32>) -> tensor<14336x4096xf32>
    return %1 : tensor<14336x4096xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<32x4096x14336xf32>, %arg1: tensor<i32>) -> tensor<4096x14336xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 14336] : (tensor<32x4096x14336xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x14336xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x14336xf32>) -> tensor<4096x14336xf32>
    return %1 : tensor<4096x14336xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<32x4096x1024xf32>, %arg1: tensor<i32>) -> tensor<4096x1024xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 1024] : (tensor<32x4096x1024xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x1024xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x1024xf32>) -> tensor<4096x1024xf32>
    return %1 : tensor<4096x1024xf32>
  }
  func.func private @dynamic_index_in_dim_3(%arg0: tensor<32x4096x4096xf32>, %arg1: tensor<i32>) -> tensor<4096x4096xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 4096] : (tensor<32x4096x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x4096xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x4096xf32>) -> tensor<4096x4096xf32>
    return %1 : tensor<4096x4096xf32>
  }
  func.func private @closed_call(%arg0: tensor<1024x8192x1x64xf32>, %arg1: tensor<1024x8192x1x64xf32>, %arg2: tensor<1024x8192x1x64xf32>, %arg3: tensor<1024x8192x1x64xf32>, %arg4: tensor<1024x8192x4096xbf16>, %arg5: tensor<4096xf32>, %arg6: tensor<4096xf32>, %arg7: tensor<14336x4096xf32>, %arg8: tensor<4096x14336xf32>, %arg9: tensor<4096x14336xf32>, %arg10: tensor<4096x1024xf32>, %arg11: tensor<4096x4096xf32>, %arg12: tensor<4096x4096xf32>, %arg13: tensor<4096x1024xf32>) -> (tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>) {
    %0 = stablehlo.convert %arg5 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %1 = stablehlo.convert %arg6 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %2 = stablehlo.convert %arg7 : (tensor<14336x4096xf32>) -> tensor<14336x4096xbf16>
    %3 = stablehlo.convert %arg8 : (tensor<4096x14336xf32>) -> tensor<4096x14336xbf16>
    %4 = stablehlo.convert %arg9 : (tensor<4096x14336xf32>) -> tensor<4096x14336xbf16>
    %5 = stablehlo.convert %arg10 : (tensor<4096x1024xf32>) -> tensor<4096x1024xbf16>
    %6 = stablehlo.convert %arg11 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %7 = stablehlo.convert %arg12 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %8 = stablehlo.convert %arg13 : (tensor<4096x1024xf32>) -> tensor<4096x1024xbf16>
    %9 = stablehlo.convert %arg4 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %10 = chlo.square %9 : tensor<1024x8192x4096xf32> -> tensor<1024x8192x4096xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %cst_0 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<1024x8192x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %16 = stablehlo.add %14, %15 : tensor<1024x8192x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<1024x8192x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %19 = stablehlo.multiply %9, %18 : tensor<1024x8192x4096xf32>
    %20 = stablehlo.convert %0 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %23 = stablehlo.multiply %19, %22 : tensor<1024x8192x4096xf32>
    %24 = stablehlo.convert %23 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %25 = stablehlo.dot_general %24, %7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %26 = stablehlo.reshape %25 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x32x128xbf16>
    %27 = stablehlo.dot_general %24, %5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x1024xbf16>
    %28 = stablehlo.reshape %27 : (tensor<1024x8192x1024xbf16>) -> tensor<1024x8192x8x128xbf16>
    %29 = stablehlo.dot_general %24, %8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x1024xbf16>
    %30 = stablehlo.reshape %29 : (tensor<1024x8192x1024xbf16>) -> tensor<1024x8192x8x128xbf16>
    %31 = stablehlo.convert %26 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x32x128xf32>
    %32 = stablehlo.slice %31 [0:1024, 0:8192, 0:32, 0:64] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %33 = stablehlo.slice %31 [0:1024, 0:8192, 0:32, 64:128] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %34 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %35 = stablehlo.multiply %32, %34 : tensor<1024x8192x32x64xf32>
    %36 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %37 = stablehlo.multiply %33, %36 : tensor<1024x8192x32x64xf32>
    %38 = stablehlo.subtract %35, %37 : tensor<1024x8192x32x64xf32>
    %39 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %40 = stablehlo.multiply %33, %39 : tensor<1024x8192x32x64xf32>
    %41 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %42 = stablehlo.multiply %32, %41 : tensor<1024x8192x32x64xf32>
    %43 = stablehlo.add %40, %42 : tensor<1024x8192x32x64xf32>
    %44 = stablehlo.concatenate %38, %43, dim = 3 : (tensor<1024x8192x32x64xf32>, tensor<1024x8192x32x64xf32>) -> tensor<1024x8192x32x128xf32>
    %45 = stablehlo.convert %44 : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x128xbf16>
    %46 = stablehlo.convert %28 : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x128xf32>
    %47 = stablehlo.slice %46 [0:1024, 0:8192, 0:8, 0:64] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %48 = stablehlo.slice %46 [0:1024, 0:8192, 0:8, 64:128] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %49 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %50 = stablehlo.multiply %47, %49 : tensor<1024x8192x8x64xf32>
    %51 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %52 = stablehlo.multiply %48, %51 : tensor<1024x8192x8x64xf32>
    %53 = stablehlo.subtract %50, %52 : tensor<1024x8192x8x64xf32>
    %54 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %55 = stablehlo.multiply %48, %54 : tensor<1024x8192x8x64xf32>
    %56 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %57 = stablehlo.multiply %47, %56 : tensor<1024x8192x8x64xf32>
    %58 = stablehlo.add %55, %57 : tensor<1024x8192x8x64xf32>
    %59 = stablehlo.concatenate %53, %58, dim = 3 : (tensor<1024x8192x8x64xf32>, tensor<1024x8192x8x64xf32>) -> tensor<1024x8192x8x128xf32>
    %60 = stablehlo.convert %59 : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x128xbf16>
    %61 = stablehlo.reshape %45 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %62 = stablehlo.reshape %61 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %63 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2, 4] : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %64 = stablehlo.reshape %63 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %65 = stablehlo.transpose %64, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %66 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2, 4] : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %67 = stablehlo.reshape %66 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %68 = stablehlo.transpose %67, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %69 = stablehlo.transpose %62, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %70 = sdy.manual_computation(%69, %65, %68) in_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>] manual_axes={"x", "y"} (%arg14: tensor<4x32x8192x128xbf16>, %arg15: tensor<4x32x8192x128xbf16>, %arg16: tensor<4x32x8192x128xbf16>) {
      %98 = func.call @flash_attention(%arg14, %arg15, %arg16) : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>) -> tensor<4x32x8192x128xbf16>
      sdy.return %98 : tensor<4x32x8192x128xbf16>
    } : (tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %71 = stablehlo.transpose %70, dims = [0, 2, 1, 3] : (tensor<1024x32x8192x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %72 = stablehlo.reshape %71 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %73 = stablehlo.reshape %72 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x4096xbf16>
    %74 = stablehlo.dot_general %73, %6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %75 = stablehlo.add %arg4, %74 : tensor<1024x8192x4096xbf16>
    %76 = stablehlo.convert %75 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %77 = chlo.square %76 : tensor<1024x8192x4096xf32> -> tensor<1024x8192x4096xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%77 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %cst_3 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %81 = stablehlo.divide %79, %80 : tensor<1024x8192x1xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %83 = stablehlo.add %81, %82 : tensor<1024x8192x1xf32>
    %84 = stablehlo.rsqrt %83 : tensor<1024x8192x1xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %86 = stablehlo.multiply %76, %85 : tensor<1024x8192x4096xf32>
    %87 = stablehlo.convert %1 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %90 = stablehlo.multiply %86, %89 : tensor<1024x8192x4096xf32>
    %91 = stablehlo.convert %90 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %92 = stablehlo.dot_general %91, %3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %93 = call @silu(%92) : (tensor<1024x8192x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %94 = stablehlo.dot_general %91, %4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %95 = stablehlo.multiply %93, %94 : tensor<1024x8192x14336xbf16>
    %96 = stablehlo.dot_general %95, %2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x14336xbf16>, tensor<14336x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %97 = stablehlo.add %75, %96 : tensor<1024x8192x4096xbf16>
    return %97, %arg4 : tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>
  }
  func.func private @flash_attention(%arg0: tensor<4x32x8192x128xbf16>, %arg1: tensor<4x32x8192x128xbf16>, %arg2: tensor<4x32x8192x128xbf16>) -> tensor<4x32x8192x128xbf16> {
    %0:3 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFNCwEDBQcJAQMLAzcNDxETFRcZGx0fISMlJykrLS8xMzU3OTs9P0EDLgSaAyUB9RcXBxcPExMPFw8TCzMTEw8LCxMLC5MLEwsXDxMTFxcTFxcLExMXEwsXE8UPDwsLCwsLCwsLCwsTEwsLEw8XFwsLCwsLFwsTFwsLMxcTFxcXEwsPSwsbCwuTCwsLCwsjGwsbCxsLGwsbCxsLGxsbGxsbDw8PCycLCxMTBQmNYZFNBwVZWQHFCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8LEwsLEwsLUwsTCxMLHwsTCycXHxcjCxMLEwsXIxMXCxMLDwsTCxcfDw8XHwsTCx8PCxMLEwsLEwsTCxcfCxMLHxsfCxMLJxcfEwsFBSoCKgIJBV1JASUPBx8nBy8LDy8fHxcnBx8bQy8C4hUdagJuAgMDF1oCHx1eAmICHWvzAwMX4wMD7/8VExMdRgJKAh3p6wMDhf0FQwMHaTV2AnoCfgKCAgMDF/EdZ8ICHWfnBUUFRwMDF+UFSQVLIw8JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADSMdbQYCBU0dOgI+AhENAB1PHgMddTICHZYCmgIDAxfmAh1rQgMDAzEOAh0SAhYCBU8ddSoCAwMxeR3qAu4CHU/+AgVRHWoDbgMdT4IDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABEPAREPDQVTBVUFVwVZBVsFXQVfBWEFYwVlHUUeAh1FJgIFZwVpAwMxVxEPBR2GAooCAwMXkgIFawVtBW8FcQVzHbYCugIFdR1FAgMdDgMSAwV3BXkjDwMRAQAAAAAAAAAdIgMmAx1tLgMdNgM6Ax1SA1YDAwMXZgMDA6OlBXsRDy0DEamrIa2vsbNXtVkjt7n7u70FfQEJ9fX1+Q0hBX8jDwlBBAAAAAAAAAAgAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAFgQWDBYUFhwWJAQ2/w8fLz9MDBSfBKSsJWwMFJ8UpKwldAwUnySkrCV8DBSfNKSsJYQMFJ9EpKwljAwUn1SkrCWUDBSEtI1sDBSEtI10DBSEtI18DBSEtI2EDBSEtI2MDBSEtI2URAQERAQUdaRMFiy3tCR4DEyYDBwWNBY8RAQIEHQICEyN0cHUuZGltZW5zaW9uX3NlbWFudGljczxwYXJhbGxlbD4AI3RwdS5tZW1vcnlfc3BhY2U8dm1lbT4AI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPGFyYml0cmFyeT4AI3RwdS5jb3JlX3R5cGU8dGM+ACNhcml0aC5mYXN0bWF0aDxub25lPgAjYXJpdGgub3ZlcmZsb3c8bm9uZT4ABZEdCgITBZMRDxEFlR0aAg8Flx0iAhMFmR1zDx0uAhMFmx02Ag8FnQWfHUICDwWhBaMdTgITBaUDAxdWAhEB/REDAQWnHWYCEwWpBasdcgITBa0FryMBCSEBAAAAAQAAAAQAAAAAAAAABbEjAQEBBbMdjgITBbUlBQkAAAAABbcdngIPBbkDB3+KA4E1gzUDAxeqAhMJ0DxBbQ8DA4eyAiMBAwkAAAAABbsdvgIPBb0dxgIPBb8DA4fOAiMBAwkBAAAAAwMxWR3aAt4CBcEd4gIPBcMTCQEFxR3yAhMFxwMDF/oCEwmQzMzMPx2LBR1zBQMDFwoDJRcJAACA/wXJHRYDDwXLAwWRkgOTlR2LDwXNHSoDDwXPHTIDDwXRBdMdPgMPBdUdRgMPBdcDAxdOAyUXCQAAAAAF2R1aAw8F2wMFkZYDk5UDBYX9MXkTCRAAAOAPBd0dcgMTBd8DB3+OA4E1gzUDAxd+AxMJEAAA4D8dhgMTBeEjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgAjdmVjdG9yLmtpbmQ8bWF4aW11bWY+ACN2ZWN0b3Iua2luZDxhZGQ+AAECAgMnBQIEAgQJJwkFBQIEAgQJCxf3CQUFAgQCBAlVAQkBAgQX9wkFBQIEAgQbVScFAgQCBBsnBQIEAgQBJwMCBAknCQUFAgQCBBsHJwUCBAIEDScFAgQFCQUbAQEBARERERELCwsLCwEFCQEBAQEJAQEBAQQOIwUBEQWhBwMBHRERBacHA0drGwEFAQUBBQEFEQURBREFEQULBQsFCwULBQsFAwNHCwMBDwc5dwMNBQcbHwYzAwEDHQMDEQsDAQ8HEUkDDQUfISEUEQMjCQM3fQMDU3oDAwkJBjcDBQNHAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLFUtNT1EFBgEDBQNTBQYBAwcDSQsFARkNVxVLTU9RAwNTPQMJCQY3AwUDWQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxddX2FjBQYBAwUDZQUGAQMHA1sLBQEZDWkXXV9hYwMDUz0DCQkGNwMFA2sDAwEDAwMDAwEDAwMDAwEDAwMDAwEDAwMHBgEDBwsZb3FzdQUGAQMFA3cFBgEDBwNtCwUBGQ17GW9xc3UXABEDAQUXABEDAx8lAwEVBx8NAwEFBSUDAwkbAwENBwkNAwEFJykDAy8lAwEdBy8NAwEFKy0DAwkbAwENBwkNAwEFBzEPB0NBAw0FLzMfBjMDAQM1AwMRCwMBDwcRSQMNBTc5IRQRAzsJAwoCOgQDA3sLAwEDAwkbAwENBwkNAwEFR0kDAx8LAwEVBx8NAwEFTUsDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsVUVNVVwUGBwMFA1kDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsXXV9hYwUGBwMFA2UDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDGQsJaWttbwUGBwMTA3EDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLC3V3eXsFBgcDEwN9AwM7fQMFKQc7ogIDBQdzf4EDAwmmAgMJCQYJAwUDhRkHCRUDBQWDhysDia4CAxUDAwkbAwENBwkNAwEFBY0JBh0DFQOPFQcdDQMVBYuRKwOJygIDFQMDCRsDAQ0HCQ0DAQUHlxUHHQ0DAQWZTwkGHQMVA5sVBx0NAxUFlZ0PB9YC0gIDHQWfkwMDSz0DCQMDS/YCAwkJBk0DBQOjCQZNAwUDpRsGjQMFB6GnqSMHHRUDBQWJqwMDjwYDAxctB48aAwMXBa2vBQY3Ax8DsQkGlwMFA7MzB5cVAwUFW7UvB5kVAwUFrbcxB5sVAwUDuS8HmRUDBQVbtzEHmxUDBQO9GQc/FQMFBb9nAwOdSgMDFy0HnV4DAxcFu8MFBjcDHwPFCQYdAwUDxyMHHRUDBQXJwQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxfNz9HTBQYBAwUD1QUGAQMHA8sLBQEZDdkXzc/R0wMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxXb3d/hBQYBAwUD4wUGAQMHA7cLBQEZDecV293f4QMDRz0DCQkGOQMFA+k1BzliAwMdBcvrAwNRnwMJCQZRAwUD7zcHURUDBQXxywMDS58DCQkGTQMFA/UbBo0DBQft9/MDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZ+/3/AgIFBgcDBQMGAhkHPxUDBQXB+RkHPxUDBQUKAg4CAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLGRYCGgIeAiICBQYBAwUDJgIFBgEDBwMSAgsFARkNLgIZFgIaAh4CIgIDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLDTICNgI6Aj4CBQYHAxMDQgIlBjMDEwO7AwM7fQMFKQc7dgMDBQdKAkYCTgIDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZVgJaAl4CYgIFBgcDBQNmAhkHPxUDBQVSAvkjBx0VAwUFagJuAgMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxl2AnoCfgKCAgUGAQMFA4YCBQYBAwcDcgILBQEZDY4CGXYCegJ+AoICAwN7JQMBFwARAwEFFwARAwNHUgIDAQ8HOXcDDQUHPR8GMwMBAz8DAxELAwEPBxFJAw0FQUMhFBEDRQkDUbEDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZR0lLTQUGBwMFA08lBjMDEwNRAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAxkLD1VXWVsFBgEDEwNdBQYBAxkDUwsFARkNYQ9VV1lbAwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLF2NlZ2kFBgcDBQNrAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLEW9xc3UFBgEDBQN3BQYBAwcDbQsFARkNexFvcXN1AwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLFX1/gYMFBgcDBQOFAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLE4mLjY8FBgEDBQORBQYBAwcDhwsFARkNlROJi42PFwARAwEFFwAREwAFEREF1wcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBdkHAyM7CQEFAQUBBQEFAwMfJQMBFQcfDQMBBQUJAwMJGwMBDQcJDQMBBQsNAwMvJQMBHQcvDQMBBQ8RAwMJGwMBDQcJDQMBBQcVDwdDQQMNBRMXAwNvCwMBGwZxAwEHGQcbAwMFCwMBAwMFCwMBEwQFCQEDHR8REQXbBwMjOwkBBQEFAQUBBQMDHyUDARUHHw0DAQUFCQMDCRsDAQ0HCQ0DAQULDQMDLyUDAR0HLw0DAQUPEQMDCRsDAQ0HCQ0DAQUHFQ8HQ0EDDQUTFwMDbwsDARsGcQMBBxkHGwMDBQsDAQMDBQsDARMEBQkBAx0fEREF3QcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBd8HAw0PCQEFAQUBBQEFAwMFCwMBAwMFCwMBEwQFCQEDBQkREQXhBwMNDwkBBQEFAQUBBQMDBQsDAQMDBQsDARMEBQkBAwUJBgMBBQEAQhfjIwkLLRkREQsREQstGQkLDQkRFQ0xGwsNESkLDQkLCw1VLQ0HEw0JCQkdwyEdHTEjISMpLR8LRRcTHR0lCSULCwkLGRkZGRkZJRUVHSUTHQ0XFx8TFy8TFyMbFw8ZFxsXFRcZFRcXIyMZJR8PDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAHZlY3RvcgBtb2R1bGUAYXJpdGguY29uc3RhbnQAdmVjdG9yLnNoYXBlX2Nhc3QAdmVjdG9yLmxvYWQAdmVjdG9yLmJyb2FkY2FzdAB0cHUudmVjdG9yX3N0b3JlAGFyaXRoLm11bGkAYXJpdGguY21waQBmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguYWRkaQBzY2YueWllbGQAYXJpdGgubXVsZgBhcml0aC5zZWxlY3QAYXJpdGguc3ViaQBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgBhcml0aC50cnVuY2YAYXJpdGguaW5kZXhfY2FzdAB0cHUubWF0bXVsAHRwdS5pb3RhAHZlY3Rvci5tdWx0aV9yZWR1Y3Rpb24AYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5tYXhpbXVtZgBhcml0aC5jbXBmAGFyaXRoLmRpdmYAdmFsdWUAZnVuY3Rpb25fdHlwZQBzeW1fbmFtZQB0cmFuc2Zvcm1faW5kaWNlcwB3aW5kb3dfYm91bmRzAHByZWRpY2F0ZQBzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAYWRkOgBhZGQAbXVsOgBzdWI6AHNlbGVjdF9uL3NlbGVjdF9uAGVxOgBkaW1lbnNpb25fbnVtYmVycwB0cmFuc3Bvc2VfbGhzAHRyYW5zcG9zZV9yaHMAZmFzdG1hdGgAZGltZW5zaW9ucwBicm9hZGNhc3RfaW5fZGltL2Jyb2FkY2FzdF9pbl9kaW0Aa2luZAByZWR1Y3Rpb25fZGltcwBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fa2VybmVsAHRwdS5jb3JlX3R5cGUAd2luZG93X3BhcmFtcwBmbGFzaF9hdHRlbnRpb24AL3dvcmsvbWFpbi8udmVudi9saWIvcHl0aG9uMy4xMS9zaXRlLXBhY2thZ2VzL2pheC9leHBlcmltZW50YWwvcGFsbGFzL29wcy90cHUvZmxhc2hfYXR0ZW50aW9uLnB5AG92ZXJmbG93RmxhZ3MAbXVsAHN1YgBndDoAZ3QvZ3QAc2VsZWN0X24AZXEAZXEvZXEAY29udmVydF9lbGVtZW50X3R5cGU6AGNvbnZlcnRfZWxlbWVudF90eXBlL2NvbnZlcnRfZWxlbWVudF90eXBlAGNvbmQ6AGNvbmQAZ2V0OgBnZXQAc3dhcDoAc3dhcABvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAc2NhbjoAc2NhbgBkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHJlZHVjZV9tYXg6AHJlZHVjZV9tYXgvcmVkdWNlX21heABtYXg6AG1heC9tYXgAc3ViL3N1YgBleHA6AGV4cC9leHAAbXVsL211bAByZWR1Y2Vfc3VtOgByZWR1Y2Vfc3VtL3JlZHVjZV9zdW0AZGl2OgBkaXYAYnJvYWRjYXN0X2luX2RpbQA=\22, \22cost_estimate\22: {\0A\22bytes_accessed\22:2147483648,\0A\22flops\22:4432406249472,\0A\22remote_bytes_transferred\22:0,\0A\22transcendentals\22:8589934592\0A}, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xf32>)
    return %0#0 : tensor<4x32x8192x128xbf16>
  }
  func.func private @silu(%arg0: tensor<1024x8192x14336xbf16>) -> tensor<1024x8192x14336xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<1024x8192x14336xbf16>
    %1 = stablehlo.exponential %0 : tensor<1024x8192x14336xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1024x8192x14336xbf16>
    %3 = stablehlo.add %2, %1 : tensor<1024x8192x14336xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<1024x8192x14336xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<1024x8192x14336xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1024x8192x14336xbf16>
    return %6 : tensor<1024x8192x14336xbf16>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<32x1024x8192x4096xbf16>, %arg1: tensor<1024x8192x4096xbf16>, %arg2: tensor<i32>) -> tensor<32x1024x8192x4096xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<1024x8192x4096xbf16>) -> tensor<1x1024x8192x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<32x1024x8192x4096xbf16>, tensor<1x1024x8192x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x1024x8192x4096xbf16>
    return %1 : tensor<32x1024x8192x4096xbf16>
  }
  func.func private @dynamic_index_in_dim_4(%arg0: tensor<16x1024x512x4096xbf16>, %arg1: tensor<i32>) -> tensor<1024x512x4096xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 1024, 512, 4096] : (tensor<16x1024x512x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1024x512x4096xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x1024x512x4096xbf16>) -> tensor<1024x512x4096xbf16>
    return %1 : tensor<1024x512x4096xbf16>
  }
  func.func private @dynamic_index_in_dim_5(%arg0: tensor<16x1024x512xi32>, %arg1: tensor<i32>) -> tensor<1024x512xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 1024, 512] : (tensor<16x1024x512xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1024x512xi32>
    %1 = stablehlo.reshape %0 : (tensor<1x1024x512xi32>) -> tensor<1024x512xi32>
    return %1 : tensor<1024x512xi32>
  }
  func.func private @closed_call_6(%arg0: tensor<4096x128256xbf16>, %arg1: tensor<f32>, %arg2: tensor<1024x512x4096xbf16>, %arg3: tensor<1024x512xi32>) -> tensor<f32> {
    %0 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x512x4096xbf16>, tensor<4096x128256xbf16>) -> tensor<1024x512x128256xbf16>
    %1 = stablehlo.convert %0 : (tensor<1024x512x128256xbf16>) -> tensor<1024x512x128256xf32>
    %2 = call @log_softmax(%1) : (tensor<1024x512x128256xf32>) -> tensor<1024x512x128256xf32>
    %3 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1024x512xi32>) -> tensor<1024x512x1xi32>
    %4 = call @take_along_axis(%2, %3) : (tensor<1024x512x128256xf32>, tensor<1024x512x1xi32>) -> tensor<1024x512x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1024x512x1xf32>, tensor<f32>) -> tensor<f32>
    %6 = stablehlo.subtract %arg1, %5 : tensor<f32>
    return %6 : tensor<f32>
  }
  func.func private @log_softmax(%arg0: tensor<1024x512x128256xf32>) -> tensor<1024x512x128256xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<1024x512x128256xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1024x512xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<1024x512xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1024x512xf32>) -> tensor<1024x512x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<1024x512x128256xf32>
    %6 = stablehlo.exponential %5 : tensor<1024x512x128256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<1024x512x128256xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1024x512xf32>) -> tensor<1024x512x1xf32>
    %9 = stablehlo.log %8 : tensor<1024x512x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<1024x512x128256xf32>
    return %11 : tensor<1024x512x128256xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<1024x512x128256xf32>, %arg1: tensor<1024x512x1xi32>) -> tensor<1024x512x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1024x512x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<1024x512x1xi32>, tensor<1024x512x1xi32>) -> tensor<1024x512x1xi1>
    %c_0 = stablehlo.constant dense<128256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1024x512x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<1024x512x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<1024x512x1xi1>, tensor<1024x512x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<1024x512x1xi32>) -> tensor<1024x512x1x1xi32>
    %c_1 = stablehlo.constant dense<128255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1024x512x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<1024x512x1x1xi32>, tensor<1024x512x1x1xi32>) -> tensor<1024x512x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<1024x512x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<1024x512x1x1xi32>, tensor<1024x512x1x1xi32>) -> tensor<1024x512x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<1024x512x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<1024x512x1x1xi1>, tensor<i1>) -> tensor<1024x512x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<1024x512x128256xf32>, tensor<1024x512x1x1xi32>) -> tensor<1024x512x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024x512x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<1024x512x1xi1>, tensor<1024x512x1xf32>
    return %15 : tensor<1024x512x1xf32>
  }
  func.func private @closed_call_7(%arg0: tensor<4096x128256xbf16>, %arg1: tensor<4096x128256xbf16>, %arg2: tensor<f32>, %arg3: tensor<1024x512x4096xbf16>, %arg4: tensor<1024x512xi32>) -> (tensor<4096x128256xbf16>, tensor<f32>, tensor<1024x512x4096xbf16>) {
    %0:4 = stablehlo.optimization_barrier %arg0, %arg3, %arg4, %arg2 : tensor<4096x128256xbf16>, tensor<1024x512x4096xbf16>, tensor<1024x512xi32>, tensor<f32>
    %1 = stablehlo.dot_general %0#1, %0#0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x512x4096xbf16>, tensor<4096x128256xbf16>) -> tensor<1024x512x128256xbf16>
    %2 = stablehlo.convert %1 : (tensor<1024x512x128256xbf16>) -> tensor<1024x512x128256xf32>
    %3:2 = call @log_softmax_8(%2) : (tensor<1024x512x128256xf32>) -> (tensor<1024x512x128256xf32>, tensor<1024x512x1xf32>)
    %4 = stablehlo.broadcast_in_dim %0#2, dims = [0, 1] : (tensor<1024x512xi32>) -> tensor<1024x512x1xi32>
    %5 = call @take_along_axis_9(%4) : (tensor<1024x512x1xi32>) -> tensor<1024x512x1x1xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%0#3 init: %cst) applies stablehlo.add across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %7 = stablehlo.negate %0#3 : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<1024x512x1xf32>
    %9 = call @take_along_axis_10(%5, %8) : (tensor<1024x512x1x1xi32>, tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32>
    %10 = call @log_softmax_11(%3#0, %3#1, %9) : (tensor<1024x512x128256xf32>, tensor<1024x512x1xf32>, tensor<1024x512x128256xf32>) -> tensor<1024x512x128256xf32>
    %11 = stablehlo.convert %10 : (tensor<1024x512x128256xf32>) -> tensor<1024x512x128256xbf16>
    %12 = stablehlo.dot_general %11, %0#1, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x512x128256xbf16>, tensor<1024x512x4096xbf16>) -> tensor<128256x4096xbf16>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<128256x4096xbf16>) -> tensor<4096x128256xbf16>
    %14 = stablehlo.dot_general %11, %0#0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x512x128256xbf16>, tensor<4096x128256xbf16>) -> tensor<1024x512x4096xbf16>
    %15 = stablehlo.add %arg1, %13 : tensor<4096x128256xbf16>
    return %15, %6, %14 : tensor<4096x128256xbf16>, tensor<f32>, tensor<1024x512x4096xbf16>
  }
  func.func private @log_softmax_8(%arg0: tensor<1024x512x128256xf32>) -> (tensor<1024x512x128256xf32>, tensor<1024x512x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<1024x512x128256xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1024x512xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<1024x512xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1024x512xf32>) -> tensor<1024x512x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<1024x512x128256xf32>
    %6 = stablehlo.exponential %5 : tensor<1024x512x128256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<1024x512x128256xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1024x512xf32>) -> tensor<1024x512x1xf32>
    return %6, %8 : tensor<1024x512x128256xf32>, tensor<1024x512x1xf32>
  }
  func.func private @take_along_axis_9(%arg0: tensor<1024x512x1xi32>) -> tensor<1024x512x1x1xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1024x512x1xi32>
    %1 = stablehlo.compare LT, %arg0, %0, SIGNED : (tensor<1024x512x1xi32>, tensor<1024x512x1xi32>) -> tensor<1024x512x1xi1>
    %c_0 = stablehlo.constant dense<128256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1024x512x1xi32>
    %3 = stablehlo.add %arg0, %2 : tensor<1024x512x1xi32>
    %4 = stablehlo.select %1, %3, %arg0 : tensor<1024x512x1xi1>, tensor<1024x512x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<1024x512x1xi32>) -> tensor<1024x512x1x1xi32>
    return %5 : tensor<1024x512x1x1xi32>
  }
  func.func private @take_along_axis_10(%arg0: tensor<1024x512x1x1xi32>, %arg1: tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024x512x128256xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<1024x512x128256xf32>, tensor<1024x512x1x1xi32>, tensor<1024x512x1xf32>) -> tensor<1024x512x128256xf32>
    return %1 : tensor<1024x512x128256xf32>
  }
  func.func private @log_softmax_11(%arg0: tensor<1024x512x128256xf32>, %arg1: tensor<1024x512x1xf32>, %arg2: tensor<1024x512x128256xf32>) -> tensor<1024x512x128256xf32> {
    %0 = stablehlo.negate %arg2 : tensor<1024x512x128256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<1024x512x128256xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %2 = stablehlo.reshape %1 : (tensor<1024x512xf32>) -> tensor<1024x512x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<1024x512x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<1024x512x1xf32>, tensor<f32>) -> tensor<1024x512xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1024x512xf32>) -> tensor<1024x512x128256xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<1024x512x128256xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<1024x512x128256xf32>
    return %7 : tensor<1024x512x128256xf32>
  }
  func.func private @dynamic_update_index_in_dim_12(%arg0: tensor<16x1024x512x4096xbf16>, %arg1: tensor<1024x512x4096xbf16>, %arg2: tensor<i32>) -> tensor<16x1024x512x4096xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<1024x512x4096xbf16>) -> tensor<1x1024x512x4096xbf16>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<16x1024x512x4096xbf16>, tensor<1x1024x512x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<16x1024x512x4096xbf16>
    return %1 : tensor<16x1024x512x4096xbf16>
  }
  func.func private @dynamic_index_in_dim_13(%arg0: tensor<32x1024x8192x4096xbf16>, %arg1: tensor<i32>) -> tensor<1024x8192x4096xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 1024, 8192, 4096] : (tensor<32x1024x8192x4096xbf16>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1024x8192x4096xbf16>
    %1 = stablehlo.reshape %0 : (tensor<1x1024x8192x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    return %1 : tensor<1024x8192x4096xbf16>
  }
  func.func private @closed_call_14(%arg0: tensor<1024x8192x4096xbf16>, %arg1: tensor<1024x8192x4096xbf16>, %arg2: tensor<4096xf32>, %arg3: tensor<4096xf32>, %arg4: tensor<14336x4096xf32>, %arg5: tensor<4096x14336xf32>, %arg6: tensor<4096x14336xf32>, %arg7: tensor<4096x1024xf32>, %arg8: tensor<4096x4096xf32>, %arg9: tensor<4096x4096xf32>, %arg10: tensor<4096x1024xf32>) -> (tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>) {
    %0:11 = stablehlo.optimization_barrier %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg0 : tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>, tensor<1024x8192x4096xbf16>
    %1 = stablehlo.convert %0#1 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %2 = stablehlo.convert %0#2 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %3 = stablehlo.convert %0#3 : (tensor<14336x4096xf32>) -> tensor<14336x4096xbf16>
    %4 = stablehlo.convert %0#4 : (tensor<4096x14336xf32>) -> tensor<4096x14336xbf16>
    %5 = stablehlo.convert %0#5 : (tensor<4096x14336xf32>) -> tensor<4096x14336xbf16>
    %6 = stablehlo.convert %0#6 : (tensor<4096x1024xf32>) -> tensor<4096x1024xbf16>
    %7 = stablehlo.convert %0#7 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %8 = stablehlo.convert %0#8 : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
    %9 = stablehlo.convert %0#9 : (tensor<4096x1024xf32>) -> tensor<4096x1024xbf16>
    %10 = stablehlo.iota dim = 0 : tensor<8192xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<8192xi32>) -> tensor<1024x8192xi32>
    %12 = stablehlo.convert %0#0 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %13 = chlo.square %12 : tensor<1024x8192x4096xf32> -> tensor<1024x8192x4096xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024x8192x4096xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<1024x8192x4096xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%13 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %cst_1 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %19 = stablehlo.divide %17, %18 : tensor<1024x8192x1xf32>
    %cst_2 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %21 = stablehlo.add %19, %20 : tensor<1024x8192x1xf32>
    %22 = stablehlo.rsqrt %21 : tensor<1024x8192x1xf32>
    %23 = stablehlo.divide %22, %21 : tensor<1024x8192x1xf32>
    %cst_3 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %25 = stablehlo.multiply %24, %23 : tensor<1024x8192x1xf32>
    %26 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %27 = stablehlo.multiply %12, %26 : tensor<1024x8192x4096xf32>
    %28 = stablehlo.convert %1 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %31 = stablehlo.multiply %27, %30 : tensor<1024x8192x4096xf32>
    %32 = stablehlo.convert %31 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %33 = stablehlo.dot_general %32, %8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %34 = stablehlo.reshape %33 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x32x128xbf16>
    %35 = stablehlo.dot_general %32, %6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x1024xbf16>
    %36 = stablehlo.reshape %35 : (tensor<1024x8192x1024xbf16>) -> tensor<1024x8192x8x128xbf16>
    %37 = stablehlo.dot_general %32, %9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x1024xbf16>
    %38 = stablehlo.reshape %37 : (tensor<1024x8192x1024xbf16>) -> tensor<1024x8192x8x128xbf16>
    %39 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %41 = stablehlo.multiply %40, %39 : tensor<64xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %43 = stablehlo.add %42, %41 : tensor<64xf32>
    %cst_6 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %45 = stablehlo.divide %43, %44 : tensor<64xf32>
    %cst_7 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %47 = stablehlo.power %46, %45 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %49 = stablehlo.divide %48, %47 : tensor<64xf32>
    %50 = stablehlo.convert %11 : (tensor<1024x8192xi32>) -> tensor<1024x8192xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1x1xf32>
    %52 = stablehlo.broadcast_in_dim %49, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %53 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x1xf32>) -> tensor<1024x8192x1x64xf32>
    %54 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1024x8192x1x64xf32>
    %55 = stablehlo.multiply %53, %54 : tensor<1024x8192x1x64xf32>
    %56 = stablehlo.cosine %55 : tensor<1024x8192x1x64xf32>
    %57 = stablehlo.sine %55 : tensor<1024x8192x1x64xf32>
    %58 = stablehlo.convert %34 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x32x128xf32>
    %59 = stablehlo.slice %58 [0:1024, 0:8192, 0:32, 0:64] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %60 = stablehlo.slice %58 [0:1024, 0:8192, 0:32, 64:128] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %61 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %62 = stablehlo.multiply %59, %61 : tensor<1024x8192x32x64xf32>
    %63 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %64 = stablehlo.multiply %60, %63 : tensor<1024x8192x32x64xf32>
    %65 = stablehlo.subtract %62, %64 : tensor<1024x8192x32x64xf32>
    %66 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %67 = stablehlo.multiply %60, %66 : tensor<1024x8192x32x64xf32>
    %68 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %69 = stablehlo.multiply %59, %68 : tensor<1024x8192x32x64xf32>
    %70 = stablehlo.add %67, %69 : tensor<1024x8192x32x64xf32>
    %71 = stablehlo.concatenate %65, %70, dim = 3 : (tensor<1024x8192x32x64xf32>, tensor<1024x8192x32x64xf32>) -> tensor<1024x8192x32x128xf32>
    %72 = stablehlo.convert %71 : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x128xbf16>
    %73 = stablehlo.iota dim = 0 : tensor<64xf32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %77 = stablehlo.add %76, %75 : tensor<64xf32>
    %cst_11 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %79 = stablehlo.divide %77, %78 : tensor<64xf32>
    %cst_12 = stablehlo.constant dense<5.000000e+05> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %81 = stablehlo.power %80, %79 : tensor<64xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %83 = stablehlo.divide %82, %81 : tensor<64xf32>
    %84 = stablehlo.convert %11 : (tensor<1024x8192xi32>) -> tensor<1024x8192xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1x1xf32>
    %86 = stablehlo.broadcast_in_dim %83, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %87 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x1xf32>) -> tensor<1024x8192x1x64xf32>
    %88 = stablehlo.broadcast_in_dim %86, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1024x8192x1x64xf32>
    %89 = stablehlo.multiply %87, %88 : tensor<1024x8192x1x64xf32>
    %90 = stablehlo.cosine %89 : tensor<1024x8192x1x64xf32>
    %91 = stablehlo.sine %89 : tensor<1024x8192x1x64xf32>
    %92 = stablehlo.convert %36 : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x128xf32>
    %93 = stablehlo.slice %92 [0:1024, 0:8192, 0:8, 0:64] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %94 = stablehlo.slice %92 [0:1024, 0:8192, 0:8, 64:128] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %95 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %96 = stablehlo.multiply %93, %95 : tensor<1024x8192x8x64xf32>
    %97 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %98 = stablehlo.multiply %94, %97 : tensor<1024x8192x8x64xf32>
    %99 = stablehlo.subtract %96, %98 : tensor<1024x8192x8x64xf32>
    %100 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %101 = stablehlo.multiply %94, %100 : tensor<1024x8192x8x64xf32>
    %102 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %103 = stablehlo.multiply %93, %102 : tensor<1024x8192x8x64xf32>
    %104 = stablehlo.add %101, %103 : tensor<1024x8192x8x64xf32>
    %105 = stablehlo.concatenate %99, %104, dim = 3 : (tensor<1024x8192x8x64xf32>, tensor<1024x8192x8x64xf32>) -> tensor<1024x8192x8x128xf32>
    %106 = stablehlo.convert %105 : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x128xbf16>
    %107 = stablehlo.reshape %72 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %108 = stablehlo.reshape %107 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %109 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2, 4] : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %110 = stablehlo.reshape %109 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %111 = stablehlo.transpose %110, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %112 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 4] : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %113 = stablehlo.reshape %112 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %114 = stablehlo.transpose %113, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %115 = stablehlo.transpose %108, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %116:3 = sdy.manual_computation(%115, %111, %114) in_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}]>] manual_axes={"x", "y"} (%arg11: tensor<4x32x8192x128xbf16>, %arg12: tensor<4x32x8192x128xbf16>, %arg13: tensor<4x32x8192x128xbf16>) {
      %275:3 = func.call @flash_attention_15(%arg11, %arg12, %arg13) : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192xf32>, tensor<4x32x8192xf32>)
      sdy.return %275#0, %275#1, %275#2 : tensor<4x32x8192x128xbf16>, tensor<4x32x8192xf32>, tensor<4x32x8192xf32>
    } : (tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>) -> (tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192xf32>, tensor<1024x32x8192xf32>)
    %117 = stablehlo.transpose %116#0, dims = [0, 2, 1, 3] : (tensor<1024x32x8192x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %118 = stablehlo.reshape %117 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %119 = stablehlo.reshape %118 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x4096xbf16>
    %120 = stablehlo.dot_general %119, %7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %121 = stablehlo.add %0#0, %120 : tensor<1024x8192x4096xbf16>
    %122 = stablehlo.convert %121 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %123 = chlo.square %122 : tensor<1024x8192x4096xf32> -> tensor<1024x8192x4096xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1024x8192x4096xf32>
    %125 = stablehlo.multiply %124, %122 : tensor<1024x8192x4096xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.reduce(%123 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %cst_16 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %129 = stablehlo.divide %127, %128 : tensor<1024x8192x1xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %131 = stablehlo.add %129, %130 : tensor<1024x8192x1xf32>
    %132 = stablehlo.rsqrt %131 : tensor<1024x8192x1xf32>
    %133 = stablehlo.divide %132, %131 : tensor<1024x8192x1xf32>
    %cst_18 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %135 = stablehlo.multiply %134, %133 : tensor<1024x8192x1xf32>
    %136 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %137 = stablehlo.multiply %122, %136 : tensor<1024x8192x4096xf32>
    %138 = stablehlo.convert %2 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %139 = stablehlo.broadcast_in_dim %138, dims = [2] : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %140 = stablehlo.broadcast_in_dim %139, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %141 = stablehlo.multiply %137, %140 : tensor<1024x8192x4096xf32>
    %142 = stablehlo.convert %141 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %143 = stablehlo.dot_general %142, %4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %144:3 = call @silu_16(%143) : (tensor<1024x8192x14336xbf16>) -> (tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>)
    %145 = stablehlo.dot_general %142, %5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %146 = stablehlo.multiply %144#0, %145 : tensor<1024x8192x14336xbf16>
    %147 = stablehlo.dot_general %0#10, %146, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<1024x8192x14336xbf16>) -> tensor<4096x14336xbf16>
    %148 = stablehlo.transpose %147, dims = [1, 0] : (tensor<4096x14336xbf16>) -> tensor<14336x4096xbf16>
    %149 = stablehlo.dot_general %0#10, %3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<14336x4096xbf16>) -> tensor<1024x8192x14336xbf16>
    %150 = stablehlo.multiply %144#0, %149 : tensor<1024x8192x14336xbf16>
    %151 = stablehlo.multiply %149, %145 : tensor<1024x8192x14336xbf16>
    %152 = stablehlo.dot_general %150, %142, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x14336xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<14336x4096xbf16>
    %153 = stablehlo.transpose %152, dims = [1, 0] : (tensor<14336x4096xbf16>) -> tensor<4096x14336xbf16>
    %154 = stablehlo.dot_general %150, %5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x14336xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x4096xbf16>
    %155 = call @silu_17(%144#1, %143, %144#2, %151) : (tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>) -> tensor<1024x8192x14336xbf16>
    %156 = stablehlo.dot_general %155, %142, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x14336xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<14336x4096xbf16>
    %157 = stablehlo.transpose %156, dims = [1, 0] : (tensor<14336x4096xbf16>) -> tensor<4096x14336xbf16>
    %158 = stablehlo.dot_general %155, %4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x14336xbf16>, tensor<4096x14336xbf16>) -> tensor<1024x8192x4096xbf16>
    %159 = stablehlo.add %154, %158 : tensor<1024x8192x4096xbf16>
    %160 = stablehlo.convert %159 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %161 = stablehlo.multiply %137, %160 : tensor<1024x8192x4096xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %162 = stablehlo.reduce(%161 init: %cst_19) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %163 = stablehlo.reshape %162 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %164 = stablehlo.broadcast_in_dim %139, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %165 = stablehlo.multiply %160, %164 : tensor<1024x8192x4096xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%163 init: %cst_20) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %167 = stablehlo.convert %166 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %168 = stablehlo.multiply %122, %165 : tensor<1024x8192x4096xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %169 = stablehlo.reduce(%168 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %170 = stablehlo.reshape %169 : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %171 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %172 = stablehlo.multiply %165, %171 : tensor<1024x8192x4096xf32>
    %173 = stablehlo.multiply %170, %135 : tensor<1024x8192x1xf32>
    %cst_22 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %175 = stablehlo.divide %173, %174 : tensor<1024x8192x1xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %176 = stablehlo.reduce(%175 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x1xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %177 = stablehlo.broadcast_in_dim %176, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x4096xf32>
    %178 = stablehlo.multiply %177, %125 : tensor<1024x8192x4096xf32>
    %179 = stablehlo.add %172, %178 : tensor<1024x8192x4096xf32>
    %180 = stablehlo.convert %179 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %181 = stablehlo.add %0#10, %180 : tensor<1024x8192x4096xbf16>
    %182 = stablehlo.dot_general %181, %119, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<4096x4096xbf16>
    %183 = stablehlo.transpose %182, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %184 = stablehlo.dot_general %181, %7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %185 = stablehlo.reshape %184 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %186 = stablehlo.reshape %185 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %187 = stablehlo.transpose %186, dims = [0, 2, 1, 3] : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x32x8192x128xbf16>
    %188:3 = sdy.manual_computation(%187, %115, %111, %114, %116#0, %116#1, %116#2) in_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>, <@mesh, [{"x", "y"}, {}, {}, {}]>] manual_axes={"x", "y"} (%arg11: tensor<4x32x8192x128xbf16>, %arg12: tensor<4x32x8192x128xbf16>, %arg13: tensor<4x32x8192x128xbf16>, %arg14: tensor<4x32x8192x128xbf16>, %arg15: tensor<4x32x8192x128xbf16>, %arg16: tensor<4x32x8192xf32>, %arg17: tensor<4x32x8192xf32>) {
      %275:3 = func.call @flash_attention_18(%arg12, %arg13, %arg14, %arg15, %arg16, %arg17, %arg11) : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192xf32>, tensor<4x32x8192xf32>, tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>)
      sdy.return %275#0, %275#1, %275#2 : tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>
    } : (tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192xf32>, tensor<1024x32x8192xf32>) -> (tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>, tensor<1024x32x8192x128xbf16>)
    %189 = stablehlo.transpose %188#0, dims = [0, 2, 1, 3] : (tensor<1024x32x8192x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %190 = stablehlo.transpose %188#2, dims = [0, 2, 1, 3] : (tensor<1024x32x8192x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %191 = stablehlo.reshape %190 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %192 = stablehlo.reduce(%191 init: %cst_24) applies stablehlo.add across dimensions = [3] : (tensor<1024x8192x8x4x128xbf16>, tensor<bf16>) -> tensor<1024x8192x8x128xbf16>
    %193 = stablehlo.transpose %188#1, dims = [0, 2, 1, 3] : (tensor<1024x32x8192x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %194 = stablehlo.reshape %193 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %195 = stablehlo.reduce(%194 init: %cst_25) applies stablehlo.add across dimensions = [3] : (tensor<1024x8192x8x4x128xbf16>, tensor<bf16>) -> tensor<1024x8192x8x128xbf16>
    %196 = stablehlo.reshape %189 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x8x4x128xbf16>
    %197 = stablehlo.reshape %196 : (tensor<1024x8192x8x4x128xbf16>) -> tensor<1024x8192x32x128xbf16>
    %198 = stablehlo.convert %195 : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x8x128xf32>
    %199 = stablehlo.slice %198 [0:1024, 0:8192, 0:8, 0:64] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %200 = stablehlo.slice %198 [0:1024, 0:8192, 0:8, 64:128] : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x64xf32>
    %201 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %202 = stablehlo.multiply %200, %201 : tensor<1024x8192x8x64xf32>
    %203 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %204 = stablehlo.multiply %200, %203 : tensor<1024x8192x8x64xf32>
    %205 = stablehlo.negate %199 : tensor<1024x8192x8x64xf32>
    %206 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %207 = stablehlo.multiply %205, %206 : tensor<1024x8192x8x64xf32>
    %208 = stablehlo.add %204, %207 : tensor<1024x8192x8x64xf32>
    %209 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x8x64xf32>
    %210 = stablehlo.multiply %199, %209 : tensor<1024x8192x8x64xf32>
    %211 = stablehlo.add %202, %210 : tensor<1024x8192x8x64xf32>
    %212 = stablehlo.concatenate %211, %208, dim = 3 : (tensor<1024x8192x8x64xf32>, tensor<1024x8192x8x64xf32>) -> tensor<1024x8192x8x128xf32>
    %213 = stablehlo.convert %212 : (tensor<1024x8192x8x128xf32>) -> tensor<1024x8192x8x128xbf16>
    %214 = stablehlo.convert %197 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x32x128xf32>
    %215 = stablehlo.slice %214 [0:1024, 0:8192, 0:32, 0:64] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %216 = stablehlo.slice %214 [0:1024, 0:8192, 0:32, 64:128] : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x64xf32>
    %217 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %218 = stablehlo.multiply %216, %217 : tensor<1024x8192x32x64xf32>
    %219 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %220 = stablehlo.multiply %216, %219 : tensor<1024x8192x32x64xf32>
    %221 = stablehlo.negate %215 : tensor<1024x8192x32x64xf32>
    %222 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %223 = stablehlo.multiply %221, %222 : tensor<1024x8192x32x64xf32>
    %224 = stablehlo.add %220, %223 : tensor<1024x8192x32x64xf32>
    %225 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<1024x8192x1x64xf32>) -> tensor<1024x8192x32x64xf32>
    %226 = stablehlo.multiply %215, %225 : tensor<1024x8192x32x64xf32>
    %227 = stablehlo.add %218, %226 : tensor<1024x8192x32x64xf32>
    %228 = stablehlo.concatenate %227, %224, dim = 3 : (tensor<1024x8192x32x64xf32>, tensor<1024x8192x32x64xf32>) -> tensor<1024x8192x32x128xf32>
    %229 = stablehlo.convert %228 : (tensor<1024x8192x32x128xf32>) -> tensor<1024x8192x32x128xbf16>
    %230 = stablehlo.reshape %192 : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x1024xbf16>
    %231 = stablehlo.dot_general %230, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x1024xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<1024x4096xbf16>
    %232 = stablehlo.transpose %231, dims = [1, 0] : (tensor<1024x4096xbf16>) -> tensor<4096x1024xbf16>
    %233 = stablehlo.dot_general %230, %9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x1024xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x4096xbf16>
    %234 = stablehlo.reshape %213 : (tensor<1024x8192x8x128xbf16>) -> tensor<1024x8192x1024xbf16>
    %235 = stablehlo.dot_general %234, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x1024xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<1024x4096xbf16>
    %236 = stablehlo.transpose %235, dims = [1, 0] : (tensor<1024x4096xbf16>) -> tensor<4096x1024xbf16>
    %237 = stablehlo.dot_general %234, %6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x1024xbf16>, tensor<4096x1024xbf16>) -> tensor<1024x8192x4096xbf16>
    %238 = stablehlo.add %233, %237 : tensor<1024x8192x4096xbf16>
    %239 = stablehlo.reshape %229 : (tensor<1024x8192x32x128xbf16>) -> tensor<1024x8192x4096xbf16>
    %240 = stablehlo.dot_general %239, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<1024x8192x4096xbf16>) -> tensor<4096x4096xbf16>
    %241 = stablehlo.transpose %240, dims = [1, 0] : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
    %242 = stablehlo.dot_general %239, %8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<1024x8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x8192x4096xbf16>
    %243 = stablehlo.add %238, %242 : tensor<1024x8192x4096xbf16>
    %244 = stablehlo.convert %243 : (tensor<1024x8192x4096xbf16>) -> tensor<1024x8192x4096xf32>
    %245 = stablehlo.multiply %27, %244 : tensor<1024x8192x4096xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %246 = stablehlo.reduce(%245 init: %cst_26) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %247 = stablehlo.reshape %246 : (tensor<4096xf32>) -> tensor<1x1x4096xf32>
    %248 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x4096xf32>) -> tensor<1024x8192x4096xf32>
    %249 = stablehlo.multiply %244, %248 : tensor<1024x8192x4096xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %250 = stablehlo.reduce(%247 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %251 = stablehlo.convert %250 : (tensor<4096xf32>) -> tensor<4096xbf16>
    %252 = stablehlo.multiply %12, %249 : tensor<1024x8192x4096xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.reduce(%252 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x4096xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %254 = stablehlo.reshape %253 : (tensor<1024x8192xf32>) -> tensor<1024x8192x1xf32>
    %255 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<1024x8192x1xf32>) -> tensor<1024x8192x4096xf32>
    %256 = stablehlo.multiply %249, %255 : tensor<1024x8192x4096xf32>
    %257 = stablehlo.multiply %254, %25 : tensor<1024x8192x1xf32>
    %cst_29 = stablehlo.constant dense<4.096000e+03> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1024x8192x1xf32>
    %259 = stablehlo.divide %257, %258 : tensor<1024x8192x1xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%259 init: %cst_30) applies stablehlo.add across dimensions = [2] : (tensor<1024x8192x1xf32>, tensor<f32>) -> tensor<1024x8192xf32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [0, 1] : (tensor<1024x8192xf32>) -> tensor<1024x8192x4096xf32>
    %262 = stablehlo.multiply %261, %15 : tensor<1024x8192x4096xf32>
    %263 = stablehlo.add %256, %262 : tensor<1024x8192x4096xf32>
    %264 = stablehlo.convert %263 : (tensor<1024x8192x4096xf32>) -> tensor<1024x8192x4096xbf16>
    %265 = stablehlo.add %181, %264 : tensor<1024x8192x4096xbf16>
    %266 = stablehlo.convert %232 : (tensor<4096x1024xbf16>) -> tensor<4096x1024xf32>
    %267 = stablehlo.convert %241 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %268 = stablehlo.convert %183 : (tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
    %269 = stablehlo.convert %236 : (tensor<4096x1024xbf16>) -> tensor<4096x1024xf32>
    %270 = stablehlo.convert %153 : (tensor<4096x14336xbf16>) -> tensor<4096x14336xf32>
    %271 = stablehlo.convert %157 : (tensor<4096x14336xbf16>) -> tensor<4096x14336xf32>
    %272 = stablehlo.convert %148 : (tensor<14336x4096xbf16>) -> tensor<14336x4096xf32>
    %273 = stablehlo.convert %167 : (tensor<4096xbf16>) -> tensor<4096xf32>
    %274 = stablehlo.convert %251 : (tensor<4096xbf16>) -> tensor<4096xf32>
    return %265, %274, %273, %272, %271, %270, %269, %268, %267, %266 : tensor<1024x8192x4096xbf16>, tensor<4096xf32>, tensor<4096xf32>, tensor<14336x4096xf32>, tensor<4096x14336xf32>, tensor<4096x14336xf32>, tensor<4096x1024xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x1024xf32>
  }
  func.func private @flash_attention_15(%arg0: tensor<4x32x8192x128xbf16>, %arg1: tensor<4x32x8192x128xbf16>, %arg2: tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192xf32>, tensor<4x32x8192xf32>) {
    %0:3 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFNCwEDBQcJAQMLAzcNDxETFRcZGx0fISMlJykrLS8xMzU3OTs9P0EDLgSaAyUB9RcXBxcPExMPFw8TCzMTEw8LCxMLC5MLEwsXDxMTFxcTFxcLExMXEwsXE8UPDwsLCwsLCwsLCwsTEwsLEw8XFwsLCwsLFwsTFwsLMxcTFxcXEwsPSwsbCwuTCwsLCwsjGwsbCxsLGwsbCxsLGxsbGxsbDw8PCycLCxMTBQmNYZFNBwVZWQHFCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8LEwsLEwsLUwsTCxMLHwsTCycXHxcjCxMLEwsXIxMXCxMLDwsTCxcfDw8XHwsTCx8PCxMLEwsLEwsTCxcfCxMLHxsfCxMLJxcfEwsFBSoCKgIJBV1JASUPBx8nBy8LDy8fHxcnBx8bQy8C4hUdagJuAgMDF1oCHx1eAmICHWvzAwMX4wMD7/8VExMdRgJKAh3p6wMDhf0FQwMHaTV2AnoCfgKCAgMDF/EdZ8ICHWfnBUUFRwMDF+UFSQVLIw8JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADSMdbQYCBU0dOgI+AhENAB1PHgMddTICHZYCmgIDAxfmAh1rQgMDAzEOAh0SAhYCBU8ddSoCAwMxeR3qAu4CHU/+AgVRHWoDbgMdT4IDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABEPAREPDQVTBVUFVwVZBVsFXQVfBWEFYwVlHUUeAh1FJgIFZwVpAwMxVxEPBR2GAooCAwMXkgIFawVtBW8FcQVzHbYCugIFdR1FAgMdDgMSAwV3BXkjDwMRAQAAAAAAAAAdIgMmAx1tLgMdNgM6Ax1SA1YDAwMXZgMDA6OlBXsRDy0DEamrIa2vsbNXtVkjt7n7u70FfQEJ9fX1+Q0hBX8jDwlBBAAAAAAAAAAgAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAFgQWDBYUFhwWJAQ2/w8fLz9MDBSfBKSsJWwMFJ8UpKwldAwUnySkrCV8DBSfNKSsJYQMFJ9EpKwljAwUn1SkrCWUDBSEtI1sDBSEtI10DBSEtI18DBSEtI2EDBSEtI2MDBSEtI2URAQERAQUdaRMFiy3tCR4DEyYDBwWNBY8RAQIEHQICEyN0cHUuZGltZW5zaW9uX3NlbWFudGljczxwYXJhbGxlbD4AI3RwdS5tZW1vcnlfc3BhY2U8dm1lbT4AI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPGFyYml0cmFyeT4AI3RwdS5jb3JlX3R5cGU8dGM+ACNhcml0aC5mYXN0bWF0aDxub25lPgAjYXJpdGgub3ZlcmZsb3c8bm9uZT4ABZEdCgITBZMRDxEFlR0aAg8Flx0iAhMFmR1zDx0uAhMFmx02Ag8FnQWfHUICDwWhBaMdTgITBaUDAxdWAhEB/REDAQWnHWYCEwWpBasdcgITBa0FryMBCSEBAAAAAQAAAAQAAAAAAAAABbEjAQEBBbMdjgITBbUlBQkAAAAABbcdngIPBbkDB3+KA4E1gzUDAxeqAhMJ0DxBbQ8DA4eyAiMBAwkAAAAABbsdvgIPBb0dxgIPBb8DA4fOAiMBAwkBAAAAAwMxWR3aAt4CBcEd4gIPBcMTCQEFxR3yAhMFxwMDF/oCEwmQzMzMPx2LBR1zBQMDFwoDJRcJAACA/wXJHRYDDwXLAwWRkgOTlR2LDwXNHSoDDwXPHTIDDwXRBdMdPgMPBdUdRgMPBdcDAxdOAyUXCQAAAAAF2R1aAw8F2wMFkZYDk5UDBYX9MXkTCRAAAOAPBd0dcgMTBd8DB3+OA4E1gzUDAxd+AxMJEAAA4D8dhgMTBeEjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgAjdmVjdG9yLmtpbmQ8bWF4aW11bWY+ACN2ZWN0b3Iua2luZDxhZGQ+AAECAgMnBQIEAgQJJwkFBQIEAgQJCxf3CQUFAgQCBAlVAQkBAgQX9wkFBQIEAgQbVScFAgQCBBsnBQIEAgQBJwMCBAknCQUFAgQCBBsHJwUCBAIEDScFAgQFCQUbAQEBARERERELCwsLCwEFCQEBAQEJAQEBAQQOIwUBEQWhBwMBHRERBacHA0drGwEFAQUBBQEFEQURBREFEQULBQsFCwULBQsFAwNHCwMBDwc5dwMNBQcbHwYzAwEDHQMDEQsDAQ8HEUkDDQUfISEUEQMjCQM3fQMDU3oDAwkJBjcDBQNHAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLFUtNT1EFBgEDBQNTBQYBAwcDSQsFARkNVxVLTU9RAwNTPQMJCQY3AwUDWQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxddX2FjBQYBAwUDZQUGAQMHA1sLBQEZDWkXXV9hYwMDUz0DCQkGNwMFA2sDAwEDAwMDAwEDAwMDAwEDAwMDAwEDAwMHBgEDBwsZb3FzdQUGAQMFA3cFBgEDBwNtCwUBGQ17GW9xc3UXABEDAQUXABEDAx8lAwEVBx8NAwEFBSUDAwkbAwENBwkNAwEFJykDAy8lAwEdBy8NAwEFKy0DAwkbAwENBwkNAwEFBzEPB0NBAw0FLzMfBjMDAQM1AwMRCwMBDwcRSQMNBTc5IRQRAzsJAwoCOgQDA3sLAwEDAwkbAwENBwkNAwEFR0kDAx8LAwEVBx8NAwEFTUsDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsVUVNVVwUGBwMFA1kDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsXXV9hYwUGBwMFA2UDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDGQsJaWttbwUGBwMTA3EDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLC3V3eXsFBgcDEwN9AwM7fQMFKQc7ogIDBQdzf4EDAwmmAgMJCQYJAwUDhRkHCRUDBQWDhysDia4CAxUDAwkbAwENBwkNAwEFBY0JBh0DFQOPFQcdDQMVBYuRKwOJygIDFQMDCRsDAQ0HCQ0DAQUHlxUHHQ0DAQWZTwkGHQMVA5sVBx0NAxUFlZ0PB9YC0gIDHQWfkwMDSz0DCQMDS/YCAwkJBk0DBQOjCQZNAwUDpRsGjQMFB6GnqSMHHRUDBQWJqwMDjwYDAxctB48aAwMXBa2vBQY3Ax8DsQkGlwMFA7MzB5cVAwUFW7UvB5kVAwUFrbcxB5sVAwUDuS8HmRUDBQVbtzEHmxUDBQO9GQc/FQMFBb9nAwOdSgMDFy0HnV4DAxcFu8MFBjcDHwPFCQYdAwUDxyMHHRUDBQXJwQMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxfNz9HTBQYBAwUD1QUGAQMHA8sLBQEZDdkXzc/R0wMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxXb3d/hBQYBAwUD4wUGAQMHA7cLBQEZDecV293f4QMDRz0DCQkGOQMFA+k1BzliAwMdBcvrAwNRnwMJCQZRAwUD7zcHURUDBQXxywMDS58DCQkGTQMFA/UbBo0DBQft9/MDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZ+/3/AgIFBgcDBQMGAhkHPxUDBQXB+RkHPxUDBQUKAg4CAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLGRYCGgIeAiICBQYBAwUDJgIFBgEDBwMSAgsFARkNLgIZFgIaAh4CIgIDAwcDAwMDAwcDAwMnBgcDAwNPAwMHAwMDBwYHAxkLDTICNgI6Aj4CBQYHAxMDQgIlBjMDEwO7AwM7fQMFKQc7dgMDBQdKAkYCTgIDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZVgJaAl4CYgIFBgcDBQNmAhkHPxUDBQVSAvkjBx0VAwUFagJuAgMDAQMDAwMDAQMDAwMDAQMDAwMDAQMDAwcGAQMHCxl2AnoCfgKCAgUGAQMFA4YCBQYBAwcDcgILBQEZDY4CGXYCegJ+AoICAwN7JQMBFwARAwEFFwARAwNHUgIDAQ8HOXcDDQUHPR8GMwMBAz8DAxELAwEPBxFJAw0FQUMhFBEDRQkDUbEDAwcDAwMDAwcDAwMDAwcDAwMDAwcDAwMHBgcDBwsZR0lLTQUGBwMFA08lBjMDEwNRAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAxkLD1VXWVsFBgEDEwNdBQYBAxkDUwsFARkNYQ9VV1lbAwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLF2NlZ2kFBgcDBQNrAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLEW9xc3UFBgEDBQN3BQYBAwcDbQsFARkNexFvcXN1AwMHAwMDAwMHAwMDAwMHAwMDAwMHAwMDBwYHAwcLFX1/gYMFBgcDBQOFAwMBAwMDAwMBAwMDAwMBAwMDAwMBAwMDBwYBAwcLE4mLjY8FBgEDBQORBQYBAwcDhwsFARkNlROJi42PFwARAwEFFwAREwAFEREF1wcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBdkHAyM7CQEFAQUBBQEFAwMfJQMBFQcfDQMBBQUJAwMJGwMBDQcJDQMBBQsNAwMvJQMBHQcvDQMBBQ8RAwMJGwMBDQcJDQMBBQcVDwdDQQMNBRMXAwNvCwMBGwZxAwEHGQcbAwMFCwMBAwMFCwMBEwQFCQEDHR8REQXbBwMjOwkBBQEFAQUBBQMDHyUDARUHHw0DAQUFCQMDCRsDAQ0HCQ0DAQULDQMDLyUDAR0HLw0DAQUPEQMDCRsDAQ0HCQ0DAQUHFQ8HQ0EDDQUTFwMDbwsDARsGcQMBBxkHGwMDBQsDAQMDBQsDARMEBQkBAx0fEREF3QcDDQ8JAQUBBQEFAQUDAwULAwEDAwULAwETBAUJAQMFCRERBd8HAw0PCQEFAQUBBQEFAwMFCwMBAwMFCwMBEwQFCQEDBQkREQXhBwMNDwkBBQEFAQUBBQMDBQsDAQMDBQsDARMEBQkBAwUJBgMBBQEAQhfjIwkLLRkREQsREQstGQkLDQkRFQ0xGwsNESkLDQkLCw1VLQ0HEw0JCQkdwyEdHTEjISMpLR8LRRcTHR0lCSULCwkLGRkZGRkZJRUVHSUTHQ0XFx8TFy8TFyMbFw8ZFxsXFRcZFRcXIyMZJR8PDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAHZlY3RvcgBtb2R1bGUAYXJpdGguY29uc3RhbnQAdmVjdG9yLnNoYXBlX2Nhc3QAdmVjdG9yLmxvYWQAdmVjdG9yLmJyb2FkY2FzdAB0cHUudmVjdG9yX3N0b3JlAGFyaXRoLm11bGkAYXJpdGguY21waQBmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguYWRkaQBzY2YueWllbGQAYXJpdGgubXVsZgBhcml0aC5zZWxlY3QAYXJpdGguc3ViaQBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgBhcml0aC50cnVuY2YAYXJpdGguaW5kZXhfY2FzdAB0cHUubWF0bXVsAHRwdS5pb3RhAHZlY3Rvci5tdWx0aV9yZWR1Y3Rpb24AYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5tYXhpbXVtZgBhcml0aC5jbXBmAGFyaXRoLmRpdmYAdmFsdWUAZnVuY3Rpb25fdHlwZQBzeW1fbmFtZQB0cmFuc2Zvcm1faW5kaWNlcwB3aW5kb3dfYm91bmRzAHByZWRpY2F0ZQBzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAYWRkOgBhZGQAbXVsOgBzdWI6AHNlbGVjdF9uL3NlbGVjdF9uAGVxOgBkaW1lbnNpb25fbnVtYmVycwB0cmFuc3Bvc2VfbGhzAHRyYW5zcG9zZV9yaHMAZmFzdG1hdGgAZGltZW5zaW9ucwBicm9hZGNhc3RfaW5fZGltL2Jyb2FkY2FzdF9pbl9kaW0Aa2luZAByZWR1Y3Rpb25fZGltcwBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fa2VybmVsAHRwdS5jb3JlX3R5cGUAd2luZG93X3BhcmFtcwBmbGFzaF9hdHRlbnRpb24AL3dvcmsvbWFpbi8udmVudi9saWIvcHl0aG9uMy4xMS9zaXRlLXBhY2thZ2VzL2pheC9leHBlcmltZW50YWwvcGFsbGFzL29wcy90cHUvZmxhc2hfYXR0ZW50aW9uLnB5AG92ZXJmbG93RmxhZ3MAbXVsAHN1YgBndDoAZ3QvZ3QAc2VsZWN0X24AZXEAZXEvZXEAY29udmVydF9lbGVtZW50X3R5cGU6AGNvbnZlcnRfZWxlbWVudF90eXBlL2NvbnZlcnRfZWxlbWVudF90eXBlAGNvbmQ6AGNvbmQAZ2V0OgBnZXQAc3dhcDoAc3dhcABvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAc2NhbjoAc2NhbgBkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHJlZHVjZV9tYXg6AHJlZHVjZV9tYXgvcmVkdWNlX21heABtYXg6AG1heC9tYXgAc3ViL3N1YgBleHA6AGV4cC9leHAAbXVsL211bAByZWR1Y2Vfc3VtOgByZWR1Y2Vfc3VtL3JlZHVjZV9zdW0AZGl2OgBkaXYAYnJvYWRjYXN0X2luX2RpbQA=\22, \22cost_estimate\22: {\0A\22bytes_accessed\22:2147483648,\0A\22flops\22:4432406249472,\0A\22remote_bytes_transferred\22:0,\0A\22transcendentals\22:8589934592\0A}, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xf32>)
    %1 = stablehlo.slice %0#1 [0:4, 0:32, 0:8192, 0:1] : (tensor<4x32x8192x128xf32>) -> tensor<4x32x8192x1xf32>
    %2 = stablehlo.reshape %1 : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192xf32>
    %3 = stablehlo.slice %0#2 [0:4, 0:32, 0:8192, 0:1] : (tensor<4x32x8192x128xf32>) -> tensor<4x32x8192x1xf32>
    %4 = stablehlo.reshape %3 : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192xf32>
    return %0#0, %2, %4 : tensor<4x32x8192x128xbf16>, tensor<4x32x8192xf32>, tensor<4x32x8192xf32>
  }
  func.func private @silu_16(%arg0: tensor<1024x8192x14336xbf16>) -> (tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>) {
    %0 = stablehlo.negate %arg0 : tensor<1024x8192x14336xbf16>
    %1 = stablehlo.exponential %0 : tensor<1024x8192x14336xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<1024x8192x14336xbf16>
    %3 = stablehlo.add %2, %1 : tensor<1024x8192x14336xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<1024x8192x14336xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<1024x8192x14336xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<1024x8192x14336xbf16>
    %7 = stablehlo.subtract %6, %5 : tensor<1024x8192x14336xbf16>
    %8 = stablehlo.multiply %5, %7 : tensor<1024x8192x14336xbf16>
    %9 = stablehlo.multiply %arg0, %5 : tensor<1024x8192x14336xbf16>
    return %9, %5, %8 : tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>, tensor<1024x8192x14336xbf16>
  }
  func.func private @silu_17(%arg0: tensor<1024x8192x14336xbf16>, %arg1: tensor<1024x8192x14336xbf16>, %arg2: tensor<1024x8192x14336xbf16>, %arg3: tensor<1024x8192x14336xbf16>) -> tensor<1024x8192x14336xbf16> {
    %0 = stablehlo.multiply %arg1, %arg3 : tensor<1024x8192x14336xbf16>
    %1 = stablehlo.multiply %arg3, %arg0 : tensor<1024x8192x14336xbf16>
    %2 = stablehlo.multiply %0, %arg2 : tensor<1024x8192x14336xbf16>
    %3 = stablehlo.add %1, %2 : tensor<1024x8192x14336xbf16>
    return %3 : tensor<1024x8192x14336xbf16>
  }
  func.func private @flash_attention_18(%arg0: tensor<4x32x8192x128xbf16>, %arg1: tensor<4x32x8192x128xbf16>, %arg2: tensor<4x32x8192x128xbf16>, %arg3: tensor<4x32x8192x128xbf16>, %arg4: tensor<4x32x8192xf32>, %arg5: tensor<4x32x8192xf32>, %arg6: tensor<4x32x8192x128xbf16>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>) {
    %0 = stablehlo.convert %arg3 : (tensor<4x32x8192x128xbf16>) -> tensor<4x32x8192x128xf32>
    %1 = stablehlo.convert %arg6 : (tensor<4x32x8192x128xbf16>) -> tensor<4x32x8192x128xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4x32x8192x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<4x32x8192x128xf32>, tensor<f32>) -> tensor<4x32x8192xf32>
    %4 = stablehlo.broadcast_in_dim %arg5, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %6 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %8 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %10:2 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2, %7, %5, %arg6, %9) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFHCQEDBQcBAwkDMwsNDxETFRcZGx0fISMlJykrLS8xMzU3OTsDJgSmAyMB+QcTFxMXGxMTDxcXFxMbCwsLFwsLkwsTExMXFw8XCxcXFycLEwsTFxcLF8UPCwsLCwsLCwsLCwsLCxMLExMLCycLCxMnCwsLFwsXFxMLExMbFycTExMLD0sLGwuFC5MLCw8LCwsvGwsbCxsLGwsbCxsLGwsbCxsLGxsbGxsFDY1hkU0qAioCAcsbGxsbDw8PCysLCxMTCxMLDwsTCxMLDxMLEwsLEwsLEwsPFw8PEwsTC1MLEwsTCx8LEwsfCxcjCxMLEwsXIxcPFwsTCw8LEwsXHw8TDxMLFwsTCxcfCxMLEwsLUwsTCxMLUxMLDwcFWVkBIw8HHwcvCx8PJy8fJwcnSy8fAmoWHx17vgIDAyGaAh1tOgIDAyEaAgMDMgKeAx19hgMdfaYCFRUVHYIChgIdJgIqAgMDITYCHXueAgMD2gKiAwU9BT8FQQMDIR4CBUMFRSMPCUEBAAAAAAAAAAEAAAAAAAAAgAAAAAAAAACAAAAAAAAAAA0fHWvyAh1rIgIdb0ICHcoCzgIddgJ6AhELAAMDO0oCBUcdTgJSAh2yArYCAwMhxgIDB0U3gY4Dg4UFSR1JWgIFSx1JYgIDAzuOAgMDIRoDBU0dXgNiA2FmZmluZV9tYXA8KGQwLCBkMSwgZDIsIGQzKSAtPiAoZDAsIGQxLCBkMiwgZDMpPgARDwEFTwVRBVMFVQVXBVkFWwVdBV8FYQVjBWUFZx11ZgIFaQMDO1cddW4CBWsFbQMHRTeBrgKDhQVvBXEjAQEBAweJAgKLN403BXMFdQV3AwMh1gIFeR3mAuoCHR4DIgMdUTIDBXsdbz4DHW1qAwMDcgN2Ax16A34DAweJBgKLN403HVGSAx1RmgMDA6utBX0RDy0DEbGzHbW5u71Xv8Efw8X/x8kFfwEJ+fn5/Q0dYWZmaW5lX21hcDwoZDAsIGQxKSAtPiAoZDAsIGQxKT4ABYEjDwlBBAAAAAAAAAAgAAAAAAAAAEAAAAAAAAAAQAAAAAAAAAAFgwWFEQ8JBYcFiQWLARPLz9PX29/j5+sDBSXNJykJWQMFJdEnKQlbAwUl1ScpCV0DBSXZJykJXwMFJd0nKQlhAwUl4ScpCWMDBSXlJykJZQMFJeknKQlnAwUl7ScpCWkDBR0rH1kDBR0rH1sDBR0rH10DBR0rH18DBR0rH2EjdHB1LmRpbWVuc2lvbl9zZW1hbnRpY3M8cGFyYWxsZWw+ACN0cHUubWVtb3J5X3NwYWNlPHZtZW0+ACN0cHUuZGltZW5zaW9uX3NlbWFudGljczxhcmJpdHJhcnk+ACN0cHUuY29yZV90eXBlPHRjPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFsxXSwgWzBdLCBbMF0sIFswLCAwLCAxLCAwXSwgW10sIFtdPgAjdHB1LmRvdF9kaW1lbnNpb25fbnVtYmVyczxbMV0sIFswXSwgWzBdLCBbMV0sIFswLCAwLCAxLCAxXSwgW10sIFtdPgADBR0rH2MDBR0rH2UDBR0rH2cDBR0rH2kRAQERAQUdRRUFjS0uAgkeAxMmAwcFjwWREQECBB0+AhUFkx1GAhUFlREPEQWXHVYCEQWZHV4CFQWbHXERHWoCFQWdHXICEQWfBaEdfgIRBaMFpR2KAhUFpxEPBQMDIZYCEQH9EQMBHaICEQWpHaoCFQWrIwEJIQEAAAABAAAABAAAAAAAAAAFrR26AhUFrx3CAhUFsSUFCQAAAAAFsx3SAhEFtRMH0DxBbQ8FtwMDkeICIwEDCQAAAAAFuR3uAhEFux32AhEFvQMDkf4CIwEDCQEAAAADAzsGAxEPDR0OAxIDBb8dFgMRBcETBwEFwx0mAxUFxQMDIS4DEweQzMzMPx2ZAR1JOgMdcQEdQgMRBccdSgNOAwXJHVIDEQXLAwMhWgMTBxAAAOAPBc0dZgMVBc8dbgMRBdEF0yMPBSEBAAAAAAAAAAAAAAAAAAAABdUdggMRBdcdigMRBdkjAQkhAQAAAAEAAAACAAAAAAAAAB2WAxUF2x2ZESNhcml0aC5vdmVyZmxvdzxub25lPgAjYXJpdGguZmFzdG1hdGg8bm9uZT4AAQICAycFAgQCBAcLF/sJBQUCBAIEGVUBCScFAgQCBBkBAgQnCQUFAgQCBBkX+wkFBQIEAgQHVScFAgQCBAEX+wUCBAIEB7cHJwkFBQIEAgQHBR8BAQEBCQkJExMJEwkJFxcBBQkBAQEBCQEBAQEnBQIEAgQLBNIfBQERAakHAwEpDREBrwcDS2sfAQEBAQEBAQEJAQkBCQETARMBCQETAQkBCQEXARcBAwNzCQMBEQd5dwMLBQcfJQY1AwEDIQMDEwkDAREHE00DCwUjJScUEwMnCQMdRQMDpU8DBxMGpwMFA0sDAw0FAwMDAw0FAwMHBg0DBQcbT1EFBg0DBQNTBQYNAwUDTRkFDUMJVxtPUQMDpU8DBxMGpwMFA1kDAw0FAwMDAw0FAwMHBg0DBQcdXV8FBg0DBQNhBQYNAwUDWxkFDUMJZR1dXxcAEwMBBRcAEwMDLyMDARUHLwsDAQUHKQMDBxcDAQkHBwsDAQUrLQMDMSMDARsHMQsDAQUvMQMDBxcDAQkHBwsDAQUFNREHPTkDCwUzNyUGNQMBAzkDAxMJAwERBxNNAwsFOz0nFBMDPwkD46IDAwM/CQMBAwMHFwMBCQcHCwMBBUtNAwM/CQMBAwMHFwMBCQcHCwMBBVFTAwMDBQMDAwMDBQMDCwYDAwMDVQMDAwUDAwcGAwMRCwtXWVtdBQYDAw0DXwMDAwUDAwMDAwUDAwsGAwMDA1UDAwMFAwMHBgMDEQsNY2VnaQUGAwMNA2sDAwMFAwMDAwMFAwMLBgMDAwNPAwMDBQMDBwYDAxELCW9xc3UFBgMDDQN3AwMDBQMDAwMDBQMDCwYDAwMDTwMDAwUDAwcGAwMbCw97fX+BBQYDAwUDgwMDAwUDAwMDAwUDAwsGAwMDA08DAwMFAwMHBgMDGwsRh4mLjQUGAwMFA48DAwMFAwMDAwMFAwMLBgMDAwNPAwMDBQMDBwYDAxELE5OVl5kFBgMDDQObAwMDBQMDAwMDBQMDCwYDAwMDTwMDAwUDAwcGAwMbCxWfoaOlBQYDAwUDpwMDM0EDBSEHM4cDBQd5YasDAwePAwcTBgcDBQOvIwcHGwMFBa2xKwOT3gIDFQMDBxcDAQkHBwsDAQUHtxUHLQsDAQW5TxMGLQMVA7sVBy0LAxUFtb0rA5P6AgMVAwMHFwMBCQcHCwMBBQXDFQctCwMBBcVVEwYtAxUDxxUHLQsDFQXByREHCgMCAwMhBcu/AwOVTwMHAwOVKgMDBxMGlwMFA88TBpcDBQPRHQY2AwMFB83T1SkHLRsDBQWz1y0HmxsDBQXZkTEHRgMbAwUD2wMDU1YDAwcTBlMDBQPfMwdTGwMFBeGFIwedGwMFBd3jLwehnwMFA+UfBjUDDQPnAwMzQQMFIQczowMFB+md6wsGGQMDA1UDAxkFAwMHBhkDBQcd7/EpBy0bAwUF8+0LBg0DAwNVAwMNBQMDBwYNAwUHHff5BQYNAwUD+wUGDQMFA/UZBQ1DCf8d9/kDAzNBAwUhBzOHAwUHnW0CAi0HmxsDBQUGAqkjB50bAwUFCgLlAwMHjwMHEwYHAwUDEgIjBwcbAwUFDgIWAi8HoZ8DBQMaAh8GNQMNAx4CAwMzQQMFIQczowMFByICeSYCCwYZAwMDVQMDGQUDAwcGGQMFBxsuAjICKQctGwMFBTYCKgILBg0DAwNVAwMNBQMDBwYNAwUHGz4CQgIFBg0DBQNGAgUGDQMFAzoCGQUNQwlOAhs+AkICAwM/IwMBAwM/IwMBFwATAwEFFwATAwNzkgIDAREHeXcDCwUHQSUGNQMBA0MDAxMJAwERBxNNAwsFRUcnFBMDSQkDLWUDAxkFAwMDAxkFAwMHBhkDBQcdS00fBjUDDQNPAwMPBQMDAwMPBQMDAwMPBQMDAwMPBQMDBwYPAxELGVNVV1kFBg8DDQNbBQYPAxEDURkFD38NXxlTVVdZAwMZBQMDAwMZBQMDBwYZAwUHG2FjHwY1Aw0DZQMDDwUDAwMDDwUDAwMDDwUDAwMDDwUDAwcGDwMRCxdpa21vBQYPAw0DcQUGDwMRA2cZBQ9/DXUXaWttbxcAEwMBBRcAEw8AAQ0RAe8HAyM7CQEBAQEBAQEBAwMvIwMBFQcvCwMBBQcJAwMHFwMBCQcHCwMBBQsNAwMxIwMBGwcxCwMBBQ8RAwMHFwMBCQcHCwMBBQUVEQc9OQMLBRMXAwNHCQMBHQZLAwEHGQcbAwMBCQMBAwMBCQMBDwQBCQEDHR8NEQHxBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwUJDREB8wcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwEPBAEJAQMFCQ0RAfUHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDwQBCQEDBwkNEQH3BwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwcJDREBCgIHAyM7CQEBAQEBAQEBAwMvIwMBFQcvCwMBBQcJAwMHFwMBCQcHCwMBBQsNAwMxIwMBGwcxCwMBBQ8RAwMHFwMBCQcHCwMBBQUVEQc9OQMLBRMXAwNHCQMBHQZLAwEHGQcbAwMBCQMBAwMBCQMBDwQBCQEDHR8NEQEOAgcDIzsJAQEBAQEBAQEDAy8jAwEVBy8LAwEFBwkDAwcXAwEJBwcLAwEFCw0DAzEjAwEbBzELAwEFDxEDAwcXAwEJBwcLAwEFBRURBz05AwsFExcDA0cJAwEdBksDAQcZBxsDAwEJAwEDAwEJAwEPBAEJAQMdHw0RARICBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ8EAQkBAwUJDREBFgIHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDwQBCQEDBQkGAwEFAQCOFt0jFSkXGREJCxELEQkLDQkRFQ0TMRsJCw0LEQsNVS0NBxMNCQkJHcMhHR05IyEjKS1FFx0dJREpDQsJJQsLCxkZGRkZGRkZGSUVCRUdJQ0THRcTHRcTFw8ZFxcbGxcjFRcjFxkVIxcZJR8PDQkdEWJ1aWx0aW4Ac3RhYmxlX21vc2FpYwB0cHUAYXJpdGgAbW9kdWxlAGFyaXRoLmNvbnN0YW50AHZlY3Rvci5zaGFwZV9jYXN0AHZlY3Rvci5sb2FkAGFyaXRoLm11bGkAYXJpdGguaW5kZXhfY2FzdABmdW5jLmZ1bmMAZnVuYy5yZXR1cm4AYXJpdGguY21waQB2ZWN0b3IuYnJvYWRjYXN0AGFyaXRoLmFkZGkAc2NmLnlpZWxkAHRwdS52ZWN0b3Jfc3RvcmUAYXJpdGguc3ViaQBhcml0aC5zZWxlY3QAYXJpdGgudHJ1bmNmAHRwdS5tYXRtdWwAYXJpdGgubXVsZgBhcml0aC5leHR1aQBzY2YuaWYAYXJpdGguYWRkZgB0cHUuaW90YQBhcml0aC5zdWJmAHRwdS50cmFuc3Bvc2UAbWF0aC5leHAAYXJpdGguZGl2ZgBmdW5jdGlvbl90eXBlAHN5bV9uYW1lAHZhbHVlAHRyYW5zZm9ybV9pbmRpY2VzAHdpbmRvd19ib3VuZHMAcHJlZGljYXRlAGFkZABzZWxlY3RfbjoAYnJvYWRjYXN0X2luX2RpbToAdHJhbnNmb3JtXzAAdHJhbnNmb3JtXzEAdHJhbnNmb3JtXzIAdHJhbnNmb3JtXzMAdHJhbnNmb3JtXzQAdHJhbnNmb3JtXzUAdHJhbnNmb3JtXzYAdHJhbnNmb3JtXzcAdHJhbnNmb3JtXzgAYWRkOgBtdWw6AHN1YjoAc2VsZWN0X24vc2VsZWN0X24AZXE6AGdldDoAc3dhcDoAb3BlcmFuZFNlZ21lbnRTaXplcwBzdHJpZGVzAGRpbWVuc2lvbl9udW1iZXJzAHRyYW5zcG9zZV9saHMAdHJhbnNwb3NlX3JocwBkaW1lbnNpb25zAGJyb2FkY2FzdF9pbl9kaW0vYnJvYWRjYXN0X2luX2RpbQBzdGFibGVfbW9zYWljLnZlcnNpb24AZGltZW5zaW9uX3NlbWFudGljcwBpdGVyYXRpb25fYm91bmRzAHNjYWxhcl9wcmVmZXRjaABzY3JhdGNoX29wZXJhbmRzAF9mbGFzaF9hdHRlbnRpb25fZGt2X2tlcm5lbAB0cHUuY29yZV90eXBlAHdpbmRvd19wYXJhbXMAZmxhc2hfYXR0ZW50aW9uAC93b3JrL21haW4vLnZlbnYvbGliL3B5dGhvbjMuMTEvc2l0ZS1wYWNrYWdlcy9qYXgvZXhwZXJpbWVudGFsL3BhbGxhcy9vcHMvdHB1L2ZsYXNoX2F0dGVudGlvbi5weQBvdmVyZmxvd0ZsYWdzAG11bABzdWIAZ3Q6AGd0L2d0AHNlbGVjdF9uAGVxAGVxL2VxAGNvbnZlcnRfZWxlbWVudF90eXBlOgBjb252ZXJ0X2VsZW1lbnRfdHlwZS9jb252ZXJ0X2VsZW1lbnRfdHlwZQBjb25kOgBjb25kAGdldC9nZXQAc3dhcABzY2FuOgBzY2FuAGdldABkb3RfZ2VuZXJhbDoAZG90X2dlbmVyYWwvZG90X2dlbmVyYWwAZmFzdG1hdGgAaW90YToAaW90YS9pb3RhAGFkZC9hZGQAbGU6AGxlL2xlAGppdDoAaml0AHN1Yi9zdWIAZXhwOgBleHAvZXhwAGRpdjoAZGl2AG11bC9tdWwAcGVybXV0YXRpb24AdHJhbnNwb3NlOgB0cmFuc3Bvc2UvdHJhbnNwb3NlAHN3YXAvc3dhcABicm9hZGNhc3RfaW5fZGltAA==\22, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_dkv_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>) -> (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>)
    %11 = stablehlo.broadcast_in_dim %arg5, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %13 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %15 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x32x8192xf32>) -> tensor<4x32x8192x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<4x32x8192x1xf32>) -> tensor<4x32x8192x128xf32>
    %17 = stablehlo.custom_call @tpu_custom_call(%arg0, %arg1, %arg2, %14, %12, %arg6, %16) {backend_config = "{\22custom_call_config\22: {\22body\22: \22TUzvUgFNTElSMjMuMC4wZ2l0AAFFCQEDBQcBAwkDMQsNDxETFRcZGx0fISMlJykrLS8xMzU3OQP2A3YDIwH5BxMXExMbExcTDwsXGwsLCwuTCxMTEw8TEw8XFwsLFxcLExcLJxcXxQ8PCwsLCwsLCwsLCwsTEwsTCxMTCwsLCxMTEwsXJwsLCxcLFxcTExMTCw9LCxsLhQuTCwsLCwsrGwsbCxsLGwsbCxsLGwsbCxsbGxsbGxsbDw8PCwUNjWGRTSoCKgIBsysLCxMTCxMLDwsTCxMLDxMLEwsLEwsLEwsXDw8TCxMLJ1MPEwsPEwtTCxMLEwsfCxMLHwsXIwsTCxMLFyMXDxcLEwsLEwsXHw8TDxMLFwsTCxcfCxMLEwsnBwVZWQEjDwcfBy8LDx8vJx8HJydDLx8CWhUfHXm6AgMDFXYCHWcaAgMDFfEDAxICbgMde6ICHWICZgId9woCFRERBTsDAxUWAgMD1gJyAwU9BT8FQQVDIw0JQQEAAAAAAAAAAQAAAAAAAACAAAAAAAAAAIAAAAAAAAAADR8de4ICAwMV8x1l7gIdZfUdaSICHXl6AhELAB3GAsoCHVYCWgIFRQVHAwM5KgIdLgIyAgVJAwM5UwMDFZICBUsDBzszfaoCf4EDAxXCAh1WA1oDYWZmaW5lX21hcDwoZDAsIGQxLCBkMiwgZDMpIC0+IChkMCwgZDEsIGQyLCBkMyk+ABENARENBQVNBU8FUQVTBVUFVwVZBVsFXQVfBWEdQToCHUFCAgVjHXNGAgVlAwM5UR1zTgIFZwVpBWsFbSMBAQEdR5YCHUeeAgVvHa4CsgIDB40CAo8zkTMFcQVzBXUDAxXSAgV3HeIC5gIdFgMaAx1HKgMdaTYDHWdiAwMDo6UFeRENLQMRqasbrbGztVG3Ux25u/+9vwV7AQn5+fn9DR1hZmZpbmVfbWFwPChkMCwgZDEpIC0+IChkMCwgZDEpPgAFfSMNCUEEAAAAAAAAACAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAAV/BYEFgwWFBYcBEcHFyc3R1dndAwUfwyEjCVUDBR/HISMJVwMFH8shIwlZAwUfzyEjCVsDBR/TISMJXQMFH9chIwlfAwUf2yEjCWEDBR/fISMJYwMFGyUdVQMFGyUdVwMFGyUdWQMFGyUdWwMFGyUdXQMFGyUdXwMFGyUdYQMFGyUdYxEBAREBBR07EQWJI3RwdS5kaW1lbnNpb25fc2VtYW50aWNzPHBhcmFsbGVsPgAjdHB1Lm1lbW9yeV9zcGFjZTx2bWVtPgAjdHB1LmRpbWVuc2lvbl9zZW1hbnRpY3M8YXJiaXRyYXJ5PgAjdHB1LmNvcmVfdHlwZTx0Yz4AI3RwdS5kb3RfZGltZW5zaW9uX251bWJlcnM8WzFdLCBbMV0sIFswXSwgWzBdLCBbMCwgMCwgMSwgMF0sIFtdLCBbXT4AI3RwdS5kb3RfZGltZW5zaW9uX251bWJlcnM8WzFdLCBbMF0sIFswXSwgWzFdLCBbMCwgMCwgMSwgMV0sIFtdLCBbXT4ALQ4CCR4DEyYDBwWLBY0RAQIEHR4CEQWPHSYCEQWREQ0RBZMdNgITBZUdPgIRBZcdbxMdSgIRBZkdUgITBZsFnR1eAhMFnwWhHWoCEQWjAwMVcgIRAf0RAwEdfgITBaUdhgIRBacDBzszfY4Cf4EjAQkhAQAAAAEAAAAEAAAAAAAAABMHAR2aAhEFqR2HEx2mAhMFqyMBCSEBAAAAAQAAAAIAAAAAAAAABa0dtgIRBa8dvgIRBbElBQkAAAAABbMdzgITBbUTB9A8QW0PBbcDA5XeAiMBAwkAAAAABbkd6gITBbsd8gITBb0DA5X6AiMBAwkBAAAAAwM5AgMRDQ0dCgMOAwW/HRIDEwXBBcMdHgMRBcUDAxUmAxMHkMzMzD8dhwEdQTIDHW8BHToDEwXHHUIDRgMFyR1KAxMFywMDFVIDEwcQAADgDwXNHV4DEQXPHWYDEwXRAweNBgKPM5EzI2FyaXRoLm92ZXJmbG93PG5vbmU+ACNhcml0aC5mYXN0bWF0aDxub25lPgABAgIDJwUCBAIEBwsX+wkFBQIEAgQXTwEJAQIEJwUCBAIEFxf7CQUFAgQCBAdPJwkFBQIEAgQXJwUCBAIEAQcnCQUFAgQCBAcX+wUCBAIEB68FGwEBAQEJCQkREQkRCRsBBQkBAQEBCQEBAQEnBQIEAgQLBOoZBQERAaEHAwElCxEBpwcDR2sbAQEBAQEBAQEJAQkBCQERAREBCQERAQkBGwEDA3EJAwEPB3d1AwsFBxsfBjcDAQMdAwMPCQMBDwcPQwMLBR8hIRQPAyMJAw8lAwODRQMHEQaFAwUDRwMDDQUDAwMDDQUDAwcGDQMFBxlLTQUGDQMFA08FBg0DBQNJFwUNSQlTGUtNFQAPAwEFFQAPAwMtKQMBEwctCwMBBQUlAwMHFwMBCQcHCwMBBScpAwMvKQMBGwcvCwMBBSstAwMHFwMBCQcHCwMBBQcxDwc/PQMLBS8zHwY3AwEDNQMDDwkDAQ8HD0MDCwU3OSEUDwM7CQPBEgMDA4kJAwEDAwcXAwEJBwcLAwEFR0kDAwMFAwMDAwMFAwMDAwMFAwMDAwMFAwMHBgMDEwsJTU9RUwUGAwMPA1UDAwMFAwMDAwMFAwMnBgMDAwNLAwMDBQMDBwYDAxMLC1lbXV8FBgMDDwNhAwMDBQMDAwMDBQMDJwYDAwMDSwMDAwUDAwcGAwMTCw1lZ2lrBQYDAw8DbQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCw9xc3V3BQYDAwUDeQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCxF9f4GDBQYDAwUDhQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMTCxOJi42PBQYDAw8DkQMDAwUDAwMDAwUDAwMDAwUDAwMDAwUDAwcGAwMZCxWVl5mbBQYDAwUDnQMDNUsDBSMHNYsDBQdXY6EDAweTAwcRBgcDBQOlGQcHGQMFBaOnKQOX2gIDFQMDBxcDAQkHBwsDAQUFrREGKwMVA68TBysLAxUFq7EpA5f2AgMVAwMHFwMBCQcHCwMBBQe3AwMHFwMBCQcHCwMBBUe7EwcrCwMBBbm9EQYrAxUDvxMHKwsDFQW1wQ8HBgP+AgMhBcOzAwOZRQMHAwOZIgMDBxEGmwMFA8cRBpsDBQPJHQYuAwMFB8XLzSsHKxkDBQWpzy0HnRkDBQXRhy8HPgMZAwUD0wMDTU4DAwcRBk0DBQPXMQdNGQMFBdl7GQefGQMFBdXbAwM1SwMFIwc1iwMFB5Nv3y0HnRkDBQXhnxkHnxkDBQXj3QMDB5MDBxEGBwMFA+cZBwcZAwUF5ekDAzEFAwMDAzEFAwMHBjEDBQcZ7e8lBjcDDwPrAwM1SwMFIwc1agMDBQfzY/UrBysZAwUF8fcDAw0FAwMDAw0FAwMHBg0DBQcZ+/0FBg0DBQP/BQYNAwUD+RcFDUkJBgIZ+/0DA4kpAwEVAA8DAQUVAA8DA3FuAgMBDwd3dQMLBQc9HwY3AwEDPwMDDwkDAQ8HD0MDCwVBQyEUDwNFCQMlVQMDMQUDAwMDMQUDAwcGMQMFBxlHSSUGNwMPA0sDAycFAwMDAycFAwMDAycFAwMDAycFAwMHBicDEwsXT1FTVQUGJwMPA1cFBicDEwNNFwUnigINWxdPUVNVAwODRQMHEQaFAwUDXQMDDQUDAwMDDQUDAwcGDQMFBxlhYwUGDQMFA2UFBg0DBQNfFwUNSQlpGWFjFQAPAwEFFQAPDQABCxEB4QcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAeMHAyM7CQEBAQEBAQEBAwMtKQMBEwctCwMBBQUJAwMHFwMBCQcHCwMBBQsNAwMvKQMBGwcvCwMBBQ8RAwMHFwMBCQcHCwMBBQcVDwc/PQMLBRMXAwNrCQMBHQZtAwEHGQcbAwMBCQMBAwMBCQMBDQQBCQEDHR8LEQHlBwMjOwkBAQEBAQEBAQMDLSkDARMHLQsDAQUFCQMDBxcDAQkHBwsDAQULDQMDLykDARsHLwsDAQUPEQMDBxcDAQkHBwsDAQUHFQ8HPz0DCwUTFwMDawkDAR0GbQMBBxkHGwMDAQkDAQMDAQkDAQ0EAQkBAx0fCxEB5wcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAekHAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDQQBCQEDBQkLEQHrBwMNDwkBAQEBAQEBAQMDAQkDAQMDAQkDAQ0EAQkBAwUJCxEB7QcDDQ8JAQEBAQEBAQEDAwEJAwEDAwEJAwENBAEJAQMFCQsRAe8HAw0PCQEBAQEBAQEBAwMBCQMBAwMBCQMBDQQBCQEDBQkGAwEFAQBiFdMRCQsRCxEJCw0JERUNEzEbCQsNFSMLEQsNVS0NBxMNCQkJHcMhHR03IyEjKS0XHR0lRREpDQsJJQsLCxkZGRkZGRkZJRUJFR0lEx0NFxMXFxMjGxcPGRsXFyMVFyMXGRUXGSUfDw0JHRFidWlsdGluAHN0YWJsZV9tb3NhaWMAdHB1AGFyaXRoAG1vZHVsZQBhcml0aC5jb25zdGFudAB2ZWN0b3Iuc2hhcGVfY2FzdAB2ZWN0b3IubG9hZABhcml0aC5tdWxpAGZ1bmMuZnVuYwBmdW5jLnJldHVybgBhcml0aC5jbXBpAHZlY3Rvci5icm9hZGNhc3QAYXJpdGguYWRkaQBzY2YueWllbGQAdHB1LnZlY3Rvcl9zdG9yZQBhcml0aC5tdWxmAGFyaXRoLnN1YmkAYXJpdGguc2VsZWN0AGFyaXRoLmV4dHVpAHNjZi5pZgB0cHUubWF0bXVsAGFyaXRoLnRydW5jZgBhcml0aC5pbmRleF9jYXN0AHRwdS5pb3RhAGFyaXRoLmFkZGYAYXJpdGguc3ViZgBtYXRoLmV4cABhcml0aC5kaXZmAHZhbHVlAGZ1bmN0aW9uX3R5cGUAc3ltX25hbWUAdHJhbnNmb3JtX2luZGljZXMAd2luZG93X2JvdW5kcwBwcmVkaWNhdGUAYWRkAHNlbGVjdF9uOgBicm9hZGNhc3RfaW5fZGltOgB0cmFuc2Zvcm1fMAB0cmFuc2Zvcm1fMQB0cmFuc2Zvcm1fMgB0cmFuc2Zvcm1fMwB0cmFuc2Zvcm1fNAB0cmFuc2Zvcm1fNQB0cmFuc2Zvcm1fNgB0cmFuc2Zvcm1fNwBhZGQ6AG11bDoAc3ViOgBzZWxlY3Rfbi9zZWxlY3RfbgBlcToAZ2V0OgBzd2FwOgBvcGVyYW5kU2VnbWVudFNpemVzAHN0cmlkZXMAYnJvYWRjYXN0X2luX2RpbS9icm9hZGNhc3RfaW5fZGltAGRpbWVuc2lvbl9udW1iZXJzAHRyYW5zcG9zZV9saHMAdHJhbnNwb3NlX3JocwBkaW1lbnNpb25zAHN0YWJsZV9tb3NhaWMudmVyc2lvbgBkaW1lbnNpb25fc2VtYW50aWNzAGl0ZXJhdGlvbl9ib3VuZHMAc2NhbGFyX3ByZWZldGNoAHNjcmF0Y2hfb3BlcmFuZHMAX2ZsYXNoX2F0dGVudGlvbl9kcV9rZXJuZWwAdHB1LmNvcmVfdHlwZQB3aW5kb3dfcGFyYW1zAGZsYXNoX2F0dGVudGlvbgAvd29yay9tYWluLy52ZW52L2xpYi9weXRob24zLjExL3NpdGUtcGFja2FnZXMvamF4L2V4cGVyaW1lbnRhbC9wYWxsYXMvb3BzL3RwdS9mbGFzaF9hdHRlbnRpb24ucHkAb3ZlcmZsb3dGbGFncwBtdWwAc3ViAGd0OgBndC9ndABzZWxlY3RfbgBlcQBlcS9lcQBjb252ZXJ0X2VsZW1lbnRfdHlwZToAY29udmVydF9lbGVtZW50X3R5cGUvY29udmVydF9lbGVtZW50X3R5cGUAY29uZDoAY29uZABnZXQvZ2V0AHN3YXAAYnJvYWRjYXN0X2luX2RpbQBzd2FwL3N3YXAAc2NhbjoAc2NhbgBnZXQAZG90X2dlbmVyYWw6AGRvdF9nZW5lcmFsL2RvdF9nZW5lcmFsAGZhc3RtYXRoAGlvdGE6AGlvdGEvaW90YQBhZGQvYWRkAGxlOgBsZS9sZQBqaXQ6AGppdABzdWIvc3ViAGV4cDoAZXhwL2V4cABkaXY6AGRpdgBtdWwvbXVsAA==\22, \22serialization_format\22: 1, \22needs_layout_passes\22: true}}", kernel_name = "_flash_attention_dq_kernel", mhlo.frontend_attributes = {kernel_metadata = "{}"}, operand_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>, dense<[3, 2, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[3, 2, 1, 0]> : tensor<4xindex>]} : (tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xf32>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xf32>) -> tensor<4x32x8192x128xbf16>
    return %17, %10#0, %10#1 : tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>, tensor<4x32x8192x128xbf16>
  }
  func.func private @dynamic_update_index_in_dim_19(%arg0: tensor<32x4096xf32>, %arg1: tensor<4096xf32>, %arg2: tensor<i32>) -> tensor<32x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<32x4096xf32>, tensor<1x4096xf32>, tensor<i32>, tensor<i32>) -> tensor<32x4096xf32>
    return %1 : tensor<32x4096xf32>
  }
  func.func private @dynamic_update_index_in_dim_20(%arg0: tensor<32x14336x4096xf32>, %arg1: tensor<14336x4096xf32>, %arg2: tensor<i32>) -> tensor<32x14336x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<14336x4096xf32>) -> tensor<1x14336x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x14336x4096xf32>, tensor<1x14336x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x14336x4096xf32>
    return %1 : tensor<32x14336x4096xf32>
  }
  func.func private @dynamic_update_index_in_dim_21(%arg0: tensor<32x4096x14336xf32>, %arg1: tensor<4096x14336xf32>, %arg2: tensor<i32>) -> tensor<32x4096x14336xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x14336xf32>) -> tensor<1x4096x14336xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x14336xf32>, tensor<1x4096x14336xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x14336xf32>
    return %1 : tensor<32x4096x14336xf32>
  }
  func.func private @dynamic_update_index_in_dim_22(%arg0: tensor<32x4096x1024xf32>, %arg1: tensor<4096x1024xf32>, %arg2: tensor<i32>) -> tensor<32x4096x1024xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x1024xf32>) -> tensor<1x4096x1024xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x1024xf32>, tensor<1x4096x1024xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x1024xf32>
    return %1 : tensor<32x4096x1024xf32>
  }
  func.func private @dynamic_update_index_in_dim_23(%arg0: tensor<32x4096x4096xf32>, %arg1: tensor<4096x4096xf32>, %arg2: tensor<i32>) -> tensor<32x4096x4096xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x4096xf32>) -> tensor<1x4096x4096xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x4096xf32>, tensor<1x4096x4096xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x4096xf32>
    return %1 : tensor<32x4096x4096xf32>
  }
}
