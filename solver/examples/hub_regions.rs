//! Region MIPs around the coarse graph's hubs, from a given answer: for every cluster with at least
//! MIN_DEGREE neighbouring clusters, HiGHS re-chooses the options of the clusters within two steps of it
//! (at most `MAX_REGION`, breadth first) with memory rows, the rest kept, and the answer moves when that
//! is cheaper and fits. Prints each hub that gained, then the total gain and the time. This is how the
//! gap between S's two usual outcomes was found to be one hub's neighbourhood (docs/iopddl-log.md).
//!
//! `cargo run --release -p automap-solver --example hub_regions -- PROBLEM.json[.gz] ANSWER [MIN_DEGREE]`
//! where ANSWER is a file whose last line is an answer in the contest's format (`automap solve`'s stdout).

use automap_solver::cluster::Clusters;
use automap_solver::cluster_search::ClusterSearch;
use std::time::{Duration, Instant};

/// Hubs have at least this many neighbouring clusters when no MIN_DEGREE is given.
const DEFAULT_MIN_DEGREE: usize = 12;
/// Clusters per region, at most.
const MAX_REGION: usize = 64;
/// Steps from the hub a region reaches, at most.
const RADIUS: usize = 2;
/// Time per region MIP, at most.
const REGION_BUDGET: Duration = Duration::from_secs(5);

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: hub_regions PROBLEM.json[.gz] ANSWER [MIN_DEGREE]";
    let (path, answer) = (args.get(1).ok_or(usage)?, args.get(2).ok_or(usage)?);
    let min_degree: usize = match args.get(3) {
        Some(s) => s.parse().map_err(|e| format!("MIN_DEGREE {s:?}: {e}"))?,
        None => DEFAULT_MIN_DEGREE,
    };
    let p = automap_solver::iopddl::read(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(answer).map_err(|e| format!("{answer}: {e}"))?;
    let last = text.lines().rev().find(|l| !l.trim().is_empty()).ok_or(format!("{answer}: empty"))?;
    let x = automap_solver::iopddl::parse_solution(last).map_err(|e| format!("{answer}: {e}"))?;
    let pre = automap_solver::presolve::presolve(&p);
    let q = &pre.problem;
    let cl = Clusters::find(q).map_err(|e| format!("no clusters: {e:?}"))?;
    let coarse = cl.coarse(q);
    let start = pre.reduce(&x).and_then(|r| cl.contract(&r)).ok_or(format!("{answer}: not an answer of {path}"))?;
    let mut adj = vec![Vec::new(); cl.len()];
    for e in coarse.edges.values() {
        let (u, v) = (e.from.as_u32() as usize, e.to.as_u32() as usize);
        adj[u].push(v);
        adj[v].push(u);
    }
    let mut cs = ClusterSearch::new(q, &cl, &coarse, Some(start));
    if !cs.feasible() {
        return Err(format!("{answer}: does not fit memory"));
    }
    let hubs: Vec<usize> = (0..cl.len()).filter(|&c| adj[c].len() >= min_degree).collect();
    let (first, t0) = (cs.cost(), Instant::now());
    let mut wins = 0;
    for &hub in &hubs {
        let mut region = vec![hub];
        let mut depth = vec![0];
        let mut i = 0;
        while i < region.len() && region.len() < MAX_REGION {
            if depth[i] < RADIUS {
                for &d in &adj[region[i]] {
                    if region.len() < MAX_REGION && !region.contains(&d) {
                        region.push(d);
                        depth.push(depth[i] + 1);
                    }
                }
            }
            i += 1;
        }
        let before = cs.cost();
        if cs.region_mip(&region, REGION_BUDGET, Instant::now() + REGION_BUDGET) {
            wins += 1;
            let gain = 100.0 * (before - cs.cost()) as f64 / before as f64;
            println!(
                "hub {hub} (degree {}, region {}): {before} -> {} ({gain:.3}%)",
                adj[hub].len(),
                region.len(),
                cs.cost()
            );
        }
    }
    let gain = 100.0 * (first - cs.cost()) as f64 / first as f64;
    let el = t0.elapsed().as_secs_f64();
    println!(
        "{} hubs of degree >= {min_degree}: {wins} gained; {first} -> {} ({gain:.3}%) in {el:.1} s",
        hubs.len(),
        cs.cost()
    );
    Ok(())
}
