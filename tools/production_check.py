#!/usr/bin/env python3
"""Plan the production-size fixtures and compile every plan with the XLA compiler of its mesh's hardware
(compile only), one table row each.

    python3 tools/production_check.py --automap target/release/automap
    python3 tools/production_check.py --only llama3_8b_train:h100-8x8 --only llama3_8b_train:tpu-v5p-4x4x4

Each case is FIXTURE:MESH[:FORMAT] (tests/fixtures/production/FIXTURE.mlir, specs/meshes/MESH.yaml,
FORMAT shardy or gspmd). For each: the ops it imports, the steps and strategies it plans, the plan's
status, gap and wall time, and the compiler's judgement (tools/validate.py --target): a mesh whose spec
names a compiler (`compiler:`: XLA's TPU compiler for a TPU topology, its GPU compiler for a GPU model)
is compiled by it, and the predicted peak per device is set beside the compiler's total (arguments +
outputs + temporaries - aliased), with its verdict (fits, out of memory), its FLOPs and bytes accessed
against the prediction, and whether its collectives match the plan's. A mesh without a compiler is
compiled by XLA's CPU backend on virtual devices, which holds bf16 values in f32: the same plan is then
also priced on the program read with f32 for bf16 ("as f32"), the figure the CPU's peak is compared with.
A second table sets each plan beside the expert plans of its report; a third gives its step serial and
overlapped, the roofline split, the FLOPs utilisation and the costliest op kinds.
Exits 1 when a plan fails, the compiler refuses one, or one needs more memory than the device has.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Every production fixture on the 64-GPU cluster (XLA's GPU compiler), and on the TPU meshes (its TPU
# compiler): a v5p slice, a v6e pod, two v5e pods over DCN, four v5p slices over DCN; the 3-D v4 slice
# names no compiler (tpu-v4-8x8x4.yaml says why) and is compiled by the CPU backend.
CASES = [
    "llama3_8b_train:h100-8x8",
    "llama3_8b_train:h100-8x8:gspmd",
    "llama3_8b_train_unrolled:h100-8x8",
    "llama3_70b_train:h100-8x8",
    "mixtral_train:h100-8x8",
    "llama3_8b_decode:h100-8x8",
    "llama3_8b_flash_train:h100-8x8",
    "llama3_8b_kernel_train:h100-8x8",
    "llama3_8b_rule_kernel_train:h100-8x8",
    "llama3_8b_train:tpu-v5p-4x4x4",
    "mixtral_train:tpu-v5p-4x4x4",
    "llama3_8b_decode:tpu-v5p-4x4x4",
    "llama3_8b_train:tpu-v6e-16x16",
    "llama3_8b_train_8k:tpu-v6e-16x16",
    "llama3_8b_flash_train:tpu-v6e-16x16",
    "llama3_70b_train:tpu-v6e-16x16",
    "llama3_70b_train_2x8k:tpu-v6e-16x16",
    "llama3_70b_train_5x8k_chunked:tpu-v6e-16x16",
    "llama3_70b_train:tpu-v5e-2x16x16-dcn",
    "llama3_8b_train:tpu-v4-8x8x4",
    "llama3_8b_flash_train:tpu-v4-8x8x4",
    "llama3_70b_train:tpu-v5p-4x4x4x8-dcn",
    "mixtral_train:tpu-v5p-4x4x4x8-dcn",
]

GIB = 2**30


def run(cmd: list[str]) -> tuple[int, str, float]:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    return r.returncode, r.stdout + r.stderr, time.perf_counter() - t0


def size_gib(text: str) -> float | None:
    """'12.5 GiB', '1.82 TiB' or '512.0 KiB' as GiB."""
    m = re.match(r"([\d.]+) (TiB|GiB|MiB|KiB)", text)
    if not m:
        return None
    return float(m.group(1)) * {"TiB": 2**10, "GiB": 1, "MiB": 2**-10, "KiB": 2**-20}[m.group(2)]


def experts(row: dict, report: str) -> None:
    """From report.md's reference table: the fastest expert plan that fits (its recipe and objective,
    the measure the solver minimises and the plan's own step column gives), and FSDP over every axis
    (its peak)."""
    fits, fsdp_all = [], None
    for line in report.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or not re.fullmatch(r"[a-z]+:[\w-]+(\+[a-z]+:[\w-]+)*", cells[0]):
            continue
        spec, feasible, step, peak = cells[0], cells[3], float(cells[2]), size_gib(cells[7])
        if feasible == "yes":
            fits.append((step, spec, peak))
        widest = fsdp_all is None or spec.count("+") > fsdp_all[0].count("+")
        if all(t.startswith("fsdp:") for t in spec.split("+")) and widest:
            fsdp_all = (spec, peak, step)
    if fits:
        row["expert_ms"], row["expert"], row["expert_gib"] = min(fits)
    if fsdp_all:
        row["fsdp"], row["fsdp_gib"], row["fsdp_ms"] = fsdp_all


def step_parts(row: dict, folder: pathlib.Path) -> None:
    """From plan.json and report.md: the step serial and overlapped, its roofline split, the FLOPs
    utilisation, and the four costliest op kinds of the compute."""
    p = json.loads((folder / "plan.json").read_text())["predicted"]
    row["serial_ms"] = p.get("serial_step_time_s", p["step_time_s"]) * 1e3
    row["overlapped_ms"] = p.get("overlapped_step_time_s", 0) * 1e3
    row["flops_bound_ms"] = p.get("flops_bound_s", 0) * 1e3
    row["memory_bound_ms"] = (p["compute_s"] - p.get("flops_bound_s", 0)) * 1e3
    row["link_ms"] = p["communication_s"] * 1e3
    row["util_serial"] = p.get("flops_utilisation_serial")
    row["util_overlapped"] = p.get("flops_utilisation_overlapped")
    kinds = re.findall(r"^  stablehlo\.(\w+) +\d+ +[\d.]+ +([\d.]+)%", (folder / "report.md").read_text(), re.M)
    row["split"] = ", ".join(f"{k} {share}%" for k, share in kinds[:4])


def case(automap: str, spec: str, time_limit: float, out: pathlib.Path, leanest: bool = False,
         verify: bool = False) -> dict:
    fixture, mesh, *fmt = spec.split(":")
    fmt = fmt[0] if fmt else "shardy"
    model = f"tests/fixtures/production/{fixture}.mlir"
    row = {"case": f"{fixture} on {mesh}" + (" (GSPMD)" if fmt == "gspmd" else ""), "ok": False}
    _, text, _ = run([automap, "inspect", model])
    m = re.search(r"; (\d+) ops", text)
    row["ops"] = int(m.group(1)) if m else None
    folder = out / spec.replace(":", "-")
    cmd = [automap, "plan", model, "--mesh", f"specs/meshes/{mesh}.yaml", "--format", fmt,
           "--time-limit", str(time_limit), "--out", str(folder)]
    names_compiler = re.search(r"^compiler:", (ROOT / f"specs/meshes/{mesh}.yaml").read_text(), re.M)
    # custom_partitioning's callback lives in the process that lowered the module: no other compiles it.
    if verify and names_compiler and "@CustomSPMDPartitioning" not in (ROOT / model).read_text():
        cmd += ["--verify", sys.executable]
    rc, text, wall = run(cmd)
    if (folder / "verify.json").exists():
        rounds = json.loads((folder / "verify.json").read_text())
        row["rounds"] = len(rounds)
        row["first_total_gib"] = next(
            ((r["judgement"].get("device_total_bytes") or r["judgement"].get("temporaries_bytes") or 0) / GIB
             for r in rounds if "judgement" in r), None)
    row["plan_s"] = wall
    m = re.search(r"(\d+) steps .*?, (\d+) strategies", text)
    row["steps"], row["strategies"] = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    # With --verify a plan is made each round: the last one is the plan kept.
    plans = list(re.finditer(
        r": (optimal|heuristic|feasible|time limit)[^\n]*?peak ([\d.]+) MiB per device\); gap ([\d.e+-]+)%", text
    ))
    m = plans[-1] if plans else None
    if rc != 0 or not m:
        row["status"] = text.strip().splitlines()[-1][:200] if text.strip() else f"exit {rc}"
        return row
    row["status"], row["predicted_gib"], row["gap"] = m.group(1), float(m.group(2)) / 1024, float(m.group(3))
    steps = re.findall(r"\((\d[\d.]*) ms predicted", text)
    row["step_ms"] = float(steps[-1]) if steps else None
    experts(row, (folder / "report.md").read_text())
    step_parts(row, folder)
    if leanest:
        # Below any plan's peak: the error names the leanest peak (every value at its leanest sharding).
        _, text, _ = run([automap, "plan", model, "--mesh", f"specs/meshes/{mesh}.yaml", "--memory-limit", "0.001",
                          "--time-limit", str(time_limit), "--out", str(folder / "leanest")])
        m = re.search(r"memory peaks at ([\d.]+ (?:GiB|MiB|KiB)) per device", text)
        row["leanest_gib"] = size_gib(m.group(1)) if m else None
    if "@CustomSPMDPartitioning" in (ROOT / model).read_text():
        # custom_partitioning's partition callback is a Python function of the process that lowered the
        # module (its id is the custom_call's backend_config): no other process can compile it.
        row["xla"], row["ok"] = None, True
        return row
    compiler = json.loads((folder / "plan.json").read_text())["mesh"].get("compiler")
    target = compiler["platform"] if compiler else "cpu"
    if target == "cpu":
        # XLA's CPU backend computes bf16 in f32 and holds those values in f32 buffers (GPU and TPU
        # keep bf16): the same plan priced on the program with every bf16 type read as f32 is what the
        # CPU holds, and the figure its peak is compared with.
        f32 = folder / "as_f32.mlir"
        f32.write_text(re.sub(r"(?<=[x<])bf16(?=>)", "f32", (ROOT / model).read_text()))
        _, text, _ = run([automap, "check", str(f32), "--mesh", f"specs/meshes/{mesh}.yaml", "--plan",
                          str(folder / "plan.json"), "--memory-limit", "1e6", "--time-limit", "1"])
        m = re.search(r"peak memory per device: ([\d.]+) GiB", text)
        row["predicted_f32_gib"] = float(m.group(1)) if m else None
    figures = folder / "compiler.json"
    rc, text, _ = run([sys.executable, "tools/validate.py", str(folder / "annotated.mlir"), "--plan",
                       str(folder / "plan.json"), "--compile-only", "--format", fmt, "--target", target,
                       "--json", str(figures)])
    row["compiler"] = target.upper()
    fig = json.loads(figures.read_text()) if figures.exists() else {}
    row["verdict"] = fig.get("verdict", "refused" if rc else "fits")
    row["xla"] = rc in (0, 2) and "compile_s" in fig
    row["compile_s"] = fig.get("compile_s")
    if not row["xla"]:
        why = fig.get("error") or (text.strip().splitlines() or ["?"])[-1]
        row["status"] += f"; {row['compiler']}: {row['verdict']}: " + why.splitlines()[0][:200]
        total = fig.get("device_total_bytes") or fig.get("temporaries_bytes")
        row["xla_total_gib"] = total / GIB if total else None
        return row
    live = re.search(r"XLA's live peak ([\d.]+ (?:GiB|KiB))", text)
    row["xla_live_gib"] = size_gib(live.group(1)) if live else None
    total = fig.get("device_total_bytes")
    if total is None:
        m = re.search(r"XLA's buffers ([\d.]+ (?:GiB|KiB))", text)
        row["xla_total_gib"] = size_gib(m.group(1)) if m else None
    else:
        row["xla_total_gib"] = total / GIB
    pf, pb = fig.get("predicted_flops"), fig.get("predicted_bytes_accessed")
    row["flops_ratio"] = fig["flops"] / pf if pf and fig.get("flops") else None
    row["bytes_ratio"] = fig["bytes_accessed"] / pb if pb and fig.get("bytes_accessed") else None
    row["collectives_match"] = fig.get("collectives_match")
    host = json.loads((folder / "plan.json").read_text())["predicted"].get("host_offload")
    if host:
        row["host_gib"] = host["bytes_per_device"] / GIB
        row["xla_host_gib"] = fig.get("host_total_bytes", 0) / GIB
    row["ok"] = row["verdict"] in ("fits", "compiled")
    return row


def cell(row: dict, key: str, fmt: str) -> str:
    """`row[key]` formatted, or "-" where it was not measured."""
    return fmt.format(row[key]) if row.get(key) is not None else "-"


def table(rows: list[dict]) -> str:
    head = ("| case | ops | steps | strategies | plan | gap | plan s | compiler | verdict | compile s "
            "| predicted peak | compiler's total | total / predicted | XLA live peak | as f32 | FLOPs ratio "
            "| bytes ratio | collectives match | verify rounds | first round's total | host: predicted / compiler's |\n"
            "|---|---:|---:|---:|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|---:|---:|")
    lines = [head]
    yes_no = {True: "yes", False: "no", None: "-"}
    for r in rows:
        def f(k, fmt="{:.2f}", r=r):
            return cell(r, k, fmt)

        def ratio(a, b, r=r):
            return f"{r[a] / r[b]:.2f}" if r.get(a) and r.get(b) else "-"

        lines.append(
            f"| {r['case']} | {f('ops', '{:,}')} | {f('steps', '{:,}')} | {f('strategies', '{:,}')} | {r['status']} "
            f"| {f('gap', '{:.2g}%')} | {f('plan_s', '{:.1f}')} | {r.get('compiler', '-')} "
            f"| {r.get('verdict', 'n/a' if r.get('xla', False) is None else '-')} | {f('compile_s', '{:.1f}')} "
            f"| {f('predicted_gib')} GiB | {f('xla_total_gib')} GiB | {ratio('xla_total_gib', 'predicted_gib')} "
            f"| {f('xla_live_gib')} GiB | {f('predicted_f32_gib')} GiB | {f('flops_ratio', '{:.3f}')} "
            f"| {f('bytes_ratio', '{:.3f}')} | {yes_no[r.get('collectives_match')]} | {f('rounds', '{}')} "
            f"| {f('first_total_gib')} GiB | {f('host_gib')} / {f('xla_host_gib')} GiB |"
        )
    return "\n".join(lines)


def expert_table(rows: list[dict]) -> str:
    """Each plan beside the expert shortlist of its report: the fastest expert plan that fits, FSDP over
    every axis, and the leanest peak (when measured)."""
    lines = ["| case | automap's objective | peak | fastest expert plan that fits | its objective | its peak "
             "| FSDP over every axis: peak | its objective | leanest peak | XLA / predicted FLOPs | bytes accessed |",
             "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        def f(k, fmt="{:,.1f}", r=r):
            return cell(r, k, fmt)

        lines.append(
            f"| {r['case']} | {f('step_ms')} ms | {f('predicted_gib', '{:.2f}')} GiB | {r.get('expert', 'none')} "
            f"| {f('expert_ms')} ms | {f('expert_gib', '{:.2f}')} GiB | {f('fsdp_gib', '{:.2f}')} GiB "
            f"| {f('fsdp_ms')} ms | {f('leanest_gib', '{:.2f}')} GiB | {f('flops_ratio', '{:.3f}')} "
            f"| {f('bytes_ratio', '{:.3f}')} |"
        )
    return "\n".join(lines)


def step_table(rows: list[dict]) -> str:
    """Each plan's step, serial, as the objective prices it (prefetched collectives partly hidden) and
    overlapped, its roofline split and FLOPs utilisation."""
    lines = ["| case | serial step | objective | overlapped | compute bound by FLOPs | by memory | links "
             "| FLOPs utilisation, serial / overlapped | costliest op kinds (share of compute) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        def f(k, fmt="{:,.1f}", r=r):
            return cell(r, k, fmt)

        lines.append(
            f"| {r['case']} | {f('serial_ms')} ms | {f('step_ms')} ms | {f('overlapped_ms')} ms "
            f"| {f('flops_bound_ms')} ms | {f('memory_bound_ms')} ms | {f('link_ms')} ms "
            f"| {f('util_serial', '{:.1%}')} / {f('util_overlapped', '{:.1%}')} | {r.get('split', '-')} |"
        )
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--automap", default="target/release/automap", help="the automap binary")
    ap.add_argument("--only", action="append", help="a case FIXTURE:MESH[:FORMAT] (repeatable; default: all)")
    ap.add_argument("--time-limit", type=float, default=20, help="automap plan's --time-limit (seconds)")
    ap.add_argument("--leanest", action="store_true",
                    help="also measure the leanest peak (a plan under a limit nothing fits names it)")
    ap.add_argument("--keep", type=pathlib.Path, help="keep every case's outputs in this folder")
    ap.add_argument("--verify", action="store_true",
                    help="plan with `automap plan --verify` where the mesh names a compiler: a plan the compiler "
                    "finds over the device is made again under a lowered limit (the rounds in the table)")
    cfg = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="automap-production-") as tmp:
        out = cfg.keep or pathlib.Path(tmp)
        for spec in cfg.only or CASES:
            row = case(cfg.automap, spec, cfg.time_limit, out, cfg.leanest, cfg.verify)
            print(f"{'ok  ' if row['ok'] else 'FAIL'} {row['case']}: {row['status']}", file=sys.stderr, flush=True)
            rows.append(row)
    print(table(rows))
    print()
    print(expert_table(rows))
    print()
    print(step_table(rows))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
