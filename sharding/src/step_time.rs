//! What a plan's step time is made of: serial, as the objective prices it (prefetched collectives
//! partly hidden, [`crate::Prefetch`]) and overlapped ([`crate::overlap`]), the roofline split
//! (compute bound by FLOPs, compute bound by memory traffic, time on the links) and the FLOPs
//! utilisation it implies.

use crate::plan::{Plan, PlanCost, PlanSpace};

/// A plan's step time, taken apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepTime {
    /// Compute plus communication, one after the other.
    pub serial_s: f64,
    /// What the solver's objective prices: the serial step less the time prefetched collectives hide
    /// ([`PlanCost::total_s`]).
    pub objective_s: f64,
    /// With collectives overlapping independent compute ([`crate::overlap::overlapped_step_s`]), plus
    /// the host transfers the loops do not hide.
    pub overlapped_s: f64,
    /// Compute time of the ops whose FLOPs bound them.
    pub flops_bound_s: f64,
    /// Compute time of the ops whose memory traffic bounds them (and of fusions reshardings break).
    pub memory_bound_s: f64,
    /// Time on the links (every collective, one after the other).
    pub link_s: f64,
    /// The program's FLOPs, every op at its element type's peak, spread evenly over all devices: the
    /// step time of a perfect plan on a machine with free memory and links.
    pub ideal_s: f64,
}

impl StepTime {
    /// Takes `plan`'s step apart (`cost` from [`PlanSpace::evaluate`]).
    pub fn of(space: &PlanSpace<'_>, plan: &Plan, cost: &PlanCost) -> StepTime {
        let (mut flops_bound_s, mut memory_bound_s) = (0.0, cost.unfused_s);
        for (pos, step) in space.schedule.steps.iter().enumerate() {
            let c = space.compute(pos, plan.choice[pos]);
            let seconds = c.seconds * step.runs as f64;
            if c.flops_bound() {
                flops_bound_s += seconds;
            } else {
                memory_bound_s += seconds;
            }
        }
        let program = space.work(&space.replicated(), true);
        StepTime {
            serial_s: cost.serial_s(),
            objective_s: cost.total_s(),
            overlapped_s: crate::overlap::overlapped_step_s(space, plan, cost) + cost.host.exposed_s(),
            flops_bound_s,
            memory_bound_s,
            link_s: cost.comm_s,
            // At the peak, not at the efficiency the cost model counts on.
            ideal_s: program.flops_s * space.mesh.efficiency.flops / space.mesh.num_devices() as f64,
        }
    }

    /// FLOPs utilisation at the serial step: [`StepTime::ideal_s`] over the step. The program's FLOPs
    /// count what it recomputes (under `jax.checkpoint`), so this is model FLOPs utilisation for a
    /// program that recomputes nothing and hardware FLOPs utilisation otherwise.
    pub fn utilisation_serial(&self) -> f64 {
        self.ideal_s / self.serial_s.max(f64::MIN_POSITIVE)
    }

    /// FLOPs utilisation at the overlapped step.
    pub fn utilisation_overlapped(&self) -> f64 {
        self.ideal_s / self.overlapped_s.max(f64::MIN_POSITIVE)
    }
}
