//! Local search over clusters ([`crate::clusters`]): every move sets whole clusters to one of their
//! consistent options, so no move ever pays a forbidden matching pair, and chains of thousands of nodes
//! move at once. Two views are kept in step: the coarse problem's search state (costs and the graph
//! between clusters) and the original problem's (the exact memory profile).
//!
//! Moves: best response of one cluster, and sweeps of tree moves over random induced forests of the
//! coarse graph ([`crate::search::trees`]), each accepted only when the cost falls and memory fits. A tree
//! refused for memory raises a penalty on the memory slots it would have overflowed (a Lagrangian-style
//! multiplier that decays after each sweep); the trees' dynamic programming pays it per unit of usage,
//! which steers later sweeps towards answers that fit. When a sweep finds nothing, a knapsack move
//! re-shares the memory of the tightest slot among many clusters at once (`knapsack.rs`); when that
//! finds nothing either, a random connected region is re-drawn (iterated local search); the best answer
//! is kept.
//!
//! The Lagrangian search ([`ClusterSearch::run_lagrangian`], in `cluster_lagrangian.rs`) moves on the same state with
//! memory priced into the costs instead. Searches on different threads share their best answer through a
//! [`Board`], on which the Lagrangian search also offers every answer that fits it finds; every
//! `CROSSOVER_EVERY_S` seconds the feasible search crosses its answer with the latest offer (`crossover.rs`:
//! a MIP over the clusters where the two differ). When
//! memory cannot bind, a Lagrangian search would be a plain descent; the team's other searches then explore
//! instead ([`ClusterSearch::exploring`]): the same search from another start, posting what it finds. How the
//! searches are put together in teams and episodes is [`crate::clusters::portfolio`]'s.

mod cluster_lagrangian;
mod cluster_regions;
mod crossover;
mod hubs;
mod knapsack;

pub use hubs::{HUB_MIN_DEGREE, hubs};

use crate::backend::{Progress, Solution, Status};
use crate::clusters::Clusters;
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::ChoiceProblem;
use crate::problem::memory::SlotSums;
use crate::rng::Rng;
use crate::search::state::{Search, Worklist};
use crate::time_shares::{CROSSOVER_BUDGET_S, CROSSOVER_EVERY_S, RESTART_EVERY_S};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Work units (cluster moves, member updates and cost terms read, [`ClusterSearch::spent`]) a search
/// over clusters counts as one second in a deterministic solve: below the rate measured on the contest
/// instances, so that the work, not the clock, normally ends it.
pub const UNITS_PER_S: f64 = 1.5e7;

/// A slot's usage penalty starts here when a tree move would overflow it (cost units per usage unit)…
const FIRST_PENALTY: f64 = 1e-3;
/// …grows by this factor at each further overflow…
const PENALTY_GROWTH: f64 = 2.0;
/// …and decays by this factor after every sweep (the best of the decays tried).
const PENALTY_DECAY: f64 = 0.8;
/// Clusters re-drawn per perturbation, at most.
const PERTURB_CLUSTERS: u64 = 8;
/// The forbidden-cost marker, as a total.
const FORBIDDEN: i128 = crate::problem::FORBIDDEN_COST as i128;
/// Seconds between progress reports.
const PROGRESS_EVERY_S: f64 = 1.0;

/// What became of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum MoveResult {
    /// Applied.
    Kept,
    /// Undone: not cheaper.
    NotCheaper,
    /// Undone: cheaper, but memory would not fit; the slots it would have overflowed.
    NoRoom(Vec<usize>),
}

/// The best answer a team of searches (one per thread) has found, so that the feasible search can take
/// over a better answer another search found and improve it further; and the latest answer offered for
/// a crossover.
#[derive(Debug, Default)]
pub struct Board {
    best: Mutex<Option<(i128, Vec<usize>)>>,
    /// The latest answer offered for a crossover (options), not yet taken.
    recent: Mutex<Option<Vec<usize>>>,
}

impl Board {
    /// Post an answer that fits (options, cost); kept if it is the best so far.
    fn post(&self, cost: i128, x: &[usize]) {
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        if best.as_ref().is_none_or(|b| cost < b.0) {
            *best = Some((cost, x.to_vec()));
        }
    }

    /// Offer an answer that fits for a crossover with another search's (replacing one not yet taken).
    fn offer(&self, x: &[usize]) {
        *self.recent.lock().unwrap_or_else(|e| e.into_inner()) = Some(x.to_vec());
    }

    /// The latest answer offered, once.
    fn take_offer(&self) -> Option<Vec<usize>> {
        self.recent.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// The best answer, if it is cheaper than `cost`.
    fn cheaper_than(&self, cost: i128) -> Option<(i128, Vec<usize>)> {
        let best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        best.as_ref().filter(|b| b.0 < cost).cloned()
    }
}

/// Search state over clusters.
pub struct ClusterSearch<'p> {
    cl: &'p Clusters,
    /// The coarse problem's state (`x`: each cluster's option).
    coarse: Search<'p>,
    /// The original problem's state (`x`: the expanded assignment).
    fine: Search<'p>,
    /// Per memory slot: its usage penalty.
    mu: Vec<f64>,
    /// Where the team's best answer is shared, if the search is part of one.
    board: Option<&'p Board>,
    /// Memory prices a Lagrangian search starts from (per slot; zero when none are given).
    prices: Vec<f64>,
    /// The clusters' live members, for pricing memory.
    live: LiveUsage,
    /// An explorer ([`ClusterSearch::exploring`]): posts its best answers, takes over none.
    explores: bool,
    /// How often a Lagrangian search starts again ([`ClusterSearch::restarting_every`]).
    restart_every: Duration,
    /// Work done in this search's own moves (see [`ClusterSearch::spent`]).
    work: u64,
}

/// Per cluster: the slot ranges of its live members, and per option their usages, in `f64` (what
/// [`ClusterSearch::penalties`] and the knapsack moves need, gathered once).
struct LiveUsage {
    spans: Vec<Vec<(usize, usize)>>,
    usage: Vec<Vec<Vec<f64>>>,
    /// The usages held, all clusters' options' members together: the work of pricing them.
    size: u64,
}

impl LiveUsage {
    fn new(cl: &Clusters, fine: &Search<'_>) -> LiveUsage {
        let live =
            |c: usize| cl.members[c].iter().enumerate().filter(|&(_, &m)| fine.mem.slots[m].0 < fine.mem.slots[m].1);
        let usage: Vec<Vec<Vec<f64>>> = (0..cl.len())
            .map(|c| {
                let opts = &cl.options[c];
                opts.iter().map(|o| live(c).map(|(i, &m)| fine.usages[m][o[i] as usize] as f64).collect()).collect()
            })
            .collect();
        let size = usage.iter().flatten().map(|u| u.len() as u64 + 1).sum();
        LiveUsage {
            spans: (0..cl.len()).map(|c| live(c).map(|(_, &m)| fine.mem.slots[m]).collect()).collect(),
            usage,
            size,
        }
    }
}

impl<'p> ClusterSearch<'p> {
    /// A search over `q`'s clusters `cl`, whose coarse problem is `coarse`, starting from `start`
    /// (options), or from the coarse problem's greedy answer.
    pub fn new(q: &'p ChoiceProblem, cl: &'p Clusters, coarse: &'p ChoiceProblem, start: Option<Vec<usize>>) -> Self {
        let mut cs = Search::new(coarse);
        match start {
            Some(x) => {
                cs.x = x;
                cs.reset();
            }
            None => cs.greedy(),
        }
        let mut fine = Search::new(q);
        fine.x = cl.lift(&cs.x);
        fine.reset();
        let slots = fine.mem.slots.iter().map(|s| s.1).max().unwrap_or(0);
        let live = LiveUsage::new(cl, &fine);
        ClusterSearch {
            cl,
            coarse: cs,
            fine,
            mu: vec![0.0; slots],
            board: None,
            prices: Vec::new(),
            live,
            explores: false,
            restart_every: Duration::from_secs(RESTART_EVERY_S),
            work: 0,
        }
    }

    /// Start a Lagrangian search ([`ClusterSearch::run_lagrangian`]) from these memory prices (per
    /// memory slot, such as the dual bound's multipliers, [`crate::bound::Proven`]) instead of zero.
    pub fn priced(mut self, prices: Vec<f64>) -> Self {
        self.prices = prices;
        self
    }

    /// Run [`ClusterSearch::run`] as a team's explorer: post every better answer on the board (for the
    /// first search to take over) and neither take over the team's answers nor cross with them, so that
    /// the explorer stays in its own basin.
    pub fn exploring(mut self) -> Self {
        self.explores = true;
        self
    }

    /// Let a Lagrangian search ([`ClusterSearch::run_lagrangian`]) start again from its start and first
    /// multipliers this often (by default every `time_shares::RESTART_EVERY_S` seconds).
    pub fn restarting_every(mut self, every: Duration) -> Self {
        self.restart_every = every;
        self
    }

    /// Share answers through `board` with the other searches of a team.
    pub fn sharing(mut self, board: &'p Board) -> Self {
        self.board = Some(board);
        self
    }

    /// Move to the options `x`.
    fn go_to(&mut self, x: &[usize]) {
        for (c, &o) in x.iter().enumerate() {
            self.set(c, o);
        }
    }

    /// Current cost.
    pub fn cost(&self) -> i128 {
        self.coarse.cost
    }

    /// The current options, one per cluster.
    pub fn options(&self) -> &[usize] {
        &self.coarse.x
    }

    /// Work done so far: cluster moves and their members' memory updates, and the cost terms both
    /// views read. What a deterministic search's [`Effort`] counts.
    pub fn spent(&self) -> u64 {
        self.work + self.coarse.work + self.fine.work
    }

    /// Cross the current answer with `other` (options, one per cluster) for at most
    /// `CROSSOVER_BUDGET_S` seconds (and not past `effort`'s deadline), then descend; returns whether
    /// the answer became cheaper (it stays where it was otherwise).
    pub fn cross_with(&mut self, other: &[usize], effort: &Effort) -> bool {
        let before = self.cost();
        if !self.feasible() || !self.crossover(other, Duration::from_secs_f64(CROSSOVER_BUDGET_S), effort) {
            return false;
        }
        self.descend(&[], effort);
        self.cost() < before
    }

    /// Does memory fit?
    pub fn feasible(&self) -> bool {
        self.fine.feasible()
    }

    fn set(&mut self, c: usize, o: usize) {
        if self.coarse.x[c] == o {
            return;
        }
        self.coarse.set(c, o);
        self.work += 1 + self.cl.members[c].len() as u64;
        for (i, &m) in self.cl.members[c].iter().enumerate() {
            self.fine.set_memory_only(m, self.cl.options[c][o][i] as usize);
        }
    }

    /// Set several clusters; keep the change if the cost falls and memory fits (or, when memory did not
    /// fit before, the peak falls without the cost rising).
    fn try_move(&mut self, moves: &[(usize, usize)]) -> MoveResult {
        let old: Vec<(usize, usize)> = moves.iter().map(|&(c, _)| (c, self.coarse.x[c])).collect();
        let (cost, peak, fit) = (self.coarse.cost, self.fine.mem.peak(), self.feasible());
        for &(c, o) in moves {
            self.set(c, o);
        }
        let cheaper = if fit { self.coarse.cost < cost } else { self.coarse.cost <= cost };
        let room = if fit { self.feasible() } else { self.fine.mem.peak() < peak };
        if cheaper && room {
            return MoveResult::Kept;
        }
        let verdict = if cheaper {
            MoveResult::NoRoom(self.fine.mem.slots_over(self.fine.limit.unwrap_or(i128::MAX)))
        } else {
            MoveResult::NotCheaper
        };
        for &(c, o) in old.iter().rev() {
            self.set(c, o);
        }
        verdict
    }

    /// Best responses of single clusters until none improves (or `effort`'s deadline passes); `dirty`
    /// seeds the worklist (all clusters when empty).
    pub fn descend(&mut self, dirty: &[usize], effort: &Effort) {
        let mut work = Worklist::new(self.cl.len(), dirty);
        let mut steps = 0u64;
        while let Some(c) = work.pop() {
            steps += 1;
            if steps.is_multiple_of(256) && effort.late() {
                return;
            }
            let k = self.cl.options[c].len();
            if k < 2 {
                continue;
            }
            self.work += (k * (self.coarse.arcs[c].len() + 1)) as u64;
            let here = self.coarse.local_cost(c, self.coarse.x[c]);
            let mut better: Vec<(i128, usize)> =
                (0..k).map(|o| (self.coarse.local_cost(c, o) - here, o)).filter(|d| d.0 < 0).collect();
            better.sort_unstable();
            if better.iter().any(|&(_, o)| self.try_move(&[(c, o)]) == MoveResult::Kept) {
                for a in &self.coarse.arcs[c] {
                    work.push(a.other);
                }
            }
        }
    }

    /// Per cluster, per option: its members' usage weighted by `weights` (one per memory slot) summed
    /// over their live slots.
    fn penalties(&self, weights: &[f64]) -> Vec<Vec<f64>> {
        let sums = SlotSums::new(weights);
        let live = &self.live;
        (0..self.cl.len())
            .map(|c| {
                let w: Vec<f64> = live.spans[c].iter().map(|&span| sums.over(span)).collect();
                live.usage[c].iter().map(|u| u.iter().zip(&w).map(|(u, w)| u * w).sum()).collect()
            })
            .collect()
    }

    /// One sweep of tree moves over a random induced forest of the coarse graph. Returns the trees moved.
    pub fn forest_sweep(&mut self, rng: &mut Rng) -> usize {
        let f = self.coarse.random_forest(rng);
        let pen = self.penalties(&self.mu);
        self.work += self.live.size;
        let mut moved = 0;
        for tree in &f.trees {
            if tree.len() < 2 {
                continue;
            }
            let choice = self.coarse.tree_optimum(&f, tree, &|c, o| pen[c][o]);
            let moves: Vec<(usize, usize)> =
                tree.iter().zip(&choice).filter(|(c, o)| self.coarse.x[**c] != **o).map(|(&c, &o)| (c, o)).collect();
            if moves.is_empty() {
                continue;
            }
            match self.try_move(&moves) {
                MoveResult::Kept => moved += 1,
                MoveResult::NotCheaper => {}
                MoveResult::NoRoom(over) => {
                    // Raise the penalty of every slot the move would have overflowed.
                    for k in over {
                        self.mu[k] = (self.mu[k] * PENALTY_GROWTH).max(FIRST_PENALTY);
                    }
                }
            }
        }
        for m in &mut self.mu {
            *m *= PENALTY_DECAY;
        }
        moved
    }

    /// Lower memory at the peak until it fits, each time taking the cluster move that saves the most
    /// memory there per unit of cost. Returns whether memory fits.
    pub fn repair(&mut self) -> bool {
        let mut guard = 0;
        while !self.feasible() {
            guard += 1;
            if guard > 4 * self.cl.len() + 100 {
                return false;
            }
            let (slot, _) = self.fine.mem.peak_slot();
            self.work += self.fine.x.len() as u64;
            let live = |v: usize| self.fine.mem.slots[v].0 <= slot && slot < self.fine.mem.slots[v].1;
            let mut clusters: Vec<usize> = (0..self.fine.x.len()).filter(|&v| live(v)).map(|v| self.cl.of[v]).collect();
            clusters.sort_unstable();
            clusters.dedup();
            let mut best: Option<(f64, usize, usize)> = None;
            for &c in &clusters {
                let cur = self.coarse.x[c];
                let here = self.coarse.local_cost(c, cur);
                for o in 0..self.cl.options[c].len() {
                    let saved: i128 = self.cl.members[c]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &m)| live(m))
                        .map(|(i, _)| {
                            self.fine.usages[self.cl.members[c][i]][self.cl.options[c][cur][i] as usize]
                                - self.fine.usages[self.cl.members[c][i]][self.cl.options[c][o][i] as usize]
                        })
                        .sum();
                    if saved <= 0 {
                        continue;
                    }
                    let extra = (self.coarse.local_cost(c, o) - here).max(0) as f64;
                    let score = extra / saved as f64;
                    if best.is_none_or(|b| score < b.0) {
                        best = Some((score, c, o));
                    }
                }
            }
            match best {
                Some((_, c, o)) => self.set(c, o),
                None => return false,
            }
        }
        true
    }

    /// Re-draw a small connected region of clusters at random; returns the clusters to revisit.
    fn perturb(&mut self, rng: &mut Rng) -> Vec<usize> {
        let n = self.cl.len();
        let want = 1 + rng.below(PERTURB_CLUSTERS) as usize;
        let mut region = vec![rng.below(n as u64) as usize];
        let mut i = 0;
        while region.len() < want && i < region.len() {
            for a in &self.coarse.arcs[region[i]] {
                if region.len() < want && !region.contains(&a.other) {
                    region.push(a.other);
                }
            }
            i += 1;
        }
        for &c in &region {
            let k = self.cl.options[c].len();
            if k > 1 {
                let o = rng.below(k as u64) as usize;
                self.set(c, o);
            }
        }
        let mut dirty = region.clone();
        for &c in &region {
            dirty.extend(self.coarse.arcs[c].iter().map(|a| a.other));
        }
        dirty
    }

    /// An explorer's new best answer goes on the team's board; other searches keep theirs.
    fn post_if_exploring(&self, cost: i128, x: &[usize]) {
        if let (true, Some(board)) = (self.explores, self.board) {
            board.post(cost, x);
        }
    }

    /// Search until `effort` is spent; returns the best answer that fits memory (original indices), if
    /// any. Its crossovers come every `CROSSOVER_EVERY_S` seconds of `effort` (in a deterministic solve,
    /// of its work).
    pub fn run(&mut self, seed: u64, effort: &Effort, progress: &mut dyn FnMut(&Progress)) -> Option<Solution> {
        let (t0, w0) = (Instant::now(), self.spent());
        let mut rng = Rng::new(seed);
        if !self.feasible() && !self.repair() {
            // No start that fits: the team's best answer, if there is one yet.
            let (_, x) = self.board.and_then(|b| b.cheaper_than(i128::MAX))?;
            self.go_to(&x);
        }
        self.descend(&[], effort);
        // An answer that pays a forbidden cost (between clusters) is none: until one is found, any
        // cost below the marker beats the best.
        let mut best = (self.cost().min(FORBIDDEN), self.coarse.x.clone(), 0.0);
        if best.0 < FORBIDDEN {
            self.post_if_exploring(best.0, &best.1);
        }
        let mut last_report = 0.0;
        let mut idle = 0;
        let mut next_crossover = CROSSOVER_EVERY_S;
        while !effort.over(self.spent() - w0) {
            // Cross the current answer with the latest one the Lagrangian search offered.
            let now_s = effort.seconds(self.spent() - w0, t0);
            if !self.explores && now_s >= next_crossover && self.feasible() {
                if let Some(other) = self.board.and_then(Board::take_offer)
                    && self.crossover(&other, Duration::from_secs_f64(CROSSOVER_BUDGET_S), effort)
                    && self.cost() < best.0
                {
                    best = (self.cost(), self.coarse.x.clone(), t0.elapsed().as_secs_f64());
                }
                next_crossover = now_s + CROSSOVER_EVERY_S;
            }
            let mut moved = self.forest_sweep(&mut rng);
            if moved == 0 && self.knapsack_move(&mut rng) {
                moved = 1;
            }
            if moved > 0 {
                self.descend(&[], effort);
                idle = 0;
            } else {
                idle += 1;
            }
            if idle >= 2 {
                let dirty = self.perturb(&mut rng);
                self.descend(&dirty, effort);
                if !self.feasible() {
                    self.repair();
                }
            }
            if self.feasible() && self.cost() < best.0 {
                best = (self.cost(), self.coarse.x.clone(), t0.elapsed().as_secs_f64());
                self.post_if_exploring(best.0, &best.1);
            } else if self.cost() > best.0 || !self.feasible() {
                let back = best.1.clone();
                self.go_to(&back);
            }
            // Take over a better answer another search of the team found.
            if let Some((cost, x)) = self.board.filter(|_| !self.explores).and_then(|b| b.cheaper_than(best.0)) {
                self.go_to(&x);
                best = (cost, x, t0.elapsed().as_secs_f64());
            }
            let el = t0.elapsed().as_secs_f64();
            if el - last_report >= PROGRESS_EVERY_S {
                last_report = el;
                let incumbent = (best.0 < FORBIDDEN).then_some(best.0);
                progress(&Progress { phase: Phase::ClusterSearch, elapsed: el, incumbent, bound: None });
            }
        }
        if best.0 >= FORBIDDEN {
            return None;
        }
        Some(Solution {
            choice: self.cl.lift(&best.1),
            cost: best.0,
            bound: 0,
            status: Status::Heuristic,
            time_to_best: best.2,
        })
    }
}

/// For tests: the seeded random problems `0..n` that have clusters, each with its seed, its clusters and
/// their coarse problem.
#[cfg(test)]
pub(crate) fn clustered_cases(n: u64) -> impl Iterator<Item = (u64, ChoiceProblem, Clusters, ChoiceProblem)> {
    (0..n).filter_map(|seed| {
        let p = crate::testing::clustered_problem(seed);
        let cl = Clusters::find(&p).ok()?;
        let coarse = cl.coarse(&p);
        Some((seed, p, cl, coarse))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::eval::evaluate;

    #[test]
    fn the_board_keeps_the_cheapest_answer() {
        let board = Board::default();
        assert_eq!(board.cheaper_than(i128::MAX), None);
        board.post(10, &[1, 2]);
        board.post(12, &[3, 4]);
        assert_eq!(board.cheaper_than(11), Some((10, vec![1, 2])));
        assert_eq!(board.cheaper_than(10), None);
    }

    /// An explorer posts its best answer on the team's board and takes over none: with a (claimed)
    /// cheaper answer on the board, it still returns its own, which the evaluator confirms; the first
    /// search of a team takes that answer over.
    #[test]
    fn an_explorer_posts_its_answers_and_takes_over_none() {
        let mut checked = 0;
        for (seed, p, cl, coarse) in clustered_cases(60) {
            let soon = || Effort::until(Instant::now() + Duration::from_millis(20));
            // Its own answer lands on an empty board.
            let board = Board::default();
            let mut explorer = ClusterSearch::new(&p, &cl, &coarse, None).sharing(&board).exploring();
            let Some(own) = explorer.run(seed, &soon(), &mut |_| {}) else { continue };
            let posted = board.cheaper_than(i128::MAX).expect("the explorer posted its answer");
            assert_eq!(posted.0, own.cost, "seed {seed}");
            assert_eq!(cl.lift(&posted.1), own.choice, "seed {seed}");
            // A claimed cheaper answer on the board is left alone by the explorer…
            let claimed = own.cost - 1_000_000;
            let board = Board::default();
            board.post(claimed, &posted.1);
            let mut explorer = ClusterSearch::new(&p, &cl, &coarse, None).sharing(&board).exploring();
            let mine = explorer.run(seed, &soon(), &mut |_| {}).expect("an answer that fits");
            let e = evaluate(&p, &mine.choice).expect("a valid assignment");
            assert!(e.is_feasible() && e.cost == mine.cost && mine.cost > claimed, "seed {seed}");
            // …and taken over by a first search.
            let mut first = ClusterSearch::new(&p, &cl, &coarse, None).sharing(&board);
            assert_eq!(first.run(seed, &soon(), &mut |_| {}).map(|s| s.cost), Some(claimed), "seed {seed}");
            checked += 1;
        }
        assert!(checked > 20, "only {checked} problems checked");
    }

    /// On seeded random problems with clusters, an option's penalty is its members' usage times the
    /// weights summed over each member's live slots, counted member by member.
    #[test]
    fn penalties_price_each_live_member_over_its_slots() {
        let mut checked = 0;
        for (seed, p, cl, coarse) in clustered_cases(100) {
            let cs = ClusterSearch::new(&p, &cl, &coarse, None);
            let mut rng = Rng::new(seed);
            let weights: Vec<f64> = (0..cs.mu.len()).map(|_| rng.below(100) as f64 / 10.0).collect();
            let pen = cs.penalties(&weights);
            for (c, options) in cl.options.iter().enumerate() {
                for (o, option) in options.iter().enumerate() {
                    let want: f64 = cl.members[c]
                        .iter()
                        .zip(option)
                        .map(|(&m, &s)| {
                            let (lo, hi) = cs.fine.mem.slots[m];
                            (lo..hi).map(|k| weights[k] * cs.fine.usages[m][s as usize] as f64).sum::<f64>()
                        })
                        .sum();
                    assert!(
                        (pen[c][o] - want).abs() <= 1e-9 * want.abs().max(1.0),
                        "seed {seed}: {} != {want}",
                        pen[c][o]
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} options checked");
    }
}
