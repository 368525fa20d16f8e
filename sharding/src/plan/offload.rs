//! Host memory: the stacks a scanned forward pass writes for its backward pass, placed in the host's
//! memory instead of the device's.
//!
//! A *stack* is a value one loop writes a slice of per iteration (a `dynamic_update_slice` into the
//! value it carries, one slice per trip) and later loops read a slice of per iteration (a
//! `dynamic_slice` of the value they carry unchanged): what `jax.lax.scan` makes of the residuals a
//! layer under `jax.checkpoint` saves, and the backward scan reads. Such a value is live from the
//! forward loop to the end of the backward one, the longest span in a training step, and each slice is
//! needed only once in each loop: XLA can hold it in host memory (`pinned_host`) and move each slice
//! over the host link while the loops compute, as JAX asks for it with
//! `jax.checkpoint_policies.save_and_offload_only_these_names` (an `annotate_device_placement` call on
//! the slice written, `_xla_buffer_placement = "pinned_host"`, and one on each slice read, `"device"`).
//!
//! The planner offloads stacks only when the device's memory alone cannot hold the program
//! (`PlanSpace::offload`): then a stack's bytes leave the device's peak, and its transfers (each slice
//! down once and up once per reading loop) cost time, less what the loop's compute hides.

use super::PlanSpace;
use automap_ir::{OpKind, ValueId};
use std::collections::HashMap;

/// A value one loop writes a slice of per iteration and later loops read a slice of per iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    /// The carry step of the writing loop that holds it.
    pub carry: usize,
    /// The step that makes its initial value (zeros, say), when only the loop reads that value.
    pub init: Option<usize>,
    /// The `dynamic_update_slice` step that writes a slice of it per iteration.
    pub write: usize,
    /// The `dynamic_slice` steps, in the reading loops, that read a slice of it per iteration.
    pub reads: Vec<usize>,
    /// The loops that read it (by their index in the schedule), one transfer of the stack each.
    pub reading_loops: Vec<usize>,
    /// In host memory, the most bytes per device it may hold there: its share of the device's host
    /// memory where the mesh bounds it (`None`: unbounded, or not offloaded).
    pub host_budget: Option<u64>,
}

/// Time moving stacks between host and device memory, per device.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostTraffic {
    /// Bytes per device of the stacks in host memory.
    pub bytes: f64,
    /// Seconds of transfers over the whole step: each stack down once and up once per reading loop.
    pub seconds: f64,
    /// Of those, the seconds the loops' compute hides (transfers run beside the loop that needs them,
    /// at most as long as that loop computes).
    pub hidden_s: f64,
}

impl HostTraffic {
    /// The transfer seconds the loops do not hide.
    pub fn exposed_s(&self) -> f64 {
        (self.seconds - self.hidden_s).max(0.0)
    }
}

impl PlanSpace<'_> {
    /// The stacks of the program (see the module's documentation), in schedule order.
    pub fn stacks(&self) -> Vec<Stack> {
        let steps = &self.schedule.steps;
        let mut readers: HashMap<ValueId, Vec<(usize, usize)>> = HashMap::new();
        for (pos, step) in steps.iter().enumerate() {
            for (k, &v) in step.operands.iter().enumerate() {
                readers.entry(v).or_default().push((pos, k));
            }
        }
        let read_by = |v: ValueId| readers.get(&v).map_or(&[][..], Vec::as_slice);
        let kind = |pos: usize| &self.m.ops[steps[pos].op].kind;
        let leading = |v: ValueId| self.m.ty(v).as_tensor().and_then(|t| t.shape.first().copied());
        let mut out = Vec::new();
        for (c, step) in steps.iter().enumerate() {
            let (Some(_), Some(l)) = (step.carried, step.in_loop) else { continue };
            let (Some(trips), [init, yielded], [result]) =
                (self.schedule.loops[l].trips, step.operands.as_slice(), step.results.as_slice())
            else {
                continue;
            };
            // Written a slice per trip: the body's block argument updated in place and yielded.
            let Some((write, 0)) = self.producer_of(*yielded) else { continue };
            let w = &steps[write];
            let writes = w.is_op()
                && matches!(kind(write), OpKind::DynamicUpdateSlice)
                && w.operands.first() == step.aliases.get(1)
                && read_by(*yielded) == [(c, 1)]
                && step.aliases.iter().all(|&a| read_by(a).iter().all(|&r| r == (write, 0)))
                && leading(*result) == Some(trips as i64)
                && w.operands.get(1).and_then(|&u| leading(u)) == Some(1);
            if !writes || self.m.returns.contains(result) {
                continue;
            }
            // Read a slice per trip by later loops that carry it unchanged.
            let mut reads = Vec::new();
            let mut reading_loops = Vec::new();
            let read_later = !read_by(*result).is_empty()
                && read_by(*result).iter().all(|&(r, k)| {
                    let s = &steps[r];
                    let invariant = k == 0 && s.carried.is_some() && s.operands.get(1) == s.aliases.get(1);
                    let Some(l2) = s.in_loop.filter(|&l2| invariant && self.schedule.loops[l2].first > c) else {
                        return false;
                    };
                    reading_loops.push(l2);
                    !self.m.returns.contains(&s.results[0])
                        && read_by(s.results[0]).is_empty()
                        && s.aliases.iter().all(|&a| {
                            // The carry itself reads its block argument as the value it yields.
                            read_by(a).iter().filter(|&&read| read != (r, 1)).all(|&(d, dk)| {
                                reads.push(d);
                                dk == 0
                                    && steps[d].is_op()
                                    && matches!(kind(d), OpKind::DynamicSlice { .. })
                                    && steps[d].results.first().and_then(|&r| leading(r)) == Some(1)
                            })
                        })
                });
            if !read_later || reads.is_empty() {
                continue;
            }
            let init =
                self.producer_of(*init).map(|(p, _)| p).filter(|&p| steps[p].is_op() && read_by(*init) == [(c, 0)]);
            reads.sort_unstable();
            reads.dedup();
            out.push(Stack { carry: c, init, write, reads, reading_loops, host_budget: None });
        }
        out
    }

    /// Place `stacks` in host memory: their bytes leave the device's memory, and their transfers are
    /// priced ([`PlanSpace::host_traffic`]). Needs the mesh's host bandwidth.
    pub fn offload(&mut self, stacks: Vec<Stack>) {
        self.offloaded = stacks;
        self.on_host = vec![false; self.schedule.steps.len()];
        for s in &self.offloaded {
            self.on_host[s.carry] = true;
            if let Some(i) = s.init {
                self.on_host[i] = true;
            }
        }
    }

    /// The stacks placed in host memory.
    pub fn offloaded(&self) -> &[Stack] {
        &self.offloaded
    }

    /// Does the step at `pos` hold its results in host memory (an offloaded stack, or its initial value)?
    pub fn on_host(&self, pos: usize) -> bool {
        self.on_host.get(pos).copied().unwrap_or(false)
    }

    /// Seconds to move `bytes` per device of a stack down once and up once per reading loop.
    pub fn stack_transfer_s(&self, stack: &Stack, bytes: f64) -> f64 {
        match self.mesh.device.host_bytes_per_s() {
            Some(bw) => bytes / bw * (1 + stack.reading_loops.len()) as f64,
            None => f64::INFINITY,
        }
    }

    /// The host traffic of the offloaded stacks under `plan`: bytes, transfer seconds, and the part that
    /// the compute of the loop moving them hides (at most that loop's compute, shared by its stacks).
    pub fn host_traffic(&self, plan: &super::Plan) -> HostTraffic {
        let mut per_loop: HashMap<usize, f64> = HashMap::new();
        let mut t = HostTraffic::default();
        let Some(bw) = self.mesh.device.host_bytes_per_s() else { return t };
        for s in &self.offloaded {
            let step = &self.schedule.steps[s.carry];
            let bytes =
                self.m.ty(step.results[0]).byte_size() as f64 / self.mesh.shards(&self.produced(plan, step.results[0]));
            t.bytes += bytes;
            t.seconds += self.stack_transfer_s(s, bytes);
            let loops = step.in_loop.into_iter().chain(s.reading_loops.iter().copied());
            for l in loops {
                *per_loop.entry(l).or_default() += bytes / bw;
            }
        }
        for (l, seconds) in per_loop {
            let lp = &self.schedule.loops[l];
            let compute: f64 = (lp.first..=lp.last).map(|pos| self.compute_s(pos, plan.choice[pos])).sum();
            t.hidden_s += seconds.min(compute);
        }
        t
    }
}
