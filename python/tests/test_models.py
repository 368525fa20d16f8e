"""The fixture models planned from their JAX functions, run sharded with `plan.jit`, checked against
the unsharded function, and XLA's collectives checked against the plan's."""

import argparse
import pathlib

import jax
import pytest

import automap
import export_models
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
    if memory is not None:
        assert plan.peak_memory_bytes <= memory * 2**30
        assert any(s.spec != jax.sharding.PartitionSpec(*[None] * len(s.spec)) for s in jax.tree.leaves(plan.in_shardings))

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
