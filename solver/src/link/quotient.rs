//! The linked problem: each class of repeats one node, decided once for all its members.
//!
//! - A class's node has its members' strategies (they have as many); its cost is the sum of theirs,
//!   plus, for an edge between two members, that edge's cost when both take the same strategy.
//! - Edges between the same two nodes of the linked problem merge into one, their costs summed.
//! - Memory: a member is live over its own interval, and the linked problem's node has one, so the
//!   class is given the hull of its members' intervals and, per strategy, the most its members use at
//!   any one time (their intervals overlap: a deep model's stashed activations nest). That counts at
//!   least what the members use at every time, so every answer of the linked problem that fits fits the
//!   original; it may count more, so a limit the original meets can be out of the linked problem's reach.
//!
//! An answer of the linked problem, mapped back ([`Reduction::lift`]), costs the original exactly what it
//! costs the linked problem.

use crate::problem::{ChoiceProblem, Cost, Edge, EdgeId, FORBIDDEN_COST, Node, NodeId, Strategy, Usage};
use crate::reduction::Reduction;
use std::collections::HashMap;

/// A problem with its repeats linked, and the way back.
#[derive(Clone, Debug)]
pub struct Linked {
    /// The linked problem.
    pub problem: ChoiceProblem,
    /// The linked problem's node of each node of the original.
    pub of: Vec<NodeId>,
    /// The linked problem's edge of each edge of the original, and whether it runs the same way (from
    /// the image of the edge's `from`); `None` for an edge inside a class (folded into its node's costs).
    pub edge_of: Vec<Option<(EdgeId, bool)>>,
}

/// `a + b`, where either at the forbidden marker (or a sum past it) is forbidden.
fn add(a: Cost, b: Cost) -> Cost {
    if a >= FORBIDDEN_COST || b >= FORBIDDEN_COST { FORBIDDEN_COST } else { a.saturating_add(b).min(FORBIDDEN_COST) }
}

/// The most `members` use at one time under strategy `s`, and the hull of their intervals.
fn peak_usage(p: &ChoiceProblem, members: &[NodeId], s: usize) -> Usage {
    let mut events: Vec<(i64, i128)> = Vec::with_capacity(2 * members.len());
    for &v in members {
        let n = &p.nodes[v];
        if n.is_live() {
            let u = i128::from(n.strategies[s].usage);
            // Ends before starts at the same time: intervals are half-open.
            events.push((n.interval.0, u));
            events.push((n.interval.1, -u));
        }
    }
    events.sort_unstable_by_key(|&(t, d)| (t, d));
    let (mut now, mut most) = (0i128, 0i128);
    for (_, d) in events {
        now += d;
        most = most.max(now);
    }
    Usage::try_from(most).unwrap_or(Usage::MAX)
}

impl Linked {
    /// Link each of `classes` (disjoint; members with as many strategies each) in `p`. `p` must carry no
    /// ties or budgets (they name single nodes).
    pub fn new(p: &ChoiceProblem, classes: &[Vec<NodeId>]) -> Linked {
        debug_assert!(!p.has_user_constraints());
        let n = p.nodes.len();
        let mut class_of: Vec<Option<usize>> = vec![None; n];
        for (k, c) in classes.iter().enumerate() {
            for &v in c {
                class_of[v.as_u32() as usize] = Some(k);
            }
        }
        let mut q = ChoiceProblem { name: p.name.clone(), usage_limit: p.usage_limit, ..ChoiceProblem::default() };
        let mut of = vec![NodeId::from_u32(0); n];
        let mut class_node: Vec<Option<NodeId>> = vec![None; classes.len()];
        for (v, node) in p.nodes.iter() {
            let i = v.as_u32() as usize;
            let Some(k) = class_of[i] else {
                of[i] = q.nodes.push(node.clone());
                continue;
            };
            if let Some(id) = class_node[k] {
                of[i] = id;
                continue;
            }
            let members = &classes[k];
            let strategies = (0..node.strategies.len())
                .map(|s| Strategy {
                    cost: members.iter().fold(0, |acc, &m| add(acc, p.nodes[m].strategies[s].cost)),
                    usage: peak_usage(p, members, s),
                })
                .collect();
            let live = members.iter().map(|&m| &p.nodes[m]).filter(|m| m.is_live());
            let hull = live.fold(None, |h: Option<(i64, i64)>, m| {
                Some(h.map_or(m.interval, |(a, b)| (a.min(m.interval.0), b.max(m.interval.1))))
            });
            let mut linked = Node::new(strategies, hull.unwrap_or(node.interval));
            let mut forbidden: Vec<usize> =
                members.iter().flat_map(|&m| p.nodes[m].forbidden.iter().copied()).collect();
            forbidden.sort_unstable();
            forbidden.dedup();
            linked.forbidden = forbidden;
            let id = q.nodes.push(linked);
            class_node[k] = Some(id);
            of[i] = id;
        }
        // Edges: within a class, onto its node's costs; between two nodes, merged per pair.
        let mut merged: HashMap<(NodeId, NodeId), EdgeId> = HashMap::new();
        let mut edge_of = Vec::with_capacity(p.edges.len());
        for e in p.edges.values() {
            let (a, b) = (of[e.from.as_u32() as usize], of[e.to.as_u32() as usize]);
            let (na, nb) = (p.nodes[e.from].strategies.len(), p.nodes[e.to].strategies.len());
            if a == b {
                let node = &mut q.nodes[a];
                for s in 0..na.min(nb) {
                    node.strategies[s].cost = add(node.strategies[s].cost, e.costs[s * nb + s]);
                }
                edge_of.push(None);
                continue;
            }
            if let Some(&id) = merged.get(&(a, b)) {
                let costs = &mut q.edges[id].costs;
                for (c, &d) in costs.iter_mut().zip(&e.costs) {
                    *c = add(*c, d);
                }
                edge_of.push(Some((id, true)));
            } else if let Some(&id) = merged.get(&(b, a)) {
                let costs = &mut q.edges[id].costs;
                for sa in 0..na {
                    for sb in 0..nb {
                        costs[sb * na + sa] = add(costs[sb * na + sa], e.costs[sa * nb + sb]);
                    }
                }
                edge_of.push(Some((id, false)));
            } else {
                let id = q.edges.push(Edge { from: a, to: b, costs: e.costs.clone() });
                merged.insert((a, b), id);
                edge_of.push(Some((id, true)));
            }
        }
        Linked { problem: q, of, edge_of }
    }
}

impl Reduction for Linked {
    fn problem(&self) -> &ChoiceProblem {
        &self.problem
    }

    /// The original problem's answer that takes, at every node, its linked node's strategy.
    fn lift(&self, choice: &[usize]) -> Vec<usize> {
        self.of.iter().map(|v| choice[v.as_u32() as usize]).collect()
    }

    /// The linked answer an original answer is, when every class's members take one strategy alike.
    fn restrict(&self, answer: &[usize]) -> Option<Vec<usize>> {
        let mut x = vec![None; self.problem.nodes.len()];
        for (&k, &s) in self.of.iter().zip(answer) {
            match &mut x[k.as_u32() as usize] {
                slot @ None => *slot = Some(s),
                Some(t) if *t != s => return None,
                Some(_) => {}
            }
        }
        x.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::repeats;
    use crate::link::repeats::tests::layered;
    use crate::problem::eval::evaluate;
    use crate::rng::Rng;

    /// Every edge maps to the linked edge between its ends' images, the right way round, or to none
    /// when both ends are in one class.
    #[test]
    fn each_edge_knows_its_linked_edge_and_its_direction() {
        let p = layered(12);
        let l = Linked::new(&p, &repeats(&p));
        assert_eq!(l.edge_of.len(), p.edges.len());
        for (e, image) in p.edges.values().zip(&l.edge_of) {
            let (a, b) = (l.of[e.from.as_u32() as usize], l.of[e.to.as_u32() as usize]);
            match *image {
                None => assert_eq!(a, b),
                Some((id, same_way)) => {
                    let f = &l.problem.edges[id];
                    assert_eq!((f.from, f.to), if same_way { (a, b) } else { (b, a) });
                }
            }
        }
        assert!(
            l.edge_of.iter().any(|x| x.is_some_and(|(id, _)| l
                .edge_of
                .iter()
                .filter(|y| y.is_some_and(|(j, _)| j == id))
                .count()
                > 1)),
            "some linked edge merges several"
        );
    }

    #[test]
    fn an_answer_costs_the_original_what_it_costs_the_linked_problem_and_fits_it_whenever_it_fits_here() {
        let mut rng = Rng::new(7);
        for layers in [2usize, 5, 12] {
            let mut p = layered(layers);
            // A limit that binds some answers.
            p.usage_limit = Some(60);
            let classes = repeats(&p);
            let l = Linked::new(&p, &classes);
            assert!(l.problem.validate().is_ok());
            assert!(l.problem.nodes.len() <= p.nodes.len());
            for _ in 0..200 {
                let choice: Vec<usize> =
                    l.problem.nodes.values().map(|n| rng.below(n.strategies.len() as u64) as usize).collect();
                let linked = evaluate(&l.problem, &choice).unwrap();
                let original = evaluate(&p, &l.lift(&choice)).unwrap();
                assert_eq!(linked.cost, original.cost);
                assert!(linked.peak_usage >= original.peak_usage);
                if linked.is_feasible() {
                    assert!(original.is_feasible());
                }
            }
        }
    }
}
