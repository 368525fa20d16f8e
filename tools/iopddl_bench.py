#!/usr/bin/env python3
"""Run `automap solve` on contest-format instances under their timeouts and print a table per run:
our cost against the best known cost and the best published lower bound, our own proven bound against
that lower bound, time to best, wall time and peak memory (resident set of the solver process); then a
summary line (geometric mean of cost / best known), and with several seeds the spread per instance.

    python3 tools/iopddl_bench.py --instances ../shared/iopddl --automap target/release/automap
    python3 tools/iopddl_bench.py --instances DIR --only K N S --seeds 0 1 2 3 4 --out bench.md

DIR holds NAME.json.gz (or NAME.json) per row of DIR/best_known.csv (benchmark,nodes,edges,timeout_s,
best_known_cost,...,lower_bound,...): the contest's instances, or model problems that
tools/model_problems.py exported. `--only` takes full names or their last part after '-' (K, 2x4x4).
Each run's answer is checked: the last stdout line must be a solution list.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

FINAL = re.compile(r"cost (\d+) bound (-?\d+) gap ([\d.]+)% \(([^;]+); best found at ([\d.]+) s, total ([\d.]+) s\)")

HEADER = ["| instance | seed | timeout | our cost | best known | cost / best | lower bound | cost / LB | our bound "
          "| bound / LB | status | time to best | wall | peak RSS |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"]


def short(name: str) -> str:
    """The contest's instances by their letter (asplos-2025-iopddl-K: K), others by their full name."""
    return name.rsplit("-", 1)[-1] if name.startswith("asplos-2025-iopddl-") else name


def wanted(name: str, only) -> bool:
    return not only or name in only or name.rsplit("-", 1)[-1] in only


def problem_file(dir: pathlib.Path, name: str) -> pathlib.Path:
    for ext in (".json.gz", ".json"):
        if (dir / f"{name}{ext}").exists():
            return dir / f"{name}{ext}"
    raise SystemExit(f"{dir}: no {name}.json.gz or {name}.json for the row of best_known.csv")


def run_one(cfg, row, seed: int):
    """One solve: a dict of the run's figures, or None (with the solver's stderr printed) on failure."""
    name = row["benchmark"]
    timeout = float(row["timeout_s"]) * cfg.scale
    cmd = [cfg.automap, "solve", str(problem_file(cfg.instances, name)), "--timeout", str(timeout),
           "--threads", str(cfg.threads), "--seed", str(seed)]
    # Peak memory: run under /usr/bin/time when present, else report n/a.
    if os.path.exists("/usr/bin/time"):
        cmd = ["/usr/bin/time", "-f", "maxrss_kb=%M"] + cmd
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if cfg.logs:
        cfg.logs.mkdir(parents=True, exist_ok=True)
        (cfg.logs / f"{name}-seed{seed}.log").write_text(p.stderr)
    mr = re.search(r"maxrss_kb=(\d+)", p.stderr)
    rss = f"{int(mr.group(1)) / 1024 / 1024:.2f} GiB" if mr else "n/a"
    m = FINAL.search(p.stderr)
    lines = [line for line in p.stdout.splitlines() if line.strip()]
    if not (m and lines and lines[-1].startswith("[")):
        print(p.stderr[-2000:], file=sys.stderr)
        return {"name": name, "seed": seed, "timeout": timeout, "wall": wall, "rss": rss, "failed": True}
    cost, bound, _gap, status, ttb, _total = m.groups()
    return {"name": name, "seed": seed, "timeout": timeout, "wall": wall, "rss": rss, "failed": False,
            "cost": int(cost), "bound": int(bound), "status": status, "ttb": float(ttb)}


def ratio(a, b) -> str:
    return f"{a / b:.4f}" if b else "n/a"


def table_row(r, row) -> str:
    best, lb = int(row["best_known_cost"]), int(row.get("lower_bound") or 0)
    head = f"| {short(r['name'])} | {r['seed']} | {r['timeout']:.0f} s |"
    if r["failed"]:
        return head + f" failed | {best} | | {lb or 'n/a'} | | | | | | {r['wall']:.1f} s | {r['rss']} |"
    return head + (f" {r['cost']} | {best} | {ratio(r['cost'], best)} | {lb or 'n/a'} | {ratio(r['cost'], lb)} |"
                   f" {r['bound']} | {ratio(r['bound'], lb)} | {r['status']} | {r['ttb']:.1f} s"
                   f" | {r['wall']:.1f} s | {r['rss']} |")


def geomean(xs) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instances", required=True, type=pathlib.Path)
    ap.add_argument("--automap", default="target/release/automap")
    ap.add_argument("--only", nargs="*", help="instances by name or last part (K N S, or a model problem's name)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seeds", type=int, nargs="+", default=[0], help="one run per instance and seed (default 0)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every timeout (for quick looks)")
    ap.add_argument("--out", type=pathlib.Path, help="also write the tables here")
    ap.add_argument("--logs", type=pathlib.Path,
                    help="keep each run's progress (its stderr) here, as NAME-seedS.log: which phase found what, when")
    cfg = ap.parse_args(argv)
    known = csv.DictReader((cfg.instances / "best_known.csv").read_text().splitlines())
    rows = [r for r in known if wanted(r["benchmark"], cfg.only)]
    table = list(HEADER)
    runs = []
    for row in rows:
        for seed in cfg.seeds:
            r = run_one(cfg, row, seed)
            runs.append((row, r))
            table.append(table_row(r, row))
            print(table[-1], file=sys.stderr, flush=True)
    failures = sum(r["failed"] for _, r in runs)
    text = "\n".join(table)
    # Per instance: the median over seeds of cost / best known (the worst too when there are several).
    per = {}
    for row, r in runs:
        if not r["failed"]:
            per.setdefault(row["benchmark"], []).append(r["cost"] / int(row["best_known_cost"]))
    if len(cfg.seeds) > 1 and per:
        text += "\n\n| instance | seeds | median cost / best | worst cost / best |\n|---|---:|---:|---:|\n"
        text += "\n".join(
            f"| {short(n)} | {len(v)} | {statistics.median(v):.4f} | {max(v):.4f} |" for n, v in per.items()
        )
    if per:
        medians = [statistics.median(v) for v in per.values()]
        text += (f"\n\nGeometric mean of cost / best known over {len(medians)} instances"
                 f"{' (each its median over seeds)' if len(cfg.seeds) > 1 else ''}: {geomean(medians):.4f}"
                 f"{f'; {failures} runs failed' if failures else ''}")
    print(text)
    if cfg.out:
        cfg.out.write_text(text + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
