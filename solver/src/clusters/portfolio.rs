//! Teams of searches over clusters ([`crate::clusters::search`]), for when the coarse MIP is too large:
//! one search per thread, sharing a [`Board`]; and episodes of teams, whose answers are crossed at the
//! end.
//!
//! A team's first search keeps memory at every step and reports progress. When memory binds, the others
//! are Lagrangian searches from the dual bound's memory prices; they post their answers on the board,
//! from which the first takes over any better answer and with whose latest answer it crosses its own.
//! When memory cannot bind (no limit, or every answer fits), there is nothing to price: the others
//! explore from the coarse greedy answer instead, a second basin the first takes over when it is
//! cheaper.
//!
//! A team settles into one basin, so the time is split into [`EPISODES`] teams run one after another
//! with other seeds, from the starts given in turn (the local search's answer and the one read from the
//! dual, when both fit), each ending in a basin of its own, and their answers are
//! crossed at the end ([`cross_all`]): a MIP over the clusters where two answers differ combines what
//! each got right at the memory limit. What still separates answers is often one hub of the coarse
//! graph whose neighbourhood must move at once; so, when the coarse graph has hubs, the last
//! `HUB_SWEEP_S` seconds sweep region MIPs around them ([`ClusterSearch::hub_sweep`], the hubs dealt out
//! over the threads, their answers crossed).

use crate::backend::{Progress, Solution, SolveOptions};
use crate::clusters::cluster_search::{Board, ClusterSearch};
use crate::clusters::{Clustered, Clusters};
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::ChoiceProblem;
use crate::time_shares::{FINAL_CROSSOVER_S, FINAL_CROSSOVER_SHARE, HUB_SWEEP_S, HUB_SWEEP_SHARE};
use std::time::{Duration, Instant};

/// Teams run one after another, each for an equal share of the time: two, as measured on S (three
/// gained nothing more).
pub const EPISODES: u32 = 2;
// `Phase::Episode` names the episodes "1/2" and "2/2".
const _: () = assert!(EPISODES == 2);

/// Search a problem over its clusters until `effort` is spent with `o.threads` threads, in
/// [`EPISODES`] episodes, each from the next of `starts` (options) in turn (from the coarse greedy answer
/// when there are none); `prices` (per memory slot) start the Lagrangian searches. Returns the best answer that fits,
/// if any, its time to best counted from the call.
///
/// In a deterministic solve (`effort` counted in work) the episodes, the sweep and the crossings share
/// out the phase's nominal time by work, and a team's searches share nothing while they run (their
/// answers meet at the episode's end), so that the answer does not depend on thread timing.
pub fn search(
    c: Clustered<'_>,
    o: &SolveOptions,
    starts: &[Vec<usize>],
    prices: &[f64],
    effort: &Effort,
    progress: &mut dyn FnMut(&Progress),
) -> Option<Solution> {
    let Clustered { q, cl, coarse } = c;
    let t0 = Instant::now();
    let deadline = effort.deadline();
    let counted = effort.counted();
    let binds = q.usage_limit.is_some_and(|l| crate::problem::eval::max_peak(q) > i128::from(l));
    let left = effort.nominal();
    let reserve = left.mul_f64(FINAL_CROSSOVER_SHARE).min(Duration::from_secs_f64(FINAL_CROSSOVER_S));
    let hubs = crate::clusters::cluster_search::hubs(coarse);
    let sweep = match hubs.is_empty() {
        true => Duration::ZERO,
        false => left.mul_f64(HUB_SWEEP_SHARE).min(Duration::from_secs_f64(HUB_SWEEP_S)),
    };
    let threads = u64::from(o.threads.max(1));
    let mut answers: Vec<Solution> = Vec::new();
    for e in 0..EPISODES {
        let now = Instant::now();
        let share = match counted {
            true => left.saturating_sub(reserve + sweep) / EPISODES,
            false => deadline.saturating_duration_since(now).saturating_sub(reserve + sweep) / (EPISODES - e),
        };
        let seed = o.seed.wrapping_add(u64::from(e) * threads);
        // The progress names the episode and shows the best answer of every episode so far.
        let so_far = answers.iter().map(|s| s.cost).min();
        let mut shown = |pr: &Progress| {
            let incumbent = pr.incumbent.into_iter().chain(so_far).min();
            progress(&Progress { phase: Phase::Episode(e as u8), incumbent, ..pr.clone() })
        };
        let start = (!starts.is_empty()).then(|| starts[e as usize % starts.len()].clone());
        let team = Team { q, cl, coarse, start, prices, binds };
        let offset = (now - t0).as_secs_f64();
        let found = team.run(threads, seed, &effort.part(share), &mut shown);
        answers.extend(found.map(|s| Solution { time_to_best: offset + s.time_to_best, ..s }));
    }
    let several = answers.len() > 1;
    // With hubs, the crossing and the sweep share the time up to the final crossing's reserve.
    let swept_by = match hubs.is_empty() {
        true => deadline,
        false => deadline.checked_sub(reserve).unwrap_or(deadline),
    };
    let by = |until: Instant| if counted { effort.clone() } else { Effort::until(until) };
    let crossed = cross_all(q, cl, coarse, answers, t0, &by(swept_by))?;
    if several {
        progress(&Progress { phase: Phase::EpisodesCrossed, elapsed: 0.0, incumbent: Some(crossed.cost), bound: None });
    }
    if hubs.is_empty() {
        return Some(crossed);
    }
    let sweep_effort = if counted { effort.part(sweep) } else { Effort::until(swept_by) };
    let swept = sweep_hubs(q, cl, coarse, crossed, &hubs, threads, t0, (&sweep_effort, &by(deadline)));
    progress(&Progress { phase: Phase::HubRegions, elapsed: 0.0, incumbent: Some(swept.cost), bound: None });
    Some(swept)
}

/// Region MIPs around `hubs` ([`ClusterSearch::hub_sweep`]) from `from` (which fits), the hubs dealt
/// out over `threads` sweeps, each within `sweep`, whose answers are then crossed within `crossing`
/// ([`cross_all`]); a gain sets the time to best, counted from `t0`.
#[allow(clippy::too_many_arguments)]
fn sweep_hubs(
    q: &ChoiceProblem,
    cl: &Clusters,
    coarse: &ChoiceProblem,
    from: Solution,
    hubs: &[usize],
    threads: u64,
    t0: Instant,
    (sweep, crossing): (&Effort, &Effort),
) -> Solution {
    let Some(x) = cl.restrict(&from.choice) else { return from };
    let n = usize::try_from(threads).unwrap_or(1).clamp(1, hubs.len().max(1));
    let sweep = |k: usize| {
        let mine: Vec<usize> = hubs.iter().skip(k).step_by(n).copied().collect();
        let mut cs = ClusterSearch::new(q, cl, coarse, Some(x.clone()));
        (cs.hub_sweep(&mine, sweep) > 0).then(|| Solution {
            choice: cl.lift(cs.options()),
            cost: cs.cost(),
            time_to_best: t0.elapsed().as_secs_f64(),
            ..from.clone()
        })
    };
    let gains: Vec<Solution> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..n).map(|k| scope.spawn(move || sweep(k))).collect();
        let mine = sweep(0);
        let theirs = others.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        theirs.chain([mine]).flatten().collect()
    });
    cross_all(q, cl, coarse, gains, t0, crossing).unwrap_or(from)
}

/// One team: its problem, clusters, start and the Lagrangian searches' first prices.
struct Team<'a> {
    q: &'a ChoiceProblem,
    cl: &'a Clusters,
    coarse: &'a ChoiceProblem,
    start: Option<Vec<usize>>,
    prices: &'a [f64],
    /// Whether memory can bind (Lagrangian searches) or not (explorers).
    binds: bool,
}

impl Team<'_> {
    /// `threads` searches with seeds from `seed` on, within `effort`; the best answer any found. They
    /// share a board unless `effort` is counted in work (a deterministic solve).
    fn run(&self, threads: u64, seed: u64, effort: &Effort, progress: &mut dyn FnMut(&Progress)) -> Option<Solution> {
        let board = Board::default();
        let shared = (!effort.counted()).then_some(&board);
        let (q, cl, coarse) = (self.q, self.cl, self.coarse);
        let search = |s: u64, progress: &mut dyn FnMut(&Progress)| {
            if s == seed {
                on_board(ClusterSearch::new(q, cl, coarse, self.start.clone()), shared).run(s, effort, progress)
            } else if self.binds {
                let cs = on_board(ClusterSearch::new(q, cl, coarse, self.start.clone()), shared);
                cs.priced(self.prices.to_vec()).run_lagrangian(s, effort, progress)
            } else {
                on_board(ClusterSearch::new(q, cl, coarse, None), shared).exploring().run(s, effort, progress)
            }
        };
        std::thread::scope(|scope| {
            let others: Vec<_> =
                (1..threads).map(|k| scope.spawn(move || search(seed.wrapping_add(k), &mut |_| {}))).collect();
            let mine = search(seed, progress);
            let theirs: Vec<Option<Solution>> =
                others.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect();
            theirs.into_iter().flatten().chain(mine).min_by_key(|s| s.cost)
        })
    }
}

/// `cs` sharing answers through `board`, when there is one.
fn on_board<'p>(cs: ClusterSearch<'p>, board: Option<&'p Board>) -> ClusterSearch<'p> {
    match board {
        Some(b) => cs.sharing(b),
        None => cs,
    }
}

/// The cheapest of `answers` (each fits memory), crossed with each of the others in turn
/// ([`ClusterSearch::cross_with`]) within `effort`'s deadline; `None` when there are none. A crossing
/// that improves it sets its time to best, counted from `t0`.
pub fn cross_all(
    q: &ChoiceProblem,
    cl: &Clusters,
    coarse: &ChoiceProblem,
    mut answers: Vec<Solution>,
    t0: Instant,
    effort: &Effort,
) -> Option<Solution> {
    answers.sort_by_key(|s| s.cost);
    let mut answers = answers.into_iter();
    let mut best = answers.next()?;
    let Some(x) = cl.restrict(&best.choice) else { return Some(best) };
    let mut cs = ClusterSearch::new(q, cl, coarse, Some(x));
    for other in answers {
        // `cs` stays at `best`: it moves only to a cheaper answer.
        if let Some(y) = cl.restrict(&other.choice)
            && cs.cross_with(&y, effort)
        {
            let time_to_best = t0.elapsed().as_secs_f64();
            best = Solution { choice: cl.lift(cs.options()), cost: cs.cost(), time_to_best, ..best };
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Status;
    use crate::clusters::cluster_search::clustered_cases;
    use crate::problem::eval::evaluate;
    use crate::rng::Rng;

    /// On seeded random problems with clusters, with and without their memory limit, a team search in
    /// episodes on two threads returns an answer that fits, at the evaluator's cost, on most of them (48
    /// of the 54 searches, 40 ms each).
    #[test]
    fn a_search_in_episodes_answers_at_the_evaluators_cost() {
        let (mut tried, mut answered) = (0, 0);
        for (seed, p, cl, _) in clustered_cases(60) {
            let unlimited = ChoiceProblem { usage_limit: None, ..p.clone() };
            for q in [&p, &unlimited] {
                let coarse = cl.coarse(q);
                let o = SolveOptions { threads: 2, seed, ..SolveOptions::default() };
                let effort = Effort::until(Instant::now() + Duration::from_millis(40));
                tried += 1;
                let Some(s) = search(Clustered { q, cl: &cl, coarse: &coarse }, &o, &[], &[], &effort, &mut |_| {})
                else {
                    continue;
                };
                let e = evaluate(q, &s.choice).unwrap();
                assert!(e.is_feasible(), "seed {seed}");
                assert_eq!(e.cost, s.cost, "seed {seed}");
                answered += 1;
            }
        }
        assert!(answered * 10 >= tried * 8, "only {answered} of {tried} searches answered");
    }

    /// Counted in work (a deterministic solve), a search in episodes on two threads answers the same
    /// twice over on seeded random problems with clusters, with and without their memory limit, and
    /// the clock decides nothing (the watch stays quiet). These problems are small enough that a search
    /// by the clock also answers the same every time (tried down to 1 ms), so the comparison alone
    /// would not catch a schedule that reads the clock; the quiet watch does, and S's deterministic
    /// runs are the size-scale check.
    #[test]
    fn a_search_counted_in_work_answers_the_same_every_time() {
        let mut compared = 0;
        for (seed, p, cl, _) in clustered_cases(30) {
            let unlimited = ChoiceProblem { usage_limit: None, ..p.clone() };
            for q in [&p, &unlimited] {
                let coarse = cl.coarse(q);
                let o = SolveOptions { threads: 2, seed, ..SolveOptions::default() };
                let watch = crate::effort::ClockWatch::default();
                let run = || {
                    let cap =
                        Effort::of(Duration::from_secs(60), true, crate::clusters::cluster_search::UNITS_PER_S, &watch);
                    let c = Clustered { q, cl: &cl, coarse: &coarse };
                    search(c, &o, &[], &[], &cap.part(Duration::from_millis(30)), &mut |_| {})
                        .map(|s| (s.cost, s.choice))
                };
                let first = run();
                assert_eq!(first, run(), "seed {seed}");
                assert!(!watch.clock_decided(), "seed {seed}: the clock stopped a counted search");
                compared += usize::from(first.is_some());
            }
        }
        assert!(compared >= 20, "only {compared} searches answered");
    }

    /// The progress of a search in episodes names each episode in turn, then the crossing, and the
    /// best answer it shows never rises.
    #[test]
    fn the_progress_names_the_episodes_in_turn() {
        let (seed, p, cl, coarse) = clustered_cases(60).next().expect("a problem with clusters");
        let o = SolveOptions { threads: 1, seed, ..SolveOptions::default() };
        let mut seen: Vec<(Phase, Option<i128>)> = Vec::new();
        let effort = Effort::until(Instant::now() + Duration::from_secs(3));
        let c = Clustered { q: &p, cl: &cl, coarse: &coarse };
        search(c, &o, &[], &[], &effort, &mut |pr| seen.push((pr.phase, pr.incumbent)));
        let mut phases: Vec<Phase> = seen.iter().map(|s| s.0).collect();
        phases.dedup();
        assert_eq!(phases, [Phase::Episode(0), Phase::Episode(1), Phase::EpisodesCrossed], "seed {seed}");
        let shown: Vec<i128> = seen.iter().filter_map(|s| s.1).collect();
        assert!(shown.windows(2).all(|w| w[1] <= w[0]), "seed {seed}: {shown:?}");
    }

    /// On seeded random problems with clusters, crossing answers that fit gives one that fits, at the
    /// evaluator's cost, no dearer than the cheapest; and cheaper than every answer on some problems (12
    /// of the 126 crossed).
    #[test]
    fn crossing_answers_is_no_worse_than_the_best() {
        let (mut crossed, mut cheaper) = (0, 0);
        for (seed, p, cl, coarse) in clustered_cases(300) {
            let mut rng = Rng::new(seed);
            let mut answers: Vec<Solution> = Vec::new();
            for _ in 0..60 {
                let x: Vec<usize> = cl.options.iter().map(|o| rng.below(o.len() as u64) as usize).collect();
                let choice = cl.lift(&x);
                let e = evaluate(&p, &choice).unwrap();
                if e.is_feasible() && e.cost < crate::problem::FORBIDDEN_COST as i128 && answers.len() < 3 {
                    let status = Status::Heuristic;
                    answers.push(Solution { choice, cost: e.cost, bound: 0, status, time_to_best: 0.0 });
                }
            }
            if answers.len() < 2 {
                continue;
            }
            let least = answers.iter().map(|s| s.cost).min().unwrap();
            let soon = Instant::now() + Duration::from_secs(10);
            let best = cross_all(&p, &cl, &coarse, answers, Instant::now(), &Effort::until(soon)).expect("an answer");
            let e = evaluate(&p, &best.choice).unwrap();
            assert!(e.is_feasible(), "seed {seed}");
            assert_eq!(e.cost, best.cost, "seed {seed}");
            assert!(best.cost <= least, "seed {seed}: {} from {least}", best.cost);
            crossed += 1;
            cheaper += usize::from(best.cost < least);
        }
        assert!(crossed >= 30, "only {crossed} problems with two answers that fit");
        assert!(cheaper > 0, "no crossing improved on its best answer in {crossed} problems");
    }
}
