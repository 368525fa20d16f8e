//! automap: provably optimal sharding plans for JAX/XLA programs on a device mesh.
//!
//! This facade re-exports the workspace's crates and holds the reports the `automap` binary prints.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub use automap_encodings as encodings;
pub use automap_ir as ir;
pub use automap_solver as solver;

pub mod inspect;
pub mod planner;
pub mod report;
