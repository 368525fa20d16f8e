//! Exhaustive search, for tiny problems and for checking the other backends.

use crate::eval::evaluate;
use crate::problem::ChoiceProblem;
use crate::solution::{Backend, Progress, Solution, SolveError, SolveOptions, Status};

/// Most assignments the brute-force backend will enumerate.
pub const MAX_ASSIGNMENTS: u128 = 20_000_000;

/// The brute-force backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct BruteForce;

impl Backend for BruteForce {
    fn name(&self) -> &'static str {
        "brute"
    }

    fn solve(
        &self,
        p: &ChoiceProblem,
        _opts: &SolveOptions,
        _progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        p.validate()?;
        let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
        let total =
            sizes.iter().try_fold(1u128, |acc, &s| acc.checked_mul(s as u128).filter(|&x| x <= MAX_ASSIGNMENTS));
        let Some(_) = total else {
            return Err(SolveError::TooLarge {
                backend: "brute",
                why: format!("more than {MAX_ASSIGNMENTS} assignments"),
            });
        };
        let t0 = std::time::Instant::now();
        let mut choice = vec![0usize; sizes.len()];
        let mut best: Option<(i128, Vec<usize>)> = None;
        let mut min_peak: Option<i128> = None;
        loop {
            if let Ok(e) = evaluate(p, &choice) {
                if e.forbidden_used.is_empty() {
                    min_peak = Some(min_peak.map_or(e.peak_usage, |m| m.min(e.peak_usage)));
                }
                if e.is_feasible() && best.as_ref().is_none_or(|(c, _)| e.cost < *c) {
                    best = Some((e.cost, choice.clone()));
                }
            }
            // Next assignment (odometer).
            let mut k = 0;
            loop {
                if k == choice.len() {
                    return match best {
                        Some((cost, choice)) => Ok(Solution {
                            choice,
                            cost,
                            bound: cost,
                            status: Status::Optimal,
                            time_to_best: t0.elapsed().as_secs_f64(),
                        }),
                        None => match (p.usage_limit, min_peak) {
                            (Some(limit), Some(m)) if m > limit as i128 => {
                                Err(SolveError::Infeasible { limit: limit as i128, min_peak: Some(m) })
                            }
                            _ => Err(SolveError::no_assignment(p)),
                        },
                    };
                }
                choice[k] += 1;
                if choice[k] < sizes[k] {
                    break;
                }
                choice[k] = 0;
                k += 1;
            }
        }
    }
}
