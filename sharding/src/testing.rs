//! What tests and benchmarks build programs and plans from: a generated stack of layers (scanned or
//! unrolled, of any depth and size) and plans drawn at random from a plan space. Not part of the
//! sharding model's API.

/// A forward pass of `layers` layers `x = tanh(x @ w_l)`, batch × width, in f32: the weights stacked
/// `[layers, width, width]` and read by `dynamic_slice` in a `while` (as `jax.lax.scan` lowers), or one
/// argument per layer (unrolled).
pub fn stacked_layers(layers: usize, batch: i64, width: i64, scanned: bool) -> String {
    let act = format!("tensor<{batch}x{width}xf32>");
    let w = format!("tensor<{width}x{width}xf32>");
    let layer = |x: &str, wt: &str, out: &str| {
        format!(
            "    %{out}_mm = stablehlo.dot_general {x}, {wt}, contracting_dims = [1] x [0] : ({act}, {w}) -> {act}\n    \
             %{out} = stablehlo.tanh %{out}_mm : {act}\n"
        )
    };
    if scanned {
        let stack = format!("tensor<{layers}x{width}x{width}xf32>");
        let slice = format!("tensor<1x{width}x{width}xf32>");
        format!(
            "func.func public @main(%arg0: {act}, %arg1: {stack}) -> ({act}) {{
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, {act}, {stack}
    cond {{
      %n = stablehlo.constant dense<{layers}> : tensor<i32>
      %lt = stablehlo.compare  LT, %iterArg, %n,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }} do {{
      %z = stablehlo.constant dense<0> : tensor<i32>
      %ws = stablehlo.dynamic_slice %iterArg_1, %iterArg, %z, %z, sizes = [1, {width}, {width}] : ({stack}, tensor<i32>, tensor<i32>, tensor<i32>) -> {slice}
      %wl = stablehlo.reshape %ws : ({slice}) -> {w}
  {}    %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %iterArg, %one : tensor<i32>
      stablehlo.return %next, %h, %iterArg_1 : tensor<i32>, {act}, {stack}
    }}
    return %0#1 : {act}
}}
",
            layer("%iterArg_0", "%wl", "h")
        )
    } else {
        let args: Vec<String> = (0..layers).map(|l| format!("%w{l}: {w}")).collect();
        let mut body = String::new();
        let mut x = "%x".to_string();
        for l in 0..layers {
            body += &layer(&x, &format!("%w{l}"), &format!("h{l}"));
            x = format!("%h{l}");
        }
        format!(
            "func.func public @main(%x: {act}, {}) -> ({act}) {{\n{body}    return {x} : {act}\n}}\n",
            args.join(", ")
        )
    }
}

/// A plan of `space` with every step's strategy drawn from `rng` (the arguments replicated).
pub fn random_plan(space: &crate::PlanSpace<'_>, rng: &mut automap_solver::internals::Rng) -> crate::Plan {
    let mut plan = space.replicated();
    for (pos, c) in plan.choice.iter_mut().enumerate() {
        *c = rng.below(space.strategies[pos].len() as u64) as usize;
    }
    plan
}
