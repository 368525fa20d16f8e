//! `eval` (a recipe or a framework's settings priced on a model) and `check` (a given answer judged).

use crate::cli::args::EngineArg;
use automap::{Error, Model, PlanOptions};
use clap::ValueEnum;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `automap eval`: the plan of a recipe (or of MaxText's or torchtitan's settings), priced.
pub fn eval(
    model: &Path,
    mesh: &Path,
    kernels: Option<&Path>,
    plan: String,
    maxtext: Option<PathBuf>,
    torchtitan: Option<PathBuf>,
    time_limit: f64,
) -> Result<(), Error> {
    let (model, mesh) = (Model::load_priced(model, kernels)?, automap::load_mesh(mesh)?);
    let t0 = Instant::now();
    let limit = automap::seconds("--time-limit", time_limit)?;
    let (plan, from) = match (maxtext, torchtitan) {
        (Some(f), _) => (automap::settings_recipe(&f, &mesh, automap::sharding::tactics::Framework::MaxText)?, Some(f)),
        (None, Some(f)) => {
            (automap::settings_recipe(&f, &mesh, automap::sharding::tactics::Framework::Torchtitan)?, Some(f))
        }
        (None, None) => (plan, None),
    };
    if let Some(f) = from {
        out!("{}: the tactics {plan}", f.display());
    }
    out_raw!("{}", automap::eval(&model, &mesh, &plan, limit)?.report);
    eprintln!("planned and evaluated in {:.1} ms", t0.elapsed().as_secs_f64() * 1e3);
    Ok(())
}

/// `automap check`: a given answer (a model's plan, or a contest problem's solution) judged: feasible,
/// its cost, optimal or not.
#[allow(clippy::too_many_arguments)] // one per command-line argument
pub fn check(
    problem: &Path,
    solution: Option<String>,
    mesh: Option<PathBuf>,
    plan: Option<String>,
    memory_limit: Option<f64>,
    constraints: Option<PathBuf>,
    solver: EngineArg,
    time_limit: f64,
) -> Result<(), Error> {
    let limit = automap::seconds("--time-limit", time_limit)?;
    let shown = problem.display().to_string();
    let (p, choice) = if shown.ends_with(".mlir") {
        let (Some(mesh), Some(plan)) = (mesh, plan) else {
            return Err(Error::Usage("checking a model needs --mesh and --plan".into()));
        };
        let (model, mesh) = (Model::load(problem)?, automap::load_mesh(&mesh)?);
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
        (automap::load_problem(problem)?, automap::load_answer(&solution)?)
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
    if v.violations.is_empty() { Ok(()) } else { Err(Error::Usage(format!("{shown}: the answer is infeasible"))) }
}
