//! Memory as the tie-breaker: among the answers that cost at most a cap (the best answer's cost, or a
//! stated fraction above it), one of least peak usage.
//!
//! An epsilon-constraint method over the usage limit: the cost stays the objective, and a bisection
//! lowers the limit while the solve under it still finds an answer within the cap. The least cost
//! under a limit only rises as the limit falls, so each probe settles one half of the interval: an
//! answer within the cap proves its peak reachable, a proven bound above the cap (or no answer that
//! fits) proves that no answer within the cap fits under that limit. A probe the time stops short of
//! either is counted as the second, and the result is then not proven least. The answer's proven
//! bound stays the one of the original problem: lowering the limit proves nothing below it.

use crate::backend::{Progress, Solution, SolveError, SolveOptions, Status};
use crate::method::Method;
use crate::phase::Phase;
use crate::pipeline::solve;
use crate::problem::ChoiceProblem;
use crate::problem::eval::{evaluate, min_peak};
use std::time::Instant;

/// Most solves the bisection runs: after the first, each halves the interval of peaks in question.
pub const MAX_PROBES: u32 = 8;

/// The bisection stops once the interval in question is at most this share of the best answer's
/// peak: a finer answer is not worth another solve.
pub const RESOLUTION: f64 = 0.01;

/// The answer of [`leanest`], and what the bisection settled.
#[derive(Clone, Debug, PartialEq)]
pub struct Lean {
    /// The leanest answer found within the cap (the best answer itself when none is leaner).
    pub solution: Solution,
    /// The cap on cost every answer considered keeps.
    pub cap: i128,
    /// The best answer's peak usage.
    pub peak_before: i128,
    /// The returned answer's peak usage.
    pub peak: i128,
    /// A limit under which no answer within the cap fits, proven by a probe (or the least peak any
    /// answer reaches, less one, when no probe proved more): every answer within the cap peaks above it.
    pub refuted: i128,
    /// Solves run.
    pub probes: u32,
    /// Every probe settled its question by a proof (no probe stopped by its time), so `refuted` holds.
    pub proven: bool,
    /// The clock, not the work, stopped a probe or the bisection (see [`crate::Report::clock_decided`]).
    pub clock_decided: bool,
}

/// Among the answers of `p` that cost at most `best.cost` × (1 + `tolerance`), find one of least peak
/// usage, by at most [`MAX_PROBES`] solves with `method`, each within `probe` (its time limit sizes a
/// deterministic probe's work and caps its clock) and all ending by `deadline`.
pub fn leanest(
    p: &ChoiceProblem,
    best: &Solution,
    tolerance: f64,
    method: Method,
    probe: &SolveOptions,
    deadline: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Lean, SolveError> {
    let peak_of = |choice: &[usize]| {
        evaluate(p, choice)
            .map(|e| e.peak_usage)
            .map_err(|e| SolveError::Backend { backend: "lean", why: e.to_string() })
    };
    let peak_before = peak_of(&best.choice)?;
    let cap = best.cost + (best.cost.max(0) as f64 * tolerance.max(0.0)).floor() as i128;
    let mut lean = Lean {
        solution: best.clone(),
        cap,
        peak_before,
        peak: peak_before,
        refuted: min_peak(p) - 1,
        probes: 0,
        proven: true,
        clock_decided: false,
    };
    let resolution = (peak_before as f64 * RESOLUTION).max(1.0) as i128;
    let started = Instant::now();
    while lean.peak - lean.refuted > resolution && lean.probes < MAX_PROBES {
        if Instant::now() >= deadline {
            lean.clock_decided = true;
            lean.proven = false;
            break;
        }
        // First whether any answer within the cap is leaner by the resolution at all (on most problems
        // none is, and this one probe settles it), then halving.
        let limit = match lean.probes {
            0 => lean.peak - resolution,
            _ => lean.refuted + (lean.peak - lean.refuted) / 2,
        };
        let mut q = p.clone();
        q.usage_limit = Some(q.usage_limit.map_or(limit as i64, |l| l.min(limit as i64)));
        lean.probes += 1;
        // Its work sized by its time limit, and its clock running out after that limit or at the
        // deadline, whichever comes first: its limit counts from now, or from that much before the
        // deadline.
        let now = Instant::now();
        let from = deadline.checked_sub(probe.time_limit).map_or(now, |d| d.min(now));
        let probe_opts = SolveOptions { warm_start: None, started: Some(from), ..probe.clone() };
        let solved = solve(&q, method, &probe_opts, &mut |_| {});
        lean.clock_decided |= solved.as_ref().is_ok_and(|r| r.clock_decided);
        let settled = match solved {
            Ok(r) if r.solution.cost <= cap => {
                lean.peak = peak_of(&r.solution.choice)?;
                lean.solution = Solution { bound: best.bound, ..r.solution };
                Some(true)
            }
            Ok(r) if r.solution.bound > cap => Some(false),
            Err(SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }) => Some(false),
            Ok(_) | Err(SolveError::NoAnswer | SolveError::TooLarge { .. }) => None,
            Err(e) => return Err(e),
        };
        if settled != Some(true) {
            lean.refuted = limit;
            lean.proven &= settled.is_some();
        }
        progress(&Progress {
            phase: Phase::Memory,
            elapsed: started.elapsed().as_secs_f64(),
            incumbent: Some(lean.solution.cost),
            bound: Some(best.bound),
        });
    }
    let s = &mut lean.solution;
    s.status = match s.cost <= s.bound {
        true => Status::Optimal,
        false if best.status == Status::Heuristic => Status::Heuristic,
        false if s.cost == best.cost => best.status,
        false => Status::GapLimit,
    };
    Ok(lean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{RandomSpec, random_problem};
    use std::time::Duration;

    /// Every assignment of `p` (a tiny one).
    fn all_assignments(p: &ChoiceProblem) -> Vec<Vec<usize>> {
        let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
        let mut out = vec![Vec::new()];
        for k in sizes {
            out =
                out.into_iter().flat_map(|c: Vec<usize>| (0..k).map(move |s| [c.clone(), vec![s]].concat())).collect();
        }
        out
    }

    /// On random problems, against every assignment: the answer is within the cap and, to the
    /// bisection's resolution, of the least peak among the answers within it.
    #[test]
    fn the_leanest_answer_within_the_cap_has_the_least_peak_of_all_such_answers() {
        let (mut checked, mut leaner) = (0, 0);
        for seed in 0..150u64 {
            let p = random_problem(&RandomSpec::tiny(6), seed);
            let opts = SolveOptions::default().time_limit(Duration::from_secs(5)).deterministic(true);
            let Ok(best) = solve(&p, Method::Brute, &opts, &mut |_| {}) else { continue };
            for tolerance in [0.0, 0.2] {
                let deadline = Instant::now() + Duration::from_secs(60);
                let lean = leanest(&p, &best.solution, tolerance, Method::Brute, &opts, deadline, &mut |_| {}).unwrap();
                let least = all_assignments(&p)
                    .iter()
                    .filter_map(|c| evaluate(&p, c).ok())
                    .filter(|e| e.is_feasible() && e.cost <= lean.cap)
                    .map(|e| e.peak_usage)
                    .min()
                    .unwrap();
                let e = evaluate(&p, &lean.solution.choice).unwrap();
                assert!(e.is_feasible() && e.cost <= lean.cap, "seed {seed}: {e:?} over the cap {}", lean.cap);
                assert_eq!(e.peak_usage, lean.peak);
                assert!(lean.proven, "seed {seed}: brute force settles every probe");
                let resolution = (lean.peak_before as f64 * RESOLUTION).max(1.0) as i128;
                assert!(lean.peak >= least && lean.peak - least <= resolution, "seed {seed}: {} vs {least}", lean.peak);
                assert!(lean.refuted < least, "seed {seed}: refuted {} at or above {least}", lean.refuted);
                assert!(lean.solution.bound == best.solution.bound);
                checked += 1;
                leaner += usize::from(lean.peak < lean.peak_before);
            }
        }
        assert!(checked > 100, "only {checked} cases had an answer");
        assert!(leaner > 10, "only {leaner} of {checked} cases had a leaner answer within the cap");
    }
}
