//! GSPMD's `mhlo.sharding` text for a sharding on a mesh, for `automap plan --format gspmd`.
//!
//! The devices are the mesh's, numbered row-major over its axes (the order Shardy and XLA's device
//! assignment use). A tensor dimension split over axes `[a, b]` (major first) has `size(a) · size(b)`
//! tiles; the mesh axes no dimension uses replicate (`last_tile_dim_replicate`). The tile assignment is
//! the iota over the mesh's shape, transposed so that the axes come in the order the tensor uses them
//! (dimension 0's axes first, then dimension 1's, ..., then the replicated ones), in the compact V2 form
//! `devices=[tiles]<=[mesh shape]T(permutation)`.

use crate::mesh::Mesh;
use automap_ir::sharding::TensorSharding;

/// Why a sharding has no GSPMD form here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GspmdError {
    /// A sub-axis (`"x":(2)2`): not written in GSPMD form by automap.
    #[error("the sharding {0} uses a sub-axis, which --format gspmd does not write")]
    SubAxis(String),
    /// An axis the mesh does not have.
    #[error("the sharding {0} names an axis the mesh does not have")]
    UnknownAxis(String),
}

/// The `mhlo.sharding` string of `s` (without quotes). Partial sums (`unreduced`) are not expressible in
/// GSPMD and are left out: the partitioner places the reduction.
pub fn sharding(s: &TensorSharding, mesh: &Mesh) -> Result<String, GspmdError> {
    let index = |name: &str| mesh.axes.iter().position(|a| a.name == name);
    let mut order: Vec<usize> = Vec::new();
    let mut tiles: Vec<u64> = Vec::new();
    for d in &s.dims {
        let mut t = 1u64;
        for a in &d.axes {
            if a.sub.is_some() {
                return Err(GspmdError::SubAxis(s.to_string()));
            }
            let i = index(&a.name).ok_or_else(|| GspmdError::UnknownAxis(s.to_string()))?;
            order.push(i);
            t *= u64::from(mesh.axes[i].size);
        }
        tiles.push(t);
    }
    if order.is_empty() {
        return Ok("{replicated}".to_string());
    }
    let rest: Vec<usize> = (0..mesh.axes.len()).filter(|i| !order.contains(i)).collect();
    let replicated: u64 = rest.iter().map(|&i| u64::from(mesh.axes[i].size)).product();
    order.extend(&rest);
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let mut out = String::from("{devices=[");
    if replicated > 1 {
        tiles.push(replicated);
    }
    out += &list(&tiles);
    let shape: Vec<u64> = mesh.axes.iter().map(|a| u64::from(a.size)).collect();
    // Axes of size 1 do not move devices; leaving them in the permutation is harmless. Without a
    // permutation the iota is written flat (`<=[8]`, as JAX writes it): XLA reads `<=[2,4]` on an
    // argument, but on a `Sharding` custom call it drops that form and then fails its own check that
    // the call has a sharding.
    if order.iter().enumerate().any(|(k, &i)| k != i) {
        out += &format!("]<=[{}]", list(&shape));
        out += &format!("T({})", order.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
    } else {
        out += &format!("]<=[{}]", shape.iter().product::<u64>());
    }
    if replicated > 1 {
        out += " last_tile_dim_replicate";
    }
    out.push('}');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh_2x4() -> Mesh {
        Mesh::parse(
            "name: t\naxes:\n  - {name: data, size: 2, bandwidth_gb_per_s: 1, latency_us: 1}\n  - {name: model, size: 4, bandwidth_gb_per_s: 1, latency_us: 1}\ndevice: {memory_gib: 1, hbm_gb_per_s: 1, peak_tflops: {f32: 1}}\n",
            "t.yaml",
        )
        .unwrap()
    }

    fn s(text: &str) -> TensorSharding {
        TensorSharding::parse(text).unwrap()
    }

    #[test]
    fn shardings_in_gspmd_form() {
        let m = mesh_2x4();
        assert_eq!(sharding(&s("#sdy.sharding<@mesh, [{}, {}]>"), &m).unwrap(), "{replicated}");
        // Batch over data, features over model: the mesh's own order.
        assert_eq!(sharding(&s(r#"#sdy.sharding<@mesh, [{"data"}, {"model"}]>"#), &m).unwrap(), "{devices=[2,4]<=[8]}");
        // Only model: data replicates, and the axes come model first.
        assert_eq!(
            sharding(&s(r#"#sdy.sharding<@mesh, [{"model"}, {}]>"#), &m).unwrap(),
            "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}"
        );
        // Only data.
        assert_eq!(
            sharding(&s(r#"#sdy.sharding<@mesh, [{}, {"data"}]>"#), &m).unwrap(),
            "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"
        );
        // Both axes on one dimension, model major.
        assert_eq!(
            sharding(&s(r#"#sdy.sharding<@mesh, [{"model", "data"}]>"#), &m).unwrap(),
            "{devices=[8]<=[2,4]T(1,0)}"
        );
        assert!(matches!(
            sharding(&s(r#"#sdy.sharding<@mesh, [{"data":(1)2}]>"#), &m),
            Err(GspmdError::SubAxis(_) | GspmdError::UnknownAxis(_))
        ));
    }
}
