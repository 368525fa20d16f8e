#!/usr/bin/env python3
"""Plan-time benchmark: the GPT training step at several depths on several meshes, automap's plan time
against XLA's compile of the annotated module on as many virtual CPU devices as the mesh has, in one run.

    python3 tools/plan_bench.py --layers 4,24 --meshes cpu-2x4,tpu-v5e-4x4,tpu-v5e-2x4x4 \\
        --time-limit 60 --repeat 3 [--automap target/release/automap] [--out bench.md]

Each model is exported with tools/export_models.py (the 2-layer fixture's widths, N layers). Each
(model, mesh) pair is planned --repeat times; the table gives the median plan time (the wall time of
`automap plan`: parse, build, solve, annotate, report), its status and gap, the largest plan time seen
(whether any run passed the limit), the median of XLA's compile (Shardy partitioner) of the annotated
module, and the ratio of the medians. A mesh with more devices than JAX can emulate is planned but not
compiled.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def export(layers: int, out: Path) -> Path:
    """The GPT training step with `layers` layers, as StableHLO text."""
    path = out / f"gpt_train_{layers}l.mlir"
    if not path.exists():
        subprocess.run(
            [sys.executable, str(HERE / "export_models.py"), "--out", str(out), "--only", "gpt_train",
             "--layers", str(layers)],
            check=True,
            capture_output=True,
        )
        if layers == 2:
            (out / "gpt_train.mlir").rename(path)
    return path


def devices(mesh: Path) -> int:
    """The device count of a mesh spec (the product of its axes' sizes)."""
    sizes = [int(s) for s in re.findall(r"^\s*size:\s*(\d+)", mesh.read_text(), re.M)]
    n = 1
    for s in sizes:
        n *= s
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", default="4,24", help="comma-separated decoder depths")
    ap.add_argument("--meshes", default="cpu-2x4,tpu-v5e-4x4,h100-2x8-ib,tpu-v5e-2x4x4", help="specs/meshes names")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--automap", default=str(ROOT / "target/release/automap"))
    ap.add_argument("--no-compile", action="store_true", help="time the plans only")
    ap.add_argument("--out", help="also write the table to this Markdown file")
    cfg = ap.parse_args(argv)
    meshes = [ROOT / "specs" / "meshes" / f"{m}.yaml" for m in cfg.meshes.split(",")]
    most = max(devices(m) for m in meshes)
    backend = devs = None
    if not cfg.no_compile:
        import xla_cpu

        backend, devs = xla_cpu.client(most)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for layers in [int(x) for x in cfg.layers.split(",")]:
            model = export(layers, tmp)
            for mesh in meshes:
                plan_s, compile_s, summary = [], [], ""
                for _ in range(cfg.repeat):
                    out = tmp / "out"
                    t0 = time.perf_counter()
                    run = subprocess.run(
                        [cfg.automap, "plan", str(model), "--mesh", str(mesh), "--time-limit", str(cfg.time_limit),
                         "--out", str(out)],
                        capture_output=True,
                        text=True,
                    )
                    plan_s.append(time.perf_counter() - t0)
                    summary = (run.stdout.strip().splitlines() or [run.stderr.strip().splitlines()[-1]])[0]
                    print(f"{layers} layers, {mesh.stem}: {plan_s[-1]:.2f} s: {summary}", file=sys.stderr, flush=True)
                    if run.returncode != 0 or cfg.no_compile or devices(mesh) > len(devs):
                        continue
                    text = (out / "annotated.mlir").read_text()
                    t0 = time.perf_counter()
                    xla_cpu.compile_text(backend, devs[: devices(mesh)], text)
                    compile_s.append(time.perf_counter() - t0)
                status = re.search(r": (optimal|time limit|[a-z ]+) \(", summary)
                gap = re.search(r"gap ([0-9.]+(?:e-?[0-9]+)?%)", summary)
                p = statistics.median(plan_s)
                c = statistics.median(compile_s) if compile_s else None
                rows.append(
                    f"| {layers} | {mesh.stem} | {p:.2f} | {max(plan_s):.2f} "
                    f"| {status.group(1) if status else 'error'} | "
                    f"{gap.group(1) if gap else '-'} | {'-' if c is None else f'{c:.2f}'} | "
                    f"{'-' if c is None else f'{p / c:.2f}'} |"
                )
    table = [
        f"time limit {cfg.time_limit:g} s, {cfg.repeat} run(s) each, medians",
        "",
        "| layers | mesh | plan (s) | slowest plan (s) | status | gap | XLA compile (s) | plan / compile |",
        "|---:|---|---:|---:|---|---:|---:|---:|",
        *rows,
    ]
    print("\n".join(table))
    if cfg.out:
        Path(cfg.out).write_text("\n".join(table) + "\n")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
