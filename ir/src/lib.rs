//! automap's intermediate representation of a StableHLO program.
//!
//! A [`Module`] holds the entry function as a flat program (calls inlined, `while`/`case` bodies kept as
//! regions), with values and ops in arenas indexed by typed ids. The original text is kept byte for byte,
//! with the spans that let [`write`](mod@write) add attributes without reprinting anything else.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod error;
mod ids;
pub mod kernel_cost;
pub mod loops;
pub mod module;
pub mod op;
mod parse;
pub mod per_call;
pub mod sharding;
mod sharding_rule;
pub mod span;
mod types;
pub mod verify;
pub mod write;

pub use error::ParseError;
pub use ids::{CallSiteId, OpId, ValueId};
pub use kernel_cost::{CostSource, KernelCost};
pub use module::{Module, OpData, ValueData, ValueDef};
pub use op::OpKind;
pub use parse::{parse_bytes, parse_module};
pub use sharding_rule::OpShardingRule;
pub use types::{ElemType, MAX_TENSOR_BYTES, TensorType, Type};
