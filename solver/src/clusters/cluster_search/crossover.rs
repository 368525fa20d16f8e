//! Crossover of two answers: the clusters where they differ each keep the two options they take, every
//! other cluster keeps the one both take, and HiGHS chooses among them all at once with memory rows
//! (those where either answer is near the limit up front, the rest added lazily as in
//! [`crate::clusters::coarse_mip`]). The searches move one cluster or one tree at a time; this moves any subset of
//! the differences together, which is what two answers stuck at the memory limit in different places
//! need. Warm-started from the current answer, so it is never worse. (A region's clusters free among
//! all their options, the rest kept, is `cluster_regions.rs`.)

use super::ClusterSearch;
use crate::backend::SolveOptions;
use crate::clusters::Clusters;
use crate::effort::Effort;
use std::time::{Duration, Instant};

/// A time point gets a memory row up front when either answer's usage there is at least this share of
/// the limit.
const TIGHT_FRACTION: f64 = 0.98;

impl ClusterSearch<'_> {
    /// The crossover of the current answer with `other` (options), for at most `budget` and not past
    /// `effort`'s deadline; moves to its answer when that is cheaper and fits, and returns whether it
    /// did. In a deterministic solve, HiGHS stopped by the time tells `effort`'s watch.
    pub(super) fn crossover(&mut self, other: &[usize], budget: Duration, effort: &Effort) -> bool {
        let q = self.fine.p;
        let here = self.coarse.x.clone();
        let cands: Vec<Vec<usize>> =
            here.iter().zip(other).map(|(&a, &b)| if a == b { vec![a] } else { vec![a.min(b), a.max(b)] }).collect();
        if cands.iter().all(|c| c.len() == 1) {
            return false;
        }
        let restricted = Clusters {
            of: self.cl.of.clone(),
            slot: self.cl.slot.clone(),
            members: self.cl.members.clone(),
            options: cands
                .iter()
                .enumerate()
                .map(|(c, os)| os.iter().map(|&o| self.cl.options[c][o].clone()).collect())
                .collect(),
        };
        let mut coarse = restricted.coarse(q);
        if let Some(limit) = q.usage_limit {
            let mut points: Vec<i64> = Vec::new();
            for x in [self.cl.lift(&here), self.cl.lift(other)] {
                let tight = crate::problem::eval::usage_profile(q, &x)
                    .into_iter()
                    .filter(|&(_, u)| u as f64 >= TIGHT_FRACTION * limit as f64);
                points.extend(tight.map(|(t, _)| t));
            }
            points.sort_unstable();
            points.dedup();
            for t in points {
                match crate::clusters::coarse_mip::memory_row(q, &restricted, t, limit as i128) {
                    Some(row) if !row.terms.is_empty() => coarse.budgets.push(row),
                    Some(_) => {}
                    None => return false,
                }
            }
        }
        let warm: Vec<usize> =
            here.iter().zip(&cands).map(|(a, c)| c.iter().position(|o| o == a).unwrap_or(0)).collect();
        let until = (Instant::now() + budget).min(effort.deadline());
        let opts = SolveOptions { warm_start: Some(restricted.lift(&warm)), ..SolveOptions::within(effort, budget) };
        let before = self.cost();
        let Ok(out) = crate::clusters::coarse_mip::solve(q, &restricted, &coarse, &opts, until, &mut |_| {}) else {
            return false;
        };
        let Some(x) = out.solution.filter(|s| s.cost < before).and_then(|s| self.cl.restrict(&s.choice)) else {
            return false;
        };
        self.go_to(&x);
        if self.feasible() && self.cost() < before {
            return true;
        }
        self.go_to(&here);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::eval::evaluate;
    use crate::rng::Rng;

    /// On seeded random problems with clusters, the crossover of two answers that fit is one that fits, at
    /// the evaluator's cost, no dearer than either (the other answer is among its choices).
    #[test]
    fn a_crossover_is_no_worse_than_either_parent() {
        let mut crossed = 0;
        for (seed, p, cl, coarse) in super::super::clustered_cases(300) {
            let mut rng = Rng::new(seed);
            let mut fitting: Vec<(i128, Vec<usize>)> = Vec::new();
            for _ in 0..50 {
                let x: Vec<usize> = cl.options.iter().map(|o| rng.below(o.len() as u64) as usize).collect();
                let e = evaluate(&p, &cl.lift(&x)).unwrap();
                if e.is_feasible() && e.cost < super::super::FORBIDDEN && !fitting.iter().any(|f| f.1 == x) {
                    fitting.push((e.cost, x));
                }
            }
            let [(ca, a), (cb, b), ..] = &fitting[..] else { continue };
            let mut cs = ClusterSearch::new(&p, &cl, &coarse, Some(a.clone()));
            cs.crossover(b, Duration::from_secs(10), &Effort::until(Instant::now() + Duration::from_secs(10)));
            let e = evaluate(&p, &cl.lift(&cs.coarse.x)).unwrap();
            assert!(e.is_feasible());
            assert_eq!(e.cost, cs.cost());
            assert!(cs.cost() <= *ca.min(cb), "seed {seed}: {} from {ca} and {cb}", cs.cost());
            crossed += 1;
        }
        assert!(crossed >= 30, "only {crossed} problems with two answers that fit");
    }
}
