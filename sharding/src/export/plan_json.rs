//! `plan.json`: one schema, written by `automap plan` and read back by `automap check` (and by the
//! Python package and tools): a PartitionSpec per argument and per result by the name JAX gave it, the
//! predicted costs and collectives, and the solver's answer with its proof.
//!
//! Fields are declared in alphabetical order, so the file lists them in that order at every level.

use crate::mesh::{CompilerTarget, Mesh};
use crate::plan::{Plan, PlanCost, PlanSpace};
use crate::reshard::CollectiveKind;
use automap_ir::module::Port;
use automap_ir::sharding::TensorSharding;
use automap_ir::{Module, OpId, ValueDef, ValueId};
use automap_solver::{LinkStats, Solution};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The whole document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanDoc {
    /// The entry function's arguments, in order.
    pub arguments: Vec<Argument>,
    /// The mesh the plan is for.
    pub mesh: MeshDoc,
    /// What the cost model predicts.
    pub predicted: Predicted,
    /// The entry function's results, in order, at the sharding the plan produces them in (what
    /// `jax.jit`'s `out_shardings` takes). Absent from files written before results were recorded.
    #[serde(default)]
    pub results: Vec<Argument>,
    /// The solver's answer and proof.
    pub solver: SolverDoc,
}

/// One argument's (or result's) sharding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Argument {
    /// Its position.
    pub index: usize,
    /// The name JAX gave it (`params['w1']` for an argument, `jax.result_info` such as `[0]['w1']` for
    /// a result), when the module carries one.
    pub name: Option<String>,
    /// JAX's PartitionSpec: per dimension nothing, an axis, or axes major first.
    pub partition_spec: Vec<DimSpec>,
    /// The same in Shardy's syntax.
    pub sharding: String,
}

/// One dimension of a PartitionSpec (`None`, `'x'` or `('x', 'y')` in JAX).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DimSpec {
    /// Not sharded (`null`).
    Replicated(()),
    /// Sharded over one axis.
    Axis(String),
    /// Sharded over several axes, major first.
    Axes(Vec<String>),
}

/// The mesh, as far as a PartitionSpec needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeshDoc {
    /// Its axes, in order.
    pub axes: Vec<AxisDoc>,
    /// Its name.
    pub name: String,
    /// Memory per device, GiB (0 in a plan.json written before it was recorded).
    #[serde(default)]
    pub memory_gib: f64,
    /// The XLA compiler that judges plans for its hardware, when the mesh spec names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compiler: Option<CompilerTarget>,
}

/// One mesh axis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AxisDoc {
    /// Its name.
    pub name: String,
    /// Devices along it.
    pub size: u32,
}

/// The prediction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Predicted {
    /// Bytes the ops read and write per device per step (the roofline's memory side, every run of a
    /// loop body counted; fused ops' traffic is their readers'), as XLA's `cost_analysis()` counts
    /// "bytes accessed".
    #[serde(default)]
    pub bytes_accessed_per_device: f64,
    /// The same with each loop body counted once, as XLA's `cost_analysis()` counts a `while`.
    #[serde(default)]
    pub bytes_accessed_per_device_bodies_once: f64,
    /// Every collective.
    pub collective_list: Vec<CollectiveDoc>,
    /// How many collectives.
    pub collectives: usize,
    /// How many of each kind (`all-reduce`, ...).
    pub collectives_by_kind: BTreeMap<String, usize>,
    /// Seconds of communication per step.
    pub communication_s: f64,
    /// Seconds of compute per step.
    pub compute_s: f64,
    /// Floating-point operations per device per step (a multiply-add counts two), as XLA's
    /// `cost_analysis()` counts "flops".
    #[serde(default)]
    pub flops_per_device: f64,
    /// The same with each loop body counted once, as XLA's `cost_analysis()` counts a `while`.
    #[serde(default)]
    pub flops_per_device_bodies_once: f64,
    /// Of the compute, seconds of ops bound by their FLOPs (the rest is bound by memory traffic).
    #[serde(default)]
    pub flops_bound_s: f64,
    /// The program's FLOPs utilisation at the overlapped step (see `step_time::StepTime`).
    #[serde(default)]
    pub flops_utilisation_overlapped: f64,
    /// The same at the serial step.
    #[serde(default)]
    pub flops_utilisation_serial: f64,
    /// Of the communication, seconds of collectives that loops prefetch counted as hidden behind
    /// compute (the `prefetch` module).
    #[serde(default)]
    pub hidden_communication_s: f64,
    /// Seconds per step with collectives overlapping independent compute (the `overlap` module).
    #[serde(default)]
    pub overlapped_step_time_s: f64,
    /// Peak bytes live per device (in device memory).
    pub peak_memory_bytes_per_device: f64,
    /// The stacks kept in host memory and what moving them costs; absent when none are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_offload: Option<HostOffloadDoc>,
    /// Seconds per step with every collective exposed: compute plus communication.
    #[serde(default)]
    pub serial_step_time_s: f64,
    /// Seconds per step as the objective prices it: compute plus communication, less
    /// `hidden_communication_s`.
    pub step_time_s: f64,
}

/// One predicted collective.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CollectiveDoc {
    /// Where its op is (`line:column`), or `result` for a returned value.
    pub at: String,
    /// The mesh axis it runs over.
    pub axis: String,
    /// Bytes per device of the tensor unsharded along the axis.
    pub bytes: u64,
    /// `all-reduce`, `all-gather`, `reduce-scatter` or `all-to-all`.
    pub kind: String,
    /// The op it belongs to, by its JAX name (XLA's `op_name`): the op that needs the resharding, or
    /// for the reduction of a partial sum the op where the partial sum starts.
    pub op: String,
    /// The value it reshards, by its name in the source.
    pub value: String,
    /// How many times it runs in one step: 1, or the iterations of the loops around the op that
    /// needs it (the module holds it once).
    #[serde(default = "one")]
    pub runs: u64,
}

fn one() -> u64 {
    1
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverDoc {
    /// The proven lower bound, in picoseconds (a string: it may exceed what JSON numbers hold exactly).
    pub bound_ps: String,
    /// The strategy index of every node of the choice problem (what `automap check` reads back).
    pub choice: Vec<usize>,
    /// `(objective − bound) / objective`.
    pub gap: f64,
    /// The objective, in picoseconds (a string, as `bound_ps`).
    pub objective_ps: String,
    /// How the solve ended (`optimal`, `time limit`, ...).
    pub status: String,
    /// What linking repeated ops did, when the solver linked them (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked: Option<LinkedDoc>,
}

/// What linking repeated ops did ([`automap_solver::LinkStats`], its timing left out so that the
/// document is the same on every run).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LinkedDoc {
    /// Classes of ops that repeat one another, each decided once for all its members.
    pub classes: usize,
    /// Decision nodes of the choice problem, and of the linked problem.
    pub decisions: [usize; 2],
    /// Their choices (strategies), in the choice problem and in the linked problem.
    pub strategies: [usize; 2],
    /// The objective of the linked problem's plan, in picoseconds (a string, as `bound_ps`; absent when
    /// it found none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_ps: Option<String>,
}

impl From<&LinkStats> for LinkedDoc {
    fn from(l: &LinkStats) -> LinkedDoc {
        LinkedDoc {
            classes: l.classes,
            decisions: [l.decisions.0, l.decisions.1],
            strategies: [l.strategies.0, l.strategies.1],
            objective_ps: l.cost.map(|c| c.to_string()),
        }
    }
}

/// Why a `plan.json` cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}: not a plan.json written by `automap plan`: {source}")]
pub struct PlanJsonError {
    /// The file.
    pub path: String,
    /// What serde_json said (with line and column).
    pub source: serde_json::Error,
}

impl PlanDoc {
    /// The document for a solved plan.
    pub fn new(
        m: &Module,
        mesh: &Mesh,
        space: &PlanSpace<'_>,
        plan: &Plan,
        cost: &PlanCost,
        sol: &Solution,
        linked: Option<&LinkStats>,
    ) -> PlanDoc {
        let port = |index: usize, name: Option<&Port>, s: &TensorSharding| Argument {
            index,
            name: name.and_then(|p| p.name.clone()),
            partition_spec: partition_spec(s),
            sharding: s.to_string(),
        };
        let arguments = plan.args.iter().enumerate().map(|(i, s)| port(i, m.entry().args.get(i), s)).collect();
        // A result leaves the function whole: partial sums are reduced before it is returned.
        let results = m
            .returns
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let s = TensorSharding { unreduced: Vec::new(), ..space.produced(plan, v) };
                port(i, m.entry().results.get(i), &s)
            })
            .collect();
        let (work, once) = (space.work(plan, true), space.work(plan, false));
        let t = crate::step_time::StepTime::of(space, plan, cost);
        let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
        for c in &cost.collectives {
            *by_kind.entry(c.collective.kind.to_string()).or_default() += 1;
        }
        PlanDoc {
            arguments,
            mesh: MeshDoc {
                axes: mesh.axes.iter().map(|a| AxisDoc { name: a.name.clone(), size: a.size }).collect(),
                name: mesh.name.clone(),
                memory_gib: mesh.device.memory_gib,
                compiler: mesh.compiler.clone(),
            },
            predicted: Predicted {
                bytes_accessed_per_device: work.bytes,
                bytes_accessed_per_device_bodies_once: once.bytes,
                collective_list: collective_list(m, space, plan, cost),
                collectives: cost.collectives.len(),
                collectives_by_kind: by_kind,
                communication_s: cost.comm_s,
                compute_s: cost.compute_s,
                flops_per_device: work.flops,
                flops_per_device_bodies_once: once.flops,
                flops_bound_s: t.flops_bound_s,
                flops_utilisation_overlapped: t.utilisation_overlapped(),
                flops_utilisation_serial: t.utilisation_serial(),
                hidden_communication_s: cost.hidden_s,
                overlapped_step_time_s: t.overlapped_s,
                peak_memory_bytes_per_device: cost.peak_bytes,
                host_offload: host_offload_doc(m, space, cost),
                serial_step_time_s: cost.serial_s(),
                step_time_s: cost.total_s(),
            },
            results,
            solver: SolverDoc {
                bound_ps: sol.bound.to_string(),
                choice: sol.choice.clone(),
                gap: sol.gap(),
                objective_ps: sol.cost.to_string(),
                status: sol.status.to_string(),
                linked: linked.map(LinkedDoc::from),
            },
        }
    }

    /// The document as `plan.json` text (pretty-printed).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Read a `plan.json` (`path` names it in errors).
    pub fn parse(text: &str, path: &str) -> Result<PlanDoc, PlanJsonError> {
        serde_json::from_str(text).map_err(|source| PlanJsonError { path: path.to_string(), source })
    }
}

/// A PartitionSpec: one entry per dimension.
fn partition_spec(s: &TensorSharding) -> Vec<DimSpec> {
    s.dims
        .iter()
        .map(|d| match d.axes.len() {
            0 => DimSpec::Replicated(()),
            1 => DimSpec::Axis(d.axes[0].name.clone()),
            _ => DimSpec::Axes(d.axes.iter().map(|a| a.name.clone()).collect()),
        })
        .collect()
}

/// Every predicted collective with the op it belongs to.
fn collective_list(m: &Module, space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> Vec<CollectiveDoc> {
    let pos: HashMap<OpId, usize> =
        space.steps().iter().enumerate().filter(|(_, s)| s.is_op()).map(|(i, s)| (s.op, i)).collect();
    // The op where a partial value's partial sum starts: back through the ops that pass one through.
    let origin = |v: ValueId| -> Option<OpId> {
        let mut v = v;
        for _ in 0..pos.len() {
            let ValueDef::Result(op, _) = m.values[v].def else { return None };
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
            CollectiveDoc {
                at,
                axis: c.collective.axis.clone(),
                bytes: c.collective.bytes,
                kind: c.collective.kind.to_string(),
                op: name,
                value: m.values[c.value].name.clone(),
                runs: c.runs,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PartitionSpec's three forms are written as JAX reads them, and read back.
    #[test]
    fn dim_specs_round_trip_as_null_string_and_list() {
        let dims =
            vec![DimSpec::Replicated(()), DimSpec::Axis("x".into()), DimSpec::Axes(vec!["x".into(), "y".into()])];
        let text = serde_json::to_string(&dims).unwrap();
        assert_eq!(text, r#"[null,"x",["x","y"]]"#);
        assert_eq!(serde_json::from_str::<Vec<DimSpec>>(&text).unwrap(), dims);
    }

    /// A file that is not a plan names itself and the place.
    #[test]
    fn a_file_that_is_not_a_plan_is_refused_with_its_name() {
        let e = PlanDoc::parse("{\"mesh\": 3}", "p.json").unwrap_err().to_string();
        assert!(e.starts_with("p.json: not a plan.json"), "{e}");
        assert!(e.contains("line 1"), "{e}");
    }
}

/// Host memory in a plan: the stacks kept there (see `PlanSpace::offload`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HostOffloadDoc {
    /// Bytes per device in host memory.
    pub bytes_per_device: f64,
    /// The host memory each device may fill, bytes, where the mesh bounds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_memory_bytes_per_device: Option<f64>,
    /// Seconds of transfers per step (each stack down once, up once per reading loop).
    pub transfer_s: f64,
    /// Of those, the seconds the loops' compute hides.
    pub hidden_s: f64,
    /// Each stack: the loop-carried value holding it, as `value N of <while> at LINE:COL`.
    pub stacks: Vec<String>,
}

fn host_offload_doc(m: &Module, space: &PlanSpace<'_>, cost: &crate::plan::PlanCost) -> Option<HostOffloadDoc> {
    if space.offloaded().is_empty() {
        return None;
    }
    let stacks = space
        .offloaded()
        .iter()
        .map(|s| {
            let step = &space.steps()[s.carry];
            format!("value {} of {} at {}", step.carried.unwrap_or(0), m.ops[step.op].name, m.op_location(step.op))
        })
        .collect();
    Some(HostOffloadDoc {
        bytes_per_device: cost.host.bytes,
        host_memory_bytes_per_device: space.mesh.device.host_memory_bytes(),
        transfer_s: cost.host.seconds,
        hidden_s: cost.host.hidden_s,
        stacks,
    })
}
