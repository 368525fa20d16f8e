//! The exact backends, which prove what they answer: HiGHS (the MIP, and the model builder every MIP
//! the solver poses goes through), Z3 (an independent proof engine for small problems) and brute force
//! (tiny problems, and the reference the others are tested against).

pub(crate) mod brute;
pub(crate) mod edge_groups;
pub(crate) mod highs;
mod interrupt;
pub(crate) mod smt;

pub use brute::BruteForce;
pub use highs::Highs;
pub use smt::{Cheaper, Z3};
