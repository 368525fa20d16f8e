//! The HiGHS backend: the choice problem as a mixed-integer program, solved with a proof.
//!
//! - `x[v,s]` ∈ {0,1} for each strategy of each node that has a choice, `Σ_s x[v,s] = 1`.
//! - For each edge between two such nodes, `y[e,s,t]` ∈ [0,1] with the marginal (local-polytope)
//!   linearization: `Σ_t y[e,s,t] = x[u,s]` and `Σ_s y[e,s,t] = x[v,t]`; its LP relaxation is as tight
//!   as a pairwise linearization gets. Edges to fixed nodes are node costs.
//! - Memory: one row per maximal live set (a start time after which some interval ends before the next
//!   start), over each node's usage above its smallest; rows that can never bind are dropped.
//! - Forbidden costs (at least [`FORBIDDEN_COST`]) become zero upper bounds, not huge coefficients.
//!
//! The answer's cost is recomputed by the exact evaluator; the bound is HiGHS's dual bound, rounded up
//! (costs are integers).

use crate::eval::evaluate;
use crate::iopddl::FORBIDDEN_COST;
use crate::problem::{ChoiceProblem, Node};
use crate::solution::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use highs::{Col, HighsModelStatus, RowProblem, Sense};
use std::sync::OnceLock;
use std::time::Instant;

/// Most edge variables the model may have before the backend declines (the heuristic answers instead).
pub const MAX_EDGE_VARIABLES: usize = 4_000_000;
/// Most memory-row nonzeros before the backend declines.
pub const MAX_MEMORY_NONZEROS: usize = 20_000_000;

/// HiGHS's thread pool is process-wide: the first solve's thread count is used by every later one.
static THREADS: OnceLock<u32> = OnceLock::new();

/// The HiGHS backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Highs;

/// The model and how to read it back.
struct Built {
    problem: RowProblem,
    /// Per node: the columns of its strategies, or `None` for a fixed node.
    x: Vec<Option<Vec<Col>>>,
    /// Per node: the index of its first strategy column.
    x_first: Vec<Option<usize>>,
    /// Per edge variable block: (edge index, first column).
    y: Vec<(usize, usize)>,
    /// Constant part of the objective.
    offset: i128,
    cols: usize,
}

/// One memory row: (node, coefficient per strategy) terms and the right-hand side.
pub(crate) struct MemRow {
    pub(crate) terms: Vec<(usize, Vec<f64>)>,
    pub(crate) rhs: f64,
}

/// The maximal live sets: for each start time after which some interval ends before the next start,
/// the nodes live then. Every other time point's live set is a subset of one of these.
pub(crate) fn maximal_live_sets(p: &ChoiceProblem) -> Vec<Vec<usize>> {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let live: Vec<usize> = (0..nodes.len()).filter(|&v| nodes[v].is_live()).collect();
    let mut starts: Vec<i64> = live.iter().map(|&v| nodes[v].interval.0).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut ends: Vec<i64> = live.iter().map(|&v| nodes[v].interval.1).collect();
    ends.sort_unstable();
    // Keep start s_i if some interval ends in (s_i, s_{i+1}].
    let mut points = Vec::new();
    for (i, &s) in starts.iter().enumerate() {
        let next = starts.get(i + 1).copied().unwrap_or(i64::MAX);
        let lo = ends.partition_point(|&e| e <= s);
        if lo < ends.len() && ends[lo] <= next {
            points.push(s);
        }
    }
    let mut by_start = live;
    by_start.sort_by_key(|&v| nodes[v].interval.0);
    let mut active: Vec<usize> = Vec::new();
    let mut k = 0;
    let mut sets = Vec::with_capacity(points.len());
    for &t in &points {
        while k < by_start.len() && nodes[by_start[k]].interval.0 <= t {
            active.push(by_start[k]);
            k += 1;
        }
        active.retain(|&v| nodes[v].interval.1 > t);
        sets.push(active.clone());
    }
    sets
}

/// Memory rows at the maximal live sets, over usage above each node's minimum; rows that can never
/// bind are dropped. `Err(fixed)` when the unavoidable usage alone already exceeds the limit.
pub(crate) fn memory_rows(p: &ChoiceProblem, limit: i64) -> Result<Vec<MemRow>, i128> {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let mut rows = Vec::new();
    for set in maximal_live_sets(p) {
        let mut fixed: i128 = 0;
        let mut slack: i128 = 0;
        let mut terms = Vec::new();
        for v in set {
            let n = nodes[v];
            let allowed: Vec<usize> = (0..n.strategies.len()).filter(|&s| n.allowed(s)).collect();
            let umin = allowed.iter().map(|&s| n.strategies[s].usage).min().unwrap_or(0);
            let umax = allowed.iter().map(|&s| n.strategies[s].usage).max().unwrap_or(0);
            fixed += umin as i128;
            if umax > umin && n.strategies.len() > 1 {
                slack += (umax - umin) as i128;
                terms.push((v, n.strategies.iter().map(|s| (s.usage - umin) as f64).collect()));
            }
        }
        let rhs = limit as i128 - fixed;
        if rhs < 0 {
            return Err(fixed);
        }
        if slack > rhs {
            rows.push(MemRow { terms, rhs: rhs as f64 });
        }
    }
    Ok(rows)
}

fn build(p: &ChoiceProblem) -> Result<Built, SolveError> {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let decision = |v: usize| nodes[v].strategies.len() > 1;
    let mut problem = RowProblem::new();
    let mut offset: i128 = 0;
    // Node costs, with edges to fixed nodes folded in.
    let mut node_cost: Vec<Vec<i128>> = nodes.iter().map(|n| n.strategies.iter().map(|s| s.cost as i128).collect()).collect();
    let mut pair_vars = 0usize;
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let nb = nodes[b].strategies.len();
        match (decision(a), decision(b)) {
            (true, true) if a != b => pair_vars += e.costs.len(),
            (true, _) if a == b => {
                for s in 0..nb {
                    node_cost[a][s] += e.costs[s * nb + s] as i128;
                }
            }
            (true, false) => {
                for s in 0..nodes[a].strategies.len() {
                    node_cost[a][s] += e.costs[s * nb] as i128;
                }
            }
            (false, true) => {
                for t in 0..nb {
                    node_cost[b][t] += e.costs[t] as i128;
                }
            }
            _ => offset += e.costs[0] as i128,
        }
    }
    if pair_vars > MAX_EDGE_VARIABLES {
        return Err(SolveError::TooLarge { backend: "highs", why: format!("{pair_vars} edge variables (limit {MAX_EDGE_VARIABLES})") });
    }
    let forbidden = |c: i128| c >= FORBIDDEN_COST as i128;
    let mut x: Vec<Option<Vec<Col>>> = Vec::with_capacity(nodes.len());
    let mut x_first: Vec<Option<usize>> = Vec::with_capacity(nodes.len());
    let mut next_col = 0usize;
    for (v, n) in nodes.iter().enumerate() {
        if !decision(v) {
            offset += node_cost[v].first().copied().unwrap_or(0);
            x.push(None);
            x_first.push(None);
            continue;
        }
        x_first.push(Some(next_col));
        next_col += n.strategies.len();
        let cols: Vec<Col> = (0..n.strategies.len())
            .map(|s| {
                let c = node_cost[v][s];
                if !n.allowed(s) || forbidden(c) { problem.add_integer_column(0.0, 0.0..=0.0) } else { problem.add_integer_column(c as f64, 0.0..=1.0) }
            })
            .collect();
        problem.add_row(1.0..=1.0, cols.iter().map(|&c| (c, 1.0)));
        x.push(Some(cols));
    }
    let mut cols = x.iter().flatten().map(Vec::len).sum::<usize>();
    let mut y = Vec::new();
    for (i, e) in p.edges.values().enumerate() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let (Some(xa), Some(xb)) = (&x[a], &x[b]) else { continue };
        if a == b {
            continue;
        }
        let (na, nb) = (xa.len(), xb.len());
        let first = cols;
        let mut ys = Vec::with_capacity(na * nb);
        for &c in &e.costs {
            let col = if forbidden(c as i128) { problem.add_column(0.0, 0.0..=0.0) } else { problem.add_column(c as f64, 0.0..=1.0) };
            ys.push(col);
        }
        cols += na * nb;
        for s in 0..na {
            problem.add_row(0.0..=0.0, (0..nb).map(|t| (ys[s * nb + t], 1.0)).chain(std::iter::once((xa[s], -1.0))));
        }
        for t in 0..nb {
            problem.add_row(0.0..=0.0, (0..na).map(|s| (ys[s * nb + t], 1.0)).chain(std::iter::once((xb[t], -1.0))));
        }
        y.push((i, first));
    }
    if let Some(limit) = p.usage_limit {
        let rows = memory_rows(p, limit).map_err(|fixed| SolveError::Infeasible { limit: limit as i128, min_peak: Some(fixed) })?;
        let nnz: usize = rows.iter().map(|r| r.terms.iter().map(|t| t.1.len()).sum::<usize>()).sum();
        if nnz > MAX_MEMORY_NONZEROS {
            return Err(SolveError::TooLarge { backend: "highs", why: format!("{nnz} memory-row nonzeros (limit {MAX_MEMORY_NONZEROS})") });
        }
        for r in rows {
            let factors: Vec<(Col, f64)> = r
                .terms
                .iter()
                .filter_map(|(v, coefs)| x[*v].as_ref().map(|xs| (xs, coefs)))
                .flat_map(|(xs, coefs)| xs.iter().zip(coefs).filter(|(_, c)| **c != 0.0).map(|(&col, &c)| (col, c)))
                .collect();
            problem.add_row(..=r.rhs, factors);
        }
    }
    Ok(Built { problem, x, x_first, y, offset, cols })
}

fn start_values(b: &Built, p: &ChoiceProblem, choice: &[usize]) -> Vec<f64> {
    let mut vals = vec![0.0; b.cols];
    let mut k = 0;
    for (v, xs) in b.x.iter().enumerate() {
        if let Some(xs) = xs {
            vals[k + choice[v]] = 1.0;
            k += xs.len();
        }
    }
    for &(e, first) in &b.y {
        let edge = &p.edges[crate::problem::EdgeId::from_u32(e as u32)];
        let nb = p.nodes[edge.to].strategies.len();
        vals[first + choice[edge.from.as_u32() as usize] * nb + choice[edge.to.as_u32() as usize]] = 1.0;
    }
    vals
}

impl Backend for Highs {
    fn name(&self) -> &'static str {
        "highs"
    }

    fn solve(&self, p: &ChoiceProblem, opts: &SolveOptions, progress: &mut dyn FnMut(&Progress)) -> Result<Solution, SolveError> {
        p.validate()?;
        let t0 = Instant::now();
        let built = build(p)?;
        let threads = *THREADS.get_or_init(|| opts.threads.max(1));
        let (x_first, offset) = (built.x_first.clone(), built.offset);
        let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
        let warm = opts.warm_start.as_ref().filter(|w| w.len() == p.nodes.len()).map(|w| start_values(&built, p, w));
        let mut model = built.problem.optimise(Sense::Minimise);
        model.make_quiet();
        let budget = opts.time_limit.saturating_sub(t0.elapsed()).as_secs_f64().max(0.01);
        model.set_option("time_limit", budget);
        model.set_option("mip_rel_gap", opts.mip_gap.max(0.0));
        model.set_option("threads", threads as i32);
        model.set_option("random_seed", (opts.seed % (i32::MAX as u64)) as i32);
        if let Some(w) = &warm {
            let _ = model.try_set_solution(Some(w), None, None, None);
        }
        progress(&Progress { phase: "highs", elapsed: t0.elapsed().as_secs_f64(), incumbent: None, bound: None });
        let solved = model.try_solve().map_err(|e| SolveError::Backend { backend: "highs", why: format!("{e:?}") })?;
        let status = solved.status();
        if status == HighsModelStatus::Infeasible {
            return Err(SolveError::Infeasible { limit: p.usage_limit.unwrap_or(0) as i128, min_peak: min_peak(p, opts).ok() });
        }
        let dual = solved.double_info_value(c"mip_dual_bound").unwrap_or(f64::NEG_INFINITY);
        let values = solved.get_solution();
        let cols = values.columns();
        let mut choice = vec![0usize; p.nodes.len()];
        let mut any = false;
        for (v, first) in x_first.iter().enumerate() {
            if let Some(first) = *first {
                let (best, val) = (0..sizes[v]).map(|s| (s, cols.get(first + s).copied().unwrap_or(0.0))).fold((0, f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
                choice[v] = best;
                any |= val > 0.5;
            }
        }
        let has_solution = any || x_first.iter().all(Option::is_none);
        let e = if has_solution { evaluate(p, &choice).ok().filter(|e| e.is_feasible()) } else { None };
        let bound_f = dual + offset as f64;
        let bound = if bound_f.is_finite() { (bound_f - 1e-6 * bound_f.abs().max(1.0)).ceil() as i128 } else { p.trivial_bound() };
        let bound = bound.max(p.trivial_bound());
        let Some(e) = e else {
            return Err(SolveError::NoAnswer);
        };
        let bound = bound.min(e.cost);
        let st = if bound >= e.cost || status == HighsModelStatus::Optimal && opts.mip_gap == 0.0 && bound >= e.cost {
            Status::Optimal
        } else if status == HighsModelStatus::Optimal {
            Status::GapLimit
        } else {
            Status::TimeLimit
        };
        progress(&Progress { phase: "highs", elapsed: t0.elapsed().as_secs_f64(), incumbent: Some(e.cost), bound: Some(bound) });
        Ok(Solution { choice, cost: e.cost, bound, status: st, time_to_best: t0.elapsed().as_secs_f64() })
    }
}

/// The lowest memory peak any assignment reaches (solved as its own MIP), for explaining infeasibility.
pub fn min_peak(p: &ChoiceProblem, opts: &SolveOptions) -> Result<i128, SolveError> {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let mut problem = RowProblem::new();
    let peak = problem.add_column(1.0, 0.0..);
    let mut x: Vec<Option<Vec<Col>>> = Vec::new();
    for n in &nodes {
        if n.strategies.len() > 1 {
            let cols: Vec<Col> = (0..n.strategies.len()).map(|s| problem.add_integer_column(0.0, 0.0..=if n.allowed(s) { 1.0 } else { 0.0 })).collect();
            problem.add_row(1.0..=1.0, cols.iter().map(|&c| (c, 1.0)));
            x.push(Some(cols));
        } else {
            x.push(None);
        }
    }
    // One row per maximal live set: usage − peak ≤ −(usage of fixed nodes).
    for set in maximal_live_sets(p) {
        let mut fixed = 0.0;
        let mut factors = vec![(peak, -1.0)];
        for v in set {
            let n = nodes[v];
            match &x[v] {
                Some(xs) => factors.extend(xs.iter().zip(&n.strategies).map(|(&c, s)| (c, s.usage as f64))),
                None => fixed += n.strategies.first().map_or(0.0, |s| s.usage as f64),
            }
        }
        problem.add_row(..=-fixed, factors);
    }
    let mut model = problem.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("time_limit", opts.time_limit.as_secs_f64().clamp(1.0, 60.0));
    model.set_option("threads", *THREADS.get_or_init(|| opts.threads.max(1)) as i32);
    let solved = model.try_solve().map_err(|e| SolveError::Backend { backend: "highs", why: format!("{e:?}") })?;
    let dual = solved.double_info_value(c"mip_dual_bound").unwrap_or(f64::NAN);
    if solved.status() == HighsModelStatus::Optimal {
        Ok(solved.objective_value().round() as i128)
    } else if dual.is_finite() {
        Ok(dual.ceil() as i128)
    } else {
        Err(SolveError::NoAnswer)
    }
}
