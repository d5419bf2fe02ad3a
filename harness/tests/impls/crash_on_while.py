"""Seeded bug: aborts (SIGABRT) on any program containing scf.while,
otherwise behaves like the reference pipeline (seeded_bug.py)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_bug import main  # noqa: E402


def crash_on_while(src, lines):
    if "scf.while" in src:
        sys.stderr.write("crash_on_while: unsupported scf.while\n")
        sys.stderr.flush()
        os.abort()
    return lines


main(crash_on_while)
