//! The reports a person reads: a plan's predicted cost (what `automap eval` prints), and `report.md`
//! for a solved plan (the cost, the solver's proof, the reference plans side by side, and what the
//! annotated module leaves to XLA).

use super::Solved;
use super::inspect::bytes;
use crate::build::ProgramProblem;
use crate::mesh::Mesh;
use crate::plan::{Plan, PlanCost, PlanSpace};
use crate::step_time::StepTime;
use crate::tactics::reference::Recipes;
use crate::tactics::{Recognised, parse_tactics};
use automap_ir::Module;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The part of the predicted step's sum that prefetched collectives hide, if any.
fn hidden_part(cost: &PlanCost) -> String {
    if cost.hidden_s <= 0.0 {
        return String::new();
    }
    format!(
        " - prefetched collectives hidden behind compute {:.3} ms (a loop's collectives on values the same in \
         every iteration, issued during the iteration before, up to the loop body's least compute; serial {:.3} ms)",
        cost.hidden_s * 1e3,
        cost.serial_s() * 1e3
    )
}

/// A person-readable report of a plan's predicted cost.
pub fn plan_report(
    path: &str,
    m: &Module,
    mesh: &Mesh,
    spec: &str,
    space: &PlanSpace<'_>,
    plan: &Plan,
    cost: &PlanCost,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "model: {path}\nmesh: {} ({} devices: {})\nplan: {spec}",
        mesh.name,
        mesh.num_devices(),
        mesh.axes.iter().map(|a| format!("{}={}", a.name, a.size)).collect::<Vec<_>>().join(" x ")
    );
    let _ = writeln!(
        s,
        "\npredicted step time: {:.3} ms = compute {:.3} ms + communication {:.3} ms{}",
        cost.total_s() * 1e3,
        cost.compute_s * 1e3,
        cost.comm_s * 1e3,
        hidden_part(cost)
    );
    let t = StepTime::of(space, plan, cost);
    let _ = writeln!(
        s,
        "  overlapped (collectives beside independent compute, loop-invariant ones a loop iteration ahead): {:.3} ms\n  \
         roofline: compute bound by FLOPs {:.3} ms, by memory traffic {:.3} ms; links {:.3} ms\n  \
         FLOPs utilisation (the program's FLOPs at peak over all devices, {:.3} ms, over the step): {:.1}% serial, {:.1}% overlapped",
        t.overlapped_s * 1e3,
        t.flops_bound_s * 1e3,
        t.memory_bound_s * 1e3,
        t.link_s * 1e3,
        t.ideal_s * 1e3,
        100.0 * t.utilisation_serial(),
        100.0 * t.utilisation_overlapped()
    );
    let mem = mesh.device.memory_bytes();
    let _ = writeln!(
        s,
        "peak memory per device: {} of {} ({:.1}%){}",
        bytes(cost.peak_bytes as u64),
        bytes(mem as u64),
        100.0 * cost.peak_bytes / mem,
        if cost.peak_bytes > mem {
            "  OVER THE DEVICE MEMORY".to_string()
        } else {
            format!("; headroom {}", bytes((mem - cost.peak_bytes) as u64))
        }
    );
    s += &host_memory(m, space, plan, cost);
    // Collectives grouped by kind, axis, size and how many times each runs.
    // (kind, axis, bytes, runs) → (count, seconds over all runs, first causes)
    type Group = (usize, f64, Vec<String>);
    let mut groups: BTreeMap<(String, String, u64, u64), Group> = BTreeMap::new();
    for c in &cost.collectives {
        let key = (c.collective.kind.to_string(), c.collective.axis.clone(), c.collective.bytes, c.runs);
        let e = groups.entry(key).or_default();
        e.0 += 1;
        e.1 += c.total_s();
        let cause = match c.op {
            Some(op) => {
                format!("{} at {}", m.ops[op].loc.clone().unwrap_or_else(|| m.ops[op].name.clone()), m.op_location(op))
            }
            None => format!("returned value {}", m.values[c.value].name),
        };
        if e.2.len() < 3 {
            e.2.push(cause);
        }
    }
    let _ = writeln!(s, "\ncollectives: {}", cost.collectives.len());
    if !groups.is_empty() {
        let _ = writeln!(
            s,
            "  {:>5}  {:<15} {:<8} {:>12} {:>6} {:>11}  caused by (first three)",
            "count", "kind", "axis", "bytes", "runs", "total ms"
        );
    }
    for ((kind, axis, b, runs), (n, secs, causes)) in &groups {
        let _ = writeln!(
            s,
            "  {n:>5}  {kind:<15} {axis:<8} {:>12} {:>6} {:>11.4}  {}",
            bytes(*b),
            format!("×{runs}"),
            secs * 1e3,
            causes.join("; ")
        );
    }
    let sharded_ops = plan.choice.iter().filter(|&&c| c != 0).count();
    let _ = writeln!(
        s,
        "\nops sharded: {sharded_ops} of {} ({} strategies considered in all)",
        plan.choice.len(),
        space.strategies.iter().map(Vec::len).sum::<usize>()
    );
    s += &compute_by_op(m, space, plan, cost);
    s += &memory_at_peak(m, space, plan);
    s += &loops_report(m, space, plan, cost);
    s += &cases_report(m, space, plan);
    s
}

/// The stacks the plan keeps in host memory, if any: why, how many bytes, what moving them costs, and
/// how a JAX user asks for the same.
fn host_memory(m: &Module, space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> String {
    if space.offloaded().is_empty() {
        return String::new();
    }
    let h = &cost.host;
    let mut s = format!(
        "host memory per device: {}{} in {} (the device's memory alone holds no plan: each is a value a loop \
         writes a slice of per iteration and later loops read a slice of per iteration, kept in host memory \
         between them); transfers {:.3} ms, of which {:.3} ms run beside the loops' compute and {:.3} ms do not\n",
        bytes(h.bytes as u64),
        space.mesh.device.host_memory_bytes().map_or(String::new(), |c| format!(" of {}", bytes(c as u64))),
        match space.offloaded().len() {
            1 => "1 stack".to_string(),
            n => format!("{n} stacks"),
        },
        h.seconds * 1e3,
        h.hidden_s * 1e3,
        h.exposed_s() * 1e3
    );
    for stack in space.offloaded() {
        let step = &space.steps()[stack.carry];
        let v = step.results[0];
        let per_device = m.ty(v).byte_size() as f64 / space.mesh.shards(&space.produced(plan, v));
        let _ = writeln!(
            s,
            "  loop-carried value {} of 'stablehlo.while' at {} ({}, {} per device)",
            step.carried.unwrap_or(0),
            m.op_location(step.op),
            m.ty(v),
            bytes(per_device as u64)
        );
    }
    s += "  (in JAX, the same placement: name the saved value with `jax.ad_checkpoint.checkpoint_name` and \
          checkpoint the layer with `jax.checkpoint_policies.save_and_offload_only_these_names(\
          names_which_can_be_saved=[], names_which_can_be_offloaded=[that name], offload_src=\"device\", \
          offload_dst=\"pinned_host\")`; annotated.mlir carries it as `annotate_device_placement` calls)\n";
    s
}

/// How many buffers [`memory_at_peak`] lists.
const PEAK_ROWS: usize = 8;

/// What holds the memory at its peak: where in the program the peak is, and the largest buffers live
/// there (bytes per device).
fn memory_at_peak(m: &Module, space: &PlanSpace<'_>, plan: &Plan) -> String {
    let (peak, at, live) = space.peak_buffers(plan);
    let name_of = |op: automap_ir::OpId| {
        let name = m.ops[op].loc.clone().unwrap_or_else(|| m.ops[op].name.clone());
        format!("{} at {}", name, m.op_location(op))
    };
    let place = match space.steps().get(at) {
        Some(step) => name_of(step.op),
        None => "the arguments alone".to_string(),
    };
    let mut s = format!(
        "\nmemory at its peak ({} per device, at {place}; the {PEAK_ROWS} largest of {} live buffers):\n",
        bytes(peak as u64),
        live.len()
    );
    for (v, b) in live.iter().take(PEAK_ROWS) {
        let what = match m.values[*v].def {
            automap_ir::ValueDef::Arg(i) => match m.entry().args.get(i as usize).and_then(|p| p.name.as_deref()) {
                Some(name) => format!("argument {i} {name}"),
                None => format!("argument {i}"),
            },
            automap_ir::ValueDef::Result(op, _) => format!("{} ({})", m.values[*v].name, name_of(op)),
            automap_ir::ValueDef::BlockArg(..) => m.values[*v].name.clone(),
        };
        let _ = writeln!(s, "  {:>12}  {what}", bytes(*b as u64));
    }
    s
}

/// How many op kinds [`compute_by_op`] lists.
const COMPUTE_ROWS: usize = 8;

/// Where the compute goes: the op kinds that take the most of it over all their runs, with their
/// steps, FLOPs and bytes moved per device, and their share of the compute.
fn compute_by_op(m: &Module, space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> String {
    // op name → (steps, seconds, flops, bytes), each over all runs
    let mut kinds: BTreeMap<&str, (usize, f64, f64, f64)> = BTreeMap::new();
    for (pos, step) in space.steps().iter().enumerate() {
        if !step.is_op() {
            continue;
        }
        let c = space.compute(pos, plan.choice[pos]);
        let runs = step.runs as f64;
        let e = kinds.entry(m.ops[step.op].name.as_str()).or_default();
        *e = (e.0 + 1, e.1 + c.seconds * runs, e.2 + c.flops * runs, e.3 + c.bytes * runs);
    }
    let mut rows: Vec<_> = kinds.into_iter().filter(|r| r.1.1 > 0.0).collect();
    rows.sort_by(|a, b| b.1.1.total_cmp(&a.1.1).then(a.0.cmp(b.0)));
    let mut s = format!("\ncompute by op (the {COMPUTE_ROWS} costliest kinds, per device over all runs):\n");
    let _ = writeln!(s, "  {:<32} {:>6} {:>11} {:>8} {:>14} {:>12}", "op", "steps", "ms", "share", "GFLOP", "bytes");
    for (name, (steps, secs, flops, moved)) in rows.iter().take(COMPUTE_ROWS) {
        let _ = writeln!(
            s,
            "  {name:<32} {steps:>6} {:>11.4} {:>7.1}% {:>14.4} {:>12}",
            secs * 1e3,
            100.0 * secs / cost.compute_s.max(f64::MIN_POSITIVE),
            flops / 1e9,
            bytes(*moved as u64)
        );
    }
    s
}

/// Each loop the schedule laid out: its trip count, its steps, and its compute and communication per
/// iteration and over all its runs (the units the totals above count in; a loop nested in another runs
/// its iterations once per outer iteration).
fn loops_report(m: &Module, space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> String {
    let sched = &space.schedule;
    if sched.loops.is_empty() {
        return String::new();
    }
    let mut s = String::from("\nloops (a body is decided once for all its iterations):\n");
    let _ = writeln!(
        s,
        "  {:<28} {:>6} {:>6}  {:>14} {:>14}  {:>14} {:>14}",
        "loop", "trips", "steps", "compute/iter", "compute total", "comm/iter", "comm total"
    );
    for l in &sched.loops {
        // The steps of its condition and body (nested loops' included), not its carries.
        let body: Vec<usize> = (l.first..=l.last).filter(|&p| sched.steps[p].op != l.op).collect();
        let compute: f64 = body.iter().map(|&p| space.compute_s(p, plan.choice[p])).sum::<f64>() + 0.0;
        let ops: std::collections::HashSet<automap_ir::OpId> = body.iter().map(|&p| sched.steps[p].op).collect();
        // Its collectives: those its ops need, and those of the values its body yields.
        let comm: f64 = cost
            .collectives
            .iter()
            .filter(|c| c.op.is_some_and(|o| ops.contains(&o) || (o == l.op && c.runs == l.body_runs)))
            .map(|c| c.total_s())
            .sum::<f64>()
            + 0.0;
        let per = |x: f64| format!("{:.4} ms", x * 1e3 / l.body_runs.max(1) as f64);
        let name = m.ops[l.op].loc.clone().unwrap_or_else(|| m.ops[l.op].name.clone());
        let _ = writeln!(
            s,
            "  {:<28} {:>6} {:>6}  {:>14} {:>14}  {:>14} {:>14}",
            format!("{} at {}", name.rsplit('/').next().unwrap_or(&name), m.op_location(l.op)),
            l.trips.map_or("?".to_string(), |t| t.to_string()),
            l.last + 1 - l.first,
            per(compute),
            format!("{:.4} ms", compute * 1e3),
            per(comm),
            format!("{:.4} ms", comm * 1e3),
        );
    }
    if sched.loops.iter().any(|l| l.trips.is_none()) {
        s += "  (?: the program does not state the trip count; the loop is counted as running once)\n";
    }
    s
}

/// Each `case` the schedule laid out: the compute of each of its branches. The plan prices every
/// branch as if it ran (their sum bounds the branch that runs from above).
fn cases_report(m: &Module, space: &PlanSpace<'_>, plan: &Plan) -> String {
    let sched = &space.schedule;
    if sched.cases.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "
cases (every branch priced as if it ran; one does):
",
    );
    let _ = writeln!(s, "  {:<28} {:>8}  compute per branch", "case", "branches");
    for c in &sched.cases {
        let per: Vec<String> = (0..c.branch_ends.len())
            .map(|b| {
                let ms: f64 = c.branch(b).map(|p| space.compute_s(p, plan.choice[p])).sum::<f64>() * 1e3 + 0.0;
                format!("{ms:.4} ms")
            })
            .collect();
        let name = m.ops[c.op].loc.clone().unwrap_or_else(|| m.ops[c.op].name.clone());
        let at = format!("{} at {}", name.rsplit('/').next().unwrap_or(&name), m.op_location(c.op));
        let _ = writeln!(s, "  {at:<28} {:>8}  {}", c.branch_ends.len(), per.join(", "));
    }
    s
}

/// The reference plans of a mesh, by recipe: the expert's shortlist, chosen from the mesh's shape and
/// links (never its axis names). Replicated; data parallel and FSDP (ZeRO-3) over every axis; on a
/// mesh of several axes, HSDP (replicas over the slowest axis, FSDP over the others), and tensor
/// parallelism (Megatron) over the fastest axis, the axis within a node, with data parallelism or FSDP
/// over the others; where `found` has a sequence, Megatron with sequence parallelism on the fastest
/// axis (FSDP over the others); where it has experts, expert parallelism on the fastest axis with FSDP
/// over every axis.
pub fn reference_specs(mesh: &Mesh, found: &Recognised) -> Vec<String> {
    let join = |tactic: &str, axes: &[&str]| axes.iter().map(|a| format!("{tactic}:{a}")).collect::<Vec<_>>().join("+");
    let all: Vec<&str> = mesh.axes.iter().map(|a| a.name.as_str()).collect();
    let mut out = vec!["replicated".to_string(), join("dp", &all), join("fsdp", &all)];
    // The slowest axis (the first of equals: meshes list the outermost first) and the fastest (the last).
    let bw = |a: &&crate::mesh::Axis| a.bandwidth_gb_per_s;
    let slowest = mesh.axes.iter().min_by(|a, b| bw(a).total_cmp(&bw(b))).map(|a| a.name.as_str()).unwrap_or(all[0]);
    let fastest = mesh.axes.iter().max_by(|a, b| bw(a).total_cmp(&bw(b))).map(|a| a.name.as_str()).unwrap_or(all[0]);
    // Tensor and sequence parallel (Megatron-SP): Megatron's weights and the inputs' sequence on the
    // fastest axis, for a program whose attention reads a sequence.
    let sp = |prefix: String| format!("{prefix}megatron:{fastest}+sp:{fastest}");
    if mesh.axes.len() == 1 {
        out.push(join("megatron", &all));
        if found.has_sequence() {
            out.push(sp(String::new()));
        }
    } else {
        let but = |x: &str| all.iter().copied().filter(|&a| a != x).collect::<Vec<_>>();
        out.push(format!("dp:{slowest}+{}", join("fsdp", &but(slowest))));
        out.push(format!("{}+megatron:{fastest}", join("dp", &but(fastest))));
        out.push(format!("{}+megatron:{fastest}", join("fsdp", &but(fastest))));
        if found.has_sequence() {
            out.push(sp(format!("{}+", join("fsdp", &but(fastest)))));
        }
    }
    // A mixture of experts: its experts over the fastest axis (dispatch and combine are all-to-alls
    // there), everything else FSDP over every axis.
    if found.has_experts() {
        out.push(format!("ep:{fastest}+{}", join("fsdp", &all)));
    }
    out
}

/// The reference plans' rows of report.md and what the tactics found in the program. They do not
/// depend on the solver's answer, so the planner computes them before it solves: the time they take
/// counts before the solver's deadline, not after it.
pub struct References {
    rows: String,
    tactics: String,
    clock_decided: bool,
    /// The cheapest reference plan that fits, by the objective, as an answer of the choice problem.
    best: Option<(i128, Vec<usize>)>,
}

impl References {
    /// The clock, not the work, stopped some reference plan's solve: another run may give its row
    /// otherwise (the row says "time limit").
    pub fn clock_decided(&self) -> bool {
        self.clock_decided
    }

    /// The cheapest reference plan that fits (its memory limit and the problem's constraints): its
    /// objective and its answer of the choice problem (the first of the cheapest, in the report's
    /// order).
    pub fn best_fitting(&self) -> Option<(i128, &[usize])> {
        self.best.as_ref().map(|(c, x)| (*c, x.as_slice()))
    }
}

/// The reference plans of `mesh` ([`reference_specs`]) on `space`'s program, from the roles `found`
/// there, each decided as [`crate::tactics::Recipes`] says (the recipe's argument shardings
/// pinned, the rest solved within `budget` on `threads` and the memory limit where the recipe fits,
/// from `start` where given) and priced in `built`'s problem (feasible under its memory limit and
/// constraints?).
pub fn references(
    mesh: &Mesh,
    space: &PlanSpace<'_>,
    built: &ProgramProblem,
    found: &Recognised,
    budget: std::time::Duration,
    threads: u32,
    start: Option<&[usize]>,
) -> References {
    let specs = reference_specs(mesh, found);
    // One reference per thread at a time, each solve on one thread: its answer does not depend on the
    // thread count (the solves are deterministic), and on a large problem the wall time divides.
    let workers = (threads.max(1) as usize).min(specs.len().max(1));
    let per_solve = if workers > 1 { 1 } else { threads };
    let next = std::sync::atomic::AtomicUsize::new(0);
    type Row = (String, bool, Option<(i128, Vec<usize>)>);
    let done: std::sync::Mutex<Vec<Option<Row>>> = std::sync::Mutex::new(vec![None; specs.len()]);
    // One presolve for all of them: each recipe pins the arguments on the reduced problem.
    let recipes = Recipes::new(space, built, found);
    let row = |spec: &str| -> Option<Row> {
        let tactics = parse_tactics(spec, mesh).ok()?;
        let r = recipes.reference(&tactics, budget, per_solve, start);
        let rc = space.evaluate(&r.plan);
        let x = built.encode(&r.plan);
        let e = x.as_ref().and_then(|x| automap_solver::evaluate(&built.problem, x).ok());
        let answer = e.as_ref().filter(|e| e.is_feasible()).zip(x).map(|(e, x)| (e.cost, x));
        let obj = e.as_ref().map_or("n/a".to_string(), |e| format!("{:.4}", e.cost as f64 / 1e9));
        let feasible = e.as_ref().map_or("n/a", |e| if e.is_feasible() { "yes" } else { "no" });
        let clock = if r.clock_decided { " (time limit)" } else { "" };
        let line = format!(
            "| {spec} | {}{clock} | {obj} | {feasible} | {:.4} | {:.4} | {} | {} |\n",
            r.decided,
            rc.total_s() * 1e3,
            crate::overlap::overlapped_step_s(space, &r.plan, &rc) * 1e3,
            rc.collectives.len(),
            bytes(rc.peak_bytes as u64)
        );
        Some((line, r.clock_decided, answer))
    };
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(spec) = specs.get(i) else { break };
                    let r = row(spec);
                    if let Ok(mut d) = done.lock() {
                        d[i] = r;
                    }
                }
            });
        }
    });
    let done: Vec<Row> = done.into_inner().unwrap_or_default().into_iter().flatten().collect();
    let clock_decided = done.iter().any(|d| d.1);
    // The first of the cheapest, in the report's order: the same plan on every run.
    let best = done.iter().filter_map(|d| d.2.clone()).fold(None, |b: Option<(i128, Vec<usize>)>, a| match b {
        Some(b) if b.0 <= a.0 => Some(b),
        _ => Some(a),
    });
    let rows: String = done.into_iter().map(|d| d.0).collect();
    References { rows, tactics: tactics_md(mesh, space, found), clock_decided, best }
}

/// What linking repeated ops did, in a line: classes, the problem before and after, the linked answer.
pub fn linking(l: &automap_solver::LinkStats) -> String {
    let ms = |c: i128| c as f64 / automap_solver::COST_UNITS_PER_SECOND * 1e3;
    l.line("ops", &l.cost.map_or("no plan".to_string(), |c| format!("its plan {:.4} ms", ms(c))))
}

/// The report's paragraph on linking: what was linked, and whether the unlinked bound proves the plan.
fn linking_md(l: &automap_solver::LinkStats, sol: &automap_solver::Solution) -> String {
    let verdict = match l.cost {
        Some(c) if sol.bound >= c => "The bound of the unlinked problem meets its plan: linking lost nothing here.",
        Some(c) if c <= sol.cost => {
            "The search over every op found nothing cheaper: the linked plan is this plan, within the gap above."
        }
        Some(_) => {
            "The search over every op went on from the linked plan and found this cheaper one: here some copies are best decided apart."
        }
        None => {
            "The linked problem gave no plan (none in its share of the time, or none within memory as it counts a class's members at their most overlapping), so every op was decided from scratch."
        }
    };
    let answer = match l.cost {
        Some(c) => format!("its plan costs {} ps (the linked solve took {:.2} s)", c, l.seconds),
        None => format!("it found no plan (in {:.2} s)", l.seconds),
    };
    format!(
        "Repeated ops: {} classes of ops that repeat one another (the same costs and wiring {} edges deep, found in the problem, not by names) were first decided once for all their copies, which took the problem from {} to {} decisions and from {} to {} choices; {answer}. Linking restricts the choices (the copies of an op must agree), so the proof above is of the unlinked problem. {verdict}",
        l.classes, l.depth, l.decisions.0, l.decisions.1, l.strategies.0, l.strategies.1,
    )
}

/// The report's account of memory as the tie-breaker.
fn tie_break_md(t: &super::TieBreak) -> String {
    let b = |x: i128| bytes(u64::try_from(x).unwrap_or(0));
    let within = match t.tolerance {
        0.0 => "as fast as the fastest plan found".to_string(),
        // In percent to two decimals, without trailing zeros (0.03 reads "3%", not "3.0000000000000004%").
        f => format!("at most {}% slower than the fastest plan found", (f * 1e4).round() / 1e2),
    };
    let verdict = match (t.probes, t.proven) {
        (0, _) => "No solve was needed: no plan peaks lower than the fastest one does.".to_string(),
        (_, true) => format!(
            "Every probe settled by a proof: no plan within the cap peaks at or below {} per device.",
            b(t.refuted)
        ),
        (_, false) => "A probe stopped at its time limit, so a leaner plan within the cap may exist.".to_string(),
    };
    format!(
        "## Memory as the tie-breaker\n\nAmong the plans {within} (objective at most {} ps), the one of least peak \
         memory, by {} bisecting the memory limit: peak per device {} → {}, objective {} → {} ps. {verdict} \
         (`--memory-tolerance` trades step time for headroom.)",
        t.cap,
        if t.probes == 1 { "1 solve".to_string() } else { format!("{} solves", t.probes) },
        b(t.peak.0),
        b(t.peak.1),
        t.objective.0,
        t.objective.1,
    )
}

/// `report.md`: the plan's cost, how it compares with the reference plans, and the solver's proof.
pub fn report_md(path: &str, m: &Module, mesh: &Mesh, space: &PlanSpace<'_>, o: &Solved, refs: &References) -> String {
    let (built, plan, cost, sol) = (&o.built, &o.plan, &o.cost, &o.solution);
    let mut s = String::new();
    let _ = writeln!(s, "# automap plan\n\n```\n{}```", plan_report(path, m, mesh, "solved", space, plan, cost));
    let _ = writeln!(
        s,
        "\n## Proof\n\nSolver status: **{}**. Objective {} ps, proven lower bound {} ps, gap {}. The bound is HiGHS's (the MIP's dual bound) or, where higher, the dual of the LP relaxation with a Lagrange multiplier per memory slot; either holds for every plan within the memory limit. (The objective charges every consumer its own resharding; the evaluated step time above shares one reduction of a value among its consumers, so it can only be lower.)\n\nThe problem: one node per op and per argument, {} nodes and {} edges, reduced before solving by an exact presolve (ops left with one choice are fixed, dominated choices dropped, ops whose choice follows from one or two neighbours merged into them; every solution of the reduced problem maps back to one of the same cost and memory peak, property-tested against brute force). {}.",
        sol.status,
        sol.cost,
        sol.bound,
        sol.gap_text(),
        built.problem.nodes.len(),
        built.problem.edges.len(),
        o.presolve
    );
    if let Some(l) = &o.linked {
        let _ = writeln!(s, "\n{}", linking_md(l, sol));
    }
    if let Some(t) = &o.tie_break {
        let _ = writeln!(s, "\n{}", tie_break_md(t));
    }
    let _ = writeln!(
        s,
        "\n## Reference plans\n\nEach stores the arguments as its recipe says (replicated where no tactic shards them) and decides the rest as the solver does, within the memory limit where a plan of the recipe fits and without one where none does (\"propagated\": nothing sharded, nothing to decide). Feasible: within the memory limit and the user's constraints, by the solver's evaluator. Overlapped: the step with collectives beside independent compute, as above. \"time limit\": the clock stopped the solve before its work was done, so another run may give another row.\n\n| plan | decided | objective (ms) | feasible | evaluated step (ms) | overlapped (ms) | collectives | peak memory / device |\n|---|---|---:|:---:|---:|---:|---:|---:|"
    );
    s += &refs.rows;
    let _ = writeln!(
        s,
        "| **this plan** | {} | {:.4} | yes | {:.4} | {:.4} | {} | {} |",
        match sol.status {
            automap_solver::Status::Optimal | automap_solver::Status::GapLimit => "optimal",
            _ => "best found",
        },
        sol.cost as f64 / 1e9,
        cost.total_s() * 1e3,
        crate::overlap::overlapped_step_s(space, plan, cost) * 1e3,
        cost.collectives.len(),
        bytes(cost.peak_bytes as u64)
    );
    s += &refs.tactics;
    s += &unpinned_md(m, space, plan);
    s
}

/// `report.md`'s account of what the reference plans' tactics found in the program (by its dataflow).
fn tactics_md(mesh: &Mesh, space: &PlanSpace<'_>, found: &Recognised) -> String {
    let mut s = String::from(
        "\nThe reference plans' tactics, as they matched this program's dataflow (argument names play no part):\n\n",
    );
    let (first, last) = match (mesh.axes.first(), mesh.axes.last()) {
        (Some(f), Some(l)) => (&f.name, &l.name),
        _ => return String::new(),
    };
    let spec = format!("dp:{first}+megatron:{last}+fsdp:{first}");
    let Ok(tactics) = parse_tactics(&spec, mesh) else { return String::new() };
    for t in found.apply(space, &tactics).matched {
        let _ = writeln!(s, "- {t}");
    }
    for (has, tactic) in [(found.has_sequence(), "sp"), (found.has_experts(), "ep")] {
        if has && let Ok(tactics) = parse_tactics(&format!("{tactic}:{last}"), mesh) {
            for t in found.apply(space, &tactics).matched {
                let _ = writeln!(s, "- {t}");
            }
        }
    }
    s
}

/// Most ops listed by name in the report's sections.
const LISTED_OPS: usize = 5;

/// `report.md`'s account of what the annotated module leaves to XLA, and so where XLA's collectives may
/// differ from the prediction.
fn unpinned_md(m: &Module, space: &PlanSpace<'_>, plan: &Plan) -> String {
    let mut s = String::from("\n## Where XLA may differ from the prediction\n\n");
    let mut inlined: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let mut constants = 0usize;
    let mut partial: Vec<String> = Vec::new();
    for step in space.steps().iter().filter(|s| s.is_op() && s.first_of_op()) {
        let op = step.op;
        let data = &m.ops[op];
        if !m.sole_text(op) {
            *inlined.entry(m.call_chain(op).first().copied().unwrap_or("?")).or_default() += 1;
        }
        constants += usize::from(matches!(data.kind, automap_ir::OpKind::Constant { .. }));
        if data.results.iter().any(|&r| !space.produced(plan, r).unreduced.is_empty()) {
            partial.push(format!("{} at {}", data.loc.as_deref().unwrap_or(&data.name), m.op_location(op)));
        }
    }
    let mut any = false;
    if !m.copies.is_empty() {
        let mut calls: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
        for c in &m.copies {
            *calls.entry(c.of.as_str()).or_insert(1) += 1;
        }
        let list: Vec<String> = calls.iter().map(|(f, n)| format!("@{f} {n} calls")).collect();
        let _ = writeln!(
            s,
            "- Not a difference: the annotated module gives every call of a function called more than once a function of its own ({}; the copies are named `@f__callN`), so that each call carries the shardings this plan gives it there, where XLA would give a shared function one sharding for all its calls.",
            list.join(", ")
        );
    }
    if !inlined.is_empty() {
        any = true;
        let list: Vec<String> = inlined.iter().map(|(f, n)| format!("{n} from @{f}")).collect();
        let _ = writeln!(
            s,
            "- {} ops were inlined from functions called more than once ({}). Their text is shared by every call, so they carry no sharding; XLA propagates through them.",
            inlined.values().sum::<usize>(),
            list.join(", ")
        );
    }
    if constants > 0 {
        any = true;
        let _ = writeln!(s, "- {constants} constants carry no sharding; XLA propagates into them.");
    }
    let loops = space.schedule.loops.len();
    if loops > 0 {
        any = true;
        let (what, carry) = if loops == 1 { ("loop", "carries") } else { ("loops", "carry") };
        let _ = writeln!(
            s,
            "- {loops} `while` {what} {carry} no sharding on its results (XLA cannot take one there); their carried values are pinned by constraints on their initial and yielded values where these are resharded, and otherwise follow from the shardings written inside the body."
        );
    }
    if !partial.is_empty() {
        any = true;
        let shown: Vec<&str> = partial.iter().take(LISTED_OPS).map(String::as_str).collect();
        let _ = writeln!(
            s,
            "- {} values are partial sums in this plan ({}{}). Their shardings are written without the pending reduction, and XLA places the reduction itself: where we predict a reduce-scatter, XLA's CPU backend emits an all-reduce followed by a slice (its GPU and TPU pipelines turn that pair into a reduce-scatter).",
            partial.len(),
            shown.join("; "),
            if partial.len() > LISTED_OPS { "; ..." } else { "" }
        );
    }
    if !any {
        s += "Nothing: every value's sharding is written into the module.\n";
    }
    s += "\n`tools/validate.py` compiles the annotated module and compares the collectives XLA inserted with this prediction, by kind and by op; with `--report` it appends that comparison here.\n";
    s
}
