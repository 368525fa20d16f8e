//! A plan in a framework's own settings: each mesh axis given the role MaxText's `ici_*`/`dcn_*`
//! parallelism or torchtitan's parallelism degrees give it (data, FSDP, sequence, tensor, expert), out
//! of a plan and into tactics.
//!
//! Out: each axis takes the role whose tactic, alone on that axis, shards the argument dimensions the
//! plan shards over it (weighted by the arguments' bytes; every axis takes one, as the frameworks'
//! degrees cover every device); the roles together are a recipe, whose
//! argument shardings are set beside the plan's to say whether the settings reproduce it exactly. In:
//! the degrees are laid over the mesh's axes in the framework's order of mesh axes (outermost first:
//! MaxText's `data, fsdp, sequence, tensor, expert`, torchtitan's `dp_replicate, dp_shard, cp, tp`), each
//! taking whole consecutive axes whose sizes multiply to it; MaxText's `dcn_*` degrees take the axes
//! over the data-center network, its `ici_*` the others.

use super::{Recognised, Tactic};
use crate::mesh::Mesh;
use crate::plan::PlanSpace;
use automap_ir::sharding::TensorSharding;
use std::collections::BTreeSet;

/// An axis whose links are slower than the fastest axis's by more than this factor is over the
/// data-center network (MaxText's `dcn_*`): ICI or NVLink against DCN or InfiniBand is 4-20x.
pub const DCN_SLOWER_BY: f64 = 4.0;

/// A framework whose settings say a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framework {
    /// MaxText: `dcn_*` and `ici_*` parallelism in its `base.yml`.
    MaxText,
    /// torchtitan: `[parallelism]` degrees in its job TOML.
    Torchtitan,
}

impl Framework {
    /// The file `plan --emit` writes.
    pub fn file(self) -> &'static str {
        match self {
            Framework::MaxText => "maxtext.yml",
            Framework::Torchtitan => "torchtitan.toml",
        }
    }
}

/// What a mesh axis does for the program, in the frameworks' words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// Data parallel: the batch split, the weights replicated.
    Data,
    /// FSDP: the batch and the weights split.
    Fsdp,
    /// Sequence (context) parallel.
    Sequence,
    /// Tensor (Megatron) parallel.
    Tensor,
    /// Expert parallel.
    Expert,
}

impl Role {
    /// Every role, in MaxText's order of mesh axes (outermost first).
    pub const ALL: [Role; 5] = [Role::Data, Role::Fsdp, Role::Sequence, Role::Tensor, Role::Expert];

    /// The tactic that gives `axis` this role.
    pub fn tactic(self, axis: &str) -> Tactic {
        let a = axis.to_string();
        match self {
            Role::Data => Tactic::DataParallel(a),
            Role::Fsdp => Tactic::Fsdp(a),
            Role::Sequence => Tactic::Sequence(a),
            Role::Tensor => Tactic::Megatron(a),
            Role::Expert => Tactic::Expert(a),
        }
    }

    /// MaxText's name of its mesh axis (`ici_<name>_parallelism`).
    pub fn maxtext(self) -> &'static str {
        match self {
            Role::Data => "data",
            Role::Fsdp => "fsdp",
            Role::Sequence => "sequence",
            Role::Tensor => "tensor",
            Role::Expert => "expert",
        }
    }

    /// torchtitan's degree (`[parallelism]` in its job TOML).
    pub fn torchtitan(self) -> &'static str {
        match self {
            Role::Data => "data_parallel_replicate_degree",
            Role::Fsdp => "data_parallel_shard_degree",
            Role::Sequence => "context_parallel_degree",
            Role::Tensor => "tensor_parallel_degree",
            Role::Expert => "expert_parallel_degree",
        }
    }
}

/// Each axis of a mesh with its role (`None`: the axis splits nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct AxisRoles {
    /// `(axis, size, over the data-center network, role)`, in the mesh's order.
    pub axes: Vec<(String, u32, bool, Option<Role>)>,
}

impl AxisRoles {
    /// Each axis without a role.
    fn none(mesh: &Mesh) -> AxisRoles {
        let fastest = mesh.axes.iter().map(|a| a.bandwidth_gb_per_s).fold(0.0, f64::max);
        let axes = mesh
            .axes
            .iter()
            .map(|a| (a.name.clone(), a.size, a.bandwidth_gb_per_s * DCN_SLOWER_BY < fastest, None))
            .collect();
        AxisRoles { axes }
    }

    /// The tactics, in the frameworks' order of roles (outermost first), then the mesh's order.
    pub fn tactics(&self) -> Vec<Tactic> {
        let mut with: Vec<(Role, usize)> =
            self.axes.iter().enumerate().filter_map(|(i, a)| a.3.map(|r| (r, i))).collect();
        with.sort();
        with.into_iter().map(|(r, i)| r.tactic(&self.axes[i].0)).collect()
    }

    /// The tactics as `--tactic` and `eval --plan` take them (`replicated` when no axis has a role).
    pub fn recipe(&self) -> String {
        let t: Vec<String> = self.tactics().iter().map(ToString::to_string).collect();
        if t.is_empty() { "replicated".to_string() } else { t.join("+") }
    }

    /// Devices along the axes of `role`, those over the data-center network (`dcn`) or the others.
    pub fn degree(&self, role: Role, dcn: Option<bool>) -> u64 {
        self.axes.iter().filter(|a| a.3 == Some(role) && dcn.is_none_or(|d| a.2 == d)).map(|a| u64::from(a.1)).product()
    }

    /// The settings of `framework`.
    pub fn text(&self, framework: Framework) -> String {
        match framework {
            Framework::MaxText => self.maxtext(),
            Framework::Torchtitan => self.torchtitan(),
        }
    }

    /// The roles `framework`'s settings `text` give `mesh`'s axes.
    pub fn parse(framework: Framework, text: &str, mesh: &Mesh) -> Result<AxisRoles, SettingsError> {
        match framework {
            Framework::MaxText => from_maxtext(text, mesh),
            Framework::Torchtitan => from_torchtitan(text, mesh),
        }
    }

    /// MaxText's settings (a `base.yml` fragment): every `dcn_*` and `ici_*` parallelism.
    pub fn maxtext(&self) -> String {
        let mut s = String::new();
        for (prefix, dcn) in [("dcn", true), ("ici", false)] {
            for role in Role::ALL {
                s += &format!("{prefix}_{}_parallelism: {}\n", role.maxtext(), self.degree(role, Some(dcn)));
            }
        }
        s
    }

    /// torchtitan's `[parallelism]` degrees. Its experts borrow their devices from the data-parallel
    /// shard dimension, so `data_parallel_shard_degree` counts the expert axes too.
    pub fn torchtitan(&self) -> String {
        let mut s = "[parallelism]\n".to_string();
        for role in Role::ALL {
            let mut degree = self.degree(role, None);
            if role == Role::Fsdp {
                degree *= self.degree(Role::Expert, None);
            }
            s += &format!("{} = {}\n", role.torchtitan(), degree);
        }
        s
    }
}

/// A plan said in roles: the roles, and how much of the plan they reproduce.
#[derive(Clone, Debug, PartialEq)]
pub struct Inferred {
    /// Each axis's role.
    pub roles: AxisRoles,
    /// The arguments whose sharding the roles' recipe gives otherwise than the plan, by index.
    pub differ: Vec<usize>,
    /// Their share of the arguments' bytes.
    pub differ_share: f64,
}

/// Arguments named in a report at most.
pub const ARGS_SHOWN: usize = 10;

impl Inferred {
    /// The report's section: the settings, and whether they give the plan (else which arguments
    /// differ and the predicted step of the settings' own plan, `nearest_s`, beside the plan's,
    /// `plan_s`). `name_of` names an argument.
    pub fn section(&self, name_of: &dyn Fn(usize) -> String, plan_s: f64, nearest_s: Option<f64>) -> String {
        let mut s = String::from("\n## The plan in MaxText's and torchtitan's settings\n\n");
        let roles: Vec<String> = self
            .roles
            .axes
            .iter()
            .map(|(a, size, dcn, r)| {
                let net = if *dcn { ", data-center network" } else { "" };
                format!("{a} ({size}{net}): {}", r.map_or("none", Role::maxtext))
            })
            .collect();
        s += &format!("Each axis's role: {} (the tactics `{}`).\n\n", roles.join("; "), self.roles.recipe());
        s += &format!("MaxText (`maxtext.yml`):\n\n```yaml\n{}```\n\n", self.roles.maxtext());
        s += &format!("torchtitan (`torchtitan.toml`):\n\n```toml\n{}```\n\n", self.roles.torchtitan());
        s += "MaxText's default `logical_axis_rules` (base.yml) give each role its dimensions; none are written.\n";
        if self.differ.is_empty() {
            s += "These settings shard every argument as this plan does. The values inside the program are \
                  sharded as annotated.mlir pins them, which MaxText's logical_axis_rules may set otherwise.\n";
            return s;
        }
        let shown: Vec<String> = self.differ.iter().take(ARGS_SHOWN).map(|&i| format!("`{}`", name_of(i))).collect();
        let more = self.differ.len().saturating_sub(ARGS_SHOWN);
        s += &format!(
            "Not exactly: {} arguments ({:.1}% of the arguments' bytes) are sharded otherwise than these settings \
             shard them: {}{}.\n",
            self.differ.len(),
            self.differ_share * 100.0,
            shown.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        );
        if let Some(n) = nearest_s {
            s += &format!(
                "The settings' own plan (their argument shardings pinned, the rest solved): {:.4} ms predicted, \
                 against this plan's {:.4} ms ({:.3}x).\n",
                n * 1e3,
                plan_s * 1e3,
                n / plan_s
            );
        }
        s
    }
}

/// The axes of each dimension, as a set (the order of axes on a dimension is the frameworks' to set).
fn axis_sets(s: &TensorSharding) -> Vec<BTreeSet<&str>> {
    s.dims.iter().map(|d| d.axes.iter().map(|a| a.name.as_str()).collect()).collect()
}

/// The dimensions of `s` that `axis` splits.
fn dims_on(s: &TensorSharding, axis: &str) -> Vec<usize> {
    s.dims.iter().enumerate().filter(|(_, d)| d.axes.iter().any(|a| a.name == axis)).map(|(i, _)| i).collect()
}

/// The roles of `args` (a plan's argument shardings) on `space`'s mesh, from the roles `found` in its
/// program.
pub fn infer(space: &PlanSpace<'_>, found: &Recognised, args: &[TensorSharding]) -> Inferred {
    let m = space.m;
    let bytes: Vec<f64> = m.args.iter().map(|&a| m.ty(a).byte_size() as f64).collect();
    let mut roles = AxisRoles::none(space.mesh);
    let candidates: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|r| match r {
            Role::Sequence => found.has_sequence(),
            Role::Expert => found.has_experts(),
            _ => true,
        })
        .collect();
    for entry in &mut roles.axes {
        let axis = entry.0.clone();
        // Bytes of the arguments whose dimensions on `axis` the role's tactic gives as the plan does.
        let agree = |shardings: &[TensorSharding]| -> f64 {
            (0..args.len())
                .filter(|&i| dims_on(&args[i], &axis) == dims_on(&shardings[i], &axis))
                .map(|i| bytes[i])
                .sum()
        };
        // Every axis takes a role, as the frameworks' degrees must cover every device: where the plan
        // shards nothing over an axis, data parallelism (the first role) is the nearest.
        let mut best = (f64::NEG_INFINITY, None);
        for &r in &candidates {
            let score = agree(&found.apply(space, &[r.tactic(&axis)]).args);
            if score > best.0 {
                best = (score, Some(r));
            }
        }
        entry.3 = best.1;
    }
    let applied = found.apply(space, &roles.tactics()).args;
    let differ: Vec<usize> = (0..args.len()).filter(|&i| axis_sets(&args[i]) != axis_sets(&applied[i])).collect();
    let total: f64 = bytes.iter().sum();
    let differ_share = if total > 0.0 { differ.iter().map(|&i| bytes[i]).sum::<f64>() / total } else { 0.0 };
    Inferred { roles, differ, differ_share }
}

/// Why a framework's settings do not fit the mesh.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SettingsError {
    /// A degree that no run of whole axes makes.
    #[error(
        "{key} = {degree}: no run of the mesh's axes {axes} from where the roles before it stopped multiplies to it \
         (each degree takes whole axes, in the framework's order of roles)"
    )]
    NoAxes {
        /// The setting.
        key: String,
        /// Its value.
        degree: i64,
        /// The axes it could take, `name=size`.
        axes: String,
    },
    /// The degrees leave axes over.
    #[error("the degrees cover {covered} of the {devices} devices of {axes}; give the rest a role (or -1 to one)")]
    LeftOver {
        /// Devices the degrees cover.
        covered: u64,
        /// Devices of those axes.
        devices: u64,
        /// The axes, `name=size`.
        axes: String,
    },
    /// The text is not the format's.
    #[error("{0}")]
    Parse(String),
}

/// Lay `degrees` (role, setting's name, degree; -1 for the rest) over the axes at `positions` of
/// `roles`, in order, each degree taking whole consecutive axes.
fn lay_over(roles: &mut AxisRoles, positions: &[usize], degrees: &[(Role, String, i64)]) -> Result<(), SettingsError> {
    let shown = |roles: &AxisRoles, from: usize| {
        let axes = positions[from..].iter().map(|&p| format!("{}={}", roles.axes[p].0, roles.axes[p].1));
        axes.collect::<Vec<_>>().join(", ")
    };
    let rest: Vec<&str> = degrees.iter().filter(|d| d.2 == -1).map(|d| d.1.as_str()).collect();
    if rest.len() > 1 {
        return Err(SettingsError::Parse(format!("{} are all -1 (the rest): give one of them", rest.join(" and "))));
    }
    let devices: u64 = positions.iter().map(|&p| u64::from(roles.axes[p].1)).product();
    let fixed: u64 = degrees.iter().filter(|d| d.2 > 0).map(|d| d.2 as u64).product();
    let mut at = 0;
    for (role, key, degree) in degrees {
        let want = if *degree == -1 { devices / fixed.max(1) } else { u64::try_from(*degree).unwrap_or(0) };
        let (start, mut got) = (at, 1u64);
        while got < want && at < positions.len() {
            got *= u64::from(roles.axes[positions[at]].1);
            roles.axes[positions[at]].3 = Some(*role);
            at += 1;
        }
        if want == 0 || got != want {
            return Err(SettingsError::NoAxes { key: key.clone(), degree: *degree, axes: shown(roles, start) });
        }
    }
    let covered: u64 = positions[..at].iter().map(|&p| u64::from(roles.axes[p].1)).product();
    if positions[at..].iter().any(|&p| roles.axes[p].1 > 1) {
        return Err(SettingsError::LeftOver { covered, devices, axes: shown(roles, 0) });
    }
    Ok(())
}

/// The roles MaxText's settings give `mesh`'s axes: `ici_<role>_parallelism` and
/// `dcn_<role>_parallelism` for data, fsdp, sequence (or context), tensor and expert, read from a
/// `base.yml` fragment (other keys ignored). A missing degree is base.yml's: -1 (the rest) for
/// `dcn_data_parallelism` and `ici_fsdp_parallelism`, 1 for the others.
pub fn from_maxtext(text: &str, mesh: &Mesh) -> Result<AxisRoles, SettingsError> {
    let p: MaxTextParallelism = serde_saphyr::from_str(text).map_err(|e| SettingsError::Parse(e.to_string()))?;
    let mut roles = AxisRoles::none(mesh);
    for dcn in [true, false] {
        let (prefix, of) = if dcn {
            (
                "dcn",
                [
                    p.dcn_data_parallelism.or(Some(-1)),
                    p.dcn_fsdp_parallelism,
                    p.dcn_sequence_parallelism.or(p.dcn_context_parallelism),
                    p.dcn_tensor_parallelism,
                    p.dcn_expert_parallelism,
                ],
            )
        } else {
            (
                "ici",
                [
                    p.ici_data_parallelism,
                    p.ici_fsdp_parallelism.or(Some(-1)),
                    p.ici_sequence_parallelism.or(p.ici_context_parallelism),
                    p.ici_tensor_parallelism,
                    p.ici_expert_parallelism,
                ],
            )
        };
        let degrees: Vec<(Role, String, i64)> = Role::ALL
            .into_iter()
            .zip(of)
            .filter_map(|(role, d)| {
                d.filter(|&d| d != 1).map(|d| (role, format!("{prefix}_{}_parallelism", role.maxtext()), d))
            })
            .collect();
        let positions: Vec<usize> = (0..roles.axes.len()).filter(|&p| roles.axes[p].2 == dcn).collect();
        lay_over(&mut roles, &positions, &degrees)?;
    }
    Ok(roles)
}

/// The parallelism of a MaxText `base.yml` fragment (every other key ignored; a missing degree is 1).
#[derive(serde::Deserialize)]
#[allow(missing_docs)]
struct MaxTextParallelism {
    dcn_data_parallelism: Option<i64>,
    dcn_fsdp_parallelism: Option<i64>,
    dcn_sequence_parallelism: Option<i64>,
    dcn_context_parallelism: Option<i64>,
    dcn_tensor_parallelism: Option<i64>,
    dcn_expert_parallelism: Option<i64>,
    ici_data_parallelism: Option<i64>,
    ici_fsdp_parallelism: Option<i64>,
    ici_sequence_parallelism: Option<i64>,
    ici_context_parallelism: Option<i64>,
    ici_tensor_parallelism: Option<i64>,
    ici_expert_parallelism: Option<i64>,
}

/// The roles torchtitan's `[parallelism]` degrees give `mesh`'s axes (other tables and keys ignored;
/// a missing degree is 1), laid over every axis in torchtitan's order.
pub fn from_torchtitan(text: &str, mesh: &Mesh) -> Result<AxisRoles, SettingsError> {
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| SettingsError::Parse(e.to_string()))?;
    let table = doc.get("parallelism").and_then(|p| p.as_table()).cloned().unwrap_or_default();
    let degree_of = |role: Role| -> Result<i64, SettingsError> {
        let key = role.torchtitan();
        // torchtitan's defaults: the data-parallel shard degree takes the rest (-1), the others 1.
        let default = if role == Role::Fsdp { -1 } else { 1 };
        table.get(key).map_or(Ok(default), |v| {
            v.as_integer().ok_or_else(|| SettingsError::Parse(format!("parallelism.{key}: not an integer")))
        })
    };
    let mut degrees = Vec::new();
    for role in [Role::Data, Role::Fsdp, Role::Sequence, Role::Tensor] {
        let degree = degree_of(role)?;
        if degree != 1 {
            degrees.push((role, format!("parallelism.{}", role.torchtitan()), degree));
        }
    }
    let mut roles = AxisRoles::none(mesh);
    let positions: Vec<usize> = (0..roles.axes.len()).collect();
    lay_over(&mut roles, &positions, &degrees)?;
    // The experts borrow the innermost axes of the data-parallel shard dimension.
    let ep = degree_of(Role::Expert)?;
    if ep != 1 {
        let mut got = 1u64;
        for a in roles.axes.iter_mut().rev().filter(|a| a.3 == Some(Role::Fsdp)) {
            if got >= u64::try_from(ep).unwrap_or(0) {
                break;
            }
            got *= u64::from(a.1);
            a.3 = Some(Role::Expert);
        }
        if i64::try_from(got).ok() != Some(ep) {
            let shard: Vec<String> =
                roles.axes.iter().filter(|a| a.3.is_some()).map(|a| format!("{}={}", a.0, a.1)).collect();
            return Err(SettingsError::NoAxes {
                key: "parallelism.expert_parallel_degree".to_string(),
                degree: ep,
                axes: format!("the innermost axes of the data-parallel shard dimension ({})", shard.join(", ")),
            });
        }
    }
    Ok(roles)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh(yaml: &str) -> Mesh {
        Mesh::parse(yaml, "test.yaml").unwrap()
    }

    const TORUS: &str = "name: t\naxes:\n  - {name: x, size: 4, bandwidth_gb_per_s: 100, latency_us: 1}\n  - {name: y, size: 4, bandwidth_gb_per_s: 100, latency_us: 1}\n  - {name: z, size: 4, bandwidth_gb_per_s: 100, latency_us: 1}\ndevice: {memory_gib: 95, hbm_gb_per_s: 2765, peak_tflops: {bf16: 459}}\n";
    const PODS: &str = "name: p\naxes:\n  - {name: slice, size: 2, bandwidth_gb_per_s: 6.25, latency_us: 25}\n  - {name: x, size: 16, bandwidth_gb_per_s: 100, latency_us: 1}\n  - {name: y, size: 16, bandwidth_gb_per_s: 100, latency_us: 1}\ndevice: {memory_gib: 16, hbm_gb_per_s: 819, peak_tflops: {bf16: 197}}\n";

    #[test]
    fn maxtext_degrees_take_whole_axes_in_its_order() {
        let text =
            "model_name: llama2-7b\nici_fsdp_parallelism: 16\nici_tensor_parallelism: 4\nper_device_batch_size: 6\n";
        let roles = from_maxtext(text, &mesh(TORUS)).unwrap();
        assert_eq!(roles.recipe(), "fsdp:x+fsdp:y+megatron:z");
        assert_eq!(roles.degree(Role::Fsdp, Some(false)), 16);
        // -1 takes what the others leave; the slow axis is MaxText's DCN.
        let pods = mesh(PODS);
        let roles = from_maxtext("dcn_data_parallelism: 2\nici_fsdp_parallelism: -1\n", &pods).unwrap();
        assert_eq!(roles.recipe(), "dp:slice+fsdp:x+fsdp:y");
        assert!(
            roles.maxtext().contains("dcn_data_parallelism: 2\n")
                && roles.maxtext().contains("ici_fsdp_parallelism: 256\n")
        );
    }

    #[test]
    fn degrees_that_split_an_axis_or_leave_devices_are_errors() {
        let torus = mesh(TORUS);
        let e = from_maxtext("ici_fsdp_parallelism: 8\nici_tensor_parallelism: 8\n", &torus).unwrap_err();
        assert!(matches!(&e, SettingsError::NoAxes { key, .. } if key == "ici_fsdp_parallelism"), "{e}");
        let e = from_maxtext("ici_fsdp_parallelism: 16\n", &torus).unwrap_err();
        assert!(matches!(e, SettingsError::LeftOver { covered: 16, devices: 64, .. }), "{e}");
        assert!(matches!(from_maxtext("ici_fsdp_parallelism: many\n", &torus), Err(SettingsError::Parse(_))));
    }

    #[test]
    fn missing_degrees_are_the_frameworks_defaults_and_experts_borrow_from_the_shard_degree() {
        let torus = mesh(TORUS);
        // base.yml: ici_fsdp_parallelism -1, dcn_data_parallelism -1.
        assert_eq!(from_maxtext("ici_tensor_parallelism: 4\n", &torus).unwrap().recipe(), "fsdp:x+fsdp:y+megatron:z");
        assert!(matches!(from_maxtext("ici_data_parallelism: -1\n", &torus), Err(SettingsError::Parse(_))));
        // torchtitan: data_parallel_shard_degree -1; expert parallelism inside it, innermost.
        let roles = from_torchtitan("[parallelism]\nexpert_parallel_degree = 4\n", &torus).unwrap();
        assert_eq!(roles.recipe(), "fsdp:x+fsdp:y+ep:z");
        assert!(roles.torchtitan().contains("data_parallel_shard_degree = 64\n"), "{}", roles.torchtitan());
        assert!(roles.torchtitan().contains("expert_parallel_degree = 4\n"));
        let e = from_torchtitan("[parallelism]\ntensor_parallel_degree = 16\nexpert_parallel_degree = 16\n", &torus);
        assert!(matches!(e, Err(SettingsError::NoAxes { .. })), "{e:?}");
    }

    #[test]
    fn torchtitan_degrees_in_its_order() {
        let text =
            "[job]\ndescription = \"8B\"\n[parallelism]\ndata_parallel_shard_degree = -1\ntensor_parallel_degree = 4\n";
        let roles = from_torchtitan(text, &mesh(TORUS)).unwrap();
        assert_eq!(roles.recipe(), "fsdp:x+fsdp:y+megatron:z");
        assert!(roles.torchtitan().contains("data_parallel_shard_degree = 16\n"));
        assert!(roles.torchtitan().contains("tensor_parallel_degree = 4\n"));
        assert!(matches!(from_torchtitan("[parallelism\n", &mesh(TORUS)), Err(SettingsError::Parse(_))));
    }
}
