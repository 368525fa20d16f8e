"""Every way a request can be wrong ends in a PlanError that says where (a spec's line, the module's
line:col, or an argument's pytree path), never in a crash or a silent plan."""

import automap
import jax
import jax.numpy as jnp
import pytest
from conftest import REPO
from jax.sharding import PartitionSpec as P

SPECS = REPO / "specs" / "meshes"


def sds(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


def mlp(p, x):
    return jnp.tanh(x @ p["w1"]) @ p["w2"]


ARGS = ({"w1": sds(64, 256), "w2": sds(256, 32)}, sds(16, 64))


def mesh_dict(**axis):
    spec = {
        "name": "test",
        "axes": [dict({"name": "x", "size": 8, "bandwidth_gb_per_s": 5, "latency_us": 20}, **axis)],
        "device": {"memory_gib": 2, "hbm_gb_per_s": 10, "peak_tflops": {"f32": 0.02}},
    }
    return spec


def test_a_mesh_dict_plans_like_its_file():
    plan = automap.plan(mlp, *ARGS, mesh=mesh_dict(), time_limit=10)
    assert plan.optimal
    assert dict(plan.mesh.shape) == {"x": 8}


def test_a_bad_mesh_dict_is_located():
    with pytest.raises(automap.PlanError, match=r"<mesh spec dict>:\d+:\d+") as e:
        automap.plan(mlp, *ARGS, mesh=mesh_dict(size=0), time_limit=10)
    assert e.value.input_fault


def test_a_missing_mesh_file_is_named():
    with pytest.raises(automap.PlanError, match="cannot read the mesh spec nowhere.yaml"):
        automap.plan(mlp, *ARGS, mesh="nowhere.yaml")


def test_a_mesh_larger_than_the_devices_says_how_to_get_more():
    with pytest.raises(automap.PlanError, match="xla_force_host_platform_device_count=16"):
        automap.plan(mlp, *ARGS, mesh=mesh_dict(size=16))


def test_a_jax_mesh_takes_its_figures_from_a_spec_with_the_same_axes():
    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    plan = automap.plan(mlp, *ARGS, mesh=mesh, spec=SPECS / "cpu-2x4.yaml", time_limit=10)
    assert plan.mesh is mesh
    with pytest.raises(automap.PlanError, match="needs spec="):
        automap.plan(mlp, *ARGS, mesh=mesh)
    with pytest.raises(automap.PlanError, match=r"its axes \(x=8\) are not the JAX mesh's \(data=2, model=4\)"):
        automap.plan(mlp, *ARGS, mesh=mesh, spec=SPECS / "cpu-8.yaml")


def test_an_argument_that_is_not_data_is_named_by_its_path():
    with pytest.raises(automap.PlanError, match=r"example argument args\[0\]\['act'\] is a str"):
        automap.plan(lambda p, x: x, {"act": "relu", "w": sds(4)}, sds(4), mesh=mesh_dict())


def test_a_memory_limit_no_plan_meets_gives_the_lowest_peak():
    with pytest.raises(automap.PlanError, match="no plan fits") as e:
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), memory_limit=1e-9, time_limit=10)
    assert e.value.input_fault
    assert "func.func public @main" in e.value.module


def test_constraints_pin_by_jax_name_with_a_partition_spec():
    pin = {"pin": [{"value": "p['w1']", "sharding": P(None, "x")}]}
    plan = automap.plan(mlp, *ARGS, mesh=mesh_dict(), constraints=pin, time_limit=10)
    assert plan.in_shardings[0]["w1"].spec == P(None, "x")


def test_a_constraint_on_a_value_the_module_lacks_is_located():
    pin = {"pin": [{"value": "p['w3']", "sharding": [None, "x"]}]}
    with pytest.raises(automap.PlanError, match=r"<constraints dict>:\d+:\d+.*p\['w3'\]"):
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), constraints=pin, time_limit=10)


def test_a_tactic_is_found_by_structure_and_pinned():
    plan = automap.plan(mlp, *ARGS, mesh=mesh_dict(), tactics="megatron:x", time_limit=10)
    assert plan.in_shardings[0]["w1"].spec == P(None, "x")
    assert plan.in_shardings[0]["w2"].spec == P("x", None)
    assert "tactic megatron:x: 1 block" in plan.report
    with pytest.raises(automap.PlanError, match="unknown tactic 'zero'"):
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), tactics="zero")


def test_an_unknown_solver_lists_the_known_ones():
    with pytest.raises(automap.PlanError, match="solver 'gurobi' is not one of auto, highs"):
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), solver="gurobi")
    assert "mcts: Monte Carlo tree search" in (automap.plan.__doc__ or "")


def test_z3_in_a_build_without_it_says_which_feature_brings_it():
    # The package builds without libz3 by default (python/Cargo.toml); a build with the feature `z3` plans.
    try:
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), solver="z3", time_limit=10)
    except automap.PlanError as e:
        assert "cargo feature `z3`" in str(e)


def test_plan_jit_refuses_a_function_other_than_the_planned_one():
    plan = automap.plan(mlp, *ARGS, mesh=mesh_dict(), time_limit=10)
    with pytest.raises(automap.PlanError, match="not the function that was planned"):
        plan.jit(lambda p, x: x)
    # Without `exact`, only the arguments' and results' shardings are used: any function of that
    # signature compiles.
    assert plan.jit(lambda p, x: jnp.tanh(x @ p["w1"]) @ p["w2"], exact=False) is not None


def test_progress_reaches_a_callback():
    seen = []
    automap.plan(mlp, *ARGS, mesh=mesh_dict(), time_limit=10, progress=lambda *a: seen.append(a))
    assert seen
    phase, elapsed, best, bound = seen[-1]
    assert isinstance(phase, str) and elapsed >= 0
    assert best is None or best >= 0


def test_memory_as_the_tie_breaker_is_asked_for_and_a_bad_tolerance_is_refused():
    fastest = automap.plan(mlp, *ARGS, mesh=mesh_dict(), time_limit=10)
    lean = automap.plan(mlp, *ARGS, mesh=mesh_dict(), time_limit=10, memory_tolerance=0.0)
    assert "## Memory as the tie-breaker" in lean.report
    assert "## Memory as the tie-breaker" not in fastest.report
    assert lean.step_time_s == pytest.approx(fastest.step_time_s, rel=1e-9)
    with pytest.raises(automap.PlanError, match="memory_tolerance must be a fraction"):
        automap.plan(mlp, *ARGS, mesh=mesh_dict(), memory_tolerance=-0.5)


def kernel_mlp(p, x):
    # A user's kernel: lowered as a custom_call the planner has no price for.
    y = jax.ffi.ffi_call("my_matmul", jax.ShapeDtypeStruct((16, 256), jnp.float32))(x, p["w1"])
    return jnp.tanh(y) @ p["w2"]


def test_a_kernel_table_prices_a_users_kernel_and_a_bad_formula_is_located():
    bare = automap.plan(kernel_mlp, *ARGS, mesh=mesh_dict(), time_limit=10)
    table = {"kernels": [{"target": "my_matmul", "flops": "2 * in0_d0 * in0_d1 * in1_d1"}]}
    priced = automap.plan(kernel_mlp, *ARGS, mesh=mesh_dict(), kernels=table, time_limit=10)
    # The kernel's matmul, 2 x 16 x 64 x 256 FLOPs, now counts (split over the devices that share it).
    flops = [p.plan_json["predicted"]["flops_per_device"] for p in (bare, priced)]
    assert flops[1] > flops[0]
    assert flops[1] - flops[0] <= 2 * 16 * 64 * 256 * (1 + 1e-9)
    bad = {"kernels": [{"target": "my_matmul", "flops": "2 * in7_d0"}]}
    located = r"<kernels dict>:\d+:\d+: flops: `2 \* in7_d0` at the call on line \d+:\d+"
    with pytest.raises(automap.PlanError, match=located):
        automap.plan(kernel_mlp, *ARGS, mesh=mesh_dict(), kernels=bad, time_limit=10)
