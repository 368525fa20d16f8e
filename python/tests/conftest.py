"""The package's tests run JAX on 8 virtual CPU devices and reuse the repository's fixture models
(tools/export_models.py) and XLA comparer (tools/validate.py, tools/hlo_collectives.py)."""

import os
import pathlib
import sys

DEVICES = 8
os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} --xla_force_host_platform_device_count={DEVICES}".strip()

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
