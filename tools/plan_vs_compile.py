#!/usr/bin/env python3
"""Time automap's planning against XLA's own compile of the planned module, in one run.

    python3 tools/plan_vs_compile.py tests/fixtures/gpt_train_24l.mlir --mesh specs/meshes/cpu-2x4.yaml \\
        --time-limit 15 --devices 8 [--automap target/release/automap] [--repeat 3]

Planning: the wall time of `automap plan` (parse, build, solve, annotate, report). Compile: the wall time
of XLA compiling the annotated module for N virtual CPU devices (Shardy partitioner), in this process.
Each is run --repeat times, alternating; the table gives the medians and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import xla_cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model")
    ap.add_argument("--mesh", required=True)
    ap.add_argument("--time-limit", type=float, default=15.0, help="automap plan --time-limit")
    ap.add_argument("--devices", type=int, default=8)
    ap.add_argument("--automap", default="target/release/automap")
    ap.add_argument("--repeat", type=int, default=1)
    cfg = ap.parse_args(argv)
    backend, devs = xla_cpu.client(cfg.devices)
    plan_s, compile_s = [], []
    with tempfile.TemporaryDirectory() as out:
        for _ in range(cfg.repeat):
            t0 = time.perf_counter()
            run = subprocess.run(
                [cfg.automap, "plan", cfg.model, "--mesh", cfg.mesh, "--time-limit", str(cfg.time_limit), "--out", out],
                capture_output=True,
                text=True,
            )
            plan_s.append(time.perf_counter() - t0)
            if run.returncode != 0:
                print(run.stderr, file=sys.stderr)
                return 1
            summary = run.stdout.strip().splitlines()[0]
            text = (Path(out) / "annotated.mlir").read_text()
            t0 = time.perf_counter()
            xla_cpu.compile_text(backend, devs, text)
            compile_s.append(time.perf_counter() - t0)
    p, c = statistics.median(plan_s), statistics.median(compile_s)
    print(summary)
    print(f"| model | mesh | automap plan (s) | XLA compile, {cfg.devices} devices (s) | plan / compile |")
    print("|---|---|---:|---:|---:|")
    print(f"| {cfg.model} | {cfg.mesh} | {p:.2f} | {c:.2f} | {p / c:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
