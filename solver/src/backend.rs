//! What every backend returns, and the one trait they all implement.

use crate::effort::{ClockWatch, Effort, SharedBound};
use crate::phase::Phase;
use crate::problem::ChoiceProblem;
use crate::problem::eval::{Evaluation, evaluate};
use std::time::{Duration, Instant};

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The answer is optimal: its cost equals the proven bound, or HiGHS proved it optimal and the bound
    /// we report (kept a relative 1e-6 below HiGHS's for its floating-point tolerances) is within that
    /// margin of the cost.
    Optimal,
    /// Stopped by the time limit with a feasible answer; the bound is what was proven by then.
    TimeLimit,
    /// Stopped because the gap reached the requested MIP gap.
    GapLimit,
    /// A feasible answer from a method that proves nothing beyond the problem's trivial bound.
    Heuristic,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::Optimal => "optimal",
            Status::TimeLimit => "time limit",
            Status::GapLimit => "gap limit",
            Status::Heuristic => "heuristic",
        })
    }
}

/// A feasible answer with its proof of quality.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// One strategy index per node.
    pub choice: Vec<usize>,
    /// Its cost (as the evaluator computes it).
    pub cost: i128,
    /// A proven lower bound on every feasible solution's cost.
    pub bound: i128,
    /// How it ended.
    pub status: Status,
    /// Seconds from the start of the solve to the moment this answer was found.
    pub time_to_best: f64,
}

impl SolveError {
    /// The error for "no assignment satisfies everything", after a proof of it: memory when even the
    /// leanest assignment exceeds the limit, the other constraints otherwise.
    pub fn no_assignment(p: &ChoiceProblem) -> SolveError {
        let floor = crate::problem::eval::min_peak(p);
        match p.usage_limit {
            Some(limit) if floor > limit as i128 => {
                SolveError::Infeasible { limit: limit as i128, min_peak: Some(floor) }
            }
            _ => SolveError::Unsatisfiable {
                why:
                    "every assignment that fits in memory takes a forbidden strategy or cost, or breaks a tie or budget"
                        .into(),
            },
        }
    }
}

/// Evaluate an answer a backend produced and check that its cost is the one the backend claimed;
/// either failure is that backend's error (a bug, never the user's input).
pub fn confirm(
    p: &ChoiceProblem,
    choice: &[usize],
    claimed: i128,
    backend: &'static str,
) -> Result<Evaluation, SolveError> {
    let e = evaluate(p, choice).map_err(|e| SolveError::Backend { backend, why: e.to_string() })?;
    if e.cost != claimed {
        return Err(SolveError::Backend {
            backend,
            why: format!("the evaluator's cost {} differs from the claimed {claimed}", e.cost),
        });
    }
    Ok(e)
}

impl Solution {
    /// Relative gap `(cost − bound) / cost` (0 when optimal or the cost is 0).
    pub fn gap(&self) -> f64 {
        if self.cost <= 0 { 0.0 } else { (self.cost - self.bound).max(0) as f64 / self.cost as f64 }
    }

    /// The gap as people read it: a percentage to four decimals, or to two significant digits when
    /// it is not zero but would print as `0.0000%` (a plan proven within 2e-7 is not proven optimal,
    /// and should not read as if it were).
    pub fn gap_text(&self) -> String {
        let percent = 100.0 * self.gap();
        if percent > 0.0 && percent < 0.00005 { format!("{percent:.1e}%") } else { format!("{percent:.4}%") }
    }
}

/// Why there is no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The problem is malformed.
    #[error("invalid problem: {0}")]
    Invalid(#[from] crate::problem::ProblemError),
    /// No assignment fits under the memory limit.
    #[error("infeasible: no assignment keeps memory under the limit {limit}{}", min_peak.map(|m| format!(" (the lowest achievable peak is {m})")).unwrap_or_default())]
    Infeasible {
        /// The limit.
        limit: i128,
        /// The lowest peak any assignment reaches, when it was computed.
        min_peak: Option<i128>,
    },
    /// The user's constraints (pins, ties, budgets) cannot all hold.
    #[error("the constraints cannot all hold: {why}")]
    Unsatisfiable {
        /// What was proven (or which constraints were involved).
        why: String,
    },
    /// Time ran out before any feasible answer was found.
    #[error("no feasible answer found within the time limit")]
    NoAnswer,
    /// The problem is too large for this backend.
    #[error("too large for the {backend} backend: {why}")]
    TooLarge {
        /// Backend.
        backend: &'static str,
        /// Why.
        why: String,
    },
    /// This build of automap does not have the backend (a cargo feature left out).
    #[error("the {backend} backend is not in this build: {why}")]
    Unavailable {
        /// Backend.
        backend: &'static str,
        /// Which feature brings it.
        why: &'static str,
    },
    /// The backend failed.
    #[error("{backend} failed: {why}")]
    Backend {
        /// Backend.
        backend: &'static str,
        /// What it said.
        why: String,
    },
}

/// What a caller sets for a solve, builder style (`SolveOptions::default().time_limit(..).threads(..)`).
/// The fields the pipeline sets for its own phases (the clock watch, a bound proven on another thread,
/// refusing a slow MIP setup) are private to the crate.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Wall-clock limit.
    pub time_limit: Duration,
    /// Stop when `(cost − bound) / cost` is at most this (0: prove optimality).
    pub mip_gap: f64,
    /// Threads the backend may use.
    pub threads: u32,
    /// Random seed.
    pub seed: u64,
    /// A starting assignment (a MIP start, a local-search seed).
    pub warm_start: Option<Vec<usize>>,
    /// Stop the heuristic phases by work counted, not by the clock, so that the answer does not
    /// depend on the machine's speed or thread timing (see the `effort` module); the time limit stays a cap.
    pub deterministic: bool,
    /// Hears when the clock, not the work, stopped a phase of a deterministic solve.
    pub(crate) watch: ClockWatch,
    /// A bound another thread proves meanwhile: a search whose answer meets it stops.
    pub(crate) proven: Option<SharedBound>,
    /// When the time limit starts counting, if not when the solve does: before it (reading the input
    /// counts towards a contest's timeout) or after it (a phase before has its own share of the time).
    /// [`crate::solve`] ends by then plus the time limit, while a deterministic solve still sizes its
    /// phases' work by the whole time limit.
    pub started: Option<Instant>,
    /// In [`crate::Method::Auto`], first solve the problem with its repeated nodes linked
    /// (the `link` module: the layers of a model decided once) and go on from that answer; the bound is
    /// still the whole problem's, its dual started from the linked problem's (`bound/lifted.rs`).
    pub link: bool,
    /// HiGHS refuses, as too large, a model whose setup alone (its presolve, which it does not
    /// interrupt) would take more than half the time left (at `PRESOLVE_S_PER_COLUMN` of `exact/highs.rs`):
    /// for a caller with another way to go on, rather than a solve that overruns and finds nothing.
    pub(crate) refuse_slow_setup: bool,
    /// Nodes (by index) that an earlier presolve of the problem, before some of its nodes were
    /// pinned, left with no dominated strategy ([`crate::Pinnable`]): presolve checks them again only
    /// where a pin changed what they meet.
    pub(crate) settled: Option<std::sync::Arc<[bool]>>,
    /// The phases run so far, each with its time and why it stopped ([`crate::solve`] returns them).
    pub(crate) log: crate::phase::PhaseLog,
}

impl Default for SolveOptions {
    /// One thread, a minute, by the clock (not deterministic): the contest's contract, which a solve
    /// of a given problem keeps. The planner's options differ on purpose (`PlanOptions`: two threads,
    /// deterministic), as a plan is an output users diff and commit.
    fn default() -> SolveOptions {
        SolveOptions {
            time_limit: Duration::from_secs(60),
            mip_gap: 0.0,
            threads: 1,
            seed: 0,
            warm_start: None,
            deterministic: false,
            watch: ClockWatch::default(),
            proven: None,
            started: None,
            link: false,
            refuse_slow_setup: false,
            settled: None,
            log: crate::phase::PhaseLog::default(),
        }
    }
}

impl SolveOptions {
    /// Options for a solve run inside a phase of `effort`: for at most `budget` and not past the
    /// phase's deadline; in a deterministic solve the phase's watch hears when that limit stops it.
    pub(crate) fn within(effort: &Effort, budget: Duration) -> SolveOptions {
        let until = (Instant::now() + budget).min(effort.deadline());
        SolveOptions {
            time_limit: until.saturating_duration_since(Instant::now()),
            deterministic: effort.counted(),
            watch: effort.watch().clone(),
            ..SolveOptions::default()
        }
    }

    /// Set the time limit.
    pub fn time_limit(mut self, t: Duration) -> Self {
        self.time_limit = t;
        self
    }

    /// Set the MIP gap.
    pub fn mip_gap(mut self, g: f64) -> Self {
        self.mip_gap = g;
        self
    }

    /// Set the thread count.
    pub fn threads(mut self, n: u32) -> Self {
        self.threads = n.max(1);
        self
    }

    /// Set the seed.
    pub fn seed(mut self, s: u64) -> Self {
        self.seed = s;
        self
    }

    /// Count the heuristic phases' work instead of their time (see [`SolveOptions::deterministic`]).
    pub fn deterministic(mut self, on: bool) -> Self {
        self.deterministic = on;
        self
    }

    /// Count the time limit from `t0`, before the solve (see [`SolveOptions::started`]).
    pub fn started(mut self, t0: Instant) -> Self {
        self.started = Some(t0);
        self
    }

    /// Link repeated nodes first (see [`SolveOptions::link`]).
    pub fn link(mut self, on: bool) -> Self {
        self.link = on;
        self
    }

    /// Set a warm start.
    pub fn warm_start(mut self, choice: Vec<usize>) -> Self {
        self.warm_start = Some(choice);
        self
    }
}

/// Progress of a long solve, for the user.
#[derive(Clone, Debug)]
pub struct Progress {
    /// What is running.
    pub phase: Phase,
    /// Seconds since the solve started.
    pub elapsed: f64,
    /// Best feasible cost so far.
    pub incumbent: Option<i128>,
    /// Best proven bound so far.
    pub bound: Option<i128>,
}

/// Every backend (ILP, SMT, search, brute force) solves the same problem behind this trait.
pub trait Backend {
    /// Short name (`highs`, `local`, `brute`).
    fn name(&self) -> &'static str;

    /// Solve `p`, checked first ([`ChoiceProblem::validate`]): a feasible answer, optimal or not, is
    /// `Ok` with its status and bound. Every backend answers through this one entry, so none can skip
    /// the check.
    fn solve(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        p.validate()?;
        self.solve_valid(p, opts, progress)
    }

    /// Solve `p`, which [`Backend::solve`] has validated. A backend that cannot honour an option
    /// (a time limit, threads) says so in its documentation.
    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError>;
}

#[cfg(test)]
mod tests {
    use super::{Solution, Status};

    fn with(cost: i128, bound: i128) -> Solution {
        Solution { choice: Vec::new(), cost, bound, status: Status::Heuristic, time_to_best: 0.0 }
    }

    /// A gap too small for four decimals still reads as a gap; zero and ordinary gaps read as before.
    #[test]
    fn a_tiny_gap_does_not_read_as_zero() {
        assert_eq!(with(990_989_847, 990_989_625).gap_text(), "2.2e-5%");
        assert_eq!(with(445, 445).gap_text(), "0.0000%");
        assert_eq!(with(1000, 950).gap_text(), "5.0000%");
        assert_eq!(with(1_000_000, 999_999).gap_text(), "0.0001%");
    }
}
