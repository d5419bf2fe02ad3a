"""Shared driver of the seeded-bug "implementations" used by the tests: run
upstream's --buffer-deallocation-pipeline, then damage its output."""
import subprocess
import sys

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


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
