//! How fast the search over clusters moves: a fixed number of forest sweeps (each followed by best
//! responses) on one thread, from the coarse problem's greedy answer repaired to fit; prints the time they took and
//! the cost reached (the moves are deterministic, so two builds that agree on the cost made the same
//! moves, and their times compare the code alone).
//!
//! `cargo run --release -p automap-solver --example sweep_rate -- PROBLEM.json[.gz] [SWEEPS]`

#![allow(clippy::unwrap_used, clippy::expect_used)]

use automap_solver::cluster::Clusters;
use automap_solver::cluster_search::ClusterSearch;
use automap_solver::random::Rng;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: sweep_rate PROBLEM.json[.gz] [SWEEPS]");
    let sweeps: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(500);
    let p = automap_solver::iopddl::read(std::path::Path::new(path)).expect("readable problem");
    let q = automap_solver::presolve::presolve(&p).problem;
    let cl = Clusters::find(&q).expect("clusters");
    let coarse = cl.coarse(&q);
    let mut cs = ClusterSearch::new(&q, &cl, &coarse, None);
    assert!(cs.repair(), "the greedy answer could not be repaired to fit");
    let mut rng = Rng::new(0);
    let far = Instant::now() + Duration::from_secs(3600);
    let t0 = Instant::now();
    for _ in 0..sweeps {
        cs.forest_sweep(&mut rng);
        cs.descend(&[], far);
    }
    let el = t0.elapsed().as_secs_f64();
    println!("{sweeps} sweeps in {el:.2} s ({:.1} per second); cost {}", sweeps as f64 / el, cs.cost());
}
