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
    /// Seconds: `max(flops / peak, bytes / hbm)`.
    pub seconds: f64,
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

/// The compute cost of `op` under strategy `s`.
pub fn compute_cost(m: &Module, op: OpId, rule: &OpRule, s: &Strategy, mesh: &Mesh) -> ComputeCost {
    let data = &m.ops[op];
    if matches!(data.kind, OpKind::While | OpKind::Case | OpKind::If) {
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
    let bytes = match data.kind {
        // A slice reads only what it keeps; an update in place reads and writes only the update (how
        // XLA runs a scanned layer's reads and writes of its stacked weights and activations).
        OpKind::Slice { .. } | OpKind::DynamicSlice { .. } => 2.0 * result(0),
        OpKind::DynamicUpdateSlice => 2.0 * operand(1),
        // A reshape keeps the elements' order: XLA makes it a bitcast, which moves nothing.
        OpKind::Reshape => 0.0,
        _ => (0..data.operands.len()).map(operand).sum::<f64>() + (0..data.results.len()).map(result).sum::<f64>(),
    };
    let seconds = (flops / mesh.peak_flops(elem)).max(bytes / mesh.device.hbm_bytes_per_s());
    ComputeCost { flops, bytes, seconds }
}

/// A `while`, `case` or `if`, whose every dimension stays replicated: the roofline of each op of its
/// regions, replicated, summed; a `while` times its trip count (once when the program does not state
/// it), a `case` or `if` its costliest branch.
fn control_cost(m: &Module, op: OpId, mesh: &Mesh) -> ComputeCost {
    let data = &m.ops[op];
    let replicated = Strategy { axis_factor: vec![None; mesh.axes.len()] };
    let region = |r: &automap_ir::module::Region| {
        let mut c = ComputeCost { flops: 0.0, bytes: 0.0, seconds: 0.0 };
        for &inner in r.blocks.iter().flat_map(|b| &b.ops).filter(|&&o| !matches!(m.ops[o].kind, OpKind::Return)) {
            let x = compute_cost(m, inner, &rule_for(m, inner), &replicated, mesh);
            c = ComputeCost { flops: c.flops + x.flops, bytes: c.bytes + x.bytes, seconds: c.seconds + x.seconds };
        }
        c
    };
    let zero = ComputeCost { flops: 0.0, bytes: 0.0, seconds: 0.0 };
    match data.kind {
        OpKind::While => {
            let times = trip_count(m, op).unwrap_or(1) as f64;
            let once = data.regions.iter().map(region).fold(zero, |a, b| ComputeCost {
                flops: a.flops + b.flops,
                bytes: a.bytes + b.bytes,
                seconds: a.seconds + b.seconds,
            });
            ComputeCost { flops: once.flops * times, bytes: once.bytes * times, seconds: once.seconds * times }
        }
        _ => data.regions.iter().map(region).fold(zero, |a, b| if b.seconds > a.seconds { b } else { a }),
    }
}
