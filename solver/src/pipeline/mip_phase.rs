//! The MIP phase of the default pipeline, warm-started with the best answer so far: the answers
//! merged when no MIP lies ahead, then HiGHS through clusters when nodes merge (the coarse MIP, or the
//! searches over clusters when it is too large), else over the whole problem (when that MIP is too
//! large: restricted MIPs and regions in turn).

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::bound::Diffusion;
use crate::effort::Effort;
use crate::phase::{Phase, Stop};
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::search::candidates::MAX_CANDIDATES;
use crate::search::elite::Elite;
use crate::search::merge::{merge_rounds, restricted_round};
use crate::time_shares::{MAX_LAGRANGIAN_S, REGION_ROUND_S, RESTRICTED_MIP_S, RESTRICTED_MIP_SHARE};
use std::time::{Duration, Instant};

/// The unit a deterministic region search counts its region MIPs in (per second of its nominal time;
/// each MIP counts `time_shares::REGION_COUNTS_S` seconds).
const REGION_UNITS_PER_S: f64 = 1000.0;

/// Will the MIP phase pose a MIP (over the clusters, or over the whole problem), rather than search?
/// Judged by size alone ([`crate::exact::highs::surely_fits`]).
pub(super) fn mip_ahead(q: &ChoiceProblem) -> bool {
    if crate::exact::highs::surely_fits(q) {
        return true;
    }
    match crate::clusters::Clusters::find(q) {
        Ok(cl) if !q.has_user_constraints() && cl.len() < q.nodes.len() => {
            crate::exact::highs::surely_fits(&cl.coarse(q))
        }
        _ => false,
    }
}

/// The answers the MIP phase starts from.
pub(super) struct Starts<'q> {
    /// The best answer so far, if any fits.
    pub warm: Option<Solution>,
    /// Another answer that fits, a second start for the searches over clusters.
    pub second: Option<Vec<usize>>,
    /// The cheapest distinct answers of the Lagrangian searches, merged when the whole MIP is too
    /// large ([`Elite::candidates`]).
    pub pool: Elite,
    /// The diffusion the Lagrangian searches started from, from which more searches add to the pool.
    pub diffusion: Option<Diffusion<'q>>,
}

/// After the heuristic: the exact backend, through clusters when nodes merge, else over the whole
/// problem (when that MIP is too large: the MIP over the strategies the starts use, then restricted
/// MIPs and regions in turn), warm-started with the starts' best; `prices` (memory multipliers per
/// slot, from the dual bound) start the Lagrangian search over clusters. The solve started at `t0`;
/// `mip_time` is this phase's nominal time (in a deterministic solve, what its work is sized by; the
/// solve's time limit stays the cap).
pub(super) fn mip_phase(
    q: &ChoiceProblem,
    opts: &SolveOptions,
    Starts { warm, second, mut pool, diffusion }: Starts<'_>,
    prices: Vec<f64>,
    (t0, mip_time): (Instant, Duration),
    shifted: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let remaining = |share: f64| opts.time_limit.saturating_sub(t0.elapsed()).mul_f64(share);
    if remaining(1.0).is_zero()
        && let Some(w) = warm
    {
        // The phases before took the whole limit (on a large problem, presolve and the first answer
        // can): nothing here could finish, and setting up its models alone takes seconds. (Without
        // an answer, the repaired greedy start below is still tried.)
        if opts.deterministic && !mip_time.is_zero() {
            opts.watch.clock_ended();
        }
        return Ok(w);
    }
    for x in [second.as_ref(), warm.as_ref().map(|w| &w.choice)].into_iter().flatten() {
        if let Ok(Some(c)) = evaluate(q, x).map(|e| e.is_feasible().then_some(e.cost)) {
            pool.offer(c, x);
        }
    }
    let (warm, mip_time, merging) =
        merge_starts(q, opts, warm, (&mut pool, diffusion.as_ref()), (t0, mip_time), shifted);
    let mut o = SolveOptions { time_limit: remaining(1.0), ..opts.clone() };
    if let Some(w) = &warm {
        o.warm_start = Some(w.choice.clone());
    }
    // Through clusters first: when the coarse MIP fits, it usually settles the problem.
    let clustered = Effort::of(mip_time, opts.deterministic, crate::clusters::cluster_search::UNITS_PER_S, &opts.watch)
        .capped(t0 + opts.time_limit);
    if let Some(sol) = through_clusters(q, &o, (warm.as_ref(), second.clone()), prices, t0, &clustered, shifted)? {
        return Ok(sol);
    }
    let exact = full_mip(q, &o, t0, shifted);
    Ok(match (exact, warm) {
        // The heuristic's answer may beat the MIP's incumbent; the MIP's bound holds for both.
        (Ok(s), Some(w)) if w.cost < s.cost => {
            Solution { bound: s.bound, status: if s.bound >= w.cost { Status::Optimal } else { s.status }, ..w }
        }
        (Ok(s), _) => s,
        // Too large for the full MIP: improve the heuristic answer region by region. Without one
        // (every answer the local search saw paid a forbidden cost or broke a constraint), start
        // from its greedy start: the MIPs below refuse forbidden pairs and can repair it. (Measured:
        // starting A and S from the greedy start instead of the local search answer is worse,
        // 2.68× and 2.76× against 2.50× and 2.56× of the best known.)
        (Err(SolveError::TooLarge { .. }), warm) => {
            region_rounds(q, opts, warm, pool, merging, (t0, mip_time), shifted)?
        }
        (Err(SolveError::NoAnswer), Some(w)) => w,
        (Err(e), _) => return Err(e),
    })
}

/// Too large for the full MIP: improve the heuristic answer region by region. Without one (every
/// answer the local search saw paid a forbidden cost or broke a constraint), start from its greedy
/// start: the MIPs below refuse forbidden pairs and can repair it. (Measured: starting A and S from
/// the greedy start instead of the local search answer is worse, 2.68× and 2.76× against 2.50× and
/// 2.56× of the best known.) The starts are merged first unless [`merge_starts`] did (`merging`);
/// then the rounds alternate a MIP over a few candidates per node with regions free among all their
/// strategies.
fn region_rounds(
    q: &ChoiceProblem,
    opts: &SolveOptions,
    warm: Option<Solution>,
    pool: Elite,
    merging: bool,
    (t0, mip_time): (Instant, Duration),
    shifted: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let mut search = crate::search::state::Search::new(q);
    match &warm {
        Some(w) => {
            search.x.clone_from(&w.choice);
            search.reset();
        }
        None => {
            search.greedy();
            search.repair();
        }
    }
    let deadline = t0 + opts.time_limit;
    // The starts merged: every node free among the strategies the answers found so far use
    // there, fixed where they all agree (one MIP, first; see `search::elite`).
    let mut merged = pool.len() > 1 && !merging;
    // Then alternate: every node free among a few candidates (one MIP), then regions free
    // among all their strategies. In a deterministic solve the rounds share out the phase's
    // nominal time (`mip_time`) and the clock only caps them; otherwise they run by it.
    let counted = opts.deterministic;
    let mut nominal_left = mip_time;
    let regions = Effort::of(mip_time, counted, REGION_UNITS_PER_S, &opts.watch).capped(deadline);
    let mut round = 0u64;
    // HiGHS checks its time limit coarsely (measured on the 24-layer step on a 4x4 mesh: 10.1 s
    // for a 3.4 s limit; it is now also interrupted at the deadline, `exact/interrupt.rs`): by
    // the clock, a restricted MIP starts only while the time left is at least what the last
    // one took.
    let mut restricted_took = Duration::ZERO;
    let (rounds_started, mut why) = (Instant::now(), Stop::Time);
    loop {
        let clock_left = deadline.saturating_duration_since(Instant::now());
        let left = if counted { nominal_left } else { clock_left };
        if left <= Duration::from_secs(1) {
            why = Stop::share_spent(counted);
            break;
        }
        if clock_left <= Duration::from_secs(1) {
            // Counted rounds stopped by the clock.
            opts.watch.clock_ended();
            break;
        }
        let share = left.mul_f64(RESTRICTED_MIP_SHARE).min(Duration::from_secs(RESTRICTED_MIP_S));
        if counted || left > restricted_took {
            let t = Instant::now();
            let (cands, phase) = match std::mem::take(&mut merged) {
                true => (pool.candidates(&search.x), Phase::Merged),
                false => (crate::search::candidates::candidates(&search, MAX_CANDIDATES), Phase::Restricted),
            };
            let ran = restricted_round(&mut search, (&cands, phase), share.min(clock_left), opts, t0, shifted);
            if !ran && counted && clock_left < share {
                // The clock, not the work, left too little for this MIP.
                opts.watch.clock_ended();
            }
            restricted_took = t.elapsed();
            nominal_left = nominal_left.saturating_sub(share);
        } else if q.has_user_constraints() {
            // No time for another restricted MIP, and region MIPs do not see budgets.
            break;
        }
        if q.has_user_constraints() {
            // Region MIPs do not see budgets; the restricted MIPs do.
            continue;
        }
        let slice = Duration::from_secs(REGION_ROUND_S);
        let seed = opts.seed.wrapping_add(round);
        crate::search::regions::improve(&mut search, &regions.part(slice), seed, opts.threads, t0, shifted);
        nominal_left = nominal_left.saturating_sub(slice);
        round += 1;
    }
    opts.log.record(Phase::Regions, rounds_started, why);
    let e = evaluate(q, &search.x).map_err(|e| SolveError::Backend { backend: "regions", why: e.to_string() })?;
    Ok(match warm {
        Some(w) if !(e.is_feasible() && e.cost < w.cost) => w,
        _ if e.is_feasible() => Solution {
            choice: search.x.clone(),
            cost: e.cost,
            bound: q.trivial_bound().min(e.cost),
            status: Status::Heuristic,
            time_to_best: t0.elapsed().as_secs_f64(),
        },
        _ => return Err(SolveError::NoAnswer),
    })
}

/// The full MIP by HiGHS, from the warm start in `o`, its stop logged; refused when its setup alone
/// would take most of what is left.
fn full_mip(
    q: &ChoiceProblem,
    o: &SolveOptions,
    t0: Instant,
    shifted: &mut dyn FnMut(&Progress),
) -> Result<Solution, SolveError> {
    let started = t0.elapsed().as_secs_f64();
    let highs_started = Instant::now();
    let exact = crate::exact::highs::Highs
        .solve(q, &SolveOptions { refuse_slow_setup: true, ..o.clone() }, shifted)
        .map(|s| Solution { time_to_best: started + s.time_to_best, ..s });
    let why = match &exact {
        Ok(s) if s.status == Status::Optimal => Some(Stop::Proved),
        Ok(_) => Some(Stop::Time),
        Err(SolveError::TooLarge { .. }) => Some(Stop::TooLarge),
        Err(_) => None,
    };
    if let Some(why) = why {
        o.log.record(Phase::Highs, highs_started, why);
    }
    exact
}

/// The starts merged, and more answers searched for and merged while that finds cheaper answers,
/// when no MIP lies ahead that could prove what it finds: the warm start (cheaper where the merging
/// found better), the MIP's time left, and whether the starts were merged.
fn merge_starts(
    q: &ChoiceProblem,
    opts: &SolveOptions,
    warm: Option<Solution>,
    (pool, diffusion): (&mut Elite, Option<&Diffusion<'_>>),
    (t0, mip_time): (Instant, Duration),
    shifted: &mut dyn FnMut(&Progress),
) -> (Option<Solution>, Duration, bool) {
    let merging = pool.len() > 1 && warm.is_some() && !mip_ahead(q);
    let Some(w) = warm.as_ref().filter(|_| merging) else { return (warm, mip_time, merging) };
    let mut search = crate::search::state::Search::new(q);
    search.x.clone_from(&w.choice);
    search.reset();
    let spent = merge_rounds(
        q,
        opts,
        (&mut search, pool),
        diffusion,
        (t0, mip_time, Duration::from_secs(MAX_LAGRANGIAN_S)),
        shifted,
    );
    let mip_time = mip_time.saturating_sub(spent);
    if search.cost < w.cost && search.feasible() {
        let time_to_best = t0.elapsed().as_secs_f64();
        let (choice, cost) = (search.x.clone(), search.cost);
        return (
            Some(Solution { choice, cost, status: Status::Heuristic, time_to_best, ..w.clone() }),
            mip_time,
            merging,
        );
    }
    (warm, mip_time, merging)
}

/// Solve `q` through its clusters ([`crate::clusters`], [`crate::clusters::coarse_mip`]) within
/// `effort`: the coarse MIP (until its deadline), or the searches over clusters when that MIP is too
/// large. `None` when that does not apply (user constraints, nothing to merge) or finds nothing;
/// otherwise the better of its answer and `warm`, with its proven bound. The searches over clusters
/// start their episodes from `warm` and `second` in turn. `prices` start the Lagrangian searches.
/// Times are counted from `t0`.
fn through_clusters(
    q: &ChoiceProblem,
    o: &SolveOptions,
    (warm, second): (Option<&Solution>, Option<Vec<usize>>),
    prices: Vec<f64>,
    t0: Instant,
    effort: &Effort,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<Solution>, SolveError> {
    let deadline = effort.deadline();
    if q.has_user_constraints() {
        return Ok(None);
    }
    let Ok(cl) = crate::clusters::Clusters::find(q) else { return Ok(None) };
    if cl.len() == q.nodes.len() {
        return Ok(None);
    }
    let started = t0.elapsed().as_secs_f64();
    let clusters_started = Instant::now();
    let coarse = cl.coarse(q);
    let out = match crate::clusters::coarse_mip::solve(q, &cl, &coarse, o, deadline, progress) {
        Ok(mut out) => {
            // The coarse MIP's answer is its last round's.
            if let Some(s) = &mut out.solution {
                s.time_to_best = t0.elapsed().as_secs_f64();
            }
            let optimal = out.solution.as_ref().is_some_and(|s| s.status == Status::Optimal);
            o.log.record(Phase::Clusters, clusters_started, if optimal { Stop::Proved } else { Stop::Time });
            out
        }
        Err(SolveError::TooLarge { .. }) => {
            // Too large for the MIP: teams of searches over clusters, see `crate::clusters::portfolio`.
            let first = warm.and_then(|w| cl.restrict(&w.choice));
            let starts: Vec<Vec<usize>> = first.into_iter().chain(second.and_then(|c| cl.restrict(&c))).collect();
            let found = crate::clusters::portfolio::search(
                crate::clusters::Clustered { q, cl: &cl, coarse: &coarse },
                o,
                &starts,
                &prices,
                effort,
                progress,
            );
            let found = found.map(|s| Solution { time_to_best: started + s.time_to_best, ..s });
            o.log.record(Phase::ClusterSearch, clusters_started, effort.stop(Stop::Done));
            crate::clusters::coarse_mip::Outcome { solution: found, bound: 0, rounds: 0 }
        }
        Err(e) => return Err(e),
    };
    // Only the coarse MIP proves a bound; the search over clusters proves nothing beyond the trivial one.
    let proof = out.rounds > 0;
    let bound = if proof { out.bound } else { q.trivial_bound() };
    // At equal cost the answer found first (with what the MIP proved of it), so that the time to best
    // says when it was found.
    let best = match (out.solution, warm) {
        (Some(s), Some(w)) if w.cost < s.cost => w.clone(),
        (Some(s), Some(w)) if w.cost == s.cost => {
            Solution { choice: w.choice.clone(), time_to_best: w.time_to_best, ..s }
        }
        (Some(s), _) => s,
        (None, Some(w)) => w.clone(),
        // Nothing found (or nothing fits): the node-level path says which, with the time left.
        (None, None) => return Ok(None),
    };
    let bound = bound.max(best.bound).min(best.cost);
    // Optimal when proven so (HiGHS within its tolerance, see `Status::Optimal`), or when the bound
    // meets the cost; otherwise the coarse MIP ran out of time, and its bound is a proof.
    let status = if best.status == Status::Optimal || bound >= best.cost {
        Status::Optimal
    } else if proof {
        Status::TimeLimit
    } else {
        Status::Heuristic
    };
    Ok(Some(Solution { bound, status, ..best }))
}
