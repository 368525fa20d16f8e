//! Repeated nodes, found by colour refinement (one-dimensional Weisfeiler-Leman) over the problem's
//! graph: a node's first colour is its strategies' costs, usages and forbidden marks; each round
//! recolours a node by its colour and the multiset of (direction, edge costs, neighbour's colour) over
//! its edges. After [`ROUNDS`] rounds, nodes of one colour have neighbourhoods that look alike that
//! many edges deep: the same op in two layers of a model. Refinement is stopped there on purpose: run
//! to its end it tells the layers apart by their distance from the first and the last, which differ.
//! Nodes near those ends keep colours of their own and are not linked.

use crate::problem::{ChoiceProblem, NodeId};
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Rounds of refinement: how many edges deep two linked nodes' neighbourhoods look alike.
pub const ROUNDS: usize = 4;

fn hash_of(x: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// Classes of nodes that repeat one another (two or more members each, in node order, the classes
/// ordered by their first member). Members of a class have the same number of strategies.
pub fn repeats(p: &ChoiceProblem) -> Vec<Vec<NodeId>> {
    let n = p.nodes.len();
    let mut color: Vec<u64> = p
        .nodes
        .values()
        .map(|nd| {
            let strategies: Vec<(i64, i64)> = nd.strategies.iter().map(|s| (s.cost, s.usage)).collect();
            hash_of((strategies, &nd.forbidden, nd.is_live()))
        })
        .collect();
    let edge_hash: Vec<u64> = p.edges.values().map(|e| hash_of(&e.costs)).collect();
    let incidence = p.incidence();
    for _ in 0..ROUNDS {
        let next: Vec<u64> = (0..n)
            .map(|v| {
                let mut around: Vec<(bool, u64, u64)> = incidence[v]
                    .iter()
                    .map(|&e| {
                        let edge = &p.edges[e];
                        let out = edge.from.as_u32() as usize == v;
                        let other = if out { edge.to } else { edge.from };
                        (out, edge_hash[e.as_u32() as usize], color[other.as_u32() as usize])
                    })
                    .collect();
                around.sort_unstable();
                hash_of((color[v], around))
            })
            .collect();
        color = next;
    }
    let mut by_color: HashMap<u64, usize> = HashMap::new();
    let mut classes: Vec<Vec<NodeId>> = Vec::new();
    for (v, c) in color.iter().enumerate() {
        let k = *by_color.entry(*c).or_insert_with(|| {
            classes.push(Vec::new());
            classes.len() - 1
        });
        classes[k].push(NodeId::from_u32(v as u32));
    }
    // A hash collision could put nodes of different strategy counts in one class: split them.
    let mut out = Vec::new();
    for class in classes {
        let mut by_len: Vec<(usize, Vec<NodeId>)> = Vec::new();
        for v in class {
            let len = p.nodes[v].strategies.len();
            match by_len.iter_mut().find(|(l, _)| *l == len) {
                Some((_, members)) => members.push(v),
                None => by_len.push((len, vec![v])),
            }
        }
        out.extend(by_len.into_iter().map(|(_, m)| m).filter(|m| m.len() > 1));
    }
    out.sort_by_key(|c| c[0]);
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::problem::{Edge, Node, Strategy};

    /// A chain of `layers` copies of a small layer (a -> b -> c, with a side edge a -> c), between a head
    /// and a tail that differ from the layers; each layer's c feeds the next layer's a.
    pub(crate) fn layered(layers: usize) -> ChoiceProblem {
        let mut p = ChoiceProblem::default();
        let node = |costs: &[i64], start: i64| {
            Node::new(costs.iter().map(|&c| Strategy { cost: c, usage: 10 + c }).collect(), (start, start + 3))
        };
        let head = p.nodes.push(node(&[7, 1], 0));
        let mut prev = head;
        for l in 0..layers as i64 {
            let a = p.nodes.push(node(&[3, 4, 5], 1 + 3 * l));
            let b = p.nodes.push(node(&[2, 9, 2], 2 + 3 * l));
            let c = p.nodes.push(node(&[3, 4, 5], 3 + 3 * l));
            let pc = p.nodes[prev].strategies.len();
            p.edges.push(Edge { from: prev, to: a, costs: (0..pc * 3).map(|i| (i % 4) as i64).collect() });
            p.edges.push(Edge { from: a, to: b, costs: (0..9).map(|i| (i % 3) as i64).collect() });
            p.edges.push(Edge { from: b, to: c, costs: (0..9).map(|i| (i % 2) as i64).collect() });
            p.edges.push(Edge { from: a, to: c, costs: (0..9).map(|i| (i % 5) as i64).collect() });
            prev = c;
        }
        let tail = p.nodes.push(node(&[1, 1], 3 * layers as i64 + 1));
        p.edges.push(Edge { from: prev, to: tail, costs: vec![1; 6] });
        p
    }

    #[test]
    fn the_middle_layers_of_a_chain_are_linked_and_its_ends_are_not() {
        let p = layered(12);
        let classes = repeats(&p);
        // Node 0 is the head; layer l's nodes are 1 + 3l, 2 + 3l, 3 + 3l; the tail is last.
        let class_of = |v: u32| classes.iter().position(|c| c.contains(&NodeId::from_u32(v)));
        assert_eq!(class_of(0), None, "the head repeats nothing");
        assert_eq!(class_of(37), None, "the tail repeats nothing");
        // Far from both ends, the same position in two layers is one class; two positions never are.
        let a5 = class_of(1 + 3 * 5).expect("layer 5's a is linked");
        assert_eq!(class_of(1 + 3 * 6), Some(a5));
        assert_ne!(class_of(3 + 3 * 5), Some(a5), "a and c cost the same but are wired differently");
        assert_ne!(class_of(2 + 3 * 5), Some(a5));
        for c in &classes {
            let len = p.nodes[c[0]].strategies.len();
            assert!(c.iter().all(|&v| p.nodes[v].strategies.len() == len));
        }
    }

    #[test]
    fn nothing_repeats_in_a_problem_without_repeats() {
        let p = layered(1);
        assert!(repeats(&p).is_empty());
    }
}
