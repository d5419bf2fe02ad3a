"""Seeded bug: a lowering of bufferization.dealloc without the alias scan
between operands: each operand is freed under its own condition, so one
buffer reached through two operands with both conditions true is freed
twice (lowering_bug.py)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lowering_bug import main  # noqa: E402


def one_by_one(indent, ops, types, conds):
    return [f"{indent}bufferization.dealloc ({o} : {t}) if ({c})"
            for o, t, c in zip(ops, types, conds)]


main(one_by_one)
