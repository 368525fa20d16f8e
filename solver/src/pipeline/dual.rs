//! The dual's thread of the default pipeline: the dual bound ([`crate::bound`]), started from the
//! linked problem's when repeats are linked (and raced by a diffusion from zero when that start stalls
//! short), then the Lagrangian search from the prices of the runner that reads the cheaper answer
//! ([`crate::search::lagrangian`]), and the dual resumed when the search's answer is one it was
//! closing in on. It hands back its bound, an answer and the pool of answers the searches found.

use super::mip_phase::mip_ahead;
use crate::backend::SolveOptions;
use crate::bound::{Diffusion, ENTRIES_PER_S, Proven, UNITS_PER_S};
use crate::effort::{Effort, SharedBound};
use crate::phase::{Phase, Stop};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::search::elite::Elite;
use crate::time_shares::{LIFT_SHARE, PhaseShares};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the dual's thread hands back.
pub(super) struct DualOutcome<'q> {
    /// The bound it proved.
    pub bound: Option<i128>,
    /// An answer from it: the Lagrangian search's, or else one read from the diffusion.
    pub read: Option<Vec<usize>>,
    /// The cheapest distinct answers the Lagrangian searches found (both), for the merged MIP.
    pub pool: Elite,
    /// The diffusion the searches started from, when they ran: the MIP phase may search from it
    /// again.
    pub diffusion: Option<Diffusion<'q>>,
    /// How long the dual worked (its share, or longer when it went on).
    pub worked: Duration,
    /// How long the Lagrangian search ran (both searches, when one after the other on one thread).
    pub searched: Duration,
}

impl DualOutcome<'_> {
    /// Nothing proved, read or searched, after `worked`.
    pub fn nothing(worked: Duration) -> Self {
        DualOutcome {
            bound: None,
            read: None,
            pool: Elite::default(),
            diffusion: None,
            worked,
            searched: Duration::ZERO,
        }
    }
}

/// What the dual's thread works on and shares with the local search.
pub(super) struct Dual<'a, 'q> {
    /// The (presolved) problem.
    pub q: &'q ChoiceProblem,
    /// The solve's options.
    pub opts: &'a SolveOptions,
    /// The phases' shares.
    pub budget: PhaseShares,
    /// Whether the dual runs beside the local search (else before it).
    pub concurrent: bool,
    /// The solve's deadline.
    pub deadline: Instant,
    /// The bound and the cheapest answer, shared with the local search.
    pub shared: &'a SharedBound,
    /// Set when the solve no longer needs the dual.
    pub stop: &'a AtomicBool,
    /// The dual's best bound and its multipliers, as they improve.
    pub found: &'a Mutex<Proven>,
}

impl<'q> Dual<'_, 'q> {
    /// The dual's bound, and an answer from its prices.
    pub fn run(&self) -> DualOutcome<'q> {
        let Dual { q, opts, budget, concurrent, deadline, shared, stop, found } = *self;
        let started = Instant::now();
        // With repeats linked, the linked problem's dual runs first (up to `LIFT_SHARE` of the dual's
        // time; it ends sooner once its bound stops rising) and the whole one starts from it.
        let lifted = match opts.link {
            true => {
                let time = budget.dual.mul_f64(LIFT_SHARE);
                let effort = Effort::of(time, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
                Diffusion::lifted(q, &effort, stop)
            }
            false => None,
        };
        let was_lifted = lifted.is_some();
        let lift = Duration::from_secs_f64(lifted.as_ref().map_or(0.0, |(_, s)| *s));
        let (time, cap) = (budget.dual.saturating_sub(lift), budget.dual_cap.saturating_sub(lift));
        let effort = Effort::of(time, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
        let cap = Effort::of(cap, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
        let start = lifted.map_or_else(|| Diffusion::new(q), |(d, _)| d);
        let known =
            opts.warm_start.as_ref().and_then(|w| evaluate(q, w).ok()).filter(|e| e.is_feasible()).map(|e| e.cost);
        // (A clone shares the cap's record of which limit ended it.)
        let mut d = start.sharing(shared.clone()).extending(cap.clone(), known);
        let mut bound = d.run(&effort, stop, found);
        let mut worked = (lift + Duration::from_secs_f64(d.worked_s())).max(budget.dual);
        // A lifted start is a guess: where linking is not exact (the linked problem's optimum above
        // the whole's), the reparametrization shared out from it can start so far off balance that the
        // diffusion crawls, or its multipliers' steps throw it back, where one from zero converges in
        // seconds. Which start is better shows only by running them: when the lifted one ended its
        // share stalled (its bound flat over its last check), short of the answer known (or none is
        // known), a diffusion from zero runs the same share at once: the better bound stands, and the
        // searches start from the runner that reads the cheaper answer (below). The other is kept:
        // where the searches find no answer, both are read.
        let mut other = None;
        if was_lifted && d.stalled() {
            let left = budget.dual_cap.saturating_sub(worked);
            let bound_before = bound;
            if let Some(mut zero) = self.zero_start(bound, known, left) {
                let b = zero.run(&self.effort(budget.dual), stop, found);
                worked += Duration::from_secs_f64(zero.worked_s());
                bound = bound.max(b);
                // The better bound does not always read the better answer, and a search cut short by
                // the clock answers little better than its start.
                let read = |x: &Diffusion<'q>| {
                    x.read_answer().and_then(|a| evaluate(q, &a).ok()).filter(|e| e.is_feasible()).map(|e| e.cost)
                };
                let (rz, rd) = (read(&zero), read(&d));
                let zero_reads_better = match (rz, rd) {
                    (Some(z), Some(l)) => z < l,
                    (z, l) => z.is_some() || (l.is_none() && b > bound_before),
                };
                other = Some(if zero_reads_better { std::mem::replace(&mut d, zero) } else { zero });
            }
        }
        let raced = other.is_some();
        let proves_known = known.is_some_and(|k| bound.is_some_and(|b| b >= k));
        let why = match () {
            _ if proves_known || shared.settled() => Stop::Proved,
            _ if d.stalled() => Stop::Converged,
            _ => cap.stop(effort.stop(Stop::Converged)),
        };
        opts.log.record(Phase::Dual, started, why);
        // The bound proves the start given: that answer is optimal, and nothing is read.
        if proves_known {
            return DualOutcome { bound, ..DualOutcome::nothing(worked) };
        }
        // From the dual's prices and reparametrization, the Lagrangian search (TRW-S and tree moves on
        // the priced costs), reading forward and backward: one search per thread (one after the other
        // on one thread), the cheaper answer goes on. The answer read from the diffusion itself when neither
        // finds one that fits.
        let (pool, search_time) = match budget.lagrangian.is_zero() || stop.load(Ordering::Relaxed) {
            true => (Elite::default(), Duration::ZERO),
            false => {
                let share = budget.lagrangian.as_secs_f64();
                // Where a MIP lies ahead, which can prove what it finds, it keeps its time.
                let cap = if mip_ahead(q) { budget.lagrangian } else { budget.lagrangian_cap };
                let effort = Effort::of(cap, opts.deterministic, ENTRIES_PER_S, &opts.watch).capped(deadline);
                let searching = Instant::now();
                let (pool, took, why) = crate::search::lagrangian::search_both(
                    q,
                    &d,
                    (opts.seed, concurrent),
                    (share, &effort),
                    stop,
                    shared,
                );
                opts.log.record(Phase::Lagrangian, searching, why);
                (pool, Duration::from_secs_f64(took.max(0.0)))
            }
        };
        // The dual stopped at its share when no answer it knew was close; the search's answer may be
        // one it was closing in on: then it goes on, within what is left of its cap.
        if let Some((cost, _)) = pool.best()
            && !stop.load(Ordering::Relaxed)
        {
            let left = budget.dual_cap.saturating_sub(worked + search_time);
            let cap = Effort::of(left, opts.deterministic, UNITS_PER_S, &opts.watch).capped(deadline);
            let resumed = Instant::now();
            if let Some(b) = d.resume(*cost, cap.clone(), stop, found) {
                bound = bound.max(Some(b));
                worked += Duration::from_secs_f64(d.worked_s());
                let why = if b >= *cost { Stop::Proved } else { cap.stop(Stop::Converged) };
                opts.log.record(Phase::Dual, resumed, why);
            }
        }
        // A lifted start that was not stalled when its share ended (still rising, or converged) and
        // stopped short of the best answer known after the searches, with a full share of its cap
        // left, is followed by a diffusion from zero for that share (going on while it closes in);
        // the better bound stands.
        let best_known = pool.best().map(|(c, _)| *c).into_iter().chain(known).min();
        let left = budget.dual_cap.saturating_sub(worked + search_time);
        if was_lifted
            && !raced
            && best_known.is_some()
            && let Some(mut zero) = self.zero_start(bound, best_known, left)
        {
            bound = bound.max(zero.run(&self.effort(budget.dual), stop, found));
            worked += Duration::from_secs_f64(zero.worked_s());
        }
        // Where the searches found nothing (cut by the clock), the cheaper of the answers read from
        // the race's two runners: the one with the better bound is not always the one whose costs
        // read the better answer.
        let read = pool.best().map(|(_, x)| x.clone()).or_else(|| {
            let reads = std::iter::once(d.read_answer()).chain(other.as_ref().map(Diffusion::read_answer));
            reads
                .flatten()
                .filter_map(|x| evaluate(q, &x).ok().filter(|e| e.is_feasible()).map(|e| (e.cost, x)))
                .min_by_key(|(c, _)| *c)
                .map(|(_, x)| x)
                .or_else(|| d.read_answer())
        });
        // The diffusion goes on to the MIP phase, which may search from it again.
        let diffusion = (!budget.lagrangian.is_zero()).then_some(d);
        DualOutcome { bound, read, pool, diffusion, worked, searched: search_time }
    }

    /// `time` as the dual's work, ended by the solve's deadline.
    fn effort(&self, time: Duration) -> Effort {
        Effort::of(time, self.opts.deterministic, UNITS_PER_S, &self.opts.watch).capped(self.deadline)
    }

    /// A diffusion from zero, to run for the dual's share and on to `left` while it closes in on
    /// `known`, when a lifted start's `bound` stopped short of that answer (or none is known) and a
    /// full share of the cap is left; `None` otherwise (or once the solve no longer needs the dual).
    fn zero_start(&self, bound: Option<i128>, known: Option<i128>, left: Duration) -> Option<Diffusion<'q>> {
        let short = known.is_none_or(|k| bound.is_none_or(|b| b < k));
        (short && left >= self.budget.dual && !self.stop.load(Ordering::Relaxed))
            .then(|| Diffusion::new(self.q).sharing(self.shared.clone()).extending(self.effort(left), known))
    }
}
