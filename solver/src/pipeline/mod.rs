//! The default way to solve: presolve, a heuristic answer early (with the dual bound, [`crate::bound`],
//! on a second thread; when it meets the heuristic's answer, the solve ends there), a second answer
//! from the dual's prices by the Lagrangian search ([`crate::search::lagrangian`]), then the exact
//! backend for the rest of the time, warm-started with the better answer (over clusters when nodes
//! merge, see [`crate::clusters`]); the answer is mapped back and checked by the evaluator.

mod dual;
mod heuristic;
mod linked;
mod mip_phase;

pub use linked::{LINK_WORTH, LinkStats};

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::effort::{ClockWatch, Effort};
use crate::heuristics::MctsOptions;
use crate::heuristics::mcts::EXPLORATION;
use crate::method::Method;
use crate::phase::{Phase, PhaseLog, PhaseRun, Stop};
use crate::presolve::{PresolveStats, presolve_with};
use crate::problem::ChoiceProblem;
use crate::reduction::Reduction;
use crate::search::local::LocalSearch;
use crate::search::local::TERMS_PER_S;
use crate::time_shares::PhaseShares;
use heuristic::heuristic_then_exact;
use linked::through_links;
use std::time::Instant;

/// The beam's width in [`Method::Beam`].
pub const BEAM_WIDTH: usize = 8;

/// A solve's answer and what happened on the way.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer, in the original problem's indices.
    pub solution: Solution,
    /// What presolve removed.
    pub presolve: PresolveStats,
    /// Seconds spent in presolve.
    pub presolve_s: f64,
    /// In a deterministic solve: the clock, not the work, stopped some phase, so another run (or
    /// another machine) may return another answer. Always false otherwise (nothing was promised).
    pub clock_decided: bool,
    /// Completed answers a heuristic method priced (the `heuristics` module); `None` for the others.
    pub evaluations: Option<u64>,
    /// What linking repeated nodes did, when it was tried ([`SolveOptions::link`]).
    pub linked: Option<LinkStats>,
    /// The phases the solve ran, in the order they ended: how long each took and why it stopped.
    pub phases: Vec<PhaseRun>,
}

/// Solve `p` with `method` within `opts`.
pub fn solve(
    p: &ChoiceProblem,
    method: Method,
    opts: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Report, SolveError> {
    p.validate()?;
    let t0 = Instant::now();
    // A log of this solve's own phases (a caller's options may carry another solve's).
    let opts = &SolveOptions { log: PhaseLog::default(), ..opts.clone() };
    let r = match method == Method::Auto && opts.link && !p.has_user_constraints() {
        true => through_links(p, opts, progress)?,
        false => solve_whole(p, method, opts, progress)?,
    };
    let mut r = match method {
        Method::Auto => unmixed(p, r, t0, &opts.log, progress),
        _ => r,
    };
    r.phases = opts.log.runs();
    Ok(r)
}

/// `r` with the parts of its answer that mix twins of a symmetry of `p` turned back
/// ([`crate::search::unmix`]): a last move no search phase makes, which costs one pass over the
/// problem per part turned.
fn unmixed(
    p: &ChoiceProblem,
    mut r: Report,
    t0: Instant,
    log: &PhaseLog,
    progress: &mut dyn FnMut(&Progress),
) -> Report {
    let started = Instant::now();
    let s = &mut r.solution;
    if let Some(cost) = crate::search::unmix::unmix(p, &mut s.choice) {
        s.cost = cost;
        s.bound = s.bound.min(cost);
        if s.bound >= cost {
            s.status = Status::Optimal;
        }
        s.time_to_best = t0.elapsed().as_secs_f64();
        let elapsed = s.time_to_best;
        progress(&Progress { phase: Phase::Symmetry, elapsed, incumbent: Some(cost), bound: Some(s.bound) });
        log.record(Phase::Symmetry, started, Stop::Done);
    }
    r
}

/// Solve `p` with `method` within `opts`, repeats not linked.
pub(super) fn solve_whole(
    p: &ChoiceProblem,
    method: Method,
    opts: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Report, SolveError> {
    let t0 = Instant::now();
    // Finish inside the limit: backends overrun their own limits a little, and mapping back takes time.
    let nominal = PhaseShares::nominal(opts.time_limit);
    // The limit counts from `started`: time already gone is taken off, time still to come is added.
    let time_limit = match opts.started {
        Some(s) if s > t0 => nominal + (s - t0),
        Some(s) => nominal.saturating_sub(s.elapsed()),
        None => nominal,
    };
    let opts = &SolveOptions { time_limit, watch: ClockWatch::default(), ..opts.clone() };
    let pre = presolve_with(p, &[], opts.settled.as_deref());
    let presolve_s = t0.elapsed().as_secs_f64();
    opts.log.record(Phase::Presolve, t0, Stop::Done);
    let q = &pre.problem;
    // A start given in `p`'s indices, in `q`'s (lost where presolve removed a strategy it takes).
    let opts = &SolveOptions { warm_start: opts.warm_start.as_ref().and_then(|w| pre.restrict(w)), ..opts.clone() };
    // Every node at its leanest strategy lowers memory at every point at once: when even that
    // overflows, nothing fits, whatever the size of the problem (no search needs to find that out).
    if let Some(limit) = q.usage_limit
        && crate::problem::eval::min_peak(q) > i128::from(limit)
    {
        return Err(SolveError::no_assignment(p));
    }
    let remaining = |share: f64| opts.time_limit.saturating_sub(t0.elapsed()).mul_f64(share);
    // What a single search phase gets: in a deterministic solve the whole limit, so that its work
    // budget does not depend on how long presolve took.
    let whole = || if opts.deterministic { nominal } else { remaining(1.0) };
    let mut evaluations = None;
    let mut shifted = |pr: &Progress| progress(&Progress { elapsed: t0.elapsed().as_secs_f64(), ..pr.clone() });
    let searching = Instant::now();
    let sol = match method {
        Method::Brute => crate::exact::brute::BruteForce.solve(q, opts, &mut shifted)?,
        Method::Z3 => crate::exact::smt::Z3.solve(
            q,
            &SolveOptions { time_limit: remaining(1.0), ..opts.clone() },
            &mut shifted,
        )?,
        Method::Local => LocalSearch.solve(q, &SolveOptions { time_limit: whole(), ..opts.clone() }, &mut shifted)?,
        Method::Greedy | Method::Beam | Method::Mcts | Method::Restarts => {
            let effort = Effort::of(whole(), opts.deterministic, TERMS_PER_S, &opts.watch);
            let out = match method {
                Method::Greedy => crate::heuristics::greedy(q, &mut shifted),
                Method::Beam => crate::heuristics::beam(q, BEAM_WIDTH, &effort, &mut shifted),
                Method::Mcts => {
                    let o = MctsOptions { episodes: u64::MAX, exploration: EXPLORATION, seed: opts.seed };
                    crate::heuristics::mcts(q, &o, &effort, &mut shifted)
                }
                _ => crate::heuristics::restarts(q, opts.seed, u64::MAX, &effort, &mut shifted),
            };
            evaluations = Some(out.evaluations);
            out.solution.ok_or(SolveError::NoAnswer)?
        }
        Method::Highs | Method::Auto => {
            let sol = heuristic_then_exact(q, method, opts, nominal, t0, &mut shifted)?;
            raise_bound(sol.0, sol.1)
        }
    };
    // The backends that log no phases of their own: one line for the method.
    let alone = match method {
        Method::Z3 => Some(Phase::Z3),
        Method::Greedy => Some(Phase::Greedy),
        Method::Beam => Some(Phase::Beam),
        Method::Mcts => Some(Phase::Mcts),
        Method::Restarts => Some(Phase::Restarts),
        Method::Brute | Method::Local | Method::Highs | Method::Auto => None,
    };
    if let Some(phase) = alone {
        let stop = match sol.status {
            Status::Optimal => Stop::Proved,
            _ if method == Method::Greedy => Stop::Done,
            _ => Stop::share_spent(opts.deterministic),
        };
        opts.log.record(phase, searching, stop);
    }
    let clock_decided = opts.deterministic && opts.watch.clock_decided();
    finish(p, &pre, sol, presolve_s).map(|r| Report { clock_decided, evaluations, ..r })
}

/// `s` with `dual` (a proven bound, see [`crate::bound`]) where that is higher; optimal when the bound
/// meets the cost.
fn raise_bound(s: Solution, dual: Option<i128>) -> Solution {
    let bound = dual.map_or(s.bound, |d| s.bound.max(d)).min(s.cost);
    let status = if bound >= s.cost { Status::Optimal } else { s.status };
    Solution { bound, status, ..s }
}

/// Map the reduced answer back to `p`'s indices and check it with the evaluator.
fn finish(
    p: &ChoiceProblem,
    pre: &crate::presolve::Presolved,
    sol: Solution,
    presolve_s: f64,
) -> Result<Report, SolveError> {
    let choice = pre.lift(&sol.choice);
    let e = crate::backend::confirm(p, &choice, sol.cost, "pipeline")?;
    if !e.is_feasible() {
        return Err(SolveError::Backend { backend: "pipeline", why: e.violations(p).join("; ") });
    }
    Ok(Report {
        solution: Solution { choice, ..sol },
        presolve: pre.stats.clone(),
        presolve_s,
        clock_decided: false,
        evaluations: None,
        linked: None,
        phases: Vec::new(),
    })
}
