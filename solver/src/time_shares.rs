//! How a solve's time limit is shared out: every share of the time and every cap in seconds that a
//! phase of a solve (or of a plan around it) reads, in one table, each with a line on why; and
//! `PhaseShares`, the durations of the phases before the MIP phase, computed once per solve so that
//! the schedule is pinned by a test rather than woven into control flow.
//!
//! What is not here: each phase's *rate* (the work units it counts as one second in a deterministic
//! solve, e.g. `search::local::TERMS_PER_S`), which is a measure of that phase's own work and lives
//! beside it, and the measured setup costs (seconds per strategy or per cost entry) that size what a
//! phase can start before its time runs out.

use std::time::Duration;

// ---- The solve as a whole ([`crate::solve`]).

/// Share of the time limit the pipeline plans to use: backends overrun their own limits a little,
/// and mapping the answer back takes time.
pub const SAFETY_SHARE: f64 = 0.95;
/// Milliseconds kept back at the end, for the same reason.
pub const SAFETY_MS: u64 = 300;
/// Share of the time limit the linked problem gets when linking is tried
/// ([`crate::SolveOptions::link`]): deciding the repeated layers once is cheap and its answer a
/// good start, but the whole problem's MIP phase is what proves.
pub const LINK_SHARE: f64 = 0.25;

// ---- Before the MIP phase (`PhaseShares`).

/// Share of the time limit the heuristic gets before the exact backend in [`crate::Method::Auto`]:
/// enough for a first answer to warm-start the MIP.
pub const HEURISTIC_SHARE: f64 = 0.1;
/// Most seconds the heuristic gets before the exact backend (it converges in seconds).
pub const MAX_HEURISTIC_S: u64 = 5;
/// Share of the time limit the dual bound (`bound`) gets on a second thread, and at most
/// `MAX_DUAL_S` seconds (it also runs as long as the heuristic); past the heuristic it shares the
/// cores with the search.
pub const DUAL_SHARE: f64 = 0.08;
/// Most seconds for the dual bound (beyond the heuristic's).
pub const MAX_DUAL_S: u64 = 20;
/// Share of the dual's time that the linked problem's dual may take, when repeats are linked
/// ([`crate::SolveOptions::link`], `bound::Diffusion::lifted`); it ends sooner once its bound stops rising.
pub const LIFT_SHARE: f64 = 0.5;
/// Share of the time limit the dual may run in all, past [`DUAL_SHARE`], while its bound, rising at
/// its last rate, would reach the cost of the start's answer (or of one it reads) before this share
/// ends (`bound::Diffusion::extending`): a dual about to prove an answer finishes. (It closes
/// in only on an answer near the optimum, which leaves the phases after it little to gain.)
pub const DUAL_CAP_SHARE: f64 = 0.75;
/// Share of the time limit the Lagrangian search (`search::lagrangian`) gets after the dual
/// (two searches, one per thread, or one after the other on one thread, each this long), and at most
/// `MAX_LAGRANGIAN_S` seconds (each stops sooner once it stalls, see
/// `search::lagrangian::PATIENCE`; each goes on, up to [`LAGRANGIAN_CAP_SHARE`], while it
/// still finds cheaper answers, unless a MIP lies ahead).
pub const LAGRANGIAN_SHARE: f64 = 0.15;
/// Most seconds for the Lagrangian search (also for each round of it in the MIP phase).
pub const MAX_LAGRANGIAN_S: u64 = 40;
/// Share of the time limit a Lagrangian search may run in all, past `LAGRANGIAN_SHARE`, while it is
/// still finding cheaper answers (its best found in the latter half of its run), when the MIP phase
/// after it has no MIP to pose (too large, over the clusters and over the whole problem): it then
/// competes with a search (over clusters, or of regions), and the one finding cheaper answers keeps
/// the time. A MIP that fits keeps its time, as it can prove what it finds.
pub const LAGRANGIAN_CAP_SHARE: f64 = 0.5;
/// Most seconds for a Lagrangian search that is still finding cheaper answers.
pub const MAX_LAGRANGIAN_CAP_S: u64 = 120;

/// A cap, in seconds, on the one sweep the dual adds at its end to settle its reparametrization under
/// its last multipliers (a sweep of the largest model problems takes seconds).
pub const SETTLING_SWEEP_CAP_S: u64 = 60;

// ---- The MIP phase on the whole problem (`search::merge`, `search::regions`).

/// Share of the MIP phase's time left that each new pair of Lagrangian searches gets before the pool
/// is merged again (at most [`MAX_LAGRANGIAN_S`]).
pub const RESEARCH_SHARE: f64 = 0.4;
/// Seconds that must be left for another round of searches and merging.
pub const MIN_RESEARCH_S: u64 = 10;
/// Share of the time left that one restricted (or merged) MIP may take, so that a round after it
/// still has time…
pub const RESTRICTED_MIP_SHARE: f64 = 0.5;
/// …and the most seconds it may take.
pub const RESTRICTED_MIP_S: u64 = 30;
/// Seconds of region search between restricted MIPs.
pub const REGION_ROUND_S: u64 = 5;
/// Share of the time left one region's MIP may take: room before the deadline, as HiGHS may overrun
/// its limit on a hard region…
pub const REGION_SHARE: f64 = 1.0 / 3.0;
/// …and the most seconds it may take.
pub const REGION_TIME_S: f64 = 4.0;
/// What one region's MIP counts as, in seconds of a deterministic search's work: a nominal figure (it
/// sets how many regions a deterministic round or sweep solves), not a measured one.
pub const REGION_COUNTS_S: f64 = 0.5;

// ---- The search over clusters (`clusters`).

/// Kept before the end, when the coarse graph has hubs, for region MIPs around them from the crossed
/// answer: this many seconds…
pub const HUB_SWEEP_S: f64 = 30.0;
/// …or this share of the time, when that is less.
pub const HUB_SWEEP_SHARE: f64 = 0.125;
/// Seconds one MIP around a hub may take at most.
pub const HUB_REGION_S: u64 = 5;
/// Kept at the end for crossing the episodes' answers: this many seconds (a crossing stops at
/// [`CROSSOVER_BUDGET_S`])…
pub const FINAL_CROSSOVER_S: f64 = 5.0;
/// …or this share of the time, when that is less.
pub const FINAL_CROSSOVER_SHARE: f64 = 0.05;
/// Seconds between restarts of the Lagrangian search over clusters: it goes back to its start and
/// its first multipliers and step scale. By then the team's answers lie in one basin and its offers
/// resemble each other; a fresh trajectory offers different ones for the crossovers.
pub const RESTART_EVERY_S: u64 = 60;
/// Seconds between crossovers of the feasible search's answer with the Lagrangian search's latest
/// (often enough to combine the two, seldom enough to leave the walk time to move between them)…
pub const CROSSOVER_EVERY_S: f64 = 3.0;
/// …each given at most this many seconds.
pub const CROSSOVER_BUDGET_S: f64 = 5.0;

// ---- Callers' phases around a solve (the planner, the constraint-conflict search).

/// The share of a plan's time limit kept from the solve for its reference plans, which follow it
/// (each a solve with the recipe's arguments pinned, started from the plan; most are proven optimal in
/// far less). Small, as the solve cannot use it.
pub const REFERENCE_SHARE: f64 = 0.08;
/// The most of the limit the reference plans may take together, where the solve ended early and left
/// the time.
pub const REFERENCE_MAX_SHARE: f64 = 0.15;
/// The share of the solve's time limit that sizes the work of each of the memory tie-breaker's solves
/// ([`crate::leanest`]): all of them run in the time the solve leaves.
pub const PROBE_SHARE: f64 = 1.0 / 16.0;
/// Seconds each test of a subset of the user's constraints may take at most when a contradiction is
/// narrowed, and less where the run's deadline leaves less; a test that runs out counts as "they
/// hold" (so the set named still contradicts, though it may then be larger than needed).
pub const CONFLICT_TEST_S: f64 = 10.0;
/// Seconds the first such test (do the constraints hold together without memory?) may take however
/// late it is: without it the planner could not say whether the constraints or the memory limit leave
/// no plan. A run past the limit by this much at most is the price of saying which.
pub const CONFLICT_FIRST_TEST_S: f64 = 1.0;

/// What each phase before the MIP phase may take, in a solve of `Method::Auto` (all zero for
/// `Method::Highs`, which goes straight to the exact backend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PhaseShares {
    /// The local search, and again the polish of the dual's answer.
    pub warm: Duration,
    /// The dual bound's share (zero when it does not run: one thread in a solve by the clock).
    pub dual: Duration,
    /// How far the dual may go on while it is closing in on an answer's cost.
    pub dual_cap: Duration,
    /// Each Lagrangian search's share (zero without the dual, or with user constraints, which it
    /// does not see).
    pub lagrangian: Duration,
    /// How far a Lagrangian search that is still finding cheaper answers may go on.
    pub lagrangian_cap: Duration,
}

impl PhaseShares {
    /// The time a solve of `limit` plans to use: backends overrun their own limits a little, and
    /// mapping the answer back takes time.
    pub fn nominal(limit: Duration) -> Duration {
        limit.mul_f64(SAFETY_SHARE).saturating_sub(Duration::from_millis(SAFETY_MS))
    }

    /// The shares of `base` (the nominal time in a deterministic solve, else the time left) for a
    /// solve of `Method::Auto` when `auto`, with the dual run when `dual_runs` (on a second thread,
    /// or before the local search in a deterministic solve) and the Lagrangian search after it when
    /// `lagrangian_runs`.
    pub fn new(base: Duration, auto: bool, dual_runs: bool, lagrangian_runs: bool) -> PhaseShares {
        let share = |s: f64| base.mul_f64(s);
        let secs = Duration::from_secs;
        let warm = if auto { share(HEURISTIC_SHARE).min(secs(MAX_HEURISTIC_S)) } else { Duration::ZERO };
        // The dual proves a bound while the heuristic runs, and a little longer.
        let dual = match auto && dual_runs {
            true => warm.max(share(DUAL_SHARE).min(secs(MAX_DUAL_S))),
            false => Duration::ZERO,
        };
        let dual_cap = match dual.is_zero() {
            true => Duration::ZERO,
            false => dual.max(share(DUAL_CAP_SHARE)),
        };
        let lagrangian = match dual.is_zero() || !lagrangian_runs {
            true => Duration::ZERO,
            false => share(LAGRANGIAN_SHARE).min(secs(MAX_LAGRANGIAN_S)),
        };
        let lagrangian_cap = match lagrangian.is_zero() {
            true => Duration::ZERO,
            false => lagrangian.max(share(LAGRANGIAN_CAP_SHARE).min(secs(MAX_LAGRANGIAN_CAP_S))),
        };
        PhaseShares { warm, dual, dual_cap, lagrangian, lagrangian_cap }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Duration {
        Duration::from_secs_f64(x)
    }

    fn close(a: Duration, b: Duration) -> bool {
        a.abs_diff(b) < Duration::from_micros(1)
    }

    #[test]
    fn a_minute_leaves_the_mip_phase_most_of_it() {
        let base = PhaseShares::nominal(Duration::from_secs(60));
        assert!(close(base, s(56.7)));
        let b = PhaseShares::new(base, true, true, true);
        assert_eq!((b.warm, b.dual), (s(5.0), s(5.0)), "the local search is capped; the dual runs as long");
        assert!(close(b.dual_cap, s(42.525)), "{b:?}");
        assert!(close(b.lagrangian, s(8.505)) && close(b.lagrangian_cap, s(28.35)), "{b:?}");
    }

    #[test]
    fn long_limits_hit_the_caps_in_seconds() {
        let b = PhaseShares::new(PhaseShares::nominal(Duration::from_secs(600)), true, true, true);
        assert_eq!((b.warm, b.dual, b.lagrangian, b.lagrangian_cap), (s(5.0), s(20.0), s(40.0), s(120.0)));
        assert!(close(b.dual_cap, s(427.275)), "{b:?}");
    }

    #[test]
    fn phases_that_do_not_run_get_nothing() {
        let base = Duration::from_secs(60);
        assert_eq!(PhaseShares::new(base, false, true, true), PhaseShares::new(Duration::ZERO, true, true, true));
        let one_thread = PhaseShares::new(base, true, false, true);
        assert_eq!((one_thread.dual, one_thread.lagrangian, one_thread.lagrangian_cap), (s(0.0), s(0.0), s(0.0)));
        assert_eq!(one_thread.warm, s(5.0));
        let constrained = PhaseShares::new(base, true, true, false);
        assert!(!constrained.dual.is_zero() && constrained.lagrangian.is_zero());
    }
}
