//! Solution merging: the MIP over the strategies that a pool of good answers uses, and the rounds
//! of searching again and merging that the default solve runs where no MIP could prove its answer
//! (after Blum et al.'s construct, merge, solve and adapt). Also the one restricted MIP a round runs,
//! which the solve's region rounds use as well.

use super::elite::Elite;
use super::state::Search;
use crate::backend::{Backend, Progress, SolveOptions};
use crate::bound::{Diffusion, ENTRIES_PER_S};
use crate::effort::{Effort, SharedBound};
use crate::phase::{Phase, Stop};
use crate::presolve::presolve;
use crate::problem::ChoiceProblem;
use crate::problem::eval::evaluate;
use crate::reduction::Reduction;
use crate::time_shares::{MIN_RESEARCH_S, RESEARCH_SHARE, RESTRICTED_MIP_S, RESTRICTED_MIP_SHARE};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What HiGHS spends on a MIP before it first checks its time limit or interrupt, per strategy of the
/// MIP, in seconds. Measured on the 24-layer training step on cpu-2x4: a restricted MIP of 33,424
/// strategies ran 0.9–1.0 s past a 0.96 s limit (three runs), one of 33,280 0.2 s past a 2.0 s limit.
pub const HIGHS_SETUP_S_PER_STRATEGY: f64 = 30e-6;

/// Solution merging on the whole problem, from `search`'s answer: the MIP over the strategies the
/// answers of `pool` use ([`Elite::candidates`]); then, from `diffusion` (when the Lagrangian searches
/// ran), two more searches with other forests, their answers added to the pool and the pool merged
/// again, for as long as a round finds a cheaper answer and [`MIN_RESEARCH_S`] are left. `search`
/// ends at the cheapest answer found. `mip_time` is the MIP phase's nominal time (a deterministic
/// solve counts the rounds' work against it), `max_search` the most each pair of searches may take;
/// returns the nominal time the rounds took.
pub(crate) fn merge_rounds(
    q: &ChoiceProblem,
    opts: &SolveOptions,
    (search, pool): (&mut Search<'_>, &mut Elite),
    diffusion: Option<&Diffusion<'_>>,
    (t0, mip_time, max_search): (Instant, Duration, Duration),
    shifted: &mut dyn FnMut(&Progress),
) -> Duration {
    let deadline = t0 + opts.time_limit;
    let counted = opts.deterministic;
    let mut spent = Duration::ZERO;
    let left = |spent: Duration| match counted {
        true => mip_time.saturating_sub(spent),
        false => deadline.saturating_duration_since(Instant::now()),
    };
    let started = Instant::now();
    // Why the rounds end: a round that found nothing cheaper, unless said otherwise below.
    let mut why = Stop::Converged;
    for round in 0u64.. {
        let before = search.cost;
        if round > 0 {
            let Some(d) = diffusion else {
                why = Stop::Done;
                break;
            };
            if left(spent) < Duration::from_secs(MIN_RESEARCH_S) {
                why = Stop::share_spent(counted);
                break;
            }
            let more = left(spent).mul_f64(RESEARCH_SHARE).min(max_search);
            let effort = Effort::of(more, counted, ENTRIES_PER_S, &opts.watch).capped(deadline);
            let seed = opts.seed.wrapping_add(round.wrapping_mul(RESEARCH_SEED_STRIDE));
            let (found, took, _) = super::lagrangian::search_both(
                q,
                d,
                (seed, opts.threads > 1),
                (more.as_secs_f64(), &effort),
                &AtomicBool::new(false),
                &SharedBound::default(),
            );
            spent += Duration::from_secs_f64(took);
            let cheapest = found.best().map(|(c, _)| *c);
            shifted(&Progress {
                phase: Phase::Lagrangian,
                elapsed: t0.elapsed().as_secs_f64(),
                incumbent: cheapest,
                bound: None,
            });
            if pool.absorb(found) == 0 {
                break;
            }
        }
        let budget = left(spent).mul_f64(RESTRICTED_MIP_SHARE).min(Duration::from_secs(RESTRICTED_MIP_S));
        let t = Instant::now();
        let cands = pool.candidates(&search.x);
        restricted_round(search, (&cands, Phase::Merged), budget, opts, t0, shifted);
        spent += if counted { budget } else { t.elapsed() };
        if let Some(c) = search.answer_cost() {
            pool.offer(c, &search.x);
        }
        if round > 0 && search.cost >= before {
            break;
        }
    }
    opts.log.record(Phase::Merged, started, why);
    spent
}

/// One restricted MIP over the whole problem (node `v` among `cands[v]`, which holds its current
/// strategy), warm-started from the current assignment; applied when it is better, and reported as
/// `phase`. Not started when `budget` cannot cover HiGHS's setup ([`HIGHS_SETUP_S_PER_STRATEGY`]) and
/// a little search: it would only run past its budget. Returns whether it ran.
pub(crate) fn restricted_round(
    search: &mut Search<'_>,
    (cands, phase): (&[Vec<usize>], Phase),
    budget: Duration,
    opts: &SolveOptions,
    t0: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> bool {
    let p = search.p;
    let started = Instant::now();
    let r = super::candidates::restrict(p, cands);
    let pre = presolve(&r);
    let warm: Vec<usize> =
        search.x.iter().zip(cands).map(|(s, c)| c.iter().position(|t| t == s).unwrap_or(0)).collect();
    // The budget counts from the round's start: building the restricted problem can take seconds.
    let setup = Duration::from_secs_f64(pre.problem.strategy_count() as f64 * HIGHS_SETUP_S_PER_STRATEGY);
    let left = budget.saturating_sub(started.elapsed());
    if left < 2 * setup {
        return false;
    }
    let o = SolveOptions { time_limit: left - setup, warm_start: pre.restrict(&warm), ..opts.clone() };
    let Ok(sol) = crate::exact::highs::Highs.solve(&pre.problem, &o, &mut |_| {}) else { return true };
    let back: Vec<usize> = pre.lift(&sol.choice).iter().zip(cands).map(|(&i, c)| c[i]).collect();
    let before = (search.cost, search.x.clone());
    search.x = back;
    search.reset();
    let keeps = evaluate(p, &search.x).is_ok_and(|e| e.is_feasible());
    if search.cost > before.0 || !search.feasible() || !keeps {
        search.x = before.1;
        search.reset();
    }
    progress(&Progress { phase, elapsed: t0.elapsed().as_secs_f64(), incumbent: search.answer_cost(), bound: None });
    true
}

/// Added to the seed per round, so that each pair of searches draws other forests.
pub const RESEARCH_SEED_STRIDE: u64 = 0x9E37_79B9;
