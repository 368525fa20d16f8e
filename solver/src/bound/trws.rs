//! Answers by sequential tree-reweighted message passing (TRW-S, Kolmogorov 2006) over the costs the
//! dual prices: each node's cost plus its memory at the dual's multipliers, and the edges' costs.
//!
//! Min-sum diffusion ([`super::Diffusion`]) proves the bound but stops at fixed points where every
//! node's min-marginals agree without the nodes agreeing on one answer, so an answer read from it
//! in one pass is often far from optimal where the relaxation is not tight. TRW-S passes messages
//! forward and backward along the nodes' order, each node weighting its share by the number of
//! monotonic chains through it, and reads an answer on each forward pass (or each backward one): every
//! node takes its cheapest strategy given the strategies the pass took before it (at their true pair
//! costs) and the messages from the others. It is a heuristic here (its own bound is not computed; the diffusion's is the proof),
//! and it needs no clusters: it works on any pairwise structure.

use super::Diffusion;
use crate::effort::Effort;
use crate::problem::memory::SlotSums;

/// A cost no answer pays (forbidden strategies and pairs), finite so that sums and differences of
/// messages stay numbers.
const BIG: f64 = 1e30;

/// One edge end, as seen from its node.
#[derive(Clone, Copy)]
struct Arc {
    edge: usize,
    /// Is the node the edge's `from` end (rows of the cost matrix)?
    from: bool,
    /// The node at the other end.
    other: usize,
}

/// TRW-S state: the priced costs and the messages.
pub struct Trws {
    /// Node costs with memory charged at the multipliers, `BIG` where forbidden.
    unary: Vec<Vec<f64>>,
    /// Node costs before the charges, `BIG` where forbidden.
    base: Vec<Vec<f64>>,
    /// Memory each strategy uses (0 for nodes never live).
    usage: Vec<Vec<i128>>,
    /// Each node's memory slots `[lo, hi)`.
    slots: Vec<(usize, usize)>,
    /// The multipliers: a price per byte in each memory slot.
    mu: Vec<f64>,
    /// Edge costs, row-major, `BIG` where forbidden (self-loops are folded into `unary` and left empty).
    pair: Vec<Vec<f64>>,
    /// `msg[e][0]` goes into the edge's `from` end, `msg[e][1]` into its `to` end.
    msg: Vec<[Vec<f64>; 2]>,
    arcs: Vec<Vec<Arc>>,
    /// Each node's weight: one over the most monotonic chains through it in either direction.
    gamma: Vec<f64>,
}

impl Trws {
    /// TRW-S over the costs `d` prices now (its multipliers' charges included), its reparametrization
    /// as the first messages (the diffusion has already moved them most of the way).
    pub fn from_dual(d: &Diffusion<'_>) -> Trws {
        let cap = |x: f64| if x.is_finite() { x.min(BIG) } else { BIG };
        let unary: Vec<Vec<f64>> = d.unary.iter().map(|u| u.iter().map(|&x| cap(x)).collect()).collect();
        let base: Vec<Vec<f64>> = d.base.iter().map(|u| u.iter().map(|&x| cap(x)).collect()).collect();
        let pair: Vec<Vec<f64>> = d.pair.iter().map(|c| c.iter().map(|&x| cap(x)).collect()).collect();
        let mut arcs = vec![Vec::new(); unary.len()];
        let mut msg = Vec::with_capacity(pair.len());
        for (i, e) in d.p.edges.values().enumerate() {
            let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
            if pair[i].is_empty() {
                msg.push([Vec::new(), Vec::new()]);
                continue;
            }
            msg.push([d.phi[i][0].iter().map(|&x| cap(x)).collect(), d.phi[i][1].iter().map(|&x| cap(x)).collect()]);
            arcs[a].push(Arc { edge: i, from: true, other: b });
            arcs[b].push(Arc { edge: i, from: false, other: a });
        }
        let gamma = arcs
            .iter()
            .enumerate()
            .map(|(v, a)| {
                let before = a.iter().filter(|x| x.other < v).count();
                let after = a.len() - before;
                1.0 / before.max(after).max(1) as f64
            })
            .collect();
        Trws { unary, base, usage: d.usage.clone(), slots: d.slots.clone(), mu: d.mu.clone(), pair, msg, arcs, gamma }
    }

    /// The multipliers, a price per byte in each memory slot.
    pub fn prices(&self) -> &[f64] {
        &self.mu
    }

    /// Price memory at `mu` (one multiplier per slot, as [`Trws::prices`]): every strategy's cost is
    /// charged its usage times the multipliers summed over its node's slots. The messages stay: they
    /// are where the next pass starts from.
    pub fn set_prices(&mut self, mu: &[f64]) {
        self.mu.clear();
        self.mu.extend_from_slice(mu);
        let charges = SlotSums::new(&self.mu);
        for v in 0..self.unary.len() {
            let charge = charges.over(self.slots[v]);
            for (s, u) in self.unary[v].iter_mut().enumerate() {
                *u = (self.base[v][s] + self.usage[v][s] as f64 * charge).min(BIG);
            }
        }
    }

    /// One round: `passes` pairs of passes, fewer when `effort` (of which `spent` units are already
    /// used) runs out (one reading pass always runs); returns the answer of least priced cost read (one
    /// that pays a forbidden cost when each does) and the cost entries read. Answers are read on the
    /// forward passes (each node given the nodes before it), or with `backward` on the backward passes
    /// (each node given the nodes after it): two reads of the same messages that differ where they are
    /// not tight.
    pub fn round(&mut self, passes: usize, backward: bool, effort: &Effort, spent: u64) -> (Option<Vec<usize>>, u64) {
        let mut x = vec![0; self.unary.len()];
        let mut best: Option<(f64, Vec<usize>)> = None;
        let mut work = 0u64;
        for _ in 0..passes.max(1) {
            work += self.pass(!backward, Some(&mut x));
            // A read that meets a forbidden pair is kept too (the least of them when every read
            // does): reading in one order can reach a node whose every strategy is forbidden next to
            // those read before it, which the descents after the read undo.
            let e = self.energy(&x);
            if best.as_ref().is_none_or(|(b, _)| e < *b) {
                best = Some((e, x.clone()));
            }
            if effort.over(spent + work) {
                break;
            }
            work += self.pass(backward, None);
        }
        (best.map(|(_, x)| x), work)
    }

    /// The pair cost of `arc`'s edge with its node at `s` and the other end at `t`.
    fn pair_at(&self, arc: Arc, s: usize, t: usize) -> f64 {
        let cols = self.msg[arc.edge][1].len();
        if arc.from { self.pair[arc.edge][s * cols + t] } else { self.pair[arc.edge][t * cols + s] }
    }

    /// The message into `arc`'s node along its edge.
    fn incoming(&self, arc: Arc) -> &[f64] {
        &self.msg[arc.edge][usize::from(!arc.from)]
    }

    /// One pass over the nodes, forward (ascending) or backward, reading an answer into `x` when given
    /// one (each node its cheapest strategy given the nodes the pass has already read, at their true pair
    /// costs, and the messages from the others). Returns the cost entries read.
    fn pass(&mut self, forward: bool, mut x: Option<&mut Vec<usize>>) -> u64 {
        let n = self.unary.len();
        let mut theta = Vec::new();
        let mut out = Vec::new();
        let mut work = 0u64;
        for i in 0..n {
            let v = if forward { i } else { n - 1 - i };
            let later = |w: usize| if forward { w > v } else { w < v };
            theta.clone_from(&self.unary[v]);
            for &arc in &self.arcs[v] {
                for (t, m) in theta.iter_mut().zip(self.incoming(arc)) {
                    *t += m;
                }
            }
            if let Some(x) = x.as_deref_mut() {
                // The strategies read before `v` at their true pair costs, the later nodes by their messages.
                let value = |s: usize| {
                    let mut c = theta[s];
                    for &arc in self.arcs[v].iter().filter(|a| !later(a.other)) {
                        c += self.pair_at(arc, s, x[arc.other]) - self.incoming(arc)[s];
                    }
                    c
                };
                x[v] = (0..theta.len()).min_by(|&a, &b| value(a).total_cmp(&value(b))).unwrap_or(0);
            }
            let g = self.gamma[v];
            for k in 0..self.arcs[v].len() {
                let arc = self.arcs[v][k];
                if !later(arc.other) {
                    continue;
                }
                let back = self.incoming(arc);
                let kt = self.msg[arc.edge][usize::from(arc.from)].len();
                out.clear();
                out.resize(kt, f64::INFINITY);
                for (s, (&th, &b)) in theta.iter().zip(back).enumerate() {
                    let h = g * th - b;
                    for (t, o) in out.iter_mut().enumerate() {
                        let c = h + self.pair_at(arc, s, t);
                        if c < *o {
                            *o = c;
                        }
                    }
                }
                work += (kt * theta.len()) as u64;
                let least = out.iter().copied().fold(f64::INFINITY, f64::min);
                let m = &mut self.msg[arc.edge][usize::from(arc.from)];
                for (m, &o) in m.iter_mut().zip(&out) {
                    *m = (o - least).min(BIG);
                }
            }
            work += theta.len() as u64;
        }
        work
    }

    /// The priced cost of `x`: node costs with memory charges, and pair costs.
    fn energy(&self, x: &[usize]) -> f64 {
        let nodes: f64 = x.iter().enumerate().map(|(v, &s)| self.unary[v][s]).sum();
        let pairs: f64 = (0..self.unary.len())
            .flat_map(|v| self.arcs[v].iter().filter(|a| a.from).map(move |&a| (v, a)))
            .map(|(v, a)| self.pair_at(a, x[v], x[a.other]))
            .sum();
        nodes + pairs
    }
}

#[cfg(test)]
mod tests {
    use super::Trws;
    use crate::backend::{Backend, SolveOptions};
    use crate::bound::Diffusion;
    use crate::effort::Effort;
    use crate::exact::brute::BruteForce;
    use crate::problem::eval::evaluate;
    use crate::testing::{RandomSpec, random_problem};
    use std::time::{Duration, Instant};

    /// Five seconds from now: far more than any round of these problems takes.
    fn soon() -> Effort {
        Effort::until(Instant::now() + Duration::from_secs(5))
    }

    /// Random problem `seed` without forbidden costs, a tree when `tree`, its memory limit lifted.
    fn problem(seed: u64, tree: bool) -> crate::problem::ChoiceProblem {
        let mut spec = RandomSpec::tiny(8);
        spec.forbidden_rate = 0.0;
        if tree {
            spec.extra_edges = 0;
        }
        let mut p = random_problem(&spec, seed);
        p.usage_limit = None;
        p
    }

    /// On trees TRW-S is exact: from zero messages, a round of passes reads an optimum, forward or
    /// backward (random trees without memory, checked by brute force).
    #[test]
    fn a_tree_is_read_optimally() {
        for seed in 0..40 {
            let p = problem(seed, true);
            let optimum = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
            for backward in [false, true] {
                let (read, work) = Trws::from_dual(&Diffusion::new(&p)).round(8, backward, &soon(), 0);
                assert!(work > 0);
                let cost = evaluate(&p, &read.expect("an answer")).unwrap().cost;
                assert_eq!(cost, optimum, "seed {seed}, read backward: {backward}");
            }
        }
    }

    /// Where forbidden pairs are common, a read in either order can reach a node whose every strategy
    /// is forbidden next to those read before it; the round still returns its least costly read (a
    /// complete answer, for the descents after it to mend), not nothing.
    #[test]
    fn a_read_that_meets_a_forbidden_pair_is_still_returned() {
        let mut spec = RandomSpec::tiny(12);
        spec.forbidden_rate = 0.4;
        let mut forbidden_reads = 0;
        for seed in 0..40 {
            let p = random_problem(&spec, seed);
            for backward in [false, true] {
                let (read, _) = Trws::from_dual(&Diffusion::new(&p)).round(2, backward, &soon(), 0);
                let read = read.expect("a read");
                assert_eq!(read.len(), p.nodes.len(), "seed {seed}");
                let cost = evaluate(&p, &read).unwrap().cost;
                forbidden_reads += usize::from(cost >= crate::problem::FORBIDDEN_COST as i128);
            }
        }
        assert!(forbidden_reads > 0, "no read met a forbidden pair: the test tests nothing");
    }

    /// With cycles, a read is a complete answer that costs no less than the optimum; and prices charge
    /// each strategy its usage times the prices over its node's slots (a price high enough on every
    /// slot makes the read take each node's leanest strategies).
    #[test]
    fn reads_are_answers_and_prices_steer_them_to_lean_strategies() {
        for seed in 0..40 {
            let p = problem(seed, false);
            let optimum = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
            let mut t = Trws::from_dual(&Diffusion::new(&p));
            let read = t.round(8, false, &soon(), 0).0.expect("an answer");
            assert!(evaluate(&p, &read).unwrap().cost >= optimum, "seed {seed}");
            let costliest: f64 = p.edges.values().flat_map(|e| e.costs.iter()).map(|&c| c as f64).sum::<f64>()
                + p.nodes.values().flat_map(|n| n.strategies.iter()).map(|s| s.cost as f64).sum::<f64>();
            t.set_prices(&vec![costliest + 1.0; t.prices().len()]);
            let lean = t.round(8, false, &soon(), 0).0.expect("an answer");
            for (v, n) in p.nodes.values().enumerate() {
                let least = n.live_usages().into_iter().min().unwrap_or(0);
                assert_eq!(n.live_usage(lean[v]), least, "seed {seed}: node {v} not at its leanest");
            }
        }
    }
}
