//! Exact presolve: reductions that keep every optimal solution's cost, and the postsolve that maps a
//! solution of the reduced problem back.
//!
//! Reductions, repeated until nothing changes:
//! 1. **Forbid**: strategies the user forbade, strategies whose cost is at least [`FORBIDDEN_COST`], and
//!    strategies that meet only forbidden pairs on some edge are removed.
//! 2. **Merge edges**: parallel edges are summed; an edge from a node to itself is a node cost.
//! 3. **Dominance**: a strategy no cheaper, using no less memory, and no cheaper on every incident edge's
//!    row than another strategy of the same node is removed.
//! 4. **Fold fixed nodes**: a node with one strategy left moves its edges' costs into its neighbours.
//! 5. **Eliminate memory-neutral nodes** (not live, or the same usage for every strategy): with one
//!    neighbour, its best response is folded into the neighbour's costs; with two, into a new edge between
//!    them (when that matrix stays small).
//!
//! The reduced problem has the same nodes (ids kept), so memory is accounted for exactly: a removed or
//! eliminated node stays as a single-strategy node with its usage. For every solution `x` of the reduced
//! problem, `postsolve(x)` costs exactly what `x` costs in the reduced problem, with the same memory peak.
//!
//! User constraints: ties become forbidden pairs first ([`ChoiceProblem::ties_as_edges`]); nodes a budget
//! reads are kept out of dominance and elimination (a dominated strategy may be the one that keeps the
//! budget), and the budgets are carried over to the reduced problem's strategy indices.
//!
//! Exactness assumes what every real instance has: a feasible solution that pays no forbidden cost.
//! (Costs at or above [`FORBIDDEN_COST`] mark strategies and pairs that no solution should take; when
//! every feasible solution takes one, presolve may declare the problem infeasible instead.)

use crate::problem::FORBIDDEN_COST;
use crate::problem::constraints::{Budget, Term};
use crate::problem::{ChoiceProblem, Cost, Edge, Node, NodeId, Strategy, Usage};
use crate::reduction::Reduction;
use std::collections::HashMap;

/// Largest matrix (in entries) a degree-2 elimination may create.
pub const MAX_ELIMINATION_MATRIX: usize = 4096;
/// Nodes with more strategies than this are not checked for dominance (quadratic work).
pub const MAX_DOMINANCE_STRATEGIES: usize = 256;
/// Rounds of the reduction loop at most.
const MAX_ROUNDS: usize = 50;

/// What presolve removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PresolveStats {
    /// Strategies removed as forbidden.
    pub forbidden: usize,
    /// Strategies removed as dominated.
    pub dominated: usize,
    /// Parallel edges merged and self-edges folded.
    pub merged_edges: usize,
    /// Nodes fixed (one strategy left), their edges folded.
    pub fixed_nodes: usize,
    /// Memory-neutral nodes eliminated into neighbours.
    pub eliminated_nodes: usize,
    /// Decision nodes (two or more strategies) before and after.
    pub decisions: (usize, usize),
    /// Edges before and after.
    pub edges: (usize, usize),
    /// Strategy choices (sum over decision nodes) before and after.
    pub strategies: (usize, usize),
}

impl std::fmt::Display for PresolveStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "presolve: decisions {} → {}, edges {} → {}, strategies {} → {} ({} forbidden, {} dominated removed; {} parallel edges merged; {} nodes fixed, {} eliminated)",
            self.decisions.0,
            self.decisions.1,
            self.edges.0,
            self.edges.1,
            self.strategies.0,
            self.strategies.1,
            self.forbidden,
            self.dominated,
            self.merged_edges,
            self.fixed_nodes,
            self.eliminated_nodes
        )
    }
}

/// A presolved problem and the way back.
#[derive(Clone, Debug)]
pub struct Presolved {
    /// The reduced problem (same node ids).
    pub problem: ChoiceProblem,
    /// What was removed.
    pub stats: PresolveStats,
    /// Per node: the original index of each reduced strategy.
    orig: Vec<Vec<usize>>,
    /// Eliminations, in the order they happened.
    records: Vec<Record>,
    /// Dominated strategies removed, in the order they were: (node, original strategy, the original
    /// strategy that dominated it). Replaying them maps an answer onto the strategies left
    /// ([`Presolved::reduce`]), at no higher cost and memory.
    replaced: Vec<(usize, usize, usize)>,
}

#[derive(Clone, Debug)]
enum Record {
    /// `v` chooses by the choice of `u`: `table[k]` is v's original strategy when u's original strategy
    /// is `u_orig[k]`.
    One { v: usize, u: usize, u_orig: Vec<usize>, table: Vec<usize> },
    /// `v` chooses by the choices of `u` and `w`: `table[i * w_orig.len() + j]`.
    Two { v: usize, u: usize, w: usize, u_orig: Vec<usize>, w_orig: Vec<usize>, table: Vec<usize> },
}

struct WEdge {
    a: usize,
    b: usize,
    /// `|S_a| × |S_b|`, row-major, over the current strategy lists.
    m: Vec<Cost>,
}

struct Work {
    /// Current strategies per node: (original index, cost, usage).
    s: Vec<Vec<(usize, Cost, Usage)>>,
    live: Vec<bool>,
    edges: Vec<Option<WEdge>>,
    inc: Vec<Vec<usize>>,
    /// Eliminated nodes: their constant usage, cost folded elsewhere.
    gone: Vec<bool>,
    /// Nodes a budget reads: no dominance, no elimination.
    protected: Vec<bool>,
    records: Vec<Record>,
    /// Dominated strategies removed, in order ([`Presolved::replaced`]).
    replaced: Vec<(usize, usize, usize)>,
    stats: PresolveStats,
    /// Per node: how many times what decides its dominance changed ([`Work::touch`]; every change
    /// goes through [`Work::restrict`] or [`Work::remove_edge`]).
    version: Vec<u64>,
    /// Per node: its version when a dominance pass last left it with nothing dominated.
    dominance_checked: Vec<Option<u64>>,
}

/// Cost addition (saturating: a sum that large is forbidden many times over).
fn add(a: Cost, b: Cost) -> Cost {
    a.saturating_add(b)
}

impl Work {
    fn ns(&self, v: usize) -> usize {
        self.s[v].len()
    }

    fn other(&self, e: usize, v: usize) -> usize {
        let ed = self.edges[e].as_ref().map_or((v, v), |x| (x.a, x.b));
        if ed.0 == v { ed.1 } else { ed.0 }
    }

    /// Remove edge `e`; its ends change (a removed edge's costs went into their strategies or another
    /// edge).
    fn remove_edge(&mut self, e: usize) {
        if let Some(ed) = self.edges[e].take() {
            self.inc[ed.a].retain(|&x| x != e);
            self.inc[ed.b].retain(|&x| x != e);
            self.touch(ed.a);
            self.touch(ed.b);
        }
    }

    /// Keep only strategies `keep` (indices into the current list) of node `v`, slicing its edges.
    fn restrict(&mut self, v: usize, keep: &[usize]) {
        let old_n = self.ns(v);
        for &e in &self.inc[v].clone() {
            let Some(ed) = self.edges[e].as_mut() else { continue };
            let (na, nb) = (
                if ed.a == v { old_n } else { self.s[ed.a].len() },
                if ed.b == v { old_n } else { self.s[ed.b].len() },
            );
            let rows: Vec<usize> = if ed.a == v { keep.to_vec() } else { (0..na).collect() };
            let cols: Vec<usize> = if ed.b == v { keep.to_vec() } else { (0..nb).collect() };
            let mut m = Vec::with_capacity(rows.len() * cols.len());
            for &r in &rows {
                for &c in &cols {
                    m.push(ed.m[r * nb + c]);
                }
            }
            ed.m = m;
        }
        let s = std::mem::take(&mut self.s[v]);
        self.s[v] = keep.iter().map(|&k| s[k]).collect();
        self.touch(v);
        for e in self.inc[v].clone() {
            let o = self.other(e, v);
            self.touch(o);
        }
    }

    /// The costs of each strategy of `v` over every incident edge, one edge after the other: row `sv`
    /// is `[sv * len, (sv + 1) * len)` of the result, `len` the other ends' strategies summed.
    fn rows(&self, v: usize) -> Vec<Cost> {
        let n = self.ns(v);
        let len: usize = self.inc[v].iter().map(|&e| self.ns(self.other(e, v))).sum();
        let mut rows = vec![0; n * len];
        let mut off = 0;
        for &e in &self.inc[v] {
            let no = self.ns(self.other(e, v));
            match self.edges[e].as_ref() {
                // `v`'s rows of the matrix are its rows here.
                Some(ed) if ed.a == v => {
                    for sv in 0..n {
                        rows[sv * len + off..][..no].copy_from_slice(&ed.m[sv * no..(sv + 1) * no]);
                    }
                }
                // `v` is the matrix's columns (`n` of them).
                Some(ed) => {
                    for so in 0..no {
                        for sv in 0..n {
                            rows[sv * len + off + so] = ed.m[so * n + sv];
                        }
                    }
                }
                None => {}
            }
            off += no;
        }
        rows
    }

    fn ecost_exact(&self, e: usize, v: usize, sv: usize, so: usize) -> Cost {
        let Some(ed) = self.edges[e].as_ref() else { return 0 };
        let cols = self.ns(ed.b);
        if ed.a == v { ed.m[sv * cols + so] } else { ed.m[so * cols + sv] }
    }

    fn forbid(&mut self) -> bool {
        let mut changed = false;
        for v in 0..self.s.len() {
            if self.gone[v] || self.ns(v) <= 1 {
                continue;
            }
            let keep: Vec<usize> = (0..self.ns(v))
                .filter(|&sv| {
                    self.s[v][sv].1 < FORBIDDEN_COST
                        && self.inc[v].iter().all(|&e| {
                            (0..self.ns(self.other(e, v))).any(|so| self.ecost_exact(e, v, sv, so) < FORBIDDEN_COST)
                        })
                })
                .collect();
            if keep.len() < self.ns(v) && !keep.is_empty() {
                self.stats.forbidden += self.ns(v) - keep.len();
                self.restrict(v, &keep);
                changed = true;
            }
        }
        changed
    }

    fn merge_edges(&mut self) -> bool {
        let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
        let mut changed = false;
        for e in 0..self.edges.len() {
            let Some(ed) = self.edges[e].as_ref() else { continue };
            let (a, b) = (ed.a, ed.b);
            if a == b {
                // A self-edge: its diagonal is a node cost.
                let n = self.ns(a);
                for s in 0..n {
                    let c = ed.m[s * n + s];
                    self.s[a][s].1 = add(self.s[a][s].1, c);
                }
                self.remove_edge(e);
                self.stats.merged_edges += 1;
                changed = true;
                continue;
            }
            let key = (a.min(b), a.max(b));
            match seen.get(&key) {
                None => {
                    seen.insert(key, e);
                }
                Some(&keep) => {
                    let (nb, na) = (self.ns(b), self.ns(a));
                    let add_m: Vec<(usize, usize, Cost)> = (0..na)
                        .flat_map(|i| (0..nb).map(move |j| (i, j)))
                        .map(|(i, j)| (i, j, ed.m[i * nb + j]))
                        .collect();
                    let target = self.edges[keep].as_ref().map(|k| k.a).unwrap_or(a);
                    if let Some(k) = self.edges[keep].as_mut() {
                        let kcols = if target == a { nb } else { na };
                        for (i, j, c) in add_m {
                            let idx = if target == a { i * kcols + j } else { j * kcols + i };
                            k.m[idx] = add(k.m[idx], c);
                        }
                    }
                    self.remove_edge(e);
                    self.stats.merged_edges += 1;
                    changed = true;
                }
            }
        }
        changed
    }

    fn dominance(&mut self) -> bool {
        let mut changed = false;
        for v in 0..self.s.len() {
            let n = self.ns(v);
            if self.gone[v] || self.protected[v] || n <= 1 || n > MAX_DOMINANCE_STRATEGIES {
                continue;
            }
            // A node whose strategies and edges are as the last pass left them has nothing dominated.
            if self.dominance_checked[v] == Some(self.version[v]) {
                continue;
            }
            // Per strategy: its costs over every incident edge, one after the other (row `sv` is
            // `rows[sv * len..][..len]`), and their sum: t can dominate s only if its sum is no larger,
            // which rules out most pairs before their rows are compared.
            let rows = self.rows(v);
            let len = rows.len() / n;
            let row = |s: usize| &rows[s * len..(s + 1) * len];
            let sums: Vec<i128> = (0..n).map(|s| row(s).iter().map(|&c| i128::from(c)).sum()).collect();
            let mut removed = vec![false; n];
            for s in 0..n {
                for t in 0..n {
                    if s == t || removed[t] || removed[s] {
                        continue;
                    }
                    // Does t dominate s? Ties keep the lower index.
                    let (cs, ct) = (self.s[v][s], self.s[v][t]);
                    let mem_ok = !self.live[v] || ct.2 <= cs.2;
                    if ct.1 > cs.1 || !mem_ok || sums[t] > sums[s] {
                        continue;
                    }
                    let rows_ok = row(t).iter().zip(row(s)).all(|(a, b)| a <= b);
                    if !rows_ok {
                        continue;
                    }
                    let equal = ct.1 == cs.1 && (!self.live[v] || ct.2 == cs.2) && row(t) == row(s);
                    if equal && t > s {
                        continue;
                    }
                    removed[s] = true;
                    self.replaced.push((v, self.s[v][s].0, self.s[v][t].0));
                }
            }
            let keep: Vec<usize> = (0..n).filter(|&s| !removed[s]).collect();
            if keep.len() < n {
                self.stats.dominated += n - keep.len();
                self.restrict(v, &keep);
                changed = true;
            }
            // What is left has no dominated strategy (removing rows changes none of the others).
            self.dominance_checked[v] = Some(self.version[v]);
        }
        changed
    }

    /// Mark that what decides dominance at `v` (its strategies, their costs, its edges) changed.
    fn touch(&mut self, v: usize) {
        self.version[v] += 1;
    }

    fn fold_fixed(&mut self) -> bool {
        let mut changed = false;
        for v in 0..self.s.len() {
            if self.ns(v) != 1 || self.inc[v].is_empty() {
                continue;
            }
            for e in self.inc[v].clone() {
                let o = self.other(e, v);
                for so in 0..self.ns(o) {
                    let c = self.ecost_exact(e, v, 0, so);
                    self.s[o][so].1 = add(self.s[o][so].1, c);
                }
                self.remove_edge(e);
            }
            if !self.gone[v] {
                self.stats.fixed_nodes += 1;
            }
            changed = true;
        }
        changed
    }

    fn neutral(&self, v: usize) -> bool {
        !self.live[v] || self.s[v].windows(2).all(|w| w[0].2 == w[1].2)
    }

    fn eliminate(&mut self) -> bool {
        let mut changed = false;
        for v in 0..self.s.len() {
            if self.gone[v] || self.protected[v] || self.ns(v) <= 1 || !self.neutral(v) {
                continue;
            }
            let deg = self.inc[v].len();
            if deg == 0 {
                // Its best strategy, alone.
                let best = (0..self.ns(v)).min_by_key(|&s| self.s[v][s].1).unwrap_or(0);
                self.restrict(v, &[best]);
                self.stats.fixed_nodes += 1;
                changed = true;
            } else if deg == 1 {
                let e = self.inc[v][0];
                let u = self.other(e, v);
                let mut table = Vec::with_capacity(self.ns(u));
                for su in 0..self.ns(u) {
                    let (best, c) = (0..self.ns(v))
                        .map(|sv| (sv, add(self.s[v][sv].1, self.ecost_exact(e, v, sv, su))))
                        .min_by_key(|x| x.1)
                        .unwrap_or((0, 0));
                    self.s[u][su].1 = add(self.s[u][su].1, c);
                    table.push(self.s[v][best].0);
                }
                let u_orig = self.s[u].iter().map(|x| x.0).collect();
                self.records.push(Record::One { v, u, u_orig, table });
                self.remove_edge(e);
                self.retire(v);
                changed = true;
            } else if deg == 2 {
                let (e1, e2) = (self.inc[v][0], self.inc[v][1]);
                let (u, w) = (self.other(e1, v), self.other(e2, v));
                if u == w || self.ns(u) * self.ns(w) > MAX_ELIMINATION_MATRIX {
                    continue;
                }
                let (nu, nw) = (self.ns(u), self.ns(w));
                let mut m = Vec::with_capacity(nu * nw);
                let mut table = Vec::with_capacity(nu * nw);
                for su in 0..nu {
                    for sw in 0..nw {
                        let (best, c) = (0..self.ns(v))
                            .map(|sv| {
                                (
                                    sv,
                                    add(
                                        add(self.s[v][sv].1, self.ecost_exact(e1, v, sv, su)),
                                        self.ecost_exact(e2, v, sv, sw),
                                    ),
                                )
                            })
                            .min_by_key(|x| x.1)
                            .unwrap_or((0, 0));
                        m.push(c);
                        table.push(self.s[v][best].0);
                    }
                }
                let u_orig = self.s[u].iter().map(|x| x.0).collect();
                let w_orig = self.s[w].iter().map(|x| x.0).collect();
                self.records.push(Record::Two { v, u, w, u_orig, w_orig, table });
                self.remove_edge(e1);
                self.remove_edge(e2);
                let id = self.edges.len();
                self.edges.push(Some(WEdge { a: u, b: w, m }));
                self.inc[u].push(id);
                self.inc[w].push(id);
                self.retire(v);
                changed = true;
            }
        }
        changed
    }

    /// An eliminated node keeps one strategy (its usage is the same for all) at no cost.
    fn retire(&mut self, v: usize) {
        let first = self.s[v][0];
        self.s[v] = vec![(first.0, 0, first.2)];
        self.gone[v] = true;
        self.stats.eliminated_nodes += 1;
    }
}

/// How large a problem is for a solver: what presolve and linking report before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Size {
    /// Decision nodes: those with two or more allowed strategies.
    pub decisions: usize,
    /// Edges.
    pub edges: usize,
    /// The decision nodes' allowed strategies, summed.
    pub strategies: usize,
}

impl Size {
    /// The size of `p`.
    pub fn of(p: &ChoiceProblem) -> Size {
        let dec: Vec<usize> = p
            .nodes
            .values()
            .map(|n| (0..n.strategies.len()).filter(|&s| n.allowed(s)).count())
            .filter(|&k| k > 1)
            .collect();
        Size { decisions: dec.len(), edges: p.edges.len(), strategies: dec.iter().sum() }
    }
}

/// Presolve `p` (which must be valid).
pub fn presolve(p: &ChoiceProblem) -> Presolved {
    presolve_with(p, &[], None)
}

/// Presolve `p` (which must be valid):
/// - keeping every allowed strategy of the nodes `kept` (they are kept out of dominance and
///   elimination, as nodes a budget reads are), so that a later solve may pin any of them to any of
///   those strategies ([`crate::Pinnable`]). Every reduction at the other nodes holds whatever the kept
///   nodes choose: dominance compares rows over all of a neighbour's strategies, and an elimination
///   folds the best response to each of them;
/// - taking the nodes `settled` marks (by node index) as having no dominated strategy (an earlier
///   presolve of the problem left them so): dominance looks at them again only once something about
///   them changes. Skipping a check removes less; it never removes wrongly.
pub(crate) fn presolve_with(p: &ChoiceProblem, kept: &[NodeId], settled: Option<&[bool]>) -> Presolved {
    let lowered;
    let p = if p.ties.is_empty() {
        p
    } else {
        lowered = p.ties_as_edges();
        &lowered
    };
    let before = Size::of(p);
    let mut protected = vec![false; p.nodes.len()];
    for n in kept {
        protected[n.as_u32() as usize] = true;
    }
    for t in p.budgets.iter().flat_map(|b| &b.terms) {
        for n in t.nodes() {
            protected[n.as_u32() as usize] = true;
        }
    }
    let mut w = Work {
        s: p.nodes
            .values()
            .map(|n| {
                (0..n.strategies.len())
                    .filter(|&s| n.allowed(s))
                    .map(|s| (s, n.strategies[s].cost, n.strategies[s].usage))
                    .collect()
            })
            .collect(),
        live: p.nodes.values().map(Node::is_live).collect(),
        edges: Vec::new(),
        inc: vec![Vec::new(); p.nodes.len()],
        gone: vec![false; p.nodes.len()],
        protected,
        records: Vec::new(),
        replaced: Vec::new(),
        stats: PresolveStats::default(),
        version: vec![0; p.nodes.len()],
        dominance_checked: (0..p.nodes.len())
            .map(|v| settled.and_then(|s| s.get(v)).is_some_and(|&s| s).then_some(0))
            .collect(),
    };
    // Edges over the allowed strategies only.
    for e in p.edges.values() {
        let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        let nb = p.nodes[e.to].strategies.len();
        let mut m = Vec::with_capacity(w.s[a].len() * w.s[b].len());
        for &(ra, _, _) in &w.s[a] {
            for &(rb, _, _) in &w.s[b] {
                m.push(e.costs[ra * nb + rb]);
            }
        }
        let id = w.edges.len();
        w.edges.push(Some(WEdge { a, b, m }));
        w.inc[a].push(id);
        if b != a {
            w.inc[b].push(id);
        }
    }
    for _ in 0..MAX_ROUNDS {
        let mut changed = w.merge_edges();
        changed |= w.forbid();
        changed |= w.dominance();
        changed |= w.fold_fixed();
        changed |= w.eliminate();
        changed |= w.fold_fixed();
        if !changed {
            break;
        }
    }
    // Build the reduced problem.
    let mut q = ChoiceProblem { name: p.name.clone(), usage_limit: p.usage_limit, ..ChoiceProblem::default() };
    let mut orig = Vec::with_capacity(p.nodes.len());
    for (v, n) in p.nodes.values().enumerate() {
        let strategies = w.s[v].iter().map(|&(_, cost, usage)| Strategy { cost, usage }).collect();
        q.nodes.push(Node::new(strategies, n.interval));
        orig.push(w.s[v].iter().map(|x| x.0).collect());
    }
    for ed in w.edges.iter().flatten() {
        q.edges.push(Edge {
            from: NodeId::from_u32(ed.a as u32),
            to: NodeId::from_u32(ed.b as u32),
            costs: ed.m.clone(),
        });
    }
    q.budgets = p.budgets.iter().map(|b| reduce_budget(b, &orig)).collect();
    let mut stats = w.stats;
    let after = Size::of(&q);
    stats.decisions = (before.decisions, after.decisions);
    stats.edges = (before.edges, after.edges);
    stats.strategies = (before.strategies, after.strategies);
    Presolved { problem: q, stats, orig, records: w.records, replaced: w.replaced }
}

/// A budget over the reduced strategy indices (`orig[v]` lists node v's original indices); terms on
/// strategies presolve removed cannot be taken and are dropped.
pub(crate) fn reduce_budget(b: &Budget, orig: &[Vec<usize>]) -> Budget {
    let at = |n: NodeId, s: usize| orig[n.as_u32() as usize].iter().position(|&o| o == s);
    let terms = b
        .terms
        .iter()
        .filter_map(|t| match *t {
            Term::Node { node, strategy, weight } => {
                at(node, strategy).map(|strategy| Term::Node { node, strategy, weight })
            }
            Term::Pair { a, sa, b, sb, weight } => Some(Term::Pair { a, sa: at(a, sa)?, b, sb: at(b, sb)?, weight }),
        })
        .collect();
    Budget { terms, ..b.clone() }
}

impl Presolved {
    /// The reduced problem's index of node `n`'s original strategy `s`, if presolve kept it.
    pub(crate) fn reduced_index(&self, n: NodeId, s: usize) -> Option<usize> {
        self.orig[n.as_u32() as usize].iter().position(|&o| o == s)
    }
}

impl Reduction for Presolved {
    fn problem(&self) -> &ChoiceProblem {
        &self.problem
    }

    /// Map a solution of the reduced problem to the original problem's strategy indices (postsolve).
    fn lift(&self, reduced: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> =
            reduced.iter().enumerate().map(|(v, &s)| self.orig[v].get(s).copied().unwrap_or(0)).collect();
        for r in self.records.iter().rev() {
            match r {
                Record::One { v, u, u_orig, table } => {
                    let k = u_orig.iter().position(|&x| x == out[*u]).unwrap_or(0);
                    out[*v] = table[k];
                }
                Record::Two { v, u, w, u_orig, w_orig, table } => {
                    let i = u_orig.iter().position(|&x| x == out[*u]).unwrap_or(0);
                    let j = w_orig.iter().position(|&x| x == out[*w]).unwrap_or(0);
                    out[*v] = table[i * w_orig.len() + j];
                }
            }
        }
        out
    }

    /// Map an original solution into the reduced problem (for warm starts): a strategy removed as
    /// dominated becomes the one that dominated it (in the order presolve removed them, so that chains
    /// resolve), which costs no more and uses no more memory. `None` if some choice was removed
    /// otherwise (forbidden, or meeting only forbidden pairs).
    fn restrict(&self, original: &[usize]) -> Option<Vec<usize>> {
        let mut x = original.to_vec();
        for &(v, from, to) in &self.replaced {
            if x.get(v) == Some(&from) {
                x[v] = to;
            }
        }
        x.iter()
            .enumerate()
            .map(|(v, s)| if self.orig[v].len() == 1 { Some(0) } else { self.orig[v].iter().position(|x| x == s) })
            .collect()
    }
}
