//! automap's sharding model: mesh specs, sharding rules as data, strategy enumeration, resharding as
//! collectives, the cost model, plans, tactics recognised by structure (and the reference plans built
//! from them), the bridge from the IR to solver problems,
//! and what is written out (the annotated module, plan.json, reports).

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod build;
mod compiler_target;
mod conflict;
mod constraints;
mod flops;
mod fusion;
mod host_offload;
mod kernels;
mod mesh;
mod mesh_symmetry;
mod op_cost;
mod overlap;
mod plan;
mod reshard;
mod rules;
mod schedule;
mod spec_error;
mod step_time;
mod strategy;

// The writers (annotated module, plan.json, reports) and the tactics with their reference plans, each
// a namespace of its own.
pub mod export;
pub mod tactics;
// Generated programs and random plans, for the tests and benchmarks of this crate and its users.
pub mod testing;

// What the facade, the Python package and the tests call: a mesh, a program's plan space and its
// choice problem, user constraints, a plan and its cost, and the parts of the cost model the reports
// and checks read.
pub use build::{MAX_COST_SECONDS, NodeRef, ProgramProblem, build, build_on, produced_shardings};
pub use conflict::{Conflict, conflict};
pub use constraints::UserConstraints;
pub use host_offload::{leanest_with_stacks_offloaded, stacks_to_offload};
pub use kernels::{KernelTable, warn_of_unpriced_kernels};
pub use mesh::{BYTES_PER_GIB, CompilerTarget, Efficiency, MAX_MEMORY_GIB, Mesh};
pub use op_cost::compute_cost;
pub use overlap::{Span, Timeline, overlapped_step_s, timeline};
pub use plan::{Held, HostTraffic, MESH_SYMBOL, MemoryProfile, Plan, PlanCost, PlanSpace, Prefetch, Stack};
pub use reshard::{CollectiveKind, reshard};
pub use rules::rule_for;
pub use schedule::Step;
pub use spec_error::SpecError;
