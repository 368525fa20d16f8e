//! automap's encodings: mesh specs, the cost model's pieces, and (to come) sharding rules and the bridge
//! from the IR to solver problems.

pub mod flops;
pub mod mesh;
