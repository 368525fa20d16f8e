//! The Z3 backend: the choice problem for Z3's Optimize, a second proof engine independent of HiGHS.
//!
//! - `x[v,s]` Booleans, exactly one per node (a pseudo-Boolean equality); forbidden strategies and
//!   strategies or pairs costing at least [`FORBIDDEN_COST`] are excluded by hard clauses (as in HiGHS).
//! - Cost: an integer term `Σ ite(x[v,s], c, 0) + Σ_e Σ_s ite(x[a,s], Σ_t ite(x[b,t], c_st, 0), 0)`,
//!   minimized by Optimize; the same term bounds the cost when proving that nothing cheaper exists.
//! - Memory: at every point where the live set is maximal (every other point's live set is a subset of
//!   one of these), `Σ_{v live} Σ_s usage · x[v,s] ≤ limit`: pseudo-Boolean when the numbers fit Z3's
//!   32-bit coefficients, integer arithmetic otherwise.
//! - Ties: `x[a,s] → ∨_{(s,t) allowed} x[b,t]` both ways; budgets: `Σ ite(term, weight, 0) ≤ max`.
//!
//! Z3 is linked from the system's libz3 (Debian's `libz3-dev`). It is much slower than HiGHS on all but
//! small problems; it is here as an independent check and for proofs.

use super::Cheaper;
use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::phase::Phase;
use crate::problem::ChoiceProblem;
use crate::problem::FORBIDDEN_COST;
use crate::problem::eval::evaluate;
use std::time::{Duration, Instant};
use z3::ast::{Bool, Int};
use z3::{Optimize, Params, SatResult, Solver};

/// Most strategy-pair terms the encoding may have before the backend declines.
pub const MAX_PAIR_TERMS: usize = 2_000_000;

/// The Z3 backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Z3;

/// The problem as Z3 terms.
struct Encoding {
    /// Per node, per strategy: "the node chooses it".
    x: Vec<Vec<Bool>>,
    /// The total cost.
    cost: Int,
    /// Every hard constraint.
    hard: Vec<Bool>,
}

fn sum(terms: &[Int]) -> Int {
    if terms.is_empty() { Int::from_i64(0) } else { Int::add(terms) }
}

fn int(v: i128) -> Int {
    Int::from_i128(v)
}

fn encode(p: &ChoiceProblem) -> Result<Encoding, SolveError> {
    let pair_terms: usize = p.edges.values().map(|e| e.costs.len()).sum();
    if pair_terms > MAX_PAIR_TERMS {
        return Err(SolveError::TooLarge {
            backend: "z3",
            why: format!("{pair_terms} strategy-pair terms (limit {MAX_PAIR_TERMS})"),
        });
    }
    let forbidden = |c: i64| c >= FORBIDDEN_COST;
    let zero = Int::from_i64(0);
    let mut hard = Vec::new();
    let mut x = Vec::with_capacity(p.nodes.len());
    let mut cost_terms = Vec::new();
    for (id, n) in p.nodes.iter() {
        let xs: Vec<Bool> =
            (0..n.strategies.len()).map(|s| Bool::new_const(format!("x_{}_{s}", id.as_u32()))).collect();
        let one: Vec<(&Bool, i32)> = xs.iter().map(|b| (b, 1)).collect();
        hard.push(Bool::pb_eq(&one, 1));
        for (s, st) in n.strategies.iter().enumerate() {
            if !n.allowed(s) || forbidden(st.cost) {
                hard.push(xs[s].not());
            } else if st.cost != 0 {
                cost_terms.push(xs[s].ite(&int(st.cost as i128), &zero));
            }
        }
        x.push(xs);
    }
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let nb = x[b].len();
        for s in 0..x[a].len() {
            let mut inner = Vec::new();
            for t in 0..nb {
                let c = e.costs[s * nb + t];
                if a == b && s != t {
                    continue;
                }
                if forbidden(c) {
                    hard.push(Bool::and(&[&x[a][s], &x[b][t]]).not());
                } else if c != 0 {
                    inner.push(x[b][t].ite(&int(c as i128), &zero));
                }
            }
            if !inner.is_empty() {
                cost_terms.push(x[a][s].ite(&sum(&inner), &zero));
            }
        }
    }
    let cost = sum(&cost_terms);
    if let Some(limit) = p.usage_limit {
        let flow = crate::exact::highs::memory_flow(p);
        let mut live: Vec<usize> = Vec::new();
        let mut leaving = vec![false; p.nodes.len()];
        for k in 0..flow.points.len() {
            flow.leave[k].iter().for_each(|&v| leaving[v] = true);
            live.retain(|&v| !leaving[v]);
            live.extend(&flow.enter[k]);
            let weighted: Vec<(usize, usize, i64)> = live
                .iter()
                .flat_map(|&v| {
                    let n = &p.nodes[crate::NodeId::from_u32(v as u32)];
                    n.strategies
                        .iter()
                        .enumerate()
                        .filter(|(_, st)| st.usage != 0)
                        .map(move |(s, st)| (v, s, st.usage))
                        .collect::<Vec<_>>()
                })
                .collect();
            hard.push(at_most(&x, &weighted, limit));
        }
    }
    for tie in &p.ties {
        let (a, b) = (tie.a.as_u32() as usize, tie.b.as_u32() as usize);
        for (me, other, mine) in [(a, b, true), (b, a, false)] {
            for s in 0..x[me].len() {
                let partners: Vec<&Bool> = tie
                    .pairs
                    .iter()
                    .filter_map(|&(sa, sb)| {
                        let (m, o) = if mine { (sa, sb) } else { (sb, sa) };
                        (m == s).then_some(&x[other][o])
                    })
                    .collect();
                let any = if partners.is_empty() { Bool::from_bool(false) } else { Bool::or(&partners) };
                hard.push(x[me][s].implies(&any));
            }
        }
    }
    for budget in &p.budgets {
        let terms: Vec<Int> = budget
            .terms
            .iter()
            .map(|t| {
                let cond = match *t {
                    crate::problem::constraints::Term::Node { node, strategy, .. } => {
                        x[node.as_u32() as usize][strategy].clone()
                    }
                    crate::problem::constraints::Term::Pair { a, sa, b, sb, .. } => {
                        Bool::and(&[&x[a.as_u32() as usize][sa], &x[b.as_u32() as usize][sb]])
                    }
                };
                cond.ite(&int(t.weight() as i128), &zero)
            })
            .collect();
        hard.push(sum(&terms).le(int(budget.max as i128)));
    }
    Ok(Encoding { x, cost, hard })
}

/// `Σ weight · x[v,s] ≤ max`: a pseudo-Boolean constraint (Z3's PB solver is much faster than integer
/// arithmetic here) when the numbers fit its 32-bit coefficients, an integer sum otherwise.
fn at_most(x: &[Vec<Bool>], terms: &[(usize, usize, i64)], max: i64) -> Bool {
    let total: i128 = terms.iter().map(|t| t.2 as i128).sum();
    if total <= max as i128 {
        return Bool::from_bool(true);
    }
    if total <= i32::MAX as i128 {
        let pb: Vec<(&Bool, i32)> = terms.iter().map(|&(v, s, w)| (&x[v][s], w as i32)).collect();
        return Bool::pb_le(&pb, max.clamp(0, i32::MAX as i64) as i32);
    }
    let zero = Int::from_i64(0);
    let ints: Vec<Int> = terms.iter().map(|&(v, s, w)| x[v][s].ite(&int(w as i128), &zero)).collect();
    sum(&ints).le(int(max as i128))
}

fn params(limit: Duration) -> Params {
    let mut params = Params::new();
    // Z3's timeout is in milliseconds (a u32); at least 1 ms.
    let ms = limit.as_millis().clamp(1, u32::MAX as u128) as u32;
    params.set_u32("timeout", ms);
    params
}

fn read_choice(enc: &Encoding, model: &z3::Model) -> Vec<usize> {
    enc.x
        .iter()
        .map(|xs| xs.iter().position(|b| model.eval(b, true).and_then(|v| v.as_bool()) == Some(true)).unwrap_or(0))
        .collect()
}

impl Backend for Z3 {
    fn name(&self) -> &'static str {
        "z3"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        let t0 = Instant::now();
        let enc = encode(p)?;
        let opt = Optimize::new();
        opt.set_params(&params(opts.time_limit.saturating_sub(t0.elapsed())));
        for h in &enc.hard {
            opt.assert(h);
        }
        opt.minimize(&enc.cost);
        progress(&Progress { phase: Phase::Z3, elapsed: t0.elapsed().as_secs_f64(), incumbent: None, bound: None });
        let result = opt.check(&[]);
        if result == SatResult::Unsat {
            return Err(SolveError::no_assignment(p));
        }
        let Some(model) = opt.get_model() else { return Err(SolveError::NoAnswer) };
        let choice = read_choice(&enc, &model);
        let e = evaluate(p, &choice).map_err(|e| SolveError::Backend { backend: "z3", why: e.to_string() })?;
        if !e.is_feasible() {
            // On a timeout Z3 may hand back a model of a partial search; it proves nothing.
            return Err(SolveError::NoAnswer);
        }
        let trivial = p.trivial_bound();
        let bound = if result == SatResult::Sat {
            e.cost
        } else {
            opt.get_lower(0).and_then(|v| v.as_int()).and_then(|v| v.as_i128()).unwrap_or(trivial).max(trivial)
        };
        let bound = bound.min(e.cost);
        let status = if bound >= e.cost { Status::Optimal } else { Status::TimeLimit };
        let elapsed = t0.elapsed().as_secs_f64();
        progress(&Progress { phase: Phase::Z3, elapsed, incumbent: Some(e.cost), bound: Some(bound) });
        Ok(Solution { choice, cost: e.cost, bound, status, time_to_best: elapsed })
    }
}

/// Is there a feasible solution of `p` that costs less than `cost`? Z3 either proves there is none,
/// finds one, or runs out of time.
pub fn cheaper_than(p: &ChoiceProblem, cost: i128, time_limit: Duration) -> Result<Cheaper, SolveError> {
    p.validate()?;
    let enc = encode(p)?;
    let solver = Solver::new();
    solver.set_params(&params(time_limit));
    for h in &enc.hard {
        solver.assert(h);
    }
    solver.assert(enc.cost.lt(int(cost)));
    Ok(match solver.check() {
        SatResult::Unsat => Cheaper::None,
        SatResult::Unknown => Cheaper::Unknown,
        SatResult::Sat => match solver.get_model() {
            Some(m) => Cheaper::Found(read_choice(&enc, &m)),
            None => Cheaper::Unknown,
        },
    })
}

/// Check `choice` against Z3's encoding, independently of the evaluator: `Ok(cost)` when it satisfies
/// every constraint (Z3's value of the cost term), `Err` when Z3 finds it infeasible.
pub fn check(p: &ChoiceProblem, choice: &[usize]) -> Result<i128, SolveError> {
    p.validate()?;
    if choice.len() != p.nodes.len() || choice.iter().zip(p.nodes.values()).any(|(&c, n)| c >= n.strategies.len()) {
        return Err(SolveError::Backend { backend: "z3", why: "the solution does not fit the problem".into() });
    }
    let enc = encode(p)?;
    let solver = Solver::new();
    for h in &enc.hard {
        solver.assert(h);
    }
    for (xs, &c) in enc.x.iter().zip(choice) {
        solver.assert(&xs[c]);
    }
    match solver.check() {
        SatResult::Sat => solver
            .get_model()
            .and_then(|m| m.eval(&enc.cost, true))
            .and_then(|v| v.as_i128())
            .ok_or(SolveError::Backend { backend: "z3", why: "no value for the cost".into() }),
        SatResult::Unsat => Err(SolveError::Unsatisfiable {
            why: "the solution breaks a constraint (memory, forbidden strategy, tie or budget)".into(),
        }),
        SatResult::Unknown => Err(SolveError::NoAnswer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::iopddl;
    use crate::testing::EXAMPLE;

    fn example() -> ChoiceProblem {
        iopddl::parse(EXAMPLE.as_bytes(), "example.json").unwrap()
    }

    #[test]
    fn z3_finds_and_proves_the_example_optimum() {
        let s = Z3.solve(&example(), &SolveOptions::default(), &mut |_| {}).unwrap();
        assert_eq!((s.cost, s.bound, s.status), (445, 445, Status::Optimal));
        assert_eq!(s.choice, vec![0, 0, 2, 1, 0]);
    }

    #[test]
    fn nothing_is_cheaper_than_the_optimum() {
        let p = example();
        assert_eq!(cheaper_than(&p, 445, Duration::from_secs(10)).unwrap(), Cheaper::None);
        match cheaper_than(&p, 446, Duration::from_secs(10)).unwrap() {
            Cheaper::Found(c) => assert_eq!(evaluate(&p, &c).unwrap().cost, 445),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn check_agrees_with_the_evaluator() {
        let p = example();
        assert_eq!(check(&p, &[0, 0, 2, 1, 0]).unwrap(), 445);
        let mut q = p.clone();
        q.usage_limit = Some(40);
        assert!(matches!(check(&q, &[0, 0, 2, 1, 0]), Err(SolveError::Unsatisfiable { .. })));
        assert!(matches!(
            Z3.solve(&q, &SolveOptions::default(), &mut |_| {}),
            Err(SolveError::Infeasible { min_peak: Some(50), .. })
        ));
    }
}
