//! The exact evaluator: a solution's cost (128-bit) and its memory peak, by the contest's rules; and
//! whether it is feasible: within memory, no forbidden strategy, no forbidden cost, every tie and budget
//! kept.

use crate::problem::FORBIDDEN_COST;
use crate::problem::{ChoiceProblem, NodeId};

/// The evaluation of one assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// Sum of node and edge costs.
    pub cost: i128,
    /// Highest total usage at any time point (0 when nothing is live).
    pub peak_usage: i128,
    /// A time point where the peak is reached.
    pub peak_time: Option<i64>,
    /// Time points where usage exceeds the limit, as half-open ranges.
    pub over_limit: Vec<(i64, i64)>,
    /// Nodes whose chosen strategy is forbidden.
    pub forbidden_used: Vec<NodeId>,
    /// Node strategies and edge pairs taken whose cost is at least [`FORBIDDEN_COST`] (the contest's
    /// marker for choices no solution may take).
    pub forbidden_costs: usize,
    /// Ties (by index) the assignment breaks.
    pub broken_ties: Vec<usize>,
    /// Budgets (by index) the assignment exceeds, with the count it reaches.
    pub over_budget: Vec<(usize, i128)>,
}

impl Evaluation {
    /// Within the memory limit, using no forbidden strategy, keeping every tie and budget.
    pub fn is_feasible(&self) -> bool {
        self.over_limit.is_empty()
            && self.forbidden_used.is_empty()
            && self.forbidden_costs == 0
            && self.broken_ties.is_empty()
            && self.over_budget.is_empty()
    }

    /// What makes the assignment infeasible, in words (empty when it is feasible).
    pub fn violations(&self, p: &ChoiceProblem) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(&(a, b)) = self.over_limit.first() {
            out.push(format!("memory peak {} exceeds the limit over [{a}, {b})", self.peak_usage));
        }
        if let Some(n) = self.forbidden_used.first() {
            out.push(format!("node {} takes a forbidden strategy", n.as_u32()));
        }
        if self.forbidden_costs > 0 {
            out.push(format!("{} chosen strategies or pairs carry the forbidden cost", self.forbidden_costs));
        }
        for &t in &self.broken_ties {
            let tie = &p.ties[t];
            out.push(format!("tie {t} between nodes {} and {} is broken", tie.a.as_u32(), tie.b.as_u32()));
        }
        for &(b, count) in &self.over_budget {
            let budget = &p.budgets[b];
            out.push(format!("budget '{}' is exceeded: {count} > {}", budget.name, budget.max));
        }
        out
    }
}

/// Why an assignment cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// Wrong number of choices.
    #[error("the solution has {got} choices for {want} nodes")]
    Length {
        /// Choices given.
        got: usize,
        /// Nodes.
        want: usize,
    },
    /// A choice out of range.
    #[error("node {node} has {strategies} strategies; the solution chooses {choice}")]
    OutOfRange {
        /// Node.
        node: usize,
        /// Its strategy count.
        strategies: usize,
        /// The choice.
        choice: usize,
    },
}

/// Evaluate `choice` (one strategy index per node).
pub fn evaluate(p: &ChoiceProblem, choice: &[usize]) -> Result<Evaluation, EvalError> {
    if choice.len() != p.nodes.len() {
        return Err(EvalError::Length { got: choice.len(), want: p.nodes.len() });
    }
    let mut cost: i128 = 0;
    let mut forbidden_used = Vec::new();
    let mut forbidden_costs = 0;
    for ((id, n), &s) in p.nodes.iter().zip(choice) {
        let st = n.strategies.get(s).ok_or(EvalError::OutOfRange {
            node: id.as_u32() as usize,
            strategies: n.strategies.len(),
            choice: s,
        })?;
        cost += st.cost as i128;
        forbidden_costs += usize::from(st.cost >= FORBIDDEN_COST);
        if !n.allowed(s) {
            forbidden_used.push(id);
        }
    }
    for e in p.edges.values() {
        let cols = p.nodes[e.to].strategies.len();
        let c = e.costs[choice[e.from.as_u32() as usize] * cols + choice[e.to.as_u32() as usize]];
        cost += c as i128;
        forbidden_costs += usize::from(c >= FORBIDDEN_COST);
    }
    let limit = p.usage_limit.map(i128::from);
    let (mut peak, mut peak_time) = (0i128, None);
    let mut over_limit: Vec<(i64, i64)> = Vec::new();
    let profile = usage_profile(p, choice);
    for (k, &(t, cur)) in profile.iter().enumerate() {
        let next = profile.get(k + 1).map_or(t, |e| e.0);
        if cur > peak {
            peak = cur;
            peak_time = Some(t);
        }
        if limit.is_some_and(|l| cur > l) && next > t {
            match over_limit.last_mut() {
                Some(last) if last.1 == t => last.1 = next,
                _ => over_limit.push((t, next)),
            }
        }
    }
    let broken_ties = p.ties.iter().enumerate().filter(|(_, t)| !t.holds(choice)).map(|(i, _)| i).collect();
    let over_budget = p
        .budgets
        .iter()
        .enumerate()
        .map(|(i, b)| (i, b.count(choice)))
        .filter(|&(i, count)| count > p.budgets[i].max as i128)
        .collect();
    Ok(Evaluation {
        cost,
        peak_usage: peak,
        peak_time,
        over_limit,
        forbidden_used,
        forbidden_costs,
        broken_ties,
        over_budget,
    })
}

/// Memory in use over time under `choice` (a valid strategy index per node): at every time where some
/// live interval starts or ends, the usage from then until the next such time. Intervals are
/// half-open, so at equal times a node that ends is gone before one that starts arrives.
pub fn usage_profile(p: &ChoiceProblem, choice: &[usize]) -> Vec<(i64, i128)> {
    let mut events: Vec<(i64, i128)> = Vec::new();
    for (n, &s) in p.nodes.values().zip(choice) {
        let u = n.strategies[s].usage as i128;
        if n.is_live() && u != 0 {
            events.push((n.interval.0, u));
            events.push((n.interval.1, -u));
        }
    }
    events.sort_unstable();
    let mut points = Vec::new();
    let mut level = 0i128;
    let mut i = 0;
    while i < events.len() {
        let t = events[i].0;
        while i < events.len() && events[i].0 == t {
            level += events[i].1;
            i += 1;
        }
        points.push((t, level));
    }
    points
}

/// The lowest memory peak any assignment reaches: every node at its smallest allowed usage lowers the
/// usage at every time point at once, so this is exact.
pub fn min_peak(p: &ChoiceProblem) -> i128 {
    peak_of_extremes(p, |a, b| a < b)
}

/// The highest memory peak any assignment reaches (every node at its largest allowed usage; exact for
/// the same reason as [`min_peak`]). When it fits the limit, memory cannot bind.
pub fn max_peak(p: &ChoiceProblem) -> i128 {
    peak_of_extremes(p, |a, b| a > b)
}

/// The peak with every node at its allowed strategy whose usage comes first by `before`.
fn peak_of_extremes(p: &ChoiceProblem, before: impl Fn(i64, i64) -> bool) -> i128 {
    let choice: Vec<usize> = p
        .nodes
        .values()
        .map(|n| {
            (0..n.strategies.len())
                .filter(|&s| n.allowed(s))
                .reduce(|a, b| if before(n.strategies[b].usage, n.strategies[a].usage) { b } else { a })
                .unwrap_or(0)
        })
        .collect();
    evaluate(p, &choice).map_or(0, |e| e.peak_usage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::brute::next_assignment;
    use crate::testing::{RandomSpec, random_problem};

    /// On seeded random problems small enough to enumerate (some with forbidden strategies): the lowest
    /// and highest peaks over every allowed assignment are `min_peak` and `max_peak`.
    #[test]
    fn extreme_peaks_are_the_lowest_and_highest_over_all_assignments() {
        let mut checked = 0;
        for seed in 0..200 {
            let p = random_problem(&RandomSpec::tiny(6), seed);
            let allowed: Vec<Vec<usize>> =
                p.nodes.values().map(|n| (0..n.strategies.len()).filter(|&s| n.allowed(s)).collect()).collect();
            if allowed.iter().any(Vec::is_empty) {
                continue;
            }
            let (mut lo, mut hi) = (i128::MAX, i128::MIN);
            let sizes: Vec<usize> = allowed.iter().map(Vec::len).collect();
            let mut digits = vec![0usize; allowed.len()];
            loop {
                let choice: Vec<usize> = digits.iter().zip(&allowed).map(|(&d, a)| a[d]).collect();
                let peak = evaluate(&p, &choice).expect("a valid assignment").peak_usage;
                (lo, hi) = (lo.min(peak), hi.max(peak));
                if !next_assignment(&mut digits, &sizes) {
                    break;
                }
            }
            assert_eq!((min_peak(&p), max_peak(&p)), (lo, hi), "seed {seed}");
            checked += usize::from(lo < hi);
        }
        assert!(checked > 100, "only {checked} problems where the peak can move");
    }
}
