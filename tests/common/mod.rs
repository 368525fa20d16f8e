//! What the integration tests share: the repository's fixtures and meshes, the `automap` binary, scratch
//! folders, solve options. Each test file includes it with `mod common;` and uses what it needs.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap::ir;
use automap::sharding::Mesh;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The repository's root, where the `automap` binary is run from.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture of `tests/fixtures/`, parsed.
pub fn module(name: &str) -> ir::Module {
    let path = root().join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ir::parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

/// A mesh of `specs/meshes/`, loaded.
pub fn mesh(name: &str) -> Mesh {
    Mesh::load(&root().join("specs/meshes").join(name)).unwrap_or_else(|e| panic!("{e}"))
}

/// Solve options with a time limit of `seconds`.
pub fn opts(seconds: u64) -> automap::solver::SolveOptions {
    automap::solver::SolveOptions::default().time_limit(Duration::from_secs(seconds))
}

/// A fresh scratch folder for `tag`, unique to this test process (removed by [`Scratch`]'s drop).
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// Creates `automap-TAG-PID` in the system's temporary folder.
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("automap-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A path inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The folder as a command-line argument.
    pub fn arg(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the `automap` binary did.
pub struct Run {
    /// The exit code (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs the `automap` binary with `args` from the repository's root.
pub fn automap<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_automap")).args(args).current_dir(root()).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

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
pub fn random_plan(
    space: &automap::sharding::PlanSpace<'_>,
    rng: &mut automap::solver::internals::Rng,
) -> automap::sharding::Plan {
    let mut plan = space.replicated();
    for (pos, c) in plan.choice.iter_mut().enumerate() {
        *c = rng.below(space.strategies[pos].len() as u64) as usize;
    }
    plan
}
