//! The problem's typed ids and integer units: what a node, an edge, a cost and a usage are, and the
//! cost that marks a choice no answer may take.

use cranelift_entity::entity_impl;

/// A node (an op, or a group of ops that share one decision).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);
entity_impl!(NodeId, "n");

/// An edge between two nodes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeId(u32);
entity_impl!(EdgeId, "e");

/// Cost, in the problem's integer unit (non-negative).
pub type Cost = i64;
/// Memory usage, in the problem's integer unit (non-negative).
pub type Usage = i64;

/// Cost units per second on the model path: costs are integer picoseconds, so that a step of up to
/// 9.2 million seconds fits in an `i64` and sub-nanosecond differences still count.
pub const COST_UNITS_PER_SECOND: f64 = 1e12;

/// A cost in seconds as the problem's integer cost (rounded to the nearest picosecond, saturating).
pub fn cost_from_seconds(seconds: f64) -> Cost {
    let units = (seconds.max(0.0) * COST_UNITS_PER_SECOND).round();
    if units >= Cost::MAX as f64 { Cost::MAX } else { units as Cost }
}

/// The cost contest instances use for strategies and pairs no solution should take. Presolve treats any
/// cost at or above it as forbidden.
pub const FORBIDDEN_COST: Cost = 1_000_000_000_000_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_map_to_picoseconds() {
        assert_eq!(cost_from_seconds(1.5e-6), 1_500_000);
        assert_eq!(cost_from_seconds(-1.0), 0);
        assert_eq!(cost_from_seconds(1e30), Cost::MAX);
    }
}
