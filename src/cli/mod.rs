//! The command line's parts: its arguments, the `plan` command, the `solve` and `compare` commands,
//! `eval` and `check`, `calibrate`, `inspect` and `diff`, and what they print alike.

pub mod args;
pub mod calibrate;
pub mod eval;
pub mod inspect;
pub mod plan;
pub mod solve;

use automap::solver::COST_UNITS_PER_SECOND;

/// The importer's warnings `plan` prints before planning; `inspect` lists every one.
pub const WARNINGS_SHOWN: usize = 10;

/// Milliseconds of predicted step time, from the model path's integer picoseconds.
pub fn ms(c: Option<i128>) -> String {
    c.map_or("-".to_string(), |c| format!("{:.4} ms", c as f64 / COST_UNITS_PER_SECOND * 1e3))
}

/// The note of a command that ended past its time limit: how long it took, and where the time went
/// (setting up the problem, presolving it, the rest).
pub fn past_limit(what: &str, (total_s, limit_s): (f64, f64), setup: &str, setup_s: f64, presolve_s: f64, rest: &str) {
    let rest_s = (total_s - setup_s - presolve_s).max(0.0);
    eprintln!(
        "note: {what} took {total_s:.2} s, past the time limit of {limit_s} s: {setup} took {setup_s:.2} s, \
         presolving it {presolve_s:.2} s, {rest} {rest_s:.2} s"
    );
}

/// What a deterministic run says when the clock, not the work, stopped a phase.
pub const CLOCK_DECIDED: &str = "note: the time limit cut a phase short of its work, so another run may answer differently; \
     a longer time limit makes the answer reproducible";
