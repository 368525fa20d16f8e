#!/usr/bin/env python3
"""Export every model tools/export_models.py can produce, in both printed forms, and check that automap
imports each one with no opaque op and a clean verifier.

    python3 tools/check_exports.py --automap target/release/automap

Needs JAX (see README.md). Exits non-zero on the first model that does not import cleanly.
"""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--automap", default="target/release/automap", help="the automap binary")
    cfg = ap.parse_args(argv)
    export = [sys.executable, str(HERE / "export_models.py")]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp)
        # Every model in both printed forms, a deeper decoder, and the production-size models (abstract
        # shapes: nothing is allocated).
        subprocess.run(export + ["--out", str(out / "all")], check=True)
        subprocess.run(export + ["--out", str(out / "production"), "--production"], check=True)
        subprocess.run(export + ["--out", str(out / "deep"), "--only", "gpt_forward", "--layers", "6"], check=True)
        files = sorted(out.rglob("*.mlir"))
        for f in files:
            r = subprocess.run([cfg.automap, "inspect", str(f)], capture_output=True, text=True)
            ok = r.returncode == 0 and "opaque ops: none" in r.stdout and "verifier: ok" in r.stdout
            print(f"{'ok  ' if ok else 'FAIL'} {f.relative_to(out)}")
            if not ok:
                failures += 1
                print(r.stdout[-2000:], r.stderr[-2000:], sep="\n")
    print(f"{len(files) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
