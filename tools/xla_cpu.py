"""XLA's CPU client with N virtual devices, and the compile options automap's tools use (SPMD, Shardy)."""

from __future__ import annotations

import os
from pathlib import Path


def client(devices: int):
    """The CPU backend and its first `devices` devices. Call before anything imports JAX."""
    flag = f"--xla_force_host_platform_device_count={devices}"
    os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {flag}".strip()
    from jax._src import xla_bridge as xb

    backend = xb.get_backend("cpu")
    return backend, backend.devices()[:devices]


def options(n: int, shardy: bool = True, dump_to: str | None = None):
    """Compile options for `n` partitions on one replica, partitioned by Shardy (or GSPMD); with
    `dump_to`, XLA writes its optimized HLO, buffer assignment and buffer live ranges into that folder."""
    import numpy as np
    from jax._src.lib import xla_client as xc

    o = xc.CompileOptions()
    b = o.executable_build_options
    b.num_replicas, b.num_partitions = 1, n
    b.use_spmd_partitioning = n > 1
    b.use_shardy_partitioner = shardy
    b.device_assignment = xc.DeviceAssignment.create(np.arange(n).reshape(1, n))
    if dump_to:
        b.debug_options.xla_dump_to = dump_to
        b.debug_options.xla_dump_hlo_as_text = True
    return o


def compile_text(backend, devs, text: str, shardy: bool = True, dump_to: str | None = None):
    """Compile MLIR text for the given devices (dumping XLA's files into `dump_to`, if given)."""
    from jax._src.lib import xla_client as xc

    return backend.compile_and_load(text, xc.DeviceList(tuple(devs)), options(len(devs), shardy, dump_to))


def live_peak_bytes(dump_dir: str) -> int | None:
    """The most bytes XLA's buffers hold at once on one device, read from the live ranges XLA dumped
    after optimizing (`*-live-range.txt`): what is live at its scheduled peak, arguments included,
    without the gaps its buffer packing leaves (which the allocation size counts). None when XLA wrote
    no such file."""
    import glob
    import re

    peaks = []
    for path in sorted(glob.glob(os.path.join(dump_dir, "*after_optimizations-live-range.txt"))):
        m = re.search(r"Stack trace breakdown for peak usage: ([\d ]+) bytes", Path(path).read_text())
        if m:
            peaks.append(int(m.group(1).replace(" ", "")))
    return max(peaks) if peaks else None
