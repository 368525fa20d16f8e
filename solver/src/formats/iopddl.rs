//! The IOPDDL contest format (ASPLOS/EuroSys 2025): JSON, optionally gzip-compressed, and the solution
//! line `[s0, s1, ...]`.
//!
//! ```json
//! {"problem": {"name": "example",
//!   "nodes": {"intervals": [[30, 70], ...], "costs": [[15], [55, 65], ...], "usages": [[10], [25, 25], ...]},
//!   "edges": {"nodes": [[0, 1], ...], "costs": [[30, 40], ...]},
//!   "usage_limit": 50}}
//! ```
//! Intervals are half-open; an edge's costs are its `|S_from| × |S_to|` matrix, row-major; several edges
//! may join the same two nodes, and each one's cost counts.

use crate::problem::{ChoiceProblem, Edge, FORBIDDEN_COST, Node, NodeId, ProblemError, Strategy};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileJson {
    problem: ProblemJson,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemJson {
    #[serde(default)]
    name: String,
    nodes: NodesJson,
    edges: EdgesJson,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    usage_limit: Option<i64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodesJson {
    intervals: Vec<[i64; 2]>,
    costs: Vec<Vec<i64>>,
    usages: Vec<Vec<i64>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EdgesJson {
    nodes: Vec<[u32; 2]>,
    costs: Vec<Vec<i64>>,
}

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum IopddlError {
    /// I/O.
    #[error("{path}: {source}")]
    Io {
        /// File.
        path: String,
        /// Cause.
        source: std::io::Error,
    },
    /// Not valid JSON of this format (line and column in the message).
    #[error("{path}:{line}:{column}: {message}")]
    Json {
        /// File.
        path: String,
        /// 1-based line of the decompressed JSON.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What serde_json said.
        message: String,
    },
    /// Lists of different lengths.
    #[error("{path}: {message}")]
    Shape {
        /// File.
        path: String,
        /// What does not match.
        message: String,
    },
    /// The problem is structurally invalid.
    #[error("{path}: {source}")]
    Invalid {
        /// File.
        path: String,
        /// Cause.
        source: ProblemError,
    },
}

/// Read an instance (`.json` or `.json.gz`).
pub fn read(path: &Path) -> Result<ChoiceProblem, IopddlError> {
    let shown = path.display().to_string();
    let io = |source| IopddlError::Io { path: shown.clone(), source };
    let raw = std::fs::read(path).map_err(io)?;
    let bytes = if raw.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::with_capacity(raw.len() * 8);
        flate2::read::MultiGzDecoder::new(&raw[..]).read_to_end(&mut out).map_err(io)?;
        out
    } else {
        raw
    };
    parse(&bytes, &shown)
}

/// Parse an instance from JSON bytes; `path` names it in errors.
pub fn parse(bytes: &[u8], path: &str) -> Result<ChoiceProblem, IopddlError> {
    let file: FileJson = serde_json::from_slice(bytes).map_err(|e| IopddlError::Json {
        path: path.to_string(),
        line: e.line(),
        column: e.column(),
        message: e.to_string().split(" at line ").next().unwrap_or_default().to_string(),
    })?;
    let p = file.problem;
    let shape = |message: String| IopddlError::Shape { path: path.to_string(), message };
    let n = p.nodes.intervals.len();
    if p.nodes.costs.len() != n || p.nodes.usages.len() != n {
        return Err(shape(format!(
            "nodes: {} intervals, {} cost lists, {} usage lists",
            n,
            p.nodes.costs.len(),
            p.nodes.usages.len()
        )));
    }
    if p.edges.nodes.len() != p.edges.costs.len() {
        return Err(shape(format!("edges: {} node pairs but {} cost lists", p.edges.nodes.len(), p.edges.costs.len())));
    }
    let mut problem = ChoiceProblem { name: p.name, usage_limit: p.usage_limit, ..ChoiceProblem::default() };
    for (i, ((iv, costs), usages)) in p.nodes.intervals.iter().zip(&p.nodes.costs).zip(&p.nodes.usages).enumerate() {
        if costs.len() != usages.len() {
            return Err(shape(format!("node {i}: {} costs but {} usages", costs.len(), usages.len())));
        }
        let strategies = costs.iter().zip(usages).map(|(&cost, &usage)| Strategy { cost, usage }).collect();
        problem.nodes.push(Node::new(strategies, (iv[0], iv[1])));
    }
    for ([a, b], costs) in p.edges.nodes.into_iter().zip(p.edges.costs) {
        problem.edges.push(Edge { from: NodeId::from_u32(a), to: NodeId::from_u32(b), costs });
    }
    problem.validate().map_err(|source| IopddlError::Invalid { path: path.to_string(), source })?;
    Ok(problem)
}

/// Write an instance as JSON. Forbidden strategies are written with [`FORBIDDEN_COST`], the format's
/// only way to say so.
pub fn to_json(p: &ChoiceProblem) -> String {
    let nodes = NodesJson {
        intervals: p.nodes.values().map(|n| [n.interval.0, n.interval.1]).collect(),
        costs: p
            .nodes
            .values()
            .map(|n| {
                n.strategies
                    .iter()
                    .enumerate()
                    .map(|(s, st)| if n.allowed(s) { st.cost } else { st.cost.max(FORBIDDEN_COST) })
                    .collect()
            })
            .collect(),
        usages: p.nodes.values().map(|n| n.strategies.iter().map(|s| s.usage).collect()).collect(),
    };
    let edges = EdgesJson {
        nodes: p.edges.values().map(|e| [e.from.as_u32(), e.to.as_u32()]).collect(),
        costs: p.edges.values().map(|e| e.costs.clone()).collect(),
    };
    let file = FileJson { problem: ProblemJson { name: p.name.clone(), nodes, edges, usage_limit: p.usage_limit } };
    serde_json::to_string(&file).unwrap_or_default()
}

/// The contest's solution line: `[0, 0, 2, 1, 0]`.
pub fn format_solution(choice: &[usize]) -> String {
    let items: Vec<String> = choice.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Parse a solution line `[0, 0, 2]` (whitespace allowed; the last non-empty line of `text` is used).
pub fn parse_solution(text: &str) -> Result<Vec<usize>, String> {
    let line = text.lines().rev().map(str::trim).find(|l| !l.is_empty()).ok_or("empty solution")?;
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("expected [s0, s1, ...], got '{line}'"))?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner.split(',').map(|x| x.trim().parse::<usize>().map_err(|e| format!("'{}': {e}", x.trim()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::eval::evaluate;
    use crate::testing::EXAMPLE;

    #[test]
    fn reads_the_example_and_evaluates_the_contest_answer() {
        let p = parse(EXAMPLE.as_bytes(), "example.json").unwrap();
        assert_eq!((p.nodes.len(), p.edges.len(), p.usage_limit), (5, 5, Some(50)));
        let e = evaluate(&p, &[0, 0, 2, 1, 0]).unwrap();
        assert_eq!(e.cost, 445);
        assert_eq!(e.peak_usage, 50);
        assert!(e.is_feasible());
        // Strategy 1 of node 2 uses 20: 10 + 25 + 20 = 55 > 50 over [50, 70).
        let e = evaluate(&p, &[0, 0, 1, 1, 0]).unwrap();
        assert_eq!(e.over_limit, vec![(50, 70)]);
        assert!(!e.is_feasible());
    }

    #[test]
    fn round_trips_through_json() {
        let p = parse(EXAMPLE.as_bytes(), "example.json").unwrap();
        let again = parse(to_json(&p).as_bytes(), "again.json").unwrap();
        assert_eq!(p, again);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse(b"{\"problem\": {\"nodes\": 3}}", "x.json").unwrap_err();
        assert!(e.to_string().starts_with("x.json:1:"), "{e}");
        let bad = EXAMPLE.replace("[70, 60]", "[70]");
        let e = parse(bad.as_bytes(), "x.json").unwrap_err();
        assert!(e.to_string().contains("edge 4 has 1 costs"), "{e}");
        let bad = EXAMPLE.replace("[3, 4]]", "[3, 9]]");
        assert!(parse(bad.as_bytes(), "x.json").unwrap_err().to_string().contains("names node 9"));
    }

    #[test]
    fn solution_lines() {
        assert_eq!(format_solution(&[0, 0, 2, 1, 0]), "[0, 0, 2, 1, 0]");
        assert_eq!(parse_solution("# found\n[0, 0, 2, 1, 0]\n").unwrap(), vec![0, 0, 2, 1, 0]);
        assert_eq!(parse_solution("[]").unwrap(), Vec::<usize>::new());
        assert!(parse_solution("0, 1").is_err());
    }
}
