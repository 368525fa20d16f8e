//! What the sharding crate's integration tests share: the repository's fixtures and meshes, and the
//! generated programs and random plans of [`automap_sharding::testing`]. Each test file includes it
//! with `mod common;` and uses what it needs.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap_sharding::Mesh;
use std::path::{Path, PathBuf};

#[allow(unused_imports)]
pub use automap_sharding::testing::{random_plan, stacked_layers};

/// The repository's root, which holds the fixtures and the shipped meshes.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fixture of `tests/fixtures/`, parsed.
pub fn module(name: &str) -> automap_ir::Module {
    let path = root().join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    automap_ir::parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

/// A mesh of `specs/meshes/`, loaded.
pub fn mesh(name: &str) -> Mesh {
    Mesh::load(&root().join("specs/meshes").join(name)).unwrap_or_else(|e| panic!("{e}"))
}
