//! The exact backends, which prove what they answer: HiGHS (the MIP, and the model builder every MIP
//! the solver poses goes through), Z3 (an independent proof engine for small problems) and brute force
//! (tiny problems, and the reference the others are tested against).
//!
//! Z3 links the system's libz3 and comes with the cargo feature `z3` (on by default). Without it the
//! same names exist and answer [`SolveError::Unavailable`](crate::SolveError::Unavailable), so callers
//! need no feature gates of their own.

pub(crate) mod brute;
pub(crate) mod edge_groups;
pub(crate) mod highs;
mod interrupt;
#[cfg(feature = "z3")]
pub(crate) mod smt;
#[cfg(not(feature = "z3"))]
#[path = "smt_absent.rs"]
pub(crate) mod smt;

pub use brute::BruteForce;
pub use highs::Highs;
pub use smt::Z3;

/// What Z3 says about solutions cheaper than a given cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cheaper {
    /// Proven: every feasible solution costs at least the given cost.
    None,
    /// A feasible solution that costs less.
    Found(Vec<usize>),
    /// Z3 gave up (time limit).
    Unknown,
}
