//! `automap calibrate`: fit a mesh's efficiency constants ([`Efficiency`]: the fractions of peak FLOP/s,
//! HBM bandwidth and link bandwidth the hardware achieves) to steps measured on it.
//!
//! Each run is a program, the plan it ran (a reference plan: `fsdp:gpu`, `dp:data+megatron:model`, as
//! `automap eval --plan` takes) and its measured step. The plan's cost is taken apart once, at the
//! vendor's peaks: per op, the seconds its FLOPs and its bytes would take (an op runs as long as the
//! larger); the collectives' bandwidth seconds and latency seconds, and the fraction `x` of them the
//! overlapped step ([`automap_sharding::overlapped_step_s`]) leaves exposed. The predicted step at
//! efficiencies `(f, h, l)` is then `Σ max(flops_s / f, bytes_s / h) + unfused_s / h + x·(link_s / l +
//! latency_s)` (a measured step is the overlapped one), and the fit is the `(f, h, l)` in `(0, 1]³`
//! that minimises the squared log ratios of predicted to measured steps: a coarse grid, then a
//! pattern search (each efficiency, and each pair of them together). Runs that share one program per
//! device fix its compute time but not its split between FLOP/s and HBM (a valley of equal fits): of
//! the fits within a hair of the least misfit, the search then takes the one nearest the peaks.
//! Leave-one-out refits without each run and predicts it, the test of a fit on runs it has not seen.

use crate::error::Error;
use crate::inputs::Model;
use automap_sharding::Efficiency;
use automap_sharding::tactics::{Recognised, parse_tactics};
use automap_sharding::{Mesh, PlanSpace, build_on};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One measured run, as the runs file lists it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredRun {
    /// A name for the tables (default: the model's file name).
    #[serde(default)]
    pub name: Option<String>,
    /// The StableHLO text of the step, relative to the runs file.
    pub model: PathBuf,
    /// The plan it ran, as a reference plan (`fsdp:gpu`).
    pub plan: String,
    /// The mesh it ran on, relative to the runs file, when not `--mesh` (another slice count of the
    /// same chip): the fit is one set of efficiencies for the chip.
    #[serde(default)]
    pub mesh: Option<PathBuf>,
    /// Seconds per step measured.
    pub measured_step_s: f64,
    /// A kernel price table for it, relative to the runs file.
    #[serde(default)]
    pub kernels: Option<PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunsFile {
    runs: Vec<MeasuredRun>,
}

/// A run's step taken apart at the peaks: what scales with each efficiency.
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    /// Per op (times its runs): seconds of its FLOPs at peak, seconds of its bytes at peak HBM.
    pub ops: Vec<(f64, f64)>,
    /// Seconds of HBM traffic reshardings add (out of fusions), at peak.
    pub unfused_s: f64,
    /// Seconds of the collectives' bytes at peak link bandwidth.
    pub link_s: f64,
    /// Seconds of the collectives' latency (no efficiency scales it).
    pub latency_s: f64,
    /// The fraction of the collectives' time the overlapped step exposes at the peaks (the rest runs
    /// beside compute, as XLA's scheduler runs it): kept as the efficiencies change.
    pub exposed: f64,
}

impl Terms {
    /// The overlapped step at efficiencies `e`: compute, plus the exposed part of the collectives.
    pub fn step_s(&self, e: &Efficiency) -> f64 {
        self.step_with(&Compute::new(&self.ops), e)
    }

    /// [`Terms::step_s`] with the ops' compute already sorted (`compute` is `Compute::new(&self.ops)`).
    fn step_with(&self, compute: &Compute, e: &Efficiency) -> f64 {
        compute.seconds(e.flops, e.hbm)
            + self.unfused_s / e.hbm
            + self.exposed * (self.link_s / e.links + self.latency_s)
    }
}

/// The ops' compute, `Σ max(flops_s / f, bytes_s / h)`, in O(log ops) for any `(f, h)`: an op is
/// bound by its FLOPs exactly when `flops_s / bytes_s >= f / h`, so with the ops sorted by that ratio
/// the bound ones are a suffix, and the sum is a prefix sum of bytes plus a suffix sum of FLOPs. The
/// fit evaluates thousands of efficiency sets on the same runs.
struct Compute {
    /// Each op's `flops_s / bytes_s` (infinite for an op with no bytes), ascending.
    ratio: Vec<f64>,
    /// `bytes_before[k]`: the bytes seconds of the first `k` ops (`ops + 1` entries).
    bytes_before: Vec<f64>,
    /// `flops_from[k]`: the FLOPs seconds of ops `k..` (`ops + 1` entries).
    flops_from: Vec<f64>,
}

impl Compute {
    fn new(ops: &[(f64, f64)]) -> Compute {
        let mut sorted: Vec<(f64, f64, f64)> =
            ops.iter().map(|&(f, b)| (if b > 0.0 { f / b } else { f64::INFINITY }, f, b)).collect();
        sorted.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut bytes_before = vec![0.0; sorted.len() + 1];
        let mut flops_from = vec![0.0; sorted.len() + 1];
        for (k, &(_, _, b)) in sorted.iter().enumerate() {
            bytes_before[k + 1] = bytes_before[k] + b;
        }
        for (k, &(_, f, _)) in sorted.iter().enumerate().rev() {
            flops_from[k] = flops_from[k + 1] + f;
        }
        Compute { ratio: sorted.iter().map(|x| x.0).collect(), bytes_before, flops_from }
    }

    /// The seconds of compute at FLOPs fraction `flops` and HBM fraction `hbm`.
    fn seconds(&self, flops: f64, hbm: f64) -> f64 {
        let k = self.ratio.partition_point(|&r| r < flops / hbm);
        self.bytes_before[k] / hbm + self.flops_from[k] / flops
    }
}

/// A run with its terms.
#[derive(Clone, Debug)]
pub struct Priced {
    /// Its name.
    pub name: String,
    /// Measured seconds per step.
    pub measured_s: f64,
    /// Its step taken apart.
    pub terms: Terms,
}

/// The fit and how well it predicts.
#[derive(Clone, Debug)]
pub struct Calibration {
    /// The fitted efficiencies.
    pub efficiency: Efficiency,
    /// Per run: predicted serial step under the fit, and predicted when the fit leaves it out.
    pub rows: Vec<(String, f64, f64, f64)>,
}

/// Read a runs file (YAML).
pub fn load_runs(path: &Path) -> Result<Vec<MeasuredRun>, Error> {
    let shown = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|source| Error::Io { what: "read", path: shown.clone(), source })?;
    let file: RunsFile =
        serde_saphyr::from_str(&text).map_err(|e| Error::Spec(automap_sharding::SpecError::from_yaml(&e, &shown)))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut runs = file.runs;
    for r in &mut runs {
        if !(r.measured_step_s.is_finite() && r.measured_step_s > 0.0) {
            return Err(Error::Usage(format!("{shown}: measured_step_s must be a positive number of seconds")));
        }
        r.model = base.join(&r.model);
        r.kernels = r.kernels.as_ref().map(|k| base.join(k));
        r.mesh = r.mesh.as_ref().map(|k| base.join(k));
    }
    if runs.is_empty() {
        return Err(Error::Usage(format!("{shown}: no runs to calibrate on")));
    }
    Ok(runs)
}

/// Plan `run` on its mesh (`mesh` unless the run names its own) as its recipe says and take its step
/// apart at the peaks.
pub fn price(run: &MeasuredRun, mesh: &Mesh, time_limit: Duration) -> Result<Priced, Error> {
    let own = run.mesh.as_deref().map(Mesh::load).transpose()?;
    let mesh = own.as_ref().unwrap_or(mesh);
    let model = Model::load_priced(&run.model, run.kernels.as_deref())?;
    let name = run.name.clone().unwrap_or_else(|| model.name.clone());
    let m = &model.module;
    mesh.check_declared(m).map_err(|e| Error::Usage(format!("{}:{e}", model.name)))?;
    let tactics =
        parse_tactics(&run.plan, mesh).map_err(|e| Error::Usage(format!("{name}: plan {}: {e}", run.plan)))?;
    let peak = Mesh { efficiency: Efficiency::PEAK, ..mesh.clone() };
    let space = PlanSpace::new(m, &peak);
    let built = build_on(&space, Some(peak.device.memory_bytes()), crate::PLAN_THREADS);
    let found = Recognised::new(&space);
    let plan = automap_sharding::tactics::Recipes::new(&space, &built, &found)
        .reference(&tactics, time_limit, crate::PLAN_THREADS, None)
        .plan;
    let cost = space.evaluate(&plan);
    let hbm = peak.device.hbm_bytes_per_s();
    let ops = (0..space.schedule.steps.len())
        .map(|pos| {
            let c = space.compute(pos, plan.choice[pos]);
            let runs = space.schedule.steps[pos].runs as f64;
            (c.flops_s * runs, c.bytes / hbm * runs)
        })
        .filter(|&(f, b)| f > 0.0 || b > 0.0)
        .collect();
    // The links at half their bandwidth double the bandwidth seconds and leave the latency.
    let half = Mesh { efficiency: Efficiency { links: 0.5, ..Efficiency::PEAK }, ..mesh.clone() };
    let comm_half = PlanSpace::new(m, &half).evaluate(&plan).comm_s;
    let link_s = (comm_half - cost.comm_s).max(0.0);
    let overlapped = automap_sharding::overlapped_step_s(&space, &plan, &cost);
    let exposed = if cost.comm_s > 0.0 { ((overlapped - cost.compute_s) / cost.comm_s).clamp(0.0, 1.0) } else { 1.0 };
    let latency_s = (cost.comm_s - link_s).max(0.0);
    let terms = Terms { ops, unfused_s: cost.unfused_s, link_s, latency_s, exposed };
    Ok(Priced { name, measured_s: run.measured_step_s, terms })
}

/// Squared log ratio of predicted to measured, summed (each run with its ops' [`Compute`]).
fn misfit(runs: &[(&Priced, Compute)], e: &Efficiency) -> f64 {
    runs.iter().map(|(r, c)| (r.terms.step_with(c, e) / r.measured_s).ln().powi(2)).sum()
}

/// The efficiencies' squared distance from the peaks.
fn from_peaks(e: &Efficiency) -> f64 {
    (1.0 - e.flops).powi(2) + (1.0 - e.hbm).powi(2) + (1.0 - e.links).powi(2)
}

/// Fits whose misfit is within this share of the best one's (plus [`EQUAL_FIT_ABS`]) are equal fits:
/// a 0.01% difference in the sum of squared log ratios is no evidence for either.
const EQUAL_FIT_SHARE: f64 = 1e-4;
/// See [`EQUAL_FIT_SHARE`]: the band of equal fits around an exact one.
const EQUAL_FIT_ABS: f64 = 1e-8;

/// The cost of each unit of misfit beyond the equal fits, in the search for the one nearest the
/// peaks: far more than any distance from the peaks (at most 3) can gain.
const LEAVING_EQUAL_FITS: f64 = 1e6;

/// The smallest efficiency a fit may give: a hundredth of the peak.
const FLOOR: f64 = 0.01;

/// Fit the three efficiencies to `runs`: the least misfit, and of the fits equal to it the one nearest
/// the peaks (so that a constant no run's step depends on stays at 1, and a split the runs cannot
/// tell, such as FLOP/s against HBM in runs of one program per device, is the least far from them).
pub fn fit(runs: &[&Priced]) -> Efficiency {
    let runs: Vec<(&Priced, Compute)> = runs.iter().map(|&r| (r, Compute::new(&r.terms.ops))).collect();
    let runs = runs.as_slice();
    let grid = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
    let mut best = Efficiency::PEAK;
    let mut best_misfit = misfit(runs, &best);
    for &f in &grid {
        for &h in &grid {
            for &l in &grid {
                let e = Efficiency { flops: f, hbm: h, links: l };
                let v = misfit(runs, &e);
                if v < best_misfit - 1e-12 {
                    (best, best_misfit) = (e, v);
                }
            }
        }
    }
    let fitted = pattern_search(best, &|e| misfit(runs, e));
    let least = misfit(runs, &fitted);
    let band = least + EQUAL_FIT_SHARE * least + EQUAL_FIT_ABS;
    let nearest = pattern_search(fitted, &|e| {
        let v = misfit(runs, e);
        from_peaks(e) + if v <= band { 0.0 } else { LEAVING_EQUAL_FITS * (v - band) }
    });
    let round = |x: f64| (x * 1e4).round() / 1e4;
    Efficiency { flops: round(nearest.flops), hbm: round(nearest.hbm), links: round(nearest.links) }
}

/// The efficiencies from `start` that `objective` finds least by a pattern search: moves of one
/// efficiency, and of two together (the same way or opposite ways, in ratios from 1:10 to 10:1, so
/// that a curved valley is followed whatever its slope); a move that helps is tried again at twice the
/// step (a valley is walked, not crept along), none helping halves it.
fn pattern_search(start: Efficiency, objective: &dyn Fn(&Efficiency) -> f64) -> Efficiency {
    const MAX_STEP: f64 = 0.05;
    let mut moves: Vec<[f64; 3]> = Vec::new();
    for k in 0..3 {
        for sign in [-1.0, 1.0] {
            let mut m = [0.0; 3];
            m[k] = sign;
            moves.push(m);
        }
        for j in k + 1..3 {
            for ratio in [0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 1.4, 2.0, 2.5, 3.3, 5.0, 7.0, 10.0] {
                for (a, b) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                    let mut m = [0.0; 3];
                    (m[k], m[j]) = (a, b * ratio);
                    moves.push(m);
                }
            }
        }
    }
    let (mut best, mut least) = (start, objective(&start));
    let mut step = MAX_STEP;
    while step > 1e-5 {
        let mut moved = false;
        for m in &moves {
            let e = Efficiency {
                flops: (best.flops + m[0] * step).clamp(FLOOR, 1.0),
                hbm: (best.hbm + m[1] * step).clamp(FLOOR, 1.0),
                links: (best.links + m[2] * step).clamp(FLOOR, 1.0),
            };
            let v = objective(&e);
            if v < least - 1e-15 {
                (best, least, moved) = (e, v, true);
            }
        }
        step = if moved { (step * 2.0).min(MAX_STEP) } else { step / 2.0 };
    }
    best
}

/// Fit on every run, and on every run but one for each (leave-one-out).
pub fn calibrate(priced: &[Priced]) -> Calibration {
    let all: Vec<&Priced> = priced.iter().collect();
    let efficiency = fit(&all);
    let rows = priced
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let others: Vec<&Priced> = priced.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| p).collect();
            let held = if others.is_empty() { Efficiency::PEAK } else { fit(&others) };
            (r.name.clone(), r.measured_s, r.terms.step_s(&efficiency), r.terms.step_s(&held))
        })
        .collect();
    Calibration { efficiency, rows }
}

impl Calibration {
    /// The table `automap calibrate` prints: per run, measured, predicted, ratio, left-out ratio; the
    /// median and worst ratio errors.
    pub fn table(&self) -> String {
        let mut out = String::from(
            "| run | measured ms | predicted ms | ratio | left out: predicted ms | ratio |\n|---|---:|---:|---:|---:|---:|\n",
        );
        for (name, measured, fitted, held) in &self.rows {
            out.push_str(&format!(
                "| {name} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} |\n",
                measured * 1e3,
                fitted * 1e3,
                fitted / measured,
                held * 1e3,
                held / measured
            ));
        }
        let worst = |k: usize| {
            let mut errors: Vec<f64> = self
                .rows
                .iter()
                .map(|r| {
                    let ratio = if k == 0 { r.2 / r.1 } else { r.3 / r.1 };
                    ratio.max(1.0 / ratio)
                })
                .collect();
            errors.sort_by(f64::total_cmp);
            (errors[errors.len() / 2], errors.last().copied().unwrap_or(1.0))
        };
        let ((m, w), (lm, lw)) = (worst(0), worst(1));
        out.push_str(&format!(
            "\nratio error (the larger of predicted/measured and its inverse): median {m:.3}, worst {w:.3}; \
             left out: median {lm:.3}, worst {lw:.3}\n"
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(name: &str, flops_s: f64, bytes_s: f64, link_s: f64, truth: &Efficiency) -> Priced {
        let terms =
            Terms { ops: vec![(flops_s, 0.0), (0.0, bytes_s)], unfused_s: 0.0, link_s, latency_s: 0.001, exposed: 1.0 };
        let measured_s = terms.step_s(truth);
        Priced { name: name.into(), measured_s, terms }
    }

    /// Steps made from known efficiencies give them back, and predict a left-out run.
    #[test]
    fn recovers_the_efficiencies_that_made_the_steps() {
        let truth = Efficiency { flops: 0.55, hbm: 0.8, links: 0.65 };
        let runs = vec![
            run("compute", 1.0, 0.1, 0.05, &truth),
            run("memory", 0.1, 1.0, 0.05, &truth),
            run("links", 0.2, 0.1, 1.0, &truth),
            run("mixed", 0.7, 0.4, 0.3, &truth),
        ];
        let c = calibrate(&runs);
        for (got, want) in [(c.efficiency.flops, 0.55), (c.efficiency.hbm, 0.8), (c.efficiency.links, 0.65)] {
            assert!((got - want).abs() < 0.01, "{:?}", c.efficiency);
        }
        for (name, measured, fitted, held) in &c.rows {
            assert!((fitted / measured - 1.0).abs() < 0.01, "{name}");
            assert!((held / measured - 1.0).abs() < 0.05, "{name} left out: {held} vs {measured}");
        }
        assert!(c.table().contains("| mixed |"));
    }

    /// Runs of one program per device with only their links apart fix its compute time, not its split
    /// between FLOP/s and HBM: of the equal fits, the one nearest the peaks, not the first point of
    /// them the grid reaches.
    #[test]
    fn a_valley_of_equal_fits_gives_the_point_nearest_the_peaks() {
        let truth = Efficiency { flops: 0.5, hbm: 1.0, links: 0.5 };
        let runs: Vec<Priced> =
            [0.1, 0.3, 0.6, 1.0].iter().map(|&l| run(&format!("links {l}"), 1.0, 1.0, l, &truth)).collect();
        let refs: Vec<&Priced> = runs.iter().collect();
        let e = fit(&refs);
        // One op of FLOPs alone, one of bytes alone: the valley is 1/f + 1/h = 3. The grid reaches
        // (0.5, 1) first, an exact fit at 0.5 from (1, 1); the valley's point nearest (1, 1) is
        // f = h = 2/3, at 0.4714. The distance is flat near it: within 1% of it is the nearest point.
        let distance = ((1.0 - e.flops).powi(2) + (1.0 - e.hbm).powi(2)).sqrt();
        let least = std::f64::consts::SQRT_2 / 3.0;
        assert!(distance < least * 1.01, "{e:?} at {distance} from the peaks, the valley's least {least}");
        assert!((e.links - 0.5).abs() < 0.01, "{e:?}");
        for r in &runs {
            assert!((r.terms.step_s(&e) / r.measured_s - 1.0).abs() < 0.005, "{}", r.name);
        }
    }

    /// The sorted compute gives each op the larger of its FLOP and byte time, as the sum over ops does.
    #[test]
    fn sorted_compute_is_the_sum_of_each_ops_larger_time() {
        let ops: Vec<(f64, f64)> =
            (0..200).map(|i| (((i * 37) % 101) as f64 * 0.01, ((i * 53) % 97) as f64 * 0.013)).collect();
        let compute = Compute::new(&ops);
        for (f, h) in [(1.0, 1.0), (0.5, 0.9), (0.9, 0.3), (0.05, 1.0), (1.0, 0.01)] {
            let direct: f64 = ops.iter().map(|&(a, b)| (a / f).max(b / h)).sum();
            assert!((compute.seconds(f, h) - direct).abs() <= 1e-9 * direct, "{f} {h}");
        }
    }

    /// A run faster than the peaks allow cannot push an efficiency past 1.
    #[test]
    fn efficiencies_stay_fractions_of_the_peaks() {
        let terms = Terms { ops: vec![(1.0, 0.0)], unfused_s: 0.0, link_s: 0.0, latency_s: 0.0, exposed: 1.0 };
        let fast = Priced { name: "fast".into(), measured_s: 0.5, terms };
        assert_eq!(fit(&[&fast]).flops, 1.0);
    }
}
