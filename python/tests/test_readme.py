"""The README's "From JAX" example runs as written, from the repository's root, and prints what the
README says it prints."""

import re
import subprocess
import sys

from conftest import REPO


def section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_the_from_jax_example_runs_as_written():
    readme = section((REPO / "README.md").read_text(), "From JAX")
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    printed = re.search(r"prints\n\n```\n(.*?)```", readme, re.S).group(1)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed
