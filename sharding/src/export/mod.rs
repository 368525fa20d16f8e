//! What automap writes out: the module annotated with a plan (Shardy or GSPMD form), `plan.json`, and
//! the reports a person reads (`automap inspect`, `automap eval`, `report.md`, `automap diff`).

mod annotate;
mod gspmd;
mod inspect;
mod plan_diff;
mod plan_json;
mod report;

pub use annotate::{AnnotateError, Format, Reshardings, annotate, mesh_decl, reshardings};
pub use gspmd::{GspmdError, sharding as gspmd_sharding};
pub use inspect::{bytes, report as inspect_report, si};
pub use plan_diff::{ChangedValue, CollectiveChange, PlanDiff, spec_text};
pub use plan_json::{
    Argument, AxisDoc, CollectiveDoc, DimSpec, LinkedDoc, MeshDoc, PlanDoc, PlanJsonError, Predicted, SolverDoc,
};
pub use report::{References, linking, plan_report, reference_specs, references, report_md};

use crate::build::ProgramProblem;
use crate::plan::{Plan, PlanCost};
use automap_solver::{LinkStats, PresolveStats, Solution};

/// One solved plan and what is known of it: what the exports describe.
pub struct Solved {
    /// The choice problem it was solved from.
    pub built: ProgramProblem,
    /// The plan.
    pub plan: Plan,
    /// Its evaluated cost.
    pub cost: PlanCost,
    /// The solver's answer and proof.
    pub solution: Solution,
    /// What the exact presolve removed before solving.
    pub presolve: PresolveStats,
    /// What linking the program's repeated ops did, when the solver tried it.
    pub linked: Option<LinkStats>,
    /// What memory as the tie-breaker did, when it ran.
    pub tie_break: Option<TieBreak>,
}

/// What memory as the tie-breaker did ([`automap_solver::leanest`]): the plan of least peak memory
/// among those at most `tolerance` slower (by the objective) than the fastest found.
#[derive(Clone, Debug, PartialEq)]
pub struct TieBreak {
    /// The slowdown allowed, as a fraction of the fastest plan's objective.
    pub tolerance: f64,
    /// The objective (ps), of the fastest plan and of the one returned.
    pub objective: (i128, i128),
    /// The peak bytes per device by the problem's memory model, of the fastest plan and of the one
    /// returned.
    pub peak: (i128, i128),
    /// The cap on the objective (ps).
    pub cap: i128,
    /// Solves run, bisecting the memory limit.
    pub probes: u32,
    /// Every probe settled by a proof, so no plan within the cap peaks at or below `refuted` bytes.
    pub proven: bool,
    /// See `proven`.
    pub refuted: i128,
}
