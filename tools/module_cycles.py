#!/usr/bin/env python3
"""Fail when the modules of a Rust crate depend on each other in a cycle.

    python3 tools/module_cycles.py                  # every crate of the workspace
    python3 tools/module_cycles.py solver/src/lib.rs

A module is a file (`foo.rs`, `foo/mod.rs`), found by following `mod` declarations from the crate's
root. Module A depends on module B when A's code (comments and `#[cfg(test)] mod tests` left out)
names a path into B: `crate::b::...`, `super::...`, `self::...`, through `use` or inline, braces
expanded. A path that ends at an item a module re-exports (`pub use child::Item`) is followed to
the module that defines it. A dependency counts between the two siblings that hold its ends (the
children of the modules' deepest common ancestor), so a parent and its own children may name each
other (a parent owns its children), while siblings, and anything below them, must depend one way.
Prints every cycle with a line that makes each of its dependencies, and exits 1 if there is one.
"""

from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CRATE_ROOTS = ["ir/src/lib.rs", "sharding/src/lib.rs", "solver/src/lib.rs", "src/lib.rs", "src/main.rs"]

MOD_DECL = re.compile(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
PATH_START = re.compile(r"(?<![\w:])(crate|super|self)((?:::\w+)*)(::\{)?")
REEXPORT = re.compile(r"^\s*pub(?:\([^)]*\))?\s+use\s+([^;]+);", re.M)


def strip(text: str) -> str:
    """The code without comments and without `#[cfg(test)]` modules (string contents are kept)."""
    text = re.sub(r"//[^\n]*", "", text)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append("\n" * text[m.start() : j].count("\n"))
        i = j
    out.append(text[i:])
    return "".join(out)


def split_top(s: str) -> list[str]:
    """Split `a, b::{c, d}, e` at its top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def expand(prefix: list[str], body: str) -> list[list[str]]:
    """Paths of a brace group `{a, b::c, d::{e}}` under `prefix`."""
    out = []
    for item in split_top(body):
        item = re.sub(r"\s+as\s+\w+$", "", item)
        if "{" in item:
            head, rest = item.split("{", 1)
            out += expand(prefix + [s for s in head.strip(":").split("::") if s], rest.rsplit("}", 1)[0])
        else:
            out.append(prefix + [s for s in item.split("::") if s])
    return out


def paths_in(code: str):
    """Every (line, path) the code names from `crate`, `super` or `self`."""
    for m in PATH_START.finditer(code):
        line = code.count("\n", 0, m.start()) + 1
        base = [m.group(1)] + [s for s in m.group(2).split("::") if s]
        if m.group(3):
            depth, j = 1, m.end()
            while j < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[j], 0)
                j += 1
            for p in expand(base, code[m.end() : j - 1]):
                yield line, p
        else:
            yield line, base


class Crate:
    def __init__(self, root: pathlib.Path):
        self.files: dict[tuple, pathlib.Path] = {}
        self.code: dict[tuple, str] = {}
        self.load((), root, root.parent)

    def load(self, module: tuple, path: pathlib.Path, children_dir: pathlib.Path):
        self.files[module] = path
        self.code[module] = strip(path.read_text())
        for name in MOD_DECL.findall(self.code[module]):
            sub = children_dir / name
            for cand in (children_dir / f"{name}.rs", children_dir / name / "mod.rs"):
                if cand.exists():
                    self.load(module + (name,), cand, sub)
                    break

    def reexports(self, module: tuple) -> dict[str, list[str]]:
        out = {}
        for m in REEXPORT.finditer(self.code[module]):
            spec = m.group(1).strip()
            if "{" in spec:
                head, rest = spec.split("{", 1)
                paths = expand([s for s in head.strip(":").split("::") if s], rest.rsplit("}", 1)[0])
                items = split_top(rest.rsplit("}", 1)[0])
            else:
                paths, items = [[s for s in re.sub(r"\s+as\s+\w+$", "", spec).split("::") if s]], [spec]
            for p, item in zip(paths, items, strict=True):
                alias = re.search(r"\s+as\s+(\w+)$", item)
                out[alias.group(1) if alias else p[-1]] = p
        return out

    def resolve(self, at: tuple, path: list[str], depth: int = 0) -> tuple:
        """The module a path names from module `at`: the deepest module it walks into, or the module
        that defines the item it ends at when a module on the way re-exports that item."""
        cur = at
        segs = list(path)
        if segs and segs[0] == "crate":
            cur, segs = (), segs[1:]
        elif segs and segs[0] in ("self", "super"):
            while segs and segs[0] in ("self", "super"):
                if segs[0] == "super":
                    cur = cur[:-1]
                segs = segs[1:]
        for s in segs:
            if cur + (s,) in self.files:
                cur = cur + (s,)
                continue
            target = self.reexports(cur).get(s)
            if target is not None and depth < 8:
                return self.resolve(cur, target, depth + 1)
            break
        return cur


def cycles(crate: Crate):
    # (sibling a, sibling b) -> an example (file, line) of a dependency between them.
    edges: dict[tuple, dict[tuple, str]] = {}
    for module, code in crate.code.items():
        for line, path in paths_in(code):
            target = crate.resolve(module, path)
            k = 0
            while k < min(len(module), len(target)) and module[k] == target[k]:
                k += 1
            if k == len(module) or k == len(target):
                continue  # a module and its own ancestor or descendant
            a, b = module[: k + 1], target[: k + 1]
            edges.setdefault(a, {}).setdefault(b, f"{crate.files[module].relative_to(ROOT)}:{line}")
    # Tarjan's strongly connected components.
    index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    return comps, edges


def main(argv: list[str]) -> int:
    roots = [pathlib.Path(a) for a in argv] or [ROOT / r for r in CRATE_ROOTS]
    found = 0
    for root in roots:
        crate = Crate(root.resolve())
        comps, edges = cycles(crate)
        name = root.resolve().relative_to(ROOT)
        deps = sum(len(v) for v in edges.values())
        print(f"{name}: {len(crate.files)} modules, {deps} dependencies between siblings, {len(comps)} cycles")
        for comp in comps:
            found += 1
            print("  cycle: " + " <-> ".join("::".join(c) or "(root)" for c in comp))
            for a in comp:
                for b, where in edges.get(a, {}).items():
                    if b in comp:
                        print(f"    {'::'.join(a)} -> {'::'.join(b)}  ({where})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
