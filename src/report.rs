//! The plan report `automap eval` prints.

use crate::inspect::bytes;
use automap_encodings::mesh::Mesh;
use automap_encodings::plan::{Plan, PlanCost, PlanSpace};
use automap_ir::Module;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A person-readable report of a plan's predicted cost.
pub fn plan_report(
    path: &str,
    m: &Module,
    mesh: &Mesh,
    spec: &str,
    space: &PlanSpace<'_>,
    plan: &Plan,
    cost: &PlanCost,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "model: {path}\nmesh: {} ({} devices: {})\nplan: {spec}",
        mesh.name,
        mesh.num_devices(),
        mesh.axes.iter().map(|a| format!("{}={}", a.name, a.size)).collect::<Vec<_>>().join(" x ")
    );
    let _ = writeln!(
        s,
        "\npredicted step time: {:.3} ms = compute {:.3} ms + communication {:.3} ms",
        cost.total_s() * 1e3,
        cost.compute_s * 1e3,
        cost.comm_s * 1e3
    );
    let mem = mesh.device.memory_bytes();
    let _ = writeln!(
        s,
        "peak memory per device: {} of {} ({:.1}%){}",
        bytes(cost.peak_bytes as u64),
        bytes(mem as u64),
        100.0 * cost.peak_bytes / mem,
        if cost.peak_bytes > mem { "  OVER THE DEVICE MEMORY" } else { "" }
    );
    // Collectives grouped by kind, axis and size.
    // (kind, axis, bytes) → (count, seconds, first causes)
    type Group = (usize, f64, Vec<String>);
    let mut groups: BTreeMap<(String, String, u64), Group> = BTreeMap::new();
    for c in &cost.collectives {
        let key = (c.collective.kind.to_string(), c.collective.axis.clone(), c.collective.bytes);
        let e = groups.entry(key).or_default();
        e.0 += 1;
        e.1 += c.collective.seconds;
        let cause = match c.op {
            Some(op) => {
                format!("{} at {}", m.ops[op].loc.clone().unwrap_or_else(|| m.ops[op].name.clone()), m.op_location(op))
            }
            None => format!("returned value {}", m.values[c.value].name),
        };
        if e.2.len() < 3 {
            e.2.push(cause);
        }
    }
    let _ = writeln!(s, "\ncollectives: {}", cost.collectives.len());
    if !groups.is_empty() {
        let _ = writeln!(
            s,
            "  {:>5}  {:<15} {:<8} {:>12} {:>11}  caused by (first three)",
            "count", "kind", "axis", "bytes", "total ms"
        );
    }
    for ((kind, axis, b), (n, secs, causes)) in &groups {
        let _ =
            writeln!(s, "  {n:>5}  {kind:<15} {axis:<8} {:>12} {:>11.4}  {}", bytes(*b), secs * 1e3, causes.join("; "));
    }
    let sharded_ops = plan.choice.iter().filter(|&&c| c != 0).count();
    let _ = writeln!(
        s,
        "\nops sharded: {sharded_ops} of {} ({} strategies considered in all)",
        plan.choice.len(),
        space.strategies.iter().map(Vec::len).sum::<usize>()
    );
    s
}
