//! Write the contest's worked example (`automap_solver::testing::EXAMPLE`) to a file, as a seed for the
//! contest-format fuzz target: `cargo run -p automap-solver --example write_example -- FILE`.

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: write_example FILE");
        return std::process::ExitCode::from(1);
    };
    match std::fs::write(&path, automap_solver::testing::EXAMPLE) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot write {path}: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
