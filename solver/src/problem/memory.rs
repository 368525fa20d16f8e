//! Memory in use over time, for search: a segment tree over the problem's distinct time points with
//! range add and range max, so that "would this move exceed the limit?" costs O(log T).

use crate::problem::ChoiceProblem;

/// Usage per time slot under a changing assignment.
#[derive(Clone, Debug)]
pub struct MemoryProfile {
    /// Slot boundaries: slot `k` is times `[cuts[k], cuts[k+1])`.
    cuts: Vec<i64>,
    /// Each node's slot range `[lo, hi)`.
    pub slots: Vec<(usize, usize)>,
    max: Vec<i128>,
    lazy: Vec<i128>,
    n: usize,
}

impl MemoryProfile {
    /// An empty profile (no usage) for `p`'s intervals.
    pub fn new(p: &ChoiceProblem) -> MemoryProfile {
        let mut cuts: Vec<i64> =
            p.nodes.values().filter(|n| n.is_live()).flat_map(|n| [n.interval.0, n.interval.1]).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let slots = p
            .nodes
            .values()
            .map(|n| {
                if !n.is_live() {
                    return (0, 0);
                }
                let lo = cuts.partition_point(|&c| c < n.interval.0);
                let hi = cuts.partition_point(|&c| c < n.interval.1);
                (lo, hi)
            })
            .collect();
        let n = cuts.len().max(1);
        MemoryProfile { cuts, slots, max: vec![0; 4 * n], lazy: vec![0; 4 * n], n }
    }

    /// Add `delta` to every slot of node `v`'s interval.
    pub fn add(&mut self, v: usize, delta: i128) {
        let (lo, hi) = self.slots[v];
        if lo < hi && delta != 0 {
            self.update(1, 0, self.n, lo, hi, delta);
        }
    }

    /// Highest usage over node `v`'s interval (0 if it is not live).
    pub fn max_over(&self, v: usize) -> i128 {
        let (lo, hi) = self.slots[v];
        if lo >= hi { 0 } else { self.query(1, 0, self.n, lo, hi) }
    }

    /// Highest usage over slots `[lo, hi)`.
    pub fn max_slots(&self, lo: usize, hi: usize) -> i128 {
        if lo >= hi { 0 } else { self.query(1, 0, self.n, lo, hi) }
    }

    /// Highest usage anywhere.
    pub fn peak(&self) -> i128 {
        self.max[1]
    }

    /// A slot where the peak is reached, and its start time.
    pub fn peak_slot(&self) -> (usize, i64) {
        let (mut node, mut lo, mut hi) = (1, 0, self.n);
        let mut acc = 0;
        while hi - lo > 1 {
            acc += self.lazy[node];
            let mid = (lo + hi) / 2;
            if self.max[2 * node] + acc >= self.max[2 * node + 1] + acc {
                node *= 2;
                hi = mid;
            } else {
                node = 2 * node + 1;
                lo = mid;
            }
        }
        (lo, self.cuts.get(lo).copied().unwrap_or(0))
    }

    /// Every slot whose usage exceeds `limit`, ascending.
    pub fn slots_over(&self, limit: i128) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect_over(1, 0, self.n, 0, limit, &mut out);
        out.into_iter().map(|(slot, _)| slot).collect()
    }

    /// The usage of every slot, in slot order.
    pub fn levels(&self) -> Vec<i128> {
        let mut out = Vec::with_capacity(self.n);
        self.collect_over(1, 0, self.n, 0, i128::MIN, &mut out);
        out.into_iter().map(|(_, level)| level).collect()
    }

    /// The slots under `node` whose usage exceeds `limit`, with their usage.
    fn collect_over(&self, node: usize, lo: usize, hi: usize, above: i128, limit: i128, out: &mut Vec<(usize, i128)>) {
        if self.max[node] + above <= limit {
            return;
        }
        if hi - lo == 1 {
            out.push((lo, self.max[node] + above));
            return;
        }
        let mid = (lo + hi) / 2;
        let above = above + self.lazy[node];
        self.collect_over(2 * node, lo, mid, above, limit, out);
        self.collect_over(2 * node + 1, mid, hi, above, limit, out);
    }

    fn update(&mut self, node: usize, lo: usize, hi: usize, a: usize, b: usize, d: i128) {
        if b <= lo || hi <= a {
            return;
        }
        if a <= lo && hi <= b {
            self.max[node] += d;
            self.lazy[node] += d;
            return;
        }
        let mid = (lo + hi) / 2;
        self.update(2 * node, lo, mid, a, b, d);
        self.update(2 * node + 1, mid, hi, a, b, d);
        self.max[node] = self.lazy[node] + self.max[2 * node].max(self.max[2 * node + 1]);
    }

    fn query(&self, node: usize, lo: usize, hi: usize, a: usize, b: usize) -> i128 {
        if b <= lo || hi <= a {
            return i128::MIN;
        }
        if a <= lo && hi <= b {
            return self.max[node];
        }
        let mid = (lo + hi) / 2;
        self.lazy[node] + self.query(2 * node, lo, mid, a, b).max(self.query(2 * node + 1, mid, hi, a, b))
    }
}

/// Per-slot weights summed over slot ranges `[lo, hi)` (prefix sums): a node's charge when each memory
/// slot has a price, such as a Lagrange multiplier.
#[derive(Clone, Debug)]
pub struct SlotSums<T> {
    prefix: Vec<T>,
}

impl<T: Copy + Default + std::ops::Add<Output = T> + std::ops::Sub<Output = T>> SlotSums<T> {
    /// The sums of `weights` (one per slot).
    pub fn new(weights: &[T]) -> SlotSums<T> {
        let mut prefix = Vec::with_capacity(weights.len() + 1);
        prefix.push(T::default());
        for &w in weights {
            let last = prefix[prefix.len() - 1];
            prefix.push(last + w);
        }
        SlotSums { prefix }
    }

    /// The weights of slots `lo..hi` summed; zero when the range is empty (a node never live).
    pub fn over(&self, (lo, hi): (usize, usize)) -> T {
        if lo < hi { self.prefix[hi] - self.prefix[lo] } else { T::default() }
    }

    /// Every weight summed.
    pub fn total(&self) -> T {
        self.prefix[self.prefix.len() - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Node, Strategy};

    #[test]
    fn slot_sums_add_the_weights_of_a_range() {
        let w = [3i128, -1, 4, 1, 5];
        let sums = SlotSums::new(&w);
        for lo in 0..=w.len() {
            for hi in 0..=w.len() {
                let want: i128 = if lo < hi { w[lo..hi].iter().sum() } else { 0 };
                assert_eq!(sums.over((lo, hi)), want, "{lo}..{hi}");
            }
        }
        assert_eq!(sums.total(), 12);
        assert_eq!(SlotSums::new(&[0.5, 0.25]).over((1, 2)), 0.25);
    }

    #[test]
    fn tracks_the_peak() {
        let mut p = ChoiceProblem::default();
        for iv in [(0, 10), (5, 15), (12, 20), (3, 3)] {
            p.nodes.push(Node::new(vec![Strategy { cost: 0, usage: 1 }], iv));
        }
        let mut m = MemoryProfile::new(&p);
        m.add(0, 10);
        m.add(1, 5);
        m.add(2, 7);
        m.add(3, 100);
        assert_eq!(m.peak(), 15);
        assert_eq!(m.peak_slot().1, 5);
        assert_eq!(m.max_over(2), 12);
        assert_eq!(m.slots_over(11), vec![1, 3]);
        // Slots [0,5) [5,10) [10,12) [12,15) [15,20) [20,..).
        assert_eq!(m.levels(), vec![10, 15, 5, 12, 7, 0]);
        m.add(0, -10);
        assert_eq!(m.peak(), 12);
        assert_eq!(m.max_over(0), 5);
    }
}
