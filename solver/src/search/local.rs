//! The local-search backend: a greedy start, memory repair, then local search on the search state
//! ([`crate::search::state`]) with random restarts of small regions and sweeps of tree moves
//! ([`crate::search::trees`]) until the time runs out. It proves nothing: its bound is the problem's
//! trivial bound.

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::problem::eval::evaluate;
use crate::problem::{ChoiceProblem, FORBIDDEN_COST};
use crate::rng::Rng;
use crate::search::state::Search;
use std::time::Instant;

/// Perturbations per sweep of tree moves ([`crate::search::trees`]), at most.
const FOREST_EVERY: usize = 16;
/// Share of the search's time that sweeps of tree moves may take (each costs time linear in the problem).
const FOREST_SHARE: f64 = 0.2;
/// Seconds between progress reports.
const PROGRESS_EVERY_S: f64 = 1.0;

/// The local-search backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalSearch;

impl Backend for LocalSearch {
    fn name(&self) -> &'static str {
        "local"
    }

    fn solve(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        p.validate()?;
        let t0 = Instant::now();
        let deadline = t0 + opts.time_limit;
        // Ties as forbidden pairs steer the search; ties and budgets are checked on every new best.
        let lowered;
        let q = if p.ties.is_empty() {
            p
        } else {
            lowered = p.ties_as_edges();
            &lowered
        };
        // (A cost below the forbidden marker pays none.)
        let keeps = |x: &[usize], cost: i128| {
            cost < FORBIDDEN_COST as i128
                && (!p.has_user_constraints()
                    || evaluate(p, x).is_ok_and(|e| e.broken_ties.is_empty() && e.over_budget.is_empty()))
        };
        let mut s = Search::new(q);
        match &opts.warm_start {
            Some(w)
                if w.len() == p.nodes.len() && w.iter().zip(p.nodes.values()).all(|(&c, n)| c < n.strategies.len()) =>
            {
                s.x = w.clone();
                s.reset();
            }
            _ => s.greedy(),
        }
        s.descend(&[], deadline);
        if !s.feasible() && !s.repair() {
            return Err(SolveError::NoAnswer);
        }
        s.descend(&[], deadline);
        // Until an answer keeps the user's constraints, any cost beats the best.
        let mut best = (s.cost, s.x.clone(), t0.elapsed().as_secs_f64());
        let mut kept = keeps(&s.x, s.cost);
        if !kept {
            best.0 = i128::MAX;
        }
        let mut rng = Rng::new(opts.seed);
        let mut last_report = 0.0;
        let bound = p.trivial_bound();
        progress(&Progress {
            phase: "local search",
            elapsed: t0.elapsed().as_secs_f64(),
            incumbent: kept.then_some(best.0),
            bound: Some(bound),
        });
        // Stop early once many perturbations in a row found nothing better (small problems finish fast).
        let patience = 2000 + 20 * p.nodes.len();
        let mut since_best = 0usize;
        let mut sweeping = std::time::Duration::ZERO;
        while Instant::now() < deadline && since_best < patience {
            since_best += 1;
            let dirty = if since_best.is_multiple_of(FOREST_EVERY)
                && sweeping.as_secs_f64() <= FOREST_SHARE * t0.elapsed().as_secs_f64()
            {
                // Tree moves shift a chain of nodes at once, where single and pair moves stall.
                let t = Instant::now();
                let moved = s.forest_sweep(&mut rng);
                sweeping += t.elapsed();
                s.with_neighbours(&moved)
            } else {
                s.perturb(&mut rng)
            };
            s.descend(&dirty, deadline);
            if !s.feasible() {
                s.repair();
            }
            if s.feasible() && s.cost < best.0 && keeps(&s.x, s.cost) {
                since_best = 0;
                kept = true;
                best = (s.cost, s.x.clone(), t0.elapsed().as_secs_f64());
            } else if s.cost > best.0 && kept {
                // Return to the best (a cheap full reset keeps cost and memory exact).
                s.x.clone_from(&best.1);
                s.reset();
            }
            let el = t0.elapsed().as_secs_f64();
            if el - last_report >= PROGRESS_EVERY_S {
                last_report = el;
                let incumbent = kept.then_some(best.0);
                progress(&Progress { phase: "local search", elapsed: el, incumbent, bound: Some(bound) });
            }
        }
        if !kept {
            return Err(SolveError::NoAnswer);
        }
        let e = evaluate(p, &best.1).map_err(|e| SolveError::Backend { backend: "local", why: e.to_string() })?;
        debug_assert_eq!(e.cost, best.0);
        Ok(Solution {
            choice: best.1,
            cost: e.cost,
            bound: bound.min(e.cost),
            status: if bound >= e.cost { Status::Optimal } else { Status::Heuristic },
            time_to_best: best.2,
        })
    }
}
