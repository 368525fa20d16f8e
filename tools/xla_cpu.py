"""XLA's CPU client with N virtual devices, and the compile options automap's tools use (SPMD, Shardy)."""

from __future__ import annotations

import os


def client(devices: int):
    """The CPU backend and its first `devices` devices. Call before anything imports JAX."""
    flag = f"--xla_force_host_platform_device_count={devices}"
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {flag}".strip()
    from jax._src import xla_bridge as xb

    backend = xb.get_backend("cpu")
    return backend, backend.devices()[:devices]


def options(n: int, shardy: bool = True):
    """Compile options for `n` partitions on one replica, partitioned by Shardy (or GSPMD)."""
    import numpy as np
    from jax._src.lib import xla_client as xc

    o = xc.CompileOptions()
    b = o.executable_build_options
    b.num_replicas, b.num_partitions = 1, n
    b.use_spmd_partitioning = n > 1
    b.use_shardy_partitioner = shardy
    b.device_assignment = xc.DeviceAssignment.create(np.arange(n).reshape(1, n))
    return o


def compile_text(backend, devs, text: str, shardy: bool = True):
    """Compile MLIR text for the given devices."""
    from jax._src.lib import xla_client as xc

    return backend.compile_and_load(text, xc.DeviceList(tuple(devs)), options(len(devs), shardy))
