//! Why a command failed, located, and whose fault it is: the input's (exit code 1) or automap's (2).

use automap_sharding::SpecError;
use automap_sharding::export::{AnnotateError, PlanJsonError};
use automap_solver::SolveError;

/// An error of the library facade. [`Error::is_input`] is the one rule for exit codes.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("cannot {what} {path}: {source}")]
    Io {
        /// `read`, `write` or `create`.
        what: &'static str,
        /// The file or folder.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The model is not StableHLO text automap can read.
    #[error("{path}:{source}")]
    Parse {
        /// The model file.
        path: String,
        /// Where and what.
        source: automap_ir::ParseError,
    },
    /// The model parsed but the verifier found errors.
    #[error("the verifier found {} errors:\n{}", .errors.len(), .errors.iter().map(|e| format!("{path}:{e}")).collect::<Vec<_>>().join("\n"))]
    Verify {
        /// The model file.
        path: String,
        /// Every error, located.
        errors: Vec<automap_ir::verify::VerifyError>,
    },
    /// A mesh or constraints file is invalid (the message names file, line and column).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A contest problem file is invalid.
    #[error(transparent)]
    Problem(#[from] automap_solver::iopddl::IopddlError),
    /// A plan.json could not be read.
    #[error(transparent)]
    PlanJson(#[from] PlanJsonError),
    /// An argument or option is wrong (the message says which and what to give).
    #[error("{0}")]
    Usage(String),
    /// The solver found no plan, or proved there is none.
    #[error("{path}: {source}{hint}")]
    Solve {
        /// The model or problem file.
        path: String,
        /// Why.
        source: SolveError,
        /// What to do about it, or the units of the figures in the message.
        hint: &'static str,
    },
    /// No plan fits the memory limit: what the leanest plan peaks at, where, and what lives there.
    #[error("{path}: no plan fits in {limit} per device: {explanation}")]
    NoFit {
        /// The model file.
        path: String,
        /// The limit, in bytes as a person reads them.
        limit: String,
        /// The leanest peak, the program point, the largest values live there, the limit that fits.
        explanation: String,
        /// The leanest peak, bytes per device (every value at its leanest sharding; the stacks in host
        /// memory where the mesh allows it and that is leaner), when known: the limit a plan needs.
        leanest_bytes: Option<f64>,
    },
    /// The user's constraints cannot all hold: which of them contradict, or that it is with memory.
    #[error("{path}: the constraints cannot all hold: {why}")]
    Conflict {
        /// The model file.
        path: String,
        /// The items that contradict (file:line:col each), or the memory limit's part in it.
        why: String,
    },
    /// The plan could not be written into the module.
    #[error("{path}: {source}")]
    Annotate {
        /// The model file.
        path: String,
        /// Why.
        source: AnnotateError,
    },
    /// The annotated module does not read back, or fails the verifier: a bug of automap's.
    #[error("{path}: the annotated module is broken (a bug; please report it with the input): {why}")]
    Decode {
        /// The model file.
        path: String,
        /// The parser's or the verifier's message.
        why: String,
    },
}

impl Error {
    /// Is it the input's fault (exit code 1) rather than automap's (2)? Every solver error is the
    /// input's (an infeasible limit, constraints that cannot hold, a problem too large for the chosen
    /// backend, a time limit too short for any answer) except a backend's failure.
    pub fn is_input(&self) -> bool {
        match self {
            Error::Solve { source, .. } => !matches!(source, SolveError::Backend { .. }),
            Error::Decode { .. } => false,
            _ => true,
        }
    }

    /// The error of a solve of the problem at `path`, with the hint that fits it (`units` names the unit
    /// of memory figures in the message, as `" (bytes per device)"`, or is empty).
    pub fn solve(path: &str, source: SolveError, units: &'static str) -> Error {
        let hint = match source {
            SolveError::Infeasible { .. } => units,
            SolveError::TooLarge { .. } => " (--solver auto handles problems of any size)",
            _ => "",
        };
        Error::Solve { path: path.to_string(), source, hint }
    }
}
