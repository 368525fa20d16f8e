//! The sweep `automap solve` ends with on problems whose coarse graph has hubs, from a given answer,
//! one hub at a time: for every cluster with at least `HUB_MIN_DEGREE` neighbouring clusters, HiGHS
//! re-chooses the options of the clusters within two steps of it (at most 32, breadth first) with
//! memory rows, the rest kept, and the answer moves when that is cheaper and fits. Prints each hub that
//! gained, then the total gain and the time. This is how the gap between S's two usual outcomes was
//! found to be one hub's neighbourhood (docs/measurements/iopddl-log.md).
//!
//! `cargo run --release -p automap-solver --example hub_regions -- PROBLEM.json[.gz] ANSWER`
//! where ANSWER is a file whose last line is an answer in the contest's format (`automap solve`'s stdout).

use automap_solver::internals::Reduction;
use automap_solver::internals::{ClusterSearch, Clusters, Effort, HUB_MIN_DEGREE, hubs};
use std::time::{Duration, Instant};

/// Time for the whole sweep, at most.
const SWEEP_LIMIT: Duration = Duration::from_secs(3600);

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: hub_regions PROBLEM.json[.gz] ANSWER";
    let (path, answer) = (args.get(1).ok_or(usage)?, args.get(2).ok_or(usage)?);
    let p = automap_solver::iopddl::read(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(answer).map_err(|e| format!("{answer}: {e}"))?;
    let last = text.lines().rev().find(|l| !l.trim().is_empty()).ok_or(format!("{answer}: empty"))?;
    let x = automap_solver::iopddl::parse_solution(last).map_err(|e| format!("{answer}: {e}"))?;
    let pre = automap_solver::internals::presolve(&p);
    let q = &pre.problem;
    let cl = Clusters::find(q).map_err(|e| format!("no clusters: {e:?}"))?;
    let coarse = cl.coarse(q);
    let start = pre.restrict(&x).and_then(|r| cl.restrict(&r)).ok_or(format!("{answer}: not an answer of {path}"))?;
    let mut cs = ClusterSearch::new(q, &cl, &coarse, Some(start));
    if !cs.feasible() {
        return Err(format!("{answer}: does not fit memory"));
    }
    let hubs = hubs(&coarse);
    let (first, t0) = (cs.cost(), Instant::now());
    let mut wins = 0;
    for &hub in &hubs {
        let before = cs.cost();
        if cs.hub_sweep(&[hub], &Effort::until(t0 + SWEEP_LIMIT)) > 0 {
            wins += 1;
            let gain = 100.0 * (before - cs.cost()) as f64 / before as f64;
            let region = cs.region_around(hub).len();
            println!("hub {hub} (region {region}): {before} -> {} ({gain:.3}%)", cs.cost());
        }
    }
    let gain = 100.0 * (first - cs.cost()) as f64 / first as f64;
    let el = t0.elapsed().as_secs_f64();
    println!(
        "{} hubs of degree >= {HUB_MIN_DEGREE}: {wins} gained; {first} -> {} ({gain:.3}%) in {el:.1} s",
        hubs.len(),
        cs.cost()
    );
    Ok(())
}
