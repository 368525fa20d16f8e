//! What tests and benchmarks build problems from: the contest's worked example and seeded random
//! problems (with user constraints, with partial-matching edges that form clusters), for property and
//! differential tests and for benchmarks of scale. Not part of the solver's API.

use crate::problem::{ChoiceProblem, Edge, FORBIDDEN_COST, Node, NodeId, Strategy};
use crate::rng::Rng;

/// The contest's worked example (google/iopddl's example.json, as the contest documents it): 5 nodes, 5
/// edges, usage limit 50. Its optimum is 445, at `[0, 0, 2, 1, 0]`.
pub const EXAMPLE: &str = r#"{"problem": {"name": "example",
  "nodes": {"intervals": [[30, 70], [40, 70], [50, 120], [110, 140], [110, 150]],
            "costs": [[15], [55, 65], [25, 45, 35], [85, 75], [95]],
            "usages": [[10], [25, 25], [15, 20, 15], [10, 10], [15]]},
  "edges": {"nodes": [[0, 1], [0, 2], [1, 3], [2, 4], [3, 4]],
            "costs": [[30, 40], [50, 10, 40], [90, 10, 20, 80], [60, 20, 30], [70, 60]]},
  "usage_limit": 50}}"#;

/// Shape of a random problem.
#[derive(Clone, Debug)]
pub struct RandomSpec {
    /// Nodes.
    pub nodes: usize,
    /// Most strategies per node.
    pub max_strategies: usize,
    /// Edges (roughly: a chain plus extra random edges).
    pub extra_edges: usize,
    /// Time horizon for intervals.
    pub horizon: i64,
    /// Probability that a cost is the forbidden marker.
    pub forbidden_rate: f64,
    /// Probability that all strategies of a node share one usage (memory-neutral).
    pub neutral_rate: f64,
}

impl RandomSpec {
    /// A tiny problem (brute-forceable).
    pub fn tiny(nodes: usize) -> RandomSpec {
        RandomSpec {
            nodes,
            max_strategies: 4,
            extra_edges: nodes / 2 + 1,
            horizon: 12,
            forbidden_rate: 0.03,
            neutral_rate: 0.4,
        }
    }
}

/// A random problem; the memory limit is set between the lowest and highest possible peaks.
pub fn random_problem(spec: &RandomSpec, seed: u64) -> ChoiceProblem {
    let mut r = Rng::new(seed);
    let mut p = ChoiceProblem { name: format!("random-{seed}"), ..ChoiceProblem::default() };
    for _ in 0..spec.nodes {
        let k = 1 + r.below(spec.max_strategies as u64) as usize;
        let neutral = r.chance(spec.neutral_rate);
        let shared = r.below(10) as i64;
        let strategies = (0..k)
            .map(|_| Strategy {
                cost: if r.chance(spec.forbidden_rate) { FORBIDDEN_COST } else { r.below(30) as i64 },
                usage: if neutral { shared } else { r.below(10) as i64 },
            })
            .collect();
        let a = r.below(spec.horizon as u64) as i64;
        let len = if r.chance(0.15) { 0 } else { 1 + r.below(spec.horizon as u64 / 2) as i64 };
        p.nodes.push(Node::new(strategies, (a, a + len)));
    }
    let n = spec.nodes as u64;
    let mut pairs: Vec<(u32, u32)> = (1..spec.nodes as u32).map(|i| (r.below(i as u64) as u32, i)).collect();
    for _ in 0..spec.extra_edges {
        pairs.push((r.below(n) as u32, r.below(n) as u32));
    }
    for (a, b) in pairs {
        let (na, nb) = (p.nodes[NodeId::from_u32(a)].strategies.len(), p.nodes[NodeId::from_u32(b)].strategies.len());
        let costs = (0..na * nb)
            .map(|_| if r.chance(spec.forbidden_rate) { FORBIDDEN_COST } else { r.below(40) as i64 })
            .collect();
        p.edges.push(Edge { from: NodeId::from_u32(a), to: NodeId::from_u32(b), costs });
    }
    // A limit between the smallest and the largest peak (per-node extremes).
    let (lo, hi) = (
        peak_with(&p, |n| n.strategies.iter().map(|s| s.usage).min().unwrap_or(0)),
        peak_with(&p, |n| n.strategies.iter().map(|s| s.usage).max().unwrap_or(0)),
    );
    p.usage_limit = Some(lo + r.below((hi - lo + 1).max(1) as u64) as i64);
    p
}

fn peak_with(p: &ChoiceProblem, f: impl Fn(&Node) -> i64) -> i64 {
    let horizon = p.nodes.values().map(|n| n.interval.1).max().unwrap_or(0);
    (0..horizon)
        .map(|t| p.nodes.values().filter(|n| n.interval.0 <= t && t < n.interval.1).map(&f).sum::<i64>())
        .max()
        .unwrap_or(0)
}

/// Add random user constraints to `p`: maybe a pin, maybe a tie between two nodes, maybe a budget over
/// a few node and pair terms. Some of them make the problem unsatisfiable, on purpose.
pub fn add_random_constraints(p: &mut ChoiceProblem, seed: u64) {
    use crate::problem::constraints::{Budget, Term, Tie};
    let mut r = Rng::new(seed.wrapping_mul(31).wrapping_add(7));
    let n = p.nodes.len() as u64;
    let node = |r: &mut Rng| NodeId::from_u32(r.below(n) as u32);
    let strategy = |p: &ChoiceProblem, r: &mut Rng, v: NodeId| r.below(p.nodes[v].strategies.len() as u64) as usize;
    if n == 0 {
        return;
    }
    if r.chance(0.4) {
        let v = node(&mut r);
        let s = strategy(p, &mut r, v);
        p.pin(v, s);
    }
    if r.chance(0.6) && n > 1 {
        let (a, b) = (node(&mut r), node(&mut r));
        if a != b {
            let (na, nb) = (p.nodes[a].strategies.len(), p.nodes[b].strategies.len());
            let mut pairs: Vec<(usize, usize)> =
                (0..na).flat_map(|s| (0..nb).map(move |t| (s, t))).filter(|_| r.chance(0.5)).collect();
            if pairs.is_empty() {
                pairs.push((0, 0));
            }
            p.ties.push(Tie { a, b, pairs });
        }
    }
    if r.chance(0.6) {
        let mut terms = Vec::new();
        for _ in 0..2 + r.below(5) {
            let weight = 1 + r.below(3) as i64;
            let a = node(&mut r);
            let sa = strategy(p, &mut r, a);
            if r.chance(0.5) {
                terms.push(Term::Node { node: a, strategy: sa, weight });
            } else {
                let b = node(&mut r);
                let sb = strategy(p, &mut r, b);
                terms.push(Term::Pair { a, sa, b, sb, weight });
            }
        }
        let total: i64 = terms.iter().map(Term::weight).sum();
        let max = r.below(total as u64 + 1) as i64;
        p.budgets.push(Budget { name: "random".into(), terms, max });
    }
}

/// Turn about `rate` of `p`'s edges between two different nodes into partial matchings: each strategy of
/// one end pairs with at most one strategy of the other at a finite cost, every other pair costs the
/// forbidden marker (the edges that clusters merge across).
pub fn add_matchings(p: &mut ChoiceProblem, seed: u64, rate: f64) {
    let mut r = Rng::new(seed.wrapping_mul(17).wrapping_add(3));
    let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
    for e in p.edges.values_mut() {
        if e.from == e.to || !r.chance(rate) {
            continue;
        }
        let (na, nb) = (sizes[e.from.as_u32() as usize], sizes[e.to.as_u32() as usize]);
        let mut cols: Vec<usize> = (0..nb).collect();
        for i in (1..nb).rev() {
            cols.swap(i, r.below(i as u64 + 1) as usize);
        }
        e.costs = vec![FORBIDDEN_COST; na * nb];
        for (s, &t) in cols.iter().enumerate().take(na) {
            if r.chance(0.95) {
                e.costs[s * nb + t] = r.below(40) as i64;
            }
        }
    }
}

/// A tiny random problem of 3 to 8 nodes (by `seed`) with half its edges turned into matchings: one
/// with clusters to merge, as the tests of the searches over clusters use.
pub fn clustered_problem(seed: u64) -> ChoiceProblem {
    let mut p = random_problem(&RandomSpec::tiny(3 + (seed % 6) as usize), seed);
    add_matchings(&mut p, seed, 0.5);
    p
}

/// A model-like problem of `layers` copies of one random layer (`width` nodes, a random wiring inside, a
/// random edge from each layer's last node to the next one's first), between a head and a tail of their
/// own. Each layer's nodes live from their step to a mirrored step after the last layer (a forward pass
/// whose values the backward pass reads), so the copies' intervals nest; the memory limit is set between
/// the lowest and highest possible peaks.
pub fn repeated_problem(seed: u64, layers: usize, width: usize) -> ChoiceProblem {
    let mut r = Rng::new(seed);
    let mut p = ChoiceProblem { name: format!("repeated-{seed}"), ..ChoiceProblem::default() };
    let strategies = |r: &mut Rng| -> Vec<Strategy> {
        let k = 2 + r.below(2) as usize;
        (0..k).map(|_| Strategy { cost: r.below(30) as i64, usage: r.below(10) as i64 }).collect()
    };
    let layer: Vec<Vec<Strategy>> = (0..width).map(|_| strategies(&mut r)).collect();
    let costs = |r: &mut Rng, na: usize, nb: usize| -> Vec<i64> { (0..na * nb).map(|_| r.below(40) as i64).collect() };
    let inner: Vec<(usize, usize, Vec<i64>)> = (1..width)
        .map(|b| {
            let a = r.below(b as u64) as usize;
            let c = costs(&mut r, layer[a].len(), layer[b].len());
            (a, b, c)
        })
        .collect();
    let between = costs(&mut r, layer[width - 1].len(), layer[0].len());
    let end = 2 * (layers * width) as i64 + 4;
    let head = p.nodes.push(Node::new(strategies(&mut r), (0, end)));
    let first = costs(&mut r, p.nodes[head].strategies.len(), layer[0].len());
    let mut prev: Option<NodeId> = None;
    for l in 0..layers {
        let ids: Vec<NodeId> = (0..width)
            .map(|i| {
                let t = 1 + (l * width + i) as i64;
                p.nodes.push(Node::new(layer[i].clone(), (t, end - t)))
            })
            .collect();
        for (a, b, c) in &inner {
            p.edges.push(Edge { from: ids[*a], to: ids[*b], costs: c.clone() });
        }
        let (from, costs) = match prev {
            None => (head, first.clone()),
            Some(last) => (last, between.clone()),
        };
        p.edges.push(Edge { from, to: ids[0], costs });
        prev = Some(ids[width - 1]);
    }
    let tail = p.nodes.push(Node::new(strategies(&mut r), (end - 1, end)));
    if let Some(last) = prev {
        let c = costs(&mut r, layer[width - 1].len(), p.nodes[tail].strategies.len());
        p.edges.push(Edge { from: last, to: tail, costs: c });
    }
    let (lo, hi) = (
        peak_with(&p, |n| n.strategies.iter().map(|s| s.usage).min().unwrap_or(0)),
        peak_with(&p, |n| n.strategies.iter().map(|s| s.usage).max().unwrap_or(0)),
    );
    p.usage_limit = Some(lo + r.below((hi - lo + 1).max(1) as u64) as i64);
    p
}
