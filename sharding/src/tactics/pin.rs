//! `plan --tactic`: a tactic's argument shardings pinned in the choice problem before the solver runs,
//! so that the solver decides only what the tactic leaves open.

use super::Applied;
use crate::build::{NodeRef, ProgramProblem};
use automap_solver::NodeId;
use std::fmt;

/// What pinning removed from the problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pinned {
    /// Argument nodes pinned to one sharding.
    pub nodes: usize,
    /// Strategies forbidden on them.
    pub strategies: usize,
    /// Strategies of the whole problem before.
    pub of: usize,
    /// Arguments whose tactic sharding is not among their candidates (left to the solver), by name.
    pub skipped: Vec<String>,
}

impl fmt::Display for Pinned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tactics pinned {} arguments, removing {} of the problem's {} strategies",
            self.nodes, self.strategies, self.of
        )?;
        if !self.skipped.is_empty() {
            write!(
                f,
                " ({} left to the solver: no candidate sharding is the tactic's: {})",
                self.skipped.len(),
                self.skipped.join(", ")
            )?;
        }
        Ok(())
    }
}

/// Pin every argument a tactic of `applied` sharded to that sharding; `Err` names the first argument
/// whose remaining candidates (after the user's constraints) exclude it.
pub fn pin(built: &mut ProgramProblem, applied: &Applied, name: &dyn Fn(usize) -> String) -> Result<Pinned, String> {
    let mut touched: Vec<usize> = applied.matched.iter().flat_map(|t| t.sharded.iter().map(|&(i, _)| i)).collect();
    touched.sort_unstable();
    touched.dedup();
    let mut out = Pinned { of: built.problem.strategy_count(), ..Pinned::default() };
    for i in touched {
        let want = &applied.args[i];
        let Some((node, cands)) = built.nodes.iter().enumerate().find_map(|(n, r)| match r {
            NodeRef::Arg(j, cands) if *j == i => Some((n, cands.clone())),
            _ => None,
        }) else {
            continue;
        };
        let Some(keep) = cands.iter().position(|c| same_layout(c, want)) else {
            out.skipped.push(name(i));
            continue;
        };
        let id = NodeId::from_u32(node as u32);
        if !built.problem.nodes[id].allowed(keep) {
            return Err(format!("the tactics shard {} as {want}, which the constraints forbid", name(i)));
        }
        let before = built.problem.nodes[id].forbidden.len();
        for s in (0..cands.len()).filter(|&s| s != keep) {
            built.problem.forbid(id, s);
        }
        out.nodes += 1;
        out.strategies += built.problem.nodes[id].forbidden.len() - before;
    }
    Ok(out)
}

/// Do two shardings put the same axes on each dimension, in the same order?
pub(crate) fn same_layout(a: &automap_ir::sharding::TensorSharding, b: &automap_ir::sharding::TensorSharding) -> bool {
    a.dims.len() == b.dims.len()
        && a.dims.iter().zip(&b.dims).all(|(x, y)| x.axes.iter().map(|v| &v.name).eq(y.axes.iter().map(|v| &v.name)))
}
