//! automap's encodings: mesh specs, sharding rules as data, strategy enumeration, resharding as
//! collectives, the cost model, plans and reference plans, and the bridge from the IR to solver problems.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod build;
pub mod constraints;
pub mod cost;
pub mod flops;
pub mod mesh;
pub mod plan;
pub mod reshard;
pub mod rules;
pub mod spec_error;
pub mod strategy;
