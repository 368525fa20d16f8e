//! automap's planner as a CPython extension, `automap._native`: the one entry point the Python package
//! (`python/automap`) calls. It takes texts, not files (the module JAX lowered, the mesh spec and the
//! constraints, YAML or JSON), so that nothing is written to disk, and the solve runs with the
//! interpreter released, so other Python threads go on while it plans.

use automap::sharding::{BYTES_PER_GIB, Mesh};
use automap::sharding::{KernelTable, UserConstraints};
use automap::solver::{COST_UNITS_PER_SECOND, Method, Progress};
use automap::{Error, Model, PlanOptions, verify};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    _native,
    InputError,
    PyException,
    "The input is at fault: a module, mesh or constraints automap cannot read, or a request no plan meets."
);
create_exception!(_native, InternalError, PyException, "automap itself failed (a bug: please report it).");

/// What the planner returns: the annotated module, plan.json, report.md, whether the time limit (not
/// the work) ended a phase of the solve, so that another run may plan differently, and with `judge`,
/// the rounds of the compiler's checks as JSON (`None` without).
type Planned = (String, String, String, bool, Option<String>, Vec<Phase>);

/// A phase the plan's solve ran: its name, its seconds and why it stopped.
type Phase = (&'static str, f64, &'static str);

/// `planned`'s phases as Python reads them.
fn phases(planned: &automap::Planned) -> Vec<Phase> {
    planned.phases.iter().map(|r| (r.phase.name(), r.seconds, r.stop.reason())).collect()
}

/// Plan the StableHLO text `module` (named `module_name` in messages) on the mesh spec `mesh` (YAML or
/// JSON text named `mesh_name`), as `automap plan` does (`tactics` as its `--tactic`, `kernels` the text of
/// its `--kernels` table, `link=False` as its `--no-link`). `progress`, when given, is called with
/// `(phase, elapsed_s, best_step_s, bound_s)` as the solver improves (the last two may be `None`).
/// `judge`, when given, is called with `(annotated, plan_json)` and returns the JSON of XLA's compiler's
/// verdict (`automap.judge`): the plan is made again under a lowered memory limit while the compiler
/// needs more than the device has, as `automap plan --verify` does ([`automap::verify::verified`]).
#[pyfunction]
#[pyo3(signature = (
    module, module_name, mesh, mesh_name, *, constraints=None, constraints_name="constraints", kernels=None,
    kernels_name="kernels", tactics=None,
    memory_limit_gib=None, time_limit_s=60.0, threads=automap::PLAN_THREADS, solver="auto", seed=0, link=true,
    memory_tolerance=None, progress=None, judge=None
))]
#[allow(clippy::too_many_arguments)]
fn plan(
    py: Python<'_>,
    module: &str,
    module_name: &str,
    mesh: &str,
    mesh_name: &str,
    constraints: Option<&str>,
    constraints_name: &str,
    kernels: Option<&str>,
    kernels_name: &str,
    tactics: Option<String>,
    memory_limit_gib: Option<f64>,
    time_limit_s: f64,
    threads: u32,
    solver: &str,
    seed: u64,
    link: bool,
    memory_tolerance: Option<f64>,
    progress: Option<Py<PyAny>>,
    judge: Option<Py<PyAny>>,
) -> PyResult<Planned> {
    let Some(method) = Method::named(solver) else {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        return Err(InputError::new_err(format!("solver '{solver}' is not one of {}", names.join(", "))));
    };
    let (module, module_name, mesh, mesh_name) = (module.as_bytes(), module_name, mesh, mesh_name);
    py.detach(|| {
        let mut model = Model::parse(module, module_name)?;
        model.verify()?;
        let kernels = kernels.map(|text| KernelTable::parse(text, kernels_name)).transpose()?;
        model.price_kernels(kernels.as_ref())?;
        let mesh = Mesh::parse(mesh, mesh_name)?;
        let constraints = constraints.map(|text| UserConstraints::parse(text, constraints_name)).transpose()?;
        let opts = PlanOptions {
            method,
            time_limit: automap::seconds("time_limit", time_limit_s)?,
            threads: threads.max(1),
            seed,
            memory_limit_gib,
            constraints,
            tactics,
            link,
            memory_tolerance: automap::memory_tolerance("memory_tolerance", memory_tolerance)?,
            ..PlanOptions::default()
        };
        let mut report = |p: &Progress| {
            if let Some(callback) = &progress {
                let s = |c: Option<i128>| c.map(|c| c as f64 / COST_UNITS_PER_SECOND);
                Python::attach(|py| {
                    // A failing callback must not stop the plan; Python shows what it raised.
                    if let Err(e) = callback.call1(py, (p.phase.name(), p.elapsed, s(p.incumbent), s(p.bound))) {
                        e.print(py);
                    }
                });
            }
        };
        let Some(judge) = &judge else {
            let planned = automap::plan(&model, &mesh, &opts, &mut report)?;
            let phases = phases(&planned);
            return Ok::<Planned, Error>((
                planned.annotated,
                planned.plan_json,
                planned.report,
                planned.clock_decided,
                None,
                phases,
            ));
        };
        verify::require_compiler(&mesh)?;
        let limit = automap::memory_limit(&mesh, opts.memory_limit_gib)?;
        let plan_at = |limit: f64, _round: usize| {
            let round_opts = PlanOptions { memory_limit_gib: Some(limit / BYTES_PER_GIB), ..opts.clone() };
            automap::plan(&model, &mesh, &round_opts, &mut report)
        };
        let judge_at = |planned: &automap::Planned, _round: usize| {
            let text = Python::attach(|py| {
                judge.call1(py, (planned.annotated.as_str(), planned.plan_json.as_str()))?.extract::<String>(py)
            })
            .map_err(|e| Error::Usage(format!("verify: the judge failed: {e}")))?;
            serde_json::from_str::<verify::Judgement>(&text)
                .map_err(|e| Error::Usage(format!("verify: the judge's answer is not its JSON ({e}): {text}")))
        };
        let v = verify::verified(limit, plan_at, judge_at)?;
        let p = v.plan;
        let report = format!("{}{}", p.report, verify::report_section(&v.rounds));
        let phases = phases(&p);
        Ok((p.annotated, p.plan_json, report, p.clock_decided, Some(verify::rounds_json(&v.rounds)), phases))
    })
    .map_err(|e| if e.is_input() { InputError::new_err(e.to_string()) } else { InternalError::new_err(e.to_string()) })
}

/// The axes of the mesh spec `mesh` (YAML or JSON text named `mesh_name`) as `(name, size)` pairs, in
/// order, after the same validation `plan` runs: what the package builds a `jax.sharding.Mesh` from.
#[pyfunction]
fn mesh_axes(mesh: &str, mesh_name: &str) -> PyResult<Vec<(String, u32)>> {
    let mesh = Mesh::parse(mesh, mesh_name).map_err(|e| InputError::new_err(e.to_string()))?;
    Ok(mesh.axes.iter().map(|a| (a.name.clone(), a.size)).collect())
}

/// The version of automap this extension was built from.
/// Every solve method, `(name, summary)`, from the library's one table (the `solver=` docs list these).
#[pyfunction]
fn methods() -> Vec<(&'static str, &'static str)> {
    Method::ALL.iter().map(|m| (m.name(), m.summary())).collect()
}

#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The module `automap._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(mesh_axes, m)?)?;
    m.add_function(wrap_pyfunction!(methods, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("InternalError", m.py().get_type::<InternalError>())?;
    Ok(())
}
