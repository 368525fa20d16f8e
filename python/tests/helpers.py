"""What the tests share: inputs for abstract arguments, and the comparison of XLA's collectives with a
plan's."""

from __future__ import annotations

import hlo_collectives
import jax
import numpy as np
import validate

# |sharded − unsharded| ≤ ATOL + RTOL·|unsharded| elementwise: sharded reductions sum in another order
# (the tolerance tools/validate.py uses).
RTOL, ATOL = 1e-4, 1e-5


def inputs(abstract, seed: int = 0):
    """Seeded values for a pytree of ShapeDtypeStruct: floats ~ N(0, 0.1²), integers in [0, 4)."""
    rng = np.random.default_rng(seed)

    def make(s):
        if np.issubdtype(s.dtype, np.integer):
            return rng.integers(0, 4, s.shape).astype(s.dtype)
        return (rng.standard_normal(s.shape) * 0.1).astype(s.dtype)

    return jax.tree_util.tree_map(make, abstract)


def assert_close(got, want):
    """Every leaf of `got` within tolerance of `want`, in the same structure."""
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want), strict=True):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=RTOL, atol=ATOL)


def collectives_match(plan, compiled_hlo: str) -> tuple[bool, str]:
    """Whether XLA's collectives in `compiled_hlo` are the plan's (tools/validate.py's comparison), and
    the comparison's text. Ops are named as in the planned module: the prefix of the call through
    `jax.export` that `plan.jit` adds is dropped."""
    xla = hlo_collectives.collectives(compiled_hlo)
    for c in xla:
        c["op"] = c["op"].split("call_exported/")[-1]
    lines, match = validate.compare(plan.collectives, xla)
    return match, "\n".join(lines)
