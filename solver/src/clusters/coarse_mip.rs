//! Solving through clusters ([`crate::clusters`]): HiGHS on the coarse problem (one decision per
//! cluster), with memory added lazily. Each round expands the coarse answer, and where its memory
//! exceeds the limit adds that time point's usage as a budget row over the clusters' options (exact:
//! the usage at a time point is linear in the options chosen). The coarse problem with any set of such
//! rows is a relaxation, so every round's bound holds for the original problem; the first answer that
//! fits is optimal when HiGHS proved its round optimal.

use crate::backend::confirm;
use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions};
use crate::clusters::Clusters;
use crate::phase::Phase;
use crate::problem::constraints::{Budget, Term};
use crate::problem::{ChoiceProblem, NodeId};
use cranelift_entity::EntityRef;
use std::time::Instant;

/// Time points turned into rows per round, at most.
const ROWS_PER_ROUND: usize = 8;
/// Rows of one round are at least this share of the time horizon apart.
const ROW_SPREAD: f64 = 1.0 / 64.0;

/// What the coarse search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The answer (original indices), if one that fits memory was found.
    pub solution: Option<Solution>,
    /// A proven lower bound on the original problem's optimum.
    pub bound: i128,
    /// MIP rounds run.
    pub rounds: usize,
}

/// Solve `q` through its clusters `cl` (whose coarse problem is `coarse`, [`Clusters::coarse`]) until
/// `deadline`, warm-started from `opts.warm_start` (original
/// indices) when it is given and consistent with the clusters. `q` must carry no user constraints (its
/// budgets would mix with the memory rows). Errors with [`SolveError::TooLarge`] when the coarse MIP is
/// too large for HiGHS.
pub fn solve(
    q: &ChoiceProblem,
    cl: &Clusters,
    coarse: &ChoiceProblem,
    opts: &SolveOptions,
    deadline: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Outcome, SolveError> {
    // Copied only once memory rows are added.
    let mut coarse = std::borrow::Cow::Borrowed(coarse);
    let mut out = Outcome { solution: None, bound: 0, rounds: 0 };
    let mut warm = opts.warm_start.as_deref().and_then(|w| cl.restrict(w));
    let mut rows = std::collections::HashSet::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            if opts.deterministic {
                opts.watch.clock_ended();
            }
            return Ok(out);
        }
        let o = SolveOptions { time_limit: left, warm_start: warm.take(), ..opts.clone() };
        let sol = match crate::exact::highs::Highs.solve(&coarse, &o, &mut |_| {}) {
            Ok(s) => s,
            // Nothing fits (the memory rows are exact), or the time ran out before an answer.
            Err(SolveError::NoAnswer | SolveError::Infeasible { .. } | SolveError::Unsatisfiable { .. }) => {
                return Ok(out);
            }
            Err(e) => return Err(e),
        };
        out.rounds += 1;
        out.bound = out.bound.max(sol.bound);
        let x = cl.lift(&sol.choice);
        // The expanded answer costs what the coarse one does.
        let e = confirm(q, &x, sol.cost, "coarse")?;
        progress(&Progress {
            phase: Phase::Clusters,
            elapsed: 0.0,
            incumbent: e.is_feasible().then_some(e.cost),
            bound: Some(out.bound),
        });
        if e.is_feasible() {
            // Optimal if HiGHS proved this round optimal (the rows left out cannot matter: the answer
            // keeps them), else the time ran out.
            out.solution = Some(Solution {
                choice: x,
                cost: e.cost,
                bound: out.bound.min(e.cost),
                status: sol.status,
                time_to_best: 0.0,
            });
            return Ok(out);
        }
        let Some(limit) = q.usage_limit else { return Ok(out) };
        // A point that already has a row can overflow again only by HiGHS's tolerances: then stop.
        let new: Vec<i64> = overflow_points(q, &x, limit as i128).into_iter().filter(|t| !rows.contains(t)).collect();
        if new.is_empty() {
            return Ok(out);
        }
        for t in new {
            match memory_row(q, cl, t, limit as i128) {
                Some(row) => coarse.to_mut().budgets.push(row),
                // Even the lightest options overflow here: nothing fits.
                None => return Ok(out),
            }
            rows.insert(t);
        }
    }
}

/// The most overloaded time points of `x`, spread over the horizon.
fn overflow_points(q: &ChoiceProblem, x: &[usize], limit: i128) -> Vec<i64> {
    let prof = crate::problem::eval::usage_profile(q, x);
    let (Some(first), Some(last)) = (prof.first(), prof.last()) else { return Vec::new() };
    let spread = ((last.0 - first.0) as f64 * ROW_SPREAD) as i64;
    let mut over: Vec<(i128, i64)> = prof.iter().filter(|p| p.1 > limit).map(|&(t, u)| (u, t)).collect();
    over.sort_unstable_by(|a, b| b.cmp(a));
    let mut picked: Vec<i64> = Vec::new();
    for (_, t) in over {
        if picked.len() >= ROWS_PER_ROUND {
            break;
        }
        if picked.iter().all(|&p| (p - t).abs() > spread) {
            picked.push(t);
        }
    }
    picked
}

/// Memory at time `t` as a budget over the clusters' options: each cluster's usage at `t` under each
/// option, less its lightest option's (which moves into the bound). `None` when even the lightest
/// options exceed the limit there.
pub(crate) fn memory_row(q: &ChoiceProblem, cl: &Clusters, t: i64, limit: i128) -> Option<Budget> {
    let mut usage: Vec<Vec<i128>> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for (v, n) in q.nodes.values().enumerate() {
        if !(n.interval.0 <= t && t < n.interval.1) {
            continue;
        }
        let c = cl.of[v];
        let k = *index.entry(c).or_insert_with(|| {
            usage.push(vec![0; cl.options[c].len()]);
            usage.len() - 1
        });
        for (o, opt) in cl.options[c].iter().enumerate() {
            usage[k][o] += n.strategies[opt[cl.slot[v]] as usize].usage as i128;
        }
    }
    let mut terms = Vec::new();
    let mut base = 0i128;
    for (&c, &k) in &index {
        let least = usage[k].iter().copied().min().unwrap_or(0);
        base += least;
        for (o, &u) in usage[k].iter().enumerate() {
            if u > least {
                terms.push(Term::Node { node: NodeId::new(c), strategy: o, weight: (u - least) as i64 });
            }
        }
    }
    terms.sort_by_key(|t| match *t {
        Term::Node { node, strategy, .. } => (node, strategy),
        Term::Pair { a, sa, .. } => (a, sa),
    });
    let max = i64::try_from(limit - base).ok().filter(|&m| m >= 0)?;
    Some(Budget { name: format!("memory at {t}"), terms, max })
}
