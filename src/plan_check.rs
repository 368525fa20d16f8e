//! `check`: is a given answer feasible, what does it cost, and is it optimal? For a contest problem the
//! answer is a strategy list; for a model, a plan.json or a reference plan, encoded into the model's
//! choice problem (with the user's constraints) and checked there.

use crate::error::Error;
use crate::inputs::{Model, load_plan_json};
use crate::planner::{PlanOptions, Planner};
use automap_sharding::Mesh;
use automap_sharding::tactics::Recipes;
use automap_sharding::tactics::{Recognised, parse_tactics};
use automap_solver::{ChoiceProblem, Engine, Verdict};
use std::path::Path;
use std::time::Duration;

/// A model's choice problem and the answer `plan` describes: a `plan.json` (its `solver.choice`) or a
/// reference plan (`dp:data+megatron:model`).
pub fn model_answer(
    model: &Model,
    mesh: &Mesh,
    plan: &str,
    opts: &PlanOptions,
) -> Result<(ChoiceProblem, Vec<usize>, Option<String>), Error> {
    let planner = Planner::new(model, mesh, opts)?;
    let built = planner.built();
    let choice = if plan.ends_with(".json") {
        load_plan_json(Path::new(plan))?.solver.choice
    } else {
        let tactics = parse_tactics(plan, mesh).map_err(|e| Error::Usage(format!("--plan {plan}: {e}")))?;
        let space = planner.space();
        let found = Recognised::new(space);
        let p = Recipes::new(space, built, &found).reference(&tactics, opts.time_limit, opts.threads, None).plan;
        built.encode(&p).ok_or_else(|| {
            Error::Usage(format!(
                "--plan {plan}: an argument sharding of this plan is not among the solver's candidates"
            ))
        })?
    };
    if choice.len() != built.problem.nodes.len()
        || choice.iter().zip(built.problem.nodes.values()).any(|(&c, n)| c >= n.strategies.len())
    {
        return Err(Error::Usage(format!("--plan {plan}: the plan was made for another model or mesh")));
    }
    let constraints = planner.constraints().map(str::to_string);
    Ok((planner.into_built().problem, choice, constraints))
}

/// Check `choice` on `problem` (shown as `name`) with `engine` within `time_limit`.
pub fn check(
    name: &str,
    problem: &ChoiceProblem,
    choice: &[usize],
    engine: Engine,
    time_limit: Duration,
) -> Result<Verdict, Error> {
    if choice.len() != problem.nodes.len() {
        return Err(Error::Usage(format!(
            "the answer has {} choices; the problem has {} nodes",
            choice.len(),
            problem.nodes.len()
        )));
    }
    automap_solver::check(problem, choice, engine, time_limit).map_err(|e| Error::solve(name, e, ""))
}
