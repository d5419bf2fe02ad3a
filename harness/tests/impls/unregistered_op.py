"""Seeded bug: upstream's output with an op of an unregistered dialect
before each function's first return (no MLIR tool can read it)."""
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402


def add_op(src, lines):
    out = []
    for line in lines:
        m = re.match(r"(\s*)return\b", line)
        if m:
            out.append(f'{m.group(1)}"mydialect.fence"() : () -> ()\n')
        out.append(line)
    return out


main(add_op, base="upstream")
