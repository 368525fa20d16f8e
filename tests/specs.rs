//! Every shipped mesh spec validates, and says what it is.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use automap::sharding::Mesh;

#[test]
fn shipped_meshes_validate() {
    let dir = common::root().join("specs/meshes");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let m = Mesh::load(&path).unwrap_or_else(|e| panic!("{e}"));
            assert!(!m.description.is_empty(), "{}", path.display());
            // The normalized form is itself a valid spec of the same mesh.
            assert_eq!(Mesh::parse(&m.to_string(), "normalized").unwrap(), m);
            names.push((m.name.clone(), m.num_devices(), m.axes.len()));
        }
    }
    names.sort();
    for want in [
        ("cpu-8", 8, 1),
        ("cpu-2x4", 8, 2),
        ("h100-8", 8, 1),
        ("h100-2x8-ib", 16, 2),
        ("tpu-v5e-4x4", 16, 2),
        ("tpu-v5e-2x4x4", 32, 3),
        ("tpu-v5e-16x16", 256, 2),
        ("tpu-v5e-2x16x16-dcn", 512, 3),
        ("tpu-v5p-4x4x4", 64, 3),
        ("tpu-v6e-16x16", 256, 2),
        ("h100-8x8", 64, 2),
    ] {
        assert!(
            names.iter().any(|(n, d, a)| n == want.0 && *d == want.1 && *a == want.2),
            "{want:?} missing from {names:?}"
        );
    }
    // The meshes of hardware XLA compiles for name their compiler, whose device count is the mesh's
    // (checked when the spec is read); the TPU v4 spec says why it names none.
    for name in ["h100-8", "h100-2x8-ib", "h100-8x8", "tpu-v5e-4x4", "tpu-v5e-16x16", "tpu-v5p-4x4x4", "tpu-v6e-16x16"]
    {
        let m = Mesh::load(&dir.join(format!("{name}.yaml"))).unwrap();
        assert_eq!(m.compiler.as_ref().map(|c| c.devices()), Some(m.num_devices()), "{name}");
    }
    let ib = Mesh::load(&dir.join("h100-2x8-ib.yaml")).unwrap();
    assert_eq!(ib.axes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["node", "gpu"]);
}

/// The README's list of shipped meshes names every spec in specs/meshes.
#[test]
fn the_readme_names_every_shipped_mesh() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    for entry in std::fs::read_dir(common::root().join("specs/meshes")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(readme.contains(&format!("`{name}`")), "README.md does not name the mesh `{name}`");
    }
}

/// `plan --help` names every field a mesh spec may have, as the parser lists them (its error for an
/// unknown field names the fields it knows): the help cannot fall behind the format.
#[test]
fn plan_help_names_every_mesh_field() {
    let help = common::automap(&["plan", "--help"]).stdout;
    let known = |yaml: &str| -> Vec<String> {
        let e = match Mesh::parse(yaml, "m.yaml") {
            Ok(_) => panic!("an unknown field must be refused"),
            Err(e) => e.to_string(),
        };
        let list = e.split("expected one of ").nth(1).unwrap_or_else(|| panic!("no field list in {e}"));
        list.lines().next().unwrap().split(", ").map(|f| f.trim().to_string()).collect()
    };
    let top = known("nme: t\n");
    let device = known(
        "name: t\naxes:\n  - name: a\n    size: 2\n    bandwidth_gb_per_s: 1\n    latency_us: 1\ndevice:\n  memory_gib: 1\n  hbm_gb_per_s: 1\n  bogus: 3\n  peak_tflops: {f32: 1}\n",
    );
    let axis =
        known("name: t\naxes:\n  - name: a\n    size: 2\n    bandwidth_gb_per_s: 1\n    latency_us: 1\n    bogus: 1\n");
    assert!(device.contains(&"host_memory_gib".to_string()), "{device:?}");
    for field in top.iter().chain(&device).chain(&axis) {
        if field == "description" {
            continue; // free text, for the reader of the file
        }
        assert!(help.contains(&format!("`{field}")), "plan --help does not name mesh field `{field}`:\n{help}");
    }
}
