//! Write the linked problem of a problem in the contest format (each class of repeated nodes one node,
//! `automap_solver::internals::Linked`), so the linked solve, which `solve --link` and every `plan` run first, can
//! be measured on its own: `cargo run --release -p automap-solver --example linked_problem -- IN OUT`.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: linked_problem PROBLEM.json[.gz] OUT.json");
        return std::process::ExitCode::from(1);
    };
    let p = match automap_solver::iopddl::read(std::path::Path::new(input)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(1);
        }
    };
    let classes = automap_solver::internals::repeats(&p);
    let linked = automap_solver::internals::Linked::new(&p, &classes);
    eprintln!("{} classes; nodes {} -> {}", classes.len(), p.nodes.len(), linked.problem.nodes.len());
    match std::fs::write(output, automap_solver::iopddl::to_json(&linked.problem)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot write {output}: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
