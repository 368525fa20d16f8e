//! Compute cost of an op under a strategy: a roofline per device (FLOPs over peak FLOP/s against bytes
//! touched over HBM bandwidth), the work divided among the devices that shard its factors.

use crate::flops::op_flops;
use crate::mesh::Mesh;
use crate::rules::{FactorKind, OpRule};
use crate::strategy::Strategy;
use automap_ir::{ElemType, Module, OpId};

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
    let flops = op_flops(m, op) as f64 / work_split(rule, s, mesh);
    let elem = data
        .results
        .first()
        .or(data.operands.first())
        .and_then(|&v| m.ty(v).as_tensor())
        .map_or(ElemType::F32, |t| t.elem);
    let mut bytes = 0.0;
    for (k, &v) in data.operands.iter().enumerate() {
        if let Some(dims) = rule.operands.get(k) {
            bytes += bytes_per_device(m.ty(v).byte_size(), dims, s, mesh);
        }
    }
    for (k, &v) in data.results.iter().enumerate() {
        if let Some(dims) = rule.results.get(k) {
            bytes += bytes_per_device(m.ty(v).byte_size(), dims, s, mesh);
        }
    }
    let seconds = (flops / mesh.peak_flops(elem)).max(bytes / mesh.device.hbm_bytes_per_s());
    ComputeCost { flops, bytes, seconds }
}
