"""Helpers for the harness tests: running dealloc-harness, running lit on
reproducers with the lit.cfg.py the harness wrote into its --out folder."""
import json
import os
import subprocess
import sys

HARNESS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(HARNESS_DIR)
SCRIPT = os.path.join(HARNESS_DIR, "dealloc-harness")
IMPLS = os.path.join(HARNESS_DIR, "tests", "impls")
from dealloc_harness.toolclient import LLVM_BIN  # noqa: E402
sys.path.insert(0, HARNESS_DIR)

from dealloc_harness import tools  # noqa: E402

TOOLS = tools.locate()


def impl(name):
    return f"/usr/bin/python3 {os.path.join(IMPLS, name + '.py')}"


def fuzz(tmp_path, impl_cmd, *extra):
    out = tmp_path / "out"
    proc = subprocess.run(
        ["/usr/bin/python3", SCRIPT, "fuzz", "--impl", impl_cmd, "--out", str(out),
         "-q", *extra],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1, 3), proc.stdout + proc.stderr
    with open(out / "report.json") as f:
        return proc.returncode, json.load(f)


def lit(paths):
    """Run lit on reproducer files as they are (the lit.cfg.py the harness
    wrote above them); returns (ok, output)."""
    env = dict(os.environ)
    env.pop("DEALLOC_BUILD_DIR", None)
    proc = subprocess.run(["/usr/bin/python3", os.path.join(LLVM_BIN, "lit"), "-v",
                           *paths], capture_output=True, text=True, timeout=600,
                          env=env)
    return proc.returncode == 0, proc.stdout + proc.stderr
