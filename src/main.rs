//! The `automap` command line: parses arguments, calls the library, prints, and maps errors to exit
//! codes (0 success, 1 bad input, 2 internal error) in one place.

use automap::solver::SolveOptions;
use automap::{Error, PlanOptions};
use clap::Parser;
use cli::args::{COMPARED, Cli, Command, MeshCommand};
use cli::plan::plan;
use cli::solve::{compare, solve};
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
        Command::Inspect { model } => cli::inspect::inspect(&model),
        Command::Diff { a, b, out } => cli::inspect::diff(&a, &b, out.as_deref()),
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
            cli::eval::eval(&model, &mesh, kernels.as_deref(), plan, maxtext, torchtitan, time_limit)
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
            cli::eval::check(&problem, solution, mesh, plan, memory_limit, constraints, solver, time_limit)
        }
        Command::Calibrate { mesh, runs, out, time_limit } => cli::calibrate::calibrate(&mesh, &runs, &out, time_limit),
        Command::Mesh { command: MeshCommand::Check { mesh } } => {
            out_raw!("{}", automap::load_mesh(&mesh)?);
            Ok(())
        }
    }
}
