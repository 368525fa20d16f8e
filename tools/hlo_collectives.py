"""The collectives in XLA's compiled HLO text, one entry per logical tensor: its kind, its bytes (per
device, of the tensor unsharded along the collective's devices: an all-gather's result, an all-reduce's
operand, an all-to-all's operand times its group) and the JAX op XLA partitioned when it inserted it
(the instruction's `op_name`).

XLA combines collectives into one instruction over several tensors (a tuple), naming it after all of
them (`jit(f)/(a:b:c)`): each tensor gets its own name back. An all-to-all in tuple form (no
`dimensions=`) takes one operand per device of its group: those are the chunks of one tensor.
XLA may reduce a tensor over several mesh axes in hops, one all-reduce per axis group, each taking
the previous one's result: that is one reduction of one tensor, and counts once (the plan prices a
reduction over several axes one axis at a time and counts it once too). A collective-permute that
moves an all-reduce's result to other devices says so (`moves`): XLA reduced a part of a tensor on the
devices that had it and then sent it where the sharding places it.

    >>> hlo = '''
    ... %all-reduce.3 = (f32[64]{0}, f32[8,8]{1,0}) all-reduce(%a, %b), channel_id=1, replica_groups=[1,8]<=[8], to_apply=%add, metadata={op_name="jit(f)/(t/reduce_sum:t/dot_general)" stack_frame_id=3}
    ... %all-gather = f32[1,32,256]{2,0,1} all-gather(%c), channel_id=2, replica_groups=mesh['axis_0'=1,'axis_1'=4] {'axis_1'}, dimensions={1}, metadata={op_name="jit(f)/dot_general"}
    ... %all-to-all.1 = (f32[2,4]{1,0}, f32[2,4]{1,0}, f32[2,4]{1,0}, f32[2,4]{1,0}) all-to-all(%d, %e, %f, %g), channel_id=3, replica_groups={{0,1,2,3}}, metadata={op_name="jit(f)/scatter-add"}
    ... '''
    >>> for c in collectives(hlo): print(c)
    {'kind': 'all-reduce', 'bytes': 256, 'op': 'jit(f)/t/reduce_sum'}
    {'kind': 'all-reduce', 'bytes': 256, 'op': 'jit(f)/t/dot_general'}
    {'kind': 'all-gather', 'bytes': 32768, 'op': 'jit(f)/dot_general'}
    {'kind': 'all-to-all', 'bytes': 512, 'op': 'jit(f)/scatter-add'}

The second hop of a staged reduction (here the 8x8 tensor, first over 4 devices, then over 2):

    >>> hlo = '''
    ... %all-reduce.1 = (f32[8,8]{1,0}, f32[4]{0}) all-reduce(%a, %b), replica_groups=[2,4]<=[8], metadata={op_name="jit(f)/(dot_general:reduce_sum)"}
    ... %get-tuple-element.1 = f32[8,8]{1,0} get-tuple-element(%all-reduce.1), index=0
    ... %all-reduce.2 = (f32[8,8]{1,0}, f32[2]{0}) all-reduce(%get-tuple-element.1, %c), replica_groups=[4,2]<=[2,4]T(1,0), metadata={op_name="jit(f)/(dot_general:scatter-add)"}
    ... '''
    >>> for c in collectives(hlo): print(c)
    {'kind': 'all-reduce', 'bytes': 256, 'op': 'jit(f)/dot_general'}
    {'kind': 'all-reduce', 'bytes': 16, 'op': 'jit(f)/reduce_sum'}
    {'kind': 'all-reduce', 'bytes': 8, 'op': 'jit(f)/scatter-add'}

XLA numbers the operands of a long list (`/*index=5*/`); a hop that takes the previous result there is
still the same reduction:

    >>> hlo = '''
    ... %all-reduce.1 = f32[8,8]{1,0} all-reduce(%a), replica_groups=[2,4]<=[8], metadata={op_name="jit(f)/dot_general"}
    ... %all-reduce.2 = (f32[2]{0}, f32[2]{0}, f32[2]{0}, f32[2]{0}, f32[2]{0}, /*index=5*/f32[8,8]{1,0}) all-reduce(%b, %c, %d, %e, %f, /*index=5*/%all-reduce.1), replica_groups=[4,2]<=[2,4]T(1,0), metadata={op_name="jit(f)/(r:r:r:r:r:dot_general)"}
    ... '''
    >>> [c["op"] for c in collectives(hlo)]
    ['jit(f)/dot_general', 'jit(f)/r', 'jit(f)/r', 'jit(f)/r', 'jit(f)/r', 'jit(f)/r']

GPU and TPU pipelines make collectives asynchronous: an all-gather's (or reduce-scatter's) `-start`
has the type (operands, results); the all-gather's results count (the `-done` is not counted again),
and a reduce-scatter's operands (its results are one device's part):

    >>> hlo = '''
    ... %all-gather-start = ((f32[1,64]{1,0}, f32[2]{0}), (f32[8,64]{1,0}, f32[16]{0})) all-gather-start(%a, %b), replica_groups=[1,8]<=[8], dimensions={0}, metadata={op_name="jit(f)/(dot_general:mul)"}
    ... %all-gather-done = (f32[8,64]{1,0}, f32[16]{0}) all-gather-done(%all-gather-start), metadata={op_name="jit(f)/(dot_general:mul)"}
    ... '''
    >>> for c in collectives(hlo): print(c)
    {'kind': 'all-gather', 'bytes': 2048, 'op': 'jit(f)/dot_general'}
    {'kind': 'all-gather', 'bytes': 64, 'op': 'jit(f)/mul'}

A reduced part sent on:

    >>> hlo = '''
    ... %all-reduce = f32[32,64]{1,0} all-reduce(%s), replica_groups=[4,2]<=[8], metadata={op_name="jit(f)/scatter-add"}
    ... %collective-permute = f32[32,64]{1,0} collective-permute(%all-reduce), source_target_pairs={{0,0},{1,2},{2,1},{3,3}}, metadata={op_name="jit(f)/scatter-add"}
    ... '''
    >>> for c in collectives(hlo): print(c)
    {'kind': 'all-reduce', 'bytes': 8192, 'op': 'jit(f)/scatter-add'}
    {'kind': 'collective-permute', 'bytes': 8192, 'op': 'jit(f)/scatter-add', 'moves': 'all-reduce'}
"""

from __future__ import annotations

import re

KINDS = ["all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute"]

ELEM_BYTES = {
    "pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2,
    "s32": 4, "u32": 4, "f32": 4, "s64": 8, "u64": 8, "f64": 8,
}

NAME = re.compile(r"^\s*(?:ROOT\s+)?%(?P<name>[^\s=]+)\s*=")
TUPLE_ELEMENT = re.compile(r"get-tuple-element\(%(?P<source>[^)\s]+)\)")
INSTR = re.compile(
    r"=\s*(?P<ty>\(.*?\)|\S+)\s+(?P<kind>" + "|".join(KINDS) + r")(?:-start)?\((?P<operands>[^)]*)\)(?P<rest>.*)$"
)
SHAPE = re.compile(r"\b(" + "|".join(ELEM_BYTES) + r")\[([0-9,]*)\]")


def shape_bytes(text: str) -> list[int]:
    """Bytes of every array shape written in `text`, in order."""
    out = []
    for et, dims in SHAPE.findall(text):
        n = ELEM_BYTES[et]
        for d in filter(None, dims.split(",")):
            n *= int(d)
        out.append(n)
    return out


def tuple_elements(ty: str) -> list[str]:
    """The top-level elements of a tuple type `(a, (b, c), d)`; a non-tuple type is its own one element."""
    if not ty.startswith("("):
        return [ty]
    out, depth, start = [], 0, 1
    for i, ch in enumerate(ty):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if (ch == "," and depth == 1) or (ch == ")" and depth == 0):
            out.append(ty[start:i].strip())
            start = i + 1
    return out


def group_size(rest: str) -> int | None:
    """Devices per replica group, from any of XLA's three spellings."""
    if m := re.search(r"replica_groups=\{\{([0-9,]*)\}", rest):
        return len(m.group(1).split(","))
    if m := re.search(r"replica_groups=\[\d+,(\d+)\]", rest):
        return int(m.group(1))
    if m := re.search(r"replica_groups=mesh\[([^\]]*)\]\s*\{([^}]*)\}", rest):
        sizes = dict((k.strip("'"), int(v)) for k, v in (a.split("=") for a in m.group(1).split(",")))
        n = 1
        for a in m.group(2).split(","):
            n *= sizes.get(a.strip().strip("'"), 1)
        return n
    return None


def op_names(rest: str, count: int) -> list[str]:
    """The JAX op name of each of `count` tensors, from the instruction's `op_name`."""
    m = re.search(r'op_name="([^"]*)"', rest)
    if not m:
        return ["(unnamed)"] * count
    name = m.group(1)
    combined = re.fullmatch(r"(.*?/)\((.*)\)", name)
    if combined:
        parts = [combined.group(1) + p for p in combined.group(2).split(":")]
        if len(parts) == count:
            return parts
    return [name] * count


def collectives(hlo: str) -> list[dict]:
    """Every collective tensor in `hlo`, in order, a reduction staged over several all-reduces once."""
    out = []
    # The HLO values, by name, that an all-reduce produced: its own result, or an element of it.
    reduced: set[str] = set()
    for line in hlo.splitlines():
        name = NAME.match(line)
        if name and (t := TUPLE_ELEMENT.search(line)) and t.group("source") in reduced:
            reduced.add(name.group("name"))
        m = INSTR.search(line)
        if not m:
            continue
        kind, rest = m.group("kind"), m.group("rest")
        ty = m.group("ty")
        if f"{kind}-start(" in line and kind != "all-reduce":
            # An async start's type is (operands, results, [contexts]): an all-gather's results are
            # the tensor whole along its devices, a reduce-scatter's operands.
            ty = tuple_elements(ty)[0 if kind == "reduce-scatter" else 1]
        sizes = shape_bytes(ty)
        if kind == "reduce-scatter" and f"{kind}-start(" not in line:
            # Its result is one device's part: the tensor whole is the group's parts.
            sizes = [b * (group_size(rest) or 1) for b in sizes]
        # XLA numbers every fifth operand of a long list (`/*index=5*/%x`): the comment is no part of the name.
        operands = [o for o in re.sub(r"/\*.*?\*/", "", m.group("operands")).split(",") if o.strip()]
        if kind == "all-to-all":
            g = group_size(rest) or len(operands)
            if "dimensions=" not in rest and len(operands) > 1:
                sizes = [sum(sizes[i : i + g]) for i in range(0, len(sizes), g)]
            sizes = [b * g for b in sizes]
        names = op_names(rest, len(sizes))
        for i, (b, n) in enumerate(zip(sizes, names, strict=True)):
            staged = kind == "all-reduce" and i < len(operands) and operands[i].strip().lstrip("%") in reduced
            if not staged:
                c = {"kind": kind, "bytes": b, "op": n}
                if kind == "collective-permute" and operands and operands[0].strip().lstrip("%") in reduced:
                    c["moves"] = "all-reduce"
                out.append(c)
        if kind == "all-reduce" and name:
            reduced.add(name.group("name"))
    return out
