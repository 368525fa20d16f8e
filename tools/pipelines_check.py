#!/usr/bin/env python3
"""The collectives XLA's real pipelines insert for the plans CI checks on its CPU meshes: each fixture
planned on its mesh, then compiled (compile only) by XLA's CPU backend, its GPU compiler (H100, one
node of as many GPUs) and its TPU compiler (a v5e slice of as many chips), one table row each: whether
the collectives match the plan's (count per kind, reductions together, bytes within 10%) and, where
they do not, the kinds that differ.

    python3 tools/pipelines_check.py --automap target/release/automap
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The fixtures and meshes .ci/run checks with XLA's CPU backend.
CASES = [
    ("mlp", "cpu-8"), ("mlp", "cpu-2x4"), ("gnn", "cpu-8"), ("gnn", "cpu-2x4"),
    ("gpt_train", "cpu-8"), ("gpt_train", "cpu-2x4"), ("cnn_train", "cpu-8"), ("cnn_train", "cpu-2x4"),
    ("moe", "cpu-8"), ("moe", "cpu-2x4"), ("gpt_forward", "cpu-8"), ("gpt_forward", "cpu-2x4"),
    ("control_flow", "cpu-8"), ("control_flow", "cpu-2x4"), ("gpt_train_scan", "cpu-8"),
    ("gpt_train_scan", "cpu-2x4"), ("fori", "cpu-8"), ("fori", "cpu-2x4"), ("cond_train", "cpu-8"),
    ("cond_train", "cpu-2x4"), ("sampling", "cpu-2x4"),
]

# The real pipelines for 8 devices.
TARGETS = [("cpu", None), ("gpu", "gpu:h100_sxm:1x1x8"), ("tpu", "tpu:v5e:2x4")]


def check(automap: str, fixture: str, mesh: str, out: pathlib.Path) -> dict:
    folder = out / f"{fixture}-{mesh}"
    subprocess.run([automap, "plan", f"tests/fixtures/{fixture}.mlir", "--mesh", f"specs/meshes/{mesh}.yaml",
                    "--time-limit", "20", "--out", str(folder)], cwd=ROOT, capture_output=True, check=True)
    row = {"case": f"{fixture} on {mesh}"}
    for target, compiler in TARGETS:
        figures = folder / f"{target}.json"
        cmd = [sys.executable, "tools/validate.py", str(folder / "annotated.mlir"), "--plan",
               str(folder / "plan.json"), "--compile-only", "--target", target, "--json", str(figures)]
        if compiler:
            cmd += ["--compiler", compiler]
        subprocess.run(cmd, cwd=ROOT, capture_output=True)
        fig = json.loads(figures.read_text()) if figures.exists() else {}
        predicted = json.loads((folder / "plan.json").read_text())["predicted"]["collectives_by_kind"]
        made = {k: n for k, (n, _) in fig.get("collectives", {}).items()}
        differs = [f"{k} {predicted.get(k, 0)}/{made.get(k, 0)}" for k in sorted(set(predicted) | set(made))
                   if predicted.get(k, 0) != made.get(k, 0)]
        match = fig.get("collectives_match")
        row[target] = ("yes" if match else "no" if match is False else "did not compile") + (
            f" ({', '.join(differs)})" if differs and match is False else "")
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--automap", default="target/release/automap")
    cfg = ap.parse_args(argv)
    print("| case | CPU | GPU (H100 x 8) | TPU (v5e 2x4) |\n|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="automap-pipelines-") as tmp:
        for fixture, mesh in CASES:
            r = check(cfg.automap, fixture, mesh, pathlib.Path(tmp))
            print(f"| {r['case']} | {r['cpu']} | {r['gpu']} | {r['tpu']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
