//! Which of the user's constraints cannot hold together. When pins, forbids, ties and collective bounds
//! leave no assignment, the planner names a minimal set of them that already leaves none (every one of
//! the set is needed for the contradiction), found by deletion: drop each item in turn and keep it out
//! when the rest still contradict. Each test solves the model's problem with every cost set to zero and
//! no memory limit, so that only the constraints can make it infeasible; presolve then folds away
//! nearly everything the constraints do not touch.

use crate::build::ProgramProblem;
use crate::constraints::UserConstraints;
use crate::plan::PlanSpace;
use automap_solver::time_shares::{CONFLICT_FIRST_TEST_S, CONFLICT_TEST_S};
use automap_solver::{FORBIDDEN_COST, Method, SolveError, SolveOptions};
use std::time::{Duration, Instant};

/// What the constraints do to the model's problem without memory.
pub enum Conflict {
    /// They hold together: it is the memory limit they cannot meet (with them).
    WithMemory,
    /// These items cannot all hold.
    Items {
        /// The items, as [`UserConstraints::items`] names them.
        items: Vec<String>,
        /// Each item is needed for the contradiction (false: the deadline came before every item was
        /// tested, and some may not be).
        minimal: bool,
    },
}

/// Find what contradicts in `user`, applied to `base` (the model's problem before any constraint), by
/// `deadline` (the run's time limit): the tests stop there, and the items not yet tested stay in the set.
pub fn conflict(user: &UserConstraints, space: &PlanSpace<'_>, base: &ProgramProblem, deadline: Instant) -> Conflict {
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
    let left = || deadline.saturating_duration_since(Instant::now());
    let holds = |keep: &[bool], seconds: Duration| {
        let mut b = free.clone();
        if user.only(keep).apply(space, &mut b).is_err() {
            return false;
        }
        let opts = SolveOptions::default().time_limit(seconds.min(Duration::from_secs_f64(CONFLICT_TEST_S)));
        !matches!(
            automap_solver::solve(&b.problem, Method::Highs, &opts, &mut |_| {}),
            Err(SolveError::Unsatisfiable { .. } | SolveError::Infeasible { .. })
        )
    };
    let items = user.items();
    let mut keep = vec![true; items.len()];
    if holds(&keep, left().max(Duration::from_secs_f64(CONFLICT_FIRST_TEST_S))) {
        return Conflict::WithMemory;
    }
    let mut minimal = true;
    for i in 0..items.len() {
        if left().is_zero() {
            minimal = false;
            break;
        }
        keep[i] = false;
        if holds(&keep, left()) {
            keep[i] = true;
        }
    }
    let items = items.into_iter().zip(keep).filter(|(_, k)| *k).map(|(s, _)| s).collect();
    Conflict::Items { items, minimal }
}
