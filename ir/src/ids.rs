//! Typed u32 ids for the entities of a module (Cranelift's entity pattern).

use cranelift_entity::entity_impl;

/// An SSA value: a function argument, an op result or a region block argument.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(u32);
entity_impl!(ValueId, "v");

/// An op of the flattened program (or of a region kept intact).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(u32);
entity_impl!(OpId, "op");

/// A `func.call` site that was inlined.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallSiteId(u32);
entity_impl!(CallSiteId, "call");
