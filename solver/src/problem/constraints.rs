//! Constraints a user states on top of a problem's own: ties between two nodes' choices and budgets on
//! weighted counts (how many collectives of a kind a plan may use). Pins and forbidden strategies are
//! [`Node::forbidden`](crate::problem::Node::forbidden) lists
//! ([`ChoiceProblem::pin`](crate::problem::ChoiceProblem::pin)).
//!
//! Every backend honours them: the exact ones (HiGHS, Z3, brute force) encode them, the heuristics
//! check them and return only answers that keep them, and the evaluator reports any that are broken.

use super::ids::NodeId;

/// Two nodes whose choices must agree: only the listed pairs `(strategy of a, strategy of b)` may be
/// chosen together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tie {
    /// First node.
    pub a: NodeId,
    /// Second node.
    pub b: NodeId,
    /// Allowed pairs.
    pub pairs: Vec<(usize, usize)>,
}

impl Tie {
    /// Does `choice` keep the tie?
    pub fn holds(&self, choice: &[usize]) -> bool {
        let pair = (choice[self.a.as_u32() as usize], choice[self.b.as_u32() as usize]);
        self.pairs.contains(&pair)
    }
}

/// One counted event of a [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Counted when `node` chooses `strategy`.
    Node {
        /// The node.
        node: NodeId,
        /// Its strategy.
        strategy: usize,
        /// How much it counts (non-negative).
        weight: i64,
    },
    /// Counted when `a` chooses `sa` and `b` chooses `sb`.
    Pair {
        /// First node.
        a: NodeId,
        /// Its strategy.
        sa: usize,
        /// Second node.
        b: NodeId,
        /// Its strategy.
        sb: usize,
        /// How much it counts (non-negative).
        weight: i64,
    },
}

impl Term {
    /// The nodes the term reads.
    pub fn nodes(&self) -> [NodeId; 2] {
        match *self {
            Term::Node { node, .. } => [node, node],
            Term::Pair { a, b, .. } => [a, b],
        }
    }

    /// Its weight.
    pub fn weight(&self) -> i64 {
        match *self {
            Term::Node { weight, .. } | Term::Pair { weight, .. } => weight,
        }
    }

    /// Does `choice` take this term?
    pub fn taken(&self, choice: &[usize]) -> bool {
        let at = |n: NodeId| choice[n.as_u32() as usize];
        match *self {
            Term::Node { node, strategy, .. } => at(node) == strategy,
            Term::Pair { a, sa, b, sb, .. } => at(a) == sa && at(b) == sb,
        }
    }
}

/// A weighted count that must stay at most `max`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// What is counted (for messages: `all-reduce`).
    pub name: String,
    /// The counted events.
    pub terms: Vec<Term>,
    /// The most the count may be.
    pub max: i64,
}

impl Budget {
    /// The count `choice` reaches.
    pub fn count(&self, choice: &[usize]) -> i128 {
        self.terms.iter().filter(|t| t.taken(choice)).map(|t| t.weight() as i128).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::iopddl;
    use crate::problem::eval::evaluate;
    use crate::testing::EXAMPLE;

    #[test]
    fn ties_and_budgets_are_checked_by_the_evaluator() {
        let mut p = iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap();
        let optimum = [0, 0, 2, 1, 0];
        assert!(evaluate(&p, &optimum).unwrap().is_feasible());
        let (n0, n1, n2) = (NodeId::from_u32(0), NodeId::from_u32(1), NodeId::from_u32(2));
        p.ties.push(Tie { a: n1, b: n2, pairs: vec![(0, 0), (1, 1)] });
        p.validate().unwrap();
        let e = evaluate(&p, &optimum).unwrap();
        assert_eq!(e.broken_ties, vec![0]);
        assert!(!e.is_feasible());
        p.ties.clear();
        p.budgets.push(Budget {
            name: "test".into(),
            terms: vec![
                Term::Node { node: n2, strategy: 2, weight: 3 },
                Term::Pair { a: n0, sa: 0, b: n2, sb: 2, weight: 2 },
            ],
            max: 4,
        });
        let e = evaluate(&p, &optimum).unwrap();
        assert_eq!(e.over_budget, vec![(0, 5)]);
        p.budgets[0].max = 5;
        assert!(evaluate(&p, &optimum).unwrap().is_feasible());
    }

    #[test]
    fn a_pin_forbids_every_other_strategy() {
        let mut p = iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap();
        let n = NodeId::from_u32(2);
        p.pin(n, 1);
        assert_eq!(p.nodes[n].forbidden, vec![0, 2]);
        assert!(p.nodes[n].allowed(1));
        // Pinning a forbidden strategy does not lift the forbid: nothing is left, and validation says so.
        p.pin(n, 0);
        assert!(!(0..3).any(|s| p.nodes[n].allowed(s)));
        assert!(p.validate().is_err());
    }

    #[test]
    fn ties_become_forbidden_pairs() {
        let mut p = iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap();
        let (a, b) = (NodeId::from_u32(1), NodeId::from_u32(2));
        p.ties.push(Tie { a, b, pairs: vec![(1, 0)] });
        p.validate().unwrap();
        let q = p.ties_as_edges();
        assert!(q.ties.is_empty());
        let e = q.edges.values().last().unwrap();
        assert_eq!((e.from, e.to), (a, b));
        let nb = q.nodes[b].strategies.len();
        assert_eq!(e.costs[nb], 0);
        assert_eq!(e.costs.iter().filter(|&&c| c == 0).count(), 1);
    }
}
