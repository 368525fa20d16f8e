//! Restricted problems: every node keeps only a few candidate strategies (its current one, its leanest in
//! memory, its best responses to its neighbours), so that the full MIP, with every node free at once,
//! fits the time limit on problems whose complete MIP does not. Its answer is a feasible answer of the
//! original problem; its bound is not a bound of the original.

use crate::problem::{ChoiceProblem, Edge, Node};
use crate::search::state::Search;

/// Candidates per node at most.
pub const MAX_CANDIDATES: usize = 6;

/// The candidate strategies of every node for the current assignment of `s`, ascending.
pub fn candidates(s: &Search<'_>, per_node: usize) -> Vec<Vec<usize>> {
    let per_node = per_node.clamp(1, MAX_CANDIDATES);
    (0..s.x.len())
        .map(|v| {
            let k = s.costs[v].len();
            let mut c = vec![s.x[v]];
            if k > 1 {
                let allowed = |t: &usize| s.costs[v][*t] < crate::problem::FORBIDDEN_COST;
                if let Some(lean) = (0..k).filter(allowed).min_by_key(|&t| (s.usages[v][t], s.costs[v][t])) {
                    c.push(lean);
                }
                let mut by_local: Vec<(i128, usize)> =
                    (0..k).filter(allowed).map(|t| (s.local_cost(v, t), t)).collect();
                by_local.sort_unstable();
                for (_, t) in by_local {
                    if c.len() >= per_node {
                        break;
                    }
                    if !c.contains(&t) {
                        c.push(t);
                    }
                }
            }
            c.sort_unstable();
            c.dedup();
            c
        })
        .collect()
}

/// `p` with node `v` restricted to strategies `cands[v]` (indices into the original strategies); ties and
/// budgets are carried over.
pub fn restrict(p: &ChoiceProblem, cands: &[Vec<usize>]) -> ChoiceProblem {
    let mut q = ChoiceProblem { name: p.name.clone(), usage_limit: p.usage_limit, ..ChoiceProblem::default() };
    for (n, c) in p.nodes.values().zip(cands) {
        let mut node = Node::new(c.iter().map(|&s| n.strategies[s]).collect(), n.interval);
        node.forbidden = c.iter().enumerate().filter(|(_, s)| !n.allowed(**s)).map(|(i, _)| i).collect();
        q.nodes.push(node);
    }
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let nb = p.nodes[e.to].strategies.len();
        let costs = cands[a].iter().flat_map(|&sa| cands[b].iter().map(move |&sb| e.costs[sa * nb + sb])).collect();
        q.edges.push(Edge { from: e.from, to: e.to, costs });
    }
    q.ties = p
        .ties
        .iter()
        .map(|t| {
            let at = |n: crate::NodeId, s: usize| cands[n.as_u32() as usize].iter().position(|&c| c == s);
            let pairs = t.pairs.iter().filter_map(|&(sa, sb)| Some((at(t.a, sa)?, at(t.b, sb)?))).collect();
            crate::problem::constraints::Tie { pairs, ..t.clone() }
        })
        .collect();
    q.budgets = p.budgets.iter().map(|b| crate::presolve::reduce_budget(b, cands)).collect();
    q
}
