//! The dual's bound after a number of seconds of diffusion on one thread (each run from the start):
//! how fast the bound rises on a problem, for sizing the dual's share of a solve. With `--lifted`,
//! the diffusion starts from the linked problem's, run for a quarter of the time.
//!
//! `cargo run --release -p automap-solver --example dual_bound -- PROBLEM.json[.gz] [--lifted] SECONDS...`

use automap_solver::internals::{Diffusion, Effort, Proven};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The share of the time the linked problem's diffusion gets with `--lifted`.
const LIFTED_SHARE: f64 = 0.25;

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let lifted = args.iter().any(|a| a == "--lifted");
    args.retain(|a| a != "--lifted");
    let path = args.first().ok_or("usage: dual_bound PROBLEM.json[.gz] [--lifted] SECONDS...")?;
    let p = automap_solver::iopddl::read(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    let q = automap_solver::internals::presolve(&p).problem;
    let stop = AtomicBool::new(false);
    for a in &args[1..] {
        let seconds: f64 = a.parse().map_err(|e| format!("{a}: {e}"))?;
        let t0 = Instant::now();
        let mut d = match lifted {
            true => {
                let first = Effort::until(t0 + Duration::from_secs_f64(seconds * LIFTED_SHARE));
                Diffusion::lifted(&q, &first, &stop).ok_or("nothing repeats")?.0
            }
            false => Diffusion::new(&q),
        };
        let start = d.bound().map_or("none".to_string(), |b| b.to_string());
        let effort = Effort::until(t0 + Duration::from_secs_f64(seconds));
        let bound = d.run(&effort, &stop, &Mutex::new(Proven::default()));
        let shown = bound.map_or("none".to_string(), |b| b.to_string());
        println!("{seconds} s: bound {shown}, from {start} (ran {:.2} s)", t0.elapsed().as_secs_f64());
    }
    Ok(())
}
