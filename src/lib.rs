//! automap: provably optimal sharding plans for JAX/XLA programs on a device mesh.
//!
//! This facade re-exports the workspace's crates and holds what the `automap` binary prints and writes
//! (inspect and plan reports, the planner's output files).

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub use automap_encodings as encodings;
pub use automap_ir as ir;
pub use automap_solver as solver;

pub mod gspmd;
pub mod inspect;
pub mod planner;
pub mod report;
pub mod verdict;
