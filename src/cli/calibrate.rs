//! `calibrate`: the mesh's `efficiency:` fitted to measured steps, written as a new mesh spec.

use automap::Error;
use std::path::Path;
use std::time::Instant;

/// `automap calibrate --mesh M --runs R --out F`: each run priced at the peaks, the fractions fitted,
/// the fitted spec written to `out` and the fit's table printed.
pub fn calibrate(mesh: &Path, runs: &Path, out: &Path, time_limit: f64) -> Result<(), Error> {
    let (spec, runs) = (automap::load_mesh(mesh)?, automap::calibrate::load_runs(runs)?);
    let limit = automap::seconds("--time-limit", time_limit)?;
    let mut priced = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        let t0 = Instant::now();
        let p = automap::calibrate::price(run, &spec, limit)?;
        eprintln!(
            "[{}/{}] {}: {} on {}, step at the peaks {:.3} s, measured {:.3} s ({:.1} s)",
            i + 1,
            runs.len(),
            p.name,
            run.plan,
            run.mesh.as_deref().map_or(spec.name.clone(), |m| m.display().to_string()),
            p.terms.step_s(&automap::sharding::Efficiency::PEAK),
            p.measured_s,
            t0.elapsed().as_secs_f64()
        );
        priced.push(p);
    }
    let c = automap::calibrate::calibrate(&priced);
    let fitted = automap::sharding::Mesh { efficiency: c.efficiency, ..spec };
    let text = format!(
        "# {} calibrated by `automap calibrate` on {} measured runs (efficiency: fitted).\n{fitted}",
        mesh.display(),
        priced.len()
    );
    std::fs::write(out, text).map_err(|source| Error::Io { what: "write", path: out.display().to_string(), source })?;
    let e = c.efficiency;
    out_raw!("efficiency: flops {:.4}, hbm {:.4}, links {:.4}\n\n{}", e.flops, e.hbm, e.links, c.table());
    eprintln!("wrote {}", out.display());
    Ok(())
}
