"""`plan(..., verify=True)`: the plan compiled by XLA's TPU compiler (compile only, libtpu from
`jax[tpu]`), its verdict and figures in `Plan.verification` and the report."""

import argparse

import automap
import export_models
import pytest

# An 8-chip TPU v5e slice (2x4) as data x model, naming its compiler.
V5E_2X4 = {
    "name": "tpu-v5e-2x4",
    "axes": [
        {"name": "data", "size": 2, "bandwidth_gb_per_s": 100, "latency_us": 1},
        {"name": "model", "size": 4, "bandwidth_gb_per_s": 100, "latency_us": 1},
    ],
    "device": {"memory_gib": 15.75, "hbm_gb_per_s": 819, "peak_tflops": {"bf16": 197, "f32": 197}},
    "compiler": {"tpu": "v5e:2x4"},
}


def test_a_verified_plan_is_compiled_by_the_tpu_compiler_and_fits():
    pytest.importorskip("libtpu", reason="XLA's TPU compiler comes with jax[tpu]")
    fn, abstract = export_models.MODELS["gpt_train"](argparse.Namespace(layers=2))
    plan = automap.plan(fn, *abstract, mesh=V5E_2X4, time_limit=30, verify=True)
    assert plan.verification, plan.report
    last = plan.verification[-1]["judgement"]
    assert last["verdict"] == "fits", last
    assert last["target"] == "TPU v5e:2x4"
    # The compiler's buffers per device, beside the plan's own prediction (the same plan).
    assert last["device_total_bytes"] > 0
    assert last["predicted_peak_bytes"] == plan.peak_memory_bytes
    assert "## Checked by XLA's compiler" in plan.report


def test_verify_needs_a_mesh_that_names_its_compiler():
    fn, abstract = export_models.MODELS["mlp"](argparse.Namespace(layers=2))
    mesh = {k: v for k, v in V5E_2X4.items() if k != "compiler"}
    with pytest.raises(automap.PlanError, match="names no compiler"):
        automap.plan(fn, *abstract, mesh=mesh, time_limit=10, verify=True)
