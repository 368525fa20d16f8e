//! Heuristic search on the original problem: the assignment state with its moves, the local-search
//! backend, tree moves (exact dynamic programming over random induced forests), regions re-solved
//! exactly with everything else fixed, and problems restricted to a few candidate strategies per node.
//!
//! Dependencies run one way: `local`, `trees`, `regions` and `candidates` build on `state`; `local`
//! also uses `trees`.

pub(crate) mod candidates;
pub(crate) mod lagrangian;
pub(crate) mod local;
pub(crate) mod regions;
pub(crate) mod state;
pub(crate) mod trees;

pub use local::LocalSearch;
