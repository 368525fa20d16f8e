//! Parts of an answer turned back by a symmetry of the problem ([`crate::problem::Symmetry`]).
//!
//! When two relabelings of every strategy cost the same, an answer read node by node (from a dual's
//! prices, or by a search that started in two places) can take one twin in one part of the program and
//! the other twin elsewhere, and pay at every edge where the parts meet. No move of a few nodes mends
//! that: turning one node over only moves the seam. Turning a whole part over does, and costs nothing
//! inside the part (the symmetry keeps its costs) and only changes the edges at its border.
//!
//! The parts: the nodes whose strategy the symmetry moves, joined along every edge that turning one end
//! alone would make dearer. Turning such a part over changes only edges that turning it does not make
//! dearer, so a part that borders a seam is a move that pays. Each move is evaluated exactly (cost,
//! memory, forbidden entries, user constraints) and kept only when the answer fits and is cheaper.

use crate::problem::{ChoiceProblem, EdgeId, Symmetry, evaluate};
use std::collections::VecDeque;

/// Apply every move that pays, part by part, until none does: `x` (a feasible answer of `p`) ends
/// cheaper or unchanged. Returns its new cost when it changed.
pub fn unmix(p: &ChoiceProblem, x: &mut [usize]) -> Option<i128> {
    if p.symmetries.is_empty() {
        return None;
    }
    let start = evaluate(p, x).ok().filter(|e| e.is_feasible())?.cost;
    let incidence = p.incidence();
    let mut cost = start;
    // Every kept move lowers an integer cost; the cap only bounds the work on a pathological problem.
    for _ in 0..p.nodes.len().max(1) {
        let moved = p.symmetries.iter().any(|sym| {
            for (delta, part) in paying_parts(p, sym, x, &incidence) {
                let before: Vec<usize> = part.iter().map(|&v| x[v]).collect();
                for &v in &part {
                    x[v] = sym.image(v, x[v]);
                }
                match evaluate(p, x) {
                    Ok(e) if e.is_feasible() && e.cost < cost => {
                        debug_assert_eq!(e.cost, cost + delta, "a part's change of cost is its border's");
                        cost = e.cost;
                        return true;
                    }
                    _ => {
                        for (&v, s) in part.iter().zip(before) {
                            x[v] = s;
                        }
                    }
                }
            }
            false
        });
        if !moved {
            break;
        }
    }
    (cost < start).then_some(cost)
}

/// The parts of `x` that `sym` moves (see the module's doc), with what turning each over alone would
/// change the cost by, those that lower it, most first.
fn paying_parts(p: &ChoiceProblem, sym: &Symmetry, x: &[usize], incidence: &[Vec<EdgeId>]) -> Vec<(i128, Vec<usize>)> {
    let n = p.nodes.len();
    let ids: Vec<_> = p.nodes.keys().collect();
    let image = |v: usize| sym.image(v, x[v]);
    let movable: Vec<bool> = (0..n).map(|v| image(v) != x[v] && p.nodes[ids[v]].allowed(image(v))).collect();
    let ends = |e: EdgeId| (p.edges[e].from.as_u32() as usize, p.edges[e].to.as_u32() as usize);
    let cost = |e: EdgeId, a: usize, b: usize| i128::from(p.edge_cost(e, a, b));
    // Joined: turning one end alone would make the edge dearer.
    let joined = |e: EdgeId| {
        let (u, w) = ends(e);
        let now = cost(e, x[u], x[w]);
        u != w && movable[u] && movable[w] && (cost(e, image(u), x[w]) > now || cost(e, x[u], image(w)) > now)
    };
    let mut part = vec![usize::MAX; n];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for v in (0..n).filter(|&v| movable[v]) {
        if part[v] != usize::MAX {
            continue;
        }
        let k = parts.len();
        let mut members = vec![v];
        part[v] = k;
        let mut queue = VecDeque::from([v]);
        while let Some(u) = queue.pop_front() {
            for &e in incidence[u].iter().filter(|&&e| joined(e)) {
                let (a, b) = ends(e);
                let w = if a == u { b } else { a };
                if part[w] == usize::MAX {
                    part[w] = k;
                    members.push(w);
                    queue.push_back(w);
                }
            }
        }
        parts.push(members);
    }
    let mut delta = vec![0i128; parts.len()];
    for (v, &k) in part.iter().enumerate().filter(|(_, k)| **k != usize::MAX) {
        let s = &p.nodes[ids[v]].strategies;
        delta[k] += i128::from(s[image(v)].cost) - i128::from(s[x[v]].cost);
    }
    for (e, _) in p.edges.iter() {
        let (u, w) = ends(e);
        let (pu, pw) = (part[u], part[w]);
        if pu == usize::MAX && pw == usize::MAX {
            continue;
        }
        let now = cost(e, x[u], x[w]);
        if pu == pw {
            delta[pu] += cost(e, image(u), image(w)) - now;
            continue;
        }
        if pu != usize::MAX {
            delta[pu] += cost(e, image(u), x[w]) - now;
        }
        if pw != usize::MAX {
            delta[pw] += cost(e, x[u], image(w)) - now;
        }
    }
    let mut paying: Vec<(i128, Vec<usize>)> = delta.into_iter().zip(parts).filter(|(d, _)| *d < 0).collect();
    paying.sort_by_key(|(d, _)| *d);
    paying
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Edge, Node, Strategy};

    /// A chain of `n` nodes, each with strategies A, B (twins: `A ↔ B` keeps every cost) and R
    /// (replicated, its own image): A and B cost 1, R 3; an edge costs 0 between equal strategies, 10
    /// between A and B, 2 to or from R.
    fn twins(n: usize) -> ChoiceProblem {
        let mut p = ChoiceProblem::default();
        let ids: Vec<_> = (0..n)
            .map(|_| {
                let s = |cost| Strategy { cost, usage: 1 };
                p.nodes.push(Node::new(vec![s(1), s(1), s(3)], (0, 1)))
            })
            .collect();
        for w in ids.windows(2) {
            p.edges.push(Edge { from: w[0], to: w[1], costs: vec![0, 10, 2, 10, 0, 2, 2, 2, 0] });
        }
        p.symmetries = vec![Symmetry { images: vec![vec![1, 0, 2]; n] }];
        p
    }

    #[test]
    fn a_chain_in_two_twins_is_turned_into_one() {
        let p = twins(8);
        p.validate().unwrap();
        let mut x = vec![0, 0, 0, 1, 1, 1, 1, 1];
        assert_eq!(evaluate(&p, &x).unwrap().cost, 8 + 10);
        assert_eq!(unmix(&p, &mut x), Some(8));
        assert!(x.iter().all(|&s| s == x[0]), "{x:?}");
    }

    #[test]
    fn a_seam_behind_a_node_the_symmetry_keeps_costs_nothing_and_is_left() {
        // A A R B B: the replicated node in the middle is its own twin; the two sides meet nowhere.
        let p = twins(5);
        let mut x = vec![0, 0, 2, 1, 1];
        assert_eq!(unmix(&p, &mut x), None);
        assert_eq!(x, vec![0, 0, 2, 1, 1]);
    }

    #[test]
    fn a_move_that_would_overflow_memory_is_not_made() {
        // B weighs more than A (so the relabeling does not keep usage): turning the A part into B
        // would overflow, turning the B part into A fits.
        let mut p = twins(4);
        for n in p.nodes.values_mut() {
            n.strategies[1].usage = 3;
        }
        p.usage_limit = Some(9);
        let mut x = vec![0, 0, 1, 1];
        assert_eq!(unmix(&p, &mut x), Some(4));
        assert_eq!(x, vec![0, 0, 0, 0]);
        let mut x = vec![1, 1, 1, 0];
        p.usage_limit = Some(10);
        assert!(evaluate(&p, &x).unwrap().is_feasible());
        assert_eq!(unmix(&p, &mut x), Some(4));
        assert_eq!(x, vec![0; 4]);
    }

    #[test]
    fn on_random_problems_with_relabelings_that_do_not_keep_costs_no_answer_gets_worse() {
        use crate::testing::{RandomSpec, random_problem};
        let mut moved = 0;
        for seed in 0..20 {
            let mut p = random_problem(&RandomSpec::tiny(12), seed);
            let mut rng = crate::rng::Rng::new(seed);
            let images = p
                .nodes
                .values()
                .map(|n| {
                    let k = n.strategies.len() as u64;
                    (0..k).map(|_| rng.below(k) as u32).collect()
                })
                .collect();
            p.symmetries = vec![Symmetry { images }];
            p.validate().unwrap();
            for _ in 0..20 {
                let mut x: Vec<usize> =
                    p.nodes.values().map(|n| rng.below(n.strategies.len() as u64) as usize).collect();
                let before = evaluate(&p, &x).unwrap();
                if !before.is_feasible() {
                    continue;
                }
                if let Some(c) = unmix(&p, &mut x) {
                    let after = evaluate(&p, &x).unwrap();
                    assert!(after.is_feasible() && after.cost == c && c < before.cost, "seed {seed}");
                    moved += 1;
                }
            }
        }
        assert!(moved > 0, "no random answer had a part worth turning");
    }
}
