//! What the integration tests share: the repository's fixtures and meshes, the `automap` binary, scratch
//! folders, solve options. Each test file includes it with `mod common;` and uses what it needs.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use automap::ir;
use automap::sharding::Mesh;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Generated programs and random plans, from the sharding crate (its own tests use them too).
#[allow(unused_imports)]
pub use automap::sharding::testing::{random_plan, stacked_layers};

/// The repository's root, where the `automap` binary is run from.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture of `tests/fixtures/`, parsed.
pub fn module(name: &str) -> ir::Module {
    let path = root().join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ir::parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

/// A mesh of `specs/meshes/`, loaded.
pub fn mesh(name: &str) -> Mesh {
    Mesh::load(&root().join("specs/meshes").join(name)).unwrap_or_else(|e| panic!("{e}"))
}

/// Solve options with a time limit of `seconds`.
pub fn opts(seconds: u64) -> automap::solver::SolveOptions {
    automap::solver::SolveOptions::default().time_limit(Duration::from_secs(seconds))
}

/// A fresh scratch folder for `tag`, unique to this test process (removed by [`Scratch`]'s drop).
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// Creates `automap-TAG-PID` in the system's temporary folder.
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("automap-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A path inside the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The folder as a command-line argument.
    pub fn arg(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the `automap` binary did.
pub struct Run {
    /// The exit code (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs the `automap` binary with `args` from the repository's root.
pub fn automap<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_automap")).args(args).current_dir(root()).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
