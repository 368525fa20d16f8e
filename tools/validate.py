#!/usr/bin/env python3
"""Check a plan with XLA itself: compile the annotated module on N virtual CPU devices (Shardy
partitioner), run it on seeded random inputs, compare every output with the unsharded module, and count
the collectives XLA inserted against those plan.json predicts.

    python3 tools/validate.py automap-out/annotated.mlir --reference tests/fixtures/mlp.mlir \\
        --plan automap-out/plan.json --devices 8

Inputs: floats ~ N(0, 0.1²), integers in [0, 4), booleans uniform; the same values for both runs.
Tolerance: |sharded − unsharded| ≤ atol + rtol·|unsharded| elementwise (defaults rtol 1e-4, atol 1e-5:
sharded reductions sum in another order); a NaN where the unsharded run has one counts as equal.
Exit 1 on a numerics mismatch (or a module that does not compile); collectives that differ (count per kind,
bytes) are reported, with the ops where they differ and what the collectives there show (a part reduced and
sent on with a collective-permute; the bytes moved in all), and fatal (exit 2) only with --require-match.
The reductions are also compared together (all-reduce + reduce-scatter), since XLA's CPU backend writes a
reduce-scatter as an all-reduce followed by a dynamic slice; --require-match compares them that way.
--report appends the comparison to the plan's report.md. Memory per device: the plan's predicted peak, the
peak of XLA's live-range analysis (read from the files XLA dumps while compiling; the compile time printed
includes writing them) and the size of XLA's buffer assignment.

--target tpu|gpu compiles with XLA's TPU or GPU compiler for the hardware the plan's mesh names
(`compiler:` in the mesh spec: a TPU topology and slice count, or a GPU model and topology; see
python/automap/judge.py), compile only, on this machine: no accelerator is needed. It prints the compiler's
memory per device (arguments, temporaries, outputs, aliases, host memory) beside the prediction and
whether it fits the device, its FLOPs and bytes accessed, its collectives beside the plan's, and, with
--live, what its buffer assignment holds at its peak beside what automap holds at its own. Exit 3 when
the compiler refuses the plan for memory or needs more than the device has.

--compile-only compiles the annotated module and runs nothing: for production-size programs, whose
tensors no CPU could hold. It prints XLA's memory per device (`memory_analysis()`: arguments, outputs,
temporaries, aliased) beside the predicted peak, and the collectives as above. The device count is the
plan's mesh's. Custom calls to kernels this process has no implementation for (a `custom_call` of a
JAX user's kernel) are given a stand-in handler, which is never run, so that XLA's CPU backend accepts
them; `CustomSPMDPartitioning` calls need the Python callback of the process that exported them and
cannot be compiled from text.

    python3 tools/validate.py out/annotated.mlir --plan out/plan.json --compile-only
    python3 tools/validate.py out/annotated.mlir --plan out/plan.json --target tpu
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
import time
from pathlib import Path

import hlo_collectives
import xla_cpu

# The Python package's judge (XLA's TPU and GPU compilers, compile only) imports nothing of the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python" / "automap"))
import judge  # noqa: E402

KINDS = hlo_collectives.KINDS


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("annotated")
    ap.add_argument("--reference", help="the unannotated module (needed unless --compile-only)")
    ap.add_argument("--plan", required=True, help="plan.json written with the annotated module")
    ap.add_argument("--devices", type=int, help="virtual CPU devices (default: the plan's mesh's, or 8)")
    ap.add_argument("--compile-only", action="store_true",
                    help="compile the annotated module and print XLA's memory and collectives; run nothing")
    ap.add_argument("--target", choices=["cpu", "tpu", "gpu"], default="cpu",
                    help="the compiler: XLA's CPU backend (runs the plan), or its TPU or GPU compiler for the "
                    "hardware the plan's mesh names (compile only)")
    ap.add_argument("--compiler", metavar="SPEC",
                    help="with --target, the compiler's hardware instead of the plan's mesh's: tpu:GEN:TOPOLOGY"
                    "[:SLICES] (tpu:v5e:2x4) or gpu:MODEL:TOPOLOGY (gpu:h100_sxm:1x1x8), e.g. to compile a plan "
                    "made for a CPU mesh with the real pipelines")
    ap.add_argument("--json", help="write the compiler's figures and the prediction here (JSON)")
    ap.add_argument("--live", action="store_true",
                    help="with --target, list the compiler's largest buffers at its peak beside automap's "
                    "(report.md beside plan.json)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--atol", type=float, default=1e-5)
    ap.add_argument("--dump-hlo", help="write XLA's partitioned HLO here")
    ap.add_argument(
        "--require-host-within",
        type=float,
        metavar="FRACTION",
        help="with --compile-only --target, exit 4 when the compiler's host memory per device is not within "
        "FRACTION of the plan's offloaded stacks (0.1: within 10%%)",
    )
    ap.add_argument(
        "--require-match",
        action="store_true",
        help="exit 2 when XLA's collectives differ from the prediction (count per kind, or bytes by more "
        "than 10%%; reductions compared together)",
    )
    ap.add_argument("--report", help="append the comparison to this report.md (the plan's own)")
    ap.add_argument(
        "--format", choices=["shardy", "gspmd"], default="shardy", help="how the module carries its shardings"
    )
    cfg = ap.parse_args(argv)
    plan = json.loads(Path(cfg.plan).read_text())
    if cfg.devices is None:
        cfg.devices = math.prod(a["size"] for a in plan.get("mesh", {}).get("axes", [])) or 8
    target = None
    if cfg.compiler:
        plan.setdefault("mesh", {})["compiler"] = parse_compiler(cfg.compiler, ap)
    if cfg.target != "cpu":
        target = plan.get("mesh", {}).get("compiler")
        if not target or target.get("platform") != cfg.target:
            ap.error(f"--target {cfg.target}: the plan's mesh names no {cfg.target.upper()} compiler "
                     "(give its spec `compiler:`, e.g. {tpu: \"v5p:4x4x4\"} or {gpu: h100_sxm, topology: 1x8x8})")
        cfg.compile_only = True
    if not cfg.compile_only and not cfg.reference:
        ap.error("--reference is needed unless --compile-only")
    if target:
        backend, devs = judge.target_client(target, cfg.devices)
    else:
        backend, devs = xla_cpu.client(cfg.devices)
    if cfg.compile_only:
        return compile_only(cfg, backend, devs, plan, target)

    import jax
    import numpy as np
    from jax._src.interpreters import mlir
    from jax._src.lib.mlir import ir
    from jax._src.sharding_impls import GSPMDSharding

    if len(devs) < cfg.devices:
        print(f"only {len(devs)} CPU devices", file=sys.stderr)
        return 1
    annotated = Path(cfg.annotated).read_text()
    reference = Path(cfg.reference).read_text()

    # The entry function's argument types, read with MLIR's own parser.
    with mlir.make_ir_context():
        module = ir.Module.parse(reference)
        funcs = [op for op in module.body.operations if "sym_name" in op.attributes]
        main_fn = next(op for op in funcs if ir.StringAttr(op.attributes["sym_name"]).value == "main")
        ftype = ir.FunctionType(ir.TypeAttr(main_fn.attributes["function_type"]).value)
        types = [(tuple(ir.RankedTensorType(t).shape), str(ir.RankedTensorType(t).element_type)) for t in ftype.inputs]
        out_shapes = [tuple(ir.RankedTensorType(t).shape) for t in ftype.results]

    rng = np.random.default_rng(cfg.seed)
    import ml_dtypes  # JAX's own dependency: numpy's bfloat16

    dtypes = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": ml_dtypes.bfloat16, "i32": np.int32,
              "i64": np.int64, "i8": np.int8}

    def make(shape, et):
        if et == "i1":
            return rng.integers(0, 2, shape).astype(bool)
        if et.startswith("f") or et == "bf16":
            return (rng.standard_normal(shape) * 0.1).astype(dtypes.get(et, np.float32))
        return rng.integers(0, 4, shape).astype(dtypes.get(et, np.int32))

    inputs = [make(s, e) for s, e in types]

    def run(exe, devices):
        """Run `exe` on `inputs` placed as it asks (on one device, whole, when it is not partitioned);
        its outputs gathered whole."""
        param_sh, out_sh = exe.get_parameter_shardings(), exe.get_output_shardings()
        if param_sh is None or out_sh is None:
            outs = exe.execute_sharded([jax.device_put(x, devices[0]) for x in inputs])
            return [np.asarray(o[0]) for o in outs.disassemble_into_single_device_arrays()]
        outs = exe.execute_sharded(
            [jax.device_put(x, GSPMDSharding(tuple(devices), s)) for x, s in zip(inputs, param_sh, strict=True)]
        )
        return [
            np.asarray(jax.make_array_from_single_device_arrays(shape, GSPMDSharding(tuple(devices), s), list(o)))
            for shape, s, o in zip(out_shapes, out_sh, outs.disassemble_into_single_device_arrays(), strict=True)
        ]

    # The reference: the module as exported, on one device; a module with a `jax.shard_map`
    # (sdy.manual_computation) needs its mesh's devices, and runs on them unannotated.
    ref_devs = devs[:1]
    if "sdy.manual_computation" in reference:
        ref_devs = devs
        reference = re.sub(r"mhlo\.num_partitions = \d+", f"mhlo.num_partitions = {len(devs)}", reference)
    ref_out = run(xla_cpu.compile_text(backend, ref_devs, reference), ref_devs)

    dump = tempfile.TemporaryDirectory(prefix="xla-dump-")
    try:
        t0 = time.perf_counter()
        exe = xla_cpu.compile_text(backend, devs, annotated, shardy=cfg.format == "shardy", dump_to=dump.name)
        compile_s = time.perf_counter() - t0
    except Exception as e:  # XLA's own error text is the useful part
        print(f"XLA did not compile {cfg.annotated}: {e}", file=sys.stderr)
        return 1
    got = run(exe, devs)

    print(f"XLA compiled the annotated module for {cfg.devices} devices in {compile_s:.2f} s")
    print(f"numerics ({len(ref_out)} outputs, rtol {cfg.rtol}, atol {cfg.atol}):")
    bad = 0
    for i, (r, g) in enumerate(zip(ref_out, got, strict=True)):
        ok = r.shape == g.shape and np.allclose(g, r, rtol=cfg.rtol, atol=cfg.atol, equal_nan=True)
        same = r.shape == g.shape and r.size
        err = float(np.nanmax(np.abs(g.astype(np.float64) - r.astype(np.float64)), initial=0.0)) if same else 0.0
        bad += not ok
        print(f"  output {i:>3} {str(r.shape):<18} max |diff| {err:.3e}  {'ok' if ok else 'MISMATCH'}")

    # XLA's buffer assignment per device, against the plan's peak (the plan counts every value live
    # over program order with parameters resident; XLA also reuses and aliases buffers). Two figures:
    # the bytes XLA's buffers hold at once at its schedule's peak (what the plan predicts), and what
    # its buffer assignment allocates (that peak plus the gaps its packing of buffers leaves).
    print(memory_line(exe, plan, xla_cpu.live_peak_bytes(dump.name)))
    print(work_line(exe, plan))
    dump.cleanup()

    hlo = "\n".join(m.to_string() for m in exe.hlo_modules())
    if cfg.dump_hlo:
        with open(cfg.dump_hlo, "w") as f:
            f.write(hlo)
    made, own = split_own(hlo_collectives.collectives(hlo), own_collectives(reference))
    lines, match = compare(plan.get("predicted", {}).get("collective_list", []), made)
    lines += own_line(own)
    print("\n" + "\n".join(lines))
    print(f"\n{len(ref_out) - bad} passed, {bad} failed")
    if cfg.report:
        with open(cfg.report, "a") as f:
            f.write(
                f"\n## Checked with XLA\n\n`tools/validate.py` on {cfg.devices} virtual CPU devices "
                f"({cfg.format}): numerics {'pass' if not bad else 'FAIL'} on {len(ref_out) - bad} of "
                f"{len(ref_out)} outputs (rtol {cfg.rtol}, atol {cfg.atol}); XLA compiled the module in "
                f"{compile_s:.2f} s.\n\n```\n" + "\n".join(lines) + "\n```\n"
            )
    if bad:
        return 1
    if cfg.require_match and not match:
        print("XLA's collectives differ from the prediction (--require-match)", file=sys.stderr)
        return 2
    return 0


def parse_compiler(spec: str, ap) -> dict:
    """`tpu:v5e:2x4[:SLICES]` or `gpu:h100_sxm:1x1x8` as plan.json writes a compiler."""
    parts = spec.split(":")
    if parts[0] == "tpu" and len(parts) in (3, 4):
        slices = int(parts[3]) if len(parts) == 4 else 1
        return {"platform": "tpu", "topology": f"{parts[1]}:{parts[2]}", "slices": slices}
    if parts[0] == "gpu" and len(parts) == 3:
        return {"platform": "gpu", "model": parts[1], "topology": parts[2]}
    ap.error(f"--compiler {spec}: give tpu:GEN:TOPOLOGY[:SLICES] or gpu:MODEL:TOPOLOGY")


def compile_only(cfg, backend, devs, plan, target=None) -> int:
    """Compile the annotated module for `devs` with the target's compiler and print its memory, work and
    collectives beside the plan's. Exit 3 when the compiler refuses it for memory or it needs more than
    the device has."""
    annotated = Path(cfg.annotated).read_text()
    stand_ins = judge.register_stand_ins(annotated, target)
    if stand_ins:
        print(f"custom calls given a stand-in handler (compiled, never run): {', '.join(stand_ins)}")
    dump = tempfile.TemporaryDirectory(prefix="xla-dump-")
    name = judge.describe(target)
    if target:
        figures, exe = judge.judge(annotated, plan, shardy=cfg.format == "shardy", client=backend, devs=devs,
                                   dump_to=dump.name if cfg.live else None)
    else:
        figures, exe = {"target": name}, None
        t0 = time.perf_counter()
        try:
            exe = xla_cpu.compile_text(backend, devs, annotated, shardy=cfg.format == "shardy", dump_to=dump.name)
            figures.update(verdict="compiled", compile_s=time.perf_counter() - t0)
        except Exception as e:  # XLA's own error text is the useful part
            figures.update(verdict="refused", error=str(e))
    if exe is None:
        write_json(cfg, figures)
        print(f"XLA's {name} compiler did not compile {cfg.annotated}: {figures['error']}", file=sys.stderr)
        print(f"verdict: {figures['verdict']}")
        return 3 if figures["verdict"] == "out of memory" else 1
    print(f"XLA compiled the annotated module for {len(devs)} devices in {figures['compile_s']:.2f} s "
          f"(compile only, {name})")
    print(memory_line(exe, plan, xla_cpu.live_peak_bytes(dump.name)))
    print(cost_line(exe, plan, target, figures))
    fits = figures["verdict"] in ("fits", "compiled")
    if target:
        print(f"verdict: {figures['verdict']} (the compiler's total {size(figures['device_total_bytes'])} of the "
              f"device's {size(figures['device_bytes'])}; host memory {size(figures['host_total_bytes'])})")
    host = plan.get("predicted", {}).get("host_offload")
    if target and host:
        figures["host_ratio"] = figures["host_total_bytes"] / max(host["bytes_per_device"], 1.0)
        print(f"host memory per device: predicted {size(host['bytes_per_device'])} ({len(host['stacks'])} stacks "
              f"offloaded); XLA's {size(figures['host_total_bytes'])} (XLA / predicted {figures['host_ratio']:.3f})")
    if cfg.live:
        print("\n".join(live_lines(dump.name, Path(cfg.plan).parent / "report.md")))
    dump.cleanup()
    hlo = "\n".join(m.to_string() for m in exe.hlo_modules())
    if cfg.dump_hlo:
        with open(cfg.dump_hlo, "w") as f:
            f.write(hlo)
    made, own = split_own(hlo_collectives.collectives(hlo), own_collectives(annotated))
    lines, match = compare(plan.get("predicted", {}).get("collective_list", []), made)
    figures["collectives_match"] = match
    figures["collectives"] = {k: [n, b] for k, (n, b) in collective_totals(made).items()}
    lines += own_line(own)
    print("\n" + "\n".join(lines))
    write_json(cfg, figures)
    if not fits:
        return 3
    ratio = figures.get("host_ratio", 1.0)
    if cfg.require_host_within is not None and abs(ratio - 1.0) > cfg.require_host_within:
        print(f"XLA's host memory is not within {cfg.require_host_within:.0%} of the prediction "
              "(--require-host-within)", file=sys.stderr)
        return 4
    if cfg.require_match and not match:
        print("XLA's collectives differ from the prediction (--require-match)", file=sys.stderr)
        return 2
    return 0


# Buffers listed on each side of the comparison at the peak.
LIVE_LISTED = 8


def live_lines(dump_dir: str, report: Path) -> list[str]:
    """What the compiler's buffer assignment holds at its peak (its memory-usage report: the largest
    allocations and the values that share each) beside what automap holds at its own (report.md)."""
    import glob

    out = ["\nthe compiler's largest allocations (its memory-usage report; values sharing one are listed together):"]
    reports = sorted(glob.glob(str(Path(dump_dir) / "*memory-usage-report.txt")))
    rows = []
    if reports:
        for line in Path(reports[-1]).read_text().splitlines():
            m = re.match(r"\s*[\d.]+[GMK]iB\(\s*\d+%\);\s*([\d.]+[GMK]iB);\s*\d+;\s*(\d+);\s*(.*)$", line)
            if m:
                rows.append(f"  {m.group(1):>10}  {m.group(2)} values: {m.group(3)[:150]}")
    out += rows[:LIVE_LISTED] or ["  (the compiler wrote no memory-usage report)"]
    out.append("automap's peak (report.md):")
    text = report.read_text() if report.exists() else ""
    m = re.search(r"^memory at its peak.*?(?=\n\n)", text, re.M | re.S)
    out += [f"  {line}" for line in (m.group(0).splitlines() if m else ["(no report.md beside plan.json)"])]
    return out


def write_json(cfg, figures: dict) -> None:
    if cfg.json:
        Path(cfg.json).write_text(json.dumps(figures, indent=1, default=float) + "\n")


def collective_totals(cs: list[dict]) -> dict:
    out: dict = {}
    for c in cs:
        n, b = out.get(c["kind"], (0, 0))
        out[c["kind"]] = (n + 1, b + c["bytes"])
    return out


# The program's own collectives (a `psum` in `shard_map`, say): in the module before any plan.
PROGRAM_COLLECTIVES = {"stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter",
                       "stablehlo.all_to_all", "stablehlo.collective_permute", "stablehlo.collective_broadcast"}


def own_collectives(text: str) -> set[str]:
    """The location names of the collectives `text` holds itself, read with MLIR's parser (inside a
    `shard_map` they are short, as "psum"; XLA's op_name for them ends with it)."""
    from jax._src.interpreters import mlir
    from jax._src.lib.mlir import ir

    names = set()

    def walk(op):
        for region in op.regions:
            for block in region.blocks:
                for o in block.operations:
                    if o.operation.name in PROGRAM_COLLECTIVES:
                        m = re.match(r'loc\("([^"]*)"', str(o.location))
                        names.add(m.group(1) if m else "(unnamed)")
                    walk(o.operation)

    with mlir.make_ir_context():
        walk(ir.Module.parse(text).operation)
    return names


def split_own(xla: list[dict], own: set[str]) -> tuple[list[dict], list[dict]]:
    """XLA's collectives split into those the plan made and those the program holds itself."""
    mine = [c for c in xla if any(c["op"] == n or c["op"].endswith("/" + n) for n in own)]
    return [c for c in xla if c not in mine], mine


def own_line(own: list[dict]) -> list[str]:
    if not own:
        return []
    return [f"the program's own collectives (not the plan's; left out above): {len(own)}, "
            f"{kib(sum(c['bytes'] for c in own))} ({', '.join(sorted({c['op'] for c in own}))})"]


def work_line(exe, plan: dict) -> str:
    """`cost_line` for XLA's CPU backend."""
    return cost_line(exe, plan, None, {})


def cost_line(exe, plan: dict, target: dict | None, figures: dict) -> str:
    """The compiler's cost analysis of the compiled module (one device's program) beside the plan's FLOPs
    and bytes accessed per device, recorded in `figures`. XLA counts a `while` body once, so the plan's
    figures with each loop body counted once are the ones compared. Bytes differ by fusion: the plan
    fuses elementwise chains as XLA's GPU and TPU backends do; the CPU backend fuses less."""
    p = plan.get("predicted", {})
    pf, pb = p.get("flops_per_device_bodies_once"), p.get("bytes_accessed_per_device_bodies_once")
    try:
        ca = judge.cost_analysis(exe, target)
    except Exception as e:  # not every client implements it
        return f"work per device: XLA gives no cost analysis ({e})"
    xf, xb = ca.get("flops"), ca.get("bytes accessed")
    figures.update(flops=xf, bytes_accessed=xb, predicted_flops=pf, predicted_bytes_accessed=pb)
    if pf is None or xf is None:
        return "work per device: no prediction in plan.json (an older automap?)"

    def ratio(x, y):
        return f"{x / y:.3f}" if y else "-"

    return (f"work per device (loop bodies once): FLOPs predicted {pf:,.0f}, XLA {xf:,.0f} (XLA / predicted "
            f"{ratio(xf, pf)}); bytes accessed predicted {size(pb)}, XLA {size(xb)} ({ratio(xb, pb)})")


def memory_line(exe, plan: dict, live_peak: int | None) -> str:
    """XLA's buffer assignment per device against the plan's peak (the plan counts every value live over
    program order with parameters resident; XLA also reuses and aliases buffers). Two figures: the bytes
    XLA's buffers hold at once at its schedule's peak (what the plan predicts), and what its buffer
    assignment allocates (that peak plus the gaps its packing of buffers leaves), with their ratio to the
    prediction."""
    predicted = plan.get("predicted", {}).get("peak_memory_bytes_per_device") or 0
    live = f"XLA's live peak {size(live_peak)}" if live_peak is not None else "XLA wrote no live ranges"
    try:
        ma = exe.get_compiled_memory_stats()
    except Exception as e:  # not every backend reports it
        return f"memory per device: predicted peak {size(predicted)}; {live}; XLA gave no buffer figures ({e})"
    total = ma.argument_size_in_bytes + ma.output_size_in_bytes + ma.temp_size_in_bytes - ma.alias_size_in_bytes
    ratio = f"; XLA's buffers / predicted {total / predicted:.3f}" if predicted else ""
    host = ma.host_argument_size_in_bytes + ma.host_output_size_in_bytes + ma.host_temp_size_in_bytes
    on_host = f"; in host memory {size(host)}" if host else ""
    return (
        f"memory per device: predicted peak {size(predicted)}; {live}; XLA's buffers {size(total)} "
        f"(arguments {size(ma.argument_size_in_bytes)}, outputs {size(ma.output_size_in_bytes)}, "
        f"temporaries {size(ma.temp_size_in_bytes)}, aliased {size(ma.alias_size_in_bytes)}){ratio}{on_host}"
    )


def size(b: float) -> str:
    """Bytes as KiB below 1 GiB, else GiB, with one decimal (two for GiB)."""
    return kib(b) if b < 2**30 else f"{b / 2**30:.2f} GiB"


def kib(b: float) -> str:
    """Bytes as KiB with one decimal."""
    return f"{b / 1024:.1f} KiB"


def compare(predicted: list[dict], xla: list[dict]) -> tuple[list[str], bool]:
    """The comparison's text and whether it matches: the same count per kind and bytes within
    BYTES_TOLERANCE, reductions counted together (XLA's CPU backend writes a reduce-scatter as an
    all-reduce followed by a dynamic slice), and the plan's reductions of one value and op over several
    mesh axes counted as one (XLA runs them as one over the axes' devices, or stages them as one
    all-reduce per axis, which `hlo_collectives` counts as one too). The plan already prices an
    all-gather or all-to-all over several axes as one where XLA runs one (axes leaving one dimension);
    where it prices two (axes leaving two dimensions), XLA runs two."""

    def reduction(kind: str) -> str:
        return "all-reduce/reduce-scatter" if kind in ("all-reduce", "reduce-scatter") else kind

    def totals(cs: list[dict], key) -> dict:
        out: dict = {}
        for c in cs:
            n, b = out.get(key(c), (0, 0))
            out[key(c)] = (n + 1, b + c["bytes"])
        return out

    # XLA runs a reduction over several mesh axes as one collective over their devices; the plan
    # prices it one axis at a time. One per value, op and kind, with its largest bytes.
    merged: dict = {}
    for c in predicted:
        reduces = c["kind"] in ("all-reduce", "reduce-scatter")
        key = (c.get("value"), c["op"], c["at"], c["kind"]) if c.get("value") and reduces else id(c)
        if key in merged:
            merged[key]["bytes"] = max(merged[key]["bytes"], c["bytes"])
        else:
            merged[key] = dict(c)
    predicted = list(merged.values())
    p, x = totals(predicted, lambda c: c["kind"]), totals(xla, lambda c: c["kind"])
    lines = [f"collectives (tensors)  {'predicted':>20} {'XLA':>20}"]
    for k in KINDS:
        (pn, pb), (xn, xb) = p.get(k, (0, 0)), x.get(k, (0, 0))
        lines.append(f"  {k:<26} {pn:>4} {kib(pb):>14} {xn:>4} {kib(xb):>14}{'' if pn == xn else '   differs'}")
    pr, xr = totals(predicted, lambda c: reduction(c["kind"])), totals(xla, lambda c: reduction(c["kind"]))
    match = True
    for k in sorted(set(pr) | set(xr)):
        (pn, pb), (xn, xb) = pr.get(k, (0, 0)), xr.get(k, (0, 0))
        ok_bytes = abs(pb - xb) <= BYTES_TOLERANCE * max(pb, xb)
        match &= pn == xn and ok_bytes
    (pn, pb), (xn, xb) = pr.get("all-reduce/reduce-scatter", (0, 0)), xr.get("all-reduce/reduce-scatter", (0, 0))
    lines.append(
        f"  {'both reductions':<26} {pn:>4} {kib(pb):>14} {xn:>4} {kib(xb):>14}{'' if pn == xn else '   differs'}"
        "   (XLA's CPU backend writes a reduce-scatter as an all-reduce and a slice)"
    )
    lines.append(
        "match: "
        + ("yes" if match else "no")
        + f" (the same count of each kind, reductions together, and bytes within {BYTES_TOLERANCE:.0%})"
    )
    # Where they differ, by the op XLA partitioned when it inserted the collective.
    by_op_p = totals(predicted, lambda c: (c["op"], reduction(c["kind"])))
    by_op_x = totals(xla, lambda c: (c["op"], reduction(c["kind"])))
    ops = sorted({k[0] for k in by_op_p} | {k[0] for k in by_op_x})
    rows = []
    for op in ops:
        def side(d, op=op):
            return ", ".join(f"{n}× {k} {kib(b)}" for (o, k), (n, b) in sorted(d.items()) if o == op) or "-"

        if side(by_op_p) != side(by_op_x):
            rows.append(f"  {op}\n      predicted: {side(by_op_p)}\n      XLA:       {side(by_op_x)}")
            rows.extend(f"      why:       {w}" for w in why(op, predicted, xla))
    if rows:
        lines.append("\nwhere they differ, by the op that needs the collective (its JAX name):")
        lines.extend(rows)
    return lines, match


def why(op: str, predicted: list[dict], xla: list[dict]) -> list[str]:
    """What the collectives at `op` show about a difference: XLA's forms that the plan's model has no
    name for, and whether the bytes moved in all agree."""
    p = [c for c in predicted if c["op"] == op]
    x = [c for c in xla if c["op"] == op]
    out = []
    if any(c.get("moves") == "all-reduce" for c in x):
        planned = any(c["kind"] == "reduce-scatter" for c in p)
        out.append(
            "XLA reduced a part of the tensor on the devices that held it and sent the result on with a "
            "collective-permute" + (", where the plan reduces and scatters it in one collective" if planned else "")
        )
    pb, xb = sum(c["bytes"] for c in p), sum(c["bytes"] for c in x)
    if not p:
        out.append(f"XLA inserted {kib(xb)} here, where the plan needs no collective")
    elif not x:
        out.append(f"XLA inserted none of the predicted {kib(pb)} here")
    elif abs(pb - xb) <= BYTES_TOLERANCE * max(pb, xb):
        out.append(f"the bytes in all agree within {BYTES_TOLERANCE:.0%} ({kib(pb)} predicted, {kib(xb)} in XLA)")
    else:
        out.append(f"{kib(pb)} predicted in all, {kib(xb)} in XLA")
    return out


# Bytes of a kind may differ by this share and still match.
BYTES_TOLERANCE = 0.10

if __name__ == "__main__":
    sys.exit(main())
