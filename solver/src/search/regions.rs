//! Large-neighbourhood search with exact sub-problems: free a connected region of the graph, fix every
//! other node at its current strategy, and solve the region exactly: the region is posed as a problem
//! of its own (edges to fixed nodes folded into node costs, memory as budget rows against what the fixed
//! nodes use) and solved by the HiGHS backend, the same formulation and the same guards as every other
//! MIP. The current assignment is the MIP start, and an answer is kept only when it is no dearer and
//! fits. Used where the full MIP is too large for the time limit.

use crate::backend::{Backend, Progress, SolveOptions, Status};
use crate::effort::Effort;
use crate::exact::Highs;
use crate::phase::Phase;
use crate::problem::{Budget, ChoiceProblem, Cost, Edge, FORBIDDEN_COST, Node, NodeId, Strategy, Term};
use crate::rng::Rng;
use crate::search::state::Search;
use crate::time_shares::{REGION_COUNTS_S, REGION_SHARE, REGION_TIME_S};
use cranelift_entity::EntityRef;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// Decision nodes in a region at first; adapted to how fast regions solve.
pub const START_REGION: usize = 300;
/// Smallest and largest region.
pub const REGION_RANGE: (usize, usize) = (40, 4000);

/// Improve `s` by region re-optimization until `effort` is spent. Returns the number of regions
/// solved. In a deterministic solve (`effort` counted) each region counts `REGION_COUNTS_S` seconds,
/// regions grow when HiGHS proves them and shrink when it does not (by the clock otherwise: when they
/// solve in a quarter of their budget), and HiGHS stopped by its time limit tells `effort`'s watch.
pub fn improve(
    s: &mut Search<'_>,
    effort: &Effort,
    seed: u64,
    threads: u32,
    t0: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> usize {
    let deadline = effort.deadline();
    let mut spent = 0u64;
    let n = s.x.len();
    let decision: Vec<usize> = (0..n).filter(|&v| s.costs[v].len() > 1).collect();
    if decision.is_empty() {
        return 0;
    }
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut size = START_REGION.min(decision.len());
    let mut rounds = 0;
    let mut last_report = Instant::now();
    // First a sweep in program order (by interval start), then random regions.
    let mut order = decision.clone();
    order.sort_by_key(|&v| (s.intervals[v].0, v));
    let mut sweep = 0usize;
    let mut covered = vec![false; n];
    while !effort.over(spent) {
        if Instant::now() + Duration::from_millis(50) >= deadline {
            if effort.counted() {
                effort.watch().clock_ended();
            }
            break;
        }
        let seed_node = if sweep < order.len() {
            while sweep < order.len() && covered[order[sweep]] {
                sweep += 1;
            }
            match order.get(sweep) {
                Some(&v) => v,
                None => continue,
            }
        } else {
            decision[rng.below(decision.len() as u64) as usize]
        };
        let region = grow(s, seed_node, size);
        for &v in &region {
            covered[v] = true;
        }
        // Leave room before the deadline (HiGHS used to overrun its time limit on hard regions).
        let budget =
            (deadline.saturating_duration_since(Instant::now()).as_secs_f64() * REGION_SHARE).min(REGION_TIME_S);
        if budget < REGION_TIME_S && effort.counted() {
            // The clock, not the work, set this region's budget.
            effort.watch().clock_ended();
        }
        if budget < 0.05 {
            break;
        }
        let t = Instant::now();
        let outcome = solve_region(s, &region, budget, (threads, rng.next_u64()), effort);
        let quick = t.elapsed().as_secs_f64() < budget * 0.25 || effort.counted();
        rounds += 1;
        spent += effort.units(REGION_COUNTS_S);
        // Grow regions that solve to optimality (quickly); shrink those that run out of time.
        match outcome {
            Some(true) if quick => size = (size * 5 / 4 + 1).min(REGION_RANGE.1),
            Some(false) | None => size = (size * 3 / 4).max(REGION_RANGE.0),
            _ => {}
        }
        if last_report.elapsed().as_secs_f64() >= 1.0 {
            last_report = Instant::now();
            progress(&Progress {
                phase: Phase::Regions,
                elapsed: t0.elapsed().as_secs_f64(),
                incumbent: s.answer_cost(),
                bound: None,
            });
        }
    }
    rounds
}

/// Nodes with more edges than this are hubs: a region may include one but does not grow through it
/// (its neighbours would swamp the region).
pub const HUB_DEGREE: usize = 32;

/// A connected region of up to `size` decision nodes around `seed` (breadth first, not through hubs).
fn grow(s: &Search<'_>, seed: usize, size: usize) -> Vec<usize> {
    let mut seen = HashMap::new();
    let mut q = VecDeque::from([seed]);
    seen.insert(seed, ());
    let mut region = Vec::new();
    while let Some(v) = q.pop_front() {
        if s.costs[v].len() > 1 {
            region.push(v);
            if region.len() >= size {
                break;
            }
        }
        if s.arcs[v].len() > HUB_DEGREE && v != seed {
            continue;
        }
        for a in &s.arcs[v] {
            if seen.insert(a.other, ()).is_none() {
                q.push_back(a.other);
            }
        }
    }
    region
}

/// Relative gap at which a region's MIP stops (HiGHS's tolerance: the region is solved exactly).
const REGION_MIP_GAP: f64 = 1e-6;

/// Solve one region exactly (within `budget` seconds; threads and seed for HiGHS) and apply the answer
/// if it is better. `Some(true)` when the region was solved to optimality, `Some(false)` when time ran
/// out (which `effort`'s watch hears, in a deterministic solve), `None` on failure.
fn solve_region(
    s: &mut Search<'_>,
    region: &[usize],
    budget: f64,
    (threads, seed): (u32, u64),
    effort: &Effort,
) -> Option<bool> {
    let mut sub = region_problem(s, region);
    if let Some(limit) = s.limit {
        sub.budgets = memory_rows(s, region, limit)?;
    }
    let old: Vec<usize> = region.iter().map(|&v| s.x[v]).collect();
    let opts = SolveOptions {
        mip_gap: REGION_MIP_GAP,
        threads,
        seed,
        warm_start: Some(old.clone()),
        ..SolveOptions::within(effort, Duration::from_secs_f64(budget.max(0.05)))
    };
    let sol = Highs.solve(&sub, &opts, &mut |_| {}).ok()?;
    let before = s.cost;
    for (&v, &best) in region.iter().zip(&sol.choice) {
        s.set(v, best);
    }
    let fits = s.limit.is_none_or(|l| s.mem.peak() <= l);
    if s.cost > before || !fits {
        for (&v, &o) in region.iter().zip(&old) {
            s.set(v, o);
        }
    }
    Some(sol.status == Status::Optimal)
}

/// The problem over `region` (distinct nodes of `s`) with every other node kept where it is, without
/// memory: each region node's strategies cost their own cost plus the edges to kept nodes at their
/// current strategies (and an edge to itself), and edges inside the region stay edges. Memory is the
/// caller's to add, as budget rows: [`memory_rows`] here, the clusters' members' usage for the region
/// MIPs over clusters.
pub(crate) fn region_problem(s: &Search<'_>, region: &[usize]) -> ChoiceProblem {
    let index: HashMap<usize, usize> = region.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut sub = ChoiceProblem { name: "region".into(), ..ChoiceProblem::default() };
    for &v in region {
        let mut cost: Vec<i128> = s.costs[v].iter().map(|&c| c as i128).collect();
        for a in &s.arcs[v] {
            if a.other == v {
                for (sv, c) in cost.iter_mut().enumerate() {
                    *c += s.ecost(a, sv, sv) as i128;
                }
            } else if !index.contains_key(&a.other) {
                let so = s.x[a.other];
                for (sv, c) in cost.iter_mut().enumerate() {
                    *c += s.ecost(a, sv, so) as i128;
                }
            }
        }
        let strategies =
            cost.iter().map(|&c| Strategy { cost: c.min(FORBIDDEN_COST as i128) as Cost, usage: 0 }).collect();
        sub.nodes.push(Node::new(strategies, (0, 0)));
    }
    // Edges inside the region, each once, from its `from` end.
    for (i, &v) in region.iter().enumerate() {
        for a in &s.arcs[v] {
            let Some(&j) = index.get(&a.other) else { continue };
            if !a.from || a.other == v {
                continue;
            }
            let (kv, ko) = (s.costs[v].len(), s.costs[a.other].len());
            let costs = (0..kv).flat_map(|sv| (0..ko).map(move |so| (sv, so))).map(|(sv, so)| s.ecost(a, sv, so));
            sub.edges.push(Edge { from: NodeId::new(i), to: NodeId::new(j), costs: costs.collect() });
        }
    }
    sub
}

/// Memory over `region`: between consecutive event slots of region nodes, the region's live set is
/// constant; the rest of the program uses at most (the slot range's maximum) − (what the region uses
/// now). A row that cannot bind is left out. `None` if the rest alone leaves no room somewhere.
fn memory_rows(s: &Search<'_>, region: &[usize], limit: i128) -> Option<Vec<Budget>> {
    let mut cuts: Vec<usize> = region.iter().flat_map(|&v| [s.mem.slots[v].0, s.mem.slots[v].1]).collect();
    cuts.sort_unstable();
    cuts.dedup();
    // Each region node's leanest and largest usage.
    let least: Vec<i128> = region.iter().map(|&v| s.usages[v].iter().copied().min().unwrap_or(0)).collect();
    let most: Vec<i128> = region.iter().map(|&v| s.usages[v].iter().copied().max().unwrap_or(0)).collect();
    let mut rows = Vec::new();
    for w in cuts.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        let live: Vec<usize> =
            (0..region.len()).filter(|&i| s.mem.slots[region[i]].0 <= lo && hi <= s.mem.slots[region[i]].1).collect();
        if live.is_empty() {
            continue;
        }
        let region_now: i128 = live.iter().map(|&i| s.usages[region[i]][s.x[region[i]]]).sum();
        let others = s.mem.max_slots(lo, hi) - region_now;
        let umin: i128 = live.iter().map(|&i| least[i]).sum();
        let umax: i128 = live.iter().map(|&i| most[i]).sum();
        let rhs = limit - others - umin;
        if umax - umin <= rhs {
            continue;
        }
        let mut terms = Vec::new();
        for &i in &live {
            for (sv, &u) in s.usages[region[i]].iter().enumerate().filter(|&(_, &u)| u > least[i]) {
                let weight = i64::try_from(u - least[i]).ok()?;
                terms.push(Term::Node { node: NodeId::new(i), strategy: sv, weight });
            }
        }
        let max = i64::try_from(rhs.max(0)).ok()?;
        rows.push(Budget { name: format!("memory over slots {lo}..{hi}"), terms, max });
    }
    Some(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::brute::BruteForce;
    use crate::problem::eval::evaluate;
    use crate::testing::{RandomSpec, random_problem};

    /// A region solved exactly from an answer that fits gives one that fits, at the evaluator's cost, no
    /// dearer, changed only inside the region; over every node it finds the optimum brute force finds.
    #[test]
    fn a_region_moves_only_itself_and_is_never_worse() {
        let (mut checked, mut moved) = (0, 0);
        for seed in 0..200u64 {
            let p = random_problem(&RandomSpec::tiny(3 + (seed % 6) as usize), seed);
            let mut s = Search::new(&p);
            s.greedy();
            if !s.repair() || !s.feasible() || s.cost >= FORBIDDEN_COST as i128 {
                continue;
            }
            let mut rng = Rng::new(seed);
            let start = s.x.clone();
            let before = s.cost;
            let region: Vec<usize> = (0..p.nodes.len()).filter(|_| rng.below(2) == 0).collect();
            assert!(
                solve_region(
                    &mut s,
                    &region,
                    10.0,
                    (1, seed),
                    &Effort::until(Instant::now() + Duration::from_secs(60))
                )
                .is_some(),
                "seed {seed}"
            );
            moved += usize::from(s.x != start);
            let e = evaluate(&p, &s.x).unwrap();
            assert!(e.is_feasible() && e.cost == s.cost && s.cost <= before, "seed {seed}: {e:?}");
            for v in (0..p.nodes.len()).filter(|v| !region.contains(v)) {
                assert_eq!(s.x[v], start[v], "seed {seed}: node {v} is outside the region");
            }
            let all: Vec<usize> = (0..p.nodes.len()).collect();
            assert_eq!(
                solve_region(&mut s, &all, 10.0, (1, seed), &Effort::until(Instant::now() + Duration::from_secs(60))),
                Some(true),
                "seed {seed}"
            );
            let b = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap();
            assert_eq!(s.cost, b.cost, "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 50 && moved >= 10, "only {checked} problems checked, {moved} moved");
    }

    /// Progress never shows an assignment that does not fit as the best plan: with a limit below
    /// every assignment's peak, every report has no incumbent.
    #[test]
    fn progress_shows_no_plan_while_nothing_fits() {
        let mut reports = 0;
        for seed in 0..4u64 {
            let mut p = random_problem(&RandomSpec::tiny(6), seed);
            let floor = crate::problem::eval::min_peak(&p);
            if floor < 1 {
                continue;
            }
            p.usage_limit = Some(i64::try_from(floor - 1).unwrap());
            let mut s = Search::new(&p);
            s.greedy();
            let t0 = Instant::now();
            let mut seen = Vec::new();
            let effort = Effort::until(t0 + Duration::from_millis(1200));
            improve(&mut s, &effort, seed, 1, t0, &mut |pr| seen.push(pr.incumbent));
            reports += seen.len();
            assert!(seen.iter().all(Option::is_none), "seed {seed}: {seen:?}");
        }
        assert!(reports > 0, "no progress was reported");
    }
}
