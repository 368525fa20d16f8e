//! Knapsack moves. Where memory is tight, the cheap answers differ in how they share the memory of one
//! time point among the clusters live there; moving one cluster or one tree at a time, the searches
//! can only spend memory another move has already freed. A knapsack move re-shares the memory of one
//! slot among many clusters at once: it takes an independent set of the clusters live there (no two
//! adjacent, so each one's cost change is exact with its neighbours as they are) and solves the
//! multiple-choice knapsack over their options (memory at the slot, local cost) greedily along each
//! cluster's lower convex hull (the LP relaxation's order; a step that does not fit is skipped).

use super::{ClusterSearch, FORBIDDEN};
use crate::rng::Rng;

/// One option of a cluster in a knapsack: its usage at the slot, its local cost, and which it is.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Item {
    usage: f64,
    cost: i128,
    option: usize,
}

/// The lower convex hull of `items` in (usage, cost): usage rising, cost falling, each step saving less
/// cost per unit of usage than the one before. Items no cheaper than a lighter one are dropped.
fn lower_hull(mut items: Vec<Item>) -> Vec<Item> {
    items.sort_by(|a, b| a.usage.total_cmp(&b.usage).then(a.cost.cmp(&b.cost)));
    let mut hull: Vec<Item> = Vec::new();
    for p in items {
        if hull.last().is_some_and(|h| p.cost >= h.cost) {
            continue;
        }
        while let [.., a, b] = hull[..] {
            // Drop b when it lies on or above the segment from a to p.
            let (db, dp) = ((b.cost - a.cost) as f64, (p.cost - a.cost) as f64);
            if db * (p.usage - a.usage) >= dp * (b.usage - a.usage) {
                hull.pop();
            } else {
                break;
            }
        }
        hull.push(p);
    }
    hull
}

/// The greedy share of `budget` among `hulls`: every hull starts at its lightest point, then the steps
/// that save the most cost per unit of usage are taken while they fit (a step that does not fit ends its
/// hull's climb). Per hull, the index of the point taken; `None` when even the lightest points do not
/// fit or a hull is empty.
fn share(hulls: &[Vec<Item>], mut budget: f64) -> Option<Vec<usize>> {
    let mut steps: Vec<(f64, usize, usize)> = Vec::new();
    for (i, h) in hulls.iter().enumerate() {
        budget -= h.first()?.usage;
        for k in 1..h.len() {
            let saves = (h[k - 1].cost - h[k].cost) as f64 / (h[k].usage - h[k - 1].usage).max(f64::MIN_POSITIVE);
            steps.push((saves, i, k));
        }
    }
    if budget < 0.0 {
        return None;
    }
    steps.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut pick = vec![0; hulls.len()];
    for (_, i, k) in steps {
        let need = hulls[i][k].usage - hulls[i][k - 1].usage;
        if pick[i] == k - 1 && need <= budget {
            budget -= need;
            pick[i] = k;
        }
    }
    Some(pick)
}

impl ClusterSearch<'_> {
    /// One knapsack move at the peak slot; kept when the cost falls and memory fits (it must fit
    /// before). Returns whether it was kept.
    pub(super) fn knapsack_move(&mut self, rng: &mut Rng) -> bool {
        if !self.feasible() {
            return false;
        }
        let before = self.coarse.cost;
        let (slot, _) = self.fine.mem.peak_slot();
        let moved = self.knapsack_at(slot, rng);
        if moved.is_empty() {
            return false;
        }
        if self.feasible() && self.coarse.cost < before {
            return true;
        }
        for &(c, o) in moved.iter().rev() {
            self.set(c, o);
        }
        false
    }

    /// Re-share the limit at `slot` among a random independent set of the clusters live there, at the
    /// lowest cost the greedy finds; applies it and returns the clusters moved with their old options
    /// (none when no share fits).
    fn knapsack_at(&mut self, slot: usize, rng: &mut Rng) -> Vec<(usize, usize)> {
        let Some(limit) = self.fine.limit else { return Vec::new() };
        self.work += self.cl.len() as u64;
        let live_at = |c: usize| self.live.spans[c].iter().any(|&(lo, hi)| lo <= slot && slot < hi);
        let mut live: Vec<usize> = (0..self.cl.len()).filter(|&c| self.cl.options[c].len() > 1 && live_at(c)).collect();
        rng.shuffle(&mut live);
        let mut blocked = vec![false; self.cl.len()];
        let mut set = Vec::new();
        for c in live {
            if !blocked[c] {
                blocked[c] = true;
                for a in &self.coarse.arcs[c] {
                    blocked[a.other] = true;
                }
                set.push(c);
            }
        }
        // The set's usage at the slot now is given back to the budget.
        let mut budget = (limit - self.fine.mem.max_slots(slot, slot + 1)) as f64;
        let mut hulls = Vec::with_capacity(set.len());
        for &c in &set {
            // The live members (by their index in `LiveUsage`) whose span holds the slot.
            let spans = &self.live.spans[c];
            let here: Vec<usize> = (0..spans.len()).filter(|&i| spans[i].0 <= slot && slot < spans[i].1).collect();
            let at = |o: usize| -> f64 { here.iter().map(|&i| self.live.usage[c][o][i]).sum() };
            budget += at(self.coarse.x[c]);
            self.work += (self.cl.options[c].len() * (here.len() + self.coarse.arcs[c].len() + 1)) as u64;
            let items = (0..self.cl.options[c].len())
                .map(|o| Item { usage: at(o), cost: self.coarse.local_cost(c, o), option: o })
                .filter(|it| it.cost < FORBIDDEN)
                .collect();
            hulls.push(lower_hull(items));
        }
        let Some(pick) = share(&hulls, budget) else { return Vec::new() };
        let mut moved = Vec::new();
        for (&c, (h, &k)) in set.iter().zip(hulls.iter().zip(&pick)) {
            if h[k].option != self.coarse.x[c] {
                moved.push((c, self.coarse.x[c]));
                self.set(c, h[k].option);
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::eval::evaluate;

    /// On seeded random problems with clusters, from random starts: a knapsack move that is kept
    /// leaves an answer within the memory limit, cheaper, at the evaluator's cost; one that is not leaves
    /// the state as it was. (Random starts may pay forbidden costs between clusters, which the coarse
    /// problem caps; the moves are checked from starts that pay none.)
    #[test]
    fn knapsack_moves_keep_memory_and_lower_the_cost() {
        let mut kept = 0;
        for (seed, p, cl, coarse) in super::super::clustered_cases(300) {
            let mut cs = ClusterSearch::new(&p, &cl, &coarse, None);
            let mut rng = Rng::new(seed);
            for _ in 0..10 {
                for c in 0..cl.len() {
                    let o = rng.below(cl.options[c].len() as u64) as usize;
                    cs.set(c, o);
                }
                if !(cs.feasible() || cs.repair()) || cs.cost() >= FORBIDDEN {
                    continue;
                }
                let (cost, x) = (cs.cost(), cs.coarse.x.clone());
                if cs.knapsack_move(&mut rng) {
                    kept += 1;
                    let e = evaluate(&p, &cl.lift(&cs.coarse.x)).unwrap();
                    assert!(e.over_limit.is_empty() && e.cost == cs.cost() && cs.cost() < cost, "seed {seed}");
                } else {
                    assert_eq!((cs.cost(), &cs.coarse.x), (cost, &x), "seed {seed}");
                }
            }
        }
        assert!(kept > 20, "only {kept} moves kept");
    }

    fn items(rng: &mut Rng, n: usize) -> Vec<Item> {
        (0..n).map(|o| Item { usage: rng.below(20) as f64, cost: rng.below(100) as i128, option: o }).collect()
    }

    /// On random point sets: the hull keeps the lightest of the cheapest points, rises in usage and
    /// falls in cost with ever smaller savings per unit, and no point lies below it.
    #[test]
    fn the_hull_is_lower_and_convex() {
        let mut rng = Rng::new(7);
        for _ in 0..500 {
            let n = 1 + rng.below(8) as usize;
            let pts = items(&mut rng, n);
            let h = lower_hull(pts.clone());
            let lightest = pts.iter().map(|p| p.usage).fold(f64::INFINITY, f64::min);
            let cheapest = pts.iter().map(|p| p.cost).min().unwrap();
            assert_eq!(h[0].usage, lightest);
            assert_eq!(h.last().unwrap().cost, cheapest);
            for w in h.windows(2) {
                assert!(w[0].usage < w[1].usage && w[0].cost > w[1].cost, "{h:?}");
            }
            let slope = |a: &Item, b: &Item| (a.cost - b.cost) as f64 / (b.usage - a.usage);
            for w in h.windows(3) {
                assert!(slope(&w[0], &w[1]) > slope(&w[1], &w[2]), "{h:?}");
            }
            // No point below the hull: between two hull points, a point's cost is at least the segment's.
            for p in &pts {
                for w in h.windows(2) {
                    if w[0].usage <= p.usage && p.usage <= w[1].usage {
                        let t = (p.usage - w[0].usage) / (w[1].usage - w[0].usage);
                        let line = w[0].cost as f64 + t * (w[1].cost - w[0].cost) as f64;
                        assert!(p.cost as f64 >= line - 1e-9, "{p:?} below {h:?}");
                    }
                }
            }
        }
    }

    /// On random knapsacks, against every combination of hull points: the greedy share fits the
    /// budget, exists exactly when the lightest points fit, and costs at most the best combination plus
    /// the largest single step (the greedy's bound from the LP relaxation).
    #[test]
    fn the_greedy_share_fits_and_is_near_the_best() {
        let mut rng = Rng::new(11);
        for _ in 0..300 {
            let hulls: Vec<Vec<Item>> = (0..1 + rng.below(4)).map(|_| lower_hull(items(&mut rng, 4))).collect();
            let budget = rng.below(60) as f64;
            let lightest: f64 = hulls.iter().map(|h| h[0].usage).sum();
            let got = share(&hulls, budget);
            assert_eq!(got.is_some(), lightest <= budget);
            let Some(pick) = got else { continue };
            let usage: f64 = hulls.iter().zip(&pick).map(|(h, &k)| h[k].usage).sum();
            let cost: i128 = hulls.iter().zip(&pick).map(|(h, &k)| h[k].cost).sum();
            assert!(usage <= budget);
            let mut best = i128::MAX;
            let mut idx = vec![0usize; hulls.len()];
            loop {
                let u: f64 = hulls.iter().zip(&idx).map(|(h, &k)| h[k].usage).sum();
                if u <= budget {
                    best = best.min(hulls.iter().zip(&idx).map(|(h, &k)| h[k].cost).sum());
                }
                let Some(i) = (0..idx.len()).find(|&i| idx[i] + 1 < hulls[i].len()) else { break };
                idx[i] += 1;
                idx[..i].fill(0);
            }
            let step = hulls.iter().flat_map(|h| h.windows(2).map(|w| w[0].cost - w[1].cost)).max().unwrap_or(0);
            assert!(cost <= best + step, "greedy {cost}, best {best}, largest step {step}");
        }
    }
}
