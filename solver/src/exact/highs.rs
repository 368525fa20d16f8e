//! The HiGHS backend: the choice problem as a mixed-integer program, solved with a proof.
//!
//! - `x[v,s]` ∈ {0,1} for each strategy of each node that has a choice, `Σ_s x[v,s] = 1`.
//! - For each edge between two such nodes, `y[e,s,t] ∈ [0, 1]` with the marginal (local-polytope)
//!   linearization: `Σ_t y[e,s,t] = x[u,s]` and `Σ_s y[e,s,t] = x[v,t]`; its LP relaxation is as tight
//!   as a pairwise linearization gets. Strategies whose costs along the edge are equal up to a constant
//!   share their pair variables, with the same LP bound ([`EdgeBlock`]). Edges to fixed nodes are node
//!   costs.
//! - Memory: a running sum `m[k]` ∈ [0, limit] over the points where memory can peak (see
//!   `MemoryFlow`), each node entering and leaving it once.
//! - Forbidden costs (at least [`FORBIDDEN_COST`]) become zero upper bounds, not huge coefficients.
//!
//! The answer's cost is recomputed by the exact evaluator; the bound is HiGHS's dual bound, rounded up
//! (costs are integers).

use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions, Status};
use crate::exact::edge_groups::EdgeBlock;
use crate::exact::interrupt::{Interrupt, Solved};
use crate::phase::Phase;
use crate::problem::FORBIDDEN_COST;
use crate::problem::eval::evaluate;
use crate::problem::{ChoiceProblem, Node};
use highs::{Col, HighsModelStatus, RowProblem, Sense};
use std::sync::OnceLock;
use std::time::Instant;

/// Relative margin taken off HiGHS's dual bound before rounding it up, for its floating-point
/// tolerances (LP feasibility 1e-7 on objectives in the millions to trillions of units).
pub const BOUND_MARGIN: f64 = 1e-6;

/// Most edge variables the model may have before the backend declines (the pipeline's restricted MIPs
/// and region search answer instead): past this, HiGHS overruns its time limit (it does not check it
/// often enough on models this size) and improves nothing on the local search.
pub const MAX_EDGE_VARIABLES: usize = 1_000_000;

/// HiGHS's thread pool is process-wide: the first solve's thread count is used by every later one.
static THREADS: OnceLock<u32> = OnceLock::new();

/// The HiGHS backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Highs;

/// A budget's pair column: (column, node a, strategy of a, node b, strategy of b).
type PairColumn = (usize, usize, usize, usize, usize);

/// The model and how to read it back.
struct Built {
    problem: RowProblem,
    /// Per node: the columns of its strategies, or `None` for a fixed node.
    x: Vec<Option<Vec<Col>>>,
    /// Per node: the index of its first strategy column.
    x_first: Vec<Option<usize>>,
    /// Per edge between two decisions: (edge index, first pair column, its grouping).
    y: Vec<(usize, usize, EdgeBlock)>,
    /// Constant part of the objective.
    offset: i128,
    /// Index of the first memory column `m[0]` (the rest follow), if the problem has a limit.
    mem_first: Option<usize>,
    /// Budget pair columns.
    z: Vec<PairColumn>,
    cols: usize,
}

/// Memory as a running sum over the time points where it can peak (each start time after which some
/// interval ends before the next start: every other point's live set is a subset of one of these).
/// A node enters the sum at its first such point and leaves after its last, so each node appears in two
/// rows instead of one row per point it is live at: the same constraints, a few hundred thousand
/// nonzeros instead of hundreds of millions on the contest's large instances.
pub(crate) struct MemoryFlow {
    /// The candidate peak points, ascending.
    pub(crate) points: Vec<i64>,
    /// Nodes entering at each point.
    pub(crate) enter: Vec<Vec<usize>>,
    /// Nodes that were live at the previous point and are not at this one.
    pub(crate) leave: Vec<Vec<usize>>,
}

pub(crate) fn memory_flow(p: &ChoiceProblem) -> MemoryFlow {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let live: Vec<usize> = (0..nodes.len()).filter(|&v| nodes[v].is_live()).collect();
    let mut starts: Vec<i64> = live.iter().map(|&v| nodes[v].interval.0).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut ends: Vec<i64> = live.iter().map(|&v| nodes[v].interval.1).collect();
    ends.sort_unstable();
    let mut points = Vec::new();
    for (i, &t) in starts.iter().enumerate() {
        let next = starts.get(i + 1).copied().unwrap_or(i64::MAX);
        let lo = ends.partition_point(|&e| e <= t);
        if lo < ends.len() && ends[lo] <= next {
            points.push(t);
        }
    }
    let mut enter = vec![Vec::new(); points.len()];
    let mut leave = vec![Vec::new(); points.len()];
    for v in live {
        let (a, b) = nodes[v].interval;
        let first = points.partition_point(|&t| t < a);
        let last = points.partition_point(|&t| t < b);
        if first < last {
            enter[first].push(v);
            if last < points.len() {
                leave[last].push(v);
            }
        }
    }
    MemoryFlow { points, enter, leave }
}

/// What HiGHS 1.16's presolve takes per column of a model, in seconds: time it spends before it first
/// looks at its time limit or interrupt (measured on the MIPs of linked model problems).
pub const PRESOLVE_S_PER_COLUMN: f64 = 6e-6;

/// Does `p`'s MIP surely stay within [`MAX_EDGE_VARIABLES`] pair variables? Counted before strategies
/// are grouped (grouping only lowers the count, and takes seconds on a large problem): a quick test
/// that a phase before the MIP can make, to leave the MIP its time.
pub fn surely_fits(p: &ChoiceProblem) -> bool {
    let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
    let mut pairs = 0usize;
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        if a != b && sizes[a] > 1 && sizes[b] > 1 {
            pairs = pairs.saturating_add(sizes[a] * sizes[b]);
            if pairs > MAX_EDGE_VARIABLES {
                return false;
            }
        }
    }
    true
}

/// The model would need more than [`MAX_EDGE_VARIABLES`] pair variables (`at_least` counted so far).
fn too_large(at_least: usize) -> SolveError {
    SolveError::TooLarge {
        backend: "highs",
        why: format!("at least {at_least} edge variables (limit {MAX_EDGE_VARIABLES})"),
    }
}

/// The MIP of `p`: a binary column per strategy of each decision (one per node), a pair column per
/// group pair of each edge between two decisions (rows tie them to both ends), the memory in use at
/// each point where it can peak within the limit, and the user's ties and budgets.
fn build(p: &ChoiceProblem) -> Result<Built, SolveError> {
    let nodes: Vec<&Node> = p.nodes.values().collect();
    let mut problem = RowProblem::new();
    let Folded { node_cost, blocks, mut offset } = fold_edges(p, &nodes)?;
    let (x, x_first) = node_columns(&mut problem, &nodes, &node_cost, &mut offset);
    let mut cols = x.iter().flatten().map(Vec::len).sum::<usize>();
    let y = edge_columns(p, &mut problem, &x, blocks, &mut cols);
    let mem_first = memory_rows(p, &mut problem, &nodes, &x, &mut cols)?;
    let z = user_rows(p, &mut problem, &x, &mut cols)?;
    Ok(Built { problem, x, x_first, y, offset, mem_first, z, cols })
}

/// Is node `v` a decision (more than one strategy)?
fn is_decision(nodes: &[&Node], v: usize) -> bool {
    nodes[v].strategies.len() > 1
}

/// The edges folded into the nodes' costs ([`fold_edges`]).
struct Folded {
    /// Per node, per strategy: its cost with the edges to fixed nodes and the edges' shifts added.
    node_cost: Vec<Vec<i128>>,
    /// Per edge: its grouping, for an edge between two decisions.
    blocks: Vec<Option<EdgeBlock>>,
    /// The cost of the edges between fixed nodes.
    offset: i128,
}

/// Each node's strategy costs with the edges to fixed nodes (and an edge's shifts, `EdgeBlock`)
/// folded in, each edge between two decisions grouped, and the constant of edges between fixed nodes.
fn fold_edges(p: &ChoiceProblem, nodes: &[&Node]) -> Result<Folded, SolveError> {
    let mut offset: i128 = 0;
    let mut node_cost: Vec<Vec<i128>> =
        nodes.iter().map(|n| n.strategies.iter().map(|s| s.cost as i128).collect()).collect();
    let mut pair_vars = 0usize;
    let mut blocks: Vec<Option<EdgeBlock>> = Vec::with_capacity(p.edges.len());
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let nb = nodes[b].strategies.len();
        let mut paired = None;
        match (is_decision(nodes, a), is_decision(nodes, b)) {
            (true, true) if a != b => {
                let block = EdgeBlock::new(&e.costs, nodes[a].strategies.len(), nb);
                for (c, shift) in node_cost[a].iter_mut().zip(&block.row_shift) {
                    *c += shift;
                }
                for (c, shift) in node_cost[b].iter_mut().zip(&block.col_shift) {
                    *c += shift;
                }
                pair_vars += block.pairs();
                // Said as soon as it is known: grouping every edge of a problem this large takes seconds.
                if pair_vars > MAX_EDGE_VARIABLES {
                    return Err(too_large(pair_vars));
                }
                paired = Some(block);
            }
            (true, _) if a == b => {
                for (s, c) in node_cost[a].iter_mut().enumerate() {
                    *c += e.costs[s * nb + s] as i128;
                }
            }
            (true, false) => {
                for (s, c) in node_cost[a].iter_mut().enumerate() {
                    *c += e.costs[s * nb] as i128;
                }
            }
            (false, true) => {
                for (t, c) in node_cost[b].iter_mut().enumerate() {
                    *c += e.costs[t] as i128;
                }
            }
            _ => offset += e.costs[0] as i128,
        }
        blocks.push(paired);
    }
    Ok(Folded { node_cost, blocks, offset })
}

/// A column per strategy of each decision, fixed at 0 where the strategy is not allowed or
/// forbidden, and a row choosing one; a fixed node's cost goes to `offset`. Returns each node's
/// columns and the index of its first.
fn node_columns(
    problem: &mut RowProblem,
    nodes: &[&Node],
    node_cost: &[Vec<i128>],
    offset: &mut i128,
) -> (Vec<Option<Vec<Col>>>, Vec<Option<usize>>) {
    let forbidden = |c: i128| c >= FORBIDDEN_COST as i128;
    let mut x: Vec<Option<Vec<Col>>> = Vec::with_capacity(nodes.len());
    let mut x_first: Vec<Option<usize>> = Vec::with_capacity(nodes.len());
    let mut next_col = 0usize;
    for (v, n) in nodes.iter().enumerate() {
        if !is_decision(nodes, v) {
            *offset += node_cost[v].first().copied().unwrap_or(0);
            x.push(None);
            x_first.push(None);
            continue;
        }
        x_first.push(Some(next_col));
        next_col += n.strategies.len();
        let cols: Vec<Col> = (0..n.strategies.len())
            .map(|s| {
                let c = node_cost[v][s];
                if !n.allowed(s) || forbidden(c) {
                    problem.add_integer_column(0.0, 0.0..=0.0)
                } else {
                    problem.add_integer_column(c as f64, 0.0..=1.0)
                }
            })
            .collect();
        problem.add_row(1.0..=1.0, cols.iter().map(|&c| (c, 1.0)));
        x.push(Some(cols));
    }
    (x, x_first)
}

/// A pair column per (row group, column group) of each edge between two decisions, and rows that
/// make each end's chosen group the pair's. Returns (edge, first pair column, grouping) per edge.
fn edge_columns(
    p: &ChoiceProblem,
    problem: &mut RowProblem,
    x: &[Option<Vec<Col>>],
    blocks: Vec<Option<EdgeBlock>>,
    cols: &mut usize,
) -> Vec<(usize, usize, EdgeBlock)> {
    let mut y = Vec::new();
    for (i, (e, block)) in p.edges.values().zip(blocks).enumerate() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let (Some(xa), Some(xb), Some(block)) = (&x[a], &x[b], block) else { continue };
        let (groups, m) = (block.row_groups(), block.col_groups());
        let first = *cols;
        let mut ys = Vec::with_capacity(groups * m);
        for c in block.pattern.iter().flatten() {
            ys.push(match c {
                Some(c) => problem.add_column(*c as f64, 0.0..=1.0),
                None => problem.add_column(0.0, 0.0..=0.0),
            });
        }
        *cols += groups * m;
        for g in 0..groups {
            let members = (0..xa.len()).filter(|&s| block.row_group[s] == g).map(|s| (xa[s], -1.0));
            problem.add_row(0.0..=0.0, (0..m).map(|h| (ys[g * m + h], 1.0)).chain(members));
        }
        for h in 0..m {
            let members = (0..xb.len()).filter(|&t| block.col_group[t] == h).map(|t| (xb[t], -1.0));
            problem.add_row(0.0..=0.0, (0..groups).map(|g| (ys[g * m + h], 1.0)).chain(members));
        }
        y.push((i, first, block));
    }
    y
}

/// Under a usage limit: m[k], the memory in use at peak point k, within [0, limit], with
/// m[k] − m[k−1] = entering − leaving usage ([`MemoryFlow`]). Returns the first memory column; no
/// assignment when even the leanest strategies overflow.
fn memory_rows(
    p: &ChoiceProblem,
    problem: &mut RowProblem,
    nodes: &[&Node],
    x: &[Option<Vec<Col>>],
    cols: &mut usize,
) -> Result<Option<usize>, SolveError> {
    let Some(limit) = p.usage_limit else { return Ok(None) };
    let floor = crate::problem::eval::min_peak(p);
    if floor > limit as i128 {
        return Err(SolveError::Infeasible { limit: limit as i128, min_peak: Some(floor) });
    }
    let flow = memory_flow(p);
    let mem_first = Some(*cols);
    let mut prev: Option<Col> = None;
    for k in 0..flow.points.len() {
        let m = problem.add_column(0.0, 0.0..=limit as f64);
        *cols += 1;
        let mut constant = 0.0;
        let mut factors = vec![(m, 1.0)];
        if let Some(pm) = prev {
            factors.push((pm, -1.0));
        }
        for (list, sign) in [(&flow.enter[k], -1.0), (&flow.leave[k], 1.0)] {
            for &v in list {
                let n = nodes[v];
                match &x[v] {
                    Some(xs) => factors.extend(
                        xs.iter()
                            .zip(&n.strategies)
                            .filter(|(_, st)| st.usage != 0)
                            .map(|(&c, st)| (c, sign * st.usage as f64)),
                    ),
                    None => constant -= sign * n.strategies.first().map_or(0.0, |st| st.usage as f64),
                }
            }
        }
        problem.add_row(constant..=constant, factors);
        prev = Some(m);
    }
    Ok(mem_first)
}

/// `node chooses s` as a linear term: a column, or a constant for a fixed node.
fn lit(x: &[Option<Vec<Col>>], v: usize, s: usize) -> Result<Col, f64> {
    match &x[v] {
        Some(xs) => Ok(xs[s]),
        None => Err(if s == 0 { 1.0 } else { 0.0 }),
    }
}

/// Rows for the user's ties and budgets; returns the pair columns it added, or no assignment when a row
/// over fixed nodes alone is already broken (HiGHS may not look at a row without columns).
///
/// - A tie allows pairs P: `x[a,s] ≤ Σ_{(s,t)∈P} x[b,t]` for each s of a, and the same from b's side.
/// - A budget: `Σ weight · term ≤ max`, a pair term through `z ≥ x[a,s] + x[b,t] − 1`, `z ∈ [0, 1]`
///   (the budget pushes z down to the product).
fn user_rows(
    p: &ChoiceProblem,
    problem: &mut RowProblem,
    x: &[Option<Vec<Col>>],
    cols: &mut usize,
) -> Result<Vec<PairColumn>, SolveError> {
    let ns = |v: usize| x[v].as_ref().map_or(1, Vec::len);
    let mut broken = false;
    // Σ factors + constant ≤ hi, as a row.
    let mut add_le = |problem: &mut RowProblem, terms: Vec<(Result<Col, f64>, f64)>, hi: f64| {
        // HiGHS refuses a row that names a column twice: sum repeated columns.
        let mut constant = 0.0;
        let mut factors: Vec<(Col, f64)> = Vec::new();
        let mut at: std::collections::HashMap<Col, usize> = std::collections::HashMap::new();
        for (l, w) in terms {
            match l {
                Ok(c) => match at.get(&c) {
                    Some(&i) => factors[i].1 += w,
                    None => {
                        at.insert(c, factors.len());
                        factors.push((c, w));
                    }
                },
                Err(k) => constant += k * w,
            }
        }
        if factors.is_empty() {
            broken |= constant > hi;
        } else {
            problem.add_row(..=hi - constant, factors);
        }
    };
    for tie in &p.ties {
        let (a, b) = (tie.a.as_u32() as usize, tie.b.as_u32() as usize);
        for (me, other, mine) in [(a, b, true), (b, a, false)] {
            for s in 0..ns(me) {
                let mut terms = vec![(lit(x, me, s), 1.0)];
                for &(sa, sb) in &tie.pairs {
                    let (m, o) = if mine { (sa, sb) } else { (sb, sa) };
                    if m == s {
                        terms.push((lit(x, other, o), -1.0));
                    }
                }
                add_le(problem, terms, 0.0);
            }
        }
    }
    let mut z = Vec::new();
    for budget in &p.budgets {
        let mut terms = Vec::new();
        for t in &budget.terms {
            let w = t.weight() as f64;
            match *t {
                crate::problem::constraints::Term::Node { node, strategy, .. } => {
                    terms.push((lit(x, node.as_u32() as usize, strategy), w))
                }
                crate::problem::constraints::Term::Pair { a, sa, b, sb, .. } => {
                    let (a, b) = (a.as_u32() as usize, b.as_u32() as usize);
                    match (lit(x, a, sa), lit(x, b, sb)) {
                        _ if a == b => {
                            if sa == sb {
                                terms.push((lit(x, a, sa), w));
                            }
                        }
                        (Err(k), other) | (other, Err(k)) => {
                            if k > 0.5 {
                                terms.push((other, w));
                            }
                        }
                        (Ok(ca), Ok(cb)) => {
                            let col = problem.add_column(0.0, 0.0..=1.0);
                            z.push((*cols, a, sa, b, sb));
                            *cols += 1;
                            problem.add_row(-1.0.., [(col, 1.0), (ca, -1.0), (cb, -1.0)]);
                            terms.push((Ok(col), w));
                        }
                    }
                }
            }
        }
        add_le(problem, terms, budget.max as f64);
    }
    if broken {
        return Err(SolveError::no_assignment(p));
    }
    Ok(z)
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
    for (e, first, block) in &b.y {
        let edge = &p.edges[crate::problem::EdgeId::from_u32(*e as u32)];
        vals[first + block.pair(choice[edge.from.as_u32() as usize], choice[edge.to.as_u32() as usize])] = 1.0;
    }
    if let Some(m0) = b.mem_first {
        let flow = memory_flow(p);
        let nodes: Vec<&Node> = p.nodes.values().collect();
        let usage = |v: usize| nodes[v].strategies[choice[v]].usage as f64;
        let mut m = 0.0;
        for k in 0..flow.points.len() {
            m += flow.enter[k].iter().map(|&v| usage(v)).sum::<f64>()
                - flow.leave[k].iter().map(|&v| usage(v)).sum::<f64>();
            vals[m0 + k] = m;
        }
    }
    for &(col, a, sa, b, sb) in &b.z {
        vals[col] = if choice[a] == sa && choice[b] == sb { 1.0 } else { 0.0 };
    }
    vals
}

impl Backend for Highs {
    fn name(&self) -> &'static str {
        "highs"
    }

    /// With a MIP start, the answer is checked against HiGHS's own objective: HiGHS 1.16.0, given a
    /// start, can misprice it in presolve and then prune everything below that value, returning the
    /// start as "optimal" where a cheaper answer exists. When
    /// the objective HiGHS reports is not the evaluator's cost of the answer it returns, the problem is
    /// solved again without the start, and the cheaper answer kept with the second solve's bound.
    fn solve_valid(
        &self,
        p: &ChoiceProblem,
        opts: &SolveOptions,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        let t0 = Instant::now();
        let start = opts.warm_start.as_deref().filter(|w| w.len() == p.nodes.len());
        let (first, agrees) = attempt(p, opts, start, t0, progress)?;
        if start.is_none() || agrees {
            return Ok(first);
        }
        // HiGHS's bound after mispricing the start is not relied on.
        let first = Solution { bound: p.trivial_bound().min(first.cost), status: Status::TimeLimit, ..first };
        if opts.time_limit <= t0.elapsed() {
            return Ok(first);
        }
        let Ok((cold, _)) = attempt(p, opts, None, t0, progress) else { return Ok(first) };
        if cold.cost <= first.cost {
            return Ok(cold);
        }
        let bound = cold.bound.min(first.cost);
        let status = if bound >= first.cost { Status::Optimal } else { Status::TimeLimit };
        Ok(Solution { bound, status, ..first })
    }
}

/// One HiGHS solve from `start`, if given, within what is left of `opts.time_limit` since `t0`: its
/// answer, and whether HiGHS's objective for it is the evaluator's cost (up to HiGHS's tolerances).
fn attempt(
    p: &ChoiceProblem,
    opts: &SolveOptions,
    start: Option<&[usize]>,
    t0: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Solution, bool), SolveError> {
    let built = build(p)?;
    if opts.refuse_slow_setup {
        let columns = built.problem.num_cols();
        let setup = columns as f64 * PRESOLVE_S_PER_COLUMN;
        let left = opts.time_limit.saturating_sub(t0.elapsed()).as_secs_f64();
        if 2.0 * setup > left {
            if opts.deterministic {
                // Refused by the time left, which the clock decides.
                opts.watch.clock_ended();
            }
            return Err(SolveError::TooLarge {
                backend: "highs",
                why: format!("{columns} columns: presolve alone takes about {setup:.1} s, {left:.1} s are left"),
            });
        }
    }
    let threads = *THREADS.get_or_init(|| opts.threads.max(1));
    let (x_first, offset) = (built.x_first.clone(), built.offset);
    let sizes: Vec<usize> = p.nodes.values().map(|n| n.strategies.len()).collect();
    let warm = start.map(|w| start_values(&built, p, w));
    let mut model = built
        .problem
        .try_optimise(Sense::Minimise)
        .map_err(|e| SolveError::Backend { backend: "highs", why: format!("invalid model: {e:?}") })?;
    model.make_quiet();
    let budget = opts.time_limit.saturating_sub(t0.elapsed()).as_secs_f64().max(0.01);
    model.set_option("time_limit", budget);
    model.set_option("mip_rel_gap", opts.mip_gap.max(0.0));
    model.set_option("threads", threads as i32);
    model.set_option("random_seed", (opts.seed % (i32::MAX as u64)) as i32);
    // Feasibility jump looks for a first answer before the root node and checks neither the time
    // limit nor the interrupt: on the contest's K it ran 15 s past a 30 s limit. The solver's MIPs
    // start from the local search's answer (or repair one), so it is off.
    model.set_option("mip_heuristic_run_feasibility_jump", false);
    if let Some(w) = &warm {
        let _ = model.try_set_solution(Some(w), None, None, None);
    }
    // HiGHS overruns its own time limit on large models; the interrupt stops it at the deadline. It
    // lives until the solve has returned (HiGHS holds its address): it travels with the model.
    let deadline = t0 + opts.time_limit;
    let interrupt = Interrupt::arm(&mut model, deadline);
    progress(&Progress { phase: Phase::Highs, elapsed: t0.elapsed().as_secs_f64(), incumbent: None, bound: None });
    // On a thread of its own, given up where HiGHS runs on past the deadline (`interrupt::solve_by`).
    let Some(Solved { outcome, interrupt }) = crate::exact::interrupt::solve_by(model, interrupt, deadline) else {
        if opts.deterministic {
            opts.watch.clock_ended();
        }
        return Err(SolveError::NoAnswer);
    };
    let solved = outcome.map_err(|e| SolveError::Backend { backend: "highs", why: format!("{e:?}") })?;
    let status = solved.status();
    let clock_stopped = matches!(status, HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt)
        || interrupt.as_ref().is_some_and(|i| i.fired());
    if clock_stopped && opts.deterministic {
        // Where HiGHS stopped, and so its answer, depends on the clock.
        opts.watch.clock_ended();
    }
    if status == HighsModelStatus::Infeasible || offset >= FORBIDDEN_COST as i128 {
        return Err(SolveError::no_assignment(p));
    }
    let dual = solved.double_info_value(c"mip_dual_bound").unwrap_or(f64::NEG_INFINITY);
    let values = solved.get_solution();
    let cols = values.columns();
    let mut choice = vec![0usize; p.nodes.len()];
    let mut any = false;
    for (v, first) in x_first.iter().enumerate() {
        if let Some(first) = *first {
            let (best, val) = (0..sizes[v])
                .map(|s| (s, cols.get(first + s).copied().unwrap_or(0.0)))
                .fold((0, f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
            choice[v] = best;
            any |= val > 0.5;
        }
    }
    let has_solution = any || x_first.iter().all(Option::is_none);
    let e = if has_solution { evaluate(p, &choice).ok().filter(|e| e.is_feasible()) } else { None };
    let bound_f = dual + offset as f64;
    let bound = if bound_f.is_finite() {
        (bound_f - BOUND_MARGIN * bound_f.abs().max(1.0)).ceil() as i128
    } else {
        p.trivial_bound()
    };
    let bound = bound.max(p.trivial_bound());
    let Some(e) = e else {
        return Err(SolveError::NoAnswer);
    };
    let bound = bound.min(e.cost);
    // Costs are integers: HiGHS's objective for an answer is its cost up to rounding.
    let agrees = (solved.objective_value() + offset as f64 - e.cost as f64).abs() <= BOUND_MARGIN * e.cost as f64 + 0.5;
    // HiGHS's own proof (gap 0 asked) holds up to its floating-point tolerances; the bound we report
    // keeps a margin for them, so it may sit a hair below the cost of an answer HiGHS proved optimal.
    let within_tolerance = (e.cost - bound) as f64 <= 2.0 * BOUND_MARGIN * e.cost.max(1) as f64 + 1.0;
    let st = if bound >= e.cost
        || (status == HighsModelStatus::Optimal && opts.mip_gap == 0.0 && within_tolerance && agrees)
    {
        Status::Optimal
    } else if status == HighsModelStatus::Optimal {
        Status::GapLimit
    } else {
        Status::TimeLimit
    };
    progress(&Progress {
        phase: Phase::Highs,
        elapsed: t0.elapsed().as_secs_f64(),
        incumbent: Some(e.cost),
        bound: Some(bound),
    });
    let solution = Solution { choice, cost: e.cost, bound, status: st, time_to_best: t0.elapsed().as_secs_f64() };
    Ok((solution, agrees))
}

#[cfg(test)]
mod tests {
    use super::{Highs, MAX_EDGE_VARIABLES, surely_fits};
    use crate::backend::{Backend, SolveError, SolveOptions, Status};
    use crate::problem::{ChoiceProblem, Edge, Node, NodeId, Strategy};
    use crate::testing::{RandomSpec, random_problem};
    use std::time::Duration;

    /// Two nodes of `k` strategies joined by one edge whose costs no two rows share up to a constant
    /// (so grouping saves nothing).
    fn two_wide_nodes(k: usize) -> ChoiceProblem {
        let mut p = ChoiceProblem::default();
        for _ in 0..2 {
            p.nodes.push(Node::new(vec![Strategy { cost: 1, usage: 1 }; k], (0, 1)));
        }
        let costs = (0..k * k).map(|i| ((i / k) * (i % k)) as i64).collect();
        p.edges.push(Edge { from: NodeId::from_u32(0), to: NodeId::from_u32(1), costs });
        p
    }

    /// The quick test agrees with the model: small problems surely fit, and one whose single edge
    /// needs more pair variables than the limit, which grouping cannot lower, is refused by the MIP.
    #[test]
    fn surely_fits_agrees_with_the_mip() {
        for seed in 0..20 {
            assert!(surely_fits(&random_problem(&RandomSpec::tiny(30), seed)), "seed {seed}");
        }
        let k = MAX_EDGE_VARIABLES.isqrt() + 1;
        let wide = two_wide_nodes(k);
        assert!(!surely_fits(&wide));
        let refused = Highs.solve(&wide, &SolveOptions::default(), &mut |_| {});
        assert!(matches!(refused, Err(SolveError::TooLarge { .. })), "{refused:?}");
        assert!(surely_fits(&two_wide_nodes(MAX_EDGE_VARIABLES.isqrt())));
    }

    /// A caller that can go on another way asks HiGHS to refuse a model whose presolve would take most
    /// of the time left (HiGHS does not interrupt its presolve): refused when the time is far too short,
    /// solved when it is not, and never refused unless asked.
    #[test]
    fn highs_refuses_a_model_it_could_not_set_up_in_time_only_when_asked() {
        let p = random_problem(&RandomSpec { nodes: 60, max_strategies: 12, ..RandomSpec::tiny(60) }, 3);
        let opts = || SolveOptions::default().time_limit(Duration::from_secs(20)).threads(1);
        let short = SolveOptions { time_limit: Duration::from_micros(100), refuse_slow_setup: true, ..opts() };
        assert!(matches!(Highs.solve(&p, &short, &mut |_| {}), Err(SolveError::TooLarge { .. })));
        let unasked = SolveOptions { refuse_slow_setup: false, ..short };
        assert!(!matches!(Highs.solve(&p, &unasked, &mut |_| {}), Err(SolveError::TooLarge { .. })));
        let ample = SolveOptions { refuse_slow_setup: true, ..opts() };
        assert_eq!(Highs.solve(&p, &ample, &mut |_| {}).unwrap().status, Status::Optimal);
    }
}
