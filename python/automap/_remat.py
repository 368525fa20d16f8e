"""Rematerialisation as a decision of the plan: `plan(..., remat=True)` traces the function once per JAX
checkpoint policy, plans each program, and keeps the fastest plan that fits.

What a layer under `jax.checkpoint` saves for the backward pass, and what it computes again, is decided
when JAX traces the function, by the checkpoint's `policy`; the program automap reads already holds the
answer. So the choice is made where it can be made: the function asks `automap.remat_policy()` for its
policy (`jax.checkpoint(layer, policy=automap.remat_policy())`, called while the function is traced),
and automap traces it under each candidate below. Each candidate's program carries its own
recomputation (priced in FLOPs like any other work) and its own saved values (in the memory peak, and
the planner may still place stacks of them in host memory), so the plans compare on equal terms.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from automap._errors import PlanError


@dataclasses.dataclass(frozen=True)
class Candidate:
    """A JAX checkpoint policy automap tries: its name in `jax.checkpoint_policies` and what it keeps."""

    name: str
    keeps: str

    def policy(self):
        """The policy itself (`jax.checkpoint_policies.<name>`)."""
        import jax

        return getattr(jax.checkpoint_policies, self.name)


# From the most kept (no recomputation) to the least (the layer computed again whole), as JAX names them.
CANDIDATES = (
    Candidate("everything_saveable", "every value the backward pass reads: nothing is computed again"),
    Candidate("dots_saveable", "the outputs of matrix multiplications; elementwise work is computed again"),
    Candidate(
        "dots_with_no_batch_dims_saveable",
        "the outputs of matrix multiplications by weights (no batch dimensions); attention's are computed again",
    ),
    Candidate("nothing_saveable", "only the checkpoint's inputs: the layer is computed again whole"),
)


@dataclasses.dataclass
class _Trying:
    """The candidate being traced, and how many times the function asked for it."""

    policy: Any
    asked: int = 0


_trying: contextvars.ContextVar[_Trying | None] = contextvars.ContextVar("automap_remat_trying", default=None)


def remat_policy():
    """The checkpoint policy for `jax.checkpoint(..., policy=automap.remat_policy())`: call it inside
    the function you plan (it is read while JAX traces the function, not when the module is imported),
    and not under a `jax.jit` of its own (JAX would reuse that trace for every candidate).

    While `plan(..., remat=True)` traces the function, it is the candidate being tried; under
    `Plan.remat.applied()` (and in `Plan.jit(fn, exact=False)`), the policy the plan chose; otherwise
    None, JAX's default (only the checkpoint's inputs are saved)."""
    trying = _trying.get()
    if trying is None:
        return None
    trying.asked += 1
    return trying.policy


@contextlib.contextmanager
def _policy(policy) -> Iterator[_Trying]:
    token = _trying.set(_Trying(policy))
    try:
        yield _trying.get()
    finally:
        _trying.reset(token)


@dataclasses.dataclass
class RematChoice:
    """What `plan(..., remat=True)` decided.

    Attributes:
        name: the chosen policy's name in `jax.checkpoint_policies`.
        policy: the policy itself: `jax.checkpoint(layer, policy=...)` traces the program planned.
        candidates: per policy tried, `{"policy", "keeps", "answer", "step_time_s", "peak_memory_bytes",
            "flops_per_device"}` (`answer`: "chosen", "fits", "fits (compiled)", "no plan fits (leanest
            peak ...)", "refused by the compiler" or "the same program as <policy>"; the figures are None
            where no plan was made), and `"why"`, the planner's message, where it made none.
    """

    name: str
    policy: Any
    candidates: list[dict]

    @contextlib.contextmanager
    def applied(self) -> Iterator[None]:
        """Within it, `automap.remat_policy()` returns the chosen policy (to trace the function as
        planned)."""
        with _policy(self.policy):
            yield

    def report(self) -> str:
        """The section of the report that says what was tried and why this one."""
        rows = [
            "## Rematerialisation (`remat=True`)",
            "",
            "Each JAX checkpoint policy traced, its program planned on its own; the fastest plan that fits is "
            f"kept: **`jax.checkpoint_policies.{self.name}`**. Give it to `jax.checkpoint` "
            f"(`jax.checkpoint(layer, policy=jax.checkpoint_policies.{self.name})`) to trace the program "
            "this plan is for.",
            "",
            "| policy | keeps for the backward pass | step (ms) | peak / device | FLOPs / device | answer |",
            "|---|---|---:|---:|---:|---|",
        ]
        for c in self.candidates:
            step = "-" if c["step_time_s"] is None else f"{c['step_time_s'] * 1e3:.3f}"
            peak = "-" if c["peak_memory_bytes"] is None else _size(c["peak_memory_bytes"])
            flops = "-" if c["flops_per_device"] is None else f"{c['flops_per_device']:.4g}"
            rows.append(f"| `{c['policy']}` | {c['keeps']} | {step} | {peak} | {flops} | {c['answer']} |")
        return "\n".join(rows) + "\n"


def _size(n: float) -> str:
    """Bytes as the report writes them (binary units)."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.2f} {unit}"
    return f"{n:.0f} B"


def lower_each(lower: Callable, fn: Callable, example_args) -> list[tuple[Candidate, str, Any, str | None]]:
    """Each candidate's program: `(candidate, module, traced, same_as)`, `same_as` naming an earlier
    candidate whose program is the same text (then it is not planned again). Raises PlanError when the
    function never asks `remat_policy()`, since then every candidate is one program."""
    out: list[tuple[Candidate, str, Any, str | None]] = []
    seen: dict[str, str] = {}
    for cand in CANDIDATES:
        with _policy(cand.policy()) as trying:
            # A new function object each time: JAX caches traces by the function traced.
            module, traced = lower(functools.wraps(fn)(lambda *a: fn(*a)), *example_args)
        if trying.asked == 0 and out:
            raise PlanError(
                f"plan(..., remat=True): the function asked automap.remat_policy() while traced for "
                f"`{out[0][0].name}` but not for `{cand.name}`: JAX reused an earlier trace, as it does for a "
                "jax.jit of its own inside the function (or another cached trace). Call remat_policy() "
                "outside any nested jax.jit, in the function planned"
            )
        if trying.asked == 0:
            raise PlanError(
                "plan(..., remat=True): the function never called automap.remat_policy() while JAX traced it, "
                "so every checkpoint policy gives the same program and there is nothing to decide. Write "
                "`jax.checkpoint(layer, policy=automap.remat_policy())` inside the function planned (not at "
                "import time, and not under a jax.jit of its own)"
            )
        out.append((cand, module, traced, seen.get(module)))
        seen.setdefault(module, cand.name)
    return out


def _figures(row: dict, p) -> None:
    """A candidate's row, from its plan."""
    row.update(answer="fits", step_time_s=p.step_time_s, peak_memory_bytes=p.peak_memory_bytes,
               flops_per_device=p.plan_json["predicted"].get("flops_per_device"))


def choose(programs, plan_one: Callable, verify: bool):
    """Plan each distinct program with `plan_one(module, traced, verify)` (a `Plan`, or PlanError when
    none fits) and return the fastest plan that fits, its `remat` set. With `verify`, the candidates are
    planned without the compiler first, then planned with it fastest first, until the next candidate's
    first plan is no faster than the fastest the compiler accepted."""
    rows, plans = [], {}
    row_of = lambda name: next(r for r in rows if r["policy"] == name)  # noqa: E731
    for cand, module, traced, same_as in programs:
        row = {"policy": cand.name, "keeps": cand.keeps, "answer": "", "step_time_s": None,
               "peak_memory_bytes": None, "flops_per_device": None}
        rows.append(row)
        if same_as is not None:
            row["answer"] = f"the same program as `{same_as}`"
            continue
        try:
            p = plan_one(module, traced, False)
        except PlanError as e:
            if not e.input_fault or "no plan fits" not in str(e):
                raise  # not about this candidate's memory: the same for every candidate, or automap's own
            row["why"] = str(e).splitlines()[0]
            leanest = re.search(r"memory peaks at (.+?) per device", row["why"])
            row["answer"] = f"no plan fits (leanest peak {leanest.group(1)})" if leanest else "no plan fits"
            continue
        _figures(row, p)
        plans[cand.name] = (p, module, traced)
    ranked = sorted(plans, key=lambda n: (plans[n][0].step_time_s, plans[n][0].peak_memory_bytes))
    chosen = None
    for name in ranked:
        p, module, traced = plans[name]
        # A plan the compiler makes plan again under a lower limit is never faster than the first, so a
        # candidate first planned slower than the best compiled one cannot beat it.
        if chosen is not None and p.step_time_s >= chosen[1].step_time_s:
            break
        if not verify:
            chosen = (name, p)
            break
        try:
            compiled = plan_one(module, traced, True)
        except PlanError as e:
            row_of(name).update(answer="refused by the compiler", why=str(e).splitlines()[0])
            continue
        _figures(row_of(name), compiled)
        row_of(name)["answer"] = "fits (compiled)"
        if chosen is None or compiled.step_time_s < chosen[1].step_time_s:
            chosen = (name, compiled)
    if chosen is None:
        table = "\n".join(f"  {r['policy']}: {r['answer']}" + (f": {r['why']}" if "why" in r else "") for r in rows)
        raise PlanError(f"plan(..., remat=True): no checkpoint policy gives a plan that fits:\n{table}")
    name, p = chosen
    row_of(name)["answer"] = "chosen"
    choice = RematChoice(name, next(c for c in CANDIDATES if c.name == name).policy(), rows)
    p.remat = choice
    p.report = p.report.rstrip("\n") + "\n\n" + choice.report()
    p.plan_json["remat"] = {"chosen": name, "candidates": rows}
    return p
