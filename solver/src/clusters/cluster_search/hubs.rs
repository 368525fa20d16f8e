//! Sweeps of region MIPs ([`ClusterSearch::region_mip`]) around the coarse graph's hubs: clusters with
//! many neighbouring clusters, where a change pays off only when the hub and its neighbours move
//! together, which the searches' moves (one cluster, a tree, a few re-drawn clusters) do not reach.

use super::ClusterSearch;
use crate::effort::Effort;
use crate::problem::ChoiceProblem;
use crate::time_shares::{HUB_REGION_S, REGION_COUNTS_S};
use cranelift_entity::EntityRef;
use std::time::Duration;

/// A hub has at least this many neighbouring clusters (fewer finds hardly more, in twice the time;
/// more misses hubs that matter).
pub const HUB_MIN_DEGREE: usize = 12;
/// A region reaches this many steps from its hub, at most (one step is too few to move a hub's
/// neighbourhood; three find no more than two).
const RADIUS: usize = 2;
/// Clusters per region, at most (breadth first from the hub): larger regions gain a little more in far
/// more time.
const MAX_REGION: usize = 32;

/// The hubs of a coarse problem (one node per cluster): the nodes with at least [`HUB_MIN_DEGREE`]
/// neighbouring nodes, in order.
pub fn hubs(coarse: &ChoiceProblem) -> Vec<usize> {
    let mut pairs: Vec<(usize, usize)> = coarse
        .edges
        .values()
        .map(|e| (e.from.index(), e.to.index()))
        .filter(|(u, v)| u != v)
        .flat_map(|(u, v)| [(u, v), (v, u)])
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut degree = vec![0; coarse.nodes.len()];
    for (u, _) in pairs {
        degree[u] += 1;
    }
    (0..degree.len()).filter(|&c| degree[c] >= HUB_MIN_DEGREE).collect()
}

impl ClusterSearch<'_> {
    /// Region MIPs around `hubs`, one after another, each from the answer the ones before left, until
    /// `effort` is spent (in a deterministic solve each MIP counts `REGION_COUNTS_S` seconds of it);
    /// returns how many moved the answer (each to a cheaper one that fits).
    pub fn hub_sweep(&mut self, hubs: &[usize], effort: &Effort) -> usize {
        let (mut moved, mut spent) = (0, 0u64);
        for &hub in hubs {
            if effort.over(spent) {
                break;
            }
            let region = self.region_around(hub);
            moved += usize::from(self.region_mip(&region, Duration::from_secs(HUB_REGION_S), effort));
            spent += effort.units(REGION_COUNTS_S);
        }
        moved
    }

    /// The clusters at most `RADIUS` steps from `hub`, breadth first, at most `MAX_REGION` of them.
    pub fn region_around(&self, hub: usize) -> Vec<usize> {
        let mut region = vec![hub];
        let mut depth = vec![0];
        let mut i = 0;
        while i < region.len() && region.len() < MAX_REGION {
            if depth[i] < RADIUS {
                for d in self.neighbours(region[i]) {
                    if region.len() < MAX_REGION && !region.contains(&d) {
                        region.push(d);
                        depth.push(depth[i] + 1);
                    }
                }
            }
            i += 1;
        }
        region
    }

    /// The clusters sharing an edge with `c`, each once, in order.
    fn neighbours(&self, c: usize) -> Vec<usize> {
        let mut n: Vec<usize> = self.coarse.arcs[c].iter().map(|a| a.other).filter(|&d| d != c).collect();
        n.sort_unstable();
        n.dedup();
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::eval::evaluate;
    use std::time::Instant;

    /// A region around a cluster holds it, lies within two steps of it, holds no cluster twice and no
    /// more than [`MAX_REGION`].
    #[test]
    fn regions_lie_around_their_hub() {
        let mut checked = 0;
        for (seed, p, cl, coarse) in super::super::clustered_cases(200) {
            let cs = ClusterSearch::new(&p, &cl, &coarse, None);
            for c in 0..cl.len() {
                let region = cs.region_around(c);
                assert_eq!(region[0], c, "seed {seed}");
                let mut distinct = region.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), region.len(), "seed {seed}: a cluster twice");
                assert!(region.len() <= MAX_REGION, "seed {seed}");
                let one: Vec<usize> = cs.neighbours(c);
                for &d in &region[1..] {
                    let near = one.contains(&d) || one.iter().any(|&m| cs.neighbours(m).contains(&d));
                    assert!(near, "seed {seed}: cluster {d} is more than two steps from {c}");
                }
                checked += 1;
            }
        }
        assert!(checked >= 100, "only {checked} regions checked");
    }

    /// In a star of `HUB_MIN_DEGREE` leaves around node 0, with a second edge to one leaf and a path
    /// of two more nodes off another, node 0 is the one hub; with a leaf fewer there is none.
    #[test]
    fn a_hub_has_enough_distinct_neighbours() {
        use crate::problem::{Edge, Node, NodeId, Strategy};
        let star = |leaves: usize| {
            let mut p = ChoiceProblem::default();
            for _ in 0..leaves + 3 {
                p.nodes.push(Node::new(vec![Strategy { cost: 1, usage: 0 }; 2], (0, 0)));
            }
            let edge = |a: usize, b: usize| Edge { from: NodeId::new(a), to: NodeId::new(b), costs: vec![0; 4] };
            for leaf in 1..=leaves {
                p.edges.push(edge(0, leaf));
            }
            p.edges.push(edge(1, 0));
            p.edges.push(edge(2, leaves + 1));
            p.edges.push(edge(leaves + 1, leaves + 2));
            p
        };
        assert_eq!(hubs(&star(HUB_MIN_DEGREE)), [0]);
        assert_eq!(hubs(&star(HUB_MIN_DEGREE - 1)), Vec::<usize>::new());
    }

    /// A sweep around every cluster (each taken as a hub) from an answer that fits ends at one that fits,
    /// at the evaluator's cost, no dearer; a sweep whose deadline has passed changes nothing.
    #[test]
    fn a_hub_sweep_is_never_worse() {
        let (mut tried, mut moved) = (0, 0);
        for (seed, p, cl, coarse) in super::super::clustered_cases(200) {
            let mut cs = ClusterSearch::new(&p, &cl, &coarse, None);
            if !cs.repair() || cs.cost() >= super::super::FORBIDDEN {
                continue;
            }
            let (start, before) = (cs.coarse.x.clone(), cs.cost());
            let all: Vec<usize> = (0..cl.len()).collect();
            assert_eq!(cs.hub_sweep(&all, &Effort::until(Instant::now())), 0, "seed {seed}");
            assert_eq!(cs.coarse.x, start, "seed {seed}: a sweep past its deadline moved");
            moved += cs.hub_sweep(&all, &Effort::until(Instant::now() + Duration::from_secs(10)));
            let e = evaluate(&p, &cl.lift(&cs.coarse.x)).unwrap();
            assert!(e.is_feasible() && e.cost == cs.cost() && cs.cost() <= before, "seed {seed}");
            tried += 1;
        }
        assert!(tried >= 30 && moved >= 10, "only {tried} sweeps, {moved} moves");
    }
}
