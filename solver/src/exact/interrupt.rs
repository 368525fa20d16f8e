//! Stopping HiGHS at a deadline from inside its solve. HiGHS checks its own `time_limit` only between
//! some of its steps, and on large models it runs far past it (the contest's K: 42.8 s for a 30 s
//! `solve`, docs/measurements/solver-2026-12-06.md). Its C API calls a user function at its interrupt points (between
//! MIP nodes, inside simplex and interior-point iterations) and stops when that function sets `user_interrupt`;
//! [`Interrupt::arm`] installs one that does so once the deadline has passed.
//!
//! The `highs` crate does not wrap callbacks, so this module calls `highs-sys` directly: the only
//! unsafe code of the solver, kept to the two calls that install the function and the function itself.
#![allow(unsafe_code)]

use highs_sys::{
    Highs_setCallback, Highs_startCallback, HighsCallbackDataIn, HighsCallbackDataOut, HighsInt,
    kHighsCallbackIpmInterrupt, kHighsCallbackMipInterrupt, kHighsCallbackSimplexInterrupt, kHighsStatusError,
};
use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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
}
