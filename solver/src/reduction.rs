//! A reduction of a choice problem: a smaller problem whose answers lift back to answers of the
//! original, and the way an original answer restricts to it. Presolve ([`crate::presolve`]: exact,
//! every reduced answer lifts at its cost and peak), clusters ([`crate::clusters`]: exact, the coarse
//! problem over the clusters' options, memory left to rows the coarse MIP adds) and linking
//! ([`crate::link`]: a restriction, every copy of a repeat decided alike) speak this one vocabulary, so
//! that a phase reads: reduce, solve the reduced problem, lift its answer.

use crate::problem::ChoiceProblem;

/// A smaller problem and the maps between its answers and the original's.
pub trait Reduction {
    /// The reduced problem.
    fn problem(&self) -> &ChoiceProblem;

    /// An answer of the reduced problem as an answer of the original.
    fn lift(&self, answer: &[usize]) -> Vec<usize>;

    /// An answer of the original as an answer of the reduced problem, when it is one (for warm
    /// starts): `None` where it takes a choice the reduction removed or (linking) decides two copies
    /// of a repeat apart.
    fn restrict(&self, answer: &[usize]) -> Option<Vec<usize>>;
}

#[cfg(test)]
mod tests {
    use super::Reduction;
    use crate::clusters::Clustered;
    use crate::clusters::cluster_search::clustered_cases;
    use crate::link::{Linked, repeats};
    use crate::presolve::presolve;
    use crate::problem::ChoiceProblem;
    use crate::problem::eval::evaluate;
    use crate::rng::Rng;
    use crate::testing::{RandomSpec, random_problem};

    /// Random answers of `r`'s problem lift to answers of `p` at the same cost (an exact reduction or
    /// a restriction: either way the cost is kept), and restrict back to themselves.
    fn lifts_and_restricts_back(r: &dyn Reduction, p: &ChoiceProblem, seed: u64) {
        let q = r.problem();
        let mut rng = Rng::new(seed);
        for _ in 0..20 {
            let x: Vec<usize> = q.nodes.values().map(|n| rng.below(n.strategies.len() as u64) as usize).collect();
            let lifted = r.lift(&x);
            let (Ok(eq), Ok(ep)) = (evaluate(q, &x), evaluate(p, &lifted)) else { panic!("seed {seed}") };
            if eq.is_feasible() {
                assert_eq!(eq.cost, ep.cost, "seed {seed}");
            }
            assert_eq!(r.restrict(&lifted), Some(x), "seed {seed}");
        }
    }

    #[test]
    fn presolve_linking_and_clusters_lift_and_restrict_alike() {
        for seed in 0..10 {
            let p = random_problem(&RandomSpec::tiny(12), seed);
            lifts_and_restricts_back(&presolve(&p), &p, seed);
        }
        let p = crate::link::layered(6);
        lifts_and_restricts_back(&Linked::new(&p, &repeats(&p)), &p, 1);
        for (seed, p, cl, coarse) in clustered_cases(10) {
            lifts_and_restricts_back(&Clustered { q: &p, cl: &cl, coarse: &coarse }, &p, seed);
        }
    }
}
