//! The `automap` command line.

use anyhow::Context as _;
use automap::encodings::constraints::UserConstraints;
use automap::encodings::mesh::Mesh;
use automap::ir;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

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
    after_help = "Examples:\n  automap plan tests/fixtures/gpt_forward.mlir --mesh specs/meshes/cpu-2x4.yaml --out automap-out\n  automap eval tests/fixtures/gpt_train.mlir --mesh specs/meshes/cpu-model-4.yaml --plan megatron\n  automap inspect tests/fixtures/gpt_train.mlir\n  automap mesh check specs/meshes/h100-2x8-ib.yaml\n  automap solve problem.json.gz --timeout 60\n  automap check problem.json.gz --solution '[0, 2, 1]' --solver z3\n  automap check tests/fixtures/mlp.mlir --mesh specs/meshes/cpu-8.yaml --plan automap-out/plan.json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
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
    /// search, merges nodes whose edges match strategies one to one into clusters, and solves the problem
    /// over clusters with HiGHS (memory rows added where the answer overflows) for the rest of the time,
    /// proving a lower bound; when that MIP is too large, searches over clusters instead. Progress goes to
    /// stderr; the last line on stdout is the answer in the contest's format, `[s0, s1, ...]` (one
    /// strategy index per node), or `[]` if none was found.
    Solve {
        /// The problem file.
        problem: PathBuf,
        /// Wall-clock limit in seconds (the contest's timeout).
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Which backend: `auto` (local search with a dual bound on a second thread, then HiGHS), `highs`,
        /// `z3` (small problems; an independent proof), `local`, or `brute` (tiny problems).
        #[arg(long, default_value = "auto")]
        solver: String,
        /// Threads for HiGHS.
        #[arg(long, default_value_t = 2)]
        threads: u32,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Stop when (cost − bound) / cost falls to this (0 proves optimality).
        #[arg(long, default_value_t = 0.0)]
        mip_gap: f64,
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
        /// The mesh YAML file.
        #[arg(long)]
        mesh: PathBuf,
        /// Backend: auto, highs, z3, local or brute.
        #[arg(long, default_value = "auto")]
        solver: String,
        /// Seconds the solver may take.
        #[arg(long, default_value_t = 60.0)]
        time_limit: f64,
        /// Memory per device in GiB (default: the mesh's device memory).
        #[arg(long)]
        memory_limit: Option<f64>,
        /// A YAML file of user constraints: pin or forbid a value's sharding, tie two values, bound the
        /// collectives of a kind (see specs/constraints/).
        #[arg(long)]
        constraints: Option<PathBuf>,
        /// How annotated.mlir carries the plan: `shardy` (`sdy.mesh`, `sdy.sharding`: JAX's default) or
        /// `gspmd` (`mhlo.sharding` strings).
        #[arg(long, default_value = "shardy")]
        format: String,
        /// Output folder.
        #[arg(long, default_value = "automap-out")]
        out: PathBuf,
    },
    /// Predict what a plan costs: step time (compute and communication), every collective and the op
    /// that causes it, and peak memory per device.
    ///
    /// PLAN is a reference plan: `replicated`, `dp`, `megatron` or `fsdp`, each with an optional `:AXIS`,
    /// combined with `+` (for example `dp:data+megatron:model` on a 2-D mesh). Ops follow their operands
    /// at the least cost from the argument shardings the recipe pins.
    Eval {
        /// The StableHLO text file.
        model: PathBuf,
        /// The mesh YAML file.
        #[arg(long)]
        mesh: PathBuf,
        /// The plan.
        #[arg(long, default_value = "replicated")]
        plan: String,
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
        /// Which engine proves the bound: highs or z3.
        #[arg(long, default_value = "highs")]
        solver: String,
        /// Seconds the proof may take.
        #[arg(long, default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Work with device mesh specs.
    Mesh {
        #[command(subcommand)]
        command: MeshCommand,
    },
}

#[derive(Subcommand, Debug)]
enum MeshCommand {
    /// Validate a mesh spec and print it normalized.
    ///
    /// Errors name the file, line, column and field (unknown field, missing or zero size, duplicate
    /// axis, unknown element type, non-positive bandwidth...).
    Check {
        /// The mesh YAML file.
        mesh: PathBuf,
    },
}

/// An error and whether it is the user's input or ours.
enum Failure {
    Input(anyhow::Error),
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Internal(e)
    }
}

fn input<E: Into<anyhow::Error>>(e: E) -> Failure {
    Failure::Input(e.into())
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Inspect { model } => {
            let shown = model.display().to_string();
            let bytes = std::fs::read(&model).with_context(|| format!("cannot read {shown}")).map_err(input)?;
            let t0 = Instant::now();
            let m = ir::parse_bytes(&bytes).map_err(|e| input(anyhow::anyhow!("{shown}:{e}")))?;
            let parse_s = t0.elapsed().as_secs_f64();
            let errors = ir::verify::verify(&m);
            print!("{}", automap::inspect::report(&shown, &m));
            println!("parsed in {:.1} ms ({:.0} MB/s)", parse_s * 1e3, bytes.len() as f64 / parse_s.max(1e-9) / 1e6);
            if !errors.is_empty() {
                let list: Vec<String> = errors.iter().map(|e| format!("{shown}:{e}")).collect();
                return Err(input(anyhow::anyhow!("the verifier found {} errors:\n{}", errors.len(), list.join("\n"))));
            }
            println!("verifier: ok");
            Ok(())
        }
        Command::Solve { problem, timeout, solver, threads, seed, mip_gap, quiet } => {
            solve(&problem, timeout, &solver, threads, seed, mip_gap, quiet)
        }
        Command::Eval { model, mesh, plan } => eval(&model, &mesh, &plan),
        Command::Plan { model, mesh, solver, time_limit, memory_limit, constraints, format, out } => {
            let format = match format.as_str() {
                "shardy" | "sdy" => automap::planner::Format::Shardy,
                "gspmd" | "mhlo" => automap::planner::Format::Gspmd,
                other => return Err(input(anyhow::anyhow!("--format {other}: use shardy or gspmd"))),
            };
            plan(PlanJob {
                model: &model,
                mesh_path: &mesh,
                solver: &solver,
                time_limit,
                memory_limit,
                constraints: constraints.as_deref(),
                format,
                out: &out,
            })
        }
        Command::Check { problem, solution, mesh, plan, memory_limit, constraints, solver, time_limit } => {
            let what = CheckWhat { solution, mesh, plan, memory_limit, constraints };
            check(&problem, &what, &solver, time_limit)
        }
        Command::Mesh { command: MeshCommand::Check { mesh } } => {
            let m = Mesh::load(&mesh).map_err(input)?;
            print!("{m}");
            Ok(())
        }
    }
}

fn method_of(solver: &str) -> Result<automap::solver::pipeline::Method, Failure> {
    use automap::solver::pipeline::Method;
    match solver {
        "auto" => Ok(Method::Auto),
        "highs" => Ok(Method::Highs),
        "local" => Ok(Method::Local),
        "brute" => Ok(Method::Brute),
        "z3" => Ok(Method::Z3),
        other => Err(input(anyhow::anyhow!("unknown solver '{other}': use auto, highs, z3, local or brute"))),
    }
}

/// What `automap plan` was asked.
struct PlanJob<'a> {
    model: &'a std::path::Path,
    mesh_path: &'a std::path::Path,
    solver: &'a str,
    time_limit: f64,
    memory_limit: Option<f64>,
    constraints: Option<&'a std::path::Path>,
    format: automap::planner::Format,
    out: &'a std::path::Path,
}

fn plan(job: PlanJob<'_>) -> Result<(), Failure> {
    use automap::encodings::mesh::BYTES_PER_GIB;
    let PlanJob { model, mesh_path, solver, time_limit, memory_limit, constraints, format, out } = job;
    use automap::encodings::plan::PlanSpace;
    let method = method_of(solver)?;
    if !(time_limit.is_finite() && time_limit > 0.0) {
        return Err(input(anyhow::anyhow!("--time-limit must be a positive number of seconds")));
    }
    let shown = model.display().to_string();
    let bytes = std::fs::read(model).with_context(|| format!("cannot read {shown}")).map_err(input)?;
    let m = ir::parse_bytes(&bytes).map_err(|e| input(anyhow::anyhow!("{shown}:{e}")))?;
    let mesh = Mesh::load(mesh_path).map_err(input)?;
    let user = constraints.map(UserConstraints::load).transpose().map_err(input)?;
    let limit = memory_limit.map_or(mesh.device.memory_bytes(), |g| g * BYTES_PER_GIB);
    let t0 = Instant::now();
    let space = PlanSpace::new(&m, &mesh);
    eprintln!(
        "{} ops, {} strategies on {} ({} devices)",
        m.body.len(),
        space.strategies.iter().map(Vec::len).sum::<usize>(),
        mesh.name,
        mesh.num_devices()
    );
    let opts =
        automap::solver::SolveOptions::default().time_limit(std::time::Duration::from_secs_f64(time_limit)).threads(2);
    // The model path's costs are integer picoseconds: shown as milliseconds of predicted step time.
    let ms = |c: Option<i128>| {
        c.map_or("-".to_string(), |c| {
            format!("{:.4} ms", c as f64 / automap::solver::problem::COST_UNITS_PER_SECOND * 1e3)
        })
    };
    let mut progress = |p: &automap::solver::Progress| {
        eprintln!(
            "[{:>7.2} s] {:<12} best plan {:>12}  proven bound {:>12}",
            t0.elapsed().as_secs_f64(),
            p.phase,
            ms(p.incumbent),
            ms(p.bound)
        );
    };
    let mut built = automap::encodings::build::build(&space, Some(limit));
    if let Some(user) = &user {
        eprintln!("{}", user.apply(&space, &mut built).map_err(input)?);
    }
    let (built, plan, sol, presolve) = automap::planner::solve_built(&space, built, method, &opts, &mut progress)
        .map_err(|e| match e {
            automap::solver::SolveError::Infeasible { .. } => input(anyhow::anyhow!("{shown}: {e} (bytes per device)")),
            automap::solver::SolveError::Unsatisfiable { .. } => input(anyhow::anyhow!("{shown}: {e}")),
            automap::solver::SolveError::TooLarge { .. } => {
                input(anyhow::anyhow!("{shown}: {e} (--solver auto handles problems of any size)"))
            }
            other => Failure::Internal(anyhow::anyhow!("{shown}: {other}")),
        })?;
    let cost = space.evaluate(&plan);
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display())).map_err(input)?;
    let annotated = automap::planner::annotate(&m, &mesh, &space, &plan, format)
        .map_err(|e| input(anyhow::anyhow!("{shown}: {e}")))?;
    let write = |name: &str, text: &str| {
        std::fs::write(out.join(name), text).with_context(|| format!("cannot write {}", out.join(name).display()))
    };
    write("annotated.mlir", &annotated)?;
    write("plan.json", &automap::planner::plan_json(&m, &mesh, &plan, &cost, &sol))?;
    eprintln!("{presolve}");
    let outcome = automap::planner::Outcome { built, plan, cost, solution: sol, presolve };
    write("report.md", &automap::planner::report_md(&shown, &m, &mesh, &space, &outcome))?;
    let (cost, sol) = (&outcome.cost, &outcome.solution);
    println!(
        "{}: {} ({:.4} ms predicted: compute {:.4} + communication {:.4}; peak {:.1} MiB per device); gap {:.4}%",
        shown,
        sol.status,
        cost.total_s() * 1e3,
        cost.compute_s * 1e3,
        cost.comm_s * 1e3,
        cost.peak_bytes / 1048576.0,
        100.0 * sol.gap()
    );
    println!("wrote {}/annotated.mlir, plan.json, report.md in {:.2} s", out.display(), t0.elapsed().as_secs_f64());
    Ok(())
}

fn eval(model: &std::path::Path, mesh_path: &std::path::Path, spec: &str) -> Result<(), Failure> {
    use automap::encodings::plan::{PlanSpace, parse_recipes, recipe_args};
    let shown = model.display().to_string();
    let bytes = std::fs::read(model).with_context(|| format!("cannot read {shown}")).map_err(input)?;
    let m = ir::parse_bytes(&bytes).map_err(|e| input(anyhow::anyhow!("{shown}:{e}")))?;
    let mesh = Mesh::load(mesh_path).map_err(input)?;
    let recipes = parse_recipes(spec, &mesh).map_err(|e| input(anyhow::anyhow!("--plan {spec}: {e}")))?;
    let t0 = Instant::now();
    let space = PlanSpace::new(&m, &mesh);
    let plan = space.propagate(recipe_args(&m, &mesh, &recipes));
    let cost = space.evaluate(&plan);
    print!("{}", automap::report::plan_report(&shown, &m, &mesh, spec, &space, &plan, &cost));
    eprintln!("planned and evaluated in {:.1} ms", t0.elapsed().as_secs_f64() * 1e3);
    Ok(())
}

fn solve(
    path: &std::path::Path,
    timeout: f64,
    solver: &str,
    threads: u32,
    seed: u64,
    mip_gap: f64,
    quiet: bool,
) -> Result<(), Failure> {
    use automap::solver::pipeline;
    use automap::solver::{SolveError, SolveOptions, iopddl};
    let method = method_of(solver)?;
    if !(timeout.is_finite() && timeout > 0.0) {
        return Err(input(anyhow::anyhow!("--timeout must be a positive number of seconds, got {timeout}")));
    }
    let t0 = Instant::now();
    let p = iopddl::read(path).map_err(input)?;
    if !quiet {
        eprintln!(
            "read {} ({} nodes, {} edges) in {:.2} s",
            path.display(),
            p.nodes.len(),
            p.edges.len(),
            t0.elapsed().as_secs_f64()
        );
    }
    let budget = std::time::Duration::from_secs_f64(timeout).saturating_sub(t0.elapsed());
    let opts = SolveOptions::default().time_limit(budget).threads(threads).seed(seed).mip_gap(mip_gap);
    let mut last = String::new();
    let mut progress = |pr: &automap::solver::Progress| {
        if quiet {
            return;
        }
        let line = format!(
            "[{:>7.2} s] {:<12} incumbent {:>20}  bound {:>20}",
            t0.elapsed().as_secs_f64(),
            pr.phase,
            pr.incumbent.map_or("-".to_string(), |c| c.to_string()),
            pr.bound.map_or("-".to_string(), |b| b.to_string())
        );
        if line[12..] != last.get(12..).unwrap_or("")[..] {
            eprintln!("{line}");
            last = line;
        }
    };
    match pipeline::solve(&p, method, &opts, &mut progress) {
        Ok(r) => {
            let s = &r.solution;
            if !quiet {
                eprintln!("{} ({:.2} s)", r.presolve, r.presolve_s);
                eprintln!(
                    "{}: cost {} bound {} gap {:.4}% ({}; best found at {:.2} s, total {:.2} s)",
                    path.display(),
                    s.cost,
                    s.bound,
                    100.0 * s.gap(),
                    s.status,
                    s.time_to_best,
                    t0.elapsed().as_secs_f64()
                );
            }
            println!("{}", iopddl::format_solution(&s.choice));
            Ok(())
        }
        Err(e @ SolveError::TooLarge { .. }) => {
            println!("[]");
            Err(input(anyhow::anyhow!("{}: {e} (--solver auto handles problems of any size)", path.display())))
        }
        Err(
            e @ (SolveError::Infeasible { .. }
            | SolveError::Unsatisfiable { .. }
            | SolveError::NoAnswer
            | SolveError::Invalid(_)),
        ) => {
            println!("[]");
            Err(input(anyhow::anyhow!("{}: {e}", path.display())))
        }
        Err(e) => {
            println!("[]");
            Err(Failure::Internal(anyhow::anyhow!("{}: {e}", path.display())))
        }
    }
}

/// What `automap check` checks.
struct CheckWhat {
    solution: Option<String>,
    mesh: Option<PathBuf>,
    plan: Option<String>,
    memory_limit: Option<f64>,
    constraints: Option<PathBuf>,
}

fn check(path: &std::path::Path, what: &CheckWhat, solver: &str, time_limit: f64) -> Result<(), Failure> {
    use automap::verdict::Engine;
    let engine = match solver {
        "highs" => Engine::Highs,
        "z3" => Engine::Z3,
        other => return Err(input(anyhow::anyhow!("--solver {other}: use highs or z3"))),
    };
    if !(time_limit.is_finite() && time_limit > 0.0) {
        return Err(input(anyhow::anyhow!("--time-limit must be a positive number of seconds")));
    }
    let limit = std::time::Duration::from_secs_f64(time_limit);
    let shown = path.display().to_string();
    let is_model = shown.ends_with(".mlir");
    let (problem, choice) = if is_model {
        let (Some(mesh_path), Some(plan)) = (&what.mesh, &what.plan) else {
            return Err(input(anyhow::anyhow!("checking a model needs --mesh and --plan")));
        };
        model_answer(path, mesh_path, plan, what)?
    } else {
        let Some(sol) = &what.solution else {
            return Err(input(anyhow::anyhow!("checking a contest problem needs --solution")));
        };
        let p = automap::solver::iopddl::read(path).map_err(input)?;
        let text = if sol.trim_start().starts_with('[') {
            sol.clone()
        } else {
            std::fs::read_to_string(sol).with_context(|| format!("cannot read {sol}")).map_err(input)?
        };
        let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        let choice = automap::solver::iopddl::parse_solution(last).map_err(|e| input(anyhow::anyhow!("{sol}: {e}")))?;
        (p, choice)
    };
    if choice.len() != problem.nodes.len() {
        return Err(input(anyhow::anyhow!(
            "the answer has {} choices; the problem has {} nodes",
            choice.len(),
            problem.nodes.len()
        )));
    }
    eprintln!("checking {shown} ({} nodes, {} edges) with {solver}", problem.nodes.len(), problem.edges.len());
    let v = automap::verdict::check(&problem, &choice, engine, limit).map_err(|e| match e {
        automap::solver::SolveError::Backend { .. } => Failure::Internal(anyhow::anyhow!("{shown}: {e}")),
        other => input(anyhow::anyhow!("{shown}: {other}")),
    })?;
    print!("{v}");
    if v.violations.is_empty() { Ok(()) } else { Err(input(anyhow::anyhow!("{shown}: the answer is infeasible"))) }
}

/// A model's choice problem and the answer a plan (plan.json or a reference plan) describes.
fn model_answer(
    path: &std::path::Path,
    mesh_path: &std::path::Path,
    plan: &str,
    what: &CheckWhat,
) -> Result<(automap::solver::ChoiceProblem, Vec<usize>), Failure> {
    use automap::encodings::mesh::BYTES_PER_GIB;
    use automap::encodings::plan::{PlanSpace, parse_recipes, recipe_args};
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {shown}")).map_err(input)?;
    let m = ir::parse_bytes(&bytes).map_err(|e| input(anyhow::anyhow!("{shown}:{e}")))?;
    let mesh = Mesh::load(mesh_path).map_err(input)?;
    let limit = what.memory_limit.map_or(mesh.device.memory_bytes(), |g| g * BYTES_PER_GIB);
    let space = PlanSpace::new(&m, &mesh);
    let mut built = automap::encodings::build::build(&space, Some(limit));
    if let Some(c) = &what.constraints {
        let user = UserConstraints::load(c).map_err(input)?;
        eprintln!("{}", user.apply(&space, &mut built).map_err(input)?);
    }
    let choice = if plan.ends_with(".json") {
        let text = std::fs::read_to_string(plan).with_context(|| format!("cannot read {plan}")).map_err(input)?;
        let doc: serde_json::Value =
            serde_json::from_str(&text).with_context(|| format!("{plan} is not JSON")).map_err(input)?;
        let list = doc
            .pointer("/solver/choice")
            .and_then(|c| c.as_array())
            .ok_or_else(|| input(anyhow::anyhow!("{plan}: no solver.choice list (write it with `automap plan`)")))?;
        list.iter()
            .map(|x| x.as_u64().map(|x| x as usize))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| input(anyhow::anyhow!("{plan}: solver.choice must list strategy indices")))?
    } else {
        let recipes = parse_recipes(plan, &mesh).map_err(|e| input(anyhow::anyhow!("--plan {plan}: {e}")))?;
        let p = space.propagate(recipe_args(&m, &mesh, &recipes));
        built.encode(&p).ok_or_else(|| {
            input(anyhow::anyhow!(
                "--plan {plan}: an argument sharding of this plan is not among the solver's candidates"
            ))
        })?
    };
    if choice.iter().zip(built.problem.nodes.values()).any(|(&c, n)| c >= n.strategies.len()) {
        return Err(input(anyhow::anyhow!("--plan {plan}: the plan was made for another model or mesh")));
    }
    Ok((built.problem, choice))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let outcome = std::panic::catch_unwind(|| run(cli));
    match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(Failure::Input(e))) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
        Ok(Err(Failure::Internal(e))) => {
            eprintln!("internal error: {e:#}");
            ExitCode::from(2)
        }
        Err(_) => {
            eprintln!("internal error: automap panicked (a bug; please report it with the input)");
            ExitCode::from(2)
        }
    }
}
