//! automap's ML-agnostic solver core (to come: `ChoiceProblem`, IOPDDL, backends).
