//! A pool of the cheapest distinct answers a search has seen, for solution merging: where the good
//! answers agree, a node's strategy is probably right; where they differ, the problem restricted to the
//! strategies they use there ([`Elite::candidates`]) is small enough for a MIP to choose among them all
//! at once, and it may combine parts of different answers, which no single answer's neighbourhood holds
//! (the idea of construct, merge, solve and adapt, Blum et al., 2016).

/// The `capacity` cheapest distinct answers offered, cheapest first.
#[derive(Clone, Debug, Default)]
pub struct Elite {
    capacity: usize,
    answers: Vec<(i128, Vec<usize>)>,
}

/// Answers a pool keeps by default: enough that the answers' differences cover the nodes still in
/// doubt, few enough that the merged problem stays small.
pub const ELITE_ANSWERS: usize = 8;

impl Elite {
    /// An empty pool that keeps at most `capacity` answers.
    pub fn new(capacity: usize) -> Elite {
        Elite { capacity, answers: Vec::new() }
    }

    /// Offer an answer of cost `cost`; kept when it is not in the pool and among the cheapest.
    /// Returns whether it was kept.
    pub fn offer(&mut self, cost: i128, x: &[usize]) -> bool {
        if self.capacity == 0 || self.answers.iter().any(|(c, y)| *c == cost && y == x) {
            return false;
        }
        if self.answers.len() == self.capacity && self.answers.last().is_some_and(|(c, _)| *c <= cost) {
            return false;
        }
        let at = self.answers.partition_point(|(c, _)| *c <= cost);
        self.answers.insert(at, (cost, x.to_vec()));
        self.answers.truncate(self.capacity);
        true
    }

    /// Every answer of `other` offered to this pool. Returns how many were kept.
    pub fn absorb(&mut self, other: Elite) -> usize {
        other.answers.into_iter().filter(|(c, x)| self.offer(*c, x)).count()
    }

    /// The cheapest answer, with its cost.
    pub fn best(&self) -> Option<&(i128, Vec<usize>)> {
        self.answers.first()
    }

    /// The answers kept, cheapest first.
    #[cfg(test)]
    pub fn answers(&self) -> &[(i128, Vec<usize>)] {
        &self.answers
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// Whether no answer is kept.
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }

    /// Per node, the strategies the pool's answers and `x` use there, ascending: the merged problem's
    /// candidates. Answers of another length than `x` are skipped.
    pub fn candidates(&self, x: &[usize]) -> Vec<Vec<usize>> {
        let mut c: Vec<Vec<usize>> = x.iter().map(|&s| vec![s]).collect();
        for (_, y) in self.answers.iter().filter(|(_, y)| y.len() == x.len()) {
            for (cv, &s) in c.iter_mut().zip(y) {
                if !cv.contains(&s) {
                    cv.push(s);
                }
            }
        }
        c.iter_mut().for_each(|cv| cv.sort_unstable());
        c
    }
}

#[cfg(test)]
mod tests {
    use super::Elite;

    /// The pool keeps the cheapest distinct answers in order, drops duplicates and dearer answers once
    /// full, and merges per node what its answers use.
    #[test]
    fn keeps_the_cheapest_distinct_answers() {
        let mut e = Elite::new(3);
        assert!(e.offer(10, &[0, 0, 0]));
        assert!(!e.offer(10, &[0, 0, 0]));
        assert!(e.offer(7, &[1, 0, 0]));
        assert!(e.offer(12, &[0, 2, 0]));
        assert!(!e.offer(13, &[0, 0, 3]));
        assert!(e.offer(9, &[0, 0, 4]));
        let costs: Vec<i128> = e.answers().iter().map(|(c, _)| *c).collect();
        assert_eq!(costs, vec![7, 9, 10]);
        assert_eq!(e.best().map(|(c, _)| *c), Some(7));
        assert_eq!(e.candidates(&[5, 0, 0]), vec![vec![0, 1, 5], vec![0], vec![0, 4]]);
        let mut f = Elite::new(3);
        f.offer(1, &[2, 2, 2]);
        assert_eq!(f.absorb(e), 2);
        assert_eq!(f.len(), 3);
        assert_eq!(f.best().map(|(c, _)| *c), Some(1));
    }
}
