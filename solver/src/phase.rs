//! The phases a solve reports its progress under ([`crate::Progress`]), each with the one name the
//! command line and the Python package print; and the log of the phases a solve ran ([`PhaseRun`]):
//! how long each took and why it stopped ([`Stop`]), which a solve returns in its report.

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A phase of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The exact reductions before any search.
    Presolve,
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
            Phase::Presolve => "presolve",
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

/// Why a phase of a solve stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// An answer was proven optimal (its own, or one another phase found): nothing cheaper exists.
    Proved,
    /// Its share of the time limit ran out.
    Time,
    /// It did the work its share stands for (a deterministic solve counts work, not seconds).
    Work,
    /// It stopped making progress: a local optimum no perturbation left, a bound that stopped rising,
    /// a round of searches that found nothing new.
    Converged,
    /// It did all it had to do (a reduction, a pass over every part).
    Done,
    /// It did not start: its model is too large for the time left, and the next phase runs instead.
    TooLarge,
}

impl Stop {
    /// A phase's share ran out: its work in a `counted` (deterministic) solve, else its time.
    pub fn share_spent(counted: bool) -> Stop {
        if counted { Stop::Work } else { Stop::Time }
    }

    /// The reason in words, as the command line prints it.
    pub fn reason(self) -> &'static str {
        match self {
            Stop::Proved => "an answer proven optimal",
            Stop::Time => "its time ran out",
            Stop::Work => "its work budget ran out",
            Stop::Converged => "no further progress",
            Stop::Done => "finished",
            Stop::TooLarge => "too large for the time left",
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.reason())
    }
}

/// One phase a solve ran: which, for how long, and why it stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseRun {
    /// The phase.
    pub phase: Phase,
    /// Seconds it ran (by the clock; a deterministic solve's answer does not depend on them).
    pub seconds: f64,
    /// Why it stopped.
    pub stop: Stop,
}

/// The phases a solve ran, in the order they ended (the dual's thread interleaves with the searches).
/// Clones share one log, so that a phase on another thread records into it too.
#[derive(Clone, Debug, Default)]
pub struct PhaseLog(Arc<Mutex<Vec<PhaseRun>>>);

impl PhaseLog {
    /// Record that `phase`, started at `started`, stopped now because of `stop`.
    pub fn record(&self, phase: Phase, started: Instant, stop: Stop) {
        self.push(PhaseRun { phase, seconds: started.elapsed().as_secs_f64(), stop });
    }

    /// Record `run`.
    pub fn push(&self, run: PhaseRun) {
        if let Ok(mut runs) = self.0.lock() {
            runs.push(run);
        }
    }

    /// The runs recorded so far.
    pub fn runs(&self) -> Vec<PhaseRun> {
        self.0.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

/// `runs` as a table for a terminal: a line per phase with its seconds and why it stopped.
pub fn table(runs: &[PhaseRun]) -> String {
    let mut out = String::from("phase                seconds  stopped because\n");
    for r in runs {
        out.push_str(&format!("{:<18} {:>9.2}  {}\n", r.phase.name(), r.seconds, r.stop));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Phase, PhaseLog, PhaseRun, Stop, table};

    #[test]
    fn a_phase_prints_its_name_padded() {
        assert_eq!(format!("[{:<8}]", Phase::Highs), "[highs   ]");
        assert_eq!(Phase::Episode(1).to_string(), "episode 2/2");
    }

    #[test]
    fn a_log_shared_by_clones_prints_a_line_per_run() {
        let log = PhaseLog::default();
        let other = log.clone();
        log.push(PhaseRun { phase: Phase::Presolve, seconds: 0.25, stop: Stop::Done });
        other.push(PhaseRun { phase: Phase::Highs, seconds: 12.0, stop: Stop::Proved });
        assert_eq!(log.runs().len(), 2);
        let t = table(&log.runs());
        assert!(t.contains("presolve                0.25  finished\n"), "{t}");
        assert!(t.contains("highs                  12.00  an answer proven optimal\n"), "{t}");
    }
}
