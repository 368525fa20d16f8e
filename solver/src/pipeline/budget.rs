//! How the default pipeline shares out its time limit among the phases before the exact one: every
//! share named once, and the durations computed once per solve ([`Budget::new`]), so that the schedule
//! is pinned by a test rather than woven into control flow.

use std::time::Duration;

/// Share of the time limit the pipeline plans to use.
pub const SAFETY_SHARE: f64 = 0.95;
/// Milliseconds kept back at the end.
pub const SAFETY_MS: u64 = 300;

/// Share of the time limit the heuristic gets before the exact backend in [`crate::Method::Auto`].
pub const HEURISTIC_SHARE: f64 = 0.1;
/// Share of the time limit the dual bound ([`crate::bound`]) gets on a second thread, and at most
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

/// What each phase before the exact one may take, in a solve of `Method::Auto` (all zero for
/// `Method::Highs`, which goes straight to the exact backend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
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

impl Budget {
    /// The time a solve of `limit` plans to use: backends overrun their own limits a little, and
    /// mapping the answer back takes time.
    pub fn nominal(limit: Duration) -> Duration {
        limit.mul_f64(SAFETY_SHARE).saturating_sub(Duration::from_millis(SAFETY_MS))
    }

    /// The shares of `base` (the nominal time in a deterministic solve, else the time left) for a
    /// solve of `Method::Auto` when `auto`, with the dual run when `dual_runs` (on a second thread,
    /// or before the local search in a deterministic solve) and the Lagrangian search after it when
    /// `lagrangian_runs`.
    pub fn new(base: Duration, auto: bool, dual_runs: bool, lagrangian_runs: bool) -> Budget {
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
        Budget { warm, dual, dual_cap, lagrangian, lagrangian_cap }
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
    fn a_minute_leaves_the_exact_phase_most_of_it() {
        let base = Budget::nominal(Duration::from_secs(60));
        assert!(close(base, s(56.7)));
        let b = Budget::new(base, true, true, true);
        assert_eq!((b.warm, b.dual), (s(5.0), s(5.0)), "the local search is capped; the dual runs as long");
        assert!(close(b.dual_cap, s(42.525)), "{b:?}");
        assert!(close(b.lagrangian, s(8.505)) && close(b.lagrangian_cap, s(28.35)), "{b:?}");
    }

    #[test]
    fn long_limits_hit_the_caps_in_seconds() {
        let b = Budget::new(Budget::nominal(Duration::from_secs(600)), true, true, true);
        assert_eq!((b.warm, b.dual, b.lagrangian, b.lagrangian_cap), (s(5.0), s(20.0), s(40.0), s(120.0)));
        assert!(close(b.dual_cap, s(427.275)), "{b:?}");
    }

    #[test]
    fn phases_that_do_not_run_get_nothing() {
        let base = Duration::from_secs(60);
        assert_eq!(Budget::new(base, false, true, true), Budget::new(Duration::ZERO, true, true, true));
        let one_thread = Budget::new(base, true, false, true);
        assert_eq!((one_thread.dual, one_thread.lagrangian, one_thread.lagrangian_cap), (s(0.0), s(0.0), s(0.0)));
        assert_eq!(one_thread.warm, s(5.0));
        let constrained = Budget::new(base, true, true, false);
        assert!(!constrained.dual.is_zero() && constrained.lagrangian.is_zero());
    }
}
