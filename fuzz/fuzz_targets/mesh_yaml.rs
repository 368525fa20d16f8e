//! Mesh specs: parse and validate; a mesh that validates prints in a form that parses to itself.
#![no_main]

use automap::sharding::Mesh;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(mesh) = Mesh::parse(text, "mesh.yaml") {
        let again = Mesh::parse(&mesh.to_string(), "normalized.yaml");
        assert!(again.is_ok_and(|m| m == mesh), "the normalized form of a valid mesh must parse to the same mesh");
    }
});
