//! A small builder for [`OpRule`]s.

use super::{DimFactors, Factor, FactorKind, OpRule};

/// Builds a rule: add factors, then say which dimensions hold them.
#[derive(Clone, Debug)]
pub struct RuleBuilder {
    rule: OpRule,
}

impl RuleBuilder {
    /// A rule for tensors of these ranks, every dimension empty for now.
    pub fn new(operand_ranks: &[usize], result_ranks: &[usize]) -> RuleBuilder {
        RuleBuilder {
            rule: OpRule {
                factors: Vec::new(),
                operands: operand_ranks.iter().map(|&r| vec![DimFactors::new(); r]).collect(),
                results: result_ranks.iter().map(|&r| vec![DimFactors::new(); r]).collect(),
            },
        }
    }

    /// Add a factor; returns its index.
    pub fn factor(&mut self, size: i64, kind: FactorKind) -> usize {
        self.rule.factors.push(Factor { size, kind });
        self.rule.factors.len() - 1
    }

    /// Append factor `f` to operand `t`'s dimension `d` (minor-most so far).
    pub fn operand(&mut self, t: usize, d: usize, f: usize) -> &mut Self {
        if let Some(dim) = self.rule.operands.get_mut(t).and_then(|x| x.get_mut(d)) {
            dim.push(f);
        }
        self
    }

    /// Append factor `f` to result `t`'s dimension `d`.
    pub fn result(&mut self, t: usize, d: usize, f: usize) -> &mut Self {
        if let Some(dim) = self.rule.results.get_mut(t).and_then(|x| x.get_mut(d)) {
            dim.push(f);
        }
        self
    }

    /// Give every still-empty dimension of every tensor its own factor of `kind` with the dimension's
    /// size (from `operand_shapes` / `result_shapes`).
    pub fn fill_empty(&mut self, operand_shapes: &[&[i64]], result_shapes: &[&[i64]], kind: FactorKind) -> &mut Self {
        for (t, shape) in operand_shapes.iter().enumerate() {
            for (d, &size) in shape.iter().enumerate() {
                if self.rule.operands[t][d].is_empty() {
                    let f = self.factor(size, kind);
                    self.rule.operands[t][d].push(f);
                }
            }
        }
        for (t, shape) in result_shapes.iter().enumerate() {
            for (d, &size) in shape.iter().enumerate() {
                if self.rule.results[t][d].is_empty() {
                    let f = self.factor(size, kind);
                    self.rule.results[t][d].push(f);
                }
            }
        }
        self
    }

    /// The rule.
    pub fn build(self) -> OpRule {
        self.rule
    }
}
