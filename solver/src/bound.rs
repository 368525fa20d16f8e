//! A lower bound from the dual of the problem's LP relaxation over the local polytope (one-hot nodes,
//! pair marginals consistent with both ends), found by block-coordinate ascent: each edge passes part
//! of its cost to its ends through a reparametrization `φ`, and every `φ` proves the bound
//!
//! ```text
//! Σ_v min_s (c_v(s) + Σ_{e∋v} φ_{e,v}(s))  +  Σ_e min_{s,t} (c_e(s,t) − φ_{e,u}(s) − φ_{e,v}(t))
//! ```
//!
//! since every assignment pays each node and edge at least its minimum, and the `φ` cancel. The
//! sweeps are TRW-S's sequential updates written as a reparametrization (Kolmogorov's SRMP, "A new
//! look at reweighted message passing", 2015), forward and backward over the nodes in turn: at each
//! node, the edges to nodes the pass has visited give it their whole min-marginal, and it hands an
//! equal share of its cost to each edge to a node the pass visits later. A chain's costs thus travel
//! its whole length in one pass. (The type keeps the name of min-sum diffusion, which balanced every
//! node with all its edges at once and moved them one edge per sweep: on the 70B step on a multi-slice
//! mesh its bound still rose after 40 s of work, where these sweeps settle in about 6 s.)
//!
//! Memory enters by Lagrangian relaxation: a multiplier `μ_k ≥ 0` per memory slot adds `μ_k` times the
//! slot's usage to the cost and takes `μ_k` times the limit off the bound. An answer within the limit
//! pays no more than its cost that way, so the bound above, over the charged costs, holds for any
//! `μ ≥ 0`. Projected subgradient steps move `μ` once the sweeps have settled under it (a check
//! raises the best bound by less than [`SETTLED_GAIN`] of it); a step that lowers the bound is undone,
//! and the next one is half as long. When the steps run out, the sweeps switch once to min-sum
//! diffusion's balanced update, which settles elsewhere and on some problems higher.
//!
//! The search runs in `f64`; the bound is then evaluated exactly, in integers, at the rounded `φ` and
//! `μ`: the sum above is a valid bound for any of them, so rounding costs a few units and never soundness.
//! Forbidden strategies, and pairs at [`FORBIDDEN_COST`] or more, are excluded (no answer uses them).

mod arithmetic;
mod lifted;
mod trws;

pub use trws::Trws;

use crate::effort::{Effort, SharedBound};
use crate::problem::FORBIDDEN_COST;
use crate::problem::memory::{MemoryProfile, SlotSums};
use crate::problem::{ChoiceProblem, Cost, EdgeId, Node};
use crate::time_shares::SETTLING_SWEEP_CAP_S;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Sweeps between checks of the clock and of the bound.
const SWEEPS_PER_CHECK: usize = 4;

/// Units of work between two looks at the effort inside a sweep (under 0.1 s at [`UNITS_PER_S`]).
const CHECK_UNITS: u64 = 10_000_000;
/// Cost-matrix entries a deterministic run of the Lagrangian search ([`Trws`],
/// [`crate::search::lagrangian`]) may read per second: below the slowest rate measured,
/// so that its work, not the clock, ends it.
pub const ENTRIES_PER_S: f64 = 1.5e8;
/// Units of work a deterministic diffusion may do per second: below the slowest rate measured,
/// so that its work, not the clock, ends it. A unit is a cost entry read (a
/// sweep reads every node's and edge's costs about once; an evaluation of the bound every edge's once more); a node's
/// update, and each of its edges' ends, count [`NODE_UNITS`] more.
pub const UNITS_PER_S: f64 = 3e8;
/// What a node's update costs beyond its entries, and each edge end at it, in units of work: on
/// problems of many nodes with few strategies (the contest's), that is most of a sweep's time.
const NODE_UNITS: u64 = 50;
/// The share of its value per second of work a bound must rise by to go on past its share whatever
/// answer is known (see [`goes_on`]).
const STEEP_RISE_PER_S: f64 = 0.01;
/// The share of the best bound a check must raise it by for the memory multipliers to stay as they
/// are (the sweeps are still settling).
const SETTLED_GAIN: f64 = 1e-3;
/// Checks the rate of the bound's rise spans (from the check this many before the latest): the
/// memory multipliers' steps make single checks fall back, which would read as a stall.
const TREND_CHECKS: usize = 2;
/// Stop once a check raised the bound by less than this share of it (without memory multipliers).
const MIN_GAIN: f64 = 1e-6;
/// Multipliers are rounded to multiples of `1 / MU_SCALE` for the exact bound.
const MU_SCALE: f64 = (1u64 << 20) as f64;
/// Scaled multipliers and potentials beyond this are not evaluated (the bound is then `None`): it keeps
/// the integer sums far from overflow. Multipliers grow without end when the limit cannot be met.
const SCALED_MAX: f64 = 1e30;
/// Polyak's step factor at first; halved after `STEP_PATIENCE` rounds without a better bound, and the
/// search stops below `LAST_STEP`.
const FIRST_STEP: f64 = 1.0;
const STEP_PATIENCE: usize = 6;
const LAST_STEP: f64 = 1e-3;
/// The subgradient step aims this share above the best bound so far.
const TARGET_RISE: f64 = 0.1;

/// What the dual has proven so far, shared with the other threads as it runs.
#[derive(Clone, Debug, Default)]
pub struct Proven {
    /// The best bound.
    pub bound: Option<i128>,
    /// The memory multipliers (per slot of the memory profile) at that bound: prices of memory that a
    /// Lagrangian search may start from.
    pub multipliers: Vec<f64>,
}

/// One edge end, as seen from its node.
#[derive(Clone, Copy)]
struct End {
    edge: usize,
    /// Is the node the edge's `from` end (rows of the cost matrix)?
    from: bool,
    /// The node at the other end.
    other: usize,
}

/// The lesser of two costs, neither NaN (a plain comparison: the loops over cost rows vectorize,
/// where `f64::min`'s handling of NaN keeps them scalar).
#[inline]
fn least(a: f64, b: f64) -> f64 {
    if b < a { b } else { a }
}

/// Diffusion state over one problem.
pub struct Diffusion<'p> {
    p: &'p ChoiceProblem,
    /// Node costs, `INFINITY` where forbidden; self-loops folded in.
    unary: Vec<Vec<f64>>,
    /// Each edge's costs (row-major, `INFINITY` where forbidden); self-loops empty.
    pair: Vec<Vec<f64>>,
    /// The units of work of each node's update ([`UNITS_PER_S`]).
    node_units: Vec<u64>,
    /// The units of work of an evaluation of the bound, or of a step of the memory multipliers.
    check_units: u64,
    /// The largest magnitude of each edge's costs below [`FORBIDDEN_COST`] (for `edge_least` in `arithmetic.rs`).
    largest: Vec<u64>,
    /// `φ` of each edge's `from` end and `to` end.
    phi: Vec<[Vec<f64>; 2]>,
    ends: Vec<Vec<End>>,
    /// Node costs with self-loops, exactly.
    exact: Vec<Vec<i128>>,
    /// `unary` before the memory multipliers' charges.
    base: Vec<Vec<f64>>,
    /// Memory each strategy uses (0 for nodes never live).
    usage: Vec<Vec<i128>>,
    /// Each node's memory slots `[lo, hi)` ([`MemoryProfile`]).
    slots: Vec<(usize, usize)>,
    /// A multiplier `μ_k ≥ 0` per memory slot (Lagrangian relaxation of the memory rows).
    mu: Vec<f64>,
    /// Where each better bound is also raised, for searches running meanwhile.
    shared: Option<SharedBound>,
    /// How far the run may go past its effort while it is closing its gap ([`Diffusion::extending`]).
    cap: Option<Effort>,
    /// The cost of an answer known before the run (see [`Diffusion::extending`]).
    known: Option<i128>,
    /// Seconds of work the last run did (by its work in a counted run).
    worked_s: f64,
    /// The last run's last two checks (seconds of work from its start, best bound), when it stopped at
    /// its effort or its cap: [`Diffusion::resume`] may go on from there.
    trend: Option<[(f64, i128); 2]>,
    /// Sweeps done: they alternate forward and backward.
    sweeps: u64,
    /// Whether the sweeps balance each node with all its edges (min-sum diffusion), after the
    /// ordered ones settled.
    balanced: bool,
}

impl<'p> Diffusion<'p> {
    /// The zero reparametrization (its bound is the trivial one).
    pub fn new(p: &'p ChoiceProblem) -> Diffusion<'p> {
        let inf = |c: Cost| if c >= FORBIDDEN_COST { f64::INFINITY } else { c as f64 };
        let mut unary: Vec<Vec<f64>> = p
            .nodes
            .values()
            .map(|n| {
                (0..n.strategies.len())
                    .map(|s| if n.allowed(s) { inf(n.strategies[s].cost) } else { f64::INFINITY })
                    .collect()
            })
            .collect();
        let mut exact: Vec<Vec<i128>> =
            p.nodes.values().map(|n| n.strategies.iter().map(|st| st.cost as i128).collect()).collect();
        let mut pair = Vec::with_capacity(p.edges.len());
        let largest = p
            .edges
            .values()
            .map(|e| e.costs.iter().filter(|&&c| c < FORBIDDEN_COST).map(|c| c.unsigned_abs()).max().unwrap_or(0))
            .collect();
        let mut phi = Vec::with_capacity(p.edges.len());
        let mut ends = vec![Vec::new(); p.nodes.len()];
        for (i, e) in p.edges.values().enumerate() {
            let (a, b) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
            let (ka, kb) = (unary[a].len(), unary[b].len());
            if a == b {
                for (s, u) in unary[a].iter_mut().enumerate() {
                    *u += inf(e.costs[s * kb + s]);
                    exact[a][s] += e.costs[s * kb + s] as i128;
                }
                pair.push(Vec::new());
                phi.push([Vec::new(), Vec::new()]);
                continue;
            }
            pair.push(e.costs.iter().map(|&c| inf(c)).collect());
            phi.push([vec![0.0; ka], vec![0.0; kb]]);
            ends[a].push(End { edge: i, from: true, other: b });
            ends[b].push(End { edge: i, from: false, other: a });
        }
        let usage = p.nodes.values().map(Node::live_usages).collect();
        let slots = MemoryProfile::new(p).slots;
        let n_slots = slots.iter().map(|&(_, hi)| hi).max().unwrap_or(0);
        let base = unary.clone();
        let mu = vec![0.0; n_slots];
        // Half of each edge at each end: a sweep counts every entry once.
        let node_units: Vec<u64> = ends
            .iter()
            .zip(&unary)
            .map(|(at, u)| {
                let halves: u64 = at.iter().map(|e| pair[e.edge].len() as u64).sum::<u64>() / 2;
                u.len() as u64 + halves + NODE_UNITS * (1 + at.len() as u64)
            })
            .collect();
        let check_units = pair.iter().map(|c| c.len() as u64).sum::<u64>()
            + ends.iter().zip(&unary).map(|(at, u)| (u.len() * (1 + at.len())) as u64).sum::<u64>();
        Diffusion {
            p,
            unary,
            pair,
            node_units,
            check_units,
            largest,
            phi,
            ends,
            exact,
            base,
            usage,
            slots,
            mu,
            shared: None,
            cap: None,
            known: None,
            worked_s: 0.0,
            trend: None,
            sweeps: 0,
            balanced: false,
        }
    }

    /// Let a run go on past its effort, up to `cap`, while it is closing its gap: while the bound's
    /// rise over its last checks, kept up, would reach the cost of the cheapest answer known before
    /// `cap` ends (`known`, the cost of an answer given before the run, or one read from the
    /// reparametrized costs on the way), or, whatever answer is known, while it rises by at least
    /// [`STEEP_RISE_PER_S`] of its value per second of work (the rule is [`goes_on`]). A dual that is
    /// about to prove an answer, or still rising steeply, finishes; one that rises slowly, far from
    /// any answer, stops at its share.
    pub fn extending(mut self, cap: Effort, known: Option<i128>) -> Self {
        self.cap = Some(cap);
        self.known = known;
        self
    }

    /// Go on from where the last [`Diffusion::run`] stopped at its effort, when an answer found since,
    /// costing `known`, is one its bound was closing in on at its last rate within `cap` (the rule of
    /// [`Diffusion::extending`], applied with the answer it did not have when it stopped: the answer
    /// read from its prices by the searches after it). Returns the best bound when it went on, `None`
    /// when it did not (the last run converged or was stopped, or it is not closing in on `known`).
    pub fn resume(&mut self, known: i128, cap: Effort, stop: &AtomicBool, found: &Mutex<Proven>) -> Option<i128> {
        let [(s0, b0), (s1, b1)] = self.trend?;
        let rate = (b1 - b0) as f64 / (s1 - s0).max(1e-9);
        let reach = (known - b1) as f64 / rate;
        if known <= b1 || rate <= 0.0 || reach > cap.nominal().as_secs_f64() {
            return None;
        }
        // An effort already spent: the run's first check is the extension's, from the trend kept.
        let spent = cap.spent();
        self.cap = Some(cap);
        self.known = Some(known);
        self.run(&spent, stop, found)
    }

    /// Did the last [`Diffusion::run`] end at its effort with its best bound where it was
    /// [`TREND_CHECKS`] checks before (stalled, or thrown back by its multipliers' steps)? Not when it
    /// was still rising, nor when it stopped by its own rule (it converged, or its multipliers' steps
    /// ran out).
    pub fn stalled(&self) -> bool {
        self.trend.is_some_and(|[(_, b0), (_, b1)]| b1 <= b0)
    }

    /// Seconds of work the last [`Diffusion::run`] did (counted in work in a deterministic solve): what
    /// a solve's schedule charges it with when it went past its share.
    pub fn worked_s(&self) -> f64 {
        self.worked_s
    }

    /// The cost of the answer read from the reparametrized costs, when it fits and pays no forbidden
    /// cost.
    fn read_cost(&self) -> Option<i128> {
        let read = self.read_answer()?;
        crate::problem::eval::evaluate(self.p, &read).ok().filter(|e| e.is_feasible()).map(|e| e.cost)
    }

    /// Raise every better bound in `shared` too, as it is proven.
    pub fn sharing(mut self, shared: SharedBound) -> Self {
        self.shared = Some(shared);
        self
    }

    /// `min_t (c_e(s,t) − φ_other(t))` for every strategy `s` of the end `end`.
    fn reach(&self, end: End, out: &mut Vec<f64>) {
        let c = &self.pair[end.edge];
        let [pf, pt] = &self.phi[end.edge];
        out.clear();
        if end.from {
            let cols = pt.len();
            out.extend(
                (0..pf.len()).map(|s| {
                    c[s * cols..(s + 1) * cols].iter().zip(pt).map(|(&x, &f)| x - f).fold(f64::INFINITY, least)
                }),
            );
        } else {
            // Row by row (the matrix is row-major): a column at a time would stride through memory.
            out.resize(pt.len(), f64::INFINITY);
            for (row, &f) in c.chunks_exact(pt.len().max(1)).zip(pf) {
                for (o, &x) in out.iter_mut().zip(row) {
                    *o = least(*o, x - f);
                }
            }
        }
    }

    /// TRW-S's update at `v` in the form of a reparametrization (Kolmogorov's SRMP): the edges to
    /// nodes the pass has already visited give `v` all of their min-marginal, and `v` hands a share
    /// `1 / max(in, out)` of its cost to each edge to a node the pass visits later, keeping the rest.
    fn update(&mut self, v: usize, forward: bool, reach: &mut Vec<Vec<f64>>) {
        let d = self.ends[v].len();
        if d == 0 {
            return;
        }
        reach.resize_with(d, Vec::new);
        for (k, &end) in self.ends[v].iter().enumerate() {
            self.reach(end, &mut reach[k]);
        }
        let visited = |e: &End| (e.other < v) == forward;
        let n_in = self.ends[v].iter().filter(|e| visited(e)).count();
        let n_out = d - n_in;
        let share = 1.0 / n_in.max(n_out) as f64;
        let balanced = self.balanced;
        for s in 0..self.unary[v].len() {
            let total = self.unary[v][s] + reach.iter().map(|r| r[s]).sum::<f64>();
            if !total.is_finite() {
                continue;
            }
            for (k, &end) in self.ends[v].iter().enumerate() {
                let keep = match (balanced, visited(&end)) {
                    (true, _) => total / (d as f64 + 1.0),
                    (false, true) => 0.0,
                    (false, false) => total * share,
                };
                self.phi[end.edge][usize::from(!end.from)][s] = reach[k][s] - keep;
            }
        }
    }

    /// A sweep of updates over every node, in order, that stops early when `effort` is over: `spent`
    /// counts each node's units of work ([`UNITS_PER_S`]), checked every [`CHECK_UNITS`]. A sweep of a
    /// large problem takes seconds; a time limit must not wait for it.
    /// Every node update is an equivalent transformation, so the bound after a partial sweep holds.
    /// Returns whether the sweep completed.
    fn sweep_within(&mut self, effort: &Effort, spent: &mut u64) -> bool {
        let mut reach = Vec::new();
        let mut since = 0u64;
        self.sweeps += 1;
        let forward = self.sweeps % 2 == 1;
        let n = self.unary.len();
        for i in 0..n {
            let v = if forward { i } else { n - 1 - i };
            self.update(v, forward, &mut reach);
            let work = self.node_units[v];
            *spent += work;
            since += work;
            if since >= CHECK_UNITS {
                since = 0;
                if effort.over(*spent) {
                    return false;
                }
            }
        }
        true
    }

    /// An answer read from the reparametrized costs, nodes in order (reversed after a forward sweep):
    /// each takes the strategy of least cost given the strategies read before it, pricing its edges to
    /// nodes already read at their true cost and its other edges by their `φ` (their share of the
    /// node's cost), memory at the current multipliers. Where the relaxation is tight, the answer is an
    /// optimum: the dual then proves a plan its local search missed. `None` when a node has no allowed
    /// strategy.
    pub fn read_answer(&self) -> Option<Vec<usize>> {
        let n = self.unary.len();
        let mut choice: Vec<Option<usize>> = vec![None; n];
        // Against the last sweep's direction: that sweep left the most to the nodes it visited last.
        let backward = self.sweeps % 2 == 1;
        for i in 0..n {
            let v = if backward { n - 1 - i } else { i };
            let mut best: Option<(f64, usize)> = None;
            for s in (0..self.unary[v].len()).filter(|&s| self.unary[v][s].is_finite()) {
                let mut c = self.unary[v][s];
                for end in &self.ends[v] {
                    let e = &self.p.edges[EdgeId::from_u32(u32::try_from(end.edge).ok()?)];
                    let other = if end.from { e.to } else { e.from }.as_u32() as usize;
                    c += match choice[other] {
                        Some(t) => {
                            let cols = self.phi[end.edge][1].len();
                            if end.from { self.pair[end.edge][s * cols + t] } else { self.pair[end.edge][t * cols + s] }
                        }
                        None => self.phi[end.edge][usize::from(!end.from)][s],
                    };
                }
                if best.is_none_or(|(b, _)| c < b) {
                    best = Some((c, s));
                }
            }
            choice[v] = Some(best?.1);
        }
        choice.into_iter().collect()
    }

    /// Diffuse until `effort` is spent, until `stop` is set, or until the bound stops rising; under a memory
    /// limit, move the multipliers between rounds of sweeps by projected subgradient steps (the memory
    /// each slot would hold at every node's cheapest strategy, less the limit). Each better bound is
    /// published in `found`, with its multipliers, as it is proven. Returns the best bound.
    pub fn run(&mut self, effort: &Effort, stop: &AtomicBool, found: &Mutex<Proven>) -> Option<i128> {
        let shared = self.shared.clone();
        let publish = |b: i128, mu: &[f64]| {
            if let Ok(mut f) = found.lock()
                && f.bound.is_none_or(|x| x < b)
            {
                f.bound = Some(b);
                f.multipliers = mu.to_vec();
            }
            if let Some(s) = &shared {
                s.raise(b);
            }
        };
        let best = self.bound()?;
        publish(best, &self.mu);
        let lagrangian = self.p.usage_limit.is_some() && !self.mu.is_empty();
        let cap = self.cap.clone();
        let mut a = self.ascent(best, cap.as_ref());
        while !a.cut && !stop.load(Ordering::Relaxed) {
            if effort.over(a.spent) && !self.goes_past_effort(cap.as_ref(), &mut a) {
                break;
            }
            let limit = match (&cap, a.extended) {
                (Some(cap), true) => cap,
                _ => effort,
            };
            self.sweeps(limit, cap.is_some(), &mut a);
            // Multipliers grown past what the bound evaluates (the limit cannot be met): keep the best.
            let Some(b) = self.bound() else { break };
            a.spent += self.check_units;
            let gain = b - a.best;
            if b > a.best {
                a.best = b;
                publish(b, &self.mu);
                a.best_mu.clone_from(&self.mu);
                a.since_best = 0;
            } else {
                a.since_best += 1;
            }
            // The bound proves the answer given before the run: it cannot rise past it.
            if self.known.is_some_and(|k| a.best >= k) {
                break;
            }
            a.recent.push_back((effort.seconds(a.spent, a.t0), a.best));
            while a.recent.len() > TREND_CHECKS + 1 {
                a.recent.pop_front();
            }
            let next = if lagrangian { self.step_multipliers(b, gain, &mut a) } else { self.balance(gain, &a) };
            if next == Next::Stop {
                break;
            }
        }
        self.worked_s = effort.seconds(a.spent, a.t0);
        if !a.settled && !stop.load(Ordering::Relaxed) {
            // Stopped after the multipliers moved and before a full sweep under them: one more, so
            // that `read_answer` reads a reparametrization of the costs it prices (read without it,
            // K's answer overflowed memory past the local search's repair, in some runs and not others).
            let whole = Effort::until(Instant::now() + Duration::from_secs(SETTLING_SWEEP_CAP_S));
            self.sweep_within(&whole, &mut a.spent);
        }
        Some(a.best)
    }

    /// A run's state from a first bound of `best`. (A resumed run starts from the last run's trend,
    /// its times shifted to end at this run's start.)
    fn ascent(&mut self, best: i128, cap: Option<&Effort>) -> Ascent {
        Ascent {
            spent: 0,
            t0: Instant::now(),
            best,
            step: FIRST_STEP,
            since_best: 0,
            best_mu: self.mu.clone(),
            cut: false,
            settled: true,
            recent: std::collections::VecDeque::from(match self.trend.take() {
                Some([(s0, b0), (s1, b1)]) => [(s0 - s1, b0), (0.0, b1)],
                None => [(0.0, best), (0.0, best)],
            }),
            upper: self.known,
            cap_end: cap.map_or(0.0, |c| c.nominal().as_secs_f64()),
            extended: false,
        }
    }

    /// The effort is spent: does the run go on to its cap? It does while the bound rises fast enough
    /// to close in on the cheapest answer read so far before the cap ends ([`goes_on`]). The trend is
    /// kept for a resumed run either way.
    fn goes_past_effort(&mut self, cap: Option<&Effort>, a: &mut Ascent) -> bool {
        let (previous, latest) = (a.recent[0], a.recent[a.recent.len() - 1]);
        self.trend = Some([previous, latest]);
        if cap.is_none_or(|c| c.over(a.spent)) {
            return false;
        }
        a.upper = a.upper.into_iter().chain(self.read_cost()).min();
        let ((s0, b0), (s1, b1)) = (previous, latest);
        let rate = (b1 - b0) as f64 / (s1 - s0).max(1e-9);
        if !goes_on(a.best, a.upper, rate, s1, a.cap_end) {
            return false;
        }
        a.extended = true;
        true
    }

    /// Up to [`SWEEPS_PER_CHECK`] sweeps within `limit`; one cut short by its effort ends the run
    /// once it is past its effort (or has no cap to go on to).
    fn sweeps(&mut self, limit: &Effort, capped: bool, a: &mut Ascent) {
        for _ in 0..SWEEPS_PER_CHECK {
            if !self.sweep_within(limit, &mut a.spent) {
                a.cut = a.extended || !capped;
                return;
            }
            a.settled = true;
        }
    }

    /// Without multipliers: the run ends when a check gains too little, after one more round of
    /// balanced sweeps.
    fn balance(&mut self, gain: i128, a: &Ascent) -> Next {
        if (gain as f64) < MIN_GAIN * (a.best.unsigned_abs() as f64).max(1.0) {
            if self.balanced {
                return Next::Stop;
            }
            self.balanced = true;
        }
        Next::Go
    }

    /// Under a memory limit, after a check that bounded `b` (gaining `gain` on the best): a step of
    /// the multipliers, once the sweeps have settled.
    fn step_multipliers(&mut self, b: i128, gain: i128, a: &mut Ascent) -> Next {
        // While the sweeps still raise the best bound quickly, the multipliers stay: a step prices
        // memory by each node's cheapest strategy, which means little before the sweeps settle,
        // and every step unsettles them again (on the 70B step on a multi-slice mesh, steps at
        // every check held the bound near 4,600 ms where the sweeps alone rose past 5,300).
        if (gain as f64) > SETTLED_GAIN * (a.best.unsigned_abs() as f64).max(1.0) {
            return Next::Go;
        }
        // A step that threw the bound back is undone (the multipliers go back to the best bound's)
        // and the next one is half as long: the subgradient (the memory at each node's cheapest
        // strategy) is only an estimate where the sweeps have not settled, and steps that follow it
        // on lowered the bound of the 70B step on a multi-slice mesh from 5,323 ms to below zero.
        let thrown_back = b < a.best && self.mu != a.best_mu;
        if thrown_back || a.since_best >= STEP_PATIENCE {
            a.step /= 2.0;
            a.since_best = 0;
            if a.step < LAST_STEP {
                // The ordered sweeps settled: the balanced ones may go on from there, once.
                if self.balanced {
                    return Next::Stop;
                }
                (self.balanced, a.step) = (true, FIRST_STEP);
            }
            if thrown_back {
                self.mu.clone_from(&a.best_mu);
                self.charge();
                a.settled = false;
                return Next::Go;
            }
        }
        let target = a.best as f64 + TARGET_RISE * (a.best.unsigned_abs() as f64).max(1.0);
        self.move_multipliers(b, target, a.step);
        a.spent += self.check_units;
        a.settled = false;
        Next::Go
    }

    /// One projected subgradient step on `μ` from a bound of `now` towards `target` (Polyak's rule),
    /// then the node costs recharged.
    fn move_multipliers(&mut self, now: i128, target: f64, step: f64) {
        let Some(limit) = self.p.usage_limit else { return };
        let mut level = vec![0i128; self.mu.len() + 1];
        for v in 0..self.unary.len() {
            let (lo, hi) = self.slots[v];
            if lo >= hi {
                continue;
            }
            let here = |s: usize| {
                self.unary[v][s]
                    + self.ends[v].iter().map(|end| self.phi[end.edge][usize::from(!end.from)][s]).sum::<f64>()
            };
            let pick = (0..self.unary[v].len()).min_by(|&a, &b| here(a).total_cmp(&here(b))).unwrap_or(0);
            level[lo] += self.usage[v][pick];
            level[hi] -= self.usage[v][pick];
        }
        let mut g = vec![0.0; self.mu.len()];
        let mut run = 0i128;
        for (k, gk) in g.iter_mut().enumerate() {
            run += level[k];
            let d = (run - i128::from(limit)) as f64;
            // Projected: a slot at μ = 0 under the limit cannot move.
            *gk = if self.mu[k] > 0.0 || d > 0.0 { d } else { 0.0 };
        }
        let norm2: f64 = g.iter().map(|x| x * x).sum();
        if norm2 == 0.0 {
            return;
        }
        let alpha = step * (target - now as f64).max(0.0) / norm2;
        for (m, gk) in self.mu.iter_mut().zip(&g) {
            *m = (*m + alpha * gk).max(0.0);
        }
        self.charge();
    }

    /// The node costs charged for memory at the current multipliers.
    fn charge(&mut self) {
        let charges = SlotSums::new(&self.mu);
        for v in 0..self.unary.len() {
            let charge = charges.over(self.slots[v]);
            for s in 0..self.unary[v].len() {
                self.unary[v][s] = self.base[v][s] + self.usage[v][s] as f64 * charge;
            }
        }
    }
}

/// Whether a run goes on after a check.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    Go,
    Stop,
}

/// A [`Diffusion::run`]'s state between its checks.
struct Ascent {
    /// Units of work spent, and when the run started.
    spent: u64,
    t0: Instant,
    /// The best bound, and the multipliers it was proved under.
    best: i128,
    best_mu: Vec<f64>,
    /// The multipliers' step length, and the checks since the best bound last rose.
    step: f64,
    since_best: usize,
    /// A sweep was cut short by its effort where the run cannot go on.
    cut: bool,
    /// Whether `φ` was last swept in full under the current `μ` (an answer read from it then fits
    /// the memory it prices).
    settled: bool,
    /// The seconds of work and best bound at the last checks, from `TREND_CHECKS` checks before the
    /// latest (the rate of rise is between its ends).
    recent: std::collections::VecDeque<(f64, i128)>,
    /// Past the effort: the cheapest answer read so far.
    upper: Option<i128>,
    /// Where the cap the run may go on to past its effort ends (seconds of work).
    cap_end: f64,
    /// Whether the run went on past its effort.
    extended: bool,
}

/// Does a run past its share go on, its best bound `best` rising at `rate` per second of work at
/// `at` seconds, its cap ending at `cap_end`, the cheapest answer known costing `upper`? While the
/// bound, rising at that rate, would reach the answer before the cap ends (a dual about to prove an
/// answer finishes), and while it rises by at least [`STEEP_RISE_PER_S`] of its value a second,
/// whatever answer is known: the searches after it start from its prices, and an answer far above
/// it (read from prices not yet settled) says little about where it will settle (on the 70B step on
/// a multi-slice mesh the answer read was 53% above a bound rising 4% a second, and the dual
/// stopped 5.7% below the plan).
fn goes_on(best: i128, upper: Option<i128>, rate: f64, at: f64, cap_end: f64) -> bool {
    let steep = rate >= STEEP_RISE_PER_S * (best.unsigned_abs() as f64).max(1.0);
    let closing = upper.is_some_and(|u| u > best && rate > 0.0 && at + (u - best) as f64 / rate <= cap_end);
    steep || closing
}

#[cfg(test)]
mod tests;
