//! Large-neighbourhood search with exact sub-problems: free a connected region of the graph, fix every
//! other node at its current strategy, and solve the region exactly (a small HiGHS MIP with the same
//! formulation as the full model: marginal edge linearization, memory rows against what the fixed nodes
//! use). The current assignment is the MIP start, so an iteration never makes things worse. Used where
//! the full MIP is too large for the time limit.

use crate::backend::Progress;
use crate::problem::FORBIDDEN_COST;
use crate::rng::Rng;
use crate::search::state::Search;
use highs::{Col, HighsModelStatus, RowProblem, Sense};
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// Decision nodes in a region at first; adapted to how fast regions solve.
pub const START_REGION: usize = 300;
/// Smallest and largest region.
pub const REGION_RANGE: (usize, usize) = (40, 4000);
/// Seconds one region's MIP may take at most.
pub const REGION_TIME_S: f64 = 4.0;

/// Improve `s` by region re-optimization until `deadline`. Returns the number of regions solved.
pub fn improve(
    s: &mut Search<'_>,
    deadline: Instant,
    seed: u64,
    threads: u32,
    t0: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> usize {
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
    while Instant::now() + Duration::from_millis(50) < deadline {
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
        // HiGHS overruns its time limit on hard regions (by up to 2-3x here): leave room.
        let budget = (deadline.saturating_duration_since(Instant::now()).as_secs_f64() / 3.0).min(REGION_TIME_S);
        if budget < 0.05 {
            break;
        }
        let t = Instant::now();
        let outcome = solve_region(s, &region, budget, threads, rng.next_u64());
        let took = t.elapsed().as_secs_f64();
        rounds += 1;
        // Grow regions that solve to optimality quickly; shrink those that run out of time.
        match outcome {
            Some(true) if took < budget * 0.25 => size = (size * 5 / 4 + 1).min(REGION_RANGE.1),
            Some(false) | None => size = (size * 3 / 4).max(REGION_RANGE.0),
            _ => {}
        }
        if last_report.elapsed().as_secs_f64() >= 1.0 {
            last_report = Instant::now();
            progress(&Progress {
                phase: "lns",
                elapsed: t0.elapsed().as_secs_f64(),
                incumbent: Some(s.cost),
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

/// Solve one region exactly (within `budget` seconds) and apply the answer if it is better. `Some(true)`
/// when the region was solved to optimality, `Some(false)` when time ran out, `None` on failure.
fn solve_region(s: &mut Search<'_>, region: &[usize], budget: f64, threads: u32, seed: u64) -> Option<bool> {
    let index: HashMap<usize, usize> = region.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut pb = RowProblem::new();
    let forbidden = |c: i128| c >= FORBIDDEN_COST as i128;
    let mut xs: Vec<Vec<Col>> = Vec::with_capacity(region.len());
    let mut first = Vec::with_capacity(region.len());
    let mut ncols = 0usize;
    let mut start: Vec<f64> = Vec::new();
    for &v in region {
        // Node cost plus edges to nodes outside the region, at their current strategies.
        let k = s.costs[v].len();
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
        first.push(ncols);
        let cols: Vec<Col> = cost
            .iter()
            .map(|&c| {
                if forbidden(c) {
                    pb.add_integer_column(0.0, 0.0..=0.0)
                } else {
                    pb.add_integer_column(c as f64, 0.0..=1.0)
                }
            })
            .collect();
        ncols += k;
        start.extend((0..k).map(|sv| if sv == s.x[v] { 1.0 } else { 0.0 }));
        pb.add_row(1.0..=1.0, cols.iter().map(|&c| (c, 1.0)));
        xs.push(cols);
    }
    // Edges inside the region (each once, from its `from` end).
    for (i, &v) in region.iter().enumerate() {
        for a in &s.arcs[v] {
            let Some(&j) = index.get(&a.other) else { continue };
            if !a.from || a.other == v {
                continue;
            }
            let (kv, ko) = (s.costs[v].len(), s.costs[a.other].len());
            let mut ys = Vec::with_capacity(kv * ko);
            for sv in 0..kv {
                for so in 0..ko {
                    let c = s.ecost(a, sv, so) as i128;
                    ys.push(if forbidden(c) {
                        pb.add_column(0.0, 0.0..=0.0)
                    } else {
                        pb.add_column(c as f64, 0.0..=1.0)
                    });
                    start.push(if sv == s.x[v] && so == s.x[a.other] { 1.0 } else { 0.0 });
                }
            }
            ncols += kv * ko;
            for sv in 0..kv {
                pb.add_row(
                    0.0..=0.0,
                    (0..ko).map(|so| (ys[sv * ko + so], 1.0)).chain(std::iter::once((xs[i][sv], -1.0))),
                );
            }
            for so in 0..ko {
                pb.add_row(
                    0.0..=0.0,
                    (0..kv).map(|sv| (ys[sv * ko + so], 1.0)).chain(std::iter::once((xs[j][so], -1.0))),
                );
            }
        }
    }
    // Memory: between consecutive event slots of region nodes, the region's live set is constant; the
    // rest of the program uses at most (the slot range's maximum) − (what the region uses now).
    if let Some(limit) = s.limit {
        let mut cuts: Vec<usize> = region.iter().flat_map(|&v| [s.mem.slots[v].0, s.mem.slots[v].1]).collect();
        cuts.sort_unstable();
        cuts.dedup();
        for w in cuts.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            let live: Vec<usize> = (0..region.len())
                .filter(|&i| s.mem.slots[region[i]].0 <= lo && hi <= s.mem.slots[region[i]].1)
                .collect();
            if live.is_empty() {
                continue;
            }
            let region_now: i128 = live.iter().map(|&i| s.usages[region[i]][s.x[region[i]]]).sum();
            let others = s.mem.max_slots(lo, hi) - region_now;
            let umin: i128 = live.iter().map(|&i| s.usages[region[i]].iter().copied().min().unwrap_or(0)).sum();
            let umax: i128 = live.iter().map(|&i| s.usages[region[i]].iter().copied().max().unwrap_or(0)).sum();
            let rhs = limit - others - umin;
            if umax - umin <= rhs {
                continue;
            }
            let mut factors = Vec::new();
            for &i in &live {
                let v = region[i];
                let lo_u = s.usages[v].iter().copied().min().unwrap_or(0);
                for (sv, &u) in s.usages[v].iter().enumerate() {
                    if u > lo_u {
                        factors.push((xs[i][sv], (u - lo_u) as f64));
                    }
                }
            }
            pb.add_row(..=rhs.max(0) as f64, factors);
        }
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("time_limit", budget.max(0.05));
    model.set_option("mip_rel_gap", 1e-6);
    model.set_option("threads", threads as i32);
    model.set_option("random_seed", (seed % i32::MAX as u64) as i32);
    let _ = model.try_set_solution(Some(&start), None, None, None);
    let solved = model.try_solve().ok()?;
    let status = solved.status();
    let sol = solved.get_solution();
    let cols = sol.columns();
    if cols.len() != ncols {
        return None;
    }
    let old: Vec<usize> = region.iter().map(|&v| s.x[v]).collect();
    let before = s.cost;
    for (i, &v) in region.iter().enumerate() {
        let k = s.costs[v].len();
        let best = (0..k).max_by(|&a, &b| cols[first[i] + a].total_cmp(&cols[first[i] + b])).unwrap_or(old[i]);
        s.set(v, best);
    }
    let fits = s.limit.is_none_or(|l| s.mem.peak() <= l);
    if s.cost > before || !fits {
        for (i, &v) in region.iter().enumerate() {
            s.set(v, old[i]);
        }
    }
    Some(status == HighsModelStatus::Optimal)
}
