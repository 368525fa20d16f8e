//! User constraints on a model's plan, from YAML: pin a value's sharding, forbid one, tie two values to
//! the same sharding, bound how many collectives of a kind the plan may use.
//!
//! ```yaml
//! pin:                       # the value must have this sharding
//!   - value: "params['wq']"  # an argument's name as JAX printed it (see `automap inspect`), a
//!     sharding: [null, model] # function result's (`result[0]['wq']`, its `jax.result_info`), a
//!                             # top-level op result's SSA name (`%34`), or an op's line (`71` or `71:5`)
//! forbid:                    # the value must not have this sharding
//!   - value: tokens
//!     sharding: [null, null]  # one entry per dimension: null, an axis, or a list of axes (major first)
//! tie:                       # the two values must have the same sharding (same rank)
//!   - ["params['w1']", "params['w2']"]
//! max_collectives:           # at most this many collectives of each kind
//!   all-reduce: 8            # all-reduce, all-gather, reduce-scatter, all-to-all
//! ```
//!
//! Shardings compare by the axes of each dimension (a value that is a partial sum over some axis counts
//! as having the sharding of its dimensions). The collective count is the solver's: each consumer's
//! resharding counted on its own edge, so the plan's evaluated count is at most the bound.

use crate::build::{NodeRef, ProgramProblem, produced_shardings};
use crate::plan::PlanSpace;
use crate::reshard::{CollectiveKind, reshard};
use crate::spec_error::SpecError;
use automap_ir::sharding::TensorSharding;
use automap_ir::{ValueDef, ValueId};
use automap_solver::NodeId;
use automap_solver::{Budget, Term, Tie};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::path::Path;

/// One dimension of a sharding in a constraints file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
enum DimSpec {
    One(String),
    Many(Vec<String>),
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawValueSharding {
    value: Spanned<String>,
    sharding: Spanned<Vec<Option<DimSpec>>>,
}

#[derive(Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawConstraints {
    #[serde(default)]
    pin: Vec<RawValueSharding>,
    #[serde(default)]
    forbid: Vec<RawValueSharding>,
    #[serde(default)]
    tie: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    max_collectives: Option<Spanned<BTreeMap<String, i64>>>,
}

/// A parsed constraints file, applied to a model's problem with [`UserConstraints::apply`].
#[derive(Clone)]
pub struct UserConstraints {
    file: String,
    text: String,
    raw: RawConstraints,
}

/// What applying the constraints did, for the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Values pinned.
    pub pins: usize,
    /// Strategies forbidden (by pins and forbids together).
    pub forbidden: usize,
    /// Ties added.
    pub ties: usize,
    /// Budgets: kind, maximum, terms.
    pub budgets: Vec<(String, i64, usize)>,
}

impl std::fmt::Display for Applied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "constraints: {} pins, {} strategies forbidden, {} ties", self.pins, self.forbidden, self.ties)?;
        for (kind, max, terms) in &self.budgets {
            write!(f, ", at most {max} {kind} ({terms} places one can occur)")?;
        }
        Ok(())
    }
}

/// The per-dimension axis names of a sharding.
fn layout(s: &TensorSharding) -> Vec<Vec<String>> {
    s.dims.iter().map(|d| d.axes.iter().map(|a| a.name.clone()).collect()).collect()
}

fn show(l: &[Vec<String>]) -> String {
    let dims: Vec<String> = l
        .iter()
        .map(|d| match d.len() {
            0 => "null".to_string(),
            1 => d[0].clone(),
            _ => format!("[{}]", d.join(", ")),
        })
        .collect();
    format!("[{}]", dims.join(", "))
}

impl UserConstraints {
    /// Read a constraints file.
    pub fn load(path: &Path) -> Result<UserConstraints, SpecError> {
        let text = std::fs::read_to_string(path).map_err(|e| SpecError::unreadable(path, &e))?;
        UserConstraints::parse(&text, &path.display().to_string())
    }

    /// Parse constraints YAML; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<UserConstraints, SpecError> {
        let raw: RawConstraints = if text.trim().is_empty() {
            RawConstraints::default()
        } else {
            serde_saphyr::from_str(text).map_err(|e| SpecError::from_yaml(&e, file))?
        };
        Ok(UserConstraints { file: file.to_string(), text: text.to_string(), raw })
    }

    fn err(&self, loc: serde_saphyr::Location, field: &str, msg: String) -> SpecError {
        SpecError::at(&self.file, &self.text, loc, field, msg)
    }

    /// The node and result index a name refers to.
    fn resolve(
        &self,
        space: &PlanSpace<'_>,
        built: &ProgramProblem,
        name: &Spanned<String>,
    ) -> Result<(usize, usize), SpecError> {
        let m = space.m;
        let n = name.value.trim();
        // A function result by the name JAX gave it (`jax.result_info`, as `result[0]['w1']`) is the
        // value returned there: the argument or op result it is.
        let returned: Vec<ValueId> = m
            .entry()
            .results
            .iter()
            .zip(&m.returns)
            .filter(|(port, _)| port.name.as_deref() == Some(n))
            .map(|(_, &v)| v)
            .collect();
        let mut found: Vec<(usize, usize)> = Vec::new();
        for (node, r) in built.nodes.iter().enumerate() {
            match r {
                NodeRef::Arg(i, _) => {
                    let port = m.entry().args.get(*i).and_then(|p| p.name.as_deref());
                    let arg_returned =
                        returned.iter().any(|&v| matches!(m.values[v].def, ValueDef::Arg(a) if a as usize == *i));
                    if port == Some(n) || format!("%arg{i}") == n || arg_returned {
                        found.push((node, 0));
                    }
                }
                NodeRef::Op(pos) => {
                    let step = &space.steps()[*pos];
                    let op = &m.ops[step.op];
                    for (k, &v) in step.results.iter().enumerate() {
                        let named = m.values[v].name == n || (k == 0 && m.values[v].name.strip_prefix('%') == Some(n));
                        if named || returned.contains(&v) {
                            found.push((node, k));
                        }
                    }
                    let at = m.op_location(step.op);
                    // A line names an op's first result (a `case`'s: its first join); a loop's line
                    // names no carried value.
                    if op.inlined_at.is_none()
                        && step.carried.is_none()
                        && step.first_of_op()
                        && !op.results.is_empty()
                        && (n == at.line.to_string() || n == at.to_string())
                    {
                        found.push((node, 0));
                    }
                }
            }
        }
        found.dedup();
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(self.err(
                name.referenced,
                "value",
                format!("no argument, function result, op result or op line is called '{n}' (see `automap inspect`)"),
            )),
            k => Err(self.err(name.referenced, "value", format!("'{n}' names {k} values; use an op's line instead"))),
        }
    }

    /// Each item of the file, in the order [`UserConstraints::only`] takes them: pins, forbids, ties,
    /// then each collective bound, as `file:line:col: what` for the user.
    pub fn items(&self) -> Vec<String> {
        let at = |l: serde_saphyr::Location| format!("{}:{}:{}", self.file, l.line(), l.column());
        let sharding = |v: &RawValueSharding| {
            let dims: Vec<String> = v
                .sharding
                .value
                .iter()
                .map(|d| match d {
                    None => "null".into(),
                    Some(DimSpec::One(a)) => a.clone(),
                    Some(DimSpec::Many(m)) => format!("[{}]", m.join(", ")),
                })
                .collect();
            format!("{} [{}]", v.value.value, dims.join(", "))
        };
        let mut out = Vec::new();
        out.extend(self.raw.pin.iter().map(|v| format!("{}: pin {}", at(v.value.referenced), sharding(v))));
        out.extend(self.raw.forbid.iter().map(|v| format!("{}: forbid {}", at(v.value.referenced), sharding(v))));
        out.extend(self.raw.tie.iter().map(|t| {
            let names: Vec<&str> = t.value.iter().map(|n| n.value.as_str()).collect();
            format!("{}: tie {}", at(t.referenced), names.join(" and "))
        }));
        if let Some(b) = &self.raw.max_collectives {
            // The map's entries carry no location of their own: each is the first line from the map's
            // on that starts with its key.
            let first = b.referenced.line() as usize;
            let line_of = |k: &str| {
                let key = format!("{k}:");
                let found = self.text.lines().enumerate().skip(first.saturating_sub(1)).find_map(|(i, l)| {
                    let t = l.trim_start();
                    t.starts_with(&key).then(|| format!("{}:{}:{}", self.file, i + 1, l.len() - t.len() + 1))
                });
                found.unwrap_or_else(|| at(b.referenced))
            };
            out.extend(b.value.iter().map(|(k, m)| format!("{}: max_collectives {k}: {m}", line_of(k))));
        }
        out
    }

    /// These constraints with only the items `keep` marks (in the order of [`UserConstraints::items`]).
    pub fn only(&self, keep: &[bool]) -> UserConstraints {
        let mut k = keep.iter().copied().chain(std::iter::repeat(true));
        let mut raw = self.raw.clone();
        raw.pin.retain(|_| k.next().unwrap_or(true));
        raw.forbid.retain(|_| k.next().unwrap_or(true));
        raw.tie.retain(|_| k.next().unwrap_or(true));
        if let Some(b) = &mut raw.max_collectives {
            b.value.retain(|_, _| k.next().unwrap_or(true));
        }
        UserConstraints { file: self.file.clone(), text: self.text.clone(), raw }
    }

    /// Apply the constraints to `built` (a problem of `space`): pins and forbids become forbidden
    /// strategies, ties and collective bounds become the problem's ties and budgets.
    pub fn apply(&self, space: &PlanSpace<'_>, built: &mut ProgramProblem) -> Result<Applied, SpecError> {
        let mut applied = Applied::default();
        for (list, pin) in [(&self.raw.pin, true), (&self.raw.forbid, false)] {
            for item in list {
                let (node, result) = self.resolve(space, built, &item.value)?;
                let want: Vec<Vec<String>> = item
                    .sharding
                    .value
                    .iter()
                    .map(|d| match d {
                        None => Vec::new(),
                        Some(DimSpec::One(a)) => vec![a.clone()],
                        Some(DimSpec::Many(v)) => v.clone(),
                    })
                    .collect();
                for axis in want.iter().flatten() {
                    if space.mesh.axis(axis).is_none() {
                        return Err(self.err(
                            item.sharding.referenced,
                            "sharding",
                            format!("the mesh has no axis '{axis}'"),
                        ));
                    }
                }
                let layouts: Vec<Vec<Vec<String>>> =
                    produced_shardings(space, &built.nodes[node], result).iter().map(layout).collect();
                let id = NodeId::from_u32(node as u32);
                let matching: Vec<usize> = (0..layouts.len()).filter(|&s| layouts[s] == want).collect();
                let field = if pin { "pin" } else { "forbid" };
                if matching.is_empty() {
                    let mut options: Vec<String> = layouts.iter().map(|l| show(l)).collect();
                    options.dedup();
                    options.truncate(12);
                    return Err(self.err(
                        item.sharding.referenced,
                        field,
                        format!(
                            "{} cannot have the sharding {} here; it can have: {}",
                            item.value.value,
                            show(&want),
                            options.join(", ")
                        ),
                    ));
                }
                let node_ref = &mut built.problem.nodes[id];
                let before = node_ref.forbidden.len();
                let to_forbid: Vec<usize> =
                    if pin { (0..layouts.len()).filter(|s| !matching.contains(s)).collect() } else { matching };
                for s in to_forbid {
                    built.problem.forbid(id, s);
                }
                let node_ref = &built.problem.nodes[id];
                if !(0..node_ref.strategies.len()).any(|s| node_ref.allowed(s)) {
                    return Err(self.err(
                        item.value.referenced,
                        field,
                        format!("with this, {} has no sharding left", item.value.value),
                    ));
                }
                applied.forbidden += node_ref.forbidden.len() - before;
                applied.pins += usize::from(pin);
            }
        }
        for tie in &self.raw.tie {
            let [a, b] = &tie.value[..] else {
                return Err(self.err(tie.referenced, "tie", "a tie names exactly two values".into()));
            };
            let ((na, ra), (nb, rb)) = (self.resolve(space, built, a)?, self.resolve(space, built, b)?);
            let la: Vec<_> = produced_shardings(space, &built.nodes[na], ra).iter().map(layout).collect();
            let lb: Vec<_> = produced_shardings(space, &built.nodes[nb], rb).iter().map(layout).collect();
            let pairs: Vec<(usize, usize)> = (0..la.len())
                .flat_map(|s| (0..lb.len()).map(move |t| (s, t)))
                .filter(|&(s, t)| la[s] == lb[t])
                .collect();
            if pairs.is_empty() {
                return Err(self.err(
                    tie.referenced,
                    "tie",
                    format!("{} and {} have no sharding in common", a.value, b.value),
                ));
            }
            built.problem.ties.push(Tie { a: NodeId::from_u32(na as u32), b: NodeId::from_u32(nb as u32), pairs });
            applied.ties += 1;
        }
        if let Some(bounds) = &self.raw.max_collectives {
            for (kind, &max) in &bounds.value {
                let k = kind_of(kind).ok_or_else(|| {
                    self.err(
                        bounds.referenced,
                        "max_collectives",
                        format!("unknown kind '{kind}': use all-reduce, all-gather, reduce-scatter or all-to-all"),
                    )
                })?;
                if max < 0 {
                    return Err(self.err(bounds.referenced, "max_collectives", format!("{kind}: must be at least 0")));
                }
                let terms = collective_terms(space, built, k);
                applied.budgets.push((kind.clone(), max, terms.len()));
                built.problem.budgets.push(Budget { name: kind.clone(), terms, max });
            }
        }
        Ok(applied)
    }
}

fn kind_of(name: &str) -> Option<CollectiveKind> {
    [CollectiveKind::AllReduce, CollectiveKind::AllGather, CollectiveKind::ReduceScatter, CollectiveKind::AllToAll]
        .into_iter()
        .find(|k| k.to_string() == name)
}

/// Every place a collective of `kind` can occur: each edge's strategy pairs whose resharding has one,
/// and each op strategy whose returned partial result needs one; weighted by how many.
fn collective_terms(space: &PlanSpace<'_>, built: &ProgramProblem, kind: CollectiveKind) -> Vec<Term> {
    let m = space.m;
    let count = |t: &automap_ir::TensorType, from: &TensorSharding, to: &TensorSharding| -> i64 {
        reshard(t, from, to, space.mesh).map_or(0, |cs| cs.iter().filter(|c| c.kind == kind).count() as i64)
    };
    let mut terms = Vec::new();
    for (e, origin) in built.problem.edges.values().zip(&built.edges) {
        let Some(t) = m.ty(origin.value).as_tensor() else { continue };
        let produced = produced_shardings(space, &built.nodes[e.from.as_u32() as usize], origin.result);
        for (sa, from) in produced.iter().enumerate() {
            for sb in 0..space.strategies[origin.consumer].len() {
                let weight = count(t, from, &space.required(origin.consumer, origin.operand, sb));
                if weight > 0 {
                    terms.push(Term::Pair { a: e.from, sa, b: e.to, sb, weight });
                }
            }
        }
    }
    for (node, r) in built.nodes.iter().enumerate() {
        let NodeRef::Op(pos) = r else { continue };
        for (k, &v) in space.steps()[*pos].results.iter().enumerate() {
            let Some(t) = m.ty(v).as_tensor().filter(|_| m.returns.contains(&v)) else { continue };
            for (s, from) in produced_shardings(space, r, k).iter().enumerate() {
                let to = TensorSharding { unreduced: Vec::new(), ..from.clone() };
                let weight = count(t, from, &to);
                if weight > 0 {
                    terms.push(Term::Node { node: NodeId::from_u32(node as u32), strategy: s, weight });
                }
            }
        }
    }
    terms
}
