//! The default way to solve: presolve, a heuristic answer early, then the exact backend for the rest of
//! the time, warm-started with that answer; the answer is mapped back and checked by the evaluator.

use crate::eval::evaluate;
use crate::local::LocalSearch;
use crate::presolve::{PresolveStats, presolve};
use crate::problem::ChoiceProblem;
use crate::solution::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use std::time::{Duration, Instant};

/// Which backends the pipeline runs after presolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Local search, then HiGHS warm-started from it.
    Auto,
    /// HiGHS only (started from the greedy answer).
    Highs,
    /// Local search only.
    Local,
    /// Exhaustive search (tiny problems).
    Brute,
}

/// A solve's answer and what happened on the way.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer, in the original problem's indices.
    pub solution: Solution,
    /// What presolve removed.
    pub presolve: PresolveStats,
    /// Seconds spent in presolve.
    pub presolve_s: f64,
}

/// Solve `p` with `method` within `opts`.
pub fn solve(p: &ChoiceProblem, method: Method, opts: &SolveOptions, progress: &mut dyn FnMut(&Progress)) -> Result<Report, SolveError> {
    p.validate()?;
    let t0 = Instant::now();
    let pre = presolve(p);
    let presolve_s = t0.elapsed().as_secs_f64();
    let q = &pre.problem;
    let remaining = |share: f64| opts.time_limit.saturating_sub(t0.elapsed()).mul_f64(share);
    let mut shifted = |pr: &Progress| progress(&Progress { elapsed: t0.elapsed().as_secs_f64(), ..pr.clone() });
    let sol = match method {
        Method::Brute => crate::brute::BruteForce.solve(q, opts, &mut shifted)?,
        Method::Local => LocalSearch.solve(q, &SolveOptions { time_limit: remaining(1.0), ..opts.clone() }, &mut shifted)?,
        Method::Highs | Method::Auto => {
            let warm_time = if method == Method::Auto { remaining(HEURISTIC_SHARE).min(Duration::from_secs(MAX_HEURISTIC_S)) } else { Duration::ZERO };
            let warm = LocalSearch.solve(q, &SolveOptions { time_limit: warm_time, ..opts.clone() }, &mut shifted).ok();
            let mut o = SolveOptions { time_limit: remaining(1.0), ..opts.clone() };
            if let Some(w) = &warm {
                o.warm_start = Some(w.choice.clone());
            }
            match (crate::ilp::Highs.solve(q, &o, &mut shifted), warm) {
                // The heuristic's answer may beat the MIP's incumbent; the MIP's bound holds for both.
                (Ok(s), Some(w)) if w.cost < s.cost => {
                    Solution { bound: s.bound, status: if s.bound >= w.cost { Status::Optimal } else { s.status }, ..w }
                }
                (Ok(s), _) => s,
                (Err(SolveError::TooLarge { .. } | SolveError::NoAnswer), Some(w)) => w,
                (Err(e), _) => return Err(e),
            }
        }
    };
    let choice = pre.postsolve(&sol.choice);
    let e = evaluate(p, &choice).map_err(|e| SolveError::Backend { backend: "pipeline", why: e.to_string() })?;
    if e.cost != sol.cost {
        return Err(SolveError::Backend { backend: "pipeline", why: format!("the evaluator's cost {} differs from the solver's {}", e.cost, sol.cost) });
    }
    if !e.is_feasible() {
        return Err(SolveError::Backend { backend: "pipeline", why: format!("the answer exceeds memory (peak {})", e.peak_usage) });
    }
    Ok(Report { solution: Solution { choice, ..sol }, presolve: pre.stats, presolve_s })
}

/// Share of the time limit the heuristic gets before the exact backend in [`Method::Auto`].
pub const HEURISTIC_SHARE: f64 = 0.25;
/// Most seconds the heuristic gets before the exact backend.
pub const MAX_HEURISTIC_S: u64 = 20;
