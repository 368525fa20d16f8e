//! The local-search backend: a greedy start, memory repair, then local search on the search state
//! ([`crate::search::state`]) with random restarts of small regions and sweeps of tree moves
//! ([`crate::search::trees`]) until the time (in a deterministic solve, its work) runs out, many
//! perturbations in a row find nothing better, or a bound proven meanwhile on another thread
//! ([`SolveOptions::proven`]) meets its best answer or one another phase found
//! ([`crate::effort::SharedBound::settled`]). It proves nothing itself: its bound is the problem's
//! trivial bound.
//!
//! Every step is drawn from the seeded generator and counted in cost terms read, so the sequence of best
//! answers is the same on every run; stopping at the first that a bound proves optimal therefore
//! returns the same answer whenever the bound arrives.

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::effort::Effort;
use crate::phase::{Phase, Stop};
use crate::problem::eval::evaluate;
use crate::problem::{ChoiceProblem, FORBIDDEN_COST};
use crate::rng::Rng;
use crate::search::state::Search;
use std::time::Instant;

/// Perturbations per sweep of tree moves ([`crate::search::trees`]), at most.
const FOREST_EVERY: usize = 16;
/// Share of the search's work that sweeps of tree moves may take (each is charged the cost entries it reads).
const FOREST_SHARE: f64 = 0.2;
/// Cost terms per second ([`Search::work`]) a deterministic local search is allowed: below the slowest
/// rate measured, so that its work, not the clock, ends it.
pub const TERMS_PER_S: f64 = 1.5e8;
/// Seconds between progress reports.
const PROGRESS_EVERY_S: f64 = 1.0;

/// The local-search backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalSearch;

impl Backend for LocalSearch {
    fn name(&self) -> &'static str {
        "local"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        let t0 = Instant::now();
        let effort = Effort::of(opts.time_limit, opts.deterministic, TERMS_PER_S, &opts.watch);
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
        s.descend(&[], &effort);
        if !s.feasible() && !s.repair() {
            return Err(SolveError::NoAnswer);
        }
        s.descend(&[], &effort);
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
            phase: Phase::LocalSearch,
            elapsed: t0.elapsed().as_secs_f64(),
            incumbent: kept.then_some(best.0),
            bound: Some(bound),
        });
        // Stop early once many perturbations in a row found nothing better (small problems finish fast).
        let patience = 2000 + 20 * p.nodes.len();
        let mut since_best = 0usize;
        let mut sweeping = 0u64;
        // Its best is proven optimal, or another phase holds an answer that is.
        let proven = |cost: i128| opts.proven.as_ref().is_some_and(|b| b.proves(cost) || b.settled());
        while !effort.over(s.work) && since_best < patience && !(kept && proven(best.0)) {
            since_best += 1;
            let dirty = if since_best.is_multiple_of(FOREST_EVERY) && sweeping as f64 <= FOREST_SHARE * s.work as f64 {
                // Tree moves shift a chain of nodes at once, where single and pair moves stall.
                let before = s.work;
                let moved = s.forest_sweep(&mut rng);
                sweeping += s.work - before;
                s.with_neighbours(&moved)
            } else {
                s.perturb(&mut rng)
            };
            s.descend(&dirty, &effort);
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
                progress(&Progress { phase: Phase::LocalSearch, elapsed: el, incumbent, bound: Some(bound) });
            }
        }
        let stop = match () {
            _ if kept && proven(best.0) => Stop::Proved,
            _ if since_best >= patience => Stop::Converged,
            _ => effort.stop(Stop::Done),
        };
        opts.log.record(Phase::LocalSearch, t0, stop);
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
