//! Tactics: the parallelisms an expert writes by hand (data parallel, Megatron, FSDP), recognised in
//! the program's dataflow and turned into argument shardings. The reference plans of `eval` and the
//! report pin these shardings and let the solver decide the rest ([`Recipes`]); `plan --tactic`
//! pins them before the solver runs.
//!
//! Recognition is by structure only (`dims.rs`, `roles.rs`; [`Roles`]): the batch is the dimension every activation
//! holds, parameters are the arguments without it, Megatron's dimensions are those two parameters share
//! that one matmul produces and the next contracts. Argument names play no part.

pub(crate) mod dims;
pub(crate) mod pin;
pub(crate) mod reference;
pub(crate) mod roles;
pub(crate) mod settings;

pub use pin::pin;
pub use reference::{Decided, Recipes};
pub use roles::Roles;
pub use settings::{AxisRoles, Framework, Inferred, infer as infer_settings};

use crate::mesh::Mesh;
use crate::plan::{MESH_SYMBOL, PlanSpace};
use automap_ir::sharding::{AxisRef, TensorSharding};
use dims::Dims;
use roles::MatmulRole;
use std::fmt;

/// One tactic: a parallelism on a mesh axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tactic {
    /// Nothing sharded.
    Replicated,
    /// The batch of every argument that has one, over the axis.
    DataParallel(String),
    /// Megatron tensor parallelism over the axis: each parameter on its dimension of a Megatron class
    /// ([`Roles::megatron`]): column-parallel where a matmul produces it, row-parallel where the next
    /// contracts it.
    Megatron(String),
    /// FSDP / ZeRO-3: every parameter sharded on its largest dimension the axis divides, and the batch,
    /// over the axis.
    Fsdp(String),
    /// Expert parallelism: a mixture of experts' experts over the axis ([`Roles::experts`]), every
    /// weight and optimizer state that holds them split by expert; dispatch and combine are the
    /// solver's to decide (all-to-all where tokens move to their experts' devices).
    Expert(String),
    /// Sequence parallelism: the sequence ([`Roles::sequence`]) of every input that holds it, over the
    /// axis; the solver decides where attention gathers it.
    Sequence(String),
}

impl fmt::Display for Tactic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tactic::Replicated => write!(f, "replicated"),
            Tactic::DataParallel(a) => write!(f, "dp:{a}"),
            Tactic::Megatron(a) => write!(f, "megatron:{a}"),
            Tactic::Fsdp(a) => write!(f, "fsdp:{a}"),
            Tactic::Expert(a) => write!(f, "ep:{a}"),
            Tactic::Sequence(a) => write!(f, "sp:{a}"),
        }
    }
}

/// Each tactic's names, ours first and then the logical axis name MaxText gives that parallelism
/// (`data`, `tensor`, `expert`, `sequence`; `fsdp` is both), the mesh axis it takes when none is given
/// and the mesh has several, and the tactic it makes.
const SPELLINGS: [Spelling; 5] = [
    Spelling { names: &["dp", "data"], axis: "data", make: Tactic::DataParallel },
    Spelling { names: &["megatron", "tensor"], axis: "model", make: Tactic::Megatron },
    Spelling { names: &["fsdp"], axis: "data", make: Tactic::Fsdp },
    Spelling { names: &["ep", "expert"], axis: "expert", make: Tactic::Expert },
    Spelling { names: &["sp", "sequence"], axis: "model", make: Tactic::Sequence },
];

/// One row of [`SPELLINGS`].
struct Spelling {
    names: &'static [&'static str],
    axis: &'static str,
    make: fn(String) -> Tactic,
}

/// Parse tactics: `replicated`, `dp`, `megatron`, `fsdp`, `ep`, `sp` (or by MaxText's names for them:
/// `data`, `tensor`, `expert`, `sequence`), each with `:AXIS` (default: the only axis, else `data` for
/// dp and fsdp, `model` for megatron and sp, `expert` for ep), joined by `+` or `,`
/// (`dp:data+megatron:model`, or as MaxText would put it across slices, `data:dcn+fsdp:ici`).
pub fn parse_tactics(spec: &str, mesh: &Mesh) -> Result<Vec<Tactic>, String> {
    let default_axis = |preferred: &str| -> Result<String, String> {
        if mesh.axes.len() == 1 {
            return Ok(mesh.axes[0].name.clone());
        }
        mesh.axis(preferred).map(|a| a.name.clone()).ok_or_else(|| {
            format!(
                "say which axis: the mesh has {}",
                mesh.axes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ")
            )
        })
    };
    spec.split(['+', ','])
        .map(|part| {
            let (name, axis) = part.split_once(':').map_or((part, None), |(n, a)| (n, Some(a.trim().to_string())));
            let name = name.trim();
            if name == "replicated" {
                return Ok(Tactic::Replicated);
            }
            let Some(spelling) = SPELLINGS.iter().find(|s| s.names.contains(&name)) else {
                return Err(format!(
                    "unknown tactic '{name}': use replicated, dp (data), megatron (tensor), fsdp, ep (expert), sp \
                     (sequence), each with :AXIS, joined by + or ,"
                ));
            };
            let a = match axis {
                Some(a) => a,
                None => default_axis(spelling.axis)?,
            };
            let a = mesh.axis(&a).map(|x| x.name.clone()).ok_or_else(|| format!("the mesh has no axis '{a}'"))?;
            Ok((spelling.make)(a))
        })
        .collect()
}

/// Where one tactic matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    /// The tactic.
    pub tactic: Tactic,
    /// The arguments' dimensions it shards: `(argument, dimension)`.
    pub sharded: Vec<(usize, usize)>,
    /// The pattern it found, or why it does not apply.
    pub found: String,
}

impl Matched {
    /// Whether the tactic found its pattern.
    pub fn applies(&self) -> bool {
        !self.sharded.is_empty() || self.tactic == Tactic::Replicated
    }
}

impl fmt::Display for Matched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.tactic, self.found)
    }
}

/// Tactics applied to a program's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The sharding of every argument of the entry function.
    pub args: Vec<TensorSharding>,
    /// Where each tactic matched, in the order given.
    pub matched: Vec<Matched>,
}

/// Apply `tactics` in order to the arguments of `space`'s program: each shards what its pattern finds,
/// on dimensions the axis divides and with axes not yet used on that argument.
pub fn apply(space: &PlanSpace<'_>, tactics: &[Tactic]) -> Applied {
    Recognised::new(space).apply(space, tactics)
}

/// A program's classes and roles, found once for any number of tactic combinations.
pub struct Recognised {
    dims: Dims,
    roles: Roles,
}

impl Recognised {
    /// The classes and roles of `space`'s program.
    pub fn new(space: &PlanSpace<'_>) -> Recognised {
        let dims = Dims::new(space);
        let roles = Roles::new(space, &dims);
        Recognised { dims, roles }
    }

    /// Whether the program has a mixture of experts' expert dimension ([`Roles::experts`]).
    pub fn has_experts(&self) -> bool {
        !self.roles.experts.is_empty()
    }

    /// Whether the program has a sequence that attention reads ([`Roles::sequence`]).
    pub fn has_sequence(&self) -> bool {
        self.roles.sequence.is_some()
    }

    /// [`apply`] with the classes and roles found already (`space` must be the one they came from).
    pub fn apply(&self, space: &PlanSpace<'_>, tactics: &[Tactic]) -> Applied {
        apply_found(&Found { space, dims: &self.dims }, &self.roles, tactics)
    }
}

fn apply_found(found: &Found<'_, '_>, roles: &Roles, tactics: &[Tactic]) -> Applied {
    let (space, m) = (found.space, found.space.m);
    let mut args: Vec<TensorSharding> =
        (0..m.args.len()).map(|i| TensorSharding::replicated(MESH_SYMBOL, found.shape(i).len())).collect();
    let mut matched = Vec::new();
    for t in tactics {
        let (want, what) = match t {
            Tactic::Replicated => (Vec::new(), "nothing sharded".to_string()),
            Tactic::DataParallel(a) => found.batch(roles, a),
            Tactic::Fsdp(a) => found.fsdp(roles, a, &args),
            Tactic::Megatron(a) => found.megatron(roles, a),
            Tactic::Expert(a) => found.experts(roles, a),
            Tactic::Sequence(a) => found.sequence(roles, a),
        };
        let mut sharded = Vec::new();
        for (i, d, axis) in want {
            let size = found.shape(i).get(d).copied().unwrap_or(1);
            if d < args[i].dims.len()
                && divides(space.mesh, size, axis, &args[i], d)
                && !args[i].used_axes().any(|x| x.name == axis)
            {
                args[i].dims[d].axes.push(AxisRef::new(axis));
                sharded.push((i, d));
            }
        }
        matched.push(Matched { tactic: t.clone(), sharded, found: what });
    }
    Applied { args, matched }
}

/// An argument dimension a tactic shards, and the axis: `(argument, dimension, axis)`.
type Want<'a> = Vec<(usize, usize, &'a str)>;

/// The program's classes, and what each tactic finds in them.
struct Found<'s, 'm> {
    space: &'s PlanSpace<'m>,
    dims: &'s Dims,
}

impl Found<'_, '_> {
    fn shape(&self, i: usize) -> Vec<i64> {
        let m = self.space.m;
        m.ty(m.args[i]).as_tensor().map_or(Vec::new(), |t| t.shape.clone())
    }

    fn name(&self, i: usize) -> String {
        self.space.m.entry().args.get(i).and_then(|p| p.name.clone()).unwrap_or_else(|| format!("%arg{i}"))
    }

    /// Data parallel: the batch of every argument that has one.
    fn batch<'a>(&self, roles: &Roles, axis: &'a str) -> (Want<'a>, String) {
        let batch: Vec<(usize, usize)> = roles.batch.map_or(Vec::new(), |b| self.dims.facts[b].args.clone());
        let what = if batch.is_empty() {
            "no batch dimension found (no dimension that the arguments, the activations and the outputs or the \
             loss share)"
                .to_string()
        } else {
            let shown: Vec<String> = batch.iter().map(|&(i, d)| format!("{} dim {d}", self.name(i))).collect();
            format!("the batch is {}", shown.join(", "))
        };
        (batch.into_iter().map(|(i, d)| (i, d, axis)).collect(), what)
    }

    /// FSDP: the batch, and every parameter on its largest dimension the axis divides.
    fn fsdp<'a>(&self, roles: &Roles, axis: &'a str, args: &[TensorSharding]) -> (Want<'a>, String) {
        let (mut want, what) = self.batch(roles, axis);
        let params: Vec<usize> = (0..args.len()).filter(|&i| roles.parameters[i]).collect();
        for &i in &params {
            let sh = self.shape(i);
            let largest = (0..sh.len())
                .filter(|&d| divides(self.space.mesh, sh[d], axis, &args[i], d))
                .max_by_key(|&d| (sh[d], std::cmp::Reverse(d)));
            want.extend(largest.map(|d| (i, d, axis)));
        }
        let what = format!(
            "{what}; {} (the arguments without it) on their largest dimension",
            count(params.len(), "parameter")
        );
        (want, what)
    }

    /// Expert parallelism: every argument dimension of an expert class, over the axis.
    fn experts<'a>(&self, roles: &Roles, axis: &'a str) -> (Want<'a>, String) {
        if roles.experts.is_empty() {
            let why = "does not apply: no dimension that two parameters share and that a matmul of a weight keeps \
                       apart on both its operands (a mixture of experts' expert dimension)";
            return (Vec::new(), why.into());
        }
        let want: Want<'a> =
            roles.experts.iter().flat_map(|&c| self.dims.facts[c].args.iter().map(|&(i, d)| (i, d, axis))).collect();
        let sizes: Vec<String> = roles.experts.iter().map(|&c| self.dims.facts[c].divisor.to_string()).collect();
        let what = format!(
            "{} of {} over {} (weights and their optimizer state)",
            count(roles.experts.len(), "expert dimension"),
            sizes.join(", "),
            count(want.len(), "argument dimension")
        );
        (want, what)
    }

    /// Sequence parallelism: every argument dimension of the sequence class.
    fn sequence<'a>(&self, roles: &Roles, axis: &'a str) -> (Want<'a>, String) {
        let Some(c) = roles.sequence else {
            let why = "does not apply: no dimension that the inputs hold beside the batch and that a value holds \
                       twice (attention's queries and keys)";
            return (Vec::new(), why.into());
        };
        let args = &self.dims.facts[c].args;
        let shown: Vec<String> = args.iter().map(|&(i, d)| format!("{} dim {d}", self.name(i))).collect();
        (args.iter().map(|&(i, d)| (i, d, axis)).collect(), format!("the sequence is {}", shown.join(", ")))
    }

    /// Megatron: each parameter on its dimension of a Megatron class the axis divides evenly.
    fn megatron<'a>(&self, roles: &Roles, axis: &'a str) -> (Want<'a>, String) {
        if roles.megatron.is_empty() {
            let why = "does not apply: no dimension that two parameters share, one matmul produces and another \
                       contracts, with no layer norm or softmax over it";
            return (Vec::new(), why.into());
        }
        let size = self.space.mesh.axis(axis).map_or(1, |x| i64::from(x.size));
        let (even, uneven): (Vec<usize>, Vec<usize>) =
            roles.megatron.iter().partition(|&&c| self.dims.facts[c].divisor % size == 0);
        let mut want: Want<'a> = Vec::new();
        for &c in &even {
            for &(i, d) in &self.dims.facts[c].args {
                // One Megatron dimension per parameter: the first found.
                if !want.iter().any(|&(j, _, _)| j == i) {
                    want.push((i, d, axis));
                }
            }
        }
        let side = |col: bool| {
            let role = if col { MatmulRole::Free } else { MatmulRole::Contracted };
            want.iter().filter(|&&(i, d, _)| roles.matmul[i].get(d) == Some(&Some(role))).count()
        };
        let (col, row) = (side(true), side(false));
        let mut what = format!(
            "{} (an MLP's hidden dimension or an attention's heads) over {}: {col} column-parallel (a matmul keeps \
             the dimension), {row} row-parallel (a matmul contracts it), {} read by no matmul (state, biases)",
            count(even.len(), "block"),
            count(want.len(), "parameter"),
            want.len() - col - row,
        );
        if !uneven.is_empty() {
            let sizes: Vec<String> = uneven.iter().map(|&c| self.dims.facts[c].divisor.to_string()).collect();
            what.push_str(&format!(
                "; {} more left replicated: {axis} ({size}) does not divide them evenly (sizes {})",
                uneven.len(),
                sizes.join(", ")
            ));
        }
        (want, what)
    }
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// Whether `axis` divides a dimension of `size` already sharded as `used.dims[d]`.
fn divides(mesh: &Mesh, size: i64, axis: &str, used: &TensorSharding, d: usize) -> bool {
    let already: i64 = used.dims[d].axes.iter().filter_map(|a| mesh.axis(&a.name)).map(|a| i64::from(a.size)).product();
    mesh.axis(axis).is_some_and(|a| size % (already * i64::from(a.size)) == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh() -> Mesh {
        let axis =
            |n: &str, s: u32| format!("  - name: {n}\n    size: {s}\n    bandwidth_gb_per_s: 50\n    latency_us: 5\n");
        let yaml = format!(
            "name: two-slices\naxes:\n{}{}{}device:\n  memory_gib: 16\n  hbm_gb_per_s: 800\n  peak_tflops:\n    bf16: 200\n",
            axis("dcn", 2),
            axis("ici", 8),
            axis("chip", 4)
        );
        Mesh::parse(&yaml, "two-slices.yaml").unwrap_or_else(|e| panic!("{e}"))
    }

    /// MaxText's logical names are the same tactics as ours, on any axis: data across slices, FSDP,
    /// tensor, expert and sequence parallelism within one.
    #[test]
    fn maxtext_names_spell_the_same_tactics() {
        let m = mesh();
        let ours = parse_tactics("dp:dcn+fsdp:ici+megatron:chip+ep:ici+sp:chip", &m);
        let theirs = parse_tactics("data:dcn+fsdp:ici+tensor:chip+expert:ici+sequence:chip", &m);
        assert_eq!(ours, theirs);
        let shown: Vec<String> = theirs.unwrap_or_default().iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["dp:dcn", "fsdp:ici", "megatron:chip", "ep:ici", "sp:chip"]);
    }

    #[test]
    fn an_unknown_tactic_or_axis_is_named() {
        let m = mesh();
        let e = parse_tactics("data:dcn+pipeline:ici", &m).unwrap_err();
        assert!(e.starts_with("unknown tactic 'pipeline'") && e.contains("tensor"), "{e}");
        assert_eq!(parse_tactics("tensor:gpu", &m).unwrap_err(), "the mesh has no axis 'gpu'");
        assert!(parse_tactics("tensor", &m).unwrap_err().starts_with("say which axis: the mesh has dcn, ici, chip"));
    }
}
