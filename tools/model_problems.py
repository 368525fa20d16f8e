#!/usr/bin/env python3
"""Model problems as solver benchmarks: export the choice problems of shipped models on meshes the
contest's instances lack (3-D meshes, real hardware), solve each once with a 10x longer timeout for a
reference, and write them with a best_known.csv that tools/iopddl_bench.py reads.

    python3 tools/model_problems.py --automap target/release/automap --out DIR [--timeout 20] [--scale 10]
    python3 tools/iopddl_bench.py --instances DIR --automap target/release/automap

Each problem is `automap plan MODEL --mesh MESH --export-problem` (the model's problem before presolve,
in the contest's JSON format, gzipped); its reference is `automap solve` at SCALE x TIMEOUT (seed 0,
2 threads): the reference's cost stands in the best known cost column and its proven bound in the
lower bound column. The files are large (hundreds of MB of JSON on a 3-D mesh) and are not committed.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (name, model fixture, mesh): structure the contest's set lacks. The 24-layer training step on a
# 3-D TPU mesh and on two H100 nodes over InfiniBand; a mixture of experts on a 4x4 TPU mesh.
PROBLEMS = [
    ("gpt24-train-tpu-2x4x4", "tests/fixtures/gpt_train_24l.mlir", "specs/meshes/tpu-v5e-2x4x4.yaml"),
    ("gpt24-train-h100-2x8", "tests/fixtures/gpt_train_24l.mlir", "specs/meshes/h100-2x8-ib.yaml"),
    ("moe-tpu-4x4", "tests/fixtures/moe.mlir", "specs/meshes/tpu-v5e-4x4.yaml"),
]

FINAL = re.compile(r"cost (\d+) bound (-?\d+) gap")
READ = re.compile(r"\((\d+) nodes, (\d+) edges\)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--automap", default="target/release/automap")
    ap.add_argument("--out", required=True, type=pathlib.Path)
    ap.add_argument("--timeout", type=float, default=20.0, help="the benchmark's timeout per problem (s)")
    ap.add_argument("--scale", type=float, default=10.0, help="the reference run's timeout, in benchmark timeouts")
    ap.add_argument("--only", nargs="*", help="problem names")
    cfg = ap.parse_args(argv)
    cfg.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, model, mesh in PROBLEMS:
        if cfg.only and name not in cfg.only:
            continue
        problem = cfg.out / f"{name}.json.gz"
        with tempfile.TemporaryDirectory() as tmp:
            plain = pathlib.Path(tmp) / "problem.json"
            subprocess.run([cfg.automap, "plan", str(ROOT / model), "--mesh", str(ROOT / mesh), "--time-limit", "5",
                            "--out", tmp, "--export-problem", str(plain)], check=True, capture_output=True)
            with open(plain, "rb") as src, gzip.open(problem, "wb", compresslevel=6) as dst:
                shutil.copyfileobj(src, dst)
        reference = cfg.timeout * cfg.scale
        print(f"{name}: exported; reference run of {reference:.0f} s", file=sys.stderr, flush=True)
        command = [cfg.automap, "solve", str(problem), "--timeout", str(reference), "--threads", "2", "--seed", "0"]
        p = subprocess.run(command, capture_output=True, text=True)
        final, read = FINAL.search(p.stderr), READ.search(p.stderr)
        if p.returncode != 0 or not final or not read:
            print(p.stderr[-2000:], file=sys.stderr)
            return 1
        cost, bound = final.groups()
        source = f"automap solve --timeout {reference:.0f}"
        rows.append({"benchmark": name, "nodes": read.group(1), "edges": read.group(2), "timeout_s": f"{cfg.timeout:g}",
                     "best_known_cost": cost, "best_known_source": source, "contest_best": "",
                     "lower_bound": bound, "lower_bound_source": source})
        print(f"{name}: reference cost {cost}, bound {bound}", file=sys.stderr, flush=True)
    with open(cfg.out / "best_known.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["benchmark"])
        w.writeheader()
        w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
