#!/usr/bin/env python3
"""Decide a Llama-style training step's rematerialisation with `automap.plan(..., remat=True)` and print
what each JAX checkpoint policy gave: the model of tools/production_models.py (scanned layers, bf16 on
f32 master weights, AdamW), its checkpoint's policy asked of `automap.remat_policy()` at trace time.

    python3 tools/remat_check.py --model 8b --batch 16 --seq 8192 --attention flash \\
        --mesh specs/meshes/h100-8.yaml --time-limit 240 [--verify] [--out DIR]

Prints the report's rematerialisation table and the plan's summary; `--out DIR` writes report.md,
plan.json and annotated.mlir of the chosen plan. Needs 8 virtual CPU devices or as many as the mesh has
(set here). Exit 1 when no policy gives a plan that fits.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=["8b", "70b"], default="8b", help="Llama 3 8B or 70B dimensions")
    ap.add_argument("--batch", type=int, required=True, help="sequences per step (all devices)")
    ap.add_argument("--seq", type=int, required=True, help="tokens per sequence")
    ap.add_argument("--attention", choices=["dense", "flash"], default="flash",
                    help="dense scores, or a blockwise online-softmax loop over key blocks of 512")
    ap.add_argument("--mesh", required=True, help="mesh spec YAML")
    ap.add_argument("--time-limit", type=float, default=240.0, help="seconds for all policies together")
    ap.add_argument("--memory-limit", type=float, default=None, help="GiB per device (default: the spec's)")
    ap.add_argument("--verify", action="store_true", help="compile with the mesh's XLA compiler (compile only)")
    ap.add_argument("--out", help="write the chosen plan's report.md, plan.json and annotated.mlir here")
    cfg = ap.parse_args(argv)

    import automap
    from automap import _native

    # The mesh's device count, read by the planner's own parser, before JAX starts.
    mesh = pathlib.Path(cfg.mesh)
    devices = 1
    for _name, size in _native.mesh_axes(mesh.read_text(), str(mesh)):
        devices *= int(size)
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} --xla_force_host_platform_device_count={devices}"
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    import production_models as pm

    c = pm.LLAMA3_8B if cfg.model == "8b" else pm.LLAMA3_70B
    attend = pm.dense_attend
    if cfg.attention == "flash":
        attend = lambda q, k, v, _pos: pm.flash_attention(512)(q, k, v)  # noqa: E731
    step, args, _donated = pm.training(c, cfg.batch, cfg.seq, attend=attend, policy_at_trace=automap.remat_policy)
    try:
        plan = automap.plan(step, *args, mesh=cfg.mesh, remat=True, time_limit=cfg.time_limit,
                            memory_limit=cfg.memory_limit, verify=cfg.verify)
    except automap.PlanError as e:
        print(e, file=sys.stderr)
        return 1
    print(plan.remat.report())
    print(plan)
    if cfg.out:
        out = pathlib.Path(cfg.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "report.md").write_text(plan.report)
        (out / "plan.json").write_text(json.dumps(plan.plan_json, indent=1))
        (out / "annotated.mlir").write_text(plan.annotated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
