//! Strategy enumeration: the ways an op can be sharded on an N-D mesh, from its rule.
//!
//! A strategy assigns each mesh axis to at most one factor of the op's rule. Pruning rule (what is
//! enumerated):
//! 1. only pass-through and reduction factors take axes; need-replication factors never do;
//! 2. a factor's size must be divisible by the product of the sizes of the axes it takes;
//! 3. the axes of one factor are taken in mesh order (major to minor), so each set of axes appears once;
//! 4. a factor that is not the major-most of some tensor dimension may take axes only if every factor
//!    before it in that dimension is fully sharded (otherwise the dimension's layout would be strided);
//! 5. at most [`MAX_STRATEGIES`] strategies per op, fewest sharded axes first (replicated is always first);
//!    an op with more keeps some of every count of sharded axes (`cap`): on a mesh of many axes, the
//!    strategies that shard over all of them are the leanest in memory, and a cut that kept only the
//!    least sharded ones would leave a large value (a scan's stacked residuals, say) no way to fit.

use crate::mesh::Mesh;
use crate::rules::{FactorKind, OpRule};
use automap_ir::sharding::{AxisRef, DimSharding, TensorSharding};

/// Most strategies kept per op.
pub const MAX_STRATEGIES: usize = 256;

/// One strategy: for each mesh axis (in mesh order), the factor it shards, if any.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strategy {
    /// `axis_factor[a]`: the factor mesh axis `a` shards.
    pub axis_factor: Vec<Option<usize>>,
}

impl Strategy {
    /// The axes (indices, in mesh order) sharding factor `f`.
    pub fn axes_of(&self, f: usize) -> Vec<usize> {
        (0..self.axis_factor.len()).filter(|&a| self.axis_factor[a] == Some(f)).collect()
    }

    /// Number of distinct factors sharded.
    pub fn distinct_factors(&self) -> usize {
        let mut fs: Vec<usize> = self.axis_factor.iter().flatten().copied().collect();
        fs.sort_unstable();
        fs.dedup();
        fs.len()
    }

    /// Number of mesh axes in use.
    pub fn used(&self) -> usize {
        self.axis_factor.iter().filter(|f| f.is_some()).count()
    }

    /// The sharding this strategy gives tensor `dims` (one factor list per dimension); axes on reduction
    /// factors that do not appear in the tensor make it unreduced (a partial result) when `partial`.
    pub fn sharding(
        &self,
        rule: &OpRule,
        mesh: &Mesh,
        mesh_name: &str,
        dims: &[Vec<usize>],
        partial: bool,
    ) -> TensorSharding {
        let dims_out: Vec<DimSharding> = dims
            .iter()
            .map(|fs| DimSharding {
                axes: fs
                    .iter()
                    .flat_map(|&f| self.axes_of(f))
                    .map(|a| AxisRef::new(mesh.axes[a].name.clone()))
                    .collect(),
                open: false,
            })
            .collect();
        let present: Vec<usize> = dims.iter().flatten().copied().collect();
        let unreduced = if partial {
            (0..self.axis_factor.len())
                .filter(|&a| {
                    self.axis_factor[a]
                        .is_some_and(|f| rule.factors[f].kind == FactorKind::Reduction && !present.contains(&f))
                })
                .map(|a| AxisRef::new(mesh.axes[a].name.clone()))
                .collect()
        } else {
            Vec::new()
        };
        TensorSharding { mesh: mesh_name.to_string(), dims: dims_out, replicated: Vec::new(), unreduced }
    }
}

/// Every strategy of an op with `rule` on `mesh`, by the pruning rule above.
pub fn enumerate(rule: &OpRule, mesh: &Mesh) -> Vec<Strategy> {
    let shardable: Vec<usize> = (0..rule.factors.len())
        .filter(|&f| rule.factors[f].kind != FactorKind::NeedReplication && rule.factors[f].size > 1)
        .collect();
    let n_axes = mesh.axes.len();
    let mut out = Vec::new();
    let mut cur = vec![None; n_axes];
    fn rec(
        a: usize,
        cur: &mut Vec<Option<usize>>,
        shardable: &[usize],
        rule: &OpRule,
        mesh: &Mesh,
        out: &mut Vec<Strategy>,
    ) {
        if a == cur.len() {
            let s = Strategy { axis_factor: cur.clone() };
            if valid(&s, rule, mesh) {
                out.push(s);
            }
            return;
        }
        cur[a] = None;
        rec(a + 1, cur, shardable, rule, mesh, out);
        for &f in shardable {
            cur[a] = Some(f);
            rec(a + 1, cur, shardable, rule, mesh, out);
        }
        cur[a] = None;
    }
    rec(0, &mut cur, &shardable, rule, mesh, &mut out);
    cap(out, n_axes, MAX_STRATEGIES)
}

/// At most `max` of `all`, ordered by the count of axes they shard (stable). Where there are more, each
/// count gets an equal share of `max` (a count with fewer than its share passes the rest on to the
/// others), filled with that count's simplest strategies: fewest distinct factors sharded first (all
/// axes on the batch before the batch and the sequence split), then in enumeration order.
fn cap(mut all: Vec<Strategy>, n_axes: usize, max: usize) -> Vec<Strategy> {
    all.sort_by_key(Strategy::used);
    if all.len() <= max {
        return all;
    }
    let mut levels: Vec<Vec<Strategy>> = vec![Vec::new(); n_axes + 1];
    for s in all {
        let u = s.used();
        levels[u].push(s);
    }
    // Shares: the smallest levels first, each at most an equal part of what is left.
    let mut order: Vec<usize> = (0..levels.len()).filter(|&l| !levels[l].is_empty()).collect();
    order.sort_by_key(|&l| levels[l].len());
    let mut share = vec![0usize; levels.len()];
    let mut left = max;
    for (i, &l) in order.iter().enumerate() {
        share[l] = levels[l].len().min(left / (order.len() - i));
        left -= share[l];
    }
    let mut out = Vec::with_capacity(max);
    for (l, mut level) in levels.into_iter().enumerate() {
        level.sort_by_key(Strategy::distinct_factors);
        out.extend(level.into_iter().take(share[l]));
    }
    out
}

fn sharded_size(s: &Strategy, f: usize, mesh: &Mesh) -> i64 {
    s.axes_of(f).iter().map(|&a| i64::from(mesh.axes[a].size)).product()
}

fn valid(s: &Strategy, rule: &OpRule, mesh: &Mesh) -> bool {
    // Divisibility.
    for f in 0..rule.factors.len() {
        let k = sharded_size(s, f, mesh);
        if k > 1 && rule.factors[f].size % k != 0 {
            return false;
        }
    }
    // A minor factor of a dimension is sharded only after the more major ones are fully sharded.
    for t in rule.operands.iter().chain(&rule.results) {
        for dim in t {
            for (i, &f) in dim.iter().enumerate() {
                if sharded_size(s, f, mesh) > 1
                    && dim[..i].iter().any(|&g| sharded_size(s, g, mesh) != rule.factors[g].size)
                {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_strategies_of_every_count_of_axes() {
        // A rank-4 value on a 4-axis mesh (a scan's stacked residuals on a multi-slice pod): 625
        // strategies, more than the cap; those over all four axes (the leanest) must survive it.
        let m = mesh(&[("a", 4), ("b", 4), ("c", 4), ("d", 8)]);
        let rule = crate::rules::tie_rule(&[80, 512, 4096, 8192], 1);
        let all = enumerate(&rule, &m);
        assert_eq!(all.len(), MAX_STRATEGIES);
        assert_eq!(all[0].used(), 0, "replicated first");
        assert!(all.windows(2).all(|w| w[0].used() <= w[1].used()));
        for used in 0..=4 {
            assert!(all.iter().any(|s| s.used() == used), "no strategy over {used} axes");
        }
        // The batch dimension (512) over the whole mesh, the leanest sharding of this value.
        assert!(all.iter().any(|s| s.axis_factor.iter().all(|&f| f == Some(1))), "batch over all axes is kept");
    }
    use crate::rules::RuleBuilder;

    fn mesh(axes: &[(&str, u32)]) -> Mesh {
        let mut yaml = String::from("name: t\naxes:\n");
        for (n, s) in axes {
            yaml.push_str(&format!("  - name: {n}\n    size: {s}\n    bandwidth_gb_per_s: 100\n    latency_us: 1\n"));
        }
        yaml.push_str("device:\n  memory_gib: 16\n  hbm_gb_per_s: 1000\n  peak_tflops: {f32: 100}\n");
        Mesh::parse(&yaml, "t.yaml").unwrap()
    }

    fn matmul(m: i64, k: i64, n: i64) -> OpRule {
        let mut b = RuleBuilder::new(&[2, 2], &[2]);
        let (i, j, kk) = (
            b.factor(m, FactorKind::PassThrough),
            b.factor(n, FactorKind::PassThrough),
            b.factor(k, FactorKind::Reduction),
        );
        b.operand(0, 0, i).operand(0, 1, kk).operand(1, 0, kk).operand(1, 1, j).result(0, 0, i).result(0, 1, j);
        b.build()
    }

    #[test]
    fn matmul_on_a_1d_mesh_has_four_strategies() {
        let r = matmul(8, 32, 16);
        let s = enumerate(&r, &mesh(&[("model", 4)]));
        assert_eq!(s.len(), 4, "replicated, and one per factor");
        let m = mesh(&[("model", 4)]);
        let shown: Vec<String> = s
            .iter()
            .map(|st| {
                format!(
                    "{} {} -> {}",
                    st.sharding(&r, &m, "mesh", &r.operands[0], false),
                    st.sharding(&r, &m, "mesh", &r.operands[1], false),
                    st.sharding(&r, &m, "mesh", &r.results[0], true)
                )
            })
            .collect();
        assert_eq!(
            shown[0],
            r#"#sdy.sharding<@mesh, [{}, {}]> #sdy.sharding<@mesh, [{}, {}]> -> #sdy.sharding<@mesh, [{}, {}]>"#
        );
        assert!(shown.contains(&r#"#sdy.sharding<@mesh, [{}, {"model"}]> #sdy.sharding<@mesh, [{"model"}, {}]> -> #sdy.sharding<@mesh, [{}, {}], unreduced={"model"}>"#.to_string()), "{shown:#?}");
    }

    #[test]
    fn divisibility_and_one_use_per_axis() {
        let r = matmul(6, 32, 16);
        let m = mesh(&[("data", 2), ("model", 4)]);
        for s in enumerate(&r, &m) {
            for f in 0..r.factors.len() {
                let k = sharded_size(&s, f, &m);
                assert_eq!(r.factors[f].size % k, 0);
            }
            for t in r.operands.iter().chain(&r.results) {
                let sh = s.sharding(&r, &m, "mesh", t, true);
                sh.check_axes_unique().unwrap();
            }
        }
        // 6 is not divisible by 4: the first factor never takes "model" alone.
        assert!(enumerate(&r, &m).iter().all(|s| s.axis_factor[1] != Some(0)));
    }

    #[test]
    fn matmul_compute_cost_under_each_strategy() {
        // 8x32 @ 32x16 f32 on model=4 with 100 TFLOP/s and 1000 GB/s: memory-bound.
        let r = matmul(8, 32, 16);
        let m = mesh(&[("model", 4)]);
        let src = "func.func @main(%a: tensor<8x32xf32>, %b: tensor<32x16xf32>) -> tensor<8x16xf32> {\n  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>\n  return %0 : tensor<8x16xf32>\n}\n";
        let module = automap_ir::parse_module(src).unwrap();
        let op = module.body[0];
        let costs: Vec<(f64, f64, f64)> = enumerate(&r, &m)
            .iter()
            .map(|s| {
                let c = crate::op_cost::compute_cost(&module, op, &r, s, &m, &crate::op_cost::Traffic::ALONE);
                (c.flops, c.bytes, c.seconds)
            })
            .collect();
        // Replicated: 2·8·16·32 FLOPs; (256 + 512 + 128)·4 bytes.
        assert_eq!(costs[0], (8192.0, 3584.0, 3584.0 / 1e12));
        // Rows (i) sharded: lhs and output split by 4, rhs whole.
        assert_eq!(costs[1], (2048.0, 1024.0 / 4.0 + 2048.0 + 512.0 / 4.0, (256.0 + 2048.0 + 128.0) / 1e12));
        // Columns (j) sharded: rhs and output split.
        assert_eq!(costs[2], (2048.0, 1024.0 + 2048.0 / 4.0 + 128.0, (1024.0 + 512.0 + 128.0) / 1e12));
        // Contraction (k) sharded: both operands split, a full-size partial output.
        assert_eq!(costs[3], (2048.0, 256.0 + 512.0 + 512.0, 1280.0 / 1e12));
    }

    proptest::proptest! {
        #[test]
        fn enumerated_strategies_divide_and_use_each_axis_once(m_ in 1i64..64, k in 1i64..64, n in 1i64..64, a in 1u32..5, b in 1u32..5) {
            let r = matmul(m_, k, n);
            let msh = mesh(&[("data", a), ("model", b)]);
            for s in enumerate(&r, &msh) {
                for f in 0..r.factors.len() {
                    proptest::prop_assert_eq!(r.factors[f].size % sharded_size(&s, f, &msh), 0);
                }
                for t in r.operands.iter().chain(&r.results) {
                    proptest::prop_assert!(s.sharding(&r, &msh, "mesh", t, true).check_axes_unique().is_ok());
                }
            }
        }
    }
}
