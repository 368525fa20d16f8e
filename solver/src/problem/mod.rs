//! The choice problem every backend solves, and what is known of an answer without solving: its ids and
//! integer units, user constraints (ties, budgets), relabelings known to keep costs (symmetries), the exact evaluator, and the memory profile that
//! searches keep in step with their moves.
//!
//! Dependencies run one way: `model` → `constraints` → `ids`, `model` → `symmetry`; `eval` and `memory` read `model`.

pub(crate) mod constraints;
pub(crate) mod eval;
mod ids;
pub(crate) mod memory;
mod model;
mod symmetry;

pub use constraints::{Budget, Term, Tie};
pub use eval::{EvalError, Evaluation, evaluate, max_peak, min_peak};
pub use ids::{COST_UNITS_PER_SECOND, Cost, EdgeId, FORBIDDEN_COST, NodeId, Usage, cost_from_seconds};
pub use model::{ChoiceProblem, Edge, Node, ProblemError, Strategy};
pub use symmetry::Symmetry;
