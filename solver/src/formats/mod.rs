//! File formats the solver reads and writes.

pub mod iopddl;
