//! Compute cost of an op under a strategy: a roofline per device (FLOPs over peak FLOP/s against bytes
//! touched over HBM bandwidth), the work divided among the devices that shard its factors.

use crate::flops::op_flops;
use crate::mesh::Mesh;
use crate::rules::{FactorKind, OpRule, rule_for};
use crate::strategy::Strategy;
use automap_ir::loops::trip_count;
use automap_ir::{ElemType, Module, OpId, OpKind};

/// An op's compute under one strategy, per device.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComputeCost {
    /// FLOPs per device.
    pub flops: f64,
    /// Bytes read and written per device.
    pub bytes: f64,
    /// Seconds: `max(flops_s, bytes / hbm)`.
    pub seconds: f64,
    /// Seconds its FLOPs take at the device's peak for the op's element type.
    pub flops_s: f64,
}

impl ComputeCost {
    /// Nothing computed.
    pub const ZERO: ComputeCost = ComputeCost { flops: 0.0, bytes: 0.0, seconds: 0.0, flops_s: 0.0 };

    /// `self` and `other` one after the other.
    pub fn plus(&self, other: &ComputeCost) -> ComputeCost {
        ComputeCost {
            flops: self.flops + other.flops,
            bytes: self.bytes + other.bytes,
            seconds: self.seconds + other.seconds,
            flops_s: self.flops_s + other.flops_s,
        }
    }

    /// `self`, `times` times.
    pub fn times(&self, times: f64) -> ComputeCost {
        ComputeCost {
            flops: self.flops * times,
            bytes: self.bytes * times,
            seconds: self.seconds * times,
            flops_s: self.flops_s * times,
        }
    }

    /// Is its time bound by its FLOPs rather than by its memory traffic?
    pub fn flops_bound(&self) -> bool {
        self.flops_s > 0.0 && self.flops_s >= self.seconds
    }
}

/// The number of devices sharing the op's work: the product of the axes on its shardable factors.
pub fn work_split(rule: &OpRule, s: &Strategy, mesh: &Mesh) -> f64 {
    s.axis_factor
        .iter()
        .enumerate()
        .filter_map(|(a, f)| {
            f.filter(|&f| rule.factors[f].kind != FactorKind::NeedReplication).map(|_| f64::from(mesh.axes[a].size))
        })
        .product()
}

/// Bytes per device of tensor dims `dims` (factor lists) of `total` bytes under `s`.
pub fn bytes_per_device(total: u64, dims: &[Vec<usize>], s: &Strategy, mesh: &Mesh) -> f64 {
    let split: f64 = dims.iter().flatten().flat_map(|&f| s.axes_of(f)).map(|a| f64::from(mesh.axes[a].size)).product();
    total as f64 / split
}

/// Which of an op's operands and results pass through device memory. XLA fuses chains of elementwise
/// ops (and the broadcasts and slices that feed them) into one kernel that reads the chain's inputs and
/// writes its outputs once ([`crate::fusion`]): an operand that a producer fused into this op computes
/// where it is read is never read from memory, and an op fused into its readers never writes its result.
/// The bytes of a fusion are thus split over its ops, each counting the memory it reads and writes, so
/// that their sum is the fusion's (what [`crate::plan::PlanSpace::compute`] prices).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Per operand: is it computed inside this op's kernel (its producer fused into it)?
    pub operand_inline: Vec<bool>,
    /// Is this op fused into its readers (its result computed where they read it, never written)?
    pub inline: bool,
}

impl Traffic {
    /// An op that runs on its own: it reads every operand and writes every result.
    pub const ALONE: Traffic = Traffic { operand_inline: Vec::new(), inline: false };

    fn operand_read(&self, k: usize) -> bool {
        !self.operand_inline.get(k).copied().unwrap_or(false)
    }
}

/// The compute cost of `op` under strategy `s`, reading and writing memory as `traffic` says.
pub fn compute_cost(m: &Module, op: OpId, rule: &OpRule, s: &Strategy, mesh: &Mesh, traffic: &Traffic) -> ComputeCost {
    let data = &m.ops[op];
    if matches!(data.kind, OpKind::While | OpKind::Case | OpKind::If | OpKind::ManualComputation { .. }) {
        return control_cost(m, op, mesh);
    }
    let flops = op_flops(m, op) as f64 / work_split(rule, s, mesh);
    let elem = data
        .results
        .first()
        .or(data.operands.first())
        .and_then(|&v| m.ty(v).as_tensor())
        .map_or(ElemType::F32, |t| t.elem);
    let operand = |k: usize| {
        let (Some(&v), Some(dims)) = (data.operands.get(k), rule.operands.get(k)) else { return 0.0 };
        bytes_per_device(m.ty(v).byte_size(), dims, s, mesh)
    };
    let result = |k: usize| {
        let (Some(&v), Some(dims)) = (data.results.get(k), rule.results.get(k)) else { return 0.0 };
        bytes_per_device(m.ty(v).byte_size(), dims, s, mesh)
    };
    let read = |k: usize| if traffic.operand_read(k) { operand(k) } else { 0.0 };
    let written = |k: usize| if traffic.inline { 0.0 } else { result(k) };
    let bytes = match data.kind {
        // A slice reads only what it keeps (and, unless fused into its readers, writes it); an update in
        // place reads and writes only the update (how XLA runs a scanned layer's reads and writes of its
        // stacked weights and activations).
        OpKind::Slice { .. } | OpKind::DynamicSlice { .. } => result(0) + written(0),
        OpKind::DynamicUpdateSlice => read(1) + operand(1),
        // A reshape keeps the elements' order: XLA makes it a bitcast, which moves nothing; an
        // optimization barrier hands its operands' buffers on as its results.
        OpKind::Reshape | OpKind::OptimizationBarrier => 0.0,
        // A kernel whose price states its bytes moves those (split as its work is).
        OpKind::CustomCall { cost: Some(automap_ir::KernelCost { bytes: Some(b), .. }), .. } => {
            b as f64 / work_split(rule, s, mesh)
        }
        _ => (0..data.operands.len()).map(read).sum::<f64>() + (0..data.results.len()).map(written).sum::<f64>(),
    };
    let flops_s = flops / mesh.achieved_flops(elem);
    let seconds = flops_s.max(bytes / mesh.achieved_hbm_bytes_per_s());
    ComputeCost { flops, bytes, seconds, flops_s }
}

/// A `while`, `case` or `if`, whose every dimension stays replicated: the roofline of each op of its
/// regions, replicated, summed; a `while` times its trip count (once when the program does not state
/// it), a `case` or `if` its costliest branch. A `shard_map`'s body (one region) is priced the same
/// way: its shapes are already one device's shard.
fn control_cost(m: &Module, op: OpId, mesh: &Mesh) -> ComputeCost {
    let data = &m.ops[op];
    let replicated = Strategy { axis_factor: vec![None; mesh.axes.len()] };
    let region = |r: &automap_ir::module::Region| {
        let mut c = ComputeCost::ZERO;
        for &inner in r.blocks.iter().flat_map(|b| &b.ops).filter(|&&o| !matches!(m.ops[o].kind, OpKind::Return)) {
            c = c.plus(&compute_cost(m, inner, &rule_for(m, inner), &replicated, mesh, &Traffic::ALONE));
        }
        c
    };
    match data.kind {
        OpKind::While => {
            let times = trip_count(m, op).unwrap_or(1) as f64;
            data.regions.iter().map(region).fold(ComputeCost::ZERO, |a, b| a.plus(&b)).times(times)
        }
        _ => data.regions.iter().map(region).fold(ComputeCost::ZERO, |a, b| if b.seconds > a.seconds { b } else { a }),
    }
}
