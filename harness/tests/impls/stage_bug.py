"""Shared driver of the seeded-bug stage "implementations" used by the
tests: damage the input's bufferization.dealloc ops, then run upstream's
pass (the arguments before the input file, e.g.
--buffer-deallocation-simplification) on it."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir))
from dealloc_harness.toolclient import MLIR_OPT  # noqa: E402
# `%X = bufferization.dealloc (...) if (...) retain (%r : T)`: one retained
# value, one result.
ONE_RETAINED = re.compile(r"^(\s*)(%[\w#]+) = (bufferization\.dealloc(?: \(.*\) if \(.*\))?)"
                          r" retain \((%[\w#]+) : ([^,()]+(?:<[^>]*>)?)\)(.*)$")


def main(transform):
    path = sys.argv[-1]
    with open(path) as f:
        lines = f.read().splitlines()
    damaged = "\n".join(transform(lines)) + "\n"
    proc = subprocess.run([MLIR_OPT, *sys.argv[1:-1], "-"], input=damaged,
                          capture_output=True, text=True)
    sys.stderr.write(proc.stderr)
    sys.stdout.write(proc.stdout)
    sys.exit(proc.returncode)


if __name__ == "__main__":     # no damage: upstream's pass as it is
    main(lambda lines: lines)
