//! The compiler that judges a mesh's plans: XLA's TPU compiler for a TPU topology (several slices over
//! the data-center network), or its GPU compiler for a GPU model and a hosts-by-GPUs topology. A mesh
//! spec names it (`compiler:`), plan.json carries it, and `tools/validate.py --target` compiles the
//! plan with it (compile only: no accelerator is needed), so memory and collectives are checked by the
//! compiler the plan will meet.
//!
//! ```yaml
//! compiler: {tpu: "v5p:4x4x8", slices: 4}      # 4 slices of a 4x4x8 v5p torus
//! compiler: {gpu: h100_sxm, topology: 1x8x8}   # 1 partition x 8 hosts x 8 GPUs
//! ```

use serde::{Deserialize, Serialize};
use serde_saphyr::Spanned;
use std::fmt;

/// Which of XLA's compilers, for which hardware; its device count is the mesh's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "platform", rename_all = "lowercase")]
pub enum CompilerTarget {
    /// XLA's TPU compiler (libtpu) for `slices` copies of the torus `topology` (`v5p:4x4x8`: the chip
    /// generation and the torus's extent per dimension).
    Tpu {
        /// Generation and torus, as JAX's `get_topology_desc` names it: `v5e:16x16`, `v5p:4x4x8`.
        topology: String,
        /// Slices joined over the data-center network (1: one slice).
        slices: u32,
    },
    /// XLA's GPU compiler for `model` (`h100_sxm`) on `topology`: partitions x hosts x GPUs per host.
    Gpu {
        /// The GPU, by the name of its target description (`h100_sxm`, `h200`).
        model: String,
        /// Partitions x hosts x GPUs per host (`1x8x8`: 64 GPUs).
        topology: String,
    },
}

impl CompilerTarget {
    /// Devices the target compiles for: a TPU torus's chips times its slices; a GPU topology's product.
    pub fn devices(&self) -> u64 {
        match self {
            CompilerTarget::Tpu { topology, slices } => {
                extents(topology.split_once(':').map_or("", |(_, t)| t)).unwrap_or(0) * u64::from(*slices)
            }
            CompilerTarget::Gpu { topology, .. } => extents(topology).unwrap_or(0),
        }
    }
}

impl fmt::Display for CompilerTarget {
    /// The spec's flow form (`{tpu: "v5p:4x4x8", slices: 4}`), which reads back as the same target.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompilerTarget::Tpu { topology, slices } => write!(f, "{{tpu: \"{topology}\", slices: {slices}}}"),
            CompilerTarget::Gpu { model, topology } => write!(f, "{{gpu: {model}, topology: {topology}}}"),
        }
    }
}

/// The product of `AxBxC` (each a whole number ≥ 1), or `None` when it is not of that form.
fn extents(s: &str) -> Option<u64> {
    let mut n: u64 = 1;
    for part in s.split('x') {
        let d: u64 = part.parse().ok().filter(|&d| d >= 1)?;
        n = n.checked_mul(d)?;
    }
    Some(n)
}

/// The spec's `compiler:` mapping as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCompiler {
    #[serde(default)]
    tpu: Option<Spanned<String>>,
    #[serde(default)]
    gpu: Option<Spanned<String>>,
    #[serde(default)]
    slices: Option<Spanned<i64>>,
    #[serde(default)]
    topology: Option<Spanned<String>>,
}

/// Where a field of the spec is wrong, and what is wrong with it.
pub(crate) type Located = (serde_saphyr::Location, String, String);

impl RawCompiler {
    /// The target, checked: one of `tpu`/`gpu`, a well-formed topology, and as many devices as the
    /// mesh's `devices`. `at` locates the `compiler:` key for errors that belong to the whole mapping.
    pub(crate) fn validate(&self, devices: u64, at: serde_saphyr::Location) -> Result<CompilerTarget, Located> {
        let bad = |loc, field: &str, msg: String| Err((loc, format!("compiler.{field}"), msg));
        let target = match (&self.tpu, &self.gpu) {
            (Some(tpu), None) => {
                if let Some(t) = &self.topology {
                    return bad(t.referenced, "topology", "a TPU's torus is in `tpu:` (\"v5p:4x4x8\")".into());
                }
                let form = tpu.value.split_once(':').filter(|(g, t)| !g.is_empty() && extents(t).is_some());
                if form.is_none() {
                    return bad(
                        tpu.referenced,
                        "tpu",
                        format!("'{}' is not GENERATION:AxB[xC] (e.g. \"v5p:4x4x8\", \"v5e:16x16\")", tpu.value),
                    );
                }
                let slices = match &self.slices {
                    None => 1,
                    Some(s) => match u32::try_from(s.value).ok().filter(|&s| s >= 1) {
                        Some(s) => s,
                        None => {
                            return bad(s.referenced, "slices", format!("must be a whole number ≥ 1, got {}", s.value));
                        }
                    },
                };
                CompilerTarget::Tpu { topology: tpu.value.clone(), slices }
            }
            (None, Some(gpu)) => {
                if let Some(s) = &self.slices {
                    return bad(
                        s.referenced,
                        "slices",
                        "slices are a TPU's; a GPU cluster's hosts are in `topology`".into(),
                    );
                }
                let Some(t) = &self.topology else {
                    return bad(
                        at,
                        "topology",
                        "a GPU target needs `topology: PARTITIONSxHOSTSxGPUS` (e.g. 1x8x8)".into(),
                    );
                };
                if t.value.split('x').count() != 3 || extents(&t.value).is_none() {
                    return bad(
                        t.referenced,
                        "topology",
                        format!("'{}' is not PARTITIONSxHOSTSxGPUS (e.g. 1x8x8)", t.value),
                    );
                }
                let model = &gpu.value;
                if model.is_empty() || !model.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return bad(gpu.referenced, "gpu", format!("'{model}' is not a GPU model name (e.g. h100_sxm)"));
                }
                CompilerTarget::Gpu { model: model.clone(), topology: t.value.clone() }
            }
            _ => return bad(at, "", "give exactly one of `tpu:` or `gpu:`".into()),
        };
        if target.devices() != devices {
            let loc = self.topology.as_ref().or(self.tpu.as_ref()).map_or(at, |s| s.referenced);
            return bad(
                loc,
                if self.tpu.is_some() { "tpu" } else { "topology" },
                format!("compiles for {} devices, but the mesh has {devices}", target.devices()),
            );
        }
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(yaml: &str, devices: u64) -> Result<CompilerTarget, String> {
        let raw: RawCompiler = serde_saphyr::from_str(yaml).map_err(|e| e.to_string())?;
        raw.validate(devices, serde_saphyr::Location::UNKNOWN).map_err(|(_, field, msg)| format!("{field}: {msg}"))
    }

    #[test]
    fn tpu_and_gpu_targets_count_their_devices() {
        let t = target("{tpu: \"v5p:4x4x8\", slices: 4}", 512).unwrap();
        assert_eq!(t, CompilerTarget::Tpu { topology: "v5p:4x4x8".into(), slices: 4 });
        assert_eq!(t.to_string(), "{tpu: \"v5p:4x4x8\", slices: 4}");
        let g = target("{gpu: h100_sxm, topology: 1x8x8}", 64).unwrap();
        assert_eq!(g.devices(), 64);
        assert_eq!(target(&g.to_string(), 64).unwrap(), g);
        assert_eq!(target("{tpu: \"v6e:16x16\"}", 256).unwrap().devices(), 256);
    }

    #[test]
    fn malformed_targets_say_what_is_wrong() {
        let e = target("{tpu: \"v5p:4x4x8\"}", 64).unwrap_err();
        assert!(e.contains("compiles for 128 devices, but the mesh has 64"), "{e}");
        assert!(target("{tpu: v5p}", 1).unwrap_err().contains("not GENERATION:AxB"));
        assert!(target("{gpu: h100_sxm}", 8).unwrap_err().contains("needs `topology"));
        assert!(target("{gpu: h100_sxm, topology: 8}", 8).unwrap_err().contains("PARTITIONSxHOSTSxGPUS"));
        assert!(target("{gpu: h100_sxm, topology: 1x1x8, slices: 2}", 8).unwrap_err().contains("TPU's"));
        assert!(target("{tpu: \"v5e:2x2\", gpu: h100_sxm}", 4).unwrap_err().contains("exactly one"));
        assert!(target("{tpu: \"v5e:2x2\", slices: 0}", 4).unwrap_err().contains("≥ 1"));
        assert!(target("{tpu: \"v5e:2x2\", chips: 4}", 4).unwrap_err().contains("unknown field"));
    }
}
