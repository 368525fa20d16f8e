//! The compact linearization of one edge for the MIP: strategies whose costs along the edge are equal
//! up to a constant share their pair variables.
//!
//! An edge's cost is written `c[s,t] = row_shift[s] + col_shift[t] + pattern[g(s)][h(t)]`: each row
//! loses its lowest affordable cost, rows left equal form one group `g`; then each column of the grouped
//! rows loses its lowest cost, and columns left equal form one group `h`. The shifts become node costs.
//! The pair variables `y[g,h]` stand for "the `from` end takes a strategy of group `g` and the `to` end
//! one of group `h`", with `Σ_h y[g,h] = Σ_{s∈g} x[s]` and `Σ_g y[g,h] = Σ_{t∈h} x[t]`: exact for
//! integer `x`, with `G × H` variables instead of `m × n`. The LP relaxation is no weaker: splitting
//! `y[g,h]` in proportion, `y[s,t] = y[g,h] · x[s]/X[g] · x[t]/X[h]` (with `X` the group sums), gives the
//! full marginal linearization's variables at the same cost.

use crate::problem::Cost;
use crate::problem::FORBIDDEN_COST;
use std::collections::HashMap;

/// A cost matrix with forbidden pairs as `None`.
type Matrix = Vec<Vec<Option<i128>>>;

/// One edge's grouped costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeBlock {
    /// Per strategy of the `from` end: its group.
    pub row_group: Vec<usize>,
    /// Per strategy of the `from` end: the cost moved into its node cost.
    pub row_shift: Vec<i128>,
    /// Per strategy of the `to` end: its group.
    pub col_group: Vec<usize>,
    /// Per strategy of the `to` end: the cost moved into its node cost.
    pub col_shift: Vec<i128>,
    /// Per row group, per column group: the remaining cost, or `None` for a forbidden pair.
    pub pattern: Matrix,
}

/// Shift every row of `m` by its lowest affordable entry and merge equal rows: (group per row, shift per
/// row, the distinct shifted rows).
fn group_rows(m: &Matrix) -> (Vec<usize>, Vec<i128>, Matrix) {
    let mut ids: HashMap<&[Option<i128>], usize> = HashMap::new();
    let mut shifted: Matrix = Vec::with_capacity(m.len());
    let mut shift = Vec::with_capacity(m.len());
    for row in m {
        let low = row.iter().flatten().copied().min().unwrap_or(0);
        shifted.push(row.iter().map(|c| c.map(|c| c - low)).collect());
        shift.push(low);
    }
    let mut group = Vec::with_capacity(m.len());
    let mut distinct: Vec<usize> = Vec::new();
    for (s, row) in shifted.iter().enumerate() {
        let next = ids.len();
        let g = *ids.entry(row.as_slice()).or_insert(next);
        if g == next {
            distinct.push(s);
        }
        group.push(g);
    }
    let rows = distinct.iter().map(|&s| shifted[s].clone()).collect();
    (group, shift, rows)
}

fn transpose(m: &Matrix) -> Matrix {
    let cols = m.first().map_or(0, Vec::len);
    (0..cols).map(|t| m.iter().map(|row| row[t]).collect()).collect()
}

impl EdgeBlock {
    /// Group `costs` (`na × nb`, row-major) by rows, then columns.
    pub fn new(costs: &[Cost], na: usize, nb: usize) -> EdgeBlock {
        let m: Matrix = (0..na)
            .map(|s| (0..nb).map(|t| costs[s * nb + t]).map(|c| (c < FORBIDDEN_COST).then_some(c as i128)).collect())
            .collect();
        let (row_group, row_shift, rows) = group_rows(&m);
        let (col_group, col_shift, cols) = group_rows(&transpose(&rows));
        EdgeBlock { row_group, row_shift, col_group, col_shift, pattern: transpose(&cols) }
    }

    /// Row groups.
    pub fn row_groups(&self) -> usize {
        self.pattern.len()
    }

    /// Column groups.
    pub fn col_groups(&self) -> usize {
        self.pattern.first().map_or(0, Vec::len)
    }

    /// How many pair variables the edge needs.
    pub fn pairs(&self) -> usize {
        self.row_groups() * self.col_groups()
    }

    /// The pair variable (index within the block, row-group major) that strategy `s` of the `from` end
    /// and `t` of the `to` end take.
    pub fn pair(&self, s: usize, t: usize) -> usize {
        self.row_group[s] * self.col_groups() + self.col_group[t]
    }

    /// The cost of the pair `(s, t)` as this block writes it (`None`: forbidden).
    #[cfg(test)]
    pub fn cost(&self, s: usize, t: usize) -> Option<i128> {
        self.pattern[self.row_group[s]][self.col_group[t]].map(|c| c + self.row_shift[s] + self.col_shift[t])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The block writes every pair's cost back exactly.
    fn assert_exact(costs: &[Cost], na: usize, nb: usize) -> EdgeBlock {
        let b = EdgeBlock::new(costs, na, nb);
        for s in 0..na {
            for t in 0..nb {
                let c = costs[s * nb + t];
                assert_eq!(b.cost(s, t), (c < FORBIDDEN_COST).then_some(c as i128), "({s},{t}) of {costs:?}");
            }
        }
        b
    }

    #[test]
    fn rows_and_columns_equal_up_to_a_shift_share_variables() {
        const F: Cost = FORBIDDEN_COST;
        // Rows 0 and 2 differ by 5; row 1 has a forbidden pair. Once rows 0 and 2 are one group, columns
        // 0 and 2 differ by 2 in both row groups: one group.
        let b = assert_exact(&[1, 2, 3, 1, F, 3, 6, 7, 8], 3, 3);
        assert_eq!((b.row_groups(), b.col_groups()), (2, 2));
        assert_eq!(b.pair(0, 1), b.pair(2, 1));
        assert_eq!(b.pair(0, 0), b.pair(0, 2));
        assert_ne!(b.pair(0, 1), b.pair(1, 1));
        // Every column is column 0 plus a constant: separable, one variable.
        let b = assert_exact(&[0, 4, 9, 1, 5, 10], 2, 3);
        assert_eq!(b.pairs(), 1);
    }

    #[test]
    fn random_edges_are_written_back_exactly() {
        let mut r = Rng::new(7);
        for _ in 0..500 {
            let (na, nb) = (1 + r.below(5) as usize, 1 + r.below(5) as usize);
            // Few distinct values, so that groups form; some forbidden pairs.
            let costs: Vec<Cost> =
                (0..na * nb).map(|_| if r.chance(0.1) { FORBIDDEN_COST } else { r.below(3) as Cost * 10 }).collect();
            let b = assert_exact(&costs, na, nb);
            assert!(b.pairs() <= na * nb);
        }
    }
}
