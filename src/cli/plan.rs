//! `automap plan`: plan a model on a mesh, print progress, and write the outputs.

use super::{CLOCK_DECIDED, WARNINGS_SHOWN, ms, past_limit};
use automap::sharding::{BYTES_PER_GIB, Mesh};
use automap::solver::Progress;
use automap::{Error, Model, PlanOptions, verify};
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn plan(
    model: &Path,
    mesh: &Path,
    kernels: Option<&Path>,
    opts: &PlanOptions,
    out: &Path,
    export: Option<&Path>,
    verify: Option<&Path>,
) -> Result<(), Error> {
    let (model, mesh) = (Model::load_priced(model, kernels)?, automap::load_mesh(mesh)?);
    for line in model.warning_lines(WARNINGS_SHOWN) {
        eprintln!("{line}");
    }
    match verify {
        None => plan_once(&model, &mesh, opts, out, export),
        Some(python) => plan_verified(&model, &mesh, opts, out, export, python),
    }
}

/// Plan, compile with the mesh's compiler, and plan again under a lowered limit while the compiler
/// needs more memory than the device has ([`verify::verified`]); report.md gains the rounds.
fn plan_verified(
    model: &Model,
    mesh: &Mesh,
    opts: &PlanOptions,
    out: &Path,
    export: Option<&Path>,
    python: &Path,
) -> Result<(), Error> {
    verify::require_compiler(mesh)?;
    let gspmd = matches!(opts.format, automap::sharding::export::Format::Gspmd);
    let limit = automap::memory_limit(mesh, opts.memory_limit_gib)?;
    let plan_at = |limit: f64, round: usize| {
        let folder = out.join(format!(".round-{round}"));
        let round_opts = PlanOptions {
            memory_limit_gib: Some(limit / BYTES_PER_GIB),
            started: Some(Instant::now()),
            ..opts.clone()
        };
        eprintln!("verify round {round}: planning under {:.2} GiB per device", limit / BYTES_PER_GIB);
        plan_once(model, mesh, &round_opts, &folder, export).map(|()| folder)
    };
    let judge = |folder: &PathBuf, round: usize| {
        eprintln!("verify round {round}: compiling with XLA's compiler (compile only)");
        let j = verify::judge(python, folder, gspmd)?;
        eprintln!(
            "verify round {round}: {} by XLA's {} compiler (its total {}, predicted {})",
            j.verdict,
            j.target,
            verify::gib(j.device_total_bytes.or(j.temporaries_bytes)),
            verify::gib(j.predicted_peak_bytes)
        );
        Ok(j)
    };
    let outcome = match verify::verified(limit, plan_at, judge) {
        Ok(v) => keep(&v.plan, out, &v.rounds),
        Err(Error::Usage(why)) => Err(Error::Usage(format!("{}: {why}", model.name))),
        Err(e) => Err(e),
    };
    for entry in std::fs::read_dir(out).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with(".round-") {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    outcome
}

/// Move the outputs of the round in `folder` to `out`, with the rounds in its report, and say so.
fn keep(folder: &Path, out: &Path, rounds: &[verify::Round]) -> Result<(), Error> {
    let io = |what: &'static str, path: &Path| {
        let path = path.display().to_string();
        move |source| Error::Io { what, path, source }
    };
    // Every file the round wrote: the three outputs, the pictures, the framework settings asked for.
    for entry in std::fs::read_dir(folder).map_err(io("read", folder))?.flatten() {
        let name = entry.file_name();
        std::fs::rename(entry.path(), out.join(&name)).map_err(io("move", &out.join(&name)))?;
    }
    let report = out.join("report.md");
    let mut text = std::fs::read_to_string(&report).map_err(io("read", &report))?;
    text.push_str(&verify::report_section(rounds));
    std::fs::write(&report, text).map_err(io("write", &report))?;
    let rounds_file = out.join("verify.json");
    std::fs::write(&rounds_file, verify::rounds_json(rounds)).map_err(io("write", &rounds_file))?;
    out!("verified: XLA's compiler accepts the plan in {} (rounds in report.md and verify.json)", out.display());
    Ok(())
}

/// Plan once and write the outputs into `out`.
fn plan_once(model: &Model, mesh: &Mesh, opts: &PlanOptions, out: &Path, export: Option<&Path>) -> Result<(), Error> {
    let t0 = Instant::now();
    let planner = automap::Planner::new(model, mesh, opts)?;
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
    let mut outputs =
        vec![("annotated.mlir", &planned.annotated), ("plan.json", &planned.plan_json), ("report.md", &planned.report)];
    outputs.extend(planned.pictures.iter().map(|(name, svg)| (*name, svg)));
    outputs.extend(planned.settings.iter().flat_map(|s| s.files.iter().map(|(f, text)| (f.file(), text))));
    for (name, text) in outputs {
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
    // Where the time went, and why each phase stopped (not in report.md, which a rerun reproduces).
    eprint!("{}", automap::solver::phase_table(&planned.phases));
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
    let mut extra: Vec<&str> = planned.pictures.iter().map(|(name, _)| *name).collect();
    extra.extend(planned.settings.iter().flat_map(|s| s.files.iter().map(|(f, _)| f.file())));
    let extra: String = extra.iter().map(|f| format!(", {f}")).collect();
    out!("wrote {}/annotated.mlir, plan.json, report.md{extra} in {:.2} s", out.display(), t0.elapsed().as_secs_f64());
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

/// Seconds since planning started (the time limit counts from there).
fn since_start(opts: &PlanOptions) -> f64 {
    opts.started.map_or(0.0, |s| s.elapsed().as_secs_f64())
}
