//! The `automap` command line: its arguments, with the help text they print.

use automap::PLAN_THREADS;
use automap::sharding::export::Format;
use automap::solver::{Engine, Method};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Parser, Subcommand, ValueEnum};
use std::marker::PhantomData;
use std::path::PathBuf;

/// automap decides how to split an ML program across a mesh of accelerators.
///
/// It reads StableHLO text exported from JAX (`jax.jit(f).lower(*args).as_text()`) and a device mesh
/// described in YAML (see specs/meshes/), and produces a sharding plan with a proof of how good it is
/// (the gap to a proven lower bound) under a stated cost model.
///
/// Exit codes: 0 success, 1 bad input (the message says where), 2 internal error.
#[derive(Parser, Debug)]
#[command(
    name = "automap",
    version,
    about,
    long_about,
    after_help = "Examples:\n  automap plan tests/fixtures/gpt_forward.mlir --mesh specs/meshes/cpu-2x4.yaml --out automap-out\n  automap eval tests/fixtures/gpt_train.mlir --mesh specs/meshes/cpu-model-4.yaml --plan megatron\n  automap inspect tests/fixtures/gpt_train.mlir\n  automap mesh check specs/meshes/h100-2x8-ib.yaml\n  automap solve problem.json.gz --timeout 60\n  automap check problem.json.gz --solution '[0, 2, 1]' --solver z3\n  automap check tests/fixtures/gpt_forward.mlir --mesh specs/meshes/cpu-2x4.yaml --plan automap-out/plan.json"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Summarize a StableHLO module: op histogram, parameters, a FLOP estimate, opaque ops.
    ///
    /// Parses the module (pretty or generic MLIR form, as JAX prints it), inlines func.call, runs the
    /// verifier, and prints what automap sees. Ops automap has no sharding rule for are listed with
    /// their line:column; they will be kept replicated.
    Inspect {
        /// The StableHLO text file (`.mlir`).
        model: PathBuf,
    },
    /// Solve a sharding-strategy selection problem in the IOPDDL contest format.
    ///
    /// Reads PROBLEM (`.json` or `.json.gz`), presolves it exactly, finds a good answer quickly by local
    /// search while a dual bound is proven beside it, finds a second from the dual's memory prices (a
    /// Lagrangian search: TRW-S and tree moves on the priced costs, the prices moved until its answers
    /// fit; it goes on while it finds cheaper answers when no MIP lies ahead), merges nodes whose edges
    /// match strategies one to one into clusters, and solves the problem over clusters with HiGHS
    /// (memory rows added where the answer overflows) for the rest of the time, proving a lower bound;
    /// when that MIP is too large, searches over clusters instead. Progress goes to
    /// stderr; the last line on stdout is the answer in the contest's format, `[s0, s1, ...]` (one
    /// strategy index per node), or `[]` if none was found.
    Solve {
        /// The problem file.
        problem: PathBuf,
        /// Wall-clock limit in seconds (the contest's timeout).
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Which method: `auto`, an exact backend alone, or a heuristic to compare with (see `automap
        /// compare`); each is listed below with what it does.
        #[arg(long, default_value = "auto", value_parser = MethodParser)]
        solver: Method,
        /// Threads for HiGHS.
        #[arg(long, default_value_t = 2)]
        threads: u32,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Stop when (cost − bound) / cost falls to this (0 proves optimality).
        #[arg(long, default_value_t = 0.0)]
        mip_gap: f64,
        /// Give the same answer on every run with the same problem, seed and thread count: the search
        /// phases stop after a fixed amount of work instead of at a share of the timeout (the timeout
        /// still caps the run; a note on stderr says when it cut a phase short, and so decided the answer).
        #[arg(long)]
        deterministic: bool,
        /// With `--solver auto`, first solve the problem with its repeated nodes linked (nodes whose
        /// costs and wiring repeat a few edges deep, decided once for all their copies) for a quarter of
        /// the timeout, and go on from that answer; the bound is still the whole problem's, its dual
        /// started from the linked problem's.
        #[arg(long)]
        link: bool,
        /// Print no progress.
        #[arg(long)]
        quiet: bool,
    },
    /// Find the best sharding plan for a model on a mesh, with a proof of how good it is.
    ///
    /// Builds the choice problem (a node per op and per argument, strategies from the sharding rules,
    /// edge costs from resharding, memory per device as a hard limit), solves it (HiGHS with proven
    /// bounds by default), and writes into --out: `annotated.mlir` (the module with `sdy.mesh` and
    /// `sdy.sharding` on every argument and result), `plan.json` (a PartitionSpec per argument by name,
    /// predicted costs, solver status and bound) and `report.md` (collectives with the ops that cause them,
    /// the time split, peak memory, the reference plans side by side, the proven gap).
    Plan {
        /// The StableHLO text file.
        model: PathBuf,
        /// The mesh YAML file: `axes` (each `name`, `size`, `bandwidth_gb_per_s` one way, `latency_us`),
        /// `device` (`memory_gib`, `hbm_gb_per_s`, `peak_tflops` per element type; optionally
        /// `host_gb_per_s`, the host link each way, and `host_memory_gib`, the host memory each device
        /// may fill: with them, the stacks a scanned forward pass keeps may go to host memory where the
        /// device's alone holds no plan), and optionally `compiler:` (for --verify) and `efficiency:`.
        /// specs/meshes/ has one per shipped hardware, each citing its figures.
        #[arg(long)]
        mesh: PathBuf,
        /// Which method: `auto` (any size; the default), an exact backend alone, or a heuristic to
        /// compare with; each is listed below with what it does.
        #[arg(long, default_value = "auto", value_parser = MethodParser)]
        solver: Method,
        /// Seconds planning may take, from building the problem to writing the files. Plans are
        /// deterministic: the same inputs give byte-identical outputs on every run, whatever the thread
        /// timing (the search phases count work, not time), unless this limit cuts a phase short (a note
        /// on stderr says so).
        #[arg(long, default_value_t = 60.0)]
        time_limit: f64,
        /// Threads the solver runs on (the dual bound beside the search, HiGHS).
        #[arg(long, default_value_t = PLAN_THREADS)]
        threads: u32,
        /// Memory per device in GiB (default: the mesh's device memory).
        #[arg(long)]
        memory_limit: Option<f64>,
        /// A YAML file of user constraints: pin or forbid a value's sharding, tie two values, bound the
        /// collectives of a kind (see specs/constraints/).
        #[arg(long)]
        constraints: Option<PathBuf>,
        /// A YAML table of kernel prices: FLOPs (and bytes) of each `custom_call` target the program
        /// does not price, as formulas of its operand shapes (`in0_d1`, `in2_bytes`, `out0_elems`). A
        /// Pallas kernel's `cost_estimate` and cuDNN's fused attention are priced without one; any
        /// other kernel counts 0 FLOPs, with a warning. See specs/kernels/.
        #[arg(long)]
        kernels: Option<PathBuf>,
        /// Tactics to pin before the solver runs, found in the program's dataflow (never by names):
        /// `dp` (the batch of every input), `megatron` (each MLP's hidden dimension and each
        /// attention's heads: column- then row-parallel), `fsdp` (every parameter on its largest
        /// dimension, and the batch), `ep` (a mixture of experts' expert dimension, in its weights and
        /// their optimizer state), `sp` (the inputs' sequence, which attention reads), or by MaxText's
        /// names for them (`data`, `tensor`, `expert`, `sequence`), each with `:AXIS`, joined by `,` or
        /// `+` (`dp:data,megatron:model`; across slices `data:dcn+fsdp:ici`).
        /// stderr says where each matched and how many strategies pinning removed; the solver decides
        /// the rest.
        #[arg(long, value_name = "TACTICS")]
        tactic: Option<String>,
        /// How annotated.mlir carries the plan: `shardy` (`sdy.mesh`, `sdy.sharding`: JAX's default) or
        /// `gspmd` (`mhlo.sharding` strings).
        #[arg(long, default_value = "shardy", value_parser = OneOf::<FormatArg>::new())]
        format: FormatArg,
        /// Do not link repeated ops. By default the ops that repeat one another (the layers of an unrolled
        /// model: the same costs and wiring, found in the problem, never by names) are first decided once
        /// for all their copies, and the search over every op goes on from that plan; the proof is always
        /// the unlinked problem's, its dual bound started from the linked problem's. With this flag every
        /// op is decided apart from the start.
        #[arg(long)]
        no_link: bool,
        /// Memory as the tie-breaker: among the plans at most this fraction slower than the fastest found
        /// (0: only as fast; 0.05: 5% slower), return one of least peak memory per device, found by solves
        /// that bisect the memory limit in the time the solve leaves; the report says what it bought and
        /// whether each solve settled by a proof. Off by default: a solve under a memory limit that binds
        /// can take far longer than the plan's own (one such solve on the small GPT training step ran
        /// minutes), and a solve the time limit cuts short makes the plan irreproducible.
        #[arg(long, value_name = "FRACTION")]
        memory_tolerance: Option<f64>,
        /// Also say the plan in a framework's own settings: `maxtext` writes `maxtext.yml` (its
        /// `dcn_*`/`ici_*` parallelism), `torchtitan` writes `torchtitan.toml` (its `[parallelism]`
        /// degrees). Each mesh axis takes the role (data, FSDP, sequence, tensor, expert) whose tactic
        /// shards the arguments as the plan does over it; axes whose links are over 4x slower than the
        /// fastest are MaxText's DCN. report.md says whether the settings give the plan exactly, and
        /// if not which arguments differ and the predicted step of the settings' own plan. Repeatable.
        #[arg(long, value_parser = OneOf::<EmitArg>::new())]
        emit: Vec<EmitArg>,
        /// Output folder.
        #[arg(long, default_value = "automap-out")]
        out: PathBuf,
        /// Also write the model's choice problem (with the user's constraints and tactics applied, before
        /// presolve) to this file in the IOPDDL contest's JSON format: `automap solve FILE` solves it
        /// again, and any model on any mesh becomes a solver benchmark. Ties and collective bounds have
        /// no place in that format and are refused.
        #[arg(long, value_name = "FILE.json")]
        export_problem: Option<PathBuf>,
        /// Check the plan with XLA's own compiler for the mesh's hardware (the spec's `compiler:`: TPU
        /// or GPU, compile only, no accelerator needed), run by this Python (one with JAX and the
        /// compilers: `pip install "jax[tpu]"`, or the CUDA plugin; see python/automap/judge.py). When
        /// the compiler needs more memory than the device has, the plan is made again under a limit
        /// lowered by the excess, until the compiler accepts one (at most 4 rounds, each a full plan
        /// and compile); when no plan fits by automap's model, the leanest plan is compiled, and
        /// returned if the compiler fits it. report.md lists each round: the limit, the predicted peak,
        /// the compiler's total and its verdict (verify.json the same, with every figure the compiler
        /// gave). Exits with an error when no round fits.
        #[arg(long, value_name = "PYTHON")]
        verify: Option<PathBuf>,
    },
    /// Compare search methods on one problem at equal time limits: the exact pipeline (`ilp`) against
    /// MCTS, beam search, greedy propagation, the local search and its random restarts.
    ///
    /// INPUT is a model (`.mlir`, with --mesh) or a contest problem (`.json`, `.json.gz`). Every method
    /// solves the same choice problem under the same cost model, memory limit and constraints, for
    /// --time-limit seconds each. Prints a table (method, cost, cost over the proven optimum or the best
    /// proven bound, whether it fits, time to its best answer, answers evaluated); with --out, also
    /// `compare.md` (the table and a plot), `best-cost.svg` (best cost found against time, one line per
    /// method) and each method's plan (`METHOD/plan.json` for models, `METHOD.txt` for contest problems).
    Compare {
        /// The model (`.mlir`) or contest problem (`.json`, `.json.gz`).
        input: PathBuf,
        /// The mesh YAML file (models).
        #[arg(long)]
        mesh: Option<PathBuf>,
        /// Seconds each method may take.
        #[arg(long, default_value_t = 20.0)]
        time_limit: f64,
        /// Methods to run, comma-separated: ilp, mcts, beam, greedy, local, restarts.
        #[arg(long, default_value = "ilp,mcts,beam,greedy,local,restarts", value_delimiter = ',')]
        methods: Vec<String>,
        /// Memory per device in GiB (models; default: the mesh's device memory).
        #[arg(long)]
        memory_limit: Option<f64>,
        /// A YAML file of user constraints (models).
        #[arg(long)]
        constraints: Option<PathBuf>,
        /// Random seed of the searches.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Output folder for compare.md, the plot and every method's plan.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Predict what a plan costs: step time (compute and communication), every collective and the op
    /// that causes it, and peak memory per device.
    ///
    /// PLAN is a reference plan made of tactics: `replicated`, `dp`, `megatron`, `fsdp`, `ep` or `sp` (or
    /// by MaxText's names: `data`, `tensor`, `fsdp`, `expert`, `sequence`), each with an optional
    /// `:AXIS`, combined with `+` or `,` (for example `dp:data+megatron:model` on a 2-D mesh).
    /// The tactics are found in the program's dataflow, never by argument names (the report says where
    /// each matched, or why it does not apply). The
    /// arguments are stored as the tactics say (replicated where none shards them), and every other
    /// value (activations, loop carries, gradients) is decided by the solver with those arguments
    /// pinned, within the device's memory (without a limit where nothing of the recipe fits), as a
    /// practitioner's activation constraints make XLA carry them.
    Eval {
        /// The StableHLO text file.
        model: PathBuf,
        /// The mesh YAML file.
        #[arg(long)]
        mesh: PathBuf,
        /// A YAML table of kernel prices: FLOPs (and bytes) of each `custom_call` target the program
        /// does not price, as formulas of its operand shapes (`in0_d1`, `in2_bytes`, `out0_elems`). A
        /// Pallas kernel's `cost_estimate` and cuDNN's fused attention are priced without one; any
        /// other kernel counts 0 FLOPs, with a warning. See specs/kernels/.
        #[arg(long)]
        kernels: Option<PathBuf>,
        /// The plan: tactics as `plan --tactic` takes them (`dp:data+megatron:model`, MaxText's names
        /// `data`, `fsdp`, `tensor`, `sequence`, `expert` too).
        #[arg(long, default_value = "replicated", conflicts_with_all = ["maxtext", "torchtitan"])]
        plan: String,
        /// The plan as MaxText's settings give it: a `base.yml` fragment whose `ici_*_parallelism` and
        /// `dcn_*_parallelism` (data, fsdp, sequence or context, tensor, expert; -1 for the rest) are laid
        /// over the mesh's axes in MaxText's order, each taking whole axes (`dcn_*` the axes over 4x
        /// slower than the fastest). Other keys are ignored.
        #[arg(long, value_name = "FILE.yml", conflicts_with = "torchtitan")]
        maxtext: Option<PathBuf>,
        /// The plan as torchtitan's job TOML gives it: its `[parallelism]` degrees
        /// (data_parallel_replicate, data_parallel_shard, context_parallel, tensor_parallel,
        /// expert_parallel; -1 for the rest) laid over the mesh's axes in torchtitan's order.
        #[arg(long, value_name = "FILE.toml")]
        torchtitan: Option<PathBuf>,
        /// Seconds the solver may take to decide the values between the pinned arguments.
        #[arg(long, default_value_t = 10.0)]
        time_limit: f64,
    },
    /// Check a given answer: is it feasible, what does it cost, and is it optimal (with a proven bound
    /// and the gap)?
    ///
    /// For a contest problem (`.json`, `.json.gz`), SOLUTION is `[s0, s1, ...]` or a file whose last line
    /// is (the output of `automap solve`). For a model (`.mlir`, with --mesh), --plan is a `plan.json`
    /// written by `automap plan` or a reference plan (`dp:data+megatron:model`, see `automap eval`).
    /// With `--solver highs` the bound comes from HiGHS; with `--solver z3`, Z3 checks the answer on its
    /// own encoding and proves (or refutes) that nothing cheaper exists.
    Check {
        /// The problem (`.json`, `.json.gz`) or model (`.mlir`).
        problem: PathBuf,
        /// The answer to check (contest problems).
        #[arg(long)]
        solution: Option<String>,
        /// The mesh YAML file (models).
        #[arg(long)]
        mesh: Option<PathBuf>,
        /// The plan to check (models): a plan.json or a reference plan.
        #[arg(long)]
        plan: Option<String>,
        /// Memory per device in GiB (models; default: the mesh's device memory).
        #[arg(long)]
        memory_limit: Option<f64>,
        /// User constraints YAML (models).
        #[arg(long)]
        constraints: Option<PathBuf>,
        /// Which engine proves the bound: `highs` or `z3`.
        #[arg(long, default_value = "highs", value_parser = OneOf::<EngineArg>::new())]
        solver: EngineArg,
        /// Seconds the proof may take.
        #[arg(long, default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Fit a mesh's efficiency constants to steps measured on it, and write the calibrated spec.
    ///
    /// The cost model prices compute at `device.peak_tflops` and `device.hbm_gb_per_s`, and collectives
    /// at each axis's `bandwidth_gb_per_s`, times the spec's `efficiency:` fractions (1 unless given).
    /// A team with hardware makes the model theirs by measuring a few steps and fitting those
    /// fractions: RUNS is a YAML file listing each run's program (StableHLO text), the plan it ran (a
    /// reference plan, as `automap eval --plan` takes: `fsdp:gpu`, `dp:node+megatron:gpu`), its
    /// measured seconds per step, and optionally a kernel price table and the run's own mesh (another
    /// slice count of the same chip; the fit is one set of efficiencies for the chip):
    ///
    ///   runs:
    ///     - name: 8B, FSDP over 8, 2 x 8192 tokens per GPU
    ///       model: llama_8b_step.mlir        # relative to the runs file
    ///       plan: fsdp:gpu
    ///       measured_step_s: 2.84
    ///
    /// Prints, per run, the measured step, the step predicted under the fit and under a fit without
    /// that run (leave-one-out), with the median and worst ratio errors; writes the mesh spec with the
    /// fitted `efficiency:` to --out.
    Calibrate {
        /// The mesh YAML file the runs ran on.
        #[arg(long)]
        mesh: PathBuf,
        /// The runs YAML file.
        #[arg(long)]
        runs: PathBuf,
        /// Where to write the calibrated mesh spec.
        #[arg(long)]
        out: PathBuf,
        /// Seconds the solver may take per run to decide the values between the plan's pinned arguments.
        #[arg(long, default_value_t = 10.0)]
        time_limit: f64,
    },
    /// Compare two plans: the step and peak memory before and after, the arguments and results whose
    /// sharding changed, the collectives added and removed.
    ///
    /// Reads two `plan.json` files written by `automap plan` (of one program, on one mesh or two). On
    /// one mesh, shardings are compared axis by axis; on two meshes (an H100 cluster and a TPU slice,
    /// say), by how many devices split each dimension, since the axes differ. Values are matched by the
    /// name JAX gave them; collectives by their op and kind. Prints Markdown; --out writes it too.
    Diff {
        /// Plan A's `plan.json` (before).
        a: PathBuf,
        /// Plan B's `plan.json` (after).
        b: PathBuf,
        /// Also write the comparison to this file.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Work with device mesh specs.
    Mesh {
        #[command(subcommand)]
        command: MeshCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum MeshCommand {
    /// Validate a mesh spec and print it normalized.
    ///
    /// Errors name the file, line, column and field (unknown field, missing or zero size, duplicate
    /// axis, unknown element type, non-positive bandwidth...).
    Check {
        /// The mesh YAML file.
        mesh: PathBuf,
    },
}

/// The names `compare --methods` takes: a solve method each, `ilp` for the default pipeline.
pub const COMPARED: [(&str, Method); 6] = [
    ("ilp", Method::Auto),
    ("mcts", Method::Mcts),
    ("beam", Method::Beam),
    ("greedy", Method::Greedy),
    ("local", Method::Local),
    ("restarts", Method::Restarts),
];

/// `--solver` of `plan` and `solve`: a [`Method`] by its name, with the library's one-line summaries as
/// the help's list (the table the Python package reads too).
#[derive(Clone, Copy)]
pub struct MethodParser;

impl TypedValueParser for MethodParser {
    type Value = Method;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Method, clap::Error> {
        let text = value.to_string_lossy();
        Method::named(&text.to_ascii_lowercase()).ok_or_else(|| {
            let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
            not_one_of(cmd, arg, &text, &names)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Method::ALL.into_iter().map(|m| PossibleValue::new(m.name()).help(m.summary()))))
    }
}

/// The error for `value`, which is none of `names`: `--flag value: use a, b or c`.
fn not_one_of(cmd: &clap::Command, arg: Option<&clap::Arg>, value: &str, names: &[&str]) -> clap::Error {
    let list = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    };
    let flag = arg.and_then(clap::Arg::get_long).map_or(String::new(), |l| format!("--{l} "));
    clap::Error::raw(ErrorKind::InvalidValue, format!("{flag}{value}: use {list}\n")).with_cmd(cmd)
}

/// `--format` of `plan`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FormatArg {
    /// `sdy.mesh`, `sdy.sharding` and `sdy.sharding_constraint` (JAX's default partitioner).
    #[value(alias = "sdy")]
    Shardy,
    /// `mhlo.sharding` strings.
    #[value(alias = "mhlo")]
    Gspmd,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Shardy => Format::Shardy,
            FormatArg::Gspmd => Format::Gspmd,
        }
    }
}

/// `--emit` of `plan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmitArg {
    /// `maxtext.yml`: MaxText's `dcn_*` and `ici_*` parallelism.
    Maxtext,
    /// `torchtitan.toml`: torchtitan's `[parallelism]` degrees.
    Torchtitan,
}

impl From<EmitArg> for automap::sharding::tactics::Framework {
    fn from(e: EmitArg) -> Self {
        match e {
            EmitArg::Maxtext => Self::MaxText,
            EmitArg::Torchtitan => Self::Torchtitan,
        }
    }
}

/// `--solver` of `check`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum EngineArg {
    /// The default pipeline's MIP bound.
    Highs,
    /// Z3's own encoding: re-checks the answer and proves or refutes that anything is cheaper.
    Z3,
}

impl From<EngineArg> for Engine {
    fn from(e: EngineArg) -> Engine {
        match e {
            EngineArg::Highs => Engine::Highs,
            EngineArg::Z3 => Engine::Z3,
        }
    }
}

/// A parser for a [`ValueEnum`] whose error lists what to give instead (`--format hlo: use shardy or
/// gspmd`).
#[derive(Clone)]
pub struct OneOf<E>(PhantomData<E>);

impl<E> OneOf<E> {
    /// The parser.
    pub fn new() -> OneOf<E> {
        OneOf(PhantomData)
    }
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for OneOf<E> {
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<E, clap::Error> {
        let text = value.to_string_lossy();
        E::from_str(&text, true).map_err(|_| {
            let names: Vec<String> =
                E::value_variants().iter().filter_map(E::to_possible_value).map(|p| p.get_name().to_string()).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            not_one_of(cmd, arg, &text, &names)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(E::value_variants().iter().filter_map(E::to_possible_value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--solver` lists every method of the library's table, and takes each by its name.
    #[test]
    fn solver_takes_every_method_by_its_name() {
        let cmd = clap::Command::new("t");
        let listed: Vec<String> =
            MethodParser.possible_values().into_iter().flatten().map(|v| v.get_name().to_string()).collect();
        assert_eq!(listed.len(), Method::ALL.len());
        for m in Method::ALL {
            assert_eq!(MethodParser.parse_ref(&cmd, None, m.name().as_ref()).ok(), Some(m));
        }
        let err = MethodParser.parse_ref(&cmd, None, "ilp".as_ref()).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("ilp: use auto, highs"), "{err}");
    }

    /// `compare --methods` names methods the library has.
    #[test]
    fn compared_methods_are_methods() {
        assert!(COMPARED.iter().all(|(_, m)| Method::ALL.contains(m)));
    }
}
