//! Linked repeats in the default pipeline: the linked problem ([`crate::link`]) solved first for a
//! share of the time, its answer the start of the whole problem's solve, which alone proves the bound.

use super::{Report, solve_whole};
use crate::backend::{Progress, Solution, SolveError, SolveOptions, Status};
use crate::method::Method;
use crate::phase::{Phase, PhaseLog, Stop};
use crate::presolve::{Size, presolve};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::reduction::Reduction;
use std::time::Instant;

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
    /// How many edges deep repeated nodes were compared (their costs and wiring alike that far).
    pub depth: usize,
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

/// Linking is tried only when the linked problem has at most this share of the decision nodes: above
/// that it does not pay for its own solve.
pub const LINK_WORTH: f64 = 0.5;

/// `Auto` with repeats linked: the linked problem ([`crate::link`]) solved for [`crate::time_shares::LINK_SHARE`] of the
/// time, its answer mapped back and kept, then the whole problem solved from it for the rest, which
/// proves the bound (the linked problem's own bound proves nothing of the whole: linking restricts).
pub(super) fn through_links(
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
    let share = opts.time_limit.mul_f64(crate::time_shares::LINK_SHARE);
    let left = (started + opts.time_limit).saturating_duration_since(Instant::now());
    // A start given in `p`'s indices starts the linked solve where its copies agree.
    let warm_start = opts.warm_start.as_ref().and_then(|w| linked.restrict(w));
    // Its phases are the linked problem's: the log gets one line for all of them.
    let log = PhaseLog::default();
    let sub = SolveOptions { time_limit: share.min(left), started: None, link: false, warm_start, log, ..opts.clone() };
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
    let stop = match solved.as_ref().map(|r| r.solution.status) {
        Some(Status::Optimal) => Stop::Proved,
        _ => Stop::share_spent(opts.deterministic && !clock_decided),
    };
    opts.log.record(Phase::Linked, t0, stop);
    // Mapped back, with the parts that mix twins of a symmetry turned back: the linked problem is
    // small enough that its searches' answers often do (and the whole solve starts from this one).
    let answer = solved
        .map(|r| linked.lift(&r.solution.choice))
        .and_then(|x| evaluate(p, &x).ok().filter(|e| e.is_feasible()).map(|e| (x, e.cost)))
        .map(|(mut x, cost)| {
            let cost = crate::search::unmix::unmix(p, &mut x).unwrap_or(cost);
            (x, cost)
        });
    let seconds = t0.elapsed().as_secs_f64();
    let stats = LinkStats {
        classes: classes.len(),
        decisions: (before.decisions, after.decisions),
        strategies: (before.strategies, after.strategies),
        cost: answer.as_ref().map(|a| a.1),
        seconds,
        depth: crate::link::ROUNDS,
    };
    // Still `link`: the whole problem's dual starts from the linked problem's.
    let mut rest = SolveOptions { started: Some(started), ..opts.clone() };
    if !settled {
        rest.started = Some(started + share);
        rest.time_limit = opts.time_limit.saturating_sub(share);
    }
    // The cheaper of the start given and the linked answer starts the rest.
    let given = opts.warm_start.as_ref().and_then(|w| evaluate(p, w).ok()).filter(|e| e.is_feasible()).map(|e| e.cost);
    if let Some((x, cost)) = &answer
        && given.is_none_or(|g| *cost < g)
    {
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
                phases: Vec::new(),
            }
        }
        (Err(e), _) => return Err(e),
    };
    r.clock_decided |= clock_decided;
    r.linked = Some(stats);
    Ok(r)
}
