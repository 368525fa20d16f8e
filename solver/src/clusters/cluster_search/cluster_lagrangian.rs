//! Lagrangian search over clusters: memory moves into the objective. Every memory slot `k` has a
//! multiplier `λ[k] ≥ 0`; an option costs its cost plus its members' usage times the multipliers summed
//! over their live slots, and the search minimizes that without looking at memory, so trees and best
//! responses move freely where the feasible search ([`ClusterSearch::run`]) is blocked by the limit.
//!
//! Each round:
//! 1. best responses and one sweep of tree moves on the penalized costs;
//! 2. a subgradient step on the multipliers (usage minus limit at every slot; a Polyak step towards the
//!    best answer found, scaled by `θ`, which grows while the penalized optimum stands still and shrinks
//!    while the Lagrangian value stops rising);
//! 3. answers that fit, from a copy of the penalized optimum: every [`REPAIR_EVERY`] rounds the greedy
//!    repair and the usual descent (every round would spend much of the time there), and every
//!    [`CONTINUATION_EVERY`] rounds a continuation, which raises the multipliers of the slots over the
//!    limit a little at a time and re-optimizes until the penalized optimum fits.
//!
//! Every `time_shares::RESTART_EVERY_S` seconds the search starts again from where it began, for answers unlike the
//! ones it has offered so far.
//!
//! The inner problem is solved heuristically, so the Lagrangian value is no bound; only answers that fit
//! are returned, and posted on the team's [`super::Board`] as they are found. Every answer that fits is
//! also offered there for a crossover with the feasible search's (whether or not it is the best).

use super::{ClusterSearch, FORBIDDEN, PROGRESS_EVERY_S};
use crate::backend::{Progress, Solution, Status};
use crate::effort::Effort;
use crate::phase::Phase;
use crate::rng::Rng;
use crate::search::state::to_f64;
use std::time::Instant;

/// First step scale.
const THETA_START: f64 = 1.0;
/// The step scale grows ×1.5 while the penalized optimum stands still, up to this…
const THETA_MAX: f64 = 16.0;
/// …and shrinks ×0.8 after this many rounds without a higher Lagrangian value, down to…
const STALL_ROUNDS: usize = 20;
/// …this.
const THETA_MIN: f64 = 0.05;
/// The Polyak step's gap is at least this share of the best cost (the Lagrangian value of a heuristic
/// inner solve can exceed the best answer).
const STEP_FLOOR: f64 = 0.02;
/// Rounds between greedy repairs of the penalized optimum.
const REPAIR_EVERY: usize = 3;
/// Rounds between continuations.
const CONTINUATION_EVERY: usize = 10;
/// Re-optimizations a continuation may take.
const CONTINUATION_STEPS: usize = 120;
/// Each continuation step multiplies the multiplier of every slot over the limit by this…
const CONTINUATION_GROWTH: f64 = 1.1;
/// …and adds this share of the largest multiplier.
const CONTINUATION_NUDGE: f64 = 0.03;
/// Best-response passes per re-optimization, at most.
const PASSES: usize = 8;

impl ClusterSearch<'_> {
    /// Best responses on the penalized costs until none improves (or [`PASSES`] passes).
    fn penalized_descent(&mut self, pen: &[Vec<f64>]) {
        for _ in 0..PASSES {
            self.work += pen.iter().map(|p| p.len() as u64).sum::<u64>();
            let mut moved = false;
            for (c, pen) in pen.iter().enumerate() {
                if pen.len() < 2 {
                    continue;
                }
                let value = |o: usize| to_f64(self.coarse.local_cost(c, o)) + pen[o];
                let here = value(self.coarse.x[c]);
                let (o, v) = (0..pen.len())
                    .map(|o| (o, value(o)))
                    .fold((self.coarse.x[c], here), |a, b| if b.1 < a.1 { b } else { a });
                if v < here - 1e-6 * here.abs().max(1.0) {
                    self.set(c, o);
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
    }

    /// Every tree of a random induced forest to its penalized optimum.
    fn penalized_sweep(&mut self, rng: &mut Rng, pen: &[Vec<f64>]) {
        let f = self.coarse.random_forest(rng);
        for tree in f.trees.iter().filter(|t| t.len() > 1) {
            let choice = self.coarse.tree_optimum(&f, tree, &|c, o| pen[c][o]);
            for (&c, &o) in tree.iter().zip(&choice) {
                self.set(c, o);
            }
        }
    }

    /// Re-optimize under the multipliers `lambda`.
    fn reoptimize(&mut self, rng: &mut Rng, lambda: &[f64]) {
        let pen = self.penalties(lambda);
        self.work += self.live.size;
        self.penalized_descent(&pen);
        self.penalized_sweep(rng, &pen);
        self.penalized_descent(&pen);
    }

    /// Raise the multipliers of the slots over the limit until the penalized optimum fits; then repair
    /// greedily if it still does not, and descend. Leaves the search where it ends.
    fn continuation(&mut self, rng: &mut Rng, lambda: &[f64], limit: i128) {
        let mut lam = lambda.to_vec();
        let nudge = CONTINUATION_NUDGE * lambda.iter().copied().fold(0.0, f64::max).max(1e-6);
        for _ in 0..CONTINUATION_STEPS {
            if self.feasible() {
                break;
            }
            for k in self.fine.mem.slots_over(limit) {
                lam[k] = lam[k] * CONTINUATION_GROWTH + nudge;
            }
            self.reoptimize(rng, &lam);
        }
    }

    /// Search until `effort` is spent; returns the best answer that fits memory (original indices), if
    /// any. Its restarts come every `restart_every` of `effort` (in a deterministic solve, of its work).
    pub fn run_lagrangian(
        &mut self,
        seed: u64,
        effort: &Effort,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Solution> {
        let (t0, w0) = (Instant::now(), self.spent());
        let mut rng = Rng::new(seed);
        let limit = self.fine.limit.unwrap_or(i128::MAX);
        let mut lambda: Vec<f64> = (0..self.mu.len()).map(|k| self.prices.get(k).copied().unwrap_or(0.0)).collect();
        let mut best = (FORBIDDEN, self.coarse.x.clone(), 0.0);
        if self.feasible() {
            best.0 = self.cost().min(FORBIDDEN);
            if let (Some(board), true) = (self.board, best.0 < FORBIDDEN) {
                board.post(best.0, &best.1);
            }
        }
        let (mut theta, mut best_value, mut stall, mut last_cost, mut last_report) =
            (THETA_START, f64::MIN, 0, -1, 0.0);
        let mut round = 0;
        let (start_x, start_lambda) = (self.coarse.x.clone(), lambda.clone());
        let every = self.restart_every.as_secs_f64();
        let mut next_restart = every;
        while !effort.over(self.spent() - w0) {
            // Start again, as at first (see `RESTART_EVERY_S`).
            let now_s = effort.seconds(self.spent() - w0, t0);
            if now_s >= next_restart {
                next_restart = now_s + every;
                self.go_to(&start_x);
                lambda.clone_from(&start_lambda);
                (theta, best_value, stall, last_cost) = (THETA_START, f64::MIN, 0, -1);
            }
            round += 1;
            self.reoptimize(&mut rng, &lambda);
            let over: Vec<f64> = self.fine.mem.levels()[..self.mu.len()].iter().map(|&u| (u - limit) as f64).collect();
            let value = self.cost() as f64 + lambda.iter().zip(&over).map(|(l, g)| l * g).sum::<f64>();
            if value > best_value + 1e-9 * value.abs() {
                (best_value, stall) = (value, 0);
            } else {
                stall += 1;
                if stall >= STALL_ROUNDS {
                    (theta, stall) = ((theta * 0.8).max(THETA_MIN), 0);
                }
            }
            if self.cost() == last_cost {
                theta = (theta * 1.5).min(THETA_MAX);
            }
            last_cost = self.cost();
            // Answers that fit, from a copy of the penalized optimum.
            let here = self.coarse.x.clone();
            let mut candidates = Vec::new();
            if round % CONTINUATION_EVERY == 0 {
                candidates.push(true);
            }
            if round % REPAIR_EVERY == 0 {
                candidates.push(false);
            }
            for continued in candidates {
                if continued {
                    self.continuation(&mut rng, &lambda, limit);
                }
                if self.feasible() || self.repair() {
                    self.descend(&[], effort);
                    if let (true, Some(board)) = (self.feasible(), self.board) {
                        board.offer(&self.coarse.x);
                    }
                    if self.feasible() && self.cost() < best.0 {
                        best = (self.cost(), self.coarse.x.clone(), t0.elapsed().as_secs_f64());
                        if let Some(board) = self.board {
                            board.post(best.0, &best.1);
                        }
                    }
                }
                self.go_to(&here);
            }
            // The subgradient step.
            let norm2: f64 = over.iter().map(|g| g * g).sum();
            let target = if best.0 < FORBIDDEN { best.0 as f64 } else { 2.0 * self.cost() as f64 };
            let step = theta * (target - value).max(STEP_FLOOR * target) / norm2.max(1.0);
            for (l, g) in lambda.iter_mut().zip(&over) {
                *l = (*l + step * g).max(0.0);
            }
            let el = t0.elapsed().as_secs_f64();
            if el - last_report >= PROGRESS_EVERY_S {
                last_report = el;
                let incumbent = (best.0 < FORBIDDEN).then_some(best.0);
                progress(&Progress { phase: Phase::ClusterLagrangian, elapsed: el, incumbent, bound: None });
            }
        }
        (best.0 < FORBIDDEN).then(|| Solution {
            choice: self.cl.lift(&best.1),
            cost: best.0,
            bound: 0,
            status: Status::Heuristic,
            time_to_best: best.2,
        })
    }
}
