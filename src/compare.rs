//! `automap compare`: every search method on the same choice problem, cost model, memory limit and
//! constraints, at equal time limits; a table against the proven optimum (or the best proven bound), the
//! best cost each found against time, and each method's plan.

use crate::error::Error;
use crate::inputs::Model;
use crate::planner::{PLAN_THREADS, PlanOptions, Planner};
use automap_sharding::Mesh;
use automap_solver::{COST_UNITS_PER_SECOND, ChoiceProblem, Method, Progress, SolveError, SolveOptions, Status};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What is compared: a model on a mesh (costs in picoseconds, plans as plan.json) or a contest problem.
pub enum Subject<'a> {
    /// A model, its mesh and the planning options (method and time limit are set per run).
    Model(&'a Model, &'a Mesh, Box<PlanOptions>),
    /// A contest problem, and its file as errors name it.
    Problem(&'a ChoiceProblem, &'a str),
}

/// One method's run.
#[derive(Clone, Debug)]
pub struct Run {
    /// The method's name, as `--methods` takes it.
    pub method: String,
    /// The best answer's cost, when it found one.
    pub cost: Option<i128>,
    /// The bound it proved.
    pub bound: Option<i128>,
    /// How it ended.
    pub status: Option<Status>,
    /// Seconds from its start to its best answer.
    pub time_to_best: Option<f64>,
    /// Completed answers it priced (heuristics only).
    pub evaluations: Option<u64>,
    /// Seconds it ran.
    pub wall: f64,
    /// (seconds, best cost so far) at every improvement.
    pub curve: Vec<(f64, i128)>,
    /// Its plan: plan.json for a model, the answer line for a contest problem.
    pub plan: Option<String>,
    /// Why it has no answer.
    pub error: Option<String>,
}

/// Every run, and what their costs are measured against.
pub struct Comparison {
    /// The runs, in the order asked.
    pub runs: Vec<Run>,
    /// The proven optimum (when a method proved one) or the best proven bound.
    pub reference: Option<i128>,
    /// Whether `reference` is a proven optimum.
    pub optimum: bool,
    /// Costs are the model path's picoseconds (shown in ms), not the contest's units.
    pub picoseconds: bool,
    /// The time limit of each run.
    pub time_limit: f64,
}

/// Run each of `methods` (name and method) on `subject` for `time_limit`, with `seed`; `progress` hears
/// every run's progress, named by its method.
pub fn compare(
    subject: &Subject<'_>,
    methods: &[(String, Method)],
    time_limit: Duration,
    seed: u64,
    progress: &mut dyn FnMut(&str, &Progress),
) -> Result<Comparison, Error> {
    let mut runs = Vec::new();
    for (name, method) in methods {
        let t0 = Instant::now();
        let mut curve: Vec<(f64, i128)> = Vec::new();
        let mut heard = |p: &Progress| {
            if let Some(c) = p.incumbent
                && curve.last().is_none_or(|l| c < l.1)
            {
                curve.push((t0.elapsed().as_secs_f64(), c));
            }
            progress(name, p);
        };
        let outcome = match subject {
            Subject::Model(model, mesh, opts) => {
                let opts = PlanOptions {
                    method: *method,
                    time_limit,
                    threads: opts.threads,
                    // Each method takes its whole time limit, as on the contest problems.
                    deterministic: false,
                    seed,
                    memory_limit_gib: opts.memory_limit_gib,
                    constraints: opts.constraints.clone(),
                    tactics: opts.tactics.clone(),
                    format: opts.format,
                    link: opts.link,
                    // Methods are compared by the fastest plan each finds in the same time.
                    memory_tolerance: None,
                    emit: Vec::new(),
                    started: None,
                };
                Planner::new(model, mesh, &opts)?.solve(&opts, &mut heard).map(|planned| {
                    let s = planned.solved.solution;
                    (s, planned.evaluations, planned.plan_json)
                })
            }
            Subject::Problem(p, shown) => {
                let o = SolveOptions::default().time_limit(time_limit).threads(PLAN_THREADS).seed(seed);
                automap_solver::solve(p, *method, &o, &mut heard)
                    .map(|r| {
                        let line = automap_solver::iopddl::format_solution(&r.solution.choice);
                        (r.solution, r.evaluations, line)
                    })
                    .map_err(|e| Error::solve(shown, e, ""))
            }
        };
        let wall = t0.elapsed().as_secs_f64();
        runs.push(match outcome {
            Ok((s, evaluations, plan)) => {
                // Progress is reported at intervals: the answer's own time to best is exact.
                if let Some(p) = curve.iter_mut().find(|p| p.1 == s.cost) {
                    p.0 = p.0.min(s.time_to_best);
                } else if curve.last().is_none_or(|l| s.cost < l.1) {
                    curve.push((s.time_to_best, s.cost));
                }
                Run {
                    method: name.clone(),
                    cost: Some(s.cost),
                    bound: Some(s.bound),
                    status: Some(s.status),
                    time_to_best: Some(s.time_to_best),
                    evaluations,
                    wall,
                    curve,
                    plan: Some(plan),
                    error: None,
                }
            }
            Err(e) if e.is_input() => Run {
                method: name.clone(),
                cost: None,
                bound: None,
                status: None,
                time_to_best: None,
                evaluations: None,
                wall,
                curve,
                plan: None,
                error: Some(match &e {
                    // Searches that prove nothing end without an answer by the clock, not by a proof.
                    Error::Solve { source: SolveError::NoAnswer, .. } => {
                        "no answer that fits memory, pays no forbidden cost and keeps every constraint was found in the time limit".into()
                    }
                    e => e.to_string(),
                }),
            },
            Err(e) => return Err(e),
        });
    }
    let proven = runs.iter().filter(|r| r.status == Some(Status::Optimal)).filter_map(|r| r.cost).min();
    let bound = runs.iter().filter_map(|r| r.bound).max();
    let picoseconds = matches!(subject, Subject::Model(..));
    let reference = proven.or(bound).filter(|&b| b > 0);
    Ok(Comparison { runs, reference, optimum: proven.is_some(), picoseconds, time_limit: time_limit.as_secs_f64() })
}

impl Comparison {
    /// A cost as the table shows it: milliseconds for a model, the contest's units otherwise.
    fn shown(&self, c: i128) -> String {
        if self.picoseconds { format!("{:.4} ms", c as f64 / COST_UNITS_PER_SECOND * 1e3) } else { c.to_string() }
    }

    /// The table, in Markdown.
    pub fn table(&self) -> String {
        let against = if self.optimum { "cost / optimum" } else { "cost / best bound" };
        let mut t = format!(
            "| method | cost | {against} | fits | time to best | evaluations | wall |\n|---|---:|---:|---|---:|---:|---:|\n"
        );
        for r in &self.runs {
            let ratio = match (r.cost, self.reference) {
                (Some(c), Some(b)) => format!("{:.4}", c as f64 / b as f64),
                _ => "-".into(),
            };
            let _ = writeln!(
                t,
                "| {} | {} | {ratio} | {} | {} | {} | {:.2} s |",
                r.method,
                r.cost.map_or("-".into(), |c| self.shown(c)),
                if r.cost.is_some() { "yes" } else { "no" },
                r.time_to_best.map_or("-".into(), |s| format!("{s:.3} s")),
                r.evaluations.map_or("-".into(), |e| e.to_string()),
                r.wall
            );
        }
        match self.reference {
            Some(b) if self.optimum => {
                let _ = writeln!(t, "\nProven optimum: {} (a method proved it).", self.shown(b));
            }
            Some(b) => {
                let _ = writeln!(t, "\nBest proven bound: {} (no method proved an optimum).", self.shown(b));
            }
            None => {}
        }
        for r in self.runs.iter().filter(|r| r.error.is_some()) {
            let _ = writeln!(t, "\n{}: {}", r.method, r.error.as_deref().unwrap_or(""));
        }
        t
    }

    /// The best cost each method found against time, as an SVG: one line per method, from its first
    /// answer to the end of its run. (A build without the cargo feature `plots` answers `Err`.)
    #[cfg(feature = "plots")]
    pub fn plot_svg(&self, title: &str) -> Result<String, String> {
        use plotters::prelude::*;
        let unit = if self.picoseconds { 1e9 } else { 1.0 };
        let y = |c: i128| c as f64 / unit;
        let points: Vec<(f64, f64)> = self.runs.iter().flat_map(|r| r.curve.iter().map(|&(t, c)| (t, y(c)))).collect();
        let (lo, hi) = points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |a, p| (a.0.min(p.1), a.1.max(p.1)));
        if !lo.is_finite() {
            return Err("no method found an answer: nothing to plot".into());
        }
        let pad = ((hi - lo) * 0.05).max(hi.abs() * 1e-3).max(1e-9);
        let x_max = self.runs.iter().map(|r| r.wall).fold(self.time_limit, f64::max);
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (900, 540)).into_drawing_area();
            root.fill(&WHITE).map_err(|e| e.to_string())?;
            let mut chart = ChartBuilder::on(&root)
                .caption(title, ("sans-serif", 20))
                .margin(16)
                .x_label_area_size(48)
                .y_label_area_size(90)
                .build_cartesian_2d(0.0..x_max, (lo - pad)..(hi + pad))
                .map_err(|e| e.to_string())?;
            let y_desc = if self.picoseconds { "best predicted step time (ms)" } else { "best cost (contest units)" };
            chart
                .configure_mesh()
                .x_desc("time since the method started (s)")
                .y_desc(y_desc)
                .draw()
                .map_err(|e| e.to_string())?;
            for (i, r) in self.runs.iter().enumerate() {
                let Some(&(t_first, c_first)) = r.curve.first() else { continue };
                let colour = Palette99::pick(i).to_rgba();
                let mut line = vec![(t_first, y(c_first))];
                for w in r.curve.windows(2) {
                    line.push((w[1].0, y(w[0].1)));
                    line.push((w[1].0, y(w[1].1)));
                }
                line.push((r.wall.max(t_first), y(r.curve.last().map_or(c_first, |l| l.1))));
                // A dot at every improvement: a method with one answer (greedy) is a dot.
                let dots: Vec<(f64, f64)> = r.curve.iter().map(|&(t, c)| (t, y(c))).collect();
                chart
                    .draw_series(dots.into_iter().map(|p| Circle::new(p, 3, colour.filled())))
                    .map_err(|e| e.to_string())?;
                chart
                    .draw_series(LineSeries::new(line, colour.stroke_width(2)))
                    .map_err(|e| e.to_string())?
                    .label(r.method.clone())
                    .legend(move |(x, yy)| PathElement::new(vec![(x, yy), (x + 20, yy)], colour.stroke_width(2)));
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(|e| e.to_string())?;
            root.present().map_err(|e| e.to_string())?;
        }
        Ok(svg)
    }

    /// The plot needs the cargo feature `plots`, which this build left out.
    #[cfg(not(feature = "plots"))]
    pub fn plot_svg(&self, _title: &str) -> Result<String, String> {
        Err("automap was built without the cargo feature `plots`".into())
    }
}
