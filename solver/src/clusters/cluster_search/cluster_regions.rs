//! A MIP over a region of clusters with every other cluster kept: HiGHS re-chooses the region's options
//! at once, within memory. The problem is posed on the region alone: each cluster's options cost their
//! internal cost plus the edges to the kept clusters at their current options, edges inside the region
//! stay edges, and memory is one row per stretch of time over which the same region members are live,
//! against the limit less the highest usage of everything else over that stretch (exact: the rest is
//! fixed). So its size follows the region's, not the problem's.
//!
//! The searches move one cluster, a tree of clusters, or a few re-drawn clusters at a time; this moves
//! a whole region at once (the `hub_regions` example runs it around every hub of a given answer).

use super::ClusterSearch;
use crate::backend::{Backend, SolveOptions};
use crate::effort::Effort;
use crate::problem::constraints::{Budget, Term};
use crate::problem::{ChoiceProblem, NodeId};
use cranelift_entity::EntityRef;
use std::time::Duration;

impl ClusterSearch<'_> {
    /// HiGHS over `region` (clusters): each free among all its options, every other cluster kept, for at
    /// most `budget` and not past `effort`'s deadline; moves there when that is cheaper and fits, and
    /// returns whether it did. In a deterministic solve, HiGHS stopped by the time tells `effort`'s watch.
    pub fn region_mip(&mut self, region: &[usize], budget: Duration, effort: &Effort) -> bool {
        let mut region = region.to_vec();
        region.sort_unstable();
        region.dedup();
        region.retain(|&c| self.cl.options[c].len() > 1);
        if region.is_empty() || !self.feasible() {
            return false;
        }
        let Some(sub) = self.region_problem(&region) else { return false };
        let was: Vec<usize> = region.iter().map(|&c| self.coarse.x[c]).collect();
        // No warm start: HiGHS 1.16.0 can misprice a start in presolve (found on a four-cluster region
        // of a test problem), and the backend then solves a second time without it (`exact/highs.rs`).
        let opts = SolveOptions::within(effort, budget);
        let before = self.cost();
        let Ok(sol) = crate::exact::highs::Highs.solve(&sub, &opts, &mut |_| {}) else { return false };
        for (&c, &o) in region.iter().zip(&sol.choice) {
            self.set(c, o);
        }
        if self.feasible() && self.cost() < before {
            return true;
        }
        for (&c, &o) in region.iter().zip(&was) {
            self.set(c, o);
        }
        false
    }

    /// The problem over `region` (distinct clusters) with the rest kept as it is; `None` when the rest
    /// alone leaves no room somewhere (it cannot, if the current answer fits).
    fn region_problem(&self, region: &[usize]) -> Option<ChoiceProblem> {
        // Costs and edges as for any region of a search state (the coarse one: a node is a cluster, a
        // strategy an option); memory from the clusters' members.
        let mut sub = crate::search::regions::region_problem(&self.coarse, region);
        if let Some(limit) = self.fine.limit {
            sub.budgets = self.region_memory_rows(region, limit)?;
        }
        Some(sub)
    }

    /// One memory row per stretch of slots over which the same members of `region` are live.
    fn region_memory_rows(&self, region: &[usize], limit: i128) -> Option<Vec<Budget>> {
        // Every live member: (its cluster's place in the region, its place in the cluster, its slots).
        let mem = &self.fine.mem;
        let live: Vec<(usize, usize, (usize, usize))> = region
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| self.cl.members[c].iter().enumerate().map(move |(k, &m)| (i, k, m)))
            .map(|(i, k, m)| (i, k, mem.slots[m]))
            .filter(|&(_, _, (lo, hi))| lo < hi)
            .collect();
        let mut cuts: Vec<usize> = live.iter().flat_map(|&(_, _, (lo, hi))| [lo, hi]).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut rows = Vec::new();
        for w in cuts.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            // Usage per region cluster and option over this stretch, and the region's usage as it is.
            let mut usage: Vec<Vec<i128>> = region.iter().map(|&c| vec![0; self.cl.options[c].len()]).collect();
            let mut current = 0i128;
            for &(i, k, _) in live.iter().filter(|&&(_, _, (a, b))| a <= lo && lo < b) {
                let c = region[i];
                let m = self.cl.members[c][k];
                for (o, opt) in self.cl.options[c].iter().enumerate() {
                    usage[i][o] += self.fine.usages[m][opt[k] as usize];
                }
                current += self.fine.usages[m][self.cl.options[c][self.coarse.x[c]][k] as usize];
            }
            let rest = mem.max_slots(lo, hi) - current;
            let mut terms = Vec::new();
            let mut least_total = 0i128;
            for (i, u) in usage.iter().enumerate() {
                let least = u.iter().copied().min().unwrap_or(0);
                least_total += least;
                for (o, &x) in u.iter().enumerate().filter(|&(_, &x)| x > least) {
                    terms.push(Term::Node { node: NodeId::new(i), strategy: o, weight: (x - least) as i64 });
                }
            }
            if terms.is_empty() {
                continue;
            }
            let max = i64::try_from(limit - rest - least_total).ok().filter(|&m| m >= 0)?;
            rows.push(Budget { name: format!("memory over slots {lo}..{hi}"), terms, max });
        }
        Some(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::brute::BruteForce;
    use crate::problem::eval::evaluate;
    use crate::rng::Rng;
    use std::time::Instant;

    /// A region MIP from an answer that fits gives one that fits, at the evaluator's cost, no dearer, and
    /// changed only inside the region; over the whole problem it finds the optimum brute force finds.
    #[test]
    fn a_region_mip_moves_only_its_region_and_is_never_worse() {
        let (mut moved, mut optimal) = (0, 0);
        for (seed, p, cl, coarse) in super::super::clustered_cases(200) {
            let mut rng = Rng::new(seed);
            let mut cs = ClusterSearch::new(&p, &cl, &coarse, None);
            if !cs.repair() || cs.cost() >= super::super::FORBIDDEN {
                continue;
            }
            let start = cs.coarse.x.clone();
            let before = cs.cost();
            let region: Vec<usize> = (0..cl.len()).filter(|_| rng.below(2) == 0).collect();
            let soon = Effort::until(Instant::now() + Duration::from_secs(10));
            moved += cs.region_mip(&region, Duration::from_secs(10), &soon) as usize;
            let e = evaluate(&p, &cl.lift(&cs.coarse.x)).unwrap();
            assert!(e.is_feasible() && e.cost == cs.cost() && cs.cost() <= before, "seed {seed}");
            for c in (0..cl.len()).filter(|c| !region.contains(c)) {
                assert_eq!(cs.coarse.x[c], start[c], "seed {seed}: cluster {c} is outside the region");
            }
            let all: Vec<usize> = (0..cl.len()).collect();
            cs.region_mip(&all, Duration::from_secs(10), &soon);
            if let Ok(b) = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}) {
                assert_eq!(cs.cost(), b.cost, "seed {seed}");
                optimal += 1;
            }
        }
        assert!(moved >= 10 && optimal >= 30, "only {moved} moves, {optimal} problems checked against brute force");
    }
}
