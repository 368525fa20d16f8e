//! User constraints: parse, and apply to the MLP fixture's problem on a 2x4 mesh.
#![no_main]

use automap::sharding::Mesh;
use automap::sharding::PlanSpace;
use automap::sharding::UserConstraints;
use automap::sharding::build;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

const MODEL: &str = include_str!("../../tests/fixtures/mlp.mlir");
const MESH: &str = include_str!("../../specs/meshes/cpu-2x4.yaml");

fn fixture() -> &'static (automap::ir::Module, Mesh) {
    static F: OnceLock<(automap::ir::Module, Mesh)> = OnceLock::new();
    F.get_or_init(|| match (automap::ir::parse_module(MODEL), Mesh::parse(MESH, "cpu-2x4.yaml")) {
        (Ok(m), Ok(mesh)) => (m, mesh),
        _ => std::process::abort(),
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(c) = UserConstraints::parse(text, "constraints.yaml") else { return };
    let (m, mesh) = fixture();
    let space = PlanSpace::new(m, mesh);
    let mut built = build(&space, None);
    let _ = c.apply(&space, &mut built);
});
