//! Which stacks the planner places in host memory ([`crate::plan::Stack`]): none while the device's
//! memory can hold the program, else the largest first until it can.
//!
//! The test is the problem's leanest peak: every node at its leanest strategy, the most bytes live at
//! once. Over the limit, no plan fits in the device's memory alone; each stack placed in host memory
//! takes its bytes out of that peak (and out of every plan's). A stack costs its transfers, so no more
//! are placed than the limit needs; where even all of them leave the leanest peak over the limit,
//! none are placed, and the planner says that no plan fits.
//!
//! Where the mesh gives the host memory each device may fill (`device.host_memory_gib`), the stacks
//! placed hold at most that at their leanest: a stack that would take the total past it is passed over
//! for smaller ones. Each placed stack then gets a share of that memory in proportion to its leanest
//! bytes (at least those), and the problem forbids its shardings that hold more, so that no plan holds
//! more in host memory than the host has.

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
    let mut chosen: Vec<(i64, Stack)> = Vec::new();
    for (lean, s) in largest_within_host(space, built, &node_of) {
        off.extend([Some(s.carry), s.init].into_iter().flatten().filter_map(|pos| node_of.get(&pos).copied()));
        chosen.push((lean, s));
        if leanest_peak(built, &off) <= limit as i128 {
            return with_budgets(space, chosen);
        }
    }
    Vec::new()
}

/// The program's stacks with their leanest bytes per device, largest first, as many as the device's
/// host memory holds at their leanest (a stack that would take the total past it is passed over).
fn largest_within_host(
    space: &PlanSpace<'_>,
    built: &ProgramProblem,
    node_of: &HashMap<usize, usize>,
) -> Vec<(i64, Stack)> {
    let mut stacks: Vec<(i64, Stack)> = space
        .stacks()
        .into_iter()
        .filter_map(|s| node_of.get(&s.carry).map(|&n| (leanest(&built.problem.nodes[NodeId::from_u32(n as u32)]), s)))
        .collect();
    stacks.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.carry.cmp(&b.1.carry)));
    let Some(capacity) = space.mesh.device.host_memory_bytes() else { return stacks };
    let mut held = 0.0;
    stacks
        .into_iter()
        .filter(|(lean, _)| {
            let fits = held + *lean as f64 <= capacity;
            if fits {
                held += *lean as f64;
            }
            fits
        })
        .collect()
}

/// The stacks, each with its share of the device's host memory when the mesh bounds it: in proportion
/// to its leanest bytes, so that the shares add up to the host memory and each is at least its leanest.
fn with_budgets(space: &PlanSpace<'_>, chosen: Vec<(i64, Stack)>) -> Vec<Stack> {
    let total: i64 = chosen.iter().map(|(lean, _)| lean).sum();
    let capacity = space.mesh.device.host_memory_bytes();
    chosen
        .into_iter()
        .map(|(lean, mut s)| {
            // At least its leanest bytes, whatever the rounding.
            let lean = u64::try_from(lean).unwrap_or(0);
            s.host_budget = capacity.map(|c| {
                if total > 0 { ((c * lean as f64 / total as f64).floor() as u64).max(lean) } else { c as u64 }
            });
            s
        })
        .collect()
}

/// Where no plan fits: how many stacks the program has in host memory at most (all of them, or as
/// many as the device's host memory holds, largest first) and the leanest peak with those there
/// (`None` when the mesh gives no host bandwidth or no stack fits there).
pub fn leanest_with_stacks_offloaded(space: &PlanSpace<'_>, built: &ProgramProblem) -> Option<(usize, i128)> {
    space.mesh.device.host_bytes_per_s()?;
    let node_of = step_nodes(built);
    let stacks = largest_within_host(space, built, &node_of);
    if stacks.is_empty() {
        return None;
    }
    let off: HashSet<usize> = stacks
        .iter()
        .flat_map(|(_, s)| [Some(s.carry), s.init])
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
