//! `automap solve` (a contest-format problem) and `automap compare` (every method on one problem).

use super::{CLOCK_DECIDED, ms, past_limit};
use automap::solver::{Method, Progress, SolveOptions, iopddl};
use automap::{Error, Model, PlanOptions, Subject};
use std::path::Path;
use std::time::Instant;

/// `automap compare`: every method in `methods` on the model or contest problem at `input`.
#[allow(clippy::too_many_arguments)]
pub fn compare(
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

pub fn solve(path: &Path, method: automap::solver::Method, opts: SolveOptions, quiet: bool) -> Result<(), Error> {
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
        eprint!("{}", automap::solver::phase_table(&r.phases));
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
