"""Shared driver of the seeded-bug "implementations" used by the tests: run a
deallocation pipeline, then damage its output.

Which pipeline: `main(transform, base="reference")` runs the reference
pipeline (dealloc-opt --reference-buffer-deallocation-pipeline), the base of
every seeded bug that the tests fuzz with generated programs. Upstream's pass
is nondeterministic on some of them (docs/findings.md, F3: a SIGSEGV on some
runs only) and leaves others invalid (F6), so on top of upstream a seeded
bug would come with upstream's own findings, and which program shows which
would vary from run to run; the reference is deterministic, and if it fails
that is a failure of our tools the tests must report. `base="upstream"`
(mlir-opt --buffer-deallocation-pipeline) is for impls that the tests run on
pinned files only, where upstream is deterministic."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir))
from dealloc_harness import tools  # noqa: E402
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402


def pipeline(base):
    if base == "upstream":
        return [MLIR_OPT, "--buffer-deallocation-pipeline"]
    opt = tools.locate()["dealloc-opt"]
    if not opt:
        sys.exit("seeded_bug: dealloc-opt with the reference pipeline is not built")
    return [opt, "--reference-buffer-deallocation-pipeline"]


def run(base, path):
    proc = subprocess.run(pipeline(base) + [path], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        sys.exit(proc.returncode if proc.returncode > 0 else 1)
    return proc.stdout


def main(transform, base="reference"):
    path = sys.argv[-1]
    with open(path) as f:
        source = f.read()
    out = transform(source, run(base, path).splitlines(keepends=True))
    sys.stdout.write("".join(out))
