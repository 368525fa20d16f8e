//! How fast the search over clusters moves: a fixed number of forest sweeps (each followed by best
//! responses) on one thread, from the coarse problem's greedy answer repaired to fit. Prints the time
//! they took and the cost reached: the moves are deterministic, so two builds that reach the same cost
//! made the same moves, and their times compare the code alone.
//!
//! `cargo run --release -p automap-solver --example sweep_rate -- PROBLEM.json[.gz] [SWEEPS]`

use automap_solver::internals::{ClusterSearch, Clusters, Effort, Rng};
use std::time::{Duration, Instant};

/// Sweeps when none are asked for.
const DEFAULT_SWEEPS: u64 = 1000;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).ok_or("usage: sweep_rate PROBLEM.json[.gz] [SWEEPS]")?;
    let sweeps: u64 = match args.get(2) {
        Some(s) => s.parse().map_err(|e| format!("SWEEPS {s:?}: {e}"))?,
        None => DEFAULT_SWEEPS,
    };
    let p = automap_solver::iopddl::read(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    let q = automap_solver::internals::presolve(&p).problem;
    let cl = Clusters::find(&q).map_err(|e| format!("no clusters: {e:?}"))?;
    let coarse = cl.coarse(&q);
    let mut cs = ClusterSearch::new(&q, &cl, &coarse, None);
    if !cs.repair() {
        return Err("the greedy answer could not be repaired to fit memory".into());
    }
    let mut rng = Rng::new(0);
    let far = Effort::until(Instant::now() + Duration::from_secs(3600));
    let t0 = Instant::now();
    for _ in 0..sweeps {
        cs.forest_sweep(&mut rng);
        cs.descend(&[], &far);
    }
    let el = t0.elapsed().as_secs_f64();
    println!("{sweeps} sweeps in {el:.2} s ({:.1} per second); cost {}", sweeps as f64 / el, cs.cost());
    Ok(())
}
