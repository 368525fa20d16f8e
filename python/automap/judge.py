"""XLA's own TPU and GPU compilers as the judge of a plan: they run on a machine without an accelerator
and compile only, for the hardware a mesh spec names (`compiler:` in its YAML, carried into plan.json's
mesh):

    {"platform": "tpu", "topology": "v5p:4x4x8", "slices": 4}    libtpu, `pip install "jax[tpu]==V"`
    {"platform": "gpu", "model": "h100_sxm", "topology": "1x8x8"}  `pip install --no-deps
        "jax-cuda12-pjrt==V" "jax-cuda12-plugin==V" nvidia-cuda-nvcc-cu12` (V: the installed jax)

The compiled executable gives what one device holds (`get_compiled_memory_stats()`: arguments,
outputs, temporaries, aliases, host memory), the optimized HLO and a cost analysis (the TPU
executable's own; for the GPU one, XLA's HLO cost analysis on its optimized module, as the GPU client
implements none). The TPU compiler refuses a module that needs more HBM than the chip has; the GPU
compiler compiles it, and the verdict compares its total with the device's memory.

This file imports nothing of automap's, so that `automap plan --verify PYTHON` can run it with any Python
that has JAX and the compilers:

    python judge.py annotated.mlir plan.json [--format gspmd]    # prints the figures as JSON

Call `target_client` before anything else imports JAX (it keeps JAX itself on the CPU).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time

# What XLA's GPU compiler needs to know of a GPU (a `GpuTargetConfigProto`'s `gpu_device_info`), from
# the vendor's figures: NVIDIA's H100 and H200 datasheets (SXM: 132 SMs, 50 MiB L2, HBM size and
# bandwidth) and CUDA's device properties for compute capability 9.0 (per-SM limits, shared memory,
# registers). Autotuning is off in a compile-only client, so no rate tables are needed.
GPUS = {
    "h100_sxm": {"name": "NVIDIA H100 80GB HBM3", "memory_bytes": 84_942_979_072, "bandwidth": 3_352_320_000_000},
    "h200": {"name": "NVIDIA H200", "memory_bytes": 150_754_820_096, "bandwidth": 4_800_000_000_000},
}
HOPPER = """gpu_device_info {{
  threads_per_block_limit: 1024
  threads_per_warp: 32
  shared_memory_per_block: 49152
  shared_memory_per_block_optin: 232448
  shared_memory_per_core: 233472
  threads_per_core_limit: 2048
  core_count: 132
  fpus_per_core: 128
  block_dim_limit_x: 2147483647
  block_dim_limit_y: 65535
  block_dim_limit_z: 65535
  memory_bandwidth: {bandwidth}
  l2_cache_size: 52428800
  clock_rate_ghz: 1.98
  device_memory_size: {memory_bytes}
  cuda_compute_capability {{ major: 9 }}
  registers_per_core_limit: 65536
  registers_per_block_limit: 65536
}}
platform_name: "CUDA"
dnn_version_info {{ major: 9 minor: 10 }}
device_description_str: "{name}"
"""

GIB = 2**30
# XLA prints sizes with binary prefixes ("17.78G" is 17.78 GiB).
UNITS = {"G": GIB, "M": 2**20, "K": 2**10}


def gpu_target_config(model: str) -> str:
    """The `GpuTargetConfigProto` text for a GPU model of GPUS."""
    if model not in GPUS:
        raise ValueError(f"unknown GPU model '{model}' (known: {', '.join(sorted(GPUS))})")
    return HOPPER.format(**GPUS[model])


def describe(target: dict | None) -> str:
    """A target in words: 'TPU v5p:4x4x8 x 4 slices', 'GPU h100_sxm 1x8x8', 'CPU'."""
    if not target or target.get("platform") == "cpu":
        return "CPU"
    if target["platform"] == "tpu":
        slices = target.get("slices", 1)
        return f"TPU {target['topology']}" + (f" x {slices} slices" if slices > 1 else "")
    return f"GPU {target['model']} {target['topology']}"


def target_client(target: dict, n: int):
    """The compile-only client and the `n` devices, in the mesh's row-major order, of a TPU or GPU
    target. Call before JAX is imported elsewhere: JAX itself stays on the CPU."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    # libtpu locks a file so that one process owns the chips; compiling for a topology owns none, and
    # two checks at once (a test beside a --verify) must not refuse each other.
    os.environ.setdefault("ALLOW_MULTIPLE_LIBTPU_LOAD", "1")
    from jax.experimental import topologies

    platform = target.get("platform")
    if platform == "tpu":
        topo = topologies.get_topology_desc(
            topology_name=target["topology"], platform="tpu", num_slices=int(target.get("slices", 1))
        )
    elif platform == "gpu":
        topo = topologies.get_topology_desc(
            platform="cuda", topology_name="gpu", target_config=gpu_target_config(target["model"]),
            topology=target["topology"],
        )
    else:
        raise ValueError(f"unknown compiler platform '{platform}' (tpu or gpu)")
    devs = list(topo.devices)
    if len(devs) != n:
        raise ValueError(f"{describe(target)} has {len(devs)} devices; the plan's mesh has {n}")
    return devs[0].client, devs


def options(devs, shardy: bool = True, dump_to: str | None = None):
    """Compile options for `devs` as one replica of len(devs) partitions, in their order, partitioned by
    Shardy (or GSPMD); with `dump_to`, XLA writes its optimized HLO and buffer assignment there."""
    import numpy as np
    from jax._src.lib import xla_client as xc

    o = xc.CompileOptions()
    b = o.executable_build_options
    b.num_replicas, b.num_partitions = 1, len(devs)
    b.use_spmd_partitioning = len(devs) > 1
    b.use_shardy_partitioner = shardy
    b.device_assignment = xc.DeviceAssignment.create(np.array([d.id for d in devs]).reshape(1, len(devs)))
    if dump_to:
        b.debug_options.xla_dump_to = dump_to
        b.debug_options.xla_dump_hlo_as_text = True
    return o


def compile_text(client, devs, text: str, shardy: bool = True, dump_to: str | None = None):
    """Compile MLIR text for `devs` with a compile-only client (parsed in JAX's MLIR context)."""
    from jax._src.interpreters import mlir
    from jax._src.lib import xla_client as xc
    from jax._src.lib.mlir import ir

    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        return client.compile(module, executable_devices=xc.DeviceList(tuple(devs)),
                              compile_options=options(devs, shardy, dump_to))


def cost_analysis(exe, target: dict | None) -> dict:
    """FLOPs and bytes accessed of one device's program, as XLA's cost analysis counts them (a `while`
    body once). The GPU executable implements none: XLA's HLO cost analysis on its optimized module."""
    if (target or {}).get("platform") == "gpu":
        from jax._src import xla_bridge as xb
        from jax._src.lib import xla_client as xc

        return dict(xc._xla.hlo_module_cost_analysis(xb.get_backend("cpu"), exe.hlo_modules()[0]))
    ca = exe.cost_analysis()
    return ca[0] if isinstance(ca, list) else ca


def memory_figures(exe) -> dict:
    """The compiler's memory per device: its buffers in device memory (arguments + outputs + temporaries
    - aliased: what the device must hold at once at most) and in host memory."""
    ma = exe.get_compiled_memory_stats()
    dev = ma.argument_size_in_bytes + ma.output_size_in_bytes + ma.temp_size_in_bytes - ma.alias_size_in_bytes
    host = (ma.host_argument_size_in_bytes + ma.host_output_size_in_bytes + ma.host_temp_size_in_bytes
            - ma.host_alias_size_in_bytes)
    return {"device_total_bytes": dev, "arguments_bytes": ma.argument_size_in_bytes,
            "outputs_bytes": ma.output_size_in_bytes, "temporaries_bytes": ma.temp_size_in_bytes,
            "aliased_bytes": ma.alias_size_in_bytes, "host_total_bytes": host}


def oom_figures(text: str) -> dict:
    """From a TPU compiler's out-of-memory error ("the total memory required for HLO temporaries (17.78G)
    exceeds available HBM (15.75G)", or "Used 20.1G of 15.75G hbm"): what it needed and had, in bytes."""
    out = {}
    m = re.search(r"\(([\d.]+)([GMK])\) exceeds available HBM \(([\d.]+)([GMK])\)", text)
    if m:
        out["temporaries_bytes"] = float(m.group(1)) * UNITS[m.group(2)]
        out["available_bytes"] = float(m.group(3)) * UNITS[m.group(4)]
    m = re.search(r"Used ([\d.]+)([GMK]) of ([\d.]+)([GMK]) hbm", text)
    if m:
        out["device_total_bytes"] = float(m.group(1)) * UNITS[m.group(2)]
        out["available_bytes"] = float(m.group(3)) * UNITS[m.group(4)]
    return out


OUT_OF_MEMORY = re.compile(r"exceeds available HBM|Ran out of memory|RESOURCE_EXHAUSTED")


# Custom-call targets XLA itself implements or rewrites: never given a stand-in.
XLA_TARGETS = {"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "CustomSPMDPartitioning"}


def register_stand_ins(text: str, target: dict | None) -> list[str]:
    """Register a stand-in FFI handler (one of jaxlib's own CPU ones, never run) for every custom-call
    target of `text` that this process has none for, with the GPU compiler (`target` GPU) or XLA's CPU
    backend (`target` None or CPU), so that a compile-only check of a module calling a user's kernel
    (registered in the user's process, not this one) reaches the partitioner and the scheduler. The TPU
    compiler takes its kernels (`tpu_custom_call`) as they are. Returns the targets registered."""
    platform = {"gpu": "CUDA", "tpu": None}.get((target or {}).get("platform", "cpu"), "cpu")
    if platform is None:
        return []
    import jax
    from jax._src.lib import lapack

    capsule = lapack._lapack.registrations()["lapack_strsm_ffi"]
    targets = sorted(set(re.findall(r"stablehlo\.custom_call @([\w$.]+)", text)) - XLA_TARGETS)
    registered = []
    for t in targets:
        # lapack's are the CPU's; cuDNN's and cuBLAS's the GPU compiler's own.
        if t.startswith(("lapack_", "__cudnn", "__cublas")):
            continue
        jax.ffi.register_ffi_target(t, capsule, platform=platform)
        registered.append(t)
    return registered


# custom_partitioning's partition callback is a Python function of the process that lowered the module.
CUSTOM_PARTITIONING = (
    "the module calls custom_partitioning kernels (CustomSPMDPartitioning), whose partition callback is a "
    "Python function of the process that lowered it: compile it there (automap.plan(..., verify=True))"
)


def judge(annotated: str, plan: dict, shardy: bool = True, client=None, devs=None, dump_to: str | None = None):
    """Compile `annotated` (the module a plan wrote) with the compiler its plan.json's mesh names, and
    return `(figures, executable)`: the verdict ("fits", "out of memory", or "refused" for any other
    compile error), the compiler's memory per device and, when it compiled, its cost analysis and
    compile time. `executable` is None when it did not compile. With `dump_to`, the compiler writes its
    optimized HLO and buffer assignment (its memory-usage report among them) into that folder."""
    target = plan["mesh"]["compiler"]
    n = 1
    for a in plan["mesh"]["axes"]:
        n *= a["size"]
    if client is None:
        client, devs = target_client(target, n)
    device = plan["mesh"].get("memory_gib", 0) * GIB
    figures = {"target": describe(target), "device_bytes": device,
               "predicted_peak_bytes": plan.get("predicted", {}).get("peak_memory_bytes_per_device")}
    figures["stand_ins"] = register_stand_ins(annotated, target)
    t0 = time.perf_counter()
    try:
        exe = compile_text(client, devs, annotated, shardy, dump_to)
    except Exception as e:  # XLA's own error text is what the user needs
        text = str(e)
        figures["verdict"] = "out of memory" if OUT_OF_MEMORY.search(text) else "refused"
        figures["error"] = text.strip()[:2000]
        figures.update(oom_figures(text))
        return figures, None
    figures["compile_s"] = time.perf_counter() - t0
    figures.update(memory_figures(exe))
    try:
        ca = cost_analysis(exe, target)
        figures.update(flops=ca.get("flops"), bytes_accessed=ca.get("bytes accessed"))
    except Exception:  # noqa: S110 - a client without a cost analysis still gives its memory
        pass
    fits = not device or figures["device_total_bytes"] <= device
    figures["verdict"] = "fits" if fits else "out of memory"
    return figures, exe


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="Compile a plan with the XLA compiler its mesh names; print JSON.")
    ap.add_argument("annotated")
    ap.add_argument("plan")
    ap.add_argument("--format", choices=["shardy", "gspmd"], default="shardy")
    cfg = ap.parse_args(argv)
    with open(cfg.plan) as f:
        plan = json.load(f)
    if not plan.get("mesh", {}).get("compiler"):
        print(json.dumps({"verdict": "refused", "error": "the plan's mesh names no compiler (`compiler:`)"}))
        return 2
    with open(cfg.annotated) as f:
        annotated = f.read()
    if "@CustomSPMDPartitioning" in annotated:
        print(json.dumps({"verdict": "unavailable", "error": CUSTOM_PARTITIONING}))
        return 2
    try:
        figures, _ = judge(annotated, plan, shardy=cfg.format == "shardy")
    except (ValueError, ImportError, RuntimeError) as e:
        print(json.dumps({"verdict": "unavailable", "error": str(e)}))
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
