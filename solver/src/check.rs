//! `automap check`: is a given answer feasible, what does it cost, and is it optimal? The bound comes
//! from a proof engine: HiGHS (the default pipeline's MIP, whose dual bound holds for every answer) or
//! Z3 (which re-checks the answer on its own encoding and proves or refutes that anything is cheaper).

use crate::backend::{Backend, SolveError, SolveOptions};
use crate::exact::Cheaper;
use crate::exact::smt;
use crate::method::Method;
use crate::pipeline;
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use std::fmt;
use std::time::Duration;

/// Which engine proves the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// HiGHS (through the default pipeline).
    Highs,
    /// Z3.
    Z3,
}

/// What is known about an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Its cost, by the evaluator.
    pub cost: i128,
    /// Why it is infeasible (empty when feasible).
    pub violations: Vec<String>,
    /// Z3's value of its cost, from its own encoding (with [`Engine::Z3`]).
    pub z3_cost: Option<i128>,
    /// The proven lower bound on every feasible answer, when one was proven.
    pub bound: Option<i128>,
    /// The cheapest feasible answer the engine found (its cost).
    pub best: Option<i128>,
    /// Which engine.
    pub engine: Engine,
}

impl Verdict {
    /// Proven optimal: feasible, and nothing feasible is cheaper.
    pub fn optimal(&self) -> Option<bool> {
        if !self.violations.is_empty() {
            return Some(false);
        }
        if self.best.is_some_and(|b| b < self.cost) {
            return Some(false);
        }
        self.bound.map(|b| b >= self.cost)
    }

    /// `(cost − bound) / cost` when a bound is known.
    pub fn gap(&self) -> Option<f64> {
        self.bound.map(|b| if self.cost <= 0 { 0.0 } else { (self.cost - b).max(0) as f64 / self.cost as f64 })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.violations.is_empty() {
            writeln!(f, "feasible: yes; cost {}", self.cost)?;
        } else {
            writeln!(f, "feasible: NO ({}); cost {}", self.violations.join("; "), self.cost)?;
        }
        if let Some(c) = self.z3_cost {
            writeln!(f, "z3 re-check: feasible on Z3's own encoding, cost {c}")?;
        }
        let engine = match self.engine {
            Engine::Highs => "highs",
            Engine::Z3 => "z3",
        };
        match (self.bound, self.gap()) {
            (Some(i128::MAX), _) => writeln!(f, "proven ({engine}): no answer is feasible")?,
            (Some(b), _) if !self.violations.is_empty() => writeln!(f, "proven lower bound ({engine}): {b}")?,
            (Some(b), Some(g)) => writeln!(f, "proven lower bound ({engine}): {b}; gap {:.4}%", 100.0 * g)?,
            _ => writeln!(f, "proven lower bound ({engine}): none within the time limit")?,
        }
        if let Some(b) = self.best.filter(|&b| b < self.cost) {
            writeln!(f, "a cheaper feasible answer exists: cost {b}")?;
        }
        let verdict = match (self.optimal(), self.gap()) {
            (Some(true), _) => "optimal (proven)".to_string(),
            (Some(false), _) if !self.violations.is_empty() || self.best.is_some_and(|b| b < self.cost) => {
                "not optimal".to_string()
            }
            (_, Some(g)) => format!("no cheaper answer found; optimal within a proven gap of {:.4}%", 100.0 * g),
            (_, None) => "unknown (no proof within the time limit)".to_string(),
        };
        writeln!(f, "verdict: {verdict}")
    }
}

/// Check `choice` on `p` with `engine` within `time_limit`.
pub fn check(p: &ChoiceProblem, choice: &[usize], engine: Engine, time_limit: Duration) -> Result<Verdict, SolveError> {
    p.validate()?;
    let e = evaluate(p, choice).map_err(|e| SolveError::Backend { backend: "evaluator", why: e.to_string() })?;
    let violations = e.violations(p);
    let mut v = Verdict { cost: e.cost, violations, z3_cost: None, bound: None, best: None, engine };
    match engine {
        Engine::Highs => {
            let opts = SolveOptions::default().time_limit(time_limit).threads(2);
            match pipeline::solve(p, Method::Highs, &opts, &mut |_| {}) {
                Ok(r) => {
                    v.bound = Some(r.solution.bound);
                    v.best = Some(r.solution.cost);
                }
                // Nothing is feasible: any bound holds.
                Err(SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }) => v.bound = Some(i128::MAX),
                Err(SolveError::NoAnswer) => {}
                Err(other) => return Err(other),
            }
        }
        Engine::Z3 => {
            let t0 = std::time::Instant::now();
            if v.violations.is_empty() {
                v.z3_cost = Some(smt::check(p, choice)?);
                match smt::cheaper_than(p, e.cost, time_limit)? {
                    Cheaper::None => {
                        v.bound = Some(e.cost);
                        return Ok(v);
                    }
                    Cheaper::Found(x) => v.best = evaluate(p, &x).ok().map(|c| c.cost),
                    Cheaper::Unknown => return Ok(v),
                }
            }
            // Not optimal (or not feasible): how far off? Z3's optimum, in the time left.
            let opts = SolveOptions::default().time_limit(time_limit.saturating_sub(t0.elapsed()));
            match smt::Z3.solve(p, &opts, &mut |_| {}) {
                Ok(s) => {
                    v.bound = Some(s.bound);
                    v.best = Some(v.best.map_or(s.cost, |b| b.min(s.cost)));
                }
                Err(SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }) => v.bound = Some(i128::MAX),
                Err(SolveError::NoAnswer) => {}
                Err(other) => return Err(other),
            }
        }
    }
    Ok(v)
}
