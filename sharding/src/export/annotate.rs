//! A plan decoded into the module: the same text with a sharding on every argument, result and op the
//! entry function writes, in Shardy's form (`sdy.mesh`, `sdy.sharding`, and `sdy.sharding_constraint`s
//! that pin every resharding) or GSPMD's (`mhlo.sharding` strings, and `stablehlo.custom_call
//! @Sharding`s that pin every resharding, as JAX writes `with_sharding_constraint` for GSPMD). The
//! module is never rewritten otherwise: annotations are added beside the source text.

use super::gspmd;
use crate::mesh::Mesh;
use crate::plan::{MESH_SYMBOL, Plan, PlanSpace};
use automap_ir::Module;
use automap_ir::sharding::TensorSharding;
use automap_ir::write::{Annotations, Target, WriteError, placement, write};

/// The `sdy.mesh` declaration of a mesh.
pub fn mesh_decl(mesh: &Mesh) -> String {
    let axes: Vec<String> = mesh.axes.iter().map(|a| format!("\"{}\"={}", a.name, a.size)).collect();
    format!("sdy.mesh @{MESH_SYMBOL} = <[{}]>", axes.join(", "))
}

/// How shardings are written into the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Shardy: `sdy.mesh` and `sdy.sharding` (what JAX uses by default).
    Shardy,
    /// GSPMD: `mhlo.sharding` strings and `Sharding` custom calls (for XLA builds or flows that
    /// partition with GSPMD).
    Gspmd,
}

/// Why a plan cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    /// The writer refused the module.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// A sharding has no GSPMD form.
    #[error(transparent)]
    Gspmd(#[from] gspmd::GspmdError),
    /// The module has an `sdy.manual_computation` (a `jax.shard_map`), which only Shardy partitions.
    #[error(
        "{at}: sdy.manual_computation (a jax.shard_map) is partitioned by Shardy only; write the plan in \
         Shardy's form (--format shardy)"
    )]
    ManualInGspmd {
        /// Where the op is.
        at: automap_ir::span::LineCol,
    },
}

/// The annotated module: the mesh (Shardy); a sharding on every argument and result of the entry function
/// and on the results of every op the plan decides whose text is its own ([`Module::sole_text`]: ops
/// inlined from a function called more than once share their text with every call and are left to the
/// partitioner's propagation), loop bodies included; the partition count set to the mesh's device count.
/// Partial sums are not written: the partitioner places the reductions.
///
/// In the Shardy form, every resharding the plan makes is pinned by `sdy.sharding_constraint`s (see
/// [`reshardings`]): the value is held at its produced sharding after its op, and resharded to what the
/// consumer needs just before the consumer. Shardy's propagation treats op shardings as a starting point
/// and otherwise moves a resharding upstream of where the plan put it, and XLA's partitioner picks its
/// own way from an operand's sharding to the op's result.
pub fn annotate(
    m: &Module,
    mesh: &Mesh,
    space: &PlanSpace<'_>,
    plan: &Plan,
    format: Format,
) -> Result<String, AnnotateError> {
    let one = |s: &TensorSharding| -> Result<String, AnnotateError> {
        Ok(match format {
            Format::Shardy => s.to_string(),
            Format::Gspmd => format!("\"{}\"", gspmd::sharding(s, mesh)?),
        })
    };
    // A sharding as a constraint or one value of an op's list carries it: Shardy's `<@mesh, [...]>`,
    // GSPMD's quoted string.
    let bare = |s: &TensorSharding| -> Result<String, AnnotateError> {
        match format {
            Format::Shardy => Ok(s.to_string().trim_start_matches("#sdy.sharding").to_string()),
            Format::Gspmd => one(s),
        }
    };
    let key = match format {
        Format::Shardy => "sdy.sharding",
        Format::Gspmd => "mhlo.sharding",
    };
    if format == Format::Gspmd
        && let Some((op, _)) =
            m.ops.iter().find(|(_, d)| matches!(d.kind, automap_ir::OpKind::ManualComputation { .. }))
    {
        return Err(AnnotateError::ManualInGspmd { at: m.op_location(op) });
    }
    let mut ann = Annotations::new();
    // A module that declares the mesh already (`jax.shard_map` writes it) keeps its declaration, which
    // `Mesh::check_declared` found to be this mesh.
    if format == Format::Shardy && !m.meshes.iter().any(|d| d.name == MESH_SYMBOL) {
        ann.before_entry(mesh_decl(mesh));
    }
    // An op's step (its first part's, which writes every part's), or a `case`'s first join (its
    // results' shardings are its joins').
    for step in space.steps().iter().filter(|s| s.carried.is_none() && s.first_of_op()) {
        let op = step.op;
        let data = &m.ops[op];
        // Constants print their attributes before the value, unlike other ops. A `while` takes no
        // sharding: XLA drops a loop-invariant value from the loop's tuple without dropping its sharding
        // (a RET_CHECK on the tuple's size), so its carried values are pinned by constraints on their
        // initial and yielded values instead (see [`reshardings`]).
        // An `sdy.manual_computation` carries the user's shardings in its own attributes.
        let unwritten = matches!(
            data.kind,
            automap_ir::OpKind::Constant { .. }
                | automap_ir::OpKind::While
                | automap_ir::OpKind::ManualComputation { .. }
        );
        if !m.sole_text(op) || data.results.is_empty() || data.syntax.sig_colon.is_none() || unwritten {
            continue;
        }
        let shardings: Vec<TensorSharding> =
            data.results.iter().map(|&r| TensorSharding { unreduced: Vec::new(), ..space.produced(plan, r) }).collect();
        let value = match format {
            Format::Shardy => {
                let per_value = shardings.iter().map(bare).collect::<Result<Vec<_>, _>>()?;
                format!("#sdy.sharding_per_value<[{}]>", per_value.join(", "))
            }
            Format::Gspmd if shardings.len() == 1 => one(&shardings[0])?,
            Format::Gspmd => {
                let parts = shardings.iter().map(|s| gspmd::sharding(s, mesh)).collect::<Result<Vec<_>, _>>()?;
                format!("\"{{{}}}\"", parts.join(", "))
            }
        };
        ann.set(Target::Op(op), key, value);
    }
    let r = reshardings(m, space, plan);
    for (op, s) in &r.produced {
        ann.constrain(*op, vec![bare(s)?]);
    }
    for (op, k, chain) in &r.operands {
        ann.constrain_operand(*op, *k, chain.iter().map(bare).collect::<Result<_, _>>()?);
    }
    // A stack in host memory: each slice the forward loop writes goes to the host before it is written,
    // each slice a later loop reads comes back to the device, each held at its sharding on both sides.
    for stack in space.offloaded() {
        let steps = space.steps();
        let write = &steps[stack.write];
        let to = bare(&space.required_in(plan, stack.write, 1))?;
        ann.extend_operand(write.op, write.op_operand(1), vec![placement("pinned_host"), to]);
        for &d in &stack.reads {
            let s = bare(&TensorSharding { unreduced: Vec::new(), ..space.produced(plan, steps[d].results[0]) })?;
            ann.extend_result(steps[d].op, vec![placement("device"), s]);
        }
    }
    for (i, s) in plan.args.iter().enumerate() {
        ann.set(Target::Arg(i), key, one(s)?);
    }
    for (i, &v) in m.returns.iter().enumerate() {
        let s = TensorSharding { unreduced: Vec::new(), ..space.produced(plan, v) };
        ann.set(Target::Result(i), key, one(&s)?);
    }
    ann.num_partitions(mesh.num_devices());
    Ok(write(m, &ann)?)
}

/// Where the annotated module pins a resharding the plan makes: the entry function's ops whose result
/// (one, not a partial sum) is resharded for a consumer, each held at its produced sharding; and each
/// consumer's operand `(op, k)` resharded to what the op needs just before it. A loop-carried tensor is
/// pinned to the sharding the plan carries on its initial value (an operand of the `while`) and on the
/// value the body yields (an operand of the body's `return`), resharded there or not; what a `case`'s
/// branch returns is resharded to the `case`'s result at the branch's `return`. Ops inlined from
/// functions called more than once share their text with every call and are left out, as are ops
/// inside regions the schedule keeps whole.
#[derive(Clone, Debug, Default)]
pub struct Reshardings {
    /// Ops whose result is held at its produced sharding, with that sharding.
    pub produced: Vec<(automap_ir::OpId, TensorSharding)>,
    /// Operands resharded just before their op: the shardings to pass through, the last the one the op
    /// needs. The produced sharding comes first where its producer is not held (a call's result).
    pub operands: Vec<(automap_ir::OpId, usize, Vec<TensorSharding>)>,
}

/// The [`Reshardings`] of `plan`.
pub fn reshardings(m: &Module, space: &PlanSpace<'_>, plan: &Plan) -> Reshardings {
    let stepped: std::collections::HashSet<automap_ir::OpId> =
        space.steps().iter().filter(|s| s.carried.is_none()).map(|s| s.op).collect();
    let region_return = |op: automap_ir::OpId, r: usize| {
        m.ops[op].regions.get(r).and_then(|r| r.blocks.first()).and_then(|b| b.ops.last()).copied()
    };
    let written = |op: automap_ir::OpId| {
        let data = &m.ops[op];
        m.sole_text(op) && stepped.contains(&op) && !matches!(data.kind, automap_ir::OpKind::Constant { .. })
    };
    let mut out = Reshardings::default();
    let mut held = std::collections::BTreeSet::new();
    for (pos, step) in space.steps().iter().enumerate() {
        for (k, &v) in step.operands.iter().enumerate() {
            if m.ty(v).as_tensor().is_none() || space.producer_of(v).is_some_and(|(p, _)| p == pos) {
                continue;
            }
            // Where the read is written: a carry reads its initial value as the loop's operand and its
            // yielded value as an operand of the body's `return`; a join reads what branch `k` returns
            // as an operand of that branch's `return`.
            let (op, at) = match (step.carried, step.joined) {
                (Some(c), _) if k == 0 => (step.op, c),
                (Some(c), _) => match region_return(step.op, 1) {
                    Some(ret) if m.sole_text(ret) => (ret, c),
                    _ => continue,
                },
                (None, Some(c)) => match region_return(step.op, k) {
                    Some(ret) if m.sole_text(ret) => (ret, c),
                    _ => continue,
                },
                // A capture is read inside its op's regions, where no constraint is written.
                (None, None) if k >= step.captures_from => continue,
                (None, None) => (step.op, step.op_operand(k)),
            };
            let readable = |o: automap_ir::OpId| !step.is_op() && m.sole_text(o);
            let (from, to) = (space.produced(plan, v), space.required_in(plan, pos, k));
            // Partial sums are written without their pending reduction: XLA places it.
            if !from.unreduced.is_empty() || !to.unreduced.is_empty() {
                continue;
            }
            // A loop-carried value is pinned at loop entry and where the body yields it even when it
            // needs no resharding there: nothing else tells XLA the sharding it carries.
            // So is a loop's result where it is read: XLA would otherwise choose the loop's results'
            // shardings itself.
            let loop_result = matches!(m.values[v].def, automap_ir::ValueDef::Result(p, _) if matches!(m.ops[p].kind, automap_ir::OpKind::While));
            if from.dims == to.dims {
                if (step.carried.is_some() && readable(op)) || (loop_result && written(op)) {
                    out.operands.push((op, at, vec![to]));
                }
                continue;
            }
            // Arguments are pinned by their own annotation; op results by a constraint after the op
            // where that can be written; a loop's block arguments by none (the chain starts with the
            // sharding they carry).
            let producer = match m.values[v].def {
                automap_ir::ValueDef::Result(op, _) => Some(op),
                _ => None,
            };
            let holdable = match m.values[v].def {
                automap_ir::ValueDef::Arg(_) => true,
                automap_ir::ValueDef::BlockArg(..) => false,
                automap_ir::ValueDef::Result(p, _) => written(p) && m.ops[p].results.len() == 1,
            };
            if let Some(p) = producer
                && holdable
                && held.insert(p)
            {
                out.produced.push((p, from.clone()));
            }
            if written(op) || readable(op) {
                // Every step of a resharding that moves axes between dimensions spelled out: XLA
                // does some of them in one piece only by gathering the whole tensor.
                let mut chain = if holdable { Vec::new() } else { vec![from.clone()] };
                chain.extend(crate::reshard::waypoints(&from, &to, space.mesh));
                chain.push(to);
                out.operands.push((op, at, chain));
            }
        }
    }
    out
}
