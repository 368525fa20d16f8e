"""automap: provably optimal sharding plans for JAX programs on a device mesh.

    import automap
    plan = automap.plan(step, params, batch, mesh="specs/meshes/cpu-2x4.yaml")
    print(plan.report)
    sharded_step = plan.jit(step)
    new_params, loss = sharded_step(*plan.put(params, batch))

`plan` lowers the function with JAX, plans it with automap's solver (the same planner as the `automap plan`
command, compiled into this package) and returns a `Plan`: `in_shardings` and `out_shardings` as pytrees
of `jax.sharding.NamedSharding` shaped like the function's arguments and results, the predicted costs,
the proof, and the report. With `remat=True` it also decides what layers under `jax.checkpoint` keep
for the backward pass and what they compute again (`jax.checkpoint(layer,
policy=automap.remat_policy())` in the function).
"""

from automap._errors import PlanError
from automap._native import version as _native_version
from automap._plan import Plan, lower, plan
from automap._remat import RematChoice, remat_policy

__version__ = _native_version()

__all__ = ["Plan", "PlanError", "RematChoice", "lower", "plan", "remat_policy", "__version__"]
