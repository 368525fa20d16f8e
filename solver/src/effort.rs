//! How much a phase of a solve may do. Every phase stops at a wall-clock deadline; in a deterministic
//! solve ([`crate::SolveOptions::deterministic`]) it also stops after a number of work units it counts
//! itself (node visits, sweeps), so that where it stops, and so its answer, does not depend on the
//! machine's speed or on which thread ran first. The deadline then stays as a cap (a command ends within
//! its time limit); when the cap, not the work, stops a phase, the answer depends on the clock after all,
//! and the solve's [`ClockWatch`] says so.

use crate::phase::Stop;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Whether a deterministic solve's answer depended on the wall clock: set by every phase the deadline
/// stopped before its work ran out (or that has no work limit and ran to its deadline). Clones share
/// one flag.
#[derive(Clone, Debug, Default)]
pub struct ClockWatch(Arc<AtomicBool>);

impl ClockWatch {
    /// Record that the clock decided where a phase stopped.
    pub fn clock_ended(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Did the clock decide where any phase stopped?
    pub fn clock_decided(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A lower bound that another thread proves while a phase runs, and the cheapest answer any phase has
/// found: a phase whose best answer meets the bound holds an optimal answer and can stop, and so can
/// every phase once the bound meets an answer another one found ([`SharedBound::settled`]). Clones
/// share one bound.
#[derive(Clone, Debug, Default)]
pub struct SharedBound(Arc<Mutex<Shared>>);

/// What [`SharedBound`] shares.
#[derive(Clone, Copy, Debug, Default)]
struct Shared {
    bound: Option<i128>,
    answer: Option<i128>,
}

impl SharedBound {
    /// Record the proven bound `b` (kept when higher than the one before).
    pub fn raise(&self, b: i128) {
        if let Ok(mut x) = self.0.lock()
            && x.bound.is_none_or(|y| y < b)
        {
            x.bound = Some(b);
        }
    }

    /// Record that a phase found an answer (one that fits) costing `cost` (kept when cheaper than the
    /// one before).
    pub fn offer(&self, cost: i128) {
        if let Ok(mut x) = self.0.lock()
            && x.answer.is_none_or(|y| cost < y)
        {
            x.answer = Some(cost);
        }
    }

    /// The best bound proven so far.
    pub fn get(&self) -> Option<i128> {
        self.0.lock().ok().and_then(|x| x.bound)
    }

    /// Does the bound prove `cost` optimal?
    pub fn proves(&self, cost: i128) -> bool {
        self.get().is_some_and(|b| b >= cost)
    }

    /// Does the bound prove an answer that some phase [offered](SharedBound::offer) optimal? Then no
    /// phase can find a cheaper one.
    pub fn settled(&self) -> bool {
        self.0.lock().ok().is_some_and(|x| matches!((x.bound, x.answer), (Some(b), Some(a)) if b >= a))
    }
}

#[cfg(test)]
mod shared_tests {
    use super::SharedBound;

    #[test]
    fn an_offered_answer_is_settled_once_the_bound_meets_it() {
        let s = SharedBound::default();
        assert!(!s.settled());
        s.offer(10);
        s.raise(9);
        assert!(!s.settled() && !s.proves(10));
        s.offer(12);
        s.raise(10);
        assert!(s.settled() && s.proves(10));
    }
}

/// A phase's limits: a deadline, and in a deterministic solve a number of work units.
#[derive(Clone, Debug)]
pub struct Effort {
    deadline: Instant,
    work: Option<u64>,
    /// The work units that stand for one second of the phase (its own rate, see [`Effort::of`]).
    units_per_s: f64,
    watch: ClockWatch,
    /// Which limit first told the phase to stop ([`ENDED_BY_WORK`], [`ENDED_BY_CLOCK`]; 0 while none
    /// has), shared by the clones the phase hands its steps.
    ended: Arc<AtomicU8>,
}

/// [`Effort::stop`]: the phase's work ran out.
const ENDED_BY_WORK: u8 = 1;
/// [`Effort::stop`]: the phase's deadline passed.
const ENDED_BY_CLOCK: u8 = 2;

impl Effort {
    /// A phase that stops at `deadline` only.
    pub fn until(deadline: Instant) -> Effort {
        Effort { deadline, work: None, units_per_s: 1.0, watch: ClockWatch::default(), ended: Arc::default() }
    }

    /// A phase of `time` from now; in a deterministic solve also of `time` × `units_per_s` work units
    /// (`units_per_s` is the phase's own rate, set low enough that the work normally runs out first).
    /// `watch` hears when the clock stops it first.
    pub fn of(time: Duration, deterministic: bool, units_per_s: f64, watch: &ClockWatch) -> Effort {
        let work = deterministic.then(|| (time.as_secs_f64() * units_per_s).min(u64::MAX as f64) as u64);
        Effort { deadline: Instant::now() + time, work, units_per_s, watch: watch.clone(), ended: Arc::default() }
    }

    /// The same phase with nothing left of it: over at once, its work (when counted) in the same units.
    pub fn spent(&self) -> Effort {
        Effort { deadline: Instant::now(), work: self.work.map(|_| 0), ended: Arc::default(), ..self.clone() }
    }

    /// Is the phase counted in work (a deterministic solve)?
    pub fn counted(&self) -> bool {
        self.work.is_some()
    }

    /// The watch that hears when the clock stops this phase (for the phases it starts in turn).
    pub fn watch(&self) -> &ClockWatch {
        &self.watch
    }

    /// The phase's length: in a counted phase, the time its work stands for; else the time left
    /// until its deadline.
    pub fn nominal(&self) -> Duration {
        match self.work {
            Some(w) => Duration::from_secs_f64(w as f64 / self.units_per_s),
            None => self.deadline.saturating_duration_since(Instant::now()),
        }
    }

    /// The deadline.
    pub fn deadline(&self) -> Instant {
        self.deadline
    }

    /// Seconds into the phase, having done `spent` work units since `t0`: by the clock, or in a
    /// counted phase by its work at its rate, so that what a phase does on a schedule (every few
    /// seconds) happens at the same points on every run.
    pub fn seconds(&self, spent: u64, t0: Instant) -> f64 {
        match self.work {
            Some(_) => spent as f64 / self.units_per_s,
            None => t0.elapsed().as_secs_f64(),
        }
    }

    /// A part of this phase lasting `time`: in a counted phase, `time`'s worth of work at this phase's
    /// rate, capped by this phase's deadline; otherwise until `time` from now, no later than that.
    pub fn part(&self, time: Duration) -> Effort {
        let work = self.work.map(|_| (time.as_secs_f64() * self.units_per_s).min(u64::MAX as f64) as u64);
        let deadline = match work {
            Some(_) => self.deadline,
            None => (Instant::now() + time).min(self.deadline),
        };
        Effort { deadline, work, units_per_s: self.units_per_s, watch: self.watch.clone(), ended: Arc::default() }
    }

    /// The work units that stand for `seconds` of this phase.
    pub fn units(&self, seconds: f64) -> u64 {
        (seconds * self.units_per_s).clamp(0.0, u64::MAX as f64) as u64
    }

    /// Has the deadline passed? (Recorded as the clock deciding, in a counted phase.) For steps that
    /// run to their end whatever the work, such as a descent to a local optimum.
    pub fn late(&self) -> bool {
        let late = Instant::now() >= self.deadline;
        if late {
            self.ended(ENDED_BY_CLOCK);
        }
        late
    }

    /// This phase with its deadline moved earlier to `deadline`, when that is sooner.
    pub fn capped(mut self, deadline: Instant) -> Effort {
        self.deadline = self.deadline.min(deadline);
        self
    }

    /// Must the phase stop, having done `spent` work units? (The clock is read too.)
    pub fn over(&self, spent: u64) -> bool {
        if self.work.is_some_and(|w| spent >= w) {
            self.ended(ENDED_BY_WORK);
            return true;
        }
        if Instant::now() >= self.deadline {
            self.ended(ENDED_BY_CLOCK);
            return true;
        }
        false
    }

    /// Record that `limit` told the phase to stop (the first limit to do so is kept); the clock
    /// ending a counted phase is also told to the watch.
    fn ended(&self, limit: u8) {
        let _ = self.ended.compare_exchange(0, limit, Ordering::Relaxed, Ordering::Relaxed);
        if limit == ENDED_BY_CLOCK && self.work.is_some() {
            self.watch.clock_ended();
        }
    }

    /// Why the phase stopped, as far as its limits know: [`Stop::Work`] or [`Stop::Time`] when one of
    /// them told it to ([`Effort::over`], [`Effort::late`]), else `otherwise` (the phase's own reason).
    pub fn stop(&self, otherwise: Stop) -> Stop {
        match self.ended.load(Ordering::Relaxed) {
            ENDED_BY_WORK => Stop::Work,
            ENDED_BY_CLOCK => Stop::Time,
            _ => otherwise,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work ends a deterministic phase without a word to the watch; the clock ending it is recorded,
    /// and a phase counted in time alone never records anything.
    #[test]
    fn the_watch_hears_only_of_the_clock_ending_a_counted_phase() {
        let watch = ClockWatch::default();
        let e = Effort::of(Duration::from_secs(60), true, 10.0, &watch);
        assert!(!e.over(599));
        assert!(e.over(600));
        assert!(!watch.clock_decided());
        let late = Effort::of(Duration::from_secs(60), true, 10.0, &watch).capped(Instant::now());
        assert!(late.over(0));
        assert!(watch.clock_decided());
        let quiet = ClockWatch::default();
        let timed = Effort::of(Duration::ZERO, false, 10.0, &quiet);
        assert!(timed.over(0));
        assert!(!quiet.clock_decided());
        assert!(!Effort::of(Duration::from_secs(60), false, 10.0, &quiet).over(u64::MAX));
    }

    /// The first limit that tells a phase to stop is the reason it gives; a phase no limit stopped
    /// gives its own.
    #[test]
    fn a_phase_says_which_limit_stopped_it() {
        let watch = ClockWatch::default();
        let counted = Effort::of(Duration::from_secs(60), true, 10.0, &watch);
        assert_eq!(counted.stop(Stop::Converged), Stop::Converged);
        assert!(counted.clone().over(600));
        assert_eq!(counted.stop(Stop::Converged), Stop::Work);
        let late = Effort::until(Instant::now());
        assert!(late.late());
        assert!(late.over(0));
        assert_eq!(late.stop(Stop::Done), Stop::Time);
        assert_eq!(late.part(Duration::from_secs(1)).stop(Stop::Done), Stop::Done, "a part has its own");
    }

    /// A counted part keeps its whole's deadline and has its own work at its whole's rate, and its
    /// seconds are its work's; a timed part ends at its own time or its whole's deadline, the sooner.
    #[test]
    fn a_part_of_a_counted_phase_counts_its_own_work() {
        let watch = ClockWatch::default();
        let whole = Effort::of(Duration::from_secs(100), true, 10.0, &watch);
        let part = whole.part(Duration::from_secs(3));
        assert_eq!(part.deadline(), whole.deadline());
        assert!(!part.over(29) && part.over(30));
        assert_eq!(part.nominal(), Duration::from_secs(3));
        assert_eq!(part.seconds(15, Instant::now()), 1.5);
        assert_eq!(part.units(0.5), 5);
        let timed = Effort::until(Instant::now() + Duration::from_secs(100));
        assert!(timed.part(Duration::from_secs(3)).deadline() < timed.deadline());
        assert!(timed.part(Duration::from_secs(300)).deadline() == timed.deadline());
        assert!(!timed.counted() && whole.counted());
    }
}
