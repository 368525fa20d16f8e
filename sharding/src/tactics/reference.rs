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
use automap_solver::{Method, NodeId, Pinnable, SolveOptions, Status};
use std::sync::OnceLock;
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
    /// The clock, not the work, stopped a phase of its solve: another run (or machine) may decide it
    /// differently.
    pub clock_decided: bool,
}

/// What every reference plan of one program is solved from: its plan space, its choice problem, what
/// the tactics recognised in it, and the problem presolved once for all recipes, when the first recipe
/// that shards something needs it (every argument node keeps its candidates, so that each recipe pins
/// them on the reduced problem; `None` when the problem is invalid, and every recipe is then
/// propagated).
pub struct Recipes<'a, 'm> {
    space: &'a PlanSpace<'m>,
    built: &'a ProgramProblem,
    found: &'a Recognised,
    pinnable: OnceLock<Option<Pinnable<'a>>>,
}

impl<'a, 'm> Recipes<'a, 'm> {
    /// The reference plans of any recipe on `space`'s program, its problem `built`.
    pub fn new(space: &'a PlanSpace<'m>, built: &'a ProgramProblem, found: &'a Recognised) -> Recipes<'a, 'm> {
        Recipes { space, built, found, pinnable: OnceLock::new() }
    }

    /// The problem presolved for pinning its arguments (once, by the first caller; the others wait).
    fn pinnable(&self) -> Option<&Pinnable<'a>> {
        let built = self.built;
        self.pinnable
            .get_or_init(|| {
                let args: Vec<NodeId> = (0..built.nodes.len())
                    .filter(|&n| matches!(built.nodes[n], NodeRef::Arg(..)))
                    .map(|n| NodeId::from_u32(n as u32))
                    .collect();
                Pinnable::new(&built.problem, &args).ok()
            })
            .as_ref()
    }

    /// The reference plan of `tactics`: the arguments pinned as the tactics store them, the rest
    /// solved within `budget` on `threads` (each try: within the problem's memory limit, then without
    /// one if nothing fits), from `start` where given (an answer of the whole problem, such as the
    /// plan's: its arguments moved to the pins, the search goes on from the rest).
    pub fn reference(&self, tactics: &[Tactic], budget: Duration, threads: u32, start: Option<&[usize]>) -> Reference {
        let (space, built) = (self.space, self.built);
        let applied = self.found.apply(space, tactics);
        let shards_nothing = applied.args.iter().all(|a| a.used_axes().next().is_none());
        let propagated = |applied: Applied, unpinned| Reference {
            plan: space.propagate(applied.args.clone()),
            applied,
            decided: Decided::Propagated,
            unpinned,
            clock_decided: false,
        };
        if shards_nothing {
            return propagated(applied, 0);
        }
        let Some(pinnable) = self.pinnable() else { return propagated(applied, 0) };
        let (pins, unpinned) = argument_pins(built, pinnable, &applied);
        let mut opts = SolveOptions::default().time_limit(budget).threads(threads).deterministic(true);
        if let Some(start) = start.filter(|x| x.len() == built.nodes.len()) {
            let mut x = start.to_vec();
            for &(n, s) in &pins {
                x[n.as_u32() as usize] = s;
            }
            opts = opts.warm_start(x);
        }
        // Within the device's memory, as an expert would run the recipe; where no plan of it fits,
        // without a limit, so that the table shows what it needs.
        let limit = built.problem.usage_limit;
        let mut solved = pinnable.solve(&pins, limit, Method::Auto, &opts, &mut |_| {});
        if matches!(solved, Err(automap_solver::SolveError::Infeasible { .. })) && limit.is_some() {
            solved = pinnable.solve(&pins, None, Method::Auto, &opts, &mut |_| {});
        }
        match solved {
            Ok(r) => {
                let proven = matches!(r.solution.status, Status::Optimal | Status::GapLimit);
                let decided = if proven { Decided::Optimal } else { Decided::BestFound };
                let plan = built.decode(space, &r.solution.choice);
                Reference { plan, applied, decided, unpinned, clock_decided: r.clock_decided }
            }
            // Nothing within the budget (or the user's constraints exclude the recipe): the propagation.
            Err(_) => propagated(applied, unpinned),
        }
    }
}

/// Every argument node at its sharding in `applied` (replicated where no tactic sharded it), and how
/// many arguments could not be pinned (the sharding is not among their candidates, or presolve removed
/// it as forbidden).
fn argument_pins(built: &ProgramProblem, pinnable: &Pinnable<'_>, applied: &Applied) -> (Vec<(NodeId, usize)>, usize) {
    let mut pins = Vec::new();
    let mut unpinned = 0;
    for (node, n) in built.nodes.iter().enumerate() {
        let NodeRef::Arg(i, cands) = n else { continue };
        let id = NodeId::from_u32(node as u32);
        match cands.iter().position(|c| super::pin::same_layout(c, &applied.args[*i])) {
            Some(keep) if pinnable.can_pin(id, keep) => pins.push((id, keep)),
            _ => unpinned += 1,
        }
    }
    (pins, unpinned)
}
