//! `automap plan`: the model path end to end. Module + mesh → choice problem → solver → plan, written as
//! an annotated module, `plan.json` and `report.md`.

use crate::inspect::bytes;
use automap_encodings::build::{Built, build};
use automap_encodings::mesh::Mesh;
use automap_encodings::plan::{MESH_SYMBOL, Plan, PlanCost, PlanSpace, parse_recipes, recipe_args};
use automap_encodings::reshard::CollectiveKind;
use automap_ir::Module;
use automap_ir::sharding::TensorSharding;
use automap_ir::write::{Annotations, Target, WriteError, write};
use automap_solver::Solution;
use std::fmt::Write as _;

/// The `sdy.mesh` declaration of a mesh.
pub fn mesh_decl(mesh: &Mesh) -> String {
    let axes: Vec<String> = mesh.axes.iter().map(|a| format!("\"{}\"={}", a.name, a.size)).collect();
    format!("sdy.mesh @{MESH_SYMBOL} = <[{}]>", axes.join(", "))
}

/// How shardings are written into the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Shardy: `sdy.mesh` and `sdy.sharding` (what JAX uses by default).
    Shardy,
    /// GSPMD: `mhlo.sharding` strings (for XLA builds or flows that partition with GSPMD).
    Gspmd,
}

/// Why a plan cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    /// The writer refused the module.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// A sharding has no GSPMD form.
    #[error(transparent)]
    Gspmd(#[from] crate::gspmd::GspmdError),
}

/// The annotated module: the mesh (Shardy); a sharding on every argument and result of the entry function
/// and on the results of every op written in the entry function (ops inlined from called functions share
/// their text with every call and are left to the partitioner's propagation); the partition count set to
/// the mesh's device count. Partial sums are not written: the partitioner places the reductions.
///
/// In the Shardy form, every resharding the plan makes is pinned by `sdy.sharding_constraint`s (see
/// [`reshardings`]): the value is held at its produced sharding after its op, and resharded to what the
/// consumer needs just before the consumer. Shardy's propagation treats op shardings as a starting point
/// and otherwise moves a resharding upstream of where the plan put it, and XLA's partitioner picks its
/// own way from an operand's sharding to the op's result.
pub fn annotate(
    m: &Module,
    mesh: &Mesh,
    space: &PlanSpace<'_>,
    plan: &Plan,
    format: Format,
) -> Result<String, AnnotateError> {
    let one = |s: &TensorSharding| -> Result<String, AnnotateError> {
        Ok(match format {
            Format::Shardy => s.to_string(),
            Format::Gspmd => format!("\"{}\"", crate::gspmd::sharding(s, mesh)?),
        })
    };
    let key = match format {
        Format::Shardy => "sdy.sharding",
        Format::Gspmd => "mhlo.sharding",
    };
    let mut ann = Annotations::new();
    if format == Format::Shardy {
        ann.before_entry(mesh_decl(mesh));
    }
    for &op in &m.body {
        let data = &m.ops[op];
        // Constants print their attributes before the value, unlike other ops; a `while` in pretty form
        // takes them after its types (`attributes {...}`), and XLA rejects a sharding per result there
        // (a RET_CHECK on the loop's tuple): both left to propagation.
        let unwritten = matches!(data.kind, automap_ir::OpKind::Constant | automap_ir::OpKind::While);
        if data.inlined_at.is_some() || data.results.is_empty() || data.syntax.sig_colon.is_none() || unwritten {
            continue;
        }
        let shardings: Vec<TensorSharding> =
            data.results.iter().map(|&r| TensorSharding { unreduced: Vec::new(), ..space.produced(plan, r) }).collect();
        let value = match format {
            Format::Shardy => {
                let per_value: Vec<String> =
                    shardings.iter().map(|s| s.to_string().trim_start_matches("#sdy.sharding").to_string()).collect();
                format!("#sdy.sharding_per_value<[{}]>", per_value.join(", "))
            }
            Format::Gspmd if shardings.len() == 1 => one(&shardings[0])?,
            Format::Gspmd => {
                let parts = shardings.iter().map(|s| crate::gspmd::sharding(s, mesh)).collect::<Result<Vec<_>, _>>()?;
                format!("\"{{{}}}\"", parts.join(", "))
            }
        };
        ann.set(Target::Op(op), key, value);
    }
    if format == Format::Shardy {
        let bare = |s: &TensorSharding| s.to_string().trim_start_matches("#sdy.sharding").to_string();
        let r = reshardings(m, space, plan);
        for (op, s) in &r.produced {
            ann.constrain(*op, vec![bare(s)]);
        }
        for (op, k, chain) in &r.operands {
            ann.constrain_operand(*op, *k, chain.iter().map(bare).collect());
        }
    }
    for (i, s) in plan.args.iter().enumerate() {
        ann.set(Target::Arg(i), key, one(s)?);
    }
    for (i, &v) in m.returns.iter().enumerate() {
        let s = TensorSharding { unreduced: Vec::new(), ..space.produced(plan, v) };
        ann.set(Target::Result(i), key, one(&s)?);
    }
    let text = write(m, &ann)?;
    Ok(text.replacen(
        "mhlo.num_partitions = 1 : i32",
        &format!("mhlo.num_partitions = {} : i32", mesh.num_devices()),
        1,
    ))
}

/// Where the annotated module pins a resharding the plan makes: the entry function's ops whose result
/// (one, not a partial sum) is resharded for a consumer, each held at its produced sharding; and each
/// consumer's operand `(op, k)` resharded to what the op needs just before it. Ops inlined from called
/// functions and ops inside regions share or nest their text and are left out.
#[derive(Clone, Debug, Default)]
pub struct Reshardings {
    /// Ops whose result is held at its produced sharding, with that sharding.
    pub produced: Vec<(automap_ir::OpId, TensorSharding)>,
    /// Operands resharded just before their op: the shardings to pass through, the last the one the op
    /// needs. The produced sharding comes first where its producer is not held (a call's result).
    pub operands: Vec<(automap_ir::OpId, usize, Vec<TensorSharding>)>,
}

/// The [`Reshardings`] of `plan`.
pub fn reshardings(m: &Module, space: &PlanSpace<'_>, plan: &Plan) -> Reshardings {
    let written = |op: automap_ir::OpId| {
        let data = &m.ops[op];
        data.inlined_at.is_none() && data.parent.is_none() && !matches!(data.kind, automap_ir::OpKind::Constant)
    };
    let mut out = Reshardings::default();
    let mut held = std::collections::BTreeSet::new();
    for (pos, &op) in m.body.iter().enumerate() {
        for (k, &v) in m.ops[op].operands.iter().enumerate() {
            if m.ty(v).as_tensor().is_none() {
                continue;
            }
            let (from, to) = (space.produced(plan, v), space.required_in(plan, pos, k));
            // Partial sums are written without their pending reduction: XLA places it.
            if !from.unreduced.is_empty() || !to.unreduced.is_empty() || from.dims == to.dims {
                continue;
            }
            // Arguments are pinned by their own annotation; op results by a constraint after the op
            // where that can be written.
            let producer = match m.values[v].def {
                automap_ir::ValueDef::Result(op, _) => Some(op),
                _ => None,
            };
            let holdable = producer.is_none_or(|p| written(p) && m.ops[p].results.len() == 1);
            if let Some(p) = producer
                && holdable
                && held.insert(p)
            {
                out.produced.push((p, from.clone()));
            }
            if written(op) {
                out.operands.push((op, k, if holdable { vec![to] } else { vec![from, to] }));
            }
        }
    }
    out
}

/// A PartitionSpec as JSON: one entry per dimension, `null`, an axis name, or a list of names.
fn partition_spec(s: &TensorSharding) -> serde_json::Value {
    serde_json::Value::Array(
        s.dims
            .iter()
            .map(|d| match d.axes.len() {
                0 => serde_json::Value::Null,
                1 => serde_json::Value::String(d.axes[0].name.clone()),
                _ => {
                    serde_json::Value::Array(d.axes.iter().map(|a| serde_json::Value::String(a.name.clone())).collect())
                }
            })
            .collect(),
    )
}

/// Predicted collectives counted by kind (`all-reduce`, ...).
fn by_kind(cost: &PlanCost) -> serde_json::Value {
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for c in &cost.collectives {
        *counts.entry(c.collective.kind.to_string()).or_default() += 1;
    }
    serde_json::json!(counts)
}

/// Every predicted collective: kind, mesh axis, bytes (per device, of the tensor unsharded along the
/// axis), the value it reshards (its name in the source), and the op it belongs to, by its JAX name
/// (what XLA keeps as `op_name`) and its line: the op that needs the resharding, or for the reduction
/// of a partial sum the op where the partial sum starts (where XLA places the reduction).
fn collective_list(m: &Module, plan: &Plan, cost: &PlanCost) -> serde_json::Value {
    let pos: std::collections::HashMap<automap_ir::OpId, usize> =
        m.body.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    // The op where a partial value's partial sum starts: back through the ops that pass one through.
    let origin = |v: automap_ir::ValueId| -> Option<automap_ir::OpId> {
        let mut v = v;
        for _ in 0..m.body.len() {
            let automap_ir::ValueDef::Result(op, _) = m.values[v].def else { return None };
            let &p = pos.get(&op)?;
            match plan.partial_operands[p].first() {
                Some(&k) => v = m.ops[op].operands[k],
                None => return Some(op),
            }
        }
        None
    };
    cost.collectives
        .iter()
        .map(|c| {
            let reduction = matches!(c.collective.kind, CollectiveKind::AllReduce | CollectiveKind::ReduceScatter);
            let op = if reduction { origin(c.value).or(c.op) } else { c.op };
            let (name, at) = match op {
                Some(op) => {
                    (m.ops[op].loc.clone().unwrap_or_else(|| m.ops[op].name.clone()), m.op_location(op).to_string())
                }
                None => ("(returned)".to_string(), "result".to_string()),
            };
            serde_json::json!({
                "kind": c.collective.kind.to_string(),
                "axis": c.collective.axis,
                "bytes": c.collective.bytes,
                "op": name,
                "at": at,
                "value": m.values[c.value].name,
            })
        })
        .collect()
}

/// `plan.json`.
pub fn plan_json(m: &Module, mesh: &Mesh, plan: &Plan, cost: &PlanCost, sol: &Solution) -> String {
    let args: Vec<serde_json::Value> = plan
        .args
        .iter()
        .enumerate()
        .map(|(i, s)| {
            serde_json::json!({
                "index": i,
                "name": m.entry().args.get(i).and_then(|p| p.name.clone()),
                "partition_spec": partition_spec(s),
                "sharding": s.to_string(),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "mesh": {"name": mesh.name, "axes": mesh.axes.iter().map(|a| serde_json::json!({"name": a.name, "size": a.size})).collect::<Vec<_>>()},
        "arguments": args,
        "predicted": {
            "step_time_s": cost.total_s(),
            "compute_s": cost.compute_s,
            "communication_s": cost.comm_s,
            "collectives": cost.collectives.len(),
            "collectives_by_kind": by_kind(cost),
            "collective_list": collective_list(m, plan, cost),
            "peak_memory_bytes_per_device": cost.peak_bytes,
        },
        "solver": {
            "status": sol.status.to_string(),
            "objective_ps": sol.cost.to_string(),
            "bound_ps": sol.bound.to_string(),
            "gap": sol.gap(),
            "choice": sol.choice,
        },
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The reference plans that fit the mesh, by name.
pub fn reference_specs(mesh: &Mesh) -> Vec<String> {
    let mut out = vec!["replicated".to_string()];
    for a in &mesh.axes {
        for r in ["dp", "megatron", "fsdp"] {
            out.push(format!("{r}:{}", a.name));
        }
    }
    if mesh.axes.len() == 2 {
        let (a, b) = (&mesh.axes[0].name, &mesh.axes[1].name);
        out.push(format!("dp:{a}+megatron:{b}"));
        out.push(format!("fsdp:{a}+megatron:{b}"));
    }
    out
}

/// One solved plan and what is known of it.
pub struct Outcome {
    /// The choice problem it was solved from.
    pub built: Built,
    /// The plan.
    pub plan: Plan,
    /// Its evaluated cost.
    pub cost: PlanCost,
    /// The solver's answer and proof.
    pub solution: Solution,
    /// What the exact presolve removed before solving.
    pub presolve: automap_solver::presolve::PresolveStats,
}

/// `report.md`: the plan's cost, how it compares with the reference plans, and the solver's proof.
pub fn report_md(path: &str, m: &Module, mesh: &Mesh, space: &PlanSpace<'_>, o: &Outcome) -> String {
    let (built, plan, cost, sol) = (&o.built, &o.plan, &o.cost, &o.solution);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# automap plan\n\n```\n{}```",
        crate::report::plan_report(path, m, mesh, "solved", space, plan, cost)
    );
    let _ = writeln!(
        s,
        "\n## Proof\n\nSolver status: **{}**. Objective {} ps, proven lower bound {} ps, gap {:.4}%. The bound is HiGHS's (the MIP's dual bound) or, where higher, the dual of the LP relaxation with a Lagrange multiplier per memory slot; either holds for every plan within the memory limit. (The objective charges every consumer its own resharding; the evaluated step time above shares one reduction of a value among its consumers, so it can only be lower.)\n\nThe problem: one node per op and per argument, {} nodes and {} edges, reduced before solving by an exact presolve (ops left with one choice are fixed, dominated choices dropped, ops whose choice follows from one or two neighbours merged into them; every solution of the reduced problem maps back to one of the same cost and memory peak, property-tested against brute force). {}.",
        sol.status,
        sol.cost,
        sol.bound,
        100.0 * sol.gap(),
        built.problem.nodes.len(),
        built.problem.edges.len(),
        o.presolve
    );
    let _ = writeln!(
        s,
        "\n## Reference plans\n\nFeasible: within the memory limit and the user's constraints, by the solver's evaluator.\n\n| plan | objective (ms) | feasible | evaluated step (ms) | collectives | peak memory / device |\n|---|---:|:---:|---:|---:|---:|"
    );
    for spec in reference_specs(mesh) {
        let Ok(recipes) = parse_recipes(&spec, mesh) else { continue };
        let rp = space.propagate(recipe_args(m, mesh, &recipes));
        let rc = space.evaluate(&rp);
        let e = built.encode(&rp).and_then(|x| automap_solver::eval::evaluate(&built.problem, &x).ok());
        let obj = e.as_ref().map_or("n/a".to_string(), |e| format!("{:.4}", e.cost as f64 / 1e9));
        let feasible = e.as_ref().map_or("n/a", |e| if e.is_feasible() { "yes" } else { "no" });
        let _ = writeln!(
            s,
            "| {spec} | {obj} | {feasible} | {:.4} | {} | {} |",
            rc.total_s() * 1e3,
            rc.collectives.len(),
            bytes(rc.peak_bytes as u64)
        );
    }
    let _ = writeln!(
        s,
        "| **this plan** | {:.4} | yes | {:.4} | {} | {} |",
        sol.cost as f64 / 1e9,
        cost.total_s() * 1e3,
        cost.collectives.len(),
        bytes(cost.peak_bytes as u64)
    );
    s += &unpinned_md(m, space, plan);
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
    for &op in &m.body {
        let data = &m.ops[op];
        if data.inlined_at.is_some() {
            *inlined.entry(m.call_chain(op).first().copied().unwrap_or("?")).or_default() += 1;
        }
        constants += usize::from(matches!(data.kind, automap_ir::OpKind::Constant));
        if data.results.iter().any(|&r| !space.produced(plan, r).unreduced.is_empty()) {
            partial.push(format!("{} at {}", data.loc.as_deref().unwrap_or(&data.name), m.op_location(op)));
        }
    }
    let mut any = false;
    if !inlined.is_empty() {
        any = true;
        let list: Vec<String> = inlined.iter().map(|(f, n)| format!("{n} from @{f}")).collect();
        let _ = writeln!(
            s,
            "- {} ops were inlined from called functions ({}). Their text is shared by every call, so they carry no sharding; XLA propagates through them.",
            inlined.values().sum::<usize>(),
            list.join(", ")
        );
    }
    if constants > 0 {
        any = true;
        let _ = writeln!(s, "- {constants} constants carry no sharding; XLA propagates into them.");
    }
    let loops = m.body.iter().filter(|&&op| matches!(m.ops[op].kind, automap_ir::OpKind::While)).count();
    if loops > 0 {
        any = true;
        let (what, carry) = if loops == 1 { ("loop", "carries") } else { ("loops", "carry") };
        let _ =
            writeln!(s, "- {loops} `while` {what} {carry} no sharding on its results; XLA propagates through them.");
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

/// Build, solve and decode: the plan and the solver's answer.
pub fn plan_module(
    space: &PlanSpace<'_>,
    memory_limit: Option<f64>,
    method: automap_solver::pipeline::Method,
    opts: &automap_solver::SolveOptions,
    progress: &mut dyn FnMut(&automap_solver::Progress),
) -> Result<(Built, Plan, Solution), automap_solver::SolveError> {
    let (built, plan, sol, _) = solve_built(space, build(space, memory_limit), method, opts, progress)?;
    Ok((built, plan, sol))
}

/// Solve a built problem (perhaps with user constraints added) and decode: the plan, the answer, and what
/// presolve removed.
pub fn solve_built(
    space: &PlanSpace<'_>,
    built: Built,
    method: automap_solver::pipeline::Method,
    opts: &automap_solver::SolveOptions,
    progress: &mut dyn FnMut(&automap_solver::Progress),
) -> Result<(Built, Plan, Solution, automap_solver::presolve::PresolveStats), automap_solver::SolveError> {
    let r = automap_solver::pipeline::solve(&built.problem, method, opts, progress)?;
    let plan = built.decode(space, &r.solution.choice);
    Ok((built, plan, r.solution, r.presolve))
}
