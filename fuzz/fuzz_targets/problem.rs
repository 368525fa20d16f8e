//! Small choice problems built from the fuzzer's bytes (nodes, strategies, live intervals, edges, a
//! memory limit, forbidden costs): they must survive the contest format's round trip, and the default
//! pipeline (presolve, local search, HiGHS, postsolve) must agree with brute force on the optimum and
//! on infeasibility.
#![no_main]

use automap::solver::{
    Backend, BruteForce, ChoiceProblem, Edge, FORBIDDEN_COST, Method, Node, NodeId, SolveOptions, Strategy, evaluate,
    iopddl,
};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

/// Reads the fuzzer's bytes, a few at a time; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
}

fn problem(data: &[u8]) -> ChoiceProblem {
    let mut b = Bytes(data);
    let mut p = ChoiceProblem { name: "fuzz".into(), ..ChoiceProblem::default() };
    let nodes = 1 + b.next() as usize % 6;
    for _ in 0..nodes {
        let k = 1 + b.next() as usize % 3;
        let strategies = (0..k)
            .map(|_| {
                let c = b.next();
                let cost = if c == 255 { FORBIDDEN_COST } else { i64::from(c) };
                Strategy { cost, usage: i64::from(b.next() % 16) }
            })
            .collect();
        let start = i64::from(b.next() % 8);
        let len = i64::from(b.next() % 6);
        p.nodes.push(Node::new(strategies, (start, start + len)));
    }
    let edges = b.next() as usize % 8;
    for _ in 0..edges {
        let (from, to) = (b.next() as usize % nodes, b.next() as usize % nodes);
        let (from, to) = (NodeId::from_u32(from as u32), NodeId::from_u32(to as u32));
        let n = p.nodes[from].strategies.len() * p.nodes[to].strategies.len();
        let costs = (0..n).map(|_| if b.next() == 255 { FORBIDDEN_COST } else { i64::from(b.next() % 64) }).collect();
        p.edges.push(Edge { from, to, costs });
    }
    let limit = b.next();
    p.usage_limit = (limit < 200).then_some(i64::from(limit % 48));
    p
}

fuzz_target!(|data: &[u8]| {
    let p = problem(data);
    let back = iopddl::parse(iopddl::to_json(&p).as_bytes(), "fuzz.json");
    assert!(back.is_ok_and(|q| q == p), "the contest format must round-trip");
    let opts = SolveOptions::default().time_limit(Duration::from_secs(5));
    let brute = BruteForce.solve(&p, &opts, &mut |_| {});
    let piped = automap::solver::solve(&p, Method::Auto, &opts, &mut |_| {});
    match (brute, piped) {
        (Ok(b), Ok(r)) => {
            let e = evaluate(&p, &r.solution.choice);
            assert!(e.is_ok_and(|e| e.is_feasible() && e.cost == r.solution.cost), "the answer is what it claims");
            assert_eq!(r.solution.cost, b.cost, "the pipeline's optimum is brute force's");
        }
        (Err(_), Err(_)) => {}
        (b, r) => {
            panic!("brute force and the pipeline disagree on feasibility: {b:?} against {:?}", r.map(|r| r.solution))
        }
    }
});
