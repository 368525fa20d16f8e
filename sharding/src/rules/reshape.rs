//! Reshape as factors: both shapes are cut into common factors where their sizes allow (splitting and
//! merging dimensions, major to minor); what cannot be matched needs replication.

use super::{FactorKind, OpRule, RuleBuilder};

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The rule of `reshape` from `input` to `output` (row-major).
pub fn reshape_rule(input: &[i64], output: &[i64]) -> OpRule {
    let mut b = RuleBuilder::new(&[input.len()], &[output.len()]);
    let (mut i, mut j) = (0, 0);
    let (mut a_left, mut b_left) = (input.first().copied().unwrap_or(1), output.first().copied().unwrap_or(1));
    let total_in: i64 = input.iter().product();
    let total_out: i64 = output.iter().product();
    if total_in != total_out {
        b.fill_empty(&[input], &[output], FactorKind::NeedReplication);
        return b.build();
    }
    while i < input.len() && j < output.len() {
        if a_left == 1 {
            i += 1;
            a_left = input.get(i).copied().unwrap_or(1);
            continue;
        }
        if b_left == 1 {
            j += 1;
            b_left = output.get(j).copied().unwrap_or(1);
            continue;
        }
        // The next factor must be a whole prefix of what is left of both dimensions: only a size that
        // divides both and leaves the smaller one exhausted keeps row-major order.
        let g = gcd(a_left, b_left);
        if g == a_left.min(b_left) {
            let f = b.factor(g, FactorKind::PassThrough);
            b.operand(0, i, f).result(0, j, f);
            a_left /= g;
            b_left /= g;
        } else {
            // Sizes interleave (e.g. 6x4 → 4x6): the rest of both dimensions cannot be sharded alike.
            let fa = b.factor(a_left, FactorKind::NeedReplication);
            b.operand(0, i, fa);
            let fb = b.factor(b_left, FactorKind::NeedReplication);
            b.result(0, j, fb);
            a_left = 1;
            b_left = 1;
        }
    }
    b.fill_empty(&[input], &[output], FactorKind::PassThrough);
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_merges() {
        let r = reshape_rule(&[8, 32], &[8, 4, 8]);
        assert_eq!(r.to_string(), "([i, jk])->([i, j, k]) {i=8, j=4, k=8}");
        r.check_sizes(&[&[8, 32]], &[&[8, 4, 8]]).unwrap();
        let r = reshape_rule(&[2, 4, 16], &[8, 16]);
        assert_eq!(r.to_string(), "([i, j, k])->([ij, k]) {i=2, j=4, k=16}");
        let r = reshape_rule(&[1, 16], &[16]);
        r.check_sizes(&[&[1, 16]], &[&[16]]).unwrap();
        let r = reshape_rule(&[6, 4], &[4, 6]);
        r.check_sizes(&[&[6, 4]], &[&[4, 6]]).unwrap();
        assert!(!r.factors_of(FactorKind::NeedReplication).is_empty());
    }
}
