//! `inspect` (what the importer reads of a model) and `diff` (two plans side by side).

use automap::{Error, Model};
use std::path::Path;
use std::time::Instant;

/// `automap inspect MODEL`: the importer's report, the parse speed, the verifier's verdict.
pub fn inspect(path: &Path) -> Result<(), Error> {
    let t0 = Instant::now();
    let mut model = Model::read(path)?;
    let parse_s = t0.elapsed().as_secs_f64();
    model.price_kernels(None)?;
    out_raw!("{}", automap::sharding::export::inspect_report(&model.name, &model.module));
    out!("parsed in {:.1} ms ({:.0} MB/s)", parse_s * 1e3, model.bytes as f64 / parse_s.max(1e-9) / 1e6);
    model.verify()?;
    out!("verifier: ok");
    Ok(())
}

/// `automap diff A B [--out F]`: what changed from plan A to plan B, printed and written to `out`.
pub fn diff(a: &Path, b: &Path, out: Option<&Path>) -> Result<(), Error> {
    let (a, b) = (automap::load_plan_json(a)?, automap::load_plan_json(b)?);
    let text = automap::sharding::export::PlanDiff::new(&a, &b).to_markdown();
    print!("{text}");
    if let Some(out) = out {
        std::fs::write(out, &text).map_err(|source| Error::Io {
            what: "write",
            path: out.display().to_string(),
            source,
        })?;
    }
    Ok(())
}
