"""`plan`: lower a JAX function, plan it with automap's solver, and give the plan back in the function's
own pytree structure; `Plan`: the shardings, the prediction and the proof, and `jit` / `put` to run it."""

from __future__ import annotations

import dataclasses
import json
import numbers
import sys
from collections.abc import Callable
from typing import Any

from automap import _native, _remat, _spec
from automap._errors import PlanError

# What `automap plan` defaults to: the time limit counts from when planning starts, building the
# problem included.
DEFAULT_TIME_LIMIT_S = 60.0


def lower(fn: Callable, *example_args: Any):
    """Lower `fn` on `example_args` as automap reads it: `(text, traced)`, the StableHLO text with JAX's
    debug names (arguments named by pytree path, results by `jax.result_info`) and the `jax.stages.Traced`
    it came from. As `jax.jit` does, arguments the function never reads are left out of the module (keeping
    them would keep the dead code of their derivatives too)."""
    import jax

    for path, leaf in jax.tree_util.tree_flatten_with_path(example_args)[0]:
        if not (hasattr(leaf, "shape") and hasattr(leaf, "dtype")) and not isinstance(leaf, numbers.Number):
            where = "args" + jax.tree_util.keystr(path)
            raise PlanError(
                f"example argument {where} is a {type(leaf).__name__}: give arrays, jax.ShapeDtypeStruct or "
                "Python numbers (a value that is not data belongs in a closure or functools.partial)"
            )
    traced = jax.jit(fn).trace(*example_args)
    return traced.lower().as_text(debug_info=True), traced


def plan(
    fn: Callable,
    *example_args: Any,
    mesh: Any,
    spec: Any = None,
    memory_limit: float | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT_S,
    constraints: Any = None,
    kernels: Any = None,
    tactics: str | None = None,
    solver: str = "auto",
    threads: int = 2,
    seed: int = 0,
    link: bool = True,
    memory_tolerance: float | None = None,
    progress: bool | Callable[[str, float, float | None, float | None], Any] = False,
    verify: bool = False,
    remat: bool = False,
) -> Plan:
    """Plan how to shard `fn` on a device mesh.

    Args:
        fn: the function, as it would be given to `jax.jit`.
        example_args: its arguments (arrays or `jax.ShapeDtypeStruct` pytrees; no memory is touched).
        mesh: a mesh spec (path to its YAML, or the same as a dict), or a `jax.sharding.Mesh` with
            `spec`. With a spec alone, the JAX mesh is made from the first devices JAX sees.
        spec: with a `jax.sharding.Mesh`, the spec (path or dict) giving its axes' bandwidth and latency
            and the device's memory and FLOP/s.
        memory_limit: GiB per device that the plan must fit (default: the spec's device memory).
        time_limit: seconds for the whole plan, building the problem included.
        constraints: pins, ties, forbids and budgets (path to a constraints YAML, or the same as a dict;
            values by their JAX names, `params['w1']`; a sharding may be a `PartitionSpec`).
        kernels: prices of the kernels (`custom_call`s) the program does not price (path to a
            kernel table YAML, or the same as a dict: `{"kernels": [{"target": ..., "flops": "2 *
            in0_d0 * ..."}]}`); a Pallas kernel's `cost_estimate` and cuDNN's fused attention are
            priced without one, any other kernel counts 0 FLOPs (the report's warnings say which).
        tactics: tactics to pin before the solver runs, found in the program's dataflow (never by
            names): `dp`, `megatron`, `fsdp`, `ep`, `sp` (or MaxText's `data`, `tensor`, `expert`,
            `sequence`), each with `:AXIS`, joined by `,` (`"dp:data,megatron:model"`);
            `Plan.report` says where each matched.
        solver: the solve method, by name (the default `auto`: search, dual bound and HiGHS, with a
            proof); the list below comes from the planner itself.
        threads: solver threads.
        seed: seed of the searches (plans are deterministic for a seed).
        link: decide ops that repeat one another (the layers of a model written as a Python loop, found
            by their costs and wiring, never by names) once for all their copies first, then go on over
            every op from that plan; the proof is always the unlinked problem's, its dual bound started
            from the linked problem's. False decides every op apart from the start.
        memory_tolerance: memory as the tie-breaker: among the plans at most this fraction slower
            than the fastest found (0: only as fast; 0.05: 5%), return one of least peak memory per
            device, by solves that bisect the memory limit in the time the solve leaves. None (the
            default) returns the fastest plan found, whatever its peak.
        progress: True to print the solver's progress to stderr, or a callable given
            `(phase, elapsed_s, best_step_s, bound_s)` (the last two may be None).
        verify: compile the plan with XLA's own compiler for the mesh's hardware (the spec's
            `compiler:`, a TPU topology or a GPU model; compile only, no accelerator needed: this
            Python needs `jax[tpu]` or the CUDA plugin, see `automap.judge`), and while it needs more
            memory than the device has, plan again under a limit lowered by the excess (at most 4
            rounds); when automap's model fits nothing, the leanest plan is compiled and kept if the
            compiler fits it. `Plan.verification` lists each round; a plan the compiler refuses is
            never returned (PlanError instead).
        remat: decide what the layers under `jax.checkpoint` keep for the backward pass and what they
            compute again: the function must take its checkpoint policy from `automap.remat_policy()`
            (`jax.checkpoint(layer, policy=automap.remat_policy())`, called while it is traced). It is
            traced once per policy of `jax.checkpoint_policies` automap tries (everything, dots, dots
            without batch dimensions, nothing saveable), each program planned (the time limit shared
            among them; with `verify`, the fastest compiled first), and the fastest plan that fits is
            returned; `Plan.remat` says which policy and what each gave, and the report has the table.

    Returns:
        A `Plan`. Raises `PlanError` with a located message when no plan can be made.
    """
    jax_mesh, mesh_text, mesh_name = _spec.resolve_mesh(mesh, spec)
    name = getattr(fn, "__name__", "fn")
    constraints_text, constraints_name = (None, "constraints")
    if constraints is not None:
        constraints_text, constraints_name = _spec.text_of(constraints, "constraints")
    kernels_text, kernels_name = (None, "kernels")
    if kernels is not None:
        kernels_text, kernels_name = _spec.text_of(kernels, "kernels")
    if progress is True:
        progress = _print_progress
    judge = _Judge() if verify else None  # one compile-only client for every round and candidate

    def plan_module(module: str, traced, verify: bool, time_limit: float) -> Plan:
        try:
            annotated, plan_json, report, clock_decided, rounds, phases = _native.plan(
                module,
                f"{name}.stablehlo",
                mesh_text,
                mesh_name,
                constraints=constraints_text,
                constraints_name=constraints_name,
                kernels=kernels_text,
                kernels_name=kernels_name,
                tactics=tactics,
                memory_limit_gib=memory_limit,
                time_limit_s=float(time_limit),
                threads=int(threads),
                solver=solver,
                seed=int(seed),
                link=bool(link),
                memory_tolerance=None if memory_tolerance is None else float(memory_tolerance),
                progress=progress or None,
                judge=judge if verify else None,
            )
        except _native.InputError as e:
            raise PlanError(str(e), module=module) from None
        except _native.InternalError as e:
            raise PlanError(str(e), input_fault=False, module=module) from None
        planned = Plan(json.loads(plan_json), jax_mesh, fn, traced, module, annotated, report, clock_decided)
        planned.verification = json.loads(rounds) if rounds else None
        planned.phases = list(phases)
        return planned

    if remat:
        programs = _remat.lower_each(lower, fn, example_args)
        share = float(time_limit) / sum(1 for *_, same_as in programs if same_as is None)
        return _remat.choose(programs, lambda m, t, v: plan_module(m, t, v, share), verify)
    module, traced = lower(fn, *example_args)
    return plan_module(module, traced, verify, time_limit)


class _Judge:
    """`plan(..., verify=True)`'s judge: compiles a plan with the compiler its mesh names, keeping the
    compile-only client across rounds; returns the verdict's JSON."""

    def __init__(self):
        self._clients: dict[str, tuple] = {}

    def __call__(self, annotated: str, plan_json: str) -> str:
        from automap import judge

        doc = json.loads(plan_json)
        target = doc["mesh"]["compiler"]
        key = json.dumps(target, sort_keys=True)
        if key not in self._clients:
            n = 1
            for a in doc["mesh"]["axes"]:
                n *= a["size"]
            self._clients[key] = judge.target_client(target, n)
        client, devs = self._clients[key]
        figures, _ = judge.judge(annotated, doc, client=client, devs=devs)
        return json.dumps(figures)


def _with_methods(doc: str | None) -> str:
    """`doc` with the planner's solve methods listed, from the one table the command line reads too."""
    lines = "".join(f"        {name}: {summary}\n" for name, summary in _native.methods())
    return f"{doc or ''}\n    Solve methods (`solver=`):\n{lines}"


plan.__doc__ = _with_methods(plan.__doc__)


def _print_progress(phase: str, elapsed: float, best: float | None, bound: float | None) -> None:
    ms = lambda s: "-" if s is None else f"{s * 1e3:.4f} ms"  # noqa: E731
    print(f"[{elapsed:>7.2f} s] {phase:<12} best plan {ms(best):>12}  proven bound {ms(bound):>12}", file=sys.stderr)


class Plan:
    """A sharding plan for one function on one mesh.

    Attributes:
        in_shardings: a `NamedSharding` per array leaf of the example arguments, in their structure (a
            tuple, one entry per positional argument): what `jax.jit`'s `in_shardings` takes.
        out_shardings: the same for the function's results.
        mesh: the `jax.sharding.Mesh` the shardings are on.
        step_time_s, compute_s, communication_s: the predicted step time and its parts, in seconds: the
            step is compute plus communication less hidden_communication_s, what collectives a loop
            prefetches (a layer's weight gathers an iteration ahead) hide behind its compute.
        serial_step_time_s: compute plus communication, every collective exposed.
        overlapped_step_time_s: the same with collectives overlapping independent compute.
        flops_utilisation: the program's FLOPs at peak over all devices, over the overlapped step.
        peak_memory_bytes: the predicted peak of live bytes per device.
        collectives: the predicted collectives (plan.json's `collective_list`).
        status: how the solve ended (`optimal`, `time limit`, ...); `optimal` says whether it is proven.
        gap: (cost − proven bound) / cost.
        clock_decided: the time limit, not the work, ended a phase: another run may plan differently.
        phases: the phases the solve ran (and the reference plans, the memory tie-breaker after it), in
            the order they ended, each `(name, seconds, why it stopped)`, e.g. `("highs", 12.3, "an
            answer proven optimal")`; the plan's last round's with `verify=True`.
        report: the report a person reads (Markdown).
        module: the StableHLO text automap planned; annotated: the same with the plan's shardings.
        plan_json: plan.json as a dict.
        verification: with `plan(..., verify=True)`, each round's memory limit and XLA's compiler's
            verdict (`{"limit_bytes": ..., "judgement": {...}}`, or `"no_plan"` with why); else None.
        remat: with `plan(..., remat=True)`, the checkpoint policy chosen and what each candidate gave
            (an `automap.RematChoice`); else None.
    """

    def __init__(self, doc: dict, mesh, fn, traced, module: str, annotated: str, report: str, clock_decided: bool):
        import jax

        self._fn = fn
        self._avals = traced.in_avals[0]
        self.mesh = mesh
        self.plan_json = doc
        self.module = module
        self.annotated = annotated
        self.report = report
        self.verification: list[dict] | None = None
        self.remat: _remat.RematChoice | None = None
        self.clock_decided = clock_decided
        self.phases: list[tuple[str, float, str]] = []
        predicted, solver = doc["predicted"], doc["solver"]
        self.step_time_s = predicted["step_time_s"]
        self.compute_s = predicted["compute_s"]
        self.communication_s = predicted["communication_s"]
        self.hidden_communication_s = predicted.get("hidden_communication_s", 0.0)
        self.serial_step_time_s = predicted.get("serial_step_time_s", self.compute_s + self.communication_s)
        self.overlapped_step_time_s = predicted.get("overlapped_step_time_s", self.step_time_s)
        self.flops_utilisation = predicted.get("flops_utilisation_overlapped")
        self.peak_memory_bytes = predicted["peak_memory_bytes_per_device"]
        self.collectives = predicted["collective_list"]
        self.status = solver["status"]
        self.gap = solver["gap"]
        debug = traced.jaxpr.jaxpr.debug_info
        args_tree = jax.tree_util.tree_structure(traced.args_info)
        self.in_shardings = _in_structure(
            self._shardings(doc["arguments"], debug.arg_names, "argument"), args_tree
        )
        self.out_shardings = jax.tree_util.tree_unflatten(
            traced.out_tree, self._shardings(doc["results"], debug.result_paths, "result")
        )

    @property
    def optimal(self) -> bool:
        """Whether the plan is proven optimal under the cost model."""
        return self.status == "optimal"

    def _shardings(self, entries: list[dict], names, what: str) -> list:
        """One NamedSharding per flat leaf, found by the JAX name of the leaf's pytree path, never by
        position: the module leaves out the arguments the function never reads (those stay replicated),
        and a name of the module that is no leaf's is an error."""
        from jax.sharding import NamedSharding, PartitionSpec

        by_name = {e.get("name"): e for e in entries}
        unknown = sorted(set(by_name) - set(names), key=str)
        if unknown or len(by_name) != len(entries):
            raise PlanError(
                f"the lowered module's {what}s {unknown or 'have repeated names'} are not the function's "
                "pytree paths: automap cannot tell which leaf each sharding belongs to",
                input_fault=False,
                module=self.module,
            )
        out = []
        for name in names:
            entry = by_name.get(name)
            spec = [] if entry is None else [tuple(d) if isinstance(d, list) else d for d in entry["partition_spec"]]
            out.append(NamedSharding(self.mesh, PartitionSpec(*spec)))
        return out

    def jit(self, fn: Callable, *, exact: bool = True, **jit_kwargs) -> Callable:
        """`fn` compiled with this plan: `jax.jit(fn, in_shardings=..., out_shardings=...)`, further
        `jax.jit` options passed through.

        With `exact` (the default), XLA is also held to the plan's shardings inside the function, as
        automap priced them: the compiled program is the module automap planned with every op's
        sharding and every resharding written in (`annotated`), called through `jax.export`, so XLA
        inserts the collectives the plan predicts. `fn` must then be the function that was planned, and
        the result is not differentiable (plan the training step, not the loss). With `exact=False`, only
        the arguments' and results' shardings are given and XLA's partitioner chooses the rest. With
        `plan(..., remat=True)`, `fn` is traced under the checkpoint policy the plan chose.
        """
        import jax

        kw = dict(in_shardings=self.in_shardings, out_shardings=self.out_shardings, **jit_kwargs)
        if not exact:
            return jax.jit(self._as_planned(fn), **kw)
        if fn is not self._fn:
            raise PlanError(
                f"plan.jit got {getattr(fn, '__name__', fn)!r}, not the function that was planned "
                f"({getattr(self._fn, '__name__', self._fn)!r}): plan that one, or pass exact=False"
            )
        planned = jax.export.export(
            jax.jit(self._as_planned(fn), in_shardings=self.in_shardings, out_shardings=self.out_shardings)
        )(*self._avals)
        kept, args = len(planned.module_kept_var_idx), len(self.plan_json["arguments"])
        if kept != args or len(planned.out_avals) != len(self.plan_json["results"]):
            raise PlanError(
                f"JAX exported {kept} arguments and {len(planned.out_avals)} results where the planned module "
                f"has {args} and {len(self.plan_json['results'])}: pass exact=False",
                input_fault=False,
            )
        annotated = dataclasses.replace(planned, mlir_module_serialized=self.annotated.encode())

        def run(*args):
            return annotated.call(*args)

        run.__name__ = getattr(fn, "__name__", "planned")
        return jax.jit(run, **kw)

    def _as_planned(self, fn: Callable) -> Callable:
        """`fn`, traced under the checkpoint policy this plan chose (itself when it chose none)."""
        choice = self.remat
        if choice is None:
            return fn

        def traced_as_planned(*args, **kwargs):
            with choice.applied():
                return fn(*args, **kwargs)

        traced_as_planned.__name__ = getattr(fn, "__name__", "planned")
        return traced_as_planned

    def put(self, *args):
        """The arguments placed on the mesh as the plan shards them (a tuple, one entry per argument;
        Python numbers become arrays)."""
        import jax

        return tuple(jax.device_put(a, s) for a, s in zip(args, self.in_shardings, strict=True))

    def __repr__(self) -> str:
        shape = ", ".join(f"{n}={s}" for n, s in self.mesh.shape.items())
        # As the command line says it: a gap too small for four decimals is not shown as zero.
        percent = 100 * self.gap
        gap = f"{percent:.1e}%" if 0 < percent < 0.00005 else f"{percent:.4f}%"
        hidden = self.hidden_communication_s
        hidden_text = f" - hidden behind compute {hidden * 1e3:.4f}" if hidden > 0 else ""
        return (
            f"<automap.Plan on ({shape}): {self.status}, {self.step_time_s * 1e3:.4f} ms predicted "
            f"(compute {self.compute_s * 1e3:.4f} + communication {self.communication_s * 1e3:.4f}{hidden_text}), "
            f"peak {self.peak_memory_bytes / 2**20:.1f} MiB per device, gap {gap}>"
        )


def _in_structure(flat: list, args_tree):
    """The flat shardings in the positional arguments' structure. `args_info` is `(args, kwargs)`."""
    import jax

    args, _kwargs = jax.tree_util.tree_unflatten(args_tree, flat)
    return tuple(args)
