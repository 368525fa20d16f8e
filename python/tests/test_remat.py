"""`plan(..., remat=True)`: what layers under `jax.checkpoint` keep for the backward pass, decided by
planning the program each checkpoint policy gives. The model is written here (not a fixture): a
scanned stack of attention-and-MLP layers whose checkpoint asks `automap.remat_policy()`."""

import automap
import jax
import jax.numpy as jnp
import pytest
from conftest import REPO
from helpers import assert_close, inputs

MESH = REPO / "specs" / "meshes" / "cpu-2x4.yaml"
TIME_LIMIT_S = 12
LAYERS, BATCH, SEQ, WIDTH = 4, 16, 64, 128


def layer(h, w):
    """Attention (its scores a batched matrix multiplication) and a tanh MLP, each with a residual."""
    q, k, v = h @ w[0], h @ w[1], h @ w[2]
    scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(WIDTH)
    h = h + jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(scores, axis=-1), v) @ w[3]
    return h + jnp.tanh(h @ w[4]) @ w[5]


def loss(params, x):
    def body(carry, w):
        return jax.checkpoint(layer, policy=automap.remat_policy())(carry, w), None

    y, _ = jax.lax.scan(body, x, params)
    return jnp.mean(y**2)


def step(params, x):
    value, grads = jax.value_and_grad(loss)(params, x)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), value


ARGS = (
    jax.ShapeDtypeStruct((LAYERS, 6, WIDTH, WIDTH), jnp.float32),
    jax.ShapeDtypeStruct((BATCH, SEQ, WIDTH), jnp.float32),
)


def rows(plan):
    return {r["policy"]: r for r in plan.remat.candidates}


@pytest.fixture(scope="module")
def ample():
    return automap.plan(step, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S)


def test_every_policy_is_planned_and_the_fastest_that_fits_is_chosen(ample):
    got = rows(ample)
    assert list(got) == [c.name for c in automap._remat.CANDIDATES]
    fitting = {n: r for n, r in got.items() if r["step_time_s"] is not None}
    # Four distinct programs: attention's batched matrix multiplications tell the two dots policies apart.
    assert len(fitting) == 4, got
    fastest = min(fitting, key=lambda n: fitting[n]["step_time_s"])
    assert ample.remat.name == fastest and got[fastest]["answer"] == "chosen"
    assert ample.step_time_s == got[fastest]["step_time_s"]
    assert ample.plan_json["remat"]["chosen"] == fastest
    assert f"jax.checkpoint_policies.{fastest}" in ample.report
    # Computing the layer again is work the plan pays for.
    assert got["nothing_saveable"]["flops_per_device"] > got["everything_saveable"]["flops_per_device"]
    assert got["nothing_saveable"]["flops_per_device"] > got["dots_saveable"]["flops_per_device"]


def test_under_a_limit_only_recomputing_everything_meets_it_is_chosen_and_runs():
    # The leanest peak of each policy, from "no plan fits" under a limit nothing meets.
    with pytest.raises(automap.PlanError) as e:
        automap.plan(step, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S, memory_limit=1e-6)
    text = str(e.value)
    for c in automap._remat.CANDIDATES:
        assert f"{c.name}: no plan fits" in text, text
    leanest = {}
    for line in text.splitlines()[1:]:
        name, rest = line.strip().split(": ", 1)
        leanest[name] = float(rest.rsplit("bytes per device", 1)[0].rsplit("under ", 1)[1])
    others = min(v for n, v in leanest.items() if n != "nothing_saveable")
    assert leanest["nothing_saveable"] < others, leanest
    limit = (leanest["nothing_saveable"] + others) / 2 / 2**30

    plan = automap.plan(step, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S, memory_limit=limit)
    assert plan.remat.name == "nothing_saveable", plan.remat.report()
    assert plan.peak_memory_bytes <= limit * 2**30
    for name, r in rows(plan).items():
        if name != "nothing_saveable":
            assert r["answer"].startswith("no plan fits (leanest peak "), r
            assert "memory peaks at" in r["why"], r

    # The plan runs, as planned (exact) and through JAX's partitioner, and gives what the function gives
    # traced under the chosen policy.
    real = inputs(ARGS)
    with plan.remat.applied():
        want = jax.jit(step)(*real)
    assert_close(plan.jit(step)(*plan.put(*real)), want)
    assert_close(plan.jit(step, exact=False)(*plan.put(*real)), want)


def test_a_function_that_never_asks_for_a_policy_is_told_so():
    def plain(params, x):
        return jax.grad(lambda p: jnp.mean(jnp.tanh(x @ p[0, 0]) ** 2))(params)

    with pytest.raises(automap.PlanError, match=r"never called automap\.remat_policy\(\)"):
        automap.plan(plain, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S)


def test_a_policy_asked_under_a_nested_jit_is_told_so():
    # JAX reuses the inner jit's trace for every candidate after the first: only the first asks.
    inner = jax.jit(loss)

    def nested(params, x):
        return jax.grad(inner)(params, x)

    with pytest.raises(automap.PlanError, match=r"JAX reused an earlier trace"):
        automap.plan(nested, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S)


def test_an_error_of_the_request_is_raised_as_is_not_per_policy():
    # A pin naming no value is the request's fault whatever the policy: its own located error.
    bad = {"pin": [{"value": "params['nothing']", "sharding": [None, None, None, None]}]}
    with pytest.raises(automap.PlanError) as e:
        automap.plan(step, *ARGS, mesh=MESH, remat=True, time_limit=TIME_LIMIT_S, constraints=bad)
    assert "nothing" in str(e.value) and "no checkpoint policy" not in str(e.value), str(e.value)


def test_outside_planning_the_policy_is_jax_default():
    assert automap.remat_policy() is None


def test_with_verify_the_chosen_plan_is_compiled_by_the_tpu_compiler():
    pytest.importorskip("libtpu", reason="XLA's TPU compiler comes with jax[tpu]")
    from test_verify import V5E_2X4

    plan = automap.plan(step, *ARGS, mesh=V5E_2X4, remat=True, time_limit=TIME_LIMIT_S, verify=True)
    assert plan.verification, plan.report
    assert plan.verification[-1]["judgement"]["verdict"] == "fits"
    chosen = rows(plan)[plan.remat.name]
    assert chosen["answer"] == "chosen" and chosen["step_time_s"] == plan.step_time_s
    # No candidate whose first plan was faster than the chosen one's compiled plan was left unchecked.
    for r in plan.remat.candidates:
        if r["answer"] == "fits":
            assert r["step_time_s"] >= plan.step_time_s, plan.remat.report()
