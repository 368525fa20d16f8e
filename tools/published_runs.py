#!/usr/bin/env python3
"""Export the published runs of benchmarks/published/runs.json at their configuration and write the
runs files `automap calibrate` reads.

    python3 tools/published_runs.py --out benchmarks/published/programs
    automap calibrate --mesh specs/meshes/tpu-v5e-16x16.yaml \\
        --runs benchmarks/published/programs/calibration-tpu-v5e.yaml --out calibrated.yaml

Each run's program is the training step of tools/production_models.py (layers scanned under
`jax.checkpoint` with the run's remat policy, bf16 on f32 master weights, AdamW, the state donated) at
the dimensions MaxText's `global_parameter_scale` gives (or a model card's, `model`), with attention as
the run had it in `shard_map` (batch over the run's batch axes, heads over its heads axis): Pallas's TPU
flash attention, lowered for TPU, or cuDNN's (`attention: cudnn`), lowered for CUDA; at abstract
shapes, its layers scanned unless the run says `scan_layers: false`, its loss over `loss_chunks` slices
of the sequence when the run gives them. Its measured step is MaxText's
model FLOPs per chip (its `calculate_tflops_training_per_device`, attention counted whole, as the
2023-24 tables did) over the published TFLOP/s per chip. One runs file per chip
(calibration-tpu-v5e.yaml, calibration-h100.yaml, ...): the efficiencies are the chip's; runs marked
`held_out` go to held_out-CHIP.yaml, never into a fit.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys

import jax

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import production_models as pm  # noqa: E402

# MaxText's base.yml.
BASE = {"emb": 2048, "heads": 16, "kv_heads": 16, "mlp": 7168, "layers": 16, "head_dim": 128, "vocab": 32_000}

# MaxText's remat policies as JAX checkpoint policies: `full` recomputes the layer; `minimal` saves every
# projection's output but attention's context (the weight matmuls: dots with no batch dimension);
# `minimal_flash` saves those and attention's output, named "context" as MaxText names it.
POLICIES = {
    "full": jax.checkpoint_policies.nothing_saveable,
    "minimal": jax.checkpoint_policies.checkpoint_dots_with_no_batch_dims,
    "minimal_flash": jax.checkpoint_policies.save_from_both_policies(
        jax.checkpoint_policies.checkpoint_dots_with_no_batch_dims,
        jax.checkpoint_policies.save_only_these_names("context")),
}

# Attention as the run had it, and the platform its program is lowered for.
ATTENTION = {
    "pallas_tpu": (pm.pallas_tpu_attention, "tpu"),
    "cudnn": (pm.cudnn_attention, "cuda"),
}


def scaled(scale: int) -> pm.Decoder:
    """MaxText's model at `global_parameter_scale` (pyconfig's get_individual_scales)."""
    log2 = scale.bit_length() - 1
    if 1 << log2 != scale:
        raise ValueError(f"global_parameter_scale {scale} is not a power of 2")
    base, rem = divmod(log2, 3)
    heads_s, emb_s, layer_s = base + int(rem > 0), base + int(rem > 1), base
    return pm.Decoder(vocab=BASE["vocab"], d_model=BASE["emb"] << emb_s, layers=BASE["layers"] << layer_s,
                      heads=BASE["heads"] << heads_s, kv_heads=BASE["kv_heads"] << heads_s,
                      d_ff=BASE["mlp"] << heads_s, head_size=BASE["head_dim"])


def maxtext_flops_per_chip(c: pm.Decoder, batch: int, seq: int) -> float:
    """MaxText's model FLOPs of one training step per chip (forward and backward, no recomputation)."""
    tokens = batch * seq
    ffn = 2 * tokens * c.d_ff * c.d_model * 3  # gated: two input matmuls and the output one
    qkv = 2 * tokens * c.d_model * (c.heads + 2 * c.kv_heads) * c.head_dim
    projection = 2 * tokens * c.d_model * c.heads * c.head_dim
    attention = 4 * batch * seq * seq * c.heads * c.head_dim
    embedding = 2 * tokens * c.d_model * c.vocab
    return 3 * ((ffn + qkv + projection + attention) * c.layers + embedding)


def decoder(run: dict) -> pm.Decoder:
    """The run's model: MaxText's `global_parameter_scale` (`scale`), or a model card's dimensions
    (`model`: the fields of `production_models.Decoder`)."""
    return pm.Decoder(**run["model"]) if "model" in run else scaled(run["scale"])


def program(run: dict) -> str:
    c = decoder(run)
    axes = mesh_axes(run["mesh"])
    devices = 1
    for _, n in axes:
        devices *= n
    kernel, platform = ATTENTION[run.get("attention", "pallas_tpu")]
    attend = kernel(axes, tuple(run["batch_axes"]), run.get("heads_axis"))
    fn, args, donate = pm.training(c, run["per_device_batch"] * devices, run["seq"], attend=attend,
                                   scanned=run.get("scan_layers", True), policy=POLICIES[run["remat"]],
                                   loss_chunks=run.get("loss_chunks", 1))
    lowered = jax.jit(fn, donate_argnums=donate).trace(*args).lower(lowering_platforms=(platform,))
    return lowered.as_text()


def mesh_axes(mesh: str) -> list[tuple[str, int]]:
    """A mesh spec's axes (name, size), read from its YAML without a YAML library: the `- name:` and
    `size:` lines under `axes:`."""
    axes, name = [], None
    for line in (ROOT / "specs" / "meshes" / f"{mesh}.yaml").read_text().splitlines():
        text = line.split("#")[0].strip()
        if text.startswith("- name:"):
            name = text.split(":", 1)[1].strip()
        elif text.startswith("size:") and name is not None:
            axes.append((name, int(text.split(":", 1)[1])))
            name = None
    return axes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=pathlib.Path, default=ROOT / "benchmarks" / "published" / "runs.json")
    ap.add_argument("--out", type=pathlib.Path, required=True)
    cfg = ap.parse_args(argv)
    cfg.out.mkdir(parents=True, exist_ok=True)
    runs = json.loads(cfg.runs.read_text())["runs"]
    files: dict[str, list[str]] = {}
    for i, run in enumerate(runs):
        c = decoder(run)
        path = cfg.out / f"run{i:02d}.mlir"
        path.write_text(program(run))
        step = maxtext_flops_per_chip(c, run["per_device_batch"], run["seq"]) / (run["tflops_per_chip"] * 1e12)
        # Relative to the runs file, as automap reads it.
        mesh = os.path.relpath(ROOT / "specs" / "meshes" / f"{run['mesh']}.yaml", cfg.out.resolve())
        entry = (f"  - {{name: {json.dumps(run['name'])}, model: {path.name}, mesh: {json.dumps(str(mesh))}, "
                 f"plan: {json.dumps(run['plan'])}, measured_step_s: {step:.6f}}}")
        # One fit per chip: tpu-v5e-16x16 -> tpu-v5e, h100-2x8-ib -> h100.
        parts = run["mesh"].split("-")
        chip = "-".join(parts[:2]) if parts[0] == "tpu" else parts[0]
        files.setdefault(f"{'held_out' if run.get('held_out') else 'calibration'}-{chip}.yaml", []).append(entry)
        print(f"{run['name']}: d={c.d_model} L={c.layers} H={c.heads} ff={c.d_ff}, measured step {step:.3f} s "
              f"({path.stat().st_size:,} bytes)", file=sys.stderr)
    for name, entries in files.items():
        (cfg.out / name).write_text("runs:\n" + "\n".join(entries) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
