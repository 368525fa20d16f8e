//! Which stacks the planner places in host memory ([`crate::plan::Stack`]): none while the device's
//! memory can hold the program, else the largest first until it can.
//!
//! The test is the problem's leanest peak: every node at its leanest strategy, the most bytes live at
//! once. Over the limit, no plan fits in the device's memory alone; each stack placed in host memory
//! takes its bytes out of that peak (and out of every plan's). A stack costs its transfers, so no more
//! are placed than the limit needs; where even all of them leave the leanest peak over the limit,
//! none are placed, and the planner says that no plan fits.

use crate::build::{NodeRef, ProgramProblem};
use crate::plan::{PlanSpace, Stack};
use automap_solver::{Node, NodeId};
use std::collections::{HashMap, HashSet};

/// The stacks to place in host memory for the problem `built` of `space` to have a plan under its
/// memory limit (empty: it has one without, or none helps, or the mesh gives no host bandwidth).
pub fn stacks_to_offload(space: &PlanSpace<'_>, built: &ProgramProblem) -> Vec<Stack> {
    let (Some(limit), Some(_)) = (built.problem.usage_limit, space.mesh.device.host_bytes_per_s()) else {
        return Vec::new();
    };
    let node_of = step_nodes(built);
    let mut off: HashSet<usize> = HashSet::new();
    if leanest_peak(built, &off) <= limit as i128 {
        return Vec::new();
    }
    let mut stacks: Vec<(i64, Stack)> = space
        .stacks()
        .into_iter()
        .filter_map(|s| node_of.get(&s.carry).map(|&n| (leanest(&built.problem.nodes[NodeId::from_u32(n as u32)]), s)))
        .collect();
    stacks.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.carry.cmp(&b.1.carry)));
    let mut chosen = Vec::new();
    for (_, s) in stacks {
        off.extend([Some(s.carry), s.init].into_iter().flatten().filter_map(|pos| node_of.get(&pos).copied()));
        chosen.push(s);
        if leanest_peak(built, &off) <= limit as i128 {
            return chosen;
        }
    }
    Vec::new()
}

/// Where no plan fits: how many stacks the program has and the leanest peak with all of them in host
/// memory (`None` when the mesh gives no host bandwidth or the program has no stack).
pub fn leanest_with_stacks_offloaded(space: &PlanSpace<'_>, built: &ProgramProblem) -> Option<(usize, i128)> {
    space.mesh.device.host_bytes_per_s()?;
    let stacks = space.stacks();
    if stacks.is_empty() {
        return None;
    }
    let node_of = step_nodes(built);
    let off: HashSet<usize> = stacks
        .iter()
        .flat_map(|s| [Some(s.carry), s.init])
        .flatten()
        .filter_map(|p| node_of.get(&p).copied())
        .collect();
    Some((stacks.len(), leanest_peak(built, &off)))
}

/// The node of each step, by the step's position.
fn step_nodes(built: &ProgramProblem) -> HashMap<usize, usize> {
    built
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| match n {
            NodeRef::Op(pos) => Some((*pos, i)),
            NodeRef::Arg(..) => None,
        })
        .collect()
}

/// The least usage among the node's allowed strategies.
fn leanest(n: &Node) -> i64 {
    (0..n.strategies.len()).filter(|&s| n.allowed(s)).map(|s| n.strategies[s].usage).min().unwrap_or(0)
}

/// The most bytes live at once with every node at its leanest strategy, the nodes in `off` holding none.
fn leanest_peak(built: &ProgramProblem, off: &HashSet<usize>) -> i128 {
    let mut events: Vec<(i64, i128)> = Vec::new();
    for (i, n) in built.problem.nodes.values().enumerate() {
        if off.contains(&i) || n.interval.0 >= n.interval.1 {
            continue;
        }
        let u = leanest(n);
        events.push((n.interval.0, u as i128));
        events.push((n.interval.1, -(u as i128)));
    }
    // Intervals are half-open: at a point, what ends there leaves before what starts there comes.
    events.sort_by_key(|&(t, d)| (t, d > 0));
    let (mut cur, mut peak) = (0i128, 0i128);
    for (_, d) in events {
        cur += d;
        peak = peak.max(cur);
    }
    peak
}
