"""Shardings come back in the user's own structure, found by pytree path: nested dicts and lists,
Python numbers, None, and leaves the function never reads."""

import automap
import jax
import jax.numpy as jnp
import numpy as np
from conftest import REPO
from helpers import assert_close, inputs
from jax.sharding import PartitionSpec as P

MESH = REPO / "specs" / "meshes" / "cpu-8.yaml"
F32 = jnp.float32


def sds(*shape):
    return jax.ShapeDtypeStruct(shape, F32)


def train_step(state, batch, step_count, unused):
    """Two dense layers in a list under a dict, an optimizer state beside them, a Python step count."""
    params = state["params"]
    h = batch["x"]
    for layer in params["dense"]:
        h = jnp.tanh(h @ layer["kernel"] + layer["bias"])
    loss = jnp.mean((h - batch["y"]) ** 2)
    momentum = jax.tree.map(lambda m: 0.9 * m + step_count, state["opt"]["momentum"])
    return {"loss": loss, "momentum": momentum, "seen": [batch["x"].shape[0] * step_count]}


def example():
    state = {
        "params": {"dense": [{"kernel": sds(32, 64), "bias": sds(64)}, {"kernel": sds(64, 16), "bias": sds(16)}]},
        "opt": {"momentum": [sds(32, 64), sds(64, 16)], "none": None},
    }
    batch = {"y": sds(256, 16), "x": sds(256, 32)}
    return state, batch, 3, sds(4, 4)


def test_shardings_come_back_in_the_arguments_structure_by_path():
    args = example()
    plan = automap.plan(train_step, *args, mesh=MESH, time_limit=20)
    assert jax.tree.structure(plan.in_shardings) == jax.tree.structure(args)
    out = jax.eval_shape(train_step, *args)
    assert jax.tree.structure(plan.out_shardings) == jax.tree.structure(out)
    # Each leaf's sharding is the one plan.json gives its JAX name (args are named by their parameter).
    by_name = {a["name"]: a["partition_spec"] for a in plan.plan_json["arguments"]}
    x = plan.in_shardings[1]["x"]
    assert list(x.spec) == [tuple(d) if isinstance(d, list) else d for d in by_name["batch['x']"]]
    assert len(x.spec) == 2
    # The argument never read is not in the module; it is given a replicated sharding.
    assert "unused" not in by_name
    assert plan.in_shardings[3].spec == P()
    # The step count, a Python number, is a scalar: replicated.
    assert plan.in_shardings[2].spec == P()


def test_a_memory_limit_shards_the_one_large_leaf_wherever_it_sits_in_the_tree():
    # The kernel sits between small leaves in the flattened order (dict keys sort: a < kernel < z).
    def fn(p, x):
        return jnp.sum((x @ p["mid"]["kernel"]) * p["a"]) + p["z"]

    args = ({"a": sds(1024), "mid": {"kernel": sds(1024, 1024)}, "z": sds()}, sds(8, 1024))
    # The kernel alone is 4 MiB replicated; 2 MiB per device forces it sharded.
    plan = automap.plan(fn, *args, mesh=MESH, memory_limit=2 / 1024, time_limit=20)
    kernel = plan.in_shardings[0]["mid"]["kernel"]
    assert kernel.spec != P(None, None), plan.report
    assert plan.in_shardings[0]["z"].spec == P()


def test_plan_jit_runs_a_pytree_step_with_a_python_step_count():
    args = example()
    plan = automap.plan(train_step, *args, mesh=MESH, time_limit=20)
    state, batch, _, unused = inputs((args[0], args[1], None, args[3]))
    real = (state, batch, 3, unused)
    got = plan.jit(train_step)(*plan.put(*real))
    assert_close(got, jax.jit(train_step)(*real))
    assert np.asarray(got["seen"][0]) == 256 * 3
