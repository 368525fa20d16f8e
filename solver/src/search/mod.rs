//! Heuristic search on the original problem: the assignment state with its moves, the local-search
//! backend, tree moves (exact dynamic programming over random induced forests), regions re-solved
//! exactly with everything else fixed, problems restricted to a few candidate strategies per node, the
//! Lagrangian search (memory priced, TRW-S and tree moves on the priced costs), the pool of its
//! cheapest distinct answers that solution merging restricts the problem to, the merging rounds
//! themselves, and parts of an answer turned over by a symmetry of the problem.
//!
//! Dependencies run one way: `local`, `trees`, `regions`, `candidates` and `lagrangian` build on
//! `state`; `local` also uses `trees`; `lagrangian` also uses the dual's TRW-S ([`crate::bound`]) and
//! keeps its answers in an `elite` pool, which depends on nothing; `merge` runs restricted MIPs
//! (through `candidates`, presolve and HiGHS) over the pool's strategies and searches again with
//! `lagrangian`; `symmetry` reads only the problem.

pub(crate) mod candidates;
pub(crate) mod elite;
pub(crate) mod lagrangian;
pub(crate) mod local;
pub(crate) mod merge;
pub(crate) mod regions;
pub(crate) mod state;
pub(crate) mod trees;
pub(crate) mod unmix;

pub use local::LocalSearch;
