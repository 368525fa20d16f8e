//! Clusters: nodes whose edges fix each other's strategies one to one, merged into one decision among a
//! few consistent options; the coarse problem over them, solved by HiGHS with lazy memory rows
//! (`coarse_mip`) or, when that MIP is too large, by searches over clusters (`search`) run as a
//! portfolio of threads and episodes (`portfolio`).
//!
//! Dependencies run one way: `portfolio` → `search` → `coarse_mip` → `partition`.

pub(crate) mod cluster_search;
pub(crate) mod coarse_mip;
mod partition;
pub(crate) mod portfolio;

pub use cluster_search::{Board, ClusterSearch, HUB_MIN_DEGREE, hubs};
pub use coarse_mip::Outcome as CoarseOutcome;
pub use coarse_mip::solve as solve_coarse;
pub use partition::{Clusters, NoOption};

use crate::problem::ChoiceProblem;

/// A problem seen through its clusters: the problem, its clusters, and their coarse problem
/// ([`Clusters::coarse`]), which travel together through the searches over clusters.
#[derive(Clone, Copy)]
pub(crate) struct Clustered<'a> {
    /// The problem.
    pub(crate) q: &'a ChoiceProblem,
    /// Its clusters.
    pub(crate) cl: &'a Clusters,
    /// The coarse problem over them.
    pub(crate) coarse: &'a ChoiceProblem,
}

impl crate::reduction::Reduction for Clustered<'_> {
    fn problem(&self) -> &ChoiceProblem {
        self.coarse
    }

    fn lift(&self, options: &[usize]) -> Vec<usize> {
        self.cl.lift(options)
    }

    fn restrict(&self, answer: &[usize]) -> Option<Vec<usize>> {
        self.cl.restrict(answer)
    }
}
