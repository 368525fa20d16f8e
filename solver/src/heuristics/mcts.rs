//! Monte Carlo tree search in the spirit of the Automap paper. A tree node is a partial assignment: the
//! first `depth` nodes of the decision order decided. An episode selects a path from the root by UCT
//! (the child maximizing mean reward + `exploration`·√(ln N / n)), expands one untried strategy of the
//! next node (drawn with the seed), completes the rest by propagation, a best-response descent and
//! memory repair (the rollout),
//! and backs up the reward: the first rollout's cost divided by this one's (above 1 when cheaper), 0
//! when the rollout does not fit or breaks a constraint. Each rollout is one evaluation.
//!
//! Why these choices: Automap's agent decides the sharding of parameters and lets propagation do the
//! rest, which is what a tree over the decision order (arguments first on the model path) with
//! propagation rollouts does; a reward relative to the first rollout keeps UCT's exploration term on
//! the scale of the rewards whatever the problem's units.

use super::Outcome;
use super::rollout::{Best, complete, decision_order, memory_binds, searched, terms};
use crate::backend::Progress;
use crate::effort::Effort;
use crate::phase::Phase;
use crate::problem::{ChoiceProblem, Cost};
use crate::rng::Rng;
use crate::search::state::Search;

/// UCT's exploration constant by default (√2, the textbook value for rewards in [0, 1]).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// What the search is given beyond the problem.
#[derive(Clone, Debug)]
pub struct MctsOptions {
    /// Episodes at most.
    pub episodes: u64,
    /// UCT's exploration constant.
    pub exploration: f64,
    /// Seed of the expansion order.
    pub seed: u64,
}

/// One tree node: the strategy its parent's next node took, its statistics and its children.
struct TreeNode {
    parent: Option<usize>,
    strategy: usize,
    depth: usize,
    visits: u64,
    reward: f64,
    children: Vec<usize>,
    /// Strategies of the next node not yet expanded.
    untried: Vec<usize>,
}

/// MCTS over `p` in program order, within `o.episodes` and `effort` (counted in the cost terms the
/// rollouts read).
pub fn mcts(p: &ChoiceProblem, o: &MctsOptions, effort: &Effort, progress: &mut dyn FnMut(&Progress)) -> Outcome {
    let q = searched(p);
    let mut s = Search::new(&q);
    let mut best = Best::new(p, Phase::Mcts);
    let n = s.x.len();
    let order = decision_order(&q);
    // The strategies open to the node decided at `depth`.
    let allowed = |s: &Search<'_>, depth: usize| -> Vec<usize> {
        let Some(&v) = order.get(depth) else { return Vec::new() };
        (0..s.costs[v].len()).filter(|&t| s.costs[v][t] < Cost::MAX / 4).collect()
    };
    let mut rng = Rng::new(o.seed);
    let mut tree = vec![TreeNode {
        parent: None,
        strategy: 0,
        depth: 0,
        visits: 0,
        reward: 0.0,
        children: Vec::new(),
        untried: allowed(&s, 0),
    }];
    let mut reference: Option<f64> = None;
    let mut placed = vec![false; n];
    let per_rollout = terms(&s);
    let lean = memory_binds(&q);
    for episode in 0..o.episodes {
        if effort.over(episode * per_rollout) {
            break;
        }
        // Selection.
        let mut at = 0;
        while tree[at].untried.is_empty() && !tree[at].children.is_empty() {
            let ln = (tree[at].visits.max(1) as f64).ln();
            let score = |c: &TreeNode| {
                if c.visits == 0 {
                    return f64::INFINITY;
                }
                c.reward / c.visits as f64 + o.exploration * (ln / c.visits as f64).sqrt()
            };
            at =
                *tree[at].children.iter().max_by(|&&a, &&b| score(&tree[a]).total_cmp(&score(&tree[b]))).unwrap_or(&at);
        }
        // Expansion.
        if !tree[at].untried.is_empty() {
            let k = rng.below(tree[at].untried.len() as u64) as usize;
            let t = tree[at].untried.swap_remove(k);
            let depth = tree[at].depth + 1;
            let id = tree.len();
            tree.push(TreeNode {
                parent: Some(at),
                strategy: t,
                depth,
                visits: 0,
                reward: 0.0,
                children: Vec::new(),
                untried: allowed(&s, depth),
            });
            tree[at].children.push(id);
            at = id;
        }
        // Rollout: the path's decisions, the rest by propagation.
        placed.iter_mut().for_each(|b| *b = false);
        let mut up = Some(at);
        while let Some(u) = up {
            if tree[u].depth > 0 {
                let v = order[tree[u].depth - 1];
                s.x[v] = tree[u].strategy;
                placed[v] = true;
            }
            up = tree[u].parent;
        }
        let fits = complete(&mut s, &order, &mut placed, lean, Some(effort));
        let kept = best.offer(&s, progress);
        let answer = fits && (kept || best.is_answer(&s));
        let reward = match (answer, reference) {
            (false, _) => 0.0,
            (true, None) => {
                reference = Some(s.cost.max(1) as f64);
                1.0
            }
            (true, Some(r)) => r / s.cost.max(1) as f64,
        };
        // Backpropagation.
        let mut up = Some(at);
        while let Some(u) = up {
            tree[u].visits += 1;
            tree[u].reward += reward;
            up = tree[u].parent;
        }
    }
    best.outcome()
}
