//! automap: provably optimal sharding plans for JAX/XLA programs on a device mesh.
//!
//! The library facade the `automap` binary (and any other front end) calls: read the inputs with
//! located errors ([`Model`], [`load_mesh`], ...), [`plan`] a model on a mesh, [`eval`] a reference
//! plan, [`check`] a given answer; every failure is an [`Error`] that says whether it is the input's
//! fault. The workspace's crates are re-exported for what lies below the facade.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub use automap_ir as ir;
pub use automap_sharding as sharding;
pub use automap_solver as solver;

pub mod calibrate;
mod compare;
mod error;
mod inputs;
mod plan_check;
mod planner;
pub mod plots;
pub mod verify;

pub use compare::{Comparison, Run, Subject, compare};
pub use error::Error;
pub use inputs::{Model, load_answer, load_constraints, load_mesh, load_plan_json, load_problem, settings_recipe};
pub use plan_check::{check, model_answer};
pub use planner::{
    Evaluated, PLAN_THREADS, PlanOptions, Planned, Planner, Settings, eval, memory_limit, memory_tolerance, plan,
    seconds,
};
