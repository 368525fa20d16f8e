//! Shardy's `#sdy.op_sharding_rule<...>`: how an op's tensor dimensions map to factors, as a user
//! states it for a kernel (`custom_partitioning`'s `sharding_rule`, or a `custom_call` JAX exports with
//! one), so that automap shards the kernel as its author says instead of keeping it whole.
//!
//! The printed form, after Shardy's `OpShardingRuleAttr`:
//! `#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}, custom>`.
//! Factor names are `i` to `z`, then `z_1`, `z_2`, ...; a dimension may hold several factors, major
//! first (`[ij, k]`).

/// A parsed sharding rule: factors are numbered in the order the size list names them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpShardingRule {
    /// Each operand's dimensions, each a list of factor indices (major first).
    pub operands: Vec<Vec<Vec<usize>>>,
    /// Each result's dimensions.
    pub results: Vec<Vec<Vec<usize>>>,
    /// Each factor's size.
    pub sizes: Vec<i64>,
    /// Factors contracted by the op: sharding one leaves partial results.
    pub reduction: Vec<usize>,
    /// Factors that must stay unsharded (`need_replication`, and `permutation`, which moves data
    /// between shards, and `blocked_propagation`, which the author keeps out of propagation).
    pub replicated: Vec<usize>,
}

impl OpShardingRule {
    /// Parse the attribute's text, `#sdy.op_sharding_rule<...>` or only what is inside `<...>`.
    pub fn parse(text: &str) -> Result<OpShardingRule, String> {
        let body = text.trim();
        let body = body.strip_prefix("#sdy.op_sharding_rule").unwrap_or(body).trim();
        let body = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')).unwrap_or(body).trim();
        let (maps, rest) = body.split_once("->").ok_or("expected `(...)->(...)`")?;
        let rest = rest.trim_start();
        let close = rest.find(')').ok_or("expected `)` after the results")?;
        let (results_text, tail) = (&rest[..=close], &rest[close + 1..]);
        let open = tail.find('{').ok_or("expected the factor sizes `{i=.., ...}`")?;
        let end = tail[open..].find('}').ok_or("expected `}` after the factor sizes")? + open;
        let mut names: Vec<String> = Vec::new();
        let mut sizes = Vec::new();
        for entry in tail[open + 1..end].split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (name, size) = entry.split_once('=').ok_or_else(|| format!("expected `name=size`, found `{entry}`"))?;
            names.push(name.trim().to_string());
            sizes.push(
                size.trim().parse::<i64>().map_err(|_| format!("factor size `{}` is not an integer", size.trim()))?,
            );
        }
        let operands = tensors(maps, &names)?;
        let results = tensors(results_text, &names)?;
        let after = &tail[end + 1..];
        let list = |key: &str| -> Result<Vec<usize>, String> {
            let Some(at) = after.find(&format!("{key}={{")) else { return Ok(Vec::new()) };
            let list = &after[at + key.len() + 2..];
            let list = &list[..list.find('}').ok_or_else(|| format!("expected `}}` after {key}"))?];
            list.split(',').map(str::trim).filter(|n| !n.is_empty()).map(|n| index(n, &names)).collect()
        };
        let reduction = list("reduction")?;
        let mut replicated = list("need_replication")?;
        replicated.extend(list("permutation")?);
        replicated.extend(list("blocked_propagation")?);
        Ok(OpShardingRule { operands, results, sizes, reduction, replicated })
    }
}

/// `([i, j], [j, k])` → factor indices per dimension per tensor.
fn tensors(text: &str, names: &[String]) -> Result<Vec<Vec<Vec<usize>>>, String> {
    let text = text.trim();
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| format!("expected `(...)`, found `{text}`"))?;
    let mut out = Vec::new();
    let mut rest = inner;
    while let Some(open) = rest.find('[') {
        let close = rest[open..].find(']').ok_or("expected `]`")? + open;
        let dims = &rest[open + 1..close];
        let mut tensor = Vec::new();
        if !dims.trim().is_empty() {
            for dim in dims.split(',') {
                tensor.push(dim_factors(dim.trim(), names)?);
            }
        }
        out.push(tensor);
        rest = &rest[close + 1..];
    }
    Ok(out)
}

/// `ij` or `z_1k` → the factors of one dimension, major first.
fn dim_factors(dim: &str, names: &[String]) -> Result<Vec<usize>, String> {
    let bytes = dim.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        i += 1;
        if bytes.get(i) == Some(&b'_') {
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        out.push(index(&dim[start..i], names)?);
    }
    Ok(out)
}

fn index(name: &str, names: &[String]) -> Result<usize, String> {
    names.iter().position(|n| n == name).ok_or_else(|| format!("factor `{name}` has no size"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_matmul_rule_with_a_reduction() {
        let r = OpShardingRule::parse(
            "#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}, custom>",
        )
        .unwrap();
        assert_eq!(r.operands, vec![vec![vec![0], vec![1]], vec![vec![1], vec![2]]]);
        assert_eq!(r.results, vec![vec![vec![0], vec![2]]]);
        assert_eq!(r.sizes, vec![8, 16, 32]);
        assert_eq!(r.reduction, vec![1]);
        assert!(r.replicated.is_empty());
    }

    #[test]
    fn compound_dimensions_scalars_and_replicated_factors() {
        let r = OpShardingRule::parse(
            "([ij, k], [])->([ij, k], [i, z_1]) {i=4, j=2, k=8, z_1=3} need_replication={z_1} permutation={k}",
        )
        .unwrap();
        assert_eq!(r.operands, vec![vec![vec![0, 1], vec![2]], vec![]]);
        assert_eq!(r.results[1], vec![vec![0], vec![3]]);
        assert_eq!(r.replicated, vec![3, 2]);
    }

    #[test]
    fn a_factor_without_a_size_is_an_error() {
        let e = OpShardingRule::parse("([i, j])->([i, q]) {i=4, j=2}").unwrap_err();
        assert!(e.contains("`q`"), "{e}");
    }
}
