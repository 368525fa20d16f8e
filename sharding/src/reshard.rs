//! Resharding a tensor from one sharding to another: the collectives it takes, with bytes and time.
//!
//! Per mesh axis, comparing where the axis is in the source and the target sharding:
//!
//! | source \ target | not used | dimension d | unreduced |
//! |---|---|---|---|
//! | not used | — | local slice (free) | free (zeros off one device) |
//! | dimension d | all-gather | — (same d and place) or all-to-all | not possible |
//! | unreduced | all-reduce | reduce-scatter | — |
//!
//! Steps run cheapest first: local slices, reduce-scatters, all-to-alls, all-reduces, then all-gathers
//! (those that shrink data before those that grow it). Formulas (ARCHITECTURE.md), for an axis of `n`
//! devices, link bandwidth `bw` and latency `lat`, and `B` the bytes per device of the tensor unsharded
//! along that axis: all-gather and reduce-scatter `lat·(n−1) + B·(n−1)/n / bw`; all-reduce twice that
//! (a reduce-scatter then an all-gather); all-to-all `lat·(n−1) + B·(n−1)/n² / bw`. A change of an axis's
//! place within the same dimension is counted as an all-to-all on that axis. Axes that move together
//! from one dimension to another make one all-to-all over all their devices (as XLA emits it), named
//! `a,b`, at the lowest bandwidth and highest latency among them; so do axes gathered from one
//! dimension (one all-gather), while axes gathered from different dimensions take one all-gather each,
//! as XLA needs.

use crate::mesh::Mesh;
use automap_ir::TensorType;
use automap_ir::sharding::TensorSharding;
use std::fmt;

/// A collective's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CollectiveKind {
    /// Partial results summed and scattered.
    ReduceScatter,
    /// Shards exchanged between dimensions.
    AllToAll,
    /// Partial results summed everywhere.
    AllReduce,
    /// Shards gathered everywhere.
    AllGather,
}

impl fmt::Display for CollectiveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CollectiveKind::ReduceScatter => "reduce-scatter",
            CollectiveKind::AllToAll => "all-to-all",
            CollectiveKind::AllReduce => "all-reduce",
            CollectiveKind::AllGather => "all-gather",
        })
    }
}

/// One collective.
#[derive(Clone, Debug, PartialEq)]
pub struct Collective {
    /// Kind.
    pub kind: CollectiveKind,
    /// Mesh axis it runs over (axes, comma-separated, for an all-to-all that moves several).
    pub axis: String,
    /// `B`: bytes per device of the tensor unsharded along the axis.
    pub bytes: u64,
    /// Predicted seconds.
    pub seconds: f64,
}

/// Why a resharding is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReshardError {
    /// The target makes a sharded value partial.
    #[error("cannot turn an axis '{0}' that shards a dimension into an unreduced one")]
    ShardedToPartial(String),
    /// A sharding names an axis the mesh lacks.
    #[error("mesh has no axis '{0}'")]
    UnknownAxis(String),
}

/// Time of one collective of `kind` over an axis of `n` devices for `bytes` (B as above).
pub fn collective_seconds(kind: CollectiveKind, n: u32, bytes: u64, bw_bytes_per_s: f64, latency_s: f64) -> f64 {
    if n <= 1 {
        return 0.0;
    }
    let (n, b) = (f64::from(n), bytes as f64);
    let step = latency_s * (n - 1.0);
    match kind {
        CollectiveKind::AllGather | CollectiveKind::ReduceScatter => step + b * (n - 1.0) / n / bw_bytes_per_s,
        CollectiveKind::AllReduce => 2.0 * (step + b * (n - 1.0) / n / bw_bytes_per_s),
        CollectiveKind::AllToAll => step + b * (n - 1.0) / (n * n) / bw_bytes_per_s,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    None,
    Dim(usize, usize),
    Unreduced,
}

fn place(s: &TensorSharding, axis: &str) -> Place {
    for (d, dim) in s.dims.iter().enumerate() {
        if let Some(p) = dim.axes.iter().position(|a| a.name == axis) {
            return Place::Dim(d, p);
        }
    }
    if s.unreduced.iter().any(|a| a.name == axis) { Place::Unreduced } else { Place::None }
}

/// The collectives that move a tensor of type `ty` from `from` to `to` on `mesh`.
pub fn reshard(
    ty: &TensorType,
    from: &TensorSharding,
    to: &TensorSharding,
    mesh: &Mesh,
) -> Result<Vec<Collective>, ReshardError> {
    Ok(steps(ty, from, to, mesh)?
        .into_iter()
        .map(|s| Collective {
            kind: s.kind,
            axis: s.axes.iter().map(|&i| mesh.axes[i].name.as_str()).collect::<Vec<_>>().join(","),
            bytes: s.bytes,
            seconds: s.seconds,
        })
        .collect())
}

/// What [`reshard`]'s collectives take in all, in seconds, and whether there is any: the price alone,
/// for building the choice problem, where millions of reshardings are priced and none is named.
pub fn reshard_seconds(
    ty: &TensorType,
    from: &TensorSharding,
    to: &TensorSharding,
    mesh: &Mesh,
) -> Result<(f64, bool), ReshardError> {
    let steps = steps(ty, from, to, mesh)?;
    Ok((steps.iter().map(|s| s.seconds).sum(), !steps.is_empty()))
}

/// The shardings a resharding passes through between `from` and `to`, one after each of its steps
/// but the last, where the module should spell them out: when it moves an axis between dimensions
/// and takes more than one step (local slices counted as one). XLA's SPMD partitioner does a
/// resharding in one piece where it can (an all-to-all where the dimensions' shard counts swap, an
/// all-gather where the target is coarser); where it cannot, it gathers the whole tensor on every
/// device and slices it ("involuntary full rematerialization"): for instance `[{s}, {}, {x, y}]` to
/// `[{s, y}, {x}, {}]` with `x` and `y` of 16 devices. Written one step at a time, each piece is one
/// it can do, as the plan prices it. Empty otherwise, and for partial sums (XLA places their
/// reductions) or sub-axes.
pub fn waypoints(from: &TensorSharding, to: &TensorSharding, mesh: &Mesh) -> Vec<TensorSharding> {
    let plain = |s: &TensorSharding| s.unreduced.is_empty() && s.used_axes().all(|a| a.sub.is_none());
    if !plain(from) || !plain(to) || from.dims.len() != to.dims.len() {
        return Vec::new();
    }
    let Ok((steps, sliced)) = steps_of(from, to, mesh) else { return Vec::new() };
    let slices: Vec<(usize, usize)> = sliced
        .into_iter()
        .filter_map(|i| match place(to, &mesh.axes[i].name) {
            Place::Dim(td, _) => Some((i, td)),
            _ => None,
        })
        .collect();
    let moves = steps.iter().any(|s| s.0 == CollectiveKind::AllToAll);
    if !moves || steps.len() + usize::from(!slices.is_empty()) < 2 {
        return Vec::new();
    }
    // Each dimension's axes, by index in the mesh, as the steps leave them.
    let mut dims: Vec<Vec<usize>> = from
        .dims
        .iter()
        .map(|d| d.axes.iter().filter_map(|a| mesh.axes.iter().position(|m| m.name == a.name)).collect())
        .collect();
    let target_rank =
        |i: usize, d: usize| to.dims[d].axes.iter().position(|a| a.name == mesh.axes[i].name).unwrap_or(usize::MAX);
    // Into dimension `d`, after the last axis there that precedes it in the target.
    let insert = |dims: &mut Vec<Vec<usize>>, i: usize, d: usize| {
        let rank = target_rank(i, d);
        let at = dims[d].iter().rposition(|&j| target_rank(j, d) < rank).map_or(0, |p| p + 1);
        dims[d].insert(at, i);
    };
    let sharding = |dims: &[Vec<usize>]| TensorSharding {
        dims: dims
            .iter()
            .zip(&to.dims)
            .map(|(axes, d)| automap_ir::sharding::DimSharding {
                axes: axes.iter().map(|&i| automap_ir::sharding::AxisRef::new(mesh.axes[i].name.clone())).collect(),
                open: d.open,
            })
            .collect(),
        replicated: Vec::new(),
        ..to.clone()
    };
    let mut out = Vec::new();
    if !slices.is_empty() {
        for &(i, td) in &slices {
            insert(&mut dims, i, td);
        }
        out.push(sharding(&dims));
    }
    for (kind, axes) in &steps {
        for &i in axes {
            let sd = dims.iter().position(|d| d.contains(&i));
            if let Some(sd) = sd {
                dims[sd].retain(|&j| j != i);
            }
            if *kind == CollectiveKind::AllToAll
                && let Place::Dim(td, _) = place(to, &mesh.axes[i].name)
            {
                insert(&mut dims, i, td);
            }
        }
        // A step that leaves the layout as it was (an axis whose place in its dimension changes only
        // as others arrive) adds no waypoint.
        let next = sharding(&dims);
        if out.last() != Some(&next) {
            out.push(next);
        }
    }
    // The last step leaves the target itself.
    if out.last().is_some_and(|s| s.dims == to.dims) {
        out.pop();
    }
    out
}

/// One collective of a resharding, its axes by index in the mesh.
struct Step {
    kind: CollectiveKind,
    axes: Vec<usize>,
    bytes: u64,
    seconds: f64,
}

/// The collectives of [`reshard`] as (kind, axes by index in the mesh), in order, and the axes the
/// tensor is sliced along locally (before them).
type Ordered = (Vec<(CollectiveKind, Vec<usize>)>, Vec<usize>);

/// See [`Ordered`].
fn steps_of(from: &TensorSharding, to: &TensorSharding, mesh: &Mesh) -> Result<Ordered, ReshardError> {
    for a in from.used_axes().chain(to.used_axes()) {
        if mesh.axis(&a.name).is_none() {
            return Err(ReshardError::UnknownAxis(a.name.clone()));
        }
    }
    let mut steps: Vec<(u8, CollectiveKind, Vec<usize>)> = Vec::new();
    let mut slices = Vec::new();
    // All-to-alls by the (source, target) dimensions their axes move between.
    let mut moves: Vec<((usize, usize), Vec<usize>)> = Vec::new();
    // All-gathers by the dimension their axes leave.
    let mut gathers: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, a) in mesh.axes.iter().enumerate() {
        let (s, t) = (place(from, &a.name), place(to, &a.name));
        match (s, t) {
            _ if s == t => {}
            (Place::None, Place::Dim(..)) => slices.push(i),
            (Place::None, Place::Unreduced) => {}
            (Place::Dim(sd, _), Place::None) => match gathers.iter_mut().find(|g| g.0 == sd) {
                Some(g) => g.1.push(i),
                None => gathers.push((sd, vec![i])),
            },
            (Place::Dim(sd, _), Place::Dim(td, _)) => match moves.iter_mut().find(|m| m.0 == (sd, td) && sd != td) {
                Some(m) => m.1.push(i),
                None => moves.push(((sd, td), vec![i])),
            },
            (Place::Dim(..), Place::Unreduced) => return Err(ReshardError::ShardedToPartial(a.name.clone())),
            (Place::Unreduced, Place::None) => steps.push((3, CollectiveKind::AllReduce, vec![i])),
            (Place::Unreduced, Place::Dim(..)) => steps.push((1, CollectiveKind::ReduceScatter, vec![i])),
            (Place::Unreduced, Place::Unreduced) | (Place::None, Place::None) => {}
        }
    }
    steps.extend(moves.into_iter().map(|(_, axes)| (2, CollectiveKind::AllToAll, axes)));
    steps.extend(gathers.into_iter().map(|(_, axes)| (4, CollectiveKind::AllGather, axes)));
    steps.sort_by(|a, b| (a.0, &a.2).cmp(&(b.0, &b.2)));
    Ok((steps.into_iter().map(|(_, kind, axes)| (kind, axes)).collect(), slices))
}

/// The collectives of [`reshard`], in order.
fn steps(ty: &TensorType, from: &TensorSharding, to: &TensorSharding, mesh: &Mesh) -> Result<Vec<Step>, ReshardError> {
    let (steps, slices) = steps_of(from, to, mesh)?;
    let sharded: u64 = mesh
        .axes
        .iter()
        .filter(|a| matches!(place(from, &a.name), Place::Dim(..)))
        .map(|a| u64::from(a.size))
        .product();
    let mut per_device = ty.byte_size() / sharded.max(1);
    for i in slices {
        per_device /= u64::from(mesh.axes[i].size).max(1);
    }
    let mut out = Vec::with_capacity(steps.len());
    for (kind, axes) in steps {
        let group = || axes.iter().map(|&i| &mesh.axes[i]);
        let size: u32 = group().map(|a| a.size).product();
        let n = u64::from(size);
        let bw = group().map(|a| mesh.achieved_link_bytes_per_s(a)).fold(f64::INFINITY, f64::min);
        let lat = group().map(|a| a.latency_s()).fold(0.0, f64::max);
        let bytes = match kind {
            CollectiveKind::ReduceScatter | CollectiveKind::AllReduce => per_device,
            CollectiveKind::AllToAll | CollectiveKind::AllGather => per_device * n,
        };
        let seconds = collective_seconds(kind, size, bytes, bw, lat);
        match kind {
            CollectiveKind::ReduceScatter => per_device /= n.max(1),
            CollectiveKind::AllGather => per_device *= n,
            CollectiveKind::AllToAll | CollectiveKind::AllReduce => {}
        }
        out.push(Step { kind, axes, bytes, seconds });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn mesh() -> Mesh {
        Mesh::parse(
            "name: t\naxes:\n  - name: data\n    size: 2\n    bandwidth_gb_per_s: 50\n    latency_us: 10\n  - name: model\n    size: 4\n    bandwidth_gb_per_s: 100\n    latency_us: 1\ndevice:\n  memory_gib: 16\n  hbm_gb_per_s: 1000\n  peak_tflops: {f32: 100}\n",
            "t.yaml",
        )
        .unwrap()
    }

    fn sh(text: &str) -> TensorSharding {
        TensorSharding::parse(text).unwrap()
    }

    const T: &str = "1024x1024xf32"; // 4 MiB

    fn ty() -> TensorType {
        TensorType::parse_body(T).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 + 1e-9 * b.abs()
    }

    #[test]
    fn hand_computed_collectives() {
        let m = mesh();
        // All-gather over model (n=4, 100 GB/s, 1 µs): B = 4 MiB; 3 µs + 4194304·3/4 / 1e11 s.
        let c = reshard(&ty(), &sh(r#"#sdy.sharding<@m, [{"model"}, {}]>"#), &sh("#sdy.sharding<@m, [{}, {}]>"), &m)
            .unwrap();
        assert_eq!((c.len(), c[0].kind, c[0].bytes), (1, CollectiveKind::AllGather, 4_194_304));
        assert!(close(c[0].seconds, 3e-6 + 4_194_304.0 * 0.75 / 1e11), "{}", c[0].seconds);
        // Reduce-scatter from a partial sum: the same time.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{}, {}], unreduced={"model"}>"#),
            &sh(r#"#sdy.sharding<@m, [{"model"}, {}]>"#),
            &m,
        )
        .unwrap();
        assert_eq!((c[0].kind, c[0].bytes), (CollectiveKind::ReduceScatter, 4_194_304));
        assert!(close(c[0].seconds, 3e-6 + 4_194_304.0 * 0.75 / 1e11));
        // All-reduce: twice that.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{}, {}], unreduced={"model"}>"#),
            &sh("#sdy.sharding<@m, [{}, {}]>"),
            &m,
        )
        .unwrap();
        assert_eq!(c[0].kind, CollectiveKind::AllReduce);
        assert!(close(c[0].seconds, 2.0 * (3e-6 + 4_194_304.0 * 0.75 / 1e11)));
        // All-to-all moving model from dim 0 to dim 1: 3 µs + 4194304·3/16 / 1e11.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{"model"}, {}]>"#),
            &sh(r#"#sdy.sharding<@m, [{}, {"model"}]>"#),
            &m,
        )
        .unwrap();
        assert_eq!((c[0].kind, c[0].bytes), (CollectiveKind::AllToAll, 4_194_304));
        assert!(close(c[0].seconds, 3e-6 + 4_194_304.0 * 3.0 / 16.0 / 1e11));
        // Gathering model while data stays: B is the data-sharded tensor (2 MiB) on the model axis.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{"data"}, {"model"}]>"#),
            &sh(r#"#sdy.sharding<@m, [{"data"}, {}]>"#),
            &m,
        )
        .unwrap();
        assert_eq!(c[0].bytes, 2_097_152);
        // Slicing is free; making a sharded value partial is impossible.
        assert!(
            reshard(
                &ty(),
                &sh("#sdy.sharding<@m, [{}, {}]>"),
                &sh(r#"#sdy.sharding<@m, [{"data", "model"}, {}]>"#),
                &m
            )
            .unwrap()
            .is_empty()
        );
        assert!(
            reshard(
                &ty(),
                &sh(r#"#sdy.sharding<@m, [{"model"}, {}]>"#),
                &sh(r#"#sdy.sharding<@m, [{}, {}], unreduced={"model"}>"#),
                &m
            )
            .is_err()
        );
    }

    #[test]
    fn axes_moving_together_make_one_all_to_all() {
        let m = mesh();
        // Both axes leave dimension 0 for dimension 1: one all-to-all over all 8 devices, at the data
        // axis's lower bandwidth and higher latency.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{"data", "model"}, {}]>"#),
            &sh(r#"#sdy.sharding<@m, [{}, {"data", "model"}]>"#),
            &m,
        )
        .unwrap();
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!((c[0].kind, c[0].axis.as_str(), c[0].bytes), (CollectiveKind::AllToAll, "data,model", 4_194_304));
        let want = collective_seconds(CollectiveKind::AllToAll, 8, 4_194_304, 50e9, 10e-6);
        assert!(close(c[0].seconds, want), "{} vs {want}", c[0].seconds);
        // Axes that go to different dimensions move apart.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{"data"}, {"model"}]>"#),
            &sh(r#"#sdy.sharding<@m, [{"model"}, {"data"}]>"#),
            &m,
        )
        .unwrap();
        assert_eq!(c.len(), 2, "{c:?}");
    }

    #[test]
    fn axes_gathered_from_one_dimension_make_one_all_gather_and_from_two_one_each() {
        let m = mesh();
        let one = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{"data", "model"}, {}]>"#),
            &sh("#sdy.sharding<@m, [{}, {}]>"),
            &m,
        )
        .unwrap();
        assert_eq!(one.len(), 1, "{one:?}");
        assert_eq!(
            (one[0].kind, one[0].axis.as_str(), one[0].bytes),
            (CollectiveKind::AllGather, "data,model", 4_194_304)
        );
        let two =
            reshard(&ty(), &sh(r#"#sdy.sharding<@m, [{"data"}, {"model"}]>"#), &sh("#sdy.sharding<@m, [{}, {}]>"), &m)
                .unwrap();
        let kinds: Vec<(CollectiveKind, &str)> = two.iter().map(|c| (c.kind, c.axis.as_str())).collect();
        assert_eq!(kinds, [(CollectiveKind::AllGather, "data"), (CollectiveKind::AllGather, "model")]);
    }

    #[test]
    fn shrinking_steps_come_first() {
        let m = mesh();
        // Partial over data, sharded on model: gather model after reduce-scattering data.
        let c = reshard(
            &ty(),
            &sh(r#"#sdy.sharding<@m, [{}, {"model"}], unreduced={"data"}>"#),
            &sh(r#"#sdy.sharding<@m, [{"data"}, {}]>"#),
            &m,
        )
        .unwrap();
        let kinds: Vec<CollectiveKind> = c.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [CollectiveKind::ReduceScatter, CollectiveKind::AllGather]);
        assert_eq!(c[0].bytes, 1_048_576, "4 MiB / 4 (model) on the data axis");
        assert_eq!(c[1].bytes, 2_097_152, "after the scatter: 4 MiB / 2 (data), gathered over model");
    }

    fn three_axes() -> Mesh {
        Mesh::parse(
            "name: t\naxes:\n  - {name: s, size: 2, bandwidth_gb_per_s: 25, latency_us: 10}\n  - {name: x, size: 16, bandwidth_gb_per_s: 50, latency_us: 1}\n  - {name: y, size: 16, bandwidth_gb_per_s: 50, latency_us: 1}\ndevice:\n  memory_gib: 16\n  hbm_gb_per_s: 1000\n  peak_tflops: {bf16: 100}\n",
            "t.yaml",
        )
        .unwrap()
    }

    fn written(chain: &[TensorSharding]) -> Vec<String> {
        chain.iter().map(|s| s.to_string()).collect()
    }

    /// The resharding XLA did by gathering a 70B model's hidden states whole on every chip: two axes
    /// leave one dimension for two others. Spelled out, it passes through the sharding after the
    /// first move, each piece one all-to-all.
    #[test]
    fn two_moves_pass_through_the_sharding_between_them() {
        let m = three_axes();
        let (from, to) =
            (sh(r#"#sdy.sharding<@m, [{"s"}, {}, {"x", "y"}]>"#), sh(r#"#sdy.sharding<@m, [{"s", "y"}, {"x"}, {}]>"#));
        assert_eq!(written(&waypoints(&from, &to, &m)), [r#"#sdy.sharding<@m, [{"s"}, {"x"}, {"y"}]>"#]);
        // A slice before a move: the sliced axis first, in its place in the target.
        let (from, to) = (sh(r#"#sdy.sharding<@m, [{}, {}, {"x"}]>"#), sh(r#"#sdy.sharding<@m, [{"x"}, {"y"}, {}]>"#));
        assert_eq!(written(&waypoints(&from, &to, &m)), [r#"#sdy.sharding<@m, [{}, {"y"}, {"x"}]>"#]);
        // A move, then a gather: the move first (it moves less).
        let (from, to) =
            (sh(r#"#sdy.sharding<@m, [{}, {}, {"x", "y"}]>"#), sh(r#"#sdy.sharding<@m, [{"x"}, {}, {}]>"#));
        assert_eq!(written(&waypoints(&from, &to, &m)), [r#"#sdy.sharding<@m, [{"x"}, {}, {"y"}]>"#]);
        // In the steps' order (by axis): s moves in before y leaves, ahead of it as the target has no
        // y there; x's place in dimension 0 changes only as y arrives, which adds no waypoint.
        let (from, to) =
            (sh(r#"#sdy.sharding<@m, [{"x"}, {"y"}, {"s"}]>"#), sh(r#"#sdy.sharding<@m, [{"y", "x"}, {"s"}, {}]>"#));
        assert_eq!(written(&waypoints(&from, &to, &m)), [r#"#sdy.sharding<@m, [{"x"}, {"s", "y"}, {}]>"#]);
    }

    #[test]
    fn one_step_or_no_move_needs_no_waypoint() {
        let m = three_axes();
        let none = |a: &str, b: &str| waypoints(&sh(a), &sh(b), &m).is_empty();
        // One all-to-all (axes moving together count as one).
        assert!(none(r#"#sdy.sharding<@m, [{}, {}, {"x", "y"}]>"#, r#"#sdy.sharding<@m, [{"x", "y"}, {}, {}]>"#));
        assert!(none(r#"#sdy.sharding<@m, [{"s"}, {"x"}, {"y"}]>"#, r#"#sdy.sharding<@m, [{"s"}, {"x", "y"}, {}]>"#));
        // Gathers and slices only: XLA does them in one piece.
        assert!(none(r#"#sdy.sharding<@m, [{"s"}, {"x"}, {"y"}]>"#, r#"#sdy.sharding<@m, [{}, {}, {}]>"#));
        assert!(none(r#"#sdy.sharding<@m, [{"s"}, {"x"}, {}]>"#, r#"#sdy.sharding<@m, [{}, {}, {"y"}]>"#));
        // Partial sums are left to XLA.
        assert!(none(
            r#"#sdy.sharding<@m, [{}, {}, {"x"}], unreduced={"y"}>"#,
            r#"#sdy.sharding<@m, [{"x"}, {"y"}, {}]>"#
        ));
    }

    /// A sharding of a rank-3 tensor on [`three_axes`]: each axis unused or in a dimension, in an order.
    fn arb_three() -> impl Strategy<Value = TensorSharding> {
        (proptest::collection::vec(0u8..4, 3), proptest::collection::vec(0u8..8, 3)).prop_map(|(dim, key)| {
            let mut s = TensorSharding::replicated("m", 3);
            let mut axes: Vec<(u8, u8, &str)> =
                ["s", "x", "y"].iter().enumerate().map(|(i, a)| (key[i], dim[i], *a)).collect();
            axes.sort();
            for (_, d, a) in axes {
                if d < 3 {
                    s.dims[usize::from(d)].axes.push(automap_ir::sharding::AxisRef::new(a));
                }
            }
            s
        })
    }

    proptest! {
        /// Spelled out, a resharding that moves an axis to another dimension is pieces of one step
        /// each (local slices, or one collective), ending at the target.
        #[test]
        fn every_piece_between_waypoints_is_one_step(from in arb_three(), to in arb_three()) {
            let m = three_axes();
            let mut chain = vec![from.clone()];
            chain.extend(waypoints(&from, &to, &m));
            chain.push(to.clone());
            // An axis whose place in its dimension changes as others arrive or leave is not a step.
            let dim_of = |s: &TensorSharding, i: usize| match place(s, &m.axes[i].name) {
                Place::Dim(d, _) => Some(d),
                _ => None,
            };
            for pair in chain.windows(2) {
                let (steps, slices) = steps_of(&pair[0], &pair[1], &m).unwrap();
                // Steps that move data: collectives, but an all-to-all only where an axis changes
                // dimension.
                let moves = |axes: &[usize]| axes.iter().any(|&i| dim_of(&pair[0], i) != dim_of(&pair[1], i));
                let real: Vec<_> =
                    steps.iter().filter(|(kind, axes)| *kind != CollectiveKind::AllToAll || moves(axes)).collect();
                let moved = real.iter().any(|(kind, _)| *kind == CollectiveKind::AllToAll);
                prop_assert!(
                    !moved || real.len() + usize::from(!slices.is_empty()) <= 1,
                    "{} -> {}: {steps:?}, slices {slices:?}", pair[0], pair[1]
                );
            }
        }
    }

    fn arb_sharding() -> impl Strategy<Value = TensorSharding> {
        // Each axis: unused, dim 0, dim 1, or unreduced.
        (0u8..4, 0u8..4).prop_map(|(d, m)| {
            let mut s = TensorSharding::replicated("m", 2);
            for (axis, p) in [("data", d), ("model", m)] {
                match p {
                    1 => s.dims[0].axes.push(automap_ir::sharding::AxisRef::new(axis)),
                    2 => s.dims[1].axes.push(automap_ir::sharding::AxisRef::new(axis)),
                    3 => s.unreduced.push(automap_ir::sharding::AxisRef::new(axis)),
                    _ => {}
                }
            }
            s
        })
    }

    proptest! {
        #[test]
        fn resharding_to_itself_is_free(s in arb_sharding()) {
            prop_assert!(reshard(&ty(), &s, &s, &mesh()).unwrap().is_empty());
        }

        #[test]
        fn the_price_alone_is_the_collectives_summed(a in arb_sharding(), b in arb_sharding()) {
            let (full, price) = (reshard(&ty(), &a, &b, &mesh()), reshard_seconds(&ty(), &a, &b, &mesh()));
            match (full, price) {
                (Ok(cs), Ok((seconds, any))) => {
                    prop_assert_eq!(seconds, cs.iter().map(|c| c.seconds).sum::<f64>());
                    prop_assert_eq!(any, !cs.is_empty());
                }
                (Err(e), Err(f)) => prop_assert_eq!(e, f),
                (full, price) => prop_assert!(false, "reshard {:?}, reshard_seconds {:?}", full, price),
            }
        }

        #[test]
        fn every_collective_takes_positive_time_and_bytes(a in arb_sharding(), b in arb_sharding()) {
            if let Ok(cs) = reshard(&ty(), &a, &b, &mesh()) {
                for c in cs {
                    prop_assert!(c.seconds > 0.0 && c.bytes > 0);
                }
            }
        }
    }
}
