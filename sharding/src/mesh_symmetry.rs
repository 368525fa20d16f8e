//! The mesh's symmetries as relabelings of the choice problem's strategies.
//!
//! Two mesh axes of equal size, bandwidth and latency are interchangeable: exchanging them in every
//! sharding of a plan changes no time and no memory (the cost model sees an axis only through those
//! three figures). Meshes with such axes are common (a 2x4x4 slice seen as data x fsdp x model, a 4x4x4
//! torus), and every plan on them has twins of equal cost, between which a solver reading its answer
//! node by node can mix; the solver turns mixed parts back ([`automap_solver::Symmetry`], which
//! [`crate::build::build`] assembles from the images here).
//!
//! An image is looked up in the node's own strategy list, so a strategy whose exchanged form the
//! enumeration did not produce (its cap, its mesh-order rule for axes that share a dimension) keeps its
//! place; the solver evaluates every move it makes with these exactly and does not rely on them.

use crate::mesh::Mesh;
use crate::strategy::Strategy;
use automap_ir::sharding::{AxisRef, DimSharding, TensorSharding};
use std::collections::HashMap;

/// Most relabelings kept: every exchange of interchangeable axes up to this many (23 for four alike).
pub const MAX_SYMMETRIES: usize = 23;

/// The permutations of the mesh's axes (`perm[a]`: where axis `a` goes) that map each axis onto one
/// of the same size, bandwidth and latency, the identity excluded, at most [`MAX_SYMMETRIES`].
pub fn axis_permutations(mesh: &Mesh) -> Vec<Vec<usize>> {
    let n = mesh.axes.len();
    let alike = |a: usize, b: usize| {
        let (x, y) = (&mesh.axes[a], &mesh.axes[b]);
        x.size == y.size && x.bandwidth_gb_per_s == y.bandwidth_gb_per_s && x.latency_us == y.latency_us
    };
    let mut out = Vec::new();
    let mut perm = Vec::with_capacity(n);
    let mut used = vec![false; n];
    extend(n, &alike, &mut perm, &mut used, &mut out);
    out
}

/// Depth-first over the axes: axis `perm.len()` goes to each unused alike axis in turn.
fn extend(
    n: usize,
    alike: &dyn Fn(usize, usize) -> bool,
    perm: &mut Vec<usize>,
    used: &mut [bool],
    out: &mut Vec<Vec<usize>>,
) {
    if out.len() >= MAX_SYMMETRIES {
        return;
    }
    let a = perm.len();
    if a == n {
        if perm.iter().enumerate().any(|(i, &b)| i != b) {
            out.push(perm.clone());
        }
        return;
    }
    for b in 0..n {
        if !used[b] && alike(a, b) {
            used[b] = true;
            perm.push(b);
            extend(n, alike, perm, used, out);
            perm.pop();
            used[b] = false;
        }
    }
}

/// Where each of an op's strategies goes when axis `a` becomes `perm[a]`.
pub fn op_images(strategies: &[Strategy], perm: &[usize]) -> Vec<u32> {
    let index: HashMap<&Strategy, usize> = strategies.iter().enumerate().map(|(i, s)| (s, i)).collect();
    strategies
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut axis_factor = vec![None; s.axis_factor.len()];
            for (a, &f) in s.axis_factor.iter().enumerate() {
                axis_factor[perm[a]] = f;
            }
            index.get(&Strategy { axis_factor }).copied().unwrap_or(i) as u32
        })
        .collect()
}

/// Where each of an argument's candidate shardings goes when axis `a` becomes `perm[a]` (the axes of
/// one dimension kept in mesh order, as the enumeration writes them).
pub fn arg_images(cands: &[TensorSharding], perm: &[usize], mesh: &Mesh) -> Vec<u32> {
    let position = |name: &str| mesh.axes.iter().position(|x| x.name == name);
    let rename = |axes: &[AxisRef]| -> Option<Vec<AxisRef>> {
        let mut out: Vec<(usize, AxisRef)> = axes
            .iter()
            .map(|r| {
                position(&r.name).map(|a| (perm[a], AxisRef { name: mesh.axes[perm[a]].name.clone(), ..r.clone() }))
            })
            .collect::<Option<_>>()?;
        out.sort_by_key(|(a, _)| *a);
        Some(out.into_iter().map(|(_, r)| r).collect())
    };
    let image = |t: &TensorSharding| -> Option<TensorSharding> {
        let dims = t
            .dims
            .iter()
            .map(|d| rename(&d.axes).map(|axes| DimSharding { axes, ..d.clone() }))
            .collect::<Option<_>>()?;
        Some(TensorSharding { dims, replicated: rename(&t.replicated)?, unreduced: rename(&t.unreduced)?, ..t.clone() })
    };
    cands
        .iter()
        .enumerate()
        .map(|(i, t)| image(t).and_then(|u| cands.iter().position(|c| *c == u)).unwrap_or(i) as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh(axes: &[(&str, u32, f64)]) -> Mesh {
        let body: String = axes
            .iter()
            .map(|(n, s, bw)| format!("  - {{name: {n}, size: {s}, bandwidth_gb_per_s: {bw}, latency_us: 1}}\n"))
            .collect();
        let text = format!(
            "name: m\naxes:\n{body}device: {{memory_gib: 16, hbm_gb_per_s: 800, peak_tflops: {{f32: 100, bf16: 100}}}}\n"
        );
        Mesh::parse(&text, "m.yaml").unwrap()
    }

    #[test]
    fn only_axes_alike_in_size_bandwidth_and_latency_are_exchanged() {
        assert_eq!(axis_permutations(&mesh(&[("a", 2, 100.0), ("b", 4, 100.0), ("c", 4, 100.0)])), vec![vec![0, 2, 1]]);
        assert!(axis_permutations(&mesh(&[("a", 4, 100.0), ("b", 4, 50.0)])).is_empty());
        assert!(axis_permutations(&mesh(&[("a", 2, 100.0), ("b", 4, 100.0)])).is_empty());
        // A 4x4x4 torus: every permutation of three axes but the identity.
        assert_eq!(axis_permutations(&mesh(&[("x", 4, 50.0), ("y", 4, 50.0), ("z", 4, 50.0)])).len(), 5);
    }

    #[test]
    fn an_op_strategy_goes_to_its_exchanged_form_when_the_enumeration_has_it() {
        let s = |v: [Option<usize>; 3]| Strategy { axis_factor: v.to_vec() };
        let list = [
            s([None, None, None]),
            s([Some(0), Some(1), None]),
            s([Some(0), None, Some(1)]),
            s([None, Some(0), Some(0)]),
        ];
        // Exchange axes 1 and 2: the two middle strategies trade places; the last (one factor on both
        // axes) is its own image.
        assert_eq!(op_images(&list, &[0, 2, 1]), vec![0, 2, 1, 3]);
    }

    #[test]
    fn an_argument_sharding_goes_to_its_exchanged_form_or_stays() {
        let m = mesh(&[("d", 2, 100.0), ("f", 4, 100.0), ("t", 4, 100.0)]);
        let t = |dims: &[&[&str]]| TensorSharding {
            mesh: "mesh".into(),
            dims: dims
                .iter()
                .map(|axes| DimSharding { axes: axes.iter().map(|a| AxisRef::new(*a)).collect(), open: false })
                .collect(),
            replicated: Vec::new(),
            unreduced: Vec::new(),
        };
        let cands =
            [t(&[&[], &[]]), t(&[&["f"], &[]]), t(&[&["t"], &[]]), t(&[&["d"], &["f", "t"]]), t(&[&[], &["f"]])];
        // f <-> t: the 2nd and 3rd trade places, the 4th is its own image (its axes kept in mesh
        // order), the last has no image among the candidates and stays.
        assert_eq!(arg_images(&cands, &[0, 2, 1], &m), vec![0, 2, 1, 3, 4]);
    }
}
