"""Shared driver of the seeded-bug "implementations" used by the tests: run
upstream's --buffer-deallocation-pipeline, then damage its output."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir))
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402


def upstream(path):
    proc = subprocess.run([MLIR_OPT, "--buffer-deallocation-pipeline", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        sys.exit(proc.returncode)
    return proc.stdout


def main(transform):
    path = sys.argv[-1]
    with open(path) as f:
        source = f.read()
    out = transform(source, upstream(path).splitlines(keepends=True))
    sys.stdout.write("".join(out))
