//! Linked nodes: nodes that repeat (the layers of an unrolled model, the steps of a message-passing
//! network) decided once for all their copies.
//!
//! [`repeats`] finds them in the problem itself, by their costs and wiring, never by names:
//! two nodes repeat each other when their strategies cost and weigh the same and their neighbourhoods,
//! a few edges deep, do too. [`Linked`] is the problem in which each class of repeats is one node
//! (its members' costs summed, the edges between classes merged, memory counted so that every answer
//! of it fits the original), and maps its answers back. Linking restricts the space: an answer of the
//! linked problem is an answer of the original at the same cost, but the original's optimum may treat
//! copies differently, so a solve that links still proves its bound on the original problem.

mod quotient;
mod repeats;

pub use quotient::Linked;
/// A chain of repeated layers, for tests elsewhere in the crate.
#[cfg(test)]
pub(crate) use repeats::tests::layered;
pub use repeats::{ROUNDS, repeats};
