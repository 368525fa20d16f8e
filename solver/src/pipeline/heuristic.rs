//! The phases before the MIP phase: the local search, with the dual's thread beside it (or before it
//! on one thread, in a deterministic solve), the dual's answer polished, and the better answer handed
//! to the MIP phase with the pool of answers and the diffusion the searches started from.

use super::dual::{Dual, DualOutcome};
use super::mip_phase::{Starts, mip_phase};
use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::bound::Proven;
use crate::effort::SharedBound;
use crate::method::Method;
use crate::phase::{Phase, PhaseLog, PhaseRun};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::search::local::LocalSearch;
use crate::time_shares::PhaseShares;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
pub(super) fn heuristic_then_exact(
    q: &ChoiceProblem,
    method: Method,
    opts: &SolveOptions,
    nominal: Duration,
    t0: Instant,
    shifted: &mut dyn FnMut(&Progress),
) -> Result<(Solution, Option<i128>), SolveError> {
    // In a deterministic solve the shares are of the nominal time, so that the work does not depend on
    // how long presolve took; otherwise of the time left.
    let base = match opts.deterministic {
        true => nominal,
        false => opts.time_limit.saturating_sub(t0.elapsed()),
    };
    // The dual runs on a second thread, or, in a deterministic solve on one thread, before the local
    // search; the Lagrangian search not with user constraints, which it does not see.
    let concurrent = opts.threads > 1;
    let budget =
        PhaseShares::new(base, method == Method::Auto, concurrent || opts.deterministic, !q.has_user_constraints());
    let warm_time = budget.warm;
    let deadline = t0 + opts.time_limit;
    let shared = SharedBound::default();
    let stop = AtomicBool::new(false);
    let found = Mutex::new(Proven::default());
    let dual = Dual { q, opts, budget, concurrent, deadline, shared: &shared, stop: &stop, found: &found };
    let local_opts = SolveOptions { time_limit: warm_time, proven: Some(shared.clone()), ..opts.clone() };
    let (sol, dual) = std::thread::scope(|scope| {
        let runs = !budget.dual.is_zero();
        let before = (runs && !concurrent).then(|| dual.run());
        let mut handle = (runs && concurrent).then(|| scope.spawn(|| dual.run()));
        let warm = LocalSearch.solve(q, &local_opts, shifted).ok();
        fn join<T>(h: std::thread::ScopedJoinHandle<'_, T>) -> T {
            h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
        }
        // The dual runs out its share: its reparametrized costs give a second start, often in another
        // basin than the local search's (read earlier, while the dual ran on, it was a worse start).
        // It is waited for even when the bound already proves
        // the heuristic's answer: the heuristic stops as soon as the bound proves its answer or the
        // dual's (`SharedBound::settled`), whichever comes first, and the dual's answer, when optimal,
        // is the one taken, so that the plan does not depend on which thread got there first.
        let mut dual = before.unwrap_or(DualOutcome::nothing(budget.dual));
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
                // Logged as the polish of the dual's answer, not as a second local search.
                let log = PhaseLog::default();
                let o = SolveOptions {
                    time_limit: warm_time.min(left),
                    warm_start: Some(read),
                    log: log.clone(),
                    ..local_opts.clone()
                };
                let polished = LocalSearch.solve(q, &o, &mut |_| {}).ok();
                for run in log.runs() {
                    opts.log.push(PhaseRun { phase: Phase::DualAnswer, ..run });
                }
                polished
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
        // The MIP phase's nominal time, in a deterministic solve: the limit less what the phases
        // before were given (the dual beside the local search, or before it on one thread; the polish).
        let allotted = if concurrent {
            (dual.worked + dual.searched).max(warm_time)
        } else {
            dual.worked + dual.searched + warm_time
        } + warm_time;
        let mip_time = match opts.deterministic {
            true => nominal.saturating_sub(allotted),
            false => opts.time_limit.saturating_sub(t0.elapsed()),
        };
        let sol = match (warm, proven.bound) {
            (Some(w), Some(b)) if b >= w.cost => Ok(w),
            (warm, _) => {
                let (pool, diffusion) = (std::mem::take(&mut dual.pool), dual.diffusion.take());
                let starts = Starts { warm, second, pool, diffusion };
                mip_phase(q, opts, starts, proven.multipliers, (t0, mip_time), shifted)
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
