//! The Z3 backend's names in a build without the cargo feature `z3`: each answers
//! [`SolveError::Unavailable`], so the CLI and the Python package say what to rebuild with instead of
//! failing to link.

use super::Cheaper;
use crate::backend::{Backend, Progress, Solution, SolveError, SolveOptions};
use crate::problem::ChoiceProblem;
use std::time::Duration;

/// Why Z3 is missing, for the error.
const MISSING: &str = "automap was built without the cargo feature `z3` (it needs the system's libz3)";

fn unavailable() -> SolveError {
    SolveError::Unavailable { backend: "z3", why: MISSING }
}

/// The Z3 backend (absent from this build).
#[derive(Clone, Copy, Debug, Default)]
pub struct Z3;

impl Backend for Z3 {
    fn name(&self) -> &'static str {
        "z3"
    }

    fn solve_valid(
        &self,
        _: &ChoiceProblem,
        _: &SolveOptions,
        _: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        Err(unavailable())
    }
}

/// Absent from this build: always [`SolveError::Unavailable`].
pub fn cheaper_than(_: &ChoiceProblem, _: i128, _: Duration) -> Result<Cheaper, SolveError> {
    Err(unavailable())
}

/// Absent from this build: always [`SolveError::Unavailable`].
pub fn check(_: &ChoiceProblem, _: &[usize]) -> Result<i128, SolveError> {
    Err(unavailable())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_says_which_feature_is_missing() {
        let p = ChoiceProblem::default();
        let err = Z3.solve(&p, &SolveOptions::default(), &mut |_| {}).unwrap_err();
        assert!(err.to_string().contains("cargo feature `z3`"), "{err}");
        assert!(matches!(cheaper_than(&p, 0, Duration::ZERO), Err(SolveError::Unavailable { .. })));
        assert!(matches!(check(&p, &[]), Err(SolveError::Unavailable { .. })));
    }
}
