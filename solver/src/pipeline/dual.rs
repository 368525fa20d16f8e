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

/// The dual's state between its steps: the diffusion the searches start from, the other runner of a
/// race (kept: where the searches find nothing, both are read), the best bound and the time worked.
struct Progress<'q> {
    d: Diffusion<'q>,
    other: Option<Diffusion<'q>>,
    bound: Option<i128>,
    worked: Duration,
    /// The cost of the answer given before the solve, where it fits.
    known: Option<i128>,
    /// Whether the diffusion started from the linked problem's.
    lifted: bool,
    /// The first diffusion's effort and cap: which of them ended it.
    first: (Effort, Effort),
}

impl<'q> Dual<'_, 'q> {
    /// The dual's bound, and an answer from its prices: the diffusion (from the linked problem's
    /// where repeats are linked, raced by one from zero where that start stalls), then the
    /// Lagrangian search from its prices, then the diffusion resumed towards the search's answer or
    /// followed by one from zero, and the answer read.
    pub fn run(&self) -> DualOutcome<'q> {
        let started = Instant::now();
        let mut at = self.diffuse();
        let proves_known = at.known.is_some_and(|k| at.bound.is_some_and(|b| b >= k));
        let why = match () {
            _ if proves_known || self.shared.settled() => Stop::Proved,
            _ if at.d.stalled() => Stop::Converged,
            _ => at.first.1.stop(at.first.0.stop(Stop::Converged)),
        };
        self.opts.log.record(Phase::Dual, started, why);
        // The bound proves the start given: that answer is optimal, and nothing is read.
        if proves_known {
            return DualOutcome { bound: at.bound, ..DualOutcome::nothing(at.worked) };
        }
        let (pool, searched) = self.search(&at.d);
        self.resume_towards(&mut at, &pool, searched);
        self.follow_from_zero(&mut at, &pool, searched);
        let read = Self::read(self.q, &pool, &at);
        // The diffusion goes on to the MIP phase, which may search from it again.
        let diffusion = (!self.budget.lagrangian.is_zero()).then_some(at.d);
        DualOutcome { bound: at.bound, read, pool, diffusion, worked: at.worked, searched }
    }

    /// The first diffusion. With repeats linked, the linked problem's dual runs first (up to
    /// `LIFT_SHARE` of the dual's time; it ends sooner once its bound stops rising) and the whole one
    /// starts from it; a lifted start that stalls is raced by one from zero ([`Dual::race`]).
    fn diffuse(&self) -> Progress<'q> {
        let Dual { q, opts, budget, deadline, shared, stop, found, .. } = *self;
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
        let bound = d.run(&effort, stop, found);
        let worked = (lift + Duration::from_secs_f64(d.worked_s())).max(budget.dual);
        let mut at = Progress { d, other: None, bound, worked, known, lifted: was_lifted, first: (effort, cap) };
        if was_lifted && at.d.stalled() {
            self.race(&mut at);
        }
        at
    }
    /// A lifted start is a guess: where linking is not exact (the linked problem's optimum above
    /// the whole's), the reparametrization shared out from it can start so far off balance that the
    /// diffusion crawls, or its multipliers' steps throw it back, where one from zero converges in
    /// seconds. Which start is better shows only by running them: when the lifted one ended its
    /// share stalled (its bound flat over its last check), short of the answer known (or none is
    /// known), a diffusion from zero runs the same share at once: the better bound stands, and the
    /// searches start from the runner that reads the cheaper answer. The other is kept: where the
    /// searches find no answer, both are read.
    fn race(&self, at: &mut Progress<'q>) {
        let left = self.budget.dual_cap.saturating_sub(at.worked);
        let bound_before = at.bound;
        let Some(mut zero) = self.zero_start(at.bound, at.known, left) else { return };
        let b = zero.run(&self.effort(self.budget.dual), self.stop, self.found);
        at.worked += Duration::from_secs_f64(zero.worked_s());
        at.bound = at.bound.max(b);
        // The better bound does not always read the better answer, and a search cut short by the
        // clock answers little better than its start.
        let q = self.q;
        let read = |x: &Diffusion<'q>| {
            x.read_answer().and_then(|a| evaluate(q, &a).ok()).filter(|e| e.is_feasible()).map(|e| e.cost)
        };
        let zero_reads_better = match (read(&zero), read(&at.d)) {
            (Some(z), Some(l)) => z < l,
            (z, l) => z.is_some() || (l.is_none() && b > bound_before),
        };
        at.other = Some(if zero_reads_better { std::mem::replace(&mut at.d, zero) } else { zero });
    }

    /// From the dual's prices and reparametrization, the Lagrangian search (TRW-S and tree moves on
    /// the priced costs), reading forward and backward: one search per thread (one after the other on
    /// one thread), the cheaper answer goes on. Its pool of answers, and how long it ran.
    fn search(&self, d: &Diffusion<'q>) -> (Elite, Duration) {
        let Dual { q, opts, budget, concurrent, deadline, shared, stop, .. } = *self;
        if budget.lagrangian.is_zero() || stop.load(Ordering::Relaxed) {
            return (Elite::default(), Duration::ZERO);
        }
        let share = budget.lagrangian.as_secs_f64();
        // Where a MIP lies ahead, which can prove what it finds, it keeps its time.
        let cap = if mip_ahead(q) { budget.lagrangian } else { budget.lagrangian_cap };
        let effort = Effort::of(cap, opts.deterministic, ENTRIES_PER_S, &opts.watch).capped(deadline);
        let searching = Instant::now();
        let (pool, took, why) =
            crate::search::lagrangian::search_both(q, d, (opts.seed, concurrent), (share, &effort), stop, shared);
        opts.log.record(Phase::Lagrangian, searching, why);
        (pool, Duration::from_secs_f64(took.max(0.0)))
    }

    /// The dual stopped at its share when no answer it knew was close; the search's answer may be one
    /// it was closing in on: then it goes on, within what is left of its cap.
    fn resume_towards(&self, at: &mut Progress<'q>, pool: &Elite, searched: Duration) {
        let Some((cost, _)) = pool.best() else { return };
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let left = self.budget.dual_cap.saturating_sub(at.worked + searched);
        let cap = self.effort(left);
        let resumed = Instant::now();
        if let Some(b) = at.d.resume(*cost, cap.clone(), self.stop, self.found) {
            at.bound = at.bound.max(Some(b));
            at.worked += Duration::from_secs_f64(at.d.worked_s());
            let why = if b >= *cost { Stop::Proved } else { cap.stop(Stop::Converged) };
            self.opts.log.record(Phase::Dual, resumed, why);
        }
    }

    /// A lifted start that was not stalled when its share ended (still rising, or converged) and
    /// stopped short of the best answer known after the searches, with a full share of its cap left,
    /// is followed by a diffusion from zero for that share (going on while it closes in); the better
    /// bound stands.
    fn follow_from_zero(&self, at: &mut Progress<'q>, pool: &Elite, searched: Duration) {
        let best_known = pool.best().map(|(c, _)| *c).into_iter().chain(at.known).min();
        let left = self.budget.dual_cap.saturating_sub(at.worked + searched);
        if at.lifted
            && at.other.is_none()
            && best_known.is_some()
            && let Some(mut zero) = self.zero_start(at.bound, best_known, left)
        {
            at.bound = at.bound.max(zero.run(&self.effort(self.budget.dual), self.stop, self.found));
            at.worked += Duration::from_secs_f64(zero.worked_s());
        }
    }

    /// The searches' cheapest answer; where they found nothing (cut by the clock), the cheaper of the
    /// answers read from the race's two runners: the one with the better bound is not always the one
    /// whose costs read the better answer.
    fn read(q: &ChoiceProblem, pool: &Elite, at: &Progress<'q>) -> Option<Vec<usize>> {
        pool.best().map(|(_, x)| x.clone()).or_else(|| {
            let reads = std::iter::once(at.d.read_answer()).chain(at.other.as_ref().map(Diffusion::read_answer));
            reads
                .flatten()
                .filter_map(|x| evaluate(q, &x).ok().filter(|e| e.is_feasible()).map(|e| (e.cost, x)))
                .min_by_key(|(c, _)| *c)
                .map(|(_, x)| x)
                .or_else(|| at.d.read_answer())
        })
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
