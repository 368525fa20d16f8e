//! automap's ML-agnostic solver core (to come: `ChoiceProblem`, IOPDDL, backends).

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
