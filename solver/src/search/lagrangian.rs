//! Lagrangian search at node level: memory moves into the objective as prices, TRW-S
//! ([`crate::bound::Trws`]) solves the priced problem, and the prices move until its answers fit.
//!
//! The search that keeps memory at every step ([`crate::search::state`]) is blocked where the limit
//! binds: no single or pair move that fits is cheaper, though a cheaper answer trades memory between
//! nodes far apart. Priced, memory is just a cost and the problem is a pairwise one without a limit,
//! for which TRW-S moves every node at once. Each round:
//! 1. [`PASSES_PER_ROUND`] passes of TRW-S at the current prices (the first from the dual's
//!    reparametrization and prices, [`crate::bound::Diffusion`]); the answer read is descended by
//!    single and pair moves on the priced costs, then by up to [`TREE_SWEEPS`] sweeps of tree moves
//!    (every tree of a random induced forest given its best assignment at once, each sweep followed by
//!    a descent from the nodes it moved): the priced problem's answer. Single and pair moves stop
//!    where a chain of nodes must move together; a tree moves the chain;
//! 2. that answer made to fit (the greedy repair, when it does not) and descended on the true costs,
//!    within the limit: an answer, kept when it is the cheapest;
//! 3. the prices: raised where the priced answer overflows (×[`GROWTH`], plus a nudge), lowered
//!    everywhere (×[`LOWER`]) when it fits, so that they hover near the least that makes the priced
//!    answer fit, as a bisection on a penalty weight would, slot by slot.
//!
//! It needs no clusters and no MIP: it works on any pairwise structure. It proves nothing (the priced
//! problem is solved heuristically); the answers it keeps fit and avoid forbidden costs. Without a
//! memory limit it is TRW-S with descents, and stops once [`PATIENCE`] rounds find nothing better.

use crate::bound::{Diffusion, ENTRIES_PER_S, Trws};
use crate::effort::{Effort, SharedBound};
use crate::phase::Stop;
use crate::problem::memory::SlotSums;
use crate::problem::{ChoiceProblem, Cost, FORBIDDEN_COST};
use crate::rng::Rng;
use crate::search::elite::{ELITE_ANSWERS, Elite};
use crate::search::state::Search;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Forward and backward TRW-S passes per round (a round's descents and repair cost about as much as
/// several passes).
pub const PASSES_PER_ROUND: usize = 8;
/// Where the priced answer overflows, each slot's price is multiplied by this…
pub const GROWTH: f64 = 1.3;
/// …and raised by this share of the largest price (or, with no price yet, of the price at which
/// memory at the limit in every slot would cost as much as the answer).
pub const NUDGE: f64 = 0.02;
/// When the priced answer fits, every price is multiplied by this.
pub const LOWER: f64 = 0.95;
/// Sweeps of tree moves ([`Search::forest_sweep`]) on the priced costs after each read's descent
/// (fewer when a sweep moves nothing).
pub const TREE_SWEEPS: usize = 16;
/// Rounds in a row without a cheaper answer after which the search stops.
pub const PATIENCE: usize = 40;
/// A priced cost is capped here, far below the forbidden marker's share of [`Search`]'s costs.
const PRICED_MAX: Cost = Cost::MAX / 8;

/// Search `q` from the dual `d`'s reparametrization and prices, TRW-S reading its answers on the
/// backward passes when `backward` (see [`Trws::round`]), its forests drawn from `seed`, for
/// `share_s` seconds and on while it is still finding cheaper answers (its best found in the latter
/// half of its run), until `effort` is spent (counted in cost entries read, by TRW-S and by the
/// descents), `stop` is set, `proven` proves the best answer, or [`PATIENCE`] rounds find nothing
/// better. Returns the cheapest distinct answers that fit ([`ELITE_ANSWERS`] of them at most, the
/// first the cheapest found), the seconds the search ran (by its work, in a counted phase) and why it
/// stopped.
pub fn search(
    q: &ChoiceProblem,
    d: &Diffusion<'_>,
    (backward, seed): (bool, u64),
    (share_s, effort): (f64, &Effort),
    stop: &AtomicBool,
    proven: &SharedBound,
) -> (Elite, f64, Stop) {
    let mut elite = Elite::new(ELITE_ANSWERS);
    if !time_for_a_round(q, effort) {
        return (elite, 0.0, Stop::TooLarge);
    }
    let t0 = Instant::now();
    // Seconds into the search, and when its best answer was found.
    let (mut now, mut at_best) = (0.0, 0.0);
    let mut tr = Trws::from_dual(d);
    let mut mu = tr.prices().to_vec();
    let limit = q.usage_limit.map(i128::from);
    // The true search keeps memory; the priced one sees none, its node costs recharged every round.
    let mut s = Search::new(q);
    let mut priced = Search::new(q);
    priced.limit = None;
    // The forests differ between the two searches and from seed to seed.
    let mut rng = Rng::new(seed.wrapping_mul(2).wrapping_add(u64::from(backward)));
    let (mut spent, mut since_best) = (0u64, 0usize);
    while !effort.over(spent + s.work)
        && !stop.load(Ordering::Relaxed)
        && since_best < PATIENCE
        && !elite.best().is_some_and(|(c, _)| proven.proves(*c))
        && (now < share_s || now < 2.0 * at_best)
    {
        since_best += 1;
        let (read, w) = tr.round(PASSES_PER_ROUND, backward, effort, spent + s.work);
        spent += w;
        let Some(read) = read else { break };
        if !elite.is_empty() && effort.over(spent + s.work) {
            break;
        }
        // The priced problem's answer: the read descended on the priced costs.
        let charges = SlotSums::new(&mu);
        for v in 0..priced.costs.len() {
            let charge = charges.over(s.mem.slots[v]);
            for (k, c) in priced.costs[v].iter_mut().enumerate() {
                let true_cost = s.costs[v][k];
                *c = match true_cost >= Cost::MAX / 4 {
                    true => true_cost,
                    false => (true_cost as f64 + s.usages[v][k] as f64 * charge).min(PRICED_MAX as f64) as Cost,
                };
            }
        }
        priced.x = read;
        priced.reset();
        priced.descend(&[], effort);
        for _ in 0..TREE_SWEEPS {
            if effort.over(spent + priced.work + s.work) {
                break;
            }
            let moved = priced.forest_sweep(&mut rng);
            if moved.is_empty() {
                break;
            }
            priced.descend(&moved, effort);
        }
        spent += std::mem::take(&mut priced.work);
        // An answer from it.
        s.x.clone_from(&priced.x);
        s.reset();
        // Where the priced answer overflows (before the repair below moves it).
        let over = limit.map(|l| s.mem.slots_over(l)).unwrap_or_default();
        let answer_cost = s.cost;
        if s.feasible() || s.repair() {
            s.descend(&[], effort);
            if s.feasible() && s.cost < FORBIDDEN_COST as i128 {
                let cheapest = elite.best().is_none_or(|(b, _)| s.cost < *b);
                elite.offer(s.cost, &s.x);
                if cheapest {
                    since_best = 0;
                    at_best = effort.seconds(spent + s.work, t0);
                    proven.offer(s.cost);
                }
            }
        }
        now = effort.seconds(spent + s.work, t0);
        let Some(limit) = limit else { continue };
        if over.is_empty() {
            for m in &mut mu {
                *m *= LOWER;
            }
        } else {
            let top = mu.iter().copied().fold(0.0, f64::max);
            let typical = answer_cost.max(1) as f64 / (limit.max(1) as f64 * mu.len().max(1) as f64);
            let nudge = NUDGE * if top > 0.0 { top } else { typical };
            for k in over {
                mu[k] = mu[k] * GROWTH + nudge;
            }
        }
        tr.set_prices(&mu);
    }
    let why = match () {
        _ if elite.best().is_some_and(|(c, _)| proven.proves(*c)) => Stop::Proved,
        _ if since_best >= PATIENCE => Stop::Converged,
        _ if !(now < share_s || now < 2.0 * at_best) => Stop::share_spent(effort.counted()),
        _ => effort.stop(Stop::Done),
    };
    (elite, effort.seconds(spent + s.work, t0), why)
}

/// Two searches of `q` from `d` ([`search`]), one reading forward and one backward, on two threads
/// when `concurrent`, else one after the other; their answers pooled. Returns the pool, the seconds
/// they took (the longer of the two, or both, by their work in a counted phase) and why they stopped
/// (proved when either proved its answer, else the forward search's reason).
pub fn search_both(
    q: &ChoiceProblem,
    d: &Diffusion<'_>,
    (seed, concurrent): (u64, bool),
    (share_s, effort): (f64, &Effort),
    stop: &AtomicBool,
    proven: &SharedBound,
) -> (Elite, f64, Stop) {
    let run = |backward| search(q, d, (backward, seed), (share_s, effort), stop, proven);
    let ((mut pool, f_s, f_why), (backward, b_s, b_why)) = match concurrent {
        true => std::thread::scope(|s| {
            let h = s.spawn(|| run(true));
            let forward = run(false);
            (forward, h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        }),
        false => (run(false), run(true)),
    };
    pool.absorb(backward);
    let took = if concurrent { f_s.max(b_s) } else { f_s + b_s };
    let why = if b_why == Stop::Proved { b_why } else { f_why };
    (pool, took.max(0.0), why)
}

/// Is there time (and, in a counted phase, work) left to set up and run one round? Setting up copies
/// every cost entry, a forward pass reads each once and the descents about as many again: on a large
/// problem that takes seconds, which a short limit does not have.
fn time_for_a_round(q: &ChoiceProblem, effort: &Effort) -> bool {
    let entries: usize = q.strategy_count() + q.edges.values().map(|e| e.costs.len()).sum::<usize>();
    let one_round = 3 * entries as u64;
    if effort.over(one_round) {
        return false;
    }
    let left = effort.deadline().saturating_duration_since(Instant::now()).as_secs_f64();
    let fits = left >= one_round as f64 / ENTRIES_PER_S;
    if !fits && effort.counted() {
        effort.watch().clock_ended();
    }
    fits
}

#[cfg(test)]
mod tests {
    use super::search;
    use crate::backend::{Backend, SolveOptions};
    use crate::bound::{Diffusion, Proven};
    use crate::effort::{Effort, SharedBound};
    use crate::exact::brute::BruteForce;
    use crate::problem::eval::evaluate;
    use crate::testing::{RandomSpec, random_problem};
    use std::sync::Mutex;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    /// On random problems whose memory binds (forbidden costs included), every answer the search keeps
    /// (reading forward or backward) fits, is priced as the evaluator prices it and costs no less than
    /// the optimum; it finds one wherever brute force does, and the optimum itself on most.
    #[test]
    fn answers_fit_and_are_often_optimal() {
        let (mut solvable, mut found, mut optimal) = (0, 0, 0);
        for seed in 0..60 {
            let p = random_problem(&RandomSpec::tiny(10), seed);
            let Ok(opt) = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}) else { continue };
            let mut d = Diffusion::new(&p);
            let stop = AtomicBool::new(false);
            let effort = Effort::until(Instant::now() + Duration::from_secs(1));
            d.run(&effort, &stop, &Mutex::new(Proven::default()));
            for backward in [false, true] {
                solvable += 1;
                let soon = Effort::until(Instant::now() + Duration::from_secs(2));
                let elite = search(&p, &d, (backward, 0), (2.0, &soon), &stop, &SharedBound::default()).0;
                for (cost, x) in elite.answers() {
                    let e = evaluate(&p, x).unwrap();
                    assert!(e.is_feasible(), "seed {seed}: {:?}", e.violations(&p));
                    assert_eq!(e.cost, *cost, "seed {seed}");
                }
                let Some((cost, x)) = elite.best().cloned() else { continue };
                let e = evaluate(&p, &x).unwrap();
                assert!(e.is_feasible(), "seed {seed}: {:?}", e.violations(&p));
                assert_eq!(e.cost, cost, "seed {seed}");
                assert!(cost >= opt.cost, "seed {seed}");
                found += 1;
                optimal += usize::from(cost == opt.cost);
            }
        }
        assert!(solvable >= 60, "too few solvable problems: {solvable}");
        assert_eq!(found, solvable, "an answer fits but none was found");
        assert!(optimal * 10 >= solvable * 9, "optimal on {optimal} of {solvable}");
    }

    /// A stop set before the search starts (the bound proved the local search's answer) ends it at once.
    #[test]
    fn a_stop_ends_the_search() {
        let p = random_problem(&RandomSpec::tiny(10), 3);
        let d = Diffusion::new(&p);
        let stop = AtomicBool::new(true);
        let f = search(
            &p,
            &d,
            (false, 0),
            (5.0, &Effort::until(Instant::now() + Duration::from_secs(5))),
            &stop,
            &SharedBound::default(),
        );
        assert!(f.0.is_empty());
    }
}
