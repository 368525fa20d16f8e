#!/usr/bin/env python3
"""Run `automap solve` on the IOPDDL contest instances under the contest's timeouts and print a table:
our cost, the best-known cost, their ratio, our proven lower bound, time to best, wall time and peak
memory (resident set of the solver process).

    python3 tools/iopddl_bench.py --instances ../shared/iopddl --automap target/release/automap
    python3 tools/iopddl_bench.py --instances DIR --only B G --out bench.md

DIR holds asplos-2025-iopddl-*.json.gz and best_known.csv (benchmark,nodes,edges,timeout_s,
best_known_cost,...). Each run's answer is checked: the last stdout line must be a solution list.
"""

from __future__ import annotations

import argparse
import csv
import os
import pathlib
import re
import subprocess
import sys
import time

FINAL = re.compile(r"cost (\d+) bound (\d+) gap ([\d.]+)% \(([^;]+); best found at ([\d.]+) s, total ([\d.]+) s\)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instances", required=True, type=pathlib.Path)
    ap.add_argument("--automap", default="target/release/automap")
    ap.add_argument("--only", nargs="*", help="instance letters (A B G M S)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every timeout (for quick looks)")
    ap.add_argument("--out", type=pathlib.Path, help="also write the table here")
    cfg = ap.parse_args(argv)
    rows = list(csv.DictReader(open(cfg.instances / "best_known.csv")))
    table = ["| instance | nodes | timeout | our cost | best known | ratio | proven bound | status | time to best | wall | peak RSS |",
             "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    failures = 0
    for r in rows:
        name = r["benchmark"]
        if cfg.only and name.rsplit("-", 1)[-1] not in cfg.only:
            continue
        timeout = float(r["timeout_s"]) * cfg.scale
        problem = cfg.instances / f"{name}.json.gz"
        best = int(r["best_known_cost"])
        # Peak memory: run under /usr/bin/time when present, else report n/a.
        rss = "n/a"
        t0 = time.monotonic()
        cmd = [cfg.automap, "solve", str(problem), "--timeout", str(timeout), "--threads", str(cfg.threads), "--seed", str(cfg.seed)]
        if os.path.exists("/usr/bin/time"):
            cmd = ["/usr/bin/time", "-f", "maxrss_kb=%M"] + cmd
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - t0
        mr = re.search(r"maxrss_kb=(\d+)", p.stderr)
        if mr:
            rss = f"{int(mr.group(1)) / 1024 / 1024:.2f} GiB"
        m = FINAL.search(p.stderr)
        lines = [l for l in p.stdout.splitlines() if l.strip()]
        if not (m and lines and lines[-1].startswith("[")):
            failures += 1
            table.append(f"| {name} | {r['nodes']} | {timeout:.0f} s | failed | {best} | | | | | {wall:.1f} s | {rss} |")
            print(p.stderr[-2000:], file=sys.stderr)
            continue
        cost, bound, gap, status, ttb, total = m.groups()
        table.append(f"| {name.rsplit('-', 1)[-1]} | {r['nodes']} | {timeout:.0f} s | {cost} | {best} | {int(cost) / best:.4f} | {bound} | {status} | {float(ttb):.1f} s | {wall:.1f} s | {rss} |")
        print(table[-1], file=sys.stderr, flush=True)
    text = "\n".join(table)
    print(text)
    if cfg.out:
        cfg.out.write_text(text + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
