//! automap's ML-agnostic solver core.
//!
//! A [`ChoiceProblem`] (nodes choose strategies, edges cost strategy pairs, memory stays under a limit) is
//! what every ILP auto-sharder solves, and what the IOPDDL contest published real instances of. This
//! crate reads and writes that format, evaluates solutions exactly, presolves, and solves with several
//! backends behind one [`Backend`] trait.
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod brute;
pub mod cluster;
pub mod cluster_search;
pub mod coarse;
pub mod constraints;
pub mod dual;
pub mod edge_block;
pub mod eval;
pub mod forest;
pub mod ilp;
pub mod iopddl;
pub mod lns;
pub mod local;
pub mod memory;
pub mod pipeline;
pub mod presolve;
pub mod problem;
pub mod random;
pub mod restrict;
pub mod smt;
pub mod solution;
pub mod team;

pub use problem::{ChoiceProblem, Cost, Edge, EdgeId, Node, NodeId, Strategy, Usage};
pub use solution::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
