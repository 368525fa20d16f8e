//! Clusters: nodes joined by edges that pair each strategy of one end with at most one affordable
//! strategy of the other and back (a partial permutation; every other pair costs the forbidden marker).
//! Choosing one member's strategy fixes every other member's, so a cluster is one decision among a few
//! consistent *options*. The contest's large instances are mostly such edges.
//!
//! The coarse problem has one node per cluster (its options as strategies) and the edges between
//! clusters summed per cluster pair; it drops memory, so its optimum is a lower bound on the original
//! problem's, and an answer to it expands to an answer of the original problem with the same cost.

use crate::problem::FORBIDDEN_COST;
use crate::problem::{ChoiceProblem, Cost, Edge, Node, NodeId, Strategy};
use cranelift_entity::EntityRef;
use std::collections::HashMap;

/// The clusters of a problem and their consistent options.
#[derive(Clone, Debug)]
pub struct Clusters {
    /// Per node: its cluster.
    pub of: Vec<usize>,
    /// Per node: its position among its cluster's members.
    pub slot: Vec<usize>,
    /// Per cluster: its member nodes.
    pub members: Vec<Vec<usize>>,
    /// Per cluster, per option: each member's strategy (in `members` order).
    pub options: Vec<Vec<Vec<u32>>>,
}

/// Why clustering is not possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoOption {
    /// A cluster's first member: no choice of it is consistent with the rest of its cluster.
    pub node: usize,
}

fn affordable(c: Cost) -> bool {
    c < FORBIDDEN_COST
}

/// Does edge `e` pair each allowed strategy of each end with at most one allowed, affordable strategy
/// of the other?
fn is_matching(p: &ChoiceProblem, e: &Edge) -> bool {
    let (a, b) = (&p.nodes[e.from], &p.nodes[e.to]);
    let cols = b.strategies.len();
    let mut col_hits = vec![0u8; cols];
    for s in (0..a.strategies.len()).filter(|&s| a.allowed(s)) {
        let mut hits = 0;
        for t in (0..cols).filter(|&t| b.allowed(t) && affordable(e.costs[s * cols + t])) {
            hits += 1;
            col_hits[t] += 1;
            if hits > 1 || col_hits[t] > 1 {
                return false;
            }
        }
    }
    true
}

impl Clusters {
    /// Find the clusters of `p` and each cluster's consistent options (assignments of its members whose
    /// node costs and edges inside the cluster are all affordable).
    pub fn find(p: &ChoiceProblem) -> Result<Clusters, NoOption> {
        let n = p.nodes.len();
        let mut up: Vec<usize> = (0..n).collect();
        fn root(up: &mut [usize], mut v: usize) -> usize {
            while up[v] != v {
                up[v] = up[up[v]];
                v = up[v];
            }
            v
        }
        let mut matching = vec![false; p.edges.len()];
        for (i, e) in p.edges.values().enumerate() {
            if e.from != e.to && is_matching(p, e) {
                matching[i] = true;
                let (a, b) = (root(&mut up, e.from.index()), root(&mut up, e.to.index()));
                up[a] = b;
            }
        }
        let mut of = vec![usize::MAX; n];
        let mut slot = vec![0; n];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<usize, usize> = HashMap::new();
        for v in 0..n {
            let r = root(&mut up, v);
            let c = *index.entry(r).or_insert_with(|| {
                members.push(Vec::new());
                members.len() - 1
            });
            of[v] = c;
            slot[v] = members[c].len();
            members[c].push(v);
        }
        // Edges per node (both directions), for propagation and for internal costs.
        let inc = p.incidence();
        let mut options = Vec::with_capacity(members.len());
        let mut assigned = vec![u32::MAX; n];
        let mut queue = Vec::new();
        for ms in &members {
            let r = ms[0];
            let mut opts = Vec::new();
            for s in (0..p.nodes[NodeId::new(r)].strategies.len()).filter(|&s| p.nodes[NodeId::new(r)].allowed(s)) {
                for &m in ms {
                    assigned[m] = u32::MAX;
                }
                assigned[r] = s as u32;
                queue.clear();
                queue.push(r);
                let mut ok = true;
                'bfs: while let Some(v) = queue.pop() {
                    for &ei in &inc[v] {
                        if !matching[ei.index()] {
                            continue;
                        }
                        let e = &p.edges[ei];
                        let (u, here_from) =
                            if e.from.index() == v { (e.to.index(), true) } else { (e.from.index(), false) };
                        let sv = assigned[v] as usize;
                        let partner = partner(p, e, here_from, sv);
                        match partner {
                            None => {
                                ok = false;
                                break 'bfs;
                            }
                            Some(t) if assigned[u] == u32::MAX => {
                                assigned[u] = t as u32;
                                queue.push(u);
                            }
                            Some(t) if assigned[u] as usize != t => {
                                ok = false;
                                break 'bfs;
                            }
                            Some(_) => {}
                        }
                    }
                }
                if ok && internal_cost(p, ms, &assigned, &inc, &of).is_some() {
                    opts.push(ms.iter().map(|&m| assigned[m]).collect());
                }
            }
            if opts.is_empty() {
                return Err(NoOption { node: r });
            }
            options.push(opts);
        }
        Ok(Clusters { of, slot, members, options })
    }

    /// Number of clusters.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Are there no clusters (an empty problem)?
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The node-level assignment of one option per cluster.
    pub fn lift(&self, options: &[usize]) -> Vec<usize> {
        let mut x = vec![0; self.of.len()];
        for (c, ms) in self.members.iter().enumerate() {
            for (i, &m) in ms.iter().enumerate() {
                x[m] = self.options[c][options[c]][i] as usize;
            }
        }
        x
    }

    /// The options a node-level assignment takes, if every cluster is at one of its options.
    pub fn restrict(&self, x: &[usize]) -> Option<Vec<usize>> {
        self.options
            .iter()
            .zip(&self.members)
            .map(|(opts, ms)| opts.iter().position(|o| ms.iter().zip(o).all(|(&m, &s)| x[m] == s as usize)))
            .collect()
    }

    /// The problem over clusters without memory: one node per cluster whose strategies are its options
    /// (cost: member node costs plus edges inside the cluster), and one edge per pair of adjacent
    /// clusters (the sum of the edges between them).
    pub fn coarse(&self, p: &ChoiceProblem) -> ChoiceProblem {
        let inc = p.incidence();
        let mut q = ChoiceProblem { name: format!("{} (clusters)", p.name), ..ChoiceProblem::default() };
        let mut assigned = vec![u32::MAX; p.nodes.len()];
        for (c, ms) in self.members.iter().enumerate() {
            let strategies = self.options[c]
                .iter()
                .map(|o| {
                    for (&m, &s) in ms.iter().zip(o) {
                        assigned[m] = s;
                    }
                    let cost = internal_cost(p, ms, &assigned, &inc, &self.of).unwrap_or(FORBIDDEN_COST as i128);
                    Strategy { cost: cost.min(FORBIDDEN_COST as i128) as Cost, usage: 0 }
                })
                .collect();
            q.nodes.push(Node::new(strategies, (0, 0)));
        }
        let mut pairs: HashMap<(usize, usize), usize> = HashMap::new();
        for e in p.edges.values() {
            let (a, b) = (e.from.index(), e.to.index());
            let (ca, cb) = (self.of[a], self.of[b]);
            if ca == cb {
                continue;
            }
            // Orient every cluster pair one way.
            let (lo, hi, a, b, flip) = if ca < cb { (ca, cb, a, b, false) } else { (cb, ca, b, a, true) };
            let (rows, cols) = (self.options[lo].len(), self.options[hi].len());
            let k = *pairs.entry((lo, hi)).or_insert_with(|| {
                q.edges.push(Edge { from: NodeId::new(lo), to: NodeId::new(hi), costs: vec![0; rows * cols] });
                q.edges.len() - 1
            });
            let w = p.nodes[e.to].strategies.len();
            let m = &mut q.edges[crate::problem::EdgeId::new(k)].costs;
            for (i, oa) in self.options[lo].iter().enumerate() {
                let sa = oa[self.slot[a]] as usize;
                for (j, ob) in self.options[hi].iter().enumerate() {
                    let sb = ob[self.slot[b]] as usize;
                    let c = if flip { e.costs[sb * w + sa] } else { e.costs[sa * w + sb] };
                    m[i * cols + j] = (m[i * cols + j] as i128 + c as i128).min(FORBIDDEN_COST as i128) as Cost;
                }
            }
        }
        q
    }
}

/// The one affordable strategy of the other end of `e` for strategy `s` of this end.
fn partner(p: &ChoiceProblem, e: &Edge, here_from: bool, s: usize) -> Option<usize> {
    let (a, b) = (&p.nodes[e.from], &p.nodes[e.to]);
    let cols = b.strategies.len();
    if here_from {
        (0..cols).find(|&t| b.allowed(t) && affordable(e.costs[s * cols + t]))
    } else {
        (0..a.strategies.len()).find(|&r| a.allowed(r) && affordable(e.costs[r * cols + s]))
    }
}

/// Node costs plus edges inside the cluster under `assigned`, or `None` if any is forbidden.
fn internal_cost(
    p: &ChoiceProblem,
    ms: &[usize],
    assigned: &[u32],
    inc: &[Vec<crate::problem::EdgeId>],
    of: &[usize],
) -> Option<i128> {
    let c0 = of[ms[0]];
    let mut total: i128 = 0;
    for &m in ms {
        let node = &p.nodes[NodeId::new(m)];
        let s = assigned[m] as usize;
        if !node.allowed(s) || !affordable(node.strategies[s].cost) {
            return None;
        }
        total += node.strategies[s].cost as i128;
        for &ei in &inc[m] {
            let e = &p.edges[ei];
            // Count each internal edge once, from its `from` end.
            if e.from.index() != m || of[e.to.index()] != c0 {
                continue;
            }
            let cols = p.nodes[e.to].strategies.len();
            let c = e.costs[s * cols + assigned[e.to.index()] as usize];
            if !affordable(c) {
                return None;
            }
            total += c as i128;
        }
    }
    Some(total)
}
