//! automap's encodings: mesh specs, sharding rules as data, strategy enumeration, resharding as
//! collectives, the cost model, plans, tactics recognised by structure (and the reference plans built
//! from them), the bridge from the IR to solver problems,
//! and what is written out (the annotated module, plan.json, reports).

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod build;
pub mod conflict;
pub mod constraints;
pub mod cost;
pub mod export;
pub mod flops;
pub mod fusion;
pub mod mesh;
pub mod overlap;
pub mod plan;
pub mod reshard;
pub mod rules;
pub mod schedule;
pub mod spec_error;
pub mod step_time;
pub mod strategy;
pub mod symmetry;
pub mod tactics;
