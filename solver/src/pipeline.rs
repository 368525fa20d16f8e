//! The default way to solve: presolve, a heuristic answer early (with the dual bound, [`crate::bound`],
//! on a second thread; when it meets the heuristic's answer, the solve ends there), a second answer
//! from the dual's prices by the Lagrangian search ([`crate::search::lagrangian`]), then the exact
//! backend for the rest of the time, warm-started with the better answer (over clusters when nodes
//! merge, see [`crate::clusters`]); the answer is mapped back and checked by the evaluator.

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::bound::{Diffusion, ENTRIES_PER_S, Proven, UNITS_PER_S};
use crate::effort::{ClockWatch, Effort, SharedBound};
use crate::heuristics::MctsOptions;
use crate::heuristics::mcts::EXPLORATION;
use crate::method::Method;
use crate::phase::Phase;
use crate::presolve::{PresolveStats, Size, presolve};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::search::candidates::MAX_CANDIDATES;
use crate::search::elite::Elite;
use crate::search::local::LocalSearch;
use crate::search::local::TERMS_PER_S;
use crate::search::merge::{RESTRICTED_MIP_S, merge_rounds, restricted_round};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
    let r = match method == Method::Auto && opts.link && !p.has_user_constraints() {
        true => through_links(p, opts, progress)?,
        false => solve_whole(p, method, opts, progress)?,
    };
    Ok(match method {
        Method::Auto => unmixed(p, r, t0, progress),
        _ => r,
    })
}

/// `r` with the parts of its answer that mix twins of a symmetry of `p` turned back
/// ([`crate::search::symmetry`]): a last move no search phase makes, which costs one pass over the
/// problem per part turned.
fn unmixed(p: &ChoiceProblem, mut r: Report, t0: Instant, progress: &mut dyn FnMut(&Progress)) -> Report {
    let s = &mut r.solution;
    if let Some(cost) = crate::search::symmetry::unmix(p, &mut s.choice) {
        s.cost = cost;
        s.bound = s.bound.min(cost);
        if s.bound >= cost {
            s.status = Status::Optimal;
        }
        s.time_to_best = t0.elapsed().as_secs_f64();
        let elapsed = s.time_to_best;
        progress(&Progress { phase: Phase::Symmetry, elapsed, incumbent: Some(cost), bound: Some(s.bound) });
    }
    r
}

/// What linking repeated nodes did in a solve ([`SolveOptions::link`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LinkStats {
    /// Classes of repeated nodes linked.
    pub classes: usize,
    /// Decision nodes (two or more allowed strategies) of the problem, and of the linked problem.
    pub decisions: (usize, usize),
    /// The decision nodes' allowed strategies in the problem, and in the linked problem.
    pub strategies: (usize, usize),
    /// The cost, in the whole problem, of the linked problem's answer (`None`: it found none).
    pub cost: Option<i128>,
    /// Seconds the linked solve took.
    pub seconds: f64,
}

impl LinkStats {
    /// The one-line summary, with the repeats called `what` and the linked answer said by `answer` (its
    /// cost in the caller's unit, or that there was none).
    pub fn line(&self, what: &str, answer: &str) -> String {
        format!(
            "linked: {} classes of repeated {what}, decisions {} → {}, strategies {} → {}; {} (the linked solve took {:.2} s)",
            self.classes,
            self.decisions.0,
            self.decisions.1,
            self.strategies.0,
            self.strategies.1,
            answer,
            self.seconds
        )
    }
}

impl std::fmt::Display for LinkStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let answer = self.cost.map_or("no answer".to_string(), |c| format!("its answer costs {c}"));
        f.write_str(&self.line("nodes", &answer))
    }
}

/// Share of the time limit the linked problem gets when linking is tried ([`SolveOptions::link`]).
pub const LINK_SHARE: f64 = 0.25;
/// Linking is tried only when the linked problem has at most this share of the decision nodes: above
/// that it does not pay for its own solve.
pub const LINK_WORTH: f64 = 0.5;

/// `Auto` with repeats linked: the linked problem ([`crate::link`]) solved for [`LINK_SHARE`] of the
/// time, its answer mapped back and kept, then the whole problem solved from it for the rest, which
/// proves the bound (the linked problem's own bound proves nothing of the whole: linking restricts).
fn through_links(
    p: &ChoiceProblem,
    opts: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Report, SolveError> {
    let t0 = Instant::now();
    let started = opts.started.unwrap_or(t0);
    let classes = crate::link::repeats(p);
    let linked = crate::link::Linked::new(p, &classes);
    let (before, after) = (Size::of(p), Size::of(&linked.problem));
    if classes.is_empty() || after.decisions as f64 > LINK_WORTH * before.decisions as f64 {
        return solve_whole(p, Method::Auto, opts, progress);
    }
    // The share counts from now, not from `started`: on a short limit, reading and building a large
    // model would eat it, and the linked solve, whose answer the rest starts from, would get nothing.
    // (Only past the solve's own deadline is it cut shorter.)
    let share = opts.time_limit.mul_f64(LINK_SHARE);
    let left = (started + opts.time_limit).saturating_duration_since(Instant::now());
    let sub = SolveOptions { time_limit: share.min(left), started: None, link: false, ..opts.clone() };
    // The linked problem's bounds bound only it: progress shows its answers alone (and only lines
    // that carry one).
    let mut quiet = |pr: &Progress| {
        if pr.incumbent.is_some() {
            progress(&Progress {
                phase: Phase::Linked,
                bound: None,
                elapsed: t0.elapsed().as_secs_f64(),
                ..pr.clone()
            });
        }
    };
    let linking_s = t0.elapsed().as_secs_f64();
    let solved = solve_whole(&linked.problem, Method::Auto, &sub, &mut quiet).ok();
    let found_at = solved.as_ref().map_or(0.0, |r| linking_s + r.solution.time_to_best);
    let clock_decided = solved.as_ref().is_some_and(|r| r.clock_decided);
    // A linked solve that proved its optimum (by its work, not cut by the clock) needed little of its
    // share: the whole problem's solve is sized by the whole limit. Otherwise by the rest of it, from
    // the end of the share. Either way it ends by the solve's deadline.
    let settled = solved.as_ref().is_some_and(|r| r.solution.status == Status::Optimal && !r.clock_decided);
    // Mapped back, with the parts that mix twins of a symmetry turned back: the linked problem is
    // small enough that its searches' answers often do (and the whole solve starts from this one).
    let answer = solved
        .map(|r| linked.expand(&r.solution.choice))
        .and_then(|x| evaluate(p, &x).ok().filter(|e| e.is_feasible()).map(|e| (x, e.cost)))
        .map(|(mut x, cost)| {
            let cost = crate::search::symmetry::unmix(p, &mut x).unwrap_or(cost);
            (x, cost)
        });
    let seconds = t0.elapsed().as_secs_f64();
    let stats = LinkStats {
        classes: classes.len(),
        decisions: (before.decisions, after.decisions),
        strategies: (before.strategies, after.strategies),
        cost: answer.as_ref().map(|a| a.1),
        seconds,
    };
    // Still `link`: the whole problem's dual starts from the linked problem's.
    let mut rest = SolveOptions { started: Some(started), ..opts.clone() };
    if !settled {
        rest.started = Some(started + share);
        rest.time_limit = opts.time_limit.saturating_sub(share);
    }
    if let Some((x, _)) = &answer {
        rest.warm_start = Some(x.clone());
    }
    let mut later = |pr: &Progress| progress(&Progress { elapsed: seconds + pr.elapsed, ..pr.clone() });
    let whole = solve_whole(p, Method::Auto, &rest, &mut later);
    let mut r = match (whole, answer) {
        (Ok(r), Some((x, cost))) if cost < r.solution.cost => {
            let s = &r.solution;
            let bound = s.bound.min(cost);
            let status = if bound >= cost { Status::Optimal } else { s.status };
            Report { solution: Solution { choice: x, cost, bound, status, time_to_best: found_at }, ..r }
        }
        // Times from the start of this solve: the linked answer's when the whole solve kept it.
        (Ok(mut r), answer) => {
            r.solution.time_to_best = match answer {
                Some((_, cost)) if cost == r.solution.cost => found_at,
                _ => seconds + r.solution.time_to_best,
            };
            r
        }
        (Err(SolveError::NoAnswer), Some((x, cost))) => {
            let bound = p.trivial_bound().min(cost);
            let solution = Solution { choice: x, cost, bound, status: Status::Heuristic, time_to_best: found_at };
            let pre = presolve(p);
            Report {
                solution,
                presolve: pre.stats,
                presolve_s: 0.0,
                // The whole solve found nothing in its time: another run may.
                clock_decided: opts.deterministic,
                evaluations: None,
                linked: None,
            }
        }
        (Err(e), _) => return Err(e),
    };
    r.clock_decided |= clock_decided;
    r.linked = Some(stats);
    Ok(r)
}

/// Solve `p` with `method` within `opts`, repeats not linked.
fn solve_whole(
    p: &ChoiceProblem,
    method: Method,
    opts: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Report, SolveError> {
    let t0 = Instant::now();
    // Finish inside the limit: backends overrun their own limits a little, and mapping back takes time.
    let nominal = opts.time_limit.mul_f64(SAFETY_SHARE).saturating_sub(Duration::from_millis(SAFETY_MS));
    // The limit counts from `started`: time already gone is taken off, time still to come is added.
    let time_limit = match opts.started {
        Some(s) if s > t0 => nominal + (s - t0),
        Some(s) => nominal.saturating_sub(s.elapsed()),
        None => nominal,
    };
    let opts = &SolveOptions { time_limit, watch: ClockWatch::default(), ..opts.clone() };
    let pre = presolve(p);
    let presolve_s = t0.elapsed().as_secs_f64();
    let q = &pre.problem;
    // A start given in `p`'s indices, in `q`'s (lost where presolve removed a strategy it takes).
    let opts = &SolveOptions { warm_start: opts.warm_start.as_ref().and_then(|w| pre.reduce(w)), ..opts.clone() };
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
    let clock_decided = opts.deterministic && opts.watch.clock_decided();
    finish(p, &pre, sol, presolve_s).map(|r| Report { clock_decided, evaluations, ..r })
}

/// `Auto`: the local search, with the dual bound on a second thread (when there is one; in a
/// deterministic solve, before it otherwise), stopping as soon as the bound proves its answer or the
/// Lagrangian search's; the dual runs out its share (or until it proves the start given), the
/// Lagrangian search runs from its prices (two searches, on the dual's thread and one more), its
/// answer (or, without one, the answer read from the dual's reparametrized costs) is polished by the
/// local search and kept when no dearer, and the exact backend goes on from the better answer.
/// `Highs`: the exact backend alone. Returns the answer and the dual's bound.
///
/// In a deterministic solve the phases' shares are taken of the whole time limit, `nominal` (not of
/// what is left), counted in work, so that neither the answers nor the dual's prices depend on when a
/// thread got to run.
fn heuristic_then_exact(
    q: &ChoiceProblem,
    method: Method,
    opts: &SolveOptions,
    nominal: Duration,
    t0: Instant,
    shifted: &mut dyn FnMut(&Progress),
) -> Result<(Solution, Option<i128>), SolveError> {
    let remaining = |share: f64| match opts.deterministic {
        true => nominal.mul_f64(share),
        false => opts.time_limit.saturating_sub(t0.elapsed()).mul_f64(share),
    };
    let auto = method == Method::Auto;
    let warm_time =
        if auto { remaining(HEURISTIC_SHARE).min(Duration::from_secs(MAX_HEURISTIC_S)) } else { Duration::ZERO };
    // The dual of the relaxation proves a bound while the heuristic runs, and a little longer (see
    // `DUAL_SHARE`): on a second thread, or, in a deterministic solve on one thread, before it.
    let concurrent = opts.threads > 1;
    let dual_time = if auto && (concurrent || opts.deterministic) {
        warm_time.max(remaining(DUAL_SHARE).min(Duration::from_secs(MAX_DUAL_S)))
    } else {
        Duration::ZERO
    };
    // How far the dual may go on past its share while it is closing in on an answer's cost (the
    // start's, when one is given).
    let dual_cap = dual_time.max(remaining(DUAL_CAP_SHARE));
    // The Lagrangian search after the dual, on its thread and one more (see `LAGRANGIAN_SHARE`); not
    // with user constraints, which it does not see.
    let lagrangian_time = match dual_time.is_zero() || q.has_user_constraints() {
        true => Duration::ZERO,
        false => remaining(LAGRANGIAN_SHARE).min(Duration::from_secs(MAX_LAGRANGIAN_S)),
    };
    // How far a search that is still finding cheaper answers may go on past its share.
    let lagrangian_cap = match lagrangian_time.is_zero() {
        true => Duration::ZERO,
        false => lagrangian_time.max(remaining(LAGRANGIAN_CAP_SHARE).min(Duration::from_secs(MAX_LAGRANGIAN_CAP_S))),
    };
    let deadline = t0 + opts.time_limit;
    let shared = SharedBound::default();
    let stop = AtomicBool::new(false);
    let found = Mutex::new(Proven::default());
    // The dual's bound, and an answer from its prices.
    let dual = || {
        // With repeats linked, the linked problem's dual runs first (up to `LIFT_SHARE` of the dual's
        // time; it ends sooner once its bound stops rising) and the whole one starts from it.
        let lifted = match opts.link {
            true => {
                let time = dual_time.mul_f64(LIFT_SHARE);
                let effort = Effort::of(time, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
                Diffusion::lifted(q, &effort, &stop)
            }
            false => None,
        };
        let was_lifted = lifted.is_some();
        let lift = Duration::from_secs_f64(lifted.as_ref().map_or(0.0, |(_, s)| *s));
        let (time, cap) = (dual_time.saturating_sub(lift), dual_cap.saturating_sub(lift));
        let effort = Effort::of(time, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
        let cap = Effort::of(cap, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
        let start = lifted.map_or_else(|| Diffusion::new(q), |(d, _)| d);
        let known =
            opts.warm_start.as_ref().and_then(|w| evaluate(q, w).ok()).filter(|e| e.is_feasible()).map(|e| e.cost);
        let mut d = start.sharing(shared.clone()).extending(cap, known);
        let bound = d.run(&effort, &stop, &found);
        let worked = (lift + Duration::from_secs_f64(d.worked_s())).max(dual_time);
        // The bound proves the start given: that answer is optimal, and nothing is read.
        if known.is_some_and(|k| bound.is_some_and(|b| b >= k)) {
            return DualOutcome {
                bound,
                read: None,
                pool: Elite::default(),
                diffusion: None,
                worked,
                searched: Duration::ZERO,
            };
        }
        // From the dual's prices and reparametrization, the Lagrangian search (TRW-S and tree moves on
        // the priced costs), reading forward and backward: one search per thread (one after the other
        // on one thread), the cheaper answer goes on. The answer read from the diffusion itself when neither
        // finds one that fits.
        let (pool, search_time) = match lagrangian_time.is_zero() || stop.load(Ordering::Relaxed) {
            true => (Elite::default(), Duration::ZERO),
            false => {
                let share = lagrangian_time.as_secs_f64();
                // Where a MIP lies ahead, which can prove what it finds, it keeps its time.
                let cap = if mip_ahead(q) { lagrangian_time } else { lagrangian_cap };
                let effort = Effort::of(cap, opts.deterministic, ENTRIES_PER_S, &opts.watch).capped(deadline);
                let (pool, took) = crate::search::lagrangian::search_both(
                    q,
                    &d,
                    (opts.seed, concurrent),
                    (share, &effort),
                    &stop,
                    &shared,
                );
                (pool, Duration::from_secs_f64(took.max(0.0)))
            }
        };
        // The dual stopped at its share when no answer it knew was close; the search's answer may be
        // one it was closing in on: then it goes on, within what is left of its cap.
        let mut worked = worked;
        let mut bound = bound;
        if let Some((cost, _)) = pool.best()
            && !stop.load(Ordering::Relaxed)
        {
            let left = dual_cap.saturating_sub(worked + search_time);
            let cap = Effort::of(left, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
            if let Some(b) = d.resume(*cost, cap, &stop, &found) {
                bound = bound.max(Some(b));
                worked += Duration::from_secs_f64(d.worked_s());
            }
        }
        // A lifted start is a guess: where linking is not exact (the linked problem's optimum above
        // the whole's), the reparametrization shared out from it can start so far off balance that the
        // diffusion crawls where one from zero converges in seconds. When the lifted one stopped short
        // of the best answer known with a full share of its cap left, a diffusion from zero gets that
        // share (and goes on to the cap while closing in); the better bound stands.
        let best_known = pool.best().map(|(c, _)| *c).into_iter().chain(known).min();
        let left = dual_cap.saturating_sub(worked + search_time);
        if was_lifted
            && !stop.load(Ordering::Relaxed)
            && left >= dual_time
            && best_known.is_some_and(|k| bound.is_none_or(|b| b < k))
        {
            let effort = Effort::of(dual_time, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
            let cap = Effort::of(left, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
            let mut zero = Diffusion::new(q).sharing(shared.clone()).extending(cap, best_known);
            bound = bound.max(zero.run(&effort, &stop, &found));
            worked += Duration::from_secs_f64(zero.worked_s());
        }
        let read = pool.best().map(|(_, x)| x.clone()).or_else(|| d.read_answer());
        // The diffusion goes on to the exact phase, which may search from it again.
        let diffusion = (!lagrangian_time.is_zero()).then_some(d);
        DualOutcome { bound, read, pool, diffusion, worked, searched: search_time }
    };
    let local_opts = SolveOptions { time_limit: warm_time, proven: Some(shared.clone()), ..opts.clone() };
    let (sol, dual) = std::thread::scope(|scope| {
        let before = (!dual_time.is_zero() && !concurrent).then(dual);
        let mut handle = (!dual_time.is_zero() && concurrent).then(|| scope.spawn(dual));
        let warm = LocalSearch.solve(q, &local_opts, shifted).ok();
        fn join<T>(h: std::thread::ScopedJoinHandle<'_, T>) -> T {
            h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        }
        // The dual runs out its share: its reparametrized costs give a second start, often in another
        // basin than the local search's (read earlier, while the dual ran on, it was a worse start:
        // docs/measurements/solver-2026-12-06.md). It is waited for even when the bound already proves the heuristic's answer: the heuristic stops as soon as the bound
        // proves its answer or the dual's (`SharedBound::settled`), whichever comes first, and the
        // dual's answer, when optimal, is the one taken, so that the plan does not depend on which
        // thread got there first.
        let mut dual = before.unwrap_or(DualOutcome {
            bound: None,
            read: None,
            pool: Elite::default(),
            diffusion: None,
            worked: dual_time,
            searched: Duration::ZERO,
        });
        if let Some(h) = handle.take() {
            dual = join(h);
        }
        // The answer read from the dual, polished by the local search from there, replaces the
        // heuristic's when it is no dearer (and fits). It is polished unless the heuristic's answer is
        // proven and cheaper: the heuristic may have stopped at any point once the bound proved the
        // read answer (`SharedBound::settled`), so that answer is taken whenever it is optimal.
        let polished = match dual.read.take() {
            Some(read)
                if !warm
                    .as_ref()
                    .is_some_and(|w| shared.proves(w.cost) && evaluate(q, &read).map_or(true, |e| w.cost < e.cost)) =>
            {
                // Within the deadline: the dual and the Lagrangian search may have run up to it.
                let left = deadline.saturating_duration_since(Instant::now());
                if opts.deterministic && left < warm_time {
                    opts.watch.clock_ended();
                }
                let o = SolveOptions { time_limit: warm_time.min(left), warm_start: Some(read), ..local_opts.clone() };
                LocalSearch.solve(q, &o, &mut |_| {}).ok()
            }
            _ => None,
        };
        if let Some(p) = &polished {
            let elapsed = t0.elapsed().as_secs_f64();
            shifted(&Progress { phase: Phase::DualAnswer, elapsed, incumbent: Some(p.cost), bound: shared.get() });
        }
        let (heuristic, polished) = (warm.as_ref().map(|w| w.choice.clone()), polished.map(|s| s.choice));
        let warm = better(q, warm, polished.clone(), t0);
        // The answer not taken goes on as a second start (for the searches over clusters' episodes).
        let second =
            [heuristic, polished].into_iter().flatten().find(|c| warm.as_ref().is_some_and(|w| &w.choice != c));
        let proven = found.lock().map(|f| f.clone()).unwrap_or_default();
        // The exact phase's nominal time, in a deterministic solve: the limit less what the phases
        // before were given (the dual beside the local search, or before it on one thread; the polish).
        let allotted = if concurrent {
            (dual.worked + dual.searched).max(warm_time)
        } else {
            dual.worked + dual.searched + warm_time
        } + warm_time;
        let exact_time = match opts.deterministic {
            true => nominal.saturating_sub(allotted),
            false => opts.time_limit.saturating_sub(t0.elapsed()),
        };
        let sol = match (warm, proven.bound) {
            (Some(w), Some(b)) if b >= w.cost => Ok(w),
            (warm, _) => {
                let (pool, diffusion) = (std::mem::take(&mut dual.pool), dual.diffusion.take());
                let starts = Starts { warm, second, pool, diffusion };
                exact_phase(q, opts, starts, proven.multipliers, (t0, exact_time), shifted)
            }
        };
        stop.store(true, Ordering::Relaxed);
        (sol, handle.map(join).map_or(dual.bound, |d| d.bound.or(dual.bound)))
    });
    let sol = sol?;
    if let Some(d) = dual {
        shifted(&Progress { phase: Phase::Dual, elapsed: 0.0, incumbent: Some(sol.cost), bound: Some(d) });
    }
    Ok((sol, dual))
}

/// Will the exact phase pose a MIP (over the clusters, or over the whole problem), rather than search?
/// Judged by size alone ([`crate::exact::highs::surely_fits`]).
fn mip_ahead(q: &ChoiceProblem) -> bool {
    if crate::exact::highs::surely_fits(q) {
        return true;
    }
    match crate::clusters::Clusters::find(q) {
        Ok(cl) if !q.has_user_constraints() && cl.len() < q.nodes.len() => {
            crate::exact::highs::surely_fits(&cl.coarse(q))
        }
        _ => false,
    }
}

/// What the dual's thread hands back.
struct DualOutcome<'q> {
    /// The bound it proved.
    bound: Option<i128>,
    /// An answer from it: the Lagrangian search's, or else one read from the diffusion.
    read: Option<Vec<usize>>,
    /// The cheapest distinct answers the Lagrangian searches found (both), for the merged MIP.
    pool: Elite,
    /// The diffusion the searches started from, when they ran: the exact phase may search from it
    /// again.
    diffusion: Option<Diffusion<'q>>,
    /// How long the dual worked (its share, or longer when it went on).
    worked: Duration,
    /// How long the Lagrangian search ran (both searches, when one after the other on one thread).
    searched: Duration,
}

/// The cheaper of the heuristic's answer and `read` (when that one fits); `read` at equal cost.
fn better(q: &ChoiceProblem, warm: Option<Solution>, read: Option<Vec<usize>>, t0: Instant) -> Option<Solution> {
    let Some(choice) = read else { return warm };
    let Ok(e) = crate::problem::eval::evaluate(q, &choice) else { return warm };
    if !e.is_feasible() || warm.as_ref().is_some_and(|w| w.cost < e.cost) {
        return warm;
    }
    let bound = warm.as_ref().map_or(i128::MIN, |w| w.bound);
    Some(Solution { choice, cost: e.cost, bound, status: Status::Heuristic, time_to_best: t0.elapsed().as_secs_f64() })
}

/// The answers the exact phase starts from.
struct Starts<'q> {
    /// The best answer so far, if any fits.
    warm: Option<Solution>,
    /// Another answer that fits, a second start for the searches over clusters.
    second: Option<Vec<usize>>,
    /// The cheapest distinct answers of the Lagrangian searches, merged when the whole MIP is too
    /// large ([`Elite::candidates`]).
    pool: Elite,
    /// The diffusion the Lagrangian searches started from, from which more searches add to the pool.
    diffusion: Option<Diffusion<'q>>,
}

/// After the heuristic: the exact backend, through clusters when nodes merge, else over the whole
/// problem (when that MIP is too large: the MIP over the strategies the starts use, then restricted
/// MIPs and regions in turn), warm-started with the starts' best; `prices` (memory multipliers per
/// slot, from the dual bound) start the Lagrangian search over clusters. The solve started at `t0`;
/// `exact_time` is this phase's nominal time (in a deterministic solve, what its work is sized by; the
/// solve's time limit stays the cap).
fn exact_phase(
    q: &ChoiceProblem,
    opts: &SolveOptions,
    Starts { warm, second, mut pool, diffusion }: Starts<'_>,
    prices: Vec<f64>,
    (t0, exact_time): (Instant, Duration),
    shifted: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let remaining = |share: f64| opts.time_limit.saturating_sub(t0.elapsed()).mul_f64(share);
    if remaining(1.0).is_zero()
        && let Some(w) = warm
    {
        // The phases before took the whole limit (on a large problem, presolve and the first answer
        // can): nothing here could finish, and setting up its models alone takes seconds. (Without
        // an answer, the repaired greedy start below is still tried.)
        if opts.deterministic && !exact_time.is_zero() {
            opts.watch.clock_ended();
        }
        return Ok(w);
    }
    for x in [second.as_ref(), warm.as_ref().map(|w| &w.choice)].into_iter().flatten() {
        if let Ok(Some(c)) = evaluate(q, x).map(|e| e.is_feasible().then_some(e.cost)) {
            pool.offer(c, x);
        }
    }
    // The starts merged, and more answers searched for and merged while that finds cheaper answers,
    // when no MIP lies ahead that could prove what it finds.
    let (mut warm, mut exact_time) = (warm, exact_time);
    let merging = pool.len() > 1 && warm.is_some() && !mip_ahead(q);
    if merging && let Some(w) = &warm {
        let mut search = crate::search::state::Search::new(q);
        search.x.clone_from(&w.choice);
        search.reset();
        let spent = merge_rounds(
            q,
            opts,
            (&mut search, &mut pool),
            diffusion.as_ref(),
            (t0, exact_time, Duration::from_secs(MAX_LAGRANGIAN_S)),
            shifted,
        );
        exact_time = exact_time.saturating_sub(spent);
        if search.cost < w.cost && search.feasible() {
            let time_to_best = t0.elapsed().as_secs_f64();
            let (choice, cost) = (search.x.clone(), search.cost);
            warm = Some(Solution { choice, cost, status: Status::Heuristic, time_to_best, ..w.clone() });
        }
    }
    let mut o = SolveOptions { time_limit: remaining(1.0), ..opts.clone() };
    if let Some(w) = &warm {
        o.warm_start = Some(w.choice.clone());
    }
    // Through clusters first: when the coarse MIP fits, it usually settles the problem.
    let clustered = Effort::of(exact_time, opts.deterministic, crate::clusters::search::UNITS_PER_S, &opts.watch)
        .capped(t0 + opts.time_limit);
    if let Some(sol) = through_clusters(q, &o, (warm.as_ref(), second.clone()), prices, t0, &clustered, shifted)? {
        return Ok(sol);
    }
    let started = t0.elapsed().as_secs_f64();
    // Refused when its setup alone would take most of what is left: the rounds below go on instead.
    let exact = crate::exact::highs::Highs
        .solve(q, &SolveOptions { refuse_slow_setup: true, ..o.clone() }, shifted)
        .map(|s| Solution { time_to_best: started + s.time_to_best, ..s });
    Ok(match (exact, warm) {
        // The heuristic's answer may beat the MIP's incumbent; the MIP's bound holds for both.
        (Ok(s), Some(w)) if w.cost < s.cost => {
            Solution { bound: s.bound, status: if s.bound >= w.cost { Status::Optimal } else { s.status }, ..w }
        }
        (Ok(s), _) => s,
        // Too large for the full MIP: improve the heuristic answer region by region. Without one
        // (every answer the local search saw paid a forbidden cost or broke a constraint), start
        // from its greedy start: the MIPs below refuse forbidden pairs and can repair it. (Measured:
        // starting A and S from the greedy start instead of the local search answer is worse,
        // 2.68× and 2.76× against 2.50× and 2.56× of the best known.)
        (Err(SolveError::TooLarge { .. }), warm) => {
            let mut search = crate::search::state::Search::new(q);
            match &warm {
                Some(w) => {
                    search.x.clone_from(&w.choice);
                    search.reset();
                }
                None => {
                    search.greedy();
                    search.repair();
                }
            }
            let deadline = t0 + opts.time_limit;
            // The starts merged: every node free among the strategies the answers found so far use
            // there, fixed where they all agree (one MIP, first; see `search::elite`).
            let mut merged = pool.len() > 1 && !merging;
            // Then alternate: every node free among a few candidates (one MIP), then regions free
            // among all their strategies. In a deterministic solve the rounds share out the phase's
            // nominal time (`exact_time`) and the clock only caps them; otherwise they run by it.
            let counted = opts.deterministic;
            let mut nominal_left = exact_time;
            let regions = Effort::of(exact_time, counted, REGION_UNITS_PER_S, &opts.watch).capped(deadline);
            let mut round = 0u64;
            // HiGHS checks its time limit coarsely (measured on the 24-layer step on a 4x4 mesh: 10.1 s
            // for a 3.4 s limit; it is now also interrupted at the deadline, `exact/interrupt.rs`): by
            // the clock, a restricted MIP starts only while the time left is at least what the last
            // one took.
            let mut restricted_took = Duration::ZERO;
            loop {
                let clock_left = deadline.saturating_duration_since(Instant::now());
                let left = if counted { nominal_left } else { clock_left };
                if left <= Duration::from_secs(1) {
                    break;
                }
                if clock_left <= Duration::from_secs(1) {
                    // Counted rounds stopped by the clock.
                    opts.watch.clock_ended();
                    break;
                }
                let share = left.mul_f64(0.5).min(Duration::from_secs(RESTRICTED_MIP_S));
                if counted || left > restricted_took {
                    let t = Instant::now();
                    let (cands, phase) = match std::mem::take(&mut merged) {
                        true => (pool.candidates(&search.x), Phase::Merged),
                        false => (crate::search::candidates::candidates(&search, MAX_CANDIDATES), Phase::Restricted),
                    };
                    let ran = restricted_round(&mut search, (&cands, phase), share.min(clock_left), opts, t0, shifted);
                    if !ran && counted && clock_left < share {
                        // The clock, not the work, left too little for this MIP.
                        opts.watch.clock_ended();
                    }
                    restricted_took = t.elapsed();
                    nominal_left = nominal_left.saturating_sub(share);
                } else if q.has_user_constraints() {
                    // No time for another restricted MIP, and region MIPs do not see budgets.
                    break;
                }
                if q.has_user_constraints() {
                    // Region MIPs do not see budgets; the restricted MIPs do.
                    continue;
                }
                let slice = Duration::from_secs(REGION_ROUND_S);
                let seed = opts.seed.wrapping_add(round);
                crate::search::regions::improve(&mut search, &regions.part(slice), seed, opts.threads, t0, shifted);
                nominal_left = nominal_left.saturating_sub(slice);
                round += 1;
            }
            let e = evaluate(q, &search.x).map_err(|e| SolveError::Backend { backend: "regions", why: e.to_string() })?;
            match warm {
                Some(w) if !(e.is_feasible() && e.cost < w.cost) => w,
                _ if e.is_feasible() => Solution {
                    choice: search.x.clone(),
                    cost: e.cost,
                    bound: q.trivial_bound().min(e.cost),
                    status: Status::Heuristic,
                    time_to_best: t0.elapsed().as_secs_f64(),
                },
                _ => return Err(SolveError::NoAnswer),
            }
        }
        (Err(SolveError::NoAnswer), Some(w)) => w,
        (Err(e), _) => return Err(e),
    })
}

/// Solve `q` through its clusters ([`crate::clusters`], [`crate::clusters::coarse_mip`]) within
/// `effort`: the coarse MIP (until its deadline), or the searches over clusters when that MIP is too
/// large. `None` when that does not apply (user constraints, nothing to merge) or finds nothing;
/// otherwise the better of its answer and `warm`, with its proven bound. The searches over clusters
/// start their episodes from `warm` and `second` in turn. `prices` start the Lagrangian searches.
/// Times are counted from `t0`.
fn through_clusters(
    q: &ChoiceProblem,
    o: &SolveOptions,
    (warm, second): (Option<&Solution>, Option<Vec<usize>>),
    prices: Vec<f64>,
    t0: Instant,
    effort: &Effort,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<Solution>, SolveError> {
    let deadline = effort.deadline();
    if q.has_user_constraints() {
        return Ok(None);
    }
    let Ok(cl) = crate::clusters::Clusters::find(q) else { return Ok(None) };
    if cl.len() == q.nodes.len() {
        return Ok(None);
    }
    let started = t0.elapsed().as_secs_f64();
    let coarse = cl.coarse(q);
    let out = match crate::clusters::coarse_mip::solve(q, &cl, &coarse, o, deadline, progress) {
        Ok(mut out) => {
            // The coarse MIP's answer is its last round's.
            if let Some(s) = &mut out.solution {
                s.time_to_best = t0.elapsed().as_secs_f64();
            }
            out
        }
        Err(SolveError::TooLarge { .. }) => {
            // Too large for the MIP: teams of searches over clusters, see `crate::clusters::portfolio`.
            let first = warm.and_then(|w| cl.contract(&w.choice));
            let starts: Vec<Vec<usize>> = first.into_iter().chain(second.and_then(|c| cl.contract(&c))).collect();
            let found = crate::clusters::portfolio::search(
                crate::clusters::Clustered { q, cl: &cl, coarse: &coarse },
                o,
                &starts,
                &prices,
                effort,
                progress,
            );
            let found = found.map(|s| Solution { time_to_best: started + s.time_to_best, ..s });
            crate::clusters::coarse_mip::Outcome { solution: found, bound: 0, rounds: 0 }
        }
        Err(e) => return Err(e),
    };
    // Only the coarse MIP proves a bound; the search over clusters proves nothing beyond the trivial one.
    let proof = out.rounds > 0;
    let bound = if proof { out.bound } else { q.trivial_bound() };
    // At equal cost the answer found first (with what the MIP proved of it), so that the time to best
    // says when it was found.
    let best = match (out.solution, warm) {
        (Some(s), Some(w)) if w.cost < s.cost => w.clone(),
        (Some(s), Some(w)) if w.cost == s.cost => {
            Solution { choice: w.choice.clone(), time_to_best: w.time_to_best, ..s }
        }
        (Some(s), _) => s,
        (None, Some(w)) => w.clone(),
        // Nothing found (or nothing fits): the node-level path says which, with the time left.
        (None, None) => return Ok(None),
    };
    let bound = bound.max(best.bound).min(best.cost);
    // Optimal when proven so (HiGHS within its tolerance, see `Status::Optimal`), or when the bound
    // meets the cost; otherwise the coarse MIP ran out of time, and its bound is a proof.
    let status = if best.status == Status::Optimal || bound >= best.cost {
        Status::Optimal
    } else if proof {
        Status::TimeLimit
    } else {
        Status::Heuristic
    };
    Ok(Some(Solution { bound, status, ..best }))
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
    let choice = pre.postsolve(&sol.choice);
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
    })
}

/// Seconds of region search between restricted MIPs.
pub const REGION_ROUND_S: u64 = 5;
/// The unit a deterministic region search counts its region MIPs in (per second of its nominal time;
/// each MIP counts `regions::REGION_COUNTS_S` seconds).
const REGION_UNITS_PER_S: f64 = 1000.0;

/// Share of the time limit the pipeline plans to use.
pub const SAFETY_SHARE: f64 = 0.95;
/// Milliseconds kept back at the end.
pub const SAFETY_MS: u64 = 300;

/// Share of the time limit the heuristic gets before the exact backend in [`Method::Auto`].
pub const HEURISTIC_SHARE: f64 = 0.1;
/// Share of the time limit the dual bound ([`crate::bound`]) gets on a second thread, and at most
/// `MAX_DUAL_S` seconds (it also runs as long as the heuristic); past the heuristic it shares the
/// cores with the search.
pub const DUAL_SHARE: f64 = 0.08;
/// Most seconds for the dual bound (beyond the heuristic's).
pub const MAX_DUAL_S: u64 = 20;
/// Share of the dual's time that the linked problem's dual may take, when repeats are linked
/// ([`SolveOptions::link`], [`crate::Diffusion::lifted`]); it ends sooner once its bound stops rising.
pub const LIFT_SHARE: f64 = 0.5;
/// Share of the time limit the dual may run in all, past [`DUAL_SHARE`], while its bound, rising at
/// its last rate, would reach the cost of the start's answer (or of one it reads) before this share
/// ends ([`crate::bound::Diffusion::extending`]): a dual about to prove an answer finishes. (It closes
/// in only on an answer near the optimum, which leaves the phases after it little to gain.)
pub const DUAL_CAP_SHARE: f64 = 0.75;
/// Share of the time limit the Lagrangian search ([`crate::search::lagrangian`]) gets after the dual
/// (two searches, one per thread, or one after the other on one thread, each this long), and at most
/// `MAX_LAGRANGIAN_S` seconds (each stops sooner once it stalls, see
/// [`crate::search::lagrangian::PATIENCE`]; each goes on, up to [`LAGRANGIAN_CAP_SHARE`], while it
/// still finds cheaper answers, unless a MIP lies ahead).
pub const LAGRANGIAN_SHARE: f64 = 0.15;
/// Most seconds for the Lagrangian search.
pub const MAX_LAGRANGIAN_S: u64 = 40;
/// Share of the time limit a Lagrangian search may run in all, past [`LAGRANGIAN_SHARE`], while it is
/// still finding cheaper answers (its best found in the latter half of its run), when the exact phase
/// after it has no MIP to pose (too large, over the clusters and over the whole problem): it then
/// competes with a search (over clusters, or of regions), and the one finding cheaper answers keeps
/// the time. A MIP that fits keeps its time, as it can prove what it finds.
pub const LAGRANGIAN_CAP_SHARE: f64 = 0.5;
/// Most seconds for a Lagrangian search that is still finding cheaper answers.
pub const MAX_LAGRANGIAN_CAP_S: u64 = 120;
/// Most seconds the heuristic gets before the exact backend.
pub const MAX_HEURISTIC_S: u64 = 5;
