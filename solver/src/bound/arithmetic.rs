//! The dual bound evaluated exactly: the sum of the module's formula at the current `φ` and `μ`,
//! rounded to integers (a valid bound for any of them, so rounding costs a few units and never
//! soundness), each edge's least term summed in `f64`, `i64` or `i128`, whichever is exact for it.

use super::{Diffusion, MU_SCALE, SCALED_MAX, least};
use crate::problem::memory::SlotSums;
use crate::problem::{Cost, FORBIDDEN_COST};

impl Diffusion<'_> {
    /// The bound at the current `φ` and `μ`, evaluated exactly: both rounded to multiples of
    /// `1 / MU_SCALE` (`μ` down, so it stays non-negative), every term scaled by `MU_SCALE` into integers,
    /// and the sum divided back, rounding down. `None` when some node or edge has no allowed choice, or
    /// when a scaled multiplier or potential exceeds `SCALED_MAX` (the sums could overflow).
    pub fn bound(&self) -> Option<i128> {
        let scale = if self.mu.iter().all(|&m| m == 0.0) { 1.0 } else { MU_SCALE };
        let round = |x: &f64| match x * scale {
            y if !y.is_finite() => Some(0),
            y if y.abs() <= SCALED_MAX => Some(y.round() as i128),
            _ => None,
        };
        let phi = self
            .phi
            .iter()
            .map(|[a, b]| {
                Some([
                    a.iter().map(round).collect::<Option<Vec<_>>>()?,
                    b.iter().map(round).collect::<Option<Vec<_>>>()?,
                ])
            })
            .collect::<Option<Vec<[Vec<i128>; 2]>>>()?;
        let mu = self
            .mu
            .iter()
            .map(|&m| (m * scale <= SCALED_MAX).then(|| (m * scale).floor() as i128))
            .collect::<Option<Vec<i128>>>()?;
        let charges = SlotSums::new(&mu);
        let s128 = scale as i128;
        let limit = self.p.usage_limit.map_or(0, i128::from);
        let mut total: i128 = limit.checked_mul(charges.total())?.checked_neg()?;
        for (v, costs) in self.exact.iter().enumerate() {
            let charge = charges.over(self.slots[v]);
            let mut least: Option<i128> = None;
            for s in (0..costs.len()).filter(|&s| self.unary[v][s].is_finite()) {
                let mut x = costs[s].checked_mul(s128)?.checked_add(self.usage[v][s].checked_mul(charge)?)?;
                for end in &self.ends[v] {
                    x = x.checked_add(phi[end.edge][usize::from(!end.from)][s])?;
                }
                least = Some(least.map_or(x, |l| l.min(x)));
            }
            total = total.checked_add(least?)?;
        }
        let mut scratch = Vec::new();
        for (i, e) in self.p.edges.values().enumerate() {
            if self.pair[i].is_empty() {
                continue;
            }
            let [pf, pt] = &phi[i];
            let least = edge_least((&e.costs, &self.pair[i]), self.largest[i], (pf, pt), s128, &mut scratch)?;
            total = total.checked_add(least)?;
        }
        Some(total.div_euclid(s128))
    }
}

/// `min_{s,t} (c(s,t)·scale − φ_from(s) − φ_to(t))` over the pairs of the row-major `costs` below
/// [`FORBIDDEN_COST`] (`None` when there is none), exactly: in `f64` when every term is an integer
/// below 2^52 (`largest`: the largest magnitude of such a cost), in `i64` when every term fits it with
/// room to spare, else in `i128`. The first two are the usual cases and several times faster: the bound
/// is evaluated after every few sweeps, and in `i128` it took longer than they did. `scratch` holds
/// `φ_to` in `f64` (converting from `i128` in the loop is a library call per entry).
fn edge_least(
    (costs, pair): (&[Cost], &[f64]),
    largest: u64,
    (pf, pt): (&[i128], &[i128]),
    scale: i128,
    scratch: &mut Vec<f64>,
) -> Option<i128> {
    let cols = pt.len().max(1);
    let reach = |phi: &[i128]| phi.iter().map(|x| x.unsigned_abs()).max().unwrap_or(0);
    let span = u128::from(largest)
        .checked_mul(scale.unsigned_abs())
        .and_then(|x| x.checked_add(reach(pf)))
        .and_then(|x| x.checked_add(reach(pt)));
    if span.is_some_and(|x| x <= EXACT_F64_MAX) {
        // Integers this small are exact in `f64`, and so is every sum and product below (the scale is
        // a power of two): the loop is the sweep's, over the `f64` costs (`pair`, infinite where
        // forbidden).
        let s = scale as f64;
        let mut lowest = f64::INFINITY;
        scratch.clear();
        scratch.extend(pt.iter().map(|&g| g as f64));
        for (row, &f) in pair.chunks_exact(cols).zip(pf) {
            let m = row.iter().zip(scratch.iter()).map(|(&c, &g)| c * s - g).fold(f64::INFINITY, least);
            lowest = least(lowest, m - f as f64);
        }
        return lowest.is_finite().then_some(lowest as i128);
    }
    if span.is_some_and(|x| x <= NARROW_MAX) {
        // Every term below, and every sum of them, stays within `i64` (each is at most `NARROW_MAX`).
        let s = scale as i64;
        let mut least: Option<i64> = None;
        for (row, &f) in costs.chunks_exact(cols).zip(pf) {
            let m = row
                .iter()
                .zip(pt)
                .map(|(&c, &g)| if c < FORBIDDEN_COST { c * s - g as i64 } else { i64::MAX })
                .fold(i64::MAX, i64::min);
            if m < i64::MAX {
                let x = m - f as i64;
                least = Some(least.map_or(x, |l| l.min(x)));
            }
        }
        return least.map(i128::from);
    }
    let mut least: Option<i128> = None;
    for (row, &f) in costs.chunks_exact(cols).zip(pf) {
        for (&c, &g) in row.iter().zip(pt) {
            if c < FORBIDDEN_COST {
                let x = i128::from(c).checked_mul(scale)?.checked_sub(f)?.checked_sub(g)?;
                least = Some(least.map_or(x, |l| l.min(x)));
            }
        }
    }
    least
}

/// Terms of [`edge_least`] up to this are summed in `f64`, exactly (2^52: a sum of two stays below 2^53).
const EXACT_F64_MAX: u128 = 1 << 52;
/// Terms of [`edge_least`] up to this are summed in `i64` (a quarter of its range: three of them
/// never overflow it).
const NARROW_MAX: u128 = (i64::MAX / 4) as u128;

#[cfg(test)]
mod tests {
    use super::edge_least;
    use crate::problem::FORBIDDEN_COST;

    /// An edge's least term is the same in `f64`, `i64` and `i128` (whichever its magnitudes allow)
    /// as summed plainly in `i128`, forbidden pairs left out, at costs and potentials of every size
    /// up to where `i128` alone holds them.
    #[test]
    fn an_edges_least_term_is_exact_at_every_magnitude() {
        let mut rng = crate::rng::Rng::new(7);
        for magnitude in [10u32, 40, 52, 56, 60, 80] {
            for _ in 0..50 {
                let (rows, cols) = (1 + rng.below(6) as usize, 1 + rng.below(6) as usize);
                let big = 1i128 << magnitude.min(59);
                let draw = |rng: &mut crate::rng::Rng| (rng.below(1 << 20) as i128 * big) >> 20;
                let costs: Vec<i64> = (0..rows * cols)
                    .map(|_| if rng.below(5) == 0 { FORBIDDEN_COST } else { draw(&mut rng) as i64 - (big as i64) / 2 })
                    .collect();
                let scale = if rng.below(2) == 0 { 1 } else { 1 << 20 };
                let phi_big = (1i128 << magnitude) * scale;
                let mut potential = |n: usize| -> Vec<i128> {
                    (0..n).map(|_| ((rng.below(1 << 20) as i128 * phi_big) >> 20) - phi_big / 2).collect()
                };
                let (pf, pt) = (potential(rows), potential(cols));
                let pair: Vec<f64> =
                    costs.iter().map(|&c| if c >= FORBIDDEN_COST { f64::INFINITY } else { c as f64 }).collect();
                let largest =
                    costs.iter().filter(|&&c| c < FORBIDDEN_COST).map(|c| c.unsigned_abs()).max().unwrap_or(0);
                let plain = (0..rows * cols)
                    .filter(|&i| costs[i] < FORBIDDEN_COST)
                    .map(|i| i128::from(costs[i]) * scale - pf[i / cols] - pt[i % cols])
                    .min();
                let got = edge_least((&costs, &pair), largest, (&pf, &pt), scale, &mut Vec::new());
                assert_eq!(got, plain, "magnitude 2^{magnitude}, scale {scale}");
            }
        }
    }
}
