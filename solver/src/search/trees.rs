//! Tree moves: pick a random induced forest of a problem's graph (nodes no two of which close a cycle
//! through the forest's edges), hold every other node where it is, and give every tree its best
//! assignment at once by dynamic programming. Each tree's answer is exact for that tree given the rest.
//!
//! Used on the coarse problem ([`crate::clusters::search`]), where a node is a whole cluster, and by the
//! local search ([`crate::search::local`]) on a share of its time. On a model's problem they move
//! chains of ops that single and pair moves cannot (a mask computed sharded and gathered before use
//! becomes replicated along its whole chain); on the contest's problems the matching edges pin each
//! tree to its neighbours outside the forest, which is why the search over clusters runs them on the
//! coarse graph instead.

use crate::rng::Rng;
use crate::search::state::Search;

/// The trees of one random induced forest: each tree's nodes in preorder (the root first) and every
/// forest node's parent (`usize::MAX` for roots and nodes outside the forest).
pub struct Forest {
    /// Is the node in the forest?
    pub member: Vec<bool>,
    /// Each node's parent in its tree.
    pub parent: Vec<usize>,
    /// The trees, each in preorder.
    pub trees: Vec<Vec<usize>>,
}

impl Search<'_> {
    /// A maximal induced forest over nodes with a choice, grown in a random order.
    pub fn random_forest(&self, rng: &mut Rng) -> Forest {
        let n = self.x.len();
        let mut order: Vec<usize> = (0..n).filter(|&v| self.costs[v].len() > 1).collect();
        rng.shuffle(&mut order);
        let mut member = vec![false; n];
        let mut up: Vec<usize> = (0..n).collect();
        let find = |up: &mut Vec<usize>, mut v: usize| {
            while up[v] != v {
                up[v] = up[up[v]];
                v = up[v];
            }
            v
        };
        let mut roots = Vec::new();
        for &v in &order {
            roots.clear();
            let mut cycle = false;
            for a in &self.arcs[v] {
                if a.other != v && member[a.other] {
                    let r = find(&mut up, a.other);
                    if roots.contains(&r) {
                        cycle = true;
                        break;
                    }
                    roots.push(r);
                }
            }
            if !cycle {
                member[v] = true;
                for &r in &roots {
                    up[r] = v;
                }
            }
        }
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut trees = Vec::new();
        for &root in &order {
            if !member[root] || seen[root] {
                continue;
            }
            let mut tree = Vec::new();
            let mut stack = vec![root];
            seen[root] = true;
            while let Some(v) = stack.pop() {
                tree.push(v);
                for a in &self.arcs[v] {
                    let u = a.other;
                    if u != v && member[u] && !seen[u] {
                        seen[u] = true;
                        parent[u] = v;
                        stack.push(u);
                    }
                }
            }
            trees.push(tree);
        }
        Forest { member, parent, trees }
    }

    /// One sweep of tree moves over a random induced forest: each tree of two or more nodes takes its
    /// best assignment when that lowers the cost and keeps memory within the limit. Returns the nodes
    /// moved.
    pub fn forest_sweep(&mut self, rng: &mut Rng) -> Vec<usize> {
        // A sweep reads about every cost entry once.
        self.work += self.mats.iter().map(|m| m.1.len() as u64).sum::<u64>() + self.x.len() as u64;
        let f = self.random_forest(rng);
        let mut moved = Vec::new();
        for tree in &f.trees {
            if tree.len() < 2 {
                continue;
            }
            let choice = self.tree_optimum(&f, tree, &|_, _| 0.0);
            let old: Vec<usize> = tree.iter().map(|&v| self.x[v]).collect();
            if old == choice {
                continue;
            }
            let before = self.cost;
            for (&v, &s) in tree.iter().zip(&choice) {
                self.set(v, s);
            }
            if self.cost < before && tree.iter().all(|&v| self.within(v)) {
                moved.extend(tree.iter().zip(&old).filter(|(v, s)| self.x[**v] != **s).map(|(&v, _)| v));
            } else {
                for (&v, &s) in tree.iter().zip(&old) {
                    self.set(v, s);
                }
            }
        }
        moved
    }

    /// The best assignment of `tree` (preorder) with every node outside the forest where it is, each
    /// strategy's cost raised by `penalty(node, strategy)`: exact dynamic programming (in `f64`), ties
    /// broken towards the current strategies. Returns the strategies in `tree` order.
    pub fn tree_optimum(&self, f: &Forest, tree: &[usize], penalty: &dyn Fn(usize, usize) -> f64) -> Vec<usize> {
        let pos: std::collections::HashMap<usize, usize> = tree.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        // sub[i][s]: best cost of i's subtree with i at s.
        let mut sub: Vec<Vec<f64>> = tree
            .iter()
            .map(|&v| {
                (0..self.costs[v].len())
                    .map(|s| {
                        let mut c = self.costs[v][s] as f64 + penalty(v, s);
                        for a in &self.arcs[v] {
                            if a.other == v {
                                c += self.ecost(a, s, s) as f64;
                            } else if !f.member[a.other] {
                                c += self.ecost(a, s, self.x[a.other]) as f64;
                            }
                        }
                        c
                    })
                    .collect()
            })
            .collect();
        // best[i][s]: i's best strategy given its parent's strategy s.
        let mut best: Vec<Vec<u32>> = vec![Vec::new(); tree.len()];
        for i in (1..tree.len()).rev() {
            let v = tree[i];
            let p = f.parent[v];
            let pi = pos[&p];
            let Some(arc) = self.arcs[v].iter().find(|a| a.other == p).copied() else { continue };
            let cur = self.x[v];
            let mut arg = vec![0u32; self.costs[p].len()];
            for (sp, slot) in arg.iter_mut().enumerate() {
                let mut b = (sub[i][cur] + self.ecost(&arc, cur, sp) as f64, cur);
                for (s, &c) in sub[i].iter().enumerate() {
                    let t = c + self.ecost(&arc, s, sp) as f64;
                    if t < b.0 {
                        b = (t, s);
                    }
                }
                *slot = b.1 as u32;
                sub[pi][sp] += b.0;
            }
            best[i] = arg;
        }
        let mut choice = vec![0usize; tree.len()];
        let cur = self.x[tree[0]];
        let mut b = (sub[0][cur], cur);
        for (s, &c) in sub[0].iter().enumerate() {
            if c < b.0 {
                b = (c, s);
            }
        }
        choice[0] = b.1;
        for i in 1..tree.len() {
            choice[i] = best[i][choice[pos[&f.parent[tree[i]]]]] as usize;
        }
        choice
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::{Backend, SolveOptions};
    use crate::exact::brute::BruteForce;
    use crate::rng::Rng;
    use crate::search::state::Search;
    use crate::testing::{RandomSpec, random_problem};

    /// A chain computed sharded (strategy 0, one unit cheaper per node) and gathered (10 units) before
    /// a consumer that needs it whole: moving one or two of its nodes only moves the gather, so single
    /// and pair moves stall at 5 + 10; a tree move replicates the whole chain, 10.
    #[test]
    fn a_sweep_moves_a_chain_that_pair_moves_cannot() {
        use crate::problem::{ChoiceProblem, Edge, Node, Strategy};
        const CHAIN: usize = 5;
        const GATHER: i64 = 10;
        let both = || Node::new(vec![Strategy { cost: 1, usage: 0 }, Strategy { cost: 2, usage: 0 }], (0, 0));
        let mut p = ChoiceProblem::default();
        let chain: Vec<_> = (0..CHAIN).map(|_| p.nodes.push(both())).collect();
        let consumer = p.nodes.push(Node::new(vec![Strategy { cost: 0, usage: 0 }], (0, 0)));
        for w in chain.windows(2) {
            // Sharded to sharded or whole to anything is free; sharded to whole gathers.
            p.edges.push(Edge { from: w[0], to: w[1], costs: vec![0, GATHER, 0, 0] });
        }
        p.edges.push(Edge { from: chain[CHAIN - 1], to: consumer, costs: vec![GATHER, 0] });
        let mut s = Search::new(&p);
        s.descend(&[], &crate::effort::Effort::until(std::time::Instant::now() + std::time::Duration::from_secs(1)));
        assert_eq!((s.x[..CHAIN].to_vec(), s.cost), (vec![0; CHAIN], CHAIN as i128 + GATHER as i128));
        let moved = s.forest_sweep(&mut Rng::new(0));
        assert_eq!(moved.len(), CHAIN);
        assert_eq!((s.x[..CHAIN].to_vec(), s.cost), (vec![1; CHAIN], 2 * CHAIN as i128));
    }

    /// On a tree-shaped problem without memory, one tree covers every node with a choice and its
    /// dynamic programming finds the optimum.
    #[test]
    fn a_tree_is_solved_exactly() {
        for seed in 0..40 {
            let mut spec = RandomSpec::tiny(7);
            spec.extra_edges = 0;
            spec.forbidden_rate = 0.0;
            let mut p = random_problem(&spec, seed);
            p.usage_limit = None;
            let optimum = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
            let mut s = Search::new(&p);
            let f = s.random_forest(&mut Rng::new(seed));
            for tree in &f.trees {
                let choice = s.tree_optimum(&f, tree, &|_, _| 0.0);
                for (&v, &c) in tree.iter().zip(&choice) {
                    s.set(v, c);
                }
            }
            assert_eq!(s.cost, optimum, "seed {seed}");
        }
    }
}
