//! The compiler as the judge of a plan: run XLA's TPU or GPU compiler (compile only, through a Python
//! that has JAX and the compilers) on the annotated module a plan wrote, and read what it says: whether
//! the plan fits the device, and its memory per device beside automap's prediction.
//!
//! The judge is `python/automap/judge.py`, compiled into this binary and written to a temporary file
//! for each call, so the command needs only a Python with the compilers, not automap's sources.
//! [`verified`] is the loop `automap plan --verify PYTHON` and `automap.plan(..., verify=True)` run:
//! a plan the compiler finds over the device's memory is planned again under a limit lowered by the
//! excess; a "no plan fits" is checked by compiling the leanest plan, which the compiler may fit.

use crate::Error;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;

/// The judge's source (imports nothing of automap's).
const JUDGE_PY: &str = include_str!("../python/automap/judge.py");

/// Rounds of planning and compiling at most (each a full plan and compile).
pub const MAX_VERIFY_ROUNDS: usize = 4;

/// A lowered limit is at least this share below the last, so each round moves.
const MIN_STEP_SHARE: f64 = 0.01;

/// Bytes as GiB with two decimals, "-" when unknown (the rounds' messages and table).
pub fn gib(bytes: Option<f64>) -> String {
    bytes.map_or("-".into(), |b| format!("{:.2} GiB", b / crate::sharding::BYTES_PER_GIB))
}

/// The compiler `mesh` names, or the error that says how to name one.
pub fn require_compiler(mesh: &crate::sharding::Mesh) -> Result<(), Error> {
    match mesh.compiler {
        Some(_) => Ok(()),
        None => Err(Error::Usage(format!(
            "verify: mesh {} names no compiler; add `compiler:` to its spec (e.g. {{tpu: \"v5p:4x4x4\"}} or \
             {{gpu: h100_sxm, topology: 1x8x8}})",
            mesh.name
        ))),
    }
}

/// What the compiler said of one plan (the JSON `judge.py` prints; a figure it leaves out is `None`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Judgement {
    /// `fits`, `out of memory`, `refused` (another compile error) or `unavailable` (no compiler).
    pub verdict: String,
    /// The compiler, in words (`TPU v5p:4x4x4`).
    pub target: String,
    /// The device's memory, bytes (the mesh's).
    pub device_bytes: f64,
    /// automap's predicted peak, bytes per device.
    pub predicted_peak_bytes: Option<f64>,
    /// The compiler's buffers per device in device memory (arguments + outputs + temporaries − aliased).
    pub device_total_bytes: Option<f64>,
    /// Its temporaries (for an out-of-memory refusal: what it said they need).
    pub temporaries_bytes: Option<f64>,
    /// For an out-of-memory refusal: the memory it said is available.
    pub available_bytes: Option<f64>,
    /// Its buffers in host memory.
    pub host_total_bytes: Option<f64>,
    /// Its FLOPs per device (loop bodies once).
    pub flops: Option<f64>,
    /// Seconds it took to compile.
    pub compile_s: Option<f64>,
    /// The compiler's error, when it did not compile.
    pub error: Option<String>,
}

impl Judgement {
    /// Did the compiler accept the plan within the device's memory?
    pub fn fits(&self) -> bool {
        self.verdict == "fits"
    }

    /// How many bytes per device the compiler needs beyond what it has, when it said so.
    pub fn excess_bytes(&self) -> Option<f64> {
        if self.verdict != "out of memory" {
            return None;
        }
        match (self.device_total_bytes, self.temporaries_bytes, self.available_bytes) {
            (Some(total), _, Some(available)) => Some(total - available),
            (Some(total), _, None) if self.device_bytes > 0.0 => Some(total - self.device_bytes),
            (None, Some(temps), Some(available)) => Some(temps - available),
            _ => None,
        }
    }

    /// The compiler's total over automap's predicted peak.
    pub fn ratio(&self) -> Option<f64> {
        match (self.device_total_bytes, self.predicted_peak_bytes) {
            (Some(t), Some(p)) if p > 0.0 => Some(t / p),
            _ => None,
        }
    }
}

/// Compile the plan in `folder` (`annotated.mlir`, `plan.json`) with the compiler its mesh names, by
/// `python` running the judge.
pub fn judge(python: &Path, folder: &Path, gspmd: bool) -> Result<Judgement, Error> {
    let script = std::env::temp_dir().join(format!("automap-judge-{}.py", std::process::id()));
    let io = |what: &'static str, path: &Path| {
        let path = path.display().to_string();
        move |source| Error::Io { what, path, source }
    };
    std::fs::write(&script, JUDGE_PY).map_err(io("write", &script))?;
    let mut cmd = Command::new(python);
    cmd.arg(&script).arg(folder.join("annotated.mlir")).arg(folder.join("plan.json"));
    if gspmd {
        cmd.args(["--format", "gspmd"]);
    }
    let out = cmd.output().map_err(io("run", python));
    let _ = std::fs::remove_file(&script);
    let out = out?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().rev().find(|l| l.starts_with('{')).unwrap_or("");
    serde_json::from_str(line).map_err(|_| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect::<Vec<_>>().into_iter().rev().collect();
        Error::Usage(format!(
            "--verify {}: the compiler gave no answer (exit {}): {}",
            python.display(),
            out.status.code().unwrap_or(-1),
            tail.join(" | ")
        ))
    })
}

/// The next memory limit after a plan under `limit` (bytes) got `j`: lowered by the compiler's excess
/// (and at least 1% of it, `MIN_STEP_SHARE`); `None` when the verdict gives no excess to lower by.
pub fn lowered_limit(limit: f64, j: &Judgement) -> Option<f64> {
    let excess = j.excess_bytes()?;
    Some(limit - excess.max(limit * MIN_STEP_SHARE))
}

/// The next memory limit after the leanest plan, made under `limit`, fitted the compiler: raised by
/// the room the compiler left on the device, so the next plan may spend it on speed.
pub fn raised_limit(limit: f64, j: &Judgement) -> Option<f64> {
    let room = j.device_bytes - j.device_total_bytes?;
    (room > limit * MIN_STEP_SHARE).then_some(limit + room)
}

/// A plan the compiler accepted, with every round that led to it.
pub struct Verified<T> {
    /// The plan (whatever the caller's planning step returns).
    pub plan: T,
    /// The rounds, the accepted one last.
    pub rounds: Vec<Round>,
}

/// The loop: plan under `limit` (bytes per device), have the compiler judge it, and while it needs
/// more than the device has, plan again under a limit lowered by the excess ([`lowered_limit`]). When
/// automap's model fits nothing (an [`Error::NoFit`] naming the leanest peak), the leanest plan is
/// made and judged: if the compiler fits it, one more plan under a limit raised by the room it left
/// ([`raised_limit`]) may be faster, and the leanest is kept when that one does not fit. At most
/// [`MAX_VERIFY_ROUNDS`] plans; an error when none fits, or when the compiler refuses a plan for
/// another reason than memory (a plan XLA rejects is never returned).
pub fn verified<T>(
    mut limit: f64,
    mut plan_at: impl FnMut(f64, usize) -> Result<T, Error>,
    mut judge: impl FnMut(&T, usize) -> Result<Judgement, Error>,
) -> Result<Verified<T>, Error> {
    let mut rounds: Vec<Round> = Vec::new();
    // The leanest plan the compiler fitted, kept while a plan under a raised limit is tried.
    let mut fallback: Option<T> = None;
    let mut tried_leanest = false;
    for round in 1..=MAX_VERIFY_ROUNDS {
        let plan = match plan_at(limit, round) {
            Ok(p) => p,
            Err(Error::NoFit { leanest_bytes: Some(lean), .. }) if !tried_leanest && fallback.is_none() => {
                // automap's model fits nothing here; the compiler may fit the leanest plan.
                tried_leanest = true;
                rounds.push(Round { limit_bytes: limit, outcome: Err("no plan fits by automap's model".into()) });
                limit = lean * (1.0 + LEANEST_MARGIN);
                continue;
            }
            Err(e) => return fallback.map(|plan| Verified { plan, rounds }).ok_or(e),
        };
        let j = judge(&plan, round)?;
        rounds.push(Round { limit_bytes: limit, outcome: Ok(j.clone()) });
        if j.fits() {
            if tried_leanest
                && fallback.is_none()
                && round < MAX_VERIFY_ROUNDS
                && let Some(raised) = raised_limit(limit, &j)
            {
                fallback = Some(plan);
                limit = raised;
                continue;
            }
            return Ok(Verified { plan, rounds });
        }
        if let Some(plan) = fallback {
            return Ok(Verified { plan, rounds });
        }
        match lowered_limit(limit, &j) {
            // The leanest plan is over: no limit below it has a plan.
            Some(_) if tried_leanest => {
                return Err(Error::Usage(format!(
                    "no plan fits: automap's model fits nothing in the device's memory, and XLA's {} compiler needs \
                     {} per device for the leanest plan ({} available):{}",
                    j.target,
                    gib(j.device_total_bytes.or(j.temporaries_bytes)),
                    gib(j.available_bytes.or(Some(j.device_bytes))),
                    report_section(&rounds)
                )));
            }
            Some(lower) if lower > 0.0 => limit = lower,
            Some(_) => {
                return Err(Error::Usage(format!(
                    "no plan fits: XLA's {} compiler needs {} per device beyond the device's memory, more than the \
                     limit the plan was made under:{}",
                    j.target,
                    gib(j.excess_bytes()),
                    report_section(&rounds)
                )));
            }
            None if j.verdict == "unavailable" => {
                return Err(Error::Usage(format!(
                    "verify: the compiler cannot run in that Python ({}); it needs JAX with `jax[tpu]` or the \
                     CUDA plugin (python/automap/judge.py says how)",
                    j.error.as_deref().unwrap_or("no reason given")
                )));
            }
            None => {
                return Err(Error::Usage(format!(
                    "XLA's {} compiler refused the plan: {}",
                    j.target,
                    j.error.as_deref().unwrap_or(&j.verdict)
                )));
            }
        }
    }
    Err(Error::Usage(format!(
        "no plan made in {MAX_VERIFY_ROUNDS} rounds fits by XLA's compiler:{}",
        report_section(&rounds)
    )))
}

/// The leanest peak is read from the plan's own figures, which round; a limit this share above it
/// leaves the leanest plan room to be found.
const LEANEST_MARGIN: f64 = 1e-6;

/// One round of the loop, for the report.
#[derive(Clone, Debug)]
pub struct Round {
    /// The memory limit the plan was made under, bytes per device.
    pub limit_bytes: f64,
    /// What the compiler said, or why no plan was made (automap's "no plan fits").
    pub outcome: Result<Judgement, String>,
}

/// The rounds as JSON, a list of `{"limit_bytes": L, "judgement": {...}}` or `{"limit_bytes": L,
/// "no_plan": WHY}`, for the Python package's `Plan.verification`.
pub fn rounds_json(rounds: &[Round]) -> String {
    let list: Vec<serde_json::Value> = rounds
        .iter()
        .map(|r| match &r.outcome {
            Ok(j) => serde_json::json!({"limit_bytes": r.limit_bytes, "judgement": j}),
            Err(why) => serde_json::json!({"limit_bytes": r.limit_bytes, "no_plan": why}),
        })
        .collect();
    serde_json::Value::Array(list).to_string()
}

/// The report's section on the rounds: each limit, the prediction, the compiler's figures and verdict.
pub fn report_section(rounds: &[Round]) -> String {
    let mut s = String::from(
        "\n## Checked by XLA's compiler (compile only)\n\n| round | memory limit | predicted peak | compiler's total \
         | compiler / predicted | host memory | verdict |\n|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for (i, r) in rounds.iter().enumerate() {
        match &r.outcome {
            Ok(j) => s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} ({}) |\n",
                i + 1,
                gib(Some(r.limit_bytes)),
                gib(j.predicted_peak_bytes),
                gib(j.device_total_bytes.or(j.temporaries_bytes)),
                j.ratio().map_or("-".into(), |x| format!("{x:.3}")),
                gib(j.host_total_bytes),
                j.verdict,
                j.target
            )),
            Err(why) => s.push_str(&format!("| {} | {} | - | - | - | - | {why} |\n", i + 1, gib(Some(r.limit_bytes)))),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oom(total: Option<f64>, temps: Option<f64>, available: Option<f64>) -> Judgement {
        Judgement {
            verdict: "out of memory".into(),
            device_bytes: 16.0,
            device_total_bytes: total,
            temporaries_bytes: temps,
            available_bytes: available,
            ..Judgement::default()
        }
    }

    #[test]
    fn a_limit_is_lowered_by_the_compilers_excess() {
        // The TPU compiler's refusal: temporaries 17.78 of 15.75 available.
        assert_eq!(lowered_limit(16.0, &oom(None, Some(17.75), Some(15.75))), Some(14.0));
        // The GPU compiler's total over the device's memory.
        assert_eq!(lowered_limit(16.0, &oom(Some(18.0), None, None)), Some(14.0));
        // A tiny excess still moves the limit by 1%.
        assert_eq!(lowered_limit(100.0, &oom(Some(100.001), None, Some(100.0))), Some(99.0));
        // A plan that fits, or a refusal for another reason, gives nothing to lower by.
        assert_eq!(lowered_limit(16.0, &Judgement { verdict: "fits".into(), ..Judgement::default() }), None);
        assert_eq!(lowered_limit(16.0, &Judgement { verdict: "refused".into(), ..Judgement::default() }), None);
    }

    #[test]
    fn a_leanest_plan_that_fits_raises_the_limit_by_the_room_left() {
        let j = Judgement {
            verdict: "fits".into(),
            device_bytes: 31.25,
            device_total_bytes: Some(28.25),
            ..Judgement::default()
        };
        assert_eq!(raised_limit(55.0, &j), Some(58.0));
        let full = Judgement { device_total_bytes: Some(31.2), ..j };
        assert_eq!(raised_limit(55.0, &full), None);
    }

    fn judged(verdict: &str, total: f64) -> Judgement {
        Judgement {
            verdict: verdict.into(),
            device_bytes: 16.0,
            device_total_bytes: Some(total),
            ..Judgement::default()
        }
    }

    /// A plan over the device is planned again under the lowered limit; the first that fits is kept.
    #[test]
    fn the_loop_lowers_the_limit_until_the_compiler_fits() {
        let mut limits = Vec::new();
        let v = verified(
            16.0,
            |limit, round| {
                limits.push(limit);
                Ok(round)
            },
            |&round, _| Ok(if round < 3 { judged("out of memory", 18.0) } else { judged("fits", 15.0) }),
        )
        .unwrap();
        assert_eq!((v.plan, limits), (3, vec![16.0, 14.0, 12.0]));
        assert_eq!(v.rounds.len(), 3);
    }

    /// A planner whose model fits nothing under 20 bytes (its leanest plan needs 30).
    fn fits_from_20(limit: f64, round: usize) -> Result<usize, Error> {
        if limit < 20.0 {
            let (path, limit) = ("m".into(), "16 B".into());
            return Err(Error::NoFit { path, limit, explanation: String::new(), leanest_bytes: Some(30.0) });
        }
        Ok(round)
    }

    /// automap's "no plan fits" is checked: the leanest plan is judged, then one under the room it left;
    /// when that one is over, the leanest is kept.
    #[test]
    fn no_plan_fits_is_checked_by_the_compiler() {
        let mut limits = Vec::new();
        let v = verified(
            16.0,
            |limit, round| {
                limits.push(limit);
                fits_from_20(limit, round)
            },
            |&round, _| Ok(if round == 2 { judged("fits", 12.0) } else { judged("out of memory", 17.0) }),
        )
        .unwrap();
        assert_eq!(v.plan, 2, "the leanest plan, which the compiler fits");
        assert_eq!(limits.len(), 3);
        assert!((limits[1] - 30.0).abs() < 1e-3 && (limits[2] - 34.0).abs() < 1e-3, "{limits:?}");
        // The leanest plan over the device too: an honest "no plan fits", after two rounds.
        let mut calls = 0;
        let over = verified(
            16.0,
            |limit, round| {
                calls += 1;
                fits_from_20(limit, round)
            },
            |_, _| Ok(judged("out of memory", 40.0)),
        );
        let Err(Error::Usage(why)) = over else { panic!("a plan where none fits") };
        assert!(why.starts_with("no plan fits: automap's model fits nothing"), "{why}");
        assert_eq!(calls, 2);
        // A judge whose Python lacks the compilers says so.
        let missing =
            Judgement { verdict: "unavailable".into(), error: Some("No module named 'jax'".into()), ..judged("", 0.0) };
        let Err(Error::Usage(why)) = verified(16.0, |_, r| Ok(r), |_, _| Ok(missing.clone())) else { panic!() };
        assert!(why.contains("cannot run in that Python (No module named 'jax')"), "{why}");
        // A refusal for another reason than memory is an error, never a plan.
        let refused =
            verified(16.0, |_, r| Ok(r), |_, _| Ok(Judgement { verdict: "refused".into(), ..judged("", 0.0) }));
        assert!(refused.is_err());
    }

    #[test]
    fn the_judges_json_reads_back() {
        let j: Judgement = serde_json::from_str(
            r#"{"target": "TPU v5e:16x16 x 2 slices", "device_bytes": 16911433728.0, "predicted_peak_bytes": 1.6e10,
               "verdict": "out of memory", "error": "RESOURCE_EXHAUSTED", "temporaries_bytes": 1.9e10,
               "available_bytes": 1.69e10}"#,
        )
        .unwrap();
        assert!(!j.fits());
        assert!((j.excess_bytes().unwrap() - 2.1e9).abs() < 1.0);
        let section = report_section(&[Round { limit_bytes: 1.6e10, outcome: Ok(j) }]);
        assert!(
            section.contains(
                "| 1 | 14.90 GiB | 14.90 GiB | 17.70 GiB | - | - | out of memory (TPU v5e:16x16 x 2 slices) |"
            ),
            "{section}"
        );
    }
}
