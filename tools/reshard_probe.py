#!/usr/bin/env python3
"""How XLA's SPMD partitioner does a resharding: a tensor held at one sharding, then constrained to each
sharding given after it in turn, compiled (compile only) on virtual CPU devices. The partitioner is the
same on every backend, so what it prints holds for the GPU and TPU compilers too. Prints the
collectives it inserted and its temporaries as a multiple of the whole tensor: about 1 or more means it
gathered the tensor whole on every device ("involuntary full rematerialization") where a sequence of
collectives would have done.

    python3 tools/reshard_probe.py --mesh s=2,x=16,y=16 --shape 128,4096,8192 \\
        's;;x,y' 's,y;x;'               # in one piece: the whole tensor gathered
    python3 tools/reshard_probe.py --mesh s=2,x=16,y=16 --shape 128,4096,8192 \\
        's;;x,y' 's;x;y' 's,y;x;'       # through the sharding between the moves: two all-to-alls

A sharding is its dimensions' axes, `;` between dimensions and `,` between the axes of one (major
first); an empty dimension is replicated.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mesh", required=True, help="axes and sizes, major first: s=2,x=16,y=16")
    ap.add_argument("--shape", required=True, help="the tensor's dimensions: 128,4096,8192")
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("chain", nargs="+", help="the sharding held, then each one it is constrained to")
    cfg = ap.parse_args()
    axes = [(a.split("=")[0], int(a.split("=")[1])) for a in cfg.mesh.split(",")]
    shape = tuple(int(d) for d in cfg.shape.split(","))
    devices = math.prod(n for _, n in axes)
    os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={devices}"
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    mesh = Mesh(np.array(jax.devices()[:devices]).reshape([n for _, n in axes]), [a for a, _ in axes])

    def spec(text: str) -> PartitionSpec:
        dims = text.split(";")
        if len(dims) != len(shape):
            sys.exit(f"sharding '{text}' has {len(dims)} dimensions; the tensor has {len(shape)}")
        parts = []
        for d in dims:
            names = tuple(a for a in d.split(",") if a)
            parts.append(None if not names else names[0] if len(names) == 1 else names)
        return PartitionSpec(*parts)

    chain = [NamedSharding(mesh, spec(t)) for t in cfg.chain]

    def f(x):
        x = x * 2
        for s in chain[1:]:
            x = jax.lax.with_sharding_constraint(x, s)
        return x + 1

    jitted = jax.jit(f, in_shardings=chain[0], out_shardings=chain[-1])
    compiled = jitted.lower(jax.ShapeDtypeStruct(shape, getattr(jnp, cfg.dtype))).compile()
    kinds = "all-gather|all-to-all|all-reduce|collective-permute|reduce-scatter"
    found = re.findall(rf"\b({kinds})(?:-start)?\(", compiled.as_text())
    whole = math.prod(shape) * np.dtype(getattr(jnp, cfg.dtype)).itemsize
    temp = compiled.memory_analysis().temp_size_in_bytes
    print(" -> ".join(cfg.chain))
    print(f"collectives: {', '.join(found) or 'none'}")
    print(f"temporaries: {temp / whole:.4f} x the whole tensor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
