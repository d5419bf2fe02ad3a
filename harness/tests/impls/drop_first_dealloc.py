"""Seeded bug: the reference pipeline's output with its first memref.dealloc
removed."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402


def drop_first(src, lines):
    for n, line in enumerate(lines):
        if "memref.dealloc " in line:
            return lines[:n] + lines[n + 1:]
    return lines


main(drop_first)
