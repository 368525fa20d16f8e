"""The fixture models planned from their JAX functions, run sharded with `plan.jit`, checked against
the unsharded function, and XLA's collectives checked against the plan's."""

import argparse

import automap
import export_models
import jax
import pytest
from conftest import REPO
from helpers import assert_close, collectives_match, inputs

SPECS = REPO / "specs" / "meshes"

# (model, mesh, memory limit in GiB): the serving decoder's limit is below its replicated weights, so
# the plan must shard them (Megatron-style, on the model axis).
CASES = [
    ("mlp", "cpu-8", None),
    ("gpt_train", "cpu-2x4", None),
    ("gpt_serve", "cpu-model-4", 0.00206),
]


def model(name):
    return export_models.MODELS[name](argparse.Namespace(layers=2))


@pytest.mark.parametrize("name,mesh,memory", CASES, ids=[f"{n}-{m}" for n, m, _ in CASES])
def test_plan_jit_runs_matches_the_unsharded_function_and_xla_inserts_the_predicted_collectives(name, mesh, memory):
    fn, abstract = model(name)
    plan = automap.plan(fn, *abstract, mesh=SPECS / f"{mesh}.yaml", memory_limit=memory, time_limit=30)
    assert plan.optimal, plan
    # Where the solve's time went: presolve first, each phase with its seconds and why it stopped.
    assert plan.phases[0][0] == "presolve", plan.phases
    assert all(seconds >= 0 and why for _, seconds, why in plan.phases), plan.phases
    longer_part = max(plan.compute_s, plan.communication_s)
    assert longer_part * (1 - 1e-9) <= plan.overlapped_step_time_s <= plan.step_time_s * (1 + 1e-9)
    if memory is not None:
        assert plan.peak_memory_bytes <= memory * 2**30
        leaves = jax.tree.leaves(plan.in_shardings)
        replicated = [s.spec == jax.sharding.PartitionSpec(*[None] * len(s.spec)) for s in leaves]
        assert not all(replicated)

    real = inputs(abstract)
    placed = plan.put(*real)
    for array, sharding in zip(jax.tree.leaves(placed), jax.tree.leaves(plan.in_shardings), strict=True):
        assert array.sharding.is_equivalent_to(sharding, array.ndim)
    sharded = plan.jit(fn)
    got = sharded(*placed)
    assert_close(got, jax.jit(fn)(*real))
    for array, sharding in zip(jax.tree.leaves(got), jax.tree.leaves(plan.out_shardings), strict=True):
        assert array.sharding.is_equivalent_to(sharding, array.ndim)

    match, comparison = collectives_match(plan, sharded.lower(*placed).compile().as_text())
    assert match, comparison


def test_the_same_request_gives_the_same_plan():
    fn, abstract = model("gpt_train")
    a, b = (automap.plan(fn, *abstract, mesh=SPECS / "cpu-2x4.yaml", time_limit=30) for _ in range(2))
    assert a.plan_json == b.plan_json
    assert a.annotated == b.annotated


def deep_mlp(layers, x):
    """Residual MLP blocks written as a Python loop: XLA gets them unrolled, one copy per layer."""
    for w1, w2 in layers:
        x = x + jax.numpy.tanh(x @ w1) @ w2
    return x


def test_layers_written_as_a_python_loop_are_linked_and_the_linked_plan_runs():
    sds = lambda *shape: jax.ShapeDtypeStruct(shape, jax.numpy.float32)  # noqa: E731
    abstract = ([(sds(64, 256), sds(256, 64)) for _ in range(16)], sds(32, 64))
    plan = automap.plan(deep_mlp, *abstract, mesh=SPECS / "cpu-2x4.yaml", time_limit=20)
    assert "Repeated ops:" in plan.report, plan.report
    unlinked = automap.plan(deep_mlp, *abstract, mesh=SPECS / "cpu-2x4.yaml", time_limit=20, link=False)
    assert "Repeated ops:" not in unlinked.report
    # The whole problem's search goes on from the linked plan: never worse than deciding every op apart
    # when that one is proven.
    if unlinked.optimal:
        assert plan.step_time_s <= unlinked.step_time_s * (1 + 1e-9)

    real = inputs(abstract)
    sharded = plan.jit(deep_mlp)
    assert_close(sharded(*plan.put(*real)), jax.jit(deep_mlp)(*real))
