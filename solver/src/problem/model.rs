//! The choice problem every backend solves: each node picks one strategy; each edge pays a cost that
//! depends on both ends' strategies; the memory in use at every time point stays under a limit.
//!
//! Costs and usages are non-negative 64-bit integers (sums are taken in 128 bits). The model path maps
//! its costs in seconds onto integers with [`cost_from_seconds`] (picoseconds), and memory in bytes.

use super::ids::{Cost, EdgeId, FORBIDDEN_COST, NodeId, Usage};
use cranelift_entity::PrimaryMap;

/// One strategy of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// Node cost when chosen.
    pub cost: Cost,
    /// Memory used over the node's live interval when chosen.
    pub usage: Usage,
}

/// A node: its strategies, its live interval, and which strategies the user forbade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Strategies (at least one).
    pub strategies: Vec<Strategy>,
    /// Live interval `[start, end)`: the node uses memory at time points start..end-1.
    pub interval: (i64, i64),
    /// Forbidden strategies (by index); empty when none are.
    pub forbidden: Vec<usize>,
}

impl Node {
    /// A node with these strategies and interval.
    pub fn new(strategies: Vec<Strategy>, interval: (i64, i64)) -> Node {
        Node { strategies, interval, forbidden: Vec::new() }
    }

    /// May strategy `s` be chosen?
    pub fn allowed(&self, s: usize) -> bool {
        s < self.strategies.len() && !self.forbidden.contains(&s)
    }

    /// Does the node use memory at any time point?
    pub fn is_live(&self) -> bool {
        self.interval.1 > self.interval.0
    }

    /// The memory strategy `s` holds while the node is live: its usage, or 0 for a node never live.
    pub fn live_usage(&self, s: usize) -> i128 {
        if self.is_live() { self.strategies[s].usage as i128 } else { 0 }
    }

    /// [`Node::live_usage`] of every strategy, in order.
    pub fn live_usages(&self) -> Vec<i128> {
        (0..self.strategies.len()).map(|s| self.live_usage(s)).collect()
    }
}

/// An edge: a cost for every pair of strategies of its two ends, row-major
/// (`costs[s_from * n_to + s_to]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// First end.
    pub from: NodeId,
    /// Second end.
    pub to: NodeId,
    /// `|S_from| × |S_to|` costs, row-major.
    pub costs: Vec<Cost>,
}

/// The problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChoiceProblem {
    /// Name (the IOPDDL instance name, or the model's).
    pub name: String,
    /// Nodes.
    pub nodes: PrimaryMap<NodeId, Node>,
    /// Edges.
    pub edges: PrimaryMap<EdgeId, Edge>,
    /// Memory limit at every time point; `None` for no limit.
    pub usage_limit: Option<Usage>,
    /// Ties between two nodes' choices (user constraints).
    pub ties: Vec<crate::problem::constraints::Tie>,
    /// Budgets on weighted counts (user constraints).
    pub budgets: Vec<crate::problem::constraints::Budget>,
    /// Relabelings of strategies its author knows to keep every cost and usage (see
    /// [`crate::problem::Symmetry`]); empty for most problems. Problems derived from this one (presolved,
    /// linked, restricted) carry none.
    pub symmetries: Vec<crate::problem::Symmetry>,
}

/// What is wrong with a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// A node has no strategy, or every strategy is forbidden.
    #[error("node {0} has no allowed strategy")]
    NoStrategy(usize),
    /// A negative cost or usage.
    #[error("node {node} strategy {strategy}: negative cost or usage")]
    Negative {
        /// Node index.
        node: usize,
        /// Strategy index.
        strategy: usize,
    },
    /// An interval that ends before it starts.
    #[error("node {node}: interval [{start}, {end}) ends before it starts")]
    BadInterval {
        /// Node index.
        node: usize,
        /// Start.
        start: i64,
        /// End.
        end: i64,
    },
    /// An edge names a node that does not exist.
    #[error("edge {edge} names node {node}, but there are {nodes} nodes")]
    NoSuchNode {
        /// Edge index.
        edge: usize,
        /// The node it names.
        node: usize,
        /// Node count.
        nodes: usize,
    },
    /// An edge's cost matrix has the wrong size.
    #[error("edge {edge} has {got} costs; its ends have {rows} × {cols} strategy pairs")]
    EdgeSize {
        /// Edge index.
        edge: usize,
        /// Costs given.
        got: usize,
        /// Strategies of `from`.
        rows: usize,
        /// Strategies of `to`.
        cols: usize,
    },
    /// A negative edge cost.
    #[error("edge {0} has a negative cost")]
    NegativeEdge(usize),
    /// A forbidden strategy index out of range.
    #[error("node {node}: forbidden strategy {strategy} does not exist")]
    BadForbid {
        /// Node index.
        node: usize,
        /// Strategy index.
        strategy: usize,
    },
    /// A negative memory limit.
    #[error("the usage limit is negative")]
    NegativeLimit,
    /// A tie names a node or strategy that does not exist.
    #[error("tie {0} names a node or strategy that does not exist")]
    BadTie(usize),
    /// A budget names a node or strategy that does not exist, or has a negative weight or maximum.
    #[error("budget '{name}': {why}")]
    BadBudget {
        /// The budget's name.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// A symmetry's images do not match the nodes' strategies.
    #[error("symmetry {symmetry}: {why}")]
    BadSymmetry {
        /// The symmetry's index.
        symmetry: usize,
        /// What is wrong.
        why: String,
    },
}

impl ChoiceProblem {
    /// Check the problem's structure.
    pub fn validate(&self) -> Result<(), ProblemError> {
        if self.usage_limit.is_some_and(|l| l < 0) {
            return Err(ProblemError::NegativeLimit);
        }
        for (id, n) in self.nodes.iter() {
            let i = id.as_u32() as usize;
            if let Some(&s) = n.forbidden.iter().find(|&&s| s >= n.strategies.len()) {
                return Err(ProblemError::BadForbid { node: i, strategy: s });
            }
            if !(0..n.strategies.len()).any(|s| n.allowed(s)) {
                return Err(ProblemError::NoStrategy(i));
            }
            if let Some(s) = n.strategies.iter().position(|s| s.cost < 0 || s.usage < 0) {
                return Err(ProblemError::Negative { node: i, strategy: s });
            }
            if n.interval.1 < n.interval.0 {
                return Err(ProblemError::BadInterval { node: i, start: n.interval.0, end: n.interval.1 });
            }
        }
        for (id, e) in self.edges.iter() {
            let i = id.as_u32() as usize;
            for end in [e.from, e.to] {
                if self.nodes.get(end).is_none() {
                    return Err(ProblemError::NoSuchNode {
                        edge: i,
                        node: end.as_u32() as usize,
                        nodes: self.nodes.len(),
                    });
                }
            }
            let (rows, cols) = (self.nodes[e.from].strategies.len(), self.nodes[e.to].strategies.len());
            if e.costs.len() != rows * cols {
                return Err(ProblemError::EdgeSize { edge: i, got: e.costs.len(), rows, cols });
            }
            if e.costs.iter().any(|&c| c < 0) {
                return Err(ProblemError::NegativeEdge(i));
            }
        }
        let has = |n: NodeId, s: usize| self.nodes.get(n).is_some_and(|node| s < node.strategies.len());
        for (i, t) in self.ties.iter().enumerate() {
            if self.nodes.get(t.a).is_none()
                || self.nodes.get(t.b).is_none()
                || t.pairs.iter().any(|&(sa, sb)| !has(t.a, sa) || !has(t.b, sb))
            {
                return Err(ProblemError::BadTie(i));
            }
        }
        for b in &self.budgets {
            let bad = |why: &str| Err(ProblemError::BadBudget { name: b.name.clone(), why: why.into() });
            if b.max < 0 {
                return bad("negative maximum");
            }
            for t in &b.terms {
                use crate::problem::constraints::Term;
                let ok = match *t {
                    Term::Node { node, strategy, .. } => has(node, strategy),
                    Term::Pair { a, sa, b, sb, .. } => has(a, sa) && has(b, sb),
                };
                if !ok {
                    return bad("a term names a node or strategy that does not exist");
                }
                if t.weight() < 0 {
                    return bad("a term has a negative weight");
                }
            }
        }
        for (i, sym) in self.symmetries.iter().enumerate() {
            let bad = |why: String| Err(ProblemError::BadSymmetry { symmetry: i, why });
            if sym.images.len() != self.nodes.len() {
                return bad(format!("{} nodes' images for {} nodes", sym.images.len(), self.nodes.len()));
            }
            for (n, (images, node)) in sym.images.iter().zip(self.nodes.values()).enumerate() {
                if images.len() != node.strategies.len() {
                    return bad(format!("node {n}: {} images for {} strategies", images.len(), node.strategies.len()));
                }
                if let Some(&t) = images.iter().find(|&&t| t as usize >= node.strategies.len()) {
                    return bad(format!("node {n}: image {t} does not exist"));
                }
            }
        }
        Ok(())
    }

    /// Number of strategies of a node.
    pub fn num_strategies(&self, n: NodeId) -> usize {
        self.nodes[n].strategies.len()
    }

    /// The cost of edge `e` when its ends choose `s_from` and `s_to`.
    pub fn edge_cost(&self, e: EdgeId, s_from: usize, s_to: usize) -> Cost {
        let edge = &self.edges[e];
        edge.costs[s_from * self.nodes[edge.to].strategies.len() + s_to]
    }

    /// Edges incident to each node.
    pub fn incidence(&self) -> Vec<Vec<EdgeId>> {
        let mut inc = vec![Vec::new(); self.nodes.len()];
        for (id, e) in self.edges.iter() {
            inc[e.from.as_u32() as usize].push(id);
            if e.to != e.from {
                inc[e.to.as_u32() as usize].push(id);
            }
        }
        inc
    }

    /// A lower bound on any solution's cost, from each node's and each edge's cheapest allowed entry on
    /// its own. Weak, but a proof.
    pub fn trivial_bound(&self) -> i128 {
        let nodes: i128 = self
            .nodes
            .values()
            .map(|n| {
                (0..n.strategies.len()).filter(|&s| n.allowed(s)).map(|s| n.strategies[s].cost).min().unwrap_or(0)
                    as i128
            })
            .sum();
        let edges: i128 = self.edges.values().map(|e| e.costs.iter().copied().min().unwrap_or(0) as i128).sum();
        nodes + edges
    }
}

impl ChoiceProblem {
    /// Pin node `n` to strategy `s`: every other strategy is forbidden (a strategy already forbidden stays
    /// so, so pinning a forbidden strategy leaves the node without any, which validation reports).
    pub fn pin(&mut self, n: NodeId, s: usize) {
        for t in (0..self.nodes[n].strategies.len()).filter(|&t| t != s) {
            self.forbid(n, t);
        }
    }

    /// Forbid strategy `s` of node `n`.
    pub fn forbid(&mut self, n: NodeId, s: usize) {
        let node = &mut self.nodes[n];
        if !node.forbidden.contains(&s) {
            node.forbidden.push(s);
        }
    }

    /// Strategies over all nodes (allowed or not): what setting up a model of the problem copies.
    pub fn strategy_count(&self) -> usize {
        self.nodes.values().map(|n| n.strategies.len()).sum()
    }

    /// Does the problem carry ties or budgets?
    pub fn has_user_constraints(&self) -> bool {
        !self.ties.is_empty() || !self.budgets.is_empty()
    }

    /// The same problem with every tie turned into an edge that costs [`FORBIDDEN_COST`] on the pairs the
    /// tie does not allow (and nothing on the others), for the methods that understand forbidden pairs
    /// but not ties. An answer of the result that pays no forbidden cost keeps every tie.
    pub fn ties_as_edges(&self) -> ChoiceProblem {
        let mut q = self.clone();
        for tie in std::mem::take(&mut q.ties) {
            let nb = q.nodes[tie.b].strategies.len();
            let mut costs = vec![FORBIDDEN_COST; q.nodes[tie.a].strategies.len() * nb];
            for &(sa, sb) in &tie.pairs {
                costs[sa * nb + sb] = 0;
            }
            q.edges.push(Edge { from: tie.a, to: tie.b, costs });
        }
        q
    }
}
