//! The exact evaluator: a solution's cost (128-bit) and its memory peak, by the contest's rules.

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
}

impl Evaluation {
    /// Within the memory limit and using no forbidden strategy.
    pub fn is_feasible(&self) -> bool {
        self.over_limit.is_empty() && self.forbidden_used.is_empty()
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
    let mut events: Vec<(i64, i128)> = Vec::new();
    for ((id, n), &s) in p.nodes.iter().zip(choice) {
        let st = n.strategies.get(s).ok_or(EvalError::OutOfRange {
            node: id.as_u32() as usize,
            strategies: n.strategies.len(),
            choice: s,
        })?;
        cost += st.cost as i128;
        if !n.allowed(s) {
            forbidden_used.push(id);
        }
        if n.is_live() && st.usage != 0 {
            events.push((n.interval.0, st.usage as i128));
            events.push((n.interval.1, -(st.usage as i128)));
        }
    }
    for e in p.edges.values() {
        let cols = p.nodes[e.to].strategies.len();
        cost += e.costs[choice[e.from.as_u32() as usize] * cols + choice[e.to.as_u32() as usize]] as i128;
    }
    // Sweep: at equal times, ends (negative) before starts, since intervals are half-open.
    events.sort_unstable();
    let limit = p.usage_limit.map(i128::from);
    let (mut cur, mut peak, mut peak_time) = (0i128, 0i128, None);
    let mut over_limit: Vec<(i64, i64)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let t = events[i].0;
        while i < events.len() && events[i].0 == t {
            cur += events[i].1;
            i += 1;
        }
        let next = events.get(i).map_or(t, |e| e.0);
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
    Ok(Evaluation { cost, peak_usage: peak, peak_time, over_limit, forbidden_used })
}
