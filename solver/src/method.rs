//! The solve methods a user picks by name: the one table the command line's `--solver`, `compare`'s
//! list and the Python package's `solver=` derive their names and help from.

/// Which backends the pipeline runs after presolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Local search, then HiGHS warm-started from it: over clusters when nodes merge
    /// (the coarse MIP; a search over clusters when that MIP is too large), else over the whole
    /// problem (restricted problems and regions when that MIP is too large).
    Auto,
    /// As `Auto` without the local search phase.
    Highs,
    /// Local search only.
    Local,
    /// Exhaustive search (tiny problems).
    Brute,
    /// Z3's Optimize (small problems; an independent proof).
    Z3,
    /// Greedy propagation (GSPMD-style), one answer (the `heuristics` module).
    Greedy,
    /// Beam search over the node order, of `BEAM_WIDTH`.
    Beam,
    /// Monte Carlo tree search over the node order (as in the Automap paper).
    Mcts,
    /// Random restarts of the local search.
    Restarts,
}

impl Method {
    /// Every method, in the order help lists them.
    pub const ALL: [Method; 9] = [
        Method::Auto,
        Method::Highs,
        Method::Z3,
        Method::Local,
        Method::Brute,
        Method::Greedy,
        Method::Beam,
        Method::Mcts,
        Method::Restarts,
    ];

    /// The name `--solver` and the Python package take.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Highs => "highs",
            Method::Z3 => "z3",
            Method::Local => "local",
            Method::Brute => "brute",
            Method::Greedy => "greedy",
            Method::Beam => "beam",
            Method::Mcts => "mcts",
            Method::Restarts => "restarts",
        }
    }

    /// One line for a user choosing a method (the command line's and the Python package's help).
    pub fn summary(self) -> &'static str {
        match self {
            Method::Auto => {
                "presolve, local search with the dual bound beside it, a Lagrangian search from the dual's \
                 prices, then HiGHS (over clusters when they form), with a proof; any size"
            }
            Method::Highs => "HiGHS on the whole problem, warm-started, with a proof",
            Method::Z3 => "Z3's Optimize (small problems; an independent proof; needs the cargo feature `z3`)",
            Method::Local => "local search alone",
            Method::Brute => "exhaustive search (tiny problems)",
            Method::Greedy => "greedy propagation, GSPMD-style: each op its cheapest sharding given those placed",
            Method::Beam => "beam search over the node order (arguments first)",
            Method::Mcts => "Monte Carlo tree search over the node order, as in the Automap paper",
            Method::Restarts => "random restarts of the local search",
        }
    }

    /// The method called `name`.
    pub fn named(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_is_found_by_its_own_name_alone() {
        for m in Method::ALL {
            assert_eq!(Method::named(m.name()), Some(m));
            assert!(!m.summary().is_empty());
        }
        let mut names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Method::ALL.len());
        assert_eq!(Method::named("ilp"), None);
    }
}
