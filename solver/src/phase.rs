//! The phases a solve reports its progress under ([`crate::Progress`]), each with the one name the
//! command line and the Python package print.

use std::fmt;

/// A phase of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The linked problem's solve (repeated nodes decided once).
    Linked,
    /// The local search.
    LocalSearch,
    /// The dual bound.
    Dual,
    /// The answer read from the dual's reparametrized costs, polished by the local search.
    DualAnswer,
    /// The Lagrangian search (TRW-S under moving memory prices) on the whole problem.
    Lagrangian,
    /// A MIP over the strategies the best answers use.
    Merged,
    /// A MIP over a few candidate strategies per node of the whole problem.
    Restricted,
    /// MIPs over regions of the whole problem, the rest fixed.
    Regions,
    /// HiGHS on the whole problem.
    Highs,
    /// The coarse MIP over clusters.
    Clusters,
    /// The search over clusters.
    ClusterSearch,
    /// The Lagrangian search over clusters.
    ClusterLagrangian,
    /// One of the two episodes of the searches over clusters (0 or 1).
    Episode(u8),
    /// The episodes' answers crossed by a MIP.
    EpisodesCrossed,
    /// The MIPs around the coarse graph's hubs.
    HubRegions,
    /// The answer's parts that mix twins of a symmetry turned back.
    Symmetry,
    /// Memory as the tie-breaker: the solves that bisect the usage limit.
    Memory,
    /// An answer the caller priced apart (a reference plan), cheaper than the solve's.
    Reference,
    /// The answers the caller prices apart after the solve (reference plans); the incumbent is the
    /// cheapest of them that fits.
    References,
    /// Z3's Optimize.
    Z3,
    /// Greedy propagation.
    Greedy,
    /// Beam search.
    Beam,
    /// Monte Carlo tree search.
    Mcts,
    /// Random restarts.
    Restarts,
}

impl Phase {
    /// The name progress lines print.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Linked => "linked",
            Phase::LocalSearch => "local search",
            Phase::Dual => "dual",
            Phase::DualAnswer => "dual answer",
            Phase::Lagrangian => "lagrangian",
            Phase::Merged => "merged",
            Phase::Restricted => "restricted",
            Phase::Regions => "regions",
            Phase::Highs => "highs",
            Phase::Clusters => "clusters",
            Phase::ClusterSearch => "cluster search",
            Phase::ClusterLagrangian => "lagrangian search",
            Phase::Episode(0) => "episode 1/2",
            Phase::Episode(_) => "episode 2/2",
            Phase::EpisodesCrossed => "episodes crossed",
            Phase::HubRegions => "hub regions",
            Phase::Reference => "reference plan",
            Phase::References => "references",
            Phase::Symmetry => "symmetry",
            Phase::Memory => "memory",
            Phase::Z3 => "z3",
            Phase::Greedy => "greedy",
            Phase::Beam => "beam",
            Phase::Mcts => "mcts",
            Phase::Restarts => "restarts",
        }
    }
}

impl fmt::Display for Phase {
    /// The name, padded to the width asked for (`{:<12}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Phase;

    #[test]
    fn a_phase_prints_its_name_padded() {
        assert_eq!(format!("[{:<8}]", Phase::Highs), "[highs   ]");
        assert_eq!(Phase::Episode(1).to_string(), "episode 2/2");
    }
}
