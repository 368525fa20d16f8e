//! Reference plans: what an expert's recipe (`fsdp:node+fsdp:gpu`) gives when it runs as experts run
//! it. The recipe fixes how every argument is stored (the tactics' shardings; replicated where no
//! tactic shards it), and everything in between (activations, loop carries, gradients) is decided the
//! way the solver decides the plan: the choice problem with those arguments pinned, solved within the
//! device's memory, or with no memory limit where no plan of the recipe fits (the table then shows
//! what it needs). That is how the pins reach every op
//! of a scanned layer's body, as a practitioner's activation constraints (MaxText's logical axis rules)
//! make XLA carry them; a greedy propagation from the arguments does not (it decides each op from its
//! operands alone, and on a stacked decoder gathered whole activations to match sharded weights).
//!
//! A recipe that shards nothing (`replicated`) is propagated: with every argument whole there is
//! nothing to decide, and a solve would split the work, which is not what "replicated" means.

use super::{Applied, Recognised, Tactic};
use crate::build::{NodeRef, ProgramProblem};
use crate::plan::{Plan, PlanSpace};
use automap_solver::{Method, NodeId, SolveOptions, Status};
use std::time::Duration;

/// How a reference plan was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// Propagated from whole arguments (nothing sharded).
    Propagated,
    /// Solved with the arguments pinned: optimal (or within the solver's gap tolerance).
    Optimal,
    /// Solved with the arguments pinned: the best found within its time.
    BestFound,
}

impl std::fmt::Display for Decided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decided::Propagated => "propagated",
            Decided::Optimal => "optimal",
            Decided::BestFound => "best found",
        })
    }
}

/// A reference plan and how it was decided.
pub struct Reference {
    /// The plan.
    pub plan: Plan,
    /// The tactics applied to the arguments.
    pub applied: Applied,
    /// How the ops between the arguments were decided.
    pub decided: Decided,
    /// Arguments whose recipe sharding is not among their candidates, left to the solver.
    pub unpinned: usize,
}

/// The reference plan of `tactics` on `space`'s program: the arguments pinned as the tactics store
/// them in a copy of `built`, the rest solved within `budget` on `threads` (each try: within `built`'s
/// memory limit, then without one if nothing fits).
pub fn reference(
    space: &PlanSpace<'_>,
    built: &ProgramProblem,
    found: &Recognised,
    tactics: &[Tactic],
    budget: Duration,
    threads: u32,
) -> Reference {
    let applied = found.apply(space, tactics);
    let shards_nothing = applied.args.iter().all(|a| a.used_axes().next().is_none());
    if shards_nothing {
        return Reference {
            plan: space.propagate(applied.args.clone()),
            applied,
            decided: Decided::Propagated,
            unpinned: 0,
        };
    }
    let mut b = built.clone();
    let unpinned = pin_every_argument(&mut b, &applied);
    let opts = SolveOptions::default().time_limit(budget).threads(threads).deterministic(true);
    // Within the device's memory, as an expert would run the recipe; where no plan of it fits, without
    // a limit, so that the table shows what it needs.
    let mut solved = automap_solver::solve(&b.problem, Method::Auto, &opts, &mut |_| {});
    if matches!(solved, Err(automap_solver::SolveError::Infeasible { .. })) && b.problem.usage_limit.is_some() {
        b.problem.usage_limit = None;
        solved = automap_solver::solve(&b.problem, Method::Auto, &opts, &mut |_| {});
    }
    match solved {
        Ok(r) => {
            let proven = matches!(r.solution.status, Status::Optimal | Status::GapLimit);
            let decided = if proven { Decided::Optimal } else { Decided::BestFound };
            Reference { plan: b.decode(space, &r.solution.choice), applied, decided, unpinned }
        }
        // Nothing within the budget (or the user's constraints exclude the recipe): the propagation.
        Err(_) => {
            Reference { plan: space.propagate(applied.args.clone()), applied, decided: Decided::Propagated, unpinned }
        }
    }
}

/// Pin every argument to its sharding in `applied` (replicated where no tactic sharded it); returns how
/// many arguments could not be pinned (the sharding is not among their candidates, or is forbidden).
fn pin_every_argument(built: &mut ProgramProblem, applied: &Applied) -> usize {
    let mut unpinned = 0;
    for node in 0..built.nodes.len() {
        let NodeRef::Arg(i, cands) = &built.nodes[node] else { continue };
        let want = &applied.args[*i];
        let id = NodeId::from_u32(node as u32);
        let Some(keep) = cands.iter().position(|c| super::pin::same_layout(c, want)) else {
            unpinned += 1;
            continue;
        };
        if !built.problem.nodes[id].allowed(keep) {
            unpinned += 1;
            continue;
        }
        for s in (0..cands.len()).filter(|&s| s != keep) {
            built.problem.forbid(id, s);
        }
    }
    unpinned
}
