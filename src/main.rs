//! The `automap` command line: parses arguments, calls the library, prints, and maps errors to exit
//! codes (0 success, 1 bad input, 2 internal error) in one place.

use automap::solver::SolveOptions;
use automap::{Error, Model, PlanOptions};
use clap::{Parser, ValueEnum};
use cli::args::{COMPARED, Cli, Command, MeshCommand};
use cli::plan::plan;
use cli::solve::{compare, solve};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ends the program quietly when whoever reads its output has gone (`automap inspect
/// model.mlir | head`), as a Unix filter does on a closed pipe, where `println!` would panic.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($t)*) {
            $crate::stdout_failed(e)
        }
    }};
}

/// `print!` as [`out!`] is `println!`.
macro_rules! out_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($t)*) {
            $crate::stdout_failed(e)
        }
    }};
}

mod cli;

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
        Command::Diff { a, b, out } => {
            let (a, b) = (automap::load_plan_json(&a)?, automap::load_plan_json(&b)?);
            let text = automap::sharding::export::PlanDiff::new(&a, &b).to_markdown();
            print!("{text}");
            if let Some(out) = out {
                std::fs::write(&out, &text).map_err(|source| Error::Io {
                    what: "write",
                    path: out.display().to_string(),
                    source,
                })?;
            }
            Ok(())
        }
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
        Command::Eval { model, mesh, kernels, plan, maxtext, torchtitan, time_limit } => {
            let (model, mesh) = (Model::load_priced(&model, kernels.as_deref())?, automap::load_mesh(&mesh)?);
            let t0 = Instant::now();
            let limit = automap::seconds("--time-limit", time_limit)?;
            let (plan, from) = match (maxtext, torchtitan) {
                (Some(f), _) => (
                    automap::settings_recipe(&f, &mesh, automap::sharding::tactics::settings::Framework::MaxText)?,
                    Some(f),
                ),
                (None, Some(f)) => (
                    automap::settings_recipe(&f, &mesh, automap::sharding::tactics::settings::Framework::Torchtitan)?,
                    Some(f),
                ),
                (None, None) => (plan, None),
            };
            if let Some(f) = from {
                out!("{}: the tactics {plan}", f.display());
            }
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
            kernels,
            tactic,
            format,
            no_link,
            memory_tolerance,
            emit,
            out,
            export_problem,
            verify,
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
                emit: emit.into_iter().map(Into::into).collect(),
            };
            plan(&model, &mesh, kernels.as_deref(), &opts, &out, export_problem.as_deref(), verify.as_deref())
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
        Command::Calibrate { mesh, runs, out, time_limit } => {
            let (spec, runs) = (automap::load_mesh(&mesh)?, automap::calibrate::load_runs(&runs)?);
            let limit = automap::seconds("--time-limit", time_limit)?;
            let mut priced = Vec::new();
            for (i, run) in runs.iter().enumerate() {
                let t0 = Instant::now();
                let p = automap::calibrate::price(run, &spec, limit)?;
                eprintln!(
                    "[{}/{}] {}: {} on {}, step at the peaks {:.3} s, measured {:.3} s ({:.1} s)",
                    i + 1,
                    runs.len(),
                    p.name,
                    run.plan,
                    run.mesh.as_deref().map_or(spec.name.clone(), |m| m.display().to_string()),
                    p.terms.step_s(&automap::sharding::Efficiency::PEAK),
                    p.measured_s,
                    t0.elapsed().as_secs_f64()
                );
                priced.push(p);
            }
            let c = automap::calibrate::calibrate(&priced);
            let fitted = automap::sharding::Mesh { efficiency: c.efficiency, ..spec };
            let text = format!(
                "# {} calibrated by `automap calibrate` on {} measured runs (efficiency: fitted).\n{fitted}",
                mesh.display(),
                priced.len()
            );
            std::fs::write(&out, text).map_err(|source| Error::Io {
                what: "write",
                path: out.display().to_string(),
                source,
            })?;
            let e = c.efficiency;
            out_raw!("efficiency: flops {:.4}, hbm {:.4}, links {:.4}\n\n{}", e.flops, e.hbm, e.links, c.table());
            eprintln!("wrote {}", out.display());
            Ok(())
        }
        Command::Mesh { command: MeshCommand::Check { mesh } } => {
            out_raw!("{}", automap::load_mesh(&mesh)?);
            Ok(())
        }
    }
}

fn inspect(path: &Path) -> Result<(), Error> {
    let t0 = Instant::now();
    let mut model = Model::read(path)?;
    let parse_s = t0.elapsed().as_secs_f64();
    model.price_kernels(None)?;
    out_raw!("{}", automap::sharding::export::inspect_report(&model.name, &model.module));
    out!("parsed in {:.1} ms ({:.0} MB/s)", parse_s * 1e3, model.bytes as f64 / parse_s.max(1e-9) / 1e6);
    model.verify()?;
    out!("verifier: ok");
    Ok(())
}
