//! The `automap` command line: parses arguments, calls the library, prints, and maps errors to exit
//! codes (0 success, 1 bad input, 2 internal error) in one place.

mod args;

use args::{COMPARED, Cli, Command, MeshCommand};
use automap::solver::{COST_UNITS_PER_SECOND, Method, Progress, SolveOptions, iopddl};
use automap::{Error, Model, PlanOptions, Subject};
use clap::{Parser, ValueEnum};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ends the program quietly when whoever reads its output has gone (`automap inspect
/// model.mlir | head`), as a Unix filter does on a closed pipe, where `println!` would panic.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($t)*) {
            stdout_failed(e)
        }
    }};
}

/// `print!` as [`out!`] is `println!`.
macro_rules! out_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($t)*) {
            stdout_failed(e)
        }
    }};
}

/// The importer's warnings `plan` prints before planning; `inspect` lists every one.
const WARNINGS_SHOWN: usize = 10;

/// Standard output failed: a closed pipe ends the program with success (its reader has what it wanted);
/// anything else is an error of the machine's (exit code 2).
fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("internal error: cannot write to standard output: {e}");
    std::process::exit(2)
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
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) if e.is_input() => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
        Ok(Err(e)) => {
            eprintln!("internal error: {e}");
            ExitCode::from(2)
        }
        Err(_) => {
            eprintln!("internal error: automap panicked (a bug; please report it with the input)");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Inspect { model } => inspect(&model),
        Command::Solve { problem, timeout, solver, threads, seed, mip_gap, deterministic, link, quiet } => {
            let budget = automap::seconds("--timeout", timeout)?;
            let opts = SolveOptions::default()
                .time_limit(budget)
                .threads(threads)
                .seed(seed)
                .mip_gap(mip_gap)
                .deterministic(deterministic)
                .link(link);
            solve(&problem, solver, opts, quiet)
        }
        Command::Compare { input, mesh, time_limit, methods, memory_limit, constraints, seed, out } => {
            let limit = automap::seconds("--time-limit", time_limit)?;
            let mut chosen = Vec::new();
            for name in &methods {
                let Some((n, m)) = COMPARED.iter().find(|(n, _)| n == name) else {
                    let known: Vec<&str> = COMPARED.iter().map(|(n, _)| *n).collect();
                    return Err(Error::Usage(format!("--methods: unknown method '{name}': use {}", known.join(", "))));
                };
                chosen.push((n.to_string(), *m));
            }
            compare(&input, mesh.as_deref(), &chosen, limit, memory_limit, constraints.as_deref(), seed, out.as_deref())
        }
        Command::Eval { model, mesh, plan, time_limit } => {
            let (model, mesh) = (Model::load(&model)?, automap::load_mesh(&mesh)?);
            let t0 = Instant::now();
            let limit = automap::seconds("--time-limit", time_limit)?;
            out_raw!("{}", automap::eval(&model, &mesh, &plan, limit)?.report);
            eprintln!("planned and evaluated in {:.1} ms", t0.elapsed().as_secs_f64() * 1e3);
            Ok(())
        }
        Command::Plan {
            model,
            mesh,
            solver,
            time_limit,
            threads,
            memory_limit,
            constraints,
            tactic,
            format,
            no_link,
            memory_tolerance,
            out,
            export_problem,
        } => {
            let opts = PlanOptions {
                method: solver,
                time_limit: automap::seconds("--time-limit", time_limit)?,
                threads,
                memory_limit_gib: memory_limit,
                constraints: constraints.as_deref().map(automap::load_constraints).transpose()?,
                tactics: tactic,
                format: format.into(),
                started: Some(Instant::now()),
                deterministic: true,
                seed: 0,
                link: !no_link,
                memory_tolerance: automap::memory_tolerance("--memory-tolerance", memory_tolerance)?,
            };
            plan(&model, &mesh, &opts, &out, export_problem.as_deref())
        }
        Command::Check { problem, solution, mesh, plan, memory_limit, constraints, solver, time_limit } => {
            let limit = automap::seconds("--time-limit", time_limit)?;
            let shown = problem.display().to_string();
            let (p, choice) = if shown.ends_with(".mlir") {
                let (Some(mesh), Some(plan)) = (mesh, plan) else {
                    return Err(Error::Usage("checking a model needs --mesh and --plan".into()));
                };
                let (model, mesh) = (Model::load(&problem)?, automap::load_mesh(&mesh)?);
                let constraints = constraints.as_deref().map(automap::load_constraints).transpose()?;
                let opts = PlanOptions { memory_limit_gib: memory_limit, constraints, ..PlanOptions::default() };
                let (p, choice, applied) = automap::model_answer(&model, &mesh, &plan, &opts)?;
                if let Some(applied) = applied {
                    eprintln!("{applied}");
                }
                (p, choice)
            } else {
                let Some(solution) = solution else {
                    return Err(Error::Usage("checking a contest problem needs --solution".into()));
                };
                (automap::load_problem(&problem)?, automap::load_answer(&solution)?)
            };
            let engine = solver.to_possible_value().map_or(String::new(), |v| v.get_name().to_string());
            eprintln!("checking {shown} ({} nodes, {} edges) with {engine}", p.nodes.len(), p.edges.len());
            let v = automap::check(&shown, &p, &choice, solver.into(), limit)?;
            out_raw!("{v}");
            if shown.ends_with(".mlir")
                && let Ok(e) = automap::solver::evaluate(&p, &choice)
            {
                // The problem's usage is bytes per device.
                let bytes = e.peak_usage;
                out_raw!("peak memory per device: {:.2} GiB ({bytes} bytes)\n", bytes as f64 / (1u64 << 30) as f64);
            }
            if v.violations.is_empty() {
                Ok(())
            } else {
                Err(Error::Usage(format!("{shown}: the answer is infeasible")))
            }
        }
        Command::Mesh { command: MeshCommand::Check { mesh } } => {
            out_raw!("{}", automap::load_mesh(&mesh)?);
            Ok(())
        }
    }
}

fn inspect(path: &Path) -> Result<(), Error> {
    let t0 = Instant::now();
    let model = Model::read(path)?;
    let parse_s = t0.elapsed().as_secs_f64();
    out_raw!("{}", automap::sharding::export::inspect_report(&model.name, &model.module));
    out!("parsed in {:.1} ms ({:.0} MB/s)", parse_s * 1e3, model.bytes as f64 / parse_s.max(1e-9) / 1e6);
    model.verify()?;
    out!("verifier: ok");
    Ok(())
}

/// Milliseconds of predicted step time, from the model path's integer picoseconds.
fn ms(c: Option<i128>) -> String {
    c.map_or("-".to_string(), |c| format!("{:.4} ms", c as f64 / COST_UNITS_PER_SECOND * 1e3))
}

fn plan(model: &Path, mesh: &Path, opts: &PlanOptions, out: &Path, export: Option<&Path>) -> Result<(), Error> {
    let (model, mesh) = (Model::load(model)?, automap::load_mesh(mesh)?);
    for line in model.warning_lines(WARNINGS_SHOWN) {
        eprintln!("{line}");
    }
    let t0 = Instant::now();
    let planner = automap::Planner::new(&model, &mesh, opts)?;
    if let Some(path) = export {
        let p = &planner.built().problem;
        if !p.ties.is_empty() || !p.budgets.is_empty() {
            return Err(Error::Usage(format!(
                "--export-problem {}: the contest's format holds no ties or collective bounds, and the constraints add {} ties and {} collective bounds",
                path.display(),
                p.ties.len(),
                p.budgets.len()
            )));
        }
        std::fs::write(path, automap::solver::iopddl::to_json(p)).map_err(|source| Error::Io {
            what: "write",
            path: path.display().to_string(),
            source,
        })?;
        eprintln!("wrote the choice problem to {}", path.display());
    }
    let planner_strategies = planner.strategies();
    eprintln!(
        "[{:>7.2} s] {} steps (ops, with loop bodies laid out), {} strategies on {} ({} devices)",
        t0.elapsed().as_secs_f64(),
        planner.ops(),
        planner.strategies(),
        mesh.name,
        mesh.num_devices()
    );
    if let Some(applied) = planner.constraints() {
        eprintln!("{applied}");
    }
    if let Some(tactics) = planner.tactics() {
        eprintln!("{tactics}");
    }
    let recipes = planner.reference_recipes();
    eprintln!(
        "[{:>7.2} s] {} reference plans, priced after the search from its plan: {}",
        t0.elapsed().as_secs_f64(),
        recipes.len(),
        recipes.join(", ")
    );
    let setup_s = since_start(opts);
    let mut progress = |p: &Progress| {
        let at = t0.elapsed().as_secs_f64();
        eprintln!("[{at:>7.2} s] {:<12} best plan {:>12}  proven bound {:>12}", p.phase, ms(p.incumbent), ms(p.bound));
    };
    let planned = planner.solve(opts, &mut progress)?;
    if planned.clock_decided {
        eprintln!("{CLOCK_DECIDED}");
    }
    let folder = out.display().to_string();
    std::fs::create_dir_all(out).map_err(|source| Error::Io { what: "create", path: folder, source })?;
    for (name, text) in
        [("annotated.mlir", &planned.annotated), ("plan.json", &planned.plan_json), ("report.md", &planned.report)]
    {
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|source| Error::Io {
            what: "write",
            path: path.display().to_string(),
            source,
        })?;
    }
    let (cost, sol) = (&planned.solved.cost, &planned.solved.solution);
    if let Some(l) = &planned.solved.linked {
        eprintln!("{}", automap::sharding::export::linking(l));
    }
    eprintln!("{}", planned.solved.presolve);
    out!(
        "{}: {} ({:.4} ms predicted: compute {:.4} + communication {:.4}{}; peak {:.1} MiB per device); gap {}",
        model.name,
        sol.status,
        cost.total_s() * 1e3,
        cost.compute_s * 1e3,
        cost.comm_s * 1e3,
        if cost.hidden_s > 0.0 {
            format!(" - hidden behind compute {:.4}", cost.hidden_s * 1e3)
        } else {
            String::new()
        },
        cost.peak_bytes / 1048576.0,
        sol.gap_text()
    );
    out!("wrote {}/annotated.mlir, plan.json, report.md in {:.2} s", out.display(), t0.elapsed().as_secs_f64());
    let (total_s, limit_s) = (since_start(opts), opts.time_limit.as_secs_f64());
    if total_s > limit_s {
        // Say where the time went: on a large program, reading, building and presolving the problem
        // alone can take longer than a short limit, and the plan is then the first answer found.
        let (presolve_s, strategies) = (planned.presolve_s, planner_strategies);
        let written = if export.is_some() { " and writing it out" } else { "" };
        let building = format!("reading and building the problem ({strategies} strategies){written}");
        let rest = "the search, the reference plans and the outputs";
        past_limit("planning", (total_s, limit_s), &building, setup_s, presolve_s, rest);
    }
    Ok(())
}

/// The note of a command that ended past its time limit: how long it took, and where the time went
/// (setting up the problem, presolving it, the rest).
fn past_limit(what: &str, (total_s, limit_s): (f64, f64), setup: &str, setup_s: f64, presolve_s: f64, rest: &str) {
    let rest_s = (total_s - setup_s - presolve_s).max(0.0);
    eprintln!(
        "note: {what} took {total_s:.2} s, past the time limit of {limit_s} s: {setup} took {setup_s:.2} s, \
         presolving it {presolve_s:.2} s, {rest} {rest_s:.2} s"
    );
}

/// Seconds since planning started (the time limit counts from there).
fn since_start(opts: &PlanOptions) -> f64 {
    opts.started.map_or(0.0, |s| s.elapsed().as_secs_f64())
}

/// `automap compare`: every method in `methods` on the model or contest problem at `input`.
#[allow(clippy::too_many_arguments)]
fn compare(
    input: &Path,
    mesh: Option<&Path>,
    methods: &[(String, Method)],
    limit: std::time::Duration,
    memory_limit: Option<f64>,
    constraints: Option<&Path>,
    seed: u64,
    out: Option<&Path>,
) -> Result<(), Error> {
    let shown = input.display().to_string();
    let model_and_mesh;
    let problem;
    let subject = if shown.ends_with(".mlir") {
        let Some(mesh) = mesh else { return Err(Error::Usage("comparing on a model needs --mesh".into())) };
        model_and_mesh = (Model::load(input)?, automap::load_mesh(mesh)?);
        let constraints = constraints.map(automap::load_constraints).transpose()?;
        let opts = PlanOptions { memory_limit_gib: memory_limit, constraints, ..PlanOptions::default() };
        Subject::Model(&model_and_mesh.0, &model_and_mesh.1, Box::new(opts))
    } else {
        problem = automap::load_problem(input)?;
        Subject::Problem(&problem, &shown)
    };
    let t0 = Instant::now();
    let mut last = String::new();
    let picoseconds = matches!(subject, Subject::Model(..));
    let mut progress = |method: &str, p: &Progress| {
        let best = if picoseconds { ms(p.incumbent) } else { p.incumbent.map_or("-".into(), |c| c.to_string()) };
        let line = format!("{method:<9} {:<16} best {best:>20}", p.phase);
        if line != last {
            eprintln!("[{:>7.2} s] {line}", t0.elapsed().as_secs_f64());
            last = line;
        }
    };
    let c = automap::compare(&subject, methods, limit, seed, &mut progress)?;
    let table = c.table();
    out_raw!("{table}");
    let Some(out) = out else { return Ok(()) };
    let write = |path: std::path::PathBuf, text: &str| {
        std::fs::write(&path, text).map_err(|source| Error::Io {
            what: "write",
            path: path.display().to_string(),
            source,
        })
    };
    let folder = out.display().to_string();
    std::fs::create_dir_all(out).map_err(|source| Error::Io { what: "create", path: folder.clone(), source })?;
    let title = format!(
        "{} ({} s per method)",
        input.file_name().map_or(shown.clone(), |n| n.to_string_lossy().into_owned()),
        c.time_limit
    );
    let plotted = match c.plot_svg(&title) {
        Ok(svg) => {
            write(out.join("best-cost.svg"), &svg)?;
            "![best cost against time](best-cost.svg)\n".to_string()
        }
        Err(why) => format!("(no plot: {why})\n"),
    };
    write(out.join("compare.md"), &format!("# {title}\n\n{table}\n{plotted}"))?;
    for r in &c.runs {
        let Some(plan) = &r.plan else { continue };
        if matches!(subject, Subject::Model(..)) {
            let dir = out.join(&r.method);
            std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
                what: "create",
                path: dir.display().to_string(),
                source,
            })?;
            write(dir.join("plan.json"), plan)?;
        } else {
            write(out.join(format!("{}.txt", r.method)), &format!("{plan}\n"))?;
        }
    }
    out!("wrote {folder}/compare.md, best-cost.svg and each method's plan");
    Ok(())
}

/// What a deterministic run says when the clock, not the work, stopped a phase.
const CLOCK_DECIDED: &str = "note: the time limit cut a phase short of its work, so another run may answer differently; \
     a longer time limit makes the answer reproducible";

fn solve(path: &Path, method: automap::solver::Method, opts: SolveOptions, quiet: bool) -> Result<(), Error> {
    let t0 = Instant::now();
    let shown = path.display().to_string();
    let p = automap::load_problem(path)?;
    if !quiet {
        let read_s = t0.elapsed().as_secs_f64();
        eprintln!("read {shown} ({} nodes, {} edges) in {read_s:.2} s", p.nodes.len(), p.edges.len());
    }
    // The contest's timeout counts from the start, reading included.
    let opts = opts.started(t0);
    let mut last = String::new();
    let mut progress = |pr: &Progress| {
        let show = |c: Option<i128>| c.map_or("-".to_string(), |c| c.to_string());
        let line = format!("{:<12} incumbent {:>20}  bound {:>20}", pr.phase, show(pr.incumbent), show(pr.bound));
        // Only lines that say something new.
        if !quiet && line != last {
            eprintln!("[{:>7.2} s] {line}", t0.elapsed().as_secs_f64());
            last = line;
        }
    };
    let read_s = t0.elapsed().as_secs_f64();
    let r = automap::solver::solve(&p, method, &opts, &mut progress).map_err(|e| {
        out!("[]");
        Error::solve(&shown, e, "")
    })?;
    let s = &r.solution;
    if r.clock_decided {
        eprintln!("{CLOCK_DECIDED}");
    }
    let (total_s, limit_s) = (t0.elapsed().as_secs_f64(), opts.time_limit.as_secs_f64());
    if total_s > limit_s {
        // As `plan` says it: reading and presolving a large problem can take longer than a short limit.
        past_limit("solving", (total_s, limit_s), "reading the problem", read_s, r.presolve_s, "the search");
    }
    if !quiet {
        if let Some(l) = &r.linked {
            eprintln!("{l}");
        }
        eprintln!("{} ({:.2} s)", r.presolve, r.presolve_s);
        eprintln!(
            "{shown}: cost {} bound {} gap {} ({}; best found at {:.2} s, total {:.2} s)",
            s.cost,
            s.bound,
            s.gap_text(),
            s.status,
            s.time_to_best,
            t0.elapsed().as_secs_f64()
        );
    }
    out!("{}", iopddl::format_solution(&s.choice));
    Ok(())
}
