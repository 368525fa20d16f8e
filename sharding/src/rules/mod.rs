//! Sharding rules as data, factor-based like Shardy's `OpShardingRuleAttr`.
//!
//! Every dimension of every operand and result is mapped to one or more *factors* (more than one where a
//! reshape merges dimensions, major to minor). A factor has a size and a kind:
//! - **pass-through**: sharding it shards every tensor dimension that holds it the same way, no
//!   communication;
//! - **reduction**: it appears in operands only (a contracted dimension); sharding it leaves each device
//!   with a partial result to be reduced;
//! - **need replication**: it must not be sharded (an indexed, windowed or sliced dimension).
//!
//! A rule prints in Shardy's syntax, e.g. a matmul:
//! `([i, k],[k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}`.

mod builder;
mod ops;
mod reshape;

pub use builder::RuleBuilder;
pub use ops::{manual_axes_used, rule_for, tie_rule};

use std::fmt;

/// What sharding a factor does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FactorKind {
    /// Shards every tensor dimension it maps to alike.
    PassThrough,
    /// Contracted: sharding it leaves partial results (summed, or max/min-reduced, across the axes).
    Reduction,
    /// Must stay unsharded.
    NeedReplication,
}

/// One factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Factor {
    /// Its size (the extent of the dimensions it maps to, or its share of a merged dimension).
    pub size: i64,
    /// What sharding it does.
    pub kind: FactorKind,
}

/// Factors of one tensor dimension, major to minor.
pub type DimFactors = Vec<usize>;

/// An op's sharding rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpRule {
    /// The factors.
    pub factors: Vec<Factor>,
    /// Per operand, per dimension: its factors.
    pub operands: Vec<Vec<DimFactors>>,
    /// Per result, per dimension: its factors.
    pub results: Vec<Vec<DimFactors>>,
}

impl OpRule {
    /// Factor names as Shardy prints them: i, j, k, ... z, then z_1, z_2, ...
    pub fn factor_name(f: usize) -> String {
        const LETTERS: &[u8] = b"ijklmnopqrstuvwxyz";
        match LETTERS.get(f) {
            Some(&c) => (c as char).to_string(),
            None => format!("z_{}", f + 1 - LETTERS.len()),
        }
    }

    /// Factors of a kind, in order.
    pub fn factors_of(&self, kind: FactorKind) -> Vec<usize> {
        (0..self.factors.len()).filter(|&f| self.factors[f].kind == kind).collect()
    }

    /// Does every tensor dimension's size equal the product of its factors' sizes?
    pub fn check_sizes(&self, operand_shapes: &[&[i64]], result_shapes: &[&[i64]]) -> Result<(), String> {
        let check = |what: &str, maps: &[Vec<DimFactors>], shapes: &[&[i64]]| -> Result<(), String> {
            if maps.len() != shapes.len() {
                return Err(format!("{} {what}s in the rule, {} in the op", maps.len(), shapes.len()));
            }
            for (t, (dims, shape)) in maps.iter().zip(shapes).enumerate() {
                if dims.len() != shape.len() {
                    return Err(format!("{what} {t}: rule rank {} but tensor rank {}", dims.len(), shape.len()));
                }
                for (d, (fs, &size)) in dims.iter().zip(shape.iter()).enumerate() {
                    let prod: i64 = fs.iter().map(|&f| self.factors[f].size).product();
                    if prod != size {
                        return Err(format!("{what} {t} dim {d}: factors multiply to {prod}, the dimension is {size}"));
                    }
                }
            }
            Ok(())
        };
        check("operand", &self.operands, operand_shapes)?;
        check("result", &self.results, result_shapes)
    }
}

fn tensors(f: &mut fmt::Formatter<'_>, ts: &[Vec<DimFactors>]) -> fmt::Result {
    f.write_str("(")?;
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        f.write_str("[")?;
        for (d, fs) in t.iter().enumerate() {
            if d > 0 {
                f.write_str(", ")?;
            }
            for &x in fs {
                f.write_str(&OpRule::factor_name(x))?;
            }
        }
        f.write_str("]")?;
    }
    f.write_str(")")
}

impl fmt::Display for OpRule {
    /// Shardy's syntax: `([i, k],[k, j])->([i, j]) {i=8, j=16, k=32} reduction={k}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tensors(f, &self.operands)?;
        f.write_str("->")?;
        tensors(f, &self.results)?;
        f.write_str(" {")?;
        for (i, fac) in self.factors.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}={}", OpRule::factor_name(i), fac.size)?;
        }
        f.write_str("}")?;
        for (kind, label) in [(FactorKind::Reduction, "reduction"), (FactorKind::NeedReplication, "need_replication")] {
            let fs = self.factors_of(kind);
            if !fs.is_empty() {
                let names: Vec<String> = fs.iter().map(|&x| OpRule::factor_name(x)).collect();
                write!(f, " {label}={{{}}}", names.join(", "))?;
            }
        }
        Ok(())
    }
}
