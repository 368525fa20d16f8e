//! Stopping HiGHS at a deadline from inside its solve. HiGHS checks its own `time_limit` only between
//! some of its steps, and on large models it runs far past it (the contest's K: 42.8 s for a 30 s
//! `solve`). Its C API calls a user function at its interrupt points (between
//! MIP nodes, inside simplex and interior-point iterations) and stops when that function sets `user_interrupt`;
//! [`Interrupt::arm`] installs one that does so once the deadline has passed.
//!
//! Some of HiGHS's inner solves have no interrupt point and no time limit: when the simplex method
//! reaches its iteration limit on a MIP's LP relaxation, HiGHS 1.16 solves that LP again by interior
//! point in a HiGHS instance of its own (`HighsLpRelaxation::run`), with neither; a coarse MIP of
//! Mixtral's training step ran 40 s past a 30 s limit there. [`solve_by`] solves on a thread of its
//! own and gives the solve up once [`GIVE_UP_AFTER`] has passed beyond the deadline.
//!
//! The `highs` crate does not wrap callbacks, so this module calls `highs-sys` directly: the only
//! unsafe code of the solver, kept to the two calls that install the function, the function itself,
//! and the two `Send` claims that move a HiGHS instance to the thread that solves it.
#![allow(unsafe_code)]

use highs::{HighsStatus, SolvedModel};
use highs_sys::{
    Highs_setCallback, Highs_startCallback, HighsCallbackDataIn, HighsCallbackDataOut, HighsInt,
    kHighsCallbackIpmInterrupt, kHighsCallbackMipInterrupt, kHighsCallbackSimplexInterrupt, kHighsStatusError,
};
use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long past its deadline a solve is waited for. At an interrupt point HiGHS stops within
/// milliseconds and then restores its answer (postsolve), which on the largest models takes a second
/// or so; a solve still running after this is in one of the inner solves that have no interrupt point.
pub(crate) const GIVE_UP_AFTER: Duration = Duration::from_secs(3);

/// The interrupt points HiGHS offers: between MIP nodes, in simplex and in interior-point iterations.
const INTERRUPT_POINTS: [HighsInt; 3] =
    [kHighsCallbackMipInterrupt, kHighsCallbackSimplexInterrupt, kHighsCallbackIpmInterrupt];

/// A deadline HiGHS is stopped at. It must outlive the solve it is armed for: [`Interrupt::arm`]
/// returns it boxed (HiGHS keeps its address), and the caller holds the box until the solve returns.
#[derive(Debug)]
pub(crate) struct Interrupt {
    deadline: Instant,
    fired: AtomicBool,
}

impl Interrupt {
    /// Install, on the HiGHS instance behind `model`, a callback that interrupts its solve at
    /// `deadline`. `None` when HiGHS refuses the callback (the solve then stops at HiGHS's own
    /// time limit only).
    pub(crate) fn arm(model: &mut highs::Model, deadline: Instant) -> Option<Box<Interrupt>> {
        let me = Box::new(Interrupt { deadline, fired: AtomicBool::new(false) });
        let highs = model.as_mut_ptr();
        let data = std::ptr::from_ref::<Interrupt>(&me).cast_mut().cast::<c_void>();
        // SAFETY: `highs` is the live HiGHS instance `model` owns; `data` points to the boxed
        // `Interrupt`, which does not move and which the caller keeps alive for the solve (the only
        // time HiGHS calls back); `on_interrupt_point` matches HiGHS's callback signature.
        let set = unsafe { Highs_setCallback(highs, Some(on_interrupt_point), data) };
        if set == kHighsStatusError {
            return None;
        }
        for point in INTERRUPT_POINTS {
            // SAFETY: as above; starting a callback type only sets a flag in the instance.
            if unsafe { Highs_startCallback(highs, point) } == kHighsStatusError {
                return None;
            }
        }
        Some(me)
    }

    /// Did the deadline stop the solve (rather than HiGHS finishing or its own limit)?
    pub(crate) fn fired(&self) -> bool {
        self.fired.load(Ordering::Relaxed)
    }
}

/// HiGHS's callback: at an interrupt point past the deadline, ask HiGHS to stop. It reads only the
/// `Interrupt` behind `user` and writes only `data_in.user_interrupt`; it cannot panic.
unsafe extern "C" fn on_interrupt_point(
    _kind: c_int,
    _message: *const c_char,
    _data_out: *const HighsCallbackDataOut,
    data_in: *mut HighsCallbackDataIn,
    user: *mut c_void,
) {
    // SAFETY: `user` is the `Interrupt` that `arm` installed, alive for the whole solve; HiGHS passes
    // a valid `data_in` at interrupt points (null checked anyway).
    let Some(me) = (unsafe { user.cast::<Interrupt>().as_ref() }) else { return };
    if Instant::now() < me.deadline {
        return;
    }
    me.fired.store(true, Ordering::Relaxed);
    if let Some(data_in) = unsafe { data_in.as_mut() } {
        data_in.user_interrupt = 1;
    }
}

/// A HiGHS model and its interrupt, on their way to the thread that solves them.
struct Solving(highs::Model, Option<Box<Interrupt>>);

// SAFETY: a HiGHS instance holds no thread-bound state (HiGHS runs separate instances on separate
// threads, as the reference plans' solves do); `Solving` moves to one thread, which alone uses it.
unsafe impl Send for Solving {}

/// A solve's outcome, with the interrupt its instance still holds (to ask whether it fired).
pub(crate) struct Solved {
    /// What HiGHS answered.
    pub(crate) outcome: Result<SolvedModel, HighsStatus>,
    /// The interrupt it was armed with.
    pub(crate) interrupt: Option<Box<Interrupt>>,
}

// SAFETY: as for `Solving`: the solving thread hands the instance over and never touches it again.
unsafe impl Send for Solved {}

/// Solves `model` (armed with `interrupt` for `deadline`, [`Interrupt::arm`]) on a thread of its own:
/// what it answered, or `None` when the solve has not returned [`GIVE_UP_AFTER`] past the deadline. A
/// solve given up finishes alone and its answer is dropped.
pub(crate) fn solve_by(model: highs::Model, interrupt: Option<Box<Interrupt>>, deadline: Instant) -> Option<Solved> {
    let job = Solving(model, interrupt);
    // `job` moves whole (a closure naming its fields would capture them apart, and no field is `Send`).
    wait_until(deadline.checked_add(GIVE_UP_AFTER), move || solve(job))
}

/// The solve itself, on the thread [`solve_by`] starts.
fn solve(job: Solving) -> Solved {
    let Solving(model, interrupt) = job;
    Solved { outcome: model.try_solve(), interrupt }
}

/// Runs `f` on a thread of its own and waits for it until `until` (`None`: for as long as it runs): its
/// value, or `None` when it has not returned by then (it then runs on alone). Where no thread can be
/// started, `f` runs here.
fn wait_until<T: Send + 'static>(until: Option<Instant>, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let f = std::sync::Arc::new(std::sync::Mutex::new(Some(f)));
    let on_thread = std::sync::Arc::clone(&f);
    let spawned = std::thread::Builder::new().name("highs".into()).spawn(move || {
        let job = on_thread.lock().ok().and_then(|mut f| f.take());
        if let Some(job) = job {
            let _ = tx.send(job());
        }
    });
    if spawned.is_err() {
        let job = f.lock().ok().and_then(|mut f| f.take());
        return job.map(|job| job());
    }
    match until {
        Some(until) => rx.recv_timeout(until.saturating_duration_since(Instant::now())).ok(),
        None => rx.recv().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use highs::{HighsModelStatus, RowProblem, Sense};

    /// A MIP that presolve does not settle: a multi-dimensional 0-1 knapsack with random weights.
    fn knapsack(seed: u64) -> highs::Model {
        let mut rng = Rng::new(seed);
        let mut p = RowProblem::default();
        let items: Vec<_> = (0..80).map(|_| p.add_integer_column(-(10.0 + rng.below(90) as f64), 0..=1)).collect();
        for _ in 0..6 {
            let row: Vec<_> = items.iter().map(|&c| (c, 5.0 + rng.below(45) as f64)).collect();
            p.add_row(..=500.0, row);
        }
        let mut m = p.optimise(Sense::Minimise);
        m.make_quiet();
        m.set_option("time_limit", 600.0);
        m
    }

    /// A deadline already past stops the solve at HiGHS's first interrupt point (its own time limit is
    /// ten minutes), and says so; a deadline far off changes nothing.
    #[test]
    fn a_past_deadline_interrupts_the_solve() {
        let mut m = knapsack(1);
        let armed = Interrupt::arm(&mut m, Instant::now()).expect("HiGHS takes the callback");
        let solved = m.solve();
        assert_eq!(solved.status(), HighsModelStatus::ReachedInterrupt);
        assert!(armed.fired());

        let mut m = knapsack(1);
        let far = Interrupt::arm(&mut m, Instant::now() + std::time::Duration::from_secs(3600)).expect("armed");
        let solved = m.solve();
        assert_eq!(solved.status(), HighsModelStatus::Optimal);
        assert!(!far.fired());
    }

    /// A job that returns in time gives its value; one that runs past the wait is given up at once,
    /// long before it ends.
    #[test]
    fn a_job_past_its_wait_is_given_up() {
        assert_eq!(wait_until(Some(Instant::now() + Duration::from_secs(60)), || 7), Some(7));
        assert_eq!(wait_until(None, || 8), Some(8));
        let t0 = Instant::now();
        let late = wait_until(Some(t0 + Duration::from_millis(50)), || std::thread::sleep(Duration::from_secs(5)));
        assert_eq!(late, None);
        assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
    }

    /// A solve through its own thread gives HiGHS's answer and its interrupt.
    #[test]
    fn a_solve_on_its_own_thread_answers() {
        let mut m = knapsack(2);
        let deadline = Instant::now() + Duration::from_secs(60);
        let armed = Interrupt::arm(&mut m, deadline);
        let solved = solve_by(m, armed, deadline).expect("answered in time");
        assert_eq!(solved.outcome.expect("solved").status(), HighsModelStatus::Optimal);
        assert!(solved.interrupt.is_some_and(|i| !i.fired()));
    }
}
