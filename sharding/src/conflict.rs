//! Which of the user's constraints cannot hold together. When pins, forbids, ties and collective bounds
//! leave no assignment, the planner names a minimal set of them that already leaves none (every one of
//! the set is needed for the contradiction), found by deletion: drop each item in turn and keep it out
//! when the rest still contradict. Each test solves the model's problem with every cost set to zero and
//! no memory limit, so that only the constraints can make it infeasible; presolve then folds away
//! nearly everything the constraints do not touch.

use crate::build::ProgramProblem;
use crate::constraints::UserConstraints;
use crate::plan::PlanSpace;
use automap_solver::{FORBIDDEN_COST, Method, SolveError, SolveOptions};
use std::time::Duration;

/// Seconds each test of a subset may take; a test that runs out counts as "they hold" (so the set
/// named still contradicts, though it may then be larger than needed).
const TEST_S: f64 = 10.0;

/// What the constraints do to the model's problem without memory.
pub enum Conflict {
    /// They hold together: it is the memory limit they cannot meet (with them).
    WithMemory,
    /// These items (as [`UserConstraints::items`] names them) cannot all hold, and each is needed.
    Items(Vec<String>),
}

/// Find what contradicts in `user`, applied to `base` (the model's problem before any constraint).
pub fn conflict(user: &UserConstraints, space: &PlanSpace<'_>, base: &ProgramProblem) -> Conflict {
    let mut free = base.clone();
    free.problem.usage_limit = None;
    for n in free.problem.nodes.values_mut() {
        for st in &mut n.strategies {
            st.cost = if st.cost >= FORBIDDEN_COST { FORBIDDEN_COST } else { 0 };
        }
    }
    for e in free.problem.edges.values_mut() {
        for c in &mut e.costs {
            *c = if *c >= FORBIDDEN_COST { FORBIDDEN_COST } else { 0 };
        }
    }
    let holds = |keep: &[bool]| {
        let mut b = free.clone();
        if user.only(keep).apply(space, &mut b).is_err() {
            return false;
        }
        let opts = SolveOptions::default().time_limit(Duration::from_secs_f64(TEST_S));
        !matches!(
            automap_solver::solve(&b.problem, Method::Highs, &opts, &mut |_| {}),
            Err(SolveError::Unsatisfiable { .. } | SolveError::Infeasible { .. })
        )
    };
    let items = user.items();
    let mut keep = vec![true; items.len()];
    if holds(&keep) {
        return Conflict::WithMemory;
    }
    for i in 0..items.len() {
        keep[i] = false;
        if holds(&keep) {
            keep[i] = true;
        }
    }
    Conflict::Items(items.into_iter().zip(keep).filter(|(_, k)| *k).map(|(s, _)| s).collect())
}
