//! The dual bound's tests: sound, and exact on trees; the answer read from a tight dual; the memory
//! multipliers; when a run goes on past its share, stalls or resumes.

use super::{Diffusion, Proven};
use crate::backend::{Backend, SolveOptions};
use crate::effort::Effort;
use crate::exact::brute::BruteForce;
use crate::testing::{RandomSpec, random_problem};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Random problem `seed` without memory or forbidden costs (a tree for even seeds), its optimum by
/// brute force, and its dual after diffusion with its bound.
fn diffused(seed: u64) -> (crate::problem::ChoiceProblem, bool, i128, Option<i128>, Vec<usize>) {
    let mut spec = RandomSpec::tiny(7);
    spec.forbidden_rate = 0.0;
    let tree = seed.is_multiple_of(2);
    if tree {
        spec.extra_edges = 0;
    }
    let mut p = random_problem(&spec, seed);
    p.usage_limit = None;
    let optimum = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
    let mut d = Diffusion::new(&p);
    let bound = d.run(
        &Effort::until(Instant::now() + Duration::from_secs(2)),
        &AtomicBool::new(false),
        &Mutex::new(Proven::default()),
    );
    let read = d.read_answer().expect("every node has a strategy");
    (p, tree, optimum, bound, read)
}

/// Where the relaxation is tight (random trees without memory, whose costs have no ties), the
/// answer read from the reparametrized costs is an optimum; on other problems it is a complete
/// answer that costs no less than the optimum.
#[test]
fn the_answer_read_from_a_tight_dual_is_optimal() {
    let mut optimal_reads = 0;
    for seed in 0..60 {
        let (p, tree, optimum, _, read) = diffused(seed);
        let cost = crate::problem::eval::evaluate(&p, &read).unwrap().cost;
        assert!(cost >= optimum, "seed {seed}");
        if tree {
            optimal_reads += usize::from(cost == optimum);
        }
    }
    assert_eq!(optimal_reads, 30, "trees read optimally");
}

/// Under memory limits (and with forbidden costs), the bound never exceeds the optimum; the
/// multipliers lift it above the optimum without the limit on some problems, which diffusion alone
/// cannot reach.
#[test]
fn the_memory_multipliers_lift_the_bound_soundly() {
    let mut lifted = 0;
    for seed in 0..80 {
        let p = random_problem(&RandomSpec::tiny(7), seed);
        let Ok(opt) = BruteForce.solve(&p, &SolveOptions::default(), &mut |_| {}) else { continue };
        let mut free = p.clone();
        free.usage_limit = None;
        let unlimited = BruteForce.solve(&free, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
        let bound = Diffusion::new(&p)
            .run(
                &Effort::until(Instant::now() + Duration::from_secs(2)),
                &AtomicBool::new(false),
                &Mutex::new(Proven::default()),
            )
            .unwrap();
        assert!(bound <= opt.cost, "seed {seed}: bound {bound} above the optimum {}", opt.cost);
        lifted += usize::from(bound > unlimited);
    }
    assert!(lifted > 0, "the multipliers never lifted the bound");
}

/// When the limit cannot be met the multipliers grow without end; the bound stops being evaluated
/// there instead of overflowing, and the run returns the best it proved (the contest's example at a
/// limit of 40, where the lowest peak is 50: a debug build panicked with an overflow before).
#[test]
fn an_impossible_limit_ends_the_run_without_overflow() {
    let mut p = crate::formats::iopddl::parse(crate::testing::EXAMPLE.as_bytes(), "example.json").unwrap();
    p.usage_limit = Some(40);
    let bound = Diffusion::new(&p)
        .run(
            &Effort::until(Instant::now() + Duration::from_secs(2)),
            &AtomicBool::new(false),
            &Mutex::new(Proven::default()),
        )
        .expect("a bound");
    // No answer fits, so any bound is sound; the multipliers lift it past the optimum at the feasible
    // limit of 50 (445; without a limit 415), which diffusion alone cannot reach.
    assert!(bound >= 445, "the multipliers did not lift the bound: {bound}");
}

/// A long chain of 300 nodes without a memory limit, its costs large beside the rounding of `φ` (a
/// unit per edge at most).
fn long_chain() -> crate::problem::ChoiceProblem {
    long_problem(0)
}

/// A random problem of 300 nodes without memory or forbidden costs, its costs scaled up, with
/// `extra_edges` beyond its spanning tree (its cycles keep the sweeps rising for many checks).
fn long_problem(extra_edges: usize) -> crate::problem::ChoiceProblem {
    let mut spec = RandomSpec::tiny(300);
    (spec.forbidden_rate, spec.extra_edges) = (0.0, extra_edges);
    let mut p = random_problem(&spec, 3);
    p.usage_limit = None;
    for n in p.nodes.values_mut() {
        n.strategies.iter_mut().for_each(|s| s.cost *= 1000);
    }
    for e in p.edges.values_mut() {
        e.costs.iter_mut().for_each(|c| *c *= 1000);
    }
    p
}

/// A long chain: a run cut inside its first sweep stops far below the optimum (the local polytope
/// is exact on a chain, and a forward and a backward sweep reach it).
/// Given an answer's cost, the run goes on past its share while it closes in on that cost, up to
/// its cap; when the answer is proven already, it stops at its share.
#[test]
fn a_dual_closing_in_on_a_known_answer_goes_on_past_its_share() {
    let p = long_chain();
    let optimum = crate::exact::Highs.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
    let watch = crate::effort::ClockWatch::default();
    // Counted in work (one unit a second): a share of less than a sweep, a cap of many.
    let units = |n: u64| Effort::of(Duration::from_secs(n), true, 1.0, &watch);
    let run = |d: &mut Diffusion<'_>| d.run(&units(2_000), &AtomicBool::new(false), &Mutex::new(Proven::default()));
    let mut short = Diffusion::new(&p);
    let stopped = run(&mut short).unwrap();
    assert!(stopped < optimum - 2 * p.edges.len() as i128, "the share alone reached {stopped} of {optimum}");
    let mut on = Diffusion::new(&p).extending(units(10_000_000), Some(optimum));
    let reached = run(&mut on).unwrap();
    let slack = p.edges.len() as i128;
    assert!(reached >= optimum - slack && reached <= optimum, "extended to {reached} of {optimum}");
    assert!(on.worked_s() > short.worked_s());
    let mut proven = Diffusion::new(&p).extending(units(10_000_000), Some(stopped));
    assert_eq!(run(&mut proven), Some(stopped));
    assert_eq!(proven.worked_s(), short.worked_s());
}

/// `stalled` tells a run that ended at its effort with its bound flat (a converged problem run
/// again under a memory limit that never binds: its multipliers' steps go on, its bound does not
/// move) from one cut while its bound still rose (a problem of many cycles, a few checks into it)
/// and from one that stopped by its own rule (the same run to its end).
#[test]
fn a_run_ended_with_its_bound_flat_is_stalled_and_a_rising_or_converged_one_is_not() {
    let p = long_problem(600);
    let watch = crate::effort::ClockWatch::default();
    let units = |n: u64| Effort::of(Duration::from_secs(n), true, 1.0, &watch);
    let (stop, found) = (AtomicBool::new(false), Mutex::new(Proven::default()));
    let mut d = Diffusion::new(&p);
    let sweep: u64 = d.node_units.iter().sum();
    let round = 4 * sweep + d.check_units;
    // Three checks of four sweeps each, and a little: cut inside the fourth round.
    d.run(&units(3 * round + sweep), &stop, &found);
    assert!(d.trend.is_some() && !d.stalled(), "cut three checks into a long chain, the bound was rising");
    let mut settled = Diffusion::new(&p);
    settled.run(&units(u64::MAX / 4), &stop, &found);
    assert!(!settled.stalled(), "a run that converged stopped by its own rule");
    // Under a limit no strategy comes near, the converged problem's bound stays flat.
    let mut q = p.clone();
    q.usage_limit = Some(i64::MAX / 4);
    let mut flat = Diffusion::new(&q);
    flat.run(&units(u64::MAX / 4), &stop, &found);
    flat.run(&units(3 * round + sweep), &stop, &found);
    assert!(flat.stalled(), "a converged bound run on for three checks is flat");
}

/// Past its share, a run goes on while it closes in on the answer known within its cap, and while
/// it rises steeply (1% of its value a second) whatever answer is known; a slow rise toward a far
/// answer, a flat bound, or a proven answer stops it.
#[test]
fn a_run_goes_on_while_closing_in_or_rising_steeply() {
    use super::goes_on;
    let best = 5_000;
    // Closing in: 100 a second reaches 5,500 at 5 s of a 10 s cap; 8,000 only at 30 s.
    assert!(goes_on(best, Some(5_500), 100.0, 0.0, 10.0));
    assert!(!goes_on(best, Some(8_000), 10.0, 0.0, 10.0));
    // Rising 4% a second: on, however far the answer known, or with none.
    assert!(goes_on(best, Some(8_000), 200.0, 0.0, 10.0));
    assert!(goes_on(best, None, 200.0, 0.0, 10.0));
    // Rising 0.2% a second with no answer known, flat, or at the answer: it stops.
    assert!(!goes_on(best, None, 10.0, 0.0, 10.0));
    assert!(!goes_on(best, Some(5_500), 0.0, 0.0, 10.0));
    assert!(!goes_on(best, Some(best), 10.0, 0.0, 10.0));
}

/// The chain above, stopped at its share with no answer known: an answer found afterwards that
/// the bound was closing in on makes it go on (to within rounding of that answer); one beyond its
/// reach in the cap given, or a diffusion that never ran, does not.
#[test]
fn a_dual_stopped_at_its_share_resumes_for_an_answer_found_since() {
    let p = long_chain();
    let optimum = crate::exact::Highs.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap().cost;
    let watch = crate::effort::ClockWatch::default();
    let units = |n: u64| Effort::of(Duration::from_secs(n), true, 1.0, &watch);
    let (stop, found) = (AtomicBool::new(false), Mutex::new(Proven::default()));
    let mut d = Diffusion::new(&p);
    assert_eq!(d.resume(optimum, units(10_000_000), &stop, &found), None, "a diffusion that never ran");
    let stopped = d.run(&units(2_000), &stop, &found).unwrap();
    assert!(stopped < optimum - 2 * p.edges.len() as i128, "the share alone reached {stopped} of {optimum}");
    assert_eq!(d.resume(optimum, units(1), &stop, &found), None, "resumed for an answer out of reach");
    let reached = d.resume(optimum, units(10_000_000), &stop, &found).expect("resumed");
    let slack = p.edges.len() as i128;
    assert!(reached >= optimum - slack && reached <= optimum, "resumed to {reached} of {optimum}");
}

/// A chain long enough that a sweep looks at its effort part way (every `CHECK_UNITS`): a share
/// that ends inside the first sweep still lets the run go on to its cap while it closes in on a
/// known answer (the chain's optimum, by dynamic programming).
#[test]
fn a_share_ending_inside_a_sweep_still_goes_on_to_the_cap() {
    use crate::problem::{ChoiceProblem, Edge, Node, Strategy};
    let mut rng = crate::rng::Rng::new(11);
    let mut p = ChoiceProblem::default();
    let mut draw = |n: usize| (0..n).map(|_| 1000 * rng.below(100) as i64).collect::<Vec<_>>();
    let n = 80_000;
    let unary: Vec<Vec<i64>> = (0..n).map(|_| draw(2)).collect();
    let pairs: Vec<Vec<i64>> = (1..n).map(|_| draw(4)).collect();
    let ids: Vec<_> = unary
        .iter()
        .map(|c| p.nodes.push(Node::new(c.iter().map(|&cost| Strategy { cost, usage: 0 }).collect(), (0, 0))))
        .collect();
    for (k, c) in pairs.iter().enumerate() {
        p.edges.push(Edge { from: ids[k], to: ids[k + 1], costs: c.clone() });
    }
    let sweep: u64 = Diffusion::new(&p).node_units.iter().sum();
    assert!(sweep > super::CHECK_UNITS, "a sweep of {sweep} units is not looked into");
    // The optimum along the chain.
    let mut best = unary[0].clone();
    for (k, c) in pairs.iter().enumerate() {
        best = (0..2).map(|t| (0..2).map(|s| best[s] + c[s * 2 + t]).min().unwrap() + unary[k + 1][t]).collect();
    }
    let optimum = i128::from(*best.iter().min().unwrap());
    let watch = crate::effort::ClockWatch::default();
    let units = |n: u64| Effort::of(Duration::from_secs(n), true, 1.0, &watch);
    let run = |d: &mut Diffusion<'_>| d.run(&units(1), &AtomicBool::new(false), &Mutex::new(Proven::default()));
    let mut short = Diffusion::new(&p);
    let stopped = run(&mut short).unwrap();
    let mut on = Diffusion::new(&p).extending(units(20 * sweep), Some(optimum));
    let reached = run(&mut on).unwrap();
    assert!(reached > stopped && reached <= optimum, "extended to {reached} from {stopped} (optimum {optimum})");
    assert!(on.worked_s() > 2.0 * sweep as f64, "worked {} units", on.worked_s());
}

/// On random problems without memory, the bound never exceeds the optimum, never falls below the
/// trivial bound, and on trees (where the local polytope is exact) reaches the optimum.
#[test]
fn the_bound_is_sound_and_exact_on_trees() {
    for seed in 0..60 {
        let (p, tree, optimum, bound, _) = diffused(seed);
        let bound = bound.unwrap();
        assert!(bound <= optimum, "seed {seed}: bound {bound} above the optimum {optimum}");
        assert!(bound >= p.trivial_bound(), "seed {seed}");
        if tree {
            // Rounding φ costs at most half a unit per edge end.
            let slack = p.edges.len() as i128;
            assert!(bound >= optimum - slack, "seed {seed}: tree bound {bound}, optimum {optimum}");
        }
    }
}
