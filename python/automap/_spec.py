"""Specs the user gives as a file, a dict, or (for the mesh) a `jax.sharding.Mesh`: turned into the text
automap's readers take (YAML; JSON is YAML too) and a name for its messages."""

from __future__ import annotations

import json
import math
import os
from typing import Any

from automap import _native
from automap._errors import PlanError


def text_of(spec: Any, what: str) -> tuple[str, str]:
    """The text and display name of a spec given as a path (str or os.PathLike) or a dict."""
    if isinstance(spec, (str, os.PathLike)):
        path = os.fspath(spec)
        try:
            with open(path, encoding="utf-8") as f:
                return f.read(), path
        except OSError as e:
            raise PlanError(f"cannot read the {what} {path}: {e.strerror}") from None
    if isinstance(spec, dict):
        try:
            # Indented, so that a message's line:col points at one entry.
            return json.dumps(spec, indent=2, default=_plain), f"<{what} dict>"
        except TypeError as e:
            raise PlanError(f"the {what} dict holds a value that is not plain data: {e}") from None
    raise PlanError(f"the {what} must be a path or a dict, not {type(spec).__name__}")


def _plain(value: Any) -> Any:
    """JSON for the few non-JSON values a spec dict may hold: a PartitionSpec or a tuple (a list: one
    entry per dimension), or a numpy scalar."""
    from jax.sharding import PartitionSpec

    if isinstance(value, (tuple, PartitionSpec)):
        return list(value)
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"{value!r} ({type(value).__name__})")


def resolve_mesh(mesh: Any, spec: Any) -> tuple[jax.sharding.Mesh, str, str]:  # noqa: F821
    """The JAX mesh to shard on and the spec text (with its name) automap prices it by.

    `mesh` is a spec (path or dict: its axes make the JAX mesh, from the first devices JAX sees), or a
    `jax.sharding.Mesh` with `spec` giving its link and device figures (the spec's axes must be the
    mesh's, by name and size, in order).
    """
    import jax

    if isinstance(mesh, jax.sharding.Mesh):
        if spec is None:
            raise PlanError(
                "a jax.sharding.Mesh needs spec=: a mesh spec (path or dict) with its axes' bandwidth and "
                "latency and the device's memory and FLOP/s, which automap's costs are priced by"
            )
        text, name = text_of(spec, "mesh spec")
        axes = _axes(text, name)
        have = list(zip(mesh.axis_names, mesh.devices.shape, strict=True))
        if [(n, s) for n, s in axes] != [(str(n), int(s)) for n, s in have]:
            raise PlanError(f"{name}: its axes {_shown(axes)} are not the JAX mesh's {_shown(have)}")
        return mesh, text, name
    if spec is not None:
        raise PlanError("spec= goes with a jax.sharding.Mesh; with a mesh spec as mesh=, leave it out")
    text, name = text_of(mesh, "mesh spec")
    axes = _axes(text, name)
    shape = tuple(s for _, s in axes)
    need = math.prod(shape)
    devices = jax.devices()
    if len(devices) < need:
        raise PlanError(
            f"{name}: the mesh has {need} devices and JAX sees {len(devices)} ({devices[0].platform}); "
            f"on CPU, set XLA_FLAGS=--xla_force_host_platform_device_count={need} before JAX starts"
        )
    names = tuple(n for n, _ in axes)
    # Auto axes: the partitioner propagates shardings from the plan's (explicit axes would put them in
    # the types and make every op infer its own).
    auto = (jax.sharding.AxisType.Auto,) * len(names)
    return jax.make_mesh(shape, names, axis_types=auto, devices=devices[:need]), text, name


def _axes(text: str, name: str) -> list[tuple[str, int]]:
    try:
        return [(n, int(s)) for n, s in _native.mesh_axes(text, name)]
    except _native.InputError as e:
        raise PlanError(str(e)) from None


def _shown(axes) -> str:
    return "(" + ", ".join(f"{n}={s}" for n, s in axes) + ")"
