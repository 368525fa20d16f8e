//! HiGHS against Z3 on random problems of growing size: median solve time over a few seeds, how many
//! each proved optimal within the limit, and whether they agree. Prints a Markdown table.
//!
//! `cargo bench -p automap-solver --bench backends [-- --limit SECONDS --seeds N --no-memory-limit]`

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_solver::testing::{RandomSpec, random_problem};
use automap_solver::{Backend, Highs, SolveOptions, Status, Z3};
use std::time::{Duration, Instant};

/// Node counts tried, smallest first.
const SIZES: [usize; 8] = [5, 10, 20, 40, 80, 160, 320, 640];

fn spec(nodes: usize) -> RandomSpec {
    RandomSpec {
        nodes,
        max_strategies: 6,
        extra_edges: nodes / 2 + 1,
        horizon: 2 * nodes as i64,
        forbidden_rate: 0.01,
        neutral_rate: 0.4,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: f64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let limit = Duration::from_secs_f64(arg("--limit", 20.0));
    let seeds = arg("--seeds", 3.0) as u64;
    let no_limit = args.iter().any(|a| a == "--no-memory-limit");
    let opts = SolveOptions::default().time_limit(limit).threads(1);
    let memory = if no_limit { "no memory limit" } else { "memory limit between the lowest and highest peak" };
    println!(
        "HiGHS vs Z3, random problems (≤6 strategies per node, {memory}), {seeds} seeds, limit {:.0} s each; medians\n",
        limit.as_secs_f64()
    );
    println!("| nodes | edges | HiGHS median (s) | HiGHS optimal | Z3 median (s) | Z3 optimal | same optimum |");
    println!("|---:|---:|---:|---:|---:|---:|:---:|");
    let mut z3_done = false;
    for n in SIZES {
        let (mut th, mut tz, mut oh, mut oz, mut agree, mut edges) = (Vec::new(), Vec::new(), 0, 0, true, 0);
        for seed in 0..seeds {
            let mut p = random_problem(&spec(n), seed);
            if no_limit {
                p.usage_limit = None;
            }
            edges = p.edges.len();
            let t = Instant::now();
            let h = Highs.solve(&p, &opts, &mut |_| {});
            th.push(t.elapsed().as_secs_f64());
            oh += usize::from(matches!(&h, Ok(s) if s.status == Status::Optimal) || h.is_err() && t.elapsed() < limit);
            if z3_done {
                continue;
            }
            let t = Instant::now();
            let z = Z3.solve(&p, &opts, &mut |_| {});
            tz.push(t.elapsed().as_secs_f64());
            oz += usize::from(matches!(&z, Ok(s) if s.status == Status::Optimal) || z.is_err() && t.elapsed() < limit);
            match (&h, &z) {
                (Ok(a), Ok(b)) if a.status == Status::Optimal && b.status == Status::Optimal => {
                    agree &= a.cost == b.cost
                }
                (Err(_), Err(_)) => {}
                (Ok(a), Ok(b)) => {
                    agree &= a.status != Status::Optimal || b.status != Status::Optimal || a.cost == b.cost
                }
                _ => agree &= false,
            }
        }
        let z3 = if tz.is_empty() {
            ("skipped".to_string(), "-".to_string())
        } else {
            (format!("{:.3}", median(tz.clone())), format!("{oz}/{seeds}"))
        };
        println!(
            "| {n} | {edges} | {:.3} | {oh}/{seeds} | {} | {} | {} |",
            median(th),
            z3.0,
            z3.1,
            if tz.is_empty() {
                "-"
            } else if agree {
                "yes"
            } else {
                "NO"
            }
        );
        // Once Z3 proves none within the limit, larger sizes only take longer.
        z3_done |= !tz.is_empty() && oz == 0;
    }
}
