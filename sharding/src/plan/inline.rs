//! What the plan space knows of XLA's fusion ([`crate::fusion`]): which steps are computed inside
//! their readers' kernels, which values never pass through memory, and what a resharding that breaks
//! such a fusion costs in memory traffic.

use super::PlanSpace;
use crate::op_cost::Traffic;
use automap_ir::sharding::TensorSharding;
use automap_ir::{OpKind, ValueId};

impl PlanSpace<'_> {
    /// Is the step at `pos` computed inside the kernels of the ops that read it, as XLA fuses it
    /// (the `fusion` module: a broadcast or slice, or an elementwise op computed in its readers)?
    pub fn inline(&self, pos: usize) -> bool {
        self.fused[pos] || self.recomputed[pos]
    }

    /// Is `v` computed where it is read, never passing through memory: made by a step that XLA fuses
    /// into its readers ([`PlanSpace::inline`]), seen through reshapes?
    pub fn computed_in_readers(&self, v: ValueId) -> bool {
        let mut v = v;
        while let Some((p, _)) = self.producer_of(v) {
            let step = &self.schedule.steps[p];
            if self.inline(p) {
                return true;
            }
            if !(step.is_op() && matches!(self.m.ops[step.op].kind, OpKind::Reshape)) {
                return false;
            }
            v = step.operands[0];
        }
        false
    }

    /// The seconds of memory traffic that resharding `v` from `from` to `to` adds when `v` is
    /// [computed in its readers](PlanSpace::computed_in_readers): a collective reads a buffer, so the
    /// producer writes the value out and the reader reads the resharded value back, a fusion broken
    /// in two. Nothing when `v` is held anyway or when the resharding needs no collective.
    pub fn unfused_s(&self, v: ValueId, from: &TensorSharding, to: &TensorSharding, collectives: bool) -> f64 {
        if !collectives || !self.computed_in_readers(v) {
            return 0.0;
        }
        let total = self.m.ty(v).byte_size() as f64;
        (total / self.mesh.shards(from) + total / self.mesh.shards(to)) / self.mesh.achieved_hbm_bytes_per_s()
    }

    /// Which of the operands and results of the step at `pos` pass through memory.
    pub fn traffic(&self, pos: usize) -> &Traffic {
        &self.traffic[pos]
    }

    /// Does XLA fuse the step at `pos` into its readers (the `fusion` module)?
    pub fn is_fused(&self, pos: usize) -> bool {
        self.fused.get(pos).copied().unwrap_or(false)
    }
}
