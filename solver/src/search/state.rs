//! The search state every heuristic works on: one strategy per node, the cost kept exactly as moves are
//! made, each node's incident edges, and the memory profile; with the moves of the local search (greedy
//! start, memory repair, best responses of one node and of both ends of an edge, random restarts of
//! small regions).

use crate::effort::Effort;
use crate::problem::memory::MemoryProfile;
use crate::problem::{ChoiceProblem, Cost, Node};
use crate::rng::Rng;

/// Edges whose strategy-pair count is at most this are tried as joint moves.
const MAX_PAIR_MOVE: usize = 1024;
/// Node visits of a descent between reads of its [`Effort`].
const VISITS_PER_CHECK: u64 = 4096;
/// Nodes re-randomized per perturbation, at most.
const PERTURB_NODES: usize = 24;

/// One incident edge as seen from a node.
#[derive(Clone, Copy)]
pub(crate) struct Arc {
    pub(crate) other: usize,
    pub(crate) edge: usize,
    /// The node is the edge's `from` end (its strategy indexes rows).
    pub(crate) from: bool,
}

/// Nodes (or clusters) to revisit, each queued at most once, first in first out.
pub(crate) struct Worklist {
    queue: std::collections::VecDeque<usize>,
    queued: Vec<bool>,
}

impl Worklist {
    /// `dirty` to start with, or all of `0..n` when it is empty.
    pub(crate) fn new(n: usize, dirty: &[usize]) -> Worklist {
        let mut w = Worklist { queue: Default::default(), queued: vec![false; n] };
        if dirty.is_empty() {
            (0..n).for_each(|v| w.push(v));
        } else {
            dirty.iter().for_each(|&v| w.push(v));
        }
        w
    }

    /// The next to visit.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let v = self.queue.pop_front()?;
        self.queued[v] = false;
        Some(v)
    }

    /// Queue `v` unless it is queued already.
    pub(crate) fn push(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push_back(v);
        }
    }
}

/// `x` as `f64` (rounded as `as` rounds), through `i64` when it fits: the direct conversion from
/// `i128` is a software routine, several times slower, and hot in the searches' penalized costs.
pub(crate) fn to_f64(x: i128) -> f64 {
    match i64::try_from(x) {
        Ok(v) => v as f64,
        Err(_) => x as f64,
    }
}

/// Search state over one problem.
pub struct Search<'p> {
    pub(crate) p: &'p ChoiceProblem,
    pub(crate) costs: Vec<Vec<Cost>>,
    pub(crate) usages: Vec<Vec<i128>>,
    pub(crate) mats: Vec<(usize, &'p [Cost])>,
    pub(crate) arcs: Vec<Vec<Arc>>,
    pub(crate) limit: Option<i128>,
    pub(crate) intervals: Vec<(i64, i64)>,
    /// Current assignment.
    pub x: Vec<usize>,
    pub(crate) mem: MemoryProfile,
    /// Current cost.
    pub cost: i128,
    /// Work done so far, in cost terms read (a node visit reads its strategies' costs and, for each,
    /// its incident edges'): what a deterministic search's [`Effort`] counts.
    pub work: u64,
}

impl<'p> Search<'p> {
    /// A search state with every node at strategy 0 (call [`Search::greedy`] next).
    pub fn new(p: &'p ChoiceProblem) -> Search<'p> {
        let n = p.nodes.len();
        let mut arcs = vec![Vec::new(); n];
        let mut mats = Vec::with_capacity(p.edges.len());
        for (i, e) in p.edges.values().enumerate() {
            let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
            mats.push((p.nodes[e.to].strategies.len(), &e.costs[..]));
            arcs[a].push(Arc { other: b, edge: i, from: true });
            if a != b {
                arcs[b].push(Arc { other: a, edge: i, from: false });
            }
        }
        let costs = p
            .nodes
            .values()
            .map(|nd| {
                nd.strategies
                    .iter()
                    .enumerate()
                    .map(|(s, st)| if nd.allowed(s) { st.cost } else { Cost::MAX / 4 })
                    .collect()
            })
            .collect();
        let usages = p.nodes.values().map(Node::live_usages).collect();
        let intervals = p.nodes.values().map(|nd| nd.interval).collect();
        let limit = p.usage_limit.map(i128::from);
        let mut s = Search {
            p,
            costs,
            usages,
            mats,
            arcs,
            limit,
            intervals,
            x: vec![0; n],
            mem: MemoryProfile::new(p),
            cost: 0,
            work: 0,
        };
        for v in 0..n {
            s.mem.add(v, s.usages[v][0]);
        }
        s.cost = s.total_cost();
        s
    }

    pub(crate) fn ecost(&self, a: &Arc, sv: usize, so: usize) -> Cost {
        let (cols, m) = self.mats[a.edge];
        if a.from { m[sv * cols + so] } else { m[so * cols + sv] }
    }

    /// Cost of `v` at `s` with its neighbours as they are (node cost plus incident edges).
    fn local(&self, v: usize, s: usize) -> i128 {
        let mut c = self.costs[v][s] as i128;
        for a in &self.arcs[v] {
            let so = if a.other == v { s } else { self.x[a.other] };
            c += self.ecost(a, s, so) as i128;
        }
        c
    }

    /// Cost of `v` at `s` with its neighbours as they are.
    pub fn local_cost(&self, v: usize, s: usize) -> i128 {
        self.local(v, s)
    }

    fn total_cost(&self) -> i128 {
        let nodes: i128 = (0..self.x.len()).map(|v| self.costs[v][self.x[v]] as i128).sum();
        let edges: i128 = self
            .p
            .edges
            .values()
            .enumerate()
            .map(|(i, e)| {
                let (cols, m) = self.mats[i];
                m[self.x[e.from.as_u32() as usize] * cols + self.x[e.to.as_u32() as usize]] as i128
            })
            .sum();
        nodes + edges
    }

    /// Would moving `v` to `s` keep memory within the limit (or, if already over, not make it worse)?
    fn fits(&self, v: usize, s: usize) -> bool {
        let d = self.usages[v][s] - self.usages[v][self.x[v]];
        match self.limit {
            None => true,
            Some(_) if d <= 0 => true,
            Some(l) => self.mem.max_over(v) + d <= l,
        }
    }

    pub(crate) fn set(&mut self, v: usize, s: usize) {
        let old = self.x[v];
        if old == s {
            return;
        }
        let before = self.local(v, old);
        self.mem.add(v, self.usages[v][s] - self.usages[v][old]);
        self.x[v] = s;
        self.cost += self.local(v, s) - before;
    }

    /// Move `v` to `s` in the memory profile only, leaving [`Search::cost`] stale: for a state whose
    /// cost another search keeps (the search over clusters keeps its cost on the coarse problem and
    /// this state only for memory), so that each move skips two sums over `v`'s edges.
    pub(crate) fn set_memory_only(&mut self, v: usize, s: usize) {
        let old = self.x[v];
        if old != s {
            self.mem.add(v, self.usages[v][s] - self.usages[v][old]);
            self.x[v] = s;
        }
    }

    /// Greedy start: in order of interval start, each node takes its cheapest strategy given the nodes
    /// already placed.
    pub fn greedy(&mut self) {
        let n = self.x.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (self.intervals[v].0, v));
        let mut placed = vec![false; n];
        for &v in &order {
            let best = (0..self.costs[v].len())
                .min_by_key(|&s| {
                    let mut c = self.costs[v][s] as i128;
                    for a in &self.arcs[v] {
                        if placed[a.other] && a.other != v {
                            c += self.ecost(a, s, self.x[a.other]) as i128;
                        }
                    }
                    (c, self.usages[v][s])
                })
                .unwrap_or(0);
            self.x[v] = best;
            placed[v] = true;
        }
        self.reset();
    }

    /// Recompute cost and memory from `x`.
    pub fn reset(&mut self) {
        self.work += (self.x.len() + self.mats.len()) as u64;
        self.mem = MemoryProfile::new(self.p);
        for v in 0..self.x.len() {
            self.mem.add(v, self.usages[v][self.x[v]]);
        }
        self.cost = self.total_cost();
    }

    /// Is memory within the limit?
    pub fn feasible(&self) -> bool {
        self.limit.is_none_or(|l| self.mem.peak() <= l)
    }

    /// The current cost when the current assignment is an answer (it fits in memory and takes no
    /// forbidden cost): what progress may show as the best plan so far.
    pub fn answer_cost(&self) -> Option<i128> {
        (self.feasible() && self.cost < crate::problem::FORBIDDEN_COST as i128).then_some(self.cost)
    }

    /// Lower memory where it exceeds the limit, choosing each time the move that saves the most memory
    /// per unit of cost at the peak. Returns whether memory now fits.
    pub fn repair(&mut self) -> bool {
        let Some(limit) = self.limit else { return true };
        let mut guard = 0usize;
        while self.mem.peak() > limit {
            guard += 1;
            if guard > 4 * self.x.len() + 1000 {
                return self.leanest();
            }
            let (slot, _) = self.mem.peak_slot();
            // Finding the live nodes reads every node.
            self.work += self.x.len() as u64;
            let mut best: Option<(f64, usize, usize)> = None;
            let live: Vec<usize> = (0..self.x.len())
                .filter(|&v| self.costs[v].len() > 1 && self.mem.slots[v].0 <= slot && slot < self.mem.slots[v].1)
                .collect();
            for v in live {
                self.work += (self.costs[v].len() * (self.arcs[v].len() + 1)) as u64;
                let cur = self.usages[v][self.x[v]];
                let here = self.local(v, self.x[v]);
                for s in 0..self.costs[v].len() {
                    let saved = cur - self.usages[v][s];
                    if saved <= 0 || self.costs[v][s] >= Cost::MAX / 4 {
                        continue;
                    }
                    let extra = (self.local(v, s) - here).max(0) as f64;
                    let score = extra / saved as f64;
                    if best.is_none_or(|b| score < b.0) {
                        best = Some((score, v, s));
                    }
                }
            }
            match best {
                Some((_, v, s)) => self.set(v, s),
                None => return self.leanest(),
            }
        }
        true
    }

    /// Every node at its leanest strategy (the cheapest of those, by node cost): the assignment with
    /// the lowest memory at every point, which fits whenever any assignment does. The last resort of
    /// [`Search::repair`], whose moves one at a time can stall far above the limit. Returns whether
    /// memory now fits.
    pub fn leanest(&mut self) -> bool {
        for v in 0..self.x.len() {
            let usable = |s: &usize| self.costs[v][*s] < Cost::MAX / 4;
            self.x[v] = (0..self.costs[v].len())
                .filter(usable)
                .min_by_key(|&s| (self.usages[v][s], self.costs[v][s]))
                .unwrap_or(self.x[v]);
        }
        self.reset();
        self.feasible()
    }

    /// Best-response and edge moves until no move improves. `dirty` seeds the worklist (all nodes when
    /// empty).
    /// Stops early when `effort` is spent (read every `VISITS_PER_CHECK` visits).
    pub fn descend(&mut self, dirty: &[usize], effort: &Effort) {
        let mut work = Worklist::new(self.x.len(), dirty);
        let mut visits = 0u64;
        while let Some(v) = work.pop() {
            visits += 1;
            self.work += (self.costs[v].len() * (self.arcs[v].len() + 1)) as u64;
            if visits.is_multiple_of(VISITS_PER_CHECK) && effort.over(self.work) {
                return;
            }
            if self.costs[v].len() < 2 {
                continue;
            }
            let cur = self.local(v, self.x[v]);
            let mut best = (cur, self.x[v]);
            for s in 0..self.costs[v].len() {
                if s == self.x[v] {
                    continue;
                }
                let c = self.local(v, s);
                if c < best.0 && self.fits(v, s) {
                    best = (c, s);
                }
            }
            let mut moved = false;
            if best.1 != self.x[v] {
                self.set(v, best.1);
                moved = true;
            } else {
                // Joint moves with each neighbour.
                for k in 0..self.arcs[v].len() {
                    let a = self.arcs[v][k];
                    let u = a.other;
                    if u == v || self.costs[u].len() * self.costs[v].len() > MAX_PAIR_MOVE || self.costs[u].len() < 2 {
                        continue;
                    }
                    if self.pair_move(v, u) {
                        moved = true;
                        break;
                    }
                }
            }
            if moved {
                for a in &self.arcs[v] {
                    work.push(a.other);
                }
                work.push(v);
            }
        }
    }

    /// Try every strategy pair of `v` and `u`; apply the best one that lowers the cost and fits memory.
    fn pair_move(&mut self, v: usize, u: usize) -> bool {
        let (xv, xu) = (self.x[v], self.x[u]);
        let (kv, ku) = (self.costs[v].len(), self.costs[u].len());
        self.work += (kv * ku * self.arcs[v].len() + ku * self.arcs[u].len() + kv * self.arcs[v].len()) as u64;
        // Each end's cost without the edges between them, per strategy.
        let rest = |me: usize, other: usize, sm: usize| -> i128 {
            let mut c = self.costs[me][sm] as i128;
            for b in &self.arcs[me] {
                if b.other != other {
                    let so = if b.other == me { sm } else { self.x[b.other] };
                    c += self.ecost(b, sm, so) as i128;
                }
            }
            c
        };
        let between = |sv: usize, su: usize| -> i128 {
            self.arcs[v].iter().filter(|b| b.other == u).map(|b| self.ecost(b, sv, su) as i128).sum()
        };
        let u_rest: Vec<i128> = (0..self.costs[u].len()).map(|su| rest(u, v, su)).collect();
        let current = rest(v, u, xv) + u_rest[xu] + between(xv, xu);
        let mut best: Option<(i128, usize, usize)> = None;
        for sv in 0..self.costs[v].len() {
            let vr = rest(v, u, sv);
            for (su, &ur) in u_rest.iter().enumerate() {
                let c = vr + ur + between(sv, su);
                if c < current && best.is_none_or(|b| c < b.0) {
                    best = Some((c, sv, su));
                }
            }
        }
        let Some((_, sv, su)) = best else { return false };
        let before = self.cost;
        self.set(v, sv);
        self.set(u, su);
        if self.cost < before && self.within(v) && self.within(u) {
            return true;
        }
        self.set(u, xu);
        self.set(v, xv);
        false
    }

    pub(crate) fn within(&self, v: usize) -> bool {
        self.limit.is_none_or(|l| self.mem.max_over(v) <= l)
    }

    /// Re-randomize a small connected region around a random node.
    pub(crate) fn perturb(&mut self, rng: &mut Rng) -> Vec<usize> {
        let n = self.x.len();
        let mut region = Vec::new();
        let start = rng.below(n as u64) as usize;
        let mut frontier = vec![start];
        let mut seen = std::collections::HashSet::new();
        seen.insert(start);
        let want = 2 + rng.below(PERTURB_NODES as u64) as usize;
        while let Some(v) = frontier.pop() {
            region.push(v);
            if region.len() >= want {
                break;
            }
            for a in &self.arcs[v] {
                if seen.insert(a.other) {
                    frontier.insert(0, a.other);
                }
            }
        }
        for &v in &region {
            let k = self.costs[v].len();
            if k > 1 {
                let s = rng.below(k as u64) as usize;
                if self.fits(v, s) {
                    self.set(v, s);
                }
            }
        }
        self.with_neighbours(&region)
    }

    /// `nodes` and their neighbours: what a move of `nodes` may let move next.
    pub(crate) fn with_neighbours(&self, nodes: &[usize]) -> Vec<usize> {
        let mut out = nodes.to_vec();
        for &v in nodes {
            out.extend(self.arcs[v].iter().map(|a| a.other));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    /// The fast conversion agrees with `as` inside and outside the range of `i64`.
    #[test]
    fn to_f64_rounds_as_as_does() {
        let cases =
            [0i128, 1, -1, 1 << 53, (1 << 53) + 1, i64::MAX as i128, i64::MIN as i128, i128::MAX, -(1 << 100) - 7];
        for x in cases {
            assert_eq!(super::to_f64(x), x as f64, "{x}");
        }
    }

    /// The leanest assignment peaks at the problem's lowest possible peak, so it fits exactly when some
    /// assignment does (random problems, their limits between the lowest and highest peaks, and at the
    /// lowest peak itself).
    #[test]
    fn the_leanest_assignment_fits_whenever_anything_does() {
        use crate::problem::eval::{evaluate, min_peak};
        use crate::testing::{RandomSpec, random_problem};
        for seed in 0..100 {
            let mut p = random_problem(&RandomSpec::tiny(30), seed);
            for limit in [p.usage_limit, Some(min_peak(&p) as i64)] {
                p.usage_limit = limit;
                let mut s = super::Search::new(&p);
                let fits = s.leanest();
                let e = evaluate(&p, &s.x).unwrap();
                assert_eq!(e.peak_usage, min_peak(&p), "seed {seed}");
                assert_eq!(fits, limit.is_none_or(|l| min_peak(&p) <= i128::from(l)), "seed {seed}");
            }
        }
    }
}
