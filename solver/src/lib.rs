//! automap's ML-agnostic solver core.
//!
//! A [`ChoiceProblem`] (nodes choose strategies, edges cost strategy pairs, memory stays under a limit) is
//! what every ILP auto-sharder solves, and what the IOPDDL contest published real instances of. This
//! crate reads and writes that format ([`iopddl`]), evaluates answers exactly ([`evaluate`]), and solves
//! (presolve first, an exact reduction) with several backends behind one [`Backend`] trait, joined by the default
//! [`solve`] pipeline; [`check()`] says whether a given answer is feasible, what it costs and whether it is
//! optimal.
//!
//! # Example
//!
//! Two ops, each replicated (strategy 0) or split (1); split, each runs faster and holds less, and an
//! edge charges a resharding when the two disagree. Under a memory limit only a split pair fits:
//!
//! ```
//! use automap_solver::{ChoiceProblem, Edge, Method, Node, SolveOptions, Status, Strategy, solve};
//!
//! let mut p = ChoiceProblem::default();
//! let replicated = Strategy { cost: 10, usage: 8 };
//! let split = Strategy { cost: 6, usage: 2 };
//! // Live from time 0 to 2 and from 1 to 3: both hold memory at time 1.
//! let a = p.nodes.push(Node::new(vec![replicated, split], (0, 2)));
//! let b = p.nodes.push(Node::new(vec![replicated, split], (1, 3)));
//! // Costs of (a, b) pairs, row-major: resharding costs 5 where they differ.
//! p.edges.push(Edge { from: a, to: b, costs: vec![0, 5, 5, 0] });
//! p.usage_limit = Some(10);
//!
//! let report = solve(&p, Method::Auto, &SolveOptions::default(), &mut |_| {})?;
//! assert_eq!(report.solution.choice, vec![1, 1]);
//! assert_eq!((report.solution.cost, report.solution.status), (12, Status::Optimal));
//! # Ok::<(), automap_solver::SolveError>(())
//! ```
//!
//! The modules, one concept each (dependencies run down this list, never up):
//! - `problem/`: the problem, its ids and units, user constraints, the evaluator, the memory profile;
//! - `formats/`: the IOPDDL contest format;
//! - `rng`: the seeded generator every search draws from; `phase`: the phases progress is reported under;
//! - `reduction`: the one trait of presolve, linking and clusters (`problem`, `lift`, `restrict`);
//! - `effort`: how much a phase may do (a deadline, and work counted in a deterministic solve);
//! - `backend`: the [`Backend`] trait and what every backend takes and returns;
//! - `exact/`: HiGHS (and the MIP builder every sub-problem uses), Z3, brute force;
//! - `link`: repeated nodes found by their costs and wiring, and the problem with each class of them one node;
//! - `bound`: the dual (Lagrangian) lower bound;
//! - `presolve`: exact reductions and the postsolve;
//! - `search/`: assignment state, local search, tree moves, regions, candidate-restricted problems;
//! - `clusters/`: clusters, the coarse MIP, the search over clusters and its thread portfolio;
//! - `heuristics/`: greedy propagation, beam search, MCTS and random restarts, for comparing with the optimum;
//! - `method`: the methods a user picks by name;
//! - `time_shares`: every share of the time limit a phase reads, in one table;
//! - `pipeline`: the default solve; `check`: the verdict on a given answer;
//! - `lean`: memory as the tie-breaker (the leanest answer within a cost cap, by bisection over the limit).
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod backend;
mod bound;
mod check;
mod clusters;
mod effort;
mod exact;
mod formats;
mod heuristics;
mod lean;
mod link;
mod method;
mod phase;
mod pinnable;
mod pipeline;
mod presolve;
mod problem;
mod reduction;
mod rng;
mod search;
#[doc(hidden)]
pub mod testing;
pub mod time_shares;

// What a user of the library calls: the problem and its format, the solve and its options and report,
// the backends behind the one trait, the verdict on an answer, memory as the tie-breaker.
pub use backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
pub use check::{Engine, Verdict, check};
pub use exact::{BruteForce, Highs, Z3};
pub use formats::iopddl;
pub use heuristics::{Beam, Greedy, Mcts, MctsOptions, Restarts};
pub use lean::{Lean, leanest};
pub use method::Method;
pub use phase::{Phase, PhaseRun, Stop, table as phase_table};
pub use pinnable::Pinnable;
pub use pipeline::{LinkStats, Report, solve};
pub use presolve::PresolveStats;
pub use problem::{
    Budget, COST_UNITS_PER_SECOND, ChoiceProblem, Cost, Edge, EdgeId, EvalError, Evaluation, FORBIDDEN_COST, Node,
    NodeId, ProblemError, Strategy, Symmetry, Term, Tie, Usage, cost_from_seconds, evaluate,
};
pub use search::LocalSearch;

/// The pipeline's parts, for the solver's own tests, benches and measurement examples: no stability is
/// promised, and a user of the library needs none of it.
#[doc(hidden)]
pub mod internals {
    pub use crate::bound::{Diffusion, Proven};
    pub use crate::clusters::{
        Board, ClusterSearch, Clusters, CoarseOutcome, HUB_MIN_DEGREE, NoOption, hubs, solve_coarse,
    };
    pub use crate::effort::{ClockWatch, Effort, SharedBound};
    pub use crate::exact::Cheaper;
    pub use crate::exact::smt::{cheaper_than, check as check_with_z3};
    pub use crate::heuristics::Outcome;
    pub use crate::lean::MAX_PROBES as LEAN_MAX_PROBES;
    pub use crate::link::{Linked, repeats};
    pub use crate::pipeline::LINK_WORTH;
    pub use crate::presolve::{Presolved, presolve};
    pub use crate::problem::{max_peak, min_peak};
    pub use crate::reduction::Reduction;
    pub use crate::rng::Rng;
    pub use crate::time_shares::LINK_SHARE;
}
