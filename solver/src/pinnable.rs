//! One presolve for many solves that differ only in the strategies a few nodes are pinned to: the
//! report's reference plans are the same program solved once per expert recipe, each with the
//! program's arguments pinned as the recipe stores them. Presolving the whole problem once, with the
//! pinnable nodes kept whole ([`crate::presolve::presolve_with`]), and pinning each solve on the
//! reduced problem spares every solve after the first the presolve of the full problem, which at
//! production size costs more than the solve it prepares.

use crate::backend::{Progress, SolveError, SolveOptions};
use crate::method::Method;
use crate::pipeline::{Report, solve};
use crate::presolve::{Presolved, presolve_with};
use crate::problem::{ChoiceProblem, NodeId, Usage};
use crate::reduction::Reduction;
use std::sync::Arc;

/// A problem presolved once, to be solved with some of its nodes pinned.
pub struct Pinnable<'a> {
    original: &'a ChoiceProblem,
    pre: Presolved,
    /// The nodes the presolve left with no dominated strategy: all but the pinnable ones.
    settled: Arc<[bool]>,
}

impl<'a> Pinnable<'a> {
    /// Presolve `p`, keeping every allowed strategy of the nodes in `pinnable`.
    pub fn new(p: &'a ChoiceProblem, pinnable: &[NodeId]) -> Result<Pinnable<'a>, SolveError> {
        p.validate()?;
        let mut settled = vec![true; p.nodes.len()];
        for n in pinnable {
            settled[n.as_u32() as usize] = false;
        }
        Ok(Pinnable { original: p, pre: presolve_with(p, pinnable, None), settled: settled.into() })
    }

    /// Can node `n` be pinned to its strategy `s`? Not when presolve removed it (forbidden, or meeting
    /// only forbidden pairs), or when `n` was not among the pinnable nodes and lost it otherwise.
    pub fn can_pin(&self, n: NodeId, s: usize) -> bool {
        self.pre.reduced_index(n, s).is_some()
    }

    /// Solve with each node of `pins` at its strategy (original indices; see [`Pinnable::can_pin`])
    /// under `usage_limit` (bytes per device; `None`: memory is free), with `method` within `opts` (a
    /// warm start in the original problem's indices). The answer is in the original problem's indices
    /// and checked against its cost there.
    pub fn solve(
        &self,
        pins: &[(NodeId, usize)],
        usage_limit: Option<Usage>,
        method: Method,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Report, SolveError> {
        let mut q = self.pre.problem.clone();
        q.usage_limit = usage_limit;
        for &(n, s) in pins {
            let keep = self.pre.reduced_index(n, s).ok_or_else(|| SolveError::Backend {
                backend: "pinned",
                why: format!("node {} cannot be pinned to strategy {s}: presolve removed it", n.as_u32()),
            })?;
            for other in (0..q.nodes[n].strategies.len()).filter(|&o| o != keep) {
                q.forbid(n, other);
            }
        }
        // A start given in the original problem's indices, in the reduced problem's.
        let warm_start = opts.warm_start.as_ref().and_then(|w| self.pre.restrict(w));
        let opts = &SolveOptions { settled: Some(self.settled.clone()), warm_start, ..opts.clone() };
        let mut r = solve(&q, method, opts, progress)?;
        r.solution.choice = self.pre.lift(&r.solution.choice);
        crate::backend::confirm(self.original, &r.solution.choice, r.solution.cost, "pinned")?;
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use crate::exact::brute::BruteForce;
    use crate::problem::FORBIDDEN_COST;
    use crate::problem::eval::evaluate;
    use crate::testing::{RandomSpec, random_problem};

    /// Pinned on the one presolve, every solve finds the optimum of the original problem with the same
    /// pins: each pair of strategies of two random nodes, against brute force on the whole problem.
    #[test]
    fn pinned_solves_on_one_presolve_match_brute_force() {
        let mut checked = 0;
        for seed in 0..60u64 {
            let p = random_problem(&RandomSpec::tiny(7), seed);
            let (a, b) = (NodeId::from_u32((seed % 7) as u32), NodeId::from_u32(((seed + 3) % 7) as u32));
            let pinnable = Pinnable::new(&p, &[a, b]).expect("valid");
            for sa in 0..p.nodes[a].strategies.len() {
                for sb in 0..p.nodes[b].strategies.len() {
                    let mut whole = p.clone();
                    for (n, s) in [(a, sa), (b, sb)] {
                        for o in (0..whole.nodes[n].strategies.len()).filter(|&o| o != s) {
                            whole.forbid(n, o);
                        }
                    }
                    let best = BruteForce.solve(&whole, &SolveOptions::default(), &mut |_| {});
                    // Presolve is exact where a plan pays no forbidden cost (the presolve module's note).
                    let Ok(best) =
                        best.map(|r| r.cost).map_err(|_| ()).and_then(|c| match c < FORBIDDEN_COST as i128 {
                            true => Ok(c),
                            false => Err(()),
                        })
                    else {
                        continue;
                    };
                    let pins = [(a, sa), (b, sb)];
                    assert!(pinnable.can_pin(a, sa) && pinnable.can_pin(b, sb), "seed {seed}: {pins:?} is kept");
                    let r = pinnable
                        .solve(&pins, p.usage_limit, Method::Auto, &SolveOptions::default(), &mut |_| {})
                        .unwrap_or_else(|e| panic!("seed {seed}, {pins:?}: optimum {best}, but {e}"));
                    let choice = &r.solution.choice;
                    assert_eq!((choice[a.as_u32() as usize], choice[b.as_u32() as usize]), (sa, sb), "seed {seed}");
                    let e = evaluate(&p, choice).expect("evaluates");
                    assert!(e.is_feasible(), "seed {seed}, {pins:?}: within the memory limit");
                    assert_eq!(e.cost, best, "seed {seed}, {pins:?}: optimal");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 200, "only {checked} pinned solves had a plan to compare");
    }
}
