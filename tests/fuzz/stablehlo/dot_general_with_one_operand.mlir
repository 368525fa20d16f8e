func.func @main(%arg0: tensor<16x256xf32>) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %multiplyntracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x256xf32>, tensor<256x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
