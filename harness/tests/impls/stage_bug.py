"""Shared driver of the seeded-bug stage "implementations" used by the
tests: damage the input's bufferization.dealloc ops, then run upstream's
pass (the arguments before the input file, e.g.
--buffer-deallocation-simplification) on it."""
import re
import subprocess
import sys

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
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
