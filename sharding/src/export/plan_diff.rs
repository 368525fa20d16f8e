//! `automap diff`: two plans set side by side from their `plan.json` files: the step and the peak
//! before and after, the arguments and results whose sharding changed, and the collectives added and
//! removed.
//!
//! The plans may be of one program on two meshes (an H100 cluster and a TPU slice, say), whose axes
//! have other names: a value's sharding is then compared by how many devices split each of its
//! dimensions, which both meshes state. On one mesh (the same axis names and sizes), the axes
//! themselves are compared. Values are matched by the name JAX gave them, by position where a file
//! has none; collectives by the op they belong to (its place and JAX name) and their kind, summed over
//! axes, since the axes of two meshes do not correspond.

use super::plan_json::{Argument, DimSpec, MeshDoc, PlanDoc};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Rows of a list the text shows before it says how many more there are.
pub const ROWS_SHOWN: usize = 25;

/// A value whose sharding differs between the plans.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangedValue {
    /// `argument` or `result`.
    pub port: &'static str,
    /// Its name (or `#index`).
    pub name: String,
    /// Its PartitionSpec in plan A and in plan B, as JAX prints one.
    pub spec: [String; 2],
    /// Devices splitting each dimension, in A and in B.
    pub split: [Vec<u64>; 2],
}

/// The collectives of one op and kind in both plans.
#[derive(Clone, Debug, PartialEq)]
pub struct CollectiveChange {
    /// Where the op is (`line:column`) and its JAX name.
    pub at: String,
    /// Its JAX name.
    pub op: String,
    /// `all-gather`, ...
    pub kind: String,
    /// Bytes moved per device per step (bytes times runs, summed over axes), in A and in B.
    pub bytes: [u64; 2],
    /// How many collectives, in A and in B.
    pub count: [usize; 2],
}

/// Two plans compared.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanDiff {
    /// The meshes' names and device counts.
    pub meshes: [(String, u64); 2],
    /// Do the plans share a mesh (axes by name and size)? Then specs are compared by axis.
    pub same_mesh: bool,
    /// The figures compared: (what, unit, A, B).
    pub figures: Vec<(&'static str, &'static str, f64, f64)>,
    /// Arguments and results compared, and those whose sharding changed.
    pub values_compared: usize,
    /// See `values_compared`.
    pub changed: Vec<ChangedValue>,
    /// Values of one plan that the other lacks (the programs differ), by name.
    pub unmatched: Vec<String>,
    /// Collectives by op and kind, where they differ; largest change in bytes first.
    pub collectives: Vec<CollectiveChange>,
}

fn devices(mesh: &MeshDoc) -> u64 {
    mesh.axes.iter().map(|a| u64::from(a.size)).product()
}

fn axis_size(mesh: &MeshDoc, name: &str) -> u64 {
    mesh.axes.iter().find(|a| a.name == name).map_or(1, |a| u64::from(a.size))
}

/// Devices splitting each dimension of `spec` on `mesh`.
fn split(spec: &[DimSpec], mesh: &MeshDoc) -> Vec<u64> {
    spec.iter()
        .map(|d| match d {
            DimSpec::Replicated(()) => 1,
            DimSpec::Axis(a) => axis_size(mesh, a),
            DimSpec::Axes(axes) => axes.iter().map(|a| axis_size(mesh, a)).product(),
        })
        .collect()
}

/// A PartitionSpec as JAX prints it: `P('x', None, ('y', 'z'))`.
pub fn spec_text(spec: &[DimSpec]) -> String {
    let dims: Vec<String> = spec
        .iter()
        .map(|d| match d {
            DimSpec::Replicated(()) => "None".to_string(),
            DimSpec::Axis(a) => format!("'{a}'"),
            DimSpec::Axes(axes) => {
                format!("({})", axes.iter().map(|a| format!("'{a}'")).collect::<Vec<_>>().join(", "))
            }
        })
        .collect();
    format!("P({})", dims.join(", "))
}

fn key(port: &Argument) -> String {
    port.name.clone().unwrap_or_else(|| format!("#{}", port.index))
}

impl PlanDiff {
    /// Plan `a` against plan `b`.
    pub fn new(a: &PlanDoc, b: &PlanDoc) -> PlanDiff {
        let same_mesh = a.mesh.axes == b.mesh.axes;
        let (pa, pb) = (&a.predicted, &b.predicted);
        let figures = vec![
            ("step (the objective)", "ms", pa.step_time_s * 1e3, pb.step_time_s * 1e3),
            ("step, collectives overlapped", "ms", pa.overlapped_step_time_s * 1e3, pb.overlapped_step_time_s * 1e3),
            ("compute", "ms", pa.compute_s * 1e3, pb.compute_s * 1e3),
            ("communication", "ms", pa.communication_s * 1e3, pb.communication_s * 1e3),
            (
                "peak memory per device",
                "GiB",
                gib(pa.peak_memory_bytes_per_device),
                gib(pb.peak_memory_bytes_per_device),
            ),
            ("device memory", "GiB", a.mesh.memory_gib, b.mesh.memory_gib),
            ("FLOPs per device", "TFLOP", pa.flops_per_device / 1e12, pb.flops_per_device / 1e12),
            (
                "FLOPs utilisation, overlapped",
                "%",
                pa.flops_utilisation_overlapped * 1e2,
                pb.flops_utilisation_overlapped * 1e2,
            ),
            ("collectives", "", pa.collectives as f64, pb.collectives as f64),
        ];
        let mut changed = Vec::new();
        let mut unmatched = Vec::new();
        let mut compared = 0;
        for (port, xs, ys) in [("argument", &a.arguments, &b.arguments), ("result", &a.results, &b.results)] {
            let named: BTreeMap<String, &Argument> = ys.iter().map(|y| (key(y), y)).collect();
            for x in xs {
                let Some(y) = named.get(&key(x)) else {
                    unmatched.push(format!("{port} {} (only in A)", key(x)));
                    continue;
                };
                compared += 1;
                let split = [split(&x.partition_spec, &a.mesh), split(&y.partition_spec, &b.mesh)];
                let differs = if same_mesh { x.partition_spec != y.partition_spec } else { split[0] != split[1] };
                if differs {
                    changed.push(ChangedValue {
                        port,
                        name: key(x),
                        spec: [spec_text(&x.partition_spec), spec_text(&y.partition_spec)],
                        split,
                    });
                }
            }
            let in_a: std::collections::BTreeSet<String> = xs.iter().map(key).collect();
            unmatched
                .extend(ys.iter().map(key).filter(|k| !in_a.contains(k)).map(|k| format!("{port} {k} (only in B)")));
        }
        PlanDiff {
            meshes: [(a.mesh.name.clone(), devices(&a.mesh)), (b.mesh.name.clone(), devices(&b.mesh))],
            same_mesh,
            figures,
            values_compared: compared,
            changed,
            unmatched,
            collectives: collective_changes(a, b),
        }
    }

    /// The comparison as Markdown, with at most `ROWS_SHOWN` (25) rows per list.
    pub fn to_markdown(&self) -> String {
        let [(na, da), (nb, db)] = &self.meshes;
        let mut s = format!("# Plan A ({na}, {da} devices) against plan B ({nb}, {db} devices)\n\n");
        s += "| | A | B | B / A |\n|---|---:|---:|---:|\n";
        for (what, unit, x, y) in &self.figures {
            let ratio = if *x > 0.0 { format!("{:.3}", y / x) } else { "-".to_string() };
            let unit = if unit.is_empty() { String::new() } else { format!(" ({unit})") };
            let _ = writeln!(s, "| {what}{unit} | {} | {} | {ratio} |", num(*x), num(*y));
        }
        let how = if self.same_mesh {
            "by axis (one mesh)"
        } else {
            "by the devices splitting each dimension (the meshes' axes differ)"
        };
        let _ = write!(
            s,
            "\n## Shardings that changed: {} of {} arguments and results, compared {how}\n\n",
            self.changed.len(),
            self.values_compared
        );
        if !self.changed.is_empty() {
            s += "| value | A | B | devices per dimension, A → B |\n|---|---|---|---|\n";
            for c in self.changed.iter().take(ROWS_SHOWN) {
                let _ = writeln!(
                    s,
                    "| {} `{}` | `{}` | `{}` | {:?} → {:?} |",
                    c.port, c.name, c.spec[0], c.spec[1], c.split[0], c.split[1]
                );
            }
            more(&mut s, self.changed.len());
        }
        if !self.unmatched.is_empty() {
            let _ = writeln!(s, "\nNot in both plans (the programs differ): {}", self.unmatched.join(", "));
        }
        let (added, removed): (Vec<_>, Vec<_>) = (
            self.collectives.iter().filter(|c| c.count[0] == 0).collect(),
            self.collectives.iter().filter(|c| c.count[1] == 0).collect(),
        );
        let _ = write!(
            s,
            "\n## Collectives that changed: {} ops and kinds ({} only in B, {} only in A), largest change first\n\n",
            self.collectives.len(),
            added.len(),
            removed.len()
        );
        if !self.collectives.is_empty() {
            s += "| op | kind | A: count, bytes per step | B: count, bytes per step |\n|---|---|---:|---:|\n";
            for c in self.collectives.iter().take(ROWS_SHOWN) {
                let side = |k: usize| {
                    if c.count[k] == 0 {
                        "-".to_string()
                    } else {
                        format!("{}, {}", c.count[k], super::bytes(c.bytes[k]))
                    }
                };
                let _ = writeln!(s, "| {} at {} | {} | {} | {} |", c.op, c.at, c.kind, side(0), side(1));
            }
            more(&mut s, self.collectives.len());
        }
        s
    }
}

fn more(s: &mut String, n: usize) {
    if n > ROWS_SHOWN {
        let _ = writeln!(s, "\n... and {} more.", n - ROWS_SHOWN);
    }
}

fn gib(bytes: f64) -> f64 {
    bytes / (1u64 << 30) as f64
}

fn num(x: f64) -> String {
    if x.abs() >= 100.0 || x == x.trunc() { format!("{x:.0}") } else { format!("{x:.3}") }
}

/// The collectives of each op and kind, where the plans differ in count or bytes: largest change in
/// bytes first.
fn collective_changes(a: &PlanDoc, b: &PlanDoc) -> Vec<CollectiveChange> {
    // (at, op, kind) → (bytes per step, count), in A and in B.
    type Sides = ([u64; 2], [usize; 2]);
    let mut by: BTreeMap<(String, String, String), Sides> = BTreeMap::new();
    for (side, doc) in [a, b].into_iter().enumerate() {
        for c in &doc.predicted.collective_list {
            let e = by.entry((c.at.clone(), c.op.clone(), c.kind.clone())).or_default();
            e.0[side] += c.bytes.saturating_mul(c.runs);
            e.1[side] += 1;
        }
    }
    let mut out: Vec<CollectiveChange> = by
        .into_iter()
        .filter(|(_, (bytes, count))| bytes[0] != bytes[1] || count[0] != count[1])
        .map(|((at, op, kind), (bytes, count))| CollectiveChange { at, op, kind, bytes, count })
        .collect();
    out.sort_by_key(|c| std::cmp::Reverse(c.bytes[0].abs_diff(c.bytes[1])));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan.json of one argument `w` (2-D) and one collective, on the mesh `axes`.
    fn doc(axes: &str, spec: &str, collectives: &str, step_s: f64) -> PlanDoc {
        let text = format!(
            r#"{{"arguments": [{{"index": 0, "name": "w", "partition_spec": {spec}, "sharding": ""}},
                 {{"index": 1, "name": "x", "partition_spec": [null, null], "sharding": ""}}],
               "mesh": {{"axes": {axes}, "name": "m", "memory_gib": 80.0}},
               "predicted": {{"collective_list": {collectives}, "collectives": 1, "collectives_by_kind": {{}},
                 "communication_s": 0.001, "compute_s": 0.002, "peak_memory_bytes_per_device": 1073741824.0,
                 "step_time_s": {step_s}}},
               "solver": {{"bound_ps": "0", "choice": [], "gap": 0.0, "objective_ps": "0", "status": "optimal"}}}}"#
        );
        PlanDoc::parse(&text, "test").unwrap()
    }

    const GATHER: &str =
        r#"[{"at": "3:5", "axis": "x", "bytes": 1024, "kind": "all-gather", "op": "dot", "value": "%0", "runs": 4}]"#;

    #[test]
    fn one_mesh_compares_axes_and_collectives() {
        let axes = r#"[{"name": "x", "size": 4}, {"name": "y", "size": 2}]"#;
        let a = doc(axes, r#"["x", null]"#, GATHER, 0.003);
        let b = doc(axes, r#"["y", null]"#, "[]", 0.0015);
        let d = PlanDiff::new(&a, &b);
        assert!(d.same_mesh);
        assert_eq!(d.values_compared, 2);
        assert_eq!(d.changed.len(), 1);
        assert_eq!(d.changed[0].spec, ["P('x', None)".to_string(), "P('y', None)".to_string()]);
        assert_eq!(d.changed[0].split, [vec![4, 1], vec![2, 1]]);
        // The all-gather is gone: 1 KiB x 4 runs in A, nothing in B.
        assert_eq!(d.collectives.len(), 1);
        assert_eq!((d.collectives[0].bytes, d.collectives[0].count), ([4096, 0], [1, 0]));
        let md = d.to_markdown();
        assert!(md.contains("| step (the objective) (ms) | 3 | 1.500 | 0.500 |"), "{md}");
        assert!(md.contains("1 of 2 arguments and results, compared by axis"), "{md}");
        assert!(md.contains("(0 only in B, 1 only in A)"), "{md}");
    }

    #[test]
    fn two_meshes_compare_devices_per_dimension() {
        // 8 devices as node=2 x gpu=4 against x=4 x y=2: ('node', 'gpu') and ('x', 'y') both split by 8.
        let gpu = r#"[{"name": "node", "size": 2}, {"name": "gpu", "size": 4}]"#;
        let tpu = r#"[{"name": "x", "size": 4}, {"name": "y", "size": 2}]"#;
        let a = doc(gpu, r#"[["node", "gpu"], null]"#, GATHER, 0.003);
        let b = doc(tpu, r#"[["x", "y"], null]"#, GATHER, 0.003);
        let d = PlanDiff::new(&a, &b);
        assert!(!d.same_mesh);
        assert!(d.changed.is_empty() && d.collectives.is_empty());
        // Split 4 ways against 8: changed.
        let c = doc(tpu, r#"["x", null]"#, GATHER, 0.003);
        assert_eq!(PlanDiff::new(&a, &c).changed[0].split, [vec![8, 1], vec![4, 1]]);
    }
}
