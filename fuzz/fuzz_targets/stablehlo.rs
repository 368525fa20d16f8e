//! StableHLO text: parse, give every call a function of its own, verify, and, for a module that verifies, enumerate its strategies on a 2x4
//! mesh and build its choice problem. Nothing may panic, whatever the bytes.
#![no_main]

use automap::sharding::Mesh;
use automap::sharding::PlanSpace;
use automap::sharding::build;
use libfuzzer_sys::fuzz_target;

const MESH: &str = include_str!("../../specs/meshes/cpu-2x4.yaml");

fuzz_target!(|data: &[u8]| {
    let Ok(m) = automap::ir::parse_bytes(data) else { return };
    let m = automap::ir::per_call::one_function_per_call(m);
    if !automap::ir::verify::verify(&m).is_empty() || m.body.len() > 64 {
        return;
    }
    let Ok(mesh) = Mesh::parse(MESH, "cpu-2x4.yaml") else { return };
    let space = PlanSpace::new(&m, &mesh);
    let built = build(&space, Some(mesh.device.memory_bytes()));
    let _ = built.problem.validate();
});
