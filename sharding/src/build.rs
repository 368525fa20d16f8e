//! From a module on a mesh to the solver's `ChoiceProblem`, and back from a solution to a plan.
//!
//! - One node per step of the schedule ([`crate::schedule`]: an op, or a loop-carried value), its
//!   strategies those of [`PlanSpace`]: node cost = compute time of the strategy times the step's runs
//!   (plus the all-reduce a returned partial result needs), usage = bytes per device of its results,
//!   live from the step to its last consumer (a value read in a loop, to the loop's end).
//! - One node per argument, its strategies the shardings its consumers ask for (and replicated), live for
//!   the whole program (parameters stay resident).
//! - One edge per operand: the cost of resharding the producer's result under each of its strategies to
//!   what the consumer needs under each of its strategies, times the runs of that read (a loop's body
//!   reads every iteration; a carry reads its initial value once and its yielded value every iteration),
//!   less what a read that a loop prefetches hides behind compute ([`crate::Prefetch`]).
//!
//! Costs are seconds mapped to integer picoseconds ([`cost_from_seconds`]); usages are bytes. The
//! solver's objective charges every consumer its own resharding, where [`PlanSpace::evaluate`] shares one
//! reduction of a value among its consumers: the evaluated plan costs at most the objective.

use crate::op_cost::bytes_per_device;
use crate::plan::{Plan, PlanSpace};
use crate::reshard::{reshard, reshard_seconds};
use automap_ir::sharding::TensorSharding;
use automap_ir::{TensorType, ValueDef, ValueId};
use automap_solver::FORBIDDEN_COST;
use automap_solver::{ChoiceProblem, Edge, Node, NodeId, Strategy, cost_from_seconds};
use std::collections::HashMap;

/// Most candidate shardings per argument.
pub const MAX_ARG_CANDIDATES: usize = 64;

/// What a solver node stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeRef {
    /// Argument `i`, with its candidate shardings.
    Arg(usize, Vec<TensorSharding>),
    /// The step at this position of the schedule.
    Op(usize),
}

/// Which operand an edge prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeOrigin {
    /// The value resharded.
    pub value: ValueId,
    /// The producer's result index.
    pub result: usize,
    /// The consuming step's position in the schedule.
    pub consumer: usize,
    /// The operand index.
    pub operand: usize,
}

/// The choice problem of a program on a mesh, and the map between its nodes and edges and the program's
/// values and reshardings (how to read a solution back as a plan).
#[derive(Clone)]
pub struct ProgramProblem {
    /// The choice problem.
    pub problem: ChoiceProblem,
    /// What each node is.
    pub nodes: Vec<NodeRef>,
    /// What each edge prices, in edge order.
    pub edges: Vec<EdgeOrigin>,
    /// The first step (its position in the schedule) with a cost past [`MAX_COST_SECONDS`], and that cost:
    /// the problem cannot price it, and a plan of it would be meaningless.
    pub out_of_range: Option<(usize, f64)>,
}

/// The longest time one op or one resharding may take, in seconds: costs are integer picoseconds below
/// the solver's forbidden marker, 10^18 ps, which is 10^6 s (11.6 days).
pub const MAX_COST_SECONDS: f64 = FORBIDDEN_COST as f64 / automap_solver::COST_UNITS_PER_SECOND;

/// A time as the problem's cost: impossible (`None`, infinite or NaN) is the forbidden marker; a finite
/// time past [`MAX_COST_SECONDS`] is recorded in `over` (with the op's position) and capped below it.
fn secs(p: Option<f64>, pos: usize, over: &mut Option<(usize, f64)>) -> i64 {
    match p {
        Some(s) if s.is_finite() => {
            if s >= MAX_COST_SECONDS && over.is_none() {
                *over = Some((pos, s));
            }
            cost_from_seconds(s).min(FORBIDDEN_COST - 1)
        }
        _ => FORBIDDEN_COST,
    }
}

/// Build the choice problem of `space` with a memory limit in bytes per device (`None`: no limit).
pub fn build(space: &PlanSpace<'_>, memory_limit: Option<f64>) -> ProgramProblem {
    build_on(space, memory_limit, 1)
}

/// [`build`], pricing the reshardings on `threads` threads (the same problem on any number).
pub fn build_on(space: &PlanSpace<'_>, memory_limit: Option<f64>, threads: u32) -> ProgramProblem {
    let m = space.m;
    let mut p = ChoiceProblem {
        name: m.name.clone().unwrap_or_else(|| "module".into()),
        usage_limit: memory_limit.map(|b| b as i64),
        ..ChoiceProblem::default()
    };
    let mut nodes = Vec::new();
    let mut out_of_range = None;
    let arg_node = arg_nodes(space, &mut p, &mut nodes);
    let op_node = op_nodes(space, &mut p, &mut nodes, &mut out_of_range);
    let (jobs, edge_job, edges) = edge_jobs(space, &mut p, &nodes, &arg_node, &op_node);
    let costs = price_edges(space, &jobs, threads);
    // A cost past the limit is recorded at the first edge that has it (edges come after the ops).
    if out_of_range.is_none() {
        out_of_range = costs.iter().find_map(|c| c.1);
    }
    for (e, &job) in p.edges.values_mut().zip(&edge_job) {
        e.costs = costs[job].0.clone();
    }
    forbid_host_reshards(space, &nodes, &edges, &mut p);
    p.ties.extend(donation_ties(space, &nodes, &arg_node, &op_node));
    p.symmetries = symmetries(space, &nodes);
    ProgramProblem { problem: p, nodes, edges, out_of_range }
}

/// A node per argument: replicated, the shardings of the result it is donated to, and whatever its
/// readers ask for (at most [`MAX_ARG_CANDIDATES`]); each free, holding its shard while it lives.
/// Returns each argument's node.
fn arg_nodes(space: &PlanSpace<'_>, p: &mut ChoiceProblem, nodes: &mut Vec<NodeRef>) -> HashMap<ValueId, usize> {
    let (m, steps) = (space.m, space.steps());
    let mut arg_node: HashMap<ValueId, usize> = HashMap::new();
    let arg_ends = space.arg_ends();
    for (i, &a) in m.args.iter().enumerate() {
        let rank = m.ty(a).as_tensor().map_or(0, |t| t.rank());
        let mut cands = vec![TensorSharding::replicated(crate::plan::MESH_SYMBOL, rank)];
        // A donated argument takes its aliased result's sharding: every sharding that result is made in.
        for s in donated_to(space, i).map(|v| result_shardings(space, v)).unwrap_or_default() {
            if !cands.contains(&s) && cands.len() < MAX_ARG_CANDIDATES {
                cands.push(s);
            }
        }
        for (pos, step) in steps.iter().enumerate() {
            for (k, &v) in step.operands.iter().enumerate() {
                if v != a {
                    continue;
                }
                for s in 0..space.strategies[pos].len() {
                    let r = space.required(pos, k, s);
                    if !cands.contains(&r) && cands.len() < MAX_ARG_CANDIDATES {
                        cands.push(r);
                    }
                }
            }
        }
        let bytes = m.ty(a).byte_size() as f64;
        let strategies =
            cands.iter().map(|c| Strategy { cost: 0, usage: (bytes / space.mesh.shards(c)).ceil() as i64 }).collect();
        // Resident for the whole program, or a donated argument until its last read (its aliased result
        // then holds the buffer).
        let n = steps.len() as i64;
        let end = if arg_ends[i] >= steps.len() { n + 2 } else { arg_ends[i] as i64 + 2 };
        p.nodes.push(Node::new(strategies, (0, end)));
        arg_node.insert(a, nodes.len());
        nodes.push(NodeRef::Arg(i, cands));
    }
    arg_node
}

/// A node per step of the schedule, a strategy per way to shard it: its compute (and the gather of a
/// returned partial sum, and an offloaded stack's transfers) as the cost, its results' bytes per
/// device as the usage over their live range. Returns each step's node.
fn op_nodes(
    space: &PlanSpace<'_>,
    p: &mut ChoiceProblem,
    nodes: &mut Vec<NodeRef>,
    out_of_range: &mut Option<(usize, f64)>,
) -> Vec<usize> {
    let (m, steps) = (space.m, space.steps());
    let ranges = space.live_ranges();
    let mut op_node = Vec::with_capacity(steps.len());
    let stack_at: HashMap<usize, &crate::plan::Stack> = space.offloaded().iter().map(|s| (s.carry, s)).collect();
    for (pos, step) in steps.iter().enumerate() {
        let rule = &space.rules[pos];
        // A step holding its results in host memory takes none of the device's, and an offloaded stack
        // costs its transfers (all of them: the objective cannot see how much its loops hide).
        let on_host = space.on_host(pos);
        let strategies = space.strategies[pos]
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut seconds = space.compute_s(pos, i);
                let mut usage = 0.0;
                for (k, &r) in step.results.iter().enumerate() {
                    usage += bytes_per_device(m.ty(r).byte_size(), &rule.results[k], s, space.mesh);
                    if m.returns.contains(&r)
                        && let Some(t) = m.ty(r).as_tensor()
                    {
                        let from = s.sharding(rule, space.mesh, crate::plan::MESH_SYMBOL, &rule.results[k], true);
                        let to = TensorSharding { unreduced: Vec::new(), ..from.clone() };
                        seconds += reshard(t, &from, &to, space.mesh)
                            .map_or(f64::INFINITY, |cs| cs.iter().map(|c| c.seconds).sum());
                    }
                }
                if let Some(stack) = stack_at.get(&pos) {
                    seconds += space.stack_transfer_s(stack, usage);
                    // More than its share of the device's host memory: no plan may take it.
                    if stack.host_budget.is_some_and(|b| usage > b as f64) {
                        seconds = f64::INFINITY;
                    }
                }
                if on_host {
                    usage = 0.0;
                }
                Strategy { cost: secs(Some(seconds), pos, out_of_range), usage: usage.ceil() as i64 }
            })
            .collect();
        // Program points count from 1: the point after the step at position p is p + 1.
        let interval = ranges[pos].map_or((0, 0), |(start, end)| (start as i64 + 1, end as i64 + 2));
        p.nodes.push(Node::new(strategies, interval));
        op_node.push(nodes.len());
        nodes.push(NodeRef::Op(pos));
    }
    op_node
}

/// An edge per operand read (producer strategy × reader strategy → resharding time), its costs left
/// to the pricing job it shares with every edge alike. Returns the jobs, each edge's job and what
/// each edge prices.
fn edge_jobs(
    space: &PlanSpace<'_>,
    p: &mut ChoiceProblem,
    nodes: &[NodeRef],
    arg_node: &HashMap<ValueId, usize>,
    op_node: &[usize],
) -> (Vec<EdgeJob>, Vec<usize>, Vec<EdgeOrigin>) {
    let m = space.m;
    let producer_of = |v: ValueId| -> Option<(usize, usize)> {
        match m.values[v].def {
            ValueDef::Arg(_) => arg_node.get(&v).map(|&nd| (nd, 0)),
            _ => space.producer_of(v).map(|(pos, k)| (op_node[pos], k)),
        }
    };
    // The layers of a deep model repeat the same edges (the same tensor type between the same strategy
    // lists): each distinct edge is priced once, keyed by its shardings' interned ids, and later ones copy
    // its costs.
    // (type, runs, computed in its readers, prefetch credit (hiding runs, budget bits), produced
    // shardings, required shardings) → its pricing job.
    type EdgeKey = (TensorType, u64, bool, Option<(u64, u64)>, Vec<u32>, Vec<u32>);
    let mut priced: HashMap<EdgeKey, usize> = HashMap::new();
    let mut interned: HashMap<TensorSharding, u32> = HashMap::new();
    let mut ids = |list: &[TensorSharding]| -> Vec<u32> {
        list.iter()
            .map(|s| {
                let next = u32::try_from(interned.len()).unwrap_or(u32::MAX);
                *interned.entry(s.clone()).or_insert(next)
            })
            .collect()
    };
    let mut jobs: Vec<EdgeJob> = Vec::new();
    let prefetch = space.prefetch();
    // Per edge, in order: the job that prices it.
    let mut edge_job = Vec::new();
    let mut edges = Vec::new();
    for (pos, step) in space.steps().iter().enumerate() {
        for (k, &v) in step.operands.iter().enumerate() {
            let (Some((from_node, result)), Some(t)) = (producer_of(v), m.ty(v).as_tensor()) else { continue };
            // A loop-carried value the body yields unchanged: no edge to itself.
            if from_node == op_node[pos] {
                continue;
            }
            let runs = step.operand_runs[k];
            let produced = produced_shardings(space, &nodes[from_node], result);
            let required: Vec<TensorSharding> =
                (0..space.strategies[pos].len()).map(|s| space.required(pos, k, s)).collect();
            let inline = space.computed_in_readers(v);
            let credit = prefetch.credit(pos, k);
            let (produced_ids, required_ids) = (ids(&produced), ids(&required));
            let key = (
                t.clone(),
                runs,
                inline,
                credit.map(|(h, b)| (h, b.to_bits())),
                produced_ids.clone(),
                required_ids.clone(),
            );
            let job = *priced.entry(key).or_insert_with(|| {
                jobs.push(EdgeJob {
                    pos,
                    v,
                    ty: t.clone(),
                    runs,
                    credit,
                    produced,
                    required,
                    produced_ids,
                    required_ids,
                });
                jobs.len() - 1
            });
            edge_job.push(job);
            p.edges.push(Edge {
                from: NodeId::from_u32(from_node as u32),
                to: NodeId::from_u32(op_node[pos] as u32),
                costs: Vec::new(),
            });
            edges.push(EdgeOrigin { value: v, result, consumer: pos, operand: k });
        }
    }
    (jobs, edge_job, edges)
}

/// A stack in host memory is read by later loops as the loop writing it shards it: resharding it
/// between them would run on the host (XLA's TPU compiler makes a `HostExecute` of it, and holds both
/// shardings there), so each edge from an offloaded stack to a loop reading it allows only the pairs
/// of equal shardings.
fn forbid_host_reshards(space: &PlanSpace<'_>, nodes: &[NodeRef], edges: &[EdgeOrigin], p: &mut ChoiceProblem) {
    let on_host: HashMap<ValueId, usize> =
        space.offloaded().iter().map(|s| (space.steps()[s.carry].results[0], s.carry)).collect();
    for (e, origin) in p.edges.values_mut().zip(edges) {
        let Some(&carry) = on_host.get(&origin.value) else { continue };
        let produced = produced_shardings(space, &NodeRef::Op(carry), origin.result);
        let required: Vec<TensorSharding> = (0..space.strategies[origin.consumer].len())
            .map(|s| space.required(origin.consumer, origin.operand, s))
            .collect();
        debug_assert_eq!(e.costs.len(), produced.len() * required.len());
        debug_assert!(matches!(nodes.get(e.from.as_u32() as usize), Some(NodeRef::Op(c)) if *c == carry));
        for (i, from) in produced.iter().enumerate() {
            for (j, to) in required.iter().enumerate() {
                if from.dims != to.dims {
                    e.costs[i * required.len() + j] = FORBIDDEN_COST;
                }
            }
        }
    }
}

/// One distinct edge to price: the operand `v` of the step at `pos`, read `runs` times, of type `ty`,
/// from each of `produced` to each of `required` (and their shardings' interned ids); a read a loop
/// prefetches has its `credit` ([`crate::Prefetch::credit`]).
struct EdgeJob {
    pos: usize,
    v: ValueId,
    ty: TensorType,
    runs: u64,
    credit: Option<(u64, f64)>,
    produced: Vec<TensorSharding>,
    required: Vec<TensorSharding>,
    produced_ids: Vec<u32>,
    required_ids: Vec<u32>,
}

/// An edge's costs (producer strategy × consumer strategy, row-major), and the first cost in it past
/// [`MAX_COST_SECONDS`] (the step's position and the seconds).
type EdgePrice = (Vec<i64>, Option<(usize, f64)>);

/// Each job's costs (producer strategy × consumer strategy, row-major) and the first cost in it past
/// [`MAX_COST_SECONDS`], priced on `threads` threads that take the next job as they finish one. Each
/// thread plans every resharding of a type from one sharding to another once (many strategies of an
/// op make its result alike, and a tensor type recurs between layers).
fn price_edges(space: &PlanSpace<'_>, jobs: &[EdgeJob], threads: u32) -> Vec<EdgePrice> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done: std::sync::Mutex<Vec<Option<EdgePrice>>> = std::sync::Mutex::new((0..jobs.len()).map(|_| None).collect());
    let work = || {
        // (type, from, to) → seconds moved and whether any collective runs; `None`: none can.
        let mut types: HashMap<&TensorType, u32> = HashMap::new();
        let mut moves: HashMap<(u32, u32, u32), Option<(f64, bool)>> = HashMap::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(job) = jobs.get(i) else { break };
            let fresh = u32::try_from(types.len()).unwrap_or(u32::MAX);
            let ty = *types.entry(&job.ty).or_insert(fresh);
            let mut over = None;
            // The distinct shardings on each side, and each pair of them priced once.
            let (from_unique, from_at) = distinct(&job.produced_ids);
            let (to_unique, to_at) = distinct(&job.required_ids);
            let mut pair = Vec::with_capacity(from_unique.len() * to_unique.len());
            for &f in &from_unique {
                for &r in &to_unique {
                    let (from, to) = (&job.produced[f], &job.required[r]);
                    let moved = *moves
                        .entry((ty, job.produced_ids[f], job.required_ids[r]))
                        .or_insert_with(|| reshard_seconds(&job.ty, from, to, space.mesh).ok());
                    // A collective on a value fused into its reader breaks the fusion in two; a
                    // prefetched one hides up to its budget in every iteration but the first.
                    let seconds = moved.map(|(moved, collectives)| {
                        let hidden = job.credit.map_or(0.0, |(h, b)| h as f64 * moved.min(b));
                        (moved + space.unfused_s(job.v, from, to, collectives)) * job.runs as f64 - hidden
                    });
                    pair.push(secs(seconds, job.pos, &mut over));
                }
            }
            let mut all = Vec::with_capacity(job.produced.len() * job.required.len());
            for &f in &from_at {
                all.extend(to_at.iter().map(|&r| pair[f * to_unique.len() + r]));
            }
            if let Ok(mut d) = done.lock() {
                d[i] = Some((all, over));
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1).min(u32::try_from(jobs.len()).unwrap_or(u32::MAX)) {
            scope.spawn(work);
        }
        work();
    });
    done.into_inner().unwrap_or_default().into_iter().map(Option::unwrap_or_default).collect()
}

/// The first position of each distinct id in `ids`, and for every position the index of its id among
/// those firsts.
fn distinct(ids: &[u32]) -> (Vec<usize>, Vec<usize>) {
    let mut first: HashMap<u32, usize> = HashMap::new();
    let mut unique = Vec::new();
    let at = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            *first.entry(*id).or_insert_with(|| {
                unique.push(i);
                unique.len() - 1
            })
        })
        .collect();
    (unique, at)
}

/// The value argument `i` is donated to (`tf.aliasing_output`): the entry function's result it becomes.
fn donated_to(space: &PlanSpace<'_>, i: usize) -> Option<ValueId> {
    let j = space.m.entry().args.get(i)?.aliased_result?;
    space.m.returns.get(j).copied()
}

/// The shardings returned value `v` can be written in (without partial sums: a returned partial sum is
/// reduced first), one per strategy of the step that makes it, in strategy order; empty for a value no
/// step makes (an argument returned as it is).
fn result_shardings(space: &PlanSpace<'_>, v: ValueId) -> Vec<TensorSharding> {
    let Some((pos, k)) = space.producer_of(v) else { return Vec::new() };
    let rule = &space.rules[pos];
    space.strategies[pos]
        .iter()
        .map(|s| {
            let sh = s.sharding(rule, space.mesh, crate::plan::MESH_SYMBOL, &rule.results[k], true);
            TensorSharding { unreduced: Vec::new(), ..sh }
        })
        .collect()
}

/// A donated argument and its aliased result share one buffer, so one sharding: XLA refuses an alias
/// whose input and output shards differ in size. One tie per donated argument, between its node and
/// the node that makes the result (the step, or the argument returned as it is), allowing the pairs of
/// equal shardings.
fn donation_ties(
    space: &PlanSpace<'_>,
    nodes: &[NodeRef],
    arg_node: &HashMap<ValueId, usize>,
    op_node: &[usize],
) -> Vec<automap_solver::Tie> {
    let m = space.m;
    let mut ties = Vec::new();
    for (i, &a) in m.args.iter().enumerate() {
        let Some(v) = donated_to(space, i) else { continue };
        let (Some(&na), NodeRef::Arg(_, cands)) = (arg_node.get(&a), &nodes[arg_node[&a]]) else { continue };
        let (nb, theirs) = match (space.producer_of(v), arg_node.get(&v)) {
            (Some((pos, _)), _) => (op_node[pos], result_shardings(space, v)),
            (None, Some(&nb)) => match &nodes[nb] {
                NodeRef::Arg(_, c) => (nb, c.clone()),
                NodeRef::Op(_) => continue,
            },
            (None, None) => continue,
        };
        if nb == na {
            continue;
        }
        let pairs: Vec<(usize, usize)> = (0..cands.len())
            .flat_map(|x| (0..theirs.len()).map(move |y| (x, y)))
            .filter(|&(x, y)| cands[x] == theirs[y])
            .collect();
        ties.push(automap_solver::Tie { a: NodeId::from_u32(na as u32), b: NodeId::from_u32(nb as u32), pairs });
    }
    ties
}

/// One relabeling of the problem's strategies per exchange of the mesh's alike axes
/// ([`crate::mesh_symmetry::axis_permutations`]), for `nodes` as [`build`] made them.
fn symmetries(space: &PlanSpace<'_>, nodes: &[NodeRef]) -> Vec<automap_solver::Symmetry> {
    use crate::mesh_symmetry::{arg_images, axis_permutations, op_images};
    axis_permutations(space.mesh)
        .iter()
        .map(|perm| automap_solver::Symmetry {
            images: nodes
                .iter()
                .map(|node| match node {
                    NodeRef::Op(pos) => op_images(&space.strategies[*pos], perm),
                    NodeRef::Arg(_, cands) => arg_images(cands, perm, space.mesh),
                })
                .collect(),
        })
        .collect()
}

/// The sharding of result `result` of `node` under each of its strategies.
pub fn produced_shardings(space: &PlanSpace<'_>, node: &NodeRef, result: usize) -> Vec<TensorSharding> {
    match node {
        NodeRef::Arg(_, cands) => cands.clone(),
        NodeRef::Op(pos) => space.strategies[*pos]
            .iter()
            .map(|s| {
                s.sharding(
                    &space.rules[*pos],
                    space.mesh,
                    crate::plan::MESH_SYMBOL,
                    &space.rules[*pos].results[result],
                    true,
                )
            })
            .collect(),
    }
}

impl ProgramProblem {
    /// The plan a solution of [`ProgramProblem::problem`] describes.
    pub fn decode(&self, space: &PlanSpace<'_>, choice: &[usize]) -> Plan {
        let mut plan = space.replicated();
        for (node, &c) in self.nodes.iter().zip(choice) {
            match node {
                NodeRef::Arg(i, cands) => plan.args[*i] = cands[c].clone(),
                NodeRef::Op(pos) => plan.choice[*pos] = c,
            }
        }
        plan
    }

    /// The solution that describes `plan` (for warm starts and for pricing reference plans), if every
    /// argument sharding of the plan is a candidate.
    pub fn encode(&self, plan: &Plan) -> Option<Vec<usize>> {
        self.nodes
            .iter()
            .map(|node| match node {
                NodeRef::Arg(i, cands) => cands.iter().position(|c| *c == plan.args[*i]),
                NodeRef::Op(pos) => Some(plan.choice[*pos]),
            })
            .collect()
    }
}
