//! Exhaustive search, for tiny problems and for checking the other backends.

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;

/// Most assignments the brute-force backend will enumerate.
pub const MAX_ASSIGNMENTS: u128 = 20_000_000;

/// The brute-force backend: every assignment of a problem of at most `MAX_ASSIGNMENTS` (20 million), so it
/// ignores every option (the time limit included) and reports no progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct BruteForce;

impl Backend for BruteForce {
    fn name(&self) -> &'static str {
        "brute"
    }

    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        _opts: &SolveOptions,
        _progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
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
            if !next_assignment(&mut choice, &sizes) {
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
        }
    }
}

/// Step `digits` to the next assignment (an odometer: digit `i` counts up to `sizes[i]`, the first digit
/// fastest); `false`, with every digit back at zero, after the last one.
pub fn next_assignment(digits: &mut [usize], sizes: &[usize]) -> bool {
    for (d, &size) in digits.iter_mut().zip(sizes) {
        *d += 1;
        if *d < size {
            return true;
        }
        *d = 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::next_assignment;

    /// The odometer visits every assignment once, first digit fastest, and ends back at zero.
    #[test]
    fn the_odometer_visits_every_assignment_once() {
        let sizes = [2, 3, 1, 2];
        let mut digits = [0; 4];
        let mut seen = vec![digits];
        while next_assignment(&mut digits, &sizes) {
            seen.push(digits);
        }
        assert_eq!(seen.len(), 12);
        assert_eq!(seen[1], [1, 0, 0, 0]);
        assert_eq!(seen[2], [0, 1, 0, 0]);
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 12);
        assert_eq!(digits, [0; 4]);
    }
}
