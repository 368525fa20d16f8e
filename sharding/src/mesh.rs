//! Device meshes: the hardware a plan runs on, read from YAML (`specs/meshes/*.yaml`) and validated.
//!
//! A mesh is a grid of identical devices with named axes. Each axis has its own link bandwidth and
//! latency (an NVLink axis inside a node, an InfiniBand axis across nodes); every device has the same
//! memory, HBM bandwidth and peak FLOP/s per element type. YAML is read with serde-saphyr: pure Rust,
//! maintained, and its errors carry line, column and a snippet of the file.

use automap_ir::ElemType;
use serde::{Deserialize, Serialize};
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub use crate::compiler_target::CompilerTarget;
use crate::compiler_target::RawCompiler;
pub use crate::spec_error::SpecError;

/// Bytes in a GB (10⁹, as vendors quote link and memory bandwidth).
pub const BYTES_PER_GB: f64 = 1e9;
/// Bytes in a GiB (2³⁰, as device memory is sized).
pub const BYTES_PER_GIB: f64 = 1_073_741_824.0;
/// Microseconds in a second.
pub const US_PER_SECOND: f64 = 1e6;
/// FLOP/s in a TFLOP/s.
pub const FLOPS_PER_TFLOPS: f64 = 1e12;

/// One mesh axis, validated; figures in the spec's units, with SI accessors.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Axis {
    /// Name (`data`, `model`, `node`, `gpu`).
    pub name: String,
    /// Devices along the axis.
    pub size: u32,
    /// Link bandwidth per device along this axis, one direction, GB/s.
    pub bandwidth_gb_per_s: f64,
    /// Latency of one collective step along this axis, µs.
    pub latency_us: f64,
}

impl Axis {
    /// Link bandwidth, bytes/s.
    pub fn bandwidth_bytes_per_s(&self) -> f64 {
        self.bandwidth_gb_per_s * BYTES_PER_GB
    }

    /// Latency, seconds.
    pub fn latency_s(&self) -> f64 {
        self.latency_us / US_PER_SECOND
    }
}

/// Per-device figures, validated; in the spec's units, with SI accessors.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Device {
    /// Memory per device, GiB.
    pub memory_gib: f64,
    /// HBM (device memory) bandwidth, GB/s.
    pub hbm_gb_per_s: f64,
    /// Peak TFLOP/s per element type name (`f32`, `bf16`, ...).
    pub peak_tflops: BTreeMap<String, f64>,
    /// Bandwidth between the device and its host's memory, GB/s each way (`None`: the spec gives none,
    /// and no value is placed in host memory).
    pub host_gb_per_s: Option<f64>,
    /// Host memory each device may fill, GiB (its host's memory over the devices sharing it; `None`:
    /// the spec gives none, and what is placed there is not bounded).
    pub host_memory_gib: Option<f64>,
}

impl Device {
    /// Memory, bytes.
    pub fn memory_bytes(&self) -> f64 {
        self.memory_gib * BYTES_PER_GIB
    }

    /// HBM bandwidth, bytes/s.
    pub fn hbm_bytes_per_s(&self) -> f64 {
        self.hbm_gb_per_s * BYTES_PER_GB
    }

    /// Bandwidth to and from host memory, bytes/s each way, when the spec gives it.
    pub fn host_bytes_per_s(&self) -> Option<f64> {
        self.host_gb_per_s.map(|g| g * BYTES_PER_GB)
    }

    /// Host memory each device may fill, bytes, when the spec gives it.
    pub fn host_memory_bytes(&self) -> Option<f64> {
        self.host_memory_gib.map(|g| g * BYTES_PER_GIB)
    }
}

/// Fractions of the vendor's peak figures the hardware achieves on a real program: matmul units kept
/// busy, HBM streaming, link bandwidth after the collective algorithm's overheads. 1 (the peak) unless
/// the spec says otherwise; `automap calibrate` fits them to measured steps.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Efficiency {
    /// Of `device.peak_tflops`.
    pub flops: f64,
    /// Of `device.hbm_gb_per_s`.
    pub hbm: f64,
    /// Of every axis's `bandwidth_gb_per_s`.
    pub links: f64,
}

impl Efficiency {
    /// The vendor's peaks as they are.
    pub const PEAK: Efficiency = Efficiency { flops: 1.0, hbm: 1.0, links: 1.0 };
}

impl Default for Efficiency {
    fn default() -> Self {
        Efficiency::PEAK
    }
}

/// A validated mesh.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mesh {
    /// Name.
    pub name: String,
    /// Free-text description.
    pub description: String,
    /// Axes, major to minor (device order is row-major over them).
    pub axes: Vec<Axis>,
    /// Every device's figures.
    pub device: Device,
    /// The XLA compiler that judges plans for this hardware (compile only), when the spec names one.
    pub compiler: Option<CompilerTarget>,
    /// What fraction of the peaks the cost model counts on.
    pub efficiency: Efficiency,
}

/// Element types a mesh may give a peak for.
pub const DTYPES: &[&str] = &["f64", "f32", "bf16", "f16", "f8", "i8", "i32"];

impl Mesh {
    /// Total devices.
    pub fn num_devices(&self) -> u64 {
        self.axes.iter().map(|a| u64::from(a.size)).product()
    }

    /// Into how many pieces `s` splits a tensor: the product of the sizes of the axes on its dimensions.
    pub fn shards(&self, s: &automap_ir::sharding::TensorSharding) -> f64 {
        s.dims
            .iter()
            .flat_map(|d| d.axes.iter())
            .filter_map(|a| self.axis(&a.name))
            .map(|a| f64::from(a.size))
            .product()
    }

    /// An axis by name.
    pub fn axis(&self, name: &str) -> Option<&Axis> {
        self.axes.iter().find(|a| a.name == name)
    }

    /// Peak FLOP/s for an element type: its own figure, else the next wider float's (f16 → f32 → f64),
    /// else f32's.
    pub fn peak_flops(&self, elem: ElemType) -> f64 {
        let key = match elem {
            ElemType::F64 | ElemType::C128 => "f64",
            ElemType::F32 | ElemType::C64 => "f32",
            ElemType::BF16 => "bf16",
            ElemType::F16 => "f16",
            ElemType::F8 => "f8",
            ElemType::Int(8) | ElemType::UInt(8) => "i8",
            _ => "i32",
        };
        let chain: &[&str] = match key {
            "f8" => &["f8", "bf16", "f16", "f32"],
            "bf16" | "f16" => &[key, "f32"],
            _ => &[key, "f32"],
        };
        let tflops = chain.iter().find_map(|k| self.device.peak_tflops.get(*k)).copied();
        // Validation guarantees at least one figure; the slowest stands in for a type without its own.
        tflops.unwrap_or_else(|| self.device.peak_tflops.values().copied().fold(f64::INFINITY, f64::min))
            * FLOPS_PER_TFLOPS
    }

    /// FLOP/s the cost model counts on for an element type: its peak times the FLOPs efficiency.
    pub fn achieved_flops(&self, elem: ElemType) -> f64 {
        self.peak_flops(elem) * self.efficiency.flops
    }

    /// HBM bytes/s the cost model counts on.
    pub fn achieved_hbm_bytes_per_s(&self) -> f64 {
        self.device.hbm_bytes_per_s() * self.efficiency.hbm
    }

    /// Link bytes/s the cost model counts on along `axis`.
    pub fn achieved_link_bytes_per_s(&self, axis: &Axis) -> f64 {
        axis.bandwidth_bytes_per_s() * self.efficiency.links
    }

    /// Can a plan on this mesh be written into `m`, given the meshes `m` declares (`jax.shard_map`
    /// writes its mesh into the module, and its `sdy.manual_computation`s name it)? Every declared
    /// axis must be an axis of this mesh with the same size, and a declaration with the name automap's
    /// annotations use ([`MESH_SYMBOL`]) must be this very mesh, axes in the same order.
    /// The error names the declaration's line and column.
    pub fn check_declared(&self, m: &automap_ir::Module) -> Result<(), String> {
        let mine: Vec<(String, i64)> = self.axes.iter().map(|a| (a.name.clone(), i64::from(a.size))).collect();
        let show =
            |axes: &[(String, i64)]| axes.iter().map(|(n, s)| format!("\"{n}\"={s}")).collect::<Vec<_>>().join(", ");
        for d in &m.meshes {
            let at = automap_ir::span::line_col(&m.source, d.span.start as usize);
            let fits = d.axes.iter().all(|axis| mine.contains(axis));
            if !fits || (d.name == MESH_SYMBOL && d.axes != mine) {
                return Err(format!(
                    "{at}: the module declares mesh @{} = <[{}]> (the mesh of its shard_map), but the plan is for \
                     mesh {} = <[{}]>: plan on a mesh with the same axes, sizes and order",
                    d.name,
                    show(&d.axes),
                    self.name,
                    show(&mine)
                ));
            }
        }
        Ok(())
    }

    /// Read and validate a mesh file (at most `MAX_DEVICES` devices).
    pub fn load(path: &Path) -> Result<Mesh, SpecError> {
        let text = std::fs::read_to_string(path).map_err(|e| SpecError::unreadable(path, &e))?;
        Mesh::parse(&text, &path.display().to_string())
    }

    /// Parse and validate mesh YAML; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Mesh, SpecError> {
        let raw: RawMesh = serde_saphyr::from_str(text).map_err(|e| SpecError::from_yaml(&e, file))?;
        raw.validate(file, text)
    }
}

/// The name the mesh has in annotations (`sdy.mesh @mesh`).
pub const MESH_SYMBOL: &str = "mesh";

/// The most devices a mesh may have: 2^20, far beyond the largest machines built (a TPU v5p pod has
/// 8,960 chips); a mesh past it is a mistake in the file, and refusing it keeps every device count and
/// shard size the cost model computes exact.
pub const MAX_DEVICES: u64 = 1 << 20;

/// The most memory per device a mesh may give, in GiB: 2^32 GiB, that is 2^62 bytes (the largest
/// tensor automap plans), so that every usage the choice problem sums stays exact in 64-bit integers
/// (the largest accelerators built hold under 2^8 GiB).
pub const MAX_MEMORY_GIB: f64 = 4_294_967_296.0;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAxis {
    name: Spanned<String>,
    size: Spanned<i64>,
    bandwidth_gb_per_s: Spanned<f64>,
    latency_us: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDevice {
    memory_gib: Spanned<f64>,
    hbm_gb_per_s: Spanned<f64>,
    peak_tflops: Spanned<BTreeMap<String, Spanned<f64>>>,
    #[serde(default)]
    host_gb_per_s: Option<Spanned<f64>>,
    #[serde(default)]
    host_memory_gib: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMesh {
    name: Spanned<String>,
    #[serde(default)]
    description: String,
    axes: Spanned<Vec<RawAxis>>,
    device: RawDevice,
    #[serde(default)]
    compiler: Option<Spanned<RawCompiler>>,
    #[serde(default)]
    efficiency: Option<RawEfficiency>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEfficiency {
    #[serde(default)]
    flops: Option<Spanned<f64>>,
    #[serde(default)]
    hbm: Option<Spanned<f64>>,
    #[serde(default)]
    links: Option<Spanned<f64>>,
}

/// Where a spec's text came from, to locate its errors.
struct Source<'a> {
    file: &'a str,
    text: &'a str,
}

impl Source<'_> {
    /// An error at `loc` in field `field`.
    fn err(&self, loc: serde_saphyr::Location, field: &str, msg: String) -> SpecError {
        SpecError::at(self.file, self.text, loc, field, msg)
    }

    /// `v`, which must be a positive number.
    fn positive(&self, v: &Spanned<f64>, field: &str) -> Result<f64, SpecError> {
        if v.value.is_finite() && v.value > 0.0 {
            Ok(v.value)
        } else {
            Err(self.err(v.referenced, field, format!("must be a positive number, got {}", v.value)))
        }
    }

    /// `v`, where given, which must then be a positive number.
    fn positive_if_given(&self, v: &Option<Spanned<f64>>, field: &str) -> Result<Option<f64>, SpecError> {
        v.as_ref().map(|v| self.positive(v, field)).transpose()
    }
}

impl RawMesh {
    fn validate(self, file: &str, text: &str) -> Result<Mesh, SpecError> {
        let src = Source { file, text };
        if self.name.value.trim().is_empty() {
            return Err(src.err(self.name.referenced, "name", "must not be empty".into()));
        }
        let (axes, devices) = validate_axes(&src, &self.axes)?;
        let device = self.device.validate(&src)?;
        let compiler = match &self.compiler {
            None => None,
            Some(c) => {
                Some(c.value.validate(devices, c.referenced).map_err(|(loc, field, msg)| src.err(loc, &field, msg))?)
            }
        };
        let efficiency = match &self.efficiency {
            Some(e) => e.validate(&src)?,
            None => Efficiency::PEAK,
        };
        Ok(Mesh {
            name: self.name.value,
            description: self.description.trim().to_string(),
            axes,
            device,
            compiler,
            efficiency,
        })
    }
}

/// The mesh's axes, each named once with a valid name, a size and its link's figures; and the
/// devices they make, at most [`MAX_DEVICES`].
fn validate_axes(src: &Source<'_>, raw: &Spanned<Vec<RawAxis>>) -> Result<(Vec<Axis>, u64), SpecError> {
    if raw.value.is_empty() {
        return Err(src.err(raw.referenced, "axes", "a mesh needs at least one axis".into()));
    }
    let mut axes: Vec<Axis> = Vec::new();
    let mut devices: u64 = 1;
    for a in &raw.value {
        let name = &a.name.value;
        if name.is_empty()
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            return Err(src.err(
                a.name.referenced,
                "axes.name",
                format!("'{name}' is not a valid axis name (letters, digits and '_', not starting with a digit)"),
            ));
        }
        if axes.iter().any(|b| &b.name == name) {
            return Err(src.err(a.name.referenced, "axes.name", format!("duplicate axis '{name}'")));
        }
        let size = u32::try_from(a.size.value).ok().filter(|&s| s >= 1).ok_or_else(|| {
            src.err(
                a.size.referenced,
                &format!("axes.{name}.size"),
                format!("must be a whole number ≥ 1, got {}", a.size.value),
            )
        })?;
        devices = devices.saturating_mul(u64::from(size));
        if devices > MAX_DEVICES {
            return Err(src.err(
                a.size.referenced,
                &format!("axes.{name}.size"),
                format!("the mesh would have {devices} devices; automap plans meshes of at most 2^20 (1,048,576)"),
            ));
        }
        let bw = src.positive(&a.bandwidth_gb_per_s, &format!("axes.{name}.bandwidth_gb_per_s"))?;
        let lat = a.latency_us.value;
        if !(lat.is_finite() && lat >= 0.0) {
            return Err(src.err(
                a.latency_us.referenced,
                &format!("axes.{name}.latency_us"),
                format!("must be ≥ 0, got {lat}"),
            ));
        }
        axes.push(Axis { name: name.clone(), size, bandwidth_gb_per_s: bw, latency_us: lat });
    }
    Ok((axes, devices))
}

impl RawDevice {
    /// The device: memory within what automap plans, positive bandwidths, and a peak for at least
    /// one known element type.
    fn validate(&self, src: &Source<'_>) -> Result<Device, SpecError> {
        let memory_gib = src.positive(&self.memory_gib, "device.memory_gib")?;
        if memory_gib > MAX_MEMORY_GIB {
            return Err(src.err(
                self.memory_gib.referenced,
                "device.memory_gib",
                format!("{memory_gib:e} GiB per device is past what automap plans, 2^32 GiB (2^62 bytes)"),
            ));
        }
        let hbm_gb_per_s = src.positive(&self.hbm_gb_per_s, "device.hbm_gb_per_s")?;
        if self.peak_tflops.value.is_empty() {
            return Err(src.err(
                self.peak_tflops.referenced,
                "device.peak_tflops",
                format!("give at least one of {}", DTYPES.join(", ")),
            ));
        }
        let mut peak_tflops = BTreeMap::new();
        for (k, v) in &self.peak_tflops.value {
            if !DTYPES.contains(&k.as_str()) {
                return Err(src.err(
                    v.referenced,
                    "device.peak_tflops",
                    format!("unknown element type '{k}' (known: {})", DTYPES.join(", ")),
                ));
            }
            peak_tflops.insert(k.clone(), src.positive(v, &format!("device.peak_tflops.{k}"))?);
        }
        let host_gb_per_s = src.positive_if_given(&self.host_gb_per_s, "device.host_gb_per_s")?;
        let host_memory_gib = src.positive_if_given(&self.host_memory_gib, "device.host_memory_gib")?;
        Ok(Device { memory_gib, hbm_gb_per_s, peak_tflops, host_gb_per_s, host_memory_gib })
    }
}

impl RawEfficiency {
    /// The fractions of the peaks given, each in (0, 1]; the peaks where not given.
    fn validate(&self, src: &Source<'_>) -> Result<Efficiency, SpecError> {
        let mut efficiency = Efficiency::PEAK;
        for (value, field, slot) in [
            (&self.flops, "efficiency.flops", &mut efficiency.flops),
            (&self.hbm, "efficiency.hbm", &mut efficiency.hbm),
            (&self.links, "efficiency.links", &mut efficiency.links),
        ] {
            let Some(v) = value else { continue };
            if !(v.value.is_finite() && v.value > 0.0 && v.value <= 1.0) {
                let msg = format!("must be a fraction of the peak in (0, 1], got {}", v.value);
                return Err(src.err(v.referenced, field, msg));
            }
            *slot = v.value;
        }
        Ok(efficiency)
    }
}

/// `s` as a YAML scalar that reads back as `s`: plain when it is a simple word (`cpu-8`), otherwise
/// double-quoted with JSON's escapes, which YAML's double-quoted style reads the same way.
fn yaml_string(s: &str) -> String {
    let plain = s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !matches!(s.to_ascii_lowercase().as_str(), "true" | "false" | "null" | "yes" | "no" | "on" | "off");
    if plain { s.to_string() } else { serde_json::to_string(s).unwrap_or_else(|_| format!("{s:?}")) }
}

impl fmt::Display for Mesh {
    /// The normalized form, in the spec's own units.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "name: {}", yaml_string(&self.name))?;
        if !self.description.is_empty() {
            writeln!(f, "description: {}", yaml_string(&self.description))?;
        }
        writeln!(
            f,
            "# {} devices: {}",
            self.num_devices(),
            self.axes.iter().map(|a| format!("{}={}", a.name, a.size)).collect::<Vec<_>>().join(" x ")
        )?;
        writeln!(f, "axes:")?;
        for a in &self.axes {
            writeln!(f, "  - name: {}", a.name)?;
            writeln!(f, "    size: {}", a.size)?;
            writeln!(f, "    bandwidth_gb_per_s: {}", a.bandwidth_gb_per_s)?;
            writeln!(f, "    latency_us: {}", a.latency_us)?;
        }
        writeln!(f, "device:")?;
        writeln!(f, "  memory_gib: {}", self.device.memory_gib)?;
        writeln!(f, "  hbm_gb_per_s: {}", self.device.hbm_gb_per_s)?;
        writeln!(f, "  peak_tflops:")?;
        for (k, v) in &self.device.peak_tflops {
            writeln!(f, "    {k}: {v}")?;
        }
        if let Some(h) = self.device.host_gb_per_s {
            writeln!(f, "  host_gb_per_s: {h}")?;
        }
        if let Some(h) = self.device.host_memory_gib {
            writeln!(f, "  host_memory_gib: {h}")?;
        }
        if let Some(c) = &self.compiler {
            writeln!(f, "compiler: {c}")?;
        }
        let e = &self.efficiency;
        if *e != Efficiency::PEAK {
            writeln!(f, "efficiency:")?;
            writeln!(f, "  flops: {}", e.flops)?;
            writeln!(f, "  hbm: {}", e.hbm)?;
            writeln!(f, "  links: {}", e.links)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "name: t\naxes:\n  - name: data\n    size: 2\n    bandwidth_gb_per_s: 100\n    latency_us: 5\n  - name: model\n    size: 4\n    bandwidth_gb_per_s: 400\n    latency_us: 1\ndevice:\n  memory_gib: 16\n  hbm_gb_per_s: 800\n  peak_tflops:\n    bf16: 200\n    f32: 50\n";

    fn bad(text: &str) -> SpecError {
        Mesh::parse(text, "m.yaml").unwrap_err()
    }

    /// Names and descriptions that YAML would read otherwise when plain (newlines, a colon, a `#`, a
    /// number, a boolean) print quoted, so the printed form reads back as the same mesh.
    #[test]
    fn awkward_names_and_descriptions_print_back_the_same() {
        for (name, description) in
            [("t", "a\n\n\nb"), ("a: b", "# not a comment"), ("1.5", "yes"), ("true", "\"q\" 'r'")]
        {
            let text = GOOD.replacen(
                "name: t",
                &format!("name: {}\ndescription: {}", yaml_string(name), yaml_string(description)),
                1,
            );
            let m = Mesh::parse(&text, "m.yaml").unwrap();
            assert_eq!((m.name.as_str(), m.description.as_str()), (name, description));
            assert_eq!(Mesh::parse(&m.to_string(), "again.yaml").unwrap(), m);
        }
    }

    #[test]
    fn parses_and_normalizes() {
        let m = Mesh::parse(GOOD, "m.yaml").unwrap();
        assert_eq!(m.num_devices(), 8);
        assert_eq!(m.axis("model").unwrap().bandwidth_bytes_per_s(), 400e9);
        assert_eq!(m.axis("data").unwrap().latency_s(), 5e-6);
        assert_eq!(m.device.memory_bytes(), 16.0 * BYTES_PER_GIB);
        assert_eq!(m.peak_flops(ElemType::BF16), 200e12);
        assert_eq!(m.peak_flops(ElemType::F16), 50e12, "f16 falls back to f32");
        // The printed form parses back to the same mesh.
        let printed = m.to_string();
        assert!(printed.contains("# 8 devices: data=2 x model=4"));
        assert_eq!(Mesh::parse(&printed, "again.yaml").unwrap(), m);
    }

    #[test]
    fn unknown_field_names_line_and_field() {
        let e = bad(&GOOD.replace("    latency_us: 5\n", "    latency_us: 5\n    bandwith: 3\n"));
        assert_eq!((e.line, e.column), (7, 5));
        assert!(e.message.contains("unknown field `bandwith`"), "{e}");
        assert!(e.to_string().starts_with("m.yaml:7:5: "), "{e}");
    }

    /// A mesh naming its compiler keeps it through printing, and a target for another device count is
    /// refused at its line.
    #[test]
    fn compiler_target_round_trips_and_is_checked() {
        let m = Mesh::parse(&format!("{GOOD}compiler: {{tpu: \"v5e:2x4\"}}\n"), "m.yaml").unwrap();
        assert_eq!(m.compiler, Some(CompilerTarget::Tpu { topology: "v5e:2x4".into(), slices: 1 }));
        assert_eq!(Mesh::parse(&m.to_string(), "again.yaml").unwrap(), m);
        let e = bad(&format!("{GOOD}compiler: {{gpu: h100_sxm, topology: 1x2x8}}\n"));
        assert_eq!(e.line, 17);
        assert!(e.message.contains("compiler.topology: compiles for 16 devices, but the mesh has 8"), "{e}");
    }

    #[test]
    fn efficiency_is_fractions_of_the_peaks() {
        let m = Mesh::parse(&format!("{GOOD}efficiency:\n  flops: 0.5\n  links: 0.8\n"), "t.yaml").unwrap();
        assert_eq!(m.efficiency, Efficiency { flops: 0.5, hbm: 1.0, links: 0.8 });
        assert_eq!(m.achieved_flops(ElemType::BF16), 100e12);
        assert_eq!(m.achieved_link_bytes_per_s(&m.axes[1]), 320e9);
        assert_eq!(Mesh::parse(&m.to_string(), "t.yaml").unwrap(), m, "prints back the same");
        assert_eq!(Mesh::parse(GOOD, "t.yaml").unwrap().efficiency, Efficiency::PEAK);
        let e = Mesh::parse(&format!("{GOOD}efficiency:\n  hbm: 1.5\n"), "t.yaml").unwrap_err();
        assert!(e.message.contains("efficiency.hbm: must be a fraction"), "{e}");
        assert!(Mesh::parse(&format!("{GOOD}efficiency:\n  flop: 0.5\n"), "t.yaml").is_err());
    }

    #[test]
    fn zero_size_is_refused() {
        let e = bad(&GOOD.replace("size: 4", "size: 0"));
        assert_eq!(e.line, 8);
        assert!(e.message.starts_with("axes.model.size: must be a whole number ≥ 1"), "{e}");
    }

    #[test]
    fn missing_size_is_refused() {
        let e = bad(&GOOD.replace("    size: 4\n", ""));
        assert!(e.message.contains("missing field `size`"), "{e}");
        assert!(e.line > 0);
    }

    #[test]
    fn duplicate_axis_is_refused() {
        let e = bad(&GOOD.replace("name: model", "name: data"));
        assert_eq!(e.line, 7);
        assert!(e.message.contains("duplicate axis 'data'"), "{e}");
    }

    #[test]
    fn bad_numbers_are_refused() {
        assert!(bad(&GOOD.replace("bandwidth_gb_per_s: 400", "bandwidth_gb_per_s: -1")).message.contains("positive"));
        assert!(bad(&GOOD.replace("latency_us: 1", "latency_us: -1")).message.contains("≥ 0"));
        assert!(bad(&GOOD.replace("memory_gib: 16", "memory_gib: 0")).message.contains("device.memory_gib"));
        assert!(bad(&GOOD.replace("bf16: 200", "bf17: 200")).message.contains("unknown element type 'bf17'"));
        assert!(!bad("").message.is_empty());
        assert!(bad("name: [").line > 0);
    }
}
