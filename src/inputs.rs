//! Reading what a user gives automap, with located errors: a model (read, parsed, verified), a mesh, a
//! constraints file, a contest problem, a plan (plan.json or reference tactics).

use crate::error::Error;
use automap_ir::Module;
use automap_sharding::KernelTable;
use automap_sharding::Mesh;
use automap_sharding::UserConstraints;
use automap_sharding::export::PlanDoc;
use std::path::Path;

/// A parsed model and the name it is shown by (its path as given).
pub struct Model {
    /// The module.
    pub module: Module,
    /// Its path as the user gave it, for messages and reports.
    pub name: String,
    /// Bytes read.
    pub bytes: usize,
}

impl Model {
    /// Read and parse `path` (without verifying: see [`Model::verify`]).
    pub fn read(path: &Path) -> Result<Model, Error> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| Error::Io { what: "read", path: name.clone(), source })?;
        Model::parse(&bytes, &name)
    }

    /// Parse `bytes` of StableHLO text shown as `name` (without verifying), with a function of its own
    /// for every call ([`automap_ir::per_call`]), so that each call's ops can carry the sharding the plan
    /// gives them there. Parse errors are located in the text as given.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Model, Error> {
        let module =
            automap_ir::parse_bytes(bytes).map_err(|source| Error::Parse { path: name.to_string(), source })?;
        let module = automap_ir::per_call::one_function_per_call(module);
        Ok(Model { module, name: name.to_string(), bytes: bytes.len() })
    }

    /// Run the verifier: every error, located, or none.
    pub fn verify(&self) -> Result<(), Error> {
        let errors = automap_ir::verify::verify(&self.module);
        if errors.is_empty() { Ok(()) } else { Err(Error::Verify { path: self.name.clone(), errors }) }
    }

    /// The importer's warnings as `file:line:col: warning: ...` lines, at most `limit` of them (and a
    /// line saying how many more `automap inspect` lists).
    pub fn warning_lines(&self, limit: usize) -> Vec<String> {
        let ws = &self.module.warnings;
        let mut out: Vec<String> = ws
            .iter()
            .take(limit)
            .map(|w| {
                let at = automap_ir::span::line_col(&self.module.source, w.span.start as usize);
                format!("{}:{at}: warning: {}", self.name, w.message)
            })
            .collect();
        if ws.len() > limit {
            out.push(format!("... and {} more warnings (`automap inspect` lists them all)", ws.len() - limit));
        }
        out
    }

    /// Read, parse and verify `path`, and price its kernels: what every command but `inspect` starts
    /// with.
    pub fn load(path: &Path) -> Result<Model, Error> {
        Model::load_priced(path, None)
    }

    /// [`Model::load`] with the user's kernel prices (`--kernels FILE`).
    pub fn load_priced(path: &Path, kernels: Option<&Path>) -> Result<Model, Error> {
        let mut m = Model::read(path)?;
        m.verify()?;
        let table = kernels.map(KernelTable::load).transpose()?;
        m.price_kernels(table.as_ref())?;
        Ok(m)
    }

    /// Price the kernels the program does not ([`KernelTable`]), then warn once of each kernel still
    /// unpriced (it counts 0 FLOPs).
    pub fn price_kernels(&mut self, table: Option<&KernelTable>) -> Result<(), Error> {
        if let Some(t) = table {
            t.apply(&mut self.module)?;
        }
        automap_sharding::warn_of_unpriced_kernels(&mut self.module);
        Ok(())
    }
}

/// Load and validate a mesh spec.
pub fn load_mesh(path: &Path) -> Result<Mesh, Error> {
    Ok(Mesh::load(path)?)
}

/// Load a user constraints file (validated against a model when applied).
pub fn load_constraints(path: &Path) -> Result<UserConstraints, Error> {
    Ok(UserConstraints::load(path)?)
}

/// Read a plan.json written by `automap plan`.
pub fn load_plan_json(path: &Path) -> Result<PlanDoc, Error> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|source| Error::Io { what: "read", path: name.clone(), source })?;
    Ok(PlanDoc::parse(&text, &name)?)
}

/// Read a contest problem (`.json` or `.json.gz`).
pub fn load_problem(path: &Path) -> Result<automap_solver::ChoiceProblem, Error> {
    Ok(automap_solver::iopddl::read(path)?)
}

/// A contest answer: `[s0, s1, ...]` itself, or a file whose last non-empty line is one (the output of
/// `automap solve`).
pub fn load_answer(answer: &str) -> Result<Vec<usize>, Error> {
    let text = if answer.trim_start().starts_with('[') {
        answer.to_string()
    } else {
        std::fs::read_to_string(answer).map_err(|source| Error::Io { what: "read", path: answer.into(), source })?
    };
    let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    automap_solver::iopddl::parse_solution(last).map_err(|e| Error::Usage(format!("{answer}: {e}")))
}

/// The tactics a framework's settings file gives `mesh` (`eval --maxtext`, `--torchtitan`).
pub fn settings_recipe(
    path: &Path,
    mesh: &Mesh,
    framework: automap_sharding::tactics::Framework,
) -> Result<String, Error> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|source| Error::Io { what: "read", path: name.clone(), source })?;
    let roles = automap_sharding::tactics::AxisRoles::parse(framework, &text, mesh)
        .map_err(|e| Error::Usage(format!("{name}: {e} (mesh {})", mesh.name)))?;
    Ok(roles.recipe())
}
