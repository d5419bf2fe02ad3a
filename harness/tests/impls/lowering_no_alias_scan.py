"""Seeded bug: a lowering of bufferization.dealloc without the alias scan
between operands: each operand is freed under its own condition, so one
buffer reached through two operands with both conditions true is freed
twice (lowering_bug.py). With retained values, each operand's dealloc
retains them all and a retained value's ownership is the disjunction of
theirs (right for distinct operands), inside an scf.execute_region that
yields it under the original result names."""
import dataclasses
import itertools
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lowering_bug import main  # noqa: E402

NAMES = itertools.count()


def one_by_one(d):
    singles = list(zip(d.ops, d.types, d.conds))
    if not d.retained:
        return [d.text([o], [t], [c]) for o, t, c in singles]
    n = len(d.retained)
    i1s = ", ".join(["i1"] * n)
    inner = d.indent + "  "
    lines = [f"{d.indent}{d.results} = scf.execute_region -> ({i1s}) {{"]
    each = []
    for o, t, c in singles:
        name = f"%one{next(NAMES)}"
        lines.append(dataclasses.replace(d, indent=inner).text(
            [o], [t], [c], name + (f":{n}" if n > 1 else "")))
        each.append([f"{name}#{r}" if n > 1 else name for r in range(n)])
    acc = each[0]
    for results in each[1:]:
        for r in range(n):
            merged = f"%or{next(NAMES)}"
            lines.append(f"{inner}{merged} = arith.ori {acc[r]}, {results[r]} : i1")
            acc[r] = merged
    lines.append(f"{inner}scf.yield {', '.join(acc)} : {i1s}")
    lines.append(f"{d.indent}}}")
    return lines


main(one_by_one)
