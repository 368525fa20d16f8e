//! The model path end to end: module + mesh → choice problem (with the user's constraints) → solver →
//! plan, decoded into the annotated module, `plan.json` and `report.md`; and the evaluation of a
//! reference plan.

use crate::error::Error;
use crate::inputs::Model;
use automap_sharding::UserConstraints;
use automap_sharding::export::{self, Format, PlanDoc, Solved, TieBreak};
use automap_sharding::tactics::Framework;
use automap_sharding::tactics::{self, Matched, Recognised, parse_tactics};
use automap_sharding::{BYTES_PER_GIB, MAX_MEMORY_GIB, Mesh};
use automap_sharding::{Conflict, conflict};
use automap_sharding::{MAX_COST_SECONDS, NodeRef, ProgramProblem, build, build_on};
use automap_sharding::{Plan, PlanCost, PlanSpace};
use automap_solver::time_shares::{PROBE_SHARE, REFERENCE_MAX_SHARE, REFERENCE_SHARE};
use automap_solver::{Method, Phase, PhaseRun, Progress, SolveError, SolveOptions, Stop};
use std::time::{Duration, Instant};

/// Threads the model path's solver runs on by default (the local search and the dual bound run side by
/// side).
pub const PLAN_THREADS: u32 = 2;

/// Seconds of work after the solve (decode and evaluate the answer, annotate the module and verify it
/// again, write plan.json and the report) per strategy of the problem, kept out of the solver's share of
/// the time limit. From the problem's size, not from a clock, so that a deterministic plan's work
/// budgets stay the same on every run (measured: 0.9 s for the 389,358 strategies of the 24-layer
/// training step on a 3-D mesh, 2.3 µs each; rounded up).
const OUTPUT_S_PER_STRATEGY: f64 = 3e-6;

/// Seconds the reference plans take beyond their share per entry of the problem's edge costs, kept
/// from the solve too: presolving the problem once for all of them and setting up each pinned solve
/// read every cost matrix (measured: 2.2-3 s past the share for the 44.8 million entries of the 70B
/// step on a 512-chip mesh, up to 6.7e-8 s each; rounded up).
const REFERENCE_S_PER_ENTRY: f64 = 7e-8;

/// What `plan` is asked, beyond the model and the mesh.
#[derive(Clone)]
pub struct PlanOptions {
    /// The backend.
    pub method: Method,
    /// Wall-clock limit of the whole plan: building the problem, solving, and the outputs.
    pub time_limit: Duration,
    /// Threads the solver runs on.
    pub threads: u32,
    /// Stop the search phases by work counted (the same plan on every run; the default) rather than by
    /// the clock (each phase takes its whole share of the time, as `compare` needs for equal limits).
    pub deterministic: bool,
    /// Seed of the searches.
    pub seed: u64,
    /// Memory per device in GiB (default: the mesh's device memory).
    pub memory_limit_gib: Option<f64>,
    /// The user's constraints.
    pub constraints: Option<UserConstraints>,
    /// Tactics to pin before solving (`dp:data,megatron:model`, see
    /// [`automap_sharding::tactics::parse_tactics`]).
    pub tactics: Option<String>,
    /// How the annotated module carries the plan.
    pub format: Format,
    /// Decide the program's repeated ops (the layers of an unrolled model) once for all their copies
    /// first, then go on from that plan over every op ([`automap_solver::SolveOptions::link`]).
    pub link: bool,
    /// Memory as the tie-breaker: among the plans at most this fraction slower than the fastest found
    /// (0: only as fast), return one of least peak memory. `None` (the default): the fastest plan
    /// found, whatever its peak.
    pub memory_tolerance: Option<f64>,
    /// The frameworks whose settings to say the plan in ([`Planned::settings`]; none: the default);
    /// where the settings do not give the plan exactly, their own plan is priced too.
    pub emit: Vec<Framework>,
    /// When the time limit starts counting (`None`: when the planner starts building the problem).
    /// The command line sets the moment the command began, so that reading the model counts too.
    pub started: Option<Instant>,
}

impl Default for PlanOptions {
    fn default() -> PlanOptions {
        PlanOptions {
            method: Method::Auto,
            time_limit: Duration::from_secs(60),
            threads: PLAN_THREADS,
            deterministic: true,
            seed: 0,
            memory_limit_gib: None,
            constraints: None,
            tactics: None,
            format: Format::Shardy,
            link: true,
            memory_tolerance: None,
            emit: Vec::new(),
            started: None,
        }
    }
}

/// Seconds as a time limit: positive and finite, or a usage error naming `flag`.
pub fn seconds(flag: &str, s: f64) -> Result<Duration, Error> {
    if s.is_finite() && s > 0.0 && s < u64::MAX as f64 {
        Ok(Duration::from_secs_f64(s))
    } else {
        Err(Error::Usage(format!("{flag} must be a positive number of seconds, got {s}")))
    }
}

/// A memory tolerance as [`PlanOptions::memory_tolerance`] takes it: `None`, or a fraction at least 0
/// (0.05 for 5%); `flag` names the setting in the error.
pub fn memory_tolerance(flag: &str, t: Option<f64>) -> Result<Option<f64>, Error> {
    match t {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            Err(Error::Usage(format!("{flag} must be a fraction at least 0 (0.05 for 5%), got {t}")))
        }
        t => Ok(t),
    }
}

/// The memory limit in bytes: `gib` when given (a positive number of GiB, at most
/// [`MAX_MEMORY_GIB`], else a usage error), else the mesh's device memory.
pub fn memory_limit(mesh: &Mesh, gib: Option<f64>) -> Result<f64, Error> {
    match gib {
        None => Ok(mesh.device.memory_bytes()),
        Some(g) if g.is_finite() && g > 0.0 && g <= MAX_MEMORY_GIB => Ok(g * BYTES_PER_GIB),
        Some(g) => Err(Error::Usage(format!(
            "--memory-limit must be a positive number of GiB, at most {MAX_MEMORY_GIB:.0} (2^32 GiB, 2^62 bytes), got {g}"
        ))),
    }
}

/// A model's choice problem on a mesh, built and with the user's constraints applied: ready to solve.
pub struct Planner<'a> {
    model: &'a Model,
    mesh: &'a Mesh,
    space: PlanSpace<'a>,
    built: ProgramProblem,
    constraints: Option<String>,
    tactics: Option<String>,
    /// What the tactics recognise in the program (its classes and roles), for the reference plans.
    found: Recognised,
    /// The time the outputs are expected to take after the solve: kept out of the solver's share.
    outputs: Duration,
    /// When planning began: the time limit counts from here, building the problem included.
    started: Instant,
}

impl<'a> Planner<'a> {
    /// Enumerate strategies, price edges and memory, apply the constraints of `opts`.
    pub fn new(model: &'a Model, mesh: &'a Mesh, opts: &PlanOptions) -> Result<Planner<'a>, Error> {
        let started = opts.started.unwrap_or_else(Instant::now);
        mesh.check_declared(&model.module).map_err(|e| Error::Usage(format!("{}:{e}", model.name)))?;
        let mut space = PlanSpace::new(&model.module, mesh);
        let limit = Some(memory_limit(mesh, opts.memory_limit_gib)?);
        let mut built = build_on(&space, limit, opts.threads);
        // Where the device's memory alone holds no plan, the stacks a scanned forward pass keeps for the
        // backward pass may go to host memory: the largest first, until the leanest plan fits.
        let stacks = automap_sharding::stacks_to_offload(&space, &built);
        if !stacks.is_empty() {
            space.offload(stacks);
            built = build_on(&space, limit, opts.threads);
        }
        if let Some((pos, seconds)) = built.out_of_range {
            let m = &model.module;
            let op = space.steps()[pos].op;
            return Err(Error::Usage(format!(
                "{}:{}: '{}' would take {seconds:.3e} s under one of its shardings, past the {MAX_COST_SECONDS:.0e} s \
                 per op or resharding that automap's costs hold: the model is too large for this mesh to plan",
                model.name,
                m.op_location(op),
                m.ops[op].name
            )));
        }
        let constraints = match &opts.constraints {
            Some(user) => Some(user.apply(&space, &mut built)?.to_string()),
            None => None,
        };
        // The program's classes and roles, found once for the tactics and the report's reference plans.
        let found = Recognised::new(&space);
        let tactics = match &opts.tactics {
            Some(spec) => {
                let usage = |e: String| Error::Usage(format!("--tactic {spec}: {e}"));
                let applied = found.apply(&space, &parse_tactics(spec, mesh).map_err(usage)?);
                let m = &model.module;
                let arg_name =
                    |i: usize| m.entry().args.get(i).and_then(|p| p.name.clone()).unwrap_or_else(|| format!("%arg{i}"));
                let pinned = tactics::pin(&mut built, &applied, &arg_name).map_err(usage)?;
                let mut lines: Vec<String> = applied.matched.iter().map(|t| format!("tactic {t}")).collect();
                lines.push(pinned.to_string());
                Some(lines.join("\n"))
            }
            None => None,
        };
        let outputs = Duration::from_secs_f64(built.problem.strategy_count() as f64 * OUTPUT_S_PER_STRATEGY);
        Ok(Planner { model, mesh, space, built, constraints, tactics, found, outputs, started })
    }

    /// The recipes of the report's reference plans (`fsdp:node+fsdp:gpu`, ...), in the report's order.
    pub fn reference_recipes(&self) -> Vec<String> {
        export::reference_specs(self.mesh, &self.found)
    }

    /// The report's reference plans, each a solve with its recipe's arguments pinned, from `start`
    /// (the plan's answer), in `left` (the time left before the outputs, less their setup) but at least
    /// [`REFERENCE_SHARE`] and at most [`REFERENCE_MAX_SHARE`] of the time limit in all.
    fn priced_references(&self, opts: &PlanOptions, start: &[usize], left: Duration) -> export::References {
        let (least, most) = (opts.time_limit.mul_f64(REFERENCE_SHARE), opts.time_limit.mul_f64(REFERENCE_MAX_SHARE));
        let budget = left.clamp(least, most) / self.reference_recipes().len().max(1) as u32;
        export::references(self.mesh, &self.space, &self.built, &self.found, budget, opts.threads, Some(start))
    }

    /// Steps decided: the ops of the module, loop bodies laid out, and one per loop-carried value.
    pub fn ops(&self) -> usize {
        self.space.steps().len()
    }

    /// Strategies enumerated over every op.
    pub fn strategies(&self) -> usize {
        self.space.strategies.iter().map(Vec::len).sum()
    }

    /// What the user's constraints pinned, forbade, tied and bounded, when there were any.
    pub fn constraints(&self) -> Option<&str> {
        self.constraints.as_deref()
    }

    /// Where the tactics matched and what pinning them removed, when `--tactic` was given.
    pub fn tactics(&self) -> Option<&str> {
        self.tactics.as_deref()
    }

    /// The choice problem.
    pub fn built(&self) -> &ProgramProblem {
        &self.built
    }

    /// The strategies and costs the problem was built from.
    pub fn space(&self) -> &PlanSpace<'a> {
        &self.space
    }

    /// The choice problem, kept.
    pub fn into_built(self) -> ProgramProblem {
        self.built
    }

    /// Solve, decode and write the outputs (in memory); `progress` hears from the solver.
    pub fn solve(self, opts: &PlanOptions, progress: &mut dyn FnMut(&Progress)) -> Result<Planned, Error> {
        let name = &self.model.name;
        let m = &self.model.module;
        // Plans are deterministic (the same outputs on every run), as users diff and commit them. The
        // reference plans follow the solve, started from its answer, in their share of the limit.
        let entries: usize = self.built.problem.edges.values().map(|e| e.costs.len()).sum();
        let setup = Duration::from_secs_f64(entries as f64 * REFERENCE_S_PER_ENTRY);
        let references_time = opts.time_limit.mul_f64(REFERENCE_SHARE) + setup;
        let before_outputs = opts.time_limit.saturating_sub(self.outputs);
        let solve_time = before_outputs.saturating_sub(references_time).max(opts.time_limit / 2);
        let sopts = SolveOptions::default()
            .time_limit(solve_time)
            .threads(opts.threads)
            .deterministic(opts.deterministic)
            .seed(opts.seed)
            .started(self.started)
            .link(opts.link);
        let r = automap_solver::solve(&self.built.problem, opts.method, &sopts, progress)
            .map_err(|e| self.solve_error(opts, e))?;
        // The reference plans, each from the solve's answer with its recipe's arguments moved to the
        // pins: a search from a good answer prices a recipe far better in a short share of the limit
        // than one from nothing.
        let left = before_outputs.saturating_sub(self.started.elapsed()).saturating_sub(setup);
        let mut phases = r.phases.clone();
        let pricing = Instant::now();
        let references = self.priced_references(opts, &r.solution.choice, left);
        let stop = if references.clock_decided() { Stop::Time } else { Stop::Done };
        phases.push(PhaseRun { phase: Phase::References, seconds: pricing.elapsed().as_secs_f64(), stop });
        progress(&Progress {
            phase: Phase::References,
            elapsed: self.started.elapsed().as_secs_f64(),
            incumbent: references.best_fitting().map(|(c, _)| c),
            bound: Some(r.solution.bound),
        });
        let r = self.no_worse_than_references(r, &references, progress);
        // A reference plan's row too: the report is one of the outputs a rerun should reproduce.
        let mut clock_decided = r.clock_decided || references.clock_decided();
        let (solution, tie_break) = match opts.memory_tolerance {
            Some(tolerance) => {
                // In the time the solve left: each probe's work sized by a share of the solve's time,
                // all of them ending by the solve's deadline.
                let probe = sopts.clone().time_limit(solve_time.mul_f64(PROBE_SHARE));
                let deadline = self.started + before_outputs;
                let (lean, tie_break, clock) =
                    self.least_memory(&r.solution, tolerance, opts, (&probe, deadline), &mut phases, progress)?;
                clock_decided |= clock;
                (lean, Some(tie_break))
            }
            None => (r.solution, None),
        };
        let plan = self.built.decode(&self.space, &solution.choice);
        let cost = self.space.evaluate(&plan);
        let annotated = export::annotate(m, self.mesh, &self.space, &plan, opts.format)
            .map_err(|source| Error::Annotate { path: name.clone(), source })?;
        check_annotated(name, &annotated)?;
        let plan_json = PlanDoc::new(m, self.mesh, &self.space, &plan, &cost, &solution, r.linked.as_ref()).to_json();
        let pictures = crate::plots::pictures(&self.model.name, self.mesh, &self.space, &plan, &cost);
        let settings = (!opts.emit.is_empty()).then(|| self.settings(opts, &plan, &solution.choice));
        let solved =
            Solved { built: self.built, plan, cost, solution, presolve: r.presolve, linked: r.linked, tie_break };
        let mut report = export::report_md(name, m, self.mesh, &self.space, &solved, &references);
        if let Some(t) = &self.tactics {
            report.push_str(&format!("\n## Tactics pinned before solving\n\n```\n{t}\n```\n"));
        }
        if !pictures.is_empty() {
            report.push_str(crate::plots::REPORT_SECTION);
        }
        if let Some(s) = &settings {
            report.push_str(&s.section);
        }
        Ok(Planned {
            solved,
            annotated,
            plan_json,
            report,
            pictures,
            settings,
            clock_decided,
            evaluations: r.evaluations,
            presolve_s: r.presolve_s,
            phases,
        })
    }
}

impl Planner<'_> {
    /// The error a failed solve is to the user: no plan fits (with why, and the leanest peak), none
    /// with the tactics pinned, the constraints in conflict (with the conflict), or the solver's own.
    fn solve_error(&self, opts: &PlanOptions, e: SolveError) -> Error {
        let name = &self.model.name;
        match e {
            SolveError::Infeasible { limit, .. } if self.tactics.is_some() => Error::Usage(format!(
                "{name}: no plan fits in {} per device with the tactics' shardings pinned; without --tactic the \
                 solver may find one",
                export::bytes(u64::try_from(limit).unwrap_or(u64::MAX))
            )),
            SolveError::Infeasible { limit, .. } => {
                let (explanation, leanest_bytes) = self.why_nothing_fits();
                Error::NoFit {
                    path: name.clone(),
                    limit: export::bytes(u64::try_from(limit).unwrap_or(u64::MAX)),
                    explanation,
                    leanest_bytes,
                }
            }
            SolveError::Unsatisfiable { .. } if opts.constraints.is_some() => {
                Error::Conflict { path: name.clone(), why: self.why_constraints_conflict(opts) }
            }
            e => Error::solve(name, e, " (bytes per device)"),
        }
    }

    /// Whatever the clock cut short, the plan is never slower by the objective than an expert plan
    /// the report sets beside it that fits: the cheapest such one replaces a costlier answer.
    fn no_worse_than_references(
        &self,
        r: automap_solver::Report,
        references: &export::References,
        progress: &mut dyn FnMut(&Progress),
    ) -> automap_solver::Report {
        match references.best_fitting() {
            Some((cost, x)) if cost < r.solution.cost => {
                let s = &r.solution;
                let status = if s.bound >= cost { automap_solver::Status::Optimal } else { s.status };
                let solution = automap_solver::Solution { choice: x.to_vec(), cost, status, ..s.clone() };
                let elapsed = self.started.elapsed().as_secs_f64();
                progress(&Progress { phase: Phase::Reference, elapsed, incumbent: Some(cost), bound: Some(s.bound) });
                automap_solver::Report { solution, ..r }
            }
            _ => r,
        }
    }

    /// Memory as the tie-breaker: among answers within `tolerance` of `best`'s cost, one of least
    /// peak, by probes of `probe`'s options all ending by its deadline. Returns it, what the report
    /// says of the search, and whether the clock cut a probe short; its phase's line goes to `phases`.
    fn least_memory(
        &self,
        best: &automap_solver::Solution,
        tolerance: f64,
        opts: &PlanOptions,
        (probe, deadline): (&SolveOptions, Instant),
        phases: &mut Vec<PhaseRun>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<(automap_solver::Solution, TieBreak, bool), Error> {
        let bisecting = Instant::now();
        let lean =
            automap_solver::leanest(&self.built.problem, best, tolerance, opts.method, probe, deadline, progress)
                .map_err(|e| Error::solve(&self.model.name, e, " (bytes per device)"))?;
        let stop = match () {
            _ if lean.proven => Stop::Proved,
            _ if lean.clock_decided => Stop::Time,
            _ => Stop::Done,
        };
        phases.push(PhaseRun { phase: Phase::Memory, seconds: bisecting.elapsed().as_secs_f64(), stop });
        let tie_break = TieBreak {
            tolerance,
            objective: (best.cost, lean.solution.cost),
            peak: (lean.peak_before, lean.peak),
            cap: lean.cap,
            probes: lean.probes,
            proven: lean.proven,
            refuted: lean.refuted,
        };
        Ok((lean.solution, tie_break, lean.clock_decided))
    }
}

/// A plan in MaxText's and torchtitan's settings.
pub struct Settings {
    /// Each framework's file ([`Framework::file`]) and its text: `maxtext.yml` (the `dcn_*` and
    /// `ici_*` parallelism), `torchtitan.toml` (the `[parallelism]` degrees).
    pub files: Vec<(Framework, String)>,
    /// report.md's section: the roles, the settings, whether they give the plan, else how far.
    pub section: String,
}

impl Planner<'_> {
    /// `plan` in MaxText's and torchtitan's settings; where they do not give it exactly, their own plan
    /// (their argument shardings pinned, the rest solved from `start` in [`REFERENCE_SHARE`] of the
    /// time limit) priced beside it.
    fn settings(&self, opts: &PlanOptions, plan: &Plan, start: &[usize]) -> Settings {
        let inferred = tactics::infer_settings(&self.space, &self.found, &plan.args);
        let nearest = (!inferred.differ.is_empty()).then(|| {
            let recipes = tactics::Recipes::new(&self.space, &self.built, &self.found);
            let budget = opts.time_limit.mul_f64(REFERENCE_SHARE);
            let r = recipes.reference(&inferred.roles.tactics(), budget, opts.threads, Some(start));
            self.space.evaluate(&r.plan).total_s()
        });
        let m = &self.model.module;
        let name_of =
            |i: usize| m.entry().args.get(i).and_then(|a| a.name.clone()).unwrap_or_else(|| format!("%arg{i}"));
        let plan_s = self.space.evaluate(plan).total_s();
        Settings {
            files: opts.emit.iter().map(|&f| (f, inferred.roles.text(f))).collect(),
            section: inferred.section(&name_of, plan_s, nearest),
        }
    }

    /// Which of the user's constraints contradict ([`conflict`]), said for the user.
    fn why_constraints_conflict(&self, opts: &PlanOptions) -> String {
        let Some(user) = &opts.constraints else { return String::new() };
        let base = build(&self.space, None);
        match conflict(user, &self.space, &base, self.started + opts.time_limit) {
            Conflict::WithMemory => format!(
                "they hold together, but not within the memory limit ({} per device); raise --memory-limit or drop a pin",
                export::bytes(self.built.problem.usage_limit.map_or(0, |l| u64::try_from(l).unwrap_or(0)))
            ),
            Conflict::Items { items, minimal: true } if items.len() == 1 => {
                format!("this one cannot hold: {}", items[0])
            }
            Conflict::Items { items, minimal: true } => {
                format!("these {} contradict each other:\n  {}", items.len(), items.join("\n  "))
            }
            Conflict::Items { items, minimal: false } => format!(
                "these {} contradict each other (some may not be needed for it: the time limit ended the search \
                 for a smaller set; a longer --time-limit narrows it):\n  {}",
                items.len(),
                items.join("\n  ")
            ),
        }
    }
}

/// Values named in the explanation of a memory limit nothing fits, at most.
const LISTED_VALUES: usize = 5;

impl Planner<'_> {
    /// Why no plan fits: with every value at its leanest sharding, where memory peaks, what lives there,
    /// and the memory limit below which no plan fits; with that leanest peak in bytes, when known.
    fn why_nothing_fits(&self) -> (String, Option<f64>) {
        let (p, m) = (&self.built.problem, &self.model.module);
        let leanest: Vec<usize> = p
            .nodes
            .values()
            .map(|n| {
                (0..n.strategies.len()).filter(|&s| n.allowed(s)).min_by_key(|&s| n.strategies[s].usage).unwrap_or(0)
            })
            .collect();
        let over = || ("every value's leanest sharding is over it".to_string(), None);
        let Ok(e) = automap_solver::evaluate(p, &leanest) else { return over() };
        let Some(t) = e.peak_time else { return over() };
        // Node intervals count program points from 1, after the step at position t - 1.
        let steps = self.space.steps();
        let place = usize::try_from(t - 1).ok().and_then(|pos| steps.get(pos)).map_or(String::new(), |step| {
            let op = step.op;
            format!(", after '{}' at {}", m.ops[op].loc.as_deref().unwrap_or(&m.ops[op].name), m.op_location(op))
        });
        let mut live: Vec<(i64, String)> = p
            .nodes
            .values()
            .zip(&leanest)
            .zip(&self.built.nodes)
            .filter(|((n, _), _)| n.interval.0 <= t && t < n.interval.1)
            .map(|((n, &s), what)| (n.strategies[s].usage, self.describe(what)))
            .filter(|(u, _)| *u > 0)
            .collect();
        live.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let listed: Vec<String> = live
            .iter()
            .take(LISTED_VALUES)
            .map(|(u, what)| format!("{what} ({})", export::bytes(u64::try_from(*u).unwrap_or(0))))
            .collect();
        // Host memory was tried, and did not suffice (the planner places stacks there whenever that
        // leaves a plan that fits): the limit a plan needs is the leanest peak with them there.
        let offloaded = automap_sharding::leanest_with_stacks_offloaded(&self.space, &self.built)
            .filter(|_| self.space.offloaded().is_empty());
        let total = self.space.stacks().len();
        let host = offloaded.map_or(String::new(), |(n, peak)| {
            let which = match (n, total) {
                (1, 1) => "the one stack".to_string(),
                (n, t) if n == t => format!("all {n} stacks"),
                (n, t) => format!(
                    "{n} of the {t} stacks (as many as the host's {} per device holds)",
                    export::bytes(self.space.mesh.device.host_memory_bytes().unwrap_or(0.0) as u64)
                ),
            };
            format!(
                "; with {which} the forward loops keep for later loops in host memory, it peaks at {}",
                export::bytes(u64::try_from(peak).unwrap_or(u64::MAX))
            )
        });
        let needed = offloaded.map_or(e.peak_usage, |(_, peak)| peak.min(e.peak_usage));
        let gib = (needed as f64 / BYTES_PER_GIB * 1e6).ceil() / 1e6;
        let text = format!(
            "with every value at its leanest sharding, memory peaks at {} per device{place}, where {} values are live, the largest: {}{host}; no plan fits under {needed} bytes per device (--memory-limit {gib}, in GiB rounded up)",
            export::bytes(u64::try_from(e.peak_usage).unwrap_or(u64::MAX)),
            live.len(),
            listed.join(", "),
        );
        (text, Some(needed as f64))
    }

    /// A node of the problem as the user knows it: an argument by its JAX name, an op's result by its
    /// op and place.
    fn describe(&self, node: &NodeRef) -> String {
        let m = &self.model.module;
        match node {
            NodeRef::Arg(i, _) => {
                m.entry().args.get(*i).and_then(|a| a.name.clone()).unwrap_or_else(|| format!("argument {i}"))
            }
            NodeRef::Op(pos) => {
                let step = &self.space.steps()[*pos];
                let op = step.op;
                let what = match (step.carried, step.joined) {
                    (Some(k), _) => format!("loop-carried value {k} of"),
                    (None, Some(k)) => format!("result {k} of"),
                    (None, None) => "the result of".to_string(),
                };
                format!("{what} '{}' at {}", m.ops[op].loc.as_deref().unwrap_or(&m.ops[op].name), m.op_location(op))
            }
        }
    }
}

/// The annotated module must read back and pass the verifier; if not, automap broke it.
fn check_annotated(name: &str, annotated: &str) -> Result<(), Error> {
    let decode = |why: String| Error::Decode { path: name.to_string(), why };
    let back = automap_ir::parse_module(annotated).map_err(|e| decode(e.to_string()))?;
    let errors = automap_ir::verify::verify(&back);
    match errors.first() {
        None => Ok(()),
        Some(first) => Err(decode(format!("{} verifier errors, the first at {first}", errors.len()))),
    }
}

/// A solved plan and its outputs.
pub struct Planned {
    /// The plan, its cost, the solver's answer and proof, and the problem it was solved from.
    pub solved: Solved,
    /// `annotated.mlir`: the module with the plan's shardings.
    pub annotated: String,
    /// `plan.json`.
    pub plan_json: String,
    /// `report.md`.
    pub report: String,
    /// The pictures beside report.md, each a file name and its SVG ([`crate::plots::pictures`]; none
    /// without the cargo feature `plots`).
    pub pictures: Vec<(&'static str, String)>,
    /// The plan in MaxText's and torchtitan's settings, when [`PlanOptions::emit`] names frameworks.
    pub settings: Option<Settings>,
    /// The time limit, not the work, stopped a phase of the solve: another run may plan differently.
    pub clock_decided: bool,
    /// Completed answers a heuristic method priced; `None` for the exact methods.
    pub evaluations: Option<u64>,
    /// Seconds the solver's presolve took (part of the time limit).
    pub presolve_s: f64,
    /// The phases of the solve and of the plan after it (the reference plans, memory as the
    /// tie-breaker), each with its seconds and why it stopped.
    pub phases: Vec<PhaseRun>,
}

/// Plan `model` on `mesh`: [`Planner::new`] then [`Planner::solve`].
pub fn plan(
    model: &Model,
    mesh: &Mesh,
    opts: &PlanOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Planned, Error> {
    Planner::new(model, mesh, opts)?.solve(opts, progress)
}

/// A reference plan and what it costs.
pub struct Evaluated {
    /// The plan.
    pub plan: Plan,
    /// Where each of its tactics matched the program.
    pub matched: Vec<Matched>,
    /// Its predicted cost.
    pub cost: PlanCost,
    /// The report `automap eval` prints.
    pub report: String,
}

/// Predict what the reference plan of the tactics `recipe` (`dp:data+megatron:model`, see
/// [`automap_sharding::tactics::parse_tactics`]) costs on `model` and `mesh`: the recipe's argument
/// shardings pinned and the rest decided by the solver within `time_limit`, as
/// [`automap_sharding::tactics::Recipes`] says.
pub fn eval(model: &Model, mesh: &Mesh, recipe: &str, time_limit: Duration) -> Result<Evaluated, Error> {
    let tactics = parse_tactics(recipe, mesh).map_err(|e| Error::Usage(format!("--plan {recipe}: {e}")))?;
    let m = &model.module;
    mesh.check_declared(m).map_err(|e| Error::Usage(format!("{}:{e}", model.name)))?;
    let space = PlanSpace::new(m, mesh);
    let built = build_on(&space, Some(mesh.device.memory_bytes()), PLAN_THREADS);
    let found = Recognised::new(&space);
    let r = tactics::Recipes::new(&space, &built, &found).reference(&tactics, time_limit, PLAN_THREADS, None);
    let cost = space.evaluate(&r.plan);
    let mut report = export::plan_report(&model.name, m, mesh, recipe, &space, &r.plan, &cost);
    for t in &r.applied.matched {
        report.push_str(&format!("tactic {t}\n"));
    }
    report.push_str(&match r.decided {
        tactics::Decided::Propagated => "ops decided: propagated from the arguments (nothing sharded)\n".to_string(),
        d => format!("ops decided: {d} by the solver, the arguments pinned as the tactics store them\n"),
    });
    if r.unpinned > 0 {
        report.push_str(&format!(
            "{} arguments not pinned (their recipe sharding is not among their candidates)\n",
            r.unpinned
        ));
    }
    Ok(Evaluated { plan: r.plan, matched: r.applied.matched, cost, report })
}
